//! The XBoard handshake and the `ping`/`pong` exchanges of [`Engine`]: features, options, and the
//! check of what was sent for a search before it starts.

use std::time::{Duration, Instant};

use super::error::EngineError;
use super::option::{EngineOption, OptionKind};
use super::process::Line;
use super::state::Engine;
use super::xboard::{parse_option_feature, XboardMessage};
use super::xboard_plan::{xboard_feature_reply, xboard_refusal_matters};

/// How long the engine may stay quiet during the handshake before it is sent `ping 0`.
const PROD_AFTER: Duration = Duration::from_millis(250);

impl Engine {
    /// A feature the XBoard engine announced (`myname`, `variants`, `setboard`…); `None` for
    /// other protocols.
    pub fn xboard_feature(&self, name: &str) -> Option<&str> {
        self.xboard.as_ref()?.feature(name)
    }

    pub(super) fn xboard_handshake(&mut self) -> Result<(), EngineError> {
        self.session();
        self.process.send("xboard")?;
        self.process.send("protover 2")?;
        // Without `ping` and `setboard` features an engine cannot be used, so the first feature
        // is awaited as long as any reply. Once features come, the protocol's two seconds
        // without `done` end them; after `done=0` only `done=1` does.
        let mut deadline = Instant::now() + self.timeouts.reply;
        let (mut announced, mut asked_for_time) = (false, false);
        // GNU Chess starts slowly and then handles a line only when the next one arrives: a
        // quiet engine is sent `ping 0` now and then (its `pong 0`, never a number the client
        // waits for later, is dropped like any other line). Now and then it answers pings but
        // never `protover 2`: that is sent again after a second of pongs without features.
        let mut quiet_until = Instant::now() + PROD_AFTER;
        let (mut prods, mut protovers, mut first_pong) = (0, 0, None);
        loop {
            let line = match self
                .process
                .recv(deadline.min(quiet_until), "feature done=1")
            {
                Ok(Line::Text(line)) => line,
                Ok(_) => continue,
                Err(EngineError::Timeout { .. }) if Instant::now() < deadline => {
                    let ignored =
                        first_pong.is_some_and(|t: Instant| t.elapsed() >= Duration::from_secs(1));
                    if !announced && ignored && protovers < 3 {
                        protovers += 1;
                        first_pong = None;
                        self.process.send("protover 2")?;
                    } else if prods < 100 {
                        prods += 1;
                        self.process.send("ping 0")?;
                    }
                    quiet_until = Instant::now() + PROD_AFTER;
                    continue;
                }
                Err(EngineError::Timeout { .. }) if announced && !asked_for_time => break,
                Err(e) => return Err(e),
            };
            quiet_until = Instant::now() + PROD_AFTER;
            let pairs = match XboardMessage::parse(&line) {
                XboardMessage::Features(pairs) => pairs,
                XboardMessage::Pong(_) => {
                    first_pong.get_or_insert_with(Instant::now);
                    continue;
                }
                _ => continue,
            };
            if !announced && !asked_for_time {
                deadline = Instant::now() + self.timeouts.reply.min(Duration::from_secs(2));
            }
            announced = true;
            let mut done = None;
            for (key, value) in pairs {
                self.process.send(&xboard_feature_reply(&key, &value))?;
                if key == "done" {
                    done = Some(value == "1");
                } else if key == "option" {
                    if let Some(option) = parse_option_feature(&value) {
                        if self.option(&option.name).is_none() && self.options.len() < 1000 {
                            self.options.push(option);
                        }
                    }
                } else if self.session().features.len() < 1000 {
                    self.session().features.push((key, value));
                }
            }
            match done {
                Some(true) => break,
                Some(false) => {
                    asked_for_time = true;
                    deadline = Instant::now() + self.timeouts.reply;
                }
                None => {}
            }
        }
        for required in ["setboard", "ping"] {
            if self.xboard_feature(required) != Some("1") {
                return Err(EngineError::Usage(format!(
                    "the XBoard engine did not declare the required feature {required}"
                )));
            }
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
                    refused.remove(at);
                    self.process.send(&format!("depth {}", depth.max(1)))?;
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
