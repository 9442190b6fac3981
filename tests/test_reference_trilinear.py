"""ascend_interpolate.reference.upsample_trilinear3d: CANN's golden example, exact affine inputs, and
torch.nn.functional.interpolate(mode="trilinear") (PyTorch 2.13 CPU) over align_corners x (sizes |
scales) x per-axis kinds (up, down, identity, input length 1, output length 1), for float32, float16
and bfloat16, and the inf/NaN pattern.

Tolerances: float32 |ref - torch| <= 1e-6 * |torch| + 1e-6 * max|x| (torch sums the 8 taps in float32,
the reference in float64; the absolute term covers outputs near 0 where those sums cancel).
float16/bfloat16: 2 ulps of the type at the largest input magnitude (docs/aclnnUpsampleTrilinear3d.md
"Precision": torch's reduced-precision kernels differ from compute-in-fp32-round-once, measured up to
0.0078 in float16 and 0.047 in bfloat16 for |x| < 8); see test_half_precision_matches_torch.
"""
from __future__ import annotations

import itertools
import zlib

import numpy as np
import pytest

from ascend_interpolate import reference
from oracles import BFLOAT16, torch_trilinear


# ------------------------------------------------------------------------------------------------
# CANN golden (docs/aclnnUpsampleTrilinear3d.md "Example (C)"): 1x1x2x2x2 holding 1..8 -> 4x4x4, align_corners false
# ------------------------------------------------------------------------------------------------
def test_cann_golden_example():
    x = np.arange(1, 9, dtype=np.float32).reshape(1, 1, 2, 2, 2)
    out = reference.upsample_trilinear3d(x, output_size=(4, 4, 4))
    assert out.shape == (1, 1, 4, 4, 4) and out.dtype == np.float32
    np.testing.assert_array_equal(out[0, 0, 0, 0], [1, 1.25, 1.75, 2])
    assert out[0, 0, -1, -1, -1] == 8
    # per-axis coordinates {0, .25, .75, 1}: out = 1 + 4a + 2b + c exactly
    coords = np.array([0, 0.25, 0.75, 1.0])
    expected = 1 + 4 * coords[:, None, None] + 2 * coords[None, :, None] + coords[None, None, :]
    np.testing.assert_array_equal(out[0, 0], expected)


# Source coordinates (already clamped to [0, in-1]) that are exact binary fractions, so an affine
# input f = c0 + cd*d + ch*h + cw*w must be reproduced exactly (weights sum to 1, lerp of an affine
# function is the function at the source coordinate).
AFFINE_AXES = {
    # (in, out, align_corners): expected clamped source coordinates
    (2, 4, False): [0, 0.25, 0.75, 1],  # (x + .5) / 2 - .5, negative -> 0
    (4, 8, False): [0, 0.25, 0.75, 1.25, 1.75, 2.25, 2.75, 3],  # last: 3.25 -> i0 = 3 = i1
    (8, 4, False): [0.5, 2.5, 4.5, 6.5],  # downsample: 2x + .5
    (3, 5, True): [0, 0.5, 1, 1.5, 2],  # (in-1)/(out-1) = .5
    (5, 9, True): [0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4],
    (9, 5, True): [0, 2, 4, 6, 8],
    (3, 3, False): [0, 1, 2],  # identity axis: copy
    (4, 1, True): [0],  # align_corners, out 1: scale 0
}


