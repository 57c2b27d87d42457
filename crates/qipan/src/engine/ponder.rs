//! Pondering after `play` (python-chess's `ponder=True`): the engine searches the position after
//! its best move and the reply it expects (`position … moves … BEST PONDER`, `go ponder` with the
//! same limit). When the next search, again with `ponder`, and without a new game, is of exactly
//! that position, the engine is sent `ponderhit` and its ponder search becomes that search (as
//! python-chess does); any other command sends `stop` and drops the ponder search's result first.

use std::time::Instant;

use super::command::{go_command, position_command, Limit};
use super::dialect::EngineGame;
use super::error::EngineError;
use super::message::EngineMessage;
use super::process::Line;
use super::search::SearchOptions;
use super::state::{Engine, PonderPlan, State};
use crate::Game;

impl Engine {
    /// Starts pondering on `reply` after `best` in `pos`.
    pub(super) fn start_ponder<V: EngineGame>(
        &mut self,
        pos: &V,
        plan: PonderPlan,
        best: V::Move,
        reply: V::Move,
    ) -> Result<(), EngineError> {
        let dialect = self.xiangqi_dialect();
        let mut after = pos.clone();
        let mut line = plan.position;
        if !line.contains(" moves") {
            line.push_str(" moves");
        }
        for mv in [best, reply] {
            line.push(' ');
            line.push_str(&V::engine_move(&after, mv, dialect));
            after.play_or_pass(mv);
        }
        self.process.send(&line)?;
        let go = go_command(&plan.limit, &after, self.protocol(), dialect, &[], true);
        self.process.send(&go)?;
        self.state = State::Pondering;
        self.pondered = Some(line);
        Ok(())
    }

    /// `ponderhit` when the engine ponders on exactly the position of the search asked for
    /// (`true`: the search runs).
    pub(super) fn ponder_hit<V: EngineGame>(
        &mut self,
        game: &Game<V>,
        limit: &Limit,
        options: &SearchOptions<V::Move>,
    ) -> Result<bool, EngineError> {
        let hit = self.state == State::Pondering
            && options.ponder
            && !options.new_game
            && options.multipv.unwrap_or(1) <= 1
            && options.root_moves.is_empty()
            && options.ban_moves.is_empty()
            && self.pondered.as_deref()
                == Some(position_command(game, self.protocol(), self.xiangqi_dialect()).as_str());
        if !hit {
            return Ok(false);
        }
        self.process.send("ponderhit")?;
        self.pondered = None;
        self.state = State::Searching {
            deadline: self.deadline_of(limit, game.position().turn()),
        };
        self.ponder_next = Some(PonderPlan {
            position: position_command(game, self.protocol(), self.xiangqi_dialect()),
            limit: limit.clone(),
        });
        Ok(true)
    }

    /// Whether the engine is pondering (until the next command).
    pub fn is_pondering(&self) -> bool {
        self.state == State::Pondering
    }

    /// Stops pondering: `stop`, then the ponder search's best move is read and dropped.
    pub(super) fn end_ponder(&mut self) -> Result<(), EngineError> {
        self.pondered = None;
        self.process.send("stop")?;
        let deadline = Instant::now() + self.timeouts.reply;
        loop {
            let line = match self.process.recv(deadline, "bestmove") {
                Ok(Line::Text(line)) => line,
                Ok(_) => continue,
                Err(e) => {
                    self.state = State::Idle;
                    return Err(e);
                }
            };
            if matches!(
                EngineMessage::parse(&line),
                EngineMessage::BestMove { .. } | EngineMessage::NoBestMove
            ) {
                self.state = State::Idle;
                return Ok(());
            }
        }
    }
}
