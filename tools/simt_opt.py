"""`simt-opt`: xDSL's `xdsl-opt` with the simt dialect, passes and targets.

Everything `xdsl-opt` accepts works unchanged (`-p` pipelines with options,
`--split-input-file`, `--verify-diagnostics`, `--print-op-generic`, `-o`, `-t`).
On top of it, an error the user caused (a parse error, a verifier error, a pass
that refuses its input) is printed as a diagnostic with its location and the
command exits with status 1 instead of showing a Python traceback.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO

from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import DiagnosticException, ParseError
from xdsl.utils.target import Target
from xdsl.xdsl_opt_main import xDSLOptMain

from simt.pipeline import available_passes, register_dialects
from simt.universe import SIMT_UNIVERSE


class SimtOptMain(xDSLOptMain):
    """The `simt-opt` driver: `xDSLOptMain` with simt registered."""

    def __init__(self, args: Sequence[str] | None = None):
        super().__init__(description="simt modular optimizer driver", args=args)

    def register_all_dialects(self) -> None:
        register_dialects(self.ctx)

    def register_all_passes(self) -> None:
        for name, factory in available_passes().items():
            self.register_pass(name, factory)

    def register_all_frontends(self) -> None:
        super().register_all_frontends()

        def parse_python(io: IO[bytes]) -> ModuleOp:
            from simt.frontend import compile_kernels

            return compile_kernels(io.read().decode(), self.get_input_name())

        self.available_frontends["py"] = parse_python

    def register_all_targets(self) -> None:
        super().register_all_targets()
        for name, factory in SIMT_UNIVERSE.all_targets.items():
            self.available_targets[name] = factory
        # xDSL's own plugin owns the name `llvm` (the plugin loader rejects a
        # duplicate), so our NVPTX target is `simt-llvm` there; in simt-opt,
        # `-t llvm` means ours.
        self.available_targets["llvm"] = _nvptx_llvm_target


def _nvptx_llvm_target() -> type[Target]:
    from simt.lowering.targets import NVPTXLLVMTarget

    return NVPTXLLVMTarget


def main(args: Sequence[str] | None = None) -> int:
    """Entry point of `simt-opt`; returns the exit status."""
    try:
        SimtOptMain(args=args).run()
    except (DiagnosticException, ParseError, ValueError) as error:
        print(f"simt-opt: error: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"simt-opt: error: {error.filename}: {error.strerror}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
