"""python -m games.chaos.simulate: the seed's playtest grid, the same on every run."""

import json

from games.chaos import simulate


def test_the_grid_is_the_issues():
    assert [len(simulate.grid_game(i)["seats"]) for i in range(6)] == [3, 5, 8, 3, 5, 8]
    assert [simulate.grid_game(i)["hand_size"] for i in range(0, 27, 3)] == [3, 6, 9] * 3
    game = simulate.grid_game(7)
    assert game["seed"] == 7
    assert [s["id"] for s in game["seats"]] == ["p1", "p2", "p3", "p4", "p5"]
    assert [s["policy"] for s in game["seats"]] == ["sharp", "simple"] * 2 + ["sharp"]
    assert all(s["kind"] == "bot" for s in game["seats"])


def test_a_grid_game_plays_as_the_engine_plays_it():
    """simulate plays without a log; the outcome is run()'s with the same input."""
    from games.chaos.engine import run

    for i in (0, 1, 2, 13):
        outcome = simulate.play(i)
        out = run(simulate.grid_game(i))
        assert out["status"] == "over"
        assert outcome.turns == out["turn"] and outcome.level == out["level"]
        assert outcome.reason == out["result"]["reason"]
        assert outcome.winners == len(out["result"]["winners"])


def test_json_summary_is_the_same_on_every_run_apart_from_speed(capsys):
    lines = []
    for _ in range(2):
        assert simulate.main(["--games", "30", "--json"]) == 0
        lines.append(json.loads(capsys.readouterr().out))
    for summary in lines:
        assert set(summary) == {
            "games",
            "turns",
            "fallback",
            "won_at_turn_15",
            "shared",
            "final_levels",
            "games_per_cpu_second",
        }
        summary.pop("games_per_cpu_second")
    assert lines[0] == lines[1]
    summary = lines[0]
    assert summary["games"] == 30
    assert set(summary["turns"]) == {"total", "max", "median"}
    assert summary["turns"]["max"] <= 30
    assert list(summary["final_levels"]) == ["1", "2", "3", "4", "5"]
    assert sum(summary["final_levels"].values()) == 30
    assert summary["fallback"] + summary["won_at_turn_15"] <= 30


def test_the_report_names_its_target(capsys):
    assert simulate.main(["--games", "9"]) == 0
    text = capsys.readouterr().out
    assert "median" in text and "fallback" in text and "under 10 s" in text
