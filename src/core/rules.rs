//! [`Rules`]: scoring variants every solver honours.

/// Scoring variants of the game. The default is plain Dots-and-Boxes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Boxes the player who draws the last line loses (net). Teachers use it to show how
    /// control and nimstring take over: with a penalty larger than any box count, the best
    /// moves are those of nimstring, where the player who cannot move (here: who must move
    /// last) loses.
    pub last_move_penalty: i32,
}

impl Rules {
    /// Plain rules with a last-move penalty.
    pub const fn with_last_move_penalty(last_move_penalty: i32) -> Rules {
        Rules { last_move_penalty }
    }

    /// The value of the full board for the player to move there. The last line always
    /// completes a box, so the player to move on the full board is the one who drew it.
    /// (Saturating: a penalty of `i32::MIN` has no negative; the solvers refuse a penalty
    /// past their score range anyway.)
    pub const fn terminal_value(&self) -> i32 {
        self.last_move_penalty.saturating_neg()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_full_boards_value_is_the_penalty_against_its_drawer_even_at_the_extreme() {
        assert_eq!(Rules::default().terminal_value(), 0);
        assert_eq!(Rules::with_last_move_penalty(3).terminal_value(), -3);
        assert_eq!(Rules::with_last_move_penalty(-2).terminal_value(), 2);
        assert_eq!(
            Rules::with_last_move_penalty(i32::MIN).terminal_value(),
            i32::MAX
        );
    }
}
