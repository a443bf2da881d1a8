"""Forms for the tables: they parse what players send; the services judge the rules."""

from __future__ import annotations

import re

from django import forms
from django.core.validators import RegexValidator

CARD_ID = re.compile(r"^(A|[2-9]|10|J|Q|K)[HDSC]\*?$|^(RJ|BJ)\*?$")


def card_field(required: bool = True) -> forms.CharField:
    return forms.CharField(
        required=required,
        max_length=4,
        validators=[RegexValidator(CARD_ID, "That is not a card.")],
        error_messages={"required": "Pick a card."},
    )


class ChallengeForm(forms.Form):
    opponents = forms.TypedMultipleChoiceField(
        coerce=int, choices=(), error_messages={"required": "Pick at least one player to duel."}
    )

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["opponents"].choices = [(p.pk, str(p)) for p in players]


class HandForm(forms.Form):
    cards = forms.TypedMultipleChoiceField(
        coerce=int, choices=(), error_messages={"required": "Pick at least 4 cards."}
    )

    def __init__(self, *args, cards=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cards"].choices = [(c.pk, c.label) for c in cards]


class BetForm(forms.Form):
    amount = forms.IntegerField(
        min_value=1, max_value=10_000, error_messages={"required": "Say how many Chips."}
    )


class PlayForm(forms.Form):
    card = card_field()
    target = forms.CharField(required=False, max_length=30)  # "p12" or "p12:QD*" (Queen)
    target2 = forms.CharField(required=False, max_length=30)  # a King's second target

    @staticmethod
    def _player(value: str) -> int | None:
        match = re.fullmatch(r"p([0-9]{1,12})(:.*)?", value or "")
        return int(match.group(1)) if match else None

    def arguments(self) -> dict:
        data = self.cleaned_data
        rank = data["card"].removesuffix("*")[:-1]
        target, second = data.get("target", ""), data.get("target2", "")
        if rank == "A":
            return {"target": self._player(target)}
        if rank == "Q":
            card = target.split(":", 1)[1] if ":" in target else None
            return {"target": self._player(target), "target_card": card}
        if rank == "K":
            return {"targets": [p for p in (self._player(target), self._player(second)) if p]}
        return {}


class DrawForm(forms.Form):
    card = card_field(required=False)
    giver = forms.CharField(required=False, max_length=20)

    def arguments(self) -> dict:
        if self.cleaned_data.get("card"):
            return {"card": self.cleaned_data["card"]}
        giver = PlayForm._player(self.cleaned_data.get("giver", ""))
        return {"giver": giver} if giver else {}


class GiveForm(forms.Form):
    card = card_field()
