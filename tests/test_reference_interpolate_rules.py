"""Interpolate-4 reference: the spec's worked example, the facts measured in docs/aclnnInterpolate.md, and the
places where the project deliberately differs from the spec's Python reference or from an OpenVINO
component, each asserted against a hand-computed expectation (with the rule named)."""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from ascend_interpolate import reference
from oracles import BFLOAT16, openvino_interpolate

F32 = np.float32


def _interp(data, sizes=None, scales=None, axes=None, **kwargs):
    kwargs.setdefault("shape_calculation_mode", "sizes" if sizes is not None else "scales")
    return reference.interpolate(data, sizes, scales, axes, **kwargs)


def _both_inputs(data_shape, axes, sizes=None, scales=None, pads=None):
    """sizes and scales for OpenVINO, which takes both inputs (the unused one is ignored)."""
    padded = [data_shape[a] + (pads[a] if pads else 0) for a in axes]
    if sizes is None:
        sizes = [reference._scales_mode_length(p, s) for p, s in zip(padded, scales)]
    if scales is None:
        scales = [float(F32(o) / F32(p)) for o, p in zip(sizes, padded)]
    return list(sizes), list(scales)


# ------------------------------------------------------------------------------------------------
# The spec's example: 1x2x48x80, scales [0.5, 2.0], axes [2, 3], linear -> 1x2x24x160
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("backend", ["cpu", "evaluate"])
def test_spec_worked_example(backend):
    rng = np.random.default_rng(48_80)
    data = rng.standard_normal((1, 2, 48, 80)).astype(np.float32)
    ours = reference.interpolate(data, [24, 160], [0.5, 2.0], [2, 3], mode="linear", shape_calculation_mode="scales")
    assert ours.shape == (1, 2, 24, 160) and ours.dtype == np.float32
    theirs = openvino_interpolate(data, [24, 160], [0.5, 2.0], [2, 3], backend=backend, mode="linear",
                                  shape_calculation_mode="scales")
    assert theirs.shape == (1, 2, 24, 160)
    np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=2e-6 * np.abs(data).max())


# ------------------------------------------------------------------------------------------------
# Output shape, scales mode (docs/aclnnInterpolate.md "Output shape" (OV)): int64(float32(L) * (float32(s) + 1e-6f))
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "length, scale, expected",
    [(5, 1.8, 9), (5, 1.4, 7), (3, float(F32(0.6666666269)), 2), (10, float(F32(0.3)), 3)],
)
def test_scales_mode_output_length(length, scale, expected):
    # floor(5 * float32(1.8)) = floor(8.9999998) would be 8 without OpenVINO's epsilon
    data = np.random.default_rng(length).standard_normal(length).astype(np.float32)
    ours = _interp(data, scales=[scale], mode="linear")
    assert ours.shape == (expected,)
    theirs = openvino_interpolate(data, [expected], [scale], [0], mode="linear", shape_calculation_mode="scales")
    assert theirs.shape == (expected,)


# ------------------------------------------------------------------------------------------------
# Coordinates are float32 (docs/aclnnInterpolate.md "Coordinate transforms"): L=9, scale f32(0.6), nearest floor,
# half_pixel gives [0 2 3 5 6] (float64 coordinates would give [0 1 3 5 6]).
# ------------------------------------------------------------------------------------------------
def test_float32_coordinates_decide_nearest_pixels():
    data = np.arange(9, dtype=np.int32) * 10
    ours = _interp(data, scales=[float(F32(0.6))], mode="nearest", nearest_mode="floor")
    np.testing.assert_array_equal(ours, [0, 20, 30, 50, 60])
    float64_pixels = np.floor((np.arange(5) + 0.5) / float(F32(0.6)) - 0.5).astype(int)
    assert list(float64_pixels) == [0, 1, 3, 5, 6]  # the rule the test guards against
    theirs = openvino_interpolate(data, [5], [float(F32(0.6))], [0], mode="nearest", shape_calculation_mode="scales",
                                  nearest_mode="floor")
    np.testing.assert_array_equal(theirs, ours)