@pytest.mark.parametrize("align_corners", [False, True])
def test_affine_inputs_are_reproduced_exactly(align_corners):
    axes = [key for key in AFFINE_AXES if key[2] == align_corners or key == (3, 3, False)]
    rng = np.random.default_rng(31 + align_corners)
    for d_axis, h_axis, w_axis in itertools.product(axes, repeat=3):
        c0, cd, ch, cw = (float(v) for v in rng.integers(-8, 9, 4))
        d, h, w = (np.arange(axis[0], dtype=np.float64) for axis in (d_axis, h_axis, w_axis))
        x = (c0 + cd * d[:, None, None] + ch * h[None, :, None] + cw * w[None, None, :]).astype(np.float32)
        x = np.stack([x, -x])[None]  # N=1, C=2
        out = reference.upsample_trilinear3d(x, output_size=(d_axis[1], h_axis[1], w_axis[1]),
                                             align_corners=align_corners)
        sd, sh, sw = (np.array(AFFINE_AXES[axis]) for axis in (d_axis, h_axis, w_axis))
        expected = c0 + cd * sd[:, None, None] + ch * sh[None, :, None] + cw * sw[None, None, :]
        np.testing.assert_array_equal(out[0, 0], expected, err_msg=f"{d_axis} {h_axis} {w_axis}")
        np.testing.assert_array_equal(out[0, 1], -expected)


# ------------------------------------------------------------------------------------------------
# Against torch: align_corners x (sizes | scales) x per-axis kinds
# ------------------------------------------------------------------------------------------------
# kind: (input length, output length, scale that gives that output with floor(in * scale))
AXIS_KINDS = {
    "up": (3, 7, 2.4),
    "down": (7, 3, 0.45),
    # scale != 1 but out == in: copied, as PyTorch (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project")
    "identity": (5, 5, 1.1),
    "in1": (1, 4, 4.0),
    "out1": (4, 1, 0.3),
}
KIND_TRIPLES = list(itertools.product(AXIS_KINDS, repeat=3))


def _kind_case(kinds, seed, n=2, c=3):
    rng = np.random.default_rng(seed)
    in_size = [AXIS_KINDS[k][0] for k in kinds]
    out_size = [AXIS_KINDS[k][1] for k in kinds]
    scales = [AXIS_KINDS[k][2] for k in kinds]
    x = rng.uniform(-4, 4, (n, c, *in_size))
    return x, out_size, scales


def _assert_close_fp32(ref, expected, x, context):
    assert ref.shape == expected.shape and ref.dtype == np.float32, context
    ref, expected = ref.astype(np.float64), expected.astype(np.float64)
    tolerance = 1e-6 * np.abs(expected) + 1e-6 * float(np.abs(x).max())
    assert np.all(np.abs(ref - expected) <= tolerance), f"{context}: max |diff| {np.abs(ref - expected).max():.3g}"


@pytest.mark.parametrize("kinds", KIND_TRIPLES, ids="-".join)
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("by", ["sizes", "scales"])
def test_float32_matches_torch(kinds, align_corners, by):
    x, out_size, scales = _kind_case(kinds, seed=zlib.crc32(f"{kinds}{align_corners}{by}".encode()))
    x = x.astype(np.float32)
    if by == "sizes":
        ref = reference.upsample_trilinear3d(x, output_size=out_size, align_corners=align_corners)
        expected = torch_trilinear(x, output_size=out_size, align_corners=align_corners)
    else:
        ref = reference.upsample_trilinear3d(x, scales=scales, align_corners=align_corners)
        expected = torch_trilinear(x, scales=scales, align_corners=align_corners)
    assert ref.shape == (2, 3, *out_size)
    _assert_close_fp32(ref, expected, x, f"{kinds} {align_corners} {by}")


@pytest.mark.parametrize("kinds", KIND_TRIPLES, ids="-".join)
@pytest.mark.parametrize("align_corners", [False, True])
def test_output_size_with_per_axis_scales_matches_aten(kinds, align_corners):
    """ATen's convention (torch.ops.aten.upsample_trilinear3d): output_size gives the shape, each axis's
    scale (None on one axis here) its coordinates."""
    import torch

    x, out_size, scales = _kind_case(kinds, seed=zlib.crc32(f"both{kinds}{align_corners}".encode()))
    x = x.astype(np.float32)
    scales[zlib.crc32(repr(kinds).encode()) % 3] = None
    ref = reference.upsample_trilinear3d(x, output_size=out_size, scales=scales, align_corners=align_corners)
    expected = torch.ops.aten.upsample_trilinear3d.default(torch.from_numpy(x), out_size, align_corners, *scales)
    _assert_close_fp32(ref, expected.numpy(), x, f"{kinds} {align_corners} {scales}")


