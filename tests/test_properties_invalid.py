"""Property: random INVALID configurations are rejected by the C API and leave ``out`` untouched.

Each test is parametrized by one rule of the C API's checks (docs/aclnnInterpolate.md
"aclnnInterpolateGetWorkspaceSize" return values, docs/aclnnUpsampleTrilinear3d.md "Checks and
status codes", docs/aclnnInterpolateBackward.md "aclnnInterpolateBackwardGetWorkspaceSize",
docs/aclnnUpsampleTrilinear3dBackward.md "Checks and status codes"); hypothesis draws a random valid
configuration (tests/strategies.py), the SoC profile and numpy or torch, and breaks exactly that
rule: an unknown mode string, a size of 0 or beyond INT32_MAX, a scale of 0 or one giving an output
length of 0, a negative pad, a pad beyond INT32_MAX, a non-finite or beyond-float32 cubeCoeff, an
interpolated axis of length 0, a padded empty dimension, an unsupported dtype, a rank above 5
(trilinear: not 5), an empty C/D/H/W, an outputSize of 0, bfloat16 on 310P, an ``out`` of another
dtype, shape or rank, and for the backwards a gradient of another shape, rank or an integer dtype.
Only rules the Python binding passes on to C are drawn (the binding's own ValueError / TypeError are
tests/test_api_args.py's).

Every call must raise AclnnError with status 161002 and a message ``[ERROR] <api>: <parameter>:
<rule>`` that names the broken parameter; ``out`` (random bytes) keeps every byte; no executor is
left alive (aclsimLiveExecutorCount).

Examples: tests/properties.py EXAMPLES gives the examples per rule (each parametrized case);
tests/test_properties_counts.py pins them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import ascend_interpolate as ai
from ascend_interpolate import _lib
from properties import BF16, FLOAT_DTYPES, INTERPOLATE_DTYPES, SOCS, has_bf16, property_settings, random_bytes, \
    random_data, to_numpy, to_torch
from strategies import interpolate_configs, interpolate_output_shape, trilinear_configs, trilinear_output_size

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

INT32_MAX = 2**31 - 1
BAD_STRINGS = st.sampled_from(["bilinear", "Linear", "NEAREST", "nearest ", "", "half-pixel", "round", "size",
                               "linear_onnx2", "cubic\t"])
# dtypes with an aclDataType that Interpolate does not accept (float64 has its own message)
UNSUPPORTED_DTYPES = st.sampled_from([np.float64, np.int16, np.int64, np.uint16, np.bool_, np.complex64])


@dataclass
class Broken:
    """One invalid call: the tensor the operator reads, the call's arguments, the `out` it gets, and
    the parameter the C API's message must name (status 161002)."""

    values: np.ndarray
    kwargs: dict
    out_shape: tuple
    out_dtype: np.dtype
    param: str
    extra: dict = field(default_factory=dict)


def _with(kwargs, **changes):
    new = dict(kwargs)
    new.update(changes)
    return new


def _replace_one(values, draw, bad):
    values = list(values)
    values[draw(st.integers(0, len(values) - 1))] = bad
    return values


def _bump_one(shape, draw):
    """`shape` with one dimension one longer."""
    axis = draw(st.integers(0, len(shape) - 1))
    return tuple(shape[:axis]) + (shape[axis] + 1,) + tuple(shape[axis + 1:])


def dtypes_on(soc, dtypes):
    """The dtypes the SoC accepts (no bfloat16 on 310P): a valid configuration stays valid there."""
    return tuple(d for d in dtypes if d != BF16 or has_bf16(soc))


# ---- Interpolate: one rule broken per example ---------------------------------------------------
@dataclass
class InterpolateCall:
    """A valid Interpolate call about to be broken."""

    shape: list
    kwargs: dict
    values: np.ndarray
    out_shape: tuple

    def broken(self, param, kwargs=None, values=None, out_shape=None, out_dtype=None):
        values = self.values if values is None else values
        return Broken(values, self.kwargs if kwargs is None else kwargs,
                      self.out_shape if out_shape is None else out_shape,
                      values.dtype if out_dtype is None else np.dtype(out_dtype), param)


def _listed(call):
    return list(range(len(call.shape))) if call.kwargs["axes"] is None else call.kwargs["axes"]


