"""The shared party scenarios and our own case book, through the shared checker; every
P-rule of party.md is cited by some case."""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = (ROOT / ".." / "shared").resolve()
CHECKER = SHARED / "tools" / "check_party.py"
SHARED_CASES = SHARED / "spec" / "party-scenarios"
RULES = SHARED / "spec" / "party.md"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^P\d+\.\d+$")

needs_shared = pytest.mark.skipif(
    not CHECKER.exists(), reason="../shared/tools/check_party.py is not beside this checkout"
)


def run_checker(cases: Path) -> subprocess.CompletedProcess:
    engine = shlex.join([sys.executable, "-m", "games.party.engine"])
    return subprocess.run(
        [sys.executable, str(CHECKER), str(cases), "--cmd", engine],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def own_cases() -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(OWN_CASES.glob("*.json"))]


@needs_shared
def test_shared_scenarios_pass():
    proc = run_checker(SHARED_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


@needs_shared
def test_own_case_book_passes():
    proc = run_checker(OWN_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


def test_every_own_case_cites_rules_and_has_a_unique_name():
    names = [case["name"] for case in own_cases()]
    assert len(names) == len(set(names))
    for case in own_cases():
        assert case["rules"] and case["why"], case["name"]
        assert all(RULE.match(rule) for rule in case["rules"]), case["name"]


def rules_no_case_cites() -> list[str]:
    rules = re.findall(r"^- (P\d+\.\d+)", RULES.read_text(), re.M)
    books = [*own_cases(), *(json.loads(p.read_text()) for p in SHARED_CASES.glob("*.json"))]
    cited = {rule for case in books for rule in case["rules"]}
    return [rule for rule in rules if rule not in cited]


@needs_shared
def test_every_party_rule_is_cited_by_some_case():
    assert rules_no_case_cites() == []