# ------------------------------------------------------------------------------------------------
# round_prefer_ceil is round half away from zero (docs/aclnnInterpolate.md "nearest"): 8 -> 4 half_pixel has the tie
# coordinates 0.5, 2.5, 4.5, 6.5 and picks [1, 3, 5, 7]; the spec's Python reference uses Python's
# half-to-even round() and would pick [0, 2, 4, 6].
# ------------------------------------------------------------------------------------------------
def test_round_prefer_ceil_rounds_half_away_from_zero():
    data = np.arange(8, dtype=np.int32)
    ours = _interp(data, sizes=[4], mode="nearest", nearest_mode="round_prefer_ceil")
    np.testing.assert_array_equal(ours, [1, 3, 5, 7])
    assert [round(c) for c in (0.5, 2.5, 4.5, 6.5)] == [0, 2, 4, 6]  # the spec reference's choice
    theirs = openvino_interpolate(data, [4], [0.5], [0], mode="nearest", shape_calculation_mode="sizes",
                                  nearest_mode="round_prefer_ceil")
    np.testing.assert_array_equal(theirs, ours)


@pytest.mark.parametrize(
    "nearest_mode, expected",
    [
        # half_pixel 8 -> 4: coordinates 0.5, 2.5, 4.5, 6.5 (ties)
        ("round_prefer_floor", [0, 2, 4, 6]),
        ("round_prefer_ceil", [1, 3, 5, 7]),
        ("floor", [0, 2, 4, 6]),
        ("ceil", [1, 3, 5, 7]),
        ("simple", [1, 3, 5, 7]),  # downsampling: ceil
    ],
)
def test_nearest_modes_on_ties(nearest_mode, expected):
    data = np.arange(8, dtype=np.uint8) + 100
    ours = _interp(data, sizes=[4], mode="nearest", nearest_mode=nearest_mode)
    np.testing.assert_array_equal(ours, np.array(expected) + 100)


def test_nearest_simple_truncates_when_upsampling():
    # 4 -> 6 asymmetric: coordinates x / 1.5 = 0, .67, 1.33, 2, 2.67, 3.33 -> trunc (not ceil)
    data = np.arange(4, dtype=np.int8)
    ours = _interp(data, sizes=[6], mode="nearest", nearest_mode="simple", coordinate_transformation_mode="asymmetric")
    np.testing.assert_array_equal(ours, [0, 0, 1, 2, 2, 3])


def test_nearest_copies_large_int32_exactly():
    # docs/aclnnInterpolate.md "nearest": no float round trip, so int32 values above 2**24 survive
    data = np.array([2**31 - 1, -(2**31), 2**24 + 1, 123456789], dtype=np.int32)
    ours = _interp(data, sizes=[8], mode="nearest")
    assert set(ours.tolist()) == set(data.tolist())
    np.testing.assert_array_equal(ours, np.repeat(data, 2))


# ------------------------------------------------------------------------------------------------
# Identity rule (docs/aclnnInterpolate.md "Identity rule", OV): out == padded or scale == 1 copies the
# axis, in every mode and transform
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", reference.MODES)
@pytest.mark.parametrize("transform", reference.COORDINATE_TRANSFORMATION_MODES)
def test_identity_axis_is_copied(mode, transform):
    rng = np.random.default_rng(7)
    data = rng.standard_normal((3, 4)).astype(np.float32)
    # axis 1 keeps its length 4; the spec formula for tf_half_pixel_for_nn would read 0.5, 1.5, ...
    ours = _interp(data, sizes=[4], axes=[1], mode=mode, coordinate_transformation_mode=transform,
                   nearest_mode="ceil")
    np.testing.assert_array_equal(ours, data)


