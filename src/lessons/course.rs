//! The course itself: eight lessons in the order of Berlekamp's *The Dots and Boxes Game*
//! (2000), each exercise a position drawn as a diagram (see [`super::diagram`]). The answers
//! are not written here: [`super::build`] computes them, and refuses a position where every
//! move is best. Positions are small (2×2 to 5×5 boards, few open lines) so the exact solvers
//! answer at once; some were found by drawing settled positions at random
//! ([`crate::chains::settled`]) and keeping those that show the lesson's idea.

use super::{ExerciseSpec, Idea, LessonSpec};

/// Shorthand for an exercise.
const fn ex(diagram: &'static [&'static str], question: &'static str) -> ExerciseSpec {
    ExerciseSpec { diagram, question }
}

const THIRD: &str =
    "You are to move. Find a best move: first see which lines would give a box its third side, and avoid them.";
const OFFERED: &str = "Your opponent has opened a chain for you. Which line now: take the next box (on the way to taking them all), or, with two boxes left in it, decline them with the double-dealing line?";
const PARITY: &str = "You are to move. Find a best move: how many long chains will there be, and which count do you want?";
const LOOPS: &str = "You are to move. Find a best move: where is the loop? If it is still closed, what does opening it cost; if it was opened for you, take all of it or decline the last four?";
const GIVE_UP: &str = "Your opponent opened a chain or loop, and you have taken all of it but the last two boxes (four in a loop). Take on, or decline them and keep control: is control worth its price here?";
const SAFE: &str = "You are to move. Find a best move: count the safe moves and the short chains left, and who will run out of them first.";
const NIM: &str = "You are to move and have control. Find a best move: which moves leave the nim-sum *0 (regions joined only through the border are separate games), and which of those is best in boxes?";
const ENDGAME: &str =
    "Only chains and loops are left (or nearly). Which should be opened, or taken, now?";

/// The words the explanations use before (or without) the lesson that teaches them, shown
/// apart from the lessons' texts (the page folds it away under "Words the explanations use"):
/// lesson 1's answers already speak of control and nimstring values, and a glossary at the end
/// of its text pushed its board off a phone's screen.
pub const GLOSSARY: &str = "A long chain has three boxes or more, and opening one hands it to \
     your opponent. Control is being the player to whom every long chain is handed (lessons 2 \
     and 5). A loony move hands over such a chain, or boxes your opponent may decline to keep \
     control (lesson 2). The nimstring value says who can win control (lesson 7): written *0, \
     *1, *2 and so on, it is *0 when the player to move cannot, and it is loony after a loony \
     move. A loop is a chain closed on itself, and declining one takes all but four of its \
     boxes (lesson 4). A junction is a box with three or four open sides, where chains meet, and \
     the junctions with the lines between them are the unsettled region, not yet chains and \
     loops. A half-hearted handout offers two boxes by an end line, so that they can be \
     declined (lesson 8). The number on a line, once answered, is its score: the net boxes, \
     yours minus your opponent's, from that move on with best play.";

