"""Everything that runs the backward C API (aclnnUpsampleTrilinear3dBackward, aclnnInterpolateBackward).

Until the library exports those entry points every test here fails with OSError naming the missing
symbol (ascend_interpolate._lib.function); none is skipped.

1. The binding's backwards (numpy and torch, every dtype) against the float64 reference backwards, and
   torch autograd through the plain functions and functional.interpolate against torch autograd of
   F.interpolate.
2. opcheck of the backward operators and of the forward operators with inputs that require grad
   (autograd registration, aot_autograd with the backward), gradcheck-style checks (finite
   differences; double backward through the backward operators).
3. Determinism: bitwise identical gradients across runs and across the SoC profiles (ascend910b: 48
   cores, ascend310p: 8 cores, no DataCopyPad): the kernels gather, use no atomics and sum in a fixed
   order.
4. Errors of the backward C API (161002 naming the parameter) leave ``out`` untouched.

Tolerances: float32 |got - ref| <= 1e-5 * |ref| + 1e-6 * max|g| * (output elements per input element);
float16 / bfloat16 within 2 ulps of the dtype at the gradient's magnitude (computed in float32, rounded
once, as the forwards).
"""
from __future__ import annotations

import itertools
import zlib

import ml_dtypes
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import functional, reference

torch = pytest.importorskip("torch")
import torch.nn.functional as F  # noqa: E402

OPS = torch.ops.ascend_interpolate
BF16 = np.dtype(ml_dtypes.bfloat16)

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

AXIS_KINDS = {"up": (3, 7, 2.4), "down": (7, 3, 0.45), "identity": (5, 5, 1.1), "in1": (1, 4, 4.0),
              "out1": (4, 1, 0.3)}


def _seed(*parts):
    return zlib.crc32(repr(parts).encode())


def _rand(shape, seed, dtype=np.float32):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32).astype(dtype)


def _f64(a):
    if isinstance(a, torch.Tensor):
        return a.detach().to(torch.float64).numpy()
    return np.asarray(a).astype(np.float64)


