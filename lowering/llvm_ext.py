"""LLVM dialect ops that xDSL 0.74 lacks and the NVPTX lowering needs.

The ops carry the names MLIR's LLVM dialect gives them (`llvm.atomicrmw`,
`llvm.fptosi`, `llvm.fptoui`, `llvm.uitofp`, `llvm.addrspacecast`,
`llvm.switch`; see https://mlir.llvm.org/docs/Dialects/LLVM/) so that the IR
`simt-lower-to-llvm` prints reads as MLIR's would. They live in a separate
`Dialect` object named `llvm_ext`: xDSL's own `llvm` dialect is left untouched
(loading a second dialect named `llvm` would clash with it), and none of these op
names exists in xDSL's dialect. A context parses them after
`ctx.load_dialect(LLVM_EXT)`.

`simt.lowering.llvm_ir` translates them to llvmlite IR next to xDSL's own
translator (`xdsl.backend.llvm`), which does not know them.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import auto
from typing import ClassVar

from xdsl.dialects import cf, llvm
from xdsl.dialects.builtin import (
    AnyFloat,
    AnyFloatConstr,
    DenseArrayBase,
    DenseIntElementsAttr,
    IntegerType,
    i32,
)
from xdsl.dialects.utils.enum_attribute import EnumAttribute
from xdsl.ir import Attribute, Dialect, Operation, SpacedOpaqueSyntaxAttribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    Successor,
    VarConstraint,
    VarOperand,
    base,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    successor_def,
    traits_def,
    var_operand_def,
    var_successor_def,
)
from xdsl.traits import IsTerminator, MemoryReadEffect, MemoryWriteEffect, Pure
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.str_enum import StrEnum


class AtomicBinOp(StrEnum):
    """The read-modify-write operations of LLVM's `atomicrmw` used here."""

    XCHG = auto()
    ADD = auto()
    SUB = auto()
    AND = auto()
    OR = auto()
    XOR = auto()
    MAX = auto()
    MIN = auto()
    UMAX = auto()
    UMIN = auto()
    FADD = auto()
    FSUB = auto()
    UINC_WRAP = auto()
    """`old >= val ? 0 : old + 1` (unsigned; PTX `atom.inc`)."""
    UDEC_WRAP = auto()
    """`old == 0 or old > val ? val : old - 1` (unsigned; PTX `atom.dec`)."""


class AtomicOrdering(StrEnum):
    """LLVM memory orderings (LangRef "Atomic Memory Ordering Constraints")."""

    MONOTONIC = auto()
    ACQUIRE = auto()
    RELEASE = auto()
    ACQ_REL = auto()
    SEQ_CST = auto()


@irdl_attr_definition
class AtomicBinOpAttr(EnumAttribute[AtomicBinOp], SpacedOpaqueSyntaxAttribute):
    """The operation of an `llvm.atomicrmw` (`add`, `fadd`, `xchg`, ...)."""

    name = "llvm_ext.atomic_bin_op"


@irdl_attr_definition
class AtomicOrderingAttr(EnumAttribute[AtomicOrdering], SpacedOpaqueSyntaxAttribute):
    """The memory ordering of an `llvm.atomicrmw` (`monotonic`, `seq_cst`, ...)."""

    name = "llvm_ext.atomic_ordering"


_FLOAT_BIN_OPS = frozenset({AtomicBinOp.FADD, AtomicBinOp.FSUB})


@irdl_op_definition
class AtomicRMWOp(IRDLOperation):
    """Atomically applies `bin_op` to the value at `ptr` and `val`; returns the old value.

    LLVM's `atomicrmw` instruction: each executing thread performs one indivisible
    read-modify-write of the memory at `ptr` (any address space) with the given
    ordering, and receives the value that was there before.

    Example: `%old = llvm.atomicrmw add %p, %v monotonic : !llvm.ptr<1>, i32`
    """

    name = "llvm.atomicrmw"

    bin_op = prop_def(AtomicBinOpAttr)
    ordering = prop_def(AtomicOrderingAttr)
    T: ClassVar = VarConstraint("T", base(IntegerType) | AnyFloatConstr)

    ptr = operand_def(llvm.LLVMPointerType)
    val = operand_def(T)
    res = result_def(T)

    assembly_format = (
        "$bin_op $ptr `,` $val $ordering attr-dict `:` type($ptr) `,` type($val)"
    )

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(
        self,
        bin_op: AtomicBinOp,
        ptr: SSAValue | Operation,
        val: SSAValue | Operation,
        ordering: AtomicOrdering = AtomicOrdering.MONOTONIC,
    ):
        val = SSAValue.get(val)
        super().__init__(
            operands=[ptr, val],
            result_types=[val.type],
            properties={
                "bin_op": AtomicBinOpAttr(bin_op),
                "ordering": AtomicOrderingAttr(ordering),
            },
        )

    def verify_(self) -> None:
        is_float = isinstance(self.val.type, AnyFloat)
        if is_float != (self.bin_op.data in _FLOAT_BIN_OPS):
            raise VerifyException(
                f"expected {'a float' if not is_float else 'an integer'} value for "
                f"'{self.bin_op.data}', found {self.val.type}"
            )


@irdl_op_definition
class FPToSIOp(llvm.GenericCastOp):
    """Converts a float to a signed integer, rounding toward zero (LLVM `fptosi`).

    Out-of-range inputs give poison, as in LLVM.

    Example: `%i = llvm.fptosi %x : f32 to i32`
    """

    name = "llvm.fptosi"


