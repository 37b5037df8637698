"""A divergent kernel for a first look at simt: every lane runs the Collatz
iteration for its own seed, so lanes of one warp leave the loop at different
times and per-element work varies.

    simt-opt examples/collatz.py                       # simt IR
    simt-opt examples/collatz.py -p simt-optimize      # optimized IR
"""

from numba import cuda


@cuda.jit("void(int32[:], int32[:], int32, int32)")
def collatz_rounds(out, seeds, n, rounds):
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < n:
        total = 0
        for r in range(rounds):
            x = seeds[i] + r
            while x > 1:
                x = x // 2 if x % 2 == 0 else 3 * x + 1
                total += 1
        out[i] = total
        i += stride
