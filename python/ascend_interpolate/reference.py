"""Float64 numpy CPU reference for the project's two operators.

* :func:`interpolate` -- OpenVINO Interpolate-4, exactly as docs/aclnnInterpolate.md "Function"
  defines it. That section is normative where it differs from the OpenVINO operation specification
  and its Python reference ("spec" below; docs/aclnnInterpolate.md "Sources and precedence").
* :func:`upsample_trilinear3d` -- PyTorch ``upsample_trilinear3d`` (= CANN ResizeUpsampleTrilinear), as
  docs/aclnnUpsampleTrilinear3d.md "Index maths" and "Decisions for this project" define it.

How it computes (both operators):

* Every mode is separable (docs/aclnnInterpolate.md "linear": the normalised weight is a product of
  per-axis normalised weights; nearest, linear_onnx, cubic and trilinear are products by construction). So each resized
  axis gets a *tap table*: ``src_index`` and ``tap_weight`` arrays of shape ``[out_len, taps]``
  (source index and weight of every tap of every output coordinate). The tables are applied axis by
  axis with ``np.take`` and a weighted sum along the axis, in float64.
* Source coordinates are evaluated in float32, in the documented operation order, because float32 is
  part of the semantics (docs/aclnnInterpolate.md "Coordinate transforms"; PyTorch's fp32 kernel
  computes them in float too). Weights derived from them and all sums are float64.
* The float64 result is rounded once to the input dtype (round to nearest even; integers half to even
  and saturated). ``nearest`` copies values and never goes through float.
* The backwards (:func:`interpolate_backward`, :func:`upsample_trilinear3d_backward`) are the adjoints
  of the same linear maps: the same tap tables applied transposed (every tap's weight times the
  output gradient is added to its source element, accumulated in float64 with ``np.add.at``), then
  the padding cropped off and the sum rounded once to the gradient's dtype.
"""
from __future__ import annotations

import math
import numbers

import numpy as np

try:  # bfloat16 numpy arrays come from ml_dtypes (a dependency of the test environment)
    import ml_dtypes as _ml_dtypes

    _BFLOAT16 = np.dtype(_ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover - without ml_dtypes there are no bfloat16 arrays to pass
    _BFLOAT16 = None

__all__ = ["interpolate", "interpolate_backward", "upsample_trilinear3d", "upsample_trilinear3d_backward"]

F32 = np.float32

# ----------------------------------------------------------------------------------------------
# Accepted attribute values (spec "Attributes"; docs/aclnnInterpolate.md "Inputs and validation": exactly these strings)
# ----------------------------------------------------------------------------------------------
MODES = ("nearest", "linear", "linear_onnx", "cubic")
SHAPE_CALCULATION_MODES = ("sizes", "scales")
COORDINATE_TRANSFORMATION_MODES = (
    "half_pixel",
    "pytorch_half_pixel",
    "asymmetric",
    "tf_half_pixel_for_nn",
    "align_corners",
)
NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")

_FLOAT_DTYPES = tuple(d for d in (np.dtype(np.float32), np.dtype(np.float16), _BFLOAT16) if d is not None)
_INT_DTYPES = (np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.int32))
INTERPOLATE_DTYPES = _FLOAT_DTYPES + _INT_DTYPES  # docs/aclnnInterpolate.md "Inputs and validation", row data
# docs/aclnnUpsampleTrilinear3d.md "Checks and status codes" (fp32, fp16, bf16) and
# "Decisions for this project" (float64 rejected)
TRILINEAR_DTYPES = _FLOAT_DTYPES


# ==============================================================================================
# Argument helpers
# ==============================================================================================
def _as_numpy(array, name):
    """numpy arrays are the contract; torch tensors are converted for convenience (bf16 via ml_dtypes)."""
    if type(array).__module__.startswith("torch"):
        import torch  # only reached when the caller already uses torch

        tensor = array.detach().cpu().contiguous()
        if tensor.dtype == torch.bfloat16:
            if _BFLOAT16 is None:  # pragma: no cover
                raise ValueError(f"{name}: bfloat16 tensors need the ml_dtypes package")
            return tensor.view(torch.int16).numpy().view(_BFLOAT16)
        return tensor.numpy()
    return np.asarray(array)


def _check_dtype(array, name, accepted):
    if array.dtype == np.float64:
        raise ValueError(
            f"{name}: dtype float64 is not supported: the device has no float64 vector arithmetic; "
            "pass float32"
        )
    if array.dtype not in accepted:
        names = ", ".join(str(d) for d in accepted)
        raise ValueError(f"{name}: dtype {array.dtype} is not supported; accepted dtypes: {names}")


def _check_choice(value, name, accepted):
    if not isinstance(value, str) or value not in accepted:
        raise ValueError(f"{name} must be one of {', '.join(accepted)}; got {value!r}")


