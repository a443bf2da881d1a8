"""The Chaos Report's words, in one place: the report page, the admin's noon preview, the
board's recap and the Discord post all phrase a card, a contestant's change or a winner
through these functions, each in its own `Style` (HTML, Discord markdown, plain text).

They read stored report JSON of any version: a version-1 report has no effects or
breakdowns, and its lines simply say less.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from django.utils.html import escape as html_escape
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from goonsite.words import count, signed_count

from .engine import CATALOGUE, CardId

_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()])")
MEDALS = ("🥇", "🥈", "🥉")
S = "'s"  # the possessive, kept apart so names can be styled on their own


def discord_escape(text: str) -> str:
    """Player and contestant names as plain text in Discord markdown."""
    return _MARKDOWN.sub(r"\\\1", text)


def _plain_badge(shown: str) -> str:
    return f"{shown} (staff)"


@dataclass(frozen=True)
class Style:
    """How names and the words around them are written in one medium."""

    name: Callable[[str], str]
    text: Callable[[str], str]
    done: Callable[[str], str]
    badge: Callable[[str], str] = _plain_badge
    staff: frozenset[str] = frozenset()  # players shown with the staff badge

    def player(self, name: str) -> str:
        """A player's name; the site's staff carry a badge so that no one passes as them."""
        shown = self.name(name)
        return self.badge(shown) if name in self.staff else shown

    def with_staff(self, outcome: dict[str, Any]) -> Style:
        """This style, badging the players who were staff at that noon (reports since v2)."""
        return replace(self, staff=frozenset(outcome.get("staff", ())))


PLAIN = Style(name=str, text=str, done=str)
DISCORD = Style(name=discord_escape, text=str, done=str)
HTML = Style(
    name=lambda s: format_html("<strong>{}</strong>", s),
    text=lambda s: str(html_escape(s)),
    done=mark_safe,
    badge=lambda shown: format_html(
        '{} <span class="badge staff" title="goonsite staff">staff</span>', shown
    ),
)


def signed(n: int) -> str:
    return f"{n:+d}"


def plural(n: int, word: str) -> str:
    return count(n, word)


def card_name(card: str) -> str:
    info = CATALOGUE.get(CardId(card)) if card in CardId else None
    return info.name if info else card


def card_emoji(card: str) -> str:
    info = CATALOGUE.get(CardId(card)) if card in CardId else None
    return info.emoji if info else "🃏"


def play_line(play: dict[str, Any], style: Style = PLAIN, *, emoji: bool = False) -> str:
    """One card, face up: who played what on whom, and what happened, in numbers."""
    n, p, t = style.name, style.player, style.text
    card, outcome, effect = play["card"], play["outcome"], play.get("effect")
    who = p(play["player"])
    head = t(card_emoji(card) + " ") if emoji else ""
    if card == CardId.SAKURA_FARTS and outcome == "landed":
        return style.done(f"{head}{who} {t('asked Sakura to fart on')} {n(play['target'] or '')}")
    if card == CardId.CHAOS and outcome == "landed" and effect:
        return style.done(
            f"{head}{who}{t(S + ' Chaos hit')} {n(effect['contestant'])} "
            f"{t('for ' + signed(effect['points']))}"
        )
    on = f" {t('on')} {n(play['target'])}" if play.get("target") else ""
    return style.done(f"{head}{who} {t('played ' + card_name(card))}{on}: {fate(play, style)}")


def fate(play: dict[str, Any], style: Style = PLAIN) -> str:
    """What happened to a card: landed and what it did, blocked, destroyed or wasted."""
    p, t = style.player, style.text
    outcome = play["outcome"]
    if outcome == "blocked":
        return f"{t('blocked by')} {p(play['by'] or '')}{t(S + ' Shield')}"
    if outcome == "destroyed":
        return f"{t('destroyed by')} {p(play['by'] or '')}{t(S + ' Sabotage')}"
    if outcome == "wasted":
        return t(f"wasted ({play['reason']})" if play.get("reason") else "wasted")
    effect = play.get("effect")
    if effect is None:
        return t("landed")
    return _did(play["card"], effect, style)


def _did(card: str, effect: dict[str, Any], style: Style) -> str:
    n, p, t = style.name, style.player, style.text
    if card == CardId.SKIP:
        if not effect["votes"]:
            return t("landed, but there were no votes to erase")
        return t(
            f"landed, erased {plural(effect['votes'], 'vote')} "
            f"worth {plural(effect['points'], 'point')}"
        )
    if card == CardId.REVERSE:
        if effect["cancelled"]:
            if effect["reverses"] == 2:
                return t("cancelled by the other Reverse")
            return t(f"landed, but {effect['reverses']} Reverses cancel out")
        if not effect["votes"]:
            return t("landed, but there were no votes to flip")
        stack = f" ({effect['reverses']} Reverses)" if effect["reverses"] > 1 else ""
        return t(
            f"landed, flipped {plural(effect['votes'], 'vote')}: "
            f"{signed(effect['points'])} became {signed(-effect['points'])}{stack}"
        )
    if card == CardId.BOOST:
        return t(f"landed, their vote counted double: {signed(effect['points'])} more")
    if card == CardId.SHIELD:
        [hit] = effect["plays"]
        return f"{t('landed, blocked')} {p(hit['player'])}{t(S + ' ' + card_name(hit['card']))}"
    if card == CardId.SABOTAGE:
        if not effect["plays"]:
            return t("landed, but nothing else was waiting there")
        hits = ", ".join(
            f"{p(hit['player'])}{t(S + ' ' + card_name(hit['card']))}" for hit in effect["plays"]
        )
        return f"{t('landed, destroyed')} {hits}"
    if card == CardId.MINI_GOONER:
        trophies = effect["trophies"]
        locked = ", locked at the top" if trophies % 10 == 0 else ""
        return t(f"landed: trophy number {trophies}{locked}")
    if card == CardId.CHAOS:
        return f"{t('hit')} {n(effect['contestant'])} {t('for ' + signed(effect['points']))}"
    return t("landed")


def breakdown(row: dict[str, Any], style: Style = PLAIN) -> str:
    """The named parts of a contestant's change: votes up, votes down, Chaos. Decay never
    shows (R8.4); a version-1 row has no parts and says nothing."""
    parts = []
    if row.get("votes_up"):
        parts.append(f"+{row['votes_up']} from votes up")
    if row.get("votes_down"):
        parts.append(f"-{row['votes_down']} from votes down")
    if row.get("chaos"):
        parts.append(f"{signed(row['chaos'])} from Chaos")
    return style.done(style.text(", ".join(parts)))


def moved(row: dict[str, Any]) -> str:
    """Places moved since the last noon, as an arrow."""
    if row.get("new"):
        return "new"
    m = row.get("moved", 0)
    return f"▲{m}" if m > 0 else f"▼{-m}" if m < 0 else "–"


def event_line(event: dict[str, Any], style: Style = PLAIN) -> str:
    """A mid-day change to a contestant: a Golden pin, an unlock, a roster change."""
    p, t = style.player, style.text
    kind = event["kind"]
    if kind == "golden":
        return style.done(f"{t('🌟 pinned Golden by')} {p(event['by'])}")
    if kind == "unlocked":
        return style.done(f"{t('🔓 unlocked by')} {p(event['by'])}")
    words = {
        "joined": "➕ joined the ladder",
        "taken_off": "➖ taken off the ladder",
        "put_back": "↩️ put back on the ladder",
    }
    return style.done(t(words.get(kind, kind)))


def status(row: dict[str, Any], style: Style = PLAIN) -> str:
    """Lock, Golden and trophy state as words, for the ladder's notes column."""
    t = style.text
    bits = []
    if row.get("locked_now"):
        bits.append("🔒 locked at this noon")
    elif row.get("locked"):
        bits.append("🔒 locked")
    if row.get("golden"):
        bits.append("👑 Golden")
    elif row.get("was_golden"):
        bits.append("👑 was Golden: the pin came off")
    if row.get("won"):
        bits.append(f"{MEDALS[row['won'] - 1]} won {_place(row['won'])}")
    if row.get("trophies_gained"):
        bits.append(f"🥈 {signed_count(row['trophies_gained'], 'trophy')}")
    return style.done(t("; ".join(bits)))


