"""python -m games.ladder.engine: JSON in, JSON out, one error line and exit 2 on bad input."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
DAY = {
    "noon": "2026-12-08",
    "seed": 3,
    "contestants": [{"id": "ava", "score": 1}, {"id": "bo", "score": 2}],
    "players": [{"id": "tc"}],
    "votes": [{"player": "tc", "contestant": "ava", "direction": "up", "points": 5}],
    "plays": [],
}


def engine(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.ladder.engine", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_reads_stdin_and_prints_outcome():
    proc = engine(stdin=json.dumps(DAY))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [row["id"] for row in out["ladder"]] == ["ava", "bo"]
    assert out["ladder"][0] | {"delta": 5, "moved": 1, "rank": 1} == out["ladder"][0]
    assert out["players"][0]["season_votes"] == 1


def test_reads_a_file(tmp_path):
    day = tmp_path / "day.json"
    day.write_text(json.dumps(DAY))
    assert json.loads(engine(str(day)).stdout)["noon"] == "2026-12-08"


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("[]", "the day must be an object"),
        ("{", "not JSON"),
        (json.dumps({**DAY, "seed": "x"}), "'seed' must be an integer"),
        (json.dumps({k: v for k, v in DAY.items() if k != "noon"}), "missing field 'noon'"),
        (
            json.dumps({**DAY, "plays": [{"player": "tc", "card": "boost", "target": "zed"}]}),
            "unknown contestant 'zed'",
        ),
        (
            json.dumps({**DAY, "votes": [{**DAY["votes"][0], "direction": "sideways"}]}),
            "'direction' must be 'up' or 'down'",
        ),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(stdin, message):
    proc = engine(stdin=stdin)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: ")
    assert message in proc.stderr
    assert proc.stderr.count("\n") == 1
    assert "Traceback" not in proc.stderr


def test_missing_file_is_an_error_not_a_traceback():
    proc = engine("/nonexistent/day.json")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: cannot read")


def engine_bytes(stdin: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.ladder.engine"],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        timeout=60,
    )


HUGE = "9" * 4300  # Python's default int digit limit: parses, but one more digit won't print


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "the JSON is nested too deeply"),
        (json.dumps(DAY).replace('"seed": 3', '"seed": 9' + HUGE).encode(), "number is too long"),
        (
            json.dumps(DAY).replace('"ava", "score": 1', f'"ava", "score": {HUGE}').encode(),
            "too long",
        ),
        (json.dumps(DAY).encode().replace(b'"tc"', b'"t\xe9"'), "not UTF-8: byte 125 is b'\\xe9'"),
    ],
)
def test_input_that_crashes_python_json_is_one_error_line(stdin, message):
    """Deep nesting, an integer past the digit limit (read, or made by noon and written),
    bytes that are not UTF-8: one error line, exit 2, never a traceback."""
    proc = engine_bytes(stdin)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == b""
    err = proc.stderr.decode()
    assert err.startswith("error: ") and err.count("\n") == 1, err
    assert message in err
