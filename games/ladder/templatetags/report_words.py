"""The Chaos Report's words (games.ladder.report_text) as template filters, in HTML."""

from django import template

from goonsite.words import signed_count

from .. import report_text as words

register = template.Library()


def _html(outcome: dict | None) -> words.Style:
    return words.HTML.with_staff(outcome) if outcome else words.HTML


@register.filter
def play_line(play: dict, outcome: dict | None = None) -> str:
    """`{{ play|play_line:outcome }}`: the outcome names the staff to badge."""
    return words.play_line(play, _html(outcome))


@register.filter
def signed_points(n: int) -> str:
    """A contestant's change at noon: "+1 point", "-6 points"."""
    return signed_count(n, "point")


@register.filter
def breakdown(row: dict) -> str:
    return words.breakdown(row, words.HTML)


@register.filter
def moved(row: dict) -> str:
    return words.moved(row)


@register.filter
def status(row: dict) -> str:
    return words.status(row, words.HTML)


@register.filter
def events(row: dict, outcome: dict | None = None) -> str:
    style = _html(outcome)
    return words.joined(words.event_line(e, style) for e in row.get("events", []))


@register.filter
def winners(outcome: dict) -> list[str]:
    return words.winners(outcome, words.HTML)


@register.filter
def golden_line(golden: dict, outcome: dict | None = None) -> str:
    return words.golden_line(golden, _html(outcome))


@register.filter
def card_lines(outcome: dict) -> list[str]:
    return words.card_lines(outcome, _html(outcome))


@register.filter
def lock_line(outcome: dict) -> str:
    return words.lock_line(outcome, words.HTML)


@register.filter
def card_emoji(card: str) -> str:
    return words.card_emoji(card)


@register.filter
def card_rarity(card: str) -> str:
    return words.card_rarity(card)


@register.filter
def winner(row: dict) -> str:
    """A winner from a report's ladder row: medal, name, and the crown if they were Golden."""
    return words.winner_line(row["won"], row["name"], row.get("was_golden", False), words.HTML)


@register.filter
def card_pulses(card: str) -> bool:
    """The three rarest tiers pulse (R5.2)."""
    return words.card_pulses(card)
