//! The XBoard handshake without input or output: what to send when the engine is quiet, how the
//! `feature` lines are answered, and when they are over. [`Engine`](super::Engine)'s XBoard
//! client and the npm package's session both drive it, handing it each line and the time.

use super::error::EngineError;
use super::xboard::XboardMessage;
use super::xboard_plan::{xboard_feature, xboard_feature_reply};

/// How long (ms) the engine may stay quiet during the handshake before it is sent `ping 0`, for
/// the first [`FAST_PRODS`] prods; later ones wait [`SLOW_PROD_AFTER_MS`].
///
/// GNU Chess 6.2.7 can deadlock as it starts: its adapter thread waits for stdin's lock while its
/// input thread holds it, blocked in `fgets`. Each line that arrives frees the lock for a moment,
/// and only many of them come soon enough: measured here, prods every 250 ms left 17 of 20
/// starts without a reply after 4 s, prods every 5 ms none of 30 (median 0.38 s).
const PROD_AFTER_MS: u64 = 5;
/// How many prods come [`PROD_AFTER_MS`] apart (two seconds of them).
const FAST_PRODS: u32 = 400;
/// The wait (ms) before each later prod, so a slow engine is not flooded.
const SLOW_PROD_AFTER_MS: u64 = 250;
/// The most prods one handshake sends.
const MAX_PRODS: u32 = FAST_PRODS + 100;
/// How long (ms) answered pings without features make `protover 2` be sent again.
const IGNORED_AFTER_MS: u64 = 1000;
/// The protocol's wait (ms) for `done` once features have come.
const FEATURES_FOR_MS: u64 = 2000;

/// The state of one XBoard handshake; times are milliseconds since it started.
///
/// GNU Chess starts slowly and then handles a line only when the next one arrives: a quiet engine
/// is sent `ping 0`, often at first and then now and then (its `pong 0`, never a number a client
/// waits for later, is dropped). Now and then it answers pings but never `protover 2`: that is sent
/// again (at most three times) after a second of pongs without features. Features end with
/// `done=1`, or two seconds without `done`; after `done=0` only `done=1` (or the client's reply
/// timeout) does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct XboardHandshake {
    announced: bool,
    asked_for_time: bool,
    prods: u32,
    protovers: u32,
    first_pong: Option<u64>,
    quiet_since: u64,
    features_until: Option<u64>,
}

/// What one step of a handshake asks of its client.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct XboardHandshakeStep {
    /// Lines to send now.
    pub send: Vec<String>,
    /// Features announced in the line read (`option` among them), in order, `done` left out.
    pub features: Vec<(String, String)>,
    /// The handshake is over.
    pub done: bool,
    /// The engine asked for time (`done=0`): the client's reply timeout starts again.
    pub wait_longer: bool,
}

impl XboardHandshake {
    /// The commands that start the handshake.
    pub fn start_commands() -> [&'static str; 2] {
        ["xboard", "protover 2"]
    }

    /// Whether features came and no `done=0` asked for more time: the client's reply timeout
    /// then ends the handshake rather than failing it.
    pub fn may_end_quietly(&self) -> bool {
        self.announced && !self.asked_for_time
    }

    /// When (ms) [`quiet`](Self::quiet) next has something to do.
    pub fn next_wake(&self) -> u64 {
        let prod = self.quiet_since + self.prod_after();
        self.features_until.map_or(prod, |t| t.min(prod))
    }

    /// How long (ms) the engine may stay quiet before the next prod.
    fn prod_after(&self) -> u64 {
        if self.prods < FAST_PRODS {
            PROD_AFTER_MS
        } else {
            SLOW_PROD_AFTER_MS
        }
    }

    /// Reads a line the engine sent at `now`.
    pub fn heard(&mut self, now: u64, line: &str) -> XboardHandshakeStep {
        self.quiet_since = now;
        let mut step = XboardHandshakeStep::default();
        let pairs = match XboardMessage::parse(line) {
            XboardMessage::Features(pairs) => pairs,
            XboardMessage::Pong(_) => {
                self.first_pong.get_or_insert(now);
                return step;
            }
            _ => return step,
        };
        if !self.announced && !self.asked_for_time {
            self.features_until = Some(now + FEATURES_FOR_MS);
        }
        self.announced = true;
        for (key, value) in pairs {
            step.send.push(xboard_feature_reply(&key, &value));
            if key == "done" {
                if value == "1" {
                    step.done = true;
                } else {
                    self.asked_for_time = true;
                    self.features_until = None;
                    step.wait_longer = true;
                }
            } else {
                step.features.push((key, value));
            }
        }
        step
    }

