"""python -m games.party.engine: bad input is one `error:` line and exit 2, whatever it is."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from games.party.engine.rng import SplitMix64

ROOT = Path(__file__).resolve().parents[2]
TWO = b'{"seats": [{"id": "a"}, {"id": "b"}], '


def cli(data: bytes) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "games.party.engine"], input=data, capture_output=True, cwd=ROOT
    )


@pytest.mark.parametrize(
    "data",
    [
        b"not json",
        b"\xff\xfe",
        b"[" * 100_000,
        b'{"seats": [{"id": "a"}, {"id": "b"}], "seed": 1' + b"0" * 5000 + b"}",
        b'{"seats": [{"id": "a"}, {"id": "b"}], "seed": NaN}',
        b'{"seats": [{"id": "a"}, {"id": "b"}], "seed": true}',
        b'{"seats": [{"id": "a"}, {"id": "a"}]}',
        b'{"seats": [{"id": "a"}, {"id": "\\ud800"}]}',
        TWO
        + b'"deck": {"format": "party-deck/1", "name": "x", "cards": [{"archetype": '
        + b"[" * 900
        + b"]" * 900
        + b"}]}}",
        TWO + b'"actions": [{"type": "play", "seat": "a", "t": 1.0, "cards": ["red-1#1"]}]}',
        TWO + b'"actions": [{"type": "play", "seat": "a", "t": 1}]}',
        b'{"seats": [{"id": "a"}, {"id": "b"}], "deck": {"format": "party-deck/1"}}',
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(data):
    proc = cli(data)
    assert proc.returncode == 2
    assert proc.stdout == b""
    lines = proc.stderr.decode().strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")


def test_a_game_prints_one_json_object():
    proc = cli(json.dumps({"seed": 4, "seats": [{"id": "a"}, {"id": "b", "bot": True}]}).encode())
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["awaiting"] == {**out["awaiting"], "seat": "a", "decision": "turn"}
    assert set(out["views"]) == {"a", "b", "party"}


def test_splitmix64_test_vectors():
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    rng = SplitMix64(42)
    assert [rng.next(), rng.next()] == [13679457532755275413, 2949826092126892291]
    rng = SplitMix64(42)
    assert [rng.below(10) for _ in range(5)] == [7, 1, 2, 3, 0]
    items = list(range(10))
    SplitMix64(7).shuffle(items)
    assert items == [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]
