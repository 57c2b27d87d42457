//! The `option` lines of the handshake: the settings an engine offers.
//!
//! UCI: `option name Skill Level type spin default 20 min -20 max 20` (the name may hold spaces
//! and ends at ` type `). UCCI drops `name`: `option usebook type check default true`. A combo
//! lists its values with `var` (a value may hold spaces too).
//!
//! ```
//! use qipan::engine::{EngineOption, OptionKind};
//! let opt = EngineOption::parse("option name Analysis Contempt type combo default Both var Both var Off").unwrap();
//! assert_eq!(opt.name, "Analysis Contempt");
//! assert_eq!(opt.kind, OptionKind::Combo);
//! assert_eq!(opt.default.as_deref(), Some("Both"));
//! assert_eq!(opt.vars, ["Both", "Off"]);
//! let ucci = EngineOption::parse("option usebook type check default true").unwrap();
//! assert_eq!((ucci.name.as_str(), ucci.kind), ("usebook", OptionKind::Check));
//! ```

use std::fmt;

/// The type of an engine option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `check`: true or false.
    Check,
    /// `spin`: an integer between `min` and `max`.
    Spin,
    /// `combo`: one of the `var` values.
    Combo,
    /// `button`: a command without a value.
    Button,
    /// `string`: any text.
    String,
    /// `label` (UCCI): a caption, not a setting.
    Label,
}

impl OptionKind {
    /// The protocol's name of the type: `check`, `spin`, `combo`, `button`, `string`, `label`.
    pub fn name(self) -> &'static str {
        match self {
            OptionKind::Check => "check",
            OptionKind::Spin => "spin",
            OptionKind::Combo => "combo",
            OptionKind::Button => "button",
            OptionKind::String => "string",
            OptionKind::Label => "label",
        }
    }

    fn from_name(name: &str) -> Option<OptionKind> {
        Some(match name {
            "check" => OptionKind::Check,
            "spin" => OptionKind::Spin,
            "combo" => OptionKind::Combo,
            "button" => OptionKind::Button,
            "string" => OptionKind::String,
            "label" => OptionKind::Label,
            _ => return None,
        })
    }
}

impl fmt::Display for OptionKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One option an engine offers.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct EngineOption {
    /// The name, as the engine spells it (options are matched ignoring case).
    pub name: String,
    /// The type.
    pub kind: OptionKind,
    /// The default value as text (`None` when the engine gave none).
    pub default: Option<String>,
    /// The smallest value of a spin.
    pub min: Option<i64>,
    /// The largest value of a spin.
    pub max: Option<i64>,
    /// The values of a combo.
    pub vars: Vec<String>,
}

/// Why a value does not fit an option.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid value {value:?} for option {name:?} ({reason})")]
pub struct OptionValueError {
    /// The option.
    pub name: String,
    /// The value given (shortened).
    pub value: String,
    /// What is wrong.
    pub reason: String,
}

impl EngineOption {
    /// Reads an `option` line, UCI or UCCI; `None` when it names no option or no known type.
    pub fn parse(line: &str) -> Option<EngineOption> {
        let rest = line.trim().strip_prefix("option")?.trim_start();
        let rest = rest
            .strip_prefix("name ")
            .map(str::trim_start)
            .unwrap_or(rest);
        let (name, after) = split_keyword(rest, "type")?;
        let name = name.trim();
        if name.is_empty() {
            return None;
        }
        let mut words = after.split_whitespace();
        let kind = OptionKind::from_name(words.next()?)?;
        let mut option = EngineOption {
            name: name.to_owned(),
            kind,
            default: None,
            min: None,
            max: None,
            vars: Vec::new(),
        };
        // The remaining `default`, `min`, `max` and `var` clauses; a value runs to the next keyword.
        let mut key: Option<&str> = None;
        let mut value: Vec<&str> = Vec::new();
        let finish = |key: Option<&str>, value: &mut Vec<&str>, option: &mut EngineOption| {
            let text = value.join(" ");
            value.clear();
            match key {
                Some("default") => option.default = Some(text),
                Some("min") => option.min = text.parse().ok(),
                Some("max") => option.max = text.parse().ok(),
                Some("var") => option.vars.push(text),
                _ => {}
            }
        };
        for word in words {
            if matches!(word, "default" | "min" | "max" | "var") {
                finish(key, &mut value, &mut option);
                key = Some(word);
            } else {
                value.push(word);
            }
        }
        finish(key, &mut value, &mut option);
        if option.kind == OptionKind::String && option.default.as_deref() == Some("<empty>") {
            option.default = Some(String::new());
        }
        Some(option)
    }