def test_identity_axis_with_scale_other_than_one_is_copied():
    # scales mode, L=5, s=1.1: int(5 * 1.100001) = 5 == padded -> copy, although s != 1
    data = np.random.default_rng(11).standard_normal((2, 5)).astype(np.float32)
    ours = _interp(data, scales=[1.1], axes=[1], mode="linear", coordinate_transformation_mode="tf_half_pixel_for_nn")
    np.testing.assert_array_equal(ours, data)
    theirs = openvino_interpolate(data, [5], [1.1], [1], mode="linear", shape_calculation_mode="scales",
                                  coordinate_transformation_mode="tf_half_pixel_for_nn")
    np.testing.assert_array_equal(theirs, data)


def test_axes_not_listed_are_copied_even_with_nearest_ceil():
    # the spec reference resamples every dimension with scale 1 for nearest: tf_half_pixel_for_nn + ceil
    # would read the next row (ceil(x + 0.5)); the axis is copied instead
    data = np.arange(12, dtype=np.int32).reshape(3, 4)
    ours = _interp(data, sizes=[8], axes=[1], mode="nearest", nearest_mode="ceil",
                   coordinate_transformation_mode="tf_half_pixel_for_nn")
    assert ours.shape == (3, 8)
    np.testing.assert_array_equal(ours[:, 0], data[:, 1])  # ceil((0 + .5) / 2) = 1 on the resized axis
    np.testing.assert_array_equal(ours[:, ::2][:, :3], data[:, 1:4])
    theirs = openvino_interpolate(data, [8], [2.0], [1], mode="nearest", shape_calculation_mode="sizes",
                                  nearest_mode="ceil", coordinate_transformation_mode="tf_half_pixel_for_nn")
    np.testing.assert_array_equal(theirs, ours)


# ------------------------------------------------------------------------------------------------
# Integer outputs (docs/aclnnInterpolate.md "dtypes" (OV CPU)): round half to even, saturate
# ------------------------------------------------------------------------------------------------
def test_integer_results_round_half_to_even():
    # linear_onnx align_corners 2 -> 3 puts the middle output exactly halfway between the inputs
    data = np.array([[1, 2], [2, 3], [-1, -2], [-2, -3]], dtype=np.int32)
    ours = _interp(data, sizes=[3], axes=[1], mode="linear_onnx", coordinate_transformation_mode="align_corners")
    np.testing.assert_array_equal(ours, [[1, 2, 2], [2, 2, 3], [-1, -2, -2], [-2, -2, -3]])
    theirs = openvino_interpolate(data, [3], [1.5], [1], mode="linear_onnx", shape_calculation_mode="sizes",
                                  coordinate_transformation_mode="align_corners")
    np.testing.assert_array_equal(theirs, ours)


@pytest.mark.parametrize(
    "dtype, high, expected",
    [
        # cubic (a = -0.75) half_pixel 4 -> 8 of [0, 0, high, high]: the weights at t = .25 / .75 give
        # high * [0, -.03515625, -.10546875, .2265625, .7734375, 1.10546875, 1.03515625, 1]
        (np.uint8, 255, [0, 0, 0, 58, 197, 255, 255, 255]),  # -8.96, -26.9 -> 0; 281.9, 264.0 -> 255
        (np.int8, 127, [0, -4, -13, 29, 98, 127, 127, 127]),  # 140.4 and 131.5 -> 127
    ],
)
def test_integer_results_saturate(dtype, high, expected):
    data = np.array([0, 0, high, high], dtype=dtype)
    ours = _interp(data, sizes=[8], mode="cubic")
    assert ours.dtype == dtype
    np.testing.assert_array_equal(ours, expected)
    theirs = openvino_interpolate(data, [8], [2.0], [0], mode="cubic", shape_calculation_mode="sizes")
    np.testing.assert_array_equal(theirs, ours)  # the CPU plugin saturates too (the core ref wraps)


