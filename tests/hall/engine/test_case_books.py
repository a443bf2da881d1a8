"""The shared Exoptosis scenarios and our own case book, run by the shared checker (H8.*)."""

import re
from pathlib import Path

from tests.casebooks import SPEC, TOOLS, assert_book_passes, load_cases, needs_shared

CHECKER = TOOLS / "check_exoptosis.py"
ENGINE = "games.hall.engine"
SHARED_CASES = SPEC / "exoptosis-scenarios"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^H\d+\.\d+$")

needs_checker = needs_shared(CHECKER)


def own_cases() -> list[dict]:
    return load_cases(OWN_CASES)


@needs_checker
def test_shared_scenarios_pass():
    assert_book_passes(CHECKER, ENGINE, SHARED_CASES)


@needs_checker
def test_own_case_book_passes():
    assert_book_passes(CHECKER, ENGINE, OWN_CASES)


def test_every_own_case_cites_rules_and_has_a_unique_name():
    names = [case["name"] for case in own_cases()]
    assert len(names) == len(set(names))
    for case in own_cases():
        assert case["rules"], f"{case['name']} cites no rule"
        assert all(RULE.match(rule) for rule in case["rules"]), case["name"]


@needs_checker
def test_every_exoptosis_rule_is_cited_by_some_case():
    books = [*own_cases()]
    books += load_cases(SHARED_CASES)
    cited = {rule for case in books for rule in case["rules"]}
    missing = [f"H8.{n}" for n in range(1, 28) if f"H8.{n}" not in cited]
    assert not missing, f"no case cites {missing}"
