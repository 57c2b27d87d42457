//! [`EngineProcess`]: an engine as a child process, its output read by a thread into a bounded
//! queue of lines, every wait with a deadline.
//!
//! Memory stays bounded whatever the engine writes: a line longer than
//! [`EngineProcess::MAX_LINE`] bytes is dropped (and reported as [`Line::TooLong`]), and at most
//! [`EngineProcess::QUEUE`] lines wait to be read; past that the reader thread stops reading, the
//! pipe fills and the engine blocks on its own output.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{sync_channel, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use super::error::EngineError;

/// What the reader thread hands over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Line {
    /// A line, without its line break (`\r\n` or `\n`); bytes that are not UTF-8 replaced.
    Text(String),
    /// A line longer than the limit, dropped.
    TooLong,
    /// The engine closed its output (it exited or is about to).
    Closed,
}

/// A running engine process.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    reader: Option<JoinHandle<()>>,
    closed: bool,
    name: String,
}

impl EngineProcess {
    /// The longest line kept, in bytes (64 KiB: an info line with a PV of thousands of moves).
    pub const MAX_LINE: usize = 64 * 1024;
    /// How many lines may wait to be read.
    pub const QUEUE: usize = 4096;

    /// Starts `program` with `args`, its standard error discarded.
    pub fn spawn(program: &str, args: &[String]) -> Result<EngineProcess, EngineError> {
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        EngineProcess::spawn_command(command, program)
    }

