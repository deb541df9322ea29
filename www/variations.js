// The moves tried from each position of a game, as a tree (a lichess-style analysis board):
// playing a different move where the game had gone on keeps the line it replaces as a
// variation. A position is named by the moves leading to it from the start (`prefix`, an
// array of lines); each position's moves are kept in the order they were first tried.

export class MoveTree {
  constructor() {
    this.root = { children: [] };
  }

  /** Adds the line of moves `moves` (from the start) to the tree. */
  add(moves) {
    let node = this.root;
    for (const line of moves) {
      let child = node.children.find((c) => c.line === line);
      if (!child) {
        child = { line, children: [] };
        node.children.push(child);
      }
      node = child;
    }
  }

  /** The node of the position after `prefix`, or undefined if it was never reached. */
  node(prefix) {
    let node = this.root;
    for (const line of prefix) {
      node = node?.children.find((c) => c.line === line);
    }
    return node;
  }

  /** The moves after `prefix` that follow, at each position, the first move tried there. */
  continuation(prefix) {
    const moves = [];
    for (let node = this.node(prefix); node?.children.length; node = node.children[0]) moves.push(node.children[0].line);
    return moves;
  }

  /**
   * The variations at the position after `prefix` other than the move `except`: one line
   * of moves for each other move tried there, continued as `continuation` does.
   */
  variations(prefix, except) {
    const node = this.node(prefix);
    return (node?.children ?? []).filter((c) => c.line !== except).map((c) => [c.line, ...this.continuation([...prefix, c.line])]);
  }
}
