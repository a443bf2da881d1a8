from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from .models import User


@admin.register(User)
class GoonerAdmin(UserAdmin):
    list_display = ("username", "display_name", "is_staff", "date_joined", "last_login")
    search_fields = ("username", "display_name")
    fieldsets = (*UserAdmin.fieldsets, ("Gooner", {"fields": ("display_name",)}))
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Gooner", {"fields": ("display_name",)}))
