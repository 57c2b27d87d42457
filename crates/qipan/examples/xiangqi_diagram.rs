//! Prints the diagram of a position: `cargo run -p qipan --example xiangqi_diagram -- [fen]`.

use qipan::{Variant, Xiangqi};

fn main() {
    let fen: Vec<String> = std::env::args().skip(1).collect();
    let pos = if fen.is_empty() {
        Xiangqi::start()
    } else {
        Xiangqi::from_fen(&fen.join(" ")).expect("valid FEN")
    };
    print!("{}", pos.diagram());
}
