"""Type stubs of the compiled extension (python/src). The package's public functions in
``dotbox`` wrap these; their JSON is the command line's (``dotbox analyze --json``) with
``exact`` and ``best`` added."""

import os
from pathlib import Path
from typing import List, Optional, Tuple, Union

__version__: str

class DotboxError(ValueError):
    """Bad input (of any type) or a failed solve; the message is the dotbox command line's, naming the argument at fault as Python names it (board, lines, method, time_limit, seed, ...), never a command-line option."""

def analyze_json(
    board: str,
    lines: str,
    method: Optional[str] = None,
    time_limit: Optional[float] = None,
    book: Optional[Union[str, os.PathLike]] = None,
    seed: Optional[int] = None,
) -> str: ...
def solve_json(
    board: str,
    lines: str,
    store: Optional[Union[str, os.PathLike]] = None,
    memory: Optional[int] = None,
) -> str: ...
def check_options(
    method: Optional[str] = None,
    time_limit: Optional[float] = None,
    seed: Optional[int] = None,
) -> None: ...
def options_read(method: Optional[str] = None) -> List[str]: ...
def rules_move(board: str, lines: str, random: float = 0.0) -> Optional[int]: ...
def position(board: str, lines: str = "") -> Tuple[str, int, int, int, List[int]]: ...
def board(name: str) -> Tuple[str, int, int, int, List[int]]: ...
def shipped_book(board: str) -> Optional[Path]: ...

class Book:
    """An opening book (format 2) read chunk by chunk."""

    def __init__(self, path: Union[str, os.PathLike]) -> None: ...
    @property
    def board(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def chunks_held(self) -> int: ...
    @property
    def path(self) -> Path: ...
    def analyze_json(self, lines: str, board: Optional[str] = None) -> str: ...
    def verify(self, deep: bool = False) -> Tuple[int, int]: ...