    /// Starts a prepared command (its standard input and output are replaced by pipes).
    pub fn spawn_command(mut command: Command, name: &str) -> Result<EngineProcess, EngineError> {
        command.stdin(Stdio::piped()).stdout(Stdio::piped());
        let mut child = command.spawn().map_err(|e| EngineError::Spawn {
            program: crate::text::shorten(name),
            reason: e.to_string(),
        })?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().ok_or_else(|| EngineError::Spawn {
            program: crate::text::shorten(name),
            reason: "no standard output".to_owned(),
        })?;
        let (sender, lines) = sync_channel(Self::QUEUE);
        let reader = std::thread::Builder::new()
            .name("qipan-engine-reader".to_owned())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                loop {
                    let line = read_line(&mut reader, Self::MAX_LINE);
                    let closed = line == Line::Closed;
                    if sender.send(line).is_err() || closed {
                        break;
                    }
                }
            })
            .map_err(|e| EngineError::Spawn {
                program: crate::text::shorten(name),
                reason: e.to_string(),
            })?;
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            reader: Some(reader),
            closed: false,
            name: crate::text::shorten(name),
        })
    }

    /// The program's name, as it was started.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The process id.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Sends one line (a line break is added).
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        let written = match self.stdin.as_mut() {
            Some(stdin) => stdin.write_all(&bytes).and_then(|()| stdin.flush()).is_ok(),
            None => false,
        };
        if written {
            Ok(())
        } else {
            Err(self.terminated_error())
        }
    }

    /// The next line, waiting until `deadline` at most. The engine's exit is
    /// [`EngineError::Terminated`], the deadline passing [`EngineError::Timeout`] (`waiting_for`
    /// names what was awaited).
    pub fn recv(&mut self, deadline: Instant, waiting_for: &str) -> Result<Line, EngineError> {
        if self.closed {
            return Err(self.terminated_error());
        }
        let now = Instant::now();
        if now >= deadline {
            // Checked before reading: an engine that floods output must not outlast its deadline.
            return Err(EngineError::Timeout {
                waiting_for: waiting_for.to_owned(),
            });
        }
        let wait = deadline.saturating_duration_since(now);
        match self.lines.recv_timeout(wait) {
            Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(self.terminated_error())
            }
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout {
                waiting_for: waiting_for.to_owned(),
            }),
        }
    }

    /// The next line if one is already waiting.
    pub fn try_recv(&mut self) -> Option<Line> {
        self.lines.try_recv().ok()
    }

    /// Whether the engine closed its output.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    fn terminated_error(&mut self) -> EngineError {
        // Give a dying process a moment to be reaped, so that its exit status can be reported.
        let mut status = None;
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s.to_string());
                break;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        EngineError::Terminated {
            program: self.name.clone(),
            status,
        }
    }

    /// Sends `quit`, waits up to `grace` for the process to exit, then kills it. Never fails;
    /// returns whether the engine exited by itself.
    pub fn quit(&mut self, grace: Duration) -> bool {
        if let Ok(Some(_)) = self.child.try_wait() {
            self.finish();
            return true;
        }
        let _ = self.send("quit");
        self.stdin = None;
        let deadline = Instant::now() + grace;
        let exited = loop {
            match self.child.try_wait() {
                Ok(Some(_)) => break true,
                Ok(None) if Instant::now() < deadline => {
                    // Keep draining output so that an engine blocked on a full pipe can exit.
                    for _ in 0..Self::QUEUE {
                        if self.try_recv().is_none() {
                            break;
                        }
                    }
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => break false,
            }
        };
        if !exited {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        self.finish();
        exited
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        self.finish();
    }

    fn finish(&mut self) {
        self.stdin = None;
        self.closed = true;
        // The reader ends at end of output; drain so a reader blocked on a full queue can see it.
        if let Some(reader) = self.reader.take() {
            let deadline = Instant::now() + Duration::from_secs(2);
            while !reader.is_finished() && Instant::now() < deadline {
                for _ in 0..Self::QUEUE {
                    if self.lines.try_recv().is_err() {
                        break;
                    }
                }
                std::thread::sleep(Duration::from_millis(2));
            }
            if reader.is_finished() {
                let _ = reader.join();
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if self.reader.is_some() || self.stdin.is_some() {
            self.quit(Duration::from_millis(500));
        }
    }
}

/// Reads one line of at most `max` bytes; a longer one is skipped to its end.
fn read_line(reader: &mut impl BufRead, max: usize) -> Line {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return Line::Closed,
        };
        if buf.is_empty() {
            // End of output: a last line without a line break still counts.
            return if too_long {
                Line::TooLong
            } else if line.is_empty() {
                Line::Closed
            } else {
                text(line)
            };
        }
        let (chunk, found) = match memchr::memchr(b'\n', buf) {
            Some(i) => (&buf[..i], Some(i)),
            None => (buf, None),
        };
        if !too_long {
            if line.len() + chunk.len() > max {
                too_long = true;
                line = Vec::new();
            } else {
                line.extend_from_slice(chunk);
            }
        }
        let used = found.map_or(buf.len(), |i| i + 1);
        reader.consume(used);
        if found.is_some() {
            return if too_long { Line::TooLong } else { text(line) };
        }
    }
}

fn text(mut line: Vec<u8>) -> Line {
    if line.last() == Some(&b'\r') {
        line.pop();
    }
    Line::Text(String::from_utf8_lossy(&line).into_owned())
}

/// Reads every line of `input` as the reader thread would (for tests and the fuzz target).
pub fn split_lines(input: impl Read, max: usize) -> Vec<Line> {
    let mut reader = BufReader::with_capacity(256, input);
    let mut lines = Vec::new();
    loop {
        let line = read_line(&mut reader, max);
        if line == Line::Closed {
            return lines;
        }
        lines.push(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded() {
        let mut input = b"uciok\r\nshort\n".to_vec();
        input.extend(std::iter::repeat_n(b'x', 1000));
        input.extend_from_slice(b"\nlast");
        assert_eq!(
            split_lines(&input[..], 100),
            [
                Line::Text("uciok".into()),
                Line::Text("short".into()),
                Line::TooLong,
                Line::Text("last".into())
            ]
        );
        assert_eq!(
            split_lines(&b"\xff\xfe ok\n"[..], 100),
            [Line::Text("\u{fffd}\u{fffd} ok".into())]
        );
    }
}
