"""The noon rush (issue 27): an action's cost in queries, a board that stays cached while
other players vote, a board whose size does not grow with the cards played, and an
action's answer patched from the kept board that is never a wrong one (R1.4, R5.6, R5.7)."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from games.ladder import board_cache, clock, face_down, hand_cards, ladder_rows
from games.ladder.board import face_down_counts, load_board, with_vote
from games.ladder.models import Play, SealedItem, Source
from games.ladder.public import public_board
from games.ladder.services.packs import give_starting_hand
from games.ladder.services.players import join_season
from games.ladder.services.votes import cast_vote
from goonsite.kept import KeptInProcess
from tests.ladder.fixtures import HTMX, give

BOARD = reverse("ladder:board")


@pytest.fixture(autouse=True)
def _on_the_minute(now):
    """A kept page is named by its minute (views.board.PAGE_SECONDS): the clock starts on
    the minute, so no test crosses one between the boards it compares (a crossing drew the
    page afresh and added its queries to the count, seen twice in full runs under load)."""


# Every request reads the session and the user (the bare view's two queries, tests keep
# sessions in the database); an action adds BEGIN and COMMIT around what it writes.
SESSION_AND_USER = 2


def seen(client: Client) -> None:
    """The player has their board in front of them (kept, with its CSRF cookie)."""
    client.get(BOARD)
    client.get(BOARD)


def test_a_vote_costs_five_queries_beyond_the_session_and_the_user(
    alice_client, alice_player, entries, django_assert_num_queries
):
    """The day share-locked and the player locked (one statement), the contestant with
    today's votes (one), the insert, inside BEGIN and COMMIT; the answer is drawn from the
    kept board, patched: no read."""
    seen(alice_client)
    with django_assert_num_queries(SESSION_AND_USER + 5):
        body = alice_client.post(
            reverse("ladder:vote"), {"entry": entries["bo"].pk, "direction": "up"}, **HTMX
        ).content.decode()
    assert '<span class="my-vote up">▲ 5</span>' in body
    assert "Votes left: " in body and '<span class="chip">3</span>' in body


def test_a_play_and_a_pack_read_nothing_after_their_writes(
    alice_client, alice, alice_player, season, entries, django_assert_num_queries
):
    give(alice_player, "boost", "boost")
    give_starting_hand(user=alice, season=season)
    pack = SealedItem.objects.get(owner=alice_player)
    seen(alice_client)
    # Inside BEGIN and COMMIT: day and player (one statement), target (locked), then the
    # card out of the hand, its ledger line and the play: one statement on PostgreSQL.
    postgres = connection.vendor == "postgresql"
    with django_assert_num_queries(SESSION_AND_USER + (5 if postgres else 7)):
        body = alice_client.post(
            reverse("ladder:play"), {"card": "boost", "target": entries["cy"].pk}, **HTMX
        ).content.decode()
    assert "Boost waits face down on Cy" in body and 'aria-label="1 face-down card"' in body
    # Inside BEGIN and COMMIT: day and player, the pack opened (one UPDATE … RETURNING),
    # then its cards into the hand and the ledger's lines: one statement on PostgreSQL.
    with django_assert_num_queries(SESSION_AND_USER + (5 if postgres else 6)):
        body = alice_client.post(reverse("ladder:open", args=[pack.pk]), **HTMX).content.decode()
    assert "You opened:" in body and 'id="hand"' in body


def test_the_board_stays_whole_in_the_cache_while_other_players_vote(
    alice_client, bob, bob_player, entries, django_assert_num_queries
):
    """Only plays, noon, pins and admin changes make other players' boards read afresh: a
    vote changes its own player's board alone."""
    seen(alice_client)
    with django_assert_num_queries(SESSION_AND_USER):
        before = alice_client.get(BOARD).content.decode()
    bob_client = Client()
    bob_client.force_login(bob)
    bob_client.post(reverse("ladder:vote"), {"entry": entries["ava"].pk, "direction": "up"})
    cast_vote(user=bob, entry_id=entries["bo"].pk, direction="down")
    with django_assert_num_queries(SESSION_AND_USER):
        after = alice_client.get(BOARD).content.decode()
    assert after == before