_MODE_ARGUMENTS = {"mode": "mode", "shapeCalculationMode": "shape_calculation_mode",
                   "coordinateTransformationMode": "coordinate_transformation_mode", "nearestMode": "nearest_mode"}


def _bad_string(draw, call, rule):
    return call.broken(rule, _with(call.kwargs, **{_MODE_ARGUMENTS[rule]: draw(BAD_STRINGS)}))


def _negative_pad(draw, call, rule):
    """-1 on one dimension (the padded length stays >= 0, so the binding passes it on)."""
    name, param = ("pads_begin", "padsBegin") if rule == "negative padsBegin" else ("pads_end", "padsEnd")
    return call.broken(param, _with(call.kwargs, **{name: _replace_one([0] * len(call.shape), draw, -1)}))


def _huge_pad(draw, call, rule):
    pads = _replace_one([0] * len(call.shape), draw, draw(st.sampled_from([INT32_MAX + 1, 2**40])))
    return call.broken("padsBegin", _with(call.kwargs, pads_begin=pads))


def _bad_cube_coeff(draw, call, rule):
    bad = draw(st.sampled_from([math.inf, -math.inf, math.nan, 1e39, -3.5e38]))
    return call.broken("cubeCoeff", _with(call.kwargs, cube_coeff=bad))


def _bad_size(draw, call, rule):
    """A size of 0 or beyond INT32_MAX (the call is put in sizes mode with its own output lengths)."""
    sizes = [call.out_shape[a] for a in _listed(call)]
    sizes = _replace_one(sizes, draw, draw(st.sampled_from([0, INT32_MAX + 1])))
    return call.broken("sizes", _with(call.kwargs, shape_calculation_mode="sizes", sizes=sizes))


def _bad_scale(draw, call, rule):
    """A scale of 0 (not > 0) or 1e-9 (an output length of 0), in scales mode."""
    scales = call.kwargs.get("scales") or [1.0] * len(_listed(call))
    scales = _replace_one(scales, draw, draw(st.sampled_from([0.0, 1e-9])))
    return call.broken("scales", _with(call.kwargs, shape_calculation_mode="scales", scales=scales))


def _unsupported_dtype(draw, call, rule):
    return call.broken("self", values=call.values.astype(draw(UNSUPPORTED_DTYPES)), out_dtype=np.float32)


def _rank_above_five(draw, call, rule):
    """Leading dimensions of 1 up to rank 6..8 (acl tensors hold up to 8), axes and pads shifted along."""
    extra = draw(st.integers(6, 8)) - len(call.shape)
    kwargs = _with(call.kwargs, axes=[a + extra for a in _listed(call)],
                   pads_begin=[0] * extra + list(call.kwargs["pads_begin"]),
                   pads_end=[0] * extra + list(call.kwargs["pads_end"]))
    return call.broken("self", kwargs, values=call.values.reshape((1,) * extra + tuple(call.shape)),
                       out_shape=(1,) * extra + tuple(call.out_shape))


def _out_dtype(draw, call, rule):
    others = [d for d in (np.dtype(np.float32), np.dtype(np.float16), np.dtype(np.int32)) if d != call.values.dtype]
    return call.broken("out", out_dtype=draw(st.sampled_from(others)))


def _out_shape(draw, call, rule):
    return call.broken("out", out_shape=_bump_one(call.out_shape, draw))


def _out_rank(draw, call, rule):
    return call.broken("out", out_shape=tuple(call.out_shape) + (1,))


def _bfloat16(draw, call, rule):
    return call.broken("self", values=call.values.astype(BF16))


def _with_empty_dimension(values, axis):
    shape = list(values.shape)
    shape[axis] = 0
    return np.zeros(shape, values.dtype)


def _empty_listed_axis(draw, call, rule):
    """An interpolated axis of input length 0 (an interpolated axis needs input)."""
    axis = draw(st.sampled_from(_listed(call)))
    return call.broken("self", values=_with_empty_dimension(call.values, axis))


def _padded_empty_dimension(draw, call, rule):
    """A dimension of length 0 that is not interpolated, padded (not supported)."""
    unlisted = [d for d in range(len(call.shape)) if d not in _listed(call)]
    assume(unlisted)
    axis = draw(st.sampled_from(unlisted))
    pads = [0] * len(call.shape)
    pads[axis] = 1
    return call.broken("padsBegin/padsEnd", _with(call.kwargs, pads_begin=pads),
                       values=_with_empty_dimension(call.values, axis))


