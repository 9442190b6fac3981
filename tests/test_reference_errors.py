"""Every argument rule of the reference raises ValueError naming the argument and the rule
(docs/aclnnInterpolate.md "Inputs and validation"; docs/aclnnUpsampleTrilinear3d.md "Decisions for this project")."""
from __future__ import annotations

import numpy as np
import pytest

from ascend_interpolate import reference
from oracles import BFLOAT16

RNG = np.random.default_rng(2026)
DATA = RNG.standard_normal((2, 3, 4)).astype(np.float32)
X5 = RNG.standard_normal((1, 2, 3, 4, 5)).astype(np.float32)


def _interp(data=DATA, sizes=(5,), scales=(1.5,), axes=(2,), **kwargs):
    kwargs.setdefault("mode", "linear")
    kwargs.setdefault("shape_calculation_mode", "sizes")
    return reference.interpolate(data, sizes, scales, axes, **kwargs)


# ------------------------------------------------------------------------------------------------
# interpolate
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "kwargs, match",
    [
        # data: rank and dtype
        (dict(data=np.float32(1.0), axes=None, sizes=()), r"data must have rank 1\.\.5; got rank 0"),
        (dict(data=np.zeros((1,) * 6, np.float32), axes=(5,)), r"data must have rank 1\.\.5; got rank 6"),
        (dict(data=DATA.astype(np.float64)), r"data: dtype float64 .*no float64 vector arithmetic.*pass float32"),
        (dict(data=DATA.astype(np.int64)), r"data: dtype int64 is not supported; accepted dtypes: float32"),
        (dict(data=DATA > 0), r"data: dtype bool is not supported"),
        (dict(data=DATA.astype(np.uint16)), r"data: dtype uint16 is not supported"),
        (dict(data=np.zeros((2, 0, 4), np.float32), axes=(1,)), r"data: interpolated axis 1 has input length 0"),
        # axes
        (dict(axes=(3,)), r"axes must lie in \[0, 3\) for rank 3"),
        (dict(axes=(-1,)), r"axes must lie in \[0, 3\)"),
        (dict(axes=(2, 2), sizes=(5, 5)), r"axes must not repeat"),
        (dict(axes=(1.0,)), r"axes must hold integers"),
        # sizes (sizes mode)
        (dict(sizes=None), r"sizes is required when shape_calculation_mode == \"sizes\""),
        (dict(sizes=(5, 6)), r"sizes must have one entry per axis \(len\(axes\) == 1\)"),
        (dict(sizes=(0,)), r"sizes must be >= 1"),
        (dict(sizes=(-3,)), r"sizes must be >= 1"),
        (dict(sizes=(2.5,)), r"sizes must hold integers"),
        # scales (scales mode)
        (dict(shape_calculation_mode="scales", scales=None), r"scales is required when shape_calculation_mode == \"scales\""),
        (dict(shape_calculation_mode="scales", scales=(1.5, 2.0)), r"scales must have one entry per axis"),
        (dict(shape_calculation_mode="scales", scales=(0.0,)), r"scales must be finite and > 0"),
        (dict(shape_calculation_mode="scales", scales=(-2.0,)), r"scales must be finite and > 0"),
        (dict(shape_calculation_mode="scales", scales=(float("inf"),)), r"scales must be finite and > 0"),
        (dict(shape_calculation_mode="scales", scales=(float("nan"),)), r"scales must be finite and > 0"),
        (dict(shape_calculation_mode="scales", scales=(0.1,)), r"scales: output length 0 on axis 2"),
        # mode strings
        (dict(mode="bilinear"), r"^mode must be one of nearest, linear, linear_onnx, cubic; got 'bilinear'"),
        (dict(mode="LINEAR"), r"^mode must be one of"),
        (dict(shape_calculation_mode="size"), r"^shape_calculation_mode must be one of sizes, scales"),
        (dict(coordinate_transformation_mode="tf_crop_and_resize"),
         r"^coordinate_transformation_mode must be one of half_pixel, pytorch_half_pixel, asymmetric, "
         r"tf_half_pixel_for_nn, align_corners"),
        (dict(nearest_mode="round"), r"^nearest_mode must be one of round_prefer_floor, round_prefer_ceil, floor, ceil, simple"),
        # pads
        (dict(pads_begin=(0, -1)), r"pads_begin must be non-negative"),
        (dict(pads_end=(-2,)), r"pads_end must be non-negative"),
        (dict(pads_end=(0.5,)), r"pads_end must hold integers"),
        # other attributes
        (dict(mode="cubic", cube_coeff=float("inf")), r"cube_coeff must be finite"),
        (dict(mode="cubic", cube_coeff=float("nan")), r"cube_coeff must be finite"),
        (dict(mode="cubic", cube_coeff="-0.75"), r"cube_coeff must be a finite real number"),
        (dict(antialias=1), r"antialias must be a bool"),
    ],
)
def test_interpolate_rejects(kwargs, match):
    with pytest.raises(ValueError, match=match):
        _interp(**kwargs)


