//! EPD (Extended Position Description): a FEN's first four fields followed by operations such as
//! `bm Qd1+; id "BK.01";`, read and written with python-chess's operand rules: a quoted string, a
//! number (a float when it has `.`, `e` or `E`), SAN moves (`bm` and `am` a set, `pv` a line
//! played from the position, any other opcode one move), or nothing.
//!
//! ```
//! use qipan::chess::{Chess, EpdOperand};
//! let (pos, ops) = Chess::from_epd("4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"castle\"; ce 55;").unwrap();
//! assert_eq!(ops[0].0, "bm");
//! assert!(matches!(&ops[0].1, EpdOperand::Moves(moves) if pos.san(moves[0]) == "O-O"));
//! assert_eq!(ops[1].1, EpdOperand::Text("castle".into()));
//! assert_eq!(ops[2].1, EpdOperand::Integer(55));
//! assert_eq!(pos.epd(&ops).unwrap(), "4k3/8/8/8/8/8/8/4K2R w K - bm O-O; id \"castle\"; ce 55;");
//! ```

use super::{Chess, FenError, Move};
use crate::MoveError;

/// The operand of an EPD operation.
#[derive(Debug, Clone, PartialEq)]
pub enum EpdOperand {
    /// No operand (`noop;`); `bm` and `am` without operand read as empty `Moves`, `pv` as an
    /// empty `Variation`.
    Empty,
    /// An integer (`ce 55;`).
    Integer(i64),
    /// A finite float (`pi 3.14;`).
    Number(f64),
    /// A string, written quoted with `\` escapes (`id "BK.01";`).
    Text(String),
    /// One move, in SAN.
    Move(Move),
    /// A set of moves of the position (`bm`, `am`), written sorted by SAN.
    Moves(Vec<Move>),
    /// A line of moves played one after the other from the position (`pv`).
    Variation(Vec<Move>),
}

/// Why an EPD could not be read or written.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EpdError {
    /// The position fields are not a valid position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// An opcode that EPD does not allow.
    #[error("invalid EPD opcode {0:?}: an opcode starts with a letter and has no whitespace")]
    Opcode(String),
    /// A numeric operand that is not a finite number.
    #[error("invalid numeric operand for EPD operation {opcode:?}: {operand:?}")]
    Number {
        /// The operation's opcode.
        opcode: String,
        /// The operand text.
        operand: String,
    },
    /// A move operand that is not a legal move.
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// Checks an opcode: not empty, not `-`, starting with a letter, without whitespace.
pub fn check_epd_opcode(opcode: &str) -> Result<(), EpdError> {
    let starts_with_letter = opcode.chars().next().is_some_and(char::is_alphabetic);
    if !starts_with_letter || opcode.contains([' ', '\n', '\t', '\r']) {
        return Err(EpdError::Opcode(opcode.to_owned()));
    }
    Ok(())
}

/// The position fields (board, turn, castling, en passant) and the operations text of `text`.
pub fn split_epd(text: &str) -> (Vec<&str>, Option<&str>) {
    let text = text.trim().trim_end_matches(';');
    let mut fields = Vec::new();
    let mut rest = text.trim_start();
    while fields.len() < 4 && !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        fields.push(&rest[..end]);
        rest = rest[end..].trim_start();
    }
    (fields, (!rest.is_empty()).then_some(rest))
}

/// The FEN of an EPD's position `fields` with its operations `ops`: the clocks are the `hmvc`
/// and `fmvn` operands, else 0 and 1.
pub fn epd_fen(fields: &[&str], ops: &[(String, EpdOperand)]) -> String {
    let clock = |name: &str, default: &str| match ops.iter().find(|(op, _)| op == name) {
        Some((_, EpdOperand::Integer(n))) => n.to_string(),
        Some((_, EpdOperand::Number(x))) => python_float(*x),
        Some((_, EpdOperand::Text(t))) => t.clone(),
        Some(_) => "-".to_owned(),
        None => default.to_owned(),
    };
    format!(
        "{} {} {}",
        fields.join(" "),
        clock("hmvc", "0"),
        clock("fmvn", "1")
    )
}

