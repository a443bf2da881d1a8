"""The shared So You've Armed Yourself scenarios and our own case book, both run through
the shared checker (armed-engine.md, "Scenario files"), and the book's coverage of every
A-rule of armed.md."""

import re
from pathlib import Path

from games.armed.engine import run
from games.armed.engine.cards import DESIGN_OF, DESIGNS
from tests.casebooks import SPEC as SHARED_SPEC
from tests.casebooks import TOOLS, assert_book_passes, load_cases, needs_shared

CHECKER = TOOLS / "check_armed.py"
ENGINE = "games.armed.engine"
SPEC = SHARED_SPEC / "armed.md"
SHARED_CASES = SHARED_SPEC / "armed-scenarios"
OWN_CASES = Path(__file__).resolve().parent / "cases"
RULE = re.compile(r"^A\d+\.\d+$")
# armed.md's numbered rules, section by section (A1.1-A1.6, A2.1-A2.4, ...). Rule numbers
# are stable; the test below checks this table against the spec whenever it is beside us.
RULES_PER_SECTION = {
    1: 6,
    2: 4,
    3: 7,
    4: 4,
    5: 3,
    6: 2,
    7: 4,
    8: 5,
    9: 20,
    10: 5,
    11: 7,
    12: 7,
    13: 4,
}
ALL_RULES = [f"A{s}.{n}" for s, count in RULES_PER_SECTION.items() for n in range(1, count + 1)]

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
        assert all(rule in ALL_RULES for rule in case["rules"]), case["name"]
        assert case["why"] and case["expect"], case["name"]


def test_no_rule_of_armed_md_is_left_uncited_by_our_book():
    """Every A-rule is cited by at least one case of our own book."""
    cited = {rule for case in own_cases() for rule in case["rules"]}
    assert [rule for rule in ALL_RULES if rule not in cited] == []


def test_every_gun_is_complied_with_and_malfunctions_in_our_book():
    """A9.1-A9.20: for each of the twenty designs, our cases' logs hold a comply with a
    shot of it and a malfunction of it (a comply answers the latest shot fired)."""
    complied, malfunctioned = set(), set()
    for case in own_cases():
        if case["expect"].get("error"):
            continue
        latest = None
        for event in run(case["input"])["log"]:
            if event["event"] == "fire":
                latest = DESIGN_OF[event["card"]]
            elif event["event"] == "comply":
                complied.add(latest)
            elif event["event"] == "malfunction":
                malfunctioned.add(DESIGN_OF[event["card"]])
    assert [d for d in DESIGNS if d not in complied] == []
    assert [d for d in DESIGNS if d not in malfunctioned] == []


@needs_shared(SPEC)
def test_the_rule_table_matches_armed_md():
    numbered = re.findall(r"^- (A\d+\.\d+) ", SPEC.read_text(), re.MULTILINE)
    assert all(RULE.match(rule) for rule in numbered)
    assert numbered == ALL_RULES
