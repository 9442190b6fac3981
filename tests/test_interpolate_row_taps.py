"""Interpolate row taps of as many entries as the fullest row needs (RowsPassTiling rowTaps).

A weighted ROWS pass keeps, per output row, the taps that contribute (zero-weight rows inside the
window folded into run entries) and a +0.0f padding entry where the row ends early.  The table is as
wide as the fullest row, not as the window: an antialias 4x downscale's 17-row window takes 10
entries (a run, 8 weighted rows, a run), and the fullest rows end at the row's end, with no
terminating entry.  Such a row's last entry may be a run of zero-weight rows; the kernel's scans for
the last input row an output row reads must read through the run (LastSourceOf), or a core reads its
input rows one DMA at a time past the run's start.

Checked on both SoCs against the reference:
* values, with an inf in one input row at a time: NaN / inf positions exactly the reference's (an
  inf under a zero weight of a run gives NaN);
* the DMA count stays under a bound between the kernel's count and the count with the run's end
  ignored (comments: now / without LastSourceOf).
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference

SOCS = ["ascend910b", "ascend310p"]

# (shape, output H, W, mode, most DMAs on 910B, on 310P)
CASES = [
    ([1, 3, 200, 6], [12, 6], "linear", 300, 80),      # 204 / 414 on 910B, 55 / 102 on 310P
    ([1, 4, 160, 40], [10, 13], "linear", 400, 100),   # 224 / 740, 73 / 137
    ([1, 3, 448, 448], [112, 112], "linear", 420, 156),  # 336 / 513, 142 / 170
    ([1, 2, 300, 4], [9, 4], "cubic", 120, 64),        # cubic's window has no zero-weight rows: 90, 48
]


def _kwargs(sizes, mode):
    return dict(mode=mode, antialias=True, shape_calculation_mode="sizes", sizes=sizes, axes=[2, 3])


@pytest.fixture(params=SOCS)
def soc(request, default_soc):
    ai.set_soc(request.param)  # default_soc restores the SoC afterwards
    return request.param


@pytest.mark.parametrize("case", range(len(CASES)), ids=lambda i: "x".join(map(str, CASES[i][0])))
def test_row_taps_match_reference_in_few_dmas(soc, case):
    shape, sizes, mode, most910, most310 = CASES[case]
    kw = _kwargs(sizes, mode)
    x = (np.random.default_rng(case).standard_normal(shape) * 4).astype(np.float32)
    want = reference.interpolate(x, **kw)
    out = np.full(want.shape, np.nan, dtype=np.float32)
    got = ai.interpolate(x, **kw, out=out)
    assert got is out and got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5 * float(np.abs(x).max()))
    most = most910 if soc == "ascend910b" else most310
    assert ai.last_launch()["dma_instructions"] <= most


@pytest.mark.parametrize("case", range(len(CASES)), ids=lambda i: "x".join(map(str, CASES[i][0])))
def test_an_inf_row_reaches_the_outputs_whose_window_holds_it(soc, case):
    shape, sizes, mode, _, _ = CASES[case]
    shape = [1, 1, shape[2], min(shape[3], 8)]
    kw = _kwargs([sizes[0], min(sizes[1], shape[3])], mode)
    rng = np.random.default_rng(100 + case)
    for r in rng.choice(shape[2], size=min(shape[2], 24), replace=False):
        x = rng.standard_normal(shape).astype(np.float32)
        x[:, :, r, :] = np.inf
        want = reference.interpolate(x, **kw)
        got = ai.interpolate(x, **kw)
        for special in (np.isnan, np.isposinf, np.isneginf):
            np.testing.assert_array_equal(special(got), special(want), err_msg=f"inf in input row {r}")
        finite = np.isfinite(want)
        np.testing.assert_allclose(got[finite], want[finite], rtol=1e-5, atol=1e-5)
