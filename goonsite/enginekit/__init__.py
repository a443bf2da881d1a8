"""What the pure game engines share: the command line, the strict JSON reader, the
SplitMix64 stream and the benchmarks' timer.

Standard library only, no clock (but `bench.py`, a tool) and no global random, like the
engines that import it (tests/test_boundaries.py holds it to the same walls). Nothing here
imports Django, and `goonsite/__init__.py` imports nothing, so `python -m
games.<game>.engine` loads no more than the engine and this package.
"""