/// The course, in teaching order.
pub const COURSE: &[LessonSpec] = &[
    LessonSpec {
        title: "Don't give the third side",
        idea: Idea::NoThirdSide,
        text: "A box belongs to whoever draws its fourth side, and that player moves again. So a line \
               that gives a box its third side hands the box to your opponent. Early on, play safe \
               moves: lines that leave every box with two sides or fewer. A box with three sides is \
               free: take it, unless a later lesson says otherwise (yellow on the board: such a \
               box and the chain that falls with it). Left, it is your opponent's, and the line \
               taking it may give the next box its third side, so while one stands no line of \
               yours is really safe. \
               The explanations after each answer use words the later lessons teach: the page \
               lists them under Words the explanations use.",
        exercises: &[
            ex(&["+ + + +", "    |", "+-+-+-+", "", "+ +-+ +"], THIRD),
            ex(&["+ + +-+", "", "+ +-+-+", "|", "+-+ + +"], THIRD),
            ex(&["+ + + +", "", "+-+ +-+", "|   |", "+ + + +", "  |   |", "+ +-+-+"], THIRD),
            ex(&["+-+-+ +", "|", "+ +-+-+", "|", "+ + + +", "      |", "+-+ + +"], THIRD),
            ex(&["+ + + +", "  |", "+-+-+ +", "", "+-+ + +", "|   |", "+ +-+-+"], THIRD),
            ex(&["+-+-+", "    |", "+ +-+", "|", "+-+ +"], THIRD),
        ],
    },
    LessonSpec {
        title: "Double-dealing: all but two, and when to decline",
        idea: Idea::AllButTwo,
        text: "When your opponent opens a long chain (three boxes or more) you may take every box, \
               but then you must move again, usually opening the next chain for them. Or take all \
               but the last two and draw the line at the far end: a double-dealing move. It leaves \
               those two boxes to your opponent, who takes them with one line (a double-cross) and \
               must then open the next chain. Declining costs two boxes and keeps control (being the \
               player every chain is handed to): do it while enough is still to come; from the \
               last chain, take everything. Opening a long chain, or offering boxes your opponent \
               can decline like this, is called a loony move.",
        exercises: &[
            ex(&["+-+-+-+", "| |", "+-+-+-+", "", "+-+-+-+", "", "+-+-+-+"], OFFERED),
            ex(&["+-+-+-+", "| |", "+-+-+-+", "|#|#|#|", "+-+-+-+", "|#|#|#|", "+-+-+-+"], OFFERED),
            ex(&["+-+-+-+-+", "| | |", "+-+-+-+-+", "", "+-+-+-+-+", "", "+-+-+-+-+", "", "+-+-+-+-+"], OFFERED),
            ex(&["+-+-+-+-+", "| | |", "+-+-+-+-+", "", "+-+-+-+-+"], OFFERED),
            ex(&["+-+-+-+", "| |", "+-+-+-+", "|     |", "+ +-+ +", "|     |", "+-+-+-+"], OFFERED),
            ex(&["+-+-+-+-+", "| | |", "+-+-+-+-+", "", "+-+-+-+-+", "|#|#|#|#|", "+-+-+-+-+", "|#|#|#|#|", "+-+-+-+-+"], OFFERED),
        ],
    },
    LessonSpec {
        title: "The long chain rule and parity",
        idea: Idea::FirstLongChain,
        text: "Whoever must open the first long chain usually loses most of the rest. The long \
               chain rule says who that will be. It counts turns (a turn ends with a line that \
               takes no box, or with the game): Berlekamp's Dots + Double-crosses = Turns. The \
               count is the open lines minus the boxes left, plus one (the Play page's coach \
               shows it): the turns still to come, yours first, if no box is ever taken two at \
               a time. On an empty board it is the number of dots, as lines minus boxes plus \
               one always is there (Euler's formula), hence the rule's name. Each long chain \
               but the last is declined, and its last two boxes taken by one line, a \
               double-cross, which saves a turn; whoever plays the last turn takes the last \
               chain. So the player to move wants the count plus the long chains even; the \
               opponent wants it odd. Loops do not count (declining one costs four boxes and \
               two double-crosses, which leaves the parity as it was), nor does a chain running \
               from a junction back to the same junction: once the junction's other arms are \
               gone, it closes into a loop. (On an empty board the player to move is the first \
               player: on 3×3, 16 dots, they want an even number of long chains; on 4×4, 25 \
               dots, an odd one.) While the chains are still forming, fight for your count: \
               joining two chains, splitting one, or keeping one short changes it. The count is \
               a rule of thumb: where chains still meet at a junction box, who must open first \
               can differ from it, and nimstring (lesson 7) decides exactly.",
        exercises: &[
            ex(&["+-+ + +", "", "+-+-+ +", "      |", "+-+ + +", "  |   |", "+ +-+-+"], PARITY),
            ex(&["+ + +-+", "  |", "+-+ + +", "  |   |", "+ +-+-+", "|     |", "+ + + +"], PARITY),
            ex(&["+ +-+-+", "  |   |", "+-+ + +", "    |", "+ + + +", "  |   |", "+ +-+ +"], PARITY),
            ex(&["+-+-+-+-+", "|   |   |", "+ + + + +", "|     | |", "+ +-+ + +", "|   | | |", "+-+ + + +", "|   | | |", "+ +-+ + +"], PARITY),
            ex(&["+-+ +-+ +", "  |     |", "+ +-+-+ +", "| |   |", "+ + + + +", "| |   | |", "+ +-+-+ +", "|       |", "+-+-+-+-+"], PARITY),
        ],
    },
    LessonSpec {
        title: "Loops and all but four",
        idea: Idea::Loops,
        text: "A loop is a chain closed on itself. When a loop is opened, the player in control \
               can keep control only by declining four boxes (all but four, with one line between \
               two pairs) instead of two. So a loop costs the controller twice what a chain does, \
               and the player without control should offer loops while they can.",
        exercises: &[
            ex(&["+-+-+ +", "| | | |", "+ + + +", "|   | |", "+-+-+ +", "      |", "+-+-+-+"], LOOPS),
            ex(&["+ +-+-+-+", "| |   |", "+ + + + +", "|   |   |", "+-+-+-+-+", "|#|#|   |", "+-+-+-+ +", "|#|#|   |", "+-+-+-+-+"], LOOPS),
            ex(&["+-+-+-+", "| | |", "+ + + +", "|   |", "+-+-+-+", "|   |", "+ + + +"], LOOPS),
            ex(&["+-+-+ +", "|   | |", "+ + + +", "|   | |", "+-+-+ +", "|   |", "+ + +-+", "| |", "+ +-+-+"], LOOPS),
            ex(&["+-+-+-+", "      |", "+-+-+ +", "|     |", "+ +-+-+", "| |   |", "+ + + +", "| |   |", "+ +-+-+"], LOOPS),
        ],
    },
    LessonSpec {
        title: "Control, and when to give it up",
        idea: Idea::TakeOrDecline,
        text: "Control means your opponent must open every long chain and loop for you. It has a \
               price: two boxes for each chain you decline, four for each loop, though the last one \
               you take whole. When what is left is worth less than keeping control costs (short \
               chains, loops you would have to decline), take everything offered and let your \
               opponent have control.",
        exercises: &[
            ex(&["+-+-+-+-+", "|#|#|", "+-+-+-+-+", "|#|#|   |", "+-+-+ + +", "|#|#|   |", "+-+-+-+-+"], GIVE_UP),
            ex(&["+-+-+-+", "  |   |", "+ + + +", "| |   |", "+ +-+-+", "|", "+-+-+-+", "|   |#|", "+ +-+-+"], GIVE_UP),
            ex(&["+-+-+ +", "|#|   |", "+-+-+-+", "    |", "+-+ + +", "|   | |", "+ +-+ +", "| |   |", "+ + +-+"], GIVE_UP),
            ex(&["+-+-+-+", "  |", "+ +-+-+", "  |#|#|", "+-+-+-+", "  |#|#|", "+ +-+-+"], GIVE_UP),
            ex(&["+-+-+-+ +", "  |#|#|", "+ +-+-+-+", "|   |#| |", "+-+ +-+ +", "  |   | |", "+ +-+ + +"], GIVE_UP),
            ex(&["+-+-+-+", "|   |#|", "+ +-+-+", "| |   |", "+ + + +", "| |   |", "+-+-+-+", "|", "+ +-+-+"], GIVE_UP),
        ],
    },
    LessonSpec {
        title: "Counting safe moves",
        idea: Idea::SafeCount,
        text: "Before anyone must open a long chain or loop, both players play safe moves, and \
               whoever runs out of them first must open something. Short chains put that off: \
               handing out a single box, or a 2-chain by its middle line, costs a box or two but \
               passes the turn, since the taker must move again. So count the safe moves and the \
               short chains left: most lines use up one safe move, but a line can use up two at \
               once (it gives two boxes their second side), and a line can make a chain, or make \
               one short or long. Choose the line after which your opponent runs out of both \
               first, and so must make the first loony move: open a long chain or loop.",
        exercises: &[
            ex(&["+ +-+ +", "    |", "+ + +-+", "|     |", "+ + + +", "|   |", "+-+-+-+"], SAFE),
            ex(&["+-+ + +", "  | |", "+ + +-+", "| | |", "+ + + +", "    | |", "+-+ + +"], SAFE),
            ex(&["+-+ +-+ +", "  |     |", "+ + + +-+", "| | |   |", "+ + +-+ +", "| |   |", "+ +-+ +-+", "      |", "+-+-+-+ +"], SAFE),
            ex(&["+-+-+ +-+", "|   |", "+ + + +-+", "| | |", "+ + +-+-+", "  | |", "+ + + +-+"], SAFE),
            ex(&["+ +-+-+", "| |", "+ + +-+", "| | |", "+ + + +", "| |", "+ + +-+", "|", "+-+-+-+"], SAFE),
            ex(&["+-+-+-+-+", "    |   |", "+ + + + +", "|   |   |", "+ +-+-+-+", "| |   |", "+ + + + +", "|   |   |", "+-+ + +-+"], SAFE),
        ],
    },
    LessonSpec {
        title: "Nimstring: adding independent regions",
        idea: Idea::Nimstring,
        text: "The fight for control is nimstring: Dots and Boxes where whoever takes the last box \
               loses. Parts of the board joined only through the border are independent games, \
               each with a nimber value *0, *1, *2, … and their values add by nim-sum (exclusive \
               or). A region's value is the smallest nimber that none of its moves leaves (the \
               mex), loony moves left out: a loony move loses nimstring for whoever makes it, \
               since the opponent may take the boxes or decline them, whichever wins; taking a box changes nothing (the taker moves again). So a long chain or a \
               loop alone is *0 (whoever must open it loses the fight for control), and a single \
               box or a 2-chain alone is *1 (its opening leaves *0 to the opponent). The player to move has control when the sum is not *0; a move that keeps it \
               leaves the sum *0 for the opponent. Often several moves do, and they are not worth \
               the same: control decides who opens the long chains, but the boxes given away on \
               the way and the lengths of the chains left decide the score, so weigh those too. \
               The Play page's coach reports the sum.",
        exercises: &[
            ex(&["+-+-+ +", "|     |", "+ +-+-+", "", "+-+-+-+", "  |", "+ + +-+"], NIM),
            ex(&["+-+ + +", "    |", "+-+-+-+", "|   |", "+ + + +", "| | |", "+ + +-+"], NIM),
            ex(&["+ +-+-+", "|     |", "+-+ + +", "  |   |", "+ +-+-+", "| |", "+ + +-+"], NIM),
            ex(&["+-+ + +", "      |", "+-+-+ +", "|   | |", "+ + + +", "|   | |", "+ +-+ +"], NIM),
            ex(&["+ + + +", "  |", "+ + +-+", "  |   |", "+ + + +", "  |", "+ + + +", "  |", "+ +-+ +"], NIM),
            ex(&["+ +-+ + +", "  |   | |", "+-+ +-+ +", "  | |   |", "+ + + +-+", "|       |", "+-+-+-+ +"], NIM),
        ],
    },
    LessonSpec {
        title: "Endgames of several chains and loops",
        idea: Idea::OpeningOrder,
        text: "When only chains and loops are left, every move opens one. The player without \
               control usually opens them in the order that costs the controller most: short \
               chains first, the smallest first (a single box before a 2-chain: the short chains \
               are handed out in turn, so the one you leave comes back to you; a 2-chain is best \
               offered by its middle line, a hard-hearted handout that cannot be declined, \
               whereas offered by its end line, half-heartedly, it can be), then loops before \
               long chains (declining a loop costs the controller four boxes, a chain two), \
               smallest first. The controller weighs at \
               every offer whether keeping control is still worth two boxes (four in a loop).",
        exercises: &[
            ex(&["+ + + +", "  |   |", "+-+-+-+", "|     |", "+ +-+ +", "|   | |", "+-+ + +"], ENDGAME),
            ex(&["+ +-+ +", "|   |", "+-+ +-+", "  | |", "+ + + +", "|   |", "+-+-+-+"], ENDGAME),
            ex(&["+ +-+-+", "  |   |", "+-+ + +", "    |", "+-+-+-+", "      |", "+-+-+ +"], ENDGAME),
            ex(&["+ +-+ + +", "|   |   |", "+-+ +-+-+", "    |   |", "+-+-+ + +", "      |", "+-+-+-+-+"], ENDGAME),
            ex(&["+-+ +-+ +", "|   |   |", "+ +-+ +-+", "|   | |", "+-+ + + +", "  |   | |", "+ +-+-+ +"], ENDGAME),
            ex(&["+ +-+-+-+", "  |   |", "+-+ + + +", "  | |   |", "+ + +-+-+", "| |     |", "+ +-+-+ +"], ENDGAME),
            ex(&["+-+-+-+-+", "|       |", "+ +-+-+ +", "|       |", "+-+-+-+-+", "|   |   |", "+ + + + +", "|   |   |", "+-+-+-+-+"], ENDGAME),
            ex(&["+-+-+-+-+-+", "|   |     |", "+ + + +-+ +", "|   |     |", "+-+-+-+-+-+", "", "+-+-+-+-+-+", "", "+-+-+-+-+-+", "|#|#|#|#|#|", "+-+-+-+-+-+"], ENDGAME),
        ],
    },
];
