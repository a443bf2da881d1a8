from django.contrib.admin.apps import AdminConfig


class GoonsiteAdminConfig(AdminConfig):
    """django.contrib.admin with the site's own admin site (goonsite.admin)."""

    default_site = "goonsite.admin.GoonsiteAdminSite"
