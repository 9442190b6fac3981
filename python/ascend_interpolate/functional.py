"""``torch.nn.functional.interpolate``'s interface over the project's two operators.

:func:`interpolate` takes F.interpolate's arguments, validates them as F.interpolate does (same
exception types), computes the output size as it does (``floor(in * scale)`` in double,
``recompute_scale_factor``, the scales passed to the kernels) and runs the call as one or two calls
of ``torch.ops.ascend_interpolate.upsample_trilinear3d`` / ``.interpolate``, so results carry
autograd history and torch.compile / torch.jit.trace see the operators. :func:`plan` returns those
calls without running them (each one a call of :func:`ascend_interpolate.interpolate` or
:func:`ascend_interpolate.upsample_trilinear3d`, or of the same-named reference functions).

Mode mapping (docs/python.md has the derivation and the evidence):

==============  ======  =====================================================================
F.interpolate   rank    our call
==============  ======  =====================================================================
nearest         3-5     Interpolate nearest, ``asymmetric``, ``floor``, scales mode with a
                        per-axis float32 scale chosen so that Interpolate-4's ``x / s``
                        reproduces torch's float32 ``x * ratio`` index table exactly
nearest-exact   3-5     Interpolate nearest, ``tf_half_pixel_for_nn``, ``floor``, likewise
linear          3       Interpolate ``linear_onnx``, ``half_pixel`` or ``align_corners``
bilinear        4       the same; antialias: ``linear`` + antialias over the downsampled axes
                        (and ``linear_onnx`` over upsampled ones, a second call)
bicubic         4       Interpolate ``cubic``, cube_coeff -0.75, ``half_pixel`` or
                        ``align_corners``
trilinear       5       UpsampleTrilinear3d (ATen's own operator)
area, lanczos   -       rejected (NotImplementedError)
==============  ======  =====================================================================

Rejected rather than approximated (NotImplementedError naming the mode and what to use instead):
``area`` (adaptive average pooling), ``lanczos``, ``bicubic`` with antialias (torch's Keys a=-0.5
filter widened by the downscale factor and renormalised over in-range taps; Interpolate-4 has no
antialiased cubic), ``bilinear`` with antialias and align_corners=True (torch centres that filter at
``ratio * (x + 0.5)`` with ratio (in-1)/(out-1): no Interpolate-4 transform), a ``scale_factor``
whose torch output length (``floor(in * s)``) differs from Interpolate-4's scales-mode length
(``int(float32(in) * (float32(s) + 1e-6))``), a scale_factor != 1 on an axis that keeps its length
in the modes where torch then still resamples (bicubic, nearest-exact, antialias) while Interpolate-4
copies the axis, and the nearest/nearest-exact size pairs whose torch float32 index rounding no
Interpolate-4 scale reproduces (about 0.5% of (in, out) pairs up to 100 x 220, e.g. 4 -> 164).
"""
from __future__ import annotations

import math
import numbers
import sys
from typing import NamedTuple

import numpy as np

from . import ops

__all__ = ["interpolate", "plan", "Plan", "Call", "MODES"]

F32 = np.float32
MODES = ("nearest", "nearest-exact", "linear", "bilinear", "bicubic", "trilinear")
_MODE_RANK = {"linear": 3, "bilinear": 4, "bicubic": 4, "trilinear": 5}
_REJECTED = {
    "area": "F.interpolate computes 'area' as adaptive average pooling, which neither UpsampleTrilinear3d nor "
            "Interpolate-4 expresses; use torch.nn.functional.adaptive_avg_pool1d/2d/3d (or "
            "torch.nn.functional.interpolate(mode='area'))",
    "lanczos": "Interpolate-4 has no lanczos filter; use torch.nn.functional.interpolate(mode='lanczos', "
               "antialias=True)",
}
_NEAREST_RULES = {  # F.interpolate mode -> (coordinate_transformation_mode, nearest_mode)
    "nearest": ("asymmetric", "floor"),  # torch: floor(x * ratio)
    "nearest-exact": ("tf_half_pixel_for_nn", "floor"),  # torch: floor((x + 0.5) * ratio)
}
_SCALE_SEARCH_ULPS = 4  # float32 neighbours of each seed scale tried (measured: 4 find every scale 16 do)


class Call(NamedTuple):
    """One operator call: ``op`` is "interpolate" or "upsample_trilinear3d"; ``kwargs`` are the
    keyword arguments of ascend_interpolate.<op> (and of ascend_interpolate.reference.<op>)."""

    op: str
    kwargs: dict