def test_another_players_card_changes_only_the_face_down_counts(
    alice_client, bob, bob_player, entries, django_assert_num_queries
):
    """R5.6: the page stays kept whole (the same page: a page drawn again would carry a
    new CSRF mask); only the counts are filled in, as the play kept them."""
    seen(alice_client)
    before = alice_client.get(BOARD).content.decode()
    give(bob_player, "skip")
    bob_client = Client()
    bob_client.force_login(bob)
    bob_client.post(reverse("ladder:play"), {"card": "skip", "target": entries["ava"].pk})
    with django_assert_num_queries(SESSION_AND_USER):
        after = alice_client.get(BOARD).content.decode()
    ava = entries["ava"].pk
    span = f'<span class="facedown" data-entry="{ava}" id="facedown-{ava}" role="img"'
    none = f'{span} aria-label="0 face-down cards">'
    one = f'{span} aria-label="1 face-down card">'
    back = '<span class="facedown-card" aria-hidden="true"></span>'
    assert none in before and one + back + "</span>" in after
    assert after.replace(one + back, none) == before


def test_counts_not_kept_are_read_afresh_and_the_page_stays_whole(
    alice_client, bob_player, entries, django_assert_num_queries
):
    """A card laid without the counts being patched (a bulk insert, an evicted key): the
    kept page gets the counts from one read of the day's plays, nothing of alice's."""
    seen(alice_client)
    before = alice_client.get(BOARD).content.decode()
    day = public_board(clock.now()).day
    Play.objects.create(day=day, player=bob_player, card="boost", target=entries["cy"])
    board_cache.bump_day_plays(day.pk)
    with django_assert_num_queries(SESSION_AND_USER + 1) as captured:
        after = alice_client.get(BOARD).content.decode()
    assert 'aria-label="1 face-down card"' in after and after != before
    reads = " ".join(q["sql"] for q in captured.captured_queries)
    assert "ladder_play" in reads
    assert "ladder_heldcard" not in reads and "ladder_vote" not in reads


def test_a_thousand_face_down_cards_are_a_count_and_a_stack(alice_client, bob_player, entries):
    """R5.6: face-down cards show how many, never which; the page does not grow with them."""
    seen(alice_client)
    day = public_board(clock.now()).day

    def lay(n: int) -> str:
        Play.objects.bulk_create(
            Play(day=day, player=bob_player, card="boost", target=entries["ava"]) for _ in range(n)
        )
        board_cache.bump_day_plays(day.pk)  # a bulk insert sends no signal
        return alice_client.get(BOARD).content.decode()

    three = lay(3)
    thousand = lay(997)
    assert 'aria-label="1000 face-down cards"' in thousand and "×1000" in thousand
    row = re.search(rf'id="entry-{entries["ava"].pk}".*?</li>', thousand, re.S)[0]
    assert row.count('class="facedown-card"') == 3
    # Only the digits differ (the masked CSRF tokens keep their length).
    assert len(thousand) - len(three) == 2 * len("1000") - 2 * len("3")


def test_an_actions_answer_is_the_board_a_fresh_read_finds(
    alice_client, alice, alice_player, season, entries
):
    """The kept board, patched with the vote, the play and the opened pack, is kept for the
    next view: it must be exactly what reading the database finds."""
    give(alice_player, "boost", "shield")
    give_starting_hand(user=alice, season=season)
    pack = SealedItem.objects.get(owner=alice_player)
    seen(alice_client)
    alice_client.post(reverse("ladder:vote"), {"entry": entries["bo"].pk, "direction": "up"})
    alice_client.post(reverse("ladder:play"), {"card": "boost", "target": entries["cy"].pk})
    alice_client.post(reverse("ladder:open", args=[pack.pk]))
    public = public_board(clock.now())
    player = join_season(alice, season)
    kept = board_cache.own_part(public.key, player.pk, lambda: None)
    fresh = load_board(player, public)
    assert kept is not None

    def same(board) -> tuple:
        # With the relations read along with each row, and only those: the rows an
        # action wrote also held their day, their player and the season, which every
        # action after would pickle again.
        def read(row) -> list[str]:
            return sorted(row._state.fields_cache)

        return (
            [(v.pk, v.entry_id, v.points, read(v)) for v in board.votes],
            [(p.pk, p.card, p.target_id, read(p)) for p in board.plays],
            [(c.pk, c.card, read(c)) for c in board.cards],
            sorted(s.pk for s in board.sealed),
        )

    assert same(kept) == same(fresh)
    counts = board_cache.face_down(public.day.pk, lambda: None)
    assert counts == face_down_counts(public.day) == {entries["cy"].pk: 1}