def _int_list(values, name):
    """A 1-D sequence of integers (Python or numpy), as a list of Python ints."""
    flat = np.asarray(values).reshape(-1) if not isinstance(values, (list, tuple)) else list(values)
    result = []
    for v in flat:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Integral, np.integer)):
            raise ValueError(f"{name} must hold integers; got {v!r}")
        result.append(int(v))
    return result


def _float_list(values, name):
    """A 1-D sequence of real numbers (Python or numpy), as a list of Python floats."""
    flat = np.asarray(values).reshape(-1) if not isinstance(values, (list, tuple)) else list(values)
    result = []
    for v in flat:
        if isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Real, np.floating, np.integer)):
            raise ValueError(f"{name} must hold real numbers; got {v!r}")
        result.append(float(v))
    return result


def _round_to_dtype(values, dtype):
    """Round float64 results once to the output dtype.

    docs/aclnnInterpolate.md "dtypes"; docs/aclnnUpsampleTrilinear3d.md "Precision".
    """
    if dtype in _INT_DTYPES:
        # docs/aclnnInterpolate.md "dtypes" (OV CPU): round half to even, then saturate to the type's range.
        info = np.iinfo(dtype)
        return np.clip(np.rint(values), info.min, info.max).astype(dtype)
    if _BFLOAT16 is not None and dtype == _BFLOAT16:
        return _float64_to_bfloat16(values)
    # float64 -> float32 / float16 casts in numpy round once to nearest even.
    return values.astype(dtype)


def _float64_to_bfloat16(values):
    """Round float64 to bfloat16 once (nearest even).

    ml_dtypes converts float64 through float32, which rounds twice (1 + 2**-8 + 2**-40 would become 1.0
    instead of 1 + 2**-7). Rounding to float32 *to odd* first keeps the sticky information, so the final
    float32 -> bfloat16 rounding (24 -> 8 significant bits, more than 2 bits apart) is exact rounding.
    """
    values = np.asarray(values, dtype=np.float64)
    with np.errstate(over="ignore"):
        nearest = values.astype(np.float32)  # may overflow to inf; rounding toward zero fixes it below
    inexact = nearest.astype(np.float64) != values
    inexact &= np.isfinite(values)
    away = inexact & (np.abs(nearest.astype(np.float64)) > np.abs(values))
    truncated = np.where(away, np.nextafter(nearest, np.float32(0)), nearest)  # round toward zero
    bits = truncated.view(np.uint32) | inexact.astype(np.uint32)  # ... and make the last bit sticky
    return bits.view(np.float32).astype(_BFLOAT16)


NO_TAP = -1  # src_index of a window position that is not a tap (outside the input: spec `continue`)


def _apply_taps(values, axis, src_index, tap_weight):
    """One separable pass: out[.., o, ..] = sum_t tap_weight[o, t] * values[.., src_index[o, t], ..].

    Zero-weight taps are multiplied too, so a zero-weighted inf or NaN gives NaN
    (docs/aclnnUpsampleTrilinear3d.md "inf/NaN"; the spec's loops multiply every tap they visit).
    Positions marked NO_TAP contribute nothing.
    """
    is_tap = src_index != NO_TAP
    gathered = np.take(values, np.where(is_tap, src_index, 0), axis=axis)  # [..., out, taps, ...] float64
    shape = [1] * gathered.ndim
    shape[axis], shape[axis + 1] = tap_weight.shape
    with np.errstate(invalid="ignore"):  # 0 * inf = NaN and inf - inf = NaN are intended
        terms = gathered * tap_weight.reshape(shape)
        return np.sum(np.where(is_tap.reshape(shape), terms, 0.0), axis=axis + 1)


def _apply_taps_transposed(values, axis, src_index, tap_weight, in_len):
    """The adjoint of :func:`_apply_taps` along one axis: for every output coordinate o and tap t,
    grad[.., src_index[o, t], ..] += tap_weight[o, t] * values[.., o, ..] (float64, np.add.at: taps
    sharing a source accumulate). Zero-weight taps are multiplied too; NO_TAP positions add nothing."""
    moved = np.moveaxis(np.asarray(values, dtype=np.float64), axis, 0)  # [out, ...]
    result = np.zeros((in_len,) + moved.shape[1:])
    extra = (1,) * (moved.ndim - 1)
    with np.errstate(invalid="ignore"):  # 0 * inf = NaN is intended, as in the forward
        for t in range(src_index.shape[1]):
            is_tap = src_index[:, t] != NO_TAP
            weight = np.asarray(tap_weight[:, t], dtype=np.float64)[is_tap].reshape((-1,) + extra)
            np.add.at(result, src_index[is_tap, t], weight * moved[is_tap])
    return np.moveaxis(result, 0, axis)


# ==============================================================================================
# Interpolate-4: coordinate transforms (float32, docs/aclnnInterpolate.md "Coordinate transforms", this operation order)
# ==============================================================================================
def _half_pixel(x, s, out_len, in_len):
    # spec: ((x_resized + 0.5) / scale[x]) - 0.5
    return (x + F32(0.5)) / s - F32(0.5)


