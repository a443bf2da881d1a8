"""The shared scenario book and our own case book, run by the shared checker (R6.*)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
CHECKER = ROOT.parent / "shared" / "tools" / "check_scenarios.py"
OWN_CASES = Path(__file__).resolve().parent / "cases"

needs_checker = pytest.mark.skipif(
    not CHECKER.exists(), reason="../shared/tools/check_scenarios.py is not beside this checkout"
)


def run_checker(*paths: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(CHECKER), *map(str, paths)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


@needs_checker
def test_shared_scenarios_pass():
    proc = run_checker()
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed")


@needs_checker
def test_own_case_book_passes():
    proc = run_checker(OWN_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed")


def test_every_own_case_cites_rules():
    import json

    for path in OWN_CASES.glob("*.json"):
        case = json.loads(path.read_text())
        if not case["expect"].get("error") or case["rules"]:
            assert case["rules"], f"{path.name} cites no rule"
            assert all(r.startswith("R") for r in case["rules"]), path.name


# Keys our own case book adds for what the Chaos Report needs from a noon (R8.2, R8.4); the
# shared checker ignores keys it does not know, so these are checked here.
REPORT_KEYS = ("votes_up", "votes_down", "chaos", "effect", "effect_contestant", "vote_points")


def report_cases() -> list[Path]:
    import json

    return [
        path
        for path in sorted(OWN_CASES.glob("*.json"))
        if {*REPORT_KEYS, "parts_add_up"} & json.loads(path.read_text())["expect"].keys()
    ]


@pytest.mark.parametrize("path", report_cases(), ids=lambda p: p.stem)
def test_own_cases_report_numbers(path):
    """Per contestant: points up and down as landed and Chaos; per card: what it did."""
    import json

    from games.ladder.engine.jsonio import day_from_json, result_to_json
    from games.ladder.engine.resolve import resolve_noon

    case = json.loads(path.read_text())
    out = result_to_json(resolve_noon(day_from_json(case["input"])))
    expect = case["expect"]
    rows = {row["id"]: row for row in out["ladder"]}
    for field in ("votes_up", "votes_down", "chaos"):
        for cid, want in expect.get(field, {}).items():
            assert rows[cid][field] == want, (field, cid)
    for index, want in expect.get("effect", {}).items():
        assert out["plays"][int(index)]["effect"] == want, index
    for index, want in expect.get("effect_contestant", {}).items():
        effect = out["plays"][int(index)]["effect"]
        assert effect["contestant"] == want and 1 <= abs(effect["points"]) <= 10
    if "vote_points" in expect:
        assert out["votes"] == expect["vote_points"]
    if expect.get("parts_add_up"):
        before = {c["id"]: c.get("score", 0) for c in case["input"]["contestants"]}
        chaos = {}
        for hit in out["chaos"]:
            chaos[hit["contestant"]] = chaos.get(hit["contestant"], 0) + hit["delta"]
        for row in out["ladder"]:
            assert row["chaos"] == chaos.get(row["id"], 0)
            assert row["score"] - before[row["id"]] == row["delta"]
            named = row["votes_up"] - row["votes_down"] + row["chaos"]
            silent_week = row["silent_days"] >= 14 and row["silent_days"] % 7 == 0
            assert named == row["delta"] or silent_week, row
