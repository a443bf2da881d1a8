"""Forms that parse what players send; their errors are the refusal messages."""

from __future__ import annotations

from django import forms

from .models import JusticeRequest, Proposal
from .rules.shop import ShopItem


class GiftForm(forms.Form):
    receiver = forms.IntegerField(error_messages={"required": "Pick a player to gift."})


class BuyForm(forms.Form):
    item = forms.ChoiceField(choices=[(i.value, i.value) for i in ShopItem])


class ChoiceForm(forms.Form):
    """A vote: one of the choices, or empty to clear it."""

    choice = forms.CharField(required=False)

    def cleaned_choice(self) -> str | None:
        return self.cleaned_data["choice"] or None


class ProposalForm(forms.Form):
    title = forms.CharField(max_length=120)
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}))
    klass = forms.ChoiceField(
        choices=Proposal.Klass.choices, initial=Proposal.Klass.STANDARD, label="Class"
    )


class EditProposalForm(forms.Form):
    title = forms.CharField(max_length=120)
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 5}))


def card_picker() -> forms.TypedMultipleChoiceField:
    """Cards ticked one by one (H3.3, H3.5): a checkbox per card, by the card's row id."""
    return forms.TypedMultipleChoiceField(
        coerce=int, required=False, choices=(), widget=forms.CheckboxSelectMultiple
    )


class TradeForm(forms.Form):
    give_cards = card_picker()
    give_vertebrae = forms.IntegerField(min_value=0, initial=0, required=False)
    give_chips = forms.IntegerField(min_value=0, initial=0, required=False)
    ask_cards = card_picker()
    ask_vertebrae = forms.IntegerField(min_value=0, initial=0, required=False)
    ask_chips = forms.IntegerField(min_value=0, initial=0, required=False)

    def __init__(self, *args, mine=(), theirs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["give_cards"].choices = [(c.pk, c.label) for c in mine]
        self.fields["ask_cards"].choices = [(c.pk, c.label) for c in theirs]


class DeckForm(forms.Form):
    cards = card_picker()

    def __init__(self, *args, mine=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["cards"].choices = [(c.pk, c.label) for c in mine]


class RequestForm(forms.Form):
    kind = forms.ChoiceField(choices=JusticeRequest.Kind.choices)
    text = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}))


class RulingForm(forms.Form):
    answer = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))
    truth = forms.TypedChoiceField(
        required=False,
        coerce=lambda v: v == "true",
        empty_value=None,
        choices=[("", "—"), ("true", "TRUE"), ("false", "FALSE")],
    )
    reasoning = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 2}))


class ReasonForm(forms.Form):
    reason = forms.CharField(max_length=300)


def first_error(form: forms.Form) -> str:
    for field, errors in form.errors.items():
        label = form.fields[field].label or field if field in form.fields else ""
        return f"{label.capitalize()}: {errors[0]}" if label else errors[0]
    return "Please check the form."
