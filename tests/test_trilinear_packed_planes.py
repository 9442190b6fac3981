"""UpsampleTrilinear3d on 910B: several output planes per write for rows that are not 32 B multiples.

A unit holding a chunk of output rows (H chunks) of a plane whose rows are padded in the UB (rows
of, say, 29 float16 values) could write only one plane chunk per DMA: the next plane's chunk is a
plane further on in GM, and DataCopyPad's blocks are contiguous runs.  The kernel packs each plane
chunk (one Gather per plane with the compaction table of one chunk) into a 32 B-aligned slot of the
output buffer and writes several planes with one DataCopyPad of a block per plane (tiling predicate
``TrilinearPacksPlaneChunks``).  These cases check, for float32, float16 and bfloat16:

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), NaN and inf
  inputs included, every output element written (the output is poisoned with NaN first), ragged last
  H chunks included;
* the output lands in a slice of a larger buffer whose other bytes stay untouched;
* the launch issued fewer DMAs than three per output plane: each case's plan cuts its planes into
  at least three H chunks, so one write per plane chunk could not -- a counter, not a timing.
The tiling test ``UnalignedRowChunksOf910bWriteSeveralPackedPlanes`` pins the packed plans of the
first and fourth cases (ragged last H chunks).
"""
import numpy as np
import pytest
import torch

import ascend_interpolate as ai

from test_trilinear_kernel import check_guarded_result, run_in_guarded_buffer, sprinkle_specials

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}

# (N, C, D, H, W) -> (D, H, W), align_corners, dtypes whose 910B plan packs plane chunks (the
# planner weighs the packing Gathers against the DMAs they save, so small 16-bit problems, bound by
# the vector unit, keep one write per plane chunk)
CASES = [
    ((1, 1, 22, 39, 28), (55, 85, 42), False, ("float32",)),             # ragged last H chunk
    ((2, 1, 24, 60, 37), (60, 120, 15), False, ("float32",)),            # 60 B rows
    ((1, 1, 48, 60, 50), (100, 45, 70), False, ("float32", "float16", "bfloat16")),  # 280 / 140 B rows
    ((1, 2, 40, 50, 60), (160, 101, 29), False, ("float16", "bfloat16")),  # 58 B rows, ragged
    ((1, 2, 50, 40, 60), (200, 90, 45), False, ("float16", "bfloat16")),   # 90 B rows
]
PARAMS = [(dt, shape, size, align) for shape, size, align, dts in CASES for dt in dts]
IDS = [f"{dt}-{'x'.join(map(str, shape))}-{'ac' if align else 'hp'}" for dt, shape, _, align in PARAMS]


def _run(dtype, shape, size, align, x=None, seed=0):
    """The operator's result in the middle of a buffer two slabs longer, the buffer, and x."""
    if x is None:
        g = torch.Generator().manual_seed(seed)
        x = (torch.randn(shape, generator=g) * 4).to(TORCH_DTYPES[dtype])
    got, buf = run_in_guarded_buffer("ascend910b", x, size, align, torch.contiguous_format)
    return got, buf, x


@pytest.mark.parametrize("dtype,shape,size,align", PARAMS, ids=IDS)
def test_packed_plane_writes_match_reference(dtype, shape, size, align):
    got, buf, x = _run(dtype, shape, size, align)
    rec = ai.last_launch()
    check_guarded_result(got, buf, x, size, align, f"910B {dtype} {shape} -> {size}")
    output_planes = shape[0] * shape[1] * size[0]
    assert rec["dma_instructions"] < 3 * output_planes, (rec["dma_instructions"], output_planes)


@pytest.mark.parametrize("align", [False, True], ids=["hp", "ac"])
@pytest.mark.parametrize("dtype,case", [("float32", 0), ("float16", 3)], ids=["float32", "float16"])
def test_packed_plane_writes_propagate_nan_and_inf(dtype, case, align):
    shape, size, _, _ = CASES[case]
    g = torch.Generator().manual_seed(5)
    x = sprinkle_specials(torch.randn(shape, generator=g) * 4, g, 64)
    got, buf, x = _run(dtype, shape, size, align, x=x.to(TORCH_DTYPES[dtype]))
    assert np.isnan(got.float().numpy()).any()
    check_guarded_result(got, buf, x, size, align, f"910B {dtype} NaN/inf")
