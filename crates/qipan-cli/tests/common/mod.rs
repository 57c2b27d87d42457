//! Running the built `qipan` binary as a user does, shared by the CLI test files.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `qipan ARGS` with `stdin` fed from a thread (qipan answers while it reads, and both pipes
/// must keep moving); fails the test if qipan panicked.
pub fn qipan(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_qipan"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("qipan runs");
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "qipan {args:?} panicked: {stderr}"
    );
    output
}
