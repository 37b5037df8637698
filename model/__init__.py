"""simt.model: the machine model every stage shares, beneath all of them.

The analyses, the simulator, the passes, the frontend and the lowering all
import this package, and it imports none of them (only xDSL): a test builds
the import graph from the source and fails on an upward import.

- `facts`: what an op is (divergence source, convergent, memory effects and
  space, commutativity, cost class), declared once on the op as traits, with
  one table for upstream ops;
- `costs`: the cost table that turns issued instructions into cycles;
- `machine`: warp size and CUDA's launch limits;
- `sites`: stable names of ops and blocks, the keys of a profile;
- `kernel`: how a kernel is marked in the IR;
- `locations`: the one location formatter of every diagnostic.
"""
