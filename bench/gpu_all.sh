#!/usr/bin/env bash
# simt.bench.gpu_all on a device machine that has numba-cuda but not xdsl.
#
# Here, once, in the repository's root (the wheels travel with the tree):
#   echo /.whl/ >> .git/info/exclude
#   python3 -m pip download --no-deps --only-binary=:all: --python-version 3.12 \
#       --implementation cp --platform manylinux2014_x86_64 -d .whl \
#       xdsl==0.74.0 immutabledict ordered-set
# There (device `run` with carry [".whl"]), one suite or two a call, since a
# device command runs 10 minutes at most:
#   bash bench/gpu_all.sh --suite corpus
#   bash bench/gpu_all.sh --suite fig7 --suite fusion
#   bash bench/gpu_all.sh --suite dpll
# (`--quick` first, to see it run in a minute). Results go to $OUT (the device
# tool's folder) or bench/results: gpu_all_<suites>.json, .md and .log.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir \
    --upgrade --target /tmp/site .whl/*.whl
# The repository's root is the package `simt` (docs/packaging.md).
mkdir -p /tmp/simt-path
ln -sfn "$PWD" /tmp/simt-path/simt
export PYTHONPATH=/tmp/simt-path:/tmp/site PYTHONUNBUFFERED=1
out=${OUT:-bench/results}
mkdir -p "$out"
nvidia-smi -L || true
python3 -c "import numba, numba.cuda, llvmlite, xdsl; print('numba', numba.__version__, 'llvmlite', llvmlite.__version__, 'cuda', numba.cuda.is_available())"
log="$out/gpu_all$(printf '_%s' "$@" | tr -c 'A-Za-z0-9_.-' '_').log"
python3 -m simt.bench.gpu_all --out "$out" "$@" 2>&1 | tee "$log"
