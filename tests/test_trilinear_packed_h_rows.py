"""UpsampleTrilinear3d: the Gather form of the H pass writing packed rows.

Output rows that are not whole 32 B blocks are padded in the UB, and the padded chunks used to be
packed by a compaction Gather before every write (310P), or once per plane (910B plane packing).
Where the H pass is the Gather form, the kernel now packs its per-unit H tables instead (padded rows
built, then one Gather per table), so the H Gathers write the chunk's rows packed and the D pass,
the Cast and the write run on packed rows (tiling predicate ``TrilinearPacksHRows``).  On 310P the
last 32 B of a write whose length is not whole blocks is gathered and moved after the range; where
several planes of a write are not whole 32 B blocks, each plane's packed chunk is staged 32 B-aligned
and one Gather packs the write (``TrilinearStagesPackedPlanes``).

These cases (the tiling test ``HGatherWritesPackedRows`` pins their plans) cover several planes per
write of whole-block planes, a tap-1 table and tap 1 read through tap 0's offsets (clamped last rows),
ragged last H chunks, tail blocks, staged packed planes, and 910B plane packing; each checks:

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), every output
  element written (the output is poisoned with NaN first);
* NaN and inf inputs giving NaN / inf exactly where the reference has them;
* the output lands in a slice of a larger buffer whose other bytes stay untouched.
"""
import numpy as np
import pytest
import torch

from test_trilinear_kernel import check_guarded_result, run_in_guarded_buffer, sprinkle_specials

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}

# soc, dtype, (N, C, D, H, W), (D, H, W) out, align_corners
CASES = [
    ("ascend310p", "float16", (1, 32, 10, 20, 20), (20, 40, 40), False),  # whole-block planes, 11 a write
    ("ascend310p", "float32", (1, 8, 7, 4, 5), (28, 16, 20), False),      # 14 planes a write
    ("ascend310p", "float16", (1, 1, 36, 87, 109), (90, 69, 87), True),   # ragged H chunks, tail blocks
    ("ascend310p", "float32", (1, 2, 16, 47, 55), (32, 117, 99), False),  # tap 1 via tap 0, clamped rows
    ("ascend310p", "float16", (1, 2, 16, 47, 55), (32, 117, 99), False),
    ("ascend910b", "float16", (1, 1, 42, 82, 108), (105, 65, 86), True),  # plane packing, tap-1 table
    ("ascend910b", "bfloat16", (1, 1, 42, 82, 108), (105, 65, 86), True),
    ("ascend910b", "float32", (1, 2, 16, 47, 55), (32, 117, 99), False),  # plane packing, tap 1 via tap 0
    # 310P, several planes per write that are not whole 32 B blocks: staged, one Gather packs the planes
    ("ascend310p", "float16", (1, 3, 7, 13, 9), (15, 31, 23), True),
    ("ascend310p", "float32", (1, 4, 30, 87, 5), (18, 259, 1), False),  # rows of one element
]
IDS = [f"{soc}-{dt}-{'x'.join(map(str, shape))}-{'ac' if ac else 'hp'}" for soc, dt, shape, _, ac in CASES]


def _input(shape, dtype, seed, specials):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(shape, generator=g) * 4
    if specials:
        x = sprinkle_specials(x, g, 48)
        x[..., -1, -1] = float("inf")  # the last row, which clamped output rows read
    return x.to(TORCH_DTYPES[dtype])


@pytest.mark.parametrize("specials", [False, True], ids=["finite", "specials"])
@pytest.mark.parametrize("soc,dtype,shape,size,align", CASES, ids=IDS)
def test_packed_h_rows_match_reference(soc, dtype, shape, size, align, specials):
    x = _input(shape, dtype, 31, specials)
    got, buf = run_in_guarded_buffer(soc, x, size, align, torch.contiguous_format)
    if specials:
        assert np.isnan(got.float().numpy()).any()
    check_guarded_result(got, buf, x, size, align, f"{soc} {dtype} {shape} -> {size}")
