"""simt.dialects

Importing the package installs MLIR's syntax of `arith.cmpi` / `arith.cmpf`
(with the attribute dictionary, see `arith_ext`), so that facts recorded on a
comparison print and parse back wherever simt's dialects are in use.
"""

from simt.dialects import arith_ext as _arith_ext  # noqa: F401  (installs the syntax)
