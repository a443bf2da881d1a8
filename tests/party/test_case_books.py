"""The shared party scenarios and our own case book, through the shared checker; every
P-rule of party.md is cited by some case."""

import re
from pathlib import Path

from tests.casebooks import SPEC, TOOLS, assert_book_passes, load_cases, needs_shared

CHECKER = TOOLS / "check_party.py"
ENGINE = "games.party.engine"
SHARED_CASES = SPEC / "party-scenarios"
RULES = SPEC / "party.md"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^P\d+\.\d+$")

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
        assert case["rules"] and case["why"], case["name"]
        assert all(RULE.match(rule) for rule in case["rules"]), case["name"]


def rules_no_case_cites() -> list[str]:
    rules = re.findall(r"^- (P\d+\.\d+)", RULES.read_text(), re.M)
    books = [*own_cases(), *load_cases(SHARED_CASES)]
    cited = {rule for case in books for rule in case["rules"]}
    return [rule for rule in rules if rule not in cited]


@needs_checker
def test_every_party_rule_is_cited_by_some_case():
    assert rules_no_case_cites() == []