def _pytorch_half_pixel(x, s, out_len, in_len):
    # spec: (x_resized + 0.5) / scale[x] - 0.5 if output_shape[x] > 1 else 0.0
    if out_len > 1:
        return (x + F32(0.5)) / s - F32(0.5)
    return np.zeros_like(x)


def _asymmetric(x, s, out_len, in_len):
    # spec: x_resized / scale[x]
    return x / s


def _tf_half_pixel_for_nn(x, s, out_len, in_len):
    # spec: (x_resized + 0.5) / scale[x]
    return (x + F32(0.5)) / s


def _align_corners(x, s, out_len, in_len):
    # spec: 0 if output_shape[x] == 1 else x_resized * (input_shape[x] - 1) / (output_shape[x] - 1);
    # docs/aclnnInterpolate.md "Coordinate transforms": multiply first, then divide, in float32.
    if out_len == 1:
        return np.zeros_like(x)
    return x * (F32(in_len) - F32(1)) / (F32(out_len) - F32(1))


_COORDINATE_TRANSFORMS = {
    "half_pixel": _half_pixel,
    "pytorch_half_pixel": _pytorch_half_pixel,
    "asymmetric": _asymmetric,
    "tf_half_pixel_for_nn": _tf_half_pixel_for_nn,
    "align_corners": _align_corners,
}


def _source_coordinates(transform, out_len, in_len, scale):
    """float32 source coordinate of every output coordinate 0..out_len-1 of one axis."""
    x = np.arange(out_len, dtype=np.float32)
    coord = _COORDINATE_TRANSFORMS[transform](x, F32(scale), out_len, in_len)
    assert coord.dtype == np.float32
    return coord


# ==============================================================================================
# Interpolate-4: nearest rounding (docs/aclnnInterpolate.md "nearest"; evaluated exactly on the float32 coordinate)
# ==============================================================================================
def _round_half_away_from_zero(c):
    return np.sign(c) * np.floor(np.abs(c) + 0.5)


def _round_prefer_floor(c, is_downsample):
    # docs/aclnnInterpolate.md "nearest" (spec: round half down):
    # c == trunc(c) + 0.5 ? floor(c) : round_half_away_from_zero(c)
    return np.where(c == np.trunc(c) + 0.5, np.floor(c), _round_half_away_from_zero(c))


def _round_prefer_ceil(c, is_downsample):
    # docs/aclnnInterpolate.md "nearest": round_half_away_from_zero(c)
    # (not Python's half-to-even round: 8->4 half_pixel is [1,3,5,7])
    return _round_half_away_from_zero(c)


def _floor(c, is_downsample):
    # spec: the largest integer value not greater than the coordinate
    return np.floor(c)


def _ceil(c, is_downsample):
    # spec: the smallest integer value not less than the coordinate
    return np.ceil(c)


def _simple(c, is_downsample):
    # spec: ceil when downsampling, drop the fractional part otherwise;
    # docs/aclnnInterpolate.md "nearest": decided per axis
    return np.ceil(c) if is_downsample else np.trunc(c)


_NEAREST_ROUNDING = {
    "round_prefer_floor": _round_prefer_floor,
    "round_prefer_ceil": _round_prefer_ceil,
    "floor": _floor,
    "ceil": _ceil,
    "simple": _simple,
}


# ==============================================================================================
# Interpolate-4: per-axis tap tables, one builder per mode
# ==============================================================================================
def _is_identity_axis(out_len, in_len, scale):
    # docs/aclnnInterpolate.md "Identity rule" (OV): out == padded or scale == 1.0f -> the axis is not resampled
    return out_len == in_len or scale == F32(1.0)


def _identity_index(out_len, in_len):
    """docs/aclnnInterpolate.md "Identity rule": the source coordinate is the output coordinate.

    Clamped to [0, in_len - 1] as every mode clamps its taps; out_len != in_len only when
    float32(out) / float32(in) rounds to 1.0
    (lengths beyond 2**24), otherwise this is a plain copy."""
    return np.minimum(np.arange(out_len, dtype=np.int64), in_len - 1)


def _nearest_index(coord, in_len, scale, nearest_mode):
    """docs/aclnnInterpolate.md "nearest": round the float32 coordinate per nearest_mode, clamp to [0, in_len - 1]."""
    is_downsample = scale < 1  # docs/aclnnInterpolate.md "nearest": per axis
    pixel = _NEAREST_ROUNDING[nearest_mode](coord.astype(np.float64), is_downsample)
    return np.clip(pixel, 0, in_len - 1).astype(np.int64)


def _triangle(dz):
    # spec triangle_coeffs: max(0, 1 - |dz|)
    return np.maximum(0.0, 1.0 - np.abs(dz))


