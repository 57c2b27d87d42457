//! Writes the start positions as SVG: `cargo run -p qipan --example svg -- DIR`.
use qipan::Notate;
use qipan::{Chess, Variant, Xiangqi};

fn main() -> std::io::Result<()> {
    let dir = std::env::args().nth(1).unwrap_or_else(|| ".".into());
    std::fs::write(format!("{dir}/chess.svg"), Chess::start().svg())?;
    std::fs::write(format!("{dir}/xiangqi.svg"), Xiangqi::start().svg())
}
