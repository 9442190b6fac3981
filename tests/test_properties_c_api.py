"""Property: the C API called directly (ctypes), as a C caller would, for all four operators.

The Python binding checks much before it calls C; these tests do not go through it. They build the
acl objects with the library's own object model (aclCreateTensor, aclCreateIntArray, ...; declared
in python/ascend_interpolate/_lib.py) around numpy buffers, for a random valid configuration
(tests/strategies.py), and then:

- pass NULL for each required pointer in turn: 161001, ``[ERROR] <api>: <parameter>: must not be
  null...`` (docs/aclnnInterpolate.md "aclnnInterpolateGetWorkspaceSize", docs/aclnnUpsampleTrilinear3d.md
  "Checks and status codes", the backwards' pages); a NULL data address of a non-empty tensor: 161001;
- pass NULL for each optional pointer (axes, coordinateTransformationMode, nearestMode, padsBegin,
  padsEnd; the array the shape mode does not read, also a non-NULL inconsistent one): success, and
  the result is the reference's with the documented default;
- break one tensor rule (out's shape or dtype, a rank, a format, a view with a negative stride or
  offset, one reaching beyond its storage, an expanded out): 161002 naming the tensor;
- break phase two (NULL executor, NULL workspace of a size > 0, a workspace one byte too small, an
  executor run twice): 161001 / 161002 as documented.

Every rejected call must leave out's bytes, the out-parameters ``*workspaceSize`` / ``*executor``
and the number of live executors as they were (docs/aclnnInterpolate.md "Constraints": failures of
phase one leave out and the out-parameters untouched and free what the call allocated).

Examples per parametrized case: tests/properties.py EXAMPLES (pinned by tests/test_properties_counts.py).
"""
from __future__ import annotations

import ctypes
from ctypes import c_uint64, c_void_p

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

import ascend_interpolate as ai
from ascend_interpolate import _lib, reference
from ascend_interpolate._lib import ACL_FORMAT
from ascend_interpolate.ops import _numpy_acl_dtype
from properties import FLOAT_DTYPES, INTERPOLATE_DTYPES, SOCS, assert_gradient_close, assert_interpolate_close, \
    assert_trilinear_close, has_bf16, interpolate_fan_in, property_settings, random_bytes, random_data, \
    trilinear_fan_in
from strategies import interpolate_configs, interpolate_output_shape, trilinear_configs, trilinear_output_size

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

SIZE_SENTINEL = 0xDEADBEEF
EXECUTOR_SENTINEL = 0xBADC0DE0