def _linear_taps(coord, in_len, scale, antialias_on):
    """docs/aclnnInterpolate.md "linear": taps round(c) + [-r, r] inside [0, in_len), weight triangle(a * (c - p)).

    The weights are normalised.

    a = scale if antialias_on else 1; r = 2 if scale > 1 else ceil(2 / a) (spec linear_interpolation).
    The factor prod(a) of the spec's weight cancels in the normalisation; an output whose weight sum is
    0 is 0 (spec: result 0 when wsum == 0), so its normalised row is all zeros.
    """
    a = float(F32(scale)) if antialias_on else 1.0
    r = 2 if scale > 1.0 else int(math.ceil(2.0 / a))
    c = coord.astype(np.float64)[:, None]
    position = np.rint(c).astype(np.int64) + np.arange(-r, r + 1)  # spec: index + round(in_coord)
    inside = (position >= 0) & (position < in_len)
    weight = np.where(inside, _triangle(a * (c - position)), 0.0)
    weight_sum = weight.sum(axis=1, keepdims=True)
    weight = np.divide(weight, weight_sum, out=np.zeros_like(weight), where=weight_sum != 0)
    # spec: `if not all(conditions): continue` - a position outside the input is not a tap at all
    # (it does not multiply the edge element, so an inf there stays inf, not NaN).
    return np.where(inside, position, NO_TAP), weight


def _linear_onnx_taps(coord, in_len):
    """docs/aclnnInterpolate.md "linear_onnx", per axis.

    c' = clamp(c, 0, Lo-1); i1 = min(int(c'), Lo-1); i2 = min(i1+1, Lo-1);
    d1 = |c' - i1|, d2 = |c' - i2| (both 0.5 when i1 == i2); tap i1 has weight d2, tap i2 weight d1."""
    c = np.clip(coord.astype(np.float64), 0.0, in_len - 1)
    i1 = np.minimum(np.trunc(c).astype(np.int64), in_len - 1)
    i2 = np.minimum(i1 + 1, in_len - 1)
    d1 = np.abs(c - i1)
    d2 = np.abs(c - i2)
    same = i1 == i2
    d1 = np.where(same, 0.5, d1)
    d2 = np.where(same, 0.5, d2)
    return np.stack([i1, i2], axis=1), np.stack([d2, d1], axis=1)


def _cubic_coeffs(t, a):
    """spec get_cubic_coeff(s, a): Keys cubic convolution weights of taps i-1, i, i+1, i+2 for t = c - i."""
    t = np.abs(t)
    return np.stack(
        [
            a * (t - 1.0) * (t - 1.0) * t,
            ((a + 2.0) * t - (a + 3.0)) * t * t + 1.0,
            (((-a - 2.0) * t + (2.0 * a + 3.0)) * t - a) * t,
            -a * t * t * (t - 1.0),
        ],
        axis=1,
    )


def _cubic_taps(coord, in_len, cube_coeff):
    """docs/aclnnInterpolate.md "cubic": i = floor(c), t = c - i, taps i-1..i+2 clamped to [0, Lo-1].

    No renormalisation.
    """
    c = coord.astype(np.float64)
    base = np.floor(c)
    weight = _cubic_coeffs(c - base, float(cube_coeff))
    position = base.astype(np.int64)[:, None] + np.arange(-1, 3)
    return np.clip(position, 0, in_len - 1), weight


# ==============================================================================================
# Interpolate-4: shape and scale rules
# ==============================================================================================
def _fit_pads(pads, rank, name):
    """docs/aclnnInterpolate.md "Inputs and validation".

    Pads shorter than rank are zero-extended; longer ones use the first `rank` values (OV).
    """
    values = _int_list(pads, name)
    if any(p < 0 for p in values):
        raise ValueError(f"{name} must be non-negative; got {values}")
    return (values + [0] * rank)[:rank]


def _scales_mode_length(padded_len, scale):
    """docs/aclnnInterpolate.md "Output shape", scales mode (OV): int64(float32(padded) * (float32(scale) + 1e-6f)).

    A scale of exactly 1.0f keeps the length (OV shape inference, measured on openvino 2026.4.1: L = 2**20,
    2**21, 2**24 + 1 stay L, where the formula would add 1, 2 and 15); this also keeps the identity rule
    a plain copy."""
    if F32(scale) == F32(1.0):
        return int(padded_len)
    product = F32(padded_len) * (F32(scale) + F32(1e-6))
    return int(product)


def _sizes_mode_scale(out_len, padded_len):
    """docs/aclnnInterpolate.md "The scale each axis uses", sizes mode: float32(out) / float32(padded)."""
    return F32(out_len) / F32(padded_len)


class _InterpolatePlan:
    """What one Interpolate-4 call does, independent of the data: the padded and the output shape,
    and one tap table (src_index, tap_weight, both [out_len, taps]) per axis that changes length."""

    __slots__ = ("pads_begin", "pads_end", "padded_shape", "output_shape", "tables")

    def __init__(self, pads_begin, pads_end, padded_shape, output_shape, tables):
        self.pads_begin = pads_begin
        self.pads_end = pads_end
        self.padded_shape = padded_shape
        self.output_shape = output_shape
        self.tables = tables  # [(axis, src_index, tap_weight)]