    /// Called when nothing came until `now` (at [`next_wake`](Self::next_wake) or later).
    pub fn quiet(&mut self, now: u64) -> XboardHandshakeStep {
        let mut step = XboardHandshakeStep::default();
        if self.features_until.is_some_and(|t| now >= t) {
            step.done = true;
            return step;
        }
        if now < self.quiet_since + self.prod_after() {
            return step;
        }
        let ignored = self
            .first_pong
            .is_some_and(|t| now.saturating_sub(t) >= IGNORED_AFTER_MS);
        if !self.announced && ignored && self.protovers < 3 {
            self.protovers += 1;
            self.first_pong = None;
            step.send.push("protover 2".to_owned());
        } else if self.prods < MAX_PRODS {
            self.prods += 1;
            step.send.push("ping 0".to_owned());
        }
        self.quiet_since = now;
        step
    }
}

/// The error for features that lack what a client needs (`setboard` and `ping`, as python-chess
/// requires them), if they do.
pub fn xboard_missing_feature(features: &[(String, String)]) -> Option<EngineError> {
    ["setboard", "ping"]
        .into_iter()
        .find(|f| xboard_feature(features, f) != Some("1"))
        .map(|f| {
            EngineError::Usage(format!(
                "the XBoard engine did not declare the required feature {f}"
            ))
        })
}

/// After the engine refused `command` in a search's setup: the command that sets the depth
/// another way (`depth N`, GNU Chess's) when it was `sd` and `depth` was not already in use.
pub fn xboard_depth_fallback(command: &str, depth: Option<u32>) -> Option<String> {
    let depth = depth?;
    (command.split_whitespace().next() == Some("sd")).then(|| format!("depth {}", depth.max(1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slow_engine_is_prodded_then_asked_again() {
        let mut h = XboardHandshake::default();
        assert!(h.quiet(4).send.is_empty());
        assert_eq!(h.next_wake(), 5);
        assert_eq!(h.quiet(5).send, ["ping 0"]);
        assert!(h.heard(300, "pong 0").send.is_empty());
        assert!(h.quiet(304).send.is_empty());
        assert_eq!(h.quiet(305).send, ["ping 0"]);
        assert_eq!(h.quiet(1300).send, ["protover 2"]);
        let step = h.heard(1400, "feature ping=1 setboard=1 san=1");
        assert_eq!(
            step.send,
            ["accepted ping", "accepted setboard", "rejected san"]
        );
        assert_eq!(step.features.len(), 3);
        assert!(!step.done && h.may_end_quietly());
        // Two seconds without `done` end the features.
        assert!(!h.quiet(3399).done);
        assert!(h.quiet(3400).done);
        assert!(xboard_missing_feature(&step.features).is_none());
        assert!(xboard_missing_feature(&step.features[..1]).is_some());
    }

    #[test]
    fn prods_slow_down_then_stop() {
        let mut h = XboardHandshake::default();
        let mut now = 0;
        let mut sent = 0;
        while sent < MAX_PRODS {
            now = h.next_wake();
            assert_eq!(h.quiet(now).send, ["ping 0"], "prod {sent}");
            sent += 1;
        }
        assert_eq!(now, 400 * 5 + 100 * 250);
        assert!(h.quiet(now + 10_000).send.is_empty());
    }

    #[test]
    fn done_zero_waits_for_done_one() {
        let mut h = XboardHandshake::default();
        let step = h.heard(10, "feature done=0");
        assert!(step.wait_longer && !h.may_end_quietly());
        assert!(!h.quiet(5000).done);
        assert!(h.heard(6000, "feature done=1").done);
        assert_eq!(
            xboard_depth_fallback("sd", Some(3)).as_deref(),
            Some("depth 3")
        );
        assert_eq!(xboard_depth_fallback("depth 3", Some(3)), None);
        assert_eq!(xboard_depth_fallback("sd", None), None);
    }
}
