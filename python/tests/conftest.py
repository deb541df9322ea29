"""Shared fixtures: the command line built from the same checkout, the reference every value
through Python is checked against."""

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    """Runs ``dotbox analyze BOARD --lines L --json`` and returns its JSON."""
    exe = Path(os.environ.get("DOTBOX_CLI", ROOT / "target" / "release" / "dotbox"))
    if not exe.is_file():
        pytest.fail(f"{exe} is missing: build it with `cargo build --release --bin dotbox`")

    def analyze(board, lines=()):
        out = subprocess.run(
            [str(exe), "analyze", board, "--lines", ",".join(map(str, lines)), "--json"],
            check=True,
            capture_output=True,
            text=True,
        )
        return json.loads(out.stdout)

    return analyze
