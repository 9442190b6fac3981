"""UpsampleTrilinear3d on 310P: several input planes per DMA for rows that are not 32 B multiples.

310P has no DataCopyPad, and its strided DataCopy moves whole 32 B blocks, so input rows of, say,
31 float32 values could only be read one plane per DMA. Where a unit holds whole input planes (one H
chunk using every input row, whole rows, no pair rows, no channel chunks) a run of consecutive
planes is one contiguous GM range: the kernel reads it with one DMA and finds plane k of the run k
planes after where the range's first element landed (tiling predicate
``TrilinearContiguousPlaneLoads``; 16-bit inputs are cast from the 32 B block holding a plane's
first element). These cases check, for float32 and float16, contiguous (NCDHW) and channels-last
(NDHWC) layouts:

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), NaN and inf
  inputs included, every output element written (the output is poisoned with NaN first);
* the output lands in a slice of a larger buffer whose other bytes stay untouched;
* the plan that ran loaded several planes per DMA: the launch issued fewer DMAs than the input
  planes it had to read (one DMA per plane could not) -- a counter, not a timing.
"""
import numpy as np
import pytest
import torch

import ascend_interpolate as ai

from test_trilinear_kernel import check_guarded_result, run_in_guarded_buffer, sprinkle_specials

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16}

# (N, C, D, H, W) -> (D, H, W), align_corners, channels-last: rows of 9-33 values (never whole 32 B
# blocks); each unit is a whole slab, its input planes read in runs of 6-20 planes on 310P (the
# tiling test checks such plans)
CASES = [
    ((2, 4, 12, 15, 13), (18, 21, 20), False, False),
    ((1, 8, 10, 9, 21), (15, 17, 30), True, False),
    ((2, 4, 16, 20, 30), (8, 20, 45), False, False),   # D downscale
    ((4, 4, 20, 11, 19), (30, 7, 25), True, False),    # H downscale
    ((8, 1, 30, 25, 27), (45, 50, 27), False, False),  # W kept; float32: three runs of 10 planes a slab
    ((8, 3, 12, 10, 11), (18, 15, 16), False, True),   # NDHWC rows of 33 values
]
IDS = [f"{'x'.join(map(str, s))}-{'ac' if a else 'hp'}{'-cl' if cl else ''}" for s, _, a, cl in CASES]


def _run(soc, dtype, shape, size, align, channels_last, x=None, seed=0):
    """The operator's result in the middle of a buffer two slabs longer, the buffer, and x."""
    if x is None:
        g = torch.Generator().manual_seed(seed)
        x = (torch.randn(shape, generator=g) * 4).to(TORCH_DTYPES[dtype])
    fmt = torch.channels_last_3d if channels_last else torch.contiguous_format
    x = x.contiguous(memory_format=fmt)
    got, buf = run_in_guarded_buffer(soc, x, size, align, fmt)
    return got, buf, x


@pytest.mark.parametrize("dtype", list(TORCH_DTYPES))
@pytest.mark.parametrize("shape,size,align,channels_last", CASES, ids=IDS)
def test_contiguous_plane_loads_match_reference(dtype, shape, size, align, channels_last):
    got, buf, x = _run("ascend310p", dtype, shape, size, align, channels_last)
    rec = ai.last_launch()
    check_guarded_result(got, buf, x, size, align, f"310P {dtype} {shape} -> {size}")
    input_planes = shape[0] * (1 if channels_last else shape[1]) * shape[2]
    assert rec["dma_instructions"] < input_planes, (rec["dma_instructions"], input_planes)


@pytest.mark.parametrize("dtype", list(TORCH_DTYPES))
@pytest.mark.parametrize("channels_last", [False, True], ids=["ncdhw", "ndhwc"])
def test_contiguous_plane_loads_propagate_nan_and_inf(dtype, channels_last):
    shape, size, align, _ = CASES[5] if channels_last else CASES[0]
    g = torch.Generator().manual_seed(3)
    x = sprinkle_specials(torch.randn(shape, generator=g) * 4, g, 48)
    got, buf, x = _run("ascend310p", dtype, shape, size, align, channels_last, x=x.to(TORCH_DTYPES[dtype]))
    assert np.isnan(got.float().numpy()).any()
    check_guarded_result(got, buf, x, size, align, f"310P {dtype} NaN/inf")

