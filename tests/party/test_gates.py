"""Every refusal code of the contract comes from the one list of gates, with a sentence."""

import re
from pathlib import Path

import pytest

from games.party.engine.reasons import REASONS

ENGINE = Path(__file__).resolve().parents[2] / "games" / "party" / "engine"
CONTRACT = Path(__file__).resolve().parents[2] / ".." / "shared" / "spec" / "party-engine.md"


def contract_codes() -> set[str]:
    table = CONTRACT.read_text().split("Refusal codes:")[1].split("When several codes apply")[0]
    return set(re.findall(r"^\| `([a-z_]+)` \|", table, re.M))


@pytest.mark.skipif(not CONTRACT.exists(), reason="../shared is not beside this checkout")
def test_every_contract_code_has_a_gate_and_a_reason():
    gates = (ENGINE / "gates.py").read_text()
    codes = contract_codes()
    assert len(codes) == 59
    assert set(REASONS) == codes
    gated = set(re.findall(r'\(\s*"([a-z_]+)",', gates))
    assert sorted(codes - gated) == []
