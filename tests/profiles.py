"""The Hypothesis profile of the engines' property tests (hall, armed, party, chaos): 200
examples per property in the normal suite, 10,000 with HYPOTHESIS_PROFILE=thorough, e.g.

    HYPOTHESIS_PROFILE=thorough .venv/bin/python -m pytest tests/chaos -k properties

Every engine game is replayed whole, so no deadline, and a slow example is not a failure.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "engines", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "engines-thorough",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = settings.get_profile(
    "engines-thorough" if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else "engines"
)
