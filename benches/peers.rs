//! The peers' perft, each in its fastest documented form (bulk counting at the leaves).

/// cozy-chess: counts the move sets of the last ply by popcount, as its own perft example does.
pub fn cozy(fen: &str, depth: u32) -> u64 {
    fn go(board: &cozy_chess::Board, depth: u32) -> u64 {
        let mut nodes = 0;
        if depth == 1 {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        } else {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += go(&child, depth - 1);
                }
                false
            });
        }
        nodes
    }
    let board = cozy_chess::Board::from_fen(fen, false).expect("valid FEN");
    if depth == 0 {
        1
    } else {
        go(&board, depth)
    }
}

/// shakmaty: its own `perft`, which counts the last ply in bulk.
pub fn shakmaty(fen: &str, depth: u32) -> u64 {
    use shakmaty::{fen::Fen, CastlingMode, Chess};
    let pos: Chess = fen
        .parse::<Fen>()
        .expect("valid FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal position");
    shakmaty::perft(&pos, depth)
}
