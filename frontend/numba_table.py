"""numba-cuda's typing of scalar operations (generated: do not edit).

Regenerate with `python -m simt.frontend.typing`; the format is described
in `simt.frontend.typing`.
"""

TABLE = """\
add bool bool -> int64 : int64 int64
add bool int8 -> int64 : int64 int64
add bool int16 -> int64 : int64 int64
add bool int32 -> int64 : int64 int64
add bool int64 -> int64 : int64 int64
add bool uint8 -> int64 : int64 uint64
add bool uint16 -> int64 : int64 uint64
add bool uint32 -> int64 : int64 uint64
add bool uint64 -> int64 : int64 uint64
add bool float16 -> float16 : float16 float16
add bool float32 -> float32 : float32 float32
add bool float64 -> float64 : float64 float64
add int8 bool -> int64 : int64 int64
add int8 int8 -> int64 : int64 int64
add int8 int16 -> int64 : int64 int64
add int8 int32 -> int64 : int64 int64
add int8 int64 -> int64 : int64 int64
add int8 uint8 -> int64 : int64 uint64
add int8 uint16 -> int64 : int64 uint64
add int8 uint32 -> int64 : int64 uint64
add int8 uint64 -> int64 : int64 uint64
add int8 float16 -> float16 : float16 float16
add int8 float32 -> float32 : float32 float32
add int8 float64 -> float64 : float64 float64
add int16 bool -> int64 : int64 int64
add int16 int8 -> int64 : int64 int64
add int16 int16 -> int64 : int64 int64
add int16 int32 -> int64 : int64 int64
add int16 int64 -> int64 : int64 int64
add int16 uint8 -> int64 : int64 uint64
add int16 uint16 -> int64 : int64 uint64
add int16 uint32 -> int64 : int64 uint64
add int16 uint64 -> int64 : int64 uint64
add int16 float16 -> float32 : float32 float32
add int16 float32 -> float32 : float32 float32
add int16 float64 -> float64 : float64 float64
add int32 bool -> int64 : int64 int64
add int32 int8 -> int64 : int64 int64
add int32 int16 -> int64 : int64 int64
add int32 int32 -> int64 : int64 int64
add int32 int64 -> int64 : int64 int64
add int32 uint8 -> int64 : int64 uint64
add int32 uint16 -> int64 : int64 uint64
add int32 uint32 -> int64 : int64 uint64
add int32 uint64 -> int64 : int64 uint64
add int32 float16 -> float64 : float64 float64
add int32 float32 -> float64 : float64 float64
add int32 float64 -> float64 : float64 float64
add int64 bool -> int64 : int64 int64
add int64 int8 -> int64 : int64 int64
add int64 int16 -> int64 : int64 int64
add int64 int32 -> int64 : int64 int64
add int64 int64 -> int64 : int64 int64
add int64 uint8 -> int64 : int64 uint64
add int64 uint16 -> int64 : int64 uint64
add int64 uint32 -> int64 : int64 uint64
add int64 uint64 -> int64 : int64 uint64
add int64 float16 -> float64 : float64 float64
add int64 float32 -> float64 : float64 float64
add int64 float64 -> float64 : float64 float64
add uint8 bool -> int64 : uint64 int64
add uint8 int8 -> int64 : uint64 int64
add uint8 int16 -> int64 : uint64 int64
add uint8 int32 -> int64 : uint64 int64
add uint8 int64 -> int64 : uint64 int64
add uint8 uint8 -> uint64 : uint64 uint64
add uint8 uint16 -> uint64 : uint64 uint64
add uint8 uint32 -> uint64 : uint64 uint64
add uint8 uint64 -> uint64 : uint64 uint64
add uint8 float16 -> float32 : float32 float32
add uint8 float32 -> float32 : float32 float32
add uint8 float64 -> float64 : float64 float64
add uint16 bool -> int64 : uint64 int64
add uint16 int8 -> int64 : uint64 int64
add uint16 int16 -> int64 : uint64 int64
add uint16 int32 -> int64 : uint64 int64
add uint16 int64 -> int64 : uint64 int64
add uint16 uint8 -> uint64 : uint64 uint64
add uint16 uint16 -> uint64 : uint64 uint64
add uint16 uint32 -> uint64 : uint64 uint64
add uint16 uint64 -> uint64 : uint64 uint64
add uint16 float16 -> float64 : float64 float64
add uint16 float32 -> float64 : float64 float64
add uint16 float64 -> float64 : float64 float64
add uint32 bool -> int64 : uint64 int64
add uint32 int8 -> int64 : uint64 int64
add uint32 int16 -> int64 : uint64 int64
add uint32 int32 -> int64 : uint64 int64
add uint32 int64 -> int64 : uint64 int64
add uint32 uint8 -> uint64 : uint64 uint64
add uint32 uint16 -> uint64 : uint64 uint64
add uint32 uint32 -> uint64 : uint64 uint64
add uint32 uint64 -> uint64 : uint64 uint64
add uint32 float16 -> float64 : float64 float64
add uint32 float32 -> float64 : float64 float64
add uint32 float64 -> float64 : float64 float64
add uint64 bool -> int64 : uint64 int64
add uint64 int8 -> int64 : uint64 int64
add uint64 int16 -> int64 : uint64 int64
add uint64 int32 -> int64 : uint64 int64
add uint64 int64 -> int64 : uint64 int64
add uint64 uint8 -> uint64 : uint64 uint64
add uint64 uint16 -> uint64 : uint64 uint64
add uint64 uint32 -> uint64 : uint64 uint64
add uint64 uint64 -> uint64 : uint64 uint64
add uint64 float16 -> float64 : float64 float64
add uint64 float32 -> float64 : float64 float64
add uint64 float64 -> float64 : float64 float64
add float16 bool -> float16 : float16 float16
add float16 int8 -> float16 : float16 float16
add float16 int16 -> float32 : float32 float32
add float16 int32 -> float64 : float64 float64
add float16 int64 -> float64 : float64 float64
add float16 uint8 -> float32 : float32 float32
add float16 uint16 -> float64 : float64 float64
add float16 uint32 -> float64 : float64 float64
add float16 uint64 -> float64 : float64 float64
add float16 float16 -> float16 : float16 float16
add float16 float32 -> float32 : float32 float32
add float16 float64 -> float64 : float64 float64
add float32 bool -> float32 : float32 float32
add float32 int8 -> float32 : float32 float32
add float32 int16 -> float32 : float32 float32
add float32 int32 -> float64 : float64 float64
add float32 int64 -> float64 : float64 float64
add float32 uint8 -> float32 : float32 float32
add float32 uint16 -> float64 : float64 float64
add float32 uint32 -> float64 : float64 float64
add float32 uint64 -> float64 : float64 float64
add float32 float16 -> float32 : float32 float32
add float32 float32 -> float32 : float32 float32
add float32 float64 -> float64 : float64 float64
add float64 bool -> float64 : float64 float64
add float64 int8 -> float64 : float64 float64
add float64 int16 -> float64 : float64 float64
add float64 int32 -> float64 : float64 float64
add float64 int64 -> float64 : float64 float64
add float64 uint8 -> float64 : float64 float64
add float64 uint16 -> float64 : float64 float64
add float64 uint32 -> float64 : float64 float64
add float64 uint64 -> float64 : float64 float64
add float64 float16 -> float64 : float64 float64
add float64 float32 -> float64 : float64 float64
add float64 float64 -> float64 : float64 float64
sub bool bool -> int64 : int64 int64
sub bool int8 -> int64 : int64 int64
sub bool int16 -> int64 : int64 int64
sub bool int32 -> int64 : int64 int64
sub bool int64 -> int64 : int64 int64
sub bool uint8 -> int64 : int64 uint64
sub bool uint16 -> int64 : int64 uint64
sub bool uint32 -> int64 : int64 uint64
sub bool uint64 -> int64 : int64 uint64
sub bool float16 -> float16 : float16 float16
sub bool float32 -> float32 : float32 float32
sub bool float64 -> float64 : float64 float64
sub int8 bool -> int64 : int64 int64
sub int8 int8 -> int64 : int64 int64
sub int8 int16 -> int64 : int64 int64
sub int8 int32 -> int64 : int64 int64
sub int8 int64 -> int64 : int64 int64
sub int8 uint8 -> int64 : int64 uint64
sub int8 uint16 -> int64 : int64 uint64
sub int8 uint32 -> int64 : int64 uint64
sub int8 uint64 -> int64 : int64 uint64
sub int8 float16 -> float16 : float16 float16
sub int8 float32 -> float32 : float32 float32
sub int8 float64 -> float64 : float64 float64
sub int16 bool -> int64 : int64 int64
sub int16 int8 -> int64 : int64 int64
sub int16 int16 -> int64 : int64 int64
sub int16 int32 -> int64 : int64 int64
sub int16 int64 -> int64 : int64 int64
sub int16 uint8 -> int64 : int64 uint64
sub int16 uint16 -> int64 : int64 uint64
sub int16 uint32 -> int64 : int64 uint64
sub int16 uint64 -> int64 : int64 uint64
sub int16 float16 -> float32 : float32 float32
sub int16 float32 -> float32 : float32 float32
sub int16 float64 -> float64 : float64 float64
sub int32 bool -> int64 : int64 int64
sub int32 int8 -> int64 : int64 int64
sub int32 int16 -> int64 : int64 int64
sub int32 int32 -> int64 : int64 int64
sub int32 int64 -> int64 : int64 int64
sub int32 uint8 -> int64 : int64 uint64
sub int32 uint16 -> int64 : int64 uint64
sub int32 uint32 -> int64 : int64 uint64
sub int32 uint64 -> int64 : int64 uint64
sub int32 float16 -> float64 : float64 float64
sub int32 float32 -> float64 : float64 float64
sub int32 float64 -> float64 : float64 float64
sub int64 bool -> int64 : int64 int64
sub int64 int8 -> int64 : int64 int64
sub int64 int16 -> int64 : int64 int64
sub int64 int32 -> int64 : int64 int64
sub int64 int64 -> int64 : int64 int64
sub int64 uint8 -> int64 : int64 uint64
sub int64 uint16 -> int64 : int64 uint64
sub int64 uint32 -> int64 : int64 uint64
sub int64 uint64 -> int64 : int64 uint64
sub int64 float16 -> float64 : float64 float64
sub int64 float32 -> float64 : float64 float64
sub int64 float64 -> float64 : float64 float64
sub uint8 bool -> int64 : uint64 int64
sub uint8 int8 -> int64 : uint64 int64
sub uint8 int16 -> int64 : uint64 int64
sub uint8 int32 -> int64 : uint64 int64
sub uint8 int64 -> int64 : uint64 int64
sub uint8 uint8 -> uint64 : uint64 uint64
sub uint8 uint16 -> uint64 : uint64 uint64
sub uint8 uint32 -> uint64 : uint64 uint64
sub uint8 uint64 -> uint64 : uint64 uint64
sub uint8 float16 -> float32 : float32 float32
sub uint8 float32 -> float32 : float32 float32
sub uint8 float64 -> float64 : float64 float64
sub uint16 bool -> int64 : uint64 int64
sub uint16 int8 -> int64 : uint64 int64
sub uint16 int16 -> int64 : uint64 int64
sub uint16 int32 -> int64 : uint64 int64
sub uint16 int64 -> int64 : uint64 int64
sub uint16 uint8 -> uint64 : uint64 uint64
sub uint16 uint16 -> uint64 : uint64 uint64
sub uint16 uint32 -> uint64 : uint64 uint64
sub uint16 uint64 -> uint64 : uint64 uint64
sub uint16 float16 -> float64 : float64 float64
sub uint16 float32 -> float64 : float64 float64
sub uint16 float64 -> float64 : float64 float64
sub uint32 bool -> int64 : uint64 int64
sub uint32 int8 -> int64 : uint64 int64
sub uint32 int16 -> int64 : uint64 int64
sub uint32 int32 -> int64 : uint64 int64
sub uint32 int64 -> int64 : uint64 int64
sub uint32 uint8 -> uint64 : uint64 uint64
sub uint32 uint16 -> uint64 : uint64 uint64
sub uint32 uint32 -> uint64 : uint64 uint64
sub uint32 uint64 -> uint64 : uint64 uint64
sub uint32 float16 -> float64 : float64 float64
sub uint32 float32 -> float64 : float64 float64
sub uint32 float64 -> float64 : float64 float64
sub uint64 bool -> int64 : uint64 int64
sub uint64 int8 -> int64 : uint64 int64
sub uint64 int16 -> int64 : uint64 int64
sub uint64 int32 -> int64 : uint64 int64
sub uint64 int64 -> int64 : uint64 int64
sub uint64 uint8 -> uint64 : uint64 uint64
sub uint64 uint16 -> uint64 : uint64 uint64
sub uint64 uint32 -> uint64 : uint64 uint64
sub uint64 uint64 -> uint64 : uint64 uint64
sub uint64 float16 -> float64 : float64 float64
sub uint64 float32 -> float64 : float64 float64
sub uint64 float64 -> float64 : float64 float64
sub float16 bool -> float16 : float16 float16
sub float16 int8 -> float16 : float16 float16
sub float16 int16 -> float32 : float32 float32
sub float16 int32 -> float64 : float64 float64
sub float16 int64 -> float64 : float64 float64
sub float16 uint8 -> float32 : float32 float32
sub float16 uint16 -> float64 : float64 float64
sub float16 uint32 -> float64 : float64 float64
sub float16 uint64 -> float64 : float64 float64
sub float16 float16 -> float16 : float16 float16
sub float16 float32 -> float32 : float32 float32
sub float16 float64 -> float64 : float64 float64
sub float32 bool -> float32 : float32 float32
sub float32 int8 -> float32 : float32 float32
sub float32 int16 -> float32 : float32 float32
sub float32 int32 -> float64 : float64 float64
sub float32 int64 -> float64 : float64 float64
sub float32 uint8 -> float32 : float32 float32
sub float32 uint16 -> float64 : float64 float64
sub float32 uint32 -> float64 : float64 float64
sub float32 uint64 -> float64 : float64 float64
sub float32 float16 -> float32 : float32 float32
sub float32 float32 -> float32 : float32 float32
sub float32 float64 -> float64 : float64 float64
sub float64 bool -> float64 : float64 float64
sub float64 int8 -> float64 : float64 float64
sub float64 int16 -> float64 : float64 float64
sub float64 int32 -> float64 : float64 float64
sub float64 int64 -> float64 : float64 float64
sub float64 uint8 -> float64 : float64 float64
sub float64 uint16 -> float64 : float64 float64
sub float64 uint32 -> float64 : float64 float64
sub float64 uint64 -> float64 : float64 float64
sub float64 float16 -> float64 : float64 float64
sub float64 float32 -> float64 : float64 float64
sub float64 float64 -> float64 : float64 float64
mul bool bool -> int64 : int64 int64
mul bool int8 -> int64 : int64 int64
mul bool int16 -> int64 : int64 int64
mul bool int32 -> int64 : int64 int64
mul bool int64 -> int64 : int64 int64
mul bool uint8 -> int64 : int64 uint64
mul bool uint16 -> int64 : int64 uint64
mul bool uint32 -> int64 : int64 uint64
mul bool uint64 -> int64 : int64 uint64
mul bool float16 -> float16 : float16 float16
mul bool float32 -> float32 : float32 float32
mul bool float64 -> float64 : float64 float64
mul int8 bool -> int64 : int64 int64
mul int8 int8 -> int64 : int64 int64
mul int8 int16 -> int64 : int64 int64
mul int8 int32 -> int64 : int64 int64
mul int8 int64 -> int64 : int64 int64
mul int8 uint8 -> int64 : int64 uint64
mul int8 uint16 -> int64 : int64 uint64
mul int8 uint32 -> int64 : int64 uint64
mul int8 uint64 -> int64 : int64 uint64
mul int8 float16 -> float16 : float16 float16
mul int8 float32 -> float32 : float32 float32
mul int8 float64 -> float64 : float64 float64
mul int16 bool -> int64 : int64 int64
mul int16 int8 -> int64 : int64 int64
mul int16 int16 -> int64 : int64 int64
mul int16 int32 -> int64 : int64 int64
mul int16 int64 -> int64 : int64 int64
mul int16 uint8 -> int64 : int64 uint64
mul int16 uint16 -> int64 : int64 uint64
mul int16 uint32 -> int64 : int64 uint64
mul int16 uint64 -> int64 : int64 uint64
mul int16 float16 -> float32 : float32 float32
mul int16 float32 -> float32 : float32 float32
mul int16 float64 -> float64 : float64 float64
mul int32 bool -> int64 : int64 int64
mul int32 int8 -> int64 : int64 int64
mul int32 int16 -> int64 : int64 int64
mul int32 int32 -> int64 : int64 int64
mul int32 int64 -> int64 : int64 int64
mul int32 uint8 -> int64 : int64 uint64
mul int32 uint16 -> int64 : int64 uint64
mul int32 uint32 -> int64 : int64 uint64
mul int32 uint64 -> int64 : int64 uint64
mul int32 float16 -> float64 : float64 float64
mul int32 float32 -> float64 : float64 float64
mul int32 float64 -> float64 : float64 float64
mul int64 bool -> int64 : int64 int64
mul int64 int8 -> int64 : int64 int64
mul int64 int16 -> int64 : int64 int64
mul int64 int32 -> int64 : int64 int64
mul int64 int64 -> int64 : int64 int64
mul int64 uint8 -> int64 : int64 uint64
mul int64 uint16 -> int64 : int64 uint64
mul int64 uint32 -> int64 : int64 uint64
mul int64 uint64 -> int64 : int64 uint64
mul int64 float16 -> float64 : float64 float64
mul int64 float32 -> float64 : float64 float64
mul int64 float64 -> float64 : float64 float64
mul uint8 bool -> int64 : uint64 int64
mul uint8 int8 -> int64 : uint64 int64
mul uint8 int16 -> int64 : uint64 int64
mul uint8 int32 -> int64 : uint64 int64
mul uint8 int64 -> int64 : uint64 int64
mul uint8 uint8 -> uint64 : uint64 uint64
mul uint8 uint16 -> uint64 : uint64 uint64
mul uint8 uint32 -> uint64 : uint64 uint64
mul uint8 uint64 -> uint64 : uint64 uint64
mul uint8 float16 -> float32 : float32 float32
mul uint8 float32 -> float32 : float32 float32
mul uint8 float64 -> float64 : float64 float64
mul uint16 bool -> int64 : uint64 int64
mul uint16 int8 -> int64 : uint64 int64
mul uint16 int16 -> int64 : uint64 int64
mul uint16 int32 -> int64 : uint64 int64
mul uint16 int64 -> int64 : uint64 int64
mul uint16 uint8 -> uint64 : uint64 uint64
mul uint16 uint16 -> uint64 : uint64 uint64
mul uint16 uint32 -> uint64 : uint64 uint64
mul uint16 uint64 -> uint64 : uint64 uint64
mul uint16 float16 -> float64 : float64 float64
mul uint16 float32 -> float64 : float64 float64
mul uint16 float64 -> float64 : float64 float64
mul uint32 bool -> int64 : uint64 int64
mul uint32 int8 -> int64 : uint64 int64
mul uint32 int16 -> int64 : uint64 int64
mul uint32 int32 -> int64 : uint64 int64
mul uint32 int64 -> int64 : uint64 int64
mul uint32 uint8 -> uint64 : uint64 uint64
mul uint32 uint16 -> uint64 : uint64 uint64
mul uint32 uint32 -> uint64 : uint64 uint64
mul uint32 uint64 -> uint64 : uint64 uint64
mul uint32 float16 -> float64 : float64 float64
mul uint32 float32 -> float64 : float64 float64
mul uint32 float64 -> float64 : float64 float64
mul uint64 bool -> int64 : uint64 int64
mul uint64 int8 -> int64 : uint64 int64
mul uint64 int16 -> int64 : uint64 int64
mul uint64 int32 -> int64 : uint64 int64
mul uint64 int64 -> int64 : uint64 int64
mul uint64 uint8 -> uint64 : uint64 uint64
mul uint64 uint16 -> uint64 : uint64 uint64
mul uint64 uint32 -> uint64 : uint64 uint64
mul uint64 uint64 -> uint64 : uint64 uint64
mul uint64 float16 -> float64 : float64 float64
mul uint64 float32 -> float64 : float64 float64
mul uint64 float64 -> float64 : float64 float64
mul float16 bool -> float16 : float16 float16
mul float16 int8 -> float16 : float16 float16
mul float16 int16 -> float32 : float32 float32
mul float16 int32 -> float64 : float64 float64
mul float16 int64 -> float64 : float64 float64
mul float16 uint8 -> float32 : float32 float32
mul float16 uint16 -> float64 : float64 float64
mul float16 uint32 -> float64 : float64 float64
mul float16 uint64 -> float64 : float64 float64
mul float16 float16 -> float16 : float16 float16
mul float16 float32 -> float32 : float32 float32
mul float16 float64 -> float64 : float64 float64
mul float32 bool -> float32 : float32 float32
mul float32 int8 -> float32 : float32 float32
mul float32 int16 -> float32 : float32 float32
mul float32 int32 -> float64 : float64 float64
mul float32 int64 -> float64 : float64 float64
mul float32 uint8 -> float32 : float32 float32
mul float32 uint16 -> float64 : float64 float64
mul float32 uint32 -> float64 : float64 float64
mul float32 uint64 -> float64 : float64 float64
mul float32 float16 -> float32 : float32 float32
mul float32 float32 -> float32 : float32 float32
mul float32 float64 -> float64 : float64 float64
mul float64 bool -> float64 : float64 float64
mul float64 int8 -> float64 : float64 float64
mul float64 int16 -> float64 : float64 float64
mul float64 int32 -> float64 : float64 float64
mul float64 int64 -> float64 : float64 float64
mul float64 uint8 -> float64 : float64 float64
mul float64 uint16 -> float64 : float64 float64
mul float64 uint32 -> float64 : float64 float64
mul float64 uint64 -> float64 : float64 float64
mul float64 float16 -> float64 : float64 float64
mul float64 float32 -> float64 : float64 float64
mul float64 float64 -> float64 : float64 float64
truediv bool bool -> float64 : int64 int64
truediv bool int8 -> float64 : int64 int64
truediv bool int16 -> float64 : int64 int64
truediv bool int32 -> float64 : int64 int64
truediv bool int64 -> float64 : int64 int64
truediv bool uint8 -> float64 : int64 uint64
truediv bool uint16 -> float64 : int64 uint64
truediv bool uint32 -> float64 : int64 uint64
truediv bool uint64 -> float64 : int64 uint64
truediv bool float16 -> float16 : float16 float16
truediv bool float32 -> float32 : float32 float32
truediv bool float64 -> float64 : float64 float64
truediv int8 bool -> float64 : int64 int64
truediv int8 int8 -> float64 : int64 int64
truediv int8 int16 -> float64 : int64 int64
truediv int8 int32 -> float64 : int64 int64
truediv int8 int64 -> float64 : int64 int64
truediv int8 uint8 -> float64 : int64 uint64
truediv int8 uint16 -> float64 : int64 uint64
truediv int8 uint32 -> float64 : int64 uint64
truediv int8 uint64 -> float64 : int64 uint64
truediv int8 float16 -> float16 : float16 float16
truediv int8 float32 -> float32 : float32 float32
truediv int8 float64 -> float64 : float64 float64
truediv int16 bool -> float64 : int64 int64
truediv int16 int8 -> float64 : int64 int64
truediv int16 int16 -> float64 : int64 int64
truediv int16 int32 -> float64 : int64 int64
truediv int16 int64 -> float64 : int64 int64
truediv int16 uint8 -> float64 : int64 uint64
truediv int16 uint16 -> float64 : int64 uint64
truediv int16 uint32 -> float64 : int64 uint64
truediv int16 uint64 -> float64 : int64 uint64
truediv int16 float16 -> float32 : float32 float32
truediv int16 float32 -> float32 : float32 float32
truediv int16 float64 -> float64 : float64 float64
truediv int32 bool -> float64 : int64 int64
truediv int32 int8 -> float64 : int64 int64
truediv int32 int16 -> float64 : int64 int64
truediv int32 int32 -> float64 : int64 int64
truediv int32 int64 -> float64 : int64 int64
truediv int32 uint8 -> float64 : int64 uint64
truediv int32 uint16 -> float64 : int64 uint64
truediv int32 uint32 -> float64 : int64 uint64
truediv int32 uint64 -> float64 : int64 uint64
truediv int32 float16 -> float64 : float64 float64
truediv int32 float32 -> float64 : float64 float64
truediv int32 float64 -> float64 : float64 float64
truediv int64 bool -> float64 : int64 int64
truediv int64 int8 -> float64 : int64 int64
truediv int64 int16 -> float64 : int64 int64
truediv int64 int32 -> float64 : int64 int64
truediv int64 int64 -> float64 : int64 int64
truediv int64 uint8 -> float64 : int64 uint64
truediv int64 uint16 -> float64 : int64 uint64
truediv int64 uint32 -> float64 : int64 uint64
truediv int64 uint64 -> float64 : int64 uint64
truediv int64 float16 -> float64 : float64 float64
truediv int64 float32 -> float64 : float64 float64
truediv int64 float64 -> float64 : float64 float64
truediv uint8 bool -> float64 : uint64 int64
truediv uint8 int8 -> float64 : uint64 int64
truediv uint8 int16 -> float64 : uint64 int64
truediv uint8 int32 -> float64 : uint64 int64
truediv uint8 int64 -> float64 : uint64 int64
truediv uint8 uint8 -> float64 : uint64 uint64
truediv uint8 uint16 -> float64 : uint64 uint64
truediv uint8 uint32 -> float64 : uint64 uint64
truediv uint8 uint64 -> float64 : uint64 uint64
truediv uint8 float16 -> float32 : float32 float32
truediv uint8 float32 -> float32 : float32 float32
truediv uint8 float64 -> float64 : float64 float64
truediv uint16 bool -> float64 : uint64 int64
truediv uint16 int8 -> float64 : uint64 int64
truediv uint16 int16 -> float64 : uint64 int64
truediv uint16 int32 -> float64 : uint64 int64
truediv uint16 int64 -> float64 : uint64 int64
truediv uint16 uint8 -> float64 : uint64 uint64
truediv uint16 uint16 -> float64 : uint64 uint64
truediv uint16 uint32 -> float64 : uint64 uint64
truediv uint16 uint64 -> float64 : uint64 uint64
truediv uint16 float16 -> float64 : float64 float64
truediv uint16 float32 -> float64 : float64 float64
truediv uint16 float64 -> float64 : float64 float64
truediv uint32 bool -> float64 : uint64 int64
truediv uint32 int8 -> float64 : uint64 int64
truediv uint32 int16 -> float64 : uint64 int64
truediv uint32 int32 -> float64 : uint64 int64
truediv uint32 int64 -> float64 : uint64 int64
truediv uint32 uint8 -> float64 : uint64 uint64
truediv uint32 uint16 -> float64 : uint64 uint64
truediv uint32 uint32 -> float64 : uint64 uint64
truediv uint32 uint64 -> float64 : uint64 uint64
truediv uint32 float16 -> float64 : float64 float64
truediv uint32 float32 -> float64 : float64 float64
truediv uint32 float64 -> float64 : float64 float64
truediv uint64 bool -> float64 : uint64 int64
truediv uint64 int8 -> float64 : uint64 int64
truediv uint64 int16 -> float64 : uint64 int64
truediv uint64 int32 -> float64 : uint64 int64
truediv uint64 int64 -> float64 : uint64 int64
truediv uint64 uint8 -> float64 : uint64 uint64
truediv uint64 uint16 -> float64 : uint64 uint64
truediv uint64 uint32 -> float64 : uint64 uint64
truediv uint64 uint64 -> float64 : uint64 uint64
truediv uint64 float16 -> float64 : float64 float64
truediv uint64 float32 -> float64 : float64 float64
truediv uint64 float64 -> float64 : float64 float64
truediv float16 bool -> float16 : float16 float16
truediv float16 int8 -> float16 : float16 float16
truediv float16 int16 -> float32 : float32 float32
truediv float16 int32 -> float64 : float64 float64
truediv float16 int64 -> float64 : float64 float64
truediv float16 uint8 -> float32 : float32 float32
truediv float16 uint16 -> float64 : float64 float64
truediv float16 uint32 -> float64 : float64 float64
truediv float16 uint64 -> float64 : float64 float64
truediv float16 float16 -> float16 : float16 float16
truediv float16 float32 -> float32 : float32 float32
truediv float16 float64 -> float64 : float64 float64
truediv float32 bool -> float32 : float32 float32
truediv float32 int8 -> float32 : float32 float32
truediv float32 int16 -> float32 : float32 float32
truediv float32 int32 -> float64 : float64 float64
truediv float32 int64 -> float64 : float64 float64
truediv float32 uint8 -> float32 : float32 float32
truediv float32 uint16 -> float64 : float64 float64
truediv float32 uint32 -> float64 : float64 float64
truediv float32 uint64 -> float64 : float64 float64
truediv float32 float16 -> float32 : float32 float32
truediv float32 float32 -> float32 : float32 float32
truediv float32 float64 -> float64 : float64 float64
truediv float64 bool -> float64 : float64 float64
truediv float64 int8 -> float64 : float64 float64
truediv float64 int16 -> float64 : float64 float64
truediv float64 int32 -> float64 : float64 float64
truediv float64 int64 -> float64 : float64 float64
truediv float64 uint8 -> float64 : float64 float64
truediv float64 uint16 -> float64 : float64 float64
truediv float64 uint32 -> float64 : float64 float64
truediv float64 uint64 -> float64 : float64 float64
truediv float64 float16 -> float64 : float64 float64
truediv float64 float32 -> float64 : float64 float64
truediv float64 float64 -> float64 : float64 float64
floordiv bool bool -> int64 : int64 int64
floordiv bool int8 -> int64 : int64 int64
floordiv bool int16 -> int64 : int64 int64
floordiv bool int32 -> int64 : int64 int64
floordiv bool int64 -> int64 : int64 int64
floordiv bool uint8 -> int64 : int64 uint64
floordiv bool uint16 -> int64 : int64 uint64
floordiv bool uint32 -> int64 : int64 uint64
floordiv bool uint64 -> int64 : int64 uint64
floordiv bool float16 -> float32 : float32 float32
floordiv bool float32 -> float32 : float32 float32
floordiv bool float64 -> float64 : float64 float64
floordiv int8 bool -> int64 : int64 int64
floordiv int8 int8 -> int64 : int64 int64
floordiv int8 int16 -> int64 : int64 int64
floordiv int8 int32 -> int64 : int64 int64
floordiv int8 int64 -> int64 : int64 int64
floordiv int8 uint8 -> int64 : int64 uint64
floordiv int8 uint16 -> int64 : int64 uint64
floordiv int8 uint32 -> int64 : int64 uint64
floordiv int8 uint64 -> int64 : int64 uint64
floordiv int8 float16 -> float32 : float32 float32
floordiv int8 float32 -> float32 : float32 float32
floordiv int8 float64 -> float64 : float64 float64
floordiv int16 bool -> int64 : int64 int64
floordiv int16 int8 -> int64 : int64 int64
floordiv int16 int16 -> int64 : int64 int64
floordiv int16 int32 -> int64 : int64 int64
floordiv int16 int64 -> int64 : int64 int64
floordiv int16 uint8 -> int64 : int64 uint64
floordiv int16 uint16 -> int64 : int64 uint64
floordiv int16 uint32 -> int64 : int64 uint64
floordiv int16 uint64 -> int64 : int64 uint64
floordiv int16 float16 -> float32 : float32 float32
floordiv int16 float32 -> float32 : float32 float32
floordiv int16 float64 -> float64 : float64 float64
floordiv int32 bool -> int64 : int64 int64
floordiv int32 int8 -> int64 : int64 int64
floordiv int32 int16 -> int64 : int64 int64
floordiv int32 int32 -> int64 : int64 int64
floordiv int32 int64 -> int64 : int64 int64
floordiv int32 uint8 -> int64 : int64 uint64
floordiv int32 uint16 -> int64 : int64 uint64
floordiv int32 uint32 -> int64 : int64 uint64
floordiv int32 uint64 -> int64 : int64 uint64
floordiv int32 float16 -> float64 : float64 float64
floordiv int32 float32 -> float64 : float64 float64
floordiv int32 float64 -> float64 : float64 float64
floordiv int64 bool -> int64 : int64 int64
floordiv int64 int8 -> int64 : int64 int64
floordiv int64 int16 -> int64 : int64 int64
floordiv int64 int32 -> int64 : int64 int64
floordiv int64 int64 -> int64 : int64 int64
floordiv int64 uint8 -> int64 : int64 uint64
floordiv int64 uint16 -> int64 : int64 uint64
floordiv int64 uint32 -> int64 : int64 uint64
floordiv int64 uint64 -> int64 : int64 uint64
floordiv int64 float16 -> float64 : float64 float64
floordiv int64 float32 -> float64 : float64 float64
floordiv int64 float64 -> float64 : float64 float64
floordiv uint8 bool -> int64 : uint64 int64
floordiv uint8 int8 -> int64 : uint64 int64
floordiv uint8 int16 -> int64 : uint64 int64
floordiv uint8 int32 -> int64 : uint64 int64
floordiv uint8 int64 -> int64 : uint64 int64
floordiv uint8 uint8 -> uint64 : uint64 uint64
floordiv uint8 uint16 -> uint64 : uint64 uint64
floordiv uint8 uint32 -> uint64 : uint64 uint64
floordiv uint8 uint64 -> uint64 : uint64 uint64
floordiv uint8 float16 -> float32 : float32 float32
floordiv uint8 float32 -> float32 : float32 float32
floordiv uint8 float64 -> float64 : float64 float64
floordiv uint16 bool -> int64 : uint64 int64
floordiv uint16 int8 -> int64 : uint64 int64
floordiv uint16 int16 -> int64 : uint64 int64
floordiv uint16 int32 -> int64 : uint64 int64
floordiv uint16 int64 -> int64 : uint64 int64
floordiv uint16 uint8 -> uint64 : uint64 uint64
floordiv uint16 uint16 -> uint64 : uint64 uint64
floordiv uint16 uint32 -> uint64 : uint64 uint64
floordiv uint16 uint64 -> uint64 : uint64 uint64
floordiv uint16 float16 -> float64 : float64 float64
floordiv uint16 float32 -> float64 : float64 float64
floordiv uint16 float64 -> float64 : float64 float64
floordiv uint32 bool -> int64 : uint64 int64
floordiv uint32 int8 -> int64 : uint64 int64
floordiv uint32 int16 -> int64 : uint64 int64
floordiv uint32 int32 -> int64 : uint64 int64
floordiv uint32 int64 -> int64 : uint64 int64
floordiv uint32 uint8 -> uint64 : uint64 uint64
floordiv uint32 uint16 -> uint64 : uint64 uint64
floordiv uint32 uint32 -> uint64 : uint64 uint64
floordiv uint32 uint64 -> uint64 : uint64 uint64
floordiv uint32 float16 -> float64 : float64 float64
floordiv uint32 float32 -> float64 : float64 float64
floordiv uint32 float64 -> float64 : float64 float64
floordiv uint64 bool -> int64 : uint64 int64
floordiv uint64 int8 -> int64 : uint64 int64
floordiv uint64 int16 -> int64 : uint64 int64
floordiv uint64 int32 -> int64 : uint64 int64
floordiv uint64 int64 -> int64 : uint64 int64
floordiv uint64 uint8 -> uint64 : uint64 uint64
floordiv uint64 uint16 -> uint64 : uint64 uint64
floordiv uint64 uint32 -> uint64 : uint64 uint64
floordiv uint64 uint64 -> uint64 : uint64 uint64
floordiv uint64 float16 -> float64 : float64 float64
floordiv uint64 float32 -> float64 : float64 float64
floordiv uint64 float64 -> float64 : float64 float64
floordiv float16 bool -> float32 : float32 float32
floordiv float16 int8 -> float32 : float32 float32
floordiv float16 int16 -> float32 : float32 float32
floordiv float16 int32 -> float64 : float64 float64
floordiv float16 int64 -> float64 : float64 float64
floordiv float16 uint8 -> float32 : float32 float32
floordiv float16 uint16 -> float64 : float64 float64
floordiv float16 uint32 -> float64 : float64 float64
floordiv float16 uint64 -> float64 : float64 float64
floordiv float16 float16 -> float32 : float32 float32
floordiv float16 float32 -> float32 : float32 float32
floordiv float16 float64 -> float64 : float64 float64
floordiv float32 bool -> float32 : float32 float32
floordiv float32 int8 -> float32 : float32 float32
floordiv float32 int16 -> float32 : float32 float32
floordiv float32 int32 -> float64 : float64 float64
floordiv float32 int64 -> float64 : float64 float64
floordiv float32 uint8 -> float32 : float32 float32
floordiv float32 uint16 -> float64 : float64 float64
floordiv float32 uint32 -> float64 : float64 float64
floordiv float32 uint64 -> float64 : float64 float64
floordiv float32 float16 -> float32 : float32 float32
floordiv float32 float32 -> float32 : float32 float32
floordiv float32 float64 -> float64 : float64 float64
floordiv float64 bool -> float64 : float64 float64
floordiv float64 int8 -> float64 : float64 float64
floordiv float64 int16 -> float64 : float64 float64
floordiv float64 int32 -> float64 : float64 float64
floordiv float64 int64 -> float64 : float64 float64
floordiv float64 uint8 -> float64 : float64 float64
floordiv float64 uint16 -> float64 : float64 float64
floordiv float64 uint32 -> float64 : float64 float64
floordiv float64 uint64 -> float64 : float64 float64
floordiv float64 float16 -> float64 : float64 float64
floordiv float64 float32 -> float64 : float64 float64
floordiv float64 float64 -> float64 : float64 float64
mod bool bool -> int64 : int64 int64
mod bool int8 -> int64 : int64 int64
mod bool int16 -> int64 : int64 int64
mod bool int32 -> int64 : int64 int64
mod bool int64 -> int64 : int64 int64
mod bool uint8 -> int64 : int64 uint64
mod bool uint16 -> int64 : int64 uint64
mod bool uint32 -> int64 : int64 uint64
mod bool uint64 -> int64 : int64 uint64
mod bool float16 -> float32 : float32 float32
mod bool float32 -> float32 : float32 float32
mod bool float64 -> float64 : float64 float64
mod int8 bool -> int64 : int64 int64
mod int8 int8 -> int64 : int64 int64
mod int8 int16 -> int64 : int64 int64
mod int8 int32 -> int64 : int64 int64
mod int8 int64 -> int64 : int64 int64
mod int8 uint8 -> int64 : int64 uint64
mod int8 uint16 -> int64 : int64 uint64
mod int8 uint32 -> int64 : int64 uint64
mod int8 uint64 -> int64 : int64 uint64
mod int8 float16 -> float32 : float32 float32
mod int8 float32 -> float32 : float32 float32
mod int8 float64 -> float64 : float64 float64
mod int16 bool -> int64 : int64 int64
mod int16 int8 -> int64 : int64 int64
mod int16 int16 -> int64 : int64 int64
mod int16 int32 -> int64 : int64 int64
mod int16 int64 -> int64 : int64 int64
mod int16 uint8 -> int64 : int64 uint64
mod int16 uint16 -> int64 : int64 uint64
mod int16 uint32 -> int64 : int64 uint64
mod int16 uint64 -> int64 : int64 uint64
mod int16 float16 -> float32 : float32 float32
mod int16 float32 -> float32 : float32 float32
mod int16 float64 -> float64 : float64 float64
mod int32 bool -> int64 : int64 int64
mod int32 int8 -> int64 : int64 int64
mod int32 int16 -> int64 : int64 int64
mod int32 int32 -> int64 : int64 int64
mod int32 int64 -> int64 : int64 int64
mod int32 uint8 -> int64 : int64 uint64
mod int32 uint16 -> int64 : int64 uint64
mod int32 uint32 -> int64 : int64 uint64
mod int32 uint64 -> int64 : int64 uint64
mod int32 float16 -> float64 : float64 float64
mod int32 float32 -> float64 : float64 float64
mod int32 float64 -> float64 : float64 float64
mod int64 bool -> int64 : int64 int64
mod int64 int8 -> int64 : int64 int64
mod int64 int16 -> int64 : int64 int64
mod int64 int32 -> int64 : int64 int64
mod int64 int64 -> int64 : int64 int64
mod int64 uint8 -> int64 : int64 uint64
mod int64 uint16 -> int64 : int64 uint64
mod int64 uint32 -> int64 : int64 uint64
mod int64 uint64 -> int64 : int64 uint64
mod int64 float16 -> float64 : float64 float64
mod int64 float32 -> float64 : float64 float64
mod int64 float64 -> float64 : float64 float64
mod uint8 bool -> int64 : uint64 int64
mod uint8 int8 -> int64 : uint64 int64
mod uint8 int16 -> int64 : uint64 int64
mod uint8 int32 -> int64 : uint64 int64
mod uint8 int64 -> int64 : uint64 int64
mod uint8 uint8 -> uint64 : uint64 uint64
mod uint8 uint16 -> uint64 : uint64 uint64
mod uint8 uint32 -> uint64 : uint64 uint64
mod uint8 uint64 -> uint64 : uint64 uint64
mod uint8 float16 -> float32 : float32 float32
mod uint8 float32 -> float32 : float32 float32
mod uint8 float64 -> float64 : float64 float64
mod uint16 bool -> int64 : uint64 int64
mod uint16 int8 -> int64 : uint64 int64
mod uint16 int16 -> int64 : uint64 int64
mod uint16 int32 -> int64 : uint64 int64
mod uint16 int64 -> int64 : uint64 int64
mod uint16 uint8 -> uint64 : uint64 uint64
mod uint16 uint16 -> uint64 : uint64 uint64
mod uint16 uint32 -> uint64 : uint64 uint64
mod uint16 uint64 -> uint64 : uint64 uint64
mod uint16 float16 -> float64 : float64 float64
mod uint16 float32 -> float64 : float64 float64
mod uint16 float64 -> float64 : float64 float64
mod uint32 bool -> int64 : uint64 int64
mod uint32 int8 -> int64 : uint64 int64
mod uint32 int16 -> int64 : uint64 int64
mod uint32 int32 -> int64 : uint64 int64
mod uint32 int64 -> int64 : uint64 int64
mod uint32 uint8 -> uint64 : uint64 uint64
mod uint32 uint16 -> uint64 : uint64 uint64
mod uint32 uint32 -> uint64 : uint64 uint64
mod uint32 uint64 -> uint64 : uint64 uint64
mod uint32 float16 -> float64 : float64 float64
mod uint32 float32 -> float64 : float64 float64
mod uint32 float64 -> float64 : float64 float64
mod uint64 bool -> int64 : uint64 int64
mod uint64 int8 -> int64 : uint64 int64
mod uint64 int16 -> int64 : uint64 int64
mod uint64 int32 -> int64 : uint64 int64
mod uint64 int64 -> int64 : uint64 int64
mod uint64 uint8 -> uint64 : uint64 uint64
mod uint64 uint16 -> uint64 : uint64 uint64
mod uint64 uint32 -> uint64 : uint64 uint64
mod uint64 uint64 -> uint64 : uint64 uint64
mod uint64 float16 -> float64 : float64 float64
mod uint64 float32 -> float64 : float64 float64
mod uint64 float64 -> float64 : float64 float64
mod float16 bool -> float32 : float32 float32
mod float16 int8 -> float32 : float32 float32
mod float16 int16 -> float32 : float32 float32
mod float16 int32 -> float64 : float64 float64
mod float16 int64 -> float64 : float64 float64
mod float16 uint8 -> float32 : float32 float32
mod float16 uint16 -> float64 : float64 float64
mod float16 uint32 -> float64 : float64 float64
mod float16 uint64 -> float64 : float64 float64
mod float16 float16 -> float32 : float32 float32
mod float16 float32 -> float32 : float32 float32
mod float16 float64 -> float64 : float64 float64
mod float32 bool -> float32 : float32 float32
mod float32 int8 -> float32 : float32 float32
mod float32 int16 -> float32 : float32 float32
mod float32 int32 -> float64 : float64 float64
mod float32 int64 -> float64 : float64 float64
mod float32 uint8 -> float32 : float32 float32
mod float32 uint16 -> float64 : float64 float64
mod float32 uint32 -> float64 : float64 float64
mod float32 uint64 -> float64 : float64 float64
mod float32 float16 -> float32 : float32 float32
mod float32 float32 -> float32 : float32 float32
mod float32 float64 -> float64 : float64 float64
mod float64 bool -> float64 : float64 float64
mod float64 int8 -> float64 : float64 float64
mod float64 int16 -> float64 : float64 float64
mod float64 int32 -> float64 : float64 float64
mod float64 int64 -> float64 : float64 float64
mod float64 uint8 -> float64 : float64 float64
mod float64 uint16 -> float64 : float64 float64
mod float64 uint32 -> float64 : float64 float64
mod float64 uint64 -> float64 : float64 float64
mod float64 float16 -> float64 : float64 float64
mod float64 float32 -> float64 : float64 float64
mod float64 float64 -> float64 : float64 float64
pow bool bool -> int64 : int64 int64
pow bool int8 -> int64 : int64 int64
pow bool int16 -> int64 : int64 int64
pow bool int32 -> float32 : float32 int32
pow bool int64 -> int64 : int64 int64
pow bool uint8 -> int64 : int64 uint64
pow bool uint16 -> int64 : int64 uint64
pow bool uint32 -> int64 : int64 uint64
pow bool uint64 -> int64 : int64 uint64
pow bool float16 -> float32 : float32 float32
pow bool float32 -> float32 : float32 float32
pow bool float64 -> float64 : float64 float64
pow int8 bool -> int64 : int64 int64
pow int8 int8 -> int64 : int64 int64
pow int8 int16 -> int64 : int64 int64
pow int8 int32 -> int64 : int64 int64
pow int8 int64 -> int64 : int64 int64
pow int8 uint8 -> int64 : int64 uint64
pow int8 uint16 -> int64 : int64 uint64
pow int8 uint32 -> int64 : int64 uint64
pow int8 uint64 -> int64 : int64 uint64
pow int8 float16 -> float32 : float32 float32
pow int8 float32 -> float32 : float32 float32
pow int8 float64 -> float64 : float64 float64
pow int16 bool -> int64 : int64 int64
pow int16 int8 -> int64 : int64 int64
pow int16 int16 -> int64 : int64 int64
pow int16 int32 -> int64 : int64 int64
pow int16 int64 -> int64 : int64 int64
pow int16 uint8 -> int64 : int64 uint64
pow int16 uint16 -> int64 : int64 uint64
pow int16 uint32 -> int64 : int64 uint64
pow int16 uint64 -> int64 : int64 uint64
pow int16 float16 -> float32 : float32 float32
pow int16 float32 -> float32 : float32 float32
pow int16 float64 -> float64 : float64 float64
pow int32 bool -> int64 : int64 int64
pow int32 int8 -> int64 : int64 int64
pow int32 int16 -> int64 : int64 int64
pow int32 int32 -> int64 : int64 int64
pow int32 int64 -> int64 : int64 int64
pow int32 uint8 -> int64 : int64 uint64
pow int32 uint16 -> int64 : int64 uint64
pow int32 uint32 -> int64 : int64 uint64
pow int32 uint64 -> int64 : int64 uint64
pow int32 float16 -> float64 : float64 float64
pow int32 float32 -> float64 : float64 float64
pow int32 float64 -> float64 : float64 float64
pow int64 bool -> int64 : int64 int64
pow int64 int8 -> int64 : int64 int64
pow int64 int16 -> int64 : int64 int64
pow int64 int32 -> int64 : int64 int64
pow int64 int64 -> int64 : int64 int64
pow int64 uint8 -> int64 : int64 uint64
pow int64 uint16 -> int64 : int64 uint64
pow int64 uint32 -> int64 : int64 uint64
pow int64 uint64 -> int64 : int64 uint64
pow int64 float16 -> float64 : float64 float64
pow int64 float32 -> float64 : float64 float64
pow int64 float64 -> float64 : float64 float64
pow uint8 bool -> int64 : uint64 int64
pow uint8 int8 -> int64 : uint64 int64
pow uint8 int16 -> int64 : uint64 int64
pow uint8 int32 -> int64 : uint64 int64
pow uint8 int64 -> int64 : uint64 int64
pow uint8 uint8 -> uint64 : uint64 uint64
pow uint8 uint16 -> uint64 : uint64 uint64
pow uint8 uint32 -> uint64 : uint64 uint64
pow uint8 uint64 -> uint64 : uint64 uint64
pow uint8 float16 -> float32 : float32 float32
pow uint8 float32 -> float32 : float32 float32
pow uint8 float64 -> float64 : float64 float64
pow uint16 bool -> int64 : uint64 int64
pow uint16 int8 -> int64 : uint64 int64
pow uint16 int16 -> int64 : uint64 int64
pow uint16 int32 -> int64 : uint64 int64
pow uint16 int64 -> int64 : uint64 int64
pow uint16 uint8 -> uint64 : uint64 uint64
pow uint16 uint16 -> uint64 : uint64 uint64
pow uint16 uint32 -> uint64 : uint64 uint64
pow uint16 uint64 -> uint64 : uint64 uint64
pow uint16 float16 -> float64 : float64 float64
pow uint16 float32 -> float64 : float64 float64
pow uint16 float64 -> float64 : float64 float64
pow uint32 bool -> int64 : uint64 int64
pow uint32 int8 -> int64 : uint64 int64
pow uint32 int16 -> int64 : uint64 int64
pow uint32 int32 -> int64 : uint64 int64
pow uint32 int64 -> int64 : uint64 int64
pow uint32 uint8 -> uint64 : uint64 uint64
pow uint32 uint16 -> uint64 : uint64 uint64
pow uint32 uint32 -> uint64 : uint64 uint64
pow uint32 uint64 -> uint64 : uint64 uint64
pow uint32 float16 -> float64 : float64 float64
pow uint32 float32 -> float64 : float64 float64
pow uint32 float64 -> float64 : float64 float64
pow uint64 bool -> int64 : uint64 int64
pow uint64 int8 -> int64 : uint64 int64
pow uint64 int16 -> int64 : uint64 int64
pow uint64 int32 -> int64 : uint64 int64
pow uint64 int64 -> int64 : uint64 int64
pow uint64 uint8 -> uint64 : uint64 uint64
pow uint64 uint16 -> uint64 : uint64 uint64
pow uint64 uint32 -> uint64 : uint64 uint64
pow uint64 uint64 -> uint64 : uint64 uint64
pow uint64 float16 -> float64 : float64 float64
pow uint64 float32 -> float64 : float64 float64
pow uint64 float64 -> float64 : float64 float64
pow float16 bool -> float32 : float32 int32
pow float16 int8 -> float32 : float32 int32
pow float16 int16 -> float32 : float32 int32
pow float16 int32 -> float32 : float32 int32
pow float16 int64 -> float32 : float32 int64
pow float16 uint8 -> float32 : float32 uint64
pow float16 uint16 -> float32 : float32 uint64
pow float16 uint32 -> float32 : float32 uint64
pow float16 uint64 -> float32 : float32 uint64
pow float16 float16 -> float32 : float32 float32
pow float16 float32 -> float32 : float32 float32
pow float16 float64 -> float64 : float64 float64
pow float32 bool -> float32 : float32 int32
pow float32 int8 -> float32 : float32 int32
pow float32 int16 -> float32 : float32 int32
pow float32 int32 -> float32 : float32 int32
pow float32 int64 -> float32 : float32 int64
pow float32 uint8 -> float32 : float32 uint64
pow float32 uint16 -> float32 : float32 uint64
pow float32 uint32 -> float32 : float32 uint64
pow float32 uint64 -> float32 : float32 uint64
pow float32 float16 -> float32 : float32 float32
pow float32 float32 -> float32 : float32 float32
pow float32 float64 -> float64 : float64 float64
pow float64 bool -> float64 : float64 int32
pow float64 int8 -> float64 : float64 int32
pow float64 int16 -> float64 : float64 int32
pow float64 int32 -> float64 : float64 int32
pow float64 int64 -> float64 : float64 int64
pow float64 uint8 -> float64 : float64 uint64
pow float64 uint16 -> float64 : float64 uint64
pow float64 uint32 -> float64 : float64 uint64
pow float64 uint64 -> float64 : float64 uint64
pow float64 float16 -> float64 : float64 float64
pow float64 float32 -> float64 : float64 float64
pow float64 float64 -> float64 : float64 float64
lshift bool bool -> int64 : int8 uint64
lshift bool int8 -> int64 : int8 int64
lshift bool int16 -> int64 : int8 int64
lshift bool int32 -> int64 : int8 int64
lshift bool int64 -> int64 : int8 int64
lshift bool uint8 -> int64 : int8 uint64
lshift bool uint16 -> int64 : int8 uint64
lshift bool uint32 -> int64 : int8 uint64
lshift bool uint64 -> int64 : int8 uint64
lshift int8 bool -> int64 : int8 uint64
lshift int8 int8 -> int64 : int8 int64
lshift int8 int16 -> int64 : int8 int64
lshift int8 int32 -> int64 : int8 int64
lshift int8 int64 -> int64 : int8 int64
lshift int8 uint8 -> int64 : int8 uint64
lshift int8 uint16 -> int64 : int8 uint64
lshift int8 uint32 -> int64 : int8 uint64
lshift int8 uint64 -> int64 : int8 uint64
lshift int16 bool -> int64 : int16 uint64
lshift int16 int8 -> int64 : int16 int64
lshift int16 int16 -> int64 : int16 int64
lshift int16 int32 -> int64 : int16 int64
lshift int16 int64 -> int64 : int16 int64
lshift int16 uint8 -> int64 : int16 uint64
lshift int16 uint16 -> int64 : int16 uint64
lshift int16 uint32 -> int64 : int16 uint64
lshift int16 uint64 -> int64 : int16 uint64
lshift int32 bool -> int64 : int32 uint64
lshift int32 int8 -> int64 : int32 int64
lshift int32 int16 -> int64 : int32 int64
lshift int32 int32 -> int64 : int32 int64
lshift int32 int64 -> int64 : int32 int64
lshift int32 uint8 -> int64 : int32 uint64
lshift int32 uint16 -> int64 : int32 uint64
lshift int32 uint32 -> int64 : int32 uint64
lshift int32 uint64 -> int64 : int32 uint64
lshift int64 bool -> int64 : int64 uint64
lshift int64 int8 -> int64 : int64 int64
lshift int64 int16 -> int64 : int64 int64
lshift int64 int32 -> int64 : int64 int64
lshift int64 int64 -> int64 : int64 int64
lshift int64 uint8 -> int64 : int64 uint64
lshift int64 uint16 -> int64 : int64 uint64
lshift int64 uint32 -> int64 : int64 uint64
lshift int64 uint64 -> int64 : int64 uint64
lshift uint8 bool -> uint64 : uint8 uint64
lshift uint8 int8 -> uint64 : uint8 int64
lshift uint8 int16 -> uint64 : uint8 int64
lshift uint8 int32 -> uint64 : uint8 int64
lshift uint8 int64 -> uint64 : uint8 int64
lshift uint8 uint8 -> uint64 : uint8 uint64
lshift uint8 uint16 -> uint64 : uint8 uint64
lshift uint8 uint32 -> uint64 : uint8 uint64
lshift uint8 uint64 -> uint64 : uint8 uint64
lshift uint16 bool -> uint64 : uint16 uint64
lshift uint16 int8 -> uint64 : uint16 int64
lshift uint16 int16 -> uint64 : uint16 int64
lshift uint16 int32 -> uint64 : uint16 int64
lshift uint16 int64 -> uint64 : uint16 int64
lshift uint16 uint8 -> uint64 : uint16 uint64
lshift uint16 uint16 -> uint64 : uint16 uint64
lshift uint16 uint32 -> uint64 : uint16 uint64
lshift uint16 uint64 -> uint64 : uint16 uint64
lshift uint32 bool -> uint64 : uint32 uint64
lshift uint32 int8 -> uint64 : uint32 int64
lshift uint32 int16 -> uint64 : uint32 int64
lshift uint32 int32 -> uint64 : uint32 int64
lshift uint32 int64 -> uint64 : uint32 int64
lshift uint32 uint8 -> uint64 : uint32 uint64
lshift uint32 uint16 -> uint64 : uint32 uint64
lshift uint32 uint32 -> uint64 : uint32 uint64
lshift uint32 uint64 -> uint64 : uint32 uint64
lshift uint64 bool -> uint64 : uint64 uint64
lshift uint64 int8 -> uint64 : uint64 int64
lshift uint64 int16 -> uint64 : uint64 int64
lshift uint64 int32 -> uint64 : uint64 int64
lshift uint64 int64 -> uint64 : uint64 int64
lshift uint64 uint8 -> uint64 : uint64 uint64
lshift uint64 uint16 -> uint64 : uint64 uint64
lshift uint64 uint32 -> uint64 : uint64 uint64
lshift uint64 uint64 -> uint64 : uint64 uint64
rshift bool bool -> int64 : int8 uint64
rshift bool int8 -> int64 : int8 int64
rshift bool int16 -> int64 : int8 int64
rshift bool int32 -> int64 : int8 int64
rshift bool int64 -> int64 : int8 int64
rshift bool uint8 -> int64 : int8 uint64
rshift bool uint16 -> int64 : int8 uint64
rshift bool uint32 -> int64 : int8 uint64
rshift bool uint64 -> int64 : int8 uint64
rshift int8 bool -> int64 : int8 uint64
rshift int8 int8 -> int64 : int8 int64
rshift int8 int16 -> int64 : int8 int64
rshift int8 int32 -> int64 : int8 int64
rshift int8 int64 -> int64 : int8 int64
rshift int8 uint8 -> int64 : int8 uint64
rshift int8 uint16 -> int64 : int8 uint64
rshift int8 uint32 -> int64 : int8 uint64
rshift int8 uint64 -> int64 : int8 uint64
rshift int16 bool -> int64 : int16 uint64
rshift int16 int8 -> int64 : int16 int64
rshift int16 int16 -> int64 : int16 int64
rshift int16 int32 -> int64 : int16 int64
rshift int16 int64 -> int64 : int16 int64
rshift int16 uint8 -> int64 : int16 uint64
rshift int16 uint16 -> int64 : int16 uint64
rshift int16 uint32 -> int64 : int16 uint64
rshift int16 uint64 -> int64 : int16 uint64
rshift int32 bool -> int64 : int32 uint64
rshift int32 int8 -> int64 : int32 int64
rshift int32 int16 -> int64 : int32 int64
rshift int32 int32 -> int64 : int32 int64
rshift int32 int64 -> int64 : int32 int64
rshift int32 uint8 -> int64 : int32 uint64
rshift int32 uint16 -> int64 : int32 uint64
rshift int32 uint32 -> int64 : int32 uint64
rshift int32 uint64 -> int64 : int32 uint64
rshift int64 bool -> int64 : int64 uint64
rshift int64 int8 -> int64 : int64 int64
rshift int64 int16 -> int64 : int64 int64
rshift int64 int32 -> int64 : int64 int64
rshift int64 int64 -> int64 : int64 int64
rshift int64 uint8 -> int64 : int64 uint64
rshift int64 uint16 -> int64 : int64 uint64
rshift int64 uint32 -> int64 : int64 uint64
rshift int64 uint64 -> int64 : int64 uint64
rshift uint8 bool -> uint64 : uint8 uint64
rshift uint8 int8 -> uint64 : uint8 int64
rshift uint8 int16 -> uint64 : uint8 int64
rshift uint8 int32 -> uint64 : uint8 int64
rshift uint8 int64 -> uint64 : uint8 int64
rshift uint8 uint8 -> uint64 : uint8 uint64
rshift uint8 uint16 -> uint64 : uint8 uint64
rshift uint8 uint32 -> uint64 : uint8 uint64
rshift uint8 uint64 -> uint64 : uint8 uint64
rshift uint16 bool -> uint64 : uint16 uint64
rshift uint16 int8 -> uint64 : uint16 int64
rshift uint16 int16 -> uint64 : uint16 int64
rshift uint16 int32 -> uint64 : uint16 int64
rshift uint16 int64 -> uint64 : uint16 int64
rshift uint16 uint8 -> uint64 : uint16 uint64
rshift uint16 uint16 -> uint64 : uint16 uint64
rshift uint16 uint32 -> uint64 : uint16 uint64
rshift uint16 uint64 -> uint64 : uint16 uint64
rshift uint32 bool -> uint64 : uint32 uint64
rshift uint32 int8 -> uint64 : uint32 int64
rshift uint32 int16 -> uint64 : uint32 int64
rshift uint32 int32 -> uint64 : uint32 int64
rshift uint32 int64 -> uint64 : uint32 int64
rshift uint32 uint8 -> uint64 : uint32 uint64
rshift uint32 uint16 -> uint64 : uint32 uint64
rshift uint32 uint32 -> uint64 : uint32 uint64
rshift uint32 uint64 -> uint64 : uint32 uint64
rshift uint64 bool -> uint64 : uint64 uint64
rshift uint64 int8 -> uint64 : uint64 int64
rshift uint64 int16 -> uint64 : uint64 int64
rshift uint64 int32 -> uint64 : uint64 int64
rshift uint64 int64 -> uint64 : uint64 int64
rshift uint64 uint8 -> uint64 : uint64 uint64
rshift uint64 uint16 -> uint64 : uint64 uint64
rshift uint64 uint32 -> uint64 : uint64 uint64
rshift uint64 uint64 -> uint64 : uint64 uint64
and bool bool -> bool : bool bool
and bool int8 -> int64 : int64 int64
and bool int16 -> int64 : int64 int64
and bool int32 -> int64 : int64 int64
and bool int64 -> int64 : int64 int64
and bool uint8 -> int64 : int64 uint64
and bool uint16 -> int64 : int64 uint64
and bool uint32 -> int64 : int64 uint64
and bool uint64 -> int64 : int64 uint64
and int8 bool -> int64 : int64 int64
and int8 int8 -> int64 : int64 int64
and int8 int16 -> int64 : int64 int64
and int8 int32 -> int64 : int64 int64
and int8 int64 -> int64 : int64 int64
and int8 uint8 -> int64 : int64 uint64
and int8 uint16 -> int64 : int64 uint64
and int8 uint32 -> int64 : int64 uint64
and int8 uint64 -> int64 : int64 uint64
and int16 bool -> int64 : int64 int64
and int16 int8 -> int64 : int64 int64
and int16 int16 -> int64 : int64 int64
and int16 int32 -> int64 : int64 int64
and int16 int64 -> int64 : int64 int64
and int16 uint8 -> int64 : int64 uint64
and int16 uint16 -> int64 : int64 uint64
and int16 uint32 -> int64 : int64 uint64
and int16 uint64 -> int64 : int64 uint64
and int32 bool -> int64 : int64 int64
and int32 int8 -> int64 : int64 int64
and int32 int16 -> int64 : int64 int64
and int32 int32 -> int64 : int64 int64
and int32 int64 -> int64 : int64 int64
and int32 uint8 -> int64 : int64 uint64
and int32 uint16 -> int64 : int64 uint64
and int32 uint32 -> int64 : int64 uint64
and int32 uint64 -> int64 : int64 uint64
and int64 bool -> int64 : int64 int64
and int64 int8 -> int64 : int64 int64
and int64 int16 -> int64 : int64 int64
and int64 int32 -> int64 : int64 int64
and int64 int64 -> int64 : int64 int64
and int64 uint8 -> int64 : int64 uint64
and int64 uint16 -> int64 : int64 uint64
and int64 uint32 -> int64 : int64 uint64
and int64 uint64 -> int64 : int64 uint64
and uint8 bool -> int64 : uint64 int64
and uint8 int8 -> int64 : uint64 int64
and uint8 int16 -> int64 : uint64 int64
and uint8 int32 -> int64 : uint64 int64
and uint8 int64 -> int64 : uint64 int64
and uint8 uint8 -> uint64 : uint64 uint64
and uint8 uint16 -> uint64 : uint64 uint64
and uint8 uint32 -> uint64 : uint64 uint64
and uint8 uint64 -> uint64 : uint64 uint64
and uint16 bool -> int64 : uint64 int64
and uint16 int8 -> int64 : uint64 int64
and uint16 int16 -> int64 : uint64 int64
and uint16 int32 -> int64 : uint64 int64
and uint16 int64 -> int64 : uint64 int64
and uint16 uint8 -> uint64 : uint64 uint64
and uint16 uint16 -> uint64 : uint64 uint64
and uint16 uint32 -> uint64 : uint64 uint64
and uint16 uint64 -> uint64 : uint64 uint64
and uint32 bool -> int64 : uint64 int64
and uint32 int8 -> int64 : uint64 int64
and uint32 int16 -> int64 : uint64 int64
and uint32 int32 -> int64 : uint64 int64
and uint32 int64 -> int64 : uint64 int64
and uint32 uint8 -> uint64 : uint64 uint64
and uint32 uint16 -> uint64 : uint64 uint64
and uint32 uint32 -> uint64 : uint64 uint64
and uint32 uint64 -> uint64 : uint64 uint64
and uint64 bool -> int64 : uint64 int64
and uint64 int8 -> int64 : uint64 int64
and uint64 int16 -> int64 : uint64 int64
and uint64 int32 -> int64 : uint64 int64
and uint64 int64 -> int64 : uint64 int64
and uint64 uint8 -> uint64 : uint64 uint64
and uint64 uint16 -> uint64 : uint64 uint64
and uint64 uint32 -> uint64 : uint64 uint64
and uint64 uint64 -> uint64 : uint64 uint64
or bool bool -> bool : bool bool
or bool int8 -> int64 : int64 int64
or bool int16 -> int64 : int64 int64
or bool int32 -> int64 : int64 int64
or bool int64 -> int64 : int64 int64
or bool uint8 -> int64 : int64 uint64
or bool uint16 -> int64 : int64 uint64
or bool uint32 -> int64 : int64 uint64
or bool uint64 -> int64 : int64 uint64
or int8 bool -> int64 : int64 int64
or int8 int8 -> int64 : int64 int64
or int8 int16 -> int64 : int64 int64
or int8 int32 -> int64 : int64 int64
or int8 int64 -> int64 : int64 int64
or int8 uint8 -> int64 : int64 uint64
or int8 uint16 -> int64 : int64 uint64
or int8 uint32 -> int64 : int64 uint64
or int8 uint64 -> int64 : int64 uint64
or int16 bool -> int64 : int64 int64
or int16 int8 -> int64 : int64 int64
or int16 int16 -> int64 : int64 int64
or int16 int32 -> int64 : int64 int64
or int16 int64 -> int64 : int64 int64
or int16 uint8 -> int64 : int64 uint64
or int16 uint16 -> int64 : int64 uint64
or int16 uint32 -> int64 : int64 uint64
or int16 uint64 -> int64 : int64 uint64
or int32 bool -> int64 : int64 int64
or int32 int8 -> int64 : int64 int64
or int32 int16 -> int64 : int64 int64
or int32 int32 -> int64 : int64 int64
or int32 int64 -> int64 : int64 int64
or int32 uint8 -> int64 : int64 uint64
or int32 uint16 -> int64 : int64 uint64
or int32 uint32 -> int64 : int64 uint64
or int32 uint64 -> int64 : int64 uint64
or int64 bool -> int64 : int64 int64
or int64 int8 -> int64 : int64 int64
or int64 int16 -> int64 : int64 int64
or int64 int32 -> int64 : int64 int64
or int64 int64 -> int64 : int64 int64
or int64 uint8 -> int64 : int64 uint64
or int64 uint16 -> int64 : int64 uint64
or int64 uint32 -> int64 : int64 uint64
or int64 uint64 -> int64 : int64 uint64
or uint8 bool -> int64 : uint64 int64
or uint8 int8 -> int64 : uint64 int64
or uint8 int16 -> int64 : uint64 int64
or uint8 int32 -> int64 : uint64 int64
or uint8 int64 -> int64 : uint64 int64
or uint8 uint8 -> uint64 : uint64 uint64
or uint8 uint16 -> uint64 : uint64 uint64
or uint8 uint32 -> uint64 : uint64 uint64
or uint8 uint64 -> uint64 : uint64 uint64
or uint16 bool -> int64 : uint64 int64
or uint16 int8 -> int64 : uint64 int64
or uint16 int16 -> int64 : uint64 int64
or uint16 int32 -> int64 : uint64 int64
or uint16 int64 -> int64 : uint64 int64
or uint16 uint8 -> uint64 : uint64 uint64
or uint16 uint16 -> uint64 : uint64 uint64
or uint16 uint32 -> uint64 : uint64 uint64
or uint16 uint64 -> uint64 : uint64 uint64
or uint32 bool -> int64 : uint64 int64
or uint32 int8 -> int64 : uint64 int64
or uint32 int16 -> int64 : uint64 int64
or uint32 int32 -> int64 : uint64 int64
or uint32 int64 -> int64 : uint64 int64
or uint32 uint8 -> uint64 : uint64 uint64
or uint32 uint16 -> uint64 : uint64 uint64
or uint32 uint32 -> uint64 : uint64 uint64
or uint32 uint64 -> uint64 : uint64 uint64
or uint64 bool -> int64 : uint64 int64
or uint64 int8 -> int64 : uint64 int64
or uint64 int16 -> int64 : uint64 int64
or uint64 int32 -> int64 : uint64 int64
or uint64 int64 -> int64 : uint64 int64
or uint64 uint8 -> uint64 : uint64 uint64
or uint64 uint16 -> uint64 : uint64 uint64
or uint64 uint32 -> uint64 : uint64 uint64
or uint64 uint64 -> uint64 : uint64 uint64
xor bool bool -> bool : bool bool
xor bool int8 -> int64 : int64 int64
xor bool int16 -> int64 : int64 int64
xor bool int32 -> int64 : int64 int64
xor bool int64 -> int64 : int64 int64
xor bool uint8 -> int64 : int64 uint64
xor bool uint16 -> int64 : int64 uint64
xor bool uint32 -> int64 : int64 uint64
xor bool uint64 -> int64 : int64 uint64
xor int8 bool -> int64 : int64 int64
xor int8 int8 -> int64 : int64 int64
xor int8 int16 -> int64 : int64 int64
xor int8 int32 -> int64 : int64 int64
xor int8 int64 -> int64 : int64 int64
xor int8 uint8 -> int64 : int64 uint64
xor int8 uint16 -> int64 : int64 uint64
xor int8 uint32 -> int64 : int64 uint64
xor int8 uint64 -> int64 : int64 uint64
xor int16 bool -> int64 : int64 int64
xor int16 int8 -> int64 : int64 int64
xor int16 int16 -> int64 : int64 int64
xor int16 int32 -> int64 : int64 int64
xor int16 int64 -> int64 : int64 int64
xor int16 uint8 -> int64 : int64 uint64
xor int16 uint16 -> int64 : int64 uint64
xor int16 uint32 -> int64 : int64 uint64
xor int16 uint64 -> int64 : int64 uint64
xor int32 bool -> int64 : int64 int64
xor int32 int8 -> int64 : int64 int64
xor int32 int16 -> int64 : int64 int64
xor int32 int32 -> int64 : int64 int64
xor int32 int64 -> int64 : int64 int64
xor int32 uint8 -> int64 : int64 uint64
xor int32 uint16 -> int64 : int64 uint64
xor int32 uint32 -> int64 : int64 uint64
xor int32 uint64 -> int64 : int64 uint64
xor int64 bool -> int64 : int64 int64
xor int64 int8 -> int64 : int64 int64
xor int64 int16 -> int64 : int64 int64
xor int64 int32 -> int64 : int64 int64
xor int64 int64 -> int64 : int64 int64
xor int64 uint8 -> int64 : int64 uint64
xor int64 uint16 -> int64 : int64 uint64
xor int64 uint32 -> int64 : int64 uint64
xor int64 uint64 -> int64 : int64 uint64
xor uint8 bool -> int64 : uint64 int64
xor uint8 int8 -> int64 : uint64 int64
xor uint8 int16 -> int64 : uint64 int64
xor uint8 int32 -> int64 : uint64 int64
xor uint8 int64 -> int64 : uint64 int64
xor uint8 uint8 -> uint64 : uint64 uint64
xor uint8 uint16 -> uint64 : uint64 uint64
xor uint8 uint32 -> uint64 : uint64 uint64
xor uint8 uint64 -> uint64 : uint64 uint64
xor uint16 bool -> int64 : uint64 int64
xor uint16 int8 -> int64 : uint64 int64
xor uint16 int16 -> int64 : uint64 int64
xor uint16 int32 -> int64 : uint64 int64
xor uint16 int64 -> int64 : uint64 int64
xor uint16 uint8 -> uint64 : uint64 uint64
xor uint16 uint16 -> uint64 : uint64 uint64
xor uint16 uint32 -> uint64 : uint64 uint64
xor uint16 uint64 -> uint64 : uint64 uint64
xor uint32 bool -> int64 : uint64 int64
xor uint32 int8 -> int64 : uint64 int64
xor uint32 int16 -> int64 : uint64 int64
xor uint32 int32 -> int64 : uint64 int64
xor uint32 int64 -> int64 : uint64 int64
xor uint32 uint8 -> uint64 : uint64 uint64
xor uint32 uint16 -> uint64 : uint64 uint64
xor uint32 uint32 -> uint64 : uint64 uint64
xor uint32 uint64 -> uint64 : uint64 uint64
xor uint64 bool -> int64 : uint64 int64
xor uint64 int8 -> int64 : uint64 int64
xor uint64 int16 -> int64 : uint64 int64
xor uint64 int32 -> int64 : uint64 int64
xor uint64 int64 -> int64 : uint64 int64
xor uint64 uint8 -> uint64 : uint64 uint64
xor uint64 uint16 -> uint64 : uint64 uint64
xor uint64 uint32 -> uint64 : uint64 uint64
xor uint64 uint64 -> uint64 : uint64 uint64
lt bool bool -> bool : bool bool
lt bool int8 -> bool : int8 int8
lt bool int16 -> bool : int16 int16
lt bool int32 -> bool : int32 int32
lt bool int64 -> bool : int64 int64
lt bool uint8 -> bool : uint8 uint8
lt bool uint16 -> bool : uint16 uint16
lt bool uint32 -> bool : uint32 uint32
lt bool uint64 -> bool : uint64 uint64
lt bool float16 -> bool : float16 float16
lt bool float32 -> bool : float32 float32
lt bool float64 -> bool : float64 float64
lt int8 bool -> bool : int8 int8
lt int8 int8 -> bool : int8 int8
lt int8 int16 -> bool : int16 int16
lt int8 int32 -> bool : int32 int32
lt int8 int64 -> bool : int64 int64
lt int8 uint8 -> bool : int16 int16
lt int8 uint16 -> bool : int32 int32
lt int8 uint32 -> bool : int64 int64
lt int8 uint64 -> bool : float64 float64
lt int8 float16 -> bool : float16 float16
lt int8 float32 -> bool : float32 float32
lt int8 float64 -> bool : float64 float64
lt int16 bool -> bool : int16 int16
lt int16 int8 -> bool : int16 int16
lt int16 int16 -> bool : int16 int16
lt int16 int32 -> bool : int32 int32
lt int16 int64 -> bool : int64 int64
lt int16 uint8 -> bool : int16 int16
lt int16 uint16 -> bool : int32 int32
lt int16 uint32 -> bool : int64 int64
lt int16 uint64 -> bool : float64 float64
lt int16 float16 -> bool : float32 float32
lt int16 float32 -> bool : float32 float32
lt int16 float64 -> bool : float64 float64
lt int32 bool -> bool : int32 int32
lt int32 int8 -> bool : int32 int32
lt int32 int16 -> bool : int32 int32
lt int32 int32 -> bool : int32 int32
lt int32 int64 -> bool : int64 int64
lt int32 uint8 -> bool : int32 int32
lt int32 uint16 -> bool : int32 int32
lt int32 uint32 -> bool : int64 int64
lt int32 uint64 -> bool : float64 float64
lt int32 float16 -> bool : float64 float64
lt int32 float32 -> bool : float64 float64
lt int32 float64 -> bool : float64 float64
lt int64 bool -> bool : int64 int64
lt int64 int8 -> bool : int64 int64
lt int64 int16 -> bool : int64 int64
lt int64 int32 -> bool : int64 int64
lt int64 int64 -> bool : int64 int64
lt int64 uint8 -> bool : int64 int64
lt int64 uint16 -> bool : int64 int64
lt int64 uint32 -> bool : int64 int64
lt int64 uint64 -> bool : float64 float64
lt int64 float16 -> bool : float64 float64
lt int64 float32 -> bool : float64 float64
lt int64 float64 -> bool : float64 float64
lt uint8 bool -> bool : uint8 uint8
lt uint8 int8 -> bool : int16 int16
lt uint8 int16 -> bool : int16 int16
lt uint8 int32 -> bool : int32 int32
lt uint8 int64 -> bool : int64 int64
lt uint8 uint8 -> bool : uint8 uint8
lt uint8 uint16 -> bool : uint16 uint16
lt uint8 uint32 -> bool : uint32 uint32
lt uint8 uint64 -> bool : uint64 uint64
lt uint8 float16 -> bool : float32 float32
lt uint8 float32 -> bool : float32 float32
lt uint8 float64 -> bool : float64 float64
lt uint16 bool -> bool : uint16 uint16
lt uint16 int8 -> bool : int32 int32
lt uint16 int16 -> bool : int32 int32
lt uint16 int32 -> bool : int32 int32
lt uint16 int64 -> bool : int64 int64
lt uint16 uint8 -> bool : uint16 uint16
lt uint16 uint16 -> bool : uint16 uint16
lt uint16 uint32 -> bool : uint32 uint32
lt uint16 uint64 -> bool : uint64 uint64
lt uint16 float16 -> bool : float64 float64
lt uint16 float32 -> bool : float64 float64
lt uint16 float64 -> bool : float64 float64
lt uint32 bool -> bool : uint32 uint32
lt uint32 int8 -> bool : int64 int64
lt uint32 int16 -> bool : int64 int64
lt uint32 int32 -> bool : int64 int64
lt uint32 int64 -> bool : int64 int64
lt uint32 uint8 -> bool : uint32 uint32
lt uint32 uint16 -> bool : uint32 uint32
lt uint32 uint32 -> bool : uint32 uint32
lt uint32 uint64 -> bool : uint64 uint64
lt uint32 float16 -> bool : float64 float64
lt uint32 float32 -> bool : float64 float64
lt uint32 float64 -> bool : float64 float64
lt uint64 bool -> bool : uint64 uint64
lt uint64 int8 -> bool : float64 float64
lt uint64 int16 -> bool : float64 float64
lt uint64 int32 -> bool : float64 float64
lt uint64 int64 -> bool : float64 float64
lt uint64 uint8 -> bool : uint64 uint64
lt uint64 uint16 -> bool : uint64 uint64
lt uint64 uint32 -> bool : uint64 uint64
lt uint64 uint64 -> bool : uint64 uint64
lt uint64 float16 -> bool : float64 float64
lt uint64 float32 -> bool : float64 float64
lt uint64 float64 -> bool : float64 float64
lt float16 bool -> bool : float16 float16
lt float16 int8 -> bool : float16 float16
lt float16 int16 -> bool : float32 float32
lt float16 int32 -> bool : float64 float64
lt float16 int64 -> bool : float64 float64
lt float16 uint8 -> bool : float32 float32
lt float16 uint16 -> bool : float64 float64
lt float16 uint32 -> bool : float64 float64
lt float16 uint64 -> bool : float64 float64
lt float16 float16 -> bool : float16 float16
lt float16 float32 -> bool : float32 float32
lt float16 float64 -> bool : float64 float64
lt float32 bool -> bool : float32 float32
lt float32 int8 -> bool : float32 float32
lt float32 int16 -> bool : float32 float32
lt float32 int32 -> bool : float64 float64
lt float32 int64 -> bool : float64 float64
lt float32 uint8 -> bool : float32 float32
lt float32 uint16 -> bool : float64 float64
lt float32 uint32 -> bool : float64 float64
lt float32 uint64 -> bool : float64 float64
lt float32 float16 -> bool : float32 float32
lt float32 float32 -> bool : float32 float32
lt float32 float64 -> bool : float64 float64
lt float64 bool -> bool : float64 float64
lt float64 int8 -> bool : float64 float64
lt float64 int16 -> bool : float64 float64
lt float64 int32 -> bool : float64 float64
lt float64 int64 -> bool : float64 float64
lt float64 uint8 -> bool : float64 float64
lt float64 uint16 -> bool : float64 float64
lt float64 uint32 -> bool : float64 float64
lt float64 uint64 -> bool : float64 float64
lt float64 float16 -> bool : float64 float64
lt float64 float32 -> bool : float64 float64
lt float64 float64 -> bool : float64 float64
le bool bool -> bool : bool bool
le bool int8 -> bool : int8 int8
le bool int16 -> bool : int16 int16
le bool int32 -> bool : int32 int32
le bool int64 -> bool : int64 int64
le bool uint8 -> bool : uint8 uint8
le bool uint16 -> bool : uint16 uint16
le bool uint32 -> bool : uint32 uint32
le bool uint64 -> bool : uint64 uint64
le bool float16 -> bool : float16 float16
le bool float32 -> bool : float32 float32
le bool float64 -> bool : float64 float64
le int8 bool -> bool : int8 int8
le int8 int8 -> bool : int8 int8
le int8 int16 -> bool : int16 int16
le int8 int32 -> bool : int32 int32
le int8 int64 -> bool : int64 int64
le int8 uint8 -> bool : int16 int16
le int8 uint16 -> bool : int32 int32
le int8 uint32 -> bool : int64 int64
le int8 uint64 -> bool : float64 float64
le int8 float16 -> bool : float16 float16
le int8 float32 -> bool : float32 float32
le int8 float64 -> bool : float64 float64
le int16 bool -> bool : int16 int16
le int16 int8 -> bool : int16 int16
le int16 int16 -> bool : int16 int16
le int16 int32 -> bool : int32 int32
le int16 int64 -> bool : int64 int64
le int16 uint8 -> bool : int16 int16
le int16 uint16 -> bool : int32 int32
le int16 uint32 -> bool : int64 int64
le int16 uint64 -> bool : float64 float64
le int16 float16 -> bool : float32 float32
le int16 float32 -> bool : float32 float32
le int16 float64 -> bool : float64 float64
le int32 bool -> bool : int32 int32
le int32 int8 -> bool : int32 int32
le int32 int16 -> bool : int32 int32
le int32 int32 -> bool : int32 int32
le int32 int64 -> bool : int64 int64
le int32 uint8 -> bool : int32 int32
le int32 uint16 -> bool : int32 int32
le int32 uint32 -> bool : int64 int64
le int32 uint64 -> bool : float64 float64
le int32 float16 -> bool : float64 float64
le int32 float32 -> bool : float64 float64
le int32 float64 -> bool : float64 float64
le int64 bool -> bool : int64 int64
le int64 int8 -> bool : int64 int64
le int64 int16 -> bool : int64 int64
le int64 int32 -> bool : int64 int64
le int64 int64 -> bool : int64 int64
le int64 uint8 -> bool : int64 int64
le int64 uint16 -> bool : int64 int64
le int64 uint32 -> bool : int64 int64
le int64 uint64 -> bool : float64 float64
le int64 float16 -> bool : float64 float64
le int64 float32 -> bool : float64 float64
le int64 float64 -> bool : float64 float64
le uint8 bool -> bool : uint8 uint8
le uint8 int8 -> bool : int16 int16
le uint8 int16 -> bool : int16 int16
le uint8 int32 -> bool : int32 int32
le uint8 int64 -> bool : int64 int64
le uint8 uint8 -> bool : uint8 uint8
le uint8 uint16 -> bool : uint16 uint16
le uint8 uint32 -> bool : uint32 uint32
le uint8 uint64 -> bool : uint64 uint64
le uint8 float16 -> bool : float32 float32
le uint8 float32 -> bool : float32 float32
le uint8 float64 -> bool : float64 float64
le uint16 bool -> bool : uint16 uint16
le uint16 int8 -> bool : int32 int32
le uint16 int16 -> bool : int32 int32
le uint16 int32 -> bool : int32 int32
le uint16 int64 -> bool : int64 int64
le uint16 uint8 -> bool : uint16 uint16
le uint16 uint16 -> bool : uint16 uint16
le uint16 uint32 -> bool : uint32 uint32
le uint16 uint64 -> bool : uint64 uint64
le uint16 float16 -> bool : float64 float64
le uint16 float32 -> bool : float64 float64
le uint16 float64 -> bool : float64 float64
le uint32 bool -> bool : uint32 uint32
le uint32 int8 -> bool : int64 int64
le uint32 int16 -> bool : int64 int64
le uint32 int32 -> bool : int64 int64
le uint32 int64 -> bool : int64 int64
le uint32 uint8 -> bool : uint32 uint32
le uint32 uint16 -> bool : uint32 uint32
le uint32 uint32 -> bool : uint32 uint32
le uint32 uint64 -> bool : uint64 uint64
le uint32 float16 -> bool : float64 float64
le uint32 float32 -> bool : float64 float64
le uint32 float64 -> bool : float64 float64
le uint64 bool -> bool : uint64 uint64
le uint64 int8 -> bool : float64 float64
le uint64 int16 -> bool : float64 float64
le uint64 int32 -> bool : float64 float64
le uint64 int64 -> bool : float64 float64
le uint64 uint8 -> bool : uint64 uint64
le uint64 uint16 -> bool : uint64 uint64
le uint64 uint32 -> bool : uint64 uint64
le uint64 uint64 -> bool : uint64 uint64
le uint64 float16 -> bool : float64 float64
le uint64 float32 -> bool : float64 float64
le uint64 float64 -> bool : float64 float64
le float16 bool -> bool : float16 float16
le float16 int8 -> bool : float16 float16
le float16 int16 -> bool : float32 float32
le float16 int32 -> bool : float64 float64
le float16 int64 -> bool : float64 float64
le float16 uint8 -> bool : float32 float32
le float16 uint16 -> bool : float64 float64
le float16 uint32 -> bool : float64 float64
le float16 uint64 -> bool : float64 float64
le float16 float16 -> bool : float16 float16
le float16 float32 -> bool : float32 float32
le float16 float64 -> bool : float64 float64
le float32 bool -> bool : float32 float32
le float32 int8 -> bool : float32 float32
le float32 int16 -> bool : float32 float32
le float32 int32 -> bool : float64 float64
le float32 int64 -> bool : float64 float64
le float32 uint8 -> bool : float32 float32
le float32 uint16 -> bool : float64 float64
le float32 uint32 -> bool : float64 float64
le float32 uint64 -> bool : float64 float64
le float32 float16 -> bool : float32 float32
le float32 float32 -> bool : float32 float32
le float32 float64 -> bool : float64 float64
le float64 bool -> bool : float64 float64
le float64 int8 -> bool : float64 float64
le float64 int16 -> bool : float64 float64
le float64 int32 -> bool : float64 float64
le float64 int64 -> bool : float64 float64
le float64 uint8 -> bool : float64 float64
le float64 uint16 -> bool : float64 float64
le float64 uint32 -> bool : float64 float64
le float64 uint64 -> bool : float64 float64
le float64 float16 -> bool : float64 float64
le float64 float32 -> bool : float64 float64
le float64 float64 -> bool : float64 float64
gt bool bool -> bool : bool bool
gt bool int8 -> bool : int8 int8
gt bool int16 -> bool : int16 int16
gt bool int32 -> bool : int32 int32
gt bool int64 -> bool : int64 int64
gt bool uint8 -> bool : uint8 uint8
gt bool uint16 -> bool : uint16 uint16
gt bool uint32 -> bool : uint32 uint32
gt bool uint64 -> bool : uint64 uint64
gt bool float16 -> bool : float16 float16
gt bool float32 -> bool : float32 float32
gt bool float64 -> bool : float64 float64
gt int8 bool -> bool : int8 int8
gt int8 int8 -> bool : int8 int8
gt int8 int16 -> bool : int16 int16
gt int8 int32 -> bool : int32 int32
gt int8 int64 -> bool : int64 int64
gt int8 uint8 -> bool : int16 int16
gt int8 uint16 -> bool : int32 int32
gt int8 uint32 -> bool : int64 int64
gt int8 uint64 -> bool : float64 float64
gt int8 float16 -> bool : float16 float16
gt int8 float32 -> bool : float32 float32
gt int8 float64 -> bool : float64 float64
gt int16 bool -> bool : int16 int16
gt int16 int8 -> bool : int16 int16
gt int16 int16 -> bool : int16 int16
gt int16 int32 -> bool : int32 int32
gt int16 int64 -> bool : int64 int64
gt int16 uint8 -> bool : int16 int16
gt int16 uint16 -> bool : int32 int32
gt int16 uint32 -> bool : int64 int64
gt int16 uint64 -> bool : float64 float64
gt int16 float16 -> bool : float32 float32
gt int16 float32 -> bool : float32 float32
gt int16 float64 -> bool : float64 float64
gt int32 bool -> bool : int32 int32
gt int32 int8 -> bool : int32 int32
gt int32 int16 -> bool : int32 int32
gt int32 int32 -> bool : int32 int32
gt int32 int64 -> bool : int64 int64
gt int32 uint8 -> bool : int32 int32
gt int32 uint16 -> bool : int32 int32
gt int32 uint32 -> bool : int64 int64
gt int32 uint64 -> bool : float64 float64
gt int32 float16 -> bool : float64 float64
gt int32 float32 -> bool : float64 float64
gt int32 float64 -> bool : float64 float64
gt int64 bool -> bool : int64 int64
gt int64 int8 -> bool : int64 int64
gt int64 int16 -> bool : int64 int64
gt int64 int32 -> bool : int64 int64
gt int64 int64 -> bool : int64 int64
gt int64 uint8 -> bool : int64 int64
gt int64 uint16 -> bool : int64 int64
gt int64 uint32 -> bool : int64 int64
gt int64 uint64 -> bool : float64 float64
gt int64 float16 -> bool : float64 float64
gt int64 float32 -> bool : float64 float64
gt int64 float64 -> bool : float64 float64
gt uint8 bool -> bool : uint8 uint8
gt uint8 int8 -> bool : int16 int16
gt uint8 int16 -> bool : int16 int16
gt uint8 int32 -> bool : int32 int32
gt uint8 int64 -> bool : int64 int64
gt uint8 uint8 -> bool : uint8 uint8
gt uint8 uint16 -> bool : uint16 uint16
gt uint8 uint32 -> bool : uint32 uint32
gt uint8 uint64 -> bool : uint64 uint64
gt uint8 float16 -> bool : float32 float32
gt uint8 float32 -> bool : float32 float32
gt uint8 float64 -> bool : float64 float64
gt uint16 bool -> bool : uint16 uint16
gt uint16 int8 -> bool : int32 int32
gt uint16 int16 -> bool : int32 int32
gt uint16 int32 -> bool : int32 int32
gt uint16 int64 -> bool : int64 int64
gt uint16 uint8 -> bool : uint16 uint16
gt uint16 uint16 -> bool : uint16 uint16
gt uint16 uint32 -> bool : uint32 uint32
gt uint16 uint64 -> bool : uint64 uint64
gt uint16 float16 -> bool : float64 float64
gt uint16 float32 -> bool : float64 float64
gt uint16 float64 -> bool : float64 float64
gt uint32 bool -> bool : uint32 uint32
gt uint32 int8 -> bool : int64 int64
gt uint32 int16 -> bool : int64 int64
gt uint32 int32 -> bool : int64 int64
gt uint32 int64 -> bool : int64 int64
gt uint32 uint8 -> bool : uint32 uint32
gt uint32 uint16 -> bool : uint32 uint32
gt uint32 uint32 -> bool : uint32 uint32
gt uint32 uint64 -> bool : uint64 uint64
gt uint32 float16 -> bool : float64 float64
gt uint32 float32 -> bool : float64 float64
gt uint32 float64 -> bool : float64 float64
gt uint64 bool -> bool : uint64 uint64
gt uint64 int8 -> bool : float64 float64
gt uint64 int16 -> bool : float64 float64
gt uint64 int32 -> bool : float64 float64
gt uint64 int64 -> bool : float64 float64
gt uint64 uint8 -> bool : uint64 uint64
gt uint64 uint16 -> bool : uint64 uint64
gt uint64 uint32 -> bool : uint64 uint64
gt uint64 uint64 -> bool : uint64 uint64
gt uint64 float16 -> bool : float64 float64
gt uint64 float32 -> bool : float64 float64
gt uint64 float64 -> bool : float64 float64
gt float16 bool -> bool : float16 float16
gt float16 int8 -> bool : float16 float16
gt float16 int16 -> bool : float32 float32
gt float16 int32 -> bool : float64 float64
gt float16 int64 -> bool : float64 float64
gt float16 uint8 -> bool : float32 float32
gt float16 uint16 -> bool : float64 float64
gt float16 uint32 -> bool : float64 float64
gt float16 uint64 -> bool : float64 float64
gt float16 float16 -> bool : float16 float16
gt float16 float32 -> bool : float32 float32
gt float16 float64 -> bool : float64 float64
gt float32 bool -> bool : float32 float32
gt float32 int8 -> bool : float32 float32
gt float32 int16 -> bool : float32 float32
gt float32 int32 -> bool : float64 float64
gt float32 int64 -> bool : float64 float64
gt float32 uint8 -> bool : float32 float32
gt float32 uint16 -> bool : float64 float64
gt float32 uint32 -> bool : float64 float64
gt float32 uint64 -> bool : float64 float64
gt float32 float16 -> bool : float32 float32
gt float32 float32 -> bool : float32 float32
gt float32 float64 -> bool : float64 float64
gt float64 bool -> bool : float64 float64
gt float64 int8 -> bool : float64 float64
gt float64 int16 -> bool : float64 float64
gt float64 int32 -> bool : float64 float64
gt float64 int64 -> bool : float64 float64
gt float64 uint8 -> bool : float64 float64
gt float64 uint16 -> bool : float64 float64
gt float64 uint32 -> bool : float64 float64
gt float64 uint64 -> bool : float64 float64
gt float64 float16 -> bool : float64 float64
gt float64 float32 -> bool : float64 float64
gt float64 float64 -> bool : float64 float64
ge bool bool -> bool : bool bool
ge bool int8 -> bool : int8 int8
ge bool int16 -> bool : int16 int16
ge bool int32 -> bool : int32 int32
ge bool int64 -> bool : int64 int64
ge bool uint8 -> bool : uint8 uint8
ge bool uint16 -> bool : uint16 uint16
ge bool uint32 -> bool : uint32 uint32
ge bool uint64 -> bool : uint64 uint64
ge bool float16 -> bool : float16 float16
ge bool float32 -> bool : float32 float32
ge bool float64 -> bool : float64 float64
ge int8 bool -> bool : int8 int8
ge int8 int8 -> bool : int8 int8
ge int8 int16 -> bool : int16 int16
ge int8 int32 -> bool : int32 int32
ge int8 int64 -> bool : int64 int64
ge int8 uint8 -> bool : int16 int16
ge int8 uint16 -> bool : int32 int32
ge int8 uint32 -> bool : int64 int64
ge int8 uint64 -> bool : float64 float64
ge int8 float16 -> bool : float16 float16
ge int8 float32 -> bool : float32 float32
ge int8 float64 -> bool : float64 float64
ge int16 bool -> bool : int16 int16
ge int16 int8 -> bool : int16 int16
ge int16 int16 -> bool : int16 int16
ge int16 int32 -> bool : int32 int32
ge int16 int64 -> bool : int64 int64
ge int16 uint8 -> bool : int16 int16
ge int16 uint16 -> bool : int32 int32
ge int16 uint32 -> bool : int64 int64
ge int16 uint64 -> bool : float64 float64
ge int16 float16 -> bool : float32 float32
ge int16 float32 -> bool : float32 float32
ge int16 float64 -> bool : float64 float64
ge int32 bool -> bool : int32 int32
ge int32 int8 -> bool : int32 int32
ge int32 int16 -> bool : int32 int32
ge int32 int32 -> bool : int32 int32
ge int32 int64 -> bool : int64 int64
ge int32 uint8 -> bool : int32 int32
ge int32 uint16 -> bool : int32 int32
ge int32 uint32 -> bool : int64 int64
ge int32 uint64 -> bool : float64 float64
ge int32 float16 -> bool : float64 float64
ge int32 float32 -> bool : float64 float64
ge int32 float64 -> bool : float64 float64
ge int64 bool -> bool : int64 int64
ge int64 int8 -> bool : int64 int64
ge int64 int16 -> bool : int64 int64
ge int64 int32 -> bool : int64 int64
ge int64 int64 -> bool : int64 int64
ge int64 uint8 -> bool : int64 int64
ge int64 uint16 -> bool : int64 int64
ge int64 uint32 -> bool : int64 int64
ge int64 uint64 -> bool : float64 float64
ge int64 float16 -> bool : float64 float64
ge int64 float32 -> bool : float64 float64
ge int64 float64 -> bool : float64 float64
ge uint8 bool -> bool : uint8 uint8
ge uint8 int8 -> bool : int16 int16
ge uint8 int16 -> bool : int16 int16
ge uint8 int32 -> bool : int32 int32
ge uint8 int64 -> bool : int64 int64
ge uint8 uint8 -> bool : uint8 uint8
ge uint8 uint16 -> bool : uint16 uint16
ge uint8 uint32 -> bool : uint32 uint32
ge uint8 uint64 -> bool : uint64 uint64
ge uint8 float16 -> bool : float32 float32
ge uint8 float32 -> bool : float32 float32
ge uint8 float64 -> bool : float64 float64
ge uint16 bool -> bool : uint16 uint16
ge uint16 int8 -> bool : int32 int32
ge uint16 int16 -> bool : int32 int32
ge uint16 int32 -> bool : int32 int32
ge uint16 int64 -> bool : int64 int64
ge uint16 uint8 -> bool : uint16 uint16
ge uint16 uint16 -> bool : uint16 uint16
ge uint16 uint32 -> bool : uint32 uint32
ge uint16 uint64 -> bool : uint64 uint64
ge uint16 float16 -> bool : float64 float64
ge uint16 float32 -> bool : float64 float64
ge uint16 float64 -> bool : float64 float64
ge uint32 bool -> bool : uint32 uint32
ge uint32 int8 -> bool : int64 int64
ge uint32 int16 -> bool : int64 int64
ge uint32 int32 -> bool : int64 int64
ge uint32 int64 -> bool : int64 int64
ge uint32 uint8 -> bool : uint32 uint32
ge uint32 uint16 -> bool : uint32 uint32
ge uint32 uint32 -> bool : uint32 uint32
ge uint32 uint64 -> bool : uint64 uint64
ge uint32 float16 -> bool : float64 float64
ge uint32 float32 -> bool : float64 float64
ge uint32 float64 -> bool : float64 float64
ge uint64 bool -> bool : uint64 uint64
ge uint64 int8 -> bool : float64 float64
ge uint64 int16 -> bool : float64 float64
ge uint64 int32 -> bool : float64 float64
ge uint64 int64 -> bool : float64 float64
ge uint64 uint8 -> bool : uint64 uint64
ge uint64 uint16 -> bool : uint64 uint64
ge uint64 uint32 -> bool : uint64 uint64
ge uint64 uint64 -> bool : uint64 uint64
ge uint64 float16 -> bool : float64 float64
ge uint64 float32 -> bool : float64 float64
ge uint64 float64 -> bool : float64 float64
ge float16 bool -> bool : float16 float16
ge float16 int8 -> bool : float16 float16
ge float16 int16 -> bool : float32 float32
ge float16 int32 -> bool : float64 float64
ge float16 int64 -> bool : float64 float64
ge float16 uint8 -> bool : float32 float32
ge float16 uint16 -> bool : float64 float64
ge float16 uint32 -> bool : float64 float64
ge float16 uint64 -> bool : float64 float64
ge float16 float16 -> bool : float16 float16
ge float16 float32 -> bool : float32 float32
ge float16 float64 -> bool : float64 float64
ge float32 bool -> bool : float32 float32
ge float32 int8 -> bool : float32 float32
ge float32 int16 -> bool : float32 float32
ge float32 int32 -> bool : float64 float64
ge float32 int64 -> bool : float64 float64
ge float32 uint8 -> bool : float32 float32
ge float32 uint16 -> bool : float64 float64
ge float32 uint32 -> bool : float64 float64
ge float32 uint64 -> bool : float64 float64
ge float32 float16 -> bool : float32 float32
ge float32 float32 -> bool : float32 float32
ge float32 float64 -> bool : float64 float64
ge float64 bool -> bool : float64 float64
ge float64 int8 -> bool : float64 float64
ge float64 int16 -> bool : float64 float64
ge float64 int32 -> bool : float64 float64
ge float64 int64 -> bool : float64 float64
ge float64 uint8 -> bool : float64 float64
ge float64 uint16 -> bool : float64 float64
ge float64 uint32 -> bool : float64 float64
ge float64 uint64 -> bool : float64 float64
ge float64 float16 -> bool : float64 float64
ge float64 float32 -> bool : float64 float64
ge float64 float64 -> bool : float64 float64
eq bool bool -> bool : bool bool
eq bool int8 -> bool : int8 int8
eq bool int16 -> bool : int16 int16
eq bool int32 -> bool : int32 int32
eq bool int64 -> bool : int64 int64
eq bool uint8 -> bool : uint8 uint8
eq bool uint16 -> bool : uint16 uint16
eq bool uint32 -> bool : uint32 uint32
eq bool uint64 -> bool : uint64 uint64
eq bool float16 -> bool : float16 float16
eq bool float32 -> bool : float32 float32
eq bool float64 -> bool : float64 float64
eq int8 bool -> bool : int8 int8
eq int8 int8 -> bool : int8 int8
eq int8 int16 -> bool : int16 int16
eq int8 int32 -> bool : int32 int32
eq int8 int64 -> bool : int64 int64
eq int8 uint8 -> bool : int16 int16
eq int8 uint16 -> bool : int32 int32
eq int8 uint32 -> bool : int64 int64
eq int8 uint64 -> bool : float64 float64
eq int8 float16 -> bool : float16 float16
eq int8 float32 -> bool : float32 float32
eq int8 float64 -> bool : float64 float64
eq int16 bool -> bool : int16 int16
eq int16 int8 -> bool : int16 int16
eq int16 int16 -> bool : int16 int16
eq int16 int32 -> bool : int32 int32
eq int16 int64 -> bool : int64 int64
eq int16 uint8 -> bool : int16 int16
eq int16 uint16 -> bool : int32 int32
eq int16 uint32 -> bool : int64 int64
eq int16 uint64 -> bool : float64 float64
eq int16 float16 -> bool : float32 float32
eq int16 float32 -> bool : float32 float32
eq int16 float64 -> bool : float64 float64
eq int32 bool -> bool : int32 int32
eq int32 int8 -> bool : int32 int32
eq int32 int16 -> bool : int32 int32
eq int32 int32 -> bool : int32 int32
eq int32 int64 -> bool : int64 int64
eq int32 uint8 -> bool : int32 int32
eq int32 uint16 -> bool : int32 int32
eq int32 uint32 -> bool : int64 int64
eq int32 uint64 -> bool : float64 float64
eq int32 float16 -> bool : float64 float64
eq int32 float32 -> bool : float64 float64
eq int32 float64 -> bool : float64 float64
eq int64 bool -> bool : int64 int64
eq int64 int8 -> bool : int64 int64
eq int64 int16 -> bool : int64 int64
eq int64 int32 -> bool : int64 int64
eq int64 int64 -> bool : int64 int64
eq int64 uint8 -> bool : int64 int64
eq int64 uint16 -> bool : int64 int64
eq int64 uint32 -> bool : int64 int64
eq int64 uint64 -> bool : float64 float64
eq int64 float16 -> bool : float64 float64
eq int64 float32 -> bool : float64 float64
eq int64 float64 -> bool : float64 float64
eq uint8 bool -> bool : uint8 uint8
eq uint8 int8 -> bool : int16 int16
eq uint8 int16 -> bool : int16 int16
eq uint8 int32 -> bool : int32 int32
eq uint8 int64 -> bool : int64 int64
eq uint8 uint8 -> bool : uint8 uint8
eq uint8 uint16 -> bool : uint16 uint16
eq uint8 uint32 -> bool : uint32 uint32
eq uint8 uint64 -> bool : uint64 uint64
eq uint8 float16 -> bool : float32 float32
eq uint8 float32 -> bool : float32 float32
eq uint8 float64 -> bool : float64 float64
eq uint16 bool -> bool : uint16 uint16
eq uint16 int8 -> bool : int32 int32
eq uint16 int16 -> bool : int32 int32
eq uint16 int32 -> bool : int32 int32
eq uint16 int64 -> bool : int64 int64
eq uint16 uint8 -> bool : uint16 uint16
eq uint16 uint16 -> bool : uint16 uint16
eq uint16 uint32 -> bool : uint32 uint32
eq uint16 uint64 -> bool : uint64 uint64
eq uint16 float16 -> bool : float64 float64
eq uint16 float32 -> bool : float64 float64
eq uint16 float64 -> bool : float64 float64
eq uint32 bool -> bool : uint32 uint32
eq uint32 int8 -> bool : int64 int64
eq uint32 int16 -> bool : int64 int64
eq uint32 int32 -> bool : int64 int64
eq uint32 int64 -> bool : int64 int64
eq uint32 uint8 -> bool : uint32 uint32
eq uint32 uint16 -> bool : uint32 uint32
eq uint32 uint32 -> bool : uint32 uint32
eq uint32 uint64 -> bool : uint64 uint64
eq uint32 float16 -> bool : float64 float64
eq uint32 float32 -> bool : float64 float64
eq uint32 float64 -> bool : float64 float64
eq uint64 bool -> bool : uint64 uint64
eq uint64 int8 -> bool : float64 float64
eq uint64 int16 -> bool : float64 float64
eq uint64 int32 -> bool : float64 float64
eq uint64 int64 -> bool : float64 float64
eq uint64 uint8 -> bool : uint64 uint64
eq uint64 uint16 -> bool : uint64 uint64
eq uint64 uint32 -> bool : uint64 uint64
eq uint64 uint64 -> bool : uint64 uint64
eq uint64 float16 -> bool : float64 float64
eq uint64 float32 -> bool : float64 float64
eq uint64 float64 -> bool : float64 float64
eq float16 bool -> bool : float16 float16
eq float16 int8 -> bool : float16 float16
eq float16 int16 -> bool : float32 float32
eq float16 int32 -> bool : float64 float64
eq float16 int64 -> bool : float64 float64
eq float16 uint8 -> bool : float32 float32
eq float16 uint16 -> bool : float64 float64
eq float16 uint32 -> bool : float64 float64
eq float16 uint64 -> bool : float64 float64
eq float16 float16 -> bool : float16 float16
eq float16 float32 -> bool : float32 float32
eq float16 float64 -> bool : float64 float64
eq float32 bool -> bool : float32 float32
eq float32 int8 -> bool : float32 float32
eq float32 int16 -> bool : float32 float32
eq float32 int32 -> bool : float64 float64
eq float32 int64 -> bool : float64 float64
eq float32 uint8 -> bool : float32 float32
eq float32 uint16 -> bool : float64 float64
eq float32 uint32 -> bool : float64 float64
eq float32 uint64 -> bool : float64 float64
eq float32 float16 -> bool : float32 float32
eq float32 float32 -> bool : float32 float32
eq float32 float64 -> bool : float64 float64
eq float64 bool -> bool : float64 float64
eq float64 int8 -> bool : float64 float64
eq float64 int16 -> bool : float64 float64
eq float64 int32 -> bool : float64 float64
eq float64 int64 -> bool : float64 float64
eq float64 uint8 -> bool : float64 float64
eq float64 uint16 -> bool : float64 float64
eq float64 uint32 -> bool : float64 float64
eq float64 uint64 -> bool : float64 float64
eq float64 float16 -> bool : float64 float64
eq float64 float32 -> bool : float64 float64
eq float64 float64 -> bool : float64 float64
ne bool bool -> bool : bool bool
ne bool int8 -> bool : int8 int8
ne bool int16 -> bool : int16 int16
ne bool int32 -> bool : int32 int32
ne bool int64 -> bool : int64 int64
ne bool uint8 -> bool : uint8 uint8
ne bool uint16 -> bool : uint16 uint16
ne bool uint32 -> bool : uint32 uint32
ne bool uint64 -> bool : uint64 uint64
ne bool float16 -> bool : float16 float16
ne bool float32 -> bool : float32 float32
ne bool float64 -> bool : float64 float64
ne int8 bool -> bool : int8 int8
ne int8 int8 -> bool : int8 int8
ne int8 int16 -> bool : int16 int16
ne int8 int32 -> bool : int32 int32
ne int8 int64 -> bool : int64 int64
ne int8 uint8 -> bool : int16 int16
ne int8 uint16 -> bool : int32 int32
ne int8 uint32 -> bool : int64 int64
ne int8 uint64 -> bool : float64 float64
ne int8 float16 -> bool : float16 float16
ne int8 float32 -> bool : float32 float32
ne int8 float64 -> bool : float64 float64
ne int16 bool -> bool : int16 int16
ne int16 int8 -> bool : int16 int16
ne int16 int16 -> bool : int16 int16
ne int16 int32 -> bool : int32 int32
ne int16 int64 -> bool : int64 int64
ne int16 uint8 -> bool : int16 int16
ne int16 uint16 -> bool : int32 int32
ne int16 uint32 -> bool : int64 int64
ne int16 uint64 -> bool : float64 float64
ne int16 float16 -> bool : float32 float32
ne int16 float32 -> bool : float32 float32
ne int16 float64 -> bool : float64 float64
ne int32 bool -> bool : int32 int32
ne int32 int8 -> bool : int32 int32
ne int32 int16 -> bool : int32 int32
ne int32 int32 -> bool : int32 int32
ne int32 int64 -> bool : int64 int64
ne int32 uint8 -> bool : int32 int32
ne int32 uint16 -> bool : int32 int32
ne int32 uint32 -> bool : int64 int64
ne int32 uint64 -> bool : float64 float64
ne int32 float16 -> bool : float64 float64
ne int32 float32 -> bool : float64 float64
ne int32 float64 -> bool : float64 float64
ne int64 bool -> bool : int64 int64
ne int64 int8 -> bool : int64 int64
ne int64 int16 -> bool : int64 int64
ne int64 int32 -> bool : int64 int64
ne int64 int64 -> bool : int64 int64
ne int64 uint8 -> bool : int64 int64
ne int64 uint16 -> bool : int64 int64
ne int64 uint32 -> bool : int64 int64
ne int64 uint64 -> bool : float64 float64
ne int64 float16 -> bool : float64 float64
ne int64 float32 -> bool : float64 float64
ne int64 float64 -> bool : float64 float64
ne uint8 bool -> bool : uint8 uint8
ne uint8 int8 -> bool : int16 int16
ne uint8 int16 -> bool : int16 int16
ne uint8 int32 -> bool : int32 int32
ne uint8 int64 -> bool : int64 int64
ne uint8 uint8 -> bool : uint8 uint8
ne uint8 uint16 -> bool : uint16 uint16
ne uint8 uint32 -> bool : uint32 uint32
ne uint8 uint64 -> bool : uint64 uint64
ne uint8 float16 -> bool : float32 float32
ne uint8 float32 -> bool : float32 float32
ne uint8 float64 -> bool : float64 float64
ne uint16 bool -> bool : uint16 uint16
ne uint16 int8 -> bool : int32 int32
ne uint16 int16 -> bool : int32 int32
ne uint16 int32 -> bool : int32 int32
ne uint16 int64 -> bool : int64 int64
ne uint16 uint8 -> bool : uint16 uint16
ne uint16 uint16 -> bool : uint16 uint16
ne uint16 uint32 -> bool : uint32 uint32
ne uint16 uint64 -> bool : uint64 uint64
ne uint16 float16 -> bool : float64 float64
ne uint16 float32 -> bool : float64 float64
ne uint16 float64 -> bool : float64 float64
ne uint32 bool -> bool : uint32 uint32
ne uint32 int8 -> bool : int64 int64
ne uint32 int16 -> bool : int64 int64
ne uint32 int32 -> bool : int64 int64
ne uint32 int64 -> bool : int64 int64
ne uint32 uint8 -> bool : uint32 uint32
ne uint32 uint16 -> bool : uint32 uint32
ne uint32 uint32 -> bool : uint32 uint32
ne uint32 uint64 -> bool : uint64 uint64
ne uint32 float16 -> bool : float64 float64
ne uint32 float32 -> bool : float64 float64
ne uint32 float64 -> bool : float64 float64
ne uint64 bool -> bool : uint64 uint64
ne uint64 int8 -> bool : float64 float64
ne uint64 int16 -> bool : float64 float64
ne uint64 int32 -> bool : float64 float64
ne uint64 int64 -> bool : float64 float64
ne uint64 uint8 -> bool : uint64 uint64
ne uint64 uint16 -> bool : uint64 uint64
ne uint64 uint32 -> bool : uint64 uint64
ne uint64 uint64 -> bool : uint64 uint64
ne uint64 float16 -> bool : float64 float64
ne uint64 float32 -> bool : float64 float64
ne uint64 float64 -> bool : float64 float64
ne float16 bool -> bool : float16 float16
ne float16 int8 -> bool : float16 float16
ne float16 int16 -> bool : float32 float32
ne float16 int32 -> bool : float64 float64
ne float16 int64 -> bool : float64 float64
ne float16 uint8 -> bool : float32 float32
ne float16 uint16 -> bool : float64 float64
ne float16 uint32 -> bool : float64 float64
ne float16 uint64 -> bool : float64 float64
ne float16 float16 -> bool : float16 float16
ne float16 float32 -> bool : float32 float32
ne float16 float64 -> bool : float64 float64
ne float32 bool -> bool : float32 float32
ne float32 int8 -> bool : float32 float32
ne float32 int16 -> bool : float32 float32
ne float32 int32 -> bool : float64 float64
ne float32 int64 -> bool : float64 float64
ne float32 uint8 -> bool : float32 float32
ne float32 uint16 -> bool : float64 float64
ne float32 uint32 -> bool : float64 float64
ne float32 uint64 -> bool : float64 float64
ne float32 float16 -> bool : float32 float32
ne float32 float32 -> bool : float32 float32
ne float32 float64 -> bool : float64 float64
ne float64 bool -> bool : float64 float64
ne float64 int8 -> bool : float64 float64
ne float64 int16 -> bool : float64 float64
ne float64 int32 -> bool : float64 float64
ne float64 int64 -> bool : float64 float64
ne float64 uint8 -> bool : float64 float64
ne float64 uint16 -> bool : float64 float64
ne float64 uint32 -> bool : float64 float64
ne float64 uint64 -> bool : float64 float64
ne float64 float16 -> bool : float64 float64
ne float64 float32 -> bool : float64 float64
ne float64 float64 -> bool : float64 float64
neg bool -> int64 : bool
neg int8 -> int64 : int8
neg int16 -> int64 : int16
neg int32 -> int64 : int32
neg int64 -> int64 : int64
neg uint8 -> uint64 : uint8
neg uint16 -> uint64 : uint16
neg uint32 -> uint64 : uint32
neg uint64 -> uint64 : uint64
neg float16 -> float16 : float16
neg float32 -> float32 : float32
neg float64 -> float64 : float64
pos bool -> int64 : bool
pos int8 -> int64 : int8
pos int16 -> int64 : int16
pos int32 -> int64 : int32
pos int64 -> int64 : int64
pos uint8 -> uint64 : uint8
pos uint16 -> uint64 : uint16
pos uint32 -> uint64 : uint32
pos uint64 -> uint64 : uint64
pos float16 -> float16 : float16
pos float32 -> float32 : float32
pos float64 -> float64 : float64
invert bool -> bool : bool
invert int8 -> int64 : int8
invert int16 -> int64 : int16
invert int32 -> int64 : int32
invert int64 -> int64 : int64
invert uint8 -> uint64 : uint8
invert uint16 -> uint64 : uint16
invert uint32 -> uint64 : uint32
invert uint64 -> uint64 : uint64
not bool -> bool : bool
not int8 -> bool : int8
not int16 -> bool : int16
not int32 -> bool : int32
not int64 -> bool : int64
not uint8 -> bool : uint8
not uint16 -> bool : uint16
not uint32 -> bool : uint32
not uint64 -> bool : uint64
not float16 -> bool : float32
not float32 -> bool : float32
not float64 -> bool : float64
abs bool -> int8 : int8
abs int8 -> int8 : int8
abs int16 -> int16 : int16
abs int32 -> int32 : int32
abs int64 -> int64 : int64
abs uint8 -> uint8 : uint8
abs uint16 -> uint16 : uint16
abs uint32 -> uint32 : uint32
abs uint64 -> uint64 : uint64
abs float16 -> float16 : float16
abs float32 -> float32 : float32
abs float64 -> float64 : float64
int bool -> int64 : bool
int int8 -> int8 : int8
int int16 -> int16 : int16
int int32 -> int32 : int32
int int64 -> int64 : int64
int uint8 -> uint8 : uint8
int uint16 -> uint16 : uint16
int uint32 -> uint32 : uint32
int uint64 -> uint64 : uint64
int float16 -> int64 : float16
int float32 -> int64 : float32
int float64 -> int64 : float64
float int8 -> float64 : int8
float int16 -> float64 : int16
float int32 -> float64 : int32
float int64 -> float64 : int64
float uint8 -> float64 : uint8
float uint16 -> float64 : uint16
float uint32 -> float64 : uint32
float uint64 -> float64 : uint64
float float16 -> float16 : float16
float float32 -> float32 : float32
float float64 -> float64 : float64
bool bool -> bool : bool
bool int8 -> bool : int8
bool int16 -> bool : int16
bool int32 -> bool : int32
bool int64 -> bool : int64
bool uint8 -> bool : uint8
bool uint16 -> bool : uint16
bool uint32 -> bool : uint32
bool uint64 -> bool : uint64
bool float16 -> bool : float16
bool float32 -> bool : float32
bool float64 -> bool : float64
round bool -> int64 : float32
round int8 -> int64 : float32
round int16 -> int64 : float32
round int32 -> int64 : float64
round int64 -> int64 : float64
round uint8 -> int64 : float32
round uint16 -> int64 : float64
round uint32 -> int64 : float64
round uint64 -> int64 : float64
round float16 -> int64 : float32
round float32 -> int64 : float32
round float64 -> int64 : float64
math.sqrt bool -> float64 : int64
math.sqrt int8 -> float64 : int64
math.sqrt int16 -> float64 : int64
math.sqrt int32 -> float64 : int64
math.sqrt int64 -> float64 : int64
math.sqrt uint8 -> float64 : uint64
math.sqrt uint16 -> float64 : uint64
math.sqrt uint32 -> float64 : uint64
math.sqrt uint64 -> float64 : uint64
math.sqrt float16 -> float16 : float16
math.sqrt float32 -> float32 : float32
math.sqrt float64 -> float64 : float64
math.exp bool -> float64 : int64
math.exp int8 -> float64 : int64
math.exp int16 -> float64 : int64
math.exp int32 -> float64 : int64
math.exp int64 -> float64 : int64
math.exp uint8 -> float64 : uint64
math.exp uint16 -> float64 : uint64
math.exp uint32 -> float64 : uint64
math.exp uint64 -> float64 : uint64
math.exp float16 -> float16 : float16
math.exp float32 -> float32 : float32
math.exp float64 -> float64 : float64
math.log bool -> float64 : int64
math.log int8 -> float64 : int64
math.log int16 -> float64 : int64
math.log int32 -> float64 : int64
math.log int64 -> float64 : int64
math.log uint8 -> float64 : uint64
math.log uint16 -> float64 : uint64
math.log uint32 -> float64 : uint64
math.log uint64 -> float64 : uint64
math.log float16 -> float16 : float16
math.log float32 -> float32 : float32
math.log float64 -> float64 : float64
math.floor bool -> float64 : int64
math.floor int8 -> float64 : int64
math.floor int16 -> float64 : int64
math.floor int32 -> float64 : int64
math.floor int64 -> float64 : int64
math.floor uint8 -> float64 : uint64
math.floor uint16 -> float64 : uint64
math.floor uint32 -> float64 : uint64
math.floor uint64 -> float64 : uint64
math.floor float16 -> float16 : float16
math.floor float32 -> float32 : float32
math.floor float64 -> float64 : float64
math.ceil bool -> float64 : int64
math.ceil int8 -> float64 : int64
math.ceil int16 -> float64 : int64
math.ceil int32 -> float64 : int64
math.ceil int64 -> float64 : int64
math.ceil uint8 -> float64 : uint64
math.ceil uint16 -> float64 : uint64
math.ceil uint32 -> float64 : uint64
math.ceil uint64 -> float64 : uint64
math.ceil float16 -> float16 : float16
math.ceil float32 -> float32 : float32
math.ceil float64 -> float64 : float64
math.trunc bool -> float64 : int64
math.trunc int8 -> float64 : int64
math.trunc int16 -> float64 : int64
math.trunc int32 -> float64 : int64
math.trunc int64 -> float64 : int64
math.trunc uint8 -> float64 : uint64
math.trunc uint16 -> float64 : uint64
math.trunc uint32 -> float64 : uint64
math.trunc uint64 -> float64 : uint64
math.trunc float16 -> float16 : float16
math.trunc float32 -> float32 : float32
math.trunc float64 -> float64 : float64
math.fabs bool -> float64 : int64
math.fabs int8 -> float64 : int64
math.fabs int16 -> float64 : int64
math.fabs int32 -> float64 : int64
math.fabs int64 -> float64 : int64
math.fabs uint8 -> float64 : uint64
math.fabs uint16 -> float64 : uint64
math.fabs uint32 -> float64 : uint64
math.fabs uint64 -> float64 : uint64
math.fabs float16 -> float16 : float16
math.fabs float32 -> float32 : float32
math.fabs float64 -> float64 : float64
math.sin bool -> float64 : int64
math.sin int8 -> float64 : int64
math.sin int16 -> float64 : int64
math.sin int32 -> float64 : int64
math.sin int64 -> float64 : int64
math.sin uint8 -> float64 : uint64
math.sin uint16 -> float64 : uint64
math.sin uint32 -> float64 : uint64
math.sin uint64 -> float64 : uint64
math.sin float16 -> float16 : float16
math.sin float32 -> float32 : float32
math.sin float64 -> float64 : float64
math.cos bool -> float64 : int64
math.cos int8 -> float64 : int64
math.cos int16 -> float64 : int64
math.cos int32 -> float64 : int64
math.cos int64 -> float64 : int64
math.cos uint8 -> float64 : uint64
math.cos uint16 -> float64 : uint64
math.cos uint32 -> float64 : uint64
math.cos uint64 -> float64 : uint64
math.cos float16 -> float16 : float16
math.cos float32 -> float32 : float32
math.cos float64 -> float64 : float64
math.tan bool -> float64 : int64
math.tan int8 -> float64 : int64
math.tan int16 -> float64 : int64
math.tan int32 -> float64 : int64
math.tan int64 -> float64 : int64
math.tan uint8 -> float64 : uint64
math.tan uint16 -> float64 : uint64
math.tan uint32 -> float64 : uint64
math.tan uint64 -> float64 : uint64
math.tan float16 -> float32 : float32
math.tan float32 -> float32 : float32
math.tan float64 -> float64 : float64
math.asin bool -> float64 : int64
math.asin int8 -> float64 : int64
math.asin int16 -> float64 : int64
math.asin int32 -> float64 : int64
math.asin int64 -> float64 : int64
math.asin uint8 -> float64 : uint64
math.asin uint16 -> float64 : uint64
math.asin uint32 -> float64 : uint64
math.asin uint64 -> float64 : uint64
math.asin float16 -> float32 : float32
math.asin float32 -> float32 : float32
math.asin float64 -> float64 : float64
math.acos bool -> float64 : int64
math.acos int8 -> float64 : int64
math.acos int16 -> float64 : int64
math.acos int32 -> float64 : int64
math.acos int64 -> float64 : int64
math.acos uint8 -> float64 : uint64
math.acos uint16 -> float64 : uint64
math.acos uint32 -> float64 : uint64
math.acos uint64 -> float64 : uint64
math.acos float16 -> float32 : float32
math.acos float32 -> float32 : float32
math.acos float64 -> float64 : float64
math.atan bool -> float64 : int64
math.atan int8 -> float64 : int64
math.atan int16 -> float64 : int64
math.atan int32 -> float64 : int64
math.atan int64 -> float64 : int64
math.atan uint8 -> float64 : uint64
math.atan uint16 -> float64 : uint64
math.atan uint32 -> float64 : uint64
math.atan uint64 -> float64 : uint64
math.atan float16 -> float32 : float32
math.atan float32 -> float32 : float32
math.atan float64 -> float64 : float64
math.sinh bool -> float64 : int64
math.sinh int8 -> float64 : int64
math.sinh int16 -> float64 : int64
math.sinh int32 -> float64 : int64
math.sinh int64 -> float64 : int64
math.sinh uint8 -> float64 : uint64
math.sinh uint16 -> float64 : uint64
math.sinh uint32 -> float64 : uint64
math.sinh uint64 -> float64 : uint64
math.sinh float16 -> float32 : float32
math.sinh float32 -> float32 : float32
math.sinh float64 -> float64 : float64
math.cosh bool -> float64 : int64
math.cosh int8 -> float64 : int64
math.cosh int16 -> float64 : int64
math.cosh int32 -> float64 : int64
math.cosh int64 -> float64 : int64
math.cosh uint8 -> float64 : uint64
math.cosh uint16 -> float64 : uint64
math.cosh uint32 -> float64 : uint64
math.cosh uint64 -> float64 : uint64
math.cosh float16 -> float32 : float32
math.cosh float32 -> float32 : float32
math.cosh float64 -> float64 : float64
math.tanh bool -> float64 : int64
math.tanh int8 -> float64 : int64
math.tanh int16 -> float64 : int64
math.tanh int32 -> float64 : int64
math.tanh int64 -> float64 : int64
math.tanh uint8 -> float64 : uint64
math.tanh uint16 -> float64 : uint64
math.tanh uint32 -> float64 : uint64
math.tanh uint64 -> float64 : uint64
math.tanh float16 -> float32 : float32
math.tanh float32 -> float32 : float32
math.tanh float64 -> float64 : float64
math.asinh bool -> float64 : int64
math.asinh int8 -> float64 : int64
math.asinh int16 -> float64 : int64
math.asinh int32 -> float64 : int64
math.asinh int64 -> float64 : int64
math.asinh uint8 -> float64 : uint64
math.asinh uint16 -> float64 : uint64
math.asinh uint32 -> float64 : uint64
math.asinh uint64 -> float64 : uint64
math.asinh float16 -> float32 : float32
math.asinh float32 -> float32 : float32
math.asinh float64 -> float64 : float64
math.acosh bool -> float64 : int64
math.acosh int8 -> float64 : int64
math.acosh int16 -> float64 : int64
math.acosh int32 -> float64 : int64
math.acosh int64 -> float64 : int64
math.acosh uint8 -> float64 : uint64
math.acosh uint16 -> float64 : uint64
math.acosh uint32 -> float64 : uint64
math.acosh uint64 -> float64 : uint64
math.acosh float16 -> float32 : float32
math.acosh float32 -> float32 : float32
math.acosh float64 -> float64 : float64
math.atanh bool -> float64 : int64
math.atanh int8 -> float64 : int64
math.atanh int16 -> float64 : int64
math.atanh int32 -> float64 : int64
math.atanh int64 -> float64 : int64
math.atanh uint8 -> float64 : uint64
math.atanh uint16 -> float64 : uint64
math.atanh uint32 -> float64 : uint64
math.atanh uint64 -> float64 : uint64
math.atanh float16 -> float32 : float32
math.atanh float32 -> float32 : float32
math.atanh float64 -> float64 : float64
math.exp2 bool -> float64 : int64
math.exp2 int8 -> float64 : int64
math.exp2 int16 -> float64 : int64
math.exp2 int32 -> float64 : int64
math.exp2 int64 -> float64 : int64
math.exp2 uint8 -> float64 : uint64
math.exp2 uint16 -> float64 : uint64
math.exp2 uint32 -> float64 : uint64
math.exp2 uint64 -> float64 : uint64
math.exp2 float16 -> float16 : float16
math.exp2 float32 -> float32 : float32
math.exp2 float64 -> float64 : float64
math.expm1 bool -> float64 : int64
math.expm1 int8 -> float64 : int64
math.expm1 int16 -> float64 : int64
math.expm1 int32 -> float64 : int64
math.expm1 int64 -> float64 : int64
math.expm1 uint8 -> float64 : uint64
math.expm1 uint16 -> float64 : uint64
math.expm1 uint32 -> float64 : uint64
math.expm1 uint64 -> float64 : uint64
math.expm1 float16 -> float32 : float32
math.expm1 float32 -> float32 : float32
math.expm1 float64 -> float64 : float64
math.log2 bool -> float64 : int64
math.log2 int8 -> float64 : int64
math.log2 int16 -> float64 : int64
math.log2 int32 -> float64 : int64
math.log2 int64 -> float64 : int64
math.log2 uint8 -> float64 : uint64
math.log2 uint16 -> float64 : uint64
math.log2 uint32 -> float64 : uint64
math.log2 uint64 -> float64 : uint64
math.log2 float16 -> float16 : float16
math.log2 float32 -> float32 : float32
math.log2 float64 -> float64 : float64
math.log10 bool -> float64 : int64
math.log10 int8 -> float64 : int64
math.log10 int16 -> float64 : int64
math.log10 int32 -> float64 : int64
math.log10 int64 -> float64 : int64
math.log10 uint8 -> float64 : uint64
math.log10 uint16 -> float64 : uint64
math.log10 uint32 -> float64 : uint64
math.log10 uint64 -> float64 : uint64
math.log10 float16 -> float16 : float16
math.log10 float32 -> float32 : float32
math.log10 float64 -> float64 : float64
math.log1p bool -> float64 : int64
math.log1p int8 -> float64 : int64
math.log1p int16 -> float64 : int64
math.log1p int32 -> float64 : int64
math.log1p int64 -> float64 : int64
math.log1p uint8 -> float64 : uint64
math.log1p uint16 -> float64 : uint64
math.log1p uint32 -> float64 : uint64
math.log1p uint64 -> float64 : uint64
math.log1p float16 -> float32 : float32
math.log1p float32 -> float32 : float32
math.log1p float64 -> float64 : float64
math.erf bool -> float64 : int64
math.erf int8 -> float64 : int64
math.erf int16 -> float64 : int64
math.erf int32 -> float64 : int64
math.erf int64 -> float64 : int64
math.erf uint8 -> float64 : uint64
math.erf uint16 -> float64 : uint64
math.erf uint32 -> float64 : uint64
math.erf uint64 -> float64 : uint64
math.erf float16 -> float32 : float32
math.erf float32 -> float32 : float32
math.erf float64 -> float64 : float64
math.erfc bool -> float64 : int64
math.erfc int8 -> float64 : int64
math.erfc int16 -> float64 : int64
math.erfc int32 -> float64 : int64
math.erfc int64 -> float64 : int64
math.erfc uint8 -> float64 : uint64
math.erfc uint16 -> float64 : uint64
math.erfc uint32 -> float64 : uint64
math.erfc uint64 -> float64 : uint64
math.erfc float16 -> float32 : float32
math.erfc float32 -> float32 : float32
math.erfc float64 -> float64 : float64
math.gamma bool -> float64 : int64
math.gamma int8 -> float64 : int64
math.gamma int16 -> float64 : int64
math.gamma int32 -> float64 : int64
math.gamma int64 -> float64 : int64
math.gamma uint8 -> float64 : uint64
math.gamma uint16 -> float64 : uint64
math.gamma uint32 -> float64 : uint64
math.gamma uint64 -> float64 : uint64
math.gamma float16 -> float32 : float32
math.gamma float32 -> float32 : float32
math.gamma float64 -> float64 : float64
math.lgamma bool -> float64 : int64
math.lgamma int8 -> float64 : int64
math.lgamma int16 -> float64 : int64
math.lgamma int32 -> float64 : int64
math.lgamma int64 -> float64 : int64
math.lgamma uint8 -> float64 : uint64
math.lgamma uint16 -> float64 : uint64
math.lgamma uint32 -> float64 : uint64
math.lgamma uint64 -> float64 : uint64
math.lgamma float16 -> float32 : float32
math.lgamma float32 -> float32 : float32
math.lgamma float64 -> float64 : float64
math.isnan bool -> bool : int64
math.isnan int8 -> bool : int64
math.isnan int16 -> bool : int64
math.isnan int32 -> bool : int64
math.isnan int64 -> bool : int64
math.isnan uint8 -> bool : uint64
math.isnan uint16 -> bool : uint64
math.isnan uint32 -> bool : uint64
math.isnan uint64 -> bool : uint64
math.isnan float16 -> bool : float32
math.isnan float32 -> bool : float32
math.isnan float64 -> bool : float64
math.isinf bool -> bool : int64
math.isinf int8 -> bool : int64
math.isinf int16 -> bool : int64
math.isinf int32 -> bool : int64
math.isinf int64 -> bool : int64
math.isinf uint8 -> bool : uint64
math.isinf uint16 -> bool : uint64
math.isinf uint32 -> bool : uint64
math.isinf uint64 -> bool : uint64
math.isinf float16 -> bool : float32
math.isinf float32 -> bool : float32
math.isinf float64 -> bool : float64
math.isfinite bool -> bool : int64
math.isfinite int8 -> bool : int64
math.isfinite int16 -> bool : int64
math.isfinite int32 -> bool : int64
math.isfinite int64 -> bool : int64
math.isfinite uint8 -> bool : uint64
math.isfinite uint16 -> bool : uint64
math.isfinite uint32 -> bool : uint64
math.isfinite uint64 -> bool : uint64
math.isfinite float16 -> bool : float32
math.isfinite float32 -> bool : float32
math.isfinite float64 -> bool : float64
math.radians bool -> float64 : int64
math.radians int8 -> float64 : int64
math.radians int16 -> float64 : int64
math.radians int32 -> float64 : int64
math.radians int64 -> float64 : int64
math.radians uint8 -> float64 : uint64
math.radians uint16 -> float64 : uint64
math.radians uint32 -> float64 : uint64
math.radians uint64 -> float64 : uint64
math.radians float16 -> float32 : float32
math.radians float32 -> float32 : float32
math.radians float64 -> float64 : float64
math.degrees bool -> float64 : int64
math.degrees int8 -> float64 : int64
math.degrees int16 -> float64 : int64
math.degrees int32 -> float64 : int64
math.degrees int64 -> float64 : int64
math.degrees uint8 -> float64 : uint64
math.degrees uint16 -> float64 : uint64
math.degrees uint32 -> float64 : uint64
math.degrees uint64 -> float64 : uint64
math.degrees float16 -> float32 : float32
math.degrees float32 -> float32 : float32
math.degrees float64 -> float64 : float64
unify bool int8 -> int8
unify bool int16 -> int16
unify bool int32 -> int32
unify bool int64 -> int64
unify bool uint8 -> uint8
unify bool uint16 -> uint16
unify bool uint32 -> uint32
unify bool uint64 -> uint64
unify bool float16 -> float16
unify bool float32 -> float32
unify bool float64 -> float64
unify int8 bool -> int8
unify int8 int16 -> int16
unify int8 int32 -> int32
unify int8 int64 -> int64
unify int8 uint8 -> int16
unify int8 uint16 -> int32
unify int8 uint32 -> int64
unify int8 uint64 -> float64
unify int8 float16 -> float16
unify int8 float32 -> float32
unify int8 float64 -> float64
unify int16 bool -> int16
unify int16 int8 -> int16
unify int16 int32 -> int32
unify int16 int64 -> int64
unify int16 uint8 -> int16
unify int16 uint16 -> int32
unify int16 uint32 -> int64
unify int16 uint64 -> float64
unify int16 float16 -> float32
unify int16 float32 -> float32
unify int16 float64 -> float64
unify int32 bool -> int32
unify int32 int8 -> int32
unify int32 int16 -> int32
unify int32 int64 -> int64
unify int32 uint8 -> int32
unify int32 uint16 -> int32
unify int32 uint32 -> int64
unify int32 uint64 -> float64
unify int32 float16 -> float64
unify int32 float32 -> float64
unify int32 float64 -> float64
unify int64 bool -> int64
unify int64 int8 -> int64
unify int64 int16 -> int64
unify int64 int32 -> int64
unify int64 uint8 -> int64
unify int64 uint16 -> int64
unify int64 uint32 -> int64
unify int64 uint64 -> float64
unify int64 float16 -> float64
unify int64 float32 -> float64
unify int64 float64 -> float64
unify uint8 bool -> uint8
unify uint8 int8 -> int16
unify uint8 int16 -> int16
unify uint8 int32 -> int32
unify uint8 int64 -> int64
unify uint8 uint16 -> uint16
unify uint8 uint32 -> uint32
unify uint8 uint64 -> uint64
unify uint8 float16 -> float16
unify uint8 float32 -> float32
unify uint8 float64 -> float64
unify uint16 bool -> uint16
unify uint16 int8 -> int32
unify uint16 int16 -> int32
unify uint16 int32 -> int32
unify uint16 int64 -> int64
unify uint16 uint8 -> uint16
unify uint16 uint32 -> uint32
unify uint16 uint64 -> uint64
unify uint16 float16 -> float32
unify uint16 float32 -> float32
unify uint16 float64 -> float64
unify uint32 bool -> uint32
unify uint32 int8 -> int64
unify uint32 int16 -> int64
unify uint32 int32 -> int64
unify uint32 int64 -> int64
unify uint32 uint8 -> uint32
unify uint32 uint16 -> uint32
unify uint32 uint64 -> uint64
unify uint32 float16 -> float64
unify uint32 float32 -> float64
unify uint32 float64 -> float64
unify uint64 bool -> uint64
unify uint64 int8 -> float64
unify uint64 int16 -> float64
unify uint64 int32 -> float64
unify uint64 int64 -> float64
unify uint64 uint8 -> uint64
unify uint64 uint16 -> uint64
unify uint64 uint32 -> uint64
unify uint64 float16 -> float64
unify uint64 float32 -> float64
unify uint64 float64 -> float64
unify float16 bool -> float16
unify float16 int8 -> float16
unify float16 int16 -> float32
unify float16 int32 -> float64
unify float16 int64 -> float64
unify float16 uint8 -> float16
unify float16 uint16 -> float32
unify float16 uint32 -> float64
unify float16 uint64 -> float64
unify float16 float32 -> float32
unify float16 float64 -> float64
unify float32 bool -> float32
unify float32 int8 -> float32
unify float32 int16 -> float32
unify float32 int32 -> float64
unify float32 int64 -> float64
unify float32 uint8 -> float32
unify float32 uint16 -> float32
unify float32 uint32 -> float64
unify float32 uint64 -> float64
unify float32 float16 -> float32
unify float32 float64 -> float64
unify float64 bool -> float64
unify float64 int8 -> float64
unify float64 int16 -> float64
unify float64 int32 -> float64
unify float64 int64 -> float64
unify float64 uint8 -> float64
unify float64 uint16 -> float64
unify float64 uint32 -> float64
unify float64 uint64 -> float64
unify float64 float16 -> float64
unify float64 float32 -> float64
range bool -> int32
range int8 -> int32
range int16 -> int32
range int32 -> int32
range int64 -> int64
range uint8 -> uint64
range uint16 -> uint64
range uint32 -> uint64
range uint64 -> uint64
range bool bool -> int32
range bool int8 -> int32
range bool int16 -> int32
range bool int32 -> int32
range bool int64 -> int64
range bool uint8 -> uint64
range bool uint16 -> uint64
range bool uint32 -> uint64
range bool uint64 -> uint64
range int8 bool -> int32
range int8 int8 -> int32
range int8 int16 -> int32
range int8 int32 -> int32
range int8 int64 -> int64
range int8 uint8 -> int32
range int8 uint16 -> int32
range int8 uint32 -> int64
range int8 uint64 -> uint64
range int16 bool -> int32
range int16 int8 -> int32
range int16 int16 -> int32
range int16 int32 -> int32
range int16 int64 -> int64
range int16 uint8 -> int32
range int16 uint16 -> int32
range int16 uint32 -> int64
range int16 uint64 -> uint64
range int32 bool -> int32
range int32 int8 -> int32
range int32 int16 -> int32
range int32 int32 -> int32
range int32 int64 -> int64
range int32 uint8 -> int32
range int32 uint16 -> int32
range int32 uint32 -> int64
range int32 uint64 -> int32
range int64 bool -> int64
range int64 int8 -> int64
range int64 int16 -> int64
range int64 int32 -> int64
range int64 int64 -> int64
range int64 uint8 -> int64
range int64 uint16 -> int64
range int64 uint32 -> int64
range int64 uint64 -> int64
range uint8 bool -> uint64
range uint8 int8 -> int32
range uint8 int16 -> int32
range uint8 int32 -> int32
range uint8 int64 -> int64
range uint8 uint8 -> uint64
range uint8 uint16 -> uint64
range uint8 uint32 -> uint64
range uint8 uint64 -> uint64
range uint16 bool -> uint64
range uint16 int8 -> int32
range uint16 int16 -> int32
range uint16 int32 -> int32
range uint16 int64 -> int64
range uint16 uint8 -> uint64
range uint16 uint16 -> uint64
range uint16 uint32 -> uint64
range uint16 uint64 -> uint64
range uint32 bool -> uint64
range uint32 int8 -> int64
range uint32 int16 -> int64
range uint32 int32 -> int64
range uint32 int64 -> int64
range uint32 uint8 -> uint64
range uint32 uint16 -> uint64
range uint32 uint32 -> uint64
range uint32 uint64 -> uint64
range uint64 bool -> uint64
range uint64 int8 -> uint64
range uint64 int16 -> uint64
range uint64 int32 -> int32
range uint64 int64 -> int64
range uint64 uint8 -> uint64
range uint64 uint16 -> uint64
range uint64 uint32 -> uint64
range uint64 uint64 -> uint64
range bool bool bool -> int32
range bool bool int8 -> int32
range bool bool int16 -> int32
range bool bool int32 -> int32
range bool bool int64 -> int64
range bool bool uint8 -> uint64
range bool bool uint16 -> uint64
range bool bool uint32 -> uint64
range bool bool uint64 -> uint64
range bool int8 bool -> int32
range bool int8 int8 -> int32
range bool int8 int16 -> int32
range bool int8 int32 -> int32
range bool int8 int64 -> int64
range bool int8 uint8 -> int32
range bool int8 uint16 -> int32
range bool int8 uint32 -> int64
range bool int8 uint64 -> uint64
range bool int16 bool -> int32
range bool int16 int8 -> int32
range bool int16 int16 -> int32
range bool int16 int32 -> int32
range bool int16 int64 -> int64
range bool int16 uint8 -> int32
range bool int16 uint16 -> int32
range bool int16 uint32 -> int64
range bool int16 uint64 -> uint64
range bool int32 bool -> int32
range bool int32 int8 -> int32
range bool int32 int16 -> int32
range bool int32 int32 -> int32
range bool int32 int64 -> int64
range bool int32 uint8 -> int32
range bool int32 uint16 -> int32
range bool int32 uint32 -> int64
range bool int32 uint64 -> int32
range bool int64 bool -> int64
range bool int64 int8 -> int64
range bool int64 int16 -> int64
range bool int64 int32 -> int64
range bool int64 int64 -> int64
range bool int64 uint8 -> int64
range bool int64 uint16 -> int64
range bool int64 uint32 -> int64
range bool int64 uint64 -> int64
range bool uint8 bool -> uint64
range bool uint8 int8 -> int32
range bool uint8 int16 -> int32
range bool uint8 int32 -> int32
range bool uint8 int64 -> int64
range bool uint8 uint8 -> uint64
range bool uint8 uint16 -> uint64
range bool uint8 uint32 -> uint64
range bool uint8 uint64 -> uint64
range bool uint16 bool -> uint64
range bool uint16 int8 -> int32
range bool uint16 int16 -> int32
range bool uint16 int32 -> int32
range bool uint16 int64 -> int64
range bool uint16 uint8 -> uint64
range bool uint16 uint16 -> uint64
range bool uint16 uint32 -> uint64
range bool uint16 uint64 -> uint64
range bool uint32 bool -> uint64
range bool uint32 int8 -> int64
range bool uint32 int16 -> int64
range bool uint32 int32 -> int64
range bool uint32 int64 -> int64
range bool uint32 uint8 -> uint64
range bool uint32 uint16 -> uint64
range bool uint32 uint32 -> uint64
range bool uint32 uint64 -> uint64
range bool uint64 bool -> uint64
range bool uint64 int8 -> uint64
range bool uint64 int16 -> uint64
range bool uint64 int32 -> int32
range bool uint64 int64 -> int64
range bool uint64 uint8 -> uint64
range bool uint64 uint16 -> uint64
range bool uint64 uint32 -> uint64
range bool uint64 uint64 -> uint64
range int8 bool bool -> int32
range int8 bool int8 -> int32
range int8 bool int16 -> int32
range int8 bool int32 -> int32
range int8 bool int64 -> int64
range int8 bool uint8 -> int32
range int8 bool uint16 -> int32
range int8 bool uint32 -> int64
range int8 bool uint64 -> uint64
range int8 int8 bool -> int32
range int8 int8 int8 -> int32
range int8 int8 int16 -> int32
range int8 int8 int32 -> int32
range int8 int8 int64 -> int64
range int8 int8 uint8 -> int32
range int8 int8 uint16 -> int32
range int8 int8 uint32 -> int64
range int8 int8 uint64 -> int32
range int8 int16 bool -> int32
range int8 int16 int8 -> int32
range int8 int16 int16 -> int32
range int8 int16 int32 -> int32
range int8 int16 int64 -> int64
range int8 int16 uint8 -> int32
range int8 int16 uint16 -> int32
range int8 int16 uint32 -> int64
range int8 int16 uint64 -> int32
range int8 int32 bool -> int32
range int8 int32 int8 -> int32
range int8 int32 int16 -> int32
range int8 int32 int32 -> int32
range int8 int32 int64 -> int64
range int8 int32 uint8 -> int32
range int8 int32 uint16 -> int32
range int8 int32 uint32 -> int64
range int8 int32 uint64 -> int32
range int8 int64 bool -> int64
range int8 int64 int8 -> int64
range int8 int64 int16 -> int64
range int8 int64 int32 -> int64
range int8 int64 int64 -> int64
range int8 int64 uint8 -> int64
range int8 int64 uint16 -> int64
range int8 int64 uint32 -> int64
range int8 int64 uint64 -> int64
range int8 uint8 bool -> int32
range int8 uint8 int8 -> int32
range int8 uint8 int16 -> int32
range int8 uint8 int32 -> int32
range int8 uint8 int64 -> int64
range int8 uint8 uint8 -> int32
range int8 uint8 uint16 -> int32
range int8 uint8 uint32 -> int64
range int8 uint8 uint64 -> uint64
range int8 uint16 bool -> int32
range int8 uint16 int8 -> int32
range int8 uint16 int16 -> int32
range int8 uint16 int32 -> int32
range int8 uint16 int64 -> int64
range int8 uint16 uint8 -> int32
range int8 uint16 uint16 -> int32
range int8 uint16 uint32 -> int64
range int8 uint16 uint64 -> uint64
range int8 uint32 bool -> int64
range int8 uint32 int8 -> int64
range int8 uint32 int16 -> int64
range int8 uint32 int32 -> int64
range int8 uint32 int64 -> int64
range int8 uint32 uint8 -> int64
range int8 uint32 uint16 -> int64
range int8 uint32 uint32 -> int64
range int8 uint32 uint64 -> uint64
range int8 uint64 bool -> uint64
range int8 uint64 int8 -> int32
range int8 uint64 int16 -> int32
range int8 uint64 int32 -> int32
range int8 uint64 int64 -> int64
range int8 uint64 uint8 -> uint64
range int8 uint64 uint16 -> uint64
range int8 uint64 uint32 -> uint64
range int8 uint64 uint64 -> uint64
range int16 bool bool -> int32
range int16 bool int8 -> int32
range int16 bool int16 -> int32
range int16 bool int32 -> int32
range int16 bool int64 -> int64
range int16 bool uint8 -> int32
range int16 bool uint16 -> int32
range int16 bool uint32 -> int64
range int16 bool uint64 -> uint64
range int16 int8 bool -> int32
range int16 int8 int8 -> int32
range int16 int8 int16 -> int32
range int16 int8 int32 -> int32
range int16 int8 int64 -> int64
range int16 int8 uint8 -> int32
range int16 int8 uint16 -> int32
range int16 int8 uint32 -> int64
range int16 int8 uint64 -> int32
range int16 int16 bool -> int32
range int16 int16 int8 -> int32
range int16 int16 int16 -> int32
range int16 int16 int32 -> int32
range int16 int16 int64 -> int64
range int16 int16 uint8 -> int32
range int16 int16 uint16 -> int32
range int16 int16 uint32 -> int64
range int16 int16 uint64 -> int32
range int16 int32 bool -> int32
range int16 int32 int8 -> int32
range int16 int32 int16 -> int32
range int16 int32 int32 -> int32
range int16 int32 int64 -> int64
range int16 int32 uint8 -> int32
range int16 int32 uint16 -> int32
range int16 int32 uint32 -> int64
range int16 int32 uint64 -> int32
range int16 int64 bool -> int64
range int16 int64 int8 -> int64
range int16 int64 int16 -> int64
range int16 int64 int32 -> int64
range int16 int64 int64 -> int64
range int16 int64 uint8 -> int64
range int16 int64 uint16 -> int64
range int16 int64 uint32 -> int64
range int16 int64 uint64 -> int64
range int16 uint8 bool -> int32
range int16 uint8 int8 -> int32
range int16 uint8 int16 -> int32
range int16 uint8 int32 -> int32
range int16 uint8 int64 -> int64
range int16 uint8 uint8 -> int32
range int16 uint8 uint16 -> int32
range int16 uint8 uint32 -> int64
range int16 uint8 uint64 -> uint64
range int16 uint16 bool -> int32
range int16 uint16 int8 -> int32
range int16 uint16 int16 -> int32
range int16 uint16 int32 -> int32
range int16 uint16 int64 -> int64
range int16 uint16 uint8 -> int32
range int16 uint16 uint16 -> int32
range int16 uint16 uint32 -> int64
range int16 uint16 uint64 -> uint64
range int16 uint32 bool -> int64
range int16 uint32 int8 -> int64
range int16 uint32 int16 -> int64
range int16 uint32 int32 -> int64
range int16 uint32 int64 -> int64
range int16 uint32 uint8 -> int64
range int16 uint32 uint16 -> int64
range int16 uint32 uint32 -> int64
range int16 uint32 uint64 -> uint64
range int16 uint64 bool -> uint64
range int16 uint64 int8 -> int32
range int16 uint64 int16 -> int32
range int16 uint64 int32 -> int32
range int16 uint64 int64 -> int64
range int16 uint64 uint8 -> uint64
range int16 uint64 uint16 -> uint64
range int16 uint64 uint32 -> uint64
range int16 uint64 uint64 -> uint64
range int32 bool bool -> int32
range int32 bool int8 -> int32
range int32 bool int16 -> int32
range int32 bool int32 -> int32
range int32 bool int64 -> int64
range int32 bool uint8 -> int32
range int32 bool uint16 -> int32
range int32 bool uint32 -> int64
range int32 bool uint64 -> int32
range int32 int8 bool -> int32
range int32 int8 int8 -> int32
range int32 int8 int16 -> int32
range int32 int8 int32 -> int32
range int32 int8 int64 -> int64
range int32 int8 uint8 -> int32
range int32 int8 uint16 -> int32
range int32 int8 uint32 -> int64
range int32 int8 uint64 -> int32
range int32 int16 bool -> int32
range int32 int16 int8 -> int32
range int32 int16 int16 -> int32
range int32 int16 int32 -> int32
range int32 int16 int64 -> int64
range int32 int16 uint8 -> int32
range int32 int16 uint16 -> int32
range int32 int16 uint32 -> int64
range int32 int16 uint64 -> int32
range int32 int32 bool -> int32
range int32 int32 int8 -> int32
range int32 int32 int16 -> int32
range int32 int32 int32 -> int32
range int32 int32 int64 -> int64
range int32 int32 uint8 -> int32
range int32 int32 uint16 -> int32
range int32 int32 uint32 -> int64
range int32 int32 uint64 -> int32
range int32 int64 bool -> int64
range int32 int64 int8 -> int64
range int32 int64 int16 -> int64
range int32 int64 int32 -> int64
range int32 int64 int64 -> int64
range int32 int64 uint8 -> int64
range int32 int64 uint16 -> int64
range int32 int64 uint32 -> int64
range int32 int64 uint64 -> int64
range int32 uint8 bool -> int32
range int32 uint8 int8 -> int32
range int32 uint8 int16 -> int32
range int32 uint8 int32 -> int32
range int32 uint8 int64 -> int64
range int32 uint8 uint8 -> int32
range int32 uint8 uint16 -> int32
range int32 uint8 uint32 -> int64
range int32 uint8 uint64 -> uint64
range int32 uint16 bool -> int32
range int32 uint16 int8 -> int32
range int32 uint16 int16 -> int32
range int32 uint16 int32 -> int32
range int32 uint16 int64 -> int64
range int32 uint16 uint8 -> int32
range int32 uint16 uint16 -> int32
range int32 uint16 uint32 -> int64
range int32 uint16 uint64 -> uint64
range int32 uint32 bool -> int64
range int32 uint32 int8 -> int64
range int32 uint32 int16 -> int64
range int32 uint32 int32 -> int64
range int32 uint32 int64 -> int64
range int32 uint32 uint8 -> int64
range int32 uint32 uint16 -> int64
range int32 uint32 uint32 -> int64
range int32 uint32 uint64 -> uint64
range int32 uint64 bool -> int32
range int32 uint64 int8 -> int32
range int32 uint64 int16 -> int32
range int32 uint64 int32 -> int32
range int32 uint64 int64 -> int64
range int32 uint64 uint8 -> uint64
range int32 uint64 uint16 -> uint64
range int32 uint64 uint32 -> uint64
range int32 uint64 uint64 -> uint64
range int64 bool bool -> int64
range int64 bool int8 -> int64
range int64 bool int16 -> int64
range int64 bool int32 -> int64
range int64 bool int64 -> int64
range int64 bool uint8 -> int64
range int64 bool uint16 -> int64
range int64 bool uint32 -> int64
range int64 bool uint64 -> int64
range int64 int8 bool -> int64
range int64 int8 int8 -> int64
range int64 int8 int16 -> int64
range int64 int8 int32 -> int64
range int64 int8 int64 -> int64
range int64 int8 uint8 -> int64
range int64 int8 uint16 -> int64
range int64 int8 uint32 -> int64
range int64 int8 uint64 -> int64
range int64 int16 bool -> int64
range int64 int16 int8 -> int64
range int64 int16 int16 -> int64
range int64 int16 int32 -> int64
range int64 int16 int64 -> int64
range int64 int16 uint8 -> int64
range int64 int16 uint16 -> int64
range int64 int16 uint32 -> int64
range int64 int16 uint64 -> int64
range int64 int32 bool -> int64
range int64 int32 int8 -> int64
range int64 int32 int16 -> int64
range int64 int32 int32 -> int64
range int64 int32 int64 -> int64
range int64 int32 uint8 -> int64
range int64 int32 uint16 -> int64
range int64 int32 uint32 -> int64
range int64 int32 uint64 -> int64
range int64 int64 bool -> int64
range int64 int64 int8 -> int64
range int64 int64 int16 -> int64
range int64 int64 int32 -> int64
range int64 int64 int64 -> int64
range int64 int64 uint8 -> int64
range int64 int64 uint16 -> int64
range int64 int64 uint32 -> int64
range int64 int64 uint64 -> int64
range int64 uint8 bool -> int64
range int64 uint8 int8 -> int64
range int64 uint8 int16 -> int64
range int64 uint8 int32 -> int64
range int64 uint8 int64 -> int64
range int64 uint8 uint8 -> int64
range int64 uint8 uint16 -> int64
range int64 uint8 uint32 -> int64
range int64 uint8 uint64 -> uint64
range int64 uint16 bool -> int64
range int64 uint16 int8 -> int64
range int64 uint16 int16 -> int64
range int64 uint16 int32 -> int64
range int64 uint16 int64 -> int64
range int64 uint16 uint8 -> int64
range int64 uint16 uint16 -> int64
range int64 uint16 uint32 -> int64
range int64 uint16 uint64 -> uint64
range int64 uint32 bool -> int64
range int64 uint32 int8 -> int64
range int64 uint32 int16 -> int64
range int64 uint32 int32 -> int64
range int64 uint32 int64 -> int64
range int64 uint32 uint8 -> int64
range int64 uint32 uint16 -> int64
range int64 uint32 uint32 -> int64
range int64 uint32 uint64 -> uint64
range int64 uint64 bool -> int64
range int64 uint64 int8 -> int64
range int64 uint64 int16 -> int64
range int64 uint64 int32 -> int64
range int64 uint64 int64 -> int64
range int64 uint64 uint8 -> uint64
range int64 uint64 uint16 -> uint64
range int64 uint64 uint32 -> uint64
range int64 uint64 uint64 -> uint64
range uint8 bool bool -> uint64
range uint8 bool int8 -> int32
range uint8 bool int16 -> int32
range uint8 bool int32 -> int32
range uint8 bool int64 -> int64
range uint8 bool uint8 -> uint64
range uint8 bool uint16 -> uint64
range uint8 bool uint32 -> uint64
range uint8 bool uint64 -> uint64
range uint8 int8 bool -> int32
range uint8 int8 int8 -> int32
range uint8 int8 int16 -> int32
range uint8 int8 int32 -> int32
range uint8 int8 int64 -> int64
range uint8 int8 uint8 -> int32
range uint8 int8 uint16 -> int32
range uint8 int8 uint32 -> int64
range uint8 int8 uint64 -> uint64
range uint8 int16 bool -> int32
range uint8 int16 int8 -> int32
range uint8 int16 int16 -> int32
range uint8 int16 int32 -> int32
range uint8 int16 int64 -> int64
range uint8 int16 uint8 -> int32
range uint8 int16 uint16 -> int32
range uint8 int16 uint32 -> int64
range uint8 int16 uint64 -> uint64
range uint8 int32 bool -> int32
range uint8 int32 int8 -> int32
range uint8 int32 int16 -> int32
range uint8 int32 int32 -> int32
range uint8 int32 int64 -> int64
range uint8 int32 uint8 -> int32
range uint8 int32 uint16 -> int32
range uint8 int32 uint32 -> int64
range uint8 int32 uint64 -> uint64
range uint8 int64 bool -> int64
range uint8 int64 int8 -> int64
range uint8 int64 int16 -> int64
range uint8 int64 int32 -> int64
range uint8 int64 int64 -> int64
range uint8 int64 uint8 -> int64
range uint8 int64 uint16 -> int64
range uint8 int64 uint32 -> int64
range uint8 int64 uint64 -> uint64
range uint8 uint8 bool -> uint64
range uint8 uint8 int8 -> int32
range uint8 uint8 int16 -> int32
range uint8 uint8 int32 -> int32
range uint8 uint8 int64 -> int64
range uint8 uint8 uint8 -> uint64
range uint8 uint8 uint16 -> uint64
range uint8 uint8 uint32 -> uint64
range uint8 uint8 uint64 -> uint64
range uint8 uint16 bool -> uint64
range uint8 uint16 int8 -> int32
range uint8 uint16 int16 -> int32
range uint8 uint16 int32 -> int32
range uint8 uint16 int64 -> int64
range uint8 uint16 uint8 -> uint64
range uint8 uint16 uint16 -> uint64
range uint8 uint16 uint32 -> uint64
range uint8 uint16 uint64 -> uint64
range uint8 uint32 bool -> uint64
range uint8 uint32 int8 -> int64
range uint8 uint32 int16 -> int64
range uint8 uint32 int32 -> int64
range uint8 uint32 int64 -> int64
range uint8 uint32 uint8 -> uint64
range uint8 uint32 uint16 -> uint64
range uint8 uint32 uint32 -> uint64
range uint8 uint32 uint64 -> uint64
range uint8 uint64 bool -> uint64
range uint8 uint64 int8 -> uint64
range uint8 uint64 int16 -> uint64
range uint8 uint64 int32 -> uint64
range uint8 uint64 int64 -> uint64
range uint8 uint64 uint8 -> uint64
range uint8 uint64 uint16 -> uint64
range uint8 uint64 uint32 -> uint64
range uint8 uint64 uint64 -> uint64
range uint16 bool bool -> uint64
range uint16 bool int8 -> int32
range uint16 bool int16 -> int32
range uint16 bool int32 -> int32
range uint16 bool int64 -> int64
range uint16 bool uint8 -> uint64
range uint16 bool uint16 -> uint64
range uint16 bool uint32 -> uint64
range uint16 bool uint64 -> uint64
range uint16 int8 bool -> int32
range uint16 int8 int8 -> int32
range uint16 int8 int16 -> int32
range uint16 int8 int32 -> int32
range uint16 int8 int64 -> int64
range uint16 int8 uint8 -> int32
range uint16 int8 uint16 -> int32
range uint16 int8 uint32 -> int64
range uint16 int8 uint64 -> uint64
range uint16 int16 bool -> int32
range uint16 int16 int8 -> int32
range uint16 int16 int16 -> int32
range uint16 int16 int32 -> int32
range uint16 int16 int64 -> int64
range uint16 int16 uint8 -> int32
range uint16 int16 uint16 -> int32
range uint16 int16 uint32 -> int64
range uint16 int16 uint64 -> uint64
range uint16 int32 bool -> int32
range uint16 int32 int8 -> int32
range uint16 int32 int16 -> int32
range uint16 int32 int32 -> int32
range uint16 int32 int64 -> int64
range uint16 int32 uint8 -> int32
range uint16 int32 uint16 -> int32
range uint16 int32 uint32 -> int64
range uint16 int32 uint64 -> uint64
range uint16 int64 bool -> int64
range uint16 int64 int8 -> int64
range uint16 int64 int16 -> int64
range uint16 int64 int32 -> int64
range uint16 int64 int64 -> int64
range uint16 int64 uint8 -> int64
range uint16 int64 uint16 -> int64
range uint16 int64 uint32 -> int64
range uint16 int64 uint64 -> uint64
range uint16 uint8 bool -> uint64
range uint16 uint8 int8 -> int32
range uint16 uint8 int16 -> int32
range uint16 uint8 int32 -> int32
range uint16 uint8 int64 -> int64
range uint16 uint8 uint8 -> uint64
range uint16 uint8 uint16 -> uint64
range uint16 uint8 uint32 -> uint64
range uint16 uint8 uint64 -> uint64
range uint16 uint16 bool -> uint64
range uint16 uint16 int8 -> int32
range uint16 uint16 int16 -> int32
range uint16 uint16 int32 -> int32
range uint16 uint16 int64 -> int64
range uint16 uint16 uint8 -> uint64
range uint16 uint16 uint16 -> uint64
range uint16 uint16 uint32 -> uint64
range uint16 uint16 uint64 -> uint64
range uint16 uint32 bool -> uint64
range uint16 uint32 int8 -> int64
range uint16 uint32 int16 -> int64
range uint16 uint32 int32 -> int64
range uint16 uint32 int64 -> int64
range uint16 uint32 uint8 -> uint64
range uint16 uint32 uint16 -> uint64
range uint16 uint32 uint32 -> uint64
range uint16 uint32 uint64 -> uint64
range uint16 uint64 bool -> uint64
range uint16 uint64 int8 -> uint64
range uint16 uint64 int16 -> uint64
range uint16 uint64 int32 -> uint64
range uint16 uint64 int64 -> uint64
range uint16 uint64 uint8 -> uint64
range uint16 uint64 uint16 -> uint64
range uint16 uint64 uint32 -> uint64
range uint16 uint64 uint64 -> uint64
range uint32 bool bool -> uint64
range uint32 bool int8 -> int64
range uint32 bool int16 -> int64
range uint32 bool int32 -> int64
range uint32 bool int64 -> int64
range uint32 bool uint8 -> uint64
range uint32 bool uint16 -> uint64
range uint32 bool uint32 -> uint64
range uint32 bool uint64 -> uint64
range uint32 int8 bool -> int64
range uint32 int8 int8 -> int64
range uint32 int8 int16 -> int64
range uint32 int8 int32 -> int64
range uint32 int8 int64 -> int64
range uint32 int8 uint8 -> int64
range uint32 int8 uint16 -> int64
range uint32 int8 uint32 -> int64
range uint32 int8 uint64 -> uint64
range uint32 int16 bool -> int64
range uint32 int16 int8 -> int64
range uint32 int16 int16 -> int64
range uint32 int16 int32 -> int64
range uint32 int16 int64 -> int64
range uint32 int16 uint8 -> int64
range uint32 int16 uint16 -> int64
range uint32 int16 uint32 -> int64
range uint32 int16 uint64 -> uint64
range uint32 int32 bool -> int64
range uint32 int32 int8 -> int64
range uint32 int32 int16 -> int64
range uint32 int32 int32 -> int64
range uint32 int32 int64 -> int64
range uint32 int32 uint8 -> int64
range uint32 int32 uint16 -> int64
range uint32 int32 uint32 -> int64
range uint32 int32 uint64 -> uint64
range uint32 int64 bool -> int64
range uint32 int64 int8 -> int64
range uint32 int64 int16 -> int64
range uint32 int64 int32 -> int64
range uint32 int64 int64 -> int64
range uint32 int64 uint8 -> int64
range uint32 int64 uint16 -> int64
range uint32 int64 uint32 -> int64
range uint32 int64 uint64 -> uint64
range uint32 uint8 bool -> uint64
range uint32 uint8 int8 -> int64
range uint32 uint8 int16 -> int64
range uint32 uint8 int32 -> int64
range uint32 uint8 int64 -> int64
range uint32 uint8 uint8 -> uint64
range uint32 uint8 uint16 -> uint64
range uint32 uint8 uint32 -> uint64
range uint32 uint8 uint64 -> uint64
range uint32 uint16 bool -> uint64
range uint32 uint16 int8 -> int64
range uint32 uint16 int16 -> int64
range uint32 uint16 int32 -> int64
range uint32 uint16 int64 -> int64
range uint32 uint16 uint8 -> uint64
range uint32 uint16 uint16 -> uint64
range uint32 uint16 uint32 -> uint64
range uint32 uint16 uint64 -> uint64
range uint32 uint32 bool -> uint64
range uint32 uint32 int8 -> int64
range uint32 uint32 int16 -> int64
range uint32 uint32 int32 -> int64
range uint32 uint32 int64 -> int64
range uint32 uint32 uint8 -> uint64
range uint32 uint32 uint16 -> uint64
range uint32 uint32 uint32 -> uint64
range uint32 uint32 uint64 -> uint64
range uint32 uint64 bool -> uint64
range uint32 uint64 int8 -> uint64
range uint32 uint64 int16 -> uint64
range uint32 uint64 int32 -> uint64
range uint32 uint64 int64 -> uint64
range uint32 uint64 uint8 -> uint64
range uint32 uint64 uint16 -> uint64
range uint32 uint64 uint32 -> uint64
range uint32 uint64 uint64 -> uint64
range uint64 bool bool -> uint64
range uint64 bool int8 -> uint64
range uint64 bool int16 -> uint64
range uint64 bool int32 -> int32
range uint64 bool int64 -> int64
range uint64 bool uint8 -> uint64
range uint64 bool uint16 -> uint64
range uint64 bool uint32 -> uint64
range uint64 bool uint64 -> uint64
range uint64 int8 bool -> uint64
range uint64 int8 int8 -> int32
range uint64 int8 int16 -> int32
range uint64 int8 int32 -> int32
range uint64 int8 int64 -> int64
range uint64 int8 uint8 -> uint64
range uint64 int8 uint16 -> uint64
range uint64 int8 uint32 -> uint64
range uint64 int8 uint64 -> uint64
range uint64 int16 bool -> uint64
range uint64 int16 int8 -> int32
range uint64 int16 int16 -> int32
range uint64 int16 int32 -> int32
range uint64 int16 int64 -> int64
range uint64 int16 uint8 -> uint64
range uint64 int16 uint16 -> uint64
range uint64 int16 uint32 -> uint64
range uint64 int16 uint64 -> uint64
range uint64 int32 bool -> int32
range uint64 int32 int8 -> int32
range uint64 int32 int16 -> int32
range uint64 int32 int32 -> int32
range uint64 int32 int64 -> int64
range uint64 int32 uint8 -> uint64
range uint64 int32 uint16 -> uint64
range uint64 int32 uint32 -> uint64
range uint64 int32 uint64 -> uint64
range uint64 int64 bool -> int64
range uint64 int64 int8 -> int64
range uint64 int64 int16 -> int64
range uint64 int64 int32 -> int64
range uint64 int64 int64 -> int64
range uint64 int64 uint8 -> uint64
range uint64 int64 uint16 -> uint64
range uint64 int64 uint32 -> uint64
range uint64 int64 uint64 -> uint64
range uint64 uint8 bool -> uint64
range uint64 uint8 int8 -> uint64
range uint64 uint8 int16 -> uint64
range uint64 uint8 int32 -> uint64
range uint64 uint8 int64 -> uint64
range uint64 uint8 uint8 -> uint64
range uint64 uint8 uint16 -> uint64
range uint64 uint8 uint32 -> uint64
range uint64 uint8 uint64 -> uint64
range uint64 uint16 bool -> uint64
range uint64 uint16 int8 -> uint64
range uint64 uint16 int16 -> uint64
range uint64 uint16 int32 -> uint64
range uint64 uint16 int64 -> uint64
range uint64 uint16 uint8 -> uint64
range uint64 uint16 uint16 -> uint64
range uint64 uint16 uint32 -> uint64
range uint64 uint16 uint64 -> uint64
range uint64 uint32 bool -> uint64
range uint64 uint32 int8 -> uint64
range uint64 uint32 int16 -> uint64
range uint64 uint32 int32 -> uint64
range uint64 uint32 int64 -> uint64
range uint64 uint32 uint8 -> uint64
range uint64 uint32 uint16 -> uint64
range uint64 uint32 uint32 -> uint64
range uint64 uint32 uint64 -> uint64
range uint64 uint64 bool -> uint64
range uint64 uint64 int8 -> uint64
range uint64 uint64 int16 -> uint64
range uint64 uint64 int32 -> uint64
range uint64 uint64 int64 -> uint64
range uint64 uint64 uint8 -> uint64
range uint64 uint64 uint16 -> uint64
range uint64 uint64 uint32 -> uint64
range uint64 uint64 uint64 -> uint64
"""
