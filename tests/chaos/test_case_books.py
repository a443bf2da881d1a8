"""The public CHAOS scenarios and our own case book, run by the shared checker; and the
rule the issue sets for the book: it cites every K-rule of the engine's part (K1-K13, K15)."""

import re
from pathlib import Path

from tests.casebooks import SPEC as SHARED_SPEC
from tests.casebooks import TOOLS, assert_book_passes, load_cases, needs_shared

CHECKER = TOOLS / "check_chaos.py"
ENGINE = "games.chaos.engine"
SPEC = SHARED_SPEC / "chaos.md"
SHARED_CASES = SHARED_SPEC / "chaos-scenarios"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^K\d+\.\d+$")
ENGINE_SECTIONS = {*range(1, 14), 15}  # chaos.md: "The pure engine implements K1-K13 and K15"

needs_checker = needs_shared(CHECKER)


def own_cases() -> list[dict]:
    return load_cases(OWN_CASES)


def engine_rules() -> list[str]:
    """Every numbered rule of the engine's part, as chaos.md lists them."""
    ids = re.findall(r"^- (K\d+\.\d+)", SPEC.read_text(), re.MULTILINE)
    return [rule for rule in ids if int(rule[1:].split(".")[0]) in ENGINE_SECTIONS]


@needs_checker
def test_public_scenarios_pass():
    assert_book_passes(CHECKER, ENGINE, SHARED_CASES)


@needs_checker
def test_own_case_book_passes():
    assert_book_passes(CHECKER, ENGINE, OWN_CASES)


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


@needs_checker
def test_no_engine_rule_is_left_uncited_by_our_book():
    cited = {rule for case in own_cases() for rule in case["rules"]}
    uncited = [rule for rule in engine_rules() if rule not in cited]
    assert uncited == []


@needs_checker
def test_the_rule_list_is_the_one_the_spec_numbers():
    rules = engine_rules()
    assert len(rules) == len(set(rules)) > 60
    assert "K5.5" in rules and "K15.6" in rules and "K14.1" not in rules