@irdl_op_definition
class FPToUIOp(llvm.GenericCastOp):
    """Converts a float to an unsigned integer, rounding toward zero (LLVM `fptoui`).

    Example: `%i = llvm.fptoui %x : f64 to i64`
    """

    name = "llvm.fptoui"


@irdl_op_definition
class UIToFPOp(llvm.GenericCastOp):
    """Converts an unsigned integer to the nearest float (LLVM `uitofp`).

    Example: `%x = llvm.uitofp %i : i32 to f32`
    """

    name = "llvm.uitofp"


@irdl_op_definition
class AddrSpaceCastOp(llvm.GenericCastOp):
    """Reinterprets a pointer in another address space (LLVM `addrspacecast`).

    On NVPTX a generic pointer to global memory becomes an `addrspace(1)` pointer
    (`cvta.to.global`), which lets loads and stores use `ld.global` / `st.global`.

    Example: `%g = llvm.addrspacecast %p : !llvm.ptr to !llvm.ptr<1>`
    """

    name = "llvm.addrspacecast"

    def verify_(self) -> None:
        for value in (self.arg, self.result):
            if not isinstance(value.type, llvm.LLVMPointerType):
                raise VerifyException(f"expected a pointer, found {value.type}")


@irdl_op_definition
class SwitchOp(IRDLOperation):
    """Jumps to the case block whose value equals `flag`, else to the default block.

    The LLVM `switch` terminator, with block arguments passed to the successor
    as for `cf.switch`, whose syntax, constructor and verifier it shares.

    Example:
    ```
    llvm.switch %flag : i32, [
      default: ^bb1(%a : i32),
      42: ^bb2
    ]
    ```
    """

    name = "llvm.switch"

    case_values = opt_prop_def(DenseIntElementsAttr)
    flag = operand_def(base(IntegerType))
    default_operands = var_operand_def()
    case_operands = var_operand_def()
    case_operand_segments = prop_def(DenseArrayBase.constr(i32))
    default_block = successor_def()
    case_blocks = var_successor_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)
    traits = traits_def(IsTerminator(), Pure())
    assembly_format = cf.SwitchOp.assembly_format
    custom_directives = (cf.SwitchOpCases,)

    def __init__(
        self,
        flag: Operation | SSAValue,
        default_block: Successor,
        default_operands: Sequence[Operation | SSAValue],
        case_values: DenseIntElementsAttr | None = None,
        case_blocks: Sequence[Successor] = (),
        case_operands: Sequence[Sequence[Operation | SSAValue]] = (),
    ):
        segments = DenseArrayBase.from_list(i32, [len(o) for o in case_operands])
        properties: dict[str, Attribute] = {"case_operand_segments": segments}
        if case_values is not None:
            properties["case_values"] = case_values
        super().__init__(
            operands=[flag, default_operands, [o for os in case_operands for o in os]],
            properties=properties,
            successors=[default_block, case_blocks],
        )

    def verify_(self) -> None:
        values = 0 if self.case_values is None else len(self.case_values)
        if values != len(self.case_blocks):
            raise VerifyException(
                f"expected one case value per case block ({len(self.case_blocks)}), "
                f"found {values}"
            )

    @property
    def case_operand(self) -> tuple[VarOperand, ...]:
        """The operands passed to each case block."""
        cases: list[VarOperand] = []
        start = 0
        for size in self.case_operand_segments.get_values():
            cases.append(VarOperand(self.case_operands[start : start + size]))
            start += size
        return tuple(cases)


@irdl_op_definition
class CmpXchgOp(IRDLOperation):
    """Atomically stores `val` at `ptr` if the value there equals `cmp`;
    returns `{old value, success}` (LLVM's `cmpxchg`, strong).

    Example:
    `%r = llvm.cmpxchg %p, %c, %v monotonic : !llvm.ptr, i32 -> !llvm.struct<(i32, i1)>`
    """

    name = "llvm.cmpxchg"

    ordering = prop_def(AtomicOrderingAttr)
    T: ClassVar = VarConstraint("T", base(IntegerType))

    ptr = operand_def(llvm.LLVMPointerType)
    cmp = operand_def(T)
    val = operand_def(T)
    res = result_def(llvm.LLVMStructType)

    assembly_format = (
        "$ptr `,` $cmp `,` $val $ordering attr-dict `:` type($ptr) `,` type($val) "
        "`->` type($res)"
    )

    traits = traits_def(MemoryReadEffect(), MemoryWriteEffect())

    def __init__(
        self,
        ptr: SSAValue | Operation,
        cmp: SSAValue | Operation,
        val: SSAValue | Operation,
        ordering: AtomicOrdering = AtomicOrdering.MONOTONIC,
    ):
        val = SSAValue.get(val)
        result = llvm.LLVMStructType.from_type_list([val.type, IntegerType(1)])
        super().__init__(
            operands=[ptr, cmp, val],
            result_types=[result],
            properties={"ordering": AtomicOrderingAttr(ordering)},
        )


LLVM_EXT = Dialect(
    "llvm_ext",
    [AtomicRMWOp, CmpXchgOp, FPToSIOp, FPToUIOp, UIToFPOp, AddrSpaceCastOp, SwitchOp],
    [AtomicBinOpAttr, AtomicOrderingAttr],
)
