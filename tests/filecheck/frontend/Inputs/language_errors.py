# A construct outside the language: the diagnostic names it with file:line.
from numba import cuda


@cuda.jit("void(int32[:])")
def fails(a):
    if a[0] < 0:
        raise ValueError(a[0])
    a[0] = 1
