"""Operator tools run from the project root: the real stack for the system test and the
load benchmark (`python -m goonsite.ops.loadbench`)."""
