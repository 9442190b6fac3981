"""Interpolate-4 resizes of several axes in one pass (docs/aclnnInterpolate.md "Kernel strategy").

Channels-last images and volumes (NHWC / NDHWC, axes before the last), resizes of three axes and
their integer dtypes run as one kernel pass: the input is read once, the output written once, and no
float32 intermediate goes through the GM workspace (the launch record has one SyncAll phase).  The
results are checked against the reference with the tolerances of tests/test_interpolate_kernel.py on
both SoC profiles.
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from test_interpolate_kernel import _check, _data, soc  # noqa: F401 (soc: the SoC fixture, both profiles)

MODES = ["nearest", "linear", "linear_onnx", "cubic"]
DTYPES = [np.dtype(t) for t in (np.float32, np.float16, np.int8, np.uint8, np.int32)]


def _kw(mode, axes, sizes, **extra):
    return dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=axes, **extra)


# (shape, kwargs, the SoCs on which it is one pass[, the modes that split there all the same])
BOTH = ("ascend910b", "ascend310p")
FUSED = [
    # NHWC: W inside the rows of H, the C values of a pixel riding along.  310P: 27-byte rows of 1-byte
    # data are too few (29) to pack into 32 B groups
    ([1, 13, 17, 3], dict(axes=[1, 2], sizes=[29, 9]), ("ascend910b",)),
    ([2, 7, 40, 5], dict(axes=[1, 2], sizes=[15, 90], pads_begin=[0, 1, 2, 0], pads_end=[0, 2, 0, 0]), BOTH),
    ([3, 21, 19, 2], dict(axes=[1, 2], sizes=[7, 6]), BOTH),
    ([1, 60, 90, 3], dict(axes=[1, 2], sizes=[127, 41]), BOTH),
    # three axes: the first the plane axis of a pass whose rows and inner axis are the other two.
    # 310P: rows that are not 32 B multiples are packed when they hold at least 32 B (here not for
    # 1-byte data), else split
    ([1, 2, 6, 9, 11], dict(axes=[2, 3, 4], sizes=[13, 5, 17]), ("ascend910b",)),
    ([1, 2, 6, 9, 16], dict(axes=[2, 3, 4], sizes=[13, 5, 32]), BOTH),
    ([2, 5, 7, 8, 3], dict(axes=[1, 2, 3], sizes=[9, 15, 4]), ("ascend910b",)),  # NDHWC
    # C, H, W of NCDHW.  310P: two passes (SplitPassesModeledFaster: the H/W pass batches the short
    # rows of many planes; modeled 20-28 -> 11-16 us)
    ([2, 6, 5, 7, 40], dict(axes=[1, 3, 4], sizes=[3, 9, 80]), ("ascend910b",)),
    ([3, 4, 10, 12], dict(axes=[0, 2, 3], sizes=[5, 7, 20]), ("ascend910b",)),
    # C and H: identity W rows (310P: 16-bit and 8-bit linear split, its packed identity rows modeled
    # faster: uint8 21.1 -> 11.2 us)
    ([2, 9, 11, 100], dict(axes=[1, 2], sizes=[4, 23]), ("ascend910b",)),
    # the last item: modes split on 910B too, where the second pass takes the cores its few rows are
    # modeled fastest on (ChooseRowsWork: linear 10.5 -> 4.4 us, cubic 8.9 -> 4.0 us; linear 7.4 -> 4.7 us)
    ([1, 3, 6, 9, 10], dict(axes=[2, 3, 4], sizes=[8, 12, 7], pads_begin=[0, 0, 1, 2, 0], pads_end=[0, 0, 2, 0, 3]),
     ("ascend910b",), ("linear", "cubic")),
    ([2, 5, 6, 7, 8], dict(axes=[4, 2, 3], sizes=[32, 3, 10]), ("ascend910b",), ("linear",)),  # 310P split: 21-28 -> 10-11 us
    # antialias: two passes on both SoCs (split modeled faster: 910B 32 -> 14 us)
    ([1, 1, 8, 30, 32], dict(axes=[2, 3, 4], sizes=[4, 10, 11], antialias=True), ()),
    # 310P packed plane chunks (rows of >= 32 B that are not 32 B multiples): a unit's tail block is
    # packed again and re-written over its own bytes; a last row chunk shorter than the others, padding
    # planes (zeros), NDHWC rows of W*C values
    ([1, 2, 6, 9, 11], dict(axes=[2, 3, 4], sizes=[13, 5, 37]), BOTH),
    ([2, 5, 7, 8, 3], dict(axes=[1, 2, 3], sizes=[9, 15, 13]), BOTH),
    ([1, 3, 6, 9, 10], dict(axes=[2, 3, 4], sizes=[8, 12, 37], pads_begin=[0, 0, 1, 2, 0], pads_end=[0, 0, 2, 0, 3]),
     BOTH),
    # 310P splits (D 20 -> 25 over packed identity rows, modeled faster: float32 linear 62.7 -> 20.2 us)
    ([1, 1, 20, 30, 40], dict(axes=[2, 3, 4], sizes=[25, 33, 45]), ("ascend910b",)),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("case", range(len(FUSED)))
def test_fused_resize_matches_reference_in_one_pass(soc, mode, dtype, case):
    shape, extra, one_pass_on, *split_modes = FUSED[case]
    kw = dict(mode=mode, shape_calculation_mode="sizes", **extra)
    rng = np.random.default_rng(case)
    x = _data(shape, dtype, rng)
    want = reference.interpolate(x, **kw)
    got = ai.interpolate(x, **kw)
    _check(got, want, x, kw)
    rec = ai.last_launch()
    if soc in one_pass_on and mode not in (split_modes or [()])[0]:
        assert rec["phases"] == 1, f"{rec['phases']} passes"


def test_channels_last_antialias_downscale(soc):
    x = _data([2, 31, 27, 3], np.dtype(np.uint8), np.random.default_rng(7))
    kw = _kw("linear", [1, 2], [9, 8], antialias=True)
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    assert ai.last_launch()["phases"] == 1


# Rows too long for the UB: column bands, each reading its input span and loading its own tables.
BANDED = [
    ([1, 40, 300, 16], dict(axes=[1, 2], sizes=[61, 700])),  # NHWC, 11200 elements per output row
    ([2, 1, 3001], dict(axes=[2], sizes=[7777])),  # two long rows: the bands spread over the cores
    ([1, 3, 50, 2999], dict(axes=[2, 3], sizes=[37, 9001], pads_begin=[0, 0, 1, 3], pads_end=[0, 0, 2, 5])),
    ([1, 2, 20, 1431], dict(axes=[2, 3], sizes=[47, 4293])),  # 310P: unaligned rows, last band moved back
    ([3, 20, 5000], dict(axes=[2], sizes=[977], antialias=True)),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("dtype", [np.dtype(np.float32), np.dtype(np.float16), np.dtype(np.uint8)],
                         ids=lambda d: d.name)
@pytest.mark.parametrize("case", range(len(BANDED)))
def test_long_rows_in_column_bands(soc, mode, dtype, case):
    shape, extra = BANDED[case]
    _check_in_one_pass(shape, extra, mode, dtype, 100 + case)


def _check_in_one_pass(shape, extra, mode, dtype, seed):
    """The resize of seeded random data against the reference, run as one kernel pass."""
    kw = dict(mode=mode, shape_calculation_mode="sizes", **extra)
    x = _data(shape, dtype, np.random.default_rng(seed))
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    assert ai.last_launch()["phases"] == 1


# Shrinking plane axes on 910B combine the plane taps' input rows first (RowsPassTiling
# planeCombineFirst): each unit reads the rows of its output plane's taps, adds them weighted, then
# runs the row and inner transforms on the output plane only -- one pass, no float32 intermediate in
# the GM workspace, integer data included.  The tiling test PlaneAxesThatShrinkCombineTheirRowsFirst
# pins these plans; values (antialias windows with zero-weight taps, padding planes), NaN / inf where
# the reference has them, and the launch's single phase are checked here.
COMBINED = [
    ([1, 2, 12, 20, 17], dict(axes=[2, 3, 4], sizes=[6, 40, 9], antialias=True)),
    ([1, 3, 16, 12, 17], dict(axes=[2, 3, 4], sizes=[8, 24, 34], antialias=True)),
    ([1, 1, 20, 16, 16], dict(axes=[2, 3, 4], sizes=[10, 32, 32])),
    ([2, 3, 9, 14, 20], dict(axes=[2, 3, 4], sizes=[4, 28, 15], pads_begin=[0, 0, 1, 0, 0], pads_end=[0, 0, 2, 0, 0])),
]


@pytest.mark.usefixtures("default_soc")  # tests/conftest.py: ascend910b
@pytest.mark.parametrize("mode", ["linear", "linear_onnx", "cubic"])
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("case", range(len(COMBINED)))
def test_shrinking_plane_axes_combine_rows_first(mode, dtype, case):
    shape, extra = COMBINED[case]
    _check_in_one_pass(shape, extra, mode, dtype, 200 + case)


@pytest.mark.usefixtures("default_soc")
@pytest.mark.parametrize("mode", ["linear", "cubic"])
@pytest.mark.parametrize("case", range(len(COMBINED)))
def test_combined_plane_rows_propagate_nan_and_inf(mode, case):
    shape, extra = COMBINED[case]
    kw = dict(mode=mode, shape_calculation_mode="sizes", **extra)
    rng = np.random.default_rng(300 + case)
    x = _data(shape, np.dtype(np.float32), rng)
    flat = x.reshape(-1)
    idx = rng.permutation(flat.size)[:6]
    flat[idx[:2]] = np.nan
    flat[idx[2:4]] = np.inf
    flat[idx[4:]] = -np.inf
    got = ai.interpolate(x, **kw)
    want = reference.interpolate(x, **kw)
    assert np.isnan(want).any()
    for special in (np.isnan, np.isposinf, np.isneginf):
        np.testing.assert_array_equal(special(got), special(want))
    finite = np.isfinite(want)
    np.testing.assert_allclose(got[finite], want[finite], rtol=1e-5, atol=1e-4)
    assert ai.last_launch()["phases"] == 1
