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
