"""The community's games, one Django app each; none imports another."""
