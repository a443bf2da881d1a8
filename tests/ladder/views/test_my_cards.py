"""My cards: the player's own ledger, private (R5.7)."""

from django.urls import reverse

from games.ladder.services.packs import give_starting_hand, open_sealed


def test_my_cards_lists_only_my_history(client, alice, bob, season, now):
    give_starting_hand(user=alice, season=season)
    pack = give_starting_hand(user=bob, season=season)
    open_sealed(user=bob, item_id=pack.pk, now=now)
    client.force_login(alice)
    body = client.get(reverse("ladder:my_cards")).content.decode()
    assert "God Pack" in body and "starting hand" in body
    assert "Sabotage" not in body  # Bob's opened cards are Bob's business
    client.force_login(bob)
    assert "Sabotage" in client.get(reverse("ladder:my_cards")).content.decode()


def test_anonymous_goes_to_login(client, season):
    assert client.get(reverse("ladder:my_cards")).status_code == 302
