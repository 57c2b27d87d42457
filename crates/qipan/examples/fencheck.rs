use qipan::chess::Chess;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fen = line.split(';').next().unwrap().trim();
        if let Err(e) = Chess::from_fen_strict(fen) {
            println!("{fen}: {e}");
        }
    }
}
