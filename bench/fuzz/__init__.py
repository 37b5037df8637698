"""Generated programs through every pass and the lowering (issue 20).

`generate` draws the programs (`cf` block graphs as MLIR text; structured
kernels through the frontend), `check` runs the passes, the simulator, the
lowering and ptxas on each and counts what fails; `python -m simt.bench.fuzz
--programs N` is the long run, `tests/fuzz/test_generated.py` (pytest -m
fuzz) the CI tier.
"""