class Plan(NamedTuple):
    output_shape: tuple
    calls: tuple


# ================================================================================================
# torch's and Interpolate-4's per-axis rules, in float32 as both compute them
# ================================================================================================
def _torch_ratio(in_len, out_len, scale):
    """torch's compute_scales_value<float>: float(1.0 / scale) when a scale reaches the kernel, else
    float(in) / float(out)."""
    if scale is not None and scale > 0:
        return F32(1.0 / scale)
    return F32(in_len) / F32(out_len)


def _torch_nearest_index(in_len, out_len, scale, exact, rank):
    """torch's CPU index tables (measured on torch 2.13 for every rank, layout and dtype): nearest
    floor(float(x * ratio)); nearest-exact floor(float(max(float(ratio * (x + 0.5) - 0.5), 0) + 0.5))
    (each float() one rounding of an exact double); clamped to in - 1. torch's 2-D nearest kernel
    (rank 4) alone copies an axis that keeps its length and maps x to x // 2 on an axis that exactly
    doubles, whatever scale_factor reaches it."""
    x = np.arange(out_len, dtype=np.float64)
    if not exact and rank == 4 and out_len in (in_len, 2 * in_len):
        return (x // (out_len // in_len)).astype(np.int64)
    ratio = np.float64(_torch_ratio(in_len, out_len, scale))
    if exact:
        src = np.maximum((ratio * (x + 0.5) - 0.5).astype(F32), F32(0))
        index = np.floor((src.astype(np.float64) + 0.5).astype(F32))
    else:
        index = np.floor((x * ratio).astype(F32))
    return np.minimum(index.astype(np.int64), in_len - 1)


def _interpolate_nearest_index(in_len, out_len, scale, transform):
    """Interpolate-4 nearest with nearest_mode floor (interp_math.h NearestSourceIndex)."""
    scale = F32(scale)
    if out_len == in_len or scale == F32(1):
        return np.arange(out_len, dtype=np.int64)
    x = np.arange(out_len, dtype=F32)
    coord = x / scale if transform == "asymmetric" else (x + F32(0.5)) / scale
    return np.clip(np.floor(coord), 0, in_len - 1).astype(np.int64)


def _float32_neighbours(seed, ulps):
    up = down = F32(seed)
    yield up
    for _ in range(ulps):
        up, down = np.nextafter(up, F32(np.inf)), np.nextafter(down, F32(0))
        yield up
        yield down


def _nearest_scale(mode, rank, in_len, out_len, kernel_scale):
    """A float32 scale with which Interpolate-4 (scales mode) gives torch's output length and torch's
    index table exactly, or None. Seeds: 1/ratio, out/in and the user's scale; their float32
    neighbours within _SCALE_SEARCH_ULPS."""
    transform = _NEAREST_RULES[mode][0]
    want = _torch_nearest_index(in_len, out_len, kernel_scale, mode == "nearest-exact", rank)
    seeds = [F32(1.0 / float(_torch_ratio(in_len, out_len, kernel_scale))), F32(out_len) / F32(in_len)]
    if kernel_scale is not None:
        seeds.append(F32(kernel_scale))
    tried = set()
    for seed in seeds:
        for s in _float32_neighbours(seed, _SCALE_SEARCH_ULPS):
            if s in tried or not np.isfinite(s) or s <= 0:
                continue
            tried.add(s)
            if (ops.scales_mode_output_length(in_len, s) == out_len
                    and np.array_equal(_interpolate_nearest_index(in_len, out_len, s, transform), want)):
                return float(s)
    return None


def _keeps_length_error(mode, axis, length, scale):
    return NotImplementedError(
        f"mode={mode!r}: scale_factor {scale!r} keeps spatial dimension {axis} at length {length}, where torch "
        "still resamples it (ratio 1/scale) and Interpolate-4 copies it; pass size= or recompute_scale_factor=True")


def _nearest_mismatch(mode, rank, axis, in_len, out_len, kernel_scale):
    if in_len == out_len:
        return _keeps_length_error(mode, axis, in_len, kernel_scale)
    want = _torch_nearest_index(in_len, out_len, kernel_scale, mode == "nearest-exact", rank)
    exact = _interpolate_nearest_index(in_len, out_len, F32(out_len) / F32(in_len), _NEAREST_RULES[mode][0])
    differ = np.nonzero(want != exact)[0]
    where = (f": torch maps output {int(differ[0])} to input {int(want[differ[0]])}, Interpolate-4's "
             f"division gives {int(exact[differ[0]])}") if differ.size else ""
    scale = "" if kernel_scale is None else f", scale_factor {kernel_scale!r}"
    return NotImplementedError(
        f"mode={mode!r}: no Interpolate-4 scale reproduces torch's float32 source-index rounding on spatial "
        f"dimension {axis} (input length {in_len}, output length {out_len}{scale}){where}. Use "
        "torch.nn.functional.interpolate for this size, or ascend_interpolate.interpolate(mode='nearest', "
        f"coordinate_transformation_mode={_NEAREST_RULES[mode][0]!r}, nearest_mode='floor') for the rule in exact "
        "arithmetic")


def _scales_mode_scales(mode, spatial, in_lens, out_lens, kernel_scales):
    """float32 scales for Interpolate-4's scales mode that keep torch's output lengths, or
    NotImplementedError naming the axis whose length rule differs."""
    scales = []
    for axis, n, o, s in zip(spatial, in_lens, out_lens, kernel_scales):
        got = ops.scales_mode_output_length(n, s)
        if got != o:
            raise NotImplementedError(
                f"mode={mode!r}: scale_factor {s!r} on spatial dimension {axis} (length {n}): torch's output "
                f"length floor({n} * {s!r}) = {o}, Interpolate-4's scales-mode length int(float32({n}) * "
                f"(float32({s!r}) + 1e-6)) = {got}; pass size= or recompute_scale_factor=True")
        scales.append(float(F32(s)))
    return scales


def _check_resamples_like_torch(mode, spatial, in_lens, out_lens, kernel_scales):
    """Modes whose torch kernel has no "out == in: copy" rule (bicubic, antialias) resample an axis
    that keeps its length when a scale_factor != 1 reaches it; Interpolate-4 copies such an axis."""
    for axis, n, o, s in zip(spatial, in_lens, out_lens, kernel_scales):
        if n == o > 1 and _torch_ratio(n, o, s) != F32(1):  # (length 1: every tap is the one element)
            raise _keeps_length_error(mode, axis, n, s)


# ================================================================================================
# F.interpolate's argument rules
# ================================================================================================
def _is_int(v):
    return ops._is_int(v) or (ops._is_torch(v) and v.dim() == 0 and not v.is_floating_point())


def _is_real(v):
    return (isinstance(v, (numbers.Real, np.floating, np.integer)) and not isinstance(v, (bool, np.bool_))) or \
        _is_int(v)


def _spatial_list(value, dim, name, input_spatial, check):
    if isinstance(value, (list, tuple)):
        if len(value) != dim:
            raise ValueError(
                f"{name}: one value per spatial dimension of the input (N, C, d1, ..., dK) is needed; the input's "
                f"are {input_spatial}, {name} is {list(value)}")
        values = list(value)
    else:
        values = [value] * dim
    for v in values:
        if not check(v):
            kind = "int or a tuple of ints" if name == "size" else "a real number or a tuple of them"
            raise TypeError(f"{name} must be {kind}; got {value!r}")
    return values


def _sizes_and_scales(in_lens, dim, size, scale_factor, mode, recompute_scale_factor):
    """F.interpolate's size / scale_factor rules: (output lengths, the scales the kernels get or None)."""
    if size is not None and scale_factor is not None:
        raise ValueError("size and scale_factor: give one of them, not both")
    if size is None and scale_factor is None:
        raise ValueError("size or scale_factor: one of them is required")
    if size is not None and recompute_scale_factor:
        raise ValueError("recompute_scale_factor: only meaningful with scale_factor (size was given)")
    if size is not None:
        return [int(n) for n in _spatial_list(size, dim, "size", in_lens, _is_int)], None
    scales = [float(s) for s in _spatial_list(scale_factor, dim, "scale_factor", in_lens, _is_real)]
    if not all(math.isfinite(s) for s in scales):
        raise ValueError(f"scale_factor must be finite; got {scales}")
    out_lens = [int(math.floor(float(n) * s)) for n, s in zip(in_lens, scales)]  # F.interpolate: in double
    if recompute_scale_factor or mode == "area":
        return out_lens, None
    return out_lens, scales


def _check_mode_rank(mode, ndim):
    if not isinstance(mode, str) or mode not in MODES + tuple(_REJECTED):
        raise NotImplementedError(
            f"mode {mode!r} is not one of F.interpolate's: {', '.join(MODES + tuple(_REJECTED))} (input rank {ndim})")
    if ndim not in (3, 4, 5):
        raise NotImplementedError(
            f"input must be 3-D, 4-D or 5-D (N, C, spatial...) as for F.interpolate; got {ndim}-D (mode {mode!r})")
    want = _MODE_RANK.get(mode)
    if want is not None and want != ndim:
        raise NotImplementedError(f"mode {mode!r} needs a {want}-D input; got a {ndim}-D input")


# ================================================================================================
# The plan
# ================================================================================================
def plan(input_shape, size=None, scale_factor=None, mode="nearest", align_corners=None,
         recompute_scale_factor=None, antialias=False):
    """The operator calls :func:`interpolate` makes for an input of ``input_shape`` (N, C, spatial...),
    with F.interpolate's argument rules; raises what :func:`interpolate` raises."""
    shape = [int(n) for n in input_shape]
    ndim = len(shape)
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise ValueError(f"align_corners: only the interpolating modes (linear, bilinear, bicubic, trilinear) "
                             f"take it; got mode {mode!r}")
    elif align_corners is None:
        align_corners = False
    if not isinstance(align_corners, (bool, type(None))):
        raise TypeError(f"align_corners must be a bool or None; got {align_corners!r}")
    if not isinstance(antialias, bool):
        raise TypeError(f"antialias must be a bool; got {antialias!r}")
    dim = ndim - 2
    in_lens = shape[2:]
    out_lens, kernel_scales = _sizes_and_scales(in_lens, dim, size, scale_factor, mode, recompute_scale_factor)
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and ndim == 4):
        raise ValueError(f"antialias: only for modes 'bilinear', 'bicubic' (and 'lanczos') on a 4-D input; got mode "
                         f"{mode!r} on a {ndim}-D input")
    _check_mode_rank(mode, ndim)
    if mode in _REJECTED:
        raise NotImplementedError(f"mode={mode!r} is not supported: {_REJECTED[mode]}")
    if any(n <= 0 for n in in_lens + out_lens):
        raise RuntimeError(f"input and output sizes must be > 0: input {in_lens}, output {out_lens} (mode {mode!r})")
    if any(n == 0 for n in shape[1:]):
        raise RuntimeError(f"non-empty {ndim}-D input expected (only N may be 0); got shape {tuple(shape)}")
    output_shape = tuple(shape[:2] + out_lens)
    spatial = list(range(2, ndim))
    scales = kernel_scales if kernel_scales is not None else [None] * dim

    if mode == "trilinear":
        return Plan(output_shape, (Call("upsample_trilinear3d", dict(
            output_size=out_lens, scales=kernel_scales, align_corners=align_corners)),))

    if mode in _NEAREST_RULES:
        transform, nearest_mode = _NEAREST_RULES[mode]
        ov_scales = []
        for axis, n, o, s in zip(spatial, in_lens, out_lens, scales):
            found = _nearest_scale(mode, ndim, n, o, s)
            if found is None:
                raise _nearest_mismatch(mode, ndim, axis, n, o, s)
            ov_scales.append(found)
        return Plan(output_shape, (Call("interpolate", dict(
            scales=ov_scales, axes=spatial, mode="nearest", shape_calculation_mode="scales",
            coordinate_transformation_mode=transform, nearest_mode=nearest_mode)),))

    transform = "align_corners" if align_corners else "half_pixel"
    if mode == "bicubic":
        if antialias:
            raise NotImplementedError(
                "mode='bicubic' with antialias=True is not supported: torch filters with a Keys cubic of a=-0.5 "
                "widened by the downscale factor and renormalised over in-range taps; Interpolate-4 applies "
                "antialias to linear only and its cubic clamps border taps without renormalising. Use "
                "mode='bilinear' with antialias=True, or torch.nn.functional.interpolate")
        if not align_corners and kernel_scales is not None:
            _check_resamples_like_torch(mode, spatial, in_lens, out_lens, kernel_scales)
        return Plan(output_shape, (_linear_call(mode, "cubic", transform, spatial, in_lens, out_lens, kernel_scales,
                                                align_corners),))
    if not antialias:
        return Plan(output_shape, (_linear_call(mode, "linear_onnx", transform, spatial, in_lens, out_lens,
                                                kernel_scales, align_corners),))

    # bilinear, antialias
    if align_corners:
        raise NotImplementedError(
            "mode='bilinear' with antialias=True and align_corners=True is not supported: torch centres the "
            "antialias filter at ratio * (x + 0.5) with ratio (in - 1) / (out - 1), a coordinate rule "
            "Interpolate-4 has no transform for; use align_corners=False or torch.nn.functional.interpolate")
    if kernel_scales is not None:
        _check_resamples_like_torch(mode, spatial, in_lens, out_lens, kernel_scales)
    ratios = [_torch_ratio(n, o, s) for n, o, s in zip(in_lens, out_lens, scales)]
    down = [i for i, r in enumerate(ratios) if r > 1]  # torch widens the filter by ratio >= 1
    up = [i for i, (n, o) in enumerate(zip(in_lens, out_lens)) if i not in down and n != o]
    calls = []
    for group, call_mode in ((down, "linear"), (up, "linear_onnx")):
        if group:
            pick = (lambda values, g=group: None if values is None else [values[i] for i in g])
            calls.append(_linear_call(mode, call_mode, "half_pixel", pick(spatial), pick(in_lens), pick(out_lens),
                                      pick(kernel_scales), False, antialias=call_mode == "linear"))
    if not calls:  # every axis keeps its length: a copy
        calls.append(_linear_call(mode, "linear_onnx", "half_pixel", spatial, in_lens, out_lens, None, False))
    return Plan(output_shape, tuple(calls))