INTERPOLATE_RULES = {
    "mode": _bad_string, "shapeCalculationMode": _bad_string, "coordinateTransformationMode": _bad_string,
    "nearestMode": _bad_string, "negative padsBegin": _negative_pad, "negative padsEnd": _negative_pad,
    "huge pad": _huge_pad, "cubeCoeff": _bad_cube_coeff, "sizes": _bad_size, "scales": _bad_scale,
    "self dtype": _unsupported_dtype, "self rank": _rank_above_five, "out dtype": _out_dtype,
    "out shape": _out_shape, "out rank": _out_rank, "bfloat16 on 310P": _bfloat16,
    "empty listed axis": _empty_listed_axis, "padded empty dimension": _padded_empty_dimension,
}
# The rules that apply to the backward as they are (the forward's attributes: docs/aclnnInterpolateBackward.md).
ATTRIBUTE_RULES = ("mode", "shapeCalculationMode", "coordinateTransformationMode", "nearestMode",
                   "negative padsBegin", "negative padsEnd", "huge pad", "cubeCoeff", "sizes", "scales")


def _soc_for(rule, draw):
    return "ascend310p" if "310P" in rule else draw(st.sampled_from(SOCS))


@st.composite
def invalid_interpolate_calls(draw, rule):
    soc = _soc_for(rule, draw)
    dtypes = FLOAT_DTYPES if rule == "bfloat16 on 310P" else dtypes_on(soc, INTERPOLATE_DTYPES)
    shape, kwargs, dtype = draw(interpolate_configs(dtypes=dtypes))
    call = InterpolateCall(shape, kwargs, random_data(shape, dtype, seed=sum(shape)),
                           interpolate_output_shape(shape, kwargs))
    return soc, draw(st.sampled_from(["numpy", "torch"])), INTERPOLATE_RULES[rule](draw, call, rule)


# ---- running one invalid call -------------------------------------------------------------------
def _as_kind(values, kind):
    return values if kind == "numpy" else to_torch(values)


def _live_executors():
    lib = _lib.library()
    return lib.aclsimLiveExecutorCount() if hasattr(lib, "aclsimLiveExecutorCount") else 0


def assert_rejected(call, api, broken, out):
    """The call raises AclnnError 161002 naming the parameter, out keeps its bytes, no executor leaks."""
    before = to_numpy(out).view(np.uint8).copy()
    live = _live_executors()
    with pytest.raises(ai.AclnnError) as info:
        call()
    err = info.value
    assert err.status == 161002, f"status {err.status}: {err.message}"
    prefix = f"[ERROR] {api}: {broken.param}: "
    assert err.message.startswith(prefix), f"the message does not name {broken.param}: {err.message}"
    assert np.array_equal(to_numpy(out).view(np.uint8), before), "out was written"
    assert _live_executors() == live, "an executor was left alive"


@pytest.mark.parametrize("rule", sorted(INTERPOLATE_RULES))
@property_settings("invalid_interpolate")
@given(data=st.data())
def test_invalid_interpolate_is_rejected_and_out_untouched(rule, data):
    soc, kind, broken = data.draw(invalid_interpolate_calls(rule))
    ai.set_soc(soc)
    x = _as_kind(broken.values, kind)
    out = _as_kind(random_bytes(broken.out_shape, broken.out_dtype, seed=len(broken.out_shape)), kind)
    assert_rejected(lambda: ai.interpolate(x, **broken.kwargs, out=out), "aclnnInterpolate", broken, out)


# ---- UpsampleTrilinear3d ------------------------------------------------------------------------------
def _trilinear_dtype(draw, values, kwargs, out_shape):
    bad = values.astype(draw(st.sampled_from([np.float64, np.int32, np.int8, np.uint8, np.int16])))
    return Broken(bad, kwargs, out_shape, values.dtype, "self")


def _trilinear_rank(draw, values, kwargs, out_shape):
    if draw(st.booleans()):
        return Broken(values.reshape((1,) + values.shape), kwargs, (1,) + out_shape, values.dtype, "self")
    return Broken(random_data(values.shape[1:], values.dtype, seed=13), kwargs, out_shape[1:], values.dtype, "self")


