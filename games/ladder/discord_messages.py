"""The Chaos Report as Discord webhook messages, within Discord's limits (R8.1).

Limits (Discord's docs): a description holds 4096 characters, a message at most 10 embeds
and 6000 characters across them. We send one embed per message and keep each well under
both, splitting a long report into numbered parts.
"""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from .engine import CATALOGUE, CardId

DESCRIPTION_LIMIT = 4096
MESSAGE_LIMIT = 6000
LINE_LIMIT = 300
BUDGET = 3800  # characters of lines per part, leaving room for title, url and footer
COLOUR = 0xFF5FA2
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]()])")


def escape(text: str) -> str:
    """Player and contestant names as plain text in Discord markdown."""
    return _MARKDOWN.sub(r"\\\1", text)


def report_lines(outcome: dict[str, Any]) -> list[str]:
    """The concise summary: winners, locks, Golden Gooners, cards, Chaos, draws, codes."""
    lines: list[str] = []
    if outcome.get("winners"):
        medals = ("🥇", "🥈", "🥉")
        lines.append("**Wednesday winners**")
        lines += [f"{medals[n]} {escape(name)}" for n, name in enumerate(outcome["winners"])]
    if outcome.get("locked_now"):
        lines.append("🔒 Locked at the top: " + ", ".join(escape(n) for n in outcome["locked_now"]))
    for golden in outcome.get("golden_plays", []):
        lines.append(f"🌟 {escape(golden['player'])} pinned {escape(golden['target'])} as Golden")
    if outcome.get("plays"):
        lines.append("**Cards played**")
        lines += [_play_line(p) for p in outcome["plays"]]
    for hit in outcome.get("chaos", []):
        if hit["contestant"]:
            who, whom = escape(hit["player"]), escape(hit["contestant"])
            lines.append(f"🎲 {who}'s Chaos hit {whom} for {hit['delta']:+d}")
    lines.append(f"🃏 {outcome.get('drew', 0)} gooner(s) drew a card")
    for over in outcome.get("over_limit", []):
        lines.append(f"🗑️ {escape(over['player'])} was over the hand limit and lost {over['lost']}")
    for redemption in outcome.get("redemptions", []):
        lines.append(f"🎟️ {escape(redemption['player'])} redeemed a code: {redemption['gave']}")
    return [line if len(line) <= LINE_LIMIT else line[: LINE_LIMIT - 1] + "…" for line in lines]


def _play_line(play: dict[str, Any]) -> str:
    card = CATALOGUE[CardId(play["card"])]
    who, target = escape(play["player"]), escape(play["target"] or "")
    if play["card"] == "sakura_farts" and play["outcome"] == "landed":
        return f"{card.emoji} {who} asked Sakura to fart on {target}"
    on = f" on {target}" if target else ""
    fate = {
        "landed": "landed",
        "blocked": f"blocked by {escape(play['by'] or '')}'s Shield",
        "destroyed": f"destroyed by {escape(play['by'] or '')}'s Sabotage",
        "wasted": "wasted",
    }[play["outcome"]]
    return f"{card.emoji} {who}: {card.name}{on}, {fate}"


def payloads(outcome: dict[str, Any], url: str) -> list[dict[str, Any]]:
    """The webhook bodies for one report, in order; never pings anyone."""
    parts: list[list[str]] = [[]]
    size = 0
    for line in report_lines(outcome):
        if parts[-1] and size + len(line) + 1 > BUDGET:
            parts.append([])
            size = 0
        parts[-1].append(line)
        size += len(line) + 1
    noon = dt.date.fromisoformat(outcome["noon"])
    title = f"Chaos Report · {noon:%A, %B} {noon.day}"
    bodies = []
    for n, lines in enumerate(parts, start=1):
        embed: dict[str, Any] = {
            "title": title if n == 1 else f"{title} (part {n})",
            "url": url,
            "description": "\n".join(lines),
            "color": COLOUR,
        }
        if len(parts) > 1:
            embed["footer"] = {"text": f"Part {n} of {len(parts)}"}
        bodies.append({"embeds": [embed], "allowed_mentions": {"parse": []}})
    return bodies


def message_size(body: dict[str, Any]) -> int:
    """Characters that count toward Discord's 6000 per message."""
    total = 0
    for embed in body.get("embeds", []):
        total += len(embed.get("title", "")) + len(embed.get("description", ""))
        total += len(embed.get("footer", {}).get("text", ""))
        for field in embed.get("fields", []):
            total += len(field["name"]) + len(field["value"])
    return total
