"""The public CHAOS scenarios and our own case book, run by the shared checker; and the
rule the issue sets for the book: it cites every K-rule of the engine's part (K1-K13, K15)."""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHARED = (ROOT / ".." / "shared").resolve()
CHECKER = SHARED / "tools" / "check_chaos.py"
SPEC = SHARED / "spec" / "chaos.md"
SHARED_CASES = SHARED / "spec" / "chaos-scenarios"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^K\d+\.\d+$")
ENGINE_SECTIONS = {*range(1, 14), 15}  # chaos.md: "The pure engine implements K1-K13 and K15"

needs_shared = pytest.mark.skipif(
    not CHECKER.exists(), reason="../shared/tools/check_chaos.py is not beside this checkout"
)


def run_checker(cases: Path) -> subprocess.CompletedProcess:
    engine = shlex.join([sys.executable, "-m", "games.chaos.engine"])
    return subprocess.run(
        [sys.executable, str(CHECKER), "--cmd", engine, str(cases)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )


def own_cases() -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted(OWN_CASES.glob("*.json"))]


def engine_rules() -> list[str]:
    """Every numbered rule of the engine's part, as chaos.md lists them."""
    ids = re.findall(r"^- (K\d+\.\d+)", SPEC.read_text(), re.MULTILINE)
    return [rule for rule in ids if int(rule[1:].split(".")[0]) in ENGINE_SECTIONS]


@needs_shared
def test_public_scenarios_pass():
    proc = run_checker(SHARED_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


@needs_shared
def test_own_case_book_passes():
    proc = run_checker(OWN_CASES)
    assert proc.returncode == 0, proc.stdout
    assert proc.stdout.strip().endswith(" 0 failed"), proc.stdout


def test_every_own_case_cites_rules_and_has_a_unique_name():
    cases = own_cases()
    names = [case["name"] for case in cases]
    assert len(names) == len(set(names))
    for case in cases:
        assert case["rules"], f"{case['name']} cites no rule"
        assert all(RULE.match(rule) for rule in case["rules"]), case["name"]
        assert set(case) == {"name", "rules", "why", "input", "expect"}


def test_the_book_holds_every_section_15_example_and_section_19_row():
    slugs = [p.stem.split("-", 1)[1] for p in OWN_CASES.glob("*.json")]
    assert sum(slug.startswith("s15-") for slug in slugs) == 4  # §15: four examples
    assert sum(slug.startswith("s19-") for slug in slugs) == 12  # §19: twelve rows


@needs_shared
def test_no_engine_rule_is_left_uncited_by_our_book():
    cited = {rule for case in own_cases() for rule in case["rules"]}
    uncited = [rule for rule in engine_rules() if rule not in cited]
    assert uncited == []


@needs_shared
def test_the_rule_list_is_the_one_the_spec_numbers():
    rules = engine_rules()
    assert len(rules) == len(set(rules)) > 60
    assert "K5.5" in rules and "K15.6" in rules and "K14.1" not in rules
