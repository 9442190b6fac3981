"""The float64 reference backwards (reference.upsample_trilinear3d_backward, reference.interpolate_backward).

1. Against torch autograd in float64: torch.ops.aten.upsample_trilinear3d for every per-axis case kind
   (up, down, identity, input length 1, output length 1) x align_corners x (output_size | scales |
   both); F.interpolate for every mode functional.plan maps onto Interpolate-4, through the plan's
   calls run backwards in reverse order.
2. The adjoint identity: the backward is the transpose of the forward's linear map. For small shapes
   the dense matrices are built column by column (forward of unit vectors, backward of unit vectors)
   and must be transposes of each other exactly (both sum the same float64 weights and round once);
   for larger random shapes <A x, g> == <x, A^T g> within float32 rounding. Every Interpolate-4 mode,
   coordinate transform and nearest rounding, antialias, pads and cube_coeff.

Tolerances against torch (float64): the reference evaluates source coordinates in float32 (they are
part of the fp32 semantics), torch's float64 kernel in double, so weights differ by ~1e-7 relative:
|ref - torch| <= 1e-6 * |torch| + 2e-6 * max|g| * (taps per input element).
"""
from __future__ import annotations

import itertools
import zlib

import numpy as np
import pytest

from ascend_interpolate import functional, reference
from oracles import BFLOAT16

torch = pytest.importorskip("torch")
import torch.nn.functional as F  # noqa: E402

AXIS_KINDS = {  # (input length, output length, scale giving that output with floor(in * scale))
    "up": (3, 7, 2.4),
    "down": (7, 3, 0.45),
    "identity": (5, 5, 1.1),
    "in1": (1, 4, 4.0),
    "out1": (4, 1, 0.3),
}


def _seed(*parts):
    return zlib.crc32(repr(parts).encode())


def _torch_grad(forward, x, g):
    """d<forward(x), g>/dx in float64."""
    xt = torch.from_numpy(np.asarray(x, dtype=np.float64)).requires_grad_()
    y = forward(xt)
    y.backward(torch.from_numpy(np.asarray(g, dtype=np.float64)))
    return xt.grad.numpy()


def _assert_close_to_torch(ref, want, g, fan, context):
    ref = ref.astype(np.float64)
    tolerance = 1e-6 * np.abs(want) + 2e-6 * float(np.abs(g).max()) * fan
    diff = np.abs(ref - want)
    assert np.all(diff <= tolerance), f"{context}: max |diff| {diff.max():.3g}"


