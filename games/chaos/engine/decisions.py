"""What the game waits for (chaos-engine.md "How actions are applied"): one decision at a
time, yielded by the game's flow and answered by a human action or a bot.

The flow is a chain of generators: a rule that needs an answer does
`answer = yield Decision(...)`, everything else is ordinary code. `choose` is K10.2's hand
choice: asked only when there is a real choice.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

# The answers sent back into the flow.
PASS = ("pass",)

Flow = Generator["Decision", Any, Any]


@dataclass(slots=True)
class Decision:
    kind: str  # "hand_size", "turn", "respond" or "select"
    seat: str
    count: int = 0  # select
    why: str = ""  # select: discard, give, exchange or pass
    source: str = ""  # select: the card asking
    allowed: list[str] = field(default_factory=list)  # select: the cards it may choose


def choose(
    seat: str, hand: list[str], count: int, why: str, source: str, allowed: list[str] | None = None
) -> Flow:
    """K10.2: the owner picks `count` cards of `allowed` (their hand by default) now; with no
    real choice (as many as allowed, or more) they give them all without being asked."""
    allowed = list(hand if allowed is None else allowed)
    if count <= 0 or not allowed:
        return []
    if count >= len(allowed):
        return allowed
    chosen = yield Decision("select", seat, count=count, why=why, source=source, allowed=allowed)
    return chosen