impl Chess {
    /// Reads an EPD: the position (clocks from the `hmvc` and `fmvn` operations, else 0 and 1)
    /// and its operations, in order (a repeated opcode keeps its first place and last operand).
    pub fn from_epd(text: &str) -> Result<(Chess, Vec<(String, EpdOperand)>), EpdError> {
        let (fields, operations) = split_epd(text);
        let Some(operations) = operations else {
            return Ok((Chess::from_fen(text)?, Vec::new()));
        };
        let bare = Chess::from_fen(&format!("{} 0 1", fields.join(" ")))?;
        let ops = bare.parse_epd_operations(operations)?;
        Ok((Chess::from_fen(&epd_fen(&fields, &ops))?, ops))
    }

    /// Reads the operations of an EPD whose position is this one (moves are read here).
    pub fn parse_epd_operations(&self, text: &str) -> Result<Vec<(String, EpdOperand)>, EpdError> {
        let mut ops: Vec<(String, EpdOperand)> = Vec::new();
        let mut set = |opcode: &mut String, operand: EpdOperand| {
            let opcode = std::mem::take(opcode);
            match ops.iter_mut().find(|(op, _)| *op == opcode) {
                Some(slot) => slot.1 = operand,
                None => ops.push((opcode, operand)),
            }
        };
        let empty = |opcode: &str| match opcode {
            "pv" => EpdOperand::Variation(Vec::new()),
            "am" | "bm" => EpdOperand::Moves(Vec::new()),
            _ => EpdOperand::Empty,
        };
        let mut chars = text.chars().peekable();
        let mut opcode = String::new();
        loop {
            // The opcode: up to whitespace (then an operand may follow) or `;` / the end.
            let mut ended = false;
            loop {
                match chars.next() {
                    Some(' ' | '\t' | '\r' | '\n') => {
                        if opcode == "-" {
                            opcode.clear();
                        } else if !opcode.is_empty() {
                            check_epd_opcode(&opcode)?;
                            break;
                        }
                    }
                    end @ (None | Some(';')) => {
                        if opcode == "-" {
                            opcode.clear();
                        } else if !opcode.is_empty() {
                            let operand = empty(&opcode);
                            set(&mut opcode, operand);
                        }
                        if end.is_none() {
                            return Ok(ops);
                        }
                        ended = true;
                        break;
                    }
                    Some(ch) => opcode.push(ch),
                }
            }
            if ended {
                continue;
            }
            // The operand.
            while chars
                .next_if(|ch| matches!(ch, ' ' | '\t' | '\r' | '\n'))
                .is_some()
            {}
            match chars.next() {
                None | Some(';') => {
                    let operand = empty(&opcode);
                    set(&mut opcode, operand);
                }
                Some('"') => {
                    let mut text = String::new();
                    while let Some(ch) = chars.next() {
                        match ch {
                            '"' => break,
                            '\\' => match chars.next() {
                                Some('r') => text.push('\r'),
                                Some('n') => text.push('\n'),
                                Some('t') => text.push('\t'),
                                Some(other) => text.push(other),
                                None => break,
                            },
                            _ => text.push(ch),
                        }
                    }
                    set(&mut opcode, EpdOperand::Text(text));
                }
                Some(first) => {
                    let mut operand = String::from(first);
                    operand.extend(chars.by_ref().take_while(|&ch| ch != ';'));
                    let value = if "+-.0123456789".contains(first) {
                        number_operand(&opcode, &operand)?
                    } else {
                        self.move_operand(&opcode, &operand)?
                    };
                    set(&mut opcode, value);
                }
            }
        }
    }

