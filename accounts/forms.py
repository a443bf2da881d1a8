from django import forms
from django.contrib.auth.forms import UserCreationForm

from .models import User


class SignUpForm(UserCreationForm):
    display_name = forms.CharField(
        max_length=40, help_text="How other gooners see you on the ladder and in reports."
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name")

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name:
            raise forms.ValidationError("Pick a display name.")
        return name
