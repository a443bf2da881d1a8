"""python -m games.chaos.engine [FILE]: JSON in, JSON out; unreadable input is one
`error:` line on stderr and exit 2, never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
GAME = {"seats": [{"id": "ann"}, {"id": "ben"}, {"id": "cat"}], "hand_size": 5}


def engine(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.chaos.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def test_a_game_from_stdin_and_from_a_file_give_the_same_json(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(GAME))
    from_stdin = engine(stdin=json.dumps(GAME).encode())
    from_file = engine(str(path))
    assert from_stdin.returncode == from_file.returncode == 0
    assert from_stdin.stdout == from_file.stdout
    out = json.loads(from_stdin.stdout)
    assert out["status"] == "playing" and out["awaiting"]["decision"] == "turn"


def three(**extra) -> bytes:
    """A three-seat game with `extra` fields, as bytes."""
    return json.dumps({"seats": [{"id": "a"}, {"id": "b"}, {"id": "c"}], **extra}).encode()


@pytest.mark.parametrize(
    "payload",
    [
        b"{seats: ",
        b"\xff\xfe{}",
        b"[]",
        b'{"seats": [{"id": "a"}, {"id": "b"}]}',
        b'{"seats": [{"id": "a"}, {"id": "b"}, {"id": "b"}]}',
        three(seed=True),
        three(seed=2**64),
        three(hand_size=10),
        three(actions=[{"type": "dance", "seat": "a"}]),
        three(actions=[{"type": "play", "seat": "a", "card": "X9"}]),
        three(actions=[{"type": "play", "seat": "z", "card": "A1"}]),
        three(actions=[{"type": "say", "seat": "a", "text": "x" * 1001}]),
        three(setup={"conditions": ["W1", "W2"]}),
        three(setup={"hands": {"a": ["A1"], "b": ["A1"]}}),
        three(setup={"taken": ["a", "b", "c"]}),
        three(setup={"modifiers": {"a": "AN1"}}),
        b"[" * 100_000,
        b'{"seed": ' + b"9" * 5000 + b"}",
    ],
)
def test_unreadable_input_is_one_error_line_and_exit_2(payload):
    proc = engine(stdin=payload)
    assert proc.returncode == 2
    assert proc.stdout == b""
    lines = proc.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")


def test_a_missing_file_and_extra_arguments_are_errors(tmp_path):
    for args in ([str(tmp_path / "nope.json")], ["a.json", "b.json"]):
        proc = engine(*args)
        assert proc.returncode == 2 and proc.stderr.decode().startswith("error: ")