def _interpolate_plan(in_shape, sizes, scales, axes, mode, shape_calculation_mode, coordinate_transformation_mode,
                      nearest_mode, antialias, pads_begin, pads_end, cube_coeff, name="data"):
    """Validates the attributes against an input shape and builds the per-axis tap tables (docs/aclnnInterpolate.md
    "Inputs and validation", "Output shape", "The scale each axis uses", the modes)."""
    rank = len(in_shape)
    if not 1 <= rank <= 5:
        raise ValueError(f"{name} must have rank 1..5; got rank {rank}")
    _check_choice(mode, "mode", MODES)
    _check_choice(shape_calculation_mode, "shape_calculation_mode", SHAPE_CALCULATION_MODES)
    _check_choice(coordinate_transformation_mode, "coordinate_transformation_mode", COORDINATE_TRANSFORMATION_MODES)
    _check_choice(nearest_mode, "nearest_mode", NEAREST_MODES)
    if not isinstance(antialias, (bool, np.bool_)):
        raise ValueError(f"antialias must be a bool; got {antialias!r}")
    if isinstance(cube_coeff, (bool, np.bool_)) or not isinstance(cube_coeff, (numbers.Real, np.floating)):
        raise ValueError(f"cube_coeff must be a finite real number; got {cube_coeff!r}")
    if not math.isfinite(float(cube_coeff)):
        raise ValueError(f"cube_coeff must be finite; got {cube_coeff!r}")

    # axes (spec input 4): default [0, rank); each in [0, rank), no repeats, any order
    axes = list(range(rank)) if axes is None else _int_list(axes, "axes")
    for axis in axes:
        if not 0 <= axis < rank:
            raise ValueError(f"axes must lie in [0, {rank}) for rank {rank}; got {axes}")
    if len(set(axes)) != len(axes):
        raise ValueError(f"axes must not repeat; got {axes}")

    pads_begin = _fit_pads(pads_begin, rank, "pads_begin")
    pads_end = _fit_pads(pads_end, rank, "pads_end")
    padded_shape = [n + b + e for n, b, e in zip(in_shape, pads_begin, pads_end)]
    for axis in axes:
        if in_shape[axis] == 0:
            raise ValueError(f"{name}: interpolated axis {axis} has input length 0")

    # output shape and per-axis scale (docs/aclnnInterpolate.md "Output shape", "The scale each axis uses")
    output_shape = list(padded_shape)
    axis_scale = {}
    if shape_calculation_mode == "sizes":
        if sizes is None:
            raise ValueError('sizes is required when shape_calculation_mode == "sizes"')
        sizes = _int_list(sizes, "sizes")
        if len(sizes) != len(axes):
            raise ValueError(f"sizes must have one entry per axis (len(axes) == {len(axes)}); got {sizes}")
        if any(n < 1 for n in sizes):
            raise ValueError(f"sizes must be >= 1; got {sizes}")
        for axis, out_len in zip(axes, sizes):
            output_shape[axis] = out_len
            axis_scale[axis] = _sizes_mode_scale(out_len, padded_shape[axis])
    else:
        if scales is None:
            raise ValueError('scales is required when shape_calculation_mode == "scales"')
        scales = _float_list(scales, "scales")
        if len(scales) != len(axes):
            raise ValueError(f"scales must have one entry per axis (len(axes) == {len(axes)}); got {scales}")
        if not all(math.isfinite(s) and s > 0 for s in scales):
            raise ValueError(f"scales must be finite and > 0; got {scales}")
        for axis, scale in zip(axes, scales):
            output_shape[axis] = _scales_mode_length(padded_shape[axis], scale)
            axis_scale[axis] = F32(scale)
            if output_shape[axis] < 1:
                raise ValueError(
                    f"scales: output length 0 on axis {axis} (input length {padded_shape[axis]}, scale {scale})"
                )

    # spec linear_interpolation: is_downsample = any(scale < 1) over the axes; antialias only then
    antialias_on = bool(antialias) and mode == "linear" and any(axis_scale[a] < 1 for a in axes)
    tables = []
    # axes not listed, and listed axes that keep their length, are copied (docs/aclnnInterpolate.md "Identity rule")
    for axis in (a for a in axes if output_shape[a] != padded_shape[a]):
        out_len, in_len, scale = output_shape[axis], padded_shape[axis], axis_scale[axis]
        if _is_identity_axis(out_len, in_len, scale):
            src_index, tap_weight = _identity_index(out_len, in_len)[:, None], np.ones((out_len, 1))
        else:
            coord = _source_coordinates(coordinate_transformation_mode, out_len, in_len, scale)
            if mode == "nearest":
                src_index = _nearest_index(coord, in_len, scale, nearest_mode)[:, None]
                tap_weight = np.ones((out_len, 1))
            elif mode == "linear":
                src_index, tap_weight = _linear_taps(coord, in_len, scale, antialias_on)
            elif mode == "linear_onnx":
                src_index, tap_weight = _linear_onnx_taps(coord, in_len)
            else:
                src_index, tap_weight = _cubic_taps(coord, in_len, cube_coeff)
        tables.append((axis, src_index, tap_weight))
    return _InterpolatePlan(pads_begin, pads_end, padded_shape, output_shape, tables)


