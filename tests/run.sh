#!/usr/bin/env bash
# The test suite: lint, format, types, FileCheck tests, pytest.
# Run from anywhere after `pip install -e ".[dev]"`.
#
#   bash tests/run.sh          everything but the slow tier (under 5 min on 2 cores)
#   bash tests/run.sh --slow   the slow tier alone: the tests marked `slow`, among
#                              them the two 500-program tiers (tests/tiers.py)
#
# CI (.ci/run) runs both, one after the other.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--slow" ]; then
    python -c "from simt.sim.simulate import compile_native_engine; compile_native_engine()"
    exec python -m pytest -n auto --dist worksteal -m slow
elif [ $# -gt 0 ]; then
    echo "usage: bash tests/run.sh [--slow]" >&2
    exit 2
fi

echo "== ruff"
ruff check .
ruff format --check .

# pyright checks the package through the editable install's link (docs/packaging.md).
if [ ! -d build/__editable__/simt ]; then
    echo "build/__editable__/simt is missing: run pip install -e '.[dev]'" >&2
    exit 1
fi

# pyright (one process) and lit run beside pytest, each into its own log,
# printed after pytest's own output: the whole command is CPU-bound on 2
# cores, and pyright alone would leave one of them idle for a minute.
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# --pythonpath: the active interpreter's packages, even when pyright is a
# pyenv shim that would put another Python first on PATH.
pyright --pythonpath "$(command -v python)" >"$logs/pyright" 2>&1 &
pyright_pid=$!
lit -sv tests/filecheck >"$logs/lit" 2>&1 &
lit_pid=$!

# numba compiles the simulator's native engine into its disk cache on first
# use (about 40 s); in a fresh checkout each pytest worker would compile it.
echo "== the simulator's native engine (numba's disk cache)"
python -c "from simt.sim.simulate import compile_native_engine; compile_native_engine()"

# In parallel on every core (pytest-xdist), all but the slow tier
# (`--slow` runs it, tests/tiers.py). Work stealing keeps both cores busy to
# the end: plain load balancing left one core idle for a minute and more.
echo "== pytest (all but the slow tier)"
pytest_status=0
python -m pytest -n auto --dist worksteal -m "not slow" || pytest_status=$?

pyright_status=0
wait "$pyright_pid" || pyright_status=$?
lit_status=0
wait "$lit_pid" || lit_status=$?

echo "== pyright"
cat "$logs/pyright"
echo "== lit (FileCheck tests)"
cat "$logs/lit"

for status in "$pyright_status" "$lit_status" "$pytest_status"; do
    if [ "$status" -ne 0 ]; then
        exit "$status"
    fi
done
