//! `cargo run -p qipan-benches --example unwinnable_one -- FEN [NODES]`: the full analysis of one
//! position for both colours, with the positions visited and the time.
use qipan::chess::{Chess, Effort};
use qipan::Color;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos: Chess = args[1].parse().expect("a FEN");
    let nodes = args
        .get(2)
        .map_or(Effort::FULL.nodes, |n| n.parse().unwrap());
    for color in Color::ALL {
        let start = std::time::Instant::now();
        let a = pos.can_win_within(
            color,
            Effort {
                nodes,
                ..Effort::FULL
            },
        );
        println!(
            "{}: {:?} in {} nodes, {:.1} ms",
            color.name(),
            a.verdict.known(),
            a.nodes,
            start.elapsed().as_secs_f64() * 1e3
        );
    }
}
