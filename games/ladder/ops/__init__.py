"""The ladder's operator tools, run from the project root: the real stack for the system test,
players over HTTP and the load benchmark (`python -m games.ladder.ops.loadbench`)."""