    /// Checks (and normalises) a value for this option: `true`/`false` for a check, an
    /// integer within bounds for a spin, one of the values (any case) for a combo.
    pub fn check_value(&self, value: &str) -> Result<String, OptionValueError> {
        let error = |reason: String| OptionValueError {
            name: self.name.clone(),
            value: crate::text::shorten(value),
            reason,
        };
        match self.kind {
            OptionKind::Check => match value.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => Ok("true".to_owned()),
                "false" | "0" | "off" => Ok("false".to_owned()),
                _ => Err(error("expected true or false".to_owned())),
            },
            OptionKind::Spin => {
                let n: i64 = value
                    .trim()
                    .parse()
                    .map_err(|_| error("expected an integer".to_owned()))?;
                if self.min.is_some_and(|min| n < min) || self.max.is_some_and(|max| n > max) {
                    return Err(error(format!(
                        "expected {} to {}",
                        self.min.map_or("…".to_owned(), |m| m.to_string()),
                        self.max.map_or("…".to_owned(), |m| m.to_string())
                    )));
                }
                Ok(n.to_string())
            }
            OptionKind::Combo => self
                .vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| error(format!("expected one of: {}", self.vars.join(", ")))),
            OptionKind::Button | OptionKind::Label => Ok(String::new()),
            OptionKind::String => {
                if value.contains(['\n', '\r']) {
                    Err(error("a value cannot hold a line break".to_owned()))
                } else {
                    Ok(value.to_owned())
                }
            }
        }
    }
}

/// Splits `text` at the first whole word `keyword`: what comes before it and what after it.
fn split_keyword<'a>(text: &'a str, keyword: &str) -> Option<(&'a str, &'a str)> {
    let mut offset = 0;
    for word in text.split_whitespace() {
        let start = offset + text[offset..].find(word)?;
        offset = start + word.len();
        if word == keyword {
            return Some((&text[..start], &text[offset..]));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_types() {
        let spin = EngineOption::parse("option name Hash type spin default 16 min 1 max 33554432")
            .unwrap();
        assert_eq!(
            (spin.kind, spin.default.as_deref(), spin.min, spin.max),
            (OptionKind::Spin, Some("16"), Some(1), Some(33554432))
        );
        let button = EngineOption::parse("option name Clear Hash type button").unwrap();
        assert_eq!(
            (button.name.as_str(), button.kind),
            ("Clear Hash", OptionKind::Button)
        );
        let string =
            EngineOption::parse("option name Debug Log File type string default ").unwrap();
        assert_eq!(string.default.as_deref(), Some(""));
        let empty =
            EngineOption::parse("option name SyzygyPath type string default <empty>").unwrap();
        assert_eq!(empty.default.as_deref(), Some(""));
        let label = EngineOption::parse("option 引擎 type label").unwrap();
        assert_eq!(label.kind, OptionKind::Label);
        let spaced = EngineOption::parse(
            "option name Style type combo default Very Risky var Solid var Very Risky",
        )
        .unwrap();
        assert_eq!(spaced.vars, ["Solid", "Very Risky"]);
        assert_eq!(spaced.default.as_deref(), Some("Very Risky"));
    }

    #[test]
    fn not_options() {
        assert_eq!(EngineOption::parse("option name X type sausage"), None);
        assert_eq!(EngineOption::parse("option name type spin"), None);
        assert_eq!(EngineOption::parse("option"), None);
        assert_eq!(EngineOption::parse("info depth 3"), None);
    }

    #[test]
    fn values() {
        let spin =
            EngineOption::parse("option name Threads type spin default 1 min 1 max 512").unwrap();
        assert_eq!(spin.check_value("4").unwrap(), "4");
        assert!(spin.check_value("0").is_err());
        assert!(spin.check_value("many").is_err());
        let check = EngineOption::parse("option name Ponder type check default false").unwrap();
        assert_eq!(check.check_value("TRUE").unwrap(), "true");
        let combo = EngineOption::parse(
            "option name UCI_Variant type combo default chess var chess var xiangqi",
        )
        .unwrap();
        assert_eq!(combo.check_value("XiangQi").unwrap(), "xiangqi");
        assert!(combo.check_value("shogi").is_err());
    }
}