def test_bfloat16_rounds_once_from_float64():
    # 1 + 2**-8 + 2**-40 is just above the halfway point between bfloat16 1 and 1 + 2**-7; rounding
    # through float32 first would lose the 2**-40 and pick 1 (ties to even)
    values = np.array([1 + 2**-8 + 2**-40, -(1 + 2**-8 + 2**-40), 1 + 2**-8, 3.4e38, np.inf, np.nan])
    rounded = reference._float64_to_bfloat16(values).astype(np.float64)
    np.testing.assert_array_equal(rounded[:4], [1 + 2**-7, -(1 + 2**-7), 1.0, np.inf])
    assert rounded[4] == np.inf and np.isnan(rounded[5])


# ------------------------------------------------------------------------------------------------
# antialias is honoured at every rank (docs/aclnnInterpolate.md "linear" (spec)); the CPU plugin drops it below rank 5
# ------------------------------------------------------------------------------------------------
ANTIALIAS_DATA = np.array([1, 2, 4, 8, 16, 32, 64, 128], dtype=np.float32)
# 8 -> 4 half_pixel: c = 2x + .5, a = .5, taps within 2 of c inside [0, 8), weights 1 - |(c - p) / 2|:
# x=0: p 0,1,2 weights .75 .75 .25; x=1: p 1..4 .25 .75 .75 .25; x=2 the same shifted; x=3: p 5,6,7
ANTIALIAS_EXPECTED = [3.25 / 1.75, 13.5 / 2, 54 / 2, 152 / 1.75]
PLAIN_LINEAR_EXPECTED = [1.5, 6, 24, 96]  # without antialias: 2-tap lerp at c = 2x + .5


@pytest.mark.parametrize("rank", [1, 2, 3, 4, 5])
def test_antialias_is_honoured_at_every_rank(rank):
    data = ANTIALIAS_DATA.reshape((1,) * (rank - 1) + (8,))
    ours = _interp(data, sizes=[4], axes=[rank - 1], mode="linear", antialias=True)
    np.testing.assert_allclose(ours.reshape(-1), ANTIALIAS_EXPECTED, rtol=1e-6)
    plain = _interp(data, sizes=[4], axes=[rank - 1], mode="linear", antialias=False)
    np.testing.assert_allclose(plain.reshape(-1), PLAIN_LINEAR_EXPECTED, rtol=1e-6)
    core = openvino_interpolate(data, [4], [0.5], [rank - 1], backend="evaluate", mode="linear",
                                shape_calculation_mode="sizes", antialias=True)
    np.testing.assert_allclose(core, ours, rtol=1e-6)


def test_openvino_cpu_plugin_still_drops_antialias_below_rank_5():
    """Pins a defect docs/aclnnInterpolate.md "Testing against OpenVINO" routes around; if OpenVINO fixes
    it this fails and the oracle predicate in tests/oracles.py can be relaxed."""
    cpu2 = openvino_interpolate(ANTIALIAS_DATA.reshape(1, 8), [4], [0.5], [1], mode="linear",
                                shape_calculation_mode="sizes", antialias=True)
    np.testing.assert_allclose(cpu2.reshape(-1), PLAIN_LINEAR_EXPECTED, rtol=1e-6)
    cpu5 = openvino_interpolate(ANTIALIAS_DATA.reshape(1, 1, 1, 1, 8), [4], [0.5], [4], mode="linear",
                                shape_calculation_mode="sizes", antialias=True)
    np.testing.assert_allclose(cpu5.reshape(-1), ANTIALIAS_EXPECTED, rtol=1e-6)


@pytest.mark.parametrize("mode", ["nearest", "linear_onnx", "cubic"])
def test_antialias_has_no_effect_on_other_modes(mode):
    data = np.random.default_rng(3).standard_normal((5, 9)).astype(np.float32)
    with_aa = _interp(data, sizes=[3, 4], mode=mode, antialias=True)
    without = _interp(data, sizes=[3, 4], mode=mode, antialias=False)
    np.testing.assert_array_equal(with_aa, without)


