"""Suite-wide settings.

Hypothesis explores new examples on every local run (and remembers failures in .hypothesis/);
under CI (CI=true) it is derandomised so a green commit stays green on a clean clone.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):
    """Keep the suite out of the user's real config and data folders (recent files, library)."""
    import tempfile

    root = tempfile.mkdtemp(prefix="warboard-tests-")
    os.environ.setdefault("WARBOARD_CONFIG_DIR", os.path.join(root, "config"))
    os.environ.setdefault("WARBOARD_DATA_DIR", os.path.join(root, "data"))