def interpolate(
    data,
    sizes=None,
    scales=None,
    axes=None,
    *,
    mode,
    shape_calculation_mode,
    coordinate_transformation_mode="half_pixel",
    nearest_mode="round_prefer_floor",
    antialias=False,
    pads_begin=(0,),
    pads_end=(0,),
    cube_coeff=-0.75,
):
    """OpenVINO Interpolate-4 as docs/aclnnInterpolate.md "Function" defines it; returns an array of data's dtype.

    sizes are used only when shape_calculation_mode == "sizes", scales only when it is "scales" (the
    other may be None or inconsistent). axes defaults to all dimensions, in any order.
    """
    data = _as_numpy(data, "data")
    _check_dtype(data, "data", INTERPOLATE_DTYPES)
    plan = _interpolate_plan(data.shape, sizes, scales, axes, mode, shape_calculation_mode,
                             coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end,
                             cube_coeff)
    if 0 in plan.output_shape:  # a zero-length dimension that is not interpolated: empty output, no work
        return np.zeros(plan.output_shape, dtype=data.dtype)

    padded = np.pad(data, list(zip(plan.pads_begin, plan.pads_end)), mode="constant")  # spec: pads are zeros
    if mode == "nearest":
        # docs/aclnnInterpolate.md "nearest": copy values, exact for every dtype (no float round trip)
        result = padded
        for axis, src_index, _ in plan.tables:
            result = np.take(result, src_index[:, 0], axis=axis)
        return np.ascontiguousarray(result)

    result = padded.astype(np.float64)
    for axis, src_index, tap_weight in plan.tables:
        result = _apply_taps(result, axis, src_index, tap_weight)
    return _round_to_dtype(result, data.dtype)


def _shape_list(values, name, rank=None):
    """A shape: a sequence of integers >= 0 (of `rank` entries when given)."""
    shape = _int_list(values, name)
    if rank is not None and len(shape) != rank:
        raise ValueError(f"{name} must have {rank} entries; got {shape}")
    if any(n < 0 for n in shape):
        raise ValueError(f"{name} must not be negative; got {shape}")
    return shape


def _check_grad_shape(grad, expected, name="grad_output"):
    if list(grad.shape) != list(expected):
        raise ValueError(f"{name}: expected the forward output's shape {tuple(expected)}; got {tuple(grad.shape)}")


def interpolate_backward(
    grad_output,
    input_shape,
    sizes=None,
    scales=None,
    axes=None,
    *,
    mode,
    shape_calculation_mode,
    coordinate_transformation_mode="half_pixel",
    nearest_mode="round_prefer_floor",
    antialias=False,
    pads_begin=(0,),
    pads_end=(0,),
    cube_coeff=-0.75,
):
    """Gradient of :func:`interpolate` with respect to ``data``: the adjoint of the forward's linear
    map. grad_output has the forward output's shape; the result has ``input_shape`` and
    grad_output's dtype (float32, float16 or bfloat16). Every tap table of the forward is applied
    transposed (``grad_in[src] += weight * grad_out``, float64, ``np.add.at``), the padding is
    cropped, and the sum rounded once. Zero-weight taps are multiplied too (0 * inf = NaN), as the
    forward does."""
    grad = _as_numpy(grad_output, "grad_output")
    _check_dtype(grad, "grad_output", _FLOAT_DTYPES)
    in_shape = _shape_list(input_shape, "input_shape")
    if len(in_shape) != grad.ndim:
        raise ValueError(f"input_shape must have grad_output's rank {grad.ndim}; got {in_shape}")
    plan = _interpolate_plan(in_shape, sizes, scales, axes, mode, shape_calculation_mode,
                             coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end,
                             cube_coeff, name="input_shape")
    _check_grad_shape(grad, plan.output_shape)
    result = grad.astype(np.float64)
    if 0 not in plan.output_shape:
        for axis, src_index, tap_weight in reversed(plan.tables):
            result = _apply_taps_transposed(result, axis, src_index, tap_weight, plan.padded_shape[axis])
    else:
        result = np.zeros(plan.padded_shape)
    crop = tuple(slice(b, b + n) for b, n in zip(plan.pads_begin, in_shape))
    return _round_to_dtype(np.ascontiguousarray(result[crop]), grad.dtype)