def _spec_linear_brute_force(data, out_shape, scales, transform, antialias):
    """The spec's linear_interpolation weight formula, evaluated per output element over the whole
    (2r+1)^n neighbourhood, non-separably (slow; small shapes only). Coordinates in float32."""
    rank = data.ndim
    axes = list(range(rank))
    scales = [F32(s) for s in scales]
    antialias_on = antialias and any(s < 1 for s in scales)
    a = [float(s) if antialias_on else 1.0 for s in scales]
    r = [2 if s > 1 else int(math.ceil(2.0 / ai)) for s, ai in zip(scales, a)]
    coord_fn = reference._COORDINATE_TRANSFORMS[transform]
    result = np.zeros(out_shape)
    for out_index in itertools.product(*[range(n) for n in out_shape]):
        coords = [float(coord_fn(F32(o), s, out_shape[i], data.shape[i])) for i, (o, s) in enumerate(zip(out_index, scales))]
        total = weight_sum = 0.0
        for offsets in itertools.product(*[range(-ri, ri + 1) for ri in r]):
            p = [int(round(c)) + k for c, k in zip(coords, offsets)]
            if not all(0 <= pi < data.shape[i] for i, pi in enumerate(p)):
                continue
            w = math.prod(a) * math.prod(max(0.0, 1 - abs(ai * (c - pi))) for ai, c, pi in zip(a, coords, p))
            weight_sum += w
            total += w * float(data[tuple(p)])
        result[out_index] = 0.0 if weight_sum == 0 else total / weight_sum
    del axes
    return result


@pytest.mark.parametrize(
    "shape, out_shape, transform",
    [
        ((5, 7), (3, 11), "half_pixel"),  # one axis down, one up: antialias widens the down axis,
        ((6, 4, 3), (2, 7, 3), "asymmetric"),  # narrows the up axes (a = scale > 1, spec flaw kept)
        ((9, 4), (4, 3), "align_corners"),
        ((4, 6), (7, 5), "pytorch_half_pixel"),
    ],
)
@pytest.mark.parametrize("antialias", [False, True])
def test_linear_is_separable(shape, out_shape, transform, antialias):
    """docs/aclnnInterpolate.md "linear": the normalised spec weight is a product of per-axis normalised weights, so the
    separable tap tables give the spec's non-separable sum."""
    data = np.random.default_rng(sum(shape)).standard_normal(shape).astype(np.float32)
    scales = [float(F32(o) / F32(i)) for o, i in zip(out_shape, shape)]
    ours = _interp(data, sizes=list(out_shape), mode="linear", coordinate_transformation_mode=transform,
                   antialias=antialias)
    expected = _spec_linear_brute_force(data, out_shape, scales, transform, antialias)
    np.testing.assert_allclose(ours, expected, rtol=1e-6, atol=1e-6)


# ------------------------------------------------------------------------------------------------
# pads (docs/aclnnInterpolate.md "Inputs and validation"): zero-extended when shorter than rank, first
# `rank` values when longer (OV)
# ------------------------------------------------------------------------------------------------
def test_pads_longer_than_rank_use_the_first_rank_values():
    data = np.random.default_rng(5).standard_normal((2, 3)).astype(np.float32)
    ours = _interp(data, sizes=[3], axes=[0], mode="nearest", pads_begin=[1, 0, 9], pads_end=[0, 2, 9])
    # padded shape (3, 5); axis 0 keeps its padded length 3 -> identity copy of the zero-padded data
    np.testing.assert_array_equal(ours, np.pad(data, [(1, 0), (0, 2)]))
    core = openvino_interpolate(data, [3], [1.0], [0], backend="evaluate", mode="nearest",
                                shape_calculation_mode="sizes", pads_begin=[1, 0, 9], pads_end=[0, 2, 9])
    np.testing.assert_array_equal(core, ours)


