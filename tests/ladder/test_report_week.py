"""A scripted week through the services: every Chaos Report explains every number (R8).

For every contestant of every report, the parts shown (votes up, votes down, Chaos) add up
to the change, decay aside (R8.4: never named); Golden and locked contestants take none of
them; and every card line says what the card did.
"""

import datetime as dt

from games.ladder import report_text as words
from games.ladder.models import Contestant, LadderEntry, NoonReport
from games.ladder.services import admin as powers
from games.ladder.services.noon import resolve_now
from games.ladder.services.players import join_season
from games.ladder.services.plays import pin_golden, play_face_down
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import give

EXTRA = ["Fay", "Gus", "Hal", "Ivy", "Jo", "Kit"]


def vote(user, entries, now, *moves):
    for name, direction in moves:
        cast_vote(user=user, entry_id=entries[name].pk, direction=direction, now=now)


def play(user, card, entries, now, target=None):
    play_face_down(user=user, card=card, target_id=entries[target].pk if target else None, now=now)


def check_report(report: NoonReport) -> None:
    """The report's own numbers, checked against the ladder as saved."""
    saved = {e.pk: e for e in LadderEntry.objects.filter(season=report.day.season)}
    for row in report.ladder:
        entry = saved[row["id"]]
        named = row["votes_up"] - row["votes_down"] + row["chaos"]
        decayed = entry.silent_days >= 14 and entry.silent_days % 7 == 0
        assert named == row["delta"] or decayed, (report.day.noon_on, row)
        if not decayed:
            assert named == row["delta"]
        if (row["locked"] and not row["locked_now"]) or row["golden"]:
            # Frozen all day: votes, cards and Chaos never touched them.
            assert (row["votes_up"], row["votes_down"], row["chaos"], row["delta"]) == (0, 0, 0, 0)
    for p in report.outcome["plays"]:
        fate = words.fate(p)
        line = words.play_line(p)
        if p["outcome"] == "landed" and p["card"] != "sakura_farts":
            assert fate != "landed" and p["effect"] is not None, line
        if p["outcome"] == "wasted":
            assert p["reason"] and f"({p['reason']})" in line
        if p["outcome"] in ("blocked", "destroyed"):
            assert p["by"] in line
    assert "decay" not in str(report.outcome).lower() + str(report.ladder).lower()