def _trilinear_empty(draw, values, kwargs, out_shape):
    """C, D, H or W of length 0 (N = 0 is valid)."""
    axis = draw(st.integers(1, 4))
    empty = np.zeros(values.shape[:axis] + (0,) + values.shape[axis + 1:], values.dtype)
    size = list(out_shape[2:])
    return Broken(empty, _with(kwargs, output_size=size), out_shape[:1] + (0,) + out_shape[2:] if axis == 1
                  else out_shape, values.dtype, "self")


def _trilinear_zero_output(draw, values, kwargs, out_shape):
    size = _replace_one(list(out_shape[2:]), draw, 0)
    return Broken(values, _with(kwargs, output_size=size), out_shape, values.dtype, "outputSize")


def _trilinear_out_dtype(draw, values, kwargs, out_shape):
    other = draw(st.sampled_from([d for d in FLOAT_DTYPES if d != values.dtype]))
    return Broken(values, kwargs, out_shape, other, "out")


def _trilinear_out_shape(draw, values, kwargs, out_shape):
    return Broken(values, kwargs, _bump_one(out_shape, draw), values.dtype, "out")


def _trilinear_out_rank(draw, values, kwargs, out_shape):
    return Broken(values, kwargs, out_shape + (1,), values.dtype, "out")


def _trilinear_bfloat16(draw, values, kwargs, out_shape):
    return Broken(values.astype(BF16), kwargs, out_shape, BF16, "self")


TRILINEAR_RULES = {"self dtype": _trilinear_dtype, "self rank": _trilinear_rank, "empty C/D/H/W": _trilinear_empty,
                   "outputSize 0": _trilinear_zero_output, "out dtype": _trilinear_out_dtype,
                   "out shape": _trilinear_out_shape, "out rank": _trilinear_out_rank,
                   "bfloat16 on 310P": _trilinear_bfloat16}


@st.composite
def invalid_trilinear_calls(draw, rule):
    soc = _soc_for(rule, draw)
    dtypes = FLOAT_DTYPES if rule == "bfloat16 on 310P" else dtypes_on(soc, FLOAT_DTYPES)
    shape, kwargs, dtype = draw(trilinear_configs(dtypes=dtypes))
    values = random_data(shape, dtype, seed=sum(shape))
    out_shape = tuple(shape[:2] + trilinear_output_size(shape, kwargs))
    return soc, draw(st.sampled_from(["numpy", "torch"])), TRILINEAR_RULES[rule](draw, values, kwargs, out_shape)


@pytest.mark.parametrize("rule", sorted(TRILINEAR_RULES))
@property_settings("invalid_trilinear")
@given(data=st.data())
def test_invalid_trilinear_is_rejected_and_out_untouched(rule, data):
    soc, kind, broken = data.draw(invalid_trilinear_calls(rule))
    ai.set_soc(soc)
    x = _as_kind(broken.values, kind)
    out = _as_kind(random_bytes(broken.out_shape, broken.out_dtype, seed=3), kind)
    assert_rejected(lambda: ai.upsample_trilinear3d(x, **broken.kwargs, out=out), "aclnnUpsampleTrilinear3d",
                    broken, out)


# ---- the backwards ------------------------------------------------------------------------------------
def _interpolate_backward_attribute(draw, call, g):
    """One of the forward's attribute rules, with gradOutput as the tensor read."""
    rule = draw(st.sampled_from(ATTRIBUTE_RULES))
    broken = INTERPOLATE_RULES[rule](draw, call, rule)
    return Broken(g, broken.kwargs, tuple(call.shape), g.dtype, broken.param)


def _interpolate_backward_tensor(draw, call, g, rule):
    if rule == "integer gradOutput":
        bad = g.astype(draw(st.sampled_from([np.int32, np.int8, np.uint8, np.float64])))
        return Broken(bad, call.kwargs, tuple(call.shape), np.dtype(np.float32), "gradOutput")
    if rule == "gradOutput shape":
        return Broken(random_data(_bump_one(g.shape, draw), g.dtype, seed=5), call.kwargs, tuple(call.shape),
                      g.dtype, "gradOutput")
    if rule == "bfloat16 on 310P":
        return Broken(g.astype(BF16), call.kwargs, tuple(call.shape), BF16, "gradOutput")
    other = draw(st.sampled_from([d for d in FLOAT_DTYPES if d != g.dtype]))
    return Broken(g, call.kwargs, tuple(call.shape), other, "gradInput")


