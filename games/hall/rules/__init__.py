"""The Hall's economy and timing rules as plain Python (no Django, no clock, no global random).

Prices, gift bonuses, popularity, phase and week arithmetic, the Judge's windows: the
services ask these modules and tests check them without a database. Cards themselves are
rolled by the Exoptosis engine's `random_cards` (through `games.hall.rolls`).
"""
