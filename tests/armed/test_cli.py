"""`python -m games.armed.engine [FILE]`: the result on stdout, or one `error:` line on
stderr and exit 2 for any input it cannot read (armed-engine.md, "Command line", S53)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.armed.engine import run

ROOT = Path(__file__).resolve().parents[2]
GAME = {"seed": 3, "seats": [{"id": "ann"}, {"id": "bo"}, {"id": "cy"}]}


def engine(stdin: bytes, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.armed.engine", *args],
        input=stdin,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )


def test_a_game_on_stdin_prints_its_result():
    proc = engine(json.dumps(GAME).encode())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == run(GAME)


def test_a_game_in_a_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    proc = engine(b"", str(path))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["first"] == run(GAME)["first"]


@pytest.mark.parametrize(
    "stdin",
    [
        b"",
        b"not json",
        b"[1, 2]",
        b"\xef\xbb\xbf" + json.dumps(GAME).encode(),  # S53: a byte order mark
        b"\xff\xfe" + json.dumps(GAME).encode("utf-16-le"),
        b"[" * 100_000 + b"]" * 100_000,
        b'{"seed": ' + b"9" * 5000 + b', "seats": []}',
        b'{"seed": NaN, "seats": []}',
        json.dumps({**GAME, "seed": 2**64}).encode(),
        json.dumps({**GAME, "seed": 1.0}).encode(),
        json.dumps({**GAME, "seats": GAME["seats"] * 2 + [{"id": "x"}]}).encode(),
        json.dumps({**GAME, "actions": [{"type": "dance", "seat": "ann"}]}).encode(),
        json.dumps({**GAME, "actions": [{"type": "fire", "seat": "ann"}]}).encode(),
        json.dumps({**GAME, "setup": {"hands": {"ann": None}}}).encode(),
    ],
)
def test_unreadable_input_is_one_error_line_and_exit_2(stdin):
    proc = engine(stdin)
    assert proc.returncode == 2
    assert proc.stdout == b""
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr


def test_a_missing_file_and_extra_arguments_are_errors(tmp_path):
    missing = engine(b"", str(tmp_path / "nope.json"))
    assert missing.returncode == 2 and missing.stderr.startswith(b"error: cannot read")
    usage = engine(b"", "a", "b")
    assert usage.returncode == 2 and usage.stderr.startswith(b"error: usage")


def test_a_repeated_key_takes_its_last_value():
    """S53: what standard JSON readers do."""
    text = '{"seed": 99, "seats": [{"id": "ann"}, {"id": "bo"}, {"id": "cy"}], "seed": 3}'
    proc = engine(text.encode())
    assert json.loads(proc.stdout) == run(GAME)