def test_a_week_of_reports_explains_every_number(
    alice, bob, charlie, alice_player, bob_player, season, entries, now
):
    for joined, name in enumerate(EXTRA, start=6):
        entries[name.lower()] = LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    LadderEntry.objects.filter(pk=entries["cy"].pk).update(score=10, silent_days=13)
    LadderEntry.objects.filter(pk=entries["fay"].pk).update(trophies=9)
    charlie_player = join_season(charlie, season)
    bob_player.golden_holder = True
    bob_player.save()
    give(alice_player, "boost", "mini_gooner", "sakura_farts", "chaos", "skip")
    give(bob_player, "reverse", "sabotage", "golden_gooner", "chaos", "boost")
    give(charlie_player, "reverse", "shield", "skip", "chaos", "reverse", "reverse")

    # Tuesday: a Shield blocks a Boost, two Reverses cancel, a Sabotage destroys a Skip,
    # a Golden pin, a Mini Gooner locks Fay, Sakura, Chaos; Cy decays silently.
    vote(alice, entries, now, ("ava", "up"), ("bo", "up"), ("dee", "down"))
    vote(bob, entries, now, ("ava", "up"), ("bo", "down"), ("eli", "up"))
    vote(charlie, entries, now, ("gus", "up"), ("hal", "down"))
    play(alice, "boost", entries, now, "ava")
    play(charlie, "shield", entries, now, "ava")
    play(bob, "reverse", entries, now, "bo")
    play(charlie, "reverse", entries, now, "bo")
    play(charlie, "skip", entries, now, "dee")
    play(bob, "sabotage", entries, now, "dee")
    play(alice, "mini_gooner", entries, now, "fay")
    play(alice, "sakura_farts", entries, now, "bo")
    play(charlie, "chaos", entries, now)
    pin_golden(user=bob, target_id=entries["eli"].pk, now=now)
    tuesday = resolve_now(now)
    check_report(tuesday)
    rows = {row["name"]: row for row in tuesday.ladder}
    assert rows["Eli"]["events"] == [{"kind": "golden", "by": "Bob"}]
    assert rows["Eli"]["golden"] == 1 and rows["Eli"]["votes_up"] == 0  # Bob's vote: nothing
    assert rows["Fay"]["locked_now"] and rows["Fay"]["trophies_gained"] == 1
    assert rows["Bo"]["votes_up"] == 3 and rows["Bo"]["votes_down"] == 3  # cancelled Reverses
    lines = [words.play_line(p) for p in tuesday.outcome["plays"]]
    assert "Charlie played Shield on Ava: landed, blocked Alice's Boost" in lines
    assert "Alice played Boost on Ava: blocked by Charlie's Shield" in lines
    assert "Bob played Reverse on Bo: cancelled by the other Reverse" in lines
    assert "Bob played Sabotage on Dee: landed, destroyed Charlie's Skip" in lines
    assert "Alice played Mini Gooner on Fay: landed: trophy number 10, locked at the top" in lines

    # Wednesday: Eli, Golden, wins 1st and the pin comes off; an admin unlocks Fay and takes
    # Gus off the ladder during the day; a Reverse flips, a Skip erases, a Boost doubles.
    vote(alice, entries, now, ("ava", "down"), ("hal", "up"), ("ivy", "up"))
    vote(bob, entries, now, ("ava", "up"), ("jo", "up"), ("kit", "down"))
    vote(charlie, entries, now, ("ivy", "down"), ("jo", "up"), ("cy", "up"))
    play(charlie, "reverse", entries, now, "jo")
    play(alice, "skip", entries, now, "ivy")
    play(bob, "boost", entries, now, "ava")
    play(alice, "chaos", entries, now)
    play(bob, "chaos", entries, now)
    powers.unlock(actor=None, entries=[entries["fay"]])
    powers.set_on_ladder(actor=None, entries=[entries["gus"]], on=False)
    wednesday = resolve_now(now)
    assert wednesday.day.noon_on == dt.date(2026, 12, 9)
    check_report(wednesday)
    rows = {row["name"]: row for row in wednesday.ladder}
    assert wednesday.outcome["winners"][0] == "Eli"
    assert wednesday.outcome["winners_golden"] == ["Eli"]
    assert rows["Eli"]["was_golden"] and rows["Eli"]["won"] == 1 and not rows["Eli"]["golden"]
    assert {"kind": "unlocked", "by": "an admin"} in rows["Fay"]["events"]
    assert wednesday.outcome["left_ladder"] == [{"name": "Gus", "events": [{"kind": "taken_off"}]}]
    assert "Gus" not in rows
    assert wednesday.outcome["week_golden"][0]["target"] == "Eli"
    lines = [words.play_line(p) for p in wednesday.outcome["plays"]]
    assert "Charlie played Reverse on Jo: landed, flipped 2 votes: +6 became -6" in lines
    assert "Alice played Skip on Ivy: landed, erased 2 votes worth 6 points" in lines
    assert "Bob played Boost on Ava: landed, their vote counted double: +5 more" in lines

    # Thursday: an admin adds Mo to the roster and puts Gus back on the ladder.
    powers.add_to_roster(actor=None, season=season, names=["Mo"])
    powers.set_on_ladder(actor=None, entries=[entries["gus"]], on=True)
    vote(alice, entries, now, ("ava", "up"), ("bo", "down"), ("hal", "up"))
    thursday = resolve_now(now)
    check_report(thursday)
    rows = {row["name"]: row for row in thursday.ladder}
    assert rows["Mo"]["new"] and rows["Mo"]["events"] == [{"kind": "joined"}]
    assert rows["Gus"]["new"] and rows["Gus"]["events"] == [{"kind": "put_back"}]
    assert words.moved(rows["Mo"]) == "new"

    # Friday to Monday: ordinary days with Chaos, until every report is checked.
    for _ in range(4):
        vote(alice, entries, now, ("ava", "up"), ("bo", "down"), ("hal", "up"))
        vote(bob, entries, now, ("dee", "up"), ("ivy", "down"))
        give(charlie_player, "chaos")
        play(charlie, "chaos", entries, now)
        check_report(resolve_now(now))
    assert NoonReport.objects.count() == 7