# ---- acl arguments around numpy buffers ---------------------------------------------------------
class TensorArg:
    """An aclTensor over a numpy buffer: `array` is what the operator sees (shape, strides, offset
    inside `base`); every field can be overridden to make an invalid tensor."""

    def __init__(self, array, fmt="ND"):
        self.base = array
        self.shape = list(array.shape)
        self.strides = [s // array.itemsize for s in array.strides] if array.size else _contiguous(array.shape)
        self.offset = 0
        self.storage = [array.size]
        self.data = array.ctypes.data
        self.fmt = ACL_FORMAT.get(fmt, fmt) if isinstance(fmt, str) else fmt
        self.acl_dtype = _numpy_acl_dtype(array.dtype, "tensor")

    def create(self, acl):
        return acl.tensor(self.shape, self.acl_dtype, self.strides, self.offset, self.fmt, self.storage, self.data)


def _contiguous(shape):
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(int(n), 1)
    return strides[::-1]


def strided_view(values):
    """`values` as every other element of a buffer twice as long in the last dimension (a staged view)."""
    big = np.zeros(tuple(values.shape[:-1]) + (2 * values.shape[-1],), values.dtype)
    big[..., ::2] = values
    return big[..., ::2], big


class CCall:
    """One operator call as C sees it: the argument list by name (in the C order), phase one and two."""

    def __init__(self, op, args, out_name):
        self.op = op
        self.args = args  # name -> TensorArg / ("ints", list|None) / ("floats", list|None) / bytes / bool / float
        self.out_name = out_name

    @property
    def out(self):
        return self.args[self.out_name].base

    def materialise(self, acl, nulls=()):
        values = []
        for name, arg in self.args.items():
            values.append(None if name in nulls else _materialise(acl, arg))
        return values

    def phase_one(self, acl, nulls=()):
        """(status, workspace size, executor, message) of GetWorkspaceSize; the out-parameters start as sentinels."""
        size, executor = c_uint64(SIZE_SENTINEL), c_void_p(EXECUTOR_SENTINEL)
        args = self.materialise(acl, nulls)
        _lib.clear_error_message()
        status = _lib.function(self.op.api + "GetWorkspaceSize")(
            *args, None if "workspaceSize" in nulls else ctypes.byref(size),
            None if "executor" in nulls else ctypes.byref(executor))
        return status, size.value, executor.value, _lib.recent_error_message()

    def phase_two(self, workspace, size, executor):
        _lib.clear_error_message()
        status = _lib.function(self.op.api)(workspace, size, c_void_p(executor) if executor else None, None)
        return status, _lib.recent_error_message()

    def run(self, nulls=()):
        """Both phases (with the pointers `nulls` NULL); asserts success."""
        with _lib.AclObjects() as acl:
            status, size, executor, message = self.phase_one(acl, nulls)
            assert status == 0, message
            ws = _lib.Workspace(size)
            status, message = self.phase_two(c_void_p(ws.ptr) if ws.ptr else None, size, executor)
            assert status == 0, message


def _materialise(acl, arg):
    if isinstance(arg, TensorArg):
        return arg.create(acl)
    if isinstance(arg, tuple) and arg[0] == "ints":
        return acl.int_array(arg[1])
    if isinstance(arg, tuple) and arg[0] == "floats":
        return acl.float_array(arg[1])
    return arg


class Op:
    def __init__(self, name, api, read, write):
        self.name, self.api, self.read, self.write = name, api, read, write


OPS = {
    "interpolate": Op("interpolate", "aclnnInterpolate", "self", "out"),
    "interpolate_backward": Op("interpolate_backward", "aclnnInterpolateBackward", "gradOutput", "gradInput"),
    "trilinear": Op("trilinear", "aclnnUpsampleTrilinear3d", "self", "out"),
    "trilinear_backward": Op("trilinear_backward", "aclnnUpsampleTrilinear3dBackward", "gradOut", "gradInput"),
}


def interpolate_c_call(op, x, out, kwargs):
    """aclnnInterpolate[Backward] arguments in C order (x: self / gradOutput, out: out / gradInput)."""
    def text(name, default):
        return kwargs.get(name, default).encode("ascii")

    args = {op.read: TensorArg(x), "sizes": ("ints", kwargs.get("sizes")), "scales": ("floats", kwargs.get("scales")),
            "axes": ("ints", kwargs.get("axes")), "mode": text("mode", ""),
            "shapeCalculationMode": text("shape_calculation_mode", ""),
            "coordinateTransformationMode": text("coordinate_transformation_mode", "half_pixel"),
            "nearestMode": text("nearest_mode", "round_prefer_floor"), "antialias": bool(kwargs.get("antialias")),
            "padsBegin": ("ints", list(kwargs.get("pads_begin", [0]))),
            "padsEnd": ("ints", list(kwargs.get("pads_end", [0]))),
            "cubeCoeff": float(kwargs.get("cube_coeff", -0.75)), op.write: TensorArg(out)}
    return CCall(op, args, op.write)


def _c_scales(scales):
    return [0.0 if s is None else float(s) for s in (scales or [None, None, None])]


def trilinear_c_call(op, x, out, kwargs, in_shape):
    size = ("ints", list(kwargs["output_size"]))
    scales = _c_scales(kwargs.get("scales"))
    args = {op.read: TensorArg(x, "NCDHW"), "outputSize": size}
    if op.name == "trilinear_backward":
        args["inputSize"] = ("ints", list(in_shape))
    args.update({"alignCorners": bool(kwargs["align_corners"]), "scalesD": scales[0], "scalesH": scales[1],
                 "scalesW": scales[2], op.write: TensorArg(out, "NCDHW")})
    return CCall(op, args, op.write)


# ---- random valid calls -----------------------------------------------------------------------------
class ValidCall:
    """A valid call of `op` with its C arguments and the reference's result."""

    def __init__(self, op, call, want, check):
        self.op, self.call, self.want, self.check = op, call, want, check


def _trilinear_kwargs_with_size(shape, kwargs):
    return dict(kwargs, output_size=trilinear_output_size(shape, kwargs))


def _interpolate_valid(op, shape, kwargs, dtype):
    out_shape = interpolate_output_shape(shape, kwargs)
    if op.name == "interpolate":
        x = random_data(shape, dtype, seed=sum(shape))
        want = reference.interpolate(x, **kwargs)
        call = interpolate_c_call(op, x, random_bytes(want.shape, dtype, seed=1), kwargs)
        return ValidCall(op, call, want, lambda got: assert_interpolate_close(got, want, x, kwargs))
    g = random_data(out_shape, dtype, seed=sum(out_shape))
    want = reference.interpolate_backward(g, shape, **kwargs)
    call = interpolate_c_call(op, g, random_bytes(want.shape, dtype, seed=2), kwargs)
    fan = interpolate_fan_in(shape, kwargs)
    return ValidCall(op, call, want, lambda got: assert_gradient_close(got, want, g, fan))


def _trilinear_valid(op, shape, kwargs, dtype):
    kwargs = _trilinear_kwargs_with_size(shape, kwargs)
    if op.name == "trilinear":
        x = random_data(shape, dtype, seed=sum(shape))
        want = reference.upsample_trilinear3d(x, **kwargs)
        call = trilinear_c_call(op, x, random_bytes(want.shape, dtype, seed=3), kwargs, shape)
        return ValidCall(op, call, want, lambda got: assert_trilinear_close(got, want, x))
    size, scales = kwargs["output_size"], kwargs.get("scales")
    g = random_data(shape[:2] + size, dtype, seed=sum(size))
    want = reference.upsample_trilinear3d_backward(g, size, shape, kwargs["align_corners"], scales)
    call = trilinear_c_call(op, g, random_bytes(want.shape, dtype, seed=4), kwargs, shape)
    fan = trilinear_fan_in(shape[2:], size, kwargs["align_corners"], scales or [None] * 3)
    return ValidCall(op, call, want, lambda got: assert_gradient_close(got, want, g, fan))


@st.composite
def valid_c_calls(draw, op_name, soc, config_change=None):
    """A random valid call of `op_name` on `soc` (dtypes the SoC takes); `config_change(kwargs, shape)`
    may rewrite the configuration first (to a form an optional NULL stands for)."""
    op = OPS[op_name]
    dtypes = INTERPOLATE_DTYPES if op_name == "interpolate" else FLOAT_DTYPES
    dtypes = tuple(d for d in dtypes if has_bf16(soc) or d.name != "bfloat16")
    if op_name.startswith("interpolate"):
        shape, kwargs, dtype = draw(interpolate_configs(dtypes=dtypes))
        if config_change is not None:
            kwargs = config_change(shape, kwargs)
        return _interpolate_valid(op, shape, kwargs, dtype)
    shape, kwargs, dtype = draw(trilinear_configs(dtypes=dtypes))
    return _trilinear_valid(op, shape, kwargs, dtype)


def _live_executors():
    return _lib.library().aclsimLiveExecutorCount()


def assert_phase_one_rejected(valid, status, param, nulls=(), mutate=None):
    """Phase one fails with `status` naming `param`, leaves out, the out-parameters and the live
    executors as they were."""
    call = valid.call
    before = call.out.view(np.uint8).copy()
    live = _live_executors()
    with _lib.AclObjects() as acl:
        if mutate is not None:
            mutate(call)
        got, size, executor, message = call.phase_one(acl, nulls)
    assert got == status, f"status {got}, want {status}: {message}"
    assert message.startswith(f"[ERROR] {call.op.api}: {param}: "), message
    assert (size, executor) == (SIZE_SENTINEL, EXECUTOR_SENTINEL), "a failed phase one wrote its out-parameters"
    assert np.array_equal(call.out.view(np.uint8), before), "a failed phase one wrote out"
    assert _live_executors() == live, "a failed phase one left an executor alive"


# ---- NULL pointers ----------------------------------------------------------------------------------
REQUIRED = {
    "interpolate": ("self", "out", "mode", "shapeCalculationMode", "workspaceSize", "executor", "shape array"),
    "interpolate_backward": ("gradOutput", "gradInput", "mode", "shapeCalculationMode", "workspaceSize",
                             "executor", "shape array"),
    "trilinear": ("self", "outputSize", "out", "workspaceSize", "executor"),
    "trilinear_backward": ("gradOut", "outputSize", "inputSize", "gradInput", "workspaceSize", "executor"),
}
REQUIRED_CASES = [(op, param) for op, params in REQUIRED.items() for param in params]


@pytest.mark.parametrize("op, param", REQUIRED_CASES)
@property_settings("c_api_null_pointers")
@given(data=st.data())
def test_null_required_pointer_is_161001(op, param, data):
    soc = data.draw(st.sampled_from(SOCS))
    ai.set_soc(soc)
    valid = data.draw(valid_c_calls(op, soc))
    if param == "shape array":  # sizes in sizes mode, scales in scales mode
        param = _shape_array_of(valid.call)
    assert_phase_one_rejected(valid, 161001, param, nulls=(param,))


def _shape_array_of(call):
    return "sizes" if call.args["shapeCalculationMode"] == b"sizes" else "scales"


BACKWARD_NAMES_FORWARD_TENSORS = (
    "op_api names the forward's tensors in the checks it shares with the forwards (CheckViews, "
    "CheckDataAddresses, CheckNoOverlap): a backward's message says 'self:' / 'out:' instead of "
    "gradOutput/gradOut and gradInput (docs/aclnnInterpolateBackward.md and "
    "docs/aclnnUpsampleTrilinear3dBackward.md: '[ERROR] <api>: <parameter>: <rule>')")


FORWARD_OPS = ("interpolate", "trilinear")  # the backwards' shared checks: test_backward_shared_checks_...


@pytest.mark.parametrize("op", FORWARD_OPS)
@pytest.mark.parametrize("which", ["read", "write"])
@property_settings("c_api_null_pointers")
@given(data=st.data())
def test_null_data_address_is_161001(op, which, data):
    """A non-empty tensor with a NULL data address (161001, "the data address of a non-empty self/out")."""
    soc = data.draw(st.sampled_from(SOCS))
    ai.set_soc(soc)
    valid = data.draw(valid_c_calls(op, soc))
    assume_non_empty(valid)
    name = valid.op.read if which == "read" else valid.op.write

    def null_data(call):
        call.args[name].data = 0
    assert_phase_one_rejected(valid, 161001, name, mutate=null_data)


def assume_non_empty(valid):
    assume(valid.call.out.size > 0)


# Optional pointers of Interpolate (forward and backward): NULL is the documented default.
def _all_axes(shape, kwargs):
    """The same call with axes NULL: every dimension listed, unlisted ones keeping their padded length."""
    rank = len(shape)
    listed = list(range(rank)) if kwargs["axes"] is None else kwargs["axes"]
    out_shape = interpolate_output_shape(shape, kwargs)
    kwargs = dict(kwargs, axes=None)
    if kwargs["shape_calculation_mode"] == "sizes":
        kwargs["sizes"] = list(out_shape)
    else:
        scales = [1.0] * rank
        for i, a in enumerate(listed):
            scales[a] = kwargs["scales"][i]
        kwargs["scales"] = scales
    return kwargs


def _defaults(**defaults):
    return lambda shape, kwargs: dict(kwargs, **defaults)


OPTIONAL = {
    "axes": _all_axes,
    "coordinateTransformationMode": _defaults(coordinate_transformation_mode="half_pixel"),
    "nearestMode": _defaults(nearest_mode="round_prefer_floor"),
    "padsBegin": _defaults(pads_begin=[0]),
    "padsEnd": _defaults(pads_end=[0]),
    "unused shape array": None,
}
OPTIONAL_CASES = [(op, param) for op in ("interpolate", "interpolate_backward") for param in OPTIONAL]


@pytest.mark.parametrize("op, param", OPTIONAL_CASES)
@property_settings("c_api_null_pointers")
@given(data=st.data())
def test_null_optional_pointer_is_the_default(op, param, data):
    soc = data.draw(st.sampled_from(SOCS))
    ai.set_soc(soc)
    valid = data.draw(valid_c_calls(op, soc, OPTIONAL[param]))
    call = valid.call
    nulls = (param,)
    if param == "unused shape array":  # NULL, or present and wrong in every way: never read
        unused = "scales" if _shape_array_of(call) == "sizes" else "sizes"
        nonsense = data.draw(st.sampled_from([None, [0], [-3, 7, 7, 7, 7, 7]]))
        call.args[unused] = ("floats" if unused == "scales" else "ints", nonsense)
        nulls = ()
    call.run(nulls)
    valid.check(call.out)


# ---- tensors that break a rule ----------------------------------------------------------------------
def _unsupported_dtype(call, name):
    call.args[name].acl_dtype = _lib.ACL_DTYPE["float64"]


def _other_dtype(call, name):
    arg = call.args[name]
    arg.acl_dtype = _lib.ACL_DTYPE["float16" if arg.base.dtype != np.float16 else "float32"]


def _rank_six(call, name):
    """Leading dimensions of 1 up to rank 6 (same elements)."""
    arg = call.args[name]
    extra = 6 - len(arg.shape)
    arg.shape = [1] * extra + arg.shape
    arg.strides = [arg.storage[0]] * extra + arg.strides


def _rank_plus_one(call, name):
    arg = call.args[name]
    arg.shape = [1] + arg.shape
    arg.strides = [arg.storage[0]] + arg.strides


def _fractal_format(call, name):
    call.args[name].fmt = ACL_FORMAT.get("NC1HWC0", 3)


def _negative_stride(call, name):
    arg = call.args[name]
    arg.strides = [-max(abs(arg.strides[0]), 1)] + list(arg.strides[1:])


def _negative_offset(call, name):
    call.args[name].offset = -1


def _beyond_storage(call, name):
    call.args[name].storage = [call.args[name].base.size - 1]


def _expanded(call, name):
    """Stride 0 on the longest dimension (its elements alias)."""
    arg = call.args[name]
    axis = int(np.argmax(arg.shape))
    arg.strides = list(arg.strides)
    arg.strides[axis] = 0


def _shorter_last_dimension(call, name):
    """One element fewer in the last dimension (a view of the same buffer); a dimension of 1 added
    when the last one is 1 already."""
    arg = call.args[name]
    if arg.shape[-1] > 1:
        arg.shape = arg.shape[:-1] + [arg.shape[-1] - 1]
    else:
        arg.shape = arg.shape + [1]
        arg.strides = list(arg.strides) + [1]


# rule: (mutation, tensor it applies to, tensor the message names when that differs)
TENSOR_RULES = {
    "write shape": (_shorter_last_dimension, "write"),
    "write dtype": (_other_dtype, "write"),
    "read dtype": (_unsupported_dtype, "read"),
    "read rank": (_rank_six, "read"),
    "write rank": (_rank_plus_one, "write"),
    "read format": (_fractal_format, "read"),
    "write format": (_fractal_format, "write"),
    "read negative stride": (_negative_stride, "read"),
    "read negative offset": (_negative_offset, "read"),
    "read beyond storage": (_beyond_storage, "read"),
    "write beyond storage": (_beyond_storage, "write"),
    "write expanded": (_expanded, "write"),
}
VIEW_RULES = ("read negative stride", "read negative offset", "read beyond storage", "write beyond storage",
              "write expanded")


TENSOR_CASES = [(op, rule) for op in OPS for rule in TENSOR_RULES if rule not in VIEW_RULES or op in FORWARD_OPS]


def _named_tensor(valid, rule, which):
    """The tensor the message must name. aclnnInterpolateBackward takes the forward's input shape
    from gradInput, so a gradInput of another shape is reported as gradOutput not being the forward
    output of that shape (docs/aclnnInterpolateBackward.md "aclnnInterpolateBackwardGetWorkspaceSize")."""
    if valid.op.name == "interpolate_backward" and rule == "write shape":
        return valid.op.read
    return valid.op.read if which == "read" else valid.op.write


def _assume_rule_applies(valid, rule):
    call = valid.call
    if rule == "write expanded":
        assume(max(call.out.shape) > 1)
    if valid.op.name == "interpolate_backward" and rule == "write shape":
        # the changed last dimension must reach the forward output unchanged: not listed in axes
        rank = call.out.ndim
        axes = call.args["axes"][1]
        assume(axes is not None and rank - 1 not in axes and call.out.shape[-1] > 1)


@pytest.mark.parametrize("op, rule", TENSOR_CASES)
@property_settings("c_api_bad_tensors")
@given(data=st.data())
def test_bad_tensor_is_161002_naming_it(op, rule, data):
    soc = data.draw(st.sampled_from(SOCS))
    ai.set_soc(soc)
    valid = data.draw(valid_c_calls(op, soc))
    assume_non_empty(valid)
    _assume_rule_applies(valid, rule)
    mutation, which = TENSOR_RULES[rule]
    name = valid.op.read if which == "read" else valid.op.write
    assert_phase_one_rejected(valid, 161002, _named_tensor(valid, rule, which),
                              mutate=lambda call: mutation(call, name))


def _share_one_buffer(valid):
    """read and write as dense views of one buffer (the input's values first)."""
    call = valid.call
    read, write = call.args[valid.op.read], call.args[valid.op.write]
    shared = np.zeros(max(read.base.size, write.base.size), read.base.dtype)
    shared[:read.base.size] = read.base.reshape(-1)
    for arg in (read, write):
        arg.base, arg.data, arg.storage = shared, shared.ctypes.data, [shared.size]


@pytest.mark.parametrize("op", FORWARD_OPS)
@property_settings("c_api_bad_tensors")
@given(data=st.data())
def test_out_sharing_memory_with_the_input_is_161002(op, data):
    """Both dense and in one buffer: the kernel would read what it overwrote (docs/aclnnUpsampleTrilinear3d.md
    "Constraints", overlap: 161002 "out: shares N bytes with self")."""
    soc = data.draw(st.sampled_from(SOCS))
    ai.set_soc(soc)
    valid = data.draw(valid_c_calls(op, soc))
    assume_non_empty(valid)
    _share_one_buffer(valid)
    assert_phase_one_rejected(valid, 161002, valid.op.write)


# The checks the backwards share with the forwards name the forward's tensors: one fixed call each.
def _fixed_backward_call(op):
    if op == "interpolate_backward":
        kwargs = dict(sizes=[5, 6], axes=[2, 3], mode="linear", shape_calculation_mode="sizes", pads_begin=[0],
                      pads_end=[0])
        return _interpolate_valid(OPS[op], [1, 2, 3, 4], kwargs, np.dtype(np.float32))
    return _trilinear_valid(OPS[op], [1, 2, 2, 3, 4], dict(output_size=[3, 4, 5], align_corners=False),
                            np.dtype(np.float32))


def _null_data(which):
    def mutate(call, name):
        call.args[name].data = 0
    return mutate, which


SHARED_CHECKS = dict({rule: TENSOR_RULES[rule] for rule in VIEW_RULES}, **{
    "read null data": _null_data("read"), "write null data": _null_data("write"), "overlap": (None, "write")})


@pytest.mark.xfail(strict=True, reason=BACKWARD_NAMES_FORWARD_TENSORS)
@pytest.mark.parametrize("op", ["interpolate_backward", "trilinear_backward"])
@pytest.mark.parametrize("rule", sorted(SHARED_CHECKS))
def test_backward_shared_checks_name_the_backward_tensors(op, rule):
    valid = _fixed_backward_call(op)
    mutation, which = SHARED_CHECKS[rule]
    name = valid.op.read if which == "read" else valid.op.write
    status = 161001 if "null" in rule else 161002
    if rule == "overlap":
        _share_one_buffer(valid)
        assert_phase_one_rejected(valid, status, name)
    else:
        assert_phase_one_rejected(valid, status, name, mutate=lambda call: mutation(call, name))


# ---- phase two ----------------------------------------------------------------------------------------
PHASE_TWO_RULES = ("null executor", "null workspace", "small workspace", "ran twice")


def _stage_the_input(valid, op):
    """The input as every other element of a larger buffer: staged through the workspace, so the
    workspace size is > 0."""
    call = valid.call
    read = call.args[valid.op.read]
    view, buffer = strided_view(read.base)
    staged = TensorArg(view, "NCDHW" if op.startswith("trilinear") else "ND")
    staged.base, staged.storage, staged.data = buffer, [buffer.size], buffer.ctypes.data
    call.args[valid.op.read] = staged


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("rule", PHASE_TWO_RULES)
@property_settings("c_api_phase_two")
@given(data=st.data())
def test_phase_two_errors(op, rule, data):
    soc = data.draw(st.sampled_from(SOCS))
    ai.set_soc(soc)
    valid = data.draw(valid_c_calls(op, soc))
    assume_non_empty(valid)
    _stage_the_input(valid, op)
    call = valid.call
    live = _live_executors()
    with _lib.AclObjects() as acl:
        status, size, executor, message = call.phase_one(acl)
        assert status == 0, message
        if size == 0:  # nothing staged after all (a last dimension of 1): release and discard
            _lib.function("aclDestroyAclOpExecutor")(c_void_p(executor))
            assume(False)
        ws = _lib.Workspace(size)
        if rule == "ran twice":
            status, message = call.phase_two(c_void_p(ws.ptr), size, executor)
            assert status == 0, message
        before = call.out.view(np.uint8).copy()
        status, message, param = _run_phase_two_broken(call, rule, ws, size, executor)
        assert status == (161001 if rule.startswith("null") else 161002), message
        assert message.startswith(f"[ERROR] {valid.op.api}: {param}: "), message
        assert np.array_equal(call.out.view(np.uint8), before), "a failed phase two wrote out"
    assert _live_executors() == live, "phase two left an executor alive"


def _run_phase_two_broken(call, rule, ws, size, executor):
    """(status, message, parameter the message must name) of the broken phase two."""
    if rule == "null executor":
        status, message = call.phase_two(c_void_p(ws.ptr), size, None)
        _lib.function("aclDestroyAclOpExecutor")(c_void_p(executor))  # never ran: the caller releases it
        return status, message, "executor"
    if rule == "null workspace":
        return (*call.phase_two(None, size, executor), "workspace")
    if rule == "small workspace":
        return (*call.phase_two(c_void_p(ws.ptr), size - 1, executor), "workspaceSize")
    return (*call.phase_two(c_void_p(ws.ptr), size, executor), "executor")  # ran twice
