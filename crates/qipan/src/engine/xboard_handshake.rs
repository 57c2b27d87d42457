//! The XBoard handshake and the `ping`/`pong` exchanges of [`Engine`]: features, options, and the
//! check of what was sent for a search before it starts.

use std::time::{Duration, Instant};

use super::error::EngineError;
use super::option::{EngineOption, OptionKind};
use super::process::Line;
use super::state::Engine;
use super::xboard::{parse_option_feature, XboardMessage};
use super::xboard_greeting::{xboard_depth_fallback, xboard_missing_feature, XboardHandshake};
use super::xboard_plan::xboard_refusal_matters;

impl Engine {
    /// A feature the XBoard engine announced (`myname`, `variants`, `setboard`…); `None` for
    /// other protocols.
    pub fn xboard_feature(&self, name: &str) -> Option<&str> {
        self.xboard.as_ref()?.feature(name)
    }

    pub(super) fn xboard_handshake(&mut self) -> Result<(), EngineError> {
        self.session();
        for line in XboardHandshake::start_commands() {
            self.process.send(line)?;
        }
        // The core's handshake decides what to send and when the features are over; this
        // loop only moves lines and keeps the reply timeout (from the start, and again after
        // `done=0`). Without `ping` and `setboard` features an engine cannot be used, so the
        // first feature is awaited as long as any reply.
        let start = Instant::now();
        let ms = |at: Instant| at.saturating_duration_since(start).as_millis() as u64;
        let mut deadline = start + self.timeouts.reply;
        let mut handshake = XboardHandshake::default();
        loop {
            let wake = start + Duration::from_millis(handshake.next_wake());
            let step = match self.process.recv(deadline.min(wake), "feature done=1") {
                Ok(Line::Text(line)) => handshake.heard(ms(Instant::now()), &line),
                Ok(_) => continue,
                Err(EngineError::Timeout { .. }) if Instant::now() < deadline => {
                    handshake.quiet(ms(Instant::now()))
                }
                Err(EngineError::Timeout { .. }) if handshake.may_end_quietly() => break,
                Err(e) => return Err(e),
            };
            for line in &step.send {
                self.process.send(line)?;
            }
            for (key, value) in step.features {
                if key == "option" {
                    if let Some(option) = parse_option_feature(&value) {
                        if self.option(&option.name).is_none() && self.options.len() < 1000 {
                            self.options.push(option);
                        }
                    }
                } else if self.session().features.len() < 1000 {
                    self.session().features.push((key, value));
                }
            }
            if step.done {
                break;
            }
            if step.wait_longer {
                deadline = Instant::now() + self.timeouts.reply;
            }
        }
        if let Some(e) = xboard_missing_feature(&self.session().features) {
            return Err(e);
        }
        if let Some(name) = self.xboard_feature("myname").map(str::to_owned) {
            self.id.push(("name".to_owned(), name));
        }
        let spin = |name: &str, default: &str| EngineOption {
            name: name.to_owned(),
            kind: OptionKind::Spin,
            default: Some(default.to_owned()),
            min: Some(1),
            max: None,
            vars: Vec::new(),
        };
        if self.xboard_feature("memory") == Some("1") {
            self.options.push(spin("memory", "16"));
        }
        if self.xboard_feature("smp") == Some("1") {
            self.options.push(spin("cores", "1"));
        }
        Ok(())
    }

    /// `memory N`, `cores N`, `option NAME=VALUE` (checks as 1 or 0), `option NAME` (buttons).
    pub(super) fn xboard_option_command(&self, name: &str, value: &str) -> String {
        if name == "memory" || name == "cores" {
            return format!("{name} {value}");
        }
        match self.option(name).map(|o| o.kind) {
            Some(OptionKind::Button) => format!("option {name}"),
            Some(OptionKind::Check) => {
                format!("option {name}={}", u8::from(value == "true"))
            }
            _ => format!("option {name}={value}"),
        }
    }

    pub(super) fn next_ping(&mut self) -> String {
        let session = self.session();
        session.pings = session.pings.wrapping_add(1);
        session.pings.to_string()
    }

    /// `ping N`, waiting for `pong N`; every other line is dropped.
    pub(super) fn xboard_ping(&mut self) -> Result<(), EngineError> {
        let n = self.next_ping();
        self.process.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + self.timeouts.reply;
        loop {
            if let Line::Text(line) = self.process.recv(deadline, "pong")? {
                if XboardMessage::parse(&line) == XboardMessage::Pong(n.clone()) {
                    return Ok(());
                }
            }
        }
    }

    /// `ping N`, waiting for `pong N`: the refusals (`Error`, `Illegal move`, `Invalid move`)
    /// of what was sent before it, as (command, line), except those of optional commands.
    pub(super) fn xboard_refusals(&mut self) -> Result<Vec<(String, String)>, EngineError> {
        let n = self.next_ping();
        self.process.send(&format!("ping {n}"))?;
        let deadline = Instant::now() + self.timeouts.reply;
        let mut refused = Vec::new();
        loop {
            let Line::Text(line) = self.process.recv(deadline, "pong")? else {
                continue;
            };
            match XboardMessage::parse(&line) {
                XboardMessage::Pong(m) if m == n => return Ok(refused),
                XboardMessage::Refused { command, line, .. }
                    if xboard_refusal_matters(&command) && refused.len() < 16 =>
                {
                    refused.push((command, line));
                }
                _ => {}
            }
        }
    }

    /// Checks what was sent for a search before it starts. A refused `sd` is retried as `depth`
    /// (GNU Chess knows only that), and the command that works is kept for later searches.
    pub(super) fn xboard_check_setup(&mut self, depth: Option<u32>) -> Result<(), EngineError> {
        let mut refused = self.xboard_refusals()?;
        if let Some(depth) = depth {
            let word = self.session().depth_command.unwrap_or("sd");
            let refused_at = refused
                .iter()
                .position(|(command, _)| command.split_whitespace().next() == Some(word));
            match refused_at {
                Some(at) if word == "sd" => {
                    let (command, _) = refused.remove(at);
                    if let Some(line) = xboard_depth_fallback(&command, Some(depth)) {
                        self.process.send(&line)?;
                    }
                    let again = self.xboard_refusals()?;
                    if again.is_empty() {
                        self.session().depth_command = Some("depth");
                    }
                    refused.extend(again);
                }
                Some(_) => {}
                None => self.session().depth_command = Some(word),
            }
        }
        match refused.into_iter().next() {
            Some((_, line)) => Err(EngineError::Refused(line)),
            None => Ok(()),
        }
    }
}
