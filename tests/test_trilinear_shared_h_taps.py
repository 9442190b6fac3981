"""UpsampleTrilinear3d: the Gather form of the H pass reading tap 1 through tap 0's offsets.

Every output row's tap 1 is the input row after its tap 0, except the rows clamped at the end of the
axis (tap 1 = tap 0 = the last input row).  The planner may drop the H pass's tap-1 table (tiling
field ``hTap1Shared``, predicate ``TrilinearHTap1FromTap0``): the second Gather then reads the tap-0
offsets one W row further on, and a unit with clamped rows copies the last input row (W-passed) one
row below itself in the W buffer for every input plane.  These H upscales (clamped last rows; the
tiling test ``HGatherMayReadTap1ThroughTap0`` pins their plans) check on both SoCs:

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), every output
  element written (the output is poisoned with NaN first);
* NaN and inf in the last input row of each plane, which the clamped rows read through the copy:
  ``inf`` times a zero weight is NaN exactly where the reference has it;
* the output lands in a slice of a larger buffer whose other bytes stay untouched.
"""
import numpy as np
import pytest
import torch

from test_trilinear_kernel import check_guarded_result, run_in_guarded_buffer

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16}
CASES = [("ascend910b", "float16", (2, 2, 10, 30, 30), (20, 75, 75)),
         ("ascend310p", "float32", (1, 2, 16, 47, 55), (32, 117, 99)),
         ("ascend310p", "float16", (1, 2, 16, 47, 55), (32, 117, 99))]
IDS = [f"{soc}-{dt}-{'x'.join(map(str, shape))}" for soc, dt, shape, _ in CASES]


def _input(shape, dtype, seed, specials):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=g) * 4
    if specials:  # the last input row of every plane: NaN, inf and -inf at a few columns
        w = shape[-1]
        x[..., -1, 0] = float("nan")
        x[..., -1, w // 2] = float("inf")
        x[..., -1, w - 1] = float("-inf")
    return x.to(TORCH_DTYPES[dtype])


@pytest.mark.parametrize("specials", [False, True], ids=["finite", "specials"])
@pytest.mark.parametrize("soc,dtype,shape,size", CASES, ids=IDS)
def test_shared_h_taps_match_reference(soc, dtype, shape, size, specials):
    x = _input(shape, dtype, 21, specials)
    got, buf = run_in_guarded_buffer(soc, x, size, False, torch.contiguous_format)
    if specials:
        assert np.isnan(got.float().numpy()[..., -1, :]).any()
    check_guarded_result(got, buf, x, size, False, f"{soc} {dtype} {shape} -> {size}")
