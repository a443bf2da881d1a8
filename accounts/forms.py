from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm

from . import push_endpoints
from .identity import TIME_ZONE_CHOICES
from .models import User
from .names import clean_display_name

DISPLAY_NAME_HELP = (
    "How other gooners see you on the ladder and in reports. It must not look like anyone "
    "else's name."
)


class SignUpForm(UserCreationForm):
    display_name = forms.CharField(max_length=40, help_text=DISPLAY_NAME_HELP)
    email = forms.EmailField(
        required=False,
        help_text="Optional. Only for resetting a forgotten password; we send a link to check it.",
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"])


class ProfileForm(forms.Form):
    display_name = forms.CharField(max_length=40, help_text=DISPLAY_NAME_HELP)
    time_zone = forms.ChoiceField(
        choices=TIME_ZONE_CHOICES, help_text="Every time on the site is shown in this zone."
    )
    email = forms.EmailField(required=False, help_text="For password resets; we check it first.")
    remove_avatar = forms.BooleanField(
        required=False, label="Remove my Discord avatar", help_text="Show no picture."
    )

    def __init__(self, *args, user: User, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user
        if not user.avatar_url:
            del self.fields["remove_avatar"]

    def clean_display_name(self) -> str:
        return clean_display_name(self.cleaned_data["display_name"], user=self.user)


class DeleteAccountForm(forms.Form):
    confirm = forms.CharField(
        label="Type DELETE to confirm", help_text="This can't be undone.", max_length=10
    )

    def clean_confirm(self) -> str:
        if self.cleaned_data["confirm"].strip().upper() != "DELETE":
            raise forms.ValidationError("Type DELETE, in capitals, to delete your account.")
        return "DELETE"


class VerifiedEmailPasswordResetForm(PasswordResetForm):
    """Reset links go only to addresses their owner has verified."""

    def get_users(self, email):
        # Unlike Django's, also to players without a password (signed up with Discord):
        # a checked address is how they set one.
        users = User.objects.filter(email__iexact=email, is_active=True, email_verified=True)
        return (u for u in users if u.email.casefold() == email.casefold())


class PushSubscriptionForm(forms.Form):
    endpoint = forms.URLField(max_length=1000, assume_scheme="https")
    p256dh = forms.CharField(max_length=200)
    auth = forms.CharField(max_length=100)

    def clean_endpoint(self) -> str:
        endpoint = self.cleaned_data["endpoint"]
        if reason := push_endpoints.refusal(endpoint):
            raise forms.ValidationError(reason)
        return endpoint
