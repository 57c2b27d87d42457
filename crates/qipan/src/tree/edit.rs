//! Building and editing a [`GameTree`]: python-chess's `add_variation`, `add_main_variation`,
//! `promote_to_main`, `promote`, `demote` and `remove_variation`.

use super::annotations::{self, AnnotationError, Annotations, Arrow, Eval};
use super::{GameTree, Node, NodeId};
use crate::{MoveError, Variant};

impl<V: Variant> GameTree<V> {
    /// Adds `mv`, already known to be legal (or a pass) at `parent`, as its last continuation.
    pub(crate) fn push_child(&mut self, parent: NodeId, mv: V::Move) -> NodeId {
        let mut position = self.position(parent).clone();
        position.play_or_pass(mv);
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node::new(Some(mv), Some(parent)));
        self.positions.push(position);
        self.nodes[parent.index()].variations.push(id);
        id
    }

    /// Checks that `mv` may be played at `id`: a legal move, or a pass when not in check.
    pub fn check_move(&self, id: NodeId, mv: V::Move) -> Result<(), MoveError> {
        let pos = self.position(id);
        let ok = if V::is_null(mv) {
            !pos.is_check()
        } else {
            pos.is_legal(mv)
        };
        if ok {
            Ok(())
        } else {
            Err(MoveError::illegal(&pos.coord(mv), pos.fen()))
        }
    }

    /// Adds `mv` as the last continuation of `parent` (python-chess's `add_variation`) and
    /// returns the new node. An illegal move is refused and the tree left as it was.
    pub fn add_variation(&mut self, parent: NodeId, mv: V::Move) -> Result<NodeId, MoveError> {
        self.check_move(parent, mv)?;
        Ok(self.push_child(parent, mv))
    }

    /// Adds `mv` as the main continuation of `parent`, the others after it
    /// (python-chess's `add_main_variation`).
    pub fn add_main_variation(&mut self, parent: NodeId, mv: V::Move) -> Result<NodeId, MoveError> {
        let id = self.add_variation(parent, mv)?;
        self.promote_to_main(id);
        Ok(id)
    }

    /// The continuation of `parent` that plays `mv`, if there is one.
    pub fn variation_with(&self, parent: NodeId, mv: V::Move) -> Option<NodeId> {
        self.variations(parent)
            .iter()
            .copied()
            .find(|&v| self.node(v).mv == Some(mv))
    }

    /// Where `id` stands among its parent's continuations, with the parent.
    fn place(&self, id: NodeId) -> Option<(NodeId, usize)> {
        let parent = self.parent(id)?;
        let at = self.variations(parent).iter().position(|&v| v == id)?;
        Some((parent, at))
    }

    /// Makes `id` its parent's main continuation, the others moving down one place
    /// (python-chess's `promote_to_main`). Whether `id` had a parent.
    pub fn promote_to_main(&mut self, id: NodeId) -> bool {
        let Some((parent, at)) = self.place(id) else {
            return false;
        };
        self.nodes[parent.index()].variations[..=at].rotate_right(1);
        true
    }

    /// Moves `id` one place up among its parent's continuations (python-chess's `promote`).
    pub fn promote(&mut self, id: NodeId) -> bool {
        match self.place(id) {
            Some((parent, at)) if at > 0 => {
                self.nodes[parent.index()].variations.swap(at - 1, at);
                true
            }
            _ => false,
        }
    }

    /// Moves `id` one place down among its parent's continuations (python-chess's `demote`).
    pub fn demote(&mut self, id: NodeId) -> bool {
        match self.place(id) {
            Some((parent, at)) if at + 1 < self.variations(parent).len() => {
                self.nodes[parent.index()].variations.swap(at, at + 1);
                true
            }
            _ => false,
        }
    }

    /// Takes `id` and everything after it out of the tree (python-chess's
    /// `remove_variation`). Its id stays valid but detached ([`GameTree::is_attached`]).
    pub fn remove_variation(&mut self, id: NodeId) -> bool {
        let Some((parent, at)) = self.place(id) else {
            return false;
        };
        self.nodes[parent.index()].variations.remove(at);
        self.nodes[id.index()].parent = None;
        true
    }

    /// The commands of the node's comment, read at once ([`annotations::read`]).
    pub fn annotations(&self, id: NodeId) -> Annotations {
        annotations::read(&self.node(id).comment, self.kind())
    }

    /// The clock after the node's move, in seconds (`[%clk]`, python-chess's `clock()`).
    pub fn clock(&self, id: NodeId) -> Option<f64> {
        annotations::clock(&self.node(id).comment)
    }

    /// Sets or removes the clock ([`annotations::set_clock`]).
    pub fn set_clock(&mut self, id: NodeId, seconds: Option<f64>) -> Result<(), AnnotationError> {
        annotations::set_clock(&mut self.node_mut(id).comment, seconds)
    }

    /// The time the node's move took, in seconds (`[%emt]`, python-chess's `emt()`).
    pub fn emt(&self, id: NodeId) -> Option<f64> {
        annotations::emt(&self.node(id).comment)
    }

    /// Sets or removes the move's time ([`annotations::set_emt`]).
    pub fn set_emt(&mut self, id: NodeId, seconds: Option<f64>) -> Result<(), AnnotationError> {
        annotations::set_emt(&mut self.node_mut(id).comment, seconds)
    }

    /// The evaluation after the node's move, from the first player's side (`[%eval]`).
    pub fn eval(&self, id: NodeId) -> Option<Eval> {
        annotations::eval(&self.node(id).comment)
    }

    /// Sets or removes the evaluation ([`annotations::set_eval`]).
    pub fn set_eval(&mut self, id: NodeId, eval: Option<Eval>) {
        annotations::set_eval(&mut self.node_mut(id).comment, eval);
    }

    /// The arrows and coloured squares of the node's comment (`[%cal]`, `[%csl]`).
    pub fn arrows(&self, id: NodeId) -> Vec<Arrow> {
        annotations::arrows(&self.node(id).comment, self.kind())
    }

    /// Replaces the arrows and coloured squares ([`annotations::set_arrows`]).
    pub fn set_arrows(&mut self, id: NodeId, arrows: &[Arrow]) -> Result<(), AnnotationError> {
        let kind = self.kind();
        annotations::set_arrows(&mut self.node_mut(id).comment, kind, arrows)
    }
}