# ------------------------------------------------------------------------------------------------
# UpsampleTrilinear3d against torch autograd
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kinds", list(itertools.product(AXIS_KINDS, repeat=3)), ids="-".join)
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("by", ["output_size", "scales", "both"])
def test_trilinear_backward_matches_torch_autograd(kinds, align_corners, by):
    rng = np.random.default_rng(_seed(kinds, align_corners, by))
    in_size = [AXIS_KINDS[k][0] for k in kinds]
    out_size = [AXIS_KINDS[k][1] for k in kinds]
    scales = [AXIS_KINDS[k][2] for k in kinds]
    if by == "both":  # ATen's convention: the shape from output_size, the coordinates from the scales given
        scales[rng.integers(3)] = None
    x = rng.uniform(-4, 4, (2, 3, *in_size))
    g = rng.standard_normal((2, 3, *out_size)).astype(np.float32)
    sd, sh, sw = scales if by != "output_size" else (None, None, None)
    want = _torch_grad(lambda t: torch.ops.aten.upsample_trilinear3d(t, out_size, align_corners, sd, sh, sw), x, g)
    kwargs = dict(align_corners=align_corners, scales=None if by == "output_size" else scales)
    ref = reference.upsample_trilinear3d_backward(g, out_size, list(x.shape), **kwargs)
    assert ref.shape == x.shape and ref.dtype == np.float32
    fan = int(np.prod([max(2, -(-o // i) + 1) for i, o in zip(in_size, out_size)]))
    _assert_close_to_torch(ref, want, g, fan, f"{kinds} {align_corners} {by}")


def test_trilinear_backward_rounds_once_to_the_gradient_dtype():
    rng = np.random.default_rng(3)
    g = rng.standard_normal((1, 2, 6, 5, 7)).astype(np.float32)
    exact = reference.upsample_trilinear3d_backward(g, (6, 5, 7), (1, 2, 3, 4, 5))
    for dtype in (np.float16, BFLOAT16):
        got = reference.upsample_trilinear3d_backward(g.astype(dtype), (6, 5, 7), (1, 2, 3, 4, 5))
        assert got.dtype == np.dtype(dtype) and got.shape == (1, 2, 3, 4, 5)
        # the fp32-rounded sum of the dtype-rounded gradient, rounded once more
        again = reference.upsample_trilinear3d_backward(g.astype(dtype).astype(np.float32), (6, 5, 7), (1, 2, 3, 4, 5))
        np.testing.assert_array_equal(got.astype(np.float32), again.astype(dtype).astype(np.float32))
        ulp = 2.0 ** (np.floor(np.log2(np.abs(exact).max())) - (10 if dtype == np.float16 else 7))
        assert np.abs(got.astype(np.float64) - exact).max() <= 2 * ulp


def test_trilinear_backward_batch_zero_and_errors():
    g = np.zeros((0, 2, 4, 5, 6), np.float32)
    assert reference.upsample_trilinear3d_backward(g, (4, 5, 6), (0, 2, 2, 3, 4)).shape == (0, 2, 2, 3, 4)
    g = np.zeros((1, 2, 4, 5, 6), np.float32)
    for args, kwargs, match in [
        (((4, 5, 7), (1, 2, 2, 3, 4)), {}, r"grad_output: expected the forward output's shape \(1, 2, 4, 5, 7\)"),
        (((4, 5, 6), (1, 3, 2, 3, 4)), {}, r"expected the forward output's shape"),
        (((4, 5, 6), (1, 2, 2, 3)), {}, r"input_size must have 5 entries"),
        (((4, 5, 6), (1, 2, 0, 3, 4)), {}, r"input_size: C, D, H and W must be > 0"),
        ((None, (1, 2, 2, 3, 4)), {}, r"output_size is required"),
        (((4, 5, 6), (1, 2, 2, 3, 4)), dict(scales=(2.0, -1.0, None)), r"scales must be finite and > 0"),
        (((4, 5, 6), (1, 2, 2, 3, 4)), dict(align_corners=1), r"align_corners must be a bool"),
    ]:
        with pytest.raises(ValueError, match=match):
            reference.upsample_trilinear3d_backward(g, *args, **kwargs)
    with pytest.raises(ValueError, match=r"dtype int32 is not supported"):
        reference.upsample_trilinear3d_backward(g.astype(np.int32), (4, 5, 6), (1, 2, 2, 3, 4))


# ------------------------------------------------------------------------------------------------
# Interpolate-4 (through functional.plan) against torch autograd of F.interpolate
# ------------------------------------------------------------------------------------------------
def _plan_backward(plan, x_shape, g):
    """The plan's calls run backwards: each call's input shape, then the gradients in reverse order."""
    shapes, shape = [], tuple(x_shape)
    for call in plan.calls:
        shapes.append(shape)
        shape = reference.interpolate(np.zeros(shape, np.float32), **call.kwargs).shape
    for call, in_shape in reversed(list(zip(plan.calls, shapes))):
        g = reference.interpolate_backward(g, in_shape, **call.kwargs)
    return g


FUNCTIONAL_CASES = [
    # (mode, input shape, F.interpolate kwargs)
    ("nearest", (2, 3, 5, 7), dict(size=(9, 4))),
    ("nearest", (2, 3, 5, 7), dict(scale_factor=(1.6, 0.5))),
    ("nearest", (2, 3, 11), dict(size=(4,))),
    ("nearest", (1, 2, 3, 4, 5), dict(size=(7, 2, 9))),
    ("nearest-exact", (2, 3, 5, 7), dict(size=(9, 4))),
    ("nearest-exact", (2, 3, 6), dict(scale_factor=2.5)),
    ("nearest-exact", (1, 2, 3, 4, 5), dict(size=(2, 9, 3))),
    ("linear", (2, 3, 7), dict(size=(12,))),
    ("linear", (2, 3, 12), dict(size=(5,), align_corners=True)),
    ("linear", (2, 3, 7), dict(scale_factor=1.7)),
    ("bilinear", (2, 3, 5, 7), dict(size=(9, 4))),
    ("bilinear", (2, 3, 5, 7), dict(scale_factor=(2.2, 0.6))),
    ("bilinear", (2, 3, 5, 7), dict(size=(3, 12), align_corners=True)),
    ("bilinear", (2, 3, 13, 11), dict(size=(5, 4), antialias=True)),
    ("bilinear", (2, 3, 13, 4), dict(size=(5, 9), antialias=True)),       # down + up: two calls
    ("bilinear", (2, 3, 9, 12), dict(scale_factor=(0.4, 0.7), antialias=True)),
    ("bicubic", (2, 3, 5, 7), dict(size=(9, 4))),
    ("bicubic", (2, 3, 6, 8), dict(scale_factor=(1.5, 0.6))),
    ("bicubic", (2, 3, 5, 7), dict(size=(11, 3), align_corners=True)),
]


@pytest.mark.parametrize("mode, shape, kwargs", FUNCTIONAL_CASES, ids=lambda v: v if isinstance(v, str) else None)
def test_interpolate_backward_matches_torch_autograd(mode, shape, kwargs):
    rng = np.random.default_rng(_seed(mode, shape, sorted(kwargs.items())))
    x = rng.uniform(-4, 4, shape)
    plan = functional.plan(shape, mode=mode, **kwargs)
    g = rng.standard_normal(plan.output_shape).astype(np.float32)
    if mode.startswith("nearest"):
        # the plan reproduces torch's float32 index tables; torch's float64 kernel must pick the same
        probe = np.broadcast_to(np.arange(np.prod(shape[2:]), dtype=np.float64).reshape(shape[2:]), shape)
        t32 = F.interpolate(torch.from_numpy(probe.astype(np.float32)), mode=mode, **kwargs).numpy()
        t64 = F.interpolate(torch.from_numpy(np.ascontiguousarray(probe)), mode=mode, **kwargs).numpy()
        np.testing.assert_array_equal(t32, t64)
    want = _torch_grad(lambda t: F.interpolate(t, mode=mode, **kwargs), x, g)
    ref = _plan_backward(plan, shape, g)
    assert ref.shape == shape and ref.dtype == np.float32
    fan = int(np.prod([4 * max(1, -(-o // i) + 1) for i, o in zip(shape[2:], plan.output_shape[2:])]))
    _assert_close_to_torch(ref, want, g, fan, f"{mode} {kwargs}")


# ------------------------------------------------------------------------------------------------
# The adjoint identity, every Interpolate-4 mode
# ------------------------------------------------------------------------------------------------
def _dense(fn, in_shape, out_shape):
    """The matrix of a linear map of float32 arrays (column j = fn(e_j))."""
    n_in = int(np.prod(in_shape))
    columns = []
    for j in range(n_in):
        e = np.zeros(n_in, np.float32)
        e[j] = 1
        columns.append(np.asarray(fn(e.reshape(in_shape)), dtype=np.float64).reshape(-1))
    return np.stack(columns, axis=1).reshape(int(np.prod(out_shape)), n_in)


ADJOINT_CASES = []
for _transform in reference.COORDINATE_TRANSFORMATION_MODES:
    for _nearest in reference.NEAREST_MODES:
        ADJOINT_CASES.append(("nearest", _transform, dict(nearest_mode=_nearest)))
    ADJOINT_CASES += [
        ("linear", _transform, {}),
        ("linear", _transform, dict(antialias=True)),
        ("linear_onnx", _transform, {}),
        ("cubic", _transform, {}),
        ("cubic", _transform, dict(cube_coeff=-0.5)),
    ]
ADJOINT_CASES += [
    ("linear", "half_pixel", dict(antialias=True, pads_begin=(0, 1, 2), pads_end=(1, 0, 1))),
    ("cubic", "align_corners", dict(pads_begin=(0, 2), pads_end=(0, 0, 3))),
    ("nearest", "asymmetric", dict(nearest_mode="ceil", pads_begin=(1, 1, 1), pads_end=(2,))),
    ("linear_onnx", "pytorch_half_pixel", dict(pads_begin=(0, 0, 1), pads_end=(0, 3, 0))),
]


@pytest.mark.parametrize("mode, transform, extra", ADJOINT_CASES,
                         ids=lambda v: v if isinstance(v, str) else "-".join(f"{k}={v[k]}" for k in v) or "plain")
@pytest.mark.parametrize("shape_mode", ["sizes", "scales"])
def test_interpolate_backward_is_the_transposed_forward(mode, transform, extra, shape_mode):
    in_shape = (2, 5, 6)
    axes = (1, 2)
    args = dict(mode=mode, coordinate_transformation_mode=transform, shape_calculation_mode=shape_mode,
                axes=axes, **extra)
    if shape_mode == "sizes":
        args["sizes"] = (8, 3)  # one axis up, one down (antialias applies)
    else:
        args["scales"] = (0.6, 1.7)
    out_shape = reference.interpolate(np.zeros(in_shape, np.float32), **args).shape
    forward = _dense(lambda a: reference.interpolate(a, **args), in_shape, out_shape)
    backward = _dense(lambda g: reference.interpolate_backward(g, in_shape, **args), out_shape, in_shape)
    np.testing.assert_array_equal(backward, forward.T)
    assert np.any(forward != 0)


@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("scales", [None, (1.7, None, 0.6)])
def test_trilinear_backward_is_the_transposed_forward(align_corners, scales):
    in_shape, out_size = (1, 1, 3, 4, 5), (5, 2, 5)
    forward = _dense(lambda a: reference.upsample_trilinear3d(a, out_size, scales, align_corners), in_shape,
                     (1, 1, *out_size))
    backward = _dense(lambda g: reference.upsample_trilinear3d_backward(g, out_size, in_shape, align_corners, scales),
                      (1, 1, *out_size), in_shape)
    np.testing.assert_array_equal(backward, forward.T)


@pytest.mark.parametrize("seed", range(16))
def test_interpolate_inner_product_identity(seed):
    """<A x, g> == <x, A^T g> on random shapes of rank 1..5, random modes and attributes."""
    rng = np.random.default_rng(7000 + seed)
    rank = 1 + seed % 5
    in_shape = tuple(int(n) for n in rng.integers(1, 7 if rank > 3 else 12, rank))
    axes = sorted(rng.choice(rank, size=int(rng.integers(1, rank + 1)), replace=False).tolist())
    mode = reference.MODES[seed % 4]
    args = dict(mode=mode, axes=axes,
                coordinate_transformation_mode=reference.COORDINATE_TRANSFORMATION_MODES[seed % 5],
                nearest_mode=reference.NEAREST_MODES[(seed // 2) % 5], antialias=bool(seed % 3 == 0),
                pads_begin=[int(v) for v in rng.integers(0, 2, rank)], pads_end=[int(v) for v in rng.integers(0, 2, rank)],
                cube_coeff=float(rng.choice([-0.75, -0.5])))
    if seed % 2:
        args.update(shape_calculation_mode="sizes", sizes=[int(v) for v in rng.integers(1, 14, len(axes))])
    else:
        args.update(shape_calculation_mode="scales", scales=[float(v) for v in rng.uniform(0.4, 2.5, len(axes))])
    x = rng.standard_normal(in_shape).astype(np.float32)
    ax = reference.interpolate(x, **args)
    g = rng.standard_normal(ax.shape).astype(np.float32)
    atg = reference.interpolate_backward(g, in_shape, **args)
    assert atg.shape == in_shape and atg.dtype == np.float32
    lhs = float(np.sum(ax.astype(np.float64) * g))
    rhs = float(np.sum(x.astype(np.float64) * atg))
    scale = float(np.sum(np.abs(ax.astype(np.float64) * g)) + np.sum(np.abs(x.astype(np.float64) * atg)))
    assert abs(lhs - rhs) <= 1e-6 * scale + 1e-12, (lhs, rhs, args)


def test_interpolate_backward_propagates_nan_like_the_forward():
    """Zero-weight taps are multiplied in both directions: a NaN gradient spreads to every source the
    forward's taps (zero weights included) read it from."""
    args = dict(sizes=(9,), axes=(1,), mode="cubic", shape_calculation_mode="sizes")
    forward = _dense(lambda a: reference.interpolate(a, **args), (1, 4), (1, 9))
    g = np.zeros((1, 9), np.float32)
    g[0, 4] = np.nan
    got = reference.interpolate_backward(g, (1, 4), **args)
    plan = reference._interpolate_plan((1, 4), args["sizes"], None, args["axes"], "cubic", "sizes", "half_pixel",
                                       "round_prefer_floor", False, (0,), (0,), -0.75)
    read = set(plan.tables[0][1][4].tolist())
    assert set(np.nonzero(np.isnan(got[0]))[0].tolist()) == read
    assert forward.shape == (9, 4)


def test_interpolate_backward_errors():
    g = np.zeros((2, 3, 8, 4), np.float32)
    args = dict(sizes=(8, 4), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    assert reference.interpolate_backward(g, (2, 3, 5, 6), **args).shape == (2, 3, 5, 6)
    with pytest.raises(ValueError, match=r"grad_output: expected the forward output's shape \(2, 3, 8, 4\)"):
        reference.interpolate_backward(g[:, :, :7], (2, 3, 5, 6), **args)
    with pytest.raises(ValueError, match=r"input_shape must have grad_output's rank 4"):
        reference.interpolate_backward(g, (2, 3, 5), **args)
    with pytest.raises(ValueError, match=r"input_shape must not be negative"):
        reference.interpolate_backward(g, (2, 3, -5, 6), **args)
    with pytest.raises(ValueError, match=r"input_shape: interpolated axis 2 has input length 0"):
        reference.interpolate_backward(g, (2, 3, 0, 6), **args)
    with pytest.raises(ValueError, match=r"dtype uint8 is not supported"):
        reference.interpolate_backward(g.astype(np.uint8), (2, 3, 5, 6), **args)
    with pytest.raises(ValueError, match=r"mode must be one of"):
        reference.interpolate_backward(g, (2, 3, 5, 6), **dict(args, mode="bilinear"))
    # an empty dimension that is not interpolated: an all-zero gradient of the input's shape
    assert reference.interpolate_backward(np.zeros((0, 3, 8, 4), np.float32), (0, 3, 5, 6), **args).shape == (0, 3, 5, 6)