def _linear_call(torch_mode, mode, transform, axes, in_lens, out_lens, kernel_scales, align_corners, antialias=False):
    """An Interpolate-4 call (mode `mode`) over `axes`: sizes mode when torch's coordinates use in/out
    (no scale reaches the kernel, or align_corners, which ignores it), else scales mode with
    float32(scale)."""
    kwargs = dict(axes=list(axes), mode=mode, coordinate_transformation_mode=transform, antialias=antialias)
    if mode == "cubic":
        kwargs["cube_coeff"] = -0.75
    if kernel_scales is None or align_corners:
        kwargs.update(sizes=list(out_lens), shape_calculation_mode="sizes")
    else:
        kwargs.update(scales=_scales_mode_scales(torch_mode, axes, in_lens, out_lens, kernel_scales),
                      shape_calculation_mode="scales")
    return Call("interpolate", kwargs)


# ================================================================================================
# The front door
# ================================================================================================
def _freeze(value):
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in value.items())
    return value


def _constant_result(fn):
    """torch.compile runs the planner at trace time and keeps its result as a constant (its numpy
    float32 arithmetic is not for tracing); eager calls are unchanged. (plan() needs no torch.)"""
    try:
        import torch
    except ImportError:
        return fn
    return torch.compiler.assume_constant_result(fn)


