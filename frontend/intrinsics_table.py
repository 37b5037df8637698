"""numba-cuda's typing of the math library and CUDA intrinsics (generated: do not edit).

Regenerate with `python -m simt.frontend.intrinsics_typing`; the format is described
in `simt.frontend.intrinsics_typing`.
"""

TABLE = """\
math.atan2 bool bool -> float64 : int64 int64
math.atan2 bool int8 -> float64 : int64 int64
math.atan2 bool int16 -> float64 : int64 int64
math.atan2 bool int32 -> float64 : int64 int64
math.atan2 bool int64 -> float64 : int64 int64
math.atan2 bool uint8 -> float64 : uint64 uint64
math.atan2 bool uint16 -> float64 : uint64 uint64
math.atan2 bool uint32 -> float64 : uint64 uint64
math.atan2 bool uint64 -> float64 : uint64 uint64
math.atan2 bool float16 -> float32 : float32 float32
math.atan2 bool float32 -> float32 : float32 float32
math.atan2 bool float64 -> float64 : float64 float64
math.atan2 int8 bool -> float64 : int64 int64
math.atan2 int8 int8 -> float64 : int64 int64
math.atan2 int8 int16 -> float64 : int64 int64
math.atan2 int8 int32 -> float64 : int64 int64
math.atan2 int8 int64 -> float64 : int64 int64
math.atan2 int8 uint8 -> float64 : int64 int64
math.atan2 int8 uint16 -> float64 : int64 int64
math.atan2 int8 uint32 -> float64 : int64 int64
math.atan2 int8 uint64 -> float64 : float64 float64
math.atan2 int8 float16 -> float32 : float32 float32
math.atan2 int8 float32 -> float32 : float32 float32
math.atan2 int8 float64 -> float64 : float64 float64
math.atan2 int16 bool -> float64 : int64 int64
math.atan2 int16 int8 -> float64 : int64 int64
math.atan2 int16 int16 -> float64 : int64 int64
math.atan2 int16 int32 -> float64 : int64 int64
math.atan2 int16 int64 -> float64 : int64 int64
math.atan2 int16 uint8 -> float64 : int64 int64
math.atan2 int16 uint16 -> float64 : int64 int64
math.atan2 int16 uint32 -> float64 : int64 int64
math.atan2 int16 uint64 -> float64 : float64 float64
math.atan2 int16 float16 -> float32 : float32 float32
math.atan2 int16 float32 -> float32 : float32 float32
math.atan2 int16 float64 -> float64 : float64 float64
math.atan2 int32 bool -> float64 : int64 int64
math.atan2 int32 int8 -> float64 : int64 int64
math.atan2 int32 int16 -> float64 : int64 int64
math.atan2 int32 int32 -> float64 : int64 int64
math.atan2 int32 int64 -> float64 : int64 int64
math.atan2 int32 uint8 -> float64 : int64 int64
math.atan2 int32 uint16 -> float64 : int64 int64
math.atan2 int32 uint32 -> float64 : int64 int64
math.atan2 int32 uint64 -> float64 : float64 float64
math.atan2 int32 float16 -> float64 : float64 float64
math.atan2 int32 float32 -> float64 : float64 float64
math.atan2 int32 float64 -> float64 : float64 float64
math.atan2 int64 bool -> float64 : int64 int64
math.atan2 int64 int8 -> float64 : int64 int64
math.atan2 int64 int16 -> float64 : int64 int64
math.atan2 int64 int32 -> float64 : int64 int64
math.atan2 int64 int64 -> float64 : int64 int64
math.atan2 int64 uint8 -> float64 : int64 int64
math.atan2 int64 uint16 -> float64 : int64 int64
math.atan2 int64 uint32 -> float64 : int64 int64
math.atan2 int64 uint64 -> float64 : float64 float64
math.atan2 int64 float16 -> float64 : float64 float64
math.atan2 int64 float32 -> float64 : float64 float64
math.atan2 int64 float64 -> float64 : float64 float64
math.atan2 uint8 bool -> float64 : uint64 uint64
math.atan2 uint8 int8 -> float64 : int64 int64
math.atan2 uint8 int16 -> float64 : int64 int64
math.atan2 uint8 int32 -> float64 : int64 int64
math.atan2 uint8 int64 -> float64 : int64 int64
math.atan2 uint8 uint8 -> float64 : uint64 uint64
math.atan2 uint8 uint16 -> float64 : uint64 uint64
math.atan2 uint8 uint32 -> float64 : uint64 uint64
math.atan2 uint8 uint64 -> float64 : uint64 uint64
math.atan2 uint8 float16 -> float32 : float32 float32
math.atan2 uint8 float32 -> float32 : float32 float32
math.atan2 uint8 float64 -> float64 : float64 float64
math.atan2 uint16 bool -> float64 : uint64 uint64
math.atan2 uint16 int8 -> float64 : int64 int64
math.atan2 uint16 int16 -> float64 : int64 int64
math.atan2 uint16 int32 -> float64 : int64 int64
math.atan2 uint16 int64 -> float64 : int64 int64
math.atan2 uint16 uint8 -> float64 : uint64 uint64
math.atan2 uint16 uint16 -> float64 : uint64 uint64
math.atan2 uint16 uint32 -> float64 : uint64 uint64
math.atan2 uint16 uint64 -> float64 : uint64 uint64
math.atan2 uint16 float16 -> float64 : float64 float64
math.atan2 uint16 float32 -> float64 : float64 float64
math.atan2 uint16 float64 -> float64 : float64 float64
math.atan2 uint32 bool -> float64 : uint64 uint64
math.atan2 uint32 int8 -> float64 : int64 int64
math.atan2 uint32 int16 -> float64 : int64 int64
math.atan2 uint32 int32 -> float64 : int64 int64
math.atan2 uint32 int64 -> float64 : int64 int64
math.atan2 uint32 uint8 -> float64 : uint64 uint64
math.atan2 uint32 uint16 -> float64 : uint64 uint64
math.atan2 uint32 uint32 -> float64 : uint64 uint64
math.atan2 uint32 uint64 -> float64 : uint64 uint64
math.atan2 uint32 float16 -> float64 : float64 float64
math.atan2 uint32 float32 -> float64 : float64 float64
math.atan2 uint32 float64 -> float64 : float64 float64
math.atan2 uint64 bool -> float64 : uint64 uint64
math.atan2 uint64 int8 -> float64 : float64 float64
math.atan2 uint64 int16 -> float64 : float64 float64
math.atan2 uint64 int32 -> float64 : float64 float64
math.atan2 uint64 int64 -> float64 : float64 float64
math.atan2 uint64 uint8 -> float64 : uint64 uint64
math.atan2 uint64 uint16 -> float64 : uint64 uint64
math.atan2 uint64 uint32 -> float64 : uint64 uint64
math.atan2 uint64 uint64 -> float64 : uint64 uint64
math.atan2 uint64 float16 -> float64 : float64 float64
math.atan2 uint64 float32 -> float64 : float64 float64
math.atan2 uint64 float64 -> float64 : float64 float64
math.atan2 float16 bool -> float32 : float32 float32
math.atan2 float16 int8 -> float32 : float32 float32
math.atan2 float16 int16 -> float32 : float32 float32
math.atan2 float16 int32 -> float64 : float64 float64
math.atan2 float16 int64 -> float64 : float64 float64
math.atan2 float16 uint8 -> float32 : float32 float32
math.atan2 float16 uint16 -> float64 : float64 float64
math.atan2 float16 uint32 -> float64 : float64 float64
math.atan2 float16 uint64 -> float64 : float64 float64
math.atan2 float16 float16 -> float32 : float32 float32
math.atan2 float16 float32 -> float32 : float32 float32
math.atan2 float16 float64 -> float64 : float64 float64
math.atan2 float32 bool -> float32 : float32 float32
math.atan2 float32 int8 -> float32 : float32 float32
math.atan2 float32 int16 -> float32 : float32 float32
math.atan2 float32 int32 -> float64 : float64 float64
math.atan2 float32 int64 -> float64 : float64 float64
math.atan2 float32 uint8 -> float32 : float32 float32
math.atan2 float32 uint16 -> float64 : float64 float64
math.atan2 float32 uint32 -> float64 : float64 float64
math.atan2 float32 uint64 -> float64 : float64 float64
math.atan2 float32 float16 -> float32 : float32 float32
math.atan2 float32 float32 -> float32 : float32 float32
math.atan2 float32 float64 -> float64 : float64 float64
math.atan2 float64 bool -> float64 : float64 float64
math.atan2 float64 int8 -> float64 : float64 float64
math.atan2 float64 int16 -> float64 : float64 float64
math.atan2 float64 int32 -> float64 : float64 float64
math.atan2 float64 int64 -> float64 : float64 float64
math.atan2 float64 uint8 -> float64 : float64 float64
math.atan2 float64 uint16 -> float64 : float64 float64
math.atan2 float64 uint32 -> float64 : float64 float64
math.atan2 float64 uint64 -> float64 : float64 float64
math.atan2 float64 float16 -> float64 : float64 float64
math.atan2 float64 float32 -> float64 : float64 float64
math.atan2 float64 float64 -> float64 : float64 float64
math.hypot bool bool -> float64 : int64 int64
math.hypot bool int8 -> float64 : int64 int64
math.hypot bool int16 -> float64 : int64 int64
math.hypot bool int32 -> float64 : int64 int64
math.hypot bool int64 -> float64 : int64 int64
math.hypot bool uint8 -> float64 : uint64 uint64
math.hypot bool uint16 -> float64 : uint64 uint64
math.hypot bool uint32 -> float64 : uint64 uint64
math.hypot bool uint64 -> float64 : uint64 uint64
math.hypot bool float16 -> float32 : float32 float32
math.hypot bool float32 -> float32 : float32 float32
math.hypot bool float64 -> float64 : float64 float64
math.hypot int8 bool -> float64 : int64 int64
math.hypot int8 int8 -> float64 : int64 int64
math.hypot int8 int16 -> float64 : int64 int64
math.hypot int8 int32 -> float64 : int64 int64
math.hypot int8 int64 -> float64 : int64 int64
math.hypot int8 uint8 -> float64 : int64 int64
math.hypot int8 uint16 -> float64 : int64 int64
math.hypot int8 uint32 -> float64 : int64 int64
math.hypot int8 uint64 -> float64 : float64 float64
math.hypot int8 float16 -> float32 : float32 float32
math.hypot int8 float32 -> float32 : float32 float32
math.hypot int8 float64 -> float64 : float64 float64
math.hypot int16 bool -> float64 : int64 int64
math.hypot int16 int8 -> float64 : int64 int64
math.hypot int16 int16 -> float64 : int64 int64
math.hypot int16 int32 -> float64 : int64 int64
math.hypot int16 int64 -> float64 : int64 int64
math.hypot int16 uint8 -> float64 : int64 int64
math.hypot int16 uint16 -> float64 : int64 int64
math.hypot int16 uint32 -> float64 : int64 int64
math.hypot int16 uint64 -> float64 : float64 float64
math.hypot int16 float16 -> float32 : float32 float32
math.hypot int16 float32 -> float32 : float32 float32
math.hypot int16 float64 -> float64 : float64 float64
math.hypot int32 bool -> float64 : int64 int64
math.hypot int32 int8 -> float64 : int64 int64
math.hypot int32 int16 -> float64 : int64 int64
math.hypot int32 int32 -> float64 : int64 int64
math.hypot int32 int64 -> float64 : int64 int64
math.hypot int32 uint8 -> float64 : int64 int64
math.hypot int32 uint16 -> float64 : int64 int64
math.hypot int32 uint32 -> float64 : int64 int64
math.hypot int32 uint64 -> float64 : float64 float64
math.hypot int32 float16 -> float64 : float64 float64
math.hypot int32 float32 -> float64 : float64 float64
math.hypot int32 float64 -> float64 : float64 float64
math.hypot int64 bool -> float64 : int64 int64
math.hypot int64 int8 -> float64 : int64 int64
math.hypot int64 int16 -> float64 : int64 int64
math.hypot int64 int32 -> float64 : int64 int64
math.hypot int64 int64 -> float64 : int64 int64
math.hypot int64 uint8 -> float64 : int64 int64
math.hypot int64 uint16 -> float64 : int64 int64
math.hypot int64 uint32 -> float64 : int64 int64
math.hypot int64 uint64 -> float64 : float64 float64
math.hypot int64 float16 -> float64 : float64 float64
math.hypot int64 float32 -> float64 : float64 float64
math.hypot int64 float64 -> float64 : float64 float64
math.hypot uint8 bool -> float64 : uint64 uint64
math.hypot uint8 int8 -> float64 : int64 int64
math.hypot uint8 int16 -> float64 : int64 int64
math.hypot uint8 int32 -> float64 : int64 int64
math.hypot uint8 int64 -> float64 : int64 int64
math.hypot uint8 uint8 -> float64 : uint64 uint64
math.hypot uint8 uint16 -> float64 : uint64 uint64
math.hypot uint8 uint32 -> float64 : uint64 uint64
math.hypot uint8 uint64 -> float64 : uint64 uint64
math.hypot uint8 float16 -> float32 : float32 float32
math.hypot uint8 float32 -> float32 : float32 float32
math.hypot uint8 float64 -> float64 : float64 float64
math.hypot uint16 bool -> float64 : uint64 uint64
math.hypot uint16 int8 -> float64 : int64 int64
math.hypot uint16 int16 -> float64 : int64 int64
math.hypot uint16 int32 -> float64 : int64 int64
math.hypot uint16 int64 -> float64 : int64 int64
math.hypot uint16 uint8 -> float64 : uint64 uint64
math.hypot uint16 uint16 -> float64 : uint64 uint64
math.hypot uint16 uint32 -> float64 : uint64 uint64
math.hypot uint16 uint64 -> float64 : uint64 uint64
math.hypot uint16 float16 -> float64 : float64 float64
math.hypot uint16 float32 -> float64 : float64 float64
math.hypot uint16 float64 -> float64 : float64 float64
math.hypot uint32 bool -> float64 : uint64 uint64
math.hypot uint32 int8 -> float64 : int64 int64
math.hypot uint32 int16 -> float64 : int64 int64
math.hypot uint32 int32 -> float64 : int64 int64
math.hypot uint32 int64 -> float64 : int64 int64
math.hypot uint32 uint8 -> float64 : uint64 uint64
math.hypot uint32 uint16 -> float64 : uint64 uint64
math.hypot uint32 uint32 -> float64 : uint64 uint64
math.hypot uint32 uint64 -> float64 : uint64 uint64
math.hypot uint32 float16 -> float64 : float64 float64
math.hypot uint32 float32 -> float64 : float64 float64
math.hypot uint32 float64 -> float64 : float64 float64
math.hypot uint64 bool -> float64 : uint64 uint64
math.hypot uint64 int8 -> float64 : float64 float64
math.hypot uint64 int16 -> float64 : float64 float64
math.hypot uint64 int32 -> float64 : float64 float64
math.hypot uint64 int64 -> float64 : float64 float64
math.hypot uint64 uint8 -> float64 : uint64 uint64
math.hypot uint64 uint16 -> float64 : uint64 uint64
math.hypot uint64 uint32 -> float64 : uint64 uint64
math.hypot uint64 uint64 -> float64 : uint64 uint64
math.hypot uint64 float16 -> float64 : float64 float64
math.hypot uint64 float32 -> float64 : float64 float64
math.hypot uint64 float64 -> float64 : float64 float64
math.hypot float16 bool -> float32 : float32 float32
math.hypot float16 int8 -> float32 : float32 float32
math.hypot float16 int16 -> float32 : float32 float32
math.hypot float16 int32 -> float64 : float64 float64
math.hypot float16 int64 -> float64 : float64 float64
math.hypot float16 uint8 -> float32 : float32 float32
math.hypot float16 uint16 -> float64 : float64 float64
math.hypot float16 uint32 -> float64 : float64 float64
math.hypot float16 uint64 -> float64 : float64 float64
math.hypot float16 float16 -> float32 : float32 float32
math.hypot float16 float32 -> float32 : float32 float32
math.hypot float16 float64 -> float64 : float64 float64
math.hypot float32 bool -> float32 : float32 float32
math.hypot float32 int8 -> float32 : float32 float32
math.hypot float32 int16 -> float32 : float32 float32
math.hypot float32 int32 -> float64 : float64 float64
math.hypot float32 int64 -> float64 : float64 float64
math.hypot float32 uint8 -> float32 : float32 float32
math.hypot float32 uint16 -> float64 : float64 float64
math.hypot float32 uint32 -> float64 : float64 float64
math.hypot float32 uint64 -> float64 : float64 float64
math.hypot float32 float16 -> float32 : float32 float32
math.hypot float32 float32 -> float32 : float32 float32
math.hypot float32 float64 -> float64 : float64 float64
math.hypot float64 bool -> float64 : float64 float64
math.hypot float64 int8 -> float64 : float64 float64
math.hypot float64 int16 -> float64 : float64 float64
math.hypot float64 int32 -> float64 : float64 float64
math.hypot float64 int64 -> float64 : float64 float64
math.hypot float64 uint8 -> float64 : float64 float64
math.hypot float64 uint16 -> float64 : float64 float64
math.hypot float64 uint32 -> float64 : float64 float64
math.hypot float64 uint64 -> float64 : float64 float64
math.hypot float64 float16 -> float64 : float64 float64
math.hypot float64 float32 -> float64 : float64 float64
math.hypot float64 float64 -> float64 : float64 float64
math.copysign bool bool -> float32 : float32 float32
math.copysign bool int8 -> float32 : float32 float32
math.copysign bool int16 -> float32 : float32 float32
math.copysign bool int32 -> float64 : float64 float64
math.copysign bool int64 -> float64 : float64 float64
math.copysign bool uint8 -> float32 : float32 float32
math.copysign bool uint16 -> float64 : float64 float64
math.copysign bool uint32 -> float64 : float64 float64
math.copysign bool uint64 -> float64 : float64 float64
math.copysign bool float16 -> float32 : float32 float32
math.copysign bool float32 -> float32 : float32 float32
math.copysign bool float64 -> float64 : float64 float64
math.copysign int8 bool -> float32 : float32 float32
math.copysign int8 int8 -> float32 : float32 float32
math.copysign int8 int16 -> float32 : float32 float32
math.copysign int8 int32 -> float64 : float64 float64
math.copysign int8 int64 -> float64 : float64 float64
math.copysign int8 uint8 -> float32 : float32 float32
math.copysign int8 uint16 -> float64 : float64 float64
math.copysign int8 uint32 -> float64 : float64 float64
math.copysign int8 uint64 -> float64 : float64 float64
math.copysign int8 float16 -> float32 : float32 float32
math.copysign int8 float32 -> float32 : float32 float32
math.copysign int8 float64 -> float64 : float64 float64
math.copysign int16 bool -> float32 : float32 float32
math.copysign int16 int8 -> float32 : float32 float32
math.copysign int16 int16 -> float32 : float32 float32
math.copysign int16 int32 -> float64 : float64 float64
math.copysign int16 int64 -> float64 : float64 float64
math.copysign int16 uint8 -> float32 : float32 float32
math.copysign int16 uint16 -> float64 : float64 float64
math.copysign int16 uint32 -> float64 : float64 float64
math.copysign int16 uint64 -> float64 : float64 float64
math.copysign int16 float16 -> float32 : float32 float32
math.copysign int16 float32 -> float32 : float32 float32
math.copysign int16 float64 -> float64 : float64 float64
math.copysign int32 bool -> float64 : float64 float64
math.copysign int32 int8 -> float64 : float64 float64
math.copysign int32 int16 -> float64 : float64 float64
math.copysign int32 int32 -> float64 : float64 float64
math.copysign int32 int64 -> float64 : float64 float64
math.copysign int32 uint8 -> float64 : float64 float64
math.copysign int32 uint16 -> float64 : float64 float64
math.copysign int32 uint32 -> float64 : float64 float64
math.copysign int32 uint64 -> float64 : float64 float64
math.copysign int32 float16 -> float64 : float64 float64
math.copysign int32 float32 -> float64 : float64 float64
math.copysign int32 float64 -> float64 : float64 float64
math.copysign int64 bool -> float64 : float64 float64
math.copysign int64 int8 -> float64 : float64 float64
math.copysign int64 int16 -> float64 : float64 float64
math.copysign int64 int32 -> float64 : float64 float64
math.copysign int64 int64 -> float64 : float64 float64
math.copysign int64 uint8 -> float64 : float64 float64
math.copysign int64 uint16 -> float64 : float64 float64
math.copysign int64 uint32 -> float64 : float64 float64
math.copysign int64 uint64 -> float64 : float64 float64
math.copysign int64 float16 -> float64 : float64 float64
math.copysign int64 float32 -> float64 : float64 float64
math.copysign int64 float64 -> float64 : float64 float64
math.copysign uint8 bool -> float32 : float32 float32
math.copysign uint8 int8 -> float32 : float32 float32
math.copysign uint8 int16 -> float32 : float32 float32
math.copysign uint8 int32 -> float64 : float64 float64
math.copysign uint8 int64 -> float64 : float64 float64
math.copysign uint8 uint8 -> float32 : float32 float32
math.copysign uint8 uint16 -> float64 : float64 float64
math.copysign uint8 uint32 -> float64 : float64 float64
math.copysign uint8 uint64 -> float64 : float64 float64
math.copysign uint8 float16 -> float32 : float32 float32
math.copysign uint8 float32 -> float32 : float32 float32
math.copysign uint8 float64 -> float64 : float64 float64
math.copysign uint16 bool -> float64 : float64 float64
math.copysign uint16 int8 -> float64 : float64 float64
math.copysign uint16 int16 -> float64 : float64 float64
math.copysign uint16 int32 -> float64 : float64 float64
math.copysign uint16 int64 -> float64 : float64 float64
math.copysign uint16 uint8 -> float64 : float64 float64
math.copysign uint16 uint16 -> float64 : float64 float64
math.copysign uint16 uint32 -> float64 : float64 float64
math.copysign uint16 uint64 -> float64 : float64 float64
math.copysign uint16 float16 -> float64 : float64 float64
math.copysign uint16 float32 -> float64 : float64 float64
math.copysign uint16 float64 -> float64 : float64 float64
math.copysign uint32 bool -> float64 : float64 float64
math.copysign uint32 int8 -> float64 : float64 float64
math.copysign uint32 int16 -> float64 : float64 float64
math.copysign uint32 int32 -> float64 : float64 float64
math.copysign uint32 int64 -> float64 : float64 float64
math.copysign uint32 uint8 -> float64 : float64 float64
math.copysign uint32 uint16 -> float64 : float64 float64
math.copysign uint32 uint32 -> float64 : float64 float64
math.copysign uint32 uint64 -> float64 : float64 float64
math.copysign uint32 float16 -> float64 : float64 float64
math.copysign uint32 float32 -> float64 : float64 float64
math.copysign uint32 float64 -> float64 : float64 float64
math.copysign uint64 bool -> float64 : float64 float64
math.copysign uint64 int8 -> float64 : float64 float64
math.copysign uint64 int16 -> float64 : float64 float64
math.copysign uint64 int32 -> float64 : float64 float64
math.copysign uint64 int64 -> float64 : float64 float64
math.copysign uint64 uint8 -> float64 : float64 float64
math.copysign uint64 uint16 -> float64 : float64 float64
math.copysign uint64 uint32 -> float64 : float64 float64
math.copysign uint64 uint64 -> float64 : float64 float64
math.copysign uint64 float16 -> float64 : float64 float64
math.copysign uint64 float32 -> float64 : float64 float64
math.copysign uint64 float64 -> float64 : float64 float64
math.copysign float16 bool -> float32 : float32 float32
math.copysign float16 int8 -> float32 : float32 float32
math.copysign float16 int16 -> float32 : float32 float32
math.copysign float16 int32 -> float64 : float64 float64
math.copysign float16 int64 -> float64 : float64 float64
math.copysign float16 uint8 -> float32 : float32 float32
math.copysign float16 uint16 -> float64 : float64 float64
math.copysign float16 uint32 -> float64 : float64 float64
math.copysign float16 uint64 -> float64 : float64 float64
math.copysign float16 float16 -> float32 : float32 float32
math.copysign float16 float32 -> float32 : float32 float32
math.copysign float16 float64 -> float64 : float64 float64
math.copysign float32 bool -> float32 : float32 float32
math.copysign float32 int8 -> float32 : float32 float32
math.copysign float32 int16 -> float32 : float32 float32
math.copysign float32 int32 -> float64 : float64 float64
math.copysign float32 int64 -> float64 : float64 float64
math.copysign float32 uint8 -> float32 : float32 float32
math.copysign float32 uint16 -> float64 : float64 float64
math.copysign float32 uint32 -> float64 : float64 float64
math.copysign float32 uint64 -> float64 : float64 float64
math.copysign float32 float16 -> float32 : float32 float32
math.copysign float32 float32 -> float32 : float32 float32
math.copysign float32 float64 -> float64 : float64 float64
math.copysign float64 bool -> float64 : float64 float64
math.copysign float64 int8 -> float64 : float64 float64
math.copysign float64 int16 -> float64 : float64 float64
math.copysign float64 int32 -> float64 : float64 float64
math.copysign float64 int64 -> float64 : float64 float64
math.copysign float64 uint8 -> float64 : float64 float64
math.copysign float64 uint16 -> float64 : float64 float64
math.copysign float64 uint32 -> float64 : float64 float64
math.copysign float64 uint64 -> float64 : float64 float64
math.copysign float64 float16 -> float64 : float64 float64
math.copysign float64 float32 -> float64 : float64 float64
math.copysign float64 float64 -> float64 : float64 float64
math.fmod bool bool -> float32 : float32 float32
math.fmod bool int8 -> float32 : float32 float32
math.fmod bool int16 -> float32 : float32 float32
math.fmod bool int32 -> float64 : float64 float64
math.fmod bool int64 -> float64 : float64 float64
math.fmod bool uint8 -> float32 : float32 float32
math.fmod bool uint16 -> float64 : float64 float64
math.fmod bool uint32 -> float64 : float64 float64
math.fmod bool uint64 -> float64 : float64 float64
math.fmod bool float16 -> float32 : float32 float32
math.fmod bool float32 -> float32 : float32 float32
math.fmod bool float64 -> float64 : float64 float64
math.fmod int8 bool -> float32 : float32 float32
math.fmod int8 int8 -> float32 : float32 float32
math.fmod int8 int16 -> float32 : float32 float32
math.fmod int8 int32 -> float64 : float64 float64
math.fmod int8 int64 -> float64 : float64 float64
math.fmod int8 uint8 -> float32 : float32 float32
math.fmod int8 uint16 -> float64 : float64 float64
math.fmod int8 uint32 -> float64 : float64 float64
math.fmod int8 uint64 -> float64 : float64 float64
math.fmod int8 float16 -> float32 : float32 float32
math.fmod int8 float32 -> float32 : float32 float32
math.fmod int8 float64 -> float64 : float64 float64
math.fmod int16 bool -> float32 : float32 float32
math.fmod int16 int8 -> float32 : float32 float32
math.fmod int16 int16 -> float32 : float32 float32
math.fmod int16 int32 -> float64 : float64 float64
math.fmod int16 int64 -> float64 : float64 float64
math.fmod int16 uint8 -> float32 : float32 float32
math.fmod int16 uint16 -> float64 : float64 float64
math.fmod int16 uint32 -> float64 : float64 float64
math.fmod int16 uint64 -> float64 : float64 float64
math.fmod int16 float16 -> float32 : float32 float32
math.fmod int16 float32 -> float32 : float32 float32
math.fmod int16 float64 -> float64 : float64 float64
math.fmod int32 bool -> float64 : float64 float64
math.fmod int32 int8 -> float64 : float64 float64
math.fmod int32 int16 -> float64 : float64 float64
math.fmod int32 int32 -> float64 : float64 float64
math.fmod int32 int64 -> float64 : float64 float64
math.fmod int32 uint8 -> float64 : float64 float64
math.fmod int32 uint16 -> float64 : float64 float64
math.fmod int32 uint32 -> float64 : float64 float64
math.fmod int32 uint64 -> float64 : float64 float64
math.fmod int32 float16 -> float64 : float64 float64
math.fmod int32 float32 -> float64 : float64 float64
math.fmod int32 float64 -> float64 : float64 float64
math.fmod int64 bool -> float64 : float64 float64
math.fmod int64 int8 -> float64 : float64 float64
math.fmod int64 int16 -> float64 : float64 float64
math.fmod int64 int32 -> float64 : float64 float64
math.fmod int64 int64 -> float64 : float64 float64
math.fmod int64 uint8 -> float64 : float64 float64
math.fmod int64 uint16 -> float64 : float64 float64
math.fmod int64 uint32 -> float64 : float64 float64
math.fmod int64 uint64 -> float64 : float64 float64
math.fmod int64 float16 -> float64 : float64 float64
math.fmod int64 float32 -> float64 : float64 float64
math.fmod int64 float64 -> float64 : float64 float64
math.fmod uint8 bool -> float32 : float32 float32
math.fmod uint8 int8 -> float32 : float32 float32
math.fmod uint8 int16 -> float32 : float32 float32
math.fmod uint8 int32 -> float64 : float64 float64
math.fmod uint8 int64 -> float64 : float64 float64
math.fmod uint8 uint8 -> float32 : float32 float32
math.fmod uint8 uint16 -> float64 : float64 float64
math.fmod uint8 uint32 -> float64 : float64 float64
math.fmod uint8 uint64 -> float64 : float64 float64
math.fmod uint8 float16 -> float32 : float32 float32
math.fmod uint8 float32 -> float32 : float32 float32
math.fmod uint8 float64 -> float64 : float64 float64
math.fmod uint16 bool -> float64 : float64 float64
math.fmod uint16 int8 -> float64 : float64 float64
math.fmod uint16 int16 -> float64 : float64 float64
math.fmod uint16 int32 -> float64 : float64 float64
math.fmod uint16 int64 -> float64 : float64 float64
math.fmod uint16 uint8 -> float64 : float64 float64
math.fmod uint16 uint16 -> float64 : float64 float64
math.fmod uint16 uint32 -> float64 : float64 float64
math.fmod uint16 uint64 -> float64 : float64 float64
math.fmod uint16 float16 -> float64 : float64 float64
math.fmod uint16 float32 -> float64 : float64 float64
math.fmod uint16 float64 -> float64 : float64 float64
math.fmod uint32 bool -> float64 : float64 float64
math.fmod uint32 int8 -> float64 : float64 float64
math.fmod uint32 int16 -> float64 : float64 float64
math.fmod uint32 int32 -> float64 : float64 float64
math.fmod uint32 int64 -> float64 : float64 float64
math.fmod uint32 uint8 -> float64 : float64 float64
math.fmod uint32 uint16 -> float64 : float64 float64
math.fmod uint32 uint32 -> float64 : float64 float64
math.fmod uint32 uint64 -> float64 : float64 float64
math.fmod uint32 float16 -> float64 : float64 float64
math.fmod uint32 float32 -> float64 : float64 float64
math.fmod uint32 float64 -> float64 : float64 float64
math.fmod uint64 bool -> float64 : float64 float64
math.fmod uint64 int8 -> float64 : float64 float64
math.fmod uint64 int16 -> float64 : float64 float64
math.fmod uint64 int32 -> float64 : float64 float64
math.fmod uint64 int64 -> float64 : float64 float64
math.fmod uint64 uint8 -> float64 : float64 float64
math.fmod uint64 uint16 -> float64 : float64 float64
math.fmod uint64 uint32 -> float64 : float64 float64
math.fmod uint64 uint64 -> float64 : float64 float64
math.fmod uint64 float16 -> float64 : float64 float64
math.fmod uint64 float32 -> float64 : float64 float64
math.fmod uint64 float64 -> float64 : float64 float64
math.fmod float16 bool -> float32 : float32 float32
math.fmod float16 int8 -> float32 : float32 float32
math.fmod float16 int16 -> float32 : float32 float32
math.fmod float16 int32 -> float64 : float64 float64
math.fmod float16 int64 -> float64 : float64 float64
math.fmod float16 uint8 -> float32 : float32 float32
math.fmod float16 uint16 -> float64 : float64 float64
math.fmod float16 uint32 -> float64 : float64 float64
math.fmod float16 uint64 -> float64 : float64 float64
math.fmod float16 float16 -> float32 : float32 float32
math.fmod float16 float32 -> float32 : float32 float32
math.fmod float16 float64 -> float64 : float64 float64
math.fmod float32 bool -> float32 : float32 float32
math.fmod float32 int8 -> float32 : float32 float32
math.fmod float32 int16 -> float32 : float32 float32
math.fmod float32 int32 -> float64 : float64 float64
math.fmod float32 int64 -> float64 : float64 float64
math.fmod float32 uint8 -> float32 : float32 float32
math.fmod float32 uint16 -> float64 : float64 float64
math.fmod float32 uint32 -> float64 : float64 float64
math.fmod float32 uint64 -> float64 : float64 float64
math.fmod float32 float16 -> float32 : float32 float32
math.fmod float32 float32 -> float32 : float32 float32
math.fmod float32 float64 -> float64 : float64 float64
math.fmod float64 bool -> float64 : float64 float64
math.fmod float64 int8 -> float64 : float64 float64
math.fmod float64 int16 -> float64 : float64 float64
math.fmod float64 int32 -> float64 : float64 float64
math.fmod float64 int64 -> float64 : float64 float64
math.fmod float64 uint8 -> float64 : float64 float64
math.fmod float64 uint16 -> float64 : float64 float64
math.fmod float64 uint32 -> float64 : float64 float64
math.fmod float64 uint64 -> float64 : float64 float64
math.fmod float64 float16 -> float64 : float64 float64
math.fmod float64 float32 -> float64 : float64 float64
math.fmod float64 float64 -> float64 : float64 float64
math.remainder bool bool -> float32 : float32 float32
math.remainder bool int8 -> float32 : float32 float32
math.remainder bool int16 -> float32 : float32 float32
math.remainder bool int32 -> float64 : float64 float64
math.remainder bool int64 -> float64 : float64 float64
math.remainder bool uint8 -> float32 : float32 float32
math.remainder bool uint16 -> float64 : float64 float64
math.remainder bool uint32 -> float64 : float64 float64
math.remainder bool uint64 -> float64 : float64 float64
math.remainder bool float16 -> float32 : float32 float32
math.remainder bool float32 -> float32 : float32 float32
math.remainder bool float64 -> float64 : float64 float64
math.remainder int8 bool -> float32 : float32 float32
math.remainder int8 int8 -> float32 : float32 float32
math.remainder int8 int16 -> float32 : float32 float32
math.remainder int8 int32 -> float64 : float64 float64
math.remainder int8 int64 -> float64 : float64 float64
math.remainder int8 uint8 -> float32 : float32 float32
math.remainder int8 uint16 -> float64 : float64 float64
math.remainder int8 uint32 -> float64 : float64 float64
math.remainder int8 uint64 -> float64 : float64 float64
math.remainder int8 float16 -> float32 : float32 float32
math.remainder int8 float32 -> float32 : float32 float32
math.remainder int8 float64 -> float64 : float64 float64
math.remainder int16 bool -> float32 : float32 float32
math.remainder int16 int8 -> float32 : float32 float32
math.remainder int16 int16 -> float32 : float32 float32
math.remainder int16 int32 -> float64 : float64 float64
math.remainder int16 int64 -> float64 : float64 float64
math.remainder int16 uint8 -> float32 : float32 float32
math.remainder int16 uint16 -> float64 : float64 float64
math.remainder int16 uint32 -> float64 : float64 float64
math.remainder int16 uint64 -> float64 : float64 float64
math.remainder int16 float16 -> float32 : float32 float32
math.remainder int16 float32 -> float32 : float32 float32
math.remainder int16 float64 -> float64 : float64 float64
math.remainder int32 bool -> float64 : float64 float64
math.remainder int32 int8 -> float64 : float64 float64
math.remainder int32 int16 -> float64 : float64 float64
math.remainder int32 int32 -> float64 : float64 float64
math.remainder int32 int64 -> float64 : float64 float64
math.remainder int32 uint8 -> float64 : float64 float64
math.remainder int32 uint16 -> float64 : float64 float64
math.remainder int32 uint32 -> float64 : float64 float64
math.remainder int32 uint64 -> float64 : float64 float64
math.remainder int32 float16 -> float64 : float64 float64
math.remainder int32 float32 -> float64 : float64 float64
math.remainder int32 float64 -> float64 : float64 float64
math.remainder int64 bool -> float64 : float64 float64
math.remainder int64 int8 -> float64 : float64 float64
math.remainder int64 int16 -> float64 : float64 float64
math.remainder int64 int32 -> float64 : float64 float64
math.remainder int64 int64 -> float64 : float64 float64
math.remainder int64 uint8 -> float64 : float64 float64
math.remainder int64 uint16 -> float64 : float64 float64
math.remainder int64 uint32 -> float64 : float64 float64
math.remainder int64 uint64 -> float64 : float64 float64
math.remainder int64 float16 -> float64 : float64 float64
math.remainder int64 float32 -> float64 : float64 float64
math.remainder int64 float64 -> float64 : float64 float64
math.remainder uint8 bool -> float32 : float32 float32
math.remainder uint8 int8 -> float32 : float32 float32
math.remainder uint8 int16 -> float32 : float32 float32
math.remainder uint8 int32 -> float64 : float64 float64
math.remainder uint8 int64 -> float64 : float64 float64
math.remainder uint8 uint8 -> float32 : float32 float32
math.remainder uint8 uint16 -> float64 : float64 float64
math.remainder uint8 uint32 -> float64 : float64 float64
math.remainder uint8 uint64 -> float64 : float64 float64
math.remainder uint8 float16 -> float32 : float32 float32
math.remainder uint8 float32 -> float32 : float32 float32
math.remainder uint8 float64 -> float64 : float64 float64
math.remainder uint16 bool -> float64 : float64 float64
math.remainder uint16 int8 -> float64 : float64 float64
math.remainder uint16 int16 -> float64 : float64 float64
math.remainder uint16 int32 -> float64 : float64 float64
math.remainder uint16 int64 -> float64 : float64 float64
math.remainder uint16 uint8 -> float64 : float64 float64
math.remainder uint16 uint16 -> float64 : float64 float64
math.remainder uint16 uint32 -> float64 : float64 float64
math.remainder uint16 uint64 -> float64 : float64 float64
math.remainder uint16 float16 -> float64 : float64 float64
math.remainder uint16 float32 -> float64 : float64 float64
math.remainder uint16 float64 -> float64 : float64 float64
math.remainder uint32 bool -> float64 : float64 float64
math.remainder uint32 int8 -> float64 : float64 float64
math.remainder uint32 int16 -> float64 : float64 float64
math.remainder uint32 int32 -> float64 : float64 float64
math.remainder uint32 int64 -> float64 : float64 float64
math.remainder uint32 uint8 -> float64 : float64 float64
math.remainder uint32 uint16 -> float64 : float64 float64
math.remainder uint32 uint32 -> float64 : float64 float64
math.remainder uint32 uint64 -> float64 : float64 float64
math.remainder uint32 float16 -> float64 : float64 float64
math.remainder uint32 float32 -> float64 : float64 float64
math.remainder uint32 float64 -> float64 : float64 float64
math.remainder uint64 bool -> float64 : float64 float64
math.remainder uint64 int8 -> float64 : float64 float64
math.remainder uint64 int16 -> float64 : float64 float64
math.remainder uint64 int32 -> float64 : float64 float64
math.remainder uint64 int64 -> float64 : float64 float64
math.remainder uint64 uint8 -> float64 : float64 float64
math.remainder uint64 uint16 -> float64 : float64 float64
math.remainder uint64 uint32 -> float64 : float64 float64
math.remainder uint64 uint64 -> float64 : float64 float64
math.remainder uint64 float16 -> float64 : float64 float64
math.remainder uint64 float32 -> float64 : float64 float64
math.remainder uint64 float64 -> float64 : float64 float64
math.remainder float16 bool -> float32 : float32 float32
math.remainder float16 int8 -> float32 : float32 float32
math.remainder float16 int16 -> float32 : float32 float32
math.remainder float16 int32 -> float64 : float64 float64
math.remainder float16 int64 -> float64 : float64 float64
math.remainder float16 uint8 -> float32 : float32 float32
math.remainder float16 uint16 -> float64 : float64 float64
math.remainder float16 uint32 -> float64 : float64 float64
math.remainder float16 uint64 -> float64 : float64 float64
math.remainder float16 float16 -> float32 : float32 float32
math.remainder float16 float32 -> float32 : float32 float32
math.remainder float16 float64 -> float64 : float64 float64
math.remainder float32 bool -> float32 : float32 float32
math.remainder float32 int8 -> float32 : float32 float32
math.remainder float32 int16 -> float32 : float32 float32
math.remainder float32 int32 -> float64 : float64 float64
math.remainder float32 int64 -> float64 : float64 float64
math.remainder float32 uint8 -> float32 : float32 float32
math.remainder float32 uint16 -> float64 : float64 float64
math.remainder float32 uint32 -> float64 : float64 float64
math.remainder float32 uint64 -> float64 : float64 float64
math.remainder float32 float16 -> float32 : float32 float32
math.remainder float32 float32 -> float32 : float32 float32
math.remainder float32 float64 -> float64 : float64 float64
math.remainder float64 bool -> float64 : float64 float64
math.remainder float64 int8 -> float64 : float64 float64
math.remainder float64 int16 -> float64 : float64 float64
math.remainder float64 int32 -> float64 : float64 float64
math.remainder float64 int64 -> float64 : float64 float64
math.remainder float64 uint8 -> float64 : float64 float64
math.remainder float64 uint16 -> float64 : float64 float64
math.remainder float64 uint32 -> float64 : float64 float64
math.remainder float64 uint64 -> float64 : float64 float64
math.remainder float64 float16 -> float64 : float64 float64
math.remainder float64 float32 -> float64 : float64 float64
math.remainder float64 float64 -> float64 : float64 float64
math.nextafter bool bool -> float32 : float32 float32
math.nextafter bool int8 -> float32 : float32 float32
math.nextafter bool int16 -> float32 : float32 float32
math.nextafter bool int32 -> float64 : float64 float64
math.nextafter bool int64 -> float64 : float64 float64
math.nextafter bool uint8 -> float32 : float32 float32
math.nextafter bool uint16 -> float64 : float64 float64
math.nextafter bool uint32 -> float64 : float64 float64
math.nextafter bool uint64 -> float64 : float64 float64
math.nextafter bool float16 -> float32 : float32 float32
math.nextafter bool float32 -> float32 : float32 float32
math.nextafter bool float64 -> float64 : float64 float64
math.nextafter int8 bool -> float32 : float32 float32
math.nextafter int8 int8 -> float32 : float32 float32
math.nextafter int8 int16 -> float32 : float32 float32
math.nextafter int8 int32 -> float64 : float64 float64
math.nextafter int8 int64 -> float64 : float64 float64
math.nextafter int8 uint8 -> float32 : float32 float32
math.nextafter int8 uint16 -> float64 : float64 float64
math.nextafter int8 uint32 -> float64 : float64 float64
math.nextafter int8 uint64 -> float64 : float64 float64
math.nextafter int8 float16 -> float32 : float32 float32
math.nextafter int8 float32 -> float32 : float32 float32
math.nextafter int8 float64 -> float64 : float64 float64
math.nextafter int16 bool -> float32 : float32 float32
math.nextafter int16 int8 -> float32 : float32 float32
math.nextafter int16 int16 -> float32 : float32 float32
math.nextafter int16 int32 -> float64 : float64 float64
math.nextafter int16 int64 -> float64 : float64 float64
math.nextafter int16 uint8 -> float32 : float32 float32
math.nextafter int16 uint16 -> float64 : float64 float64
math.nextafter int16 uint32 -> float64 : float64 float64
math.nextafter int16 uint64 -> float64 : float64 float64
math.nextafter int16 float16 -> float32 : float32 float32
math.nextafter int16 float32 -> float32 : float32 float32
math.nextafter int16 float64 -> float64 : float64 float64
math.nextafter int32 bool -> float64 : float64 float64
math.nextafter int32 int8 -> float64 : float64 float64
math.nextafter int32 int16 -> float64 : float64 float64
math.nextafter int32 int32 -> float64 : float64 float64
math.nextafter int32 int64 -> float64 : float64 float64
math.nextafter int32 uint8 -> float64 : float64 float64
math.nextafter int32 uint16 -> float64 : float64 float64
math.nextafter int32 uint32 -> float64 : float64 float64
math.nextafter int32 uint64 -> float64 : float64 float64
math.nextafter int32 float16 -> float64 : float64 float64
math.nextafter int32 float32 -> float64 : float64 float64
math.nextafter int32 float64 -> float64 : float64 float64
math.nextafter int64 bool -> float64 : float64 float64
math.nextafter int64 int8 -> float64 : float64 float64
math.nextafter int64 int16 -> float64 : float64 float64
math.nextafter int64 int32 -> float64 : float64 float64
math.nextafter int64 int64 -> float64 : float64 float64
math.nextafter int64 uint8 -> float64 : float64 float64
math.nextafter int64 uint16 -> float64 : float64 float64
math.nextafter int64 uint32 -> float64 : float64 float64
math.nextafter int64 uint64 -> float64 : float64 float64
math.nextafter int64 float16 -> float64 : float64 float64
math.nextafter int64 float32 -> float64 : float64 float64
math.nextafter int64 float64 -> float64 : float64 float64
math.nextafter uint8 bool -> float32 : float32 float32
math.nextafter uint8 int8 -> float32 : float32 float32
math.nextafter uint8 int16 -> float32 : float32 float32
math.nextafter uint8 int32 -> float64 : float64 float64
math.nextafter uint8 int64 -> float64 : float64 float64
math.nextafter uint8 uint8 -> float32 : float32 float32
math.nextafter uint8 uint16 -> float64 : float64 float64
math.nextafter uint8 uint32 -> float64 : float64 float64
math.nextafter uint8 uint64 -> float64 : float64 float64
math.nextafter uint8 float16 -> float32 : float32 float32
math.nextafter uint8 float32 -> float32 : float32 float32
math.nextafter uint8 float64 -> float64 : float64 float64
math.nextafter uint16 bool -> float64 : float64 float64
math.nextafter uint16 int8 -> float64 : float64 float64
math.nextafter uint16 int16 -> float64 : float64 float64
math.nextafter uint16 int32 -> float64 : float64 float64
math.nextafter uint16 int64 -> float64 : float64 float64
math.nextafter uint16 uint8 -> float64 : float64 float64
math.nextafter uint16 uint16 -> float64 : float64 float64
math.nextafter uint16 uint32 -> float64 : float64 float64
math.nextafter uint16 uint64 -> float64 : float64 float64
math.nextafter uint16 float16 -> float64 : float64 float64
math.nextafter uint16 float32 -> float64 : float64 float64
math.nextafter uint16 float64 -> float64 : float64 float64
math.nextafter uint32 bool -> float64 : float64 float64
math.nextafter uint32 int8 -> float64 : float64 float64
math.nextafter uint32 int16 -> float64 : float64 float64
math.nextafter uint32 int32 -> float64 : float64 float64
math.nextafter uint32 int64 -> float64 : float64 float64
math.nextafter uint32 uint8 -> float64 : float64 float64
math.nextafter uint32 uint16 -> float64 : float64 float64
math.nextafter uint32 uint32 -> float64 : float64 float64
math.nextafter uint32 uint64 -> float64 : float64 float64
math.nextafter uint32 float16 -> float64 : float64 float64
math.nextafter uint32 float32 -> float64 : float64 float64
math.nextafter uint32 float64 -> float64 : float64 float64
math.nextafter uint64 bool -> float64 : float64 float64
math.nextafter uint64 int8 -> float64 : float64 float64
math.nextafter uint64 int16 -> float64 : float64 float64
math.nextafter uint64 int32 -> float64 : float64 float64
math.nextafter uint64 int64 -> float64 : float64 float64
math.nextafter uint64 uint8 -> float64 : float64 float64
math.nextafter uint64 uint16 -> float64 : float64 float64
math.nextafter uint64 uint32 -> float64 : float64 float64
math.nextafter uint64 uint64 -> float64 : float64 float64
math.nextafter uint64 float16 -> float64 : float64 float64
math.nextafter uint64 float32 -> float64 : float64 float64
math.nextafter uint64 float64 -> float64 : float64 float64
math.nextafter float16 bool -> float32 : float32 float32
math.nextafter float16 int8 -> float32 : float32 float32
math.nextafter float16 int16 -> float32 : float32 float32
math.nextafter float16 int32 -> float64 : float64 float64
math.nextafter float16 int64 -> float64 : float64 float64
math.nextafter float16 uint8 -> float32 : float32 float32
math.nextafter float16 uint16 -> float64 : float64 float64
math.nextafter float16 uint32 -> float64 : float64 float64
math.nextafter float16 uint64 -> float64 : float64 float64
math.nextafter float16 float16 -> float32 : float32 float32
math.nextafter float16 float32 -> float32 : float32 float32
math.nextafter float16 float64 -> float64 : float64 float64
math.nextafter float32 bool -> float32 : float32 float32
math.nextafter float32 int8 -> float32 : float32 float32
math.nextafter float32 int16 -> float32 : float32 float32
math.nextafter float32 int32 -> float64 : float64 float64
math.nextafter float32 int64 -> float64 : float64 float64
math.nextafter float32 uint8 -> float32 : float32 float32
math.nextafter float32 uint16 -> float64 : float64 float64
math.nextafter float32 uint32 -> float64 : float64 float64
math.nextafter float32 uint64 -> float64 : float64 float64
math.nextafter float32 float16 -> float32 : float32 float32
math.nextafter float32 float32 -> float32 : float32 float32
math.nextafter float32 float64 -> float64 : float64 float64
math.nextafter float64 bool -> float64 : float64 float64
math.nextafter float64 int8 -> float64 : float64 float64
math.nextafter float64 int16 -> float64 : float64 float64
math.nextafter float64 int32 -> float64 : float64 float64
math.nextafter float64 int64 -> float64 : float64 float64
math.nextafter float64 uint8 -> float64 : float64 float64
math.nextafter float64 uint16 -> float64 : float64 float64
math.nextafter float64 uint32 -> float64 : float64 float64
math.nextafter float64 uint64 -> float64 : float64 float64
math.nextafter float64 float16 -> float64 : float64 float64
math.nextafter float64 float32 -> float64 : float64 float64
math.nextafter float64 float64 -> float64 : float64 float64
math.pow bool bool -> float32 : float32 float32
math.pow bool int8 -> float32 : float32 int32
math.pow bool int16 -> float32 : float32 int32
math.pow bool int32 -> float32 : float32 int32
math.pow bool int64 -> float64 : float64 float64
math.pow bool uint8 -> float32 : float32 float32
math.pow bool uint16 -> float64 : float64 float64
math.pow bool uint32 -> float64 : float64 float64
math.pow bool uint64 -> float64 : float64 float64
math.pow bool float16 -> float32 : float32 float32
math.pow bool float32 -> float32 : float32 float32
math.pow bool float64 -> float64 : float64 float64
math.pow int8 bool -> float32 : float32 float32
math.pow int8 int8 -> float32 : float32 int32
math.pow int8 int16 -> float32 : float32 int32
math.pow int8 int32 -> float32 : float32 int32
math.pow int8 int64 -> float64 : float64 float64
math.pow int8 uint8 -> float32 : float32 float32
math.pow int8 uint16 -> float64 : float64 float64
math.pow int8 uint32 -> float64 : float64 float64
math.pow int8 uint64 -> float64 : float64 float64
math.pow int8 float16 -> float32 : float32 float32
math.pow int8 float32 -> float32 : float32 float32
math.pow int8 float64 -> float64 : float64 float64
math.pow int16 bool -> float32 : float32 float32
math.pow int16 int8 -> float32 : float32 int32
math.pow int16 int16 -> float32 : float32 int32
math.pow int16 int32 -> float32 : float32 int32
math.pow int16 int64 -> float64 : float64 float64
math.pow int16 uint8 -> float32 : float32 float32
math.pow int16 uint16 -> float64 : float64 float64
math.pow int16 uint32 -> float64 : float64 float64
math.pow int16 uint64 -> float64 : float64 float64
math.pow int16 float16 -> float32 : float32 float32
math.pow int16 float32 -> float32 : float32 float32
math.pow int16 float64 -> float64 : float64 float64
math.pow int32 bool -> float64 : float64 float64
math.pow int32 int8 -> float64 : float64 int32
math.pow int32 int16 -> float64 : float64 int32
math.pow int32 int32 -> float64 : float64 int32
math.pow int32 int64 -> float64 : float64 float64
math.pow int32 uint8 -> float64 : float64 float64
math.pow int32 uint16 -> float64 : float64 float64
math.pow int32 uint32 -> float64 : float64 float64
math.pow int32 uint64 -> float64 : float64 float64
math.pow int32 float16 -> float64 : float64 float64
math.pow int32 float32 -> float64 : float64 float64
math.pow int32 float64 -> float64 : float64 float64
math.pow int64 bool -> float64 : float64 float64
math.pow int64 int8 -> float64 : float64 int32
math.pow int64 int16 -> float64 : float64 int32
math.pow int64 int32 -> float64 : float64 int32
math.pow int64 int64 -> float64 : float64 float64
math.pow int64 uint8 -> float64 : float64 float64
math.pow int64 uint16 -> float64 : float64 float64
math.pow int64 uint32 -> float64 : float64 float64
math.pow int64 uint64 -> float64 : float64 float64
math.pow int64 float16 -> float64 : float64 float64
math.pow int64 float32 -> float64 : float64 float64
math.pow int64 float64 -> float64 : float64 float64
math.pow uint8 bool -> float32 : float32 float32
math.pow uint8 int8 -> float32 : float32 int32
math.pow uint8 int16 -> float32 : float32 int32
math.pow uint8 int32 -> float32 : float32 int32
math.pow uint8 int64 -> float64 : float64 float64
math.pow uint8 uint8 -> float32 : float32 float32
math.pow uint8 uint16 -> float64 : float64 float64
math.pow uint8 uint32 -> float64 : float64 float64
math.pow uint8 uint64 -> float64 : float64 float64
math.pow uint8 float16 -> float32 : float32 float32
math.pow uint8 float32 -> float32 : float32 float32
math.pow uint8 float64 -> float64 : float64 float64
math.pow uint16 bool -> float64 : float64 float64
math.pow uint16 int8 -> float64 : float64 int32
math.pow uint16 int16 -> float64 : float64 int32
math.pow uint16 int32 -> float64 : float64 int32
math.pow uint16 int64 -> float64 : float64 float64
math.pow uint16 uint8 -> float64 : float64 float64
math.pow uint16 uint16 -> float64 : float64 float64
math.pow uint16 uint32 -> float64 : float64 float64
math.pow uint16 uint64 -> float64 : float64 float64
math.pow uint16 float16 -> float64 : float64 float64
math.pow uint16 float32 -> float64 : float64 float64
math.pow uint16 float64 -> float64 : float64 float64
math.pow uint32 bool -> float64 : float64 float64
math.pow uint32 int8 -> float64 : float64 int32
math.pow uint32 int16 -> float64 : float64 int32
math.pow uint32 int32 -> float64 : float64 int32
math.pow uint32 int64 -> float64 : float64 float64
math.pow uint32 uint8 -> float64 : float64 float64
math.pow uint32 uint16 -> float64 : float64 float64
math.pow uint32 uint32 -> float64 : float64 float64
math.pow uint32 uint64 -> float64 : float64 float64
math.pow uint32 float16 -> float64 : float64 float64
math.pow uint32 float32 -> float64 : float64 float64
math.pow uint32 float64 -> float64 : float64 float64
math.pow uint64 bool -> float64 : float64 float64
math.pow uint64 int8 -> float64 : float64 int32
math.pow uint64 int16 -> float64 : float64 int32
math.pow uint64 int32 -> float64 : float64 int32
math.pow uint64 int64 -> float64 : float64 float64
math.pow uint64 uint8 -> float64 : float64 float64
math.pow uint64 uint16 -> float64 : float64 float64
math.pow uint64 uint32 -> float64 : float64 float64
math.pow uint64 uint64 -> float64 : float64 float64
math.pow uint64 float16 -> float64 : float64 float64
math.pow uint64 float32 -> float64 : float64 float64
math.pow uint64 float64 -> float64 : float64 float64
math.pow float16 bool -> float32 : float32 float32
math.pow float16 int8 -> float32 : float32 int32
math.pow float16 int16 -> float32 : float32 int32
math.pow float16 int32 -> float32 : float32 int32
math.pow float16 int64 -> float64 : float64 float64
math.pow float16 uint8 -> float32 : float32 float32
math.pow float16 uint16 -> float64 : float64 float64
math.pow float16 uint32 -> float64 : float64 float64
math.pow float16 uint64 -> float64 : float64 float64
math.pow float16 float16 -> float32 : float32 float32
math.pow float16 float32 -> float32 : float32 float32
math.pow float16 float64 -> float64 : float64 float64
math.pow float32 bool -> float32 : float32 float32
math.pow float32 int8 -> float32 : float32 int32
math.pow float32 int16 -> float32 : float32 int32
math.pow float32 int32 -> float32 : float32 int32
math.pow float32 int64 -> float64 : float64 float64
math.pow float32 uint8 -> float32 : float32 float32
math.pow float32 uint16 -> float32 : float32 int32
math.pow float32 uint32 -> float64 : float64 float64
math.pow float32 uint64 -> float64 : float64 float64
math.pow float32 float16 -> float32 : float32 float32
math.pow float32 float32 -> float32 : float32 float32
math.pow float32 float64 -> float64 : float64 float64
math.pow float64 bool -> float64 : float64 float64
math.pow float64 int8 -> float64 : float64 int32
math.pow float64 int16 -> float64 : float64 int32
math.pow float64 int32 -> float64 : float64 int32
math.pow float64 int64 -> float64 : float64 float64
math.pow float64 uint8 -> float64 : float64 float64
math.pow float64 uint16 -> float64 : float64 float64
math.pow float64 uint32 -> float64 : float64 float64
math.pow float64 uint64 -> float64 : float64 float64
math.pow float64 float16 -> float64 : float64 float64
math.pow float64 float32 -> float64 : float64 float64
math.pow float64 float64 -> float64 : float64 float64
math.ldexp bool bool -> float32 : float32 int32
math.ldexp bool int8 -> float32 : float32 int32
math.ldexp bool int16 -> float32 : float32 int32
math.ldexp bool int32 -> float32 : float32 int32
math.ldexp bool int64 -> float32 : float32 int32
math.ldexp bool uint8 -> float32 : float32 int32
math.ldexp bool uint16 -> float32 : float32 int32
math.ldexp bool uint32 -> float32 : float32 int32
math.ldexp bool uint64 -> float32 : float32 int32
math.ldexp bool float16 -> float32 : float32 int32
math.ldexp bool float32 -> float32 : float32 int32
math.ldexp bool float64 -> float32 : float32 int32
math.ldexp int8 bool -> float32 : float32 int32
math.ldexp int8 int8 -> float32 : float32 int32
math.ldexp int8 int16 -> float32 : float32 int32
math.ldexp int8 int32 -> float32 : float32 int32
math.ldexp int8 int64 -> float32 : float32 int32
math.ldexp int8 uint8 -> float32 : float32 int32
math.ldexp int8 uint16 -> float32 : float32 int32
math.ldexp int8 uint32 -> float32 : float32 int32
math.ldexp int8 uint64 -> float32 : float32 int32
math.ldexp int8 float16 -> float32 : float32 int32
math.ldexp int8 float32 -> float32 : float32 int32
math.ldexp int8 float64 -> float32 : float32 int32
math.ldexp int16 bool -> float32 : float32 int32
math.ldexp int16 int8 -> float32 : float32 int32
math.ldexp int16 int16 -> float32 : float32 int32
math.ldexp int16 int32 -> float32 : float32 int32
math.ldexp int16 int64 -> float32 : float32 int32
math.ldexp int16 uint8 -> float32 : float32 int32
math.ldexp int16 uint16 -> float32 : float32 int32
math.ldexp int16 uint32 -> float32 : float32 int32
math.ldexp int16 uint64 -> float32 : float32 int32
math.ldexp int16 float16 -> float32 : float32 int32
math.ldexp int16 float32 -> float32 : float32 int32
math.ldexp int16 float64 -> float32 : float32 int32
math.ldexp int32 bool -> float64 : float64 int32
math.ldexp int32 int8 -> float64 : float64 int32
math.ldexp int32 int16 -> float64 : float64 int32
math.ldexp int32 int32 -> float64 : float64 int32
math.ldexp int32 int64 -> float64 : float64 int32
math.ldexp int32 uint8 -> float64 : float64 int32
math.ldexp int32 uint16 -> float64 : float64 int32
math.ldexp int32 uint32 -> float64 : float64 int32
math.ldexp int32 uint64 -> float64 : float64 int32
math.ldexp int32 float16 -> float64 : float64 int32
math.ldexp int32 float32 -> float64 : float64 int32
math.ldexp int32 float64 -> float64 : float64 int32
math.ldexp int64 bool -> float64 : float64 int32
math.ldexp int64 int8 -> float64 : float64 int32
math.ldexp int64 int16 -> float64 : float64 int32
math.ldexp int64 int32 -> float64 : float64 int32
math.ldexp int64 int64 -> float64 : float64 int32
math.ldexp int64 uint8 -> float64 : float64 int32
math.ldexp int64 uint16 -> float64 : float64 int32
math.ldexp int64 uint32 -> float64 : float64 int32
math.ldexp int64 uint64 -> float64 : float64 int32
math.ldexp int64 float16 -> float64 : float64 int32
math.ldexp int64 float32 -> float64 : float64 int32
math.ldexp int64 float64 -> float64 : float64 int32
math.ldexp uint8 bool -> float32 : float32 int32
math.ldexp uint8 int8 -> float32 : float32 int32
math.ldexp uint8 int16 -> float32 : float32 int32
math.ldexp uint8 int32 -> float32 : float32 int32
math.ldexp uint8 int64 -> float32 : float32 int32
math.ldexp uint8 uint8 -> float32 : float32 int32
math.ldexp uint8 uint16 -> float32 : float32 int32
math.ldexp uint8 uint32 -> float32 : float32 int32
math.ldexp uint8 uint64 -> float32 : float32 int32
math.ldexp uint8 float16 -> float32 : float32 int32
math.ldexp uint8 float32 -> float32 : float32 int32
math.ldexp uint8 float64 -> float32 : float32 int32
math.ldexp uint16 bool -> float64 : float64 int32
math.ldexp uint16 int8 -> float64 : float64 int32
math.ldexp uint16 int16 -> float64 : float64 int32
math.ldexp uint16 int32 -> float64 : float64 int32
math.ldexp uint16 int64 -> float64 : float64 int32
math.ldexp uint16 uint8 -> float64 : float64 int32
math.ldexp uint16 uint16 -> float64 : float64 int32
math.ldexp uint16 uint32 -> float64 : float64 int32
math.ldexp uint16 uint64 -> float64 : float64 int32
math.ldexp uint16 float16 -> float64 : float64 int32
math.ldexp uint16 float32 -> float64 : float64 int32
math.ldexp uint16 float64 -> float64 : float64 int32
math.ldexp uint32 bool -> float64 : float64 int32
math.ldexp uint32 int8 -> float64 : float64 int32
math.ldexp uint32 int16 -> float64 : float64 int32
math.ldexp uint32 int32 -> float64 : float64 int32
math.ldexp uint32 int64 -> float64 : float64 int32
math.ldexp uint32 uint8 -> float64 : float64 int32
math.ldexp uint32 uint16 -> float64 : float64 int32
math.ldexp uint32 uint32 -> float64 : float64 int32
math.ldexp uint32 uint64 -> float64 : float64 int32
math.ldexp uint32 float16 -> float64 : float64 int32
math.ldexp uint32 float32 -> float64 : float64 int32
math.ldexp uint32 float64 -> float64 : float64 int32
math.ldexp uint64 bool -> float64 : float64 int32
math.ldexp uint64 int8 -> float64 : float64 int32
math.ldexp uint64 int16 -> float64 : float64 int32
math.ldexp uint64 int32 -> float64 : float64 int32
math.ldexp uint64 int64 -> float64 : float64 int32
math.ldexp uint64 uint8 -> float64 : float64 int32
math.ldexp uint64 uint16 -> float64 : float64 int32
math.ldexp uint64 uint32 -> float64 : float64 int32
math.ldexp uint64 uint64 -> float64 : float64 int32
math.ldexp uint64 float16 -> float64 : float64 int32
math.ldexp uint64 float32 -> float64 : float64 int32
math.ldexp uint64 float64 -> float64 : float64 int32
math.ldexp float16 bool -> float32 : float32 int32
math.ldexp float16 int8 -> float32 : float32 int32
math.ldexp float16 int16 -> float32 : float32 int32
math.ldexp float16 int32 -> float32 : float32 int32
math.ldexp float16 int64 -> float32 : float32 int32
math.ldexp float16 uint8 -> float32 : float32 int32
math.ldexp float16 uint16 -> float32 : float32 int32
math.ldexp float16 uint32 -> float32 : float32 int32
math.ldexp float16 uint64 -> float32 : float32 int32
math.ldexp float16 float16 -> float32 : float32 int32
math.ldexp float16 float32 -> float32 : float32 int32
math.ldexp float16 float64 -> float32 : float32 int32
math.ldexp float32 bool -> float32 : float32 int32
math.ldexp float32 int8 -> float32 : float32 int32
math.ldexp float32 int16 -> float32 : float32 int32
math.ldexp float32 int32 -> float32 : float32 int32
math.ldexp float32 int64 -> float32 : float32 int32
math.ldexp float32 uint8 -> float32 : float32 int32
math.ldexp float32 uint16 -> float32 : float32 int32
math.ldexp float32 uint32 -> float32 : float32 int32
math.ldexp float32 uint64 -> float32 : float32 int32
math.ldexp float32 float16 -> float32 : float32 int32
math.ldexp float32 float32 -> float32 : float32 int32
math.ldexp float32 float64 -> float32 : float32 int32
math.ldexp float64 bool -> float64 : float64 int32
math.ldexp float64 int8 -> float64 : float64 int32
math.ldexp float64 int16 -> float64 : float64 int32
math.ldexp float64 int32 -> float64 : float64 int32
math.ldexp float64 int64 -> float64 : float64 int32
math.ldexp float64 uint8 -> float64 : float64 int32
math.ldexp float64 uint16 -> float64 : float64 int32
math.ldexp float64 uint32 -> float64 : float64 int32
math.ldexp float64 uint64 -> float64 : float64 int32
math.ldexp float64 float16 -> float64 : float64 int32
math.ldexp float64 float32 -> float64 : float64 int32
math.ldexp float64 float64 -> float64 : float64 int32
cuda.popc bool -> int8 : int8
cuda.popc int8 -> int8 : int8
cuda.popc int16 -> int16 : int16
cuda.popc int32 -> int32 : int32
cuda.popc int64 -> int64 : int64
cuda.popc uint8 -> uint8 : uint8
cuda.popc uint16 -> uint16 : uint16
cuda.popc uint32 -> uint32 : uint32
cuda.popc uint64 -> uint64 : uint64
cuda.popc float16 -> int8 : int8
cuda.popc float32 -> int8 : int8
cuda.popc float64 -> int8 : int8
cuda.clz bool -> int8 : int8
cuda.clz int8 -> int8 : int8
cuda.clz int16 -> int16 : int16
cuda.clz int32 -> int32 : int32
cuda.clz int64 -> int64 : int64
cuda.clz uint8 -> uint8 : uint8
cuda.clz uint16 -> uint16 : uint16
cuda.clz uint32 -> uint32 : uint32
cuda.clz uint64 -> uint64 : uint64
cuda.clz float16 -> int8 : int8
cuda.clz float32 -> int8 : int8
cuda.clz float64 -> int8 : int8
cuda.ffs bool -> uint32 : int8
cuda.ffs int8 -> uint32 : int8
cuda.ffs int16 -> uint32 : int16
cuda.ffs int32 -> uint32 : int32
cuda.ffs int64 -> uint32 : int64
cuda.ffs uint8 -> uint32 : uint8
cuda.ffs uint16 -> uint32 : uint16
cuda.ffs uint32 -> uint32 : uint32
cuda.ffs uint64 -> uint32 : uint64
cuda.ffs float16 -> uint32 : int8
cuda.ffs float32 -> uint32 : int8
cuda.ffs float64 -> uint32 : int8
cuda.brev bool -> uint32 : uint32
cuda.brev int8 -> uint32 : uint32
cuda.brev int16 -> uint32 : uint32
cuda.brev int32 -> uint32 : uint32
cuda.brev int64 -> uint32 : uint32
cuda.brev uint8 -> uint32 : uint32
cuda.brev uint16 -> uint32 : uint32
cuda.brev uint32 -> uint32 : uint32
cuda.brev uint64 -> uint64 : uint64
cuda.brev float16 -> uint32 : uint32
cuda.brev float32 -> uint32 : uint32
cuda.brev float64 -> uint32 : uint32
cuda.cbrt bool -> float32 : float32
cuda.cbrt int8 -> float32 : float32
cuda.cbrt int16 -> float32 : float32
cuda.cbrt int32 -> float64 : float64
cuda.cbrt int64 -> float64 : float64
cuda.cbrt uint8 -> float32 : float32
cuda.cbrt uint16 -> float64 : float64
cuda.cbrt uint32 -> float64 : float64
cuda.cbrt uint64 -> float64 : float64
cuda.cbrt float16 -> float32 : float32
cuda.cbrt float32 -> float32 : float32
cuda.cbrt float64 -> float64 : float64
cuda.fma bool bool bool -> float32 : float32 float32 float32
cuda.fma bool bool int8 -> float32 : float32 float32 float32
cuda.fma bool bool int16 -> float32 : float32 float32 float32
cuda.fma bool bool int32 -> float64 : float64 float64 float64
cuda.fma bool bool int64 -> float64 : float64 float64 float64
cuda.fma bool bool uint8 -> float32 : float32 float32 float32
cuda.fma bool bool uint16 -> float64 : float64 float64 float64
cuda.fma bool bool uint32 -> float64 : float64 float64 float64
cuda.fma bool bool uint64 -> float64 : float64 float64 float64
cuda.fma bool bool float16 -> float32 : float32 float32 float32
cuda.fma bool bool float32 -> float32 : float32 float32 float32
cuda.fma bool bool float64 -> float64 : float64 float64 float64
cuda.fma bool int8 bool -> float32 : float32 float32 float32
cuda.fma bool int8 int8 -> float32 : float32 float32 float32
cuda.fma bool int8 int16 -> float32 : float32 float32 float32
cuda.fma bool int8 int32 -> float64 : float64 float64 float64
cuda.fma bool int8 int64 -> float64 : float64 float64 float64
cuda.fma bool int8 uint8 -> float32 : float32 float32 float32
cuda.fma bool int8 uint16 -> float64 : float64 float64 float64
cuda.fma bool int8 uint32 -> float64 : float64 float64 float64
cuda.fma bool int8 uint64 -> float64 : float64 float64 float64
cuda.fma bool int8 float16 -> float32 : float32 float32 float32
cuda.fma bool int8 float32 -> float32 : float32 float32 float32
cuda.fma bool int8 float64 -> float64 : float64 float64 float64
cuda.fma bool int16 bool -> float32 : float32 float32 float32
cuda.fma bool int16 int8 -> float32 : float32 float32 float32
cuda.fma bool int16 int16 -> float32 : float32 float32 float32
cuda.fma bool int16 int32 -> float64 : float64 float64 float64
cuda.fma bool int16 int64 -> float64 : float64 float64 float64
cuda.fma bool int16 uint8 -> float32 : float32 float32 float32
cuda.fma bool int16 uint16 -> float64 : float64 float64 float64
cuda.fma bool int16 uint32 -> float64 : float64 float64 float64
cuda.fma bool int16 uint64 -> float64 : float64 float64 float64
cuda.fma bool int16 float16 -> float32 : float32 float32 float32
cuda.fma bool int16 float32 -> float32 : float32 float32 float32
cuda.fma bool int16 float64 -> float64 : float64 float64 float64
cuda.fma bool int32 bool -> float64 : float64 float64 float64
cuda.fma bool int32 int8 -> float64 : float64 float64 float64
cuda.fma bool int32 int16 -> float64 : float64 float64 float64
cuda.fma bool int32 int32 -> float64 : float64 float64 float64
cuda.fma bool int32 int64 -> float64 : float64 float64 float64
cuda.fma bool int32 uint8 -> float64 : float64 float64 float64
cuda.fma bool int32 uint16 -> float64 : float64 float64 float64
cuda.fma bool int32 uint32 -> float64 : float64 float64 float64
cuda.fma bool int32 uint64 -> float64 : float64 float64 float64
cuda.fma bool int32 float16 -> float64 : float64 float64 float64
cuda.fma bool int32 float32 -> float64 : float64 float64 float64
cuda.fma bool int32 float64 -> float64 : float64 float64 float64
cuda.fma bool int64 bool -> float64 : float64 float64 float64
cuda.fma bool int64 int8 -> float64 : float64 float64 float64
cuda.fma bool int64 int16 -> float64 : float64 float64 float64
cuda.fma bool int64 int32 -> float64 : float64 float64 float64
cuda.fma bool int64 int64 -> float64 : float64 float64 float64
cuda.fma bool int64 uint8 -> float64 : float64 float64 float64
cuda.fma bool int64 uint16 -> float64 : float64 float64 float64
cuda.fma bool int64 uint32 -> float64 : float64 float64 float64
cuda.fma bool int64 uint64 -> float64 : float64 float64 float64
cuda.fma bool int64 float16 -> float64 : float64 float64 float64
cuda.fma bool int64 float32 -> float64 : float64 float64 float64
cuda.fma bool int64 float64 -> float64 : float64 float64 float64
cuda.fma bool uint8 bool -> float32 : float32 float32 float32
cuda.fma bool uint8 int8 -> float32 : float32 float32 float32
cuda.fma bool uint8 int16 -> float32 : float32 float32 float32
cuda.fma bool uint8 int32 -> float64 : float64 float64 float64
cuda.fma bool uint8 int64 -> float64 : float64 float64 float64
cuda.fma bool uint8 uint8 -> float32 : float32 float32 float32
cuda.fma bool uint8 uint16 -> float64 : float64 float64 float64
cuda.fma bool uint8 uint32 -> float64 : float64 float64 float64
cuda.fma bool uint8 uint64 -> float64 : float64 float64 float64
cuda.fma bool uint8 float16 -> float32 : float32 float32 float32
cuda.fma bool uint8 float32 -> float32 : float32 float32 float32
cuda.fma bool uint8 float64 -> float64 : float64 float64 float64
cuda.fma bool uint16 bool -> float64 : float64 float64 float64
cuda.fma bool uint16 int8 -> float64 : float64 float64 float64
cuda.fma bool uint16 int16 -> float64 : float64 float64 float64
cuda.fma bool uint16 int32 -> float64 : float64 float64 float64
cuda.fma bool uint16 int64 -> float64 : float64 float64 float64
cuda.fma bool uint16 uint8 -> float64 : float64 float64 float64
cuda.fma bool uint16 uint16 -> float64 : float64 float64 float64
cuda.fma bool uint16 uint32 -> float64 : float64 float64 float64
cuda.fma bool uint16 uint64 -> float64 : float64 float64 float64
cuda.fma bool uint16 float16 -> float64 : float64 float64 float64
cuda.fma bool uint16 float32 -> float64 : float64 float64 float64
cuda.fma bool uint16 float64 -> float64 : float64 float64 float64
cuda.fma bool uint32 bool -> float64 : float64 float64 float64
cuda.fma bool uint32 int8 -> float64 : float64 float64 float64
cuda.fma bool uint32 int16 -> float64 : float64 float64 float64
cuda.fma bool uint32 int32 -> float64 : float64 float64 float64
cuda.fma bool uint32 int64 -> float64 : float64 float64 float64
cuda.fma bool uint32 uint8 -> float64 : float64 float64 float64
cuda.fma bool uint32 uint16 -> float64 : float64 float64 float64
cuda.fma bool uint32 uint32 -> float64 : float64 float64 float64
cuda.fma bool uint32 uint64 -> float64 : float64 float64 float64
cuda.fma bool uint32 float16 -> float64 : float64 float64 float64
cuda.fma bool uint32 float32 -> float64 : float64 float64 float64
cuda.fma bool uint32 float64 -> float64 : float64 float64 float64
cuda.fma bool uint64 bool -> float64 : float64 float64 float64
cuda.fma bool uint64 int8 -> float64 : float64 float64 float64
cuda.fma bool uint64 int16 -> float64 : float64 float64 float64
cuda.fma bool uint64 int32 -> float64 : float64 float64 float64
cuda.fma bool uint64 int64 -> float64 : float64 float64 float64
cuda.fma bool uint64 uint8 -> float64 : float64 float64 float64
cuda.fma bool uint64 uint16 -> float64 : float64 float64 float64
cuda.fma bool uint64 uint32 -> float64 : float64 float64 float64
cuda.fma bool uint64 uint64 -> float64 : float64 float64 float64
cuda.fma bool uint64 float16 -> float64 : float64 float64 float64
cuda.fma bool uint64 float32 -> float64 : float64 float64 float64
cuda.fma bool uint64 float64 -> float64 : float64 float64 float64
cuda.fma bool float16 bool -> float32 : float32 float32 float32
cuda.fma bool float16 int8 -> float32 : float32 float32 float32
cuda.fma bool float16 int16 -> float32 : float32 float32 float32
cuda.fma bool float16 int32 -> float64 : float64 float64 float64
cuda.fma bool float16 int64 -> float64 : float64 float64 float64
cuda.fma bool float16 uint8 -> float32 : float32 float32 float32
cuda.fma bool float16 uint16 -> float64 : float64 float64 float64
cuda.fma bool float16 uint32 -> float64 : float64 float64 float64
cuda.fma bool float16 uint64 -> float64 : float64 float64 float64
cuda.fma bool float16 float16 -> float32 : float32 float32 float32
cuda.fma bool float16 float32 -> float32 : float32 float32 float32
cuda.fma bool float16 float64 -> float64 : float64 float64 float64
cuda.fma bool float32 bool -> float32 : float32 float32 float32
cuda.fma bool float32 int8 -> float32 : float32 float32 float32
cuda.fma bool float32 int16 -> float32 : float32 float32 float32
cuda.fma bool float32 int32 -> float64 : float64 float64 float64
cuda.fma bool float32 int64 -> float64 : float64 float64 float64
cuda.fma bool float32 uint8 -> float32 : float32 float32 float32
cuda.fma bool float32 uint16 -> float64 : float64 float64 float64
cuda.fma bool float32 uint32 -> float64 : float64 float64 float64
cuda.fma bool float32 uint64 -> float64 : float64 float64 float64
cuda.fma bool float32 float16 -> float32 : float32 float32 float32
cuda.fma bool float32 float32 -> float32 : float32 float32 float32
cuda.fma bool float32 float64 -> float64 : float64 float64 float64
cuda.fma bool float64 bool -> float64 : float64 float64 float64
cuda.fma bool float64 int8 -> float64 : float64 float64 float64
cuda.fma bool float64 int16 -> float64 : float64 float64 float64
cuda.fma bool float64 int32 -> float64 : float64 float64 float64
cuda.fma bool float64 int64 -> float64 : float64 float64 float64
cuda.fma bool float64 uint8 -> float64 : float64 float64 float64
cuda.fma bool float64 uint16 -> float64 : float64 float64 float64
cuda.fma bool float64 uint32 -> float64 : float64 float64 float64
cuda.fma bool float64 uint64 -> float64 : float64 float64 float64
cuda.fma bool float64 float16 -> float64 : float64 float64 float64
cuda.fma bool float64 float32 -> float64 : float64 float64 float64
cuda.fma bool float64 float64 -> float64 : float64 float64 float64
cuda.fma int8 bool bool -> float32 : float32 float32 float32
cuda.fma int8 bool int8 -> float32 : float32 float32 float32
cuda.fma int8 bool int16 -> float32 : float32 float32 float32
cuda.fma int8 bool int32 -> float64 : float64 float64 float64
cuda.fma int8 bool int64 -> float64 : float64 float64 float64
cuda.fma int8 bool uint8 -> float32 : float32 float32 float32
cuda.fma int8 bool uint16 -> float64 : float64 float64 float64
cuda.fma int8 bool uint32 -> float64 : float64 float64 float64
cuda.fma int8 bool uint64 -> float64 : float64 float64 float64
cuda.fma int8 bool float16 -> float32 : float32 float32 float32
cuda.fma int8 bool float32 -> float32 : float32 float32 float32
cuda.fma int8 bool float64 -> float64 : float64 float64 float64
cuda.fma int8 int8 bool -> float32 : float32 float32 float32
cuda.fma int8 int8 int8 -> float32 : float32 float32 float32
cuda.fma int8 int8 int16 -> float32 : float32 float32 float32
cuda.fma int8 int8 int32 -> float64 : float64 float64 float64
cuda.fma int8 int8 int64 -> float64 : float64 float64 float64
cuda.fma int8 int8 uint8 -> float32 : float32 float32 float32
cuda.fma int8 int8 uint16 -> float64 : float64 float64 float64
cuda.fma int8 int8 uint32 -> float64 : float64 float64 float64
cuda.fma int8 int8 uint64 -> float64 : float64 float64 float64
cuda.fma int8 int8 float16 -> float32 : float32 float32 float32
cuda.fma int8 int8 float32 -> float32 : float32 float32 float32
cuda.fma int8 int8 float64 -> float64 : float64 float64 float64
cuda.fma int8 int16 bool -> float32 : float32 float32 float32
cuda.fma int8 int16 int8 -> float32 : float32 float32 float32
cuda.fma int8 int16 int16 -> float32 : float32 float32 float32
cuda.fma int8 int16 int32 -> float64 : float64 float64 float64
cuda.fma int8 int16 int64 -> float64 : float64 float64 float64
cuda.fma int8 int16 uint8 -> float32 : float32 float32 float32
cuda.fma int8 int16 uint16 -> float64 : float64 float64 float64
cuda.fma int8 int16 uint32 -> float64 : float64 float64 float64
cuda.fma int8 int16 uint64 -> float64 : float64 float64 float64
cuda.fma int8 int16 float16 -> float32 : float32 float32 float32
cuda.fma int8 int16 float32 -> float32 : float32 float32 float32
cuda.fma int8 int16 float64 -> float64 : float64 float64 float64
cuda.fma int8 int32 bool -> float64 : float64 float64 float64
cuda.fma int8 int32 int8 -> float64 : float64 float64 float64
cuda.fma int8 int32 int16 -> float64 : float64 float64 float64
cuda.fma int8 int32 int32 -> float64 : float64 float64 float64
cuda.fma int8 int32 int64 -> float64 : float64 float64 float64
cuda.fma int8 int32 uint8 -> float64 : float64 float64 float64
cuda.fma int8 int32 uint16 -> float64 : float64 float64 float64
cuda.fma int8 int32 uint32 -> float64 : float64 float64 float64
cuda.fma int8 int32 uint64 -> float64 : float64 float64 float64
cuda.fma int8 int32 float16 -> float64 : float64 float64 float64
cuda.fma int8 int32 float32 -> float64 : float64 float64 float64
cuda.fma int8 int32 float64 -> float64 : float64 float64 float64
cuda.fma int8 int64 bool -> float64 : float64 float64 float64
cuda.fma int8 int64 int8 -> float64 : float64 float64 float64
cuda.fma int8 int64 int16 -> float64 : float64 float64 float64
cuda.fma int8 int64 int32 -> float64 : float64 float64 float64
cuda.fma int8 int64 int64 -> float64 : float64 float64 float64
cuda.fma int8 int64 uint8 -> float64 : float64 float64 float64
cuda.fma int8 int64 uint16 -> float64 : float64 float64 float64
cuda.fma int8 int64 uint32 -> float64 : float64 float64 float64
cuda.fma int8 int64 uint64 -> float64 : float64 float64 float64
cuda.fma int8 int64 float16 -> float64 : float64 float64 float64
cuda.fma int8 int64 float32 -> float64 : float64 float64 float64
cuda.fma int8 int64 float64 -> float64 : float64 float64 float64
cuda.fma int8 uint8 bool -> float32 : float32 float32 float32
cuda.fma int8 uint8 int8 -> float32 : float32 float32 float32
cuda.fma int8 uint8 int16 -> float32 : float32 float32 float32
cuda.fma int8 uint8 int32 -> float64 : float64 float64 float64
cuda.fma int8 uint8 int64 -> float64 : float64 float64 float64
cuda.fma int8 uint8 uint8 -> float32 : float32 float32 float32
cuda.fma int8 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma int8 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma int8 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma int8 uint8 float16 -> float32 : float32 float32 float32
cuda.fma int8 uint8 float32 -> float32 : float32 float32 float32
cuda.fma int8 uint8 float64 -> float64 : float64 float64 float64
cuda.fma int8 uint16 bool -> float64 : float64 float64 float64
cuda.fma int8 uint16 int8 -> float64 : float64 float64 float64
cuda.fma int8 uint16 int16 -> float64 : float64 float64 float64
cuda.fma int8 uint16 int32 -> float64 : float64 float64 float64
cuda.fma int8 uint16 int64 -> float64 : float64 float64 float64
cuda.fma int8 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma int8 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma int8 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma int8 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma int8 uint16 float16 -> float64 : float64 float64 float64
cuda.fma int8 uint16 float32 -> float64 : float64 float64 float64
cuda.fma int8 uint16 float64 -> float64 : float64 float64 float64
cuda.fma int8 uint32 bool -> float64 : float64 float64 float64
cuda.fma int8 uint32 int8 -> float64 : float64 float64 float64
cuda.fma int8 uint32 int16 -> float64 : float64 float64 float64
cuda.fma int8 uint32 int32 -> float64 : float64 float64 float64
cuda.fma int8 uint32 int64 -> float64 : float64 float64 float64
cuda.fma int8 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma int8 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma int8 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma int8 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma int8 uint32 float16 -> float64 : float64 float64 float64
cuda.fma int8 uint32 float32 -> float64 : float64 float64 float64
cuda.fma int8 uint32 float64 -> float64 : float64 float64 float64
cuda.fma int8 uint64 bool -> float64 : float64 float64 float64
cuda.fma int8 uint64 int8 -> float64 : float64 float64 float64
cuda.fma int8 uint64 int16 -> float64 : float64 float64 float64
cuda.fma int8 uint64 int32 -> float64 : float64 float64 float64
cuda.fma int8 uint64 int64 -> float64 : float64 float64 float64
cuda.fma int8 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma int8 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma int8 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma int8 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma int8 uint64 float16 -> float64 : float64 float64 float64
cuda.fma int8 uint64 float32 -> float64 : float64 float64 float64
cuda.fma int8 uint64 float64 -> float64 : float64 float64 float64
cuda.fma int8 float16 bool -> float32 : float32 float32 float32
cuda.fma int8 float16 int8 -> float32 : float32 float32 float32
cuda.fma int8 float16 int16 -> float32 : float32 float32 float32
cuda.fma int8 float16 int32 -> float64 : float64 float64 float64
cuda.fma int8 float16 int64 -> float64 : float64 float64 float64
cuda.fma int8 float16 uint8 -> float32 : float32 float32 float32
cuda.fma int8 float16 uint16 -> float64 : float64 float64 float64
cuda.fma int8 float16 uint32 -> float64 : float64 float64 float64
cuda.fma int8 float16 uint64 -> float64 : float64 float64 float64
cuda.fma int8 float16 float16 -> float32 : float32 float32 float32
cuda.fma int8 float16 float32 -> float32 : float32 float32 float32
cuda.fma int8 float16 float64 -> float64 : float64 float64 float64
cuda.fma int8 float32 bool -> float32 : float32 float32 float32
cuda.fma int8 float32 int8 -> float32 : float32 float32 float32
cuda.fma int8 float32 int16 -> float32 : float32 float32 float32
cuda.fma int8 float32 int32 -> float64 : float64 float64 float64
cuda.fma int8 float32 int64 -> float64 : float64 float64 float64
cuda.fma int8 float32 uint8 -> float32 : float32 float32 float32
cuda.fma int8 float32 uint16 -> float64 : float64 float64 float64
cuda.fma int8 float32 uint32 -> float64 : float64 float64 float64
cuda.fma int8 float32 uint64 -> float64 : float64 float64 float64
cuda.fma int8 float32 float16 -> float32 : float32 float32 float32
cuda.fma int8 float32 float32 -> float32 : float32 float32 float32
cuda.fma int8 float32 float64 -> float64 : float64 float64 float64
cuda.fma int8 float64 bool -> float64 : float64 float64 float64
cuda.fma int8 float64 int8 -> float64 : float64 float64 float64
cuda.fma int8 float64 int16 -> float64 : float64 float64 float64
cuda.fma int8 float64 int32 -> float64 : float64 float64 float64
cuda.fma int8 float64 int64 -> float64 : float64 float64 float64
cuda.fma int8 float64 uint8 -> float64 : float64 float64 float64
cuda.fma int8 float64 uint16 -> float64 : float64 float64 float64
cuda.fma int8 float64 uint32 -> float64 : float64 float64 float64
cuda.fma int8 float64 uint64 -> float64 : float64 float64 float64
cuda.fma int8 float64 float16 -> float64 : float64 float64 float64
cuda.fma int8 float64 float32 -> float64 : float64 float64 float64
cuda.fma int8 float64 float64 -> float64 : float64 float64 float64
cuda.fma int16 bool bool -> float32 : float32 float32 float32
cuda.fma int16 bool int8 -> float32 : float32 float32 float32
cuda.fma int16 bool int16 -> float32 : float32 float32 float32
cuda.fma int16 bool int32 -> float64 : float64 float64 float64
cuda.fma int16 bool int64 -> float64 : float64 float64 float64
cuda.fma int16 bool uint8 -> float32 : float32 float32 float32
cuda.fma int16 bool uint16 -> float64 : float64 float64 float64
cuda.fma int16 bool uint32 -> float64 : float64 float64 float64
cuda.fma int16 bool uint64 -> float64 : float64 float64 float64
cuda.fma int16 bool float16 -> float32 : float32 float32 float32
cuda.fma int16 bool float32 -> float32 : float32 float32 float32
cuda.fma int16 bool float64 -> float64 : float64 float64 float64
cuda.fma int16 int8 bool -> float32 : float32 float32 float32
cuda.fma int16 int8 int8 -> float32 : float32 float32 float32
cuda.fma int16 int8 int16 -> float32 : float32 float32 float32
cuda.fma int16 int8 int32 -> float64 : float64 float64 float64
cuda.fma int16 int8 int64 -> float64 : float64 float64 float64
cuda.fma int16 int8 uint8 -> float32 : float32 float32 float32
cuda.fma int16 int8 uint16 -> float64 : float64 float64 float64
cuda.fma int16 int8 uint32 -> float64 : float64 float64 float64
cuda.fma int16 int8 uint64 -> float64 : float64 float64 float64
cuda.fma int16 int8 float16 -> float32 : float32 float32 float32
cuda.fma int16 int8 float32 -> float32 : float32 float32 float32
cuda.fma int16 int8 float64 -> float64 : float64 float64 float64
cuda.fma int16 int16 bool -> float32 : float32 float32 float32
cuda.fma int16 int16 int8 -> float32 : float32 float32 float32
cuda.fma int16 int16 int16 -> float32 : float32 float32 float32
cuda.fma int16 int16 int32 -> float64 : float64 float64 float64
cuda.fma int16 int16 int64 -> float64 : float64 float64 float64
cuda.fma int16 int16 uint8 -> float32 : float32 float32 float32
cuda.fma int16 int16 uint16 -> float64 : float64 float64 float64
cuda.fma int16 int16 uint32 -> float64 : float64 float64 float64
cuda.fma int16 int16 uint64 -> float64 : float64 float64 float64
cuda.fma int16 int16 float16 -> float32 : float32 float32 float32
cuda.fma int16 int16 float32 -> float32 : float32 float32 float32
cuda.fma int16 int16 float64 -> float64 : float64 float64 float64
cuda.fma int16 int32 bool -> float64 : float64 float64 float64
cuda.fma int16 int32 int8 -> float64 : float64 float64 float64
cuda.fma int16 int32 int16 -> float64 : float64 float64 float64
cuda.fma int16 int32 int32 -> float64 : float64 float64 float64
cuda.fma int16 int32 int64 -> float64 : float64 float64 float64
cuda.fma int16 int32 uint8 -> float64 : float64 float64 float64
cuda.fma int16 int32 uint16 -> float64 : float64 float64 float64
cuda.fma int16 int32 uint32 -> float64 : float64 float64 float64
cuda.fma int16 int32 uint64 -> float64 : float64 float64 float64
cuda.fma int16 int32 float16 -> float64 : float64 float64 float64
cuda.fma int16 int32 float32 -> float64 : float64 float64 float64
cuda.fma int16 int32 float64 -> float64 : float64 float64 float64
cuda.fma int16 int64 bool -> float64 : float64 float64 float64
cuda.fma int16 int64 int8 -> float64 : float64 float64 float64
cuda.fma int16 int64 int16 -> float64 : float64 float64 float64
cuda.fma int16 int64 int32 -> float64 : float64 float64 float64
cuda.fma int16 int64 int64 -> float64 : float64 float64 float64
cuda.fma int16 int64 uint8 -> float64 : float64 float64 float64
cuda.fma int16 int64 uint16 -> float64 : float64 float64 float64
cuda.fma int16 int64 uint32 -> float64 : float64 float64 float64
cuda.fma int16 int64 uint64 -> float64 : float64 float64 float64
cuda.fma int16 int64 float16 -> float64 : float64 float64 float64
cuda.fma int16 int64 float32 -> float64 : float64 float64 float64
cuda.fma int16 int64 float64 -> float64 : float64 float64 float64
cuda.fma int16 uint8 bool -> float32 : float32 float32 float32
cuda.fma int16 uint8 int8 -> float32 : float32 float32 float32
cuda.fma int16 uint8 int16 -> float32 : float32 float32 float32
cuda.fma int16 uint8 int32 -> float64 : float64 float64 float64
cuda.fma int16 uint8 int64 -> float64 : float64 float64 float64
cuda.fma int16 uint8 uint8 -> float32 : float32 float32 float32
cuda.fma int16 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma int16 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma int16 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma int16 uint8 float16 -> float32 : float32 float32 float32
cuda.fma int16 uint8 float32 -> float32 : float32 float32 float32
cuda.fma int16 uint8 float64 -> float64 : float64 float64 float64
cuda.fma int16 uint16 bool -> float64 : float64 float64 float64
cuda.fma int16 uint16 int8 -> float64 : float64 float64 float64
cuda.fma int16 uint16 int16 -> float64 : float64 float64 float64
cuda.fma int16 uint16 int32 -> float64 : float64 float64 float64
cuda.fma int16 uint16 int64 -> float64 : float64 float64 float64
cuda.fma int16 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma int16 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma int16 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma int16 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma int16 uint16 float16 -> float64 : float64 float64 float64
cuda.fma int16 uint16 float32 -> float64 : float64 float64 float64
cuda.fma int16 uint16 float64 -> float64 : float64 float64 float64
cuda.fma int16 uint32 bool -> float64 : float64 float64 float64
cuda.fma int16 uint32 int8 -> float64 : float64 float64 float64
cuda.fma int16 uint32 int16 -> float64 : float64 float64 float64
cuda.fma int16 uint32 int32 -> float64 : float64 float64 float64
cuda.fma int16 uint32 int64 -> float64 : float64 float64 float64
cuda.fma int16 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma int16 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma int16 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma int16 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma int16 uint32 float16 -> float64 : float64 float64 float64
cuda.fma int16 uint32 float32 -> float64 : float64 float64 float64
cuda.fma int16 uint32 float64 -> float64 : float64 float64 float64
cuda.fma int16 uint64 bool -> float64 : float64 float64 float64
cuda.fma int16 uint64 int8 -> float64 : float64 float64 float64
cuda.fma int16 uint64 int16 -> float64 : float64 float64 float64
cuda.fma int16 uint64 int32 -> float64 : float64 float64 float64
cuda.fma int16 uint64 int64 -> float64 : float64 float64 float64
cuda.fma int16 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma int16 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma int16 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma int16 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma int16 uint64 float16 -> float64 : float64 float64 float64
cuda.fma int16 uint64 float32 -> float64 : float64 float64 float64
cuda.fma int16 uint64 float64 -> float64 : float64 float64 float64
cuda.fma int16 float16 bool -> float32 : float32 float32 float32
cuda.fma int16 float16 int8 -> float32 : float32 float32 float32
cuda.fma int16 float16 int16 -> float32 : float32 float32 float32
cuda.fma int16 float16 int32 -> float64 : float64 float64 float64
cuda.fma int16 float16 int64 -> float64 : float64 float64 float64
cuda.fma int16 float16 uint8 -> float32 : float32 float32 float32
cuda.fma int16 float16 uint16 -> float64 : float64 float64 float64
cuda.fma int16 float16 uint32 -> float64 : float64 float64 float64
cuda.fma int16 float16 uint64 -> float64 : float64 float64 float64
cuda.fma int16 float16 float16 -> float32 : float32 float32 float32
cuda.fma int16 float16 float32 -> float32 : float32 float32 float32
cuda.fma int16 float16 float64 -> float64 : float64 float64 float64
cuda.fma int16 float32 bool -> float32 : float32 float32 float32
cuda.fma int16 float32 int8 -> float32 : float32 float32 float32
cuda.fma int16 float32 int16 -> float32 : float32 float32 float32
cuda.fma int16 float32 int32 -> float64 : float64 float64 float64
cuda.fma int16 float32 int64 -> float64 : float64 float64 float64
cuda.fma int16 float32 uint8 -> float32 : float32 float32 float32
cuda.fma int16 float32 uint16 -> float64 : float64 float64 float64
cuda.fma int16 float32 uint32 -> float64 : float64 float64 float64
cuda.fma int16 float32 uint64 -> float64 : float64 float64 float64
cuda.fma int16 float32 float16 -> float32 : float32 float32 float32
cuda.fma int16 float32 float32 -> float32 : float32 float32 float32
cuda.fma int16 float32 float64 -> float64 : float64 float64 float64
cuda.fma int16 float64 bool -> float64 : float64 float64 float64
cuda.fma int16 float64 int8 -> float64 : float64 float64 float64
cuda.fma int16 float64 int16 -> float64 : float64 float64 float64
cuda.fma int16 float64 int32 -> float64 : float64 float64 float64
cuda.fma int16 float64 int64 -> float64 : float64 float64 float64
cuda.fma int16 float64 uint8 -> float64 : float64 float64 float64
cuda.fma int16 float64 uint16 -> float64 : float64 float64 float64
cuda.fma int16 float64 uint32 -> float64 : float64 float64 float64
cuda.fma int16 float64 uint64 -> float64 : float64 float64 float64
cuda.fma int16 float64 float16 -> float64 : float64 float64 float64
cuda.fma int16 float64 float32 -> float64 : float64 float64 float64
cuda.fma int16 float64 float64 -> float64 : float64 float64 float64
cuda.fma int32 bool bool -> float64 : float64 float64 float64
cuda.fma int32 bool int8 -> float64 : float64 float64 float64
cuda.fma int32 bool int16 -> float64 : float64 float64 float64
cuda.fma int32 bool int32 -> float64 : float64 float64 float64
cuda.fma int32 bool int64 -> float64 : float64 float64 float64
cuda.fma int32 bool uint8 -> float64 : float64 float64 float64
cuda.fma int32 bool uint16 -> float64 : float64 float64 float64
cuda.fma int32 bool uint32 -> float64 : float64 float64 float64
cuda.fma int32 bool uint64 -> float64 : float64 float64 float64
cuda.fma int32 bool float16 -> float64 : float64 float64 float64
cuda.fma int32 bool float32 -> float64 : float64 float64 float64
cuda.fma int32 bool float64 -> float64 : float64 float64 float64
cuda.fma int32 int8 bool -> float64 : float64 float64 float64
cuda.fma int32 int8 int8 -> float64 : float64 float64 float64
cuda.fma int32 int8 int16 -> float64 : float64 float64 float64
cuda.fma int32 int8 int32 -> float64 : float64 float64 float64
cuda.fma int32 int8 int64 -> float64 : float64 float64 float64
cuda.fma int32 int8 uint8 -> float64 : float64 float64 float64
cuda.fma int32 int8 uint16 -> float64 : float64 float64 float64
cuda.fma int32 int8 uint32 -> float64 : float64 float64 float64
cuda.fma int32 int8 uint64 -> float64 : float64 float64 float64
cuda.fma int32 int8 float16 -> float64 : float64 float64 float64
cuda.fma int32 int8 float32 -> float64 : float64 float64 float64
cuda.fma int32 int8 float64 -> float64 : float64 float64 float64
cuda.fma int32 int16 bool -> float64 : float64 float64 float64
cuda.fma int32 int16 int8 -> float64 : float64 float64 float64
cuda.fma int32 int16 int16 -> float64 : float64 float64 float64
cuda.fma int32 int16 int32 -> float64 : float64 float64 float64
cuda.fma int32 int16 int64 -> float64 : float64 float64 float64
cuda.fma int32 int16 uint8 -> float64 : float64 float64 float64
cuda.fma int32 int16 uint16 -> float64 : float64 float64 float64
cuda.fma int32 int16 uint32 -> float64 : float64 float64 float64
cuda.fma int32 int16 uint64 -> float64 : float64 float64 float64
cuda.fma int32 int16 float16 -> float64 : float64 float64 float64
cuda.fma int32 int16 float32 -> float64 : float64 float64 float64
cuda.fma int32 int16 float64 -> float64 : float64 float64 float64
cuda.fma int32 int32 bool -> float64 : float64 float64 float64
cuda.fma int32 int32 int8 -> float64 : float64 float64 float64
cuda.fma int32 int32 int16 -> float64 : float64 float64 float64
cuda.fma int32 int32 int32 -> float64 : float64 float64 float64
cuda.fma int32 int32 int64 -> float64 : float64 float64 float64
cuda.fma int32 int32 uint8 -> float64 : float64 float64 float64
cuda.fma int32 int32 uint16 -> float64 : float64 float64 float64
cuda.fma int32 int32 uint32 -> float64 : float64 float64 float64
cuda.fma int32 int32 uint64 -> float64 : float64 float64 float64
cuda.fma int32 int32 float16 -> float64 : float64 float64 float64
cuda.fma int32 int32 float32 -> float64 : float64 float64 float64
cuda.fma int32 int32 float64 -> float64 : float64 float64 float64
cuda.fma int32 int64 bool -> float64 : float64 float64 float64
cuda.fma int32 int64 int8 -> float64 : float64 float64 float64
cuda.fma int32 int64 int16 -> float64 : float64 float64 float64
cuda.fma int32 int64 int32 -> float64 : float64 float64 float64
cuda.fma int32 int64 int64 -> float64 : float64 float64 float64
cuda.fma int32 int64 uint8 -> float64 : float64 float64 float64
cuda.fma int32 int64 uint16 -> float64 : float64 float64 float64
cuda.fma int32 int64 uint32 -> float64 : float64 float64 float64
cuda.fma int32 int64 uint64 -> float64 : float64 float64 float64
cuda.fma int32 int64 float16 -> float64 : float64 float64 float64
cuda.fma int32 int64 float32 -> float64 : float64 float64 float64
cuda.fma int32 int64 float64 -> float64 : float64 float64 float64
cuda.fma int32 uint8 bool -> float64 : float64 float64 float64
cuda.fma int32 uint8 int8 -> float64 : float64 float64 float64
cuda.fma int32 uint8 int16 -> float64 : float64 float64 float64
cuda.fma int32 uint8 int32 -> float64 : float64 float64 float64
cuda.fma int32 uint8 int64 -> float64 : float64 float64 float64
cuda.fma int32 uint8 uint8 -> float64 : float64 float64 float64
cuda.fma int32 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma int32 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma int32 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma int32 uint8 float16 -> float64 : float64 float64 float64
cuda.fma int32 uint8 float32 -> float64 : float64 float64 float64
cuda.fma int32 uint8 float64 -> float64 : float64 float64 float64
cuda.fma int32 uint16 bool -> float64 : float64 float64 float64
cuda.fma int32 uint16 int8 -> float64 : float64 float64 float64
cuda.fma int32 uint16 int16 -> float64 : float64 float64 float64
cuda.fma int32 uint16 int32 -> float64 : float64 float64 float64
cuda.fma int32 uint16 int64 -> float64 : float64 float64 float64
cuda.fma int32 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma int32 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma int32 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma int32 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma int32 uint16 float16 -> float64 : float64 float64 float64
cuda.fma int32 uint16 float32 -> float64 : float64 float64 float64
cuda.fma int32 uint16 float64 -> float64 : float64 float64 float64
cuda.fma int32 uint32 bool -> float64 : float64 float64 float64
cuda.fma int32 uint32 int8 -> float64 : float64 float64 float64
cuda.fma int32 uint32 int16 -> float64 : float64 float64 float64
cuda.fma int32 uint32 int32 -> float64 : float64 float64 float64
cuda.fma int32 uint32 int64 -> float64 : float64 float64 float64
cuda.fma int32 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma int32 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma int32 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma int32 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma int32 uint32 float16 -> float64 : float64 float64 float64
cuda.fma int32 uint32 float32 -> float64 : float64 float64 float64
cuda.fma int32 uint32 float64 -> float64 : float64 float64 float64
cuda.fma int32 uint64 bool -> float64 : float64 float64 float64
cuda.fma int32 uint64 int8 -> float64 : float64 float64 float64
cuda.fma int32 uint64 int16 -> float64 : float64 float64 float64
cuda.fma int32 uint64 int32 -> float64 : float64 float64 float64
cuda.fma int32 uint64 int64 -> float64 : float64 float64 float64
cuda.fma int32 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma int32 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma int32 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma int32 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma int32 uint64 float16 -> float64 : float64 float64 float64
cuda.fma int32 uint64 float32 -> float64 : float64 float64 float64
cuda.fma int32 uint64 float64 -> float64 : float64 float64 float64
cuda.fma int32 float16 bool -> float64 : float64 float64 float64
cuda.fma int32 float16 int8 -> float64 : float64 float64 float64
cuda.fma int32 float16 int16 -> float64 : float64 float64 float64
cuda.fma int32 float16 int32 -> float64 : float64 float64 float64
cuda.fma int32 float16 int64 -> float64 : float64 float64 float64
cuda.fma int32 float16 uint8 -> float64 : float64 float64 float64
cuda.fma int32 float16 uint16 -> float64 : float64 float64 float64
cuda.fma int32 float16 uint32 -> float64 : float64 float64 float64
cuda.fma int32 float16 uint64 -> float64 : float64 float64 float64
cuda.fma int32 float16 float16 -> float64 : float64 float64 float64
cuda.fma int32 float16 float32 -> float64 : float64 float64 float64
cuda.fma int32 float16 float64 -> float64 : float64 float64 float64
cuda.fma int32 float32 bool -> float64 : float64 float64 float64
cuda.fma int32 float32 int8 -> float64 : float64 float64 float64
cuda.fma int32 float32 int16 -> float64 : float64 float64 float64
cuda.fma int32 float32 int32 -> float64 : float64 float64 float64
cuda.fma int32 float32 int64 -> float64 : float64 float64 float64
cuda.fma int32 float32 uint8 -> float64 : float64 float64 float64
cuda.fma int32 float32 uint16 -> float64 : float64 float64 float64
cuda.fma int32 float32 uint32 -> float64 : float64 float64 float64
cuda.fma int32 float32 uint64 -> float64 : float64 float64 float64
cuda.fma int32 float32 float16 -> float64 : float64 float64 float64
cuda.fma int32 float32 float32 -> float64 : float64 float64 float64
cuda.fma int32 float32 float64 -> float64 : float64 float64 float64
cuda.fma int32 float64 bool -> float64 : float64 float64 float64
cuda.fma int32 float64 int8 -> float64 : float64 float64 float64
cuda.fma int32 float64 int16 -> float64 : float64 float64 float64
cuda.fma int32 float64 int32 -> float64 : float64 float64 float64
cuda.fma int32 float64 int64 -> float64 : float64 float64 float64
cuda.fma int32 float64 uint8 -> float64 : float64 float64 float64
cuda.fma int32 float64 uint16 -> float64 : float64 float64 float64
cuda.fma int32 float64 uint32 -> float64 : float64 float64 float64
cuda.fma int32 float64 uint64 -> float64 : float64 float64 float64
cuda.fma int32 float64 float16 -> float64 : float64 float64 float64
cuda.fma int32 float64 float32 -> float64 : float64 float64 float64
cuda.fma int32 float64 float64 -> float64 : float64 float64 float64
cuda.fma int64 bool bool -> float64 : float64 float64 float64
cuda.fma int64 bool int8 -> float64 : float64 float64 float64
cuda.fma int64 bool int16 -> float64 : float64 float64 float64
cuda.fma int64 bool int32 -> float64 : float64 float64 float64
cuda.fma int64 bool int64 -> float64 : float64 float64 float64
cuda.fma int64 bool uint8 -> float64 : float64 float64 float64
cuda.fma int64 bool uint16 -> float64 : float64 float64 float64
cuda.fma int64 bool uint32 -> float64 : float64 float64 float64
cuda.fma int64 bool uint64 -> float64 : float64 float64 float64
cuda.fma int64 bool float16 -> float64 : float64 float64 float64
cuda.fma int64 bool float32 -> float64 : float64 float64 float64
cuda.fma int64 bool float64 -> float64 : float64 float64 float64
cuda.fma int64 int8 bool -> float64 : float64 float64 float64
cuda.fma int64 int8 int8 -> float64 : float64 float64 float64
cuda.fma int64 int8 int16 -> float64 : float64 float64 float64
cuda.fma int64 int8 int32 -> float64 : float64 float64 float64
cuda.fma int64 int8 int64 -> float64 : float64 float64 float64
cuda.fma int64 int8 uint8 -> float64 : float64 float64 float64
cuda.fma int64 int8 uint16 -> float64 : float64 float64 float64
cuda.fma int64 int8 uint32 -> float64 : float64 float64 float64
cuda.fma int64 int8 uint64 -> float64 : float64 float64 float64
cuda.fma int64 int8 float16 -> float64 : float64 float64 float64
cuda.fma int64 int8 float32 -> float64 : float64 float64 float64
cuda.fma int64 int8 float64 -> float64 : float64 float64 float64
cuda.fma int64 int16 bool -> float64 : float64 float64 float64
cuda.fma int64 int16 int8 -> float64 : float64 float64 float64
cuda.fma int64 int16 int16 -> float64 : float64 float64 float64
cuda.fma int64 int16 int32 -> float64 : float64 float64 float64
cuda.fma int64 int16 int64 -> float64 : float64 float64 float64
cuda.fma int64 int16 uint8 -> float64 : float64 float64 float64
cuda.fma int64 int16 uint16 -> float64 : float64 float64 float64
cuda.fma int64 int16 uint32 -> float64 : float64 float64 float64
cuda.fma int64 int16 uint64 -> float64 : float64 float64 float64
cuda.fma int64 int16 float16 -> float64 : float64 float64 float64
cuda.fma int64 int16 float32 -> float64 : float64 float64 float64
cuda.fma int64 int16 float64 -> float64 : float64 float64 float64
cuda.fma int64 int32 bool -> float64 : float64 float64 float64
cuda.fma int64 int32 int8 -> float64 : float64 float64 float64
cuda.fma int64 int32 int16 -> float64 : float64 float64 float64
cuda.fma int64 int32 int32 -> float64 : float64 float64 float64
cuda.fma int64 int32 int64 -> float64 : float64 float64 float64
cuda.fma int64 int32 uint8 -> float64 : float64 float64 float64
cuda.fma int64 int32 uint16 -> float64 : float64 float64 float64
cuda.fma int64 int32 uint32 -> float64 : float64 float64 float64
cuda.fma int64 int32 uint64 -> float64 : float64 float64 float64
cuda.fma int64 int32 float16 -> float64 : float64 float64 float64
cuda.fma int64 int32 float32 -> float64 : float64 float64 float64
cuda.fma int64 int32 float64 -> float64 : float64 float64 float64
cuda.fma int64 int64 bool -> float64 : float64 float64 float64
cuda.fma int64 int64 int8 -> float64 : float64 float64 float64
cuda.fma int64 int64 int16 -> float64 : float64 float64 float64
cuda.fma int64 int64 int32 -> float64 : float64 float64 float64
cuda.fma int64 int64 int64 -> float64 : float64 float64 float64
cuda.fma int64 int64 uint8 -> float64 : float64 float64 float64
cuda.fma int64 int64 uint16 -> float64 : float64 float64 float64
cuda.fma int64 int64 uint32 -> float64 : float64 float64 float64
cuda.fma int64 int64 uint64 -> float64 : float64 float64 float64
cuda.fma int64 int64 float16 -> float64 : float64 float64 float64
cuda.fma int64 int64 float32 -> float64 : float64 float64 float64
cuda.fma int64 int64 float64 -> float64 : float64 float64 float64
cuda.fma int64 uint8 bool -> float64 : float64 float64 float64
cuda.fma int64 uint8 int8 -> float64 : float64 float64 float64
cuda.fma int64 uint8 int16 -> float64 : float64 float64 float64
cuda.fma int64 uint8 int32 -> float64 : float64 float64 float64
cuda.fma int64 uint8 int64 -> float64 : float64 float64 float64
cuda.fma int64 uint8 uint8 -> float64 : float64 float64 float64
cuda.fma int64 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma int64 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma int64 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma int64 uint8 float16 -> float64 : float64 float64 float64
cuda.fma int64 uint8 float32 -> float64 : float64 float64 float64
cuda.fma int64 uint8 float64 -> float64 : float64 float64 float64
cuda.fma int64 uint16 bool -> float64 : float64 float64 float64
cuda.fma int64 uint16 int8 -> float64 : float64 float64 float64
cuda.fma int64 uint16 int16 -> float64 : float64 float64 float64
cuda.fma int64 uint16 int32 -> float64 : float64 float64 float64
cuda.fma int64 uint16 int64 -> float64 : float64 float64 float64
cuda.fma int64 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma int64 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma int64 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma int64 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma int64 uint16 float16 -> float64 : float64 float64 float64
cuda.fma int64 uint16 float32 -> float64 : float64 float64 float64
cuda.fma int64 uint16 float64 -> float64 : float64 float64 float64
cuda.fma int64 uint32 bool -> float64 : float64 float64 float64
cuda.fma int64 uint32 int8 -> float64 : float64 float64 float64
cuda.fma int64 uint32 int16 -> float64 : float64 float64 float64
cuda.fma int64 uint32 int32 -> float64 : float64 float64 float64
cuda.fma int64 uint32 int64 -> float64 : float64 float64 float64
cuda.fma int64 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma int64 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma int64 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma int64 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma int64 uint32 float16 -> float64 : float64 float64 float64
cuda.fma int64 uint32 float32 -> float64 : float64 float64 float64
cuda.fma int64 uint32 float64 -> float64 : float64 float64 float64
cuda.fma int64 uint64 bool -> float64 : float64 float64 float64
cuda.fma int64 uint64 int8 -> float64 : float64 float64 float64
cuda.fma int64 uint64 int16 -> float64 : float64 float64 float64
cuda.fma int64 uint64 int32 -> float64 : float64 float64 float64
cuda.fma int64 uint64 int64 -> float64 : float64 float64 float64
cuda.fma int64 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma int64 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma int64 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma int64 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma int64 uint64 float16 -> float64 : float64 float64 float64
cuda.fma int64 uint64 float32 -> float64 : float64 float64 float64
cuda.fma int64 uint64 float64 -> float64 : float64 float64 float64
cuda.fma int64 float16 bool -> float64 : float64 float64 float64
cuda.fma int64 float16 int8 -> float64 : float64 float64 float64
cuda.fma int64 float16 int16 -> float64 : float64 float64 float64
cuda.fma int64 float16 int32 -> float64 : float64 float64 float64
cuda.fma int64 float16 int64 -> float64 : float64 float64 float64
cuda.fma int64 float16 uint8 -> float64 : float64 float64 float64
cuda.fma int64 float16 uint16 -> float64 : float64 float64 float64
cuda.fma int64 float16 uint32 -> float64 : float64 float64 float64
cuda.fma int64 float16 uint64 -> float64 : float64 float64 float64
cuda.fma int64 float16 float16 -> float64 : float64 float64 float64
cuda.fma int64 float16 float32 -> float64 : float64 float64 float64
cuda.fma int64 float16 float64 -> float64 : float64 float64 float64
cuda.fma int64 float32 bool -> float64 : float64 float64 float64
cuda.fma int64 float32 int8 -> float64 : float64 float64 float64
cuda.fma int64 float32 int16 -> float64 : float64 float64 float64
cuda.fma int64 float32 int32 -> float64 : float64 float64 float64
cuda.fma int64 float32 int64 -> float64 : float64 float64 float64
cuda.fma int64 float32 uint8 -> float64 : float64 float64 float64
cuda.fma int64 float32 uint16 -> float64 : float64 float64 float64
cuda.fma int64 float32 uint32 -> float64 : float64 float64 float64
cuda.fma int64 float32 uint64 -> float64 : float64 float64 float64
cuda.fma int64 float32 float16 -> float64 : float64 float64 float64
cuda.fma int64 float32 float32 -> float64 : float64 float64 float64
cuda.fma int64 float32 float64 -> float64 : float64 float64 float64
cuda.fma int64 float64 bool -> float64 : float64 float64 float64
cuda.fma int64 float64 int8 -> float64 : float64 float64 float64
cuda.fma int64 float64 int16 -> float64 : float64 float64 float64
cuda.fma int64 float64 int32 -> float64 : float64 float64 float64
cuda.fma int64 float64 int64 -> float64 : float64 float64 float64
cuda.fma int64 float64 uint8 -> float64 : float64 float64 float64
cuda.fma int64 float64 uint16 -> float64 : float64 float64 float64
cuda.fma int64 float64 uint32 -> float64 : float64 float64 float64
cuda.fma int64 float64 uint64 -> float64 : float64 float64 float64
cuda.fma int64 float64 float16 -> float64 : float64 float64 float64
cuda.fma int64 float64 float32 -> float64 : float64 float64 float64
cuda.fma int64 float64 float64 -> float64 : float64 float64 float64
cuda.fma uint8 bool bool -> float32 : float32 float32 float32
cuda.fma uint8 bool int8 -> float32 : float32 float32 float32
cuda.fma uint8 bool int16 -> float32 : float32 float32 float32
cuda.fma uint8 bool int32 -> float64 : float64 float64 float64
cuda.fma uint8 bool int64 -> float64 : float64 float64 float64
cuda.fma uint8 bool uint8 -> float32 : float32 float32 float32
cuda.fma uint8 bool uint16 -> float64 : float64 float64 float64
cuda.fma uint8 bool uint32 -> float64 : float64 float64 float64
cuda.fma uint8 bool uint64 -> float64 : float64 float64 float64
cuda.fma uint8 bool float16 -> float32 : float32 float32 float32
cuda.fma uint8 bool float32 -> float32 : float32 float32 float32
cuda.fma uint8 bool float64 -> float64 : float64 float64 float64
cuda.fma uint8 int8 bool -> float32 : float32 float32 float32
cuda.fma uint8 int8 int8 -> float32 : float32 float32 float32
cuda.fma uint8 int8 int16 -> float32 : float32 float32 float32
cuda.fma uint8 int8 int32 -> float64 : float64 float64 float64
cuda.fma uint8 int8 int64 -> float64 : float64 float64 float64
cuda.fma uint8 int8 uint8 -> float32 : float32 float32 float32
cuda.fma uint8 int8 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 int8 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 int8 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 int8 float16 -> float32 : float32 float32 float32
cuda.fma uint8 int8 float32 -> float32 : float32 float32 float32
cuda.fma uint8 int8 float64 -> float64 : float64 float64 float64
cuda.fma uint8 int16 bool -> float32 : float32 float32 float32
cuda.fma uint8 int16 int8 -> float32 : float32 float32 float32
cuda.fma uint8 int16 int16 -> float32 : float32 float32 float32
cuda.fma uint8 int16 int32 -> float64 : float64 float64 float64
cuda.fma uint8 int16 int64 -> float64 : float64 float64 float64
cuda.fma uint8 int16 uint8 -> float32 : float32 float32 float32
cuda.fma uint8 int16 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 int16 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 int16 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 int16 float16 -> float32 : float32 float32 float32
cuda.fma uint8 int16 float32 -> float32 : float32 float32 float32
cuda.fma uint8 int16 float64 -> float64 : float64 float64 float64
cuda.fma uint8 int32 bool -> float64 : float64 float64 float64
cuda.fma uint8 int32 int8 -> float64 : float64 float64 float64
cuda.fma uint8 int32 int16 -> float64 : float64 float64 float64
cuda.fma uint8 int32 int32 -> float64 : float64 float64 float64
cuda.fma uint8 int32 int64 -> float64 : float64 float64 float64
cuda.fma uint8 int32 uint8 -> float64 : float64 float64 float64
cuda.fma uint8 int32 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 int32 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 int32 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 int32 float16 -> float64 : float64 float64 float64
cuda.fma uint8 int32 float32 -> float64 : float64 float64 float64
cuda.fma uint8 int32 float64 -> float64 : float64 float64 float64
cuda.fma uint8 int64 bool -> float64 : float64 float64 float64
cuda.fma uint8 int64 int8 -> float64 : float64 float64 float64
cuda.fma uint8 int64 int16 -> float64 : float64 float64 float64
cuda.fma uint8 int64 int32 -> float64 : float64 float64 float64
cuda.fma uint8 int64 int64 -> float64 : float64 float64 float64
cuda.fma uint8 int64 uint8 -> float64 : float64 float64 float64
cuda.fma uint8 int64 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 int64 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 int64 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 int64 float16 -> float64 : float64 float64 float64
cuda.fma uint8 int64 float32 -> float64 : float64 float64 float64
cuda.fma uint8 int64 float64 -> float64 : float64 float64 float64
cuda.fma uint8 uint8 bool -> float32 : float32 float32 float32
cuda.fma uint8 uint8 int8 -> float32 : float32 float32 float32
cuda.fma uint8 uint8 int16 -> float32 : float32 float32 float32
cuda.fma uint8 uint8 int32 -> float64 : float64 float64 float64
cuda.fma uint8 uint8 int64 -> float64 : float64 float64 float64
cuda.fma uint8 uint8 uint8 -> float32 : float32 float32 float32
cuda.fma uint8 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 uint8 float16 -> float32 : float32 float32 float32
cuda.fma uint8 uint8 float32 -> float32 : float32 float32 float32
cuda.fma uint8 uint8 float64 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 bool -> float64 : float64 float64 float64
cuda.fma uint8 uint16 int8 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 int16 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 int32 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 int64 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 float16 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 float32 -> float64 : float64 float64 float64
cuda.fma uint8 uint16 float64 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 bool -> float64 : float64 float64 float64
cuda.fma uint8 uint32 int8 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 int16 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 int32 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 int64 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 float16 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 float32 -> float64 : float64 float64 float64
cuda.fma uint8 uint32 float64 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 bool -> float64 : float64 float64 float64
cuda.fma uint8 uint64 int8 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 int16 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 int32 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 int64 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 float16 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 float32 -> float64 : float64 float64 float64
cuda.fma uint8 uint64 float64 -> float64 : float64 float64 float64
cuda.fma uint8 float16 bool -> float32 : float32 float32 float32
cuda.fma uint8 float16 int8 -> float32 : float32 float32 float32
cuda.fma uint8 float16 int16 -> float32 : float32 float32 float32
cuda.fma uint8 float16 int32 -> float64 : float64 float64 float64
cuda.fma uint8 float16 int64 -> float64 : float64 float64 float64
cuda.fma uint8 float16 uint8 -> float32 : float32 float32 float32
cuda.fma uint8 float16 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 float16 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 float16 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 float16 float16 -> float32 : float32 float32 float32
cuda.fma uint8 float16 float32 -> float32 : float32 float32 float32
cuda.fma uint8 float16 float64 -> float64 : float64 float64 float64
cuda.fma uint8 float32 bool -> float32 : float32 float32 float32
cuda.fma uint8 float32 int8 -> float32 : float32 float32 float32
cuda.fma uint8 float32 int16 -> float32 : float32 float32 float32
cuda.fma uint8 float32 int32 -> float64 : float64 float64 float64
cuda.fma uint8 float32 int64 -> float64 : float64 float64 float64
cuda.fma uint8 float32 uint8 -> float32 : float32 float32 float32
cuda.fma uint8 float32 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 float32 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 float32 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 float32 float16 -> float32 : float32 float32 float32
cuda.fma uint8 float32 float32 -> float32 : float32 float32 float32
cuda.fma uint8 float32 float64 -> float64 : float64 float64 float64
cuda.fma uint8 float64 bool -> float64 : float64 float64 float64
cuda.fma uint8 float64 int8 -> float64 : float64 float64 float64
cuda.fma uint8 float64 int16 -> float64 : float64 float64 float64
cuda.fma uint8 float64 int32 -> float64 : float64 float64 float64
cuda.fma uint8 float64 int64 -> float64 : float64 float64 float64
cuda.fma uint8 float64 uint8 -> float64 : float64 float64 float64
cuda.fma uint8 float64 uint16 -> float64 : float64 float64 float64
cuda.fma uint8 float64 uint32 -> float64 : float64 float64 float64
cuda.fma uint8 float64 uint64 -> float64 : float64 float64 float64
cuda.fma uint8 float64 float16 -> float64 : float64 float64 float64
cuda.fma uint8 float64 float32 -> float64 : float64 float64 float64
cuda.fma uint8 float64 float64 -> float64 : float64 float64 float64
cuda.fma uint16 bool bool -> float64 : float64 float64 float64
cuda.fma uint16 bool int8 -> float64 : float64 float64 float64
cuda.fma uint16 bool int16 -> float64 : float64 float64 float64
cuda.fma uint16 bool int32 -> float64 : float64 float64 float64
cuda.fma uint16 bool int64 -> float64 : float64 float64 float64
cuda.fma uint16 bool uint8 -> float64 : float64 float64 float64
cuda.fma uint16 bool uint16 -> float64 : float64 float64 float64
cuda.fma uint16 bool uint32 -> float64 : float64 float64 float64
cuda.fma uint16 bool uint64 -> float64 : float64 float64 float64
cuda.fma uint16 bool float16 -> float64 : float64 float64 float64
cuda.fma uint16 bool float32 -> float64 : float64 float64 float64
cuda.fma uint16 bool float64 -> float64 : float64 float64 float64
cuda.fma uint16 int8 bool -> float64 : float64 float64 float64
cuda.fma uint16 int8 int8 -> float64 : float64 float64 float64
cuda.fma uint16 int8 int16 -> float64 : float64 float64 float64
cuda.fma uint16 int8 int32 -> float64 : float64 float64 float64
cuda.fma uint16 int8 int64 -> float64 : float64 float64 float64
cuda.fma uint16 int8 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 int8 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 int8 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 int8 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 int8 float16 -> float64 : float64 float64 float64
cuda.fma uint16 int8 float32 -> float64 : float64 float64 float64
cuda.fma uint16 int8 float64 -> float64 : float64 float64 float64
cuda.fma uint16 int16 bool -> float64 : float64 float64 float64
cuda.fma uint16 int16 int8 -> float64 : float64 float64 float64
cuda.fma uint16 int16 int16 -> float64 : float64 float64 float64
cuda.fma uint16 int16 int32 -> float64 : float64 float64 float64
cuda.fma uint16 int16 int64 -> float64 : float64 float64 float64
cuda.fma uint16 int16 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 int16 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 int16 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 int16 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 int16 float16 -> float64 : float64 float64 float64
cuda.fma uint16 int16 float32 -> float64 : float64 float64 float64
cuda.fma uint16 int16 float64 -> float64 : float64 float64 float64
cuda.fma uint16 int32 bool -> float64 : float64 float64 float64
cuda.fma uint16 int32 int8 -> float64 : float64 float64 float64
cuda.fma uint16 int32 int16 -> float64 : float64 float64 float64
cuda.fma uint16 int32 int32 -> float64 : float64 float64 float64
cuda.fma uint16 int32 int64 -> float64 : float64 float64 float64
cuda.fma uint16 int32 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 int32 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 int32 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 int32 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 int32 float16 -> float64 : float64 float64 float64
cuda.fma uint16 int32 float32 -> float64 : float64 float64 float64
cuda.fma uint16 int32 float64 -> float64 : float64 float64 float64
cuda.fma uint16 int64 bool -> float64 : float64 float64 float64
cuda.fma uint16 int64 int8 -> float64 : float64 float64 float64
cuda.fma uint16 int64 int16 -> float64 : float64 float64 float64
cuda.fma uint16 int64 int32 -> float64 : float64 float64 float64
cuda.fma uint16 int64 int64 -> float64 : float64 float64 float64
cuda.fma uint16 int64 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 int64 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 int64 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 int64 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 int64 float16 -> float64 : float64 float64 float64
cuda.fma uint16 int64 float32 -> float64 : float64 float64 float64
cuda.fma uint16 int64 float64 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 bool -> float64 : float64 float64 float64
cuda.fma uint16 uint8 int8 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 int16 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 int32 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 int64 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 float16 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 float32 -> float64 : float64 float64 float64
cuda.fma uint16 uint8 float64 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 bool -> float64 : float64 float64 float64
cuda.fma uint16 uint16 int8 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 int16 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 int32 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 int64 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 float16 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 float32 -> float64 : float64 float64 float64
cuda.fma uint16 uint16 float64 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 bool -> float64 : float64 float64 float64
cuda.fma uint16 uint32 int8 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 int16 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 int32 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 int64 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 float16 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 float32 -> float64 : float64 float64 float64
cuda.fma uint16 uint32 float64 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 bool -> float64 : float64 float64 float64
cuda.fma uint16 uint64 int8 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 int16 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 int32 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 int64 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 float16 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 float32 -> float64 : float64 float64 float64
cuda.fma uint16 uint64 float64 -> float64 : float64 float64 float64
cuda.fma uint16 float16 bool -> float64 : float64 float64 float64
cuda.fma uint16 float16 int8 -> float64 : float64 float64 float64
cuda.fma uint16 float16 int16 -> float64 : float64 float64 float64
cuda.fma uint16 float16 int32 -> float64 : float64 float64 float64
cuda.fma uint16 float16 int64 -> float64 : float64 float64 float64
cuda.fma uint16 float16 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 float16 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 float16 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 float16 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 float16 float16 -> float64 : float64 float64 float64
cuda.fma uint16 float16 float32 -> float64 : float64 float64 float64
cuda.fma uint16 float16 float64 -> float64 : float64 float64 float64
cuda.fma uint16 float32 bool -> float64 : float64 float64 float64
cuda.fma uint16 float32 int8 -> float64 : float64 float64 float64
cuda.fma uint16 float32 int16 -> float64 : float64 float64 float64
cuda.fma uint16 float32 int32 -> float64 : float64 float64 float64
cuda.fma uint16 float32 int64 -> float64 : float64 float64 float64
cuda.fma uint16 float32 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 float32 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 float32 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 float32 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 float32 float16 -> float64 : float64 float64 float64
cuda.fma uint16 float32 float32 -> float64 : float64 float64 float64
cuda.fma uint16 float32 float64 -> float64 : float64 float64 float64
cuda.fma uint16 float64 bool -> float64 : float64 float64 float64
cuda.fma uint16 float64 int8 -> float64 : float64 float64 float64
cuda.fma uint16 float64 int16 -> float64 : float64 float64 float64
cuda.fma uint16 float64 int32 -> float64 : float64 float64 float64
cuda.fma uint16 float64 int64 -> float64 : float64 float64 float64
cuda.fma uint16 float64 uint8 -> float64 : float64 float64 float64
cuda.fma uint16 float64 uint16 -> float64 : float64 float64 float64
cuda.fma uint16 float64 uint32 -> float64 : float64 float64 float64
cuda.fma uint16 float64 uint64 -> float64 : float64 float64 float64
cuda.fma uint16 float64 float16 -> float64 : float64 float64 float64
cuda.fma uint16 float64 float32 -> float64 : float64 float64 float64
cuda.fma uint16 float64 float64 -> float64 : float64 float64 float64
cuda.fma uint32 bool bool -> float64 : float64 float64 float64
cuda.fma uint32 bool int8 -> float64 : float64 float64 float64
cuda.fma uint32 bool int16 -> float64 : float64 float64 float64
cuda.fma uint32 bool int32 -> float64 : float64 float64 float64
cuda.fma uint32 bool int64 -> float64 : float64 float64 float64
cuda.fma uint32 bool uint8 -> float64 : float64 float64 float64
cuda.fma uint32 bool uint16 -> float64 : float64 float64 float64
cuda.fma uint32 bool uint32 -> float64 : float64 float64 float64
cuda.fma uint32 bool uint64 -> float64 : float64 float64 float64
cuda.fma uint32 bool float16 -> float64 : float64 float64 float64
cuda.fma uint32 bool float32 -> float64 : float64 float64 float64
cuda.fma uint32 bool float64 -> float64 : float64 float64 float64
cuda.fma uint32 int8 bool -> float64 : float64 float64 float64
cuda.fma uint32 int8 int8 -> float64 : float64 float64 float64
cuda.fma uint32 int8 int16 -> float64 : float64 float64 float64
cuda.fma uint32 int8 int32 -> float64 : float64 float64 float64
cuda.fma uint32 int8 int64 -> float64 : float64 float64 float64
cuda.fma uint32 int8 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 int8 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 int8 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 int8 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 int8 float16 -> float64 : float64 float64 float64
cuda.fma uint32 int8 float32 -> float64 : float64 float64 float64
cuda.fma uint32 int8 float64 -> float64 : float64 float64 float64
cuda.fma uint32 int16 bool -> float64 : float64 float64 float64
cuda.fma uint32 int16 int8 -> float64 : float64 float64 float64
cuda.fma uint32 int16 int16 -> float64 : float64 float64 float64
cuda.fma uint32 int16 int32 -> float64 : float64 float64 float64
cuda.fma uint32 int16 int64 -> float64 : float64 float64 float64
cuda.fma uint32 int16 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 int16 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 int16 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 int16 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 int16 float16 -> float64 : float64 float64 float64
cuda.fma uint32 int16 float32 -> float64 : float64 float64 float64
cuda.fma uint32 int16 float64 -> float64 : float64 float64 float64
cuda.fma uint32 int32 bool -> float64 : float64 float64 float64
cuda.fma uint32 int32 int8 -> float64 : float64 float64 float64
cuda.fma uint32 int32 int16 -> float64 : float64 float64 float64
cuda.fma uint32 int32 int32 -> float64 : float64 float64 float64
cuda.fma uint32 int32 int64 -> float64 : float64 float64 float64
cuda.fma uint32 int32 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 int32 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 int32 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 int32 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 int32 float16 -> float64 : float64 float64 float64
cuda.fma uint32 int32 float32 -> float64 : float64 float64 float64
cuda.fma uint32 int32 float64 -> float64 : float64 float64 float64
cuda.fma uint32 int64 bool -> float64 : float64 float64 float64
cuda.fma uint32 int64 int8 -> float64 : float64 float64 float64
cuda.fma uint32 int64 int16 -> float64 : float64 float64 float64
cuda.fma uint32 int64 int32 -> float64 : float64 float64 float64
cuda.fma uint32 int64 int64 -> float64 : float64 float64 float64
cuda.fma uint32 int64 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 int64 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 int64 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 int64 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 int64 float16 -> float64 : float64 float64 float64
cuda.fma uint32 int64 float32 -> float64 : float64 float64 float64
cuda.fma uint32 int64 float64 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 bool -> float64 : float64 float64 float64
cuda.fma uint32 uint8 int8 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 int16 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 int32 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 int64 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 float16 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 float32 -> float64 : float64 float64 float64
cuda.fma uint32 uint8 float64 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 bool -> float64 : float64 float64 float64
cuda.fma uint32 uint16 int8 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 int16 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 int32 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 int64 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 float16 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 float32 -> float64 : float64 float64 float64
cuda.fma uint32 uint16 float64 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 bool -> float64 : float64 float64 float64
cuda.fma uint32 uint32 int8 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 int16 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 int32 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 int64 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 float16 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 float32 -> float64 : float64 float64 float64
cuda.fma uint32 uint32 float64 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 bool -> float64 : float64 float64 float64
cuda.fma uint32 uint64 int8 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 int16 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 int32 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 int64 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 float16 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 float32 -> float64 : float64 float64 float64
cuda.fma uint32 uint64 float64 -> float64 : float64 float64 float64
cuda.fma uint32 float16 bool -> float64 : float64 float64 float64
cuda.fma uint32 float16 int8 -> float64 : float64 float64 float64
cuda.fma uint32 float16 int16 -> float64 : float64 float64 float64
cuda.fma uint32 float16 int32 -> float64 : float64 float64 float64
cuda.fma uint32 float16 int64 -> float64 : float64 float64 float64
cuda.fma uint32 float16 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 float16 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 float16 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 float16 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 float16 float16 -> float64 : float64 float64 float64
cuda.fma uint32 float16 float32 -> float64 : float64 float64 float64
cuda.fma uint32 float16 float64 -> float64 : float64 float64 float64
cuda.fma uint32 float32 bool -> float64 : float64 float64 float64
cuda.fma uint32 float32 int8 -> float64 : float64 float64 float64
cuda.fma uint32 float32 int16 -> float64 : float64 float64 float64
cuda.fma uint32 float32 int32 -> float64 : float64 float64 float64
cuda.fma uint32 float32 int64 -> float64 : float64 float64 float64
cuda.fma uint32 float32 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 float32 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 float32 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 float32 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 float32 float16 -> float64 : float64 float64 float64
cuda.fma uint32 float32 float32 -> float64 : float64 float64 float64
cuda.fma uint32 float32 float64 -> float64 : float64 float64 float64
cuda.fma uint32 float64 bool -> float64 : float64 float64 float64
cuda.fma uint32 float64 int8 -> float64 : float64 float64 float64
cuda.fma uint32 float64 int16 -> float64 : float64 float64 float64
cuda.fma uint32 float64 int32 -> float64 : float64 float64 float64
cuda.fma uint32 float64 int64 -> float64 : float64 float64 float64
cuda.fma uint32 float64 uint8 -> float64 : float64 float64 float64
cuda.fma uint32 float64 uint16 -> float64 : float64 float64 float64
cuda.fma uint32 float64 uint32 -> float64 : float64 float64 float64
cuda.fma uint32 float64 uint64 -> float64 : float64 float64 float64
cuda.fma uint32 float64 float16 -> float64 : float64 float64 float64
cuda.fma uint32 float64 float32 -> float64 : float64 float64 float64
cuda.fma uint32 float64 float64 -> float64 : float64 float64 float64
cuda.fma uint64 bool bool -> float64 : float64 float64 float64
cuda.fma uint64 bool int8 -> float64 : float64 float64 float64
cuda.fma uint64 bool int16 -> float64 : float64 float64 float64
cuda.fma uint64 bool int32 -> float64 : float64 float64 float64
cuda.fma uint64 bool int64 -> float64 : float64 float64 float64
cuda.fma uint64 bool uint8 -> float64 : float64 float64 float64
cuda.fma uint64 bool uint16 -> float64 : float64 float64 float64
cuda.fma uint64 bool uint32 -> float64 : float64 float64 float64
cuda.fma uint64 bool uint64 -> float64 : float64 float64 float64
cuda.fma uint64 bool float16 -> float64 : float64 float64 float64
cuda.fma uint64 bool float32 -> float64 : float64 float64 float64
cuda.fma uint64 bool float64 -> float64 : float64 float64 float64
cuda.fma uint64 int8 bool -> float64 : float64 float64 float64
cuda.fma uint64 int8 int8 -> float64 : float64 float64 float64
cuda.fma uint64 int8 int16 -> float64 : float64 float64 float64
cuda.fma uint64 int8 int32 -> float64 : float64 float64 float64
cuda.fma uint64 int8 int64 -> float64 : float64 float64 float64
cuda.fma uint64 int8 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 int8 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 int8 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 int8 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 int8 float16 -> float64 : float64 float64 float64
cuda.fma uint64 int8 float32 -> float64 : float64 float64 float64
cuda.fma uint64 int8 float64 -> float64 : float64 float64 float64
cuda.fma uint64 int16 bool -> float64 : float64 float64 float64
cuda.fma uint64 int16 int8 -> float64 : float64 float64 float64
cuda.fma uint64 int16 int16 -> float64 : float64 float64 float64
cuda.fma uint64 int16 int32 -> float64 : float64 float64 float64
cuda.fma uint64 int16 int64 -> float64 : float64 float64 float64
cuda.fma uint64 int16 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 int16 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 int16 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 int16 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 int16 float16 -> float64 : float64 float64 float64
cuda.fma uint64 int16 float32 -> float64 : float64 float64 float64
cuda.fma uint64 int16 float64 -> float64 : float64 float64 float64
cuda.fma uint64 int32 bool -> float64 : float64 float64 float64
cuda.fma uint64 int32 int8 -> float64 : float64 float64 float64
cuda.fma uint64 int32 int16 -> float64 : float64 float64 float64
cuda.fma uint64 int32 int32 -> float64 : float64 float64 float64
cuda.fma uint64 int32 int64 -> float64 : float64 float64 float64
cuda.fma uint64 int32 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 int32 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 int32 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 int32 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 int32 float16 -> float64 : float64 float64 float64
cuda.fma uint64 int32 float32 -> float64 : float64 float64 float64
cuda.fma uint64 int32 float64 -> float64 : float64 float64 float64
cuda.fma uint64 int64 bool -> float64 : float64 float64 float64
cuda.fma uint64 int64 int8 -> float64 : float64 float64 float64
cuda.fma uint64 int64 int16 -> float64 : float64 float64 float64
cuda.fma uint64 int64 int32 -> float64 : float64 float64 float64
cuda.fma uint64 int64 int64 -> float64 : float64 float64 float64
cuda.fma uint64 int64 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 int64 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 int64 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 int64 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 int64 float16 -> float64 : float64 float64 float64
cuda.fma uint64 int64 float32 -> float64 : float64 float64 float64
cuda.fma uint64 int64 float64 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 bool -> float64 : float64 float64 float64
cuda.fma uint64 uint8 int8 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 int16 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 int32 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 int64 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 float16 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 float32 -> float64 : float64 float64 float64
cuda.fma uint64 uint8 float64 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 bool -> float64 : float64 float64 float64
cuda.fma uint64 uint16 int8 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 int16 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 int32 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 int64 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 float16 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 float32 -> float64 : float64 float64 float64
cuda.fma uint64 uint16 float64 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 bool -> float64 : float64 float64 float64
cuda.fma uint64 uint32 int8 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 int16 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 int32 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 int64 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 float16 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 float32 -> float64 : float64 float64 float64
cuda.fma uint64 uint32 float64 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 bool -> float64 : float64 float64 float64
cuda.fma uint64 uint64 int8 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 int16 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 int32 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 int64 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 float16 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 float32 -> float64 : float64 float64 float64
cuda.fma uint64 uint64 float64 -> float64 : float64 float64 float64
cuda.fma uint64 float16 bool -> float64 : float64 float64 float64
cuda.fma uint64 float16 int8 -> float64 : float64 float64 float64
cuda.fma uint64 float16 int16 -> float64 : float64 float64 float64
cuda.fma uint64 float16 int32 -> float64 : float64 float64 float64
cuda.fma uint64 float16 int64 -> float64 : float64 float64 float64
cuda.fma uint64 float16 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 float16 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 float16 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 float16 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 float16 float16 -> float64 : float64 float64 float64
cuda.fma uint64 float16 float32 -> float64 : float64 float64 float64
cuda.fma uint64 float16 float64 -> float64 : float64 float64 float64
cuda.fma uint64 float32 bool -> float64 : float64 float64 float64
cuda.fma uint64 float32 int8 -> float64 : float64 float64 float64
cuda.fma uint64 float32 int16 -> float64 : float64 float64 float64
cuda.fma uint64 float32 int32 -> float64 : float64 float64 float64
cuda.fma uint64 float32 int64 -> float64 : float64 float64 float64
cuda.fma uint64 float32 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 float32 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 float32 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 float32 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 float32 float16 -> float64 : float64 float64 float64
cuda.fma uint64 float32 float32 -> float64 : float64 float64 float64
cuda.fma uint64 float32 float64 -> float64 : float64 float64 float64
cuda.fma uint64 float64 bool -> float64 : float64 float64 float64
cuda.fma uint64 float64 int8 -> float64 : float64 float64 float64
cuda.fma uint64 float64 int16 -> float64 : float64 float64 float64
cuda.fma uint64 float64 int32 -> float64 : float64 float64 float64
cuda.fma uint64 float64 int64 -> float64 : float64 float64 float64
cuda.fma uint64 float64 uint8 -> float64 : float64 float64 float64
cuda.fma uint64 float64 uint16 -> float64 : float64 float64 float64
cuda.fma uint64 float64 uint32 -> float64 : float64 float64 float64
cuda.fma uint64 float64 uint64 -> float64 : float64 float64 float64
cuda.fma uint64 float64 float16 -> float64 : float64 float64 float64
cuda.fma uint64 float64 float32 -> float64 : float64 float64 float64
cuda.fma uint64 float64 float64 -> float64 : float64 float64 float64
cuda.fma float16 bool bool -> float32 : float32 float32 float32
cuda.fma float16 bool int8 -> float32 : float32 float32 float32
cuda.fma float16 bool int16 -> float32 : float32 float32 float32
cuda.fma float16 bool int32 -> float64 : float64 float64 float64
cuda.fma float16 bool int64 -> float64 : float64 float64 float64
cuda.fma float16 bool uint8 -> float32 : float32 float32 float32
cuda.fma float16 bool uint16 -> float64 : float64 float64 float64
cuda.fma float16 bool uint32 -> float64 : float64 float64 float64
cuda.fma float16 bool uint64 -> float64 : float64 float64 float64
cuda.fma float16 bool float16 -> float32 : float32 float32 float32
cuda.fma float16 bool float32 -> float32 : float32 float32 float32
cuda.fma float16 bool float64 -> float64 : float64 float64 float64
cuda.fma float16 int8 bool -> float32 : float32 float32 float32
cuda.fma float16 int8 int8 -> float32 : float32 float32 float32
cuda.fma float16 int8 int16 -> float32 : float32 float32 float32
cuda.fma float16 int8 int32 -> float64 : float64 float64 float64
cuda.fma float16 int8 int64 -> float64 : float64 float64 float64
cuda.fma float16 int8 uint8 -> float32 : float32 float32 float32
cuda.fma float16 int8 uint16 -> float64 : float64 float64 float64
cuda.fma float16 int8 uint32 -> float64 : float64 float64 float64
cuda.fma float16 int8 uint64 -> float64 : float64 float64 float64
cuda.fma float16 int8 float16 -> float32 : float32 float32 float32
cuda.fma float16 int8 float32 -> float32 : float32 float32 float32
cuda.fma float16 int8 float64 -> float64 : float64 float64 float64
cuda.fma float16 int16 bool -> float32 : float32 float32 float32
cuda.fma float16 int16 int8 -> float32 : float32 float32 float32
cuda.fma float16 int16 int16 -> float32 : float32 float32 float32
cuda.fma float16 int16 int32 -> float64 : float64 float64 float64
cuda.fma float16 int16 int64 -> float64 : float64 float64 float64
cuda.fma float16 int16 uint8 -> float32 : float32 float32 float32
cuda.fma float16 int16 uint16 -> float64 : float64 float64 float64
cuda.fma float16 int16 uint32 -> float64 : float64 float64 float64
cuda.fma float16 int16 uint64 -> float64 : float64 float64 float64
cuda.fma float16 int16 float16 -> float32 : float32 float32 float32
cuda.fma float16 int16 float32 -> float32 : float32 float32 float32
cuda.fma float16 int16 float64 -> float64 : float64 float64 float64
cuda.fma float16 int32 bool -> float64 : float64 float64 float64
cuda.fma float16 int32 int8 -> float64 : float64 float64 float64
cuda.fma float16 int32 int16 -> float64 : float64 float64 float64
cuda.fma float16 int32 int32 -> float64 : float64 float64 float64
cuda.fma float16 int32 int64 -> float64 : float64 float64 float64
cuda.fma float16 int32 uint8 -> float64 : float64 float64 float64
cuda.fma float16 int32 uint16 -> float64 : float64 float64 float64
cuda.fma float16 int32 uint32 -> float64 : float64 float64 float64
cuda.fma float16 int32 uint64 -> float64 : float64 float64 float64
cuda.fma float16 int32 float16 -> float64 : float64 float64 float64
cuda.fma float16 int32 float32 -> float64 : float64 float64 float64
cuda.fma float16 int32 float64 -> float64 : float64 float64 float64
cuda.fma float16 int64 bool -> float64 : float64 float64 float64
cuda.fma float16 int64 int8 -> float64 : float64 float64 float64
cuda.fma float16 int64 int16 -> float64 : float64 float64 float64
cuda.fma float16 int64 int32 -> float64 : float64 float64 float64
cuda.fma float16 int64 int64 -> float64 : float64 float64 float64
cuda.fma float16 int64 uint8 -> float64 : float64 float64 float64
cuda.fma float16 int64 uint16 -> float64 : float64 float64 float64
cuda.fma float16 int64 uint32 -> float64 : float64 float64 float64
cuda.fma float16 int64 uint64 -> float64 : float64 float64 float64
cuda.fma float16 int64 float16 -> float64 : float64 float64 float64
cuda.fma float16 int64 float32 -> float64 : float64 float64 float64
cuda.fma float16 int64 float64 -> float64 : float64 float64 float64
cuda.fma float16 uint8 bool -> float32 : float32 float32 float32
cuda.fma float16 uint8 int8 -> float32 : float32 float32 float32
cuda.fma float16 uint8 int16 -> float32 : float32 float32 float32
cuda.fma float16 uint8 int32 -> float64 : float64 float64 float64
cuda.fma float16 uint8 int64 -> float64 : float64 float64 float64
cuda.fma float16 uint8 uint8 -> float32 : float32 float32 float32
cuda.fma float16 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma float16 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma float16 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma float16 uint8 float16 -> float32 : float32 float32 float32
cuda.fma float16 uint8 float32 -> float32 : float32 float32 float32
cuda.fma float16 uint8 float64 -> float64 : float64 float64 float64
cuda.fma float16 uint16 bool -> float64 : float64 float64 float64
cuda.fma float16 uint16 int8 -> float64 : float64 float64 float64
cuda.fma float16 uint16 int16 -> float64 : float64 float64 float64
cuda.fma float16 uint16 int32 -> float64 : float64 float64 float64
cuda.fma float16 uint16 int64 -> float64 : float64 float64 float64
cuda.fma float16 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma float16 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma float16 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma float16 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma float16 uint16 float16 -> float64 : float64 float64 float64
cuda.fma float16 uint16 float32 -> float64 : float64 float64 float64
cuda.fma float16 uint16 float64 -> float64 : float64 float64 float64
cuda.fma float16 uint32 bool -> float64 : float64 float64 float64
cuda.fma float16 uint32 int8 -> float64 : float64 float64 float64
cuda.fma float16 uint32 int16 -> float64 : float64 float64 float64
cuda.fma float16 uint32 int32 -> float64 : float64 float64 float64
cuda.fma float16 uint32 int64 -> float64 : float64 float64 float64
cuda.fma float16 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma float16 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma float16 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma float16 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma float16 uint32 float16 -> float64 : float64 float64 float64
cuda.fma float16 uint32 float32 -> float64 : float64 float64 float64
cuda.fma float16 uint32 float64 -> float64 : float64 float64 float64
cuda.fma float16 uint64 bool -> float64 : float64 float64 float64
cuda.fma float16 uint64 int8 -> float64 : float64 float64 float64
cuda.fma float16 uint64 int16 -> float64 : float64 float64 float64
cuda.fma float16 uint64 int32 -> float64 : float64 float64 float64
cuda.fma float16 uint64 int64 -> float64 : float64 float64 float64
cuda.fma float16 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma float16 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma float16 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma float16 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma float16 uint64 float16 -> float64 : float64 float64 float64
cuda.fma float16 uint64 float32 -> float64 : float64 float64 float64
cuda.fma float16 uint64 float64 -> float64 : float64 float64 float64
cuda.fma float16 float16 bool -> float32 : float32 float32 float32
cuda.fma float16 float16 int8 -> float32 : float32 float32 float32
cuda.fma float16 float16 int16 -> float32 : float32 float32 float32
cuda.fma float16 float16 int32 -> float64 : float64 float64 float64
cuda.fma float16 float16 int64 -> float64 : float64 float64 float64
cuda.fma float16 float16 uint8 -> float32 : float32 float32 float32
cuda.fma float16 float16 uint16 -> float64 : float64 float64 float64
cuda.fma float16 float16 uint32 -> float64 : float64 float64 float64
cuda.fma float16 float16 uint64 -> float64 : float64 float64 float64
cuda.fma float16 float16 float16 -> float32 : float32 float32 float32
cuda.fma float16 float16 float32 -> float32 : float32 float32 float32
cuda.fma float16 float16 float64 -> float64 : float64 float64 float64
cuda.fma float16 float32 bool -> float32 : float32 float32 float32
cuda.fma float16 float32 int8 -> float32 : float32 float32 float32
cuda.fma float16 float32 int16 -> float32 : float32 float32 float32
cuda.fma float16 float32 int32 -> float64 : float64 float64 float64
cuda.fma float16 float32 int64 -> float64 : float64 float64 float64
cuda.fma float16 float32 uint8 -> float32 : float32 float32 float32
cuda.fma float16 float32 uint16 -> float64 : float64 float64 float64
cuda.fma float16 float32 uint32 -> float64 : float64 float64 float64
cuda.fma float16 float32 uint64 -> float64 : float64 float64 float64
cuda.fma float16 float32 float16 -> float32 : float32 float32 float32
cuda.fma float16 float32 float32 -> float32 : float32 float32 float32
cuda.fma float16 float32 float64 -> float64 : float64 float64 float64
cuda.fma float16 float64 bool -> float64 : float64 float64 float64
cuda.fma float16 float64 int8 -> float64 : float64 float64 float64
cuda.fma float16 float64 int16 -> float64 : float64 float64 float64
cuda.fma float16 float64 int32 -> float64 : float64 float64 float64
cuda.fma float16 float64 int64 -> float64 : float64 float64 float64
cuda.fma float16 float64 uint8 -> float64 : float64 float64 float64
cuda.fma float16 float64 uint16 -> float64 : float64 float64 float64
cuda.fma float16 float64 uint32 -> float64 : float64 float64 float64
cuda.fma float16 float64 uint64 -> float64 : float64 float64 float64
cuda.fma float16 float64 float16 -> float64 : float64 float64 float64
cuda.fma float16 float64 float32 -> float64 : float64 float64 float64
cuda.fma float16 float64 float64 -> float64 : float64 float64 float64
cuda.fma float32 bool bool -> float32 : float32 float32 float32
cuda.fma float32 bool int8 -> float32 : float32 float32 float32
cuda.fma float32 bool int16 -> float32 : float32 float32 float32
cuda.fma float32 bool int32 -> float64 : float64 float64 float64
cuda.fma float32 bool int64 -> float64 : float64 float64 float64
cuda.fma float32 bool uint8 -> float32 : float32 float32 float32
cuda.fma float32 bool uint16 -> float64 : float64 float64 float64
cuda.fma float32 bool uint32 -> float64 : float64 float64 float64
cuda.fma float32 bool uint64 -> float64 : float64 float64 float64
cuda.fma float32 bool float16 -> float32 : float32 float32 float32
cuda.fma float32 bool float32 -> float32 : float32 float32 float32
cuda.fma float32 bool float64 -> float64 : float64 float64 float64
cuda.fma float32 int8 bool -> float32 : float32 float32 float32
cuda.fma float32 int8 int8 -> float32 : float32 float32 float32
cuda.fma float32 int8 int16 -> float32 : float32 float32 float32
cuda.fma float32 int8 int32 -> float64 : float64 float64 float64
cuda.fma float32 int8 int64 -> float64 : float64 float64 float64
cuda.fma float32 int8 uint8 -> float32 : float32 float32 float32
cuda.fma float32 int8 uint16 -> float64 : float64 float64 float64
cuda.fma float32 int8 uint32 -> float64 : float64 float64 float64
cuda.fma float32 int8 uint64 -> float64 : float64 float64 float64
cuda.fma float32 int8 float16 -> float32 : float32 float32 float32
cuda.fma float32 int8 float32 -> float32 : float32 float32 float32
cuda.fma float32 int8 float64 -> float64 : float64 float64 float64
cuda.fma float32 int16 bool -> float32 : float32 float32 float32
cuda.fma float32 int16 int8 -> float32 : float32 float32 float32
cuda.fma float32 int16 int16 -> float32 : float32 float32 float32
cuda.fma float32 int16 int32 -> float64 : float64 float64 float64
cuda.fma float32 int16 int64 -> float64 : float64 float64 float64
cuda.fma float32 int16 uint8 -> float32 : float32 float32 float32
cuda.fma float32 int16 uint16 -> float64 : float64 float64 float64
cuda.fma float32 int16 uint32 -> float64 : float64 float64 float64
cuda.fma float32 int16 uint64 -> float64 : float64 float64 float64
cuda.fma float32 int16 float16 -> float32 : float32 float32 float32
cuda.fma float32 int16 float32 -> float32 : float32 float32 float32
cuda.fma float32 int16 float64 -> float64 : float64 float64 float64
cuda.fma float32 int32 bool -> float64 : float64 float64 float64
cuda.fma float32 int32 int8 -> float64 : float64 float64 float64
cuda.fma float32 int32 int16 -> float64 : float64 float64 float64
cuda.fma float32 int32 int32 -> float64 : float64 float64 float64
cuda.fma float32 int32 int64 -> float64 : float64 float64 float64
cuda.fma float32 int32 uint8 -> float64 : float64 float64 float64
cuda.fma float32 int32 uint16 -> float64 : float64 float64 float64
cuda.fma float32 int32 uint32 -> float64 : float64 float64 float64
cuda.fma float32 int32 uint64 -> float64 : float64 float64 float64
cuda.fma float32 int32 float16 -> float64 : float64 float64 float64
cuda.fma float32 int32 float32 -> float64 : float64 float64 float64
cuda.fma float32 int32 float64 -> float64 : float64 float64 float64
cuda.fma float32 int64 bool -> float64 : float64 float64 float64
cuda.fma float32 int64 int8 -> float64 : float64 float64 float64
cuda.fma float32 int64 int16 -> float64 : float64 float64 float64
cuda.fma float32 int64 int32 -> float64 : float64 float64 float64
cuda.fma float32 int64 int64 -> float64 : float64 float64 float64
cuda.fma float32 int64 uint8 -> float64 : float64 float64 float64
cuda.fma float32 int64 uint16 -> float64 : float64 float64 float64
cuda.fma float32 int64 uint32 -> float64 : float64 float64 float64
cuda.fma float32 int64 uint64 -> float64 : float64 float64 float64
cuda.fma float32 int64 float16 -> float64 : float64 float64 float64
cuda.fma float32 int64 float32 -> float64 : float64 float64 float64
cuda.fma float32 int64 float64 -> float64 : float64 float64 float64
cuda.fma float32 uint8 bool -> float32 : float32 float32 float32
cuda.fma float32 uint8 int8 -> float32 : float32 float32 float32
cuda.fma float32 uint8 int16 -> float32 : float32 float32 float32
cuda.fma float32 uint8 int32 -> float64 : float64 float64 float64
cuda.fma float32 uint8 int64 -> float64 : float64 float64 float64
cuda.fma float32 uint8 uint8 -> float32 : float32 float32 float32
cuda.fma float32 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma float32 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma float32 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma float32 uint8 float16 -> float32 : float32 float32 float32
cuda.fma float32 uint8 float32 -> float32 : float32 float32 float32
cuda.fma float32 uint8 float64 -> float64 : float64 float64 float64
cuda.fma float32 uint16 bool -> float64 : float64 float64 float64
cuda.fma float32 uint16 int8 -> float64 : float64 float64 float64
cuda.fma float32 uint16 int16 -> float64 : float64 float64 float64
cuda.fma float32 uint16 int32 -> float64 : float64 float64 float64
cuda.fma float32 uint16 int64 -> float64 : float64 float64 float64
cuda.fma float32 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma float32 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma float32 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma float32 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma float32 uint16 float16 -> float64 : float64 float64 float64
cuda.fma float32 uint16 float32 -> float64 : float64 float64 float64
cuda.fma float32 uint16 float64 -> float64 : float64 float64 float64
cuda.fma float32 uint32 bool -> float64 : float64 float64 float64
cuda.fma float32 uint32 int8 -> float64 : float64 float64 float64
cuda.fma float32 uint32 int16 -> float64 : float64 float64 float64
cuda.fma float32 uint32 int32 -> float64 : float64 float64 float64
cuda.fma float32 uint32 int64 -> float64 : float64 float64 float64
cuda.fma float32 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma float32 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma float32 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma float32 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma float32 uint32 float16 -> float64 : float64 float64 float64
cuda.fma float32 uint32 float32 -> float64 : float64 float64 float64
cuda.fma float32 uint32 float64 -> float64 : float64 float64 float64
cuda.fma float32 uint64 bool -> float64 : float64 float64 float64
cuda.fma float32 uint64 int8 -> float64 : float64 float64 float64
cuda.fma float32 uint64 int16 -> float64 : float64 float64 float64
cuda.fma float32 uint64 int32 -> float64 : float64 float64 float64
cuda.fma float32 uint64 int64 -> float64 : float64 float64 float64
cuda.fma float32 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma float32 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma float32 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma float32 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma float32 uint64 float16 -> float64 : float64 float64 float64
cuda.fma float32 uint64 float32 -> float64 : float64 float64 float64
cuda.fma float32 uint64 float64 -> float64 : float64 float64 float64
cuda.fma float32 float16 bool -> float32 : float32 float32 float32
cuda.fma float32 float16 int8 -> float32 : float32 float32 float32
cuda.fma float32 float16 int16 -> float32 : float32 float32 float32
cuda.fma float32 float16 int32 -> float64 : float64 float64 float64
cuda.fma float32 float16 int64 -> float64 : float64 float64 float64
cuda.fma float32 float16 uint8 -> float32 : float32 float32 float32
cuda.fma float32 float16 uint16 -> float64 : float64 float64 float64
cuda.fma float32 float16 uint32 -> float64 : float64 float64 float64
cuda.fma float32 float16 uint64 -> float64 : float64 float64 float64
cuda.fma float32 float16 float16 -> float32 : float32 float32 float32
cuda.fma float32 float16 float32 -> float32 : float32 float32 float32
cuda.fma float32 float16 float64 -> float64 : float64 float64 float64
cuda.fma float32 float32 bool -> float32 : float32 float32 float32
cuda.fma float32 float32 int8 -> float32 : float32 float32 float32
cuda.fma float32 float32 int16 -> float32 : float32 float32 float32
cuda.fma float32 float32 int32 -> float64 : float64 float64 float64
cuda.fma float32 float32 int64 -> float64 : float64 float64 float64
cuda.fma float32 float32 uint8 -> float32 : float32 float32 float32
cuda.fma float32 float32 uint16 -> float64 : float64 float64 float64
cuda.fma float32 float32 uint32 -> float64 : float64 float64 float64
cuda.fma float32 float32 uint64 -> float64 : float64 float64 float64
cuda.fma float32 float32 float16 -> float32 : float32 float32 float32
cuda.fma float32 float32 float32 -> float32 : float32 float32 float32
cuda.fma float32 float32 float64 -> float64 : float64 float64 float64
cuda.fma float32 float64 bool -> float64 : float64 float64 float64
cuda.fma float32 float64 int8 -> float64 : float64 float64 float64
cuda.fma float32 float64 int16 -> float64 : float64 float64 float64
cuda.fma float32 float64 int32 -> float64 : float64 float64 float64
cuda.fma float32 float64 int64 -> float64 : float64 float64 float64
cuda.fma float32 float64 uint8 -> float64 : float64 float64 float64
cuda.fma float32 float64 uint16 -> float64 : float64 float64 float64
cuda.fma float32 float64 uint32 -> float64 : float64 float64 float64
cuda.fma float32 float64 uint64 -> float64 : float64 float64 float64
cuda.fma float32 float64 float16 -> float64 : float64 float64 float64
cuda.fma float32 float64 float32 -> float64 : float64 float64 float64
cuda.fma float32 float64 float64 -> float64 : float64 float64 float64
cuda.fma float64 bool bool -> float64 : float64 float64 float64
cuda.fma float64 bool int8 -> float64 : float64 float64 float64
cuda.fma float64 bool int16 -> float64 : float64 float64 float64
cuda.fma float64 bool int32 -> float64 : float64 float64 float64
cuda.fma float64 bool int64 -> float64 : float64 float64 float64
cuda.fma float64 bool uint8 -> float64 : float64 float64 float64
cuda.fma float64 bool uint16 -> float64 : float64 float64 float64
cuda.fma float64 bool uint32 -> float64 : float64 float64 float64
cuda.fma float64 bool uint64 -> float64 : float64 float64 float64
cuda.fma float64 bool float16 -> float64 : float64 float64 float64
cuda.fma float64 bool float32 -> float64 : float64 float64 float64
cuda.fma float64 bool float64 -> float64 : float64 float64 float64
cuda.fma float64 int8 bool -> float64 : float64 float64 float64
cuda.fma float64 int8 int8 -> float64 : float64 float64 float64
cuda.fma float64 int8 int16 -> float64 : float64 float64 float64
cuda.fma float64 int8 int32 -> float64 : float64 float64 float64
cuda.fma float64 int8 int64 -> float64 : float64 float64 float64
cuda.fma float64 int8 uint8 -> float64 : float64 float64 float64
cuda.fma float64 int8 uint16 -> float64 : float64 float64 float64
cuda.fma float64 int8 uint32 -> float64 : float64 float64 float64
cuda.fma float64 int8 uint64 -> float64 : float64 float64 float64
cuda.fma float64 int8 float16 -> float64 : float64 float64 float64
cuda.fma float64 int8 float32 -> float64 : float64 float64 float64
cuda.fma float64 int8 float64 -> float64 : float64 float64 float64
cuda.fma float64 int16 bool -> float64 : float64 float64 float64
cuda.fma float64 int16 int8 -> float64 : float64 float64 float64
cuda.fma float64 int16 int16 -> float64 : float64 float64 float64
cuda.fma float64 int16 int32 -> float64 : float64 float64 float64
cuda.fma float64 int16 int64 -> float64 : float64 float64 float64
cuda.fma float64 int16 uint8 -> float64 : float64 float64 float64
cuda.fma float64 int16 uint16 -> float64 : float64 float64 float64
cuda.fma float64 int16 uint32 -> float64 : float64 float64 float64
cuda.fma float64 int16 uint64 -> float64 : float64 float64 float64
cuda.fma float64 int16 float16 -> float64 : float64 float64 float64
cuda.fma float64 int16 float32 -> float64 : float64 float64 float64
cuda.fma float64 int16 float64 -> float64 : float64 float64 float64
cuda.fma float64 int32 bool -> float64 : float64 float64 float64
cuda.fma float64 int32 int8 -> float64 : float64 float64 float64
cuda.fma float64 int32 int16 -> float64 : float64 float64 float64
cuda.fma float64 int32 int32 -> float64 : float64 float64 float64
cuda.fma float64 int32 int64 -> float64 : float64 float64 float64
cuda.fma float64 int32 uint8 -> float64 : float64 float64 float64
cuda.fma float64 int32 uint16 -> float64 : float64 float64 float64
cuda.fma float64 int32 uint32 -> float64 : float64 float64 float64
cuda.fma float64 int32 uint64 -> float64 : float64 float64 float64
cuda.fma float64 int32 float16 -> float64 : float64 float64 float64
cuda.fma float64 int32 float32 -> float64 : float64 float64 float64
cuda.fma float64 int32 float64 -> float64 : float64 float64 float64
cuda.fma float64 int64 bool -> float64 : float64 float64 float64
cuda.fma float64 int64 int8 -> float64 : float64 float64 float64
cuda.fma float64 int64 int16 -> float64 : float64 float64 float64
cuda.fma float64 int64 int32 -> float64 : float64 float64 float64
cuda.fma float64 int64 int64 -> float64 : float64 float64 float64
cuda.fma float64 int64 uint8 -> float64 : float64 float64 float64
cuda.fma float64 int64 uint16 -> float64 : float64 float64 float64
cuda.fma float64 int64 uint32 -> float64 : float64 float64 float64
cuda.fma float64 int64 uint64 -> float64 : float64 float64 float64
cuda.fma float64 int64 float16 -> float64 : float64 float64 float64
cuda.fma float64 int64 float32 -> float64 : float64 float64 float64
cuda.fma float64 int64 float64 -> float64 : float64 float64 float64
cuda.fma float64 uint8 bool -> float64 : float64 float64 float64
cuda.fma float64 uint8 int8 -> float64 : float64 float64 float64
cuda.fma float64 uint8 int16 -> float64 : float64 float64 float64
cuda.fma float64 uint8 int32 -> float64 : float64 float64 float64
cuda.fma float64 uint8 int64 -> float64 : float64 float64 float64
cuda.fma float64 uint8 uint8 -> float64 : float64 float64 float64
cuda.fma float64 uint8 uint16 -> float64 : float64 float64 float64
cuda.fma float64 uint8 uint32 -> float64 : float64 float64 float64
cuda.fma float64 uint8 uint64 -> float64 : float64 float64 float64
cuda.fma float64 uint8 float16 -> float64 : float64 float64 float64
cuda.fma float64 uint8 float32 -> float64 : float64 float64 float64
cuda.fma float64 uint8 float64 -> float64 : float64 float64 float64
cuda.fma float64 uint16 bool -> float64 : float64 float64 float64
cuda.fma float64 uint16 int8 -> float64 : float64 float64 float64
cuda.fma float64 uint16 int16 -> float64 : float64 float64 float64
cuda.fma float64 uint16 int32 -> float64 : float64 float64 float64
cuda.fma float64 uint16 int64 -> float64 : float64 float64 float64
cuda.fma float64 uint16 uint8 -> float64 : float64 float64 float64
cuda.fma float64 uint16 uint16 -> float64 : float64 float64 float64
cuda.fma float64 uint16 uint32 -> float64 : float64 float64 float64
cuda.fma float64 uint16 uint64 -> float64 : float64 float64 float64
cuda.fma float64 uint16 float16 -> float64 : float64 float64 float64
cuda.fma float64 uint16 float32 -> float64 : float64 float64 float64
cuda.fma float64 uint16 float64 -> float64 : float64 float64 float64
cuda.fma float64 uint32 bool -> float64 : float64 float64 float64
cuda.fma float64 uint32 int8 -> float64 : float64 float64 float64
cuda.fma float64 uint32 int16 -> float64 : float64 float64 float64
cuda.fma float64 uint32 int32 -> float64 : float64 float64 float64
cuda.fma float64 uint32 int64 -> float64 : float64 float64 float64
cuda.fma float64 uint32 uint8 -> float64 : float64 float64 float64
cuda.fma float64 uint32 uint16 -> float64 : float64 float64 float64
cuda.fma float64 uint32 uint32 -> float64 : float64 float64 float64
cuda.fma float64 uint32 uint64 -> float64 : float64 float64 float64
cuda.fma float64 uint32 float16 -> float64 : float64 float64 float64
cuda.fma float64 uint32 float32 -> float64 : float64 float64 float64
cuda.fma float64 uint32 float64 -> float64 : float64 float64 float64
cuda.fma float64 uint64 bool -> float64 : float64 float64 float64
cuda.fma float64 uint64 int8 -> float64 : float64 float64 float64
cuda.fma float64 uint64 int16 -> float64 : float64 float64 float64
cuda.fma float64 uint64 int32 -> float64 : float64 float64 float64
cuda.fma float64 uint64 int64 -> float64 : float64 float64 float64
cuda.fma float64 uint64 uint8 -> float64 : float64 float64 float64
cuda.fma float64 uint64 uint16 -> float64 : float64 float64 float64
cuda.fma float64 uint64 uint32 -> float64 : float64 float64 float64
cuda.fma float64 uint64 uint64 -> float64 : float64 float64 float64
cuda.fma float64 uint64 float16 -> float64 : float64 float64 float64
cuda.fma float64 uint64 float32 -> float64 : float64 float64 float64
cuda.fma float64 uint64 float64 -> float64 : float64 float64 float64
cuda.fma float64 float16 bool -> float64 : float64 float64 float64
cuda.fma float64 float16 int8 -> float64 : float64 float64 float64
cuda.fma float64 float16 int16 -> float64 : float64 float64 float64
cuda.fma float64 float16 int32 -> float64 : float64 float64 float64
cuda.fma float64 float16 int64 -> float64 : float64 float64 float64
cuda.fma float64 float16 uint8 -> float64 : float64 float64 float64
cuda.fma float64 float16 uint16 -> float64 : float64 float64 float64
cuda.fma float64 float16 uint32 -> float64 : float64 float64 float64
cuda.fma float64 float16 uint64 -> float64 : float64 float64 float64
cuda.fma float64 float16 float16 -> float64 : float64 float64 float64
cuda.fma float64 float16 float32 -> float64 : float64 float64 float64
cuda.fma float64 float16 float64 -> float64 : float64 float64 float64
cuda.fma float64 float32 bool -> float64 : float64 float64 float64
cuda.fma float64 float32 int8 -> float64 : float64 float64 float64
cuda.fma float64 float32 int16 -> float64 : float64 float64 float64
cuda.fma float64 float32 int32 -> float64 : float64 float64 float64
cuda.fma float64 float32 int64 -> float64 : float64 float64 float64
cuda.fma float64 float32 uint8 -> float64 : float64 float64 float64
cuda.fma float64 float32 uint16 -> float64 : float64 float64 float64
cuda.fma float64 float32 uint32 -> float64 : float64 float64 float64
cuda.fma float64 float32 uint64 -> float64 : float64 float64 float64
cuda.fma float64 float32 float16 -> float64 : float64 float64 float64
cuda.fma float64 float32 float32 -> float64 : float64 float64 float64
cuda.fma float64 float32 float64 -> float64 : float64 float64 float64
cuda.fma float64 float64 bool -> float64 : float64 float64 float64
cuda.fma float64 float64 int8 -> float64 : float64 float64 float64
cuda.fma float64 float64 int16 -> float64 : float64 float64 float64
cuda.fma float64 float64 int32 -> float64 : float64 float64 float64
cuda.fma float64 float64 int64 -> float64 : float64 float64 float64
cuda.fma float64 float64 uint8 -> float64 : float64 float64 float64
cuda.fma float64 float64 uint16 -> float64 : float64 float64 float64
cuda.fma float64 float64 uint32 -> float64 : float64 float64 float64
cuda.fma float64 float64 uint64 -> float64 : float64 float64 float64
cuda.fma float64 float64 float16 -> float64 : float64 float64 float64
cuda.fma float64 float64 float32 -> float64 : float64 float64 float64
cuda.fma float64 float64 float64 -> float64 : float64 float64 float64
libdevice abs -> int32 : int32
libdevice acos -> float64 : float64
libdevice acosf -> float32 : float32
libdevice acosh -> float64 : float64
libdevice acoshf -> float32 : float32
libdevice asin -> float64 : float64
libdevice asinf -> float32 : float32
libdevice asinh -> float64 : float64
libdevice asinhf -> float32 : float32
libdevice atan -> float64 : float64
libdevice atan2 -> float64 : float64 float64
libdevice atan2f -> float32 : float32 float32
libdevice atanf -> float32 : float32
libdevice atanh -> float64 : float64
libdevice atanhf -> float32 : float32
libdevice brev -> int32 : int32
libdevice brevll -> int64 : int64
libdevice byte_perm -> int32 : int32 int32 int32
libdevice cbrt -> float64 : float64
libdevice cbrtf -> float32 : float32
libdevice ceil -> float64 : float64
libdevice ceilf -> float32 : float32
libdevice clz -> int32 : int32
libdevice clzll -> int32 : int64
libdevice copysign -> float64 : float64 float64
libdevice copysignf -> float32 : float32 float32
libdevice cos -> float64 : float64
libdevice cosf -> float32 : float32
libdevice cosh -> float64 : float64
libdevice coshf -> float32 : float32
libdevice cospi -> float64 : float64
libdevice cospif -> float32 : float32
libdevice dadd_rd -> float64 : float64 float64
libdevice dadd_rn -> float64 : float64 float64
libdevice dadd_ru -> float64 : float64 float64
libdevice dadd_rz -> float64 : float64 float64
libdevice ddiv_rd -> float64 : float64 float64
libdevice ddiv_rn -> float64 : float64 float64
libdevice ddiv_ru -> float64 : float64 float64
libdevice ddiv_rz -> float64 : float64 float64
libdevice dmul_rd -> float64 : float64 float64
libdevice dmul_rn -> float64 : float64 float64
libdevice dmul_ru -> float64 : float64 float64
libdevice dmul_rz -> float64 : float64 float64
libdevice double2float_rd -> float32 : float64
libdevice double2float_rn -> float32 : float64
libdevice double2float_ru -> float32 : float64
libdevice double2float_rz -> float32 : float64
libdevice double2hiint -> int32 : float64
libdevice double2int_rd -> int32 : float64
libdevice double2int_rn -> int32 : float64
libdevice double2int_ru -> int32 : float64
libdevice double2int_rz -> int32 : float64
libdevice double2ll_rd -> int64 : float64
libdevice double2ll_rn -> int64 : float64
libdevice double2ll_ru -> int64 : float64
libdevice double2ll_rz -> int64 : float64
libdevice double2loint -> int32 : float64
libdevice double2uint_rd -> int32 : float64
libdevice double2uint_rn -> int32 : float64
libdevice double2uint_ru -> int32 : float64
libdevice double2uint_rz -> int32 : float64
libdevice double2ull_rd -> int64 : float64
libdevice double2ull_rn -> int64 : float64
libdevice double2ull_ru -> int64 : float64
libdevice double2ull_rz -> int64 : float64
libdevice double_as_longlong -> int64 : float64
libdevice drcp_rd -> float64 : float64
libdevice drcp_rn -> float64 : float64
libdevice drcp_ru -> float64 : float64
libdevice drcp_rz -> float64 : float64
libdevice dsqrt_rd -> float64 : float64
libdevice dsqrt_rn -> float64 : float64
libdevice dsqrt_ru -> float64 : float64
libdevice dsqrt_rz -> float64 : float64
libdevice erf -> float64 : float64
libdevice erfc -> float64 : float64
libdevice erfcf -> float32 : float32
libdevice erfcinv -> float64 : float64
libdevice erfcinvf -> float32 : float32
libdevice erfcx -> float64 : float64
libdevice erfcxf -> float32 : float32
libdevice erff -> float32 : float32
libdevice erfinv -> float64 : float64
libdevice erfinvf -> float32 : float32
libdevice exp -> float64 : float64
libdevice exp10 -> float64 : float64
libdevice exp10f -> float32 : float32
libdevice exp2 -> float64 : float64
libdevice exp2f -> float32 : float32
libdevice expf -> float32 : float32
libdevice expm1 -> float64 : float64
libdevice expm1f -> float32 : float32
libdevice fabs -> float64 : float64
libdevice fabsf -> float32 : float32
libdevice fadd_rd -> float32 : float32 float32
libdevice fadd_rn -> float32 : float32 float32
libdevice fadd_ru -> float32 : float32 float32
libdevice fadd_rz -> float32 : float32 float32
libdevice fast_cosf -> float32 : float32
libdevice fast_exp10f -> float32 : float32
libdevice fast_expf -> float32 : float32
libdevice fast_fdividef -> float32 : float32 float32
libdevice fast_log10f -> float32 : float32
libdevice fast_log2f -> float32 : float32
libdevice fast_logf -> float32 : float32
libdevice fast_powf -> float32 : float32 float32
libdevice fast_sinf -> float32 : float32
libdevice fast_tanf -> float32 : float32
libdevice fdim -> float64 : float64 float64
libdevice fdimf -> float32 : float32 float32
libdevice fdiv_rd -> float32 : float32 float32
libdevice fdiv_rn -> float32 : float32 float32
libdevice fdiv_ru -> float32 : float32 float32
libdevice fdiv_rz -> float32 : float32 float32
libdevice ffs -> int32 : int32
libdevice ffsll -> int32 : int64
libdevice finitef -> int32 : float32
libdevice float2half_rn -> int16 : float32
libdevice float2int_rd -> int32 : float32
libdevice float2int_rn -> int32 : float32
libdevice float2int_ru -> int32 : float32
libdevice float2int_rz -> int32 : float32
libdevice float2ll_rd -> int64 : float32
libdevice float2ll_rn -> int64 : float32
libdevice float2ll_ru -> int64 : float32
libdevice float2ll_rz -> int64 : float32
libdevice float2uint_rd -> int32 : float32
libdevice float2uint_rn -> int32 : float32
libdevice float2uint_ru -> int32 : float32
libdevice float2uint_rz -> int32 : float32
libdevice float2ull_rd -> int64 : float32
libdevice float2ull_rn -> int64 : float32
libdevice float2ull_ru -> int64 : float32
libdevice float2ull_rz -> int64 : float32
libdevice float_as_int -> int32 : float32
libdevice floor -> float64 : float64
libdevice floorf -> float32 : float32
libdevice fma -> float64 : float64 float64 float64
libdevice fma_rd -> float64 : float64 float64 float64
libdevice fma_rn -> float64 : float64 float64 float64
libdevice fma_ru -> float64 : float64 float64 float64
libdevice fma_rz -> float64 : float64 float64 float64
libdevice fmaf -> float32 : float32 float32 float32
libdevice fmaf_rd -> float32 : float32 float32 float32
libdevice fmaf_rn -> float32 : float32 float32 float32
libdevice fmaf_ru -> float32 : float32 float32 float32
libdevice fmaf_rz -> float32 : float32 float32 float32
libdevice fmax -> float64 : float64 float64
libdevice fmaxf -> float32 : float32 float32
libdevice fmin -> float64 : float64 float64
libdevice fminf -> float32 : float32 float32
libdevice fmod -> float64 : float64 float64
libdevice fmodf -> float32 : float32 float32
libdevice fmul_rd -> float32 : float32 float32
libdevice fmul_rn -> float32 : float32 float32
libdevice fmul_ru -> float32 : float32 float32
libdevice fmul_rz -> float32 : float32 float32
libdevice frcp_rd -> float32 : float32
libdevice frcp_rn -> float32 : float32
libdevice frcp_ru -> float32 : float32
libdevice frcp_rz -> float32 : float32
libdevice frsqrt_rn -> float32 : float32
libdevice fsqrt_rd -> float32 : float32
libdevice fsqrt_rn -> float32 : float32
libdevice fsqrt_ru -> float32 : float32
libdevice fsqrt_rz -> float32 : float32
libdevice fsub_rd -> float32 : float32 float32
libdevice fsub_rn -> float32 : float32 float32
libdevice fsub_ru -> float32 : float32 float32
libdevice fsub_rz -> float32 : float32 float32
libdevice hadd -> int32 : int32 int32
libdevice half2float -> float32 : int16
libdevice hiloint2double -> float64 : int32 int32
libdevice hypot -> float64 : float64 float64
libdevice hypotf -> float32 : float32 float32
libdevice ilogb -> int32 : float64
libdevice ilogbf -> int32 : float32
libdevice int2double_rn -> float64 : int32
libdevice int2float_rd -> float32 : int32
libdevice int2float_rn -> float32 : int32
libdevice int2float_ru -> float32 : int32
libdevice int2float_rz -> float32 : int32
libdevice int_as_float -> float32 : int32
libdevice isfinited -> int32 : float64
libdevice isinfd -> int32 : float64
libdevice isinff -> int32 : float32
libdevice isnand -> int32 : float64
libdevice isnanf -> int32 : float32
libdevice j0 -> float64 : float64
libdevice j0f -> float32 : float32
libdevice j1 -> float64 : float64
libdevice j1f -> float32 : float32
libdevice jn -> float64 : int32 float64
libdevice jnf -> float32 : int32 float32
libdevice ldexp -> float64 : float64 int32
libdevice ldexpf -> float32 : float32 int32
libdevice lgamma -> float64 : float64
libdevice lgammaf -> float32 : float32
libdevice ll2double_rd -> float64 : int64
libdevice ll2double_rn -> float64 : int64
libdevice ll2double_ru -> float64 : int64
libdevice ll2double_rz -> float64 : int64
libdevice ll2float_rd -> float32 : int64
libdevice ll2float_rn -> float32 : int64
libdevice ll2float_ru -> float32 : int64
libdevice ll2float_rz -> float32 : int64
libdevice llabs -> int64 : int64
libdevice llmax -> int64 : int64 int64
libdevice llmin -> int64 : int64 int64
libdevice llrint -> int64 : float64
libdevice llrintf -> int64 : float32
libdevice llround -> int64 : float64
libdevice llroundf -> int64 : float32
libdevice log -> float64 : float64
libdevice log10 -> float64 : float64
libdevice log10f -> float32 : float32
libdevice log1p -> float64 : float64
libdevice log1pf -> float32 : float32
libdevice log2 -> float64 : float64
libdevice log2f -> float32 : float32
libdevice logb -> float64 : float64
libdevice logbf -> float32 : float32
libdevice logf -> float32 : float32
libdevice longlong_as_double -> float64 : int64
libdevice max -> int32 : int32 int32
libdevice min -> int32 : int32 int32
libdevice mul24 -> int32 : int32 int32
libdevice mul64hi -> int64 : int64 int64
libdevice mulhi -> int32 : int32 int32
libdevice nearbyint -> float64 : float64
libdevice nearbyintf -> float32 : float32
libdevice nextafter -> float64 : float64 float64
libdevice nextafterf -> float32 : float32 float32
libdevice normcdf -> float64 : float64
libdevice normcdff -> float32 : float32
libdevice normcdfinv -> float64 : float64
libdevice normcdfinvf -> float32 : float32
libdevice popc -> int32 : int32
libdevice popcll -> int32 : int64
libdevice pow -> float64 : float64 float64
libdevice powf -> float32 : float32 float32
libdevice powi -> float64 : float64 int32
libdevice powif -> float32 : float32 int32
libdevice rcbrt -> float64 : float64
libdevice rcbrtf -> float32 : float32
libdevice remainder -> float64 : float64 float64
libdevice remainderf -> float32 : float32 float32
libdevice rhadd -> int32 : int32 int32
libdevice rint -> float64 : float64
libdevice rintf -> float32 : float32
libdevice round -> float64 : float64
libdevice roundf -> float32 : float32
libdevice rsqrt -> float64 : float64
libdevice rsqrtf -> float32 : float32
libdevice sad -> int32 : int32 int32 int32
libdevice saturatef -> float32 : float32
libdevice scalbn -> float64 : float64 int32
libdevice scalbnf -> float32 : float32 int32
libdevice signbitd -> int32 : float64
libdevice signbitf -> int32 : float32
libdevice sin -> float64 : float64
libdevice sinf -> float32 : float32
libdevice sinh -> float64 : float64
libdevice sinhf -> float32 : float32
libdevice sinpi -> float64 : float64
libdevice sinpif -> float32 : float32
libdevice sqrt -> float64 : float64
libdevice sqrtf -> float32 : float32
libdevice tan -> float64 : float64
libdevice tanf -> float32 : float32
libdevice tanh -> float64 : float64
libdevice tanhf -> float32 : float32
libdevice tgamma -> float64 : float64
libdevice tgammaf -> float32 : float32
libdevice trunc -> float64 : float64
libdevice truncf -> float32 : float32
libdevice uhadd -> int32 : int32 int32
libdevice uint2double_rn -> float64 : int32
libdevice uint2float_rd -> float32 : int32
libdevice uint2float_rn -> float32 : int32
libdevice uint2float_ru -> float32 : int32
libdevice uint2float_rz -> float32 : int32
libdevice ull2double_rd -> float64 : int64
libdevice ull2double_rn -> float64 : int64
libdevice ull2double_ru -> float64 : int64
libdevice ull2double_rz -> float64 : int64
libdevice ull2float_rd -> float32 : int64
libdevice ull2float_rn -> float32 : int64
libdevice ull2float_ru -> float32 : int64
libdevice ull2float_rz -> float32 : int64
libdevice ullmax -> int64 : int64 int64
libdevice ullmin -> int64 : int64 int64
libdevice umax -> int32 : int32 int32
libdevice umin -> int32 : int32 int32
libdevice umul24 -> int32 : int32 int32
libdevice umul64hi -> int64 : int64 int64
libdevice umulhi -> int32 : int32 int32
libdevice urhadd -> int32 : int32 int32
libdevice usad -> int32 : int32 int32 int32
libdevice y0 -> float64 : float64
libdevice y0f -> float32 : float32
libdevice y1 -> float64 : float64
libdevice y1f -> float32 : float32
libdevice yn -> float64 : int32 float64
libdevice ynf -> float32 : int32 float32
"""
