"""The Hall's live group (goonsite.live): the home page subscribes to `hall.phase`, which
the phase boundary publishes when it commits, so an open home shows the new phase the
moment the job has run it rather than after a guessed wait."""

from goonsite.live import group, publish_on_commit

PHASE = group("hall", "phase")


def phase_changed() -> None:
    publish_on_commit(PHASE)
