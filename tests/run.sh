#!/usr/bin/env bash
# The whole test suite, as CI runs it: lint, format, types, FileCheck tests, pytest.
# Run from anywhere after `pip install -e ".[dev]"`.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== ruff"
ruff check .
ruff format --check .
echo "== pyright"
pyright
echo "== lit (FileCheck tests)"
lit -sv tests/filecheck
echo "== pytest"
python -m pytest
