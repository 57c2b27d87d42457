//! `qipan`: a minimal command line (placeholder until the CLI issue): `qipan perft [--variant chess] DEPTH [FEN]`.

use std::time::Instant;

use qipan::{perft, Chess, Variant};

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--variant" && a != "chess")
        .collect();
    if args.first().map(String::as_str) != Some("perft") {
        eprintln!("usage: qipan perft [--variant chess] DEPTH [FEN]");
        std::process::exit(2);
    }
    let Some(depth) = args.get(1).and_then(|d| d.parse::<u32>().ok()) else {
        eprintln!("usage: qipan perft [--variant chess] DEPTH [FEN]");
        std::process::exit(2);
    };
    let pos = match args.get(2) {
        Some(_) => match Chess::from_fen_relaxed(&args[2..].join(" ")) {
            Ok(pos) => pos,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        },
        None => Chess::start(),
    };
    let t = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = t.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!("{:.3} s, {:.1} Mnps", secs, nodes as f64 / secs / 1e6);
}
