"""`python -m games.armed.simulate`, the playtest of A13.4: its --json summary is the
same on every run (only games_per_cpu_second may differ) and adds up."""

import json
import subprocess
import sys
from pathlib import Path

from games.armed.simulate import main, playtest, report

ROOT = Path(__file__).resolve().parents[2]
KEYS = {
    "games",
    "endings",
    "shared_wins",
    "broken_seats",
    "rounds",
    "turns",
    "wins_by_policy",
    "seats_by_policy",
    "games_per_cpu_second",
}


def summary(games: int) -> dict:
    tally, cpu = playtest(games)
    return tally.summary(cpu)


def test_the_summary_is_the_same_on_every_run():
    first, second = summary(60), summary(60)
    assert set(first) == KEYS
    first.pop("games_per_cpu_second"), second.pop("games_per_cpu_second")
    assert first == second


def test_the_summary_adds_up():
    s = summary(80)
    assert s["games"] == 80
    assert sum(s["endings"].values()) == 80
    # Tables of 3, 4, 5, 6 seats in turn: 20 of each.
    assert sum(s["seats_by_policy"].values()) == 20 * (3 + 4 + 5 + 6)
    # A shared win counts 1/w for each winner: one whole win per game.
    assert abs(sum(s["wins_by_policy"].values()) - 80) < 1e-5
    assert s["rounds"]["max"] <= 40 and s["rounds"]["total"] >= 80
    assert s["turns"]["total"] >= s["rounds"]["total"] * 3
    assert 0 <= s["shared_wins"] <= 80


def test_the_command_prints_one_json_line(capsys):
    assert main(["--games", "12", "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["games"] == 12


def test_the_report_names_every_figure_of_a13_4():
    tally, cpu = playtest(24)
    text = report(tally, cpu)
    for words in ("games per CPU second", "by seat", "by position", "by policy",
                  "rounds: mean", "turns: mean", "final_round", "store_closed",
                  "closing_time", "shared wins", "Broken seats"):  # fmt: skip
        assert words in text


def test_bad_arguments_are_refused():
    proc = subprocess.run(
        [sys.executable, "-m", "games.armed.simulate", "--games", "0"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 2 and "--games must be at least 1" in proc.stderr
