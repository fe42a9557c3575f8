"""Suite-wide settings.

Hypothesis explores new examples on every local run (and remembers failures in .hypothesis/);
under CI (CI=true) it is derandomised so a green commit stays green on a clean clone.
"""

import gc
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):
    """Keep the suite out of the user's real config and data folders (recent files, library);
    each pytest-xdist worker gets folders of its own (a worker inherits the environment its
    controller set, so `setdefault` alone would have both share one library and settings)."""
    import tempfile

    worker = os.environ.get("PYTEST_XDIST_WORKER")
    root = tempfile.mkdtemp(prefix=f"warboard-tests-{worker or 'main'}-")
    put = os.environ.__setitem__ if worker else os.environ.setdefault
    put("WARBOARD_CONFIG_DIR", os.path.join(root, "config"))
    put("WARBOARD_DATA_DIR", os.path.join(root, "data"))


def pytest_collection_finish(session):
    """Move what collection imported (Qt, shapely, numpy, every module, the test modules)
    out of the cyclic collector's sight, as app.heap does for a big game: each automatic
    full collection would otherwise walk those millions of objects again, and the tests'
    own objects are collected as before."""
    gc.collect()
    gc.freeze()