def test_pads_shorter_than_rank_are_zero_extended():
    data = np.random.default_rng(6).standard_normal((2, 3, 4)).astype(np.float32)
    ours = _interp(data, sizes=[8], axes=[2], mode="linear", pads_begin=[1], pads_end=[0, 1])
    assert ours.shape == (3, 4, 8)
    np.testing.assert_array_equal(ours[0], 0)  # padded row of zeros
    np.testing.assert_array_equal(ours[:, 3], 0)
    core = openvino_interpolate(data, [8], [2.0], [2], backend="evaluate", mode="linear",
                                shape_calculation_mode="sizes", pads_begin=[1, 0, 0], pads_end=[0, 1, 0])
    np.testing.assert_allclose(core, ours, rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------------------------------------------
# linear_onnx on any axes (docs/aclnnInterpolate.md "linear_onnx": a documented superset of the spec's four sets)
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("shape, axes, sizes", [((2, 3, 4, 5), [3, 2], [9, 7]), ((6,), [0], [11]),
                                                ((3, 4, 5), [2], [2]), ((2, 3, 4, 5, 3), [4, 3], [5, 2])])
def test_linear_onnx_any_axes_match_the_cpu_plugin(shape, axes, sizes):
    data = np.random.default_rng(len(shape)).standard_normal(shape).astype(np.float32)
    ours = _interp(data, sizes=sizes, axes=axes, mode="linear_onnx")
    _, scales = _both_inputs(shape, axes, sizes=sizes)
    theirs = openvino_interpolate(data, sizes, scales, axes, mode="linear_onnx", shape_calculation_mode="sizes")
    np.testing.assert_allclose(ours, theirs, rtol=1e-5, atol=2e-6 * np.abs(data).max())


def test_axes_order_pairs_with_sizes():
    data = np.random.default_rng(9).standard_normal((4, 6)).astype(np.float32)
    a = _interp(data, sizes=[3, 9], axes=[0, 1], mode="cubic")
    b = _interp(data, sizes=[9, 3], axes=[1, 0], mode="cubic")
    assert a.shape == (3, 9)
    np.testing.assert_array_equal(a, b)


# ------------------------------------------------------------------------------------------------
# Empty and degenerate shapes (docs/aclnnInterpolate.md "Inputs and validation")
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode", reference.MODES)
def test_zero_length_dimension_not_interpolated_gives_empty_output(mode):
    data = np.zeros((0, 3, 4), dtype=np.float32)
    out = _interp(data, sizes=[5, 2], axes=[2, 1], mode=mode)
    assert out.shape == (0, 2, 5) and out.dtype == np.float32


@pytest.mark.parametrize("dtype, mantissa_bits, min_exponent", [(np.float16, 10, -14), (BFLOAT16, 7, -126)])
def test_float16_and_bfloat16_results_round_once(dtype, mantissa_bits, min_exponent):
    """Computed from the exact input values and rounded once to nearest: within half an output ulp
    of the float32 computation on the same values (plus float32's own error)."""
    data = (np.random.default_rng(12).standard_normal((3, 7)) * 8).astype(np.float32).astype(dtype)
    out = _interp(data, sizes=[5, 12], mode="cubic")
    assert out.dtype == dtype
    exact = _interp(data.astype(np.float32), sizes=[5, 12], mode="cubic").astype(np.float64)
    exponent = np.maximum(np.floor(np.log2(np.maximum(np.abs(exact), 1e-30))), min_exponent)
    ulp = 2.0 ** (exponent - mantissa_bits)
    assert np.all(np.abs(out.astype(np.float64) - exact) <= 0.5 * ulp + 1e-6 * np.abs(exact))


@pytest.mark.parametrize("in_len, out_len", [(14, 12), (8, 24), (4, 38)])
def test_align_corners_multiplies_before_dividing(in_len, out_len):
    """docs/aclnnInterpolate.md "Coordinate transforms": x * (Lo - 1) / (Lr - 1), multiply first, in
    float32. For the last output the product is an exact integer; x * ((Lo - 1) / (Lr - 1)) would land
    just below it (14 -> 12: 12.999999) and floor would pick the previous pixel. The core reference
    agrees with that rule; the CPU plugin divides first (measured, openvino 2026.4.1): a plugin
    deviation we do not follow."""
    data = np.arange(in_len, dtype=np.float32) + 1000
    kwargs = dict(mode="nearest", nearest_mode="floor", coordinate_transformation_mode="align_corners")
    ours = _interp(data, sizes=[out_len], **kwargs)
    assert ours[-1] == data[-1]
    last = F32(out_len - 1)
    assert np.floor(last * (F32(in_len - 1) / F32(out_len - 1))) == in_len - 2  # the other order
    core = openvino_interpolate(data, [out_len], [out_len / in_len], [0], backend="evaluate",
                                shape_calculation_mode="sizes", **kwargs)
    np.testing.assert_array_equal(core, ours)
    cpu = openvino_interpolate(data, [out_len], [out_len / in_len], [0], backend="cpu",
                               shape_calculation_mode="sizes", **kwargs)
    np.testing.assert_array_equal(cpu[:-1], ours[:-1])
    assert cpu[-1] == data[-2]  # pins the CPU plugin's divide-first order (see docstring)


def test_bfloat16_output_is_rounded_once_through_the_public_function():
    """asymmetric, scale f32(1.9999999): output 1 reads c = 1 / s = 0.50000006 (float32), so
    linear_onnx gives 1 * 0.49999994 + (1 + 2**-7) * 0.50000006 = 1 + 2**-8 + 4.7e-10: just above the
    bfloat16 midpoint. Rounded once: 1 + 2**-7. Through float32 first: the tie 1 + 2**-8, then 1.0."""
    data = np.array([1.0, 1.0 + 2**-7], dtype=BFLOAT16)
    scale = float(F32(1.9999999))
    ours = _interp(data, scales=[scale], mode="linear_onnx", coordinate_transformation_mode="asymmetric")
    assert ours.dtype == BFLOAT16 and ours.shape == (4,)
    assert float(ours[1]) == 1.0 + 2**-7
    assert float(np.float32(1 + 2**-8 + 2**-7 * 5.96e-8).astype(BFLOAT16)) == 1.0  # the double rounding


@pytest.mark.parametrize("length", [2**20, 2**21 + 3])
def test_scale_one_keeps_long_lengths(length):
    """Scales mode with scale 1.0f keeps the length, also where int64(float32(L) * (1 + 1e-6f)) would
    add one or more (L >= 2**20): OpenVINO's shape inference (measured) and the identity rule agree."""
    assert int(F32(length) * (F32(1.0) + F32(1e-6))) > length  # what the plain formula would give
    data = np.random.default_rng(length).integers(-100, 100, length).astype(np.int8)
    for mode in ("nearest", "linear"):
        ours = _interp(data, scales=[1.0], mode=mode)
        np.testing.assert_array_equal(ours, data)
    theirs = openvino_interpolate(data, [length], [1.0], [0], mode="nearest", shape_calculation_mode="scales")
    assert theirs.shape == (length,)
    np.testing.assert_array_equal(theirs, data)


def test_linear_window_positions_outside_the_input_are_not_taps():
    """spec linear_interpolation: `if not all(conditions): continue` - a window position outside
    [0, padded) is skipped, it does not multiply the edge element. [inf, 1, 2, 3] -> 8, half_pixel:
    outputs 0-2 see the inf only through nonzero weights (inf); outputs 3-5 have it in their window with
    weight 0 (0 * inf = NaN); outputs 6-7 do not reach it. OpenVINO's core reference agrees."""
    data = np.array([np.inf, 1.0, 2.0, 3.0], dtype=np.float32)
    ours = _interp(data, sizes=[8], mode="linear")
    np.testing.assert_array_equal(ours[:3], [np.inf] * 3)
    assert np.isnan(ours[3:6]).all()
    np.testing.assert_allclose(ours[6:], [2.75, 3.0], rtol=1e-6)
    theirs = openvino_interpolate(data, [8], [2.0], [0], backend="evaluate", mode="linear",
                                  shape_calculation_mode="sizes")
    np.testing.assert_array_equal(np.isnan(theirs), np.isnan(ours))
    np.testing.assert_array_equal(ours[~np.isnan(ours)], theirs[~np.isnan(theirs)])
