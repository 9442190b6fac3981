"""UpsampleTrilinear3d, 16-bit io: staged input rows Cast to float32 one W batch at a time.

A unit that stages many input rows of a plane (strong H downscales of whole planes) needed a float32
copy of the whole plane slot beside the 16-bit rows.  Where the planner models it faster, the kernel
Casts the rows of one W-pass Gather batch at a time, from the 32 B block holding the batch's first
element, into a buffer of one batch (tiling field ``wBatchCasts``, predicate
``TrilinearCastsPerWBatch``); the UB it frees goes to more planes per DMA.  These cases (the tiling
test ``SixteenBitRowsMayCastOneWBatchAtATime`` pins their plans: rows of 147 and 93 values, so
batches start inside a 32 B block) check on both SoCs, float16 and bfloat16 (910B):

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), NaN and inf
  inputs included, every output element written (the output is poisoned with NaN first);
* the output lands in a slice of a larger buffer whose other bytes stay untouched.
"""
import numpy as np
import pytest
import torch


from test_trilinear_kernel import check_guarded_result, run_in_guarded_buffer, sprinkle_specials

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

TORCH_DTYPES = {"float16": torch.float16, "bfloat16": torch.bfloat16}

DOWNSCALE = ((1, 4, 39, 105, 166), (13, 35, 41))
UPSCALE_D = ((2, 1, 16, 110, 115), (48, 27, 230))
CASES = [("ascend910b", "float16", DOWNSCALE), ("ascend910b", "bfloat16", DOWNSCALE),
         ("ascend310p", "float16", DOWNSCALE), ("ascend310p", "float16", UPSCALE_D)]
IDS = [f"{soc}-{dt}-{'x'.join(map(str, case[0]))}" for soc, dt, case in CASES]


def _check(soc, shape, size, x, what):
    got, buf = run_in_guarded_buffer(soc, x, size, False, torch.contiguous_format)
    check_guarded_result(got, buf, x, size, False, what)
    return got


@pytest.mark.parametrize("soc,dtype,case", CASES, ids=IDS)
def test_batch_casts_match_reference(soc, dtype, case):
    shape, size = case
    g = torch.Generator().manual_seed(11)
    x = (torch.randn(shape, generator=g) * 4).to(TORCH_DTYPES[dtype])
    _check(soc, shape, size, x, f"{soc} {dtype} {shape} -> {size}")


@pytest.mark.parametrize("soc,dtype,case", CASES[::2], ids=IDS[::2])
def test_batch_casts_propagate_nan_and_inf(soc, dtype, case):
    shape, size = case
    g = torch.Generator().manual_seed(12)
    x = sprinkle_specials(torch.randn(shape, generator=g) * 4, g, 96).to(TORCH_DTYPES[dtype])
    got = _check(soc, shape, size, x, f"{soc} {dtype} NaN/inf")
    assert np.isnan(got.float().numpy()).any()
