//! [`NextLoony`]: who must make the next loony move, the flag the loony analysis attaches to
//! every score (printed as the suffix `v` or `^`), and [`LoonyFlags`], its per-move report.

/// Who must make the next loony move under perfect play.
///
/// Play is perfect for the score first; among equally scoring moves a player prefers that
/// the opponent makes the next loony move, then that nobody does, and last that they do
/// (giving the opponent the choice of a loony offer is the cost of losing control).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NextLoony {
    /// No loony move is made before the game ends.
    Nobody = 0,
    /// The player to move will have to make it.
    Mover = 1,
    /// The opponent of the player to move will have to make it.
    Opponent = 2,
}

impl NextLoony {
    /// Every flag, in the order of [`NextLoony::preference`].
    pub const ALL: [NextLoony; 3] = [NextLoony::Mover, NextLoony::Nobody, NextLoony::Opponent];

    /// The flag seen by the other player.
    pub const fn swap(self) -> NextLoony {
        match self {
            NextLoony::Mover => NextLoony::Opponent,
            NextLoony::Opponent => NextLoony::Mover,
            NextLoony::Nobody => NextLoony::Nobody,
        }
    }

    /// The suffix printed after a score: `v` when the player to move of the analysed
    /// position (its first player) must make the next loony move, `^` when the second must.
    pub const fn suffix(self) -> &'static str {
        match self {
            NextLoony::Mover => "v",
            NextLoony::Opponent => "^",
            NextLoony::Nobody => "",
        }
    }

    /// The flag of a suffix printed by [`NextLoony::suffix`] (`"v"`, `"^"` or `""`).
    pub fn from_suffix(suffix: &str) -> Option<NextLoony> {
        NextLoony::ALL.into_iter().find(|f| f.suffix() == suffix)
    }

    /// How much the player to move likes the flag, 0 to 2 (higher is better), so that a
    /// score and its flag compare as `(score, preference)`.
    pub const fn preference(self) -> u8 {
        match self {
            NextLoony::Mover => 0,
            NextLoony::Nobody => 1,
            NextLoony::Opponent => 2,
        }
    }

    /// The flag of a [`NextLoony::preference`] (anything above 2 reads as `Opponent`).
    pub const fn from_preference(preference: u8) -> NextLoony {
        match preference {
            0 => NextLoony::Mover,
            1 => NextLoony::Nobody,
            _ => NextLoony::Opponent,
        }
    }

    /// The flag after a move, seen by the player who makes it, from the flag of the position
    /// it leads to: unchanged when the move completes a box (the mover moves again); the
    /// mover's own when the move is loony; the other side's view otherwise.
    pub const fn after_move(child: NextLoony, completes_box: bool, loony: bool) -> NextLoony {
        if completes_box {
            child
        } else if loony {
            NextLoony::Mover
        } else {
            child.swap()
        }
    }
}

/// Who must make the next loony move after a position and after each of its moves, as the
/// loony analysis reports them beside an [`crate::core::Analysis`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoonyFlags {
    /// After the position itself, from its player to move's side.
    pub value: NextLoony,
    /// After each move (line, flag), from the side of the position's player to move.
    pub moves: Vec<(usize, NextLoony)>,
}

impl LoonyFlags {
    /// The flag after the move `line` (`None` for a line without one).
    pub fn of(&self, line: usize) -> Option<NextLoony> {
        self.moves.iter().find(|(l, _)| *l == line).map(|&(_, f)| f)
    }

    /// The suffix of a move's score (`""` for a line without a flag).
    pub fn suffix(&self, line: usize) -> &'static str {
        self.of(line).map_or("", NextLoony::suffix)
    }
}
