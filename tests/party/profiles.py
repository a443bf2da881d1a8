"""The party tests' Hypothesis profiles: 200 examples in the suite, 10,000 with
HYPOTHESIS_PROFILE=thorough (as tests/hall/engine/test_properties.py does)."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "party-default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "party-thorough",
    max_examples=10_000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PROFILE = settings.get_profile(
    "party-thorough" if os.environ.get("HYPOTHESIS_PROFILE") == "thorough" else "party-default"
)
