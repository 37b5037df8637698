"""How many examples a property test draws: the quick tier by default, the
thorough tier with `SIMT_THOROUGH=1`.

The default (what `bash tests/run.sh` and CI run) keeps every property test
and draws a quarter of the thorough count (at least 25): the generators are
derandomized, so the quick tier is the first examples of the thorough one.
Tests that take minutes even so carry `@pytest.mark.slow`: the slow tier,
which `bash tests/run.sh` leaves out (to stay under 5 minutes on 2 cores)
and `bash tests/run.sh --slow` runs; CI runs both.
"""

from __future__ import annotations

import os

THOROUGH = os.environ.get("SIMT_THOROUGH") == "1"
"""True when the thorough tier is asked for (`SIMT_THOROUGH=1`)."""


def examples(thorough: int) -> int:
    """`max_examples` for a property test whose thorough count is `thorough`."""
    if THOROUGH:
        return thorough
    return min(thorough, max(25, thorough // 4))