def _place(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def winner_line(place: int, name: str, golden: bool, style: Style = PLAIN) -> str:
    crown = style.text(" 👑 was Golden: the pin came off") if golden else ""
    return style.done(f"{style.text(MEDALS[place - 1] + ' ')}{style.name(name)}{crown}")


def winners(outcome: dict[str, Any], style: Style = PLAIN) -> list[str]:
    golden = set(outcome.get("winners_golden", []))
    return [
        winner_line(place, name, name in golden, style)
        for place, name in enumerate(outcome.get("winners", []), start=1)
    ]


def golden_line(golden: dict[str, Any], style: Style = PLAIN) -> str:
    n, p, t = style.name, style.player, style.text
    when = t(f" (noon of {golden['noon']})") if golden.get("noon") else ""
    return style.done(f"{t('🌟')} {p(golden['player'])} {t('pinned')} {n(golden['target'])}{when}")


def lock_line(outcome: dict[str, Any], style: Style = PLAIN) -> str:
    names = ", ".join(style.name(name) for name in outcome.get("locked_now", []))
    return style.done(f"{style.text('🔒 Locked at the top:')} {names}") if names else ""


def card_lines(outcome: dict[str, Any], style: Style = PLAIN) -> list[str]:
    """Draws, trims and codes (R8.3)."""
    p, t = style.player, style.text
    drew = outcome.get("drew", 0)
    lines = [style.done(t(f"🃏 {plural(drew, 'gooner')} drew a card"))]
    for over in outcome.get("over_limit", []):
        lost = plural(over["lost"], "card")
        lines.append(
            style.done(
                f"{t('🗑️')} {p(over['player'])} {t(f'was over the hand limit and lost {lost}')}"
            )
        )
    for r in outcome.get("redemptions", []):
        lines.append(style.done(f"{t('🎟️')} {p(r['player'])} {t('redeemed a code: ' + r['gave'])}"))
    return lines


def ladder_line(row: dict[str, Any], style: Style = PLAIN) -> str:
    """A compact ladder row for Discord: rank, marks, name, score, change, movement."""
    marks = ("🔒 " if row.get("locked") else "") + ("👑 " if row.get("golden") else "")
    change = signed(row["delta"]) if row["delta"] else "±0"
    notes = status(row)
    head = "#{} {}".format(row["rank"], marks)
    tail = " {} ({}) {}{}".format(row["score"], change, moved(row), f" · {notes}" if notes else "")
    return style.done(style.text(head) + style.name(row["name"]) + style.text(tail))


def joined(lines: Iterable[str]) -> SafeString:
    """HTML lines already escaped, joined for a template."""
    return mark_safe(", ".join(lines))


def card_rarity(card: str) -> str:
    info = CATALOGUE.get(CardId(card)) if card in CardId else None
    return info.rarity.label.lower() if info else "common"


def card_pulses(card: str) -> bool:
    info = CATALOGUE.get(CardId(card)) if card in CardId else None
    return bool(info and info.rarity.pulses)