    fn move_operand(&self, opcode: &str, operand: &str) -> Result<EpdOperand, EpdError> {
        Ok(match opcode {
            "pv" => {
                let mut pos = *self;
                let mut line = Vec::new();
                for token in operand.split_whitespace() {
                    let mv = pos.parse_san(token)?;
                    line.push(mv);
                    if mv.is_null() {
                        pos.play_null();
                    } else {
                        pos.play_unchecked(mv);
                    }
                }
                EpdOperand::Variation(line)
            }
            "bm" | "am" => EpdOperand::Moves(
                operand
                    .split_whitespace()
                    .map(|token| self.parse_san(token))
                    .collect::<Result<_, _>>()?,
            ),
            _ => EpdOperand::Move(self.parse_san(operand)?),
        })
    }

    /// The EPD of this position: the FEN's first four fields (the en passant square only when a
    /// capture there is legal), then `operations` (moves in SAN; `bm`/`am` sorted).
    pub fn epd(&self, operations: &[(String, EpdOperand)]) -> Result<String, EpdError> {
        let fen = self.to_fen();
        let fields: Vec<&str> = fen.split(' ').take(3).collect();
        let ep = self
            .legal_ep_square()
            .map_or("-".to_owned(), |sq| sq.to_string());
        let mut out = format!("{} {ep}", fields.join(" "));
        for (opcode, operand) in operations {
            check_epd_opcode(opcode)?;
            out.push(' ');
            out.push_str(opcode);
            match operand {
                EpdOperand::Empty => {}
                EpdOperand::Integer(n) => out.push_str(&format!(" {n}")),
                EpdOperand::Number(x) => {
                    if !x.is_finite() {
                        return Err(EpdError::Number {
                            opcode: opcode.clone(),
                            operand: x.to_string(),
                        });
                    }
                    out.push(' ');
                    out.push_str(&python_float(*x));
                }
                EpdOperand::Text(text) => {
                    out.push_str(" \"");
                    for ch in text.chars() {
                        match ch {
                            '\\' => out.push_str("\\\\"),
                            '\t' => out.push_str("\\t"),
                            '\r' => out.push_str("\\r"),
                            '\n' => out.push_str("\\n"),
                            '"' => out.push_str("\\\""),
                            _ => out.push(ch),
                        }
                    }
                    out.push('"');
                }
                EpdOperand::Move(mv) => {
                    out.push(' ');
                    out.push_str(&self.checked_san(*mv)?);
                }
                EpdOperand::Moves(moves) => {
                    let mut sans = moves
                        .iter()
                        .map(|&mv| self.checked_san(mv))
                        .collect::<Result<Vec<_>, _>>()?;
                    sans.sort();
                    for san in sans {
                        out.push(' ');
                        out.push_str(&san);
                    }
                }
                EpdOperand::Variation(line) => {
                    let mut pos = *self;
                    for &mv in line {
                        out.push(' ');
                        out.push_str(&pos.checked_san(mv)?);
                        if mv.is_null() {
                            pos.play_null();
                        } else {
                            pos.play_unchecked(mv);
                        }
                    }
                }
            }
            out.push(';');
        }
        Ok(out)
    }

    /// SAN of `mv`, which must be legal here (or the null move).
    fn checked_san(&self, mv: Move) -> Result<String, EpdError> {
        if mv.is_null() || self.is_legal(mv) {
            Ok(self.san(mv))
        } else {
            Err(MoveError::illegal(&self.uci(mv), self.to_fen()).into())
        }
    }
}

/// A numeric operand: an integer, or a finite float when it has `.`, `e` or `E`.
fn number_operand(opcode: &str, operand: &str) -> Result<EpdOperand, EpdError> {
    let bad = || EpdError::Number {
        opcode: opcode.to_owned(),
        operand: operand.to_owned(),
    };
    let text = operand.trim();
    if operand.contains(['.', 'e', 'E']) {
        let value: f64 = text.parse().map_err(|_| bad())?;
        if !value.is_finite() {
            return Err(bad());
        }
        Ok(EpdOperand::Number(value))
    } else {
        text.parse().map(EpdOperand::Integer).map_err(|_| bad())
    }
}

