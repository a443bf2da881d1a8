"""H10.5, H11.6, H11.10: when a tally wins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

URGENT_MAX_AGAINST = 2


def proposal_popular(klass: str, votes_for: int, votes_against: int) -> bool:
    """H10.5 Urgent: at most two Against (even with no For). Standard: more For than Against."""
    if klass == "urgent":
        return votes_against <= URGENT_MAX_AGAINST
    return votes_for > votes_against


def ruling_overturned(affirm: int, overturn: int) -> bool:
    """H11.6 Overturned if strictly more Overturn than Affirm; non-voters count for nothing."""
    return overturn > affirm


@dataclass(frozen=True)
class CandidacyTally:
    key: int  # the candidacy's id
    order: int  # earlier submitted first (H11.10 tie-break)
    support: int
    oppose: int

    @property
    def popular(self) -> bool:
        return self.support > self.oppose


def election_winner(tallies: Sequence[CandidacyTally]) -> CandidacyTally | None:
    """H11.10 Among popular candidacies the most Support wins; ties go to the earliest."""
    popular = [t for t in tallies if t.popular]
    if not popular:
        return None
    return min(popular, key=lambda t: (-t.support, t.order))