# ==============================================================================================
# UpsampleTrilinear3d (PyTorch upsample_trilinear3d;
# docs/aclnnUpsampleTrilinear3d.md "Index maths" and "Decisions for this project")
# ==============================================================================================
def _area_pixel_compute_scale(in_len, out_len, align_corners, scale):
    """float32 in/out ratio of one axis.

    docs/aclnnUpsampleTrilinear3d.md "Index maths"; PyTorch area_pixel_compute_scale.

    align_corners: (in-1)/(out-1), 0 when out <= 1; otherwise float(1.0/scale) (double division, cast to
    float) when a scale is given, else in/out in float32.
    """
    if align_corners:
        return F32(in_len - 1) / F32(out_len - 1) if out_len > 1 else F32(0.0)
    if scale is not None:
        return F32(1.0 / scale)
    return F32(in_len) / F32(out_len)


def _area_pixel_source_index(ratio, out_len, align_corners):
    """float32 source coordinate (docs/aclnnUpsampleTrilinear3d.md "Index maths"): align -> ratio*dst;
    half-pixel -> fmaf(ratio, dst+0.5, -0.5) with negative values clamped to 0.

    The half-pixel form is one fused multiply-add (a single rounding), as arch35 writes it and as
    PyTorch's x86-64 CPU kernel computes it (built with FP contraction). Measured against torch 2.13
    fp32: W 257 -> 693 with scale 2.7 differs by up to 7.8e-6 relative when rounded twice, 1.2e-7 fused.
    """
    dst = np.arange(out_len, dtype=np.float32)
    if align_corners:
        return ratio * dst
    return np.maximum(_fmaf(ratio, dst + F32(0.5), F32(-0.5)), F32(0.0))


def _fmaf(a, b, c):
    """float32 fused multiply-add for the source index: a*b is exact in float64 (24 + 24 significant
    bits); adding c = -0.5 is exact too whenever a*b >= 0.5 (the span stays within 48 bits), so a single
    rounding to float32 remains. Below 0.5 the result is negative and clamped to 0 by the caller."""
    exact = np.float64(a) * np.asarray(b, dtype=np.float64) + np.float64(c)
    return exact.astype(np.float32)


def _trilinear_axis_taps(in_len, out_len, align_corners, scale):
    """Two taps per output coordinate: [i0, i1] with weights [lambda0, lambda1] (float32 values).

    An axis with out == in is a copy whatever the scale (docs/aclnnUpsampleTrilinear3d.md
    "Decisions for this project"): i0 = i1 = dst, lambda0 = 1, lambda1 = 0 -- the zero-weight tap
    is kept, so an inf there gives NaN as in PyTorch.
    Otherwise (docs/aclnnUpsampleTrilinear3d.md "Index maths"): i0 = min(int(src), in-1), i1 = min(i0+1, in-1),
    lambda1 = clamp(src - i0, 0, 1), lambda0 = 1 - lambda1, all in float32.
    """
    if out_len == in_len:
        index = np.arange(out_len, dtype=np.int64)
        lambda1 = np.zeros(out_len, dtype=np.float32)
        return np.stack([index, index], axis=1), np.stack([np.ones_like(lambda1), lambda1], axis=1)
    ratio = _area_pixel_compute_scale(in_len, out_len, align_corners, scale)
    src = _area_pixel_source_index(ratio, out_len, align_corners)
    i0 = np.minimum(np.floor(src).astype(np.int64), in_len - 1)
    i1 = np.minimum(i0 + 1, in_len - 1)
    lambda1 = np.clip(src - i0.astype(np.float32), F32(0.0), F32(1.0))
    lambda0 = F32(1.0) - lambda1
    return np.stack([i0, i1], axis=1), np.stack([lambda0, lambda1], axis=1)


def _trilinear_scales(scales):
    """Per-axis scales (D, H, W): None (none given), one real number (all three axes) or 3 entries,
    each a real number or None (that axis maps with in/out, as PyTorch's optional scales_d/h/w)."""
    if scales is None:
        return [None, None, None]
    if isinstance(scales, (numbers.Real, np.floating, np.integer)) and not isinstance(scales, (bool, np.bool_)):
        values = [float(scales)] * 3
    else:
        flat = list(scales) if isinstance(scales, (list, tuple)) else list(np.asarray(scales, dtype=object).reshape(-1))
        values = []
        for v in flat:
            if v is None:
                values.append(None)
            elif isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Real, np.floating, np.integer)):
                raise ValueError(f"scales must hold real numbers or None; got {v!r}")
            else:
                values.append(float(v))
    if len(values) != 3:
        raise ValueError(f"scales must have 3 entries (D, H, W); got {values}")
    if not all(s is None or (math.isfinite(s) and s > 0) for s in values):
        raise ValueError(f"scales must be finite and > 0; got {values}")
    return values


