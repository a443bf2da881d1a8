from django.urls import path

from .views import lobby, table

app_name = "armed"

urlpatterns = [
    path("", lobby.home, name="home"),
    path("open/", lobby.open_view, name="open"),
    path("quick/", lobby.quick_view, name="quick"),
    path("t/<int:game_id>/", table.table_page, name="table"),
    path("t/<int:game_id>/seat/", lobby.seat_view, name="seat"),
    path("t/<int:game_id>/poll/", table.poll, name="poll"),
    path("t/<int:game_id>/fire/", table.fire_view, name="fire"),
    path("t/<int:game_id>/cycle/", table.cycle_view, name="cycle"),
    path("t/<int:game_id>/hold/", table.hold_view, name="hold"),
    path("t/<int:game_id>/answer/", table.answer_view, name="answer"),
    path("t/<int:game_id>/discard/", table.discard_view, name="discard"),
    path("t/<int:game_id>/pick/", table.pick_view, name="pick"),
    path("t/<int:game_id>/say/", table.say_view, name="say"),
    path("t/<int:game_id>/leave/", table.leave_view, name="leave"),
    path("t/<int:game_id>/replay/", table.replay, name="replay"),
    path("t/<int:game_id>/engine-input.json", table.engine_input, name="engine_input"),
]
