"""The shared Exoptosis scenarios and our own case book, run by the shared checker (H8.*)."""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
SHARED = (ROOT / ".." / "shared").resolve()
CHECKER = SHARED / "tools" / "check_exoptosis.py"
SHARED_CASES = SHARED / "spec" / "exoptosis-scenarios"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^H\d+\.\d+$")

needs_checker = pytest.mark.skipif(
    not CHECKER.exists(),
    reason="../shared/tools/check_exoptosis.py is not beside this checkout",
)


def run_checker(cases: Path) -> subprocess.CompletedProcess:
    engine = shlex.join([sys.executable, "-m", "games.hall.engine"])
    return subprocess.run(
        [sys.executable, str(CHECKER), str(cases), "--cmd", engine],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def own_cases() -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(OWN_CASES.glob("*.json"))]


@needs_checker
def test_shared_scenarios_pass():
    proc = run_checker(SHARED_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


@needs_checker
def test_own_case_book_passes():
    proc = run_checker(OWN_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


def test_every_own_case_cites_rules_and_has_a_unique_name():
    names = [case["name"] for case in own_cases()]
    assert len(names) == len(set(names))
    for case in own_cases():
        assert case["rules"], f"{case['name']} cites no rule"
        assert all(RULE.match(rule) for rule in case["rules"]), case["name"]


@needs_checker
def test_every_exoptosis_rule_is_cited_by_some_case():
    books = [*own_cases()]
    books += [json.loads(p.read_text()) for p in SHARED_CASES.glob("*.json")]
    cited = {rule for case in books for rule in case["rules"]}
    missing = [f"H8.{n}" for n in range(1, 28) if f"H8.{n}" not in cited]
    assert not missing, f"no case cites {missing}"
