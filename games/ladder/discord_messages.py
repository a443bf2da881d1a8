"""The Chaos Report as Discord webhook messages, within Discord's limits (R8.1).

Limits (Discord's docs): a description holds 4096 characters, a message at most 10 embeds
and 6000 characters across them. We send one embed per message and keep each well under
both, splitting a long report into numbered parts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from . import report_text as words

DESCRIPTION_LIMIT = 4096
MESSAGE_LIMIT = 6000
LINE_LIMIT = 300
BUDGET = 3800  # characters of lines per part, leaving room for title, url and footer
COLOUR = 0xFF5FA2
TOP = 10

escape = words.discord_escape


def report_lines(
    outcome: dict[str, Any], ladder: Sequence[dict[str, Any]] = (), url: str = ""
) -> list[str]:
    """The report as Discord lines, in the report page's own words: winners, locks, Golden
    pins, the top of the ladder with movement, every card with what happened and why, draws,
    trims, codes and the link. Chaos is told once, on its card's line."""
    style = words.DISCORD
    lines: list[str] = []
    if outcome.get("last_noon"):
        lines.append("🏁 **The season's last noon**")
    if outcome.get("winners"):
        lines.append("**Wednesday winners**")
        lines += words.winners(outcome, style)
        if outcome.get("week_golden"):
            lines.append("**This week's Golden pins**")
            lines += [words.golden_line(g, style) for g in outcome["week_golden"]]
    if outcome.get("locked_now"):
        lines.append(words.lock_line(outcome, style))
    for golden in outcome.get("golden_plays", []):
        lines.append(words.golden_line(golden, style) + " as Golden")
    if ladder:
        lines.append(f"**The ladder (top {min(TOP, len(ladder))})**")
        lines += [words.ladder_line(row, style) for row in ladder[:TOP]]
    if outcome.get("plays"):
        lines.append("**Cards played**")
        lines += [words.play_line(p, style, emoji=True) for p in outcome["plays"]]
    if outcome.get("version", 1) < 2:  # older reports kept Chaos apart from its card
        for hit in outcome.get("chaos", []):
            if hit["contestant"]:
                who, whom = escape(hit["player"]), escape(hit["contestant"])
                lines.append(f"🎲 {who}'s Chaos hit {whom} for {hit['delta']:+d}")
    lines += words.card_lines(outcome, style)
    if url:
        lines.append(f"📜 The whole report: {url}")
    return [line if len(line) <= LINE_LIMIT else line[: LINE_LIMIT - 1] + "…" for line in lines]


def payloads(
    outcome: dict[str, Any], url: str, ladder: Sequence[dict[str, Any]] = ()
) -> list[dict[str, Any]]:
    """The webhook bodies for one report, in order; never pings anyone."""
    parts: list[list[str]] = [[]]
    size = 0
    for line in report_lines(outcome, ladder, url):
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
