#!/usr/bin/env bash
# The whole test suite, as CI runs it: lint, format, types, FileCheck tests, pytest.
# Run from anywhere after `pip install -e ".[dev]"`.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== ruff"
ruff check .
ruff format --check .
echo "== pyright"
# pyright checks the package through the editable install's link (docs/packaging.md).
if [ ! -d build/__editable__/simt ]; then
    echo "build/__editable__/simt is missing: run pip install -e '.[dev]'" >&2
    exit 1
fi
# --pythonpath: the active interpreter's packages, even when pyright is a
# pyenv shim that would put another Python first on PATH.
pyright --pythonpath "$(command -v python)"
echo "== lit (FileCheck tests)"
lit -sv tests/filecheck
echo "== pytest"
# In parallel on every core (pytest-xdist); the slow tier runs too
# (`-m "not slow"` skips it while iterating, tests/tiers.py).
python -m pytest -n auto