def _trilinear_output_size(output_size, in_size, axis_scales):
    """The output lengths: output_size when given, else floor(in * scale) in double per axis
    (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project", as F.interpolate), which needs a
    scale on every axis."""
    if output_size is not None:
        out_size = _int_list(output_size, "output_size")
        if len(out_size) != 3:
            raise ValueError(f"output_size must have 3 entries (D, H, W); got {out_size}")
        if any(n < 1 for n in out_size):
            raise ValueError(f"output_size must be >= 1; got {out_size}")
        return out_size
    if any(s is None for s in axis_scales):
        raise ValueError(f"scales: without output_size every axis needs a scale; got {axis_scales}")
    out_size = [int(math.floor(n * s)) for n, s in zip(in_size, axis_scales)]
    if any(n < 1 for n in out_size):
        raise ValueError(f"scales give an output length 0: input {in_size} * scales {axis_scales}")
    return out_size


def _check_align_corners(align_corners):
    if not isinstance(align_corners, (bool, np.bool_)):
        raise ValueError(f"align_corners must be a bool; got {align_corners!r}")
    return bool(align_corners)


def upsample_trilinear3d(x, output_size=None, scales=None, align_corners=False):
    """PyTorch upsample_trilinear3d on a 5-D NCDHW array of float32, float16 or bfloat16.

    ATen's convention: output_size (3 ints, D H W) gives the shape; scales (one number for all axes,
    or 3 entries each a number or None) give the source coordinates of the axes that have one (1/scale
    instead of in/out; align_corners ignores them). Without output_size the shape is floor(in * scale)
    in double per axis, as F.interpolate with recompute_scale_factor=False. At least one of the two
    must be given. Returns an array of x's dtype, rounded once to nearest even.
    """
    x = _as_numpy(x, "x")
    _check_dtype(x, "x", TRILINEAR_DTYPES)
    if x.ndim != 5:
        raise ValueError(f"x must be 5-D (N, C, D, H, W); got rank {x.ndim}")
    align_corners = _check_align_corners(align_corners)
    if output_size is None and scales is None:
        raise ValueError("give output_size, scales, or both (output_size sets the shape, scales the source "
                         "coordinates)")
    in_size = list(x.shape[2:])
    if any(n == 0 for n in x.shape[1:]):
        # docs/aclnnUpsampleTrilinear3d.md "Decisions for this project":
        # C, D, H or W = 0 in the input is invalid (161002); N = 0 is fine
        raise ValueError(f"x: C, D, H and W must be > 0; got shape {tuple(x.shape)}")
    axis_scales = _trilinear_scales(scales)
    out_size = _trilinear_output_size(output_size, in_size, axis_scales)

    output_shape = list(x.shape[:2]) + out_size
    if x.shape[0] == 0:  # docs/aclnnUpsampleTrilinear3d.md "Decisions for this project": N = 0 -> empty output
        return np.zeros(output_shape, dtype=x.dtype)

    result = x.astype(np.float64)
    for axis, in_len, out_len, scale in zip((2, 3, 4), in_size, out_size, axis_scales):
        src_index, tap_weight = _trilinear_axis_taps(in_len, out_len, align_corners, scale)
        result = _apply_taps(result, axis, src_index, tap_weight.astype(np.float64))
    return _round_to_dtype(result, x.dtype)


def upsample_trilinear3d_backward(grad_output, output_size, input_size, align_corners=False, scales=None):
    """Gradient of :func:`upsample_trilinear3d` with respect to x (ATen's upsample_trilinear3d_backward):
    grad_output has shape (N, C, *output_size), the result ``input_size`` (N, C, D, H, W) and
    grad_output's dtype. The forward's per-axis tap tables applied transposed (both taps of every
    output coordinate, zero weights included), accumulated in float64, rounded once."""
    grad = _as_numpy(grad_output, "grad_output")
    _check_dtype(grad, "grad_output", TRILINEAR_DTYPES)
    if grad.ndim != 5:
        raise ValueError(f"grad_output must be 5-D (N, C, D, H, W); got rank {grad.ndim}")
    align_corners = _check_align_corners(align_corners)
    if output_size is None:
        raise ValueError("output_size is required: the forward output's (D, H, W)")
    out_size = _trilinear_output_size(output_size, None, None)
    in_shape = _shape_list(input_size, "input_size", rank=5)
    if any(n == 0 for n in in_shape[1:]):
        raise ValueError(f"input_size: C, D, H and W must be > 0; got {in_shape}")
    axis_scales = _trilinear_scales(scales)
    _check_grad_shape(grad, in_shape[:2] + out_size)
    if in_shape[0] == 0:
        return np.zeros(in_shape, dtype=grad.dtype)
    result = grad.astype(np.float64)
    for axis, in_len, out_len, scale in reversed(list(zip((2, 3, 4), in_shape[2:], out_size, axis_scales))):
        src_index, tap_weight = _trilinear_axis_taps(in_len, out_len, align_corners, scale)
        result = _apply_taps_transposed(result, axis, src_index, tap_weight.astype(np.float64), in_len)
    return _round_to_dtype(result, grad.dtype)