@pytest.mark.parametrize("seed", range(12))
def test_float32_random_shapes_match_torch(seed):
    """Larger random lengths (up to 200) exercise the float32 coordinate rounding (fused multiply-add)."""
    rng = np.random.default_rng(1000 + seed)
    in_size = [int(v) for v in rng.integers(1, 40, 3)]
    in_size[seed % 3] = int(rng.integers(100, 200))
    align_corners = bool(seed % 2)
    x = rng.standard_normal((1, 2, *in_size)).astype(np.float32)
    if seed % 4 < 2:
        out_size = [int(rng.integers(1, 2 * n + 3)) for n in in_size]
        ref = reference.upsample_trilinear3d(x, output_size=out_size, align_corners=align_corners)
        expected = torch_trilinear(x, output_size=out_size, align_corners=align_corners)
    else:
        scales = [float(rng.uniform(max(1.0 / n, 0.2), 2.7)) for n in in_size]
        ref = reference.upsample_trilinear3d(x, scales=scales, align_corners=align_corners)
        expected = torch_trilinear(x, scales=scales, align_corners=align_corners)
    _assert_close_fp32(ref, expected, x, f"seed {seed}")


def _ulp(value, dtype):
    """Unit in the last place of |value| in a 16-bit float dtype (normal range)."""
    mantissa_bits = 10 if np.dtype(dtype) == np.float16 else 7
    return 2.0 ** (np.floor(np.log2(abs(float(value)))) - mantissa_bits)


@pytest.mark.parametrize("dtype", [np.float16, BFLOAT16], ids=["float16", "bfloat16"])
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("kinds", [("up", "down", "identity"), ("in1", "up", "up"), ("down", "out1", "up"),
                                   ("up", "up", "up")], ids="-".join)
def test_half_precision_matches_torch(dtype, align_corners, kinds):
    x, out_size, scales = _kind_case(kinds, seed=17, n=2, c=4)
    x = (x * 2).astype(np.float32).astype(dtype)  # |x| up to 8: bf16 ulp 0.03125 at [4, 8)
    for by in ("sizes", "scales"):
        if by == "sizes":
            ref = reference.upsample_trilinear3d(x, output_size=out_size, align_corners=align_corners)
            expected = torch_trilinear(x, output_size=out_size, align_corners=align_corners)
        else:
            ref = reference.upsample_trilinear3d(x, scales=scales, align_corners=align_corners)
            expected = torch_trilinear(x, scales=scales, align_corners=align_corners)
        assert ref.dtype == np.dtype(dtype) and ref.shape == expected.shape
        # 2 ulps at the largest input magnitude: torch's reduced-precision kernel rounds each nested
        # per-axis lerp to the type, and those intermediates are convex combinations bounded by
        # max|x|; measured up to 0.0078 (float16) and 0.047 (bfloat16) for |x| < 8.
        tolerance = 2 * _ulp(np.abs(x.astype(np.float32)).max(), dtype)
        diff = np.abs(ref.astype(np.float64) - expected.astype(np.float64))
        assert diff.max() <= tolerance, f"{by}: max |diff| {diff.max()} > {tolerance}"


# ------------------------------------------------------------------------------------------------
# inf / NaN (docs/aclnnUpsampleTrilinear3d.md "inf/NaN"): all 8 taps are multiplied, so 0 * inf = NaN, as in PyTorch
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("kinds", [("identity", "identity", "identity"), ("up", "down", "identity"),
                                   ("in1", "out1", "up"), ("up", "up", "up"), ("down", "down", "down")],
                         ids="-".join)
