"""Transformation utilities shared by passes, the lowering and the frontend:
algorithms on IR behind small interfaces, each used by a thin pass or more
(as MLIR's `lib/Transforms/Utils`)."""
