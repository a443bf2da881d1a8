"""Issue 22: the phase boundary is pushed to open Hall homes (group `hall.phase`) when it
commits, once; a boundary that finds the phase already closed pushes nothing."""

import pytest

from games.hall.live import PHASE
from games.hall.services.boundary import run_boundary
from tests.live.helpers import listening

pytestmark = pytest.mark.django_db(transaction=True)  # the push leaves at the real commit


def test_the_boundary_is_pushed_once_to_open_homes(cycle):
    """H12.1 exactly once: the second run finds the phase closed and says nothing."""
    phase = cycle.phases.get(number=1)
    with listening(PHASE) as heard:
        assert run_boundary(phase.pk) is not None
        assert run_boundary(phase.pk) is None
    assert heard == [PHASE]