@_constant_result
def _frozen_plan(input_shape, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias):
    """plan() as nested tuples of Python constants (what torch.compile can hold as a constant)."""
    result = plan(input_shape, size, scale_factor, mode, align_corners, recompute_scale_factor, antialias)
    return tuple((call.op, _freeze(call.kwargs)) for call in result.calls)


def interpolate(input, size=None, scale_factor=None, mode="nearest", align_corners=None,
                recompute_scale_factor=None, antialias=False):
    """torch.nn.functional.interpolate through UpsampleTrilinear3d / Interpolate-4 (see the module
    docstring for the mapping and what is rejected). ``input`` is a torch tensor (CPU: the sim; NPU:
    torch_npu); the result has F.interpolate's shape, dtype and memory format and carries autograd
    history through the torch operators. The plan is computed from the concrete input lengths: under
    torch.compile the input shape must be static (``dynamic=False``; with symbolic lengths dynamo stops
    at "assume_constant_result argument conversion failed"), and torch.jit.trace bakes the shape in (as
    it does for F.interpolate's size arithmetic)."""
    torch = sys.modules.get("torch")
    if torch is None or not isinstance(input, torch.Tensor):
        raise TypeError(f"input must be a torch.Tensor; got {type(input).__name__}")
    shape = tuple(int(n) for n in input.shape)  # (torch.jit.trace records sizes as tensors)
    result = input
    for op, kwargs in _frozen_plan(shape, _freeze(size), _freeze(scale_factor), mode, align_corners,
                                   recompute_scale_factor, antialias):
        result = getattr(ops, op)(result, **dict(kwargs))
    return result
