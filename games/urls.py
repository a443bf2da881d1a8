from django.urls import path

from . import views

app_name = "games"
urlpatterns = [
    path("", views.board, name="board"),
    path("archive/", views.archive, name="archive"),
    path("rules/", views.rules, name="rules"),
    path("code/", views.code, name="code"),
]