def test_cube_coeff_is_checked_for_every_mode():
    # docs/aclnnInterpolate.md "Inputs and validation": cube_coeff finite (an attribute of the op,
    # validated whatever the mode)
    with pytest.raises(ValueError, match="cube_coeff"):
        _interp(mode="nearest", cube_coeff=float("inf"))


def test_unused_shape_input_is_ignored():
    # docs/aclnnInterpolate.md "Inputs and validation": sizes are ignored in scales mode and scales in
    # sizes mode (absent or inconsistent)
    by_scales = _interp(shape_calculation_mode="scales", sizes=None, scales=(1.5,))
    by_scales_bad_sizes = _interp(shape_calculation_mode="scales", sizes=(0, 0, 0), scales=(1.5,))
    np.testing.assert_array_equal(by_scales, by_scales_bad_sizes)
    by_sizes = _interp(sizes=(6,), scales=None)
    by_sizes_bad_scales = _interp(sizes=(6,), scales=(float("nan"), -1.0))
    np.testing.assert_array_equal(by_sizes, by_sizes_bad_scales)
    assert by_scales.shape == by_sizes.shape == (2, 3, 6)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, BFLOAT16, np.int8, np.uint8, np.int32])
def test_interpolate_accepts_the_documented_dtypes(dtype):
    data = (np.abs(DATA) * 10).astype(dtype)
    out = _interp(data=data, mode="cubic")
    assert out.dtype == np.dtype(dtype) and out.shape == (2, 3, 5)


# ------------------------------------------------------------------------------------------------
# upsample_trilinear3d
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "args, kwargs, match",
    [
        ((X5[0],), dict(output_size=(2, 2, 2)), r"x must be 5-D \(N, C, D, H, W\); got rank 4"),
        ((X5[None],), dict(output_size=(2, 2, 2)), r"x must be 5-D"),
        ((X5.astype(np.float64),), dict(output_size=(2, 2, 2)), r"x: dtype float64 .*no float64 vector arithmetic.*pass float32"),
        ((X5.astype(np.int32),), dict(output_size=(2, 2, 2)), r"x: dtype int32 is not supported; accepted dtypes: float32, float16, bfloat16"),
        ((X5.astype(np.uint8),), dict(output_size=(2, 2, 2)), r"x: dtype uint8 is not supported"),
        ((X5,), dict(), r"give output_size, scales, or both"),
        ((X5,), dict(scales=(2.0, None, 2.0)), r"without output_size every axis needs a scale"),
        ((X5,), dict(scales=(2.0, "2", 2.0)), r"scales must hold real numbers or None"),
        ((X5,), dict(output_size=(2, 2, 2), scales=(2.0, 0.0, None)), r"scales must be finite and > 0"),
        ((X5,), dict(output_size=(2, 2)), r"output_size must have 3 entries"),
        ((X5,), dict(output_size=(2, 0, 2)), r"output_size must be >= 1"),
        ((X5,), dict(output_size=(2, -1, 2)), r"output_size must be >= 1"),
        ((X5,), dict(output_size=(2, 2.0, 2)), r"output_size must hold integers"),
        ((X5,), dict(scales=(2.0, 2.0)), r"scales must have 3 entries"),
        ((X5,), dict(scales=(2.0, 0.0, 2.0)), r"scales must be finite and > 0"),
        ((X5,), dict(scales=(2.0, -1.0, 2.0)), r"scales must be finite and > 0"),
        ((X5,), dict(scales=(2.0, float("inf"), 2.0)), r"scales must be finite and > 0"),
        ((X5,), dict(scales=(2.0, float("nan"), 2.0)), r"scales must be finite and > 0"),
        ((X5,), dict(scales=(0.2, 1.0, 1.0)), r"scales give an output length 0"),
        ((np.zeros((1, 0, 3, 4, 5), np.float32),), dict(output_size=(2, 2, 2)), r"x: C, D, H and W must be > 0"),
        ((np.zeros((1, 2, 3, 0, 5), np.float32),), dict(output_size=(2, 2, 2)), r"x: C, D, H and W must be > 0"),
        ((X5,), dict(output_size=(2, 2, 2), align_corners=1), r"align_corners must be a bool"),
    ],
)
def test_trilinear_rejects(args, kwargs, match):
    with pytest.raises(ValueError, match=match):
        reference.upsample_trilinear3d(*args, **kwargs)