def test_a_patched_board_is_not_kept_when_another_change_came_between(
    alice, alice_player, season, entries
):
    """A change the action did not make (an admin's grant, another tab) moved the player's
    version between the read of the kept board and the action's commit: patching that
    board would hide the change, so nothing is kept and the next view reads afresh."""
    public = public_board(clock.now())
    board_cache.own_part(public.key, alice_player.pk, lambda: load_board(alice_player, public))
    snap = board_cache.snapshot(public.key, alice_player.pk, public.day.pk)
    assert snap.own is not None
    give(alice_player, "boost")  # someone else's change, committed in between
    with board_cache.recording_bumps() as bumps:
        vote = cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up")
    own, _ = board_cache.carry_forward(snap, bumps, lambda b: with_vote(b, vote))
    assert own is None
    fresh = board_cache.own_part(
        public.key, alice_player.pk, lambda: load_board(alice_player, public)
    )
    assert [c.card for c in fresh.cards] == ["boost"] and len(fresh.votes) == 1

    # Without the change in between, the patched board is kept.
    snap = board_cache.snapshot(public.key, alice_player.pk, public.day.pk)
    with board_cache.recording_bumps() as bumps:
        vote = cast_vote(user=alice, entry_id=entries["bo"].pk, direction="up")
    own, _ = board_cache.carry_forward(snap, bumps, lambda b: with_vote(b, vote))
    assert own is not None and len(own.votes) == 2
    assert source_of(own) == Source.ADMIN


def source_of(board) -> str:
    return board.cards[0].source


def test_a_kept_row_is_not_drawn_again_for_a_new_face_down_count(
    alice_client, alice_player, bob, bob_player, entries, monkeypatch
):
    """R5.6: a card played changes one row's count for everyone; each process keeps its
    rows drawn without the count (games.ladder.ladder_rows), so the next answer with the
    ladder in it fills in the new count and draws no row."""
    item = SealedItem.objects.create(owner=alice_player, kind="card", card="shield")
    seen(alice_client)
    give(bob_player, "skip")
    bob_client = Client()
    bob_client.force_login(bob)
    bob_client.post(reverse("ladder:play"), {"card": "skip", "target": entries["ava"].pk})
    drawn = []
    real = ladder_rows.get_template
    monkeypatch.setattr(ladder_rows, "get_template", lambda name: drawn.append(name) or real(name))
    body = alice_client.post(reverse("ladder:open", args=[item.pk]), **HTMX).content.decode()
    ava, bo = entries["ava"].pk, entries["bo"].pk
    assert 'id="ladder"' in body
    for entry, label in ((ava, "1 face-down card"), (bo, "0 face-down cards")):
        assert f'data-entry="{entry}" id="facedown-{entry}" role="img" aria-label="{label}"' in body
    assert drawn == []  # every row as kept, the counts filled in


def test_the_counts_an_answer_sends_are_each_rows_span_marked_and_kept_so(monkeypatch):
    """R5.6: what a small answer sends of the rows it left alone is each row's face-down
    span as the page draws it, marked to swap in by its id, and drawn once."""
    monkeypatch.setattr(face_down, "_drawn", KeptInProcess(10))
    sent = face_down.oob_spans([3, 5], {5: 4, 9: 1})
    marked = '<span hx-swap-oob="true" '
    rows = ((3, 0), (5, 4))
    assert sent == "".join(face_down.span(*row).replace("<span ", marked, 1) for row in rows)
    assert sent.count(marked) == 2 and 'id="facedown-3"' in sent and "×4" in sent
    monkeypatch.setattr(face_down, "format_html", lambda *_: pytest.fail("drawn again"))
    assert face_down.oob_spans([3, 5], {5: 4}) == sent


def test_hand_tiles_are_kept_and_show_each_hands_own_counts_and_new_cards(
    alice_client, alice_player, bob, bob_player, monkeypatch
):
    """Tiles drawn once per state serve every hand: two Boosts show a count of 2, and a
    card just out of a pack is marked New for the one who opened it, drawn in that state
    alone."""
    monkeypatch.setattr(hand_cards, "_drawn", KeptInProcess(100))  # none from tests before
    give(alice_player, "boost", "boost", "shield")
    give(bob_player, "shield")
    item = SealedItem.objects.create(owner=bob_player, kind="card", card="boost")
    seen(alice_client)
    alice = alice_client.get(BOARD).content.decode()
    bob_client = Client()
    bob_client.force_login(bob)
    seen(bob_client)
    drawn = []
    real = hand_cards.get_template
    monkeypatch.setattr(hand_cards, "get_template", lambda name: drawn.append(name) or real(name))
    bob_hand = bob_client.post(reverse("ladder:open", args=[item.pk]), **HTMX).content.decode()
    bob_hand = bob_hand[bob_hand.index("data-hand-cards") :]
    alice_hand = alice[alice.index("data-hand-cards") :]
    assert re.search(r"Boost</span>.*?×2", alice_hand, re.S) and "New<span" not in alice_hand
    assert "×2" not in bob_hand
    assert re.search(r'<li class="new">\s*<a[^>]*>.*?Boost.*?New<span', bob_hand, re.S)
    assert len(drawn) == 1  # his new Boost; his Shield is the tile alice's hand drew
