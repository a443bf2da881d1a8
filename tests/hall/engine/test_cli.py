"""python -m games.hall.engine: JSON in, JSON out; bad input of any kind is one
`error:` line on stderr, nothing on stdout, exit 2, never a traceback."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
GAME = {
    "seed": 3,
    "kind": "duel",
    "players": [
        {"id": "ann", "chips": 1, "hand": ["2H", "3H", "4H", "5H", "6H"], "inventory": ["9C"]},
        {"id": "bo", "chips": 1, "hand": ["2C", "3C", "4C", "5C"]},
    ],
    "actions": [{"type": "start"}, {"type": "play", "player": "ann", "card": "2H"}],
}


def engine(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.hall.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


def encoded(game: dict) -> bytes:
    return json.dumps(game).encode()


def assert_input_error(proc: subprocess.CompletedProcess, message: str = "") -> None:
    stderr = proc.stderr.decode()
    assert proc.returncode == 2, stderr
    assert proc.stdout == b""
    assert stderr.startswith("error: ")
    assert stderr.count("\n") == 1 and stderr.endswith("\n")
    assert "Traceback" not in stderr
    assert message in stderr


def test_reads_stdin_and_prints_one_json_line():
    proc = engine(stdin=encoded(GAME))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count(b"\n") == 1
    out = json.loads(proc.stdout)
    assert out["stage"] == "playing"
    assert out["pile"] == ["2H"]
    assert out["awaiting"]["player"] == "bo"
    assert proc.stderr == b""


def test_reads_a_file(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(encoded(GAME))
    assert json.loads(engine(str(path)).stdout) == json.loads(engine(stdin=encoded(GAME)).stdout)


def test_a_refused_move_is_not_an_input_error():
    game = {**GAME, "actions": [*GAME["actions"], {"type": "play", "player": "ann", "card": "9C"}]}
    proc = engine(stdin=encoded(game))
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["refusals"][0]["code"] == "not_awaited"


def test_output_is_ascii_even_for_lone_surrogates_in_ids():
    text = encoded(GAME).decode().replace('"bo"', '"\\ud800"')
    proc = engine(stdin=text.encode())
    assert proc.returncode == 0, proc.stderr
    proc.stdout.decode("ascii")
    assert json.loads(proc.stdout)["players"][1]["id"] == "\ud800"


def test_missing_file_is_an_error_not_a_traceback():
    assert_input_error(engine("/nonexistent/game.json"), "cannot read")


def test_two_arguments_are_a_usage_error():
    assert_input_error(engine("a.json", "b.json"), "usage")


def with_field(path: str, raw: str) -> bytes:
    """GAME's JSON with one value replaced by raw JSON text (floats, huge numbers ...)."""
    placeholder = "__RAW__"
    game = json.loads(json.dumps(GAME))
    *parents, last = path.split(".")
    node = game
    for key in parents:
        node = node[int(key)] if key.isdigit() else node[key]
    node[int(last) if last.isdigit() else last] = placeholder
    return json.dumps(game).replace(f'"{placeholder}"', raw).encode()


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        pytest.param(b"\xff\xfe{}", "not UTF-8", id="not-utf8"),
        pytest.param(json.dumps(GAME).encode("utf-16"), "not UTF-8", id="utf16"),
        pytest.param(b"[" * 100_000 + b"]" * 100_000, "nests deeper", id="deep-nesting"),
        pytest.param(
            with_field("note", "[" * 100_000 + "]" * 100_000), "nests deeper", id="deep-unknown"
        ),
        pytest.param(with_field("seed", "9" * 5000), "more than 4300 digits", id="huge-seed"),
        pytest.param(with_field("note", "-" + "1" * 5000), "digits", id="huge-unknown-field"),
        pytest.param(b"", "not JSON", id="empty"),
        pytest.param(b"{", "not JSON", id="truncated"),
        pytest.param(b"\xef\xbb\xbf" + encoded(GAME), "not JSON", id="utf8-bom"),
        pytest.param(b"[]", "must be an object", id="list"),
        pytest.param(b'"game"', "must be an object", id="string"),
        pytest.param(b"null", "must be an object", id="null"),
        pytest.param(b"42", "must be an object", id="number"),
        pytest.param(with_field("seed", "NaN"), "NaN", id="nan"),
        pytest.param(with_field("seed", "-Infinity"), "Infinity", id="infinity"),
        pytest.param(with_field("seed", "1.5"), "'seed' must be an integer", id="float-seed"),
        pytest.param(with_field("seed", "true"), "'seed' must be an integer", id="bool-seed"),
        pytest.param(with_field("players.0.chips", "2.0"), "'chips'", id="float-chips"),
        pytest.param(with_field("players.0.chips", "false"), "'chips'", id="bool-chips"),
        pytest.param(
            with_field("actions.1", '{"type": "bet", "player": "ann", "amount": 1e0}'),
            "'amount' must be an integer",
            id="exponent-amount",
        ),
        pytest.param(
            with_field("actions.1", '{"type": "inventory", "player": "ann", "chips": true}'),
            "'chips' must be an integer",
            id="bool-inventory-chips",
        ),
        pytest.param(with_field("players.1.hand", '["2C"]'), "at least 4", id="short-hand"),
        pytest.param(with_field("actions.1.card", '"2h"'), "card id", id="lower-case-card"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(stdin, message):
    assert_input_error(engine(stdin=stdin), message)
