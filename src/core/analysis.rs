//! [`Analysis`]: a position's value and the score of each legal move, the answer every solver
//! (retrograde, book, search) gives in the same shape.

/// The score of one legal move: the net boxes, from that move on, for the player making it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveScore {
    /// The line drawn.
    pub line: usize,
    /// Net boxes for the mover from this move on, under perfect play.
    pub score: i32,
}

/// A position's value and every legal move's score, moves in increasing line order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Net boxes still to come for the player to move: the best move's score (0 when the
    /// board is full).
    pub value: i32,
    /// Every open line with its score, lowest line first.
    pub moves: Vec<MoveScore>,
}

impl Analysis {
    /// The lines whose score equals the value.
    pub fn best_lines(&self) -> Vec<usize> {
        self.moves
            .iter()
            .filter(|m| m.score == self.value)
            .map(|m| m.line)
            .collect()
    }
}

/// The score of a move from the value of the position it leads to: a move completing no box
/// passes the turn (`-child`); one completing `boxes` keeps it (`boxes + child`).
#[inline]
pub const fn move_score(boxes: u32, child_value: i32) -> i32 {
    if boxes == 0 {
        -child_value
    } else {
        boxes as i32 + child_value
    }
}