/// `x` written as Python writes a float (`repr`): the shortest digits that read back to `x`,
/// positional from 1e-4 up to 1e16, else `d.ddde+XX`.
pub fn python_float(x: f64) -> String {
    if x == 0.0 {
        return if x.is_sign_negative() { "-0.0" } else { "0.0" }.to_owned();
    }
    let sci = format!("{x:e}");
    let (mantissa, exponent) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    let negative = mantissa.starts_with('-');
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let sign = if negative { "-" } else { "" };
    if (-4..16).contains(&exponent) {
        let point = exponent + 1;
        let body = if point <= 0 {
            format!("0.{}{}", "0".repeat((-point) as usize), digits)
        } else if point as usize >= digits.len() {
            format!("{}{}.0", digits, "0".repeat(point as usize - digits.len()))
        } else {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        };
        format!("{sign}{body}")
    } else {
        let rest = &digits[1..];
        let mantissa = if rest.is_empty() {
            digits[..1].to_owned()
        } else {
            format!("{}.{}", &digits[..1], rest)
        };
        let exp_sign = if exponent < 0 { '-' } else { '+' };
        format!("{sign}{mantissa}e{exp_sign}{:02}", exponent.abs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Fuzz finding (chess_epd): a null move operand (`@@@@`) is written `--`, as python-chess
    /// writes it, and `--` reads as a bad number, as in python-chess.
    #[test]
    fn null_move_operand_is_written_as_python_chess_writes_it() {
        let pos = Chess::new();
        let ops = pos.parse_epd_operations("w @@@@;").unwrap();
        assert_eq!(ops, vec![("w".to_owned(), EpdOperand::Move(Move::null()))]);
        let written = pos.epd(&ops).unwrap();
        assert!(written.ends_with(" w --;"), "{written}");
        assert!(matches!(
            pos.parse_epd_operations("w --;"),
            Err(EpdError::Number { .. })
        ));
    }

    /// Fuzz finding (chess_epd): `pv` followed by blanks only (a vertical tab among them) read
    /// as an empty `Variation`, and `pv;` as empty `Moves`: the same operation, two values.
    #[test]
    fn empty_variation_reads_the_same_either_way() {
        let pos = Chess::new();
        let blank = pos.parse_epd_operations("pv\t\u{b}\t;").unwrap();
        let bare = pos.parse_epd_operations("pv;").unwrap();
        assert_eq!(blank, bare);
        assert_eq!(bare[0].1, EpdOperand::Variation(Vec::new()));
    }

    #[test]
    fn python_float_text() {
        for (x, text) in [
            (2.75, "2.75"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5e-7, "-2.5e-07"),
            (55.0, "55.0"),
            (1.5e300, "1.5e+300"),
        ] {
            assert_eq!(python_float(x), text);
        }
    }

    #[test]
    fn operations_read_and_written() {
        let (pos, ops) =
            Chess::from_epd("r1bqk1r1/1p1p1n2/p1n2pN1/2p1b2Q/2P1Pp2/1PN5/PB4PP/R4RK1 w q - - bm Rxf4; id \"ERET 001 - Entlastung\";")
                .unwrap();
        assert_eq!(ops.len(), 2);
        assert_eq!(ops[1].1, EpdOperand::Text("ERET 001 - Entlastung".into()));
        assert_eq!(pos.halfmoves(), 0);
        assert!(Chess::from_epd("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").is_ok());
        // A FEN's clocks are no operations.
        assert!(matches!(
            Chess::from_epd("4k3/8/8/8/8/8/8/4K3 w - - 0 1"),
            Err(EpdError::Opcode(_))
        ));
        let (pos, ops) =
            Chess::from_epd("4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 3; noop;").unwrap();
        assert_eq!((pos.halfmoves(), pos.fullmoves()), (7, 3));
        assert_eq!(ops[2], ("noop".to_owned(), EpdOperand::Empty));
        assert_eq!(
            pos.epd(&ops).unwrap(),
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 7; fmvn 3; noop;"
        );
    }
}
