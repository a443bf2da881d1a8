from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from goonsite.games import landing_url, listed_games, profile_sections

from . import services
from .forms import DeleteAccountForm, ProfileForm, PushSubscriptionForm, SignUpForm
from .models import User
from .verification import read_token, send_verification

INVALID_PUSH = "That subscription isn't valid."

TOO_MANY_SIGNUPS = (
    "Too many new accounts from your address today. If you already have one, log in; "
    "otherwise try again tomorrow."
)
NAME_TAKEN = "That display name was just taken by someone else. Pick another."
USER_TAKEN = "That username was just taken by someone else. Pick another."


class LogIn(auth_views.LoginView):
    """Django's log-in, landing on the game this browser last opened (else the games list)."""

    def get_default_redirect_url(self) -> str:
        return landing_url(self.request)


@login_not_required
@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(landing_url(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if not services.signup_allowed(request):
            messages.error(request, TOO_MANY_SIGNUPS)
            context = {"form": form, "games": listed_games()}
            return render(request, "accounts/signup.html", context, status=429)
        data = form.cleaned_data
        try:
            user = services.create_user(
                username=data["username"],
                display_name=data["display_name"],
                password=data["password1"],
                email=data["email"],
            )
        except services.NameTaken as taken:
            form.add_error(taken.field, NAME_TAKEN if taken.field == "display_name" else USER_TAKEN)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, f"Welcome to goonsite, {user}!")
            if user.email:
                send_verification(request, user)
                messages.info(request, f"We sent a link to {user.email} to check it's yours.")
            return redirect(landing_url(request))
    return render(request, "accounts/signup.html", {"form": form, "games": listed_games()})


@require_http_methods(["GET", "POST"])
def profile(request: HttpRequest) -> HttpResponse:
    user: User = request.user
    initial = {
        "display_name": user.display_name,
        "time_zone": user.time_zone,
        "email": user.email,
    }
    form = ProfileForm(request.POST or None, user=user, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            changed = services.update_profile(user=user, **form.cleaned_data)
        except services.NameTaken:
            form.add_error("display_name", NAME_TAKEN)
        else:
            if "email" in changed and user.email:
                send_verification(request, user)
                messages.info(request, f"We sent a link to {user.email} to check it's yours.")
            messages.success(request, "Profile saved." if changed else "Nothing changed.")
            return redirect("accounts:profile")
    return render(request, "accounts/profile.html", profile_context(request, form))


def profile_context(request: HttpRequest, form: ProfileForm) -> dict:
    from allauth.socialaccount.models import SocialAccount

    from .discord import discord_is_configured

    return {
        "discord_on": discord_is_configured(),
        "form": form,
        "discord_accounts": SocialAccount.objects.filter(user=request.user, provider="discord"),
        "vapid_public_key": settings.VAPID_PUBLIC_KEY,
        "push_devices": request.user.push_subscriptions.count(),
        "game_records": profile_sections(request),
    }


@login_not_required
@require_http_methods(["GET"])
def verify_email(request: HttpRequest, token: str) -> HttpResponse:
    found = read_token(token)
    user = User.objects.filter(pk=found[0]).first() if found else None
    if user is None or not services.mark_email_verified(user=user, email=found[1]):
        messages.error(
            request,
            "That link doesn't work: it is too old or for an address you have since changed. "
            "Save your email on your profile again for a fresh link.",
        )
    else:
        messages.success(
            request, f"Thanks: {found[1]} is checked. You can reset your password with it."
        )
    return redirect("accounts:profile" if request.user.is_authenticated else "accounts:login")


@require_http_methods(["GET", "POST"])
def delete_account(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.delete_account(user=request.user)
        logout(request)
        messages.success(
            request,
            "Your account is deleted. Your past votes and plays stay in the season's history "
            "under an anonymous name.",
        )
        return redirect("accounts:login")
    return render(request, "accounts/delete.html", {"form": form})


@require_POST
def push_subscribe(request: HttpRequest) -> HttpResponse:
    form = PushSubscriptionForm(request.POST)
    if not form.is_valid():
        message = form.errors["endpoint"][0] if "endpoint" in form.errors else INVALID_PUSH
        return JsonResponse({"ok": False, "message": message}, status=400)
    services.save_push_subscription(user=request.user, **form.cleaned_data)
    return JsonResponse({"ok": True, "message": "Reminders are on for this device."})


@require_POST
def push_unsubscribe(request: HttpRequest) -> HttpResponse:
    services.stop_reminders(user=request.user)
    messages.success(request, "Reminders are off.")
    return redirect("accounts:profile")


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset view, with reset emails limited per address (no mail-bombing)."""

    def form_valid(self, form):
        if not services.reset_email_allowed(self.request):
            messages.error(
                self.request,
                "Too many reset emails asked for from your address. Wait an hour and try again.",
            )
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().form_valid(form)
