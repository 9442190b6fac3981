"""Short shrinking rows of many channels, batched with the inner transform after the row combination.

Where rows shrink, a ROWS pass combines the input rows first and runs the inner transform on the
combined row (innerAfter, docs/aclnnInterpolate.md "Kernel strategy").  For short rows of many
channels, B channels then share every instruction: the slots hold the B input rows as read (rawPitch
apart), the row combination runs over all of them, and one Gather per inner tap set reads all B
lanes (the batched inner tables).  One channel at a time would issue at least one inner-transform
Gather per output row of every channel; the batched pass issues far fewer, which the launch record
shows (both SoCs: these rows are 32 B multiples, which 310P needs to batch).
The results are checked against the reference with the tolerances of
tests/test_interpolate_kernel.py, on both SoC profiles, NaN and inf inputs included.
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from test_interpolate_kernel import _check, _data, soc  # noqa: F401 (soc: the SoC fixture, both profiles)

SHAPE = [4, 16, 60, 128]  # rows of 128 -> 32: 32 B multiples in and out for 1-, 2- and 4-byte dtypes
SIZES = [45, 32]
CASES = [("linear", False), ("linear", True), ("linear_onnx", False), ("cubic", False)]
DTYPES = [np.dtype(t) for t in (np.float32, np.float16, np.uint8, np.int32)]


def _gathers(rec):
    return rec["vector_ops"].get("Gather", {}).get("instructions", 0)


def _kwargs(mode, antialias, transform):
    return dict(mode=mode, antialias=antialias, coordinate_transformation_mode=transform,
                shape_calculation_mode="sizes", sizes=SIZES, axes=[2, 3])


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("transform", ["half_pixel", "align_corners"])
@pytest.mark.parametrize("mode,antialias", CASES)
def test_batched_shrinking_rows_match_reference(soc, mode, antialias, transform, dtype):
    kw = _kwargs(mode, antialias, transform)
    x = _data(SHAPE, dtype, np.random.default_rng(len(mode) * 11 + len(transform) + antialias))
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    rows_out = SHAPE[0] * SHAPE[1] * SIZES[0]
    assert _gathers(ai.last_launch()) < rows_out / 4  # unbatched: >= one Gather per output row


@pytest.mark.parametrize("mode,antialias", CASES)
def test_batched_shrinking_rows_propagate_nan_and_inf(soc, mode, antialias):
    # specials in several channels of one batch reach exactly the outputs whose taps read them
    kw = _kwargs(mode, antialias, "half_pixel")
    x = _data(SHAPE, np.dtype(np.float32), np.random.default_rng(7))
    x[0, 1, 20, 40] = np.nan
    x[1, 5, 33, 100] = np.inf
    x[3, 15, 59, 0] = -np.inf
    got = ai.interpolate(x, **kw)
    want = reference.interpolate(x, **kw)
    for special in (np.isnan, np.isposinf, np.isneginf):
        np.testing.assert_array_equal(special(got), special(want))
    finite = np.isfinite(want)
    assert finite.sum() > 0.99 * want.size
    np.testing.assert_allclose(got[finite], want[finite], rtol=1e-5, atol=1e-5 * float(np.abs(x[np.isfinite(x)]).max()))
