"""The table kit: what every game played at a table shares, naming no game.

- `models.TableGame`: the abstract row of one game: its seed (secret until the end, its
  SHA-256 public from the start), the engine's input (`setup` + `moves`, the stored action
  list), the engine's last answer (`state`), the `version` a page polls, the deadline of
  the decision awaited and the exactly-once claim of the end.
- `adapter.TableAdapter`: the one small class a game writes to plug in: its engine's `run`
  (read into typed objects), how an output becomes each seat's view, its templates, its
  lock order and what an accepted action does outside the engine.
- `turns`: the one transaction that loads a game, locks it, asks the engine and saves the
  accepted action or returns the refusal.
- `deadlines`: the job's step that fires each passed deadline exactly once.
- `seeds`: drawing a seed and its published hash.
- `views`: the replay page, the engine-input download and the version a page polls.
"""