def _fan(in_lens, out_lens):
    return int(np.prod([max(1, -(-o // i)) + 3 for i, o in zip(in_lens, out_lens)]))


def _assert_grad_close(got, want, g, fan, dtype, context=""):
    got, want = _f64(got), _f64(want)
    assert got.shape == want.shape, context
    dtype = np.dtype(dtype)
    if dtype == np.float32:
        tolerance = 1e-5 * np.abs(want) + 1e-6 * float(np.abs(_f64(g)).max()) * fan
    else:
        bits = 10 if dtype == np.float16 else 7
        magnitude = max(float(np.abs(want).max()), 2.0**-14)
        tolerance = 2 * 2.0 ** (np.floor(np.log2(magnitude)) - bits)
    diff = np.abs(got - want)
    assert np.all(diff <= tolerance), f"{context}: max |diff| {diff.max():.3g}"


# ------------------------------------------------------------------------------------------------
# UpsampleTrilinear3d backward: binding against the reference
# ------------------------------------------------------------------------------------------------
KIND_TRIPLES = [("up", "down", "identity"), ("in1", "out1", "up"), ("up", "up", "up"), ("down", "down", "down"),
                ("identity", "identity", "identity"), ("out1", "in1", "down")]


@pytest.mark.parametrize("kinds", KIND_TRIPLES, ids="-".join)
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("by", ["output_size", "scales", "both"])
@pytest.mark.parametrize("dtype", [np.float32, np.float16, BF16], ids=["float32", "float16", "bfloat16"])
def test_trilinear_backward_matches_reference(kinds, align_corners, by, dtype):
    in_size = [AXIS_KINDS[k][0] for k in kinds]
    out_size = [AXIS_KINDS[k][1] for k in kinds]
    scales = None if by == "output_size" else [AXIS_KINDS[k][2] for k in kinds]
    if by == "both":
        scales[1] = None
    g = _rand((2, 3, *out_size), _seed(kinds, align_corners, by), dtype)
    input_size = (2, 3, *in_size)
    got = ai.upsample_trilinear3d_backward(g, out_size, input_size, align_corners, scales)
    want = reference.upsample_trilinear3d_backward(g, out_size, input_size, align_corners, scales)
    assert isinstance(got, np.ndarray) and got.dtype == np.dtype(dtype) and got.shape == tuple(input_size)
    _assert_grad_close(got, want, g, _fan(in_size, out_size), dtype, f"{kinds} {align_corners} {by}")


def test_trilinear_backward_torch_views_and_out():
    g = torch.from_numpy(_rand((2, 4, 6, 5, 7), 11))
    want = reference.upsample_trilinear3d_backward(g.numpy(), (6, 5, 7), (2, 4, 3, 4, 5))
    for name, view in {"contiguous": g, "channels_last_3d": g.contiguous(memory_format=torch.channels_last_3d),
                       "slice": torch.from_numpy(_rand((3, 4, 6, 5, 9), 12))[1:, :, :, :, 1:8]}.items():
        if name == "slice":
            want_v = reference.upsample_trilinear3d_backward(view.numpy(), (6, 5, 7), (2, 4, 3, 4, 5))
        else:
            want_v = want
        got = ai.upsample_trilinear3d_backward(view, (6, 5, 7), (2, 4, 3, 4, 5))
        assert isinstance(got, torch.Tensor) and got.shape == (2, 4, 3, 4, 5)
        assert got.stride() == torch.ops.aten.upsample_trilinear3d_backward(view, [6, 5, 7], [2, 4, 3, 4, 5], False,
                                                                            None, None, None).stride(), name
        _assert_grad_close(got, want_v, view, _fan((3, 4, 5), (6, 5, 7)), np.float32, name)
    out = torch.full((2, 4, 3, 4, 5), 7.0)
    assert ai.upsample_trilinear3d_backward(g, (6, 5, 7), (2, 4, 3, 4, 5), out=out) is out
    _assert_grad_close(out, want, g, _fan((3, 4, 5), (6, 5, 7)), np.float32)


@pytest.mark.parametrize("bad_out, error", [
    (np.full((1, 2, 3, 4, 6), 3.0, np.float32), ValueError),    # not input_size: refused by the binding
    (np.full((1, 2, 3, 4, 5), 3.0, np.float16), ai.AclnnError),  # not grad_output's dtype: 161002
])
def test_trilinear_backward_errors_leave_out_untouched(bad_out, error):
    g = _rand((1, 2, 4, 6, 7), 5)
    before = bad_out.copy()
    with pytest.raises(error) as info:
        ai.upsample_trilinear3d_backward(g, (4, 6, 7), (1, 2, 3, 4, 5), out=bad_out)
    if error is ai.AclnnError:
        assert info.value.status == 161002 and info.value.message
    np.testing.assert_array_equal(bad_out, before)
    with pytest.raises(ai.AclnnError) as info:  # grad_output's shape is not the forward output's
        ai.upsample_trilinear3d_backward(g, (4, 6, 8), (1, 2, 3, 4, 5))
    assert info.value.status == 161002


# ------------------------------------------------------------------------------------------------
# Interpolate backward: binding against the reference, every mode
# ------------------------------------------------------------------------------------------------
INTERPOLATE_BACKWARD_CASES = []
for _mode, _transform in itertools.product(reference.MODES, reference.COORDINATE_TRANSFORMATION_MODES):
    INTERPOLATE_BACKWARD_CASES.append(((2, 3, 7, 9), dict(sizes=(11, 4), axes=(2, 3), mode=_mode,
                                                          shape_calculation_mode="sizes",
                                                          coordinate_transformation_mode=_transform)))
for _nearest in reference.NEAREST_MODES:
    INTERPOLATE_BACKWARD_CASES.append(((2, 9, 6), dict(scales=(0.6, 1.7), axes=(1, 2), mode="nearest",
                                                       shape_calculation_mode="scales", nearest_mode=_nearest)))
INTERPOLATE_BACKWARD_CASES += [
    ((1, 2, 12, 10), dict(sizes=(5, 4), axes=(2, 3), mode="linear", shape_calculation_mode="sizes", antialias=True)),
    ((1, 2, 12, 5), dict(sizes=(5, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes", antialias=True)),
    ((1, 2, 5, 6), dict(sizes=(8, 8), axes=(2, 3), mode="linear_onnx", shape_calculation_mode="sizes",
                        pads_begin=(0, 0, 1, 2), pads_end=(0, 0, 2, 0))),
    ((1, 1, 6, 8), dict(sizes=(9, 5), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes", cube_coeff=-0.5)),
    ((7, 9), dict(sizes=(4, 13), mode="cubic", shape_calculation_mode="sizes")),
    ((11,), dict(scales=(0.7,), mode="nearest", shape_calculation_mode="scales",
                 coordinate_transformation_mode="tf_half_pixel_for_nn", nearest_mode="simple")),
    ((1, 2, 3, 4, 5), dict(scales=(2.0, 1.5, 0.5), axes=(2, 3, 4), mode="linear_onnx", shape_calculation_mode="scales",
                           coordinate_transformation_mode="align_corners")),
    ((2, 3, 4, 5, 6), dict(sizes=(3, 7), axes=(4, 1), mode="cubic", shape_calculation_mode="sizes",
                           pads_begin=(0, 1), pads_end=(0, 0, 0, 0, 2))),
]


@pytest.mark.parametrize("shape, kwargs", INTERPOLATE_BACKWARD_CASES,
                         ids=lambda v: "-".join(str(v[k]) for k in ("mode", "coordinate_transformation_mode",
                                                                     "nearest_mode", "antialias") if k in v)
                         if isinstance(v, dict) else None)
@pytest.mark.parametrize("dtype", [np.float32, np.float16, BF16], ids=["float32", "float16", "bfloat16"])
def test_interpolate_backward_matches_reference(shape, kwargs, dtype):
    out_shape = reference.interpolate(np.zeros(shape, np.float32), **kwargs).shape
    g = _rand(out_shape, _seed(shape, sorted(kwargs.items())), dtype)
    got = ai.interpolate_backward(g, shape, **kwargs)
    want = reference.interpolate_backward(g, shape, **kwargs)
    assert isinstance(got, np.ndarray) and got.dtype == np.dtype(dtype) and got.shape == tuple(shape)
    _assert_grad_close(got, want, g, 4 * _fan(shape, out_shape), dtype, str(kwargs))
    got_t = ai.interpolate_backward(torch.from_numpy(g.view(np.int16)).view(torch.bfloat16) if dtype == BF16
                                    else torch.from_numpy(g), shape, **kwargs)
    assert isinstance(got_t, torch.Tensor)
    np.testing.assert_array_equal(_f64(got_t), _f64(got))


def test_interpolate_backward_rejects_integer_gradients_and_bad_out():
    kwargs = dict(sizes=(7, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    with pytest.raises(ai.AclnnError) as info:
        ai.interpolate_backward(np.zeros((1, 2, 7, 9), np.int32), (1, 2, 4, 5), **kwargs)
    assert info.value.status == 161002
    out = np.full((1, 2, 4, 5), 5.0, np.float16)  # the dtype must be grad_output's
    with pytest.raises(ai.AclnnError) as info:
        ai.interpolate_backward(_rand((1, 2, 7, 9), 1), (1, 2, 4, 5), **kwargs, out=out)
    assert info.value.status == 161002 and info.value.message
    np.testing.assert_array_equal(out, 5.0)
    with pytest.raises(ai.AclnnError) as info:  # grad_output's shape is not the forward output's
        ai.interpolate_backward(_rand((1, 2, 7, 8), 1), (1, 2, 4, 5), **kwargs)
    assert info.value.status == 161002


# ------------------------------------------------------------------------------------------------
# Autograd through the plain functions and functional.interpolate, against torch
# ------------------------------------------------------------------------------------------------
def _grads(fn, x, g):
    x = x.detach().clone().requires_grad_()
    y = fn(x)
    y.backward(g)
    return y, x.grad


def test_plain_functions_propagate_gradients():
    x = torch.from_numpy(_rand((1, 2, 3, 4, 5), 1))
    g = torch.from_numpy(_rand((1, 2, 6, 3, 9), 2))
    y, grad = _grads(lambda t: ai.upsample_trilinear3d(t, output_size=(6, 3, 9), scales=(2.0, None, 1.8)), x, g)
    _, want = _grads(lambda t: torch.ops.aten.upsample_trilinear3d(t, [6, 3, 9], False, 2.0, None, 1.8), x, g)
    _assert_grad_close(grad, want, g, _fan((3, 4, 5), (6, 3, 9)), np.float32)
    kwargs = dict(sizes=(7,), axes=(4,), mode="cubic", shape_calculation_mode="sizes")
    g = torch.from_numpy(_rand((1, 2, 3, 4, 7), 3))
    y, grad = _grads(lambda t: ai.interpolate(t, **kwargs), x, g)
    _assert_grad_close(grad, reference.interpolate_backward(g.numpy(), (1, 2, 3, 4, 5), **kwargs), g, 16, np.float32)


FUNCTIONAL_GRAD_CASES = [
    ("nearest", (2, 3, 5, 7), dict(size=(9, 4))),
    ("nearest", (2, 3, 11), dict(scale_factor=0.5)),
    ("nearest-exact", (1, 2, 3, 4, 5), dict(size=(2, 9, 3))),
    ("linear", (2, 3, 7), dict(size=(12,), align_corners=True)),
    ("bilinear", (2, 3, 5, 7), dict(scale_factor=(2.2, 0.6))),
    ("bilinear", (2, 3, 13, 4), dict(size=(5, 9), antialias=True)),
    ("bicubic", (2, 3, 5, 7), dict(size=(11, 3))),
    ("trilinear", (1, 2, 3, 4, 5), dict(size=(6, 2, 9))),
]


@pytest.mark.parametrize("mode, shape, kwargs", FUNCTIONAL_GRAD_CASES, ids=lambda v: v if isinstance(v, str) else None)
def test_functional_gradients_match_torch(mode, shape, kwargs):
    x = torch.from_numpy(_rand(shape, _seed(mode, shape)))
    y_t = F.interpolate(x, mode=mode, **kwargs)
    g = torch.from_numpy(_rand(tuple(y_t.shape), _seed(mode, "g")))
    _, want = _grads(lambda t: F.interpolate(t, mode=mode, **kwargs), x, g)
    _, got = _grads(lambda t: functional.interpolate(t, mode=mode, **kwargs), x, g)
    assert got.shape == x.shape and got.dtype == x.dtype
    _assert_grad_close(got, want, g, 4 * _fan(shape[2:], y_t.shape[2:]), np.float32, f"{mode} {kwargs}")


# ------------------------------------------------------------------------------------------------
# opcheck, gradcheck-style checks
# ------------------------------------------------------------------------------------------------
def test_opcheck_backward_operators():
    g = torch.from_numpy(_rand((1, 2, 4, 6, 7), 1))
    torch.library.opcheck(OPS.upsample_trilinear3d_backward.default, (g, [4, 6, 7], [1, 2, 3, 4, 5], False))
    torch.library.opcheck(OPS.upsample_trilinear3d_backward.default,
                          (g.contiguous(memory_format=torch.channels_last_3d), [4, 6, 7], [1, 2, 3, 4, 5], True, 1.5,
                           None, None))
    g4 = torch.from_numpy(_rand((2, 3, 9, 4), 2))
    torch.library.opcheck(OPS.interpolate_backward.default, (g4, [2, 3, 5, 7], [9, 4], None, [2, 3]),
                          dict(mode="cubic", shape_calculation_mode="sizes"))
    torch.library.opcheck(OPS.interpolate_backward.default, (g4, [2, 3, 5, 7], None, [1.8, 0.6], [2, 3]),
                          dict(mode="linear", shape_calculation_mode="scales", antialias=True))


def test_opcheck_forward_operators_with_autograd():
    x = torch.from_numpy(_rand((1, 2, 3, 4, 5), 3)).requires_grad_()
    torch.library.opcheck(OPS.upsample_trilinear3d.default, (x, [4, 6, 7], False, None, 1.5, None))
    x4 = torch.from_numpy(_rand((2, 3, 5, 7), 4)).requires_grad_()
    torch.library.opcheck(OPS.interpolate.default, (x4, [9, 4], None, [2, 3]),
                          dict(mode="linear_onnx", shape_calculation_mode="sizes", pads_begin=[0, 0, 1, 1]))
    g = torch.from_numpy(_rand((1, 2, 4, 6, 7), 5)).requires_grad_()
    torch.library.opcheck(OPS.upsample_trilinear3d_backward.default, (g, [4, 6, 7], [1, 2, 3, 4, 5], False))


@pytest.mark.parametrize("fn", [
    lambda t: OPS.upsample_trilinear3d(t, [4, 2, 5], False, None, None, 1.7),
    lambda t: OPS.upsample_trilinear3d(t, [3, 3, 3], True),
    lambda t: OPS.interpolate(t.flatten(2), [7], None, [2], mode="cubic", shape_calculation_mode="sizes"),
    lambda t: OPS.interpolate(t.flatten(2), None, [0.5], [2], mode="linear", shape_calculation_mode="scales",
                              antialias=True, pads_begin=[0, 0, 2]),
    lambda t: OPS.interpolate(t.flatten(3), [2, 5], None, [2, 3], mode="nearest", shape_calculation_mode="sizes"),
], ids=["trilinear", "trilinear-align", "cubic", "linear-antialias-pads", "nearest"])
def test_gradcheck_in_float32(fn):
    """Finite differences of the (linear) forward against the backward kernel: exact in real arithmetic,
    so float32 rounding alone sets the tolerance. Double backward (the backward operators' gradient is the
    forward operator) likewise."""
    x = torch.from_numpy(_rand((1, 2, 2, 3, 4), 9)).requires_grad_()
    assert torch.autograd.gradcheck(fn, (x,), eps=1e-2, atol=1e-3, rtol=1e-3, nondet_tol=0.0)
    assert torch.autograd.gradgradcheck(fn, (x,), eps=1e-2, atol=1e-3, rtol=1e-3, nondet_tol=0.0)


def test_torch_compile_backward():
    x = torch.from_numpy(_rand((1, 2, 3, 4, 5), 1))

    def loss(t):
        return (ai.upsample_trilinear3d(t, output_size=(5, 6, 7)) ** 2).sum() + \
            ai.interpolate(t, sizes=(9,), axes=(4,), mode="linear", shape_calculation_mode="sizes").sum()

    eager = x.clone().requires_grad_()
    loss(eager).backward()
    compiled = x.clone().requires_grad_()
    torch.compile(loss, fullgraph=True, backend="aot_eager")(compiled).backward()
    torch.testing.assert_close(compiled.grad, eager.grad, rtol=1e-6, atol=1e-6)


# ------------------------------------------------------------------------------------------------
# Determinism: runs and SoC profiles
# ------------------------------------------------------------------------------------------------
DETERMINISM_CASES = [
    ("trilinear", (2, 16, 5, 9, 17), dict(output_size=(13, 20, 33)), np.float32),
    ("trilinear", (2, 16, 12, 18, 30), dict(output_size=(5, 7, 11), scales=(0.45, None, 0.4)), np.float16),
    ("interpolate", (2, 8, 24, 20), dict(sizes=(48, 30), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes"),
     np.float32),
    ("interpolate", (2, 8, 40, 36), dict(sizes=(11, 9), axes=(2, 3), mode="linear", antialias=True,
                                         shape_calculation_mode="sizes"), np.float16),
    ("interpolate", (3, 5, 17, 19), dict(scales=(2.5, 0.3), axes=(2, 3), mode="nearest",
                                         shape_calculation_mode="scales"), np.float32),
]


def _backward(op, in_shape, kwargs, g):
    if op == "trilinear":
        return ai.upsample_trilinear3d_backward(g, kwargs["output_size"], in_shape, False, kwargs.get("scales"))
    return ai.interpolate_backward(g, in_shape, **kwargs)


@pytest.mark.parametrize("op, in_shape, kwargs, dtype", DETERMINISM_CASES,
                         ids=lambda v: v if isinstance(v, str) else None)
def test_backward_is_bitwise_deterministic_across_runs_and_socs(op, in_shape, kwargs, dtype):
    if op == "trilinear":
        out_shape = reference.upsample_trilinear3d(np.zeros(in_shape, np.float32), **kwargs).shape
    else:
        out_shape = reference.interpolate(np.zeros(in_shape, np.float32), **kwargs).shape
    g = _rand(out_shape, _seed(op, in_shape), dtype)
    results = {}
    for soc in ("ascend910b", "ascend310p"):
        ai.set_soc(soc)
        runs = [_backward(op, in_shape, kwargs, g) for _ in range(3)]
        for other in runs[1:]:
            np.testing.assert_array_equal(other.view(np.uint16 if dtype != np.float32 else np.uint32),
                                          runs[0].view(np.uint16 if dtype != np.float32 else np.uint32))
        results[soc] = runs[0]
    np.testing.assert_array_equal(results["ascend310p"].view(np.uint8), results["ascend910b"].view(np.uint8))
    want = reference.upsample_trilinear3d_backward(g, kwargs["output_size"], in_shape, False, kwargs.get("scales")) \
        if op == "trilinear" else reference.interpolate_backward(g, in_shape, **kwargs)
    _assert_grad_close(results["ascend910b"], want, g, 4 * _fan(in_shape[2:], out_shape[2:]), dtype)


def test_bf16_backward_on_310p_is_rejected():
    g = _rand((1, 2, 4, 6, 7), 3, BF16)
    ai.set_soc("ascend310p")
    with pytest.raises(ai.AclnnError) as info:
        ai.upsample_trilinear3d_backward(g, (4, 6, 7), (1, 2, 3, 4, 5))
    assert info.value.status == 161002
