from django.urls import path

from .views import actions, archive, board, codes, pages, preview

app_name = "ladder"
urlpatterns = [
    path("", board.board, name="board"),
    path("noon/status/", board.noon_status, name="noon_status"),
    path("noon/preview/", preview.noon_preview, name="noon_preview"),  # staff only
    path("board/version/", board.board_version, name="board_version"),
    path("vote/", actions.vote, name="vote"),
    path("play/", actions.play, name="play"),
    path("play/confirm/", actions.play_confirm, name="play_confirm"),
    path("sealed/<int:item_id>/open/", actions.open_item, name="open"),
    path("code/", codes.code, name="code"),
    path("cards/", pages.my_cards, name="my_cards"),
    path("rules/", pages.rules, name="rules"),
    path("archive/", archive.archive, name="archive"),
    path("archive/season/<int:season_id>/", archive.archive, name="season_archive"),
    path("archive/<int:report_id>/", archive.report, name="report"),
]
