"""Inner taps computed on the device (docs/aclnnInterpolate.md "Kernel strategy": computed inner taps).

Where the planner finds it modeled faster, every core computes the gather offsets and weights of
the inner axis's middle columns from the source coordinate (interp::ComputeInnerTaps, the same
operations the planner emulated and compared with its tables bit for bit) instead of reading them:
linear, linear_onnx and cubic weights and offsets, nearest offsets (compared exactly: a copy), on
rows of the axis alone or of its channels-last pixels.
These problems take that path on 910B (the launch record counts the CreateVecIndex that starts each
computed chunk, which no other Interpolate stage issues); the results are checked against the
reference with the tolerances of tests/test_interpolate_kernel.py on both SoC profiles, NaN and inf
inputs included.
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from test_interpolate_kernel import _check, _check_specials, _data, soc  # noqa: F401 (soc: the SoC fixture, both profiles)

TRANSFORMS = ["half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners"]
# (mode, transforms): 240 rows of 700 columns on 48 cores, the tables a large part of each core's bytes
COMPUTED = [("linear", TRANSFORMS), ("linear_onnx", TRANSFORMS), ("cubic", ["tf_half_pixel_for_nn", "align_corners"])]
CASES = [(mode, ct) for mode, cts in COMPUTED for ct in cts]
DTYPES = [np.dtype(t) for t in (np.float32, np.float16, np.uint8)]


def _computed_chunks(rec):
    return rec["vector_ops"].get("CreateVecIndex", {}).get("instructions", 0)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("mode,ct", CASES)
def test_computed_inner_taps_match_reference(soc, mode, ct, dtype):
    kw = dict(mode=mode, coordinate_transformation_mode=ct, shape_calculation_mode="sizes", sizes=[240, 700],
              axes=[2, 3])
    x = _data([1, 1, 120, 300], dtype, np.random.default_rng(len(mode) * 7 + len(ct)))
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    if soc == "ascend910b" and dtype == np.float32:  # (other dtypes: whichever is modeled faster)
        assert _computed_chunks(ai.last_launch()) >= ai.last_launch()["block_dim"]


@pytest.mark.parametrize("mode,ct", CASES[::3])
def test_computed_inner_taps_propagate_nan_and_inf(soc, mode, ct):
    # a NaN or inf in the middle of a row reaches every output whose taps read it, zero weights included
    kw = dict(mode=mode, coordinate_transformation_mode=ct, shape_calculation_mode="sizes", sizes=[240, 700],
              axes=[2, 3])
    x = _data([1, 1, 120, 300], np.dtype(np.float32), np.random.default_rng(3))
    x[0, 0, 40, 100] = np.nan
    x[0, 0, 90, 150] = np.inf
    x[0, 0, 110, 60] = -np.inf
    got = ai.interpolate(x, **kw)
    want = reference.interpolate(x, **kw)
    _check_specials(got, want, 1e-5, 1e-5, finite_share=0.9)
    if soc == "ascend910b":
        assert _computed_chunks(ai.last_launch()) > 0


NEAREST_MODES = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"]


@pytest.mark.parametrize("dtype", [np.dtype(np.float32), np.dtype(np.uint8)], ids=lambda d: d.name)
@pytest.mark.parametrize("lengths", [((120, 300), (240, 700)), ((240, 700), (120, 300))], ids=["up", "down"])
@pytest.mark.parametrize("ct", ["half_pixel", "asymmetric", "align_corners", "tf_half_pixel_for_nn"])
@pytest.mark.parametrize("nearest_mode", NEAREST_MODES)
def test_computed_nearest_offsets_match_reference(soc, nearest_mode, ct, lengths, dtype):
    (h, w), (ho, wo) = lengths
    kw = dict(mode="nearest", nearest_mode=nearest_mode, coordinate_transformation_mode=ct,
              shape_calculation_mode="sizes", sizes=[ho, wo], axes=[2, 3])
    x = _data([1, 1, h, w], dtype, np.random.default_rng(len(nearest_mode) + 5 * len(ct)))
    got = ai.interpolate(x, **kw)
    np.testing.assert_array_equal(got, reference.interpolate(x, **kw))  # a copy: exact
    if soc == "ascend910b" and dtype == np.float32 and nearest_mode in ("round_prefer_floor", "simple"):
        assert _computed_chunks(ai.last_launch()) >= ai.last_launch()["block_dim"]


# Where the 910B planner computes the inner taps of float32 NHWC rows (its model's choice: the linear
# taps of the 60x80 image are read from tables instead, 3.28 us against 3.53 us computed)
COMPUTED_CHANNELS_LAST = {((2, 60, 80, 8), m) for m in ("nearest", "linear_onnx", "cubic")} | \
    {((2, 30, 80, 8), m) for m in ("nearest", "linear", "linear_onnx")}


@pytest.mark.parametrize("dtype", [np.dtype(np.float32), np.dtype(np.uint8)], ids=lambda d: d.name)
@pytest.mark.parametrize("mode", ["nearest", "linear", "linear_onnx", "cubic"])
@pytest.mark.parametrize("shape,sizes", [([2, 60, 80, 8], [120, 160]), ([2, 30, 80, 8], [60, 160]),
                                         ([1, 120, 300, 3], [240, 700])])
def test_computed_channels_last_taps_match_reference(soc, shape, sizes, mode, dtype):
    # NHWC rows: column m of the inner block is position m / C, channel m % C
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=[1, 2])
    x = _data(shape, dtype, np.random.default_rng(len(mode)))
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    if soc == "ascend910b" and dtype == np.float32 and (tuple(shape), mode) in COMPUTED_CHANNELS_LAST:
        assert _computed_chunks(ai.last_launch()) >= ai.last_launch()["block_dim"]