INTERPOLATE_BACKWARD_RULES = ("attribute", "integer gradOutput", "gradOutput shape", "gradInput dtype",
                              "bfloat16 on 310P")


@st.composite
def invalid_interpolate_backward_calls(draw, rule):
    soc = _soc_for(rule, draw)
    shape, kwargs, dtype = draw(interpolate_configs(dtypes=dtypes_on(soc, FLOAT_DTYPES)))
    out_shape = interpolate_output_shape(shape, kwargs)
    g = random_data(out_shape, dtype, seed=sum(out_shape))
    call = InterpolateCall(shape, kwargs, g, out_shape)
    broken = (_interpolate_backward_attribute(draw, call, g) if rule == "attribute"
              else _interpolate_backward_tensor(draw, call, g, rule))
    return soc, draw(st.sampled_from(["numpy", "torch"])), broken


TRILINEAR_BACKWARD_RULES = ("integer gradOut", "gradOut shape", "gradOut rank", "gradInput dtype", "outputSize 0",
                            "inputSize C 0", "bfloat16 on 310P")


def _trilinear_backward_broken(draw, g, in_size, out_size, rule):
    """(gradient, inputSize, outputSize, gradInput dtype, parameter) with `rule` broken."""
    if rule == "integer gradOut":
        return g.astype(draw(st.sampled_from([np.int32, np.float64, np.uint8]))), in_size, out_size, np.float32, \
            "gradOut"
    if rule == "gradOut shape":
        return random_data(_bump_one(g.shape, draw), g.dtype, seed=7), in_size, out_size, g.dtype, "gradOut"
    if rule == "gradOut rank":
        return g.reshape((1,) + g.shape), in_size, out_size, g.dtype, "gradOut"
    if rule == "gradInput dtype":
        return g, in_size, out_size, draw(st.sampled_from([d for d in FLOAT_DTYPES if d != g.dtype])), "gradInput"
    if rule == "outputSize 0":
        return g, in_size, _replace_one(out_size, draw, 0), g.dtype, "outputSize"
    if rule == "inputSize C 0":
        return g, [in_size[0], 0] + in_size[2:], out_size, g.dtype, "inputSize"
    return g.astype(BF16), in_size, out_size, BF16, "gradOut"


@st.composite
def invalid_trilinear_backward_calls(draw, rule):
    soc = _soc_for(rule, draw)
    shape, kwargs, dtype = draw(trilinear_configs(dtypes=dtypes_on(soc, FLOAT_DTYPES)))
    out_size = trilinear_output_size(shape, kwargs)
    g = random_data(shape[:2] + out_size, dtype, seed=sum(out_size))
    grad, in_size, size, grad_in_dtype, param = _trilinear_backward_broken(draw, g, list(shape), out_size, rule)
    broken = Broken(grad, _with(kwargs, output_size=size), tuple(in_size), np.dtype(grad_in_dtype), param)
    return soc, draw(st.sampled_from(["numpy", "torch"])), broken


def _call_backward(op, broken, grad, out):
    if op == "interpolate":
        return ai.interpolate_backward(grad, broken.out_shape, **broken.kwargs, out=out)
    kw = broken.kwargs
    return ai.upsample_trilinear3d_backward(grad, kw["output_size"], broken.out_shape, kw["align_corners"],
                                            kw.get("scales"), out=out)


BACKWARD_CASES = [("interpolate", r) for r in INTERPOLATE_BACKWARD_RULES] + \
                 [("trilinear", r) for r in TRILINEAR_BACKWARD_RULES]


@pytest.mark.parametrize("op, rule", BACKWARD_CASES)
@property_settings("invalid_backward")
@given(data=st.data())
def test_invalid_backward_is_rejected_and_out_untouched(op, rule, data):
    strategy = invalid_interpolate_backward_calls if op == "interpolate" else invalid_trilinear_backward_calls
    soc, kind, broken = data.draw(strategy(rule))
    ai.set_soc(soc)
    grad = _as_kind(broken.values, kind)
    out = _as_kind(random_bytes(broken.out_shape, broken.out_dtype, seed=11), kind)
    api = "aclnnInterpolateBackward" if op == "interpolate" else "aclnnUpsampleTrilinear3dBackward"
    assert_rejected(lambda: _call_backward(op, broken, grad, out), api, broken, out)