@pytest.mark.parametrize("align_corners", [False, True])
@pytest.mark.parametrize("dtype", [np.float32, np.float16, BFLOAT16], ids=["float32", "float16", "bfloat16"])
def test_inf_and_nan_pattern_matches_torch(kinds, align_corners, dtype):
    x, out_size, _ = _kind_case(kinds, seed=23, n=1, c=4)
    x = x.astype(np.float32)
    rng = np.random.default_rng(99)
    flat = x.reshape(x.shape[0], x.shape[1], -1)
    flat[0, 0, rng.integers(flat.shape[2])] = np.inf
    flat[0, 1, rng.integers(flat.shape[2])] = -np.inf
    flat[0, 2, rng.integers(flat.shape[2])] = np.nan
    flat[0, 3, :] = np.inf  # all inf
    x = x.astype(dtype)
    ref = reference.upsample_trilinear3d(x, output_size=out_size, align_corners=align_corners).astype(np.float32)
    expected = torch_trilinear(x, output_size=out_size, align_corners=align_corners).astype(np.float32)
    np.testing.assert_array_equal(np.isnan(ref), np.isnan(expected))
    np.testing.assert_array_equal(np.isposinf(ref), np.isposinf(expected))
    np.testing.assert_array_equal(np.isneginf(ref), np.isneginf(expected))
    assert np.isnan(ref).any()
    finite = np.isfinite(expected)
    np.testing.assert_allclose(ref[finite], expected[finite], rtol=1e-2, atol=1e-1)


def test_identity_axes_turn_inf_into_nan():
    # out == in on every axis: PyTorch still multiplies the i1 tap (== i0) by lambda1 = 0
    x = np.ones((1, 1, 2, 2, 2), dtype=np.float32)
    x[0, 0, 1, 1, 1] = np.inf
    out = reference.upsample_trilinear3d(x, output_size=(2, 2, 2))
    assert np.isnan(out[0, 0, 1, 1, 1]) and np.isfinite(out[0, 0, 0, 0, 0])
    assert np.isnan(torch_trilinear(x, output_size=(2, 2, 2))[0, 0, 1, 1, 1])


# ------------------------------------------------------------------------------------------------
# Shapes, scales and inputs
# ------------------------------------------------------------------------------------------------
def test_scales_give_floor_sizes_in_double_and_map_with_inverse_scale():
    x = np.random.default_rng(4).standard_normal((1, 1, 5, 10, 3)).astype(np.float32)
    scales = [1.8, 0.3, 2.5]  # floor(5 * 1.8) = 9 (double), floor(10 * .3) = 3, floor(3 * 2.5) = 7
    out = reference.upsample_trilinear3d(x, scales=scales)
    assert out.shape == (1, 1, 9, 3, 7)
    # the mapping uses 1/scale, not in/out: 10 -> 3 with 1/.3 differs from 10/3
    by_size = reference.upsample_trilinear3d(x, output_size=(9, 3, 7))
    assert not np.array_equal(out, by_size)
    _assert_close_fp32(out, torch_trilinear(x, scales=scales), x, "scales")


def test_batch_of_zero_gives_empty_output():
    x = np.zeros((0, 2, 3, 4, 5), dtype=np.float32)
    out = reference.upsample_trilinear3d(x, output_size=(6, 8, 10))
    assert out.shape == (0, 2, 6, 8, 10) and out.dtype == np.float32


def test_accepts_torch_tensors():
    import torch

    x = torch.randn(1, 2, 3, 4, 5, generator=torch.Generator().manual_seed(0))
    for tensor in (x, x.to(torch.bfloat16), x.to(torch.float16)):
        out = reference.upsample_trilinear3d(tensor, output_size=(6, 5, 4))
        assert isinstance(out, np.ndarray) and out.shape == (1, 2, 6, 5, 4)
        numpy_x = tensor.float().numpy().astype(out.dtype)
        np.testing.assert_array_equal(out, reference.upsample_trilinear3d(numpy_x, output_size=(6, 5, 4)))
