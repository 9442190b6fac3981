"""The UpsampleTrilinear3dBackward kernel over a seeded corpus of shapes, on every SoC profile.

Each case draws a forward problem (batch, channels, per-axis lengths from tiny to a few hundred,
up- and downscales, align_corners, scales for some axes) such that the planner's paths are all taken:
whole-height bands with several planes per load and per H pass, H bands and D chunks with re-read
spans, the per-row H form of long rows, slab groups of tiny volumes, 310P packing and tiny outputs.
Per case: the result against the float64 reference (tolerances as tests/test_torch_backward.py),
the same bits on ascend910b (48 cores), Ascend910B3 (40) and ascend310p (8), gradInput's guard bytes
untouched, and NaN / inf placed in gradOut reaching exactly the elements the reference says.
"""
from __future__ import annotations

import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from test_torch_backward import BF16, _assert_grad_close, _fan

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

SOCS = ("ascend910b", "Ascend910B3", "ascend310p")


def _axis(rng):
    kind = rng.choice(["up", "down", "same", "tiny", "long"])
    if kind == "up":
        n = int(rng.integers(2, 12))
        return n, int(n * rng.uniform(1.3, 4.5))
    if kind == "down":
        n = int(rng.integers(6, 40))
        return n, max(1, int(n / rng.uniform(1.3, 4.0)))
    if kind == "same":
        n = int(rng.integers(1, 9))
        return n, n
    if kind == "tiny":
        return int(rng.integers(1, 4)), int(rng.integers(1, 6))
    n = int(rng.integers(60, 180))  # long rows: the per-row H form, several W groups
    return n, int(n * rng.uniform(0.6, 2.2))


def _case(i):
    rng = np.random.default_rng(1000 + i)
    axes = [_axis(rng) for _ in range(3)]
    if i % 7 == 3:  # many channels of tiny volumes: slab groups, planes batched per load and pass
        axes = [(int(rng.integers(2, 5)), int(rng.integers(4, 9))) for _ in range(3)]
        nc = (int(rng.integers(1, 4)), int(rng.integers(16, 64)))
    else:
        nc = (int(rng.integers(1, 3)), int(rng.integers(1, 5)))
    volume = np.prod([o for _, o in axes]) * nc[0] * nc[1]
    while volume > 400_000:  # keep a case under a second of simulation
        axes = [(max(1, i_ // 2), max(1, o // 2)) for i_, o in axes]
        volume = np.prod([o for _, o in axes]) * nc[0] * nc[1]
    align = bool(rng.integers(0, 2))
    scales = None
    if rng.random() < 0.3:  # a scale for some axes (ATen: output_size gives the shape)
        scales = [None if rng.random() < 0.5 else o / i_ * rng.uniform(0.9, 1.1) for i_, o in axes]
    dtype = [np.float32, np.float16, BF16][i % 3]
    in_shape = nc + tuple(i_ for i_, _ in axes)
    return in_shape, tuple(o for _, o in axes), align, scales, dtype


CASES = [_case(i) for i in range(36)]


def _ids(case):
    in_shape, size, align, scales, dtype = case
    return f"{in_shape}<-{size}{'-ac' if align else ''}{'-sc' if scales else ''}-{np.dtype(dtype).name}"


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_matches_reference_and_is_bitwise_the_same_on_every_soc(case):
    in_shape, size, align, scales, dtype = case
    g = np.random.default_rng(hash(_ids(case)) % 2**32).standard_normal(in_shape[:2] + size).astype(
        np.float32).astype(dtype)
    want = reference.upsample_trilinear3d_backward(g, size, in_shape, align_corners=align, scales=scales)
    results = {}
    for soc in SOCS:
        if soc == "ascend310p" and np.dtype(dtype) == BF16:
            ai.set_soc(soc)
            with pytest.raises(ai.AclnnError) as info:
                ai.upsample_trilinear3d_backward(g, size, in_shape, align_corners=align, scales=scales)
            assert info.value.status == 161002 and "bfloat16" in info.value.message
            continue
        ai.set_soc(soc)
        buf = np.full(int(np.prod(in_shape)) + 64, 7.0, np.float32).astype(dtype)
        out = buf[32:32 + int(np.prod(in_shape))].reshape(in_shape)
        got = ai.upsample_trilinear3d_backward(g, size, in_shape, align_corners=align, scales=scales, out=out)
        assert got is out and got.dtype == np.dtype(dtype)
        assert np.all(buf[:32].astype(np.float32) == 7.0) and np.all(buf[-32:].astype(np.float32) == 7.0)
        _assert_grad_close(got, want, g, _fan(in_shape[2:], size), dtype, f"{soc} {_ids(case)}")
        results[soc] = got.view(np.uint8 if np.dtype(dtype).itemsize == 1 else
                                {2: np.uint16, 4: np.uint32}[np.dtype(dtype).itemsize]).copy()
    first = next(iter(results.values()))
    for soc, bits in results.items():
        np.testing.assert_array_equal(bits, first, err_msg=f"{soc} differs in bits")


# (in_shape, size): an identity H axis (zero-weight taps there); strong downscales, which leave gradIn
# rows and columns that no tap reaches (their padding entries read row 0 / column 0 of the plane and
# must add exactly nothing, inf and NaN included).
NAN_CASES = [((1, 2, 4, 5, 6), (8, 5, 9)), ((1, 2, 3, 12, 13), (3, 3, 3)), ((2, 3, 9, 4, 16), (2, 4, 4)),
             ((1, 2, 40, 24, 16), (40, 8, 16))]  # the last: H Gather passes over several planes (310P)


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
@pytest.mark.parametrize("in_shape, size", NAN_CASES)
def test_nan_and_inf_reach_what_the_reference_says(soc, in_shape, size):
    ai.set_soc(soc)
    g = np.random.default_rng(5).standard_normal(in_shape[:2] + size).astype(np.float32)
    g[0, 0, 0, 0, 0] = np.inf
    g[0, 1, 0, 0, -1] = np.nan
    g[-1, -1, -1, -1, -1] = -np.inf
    g[0, 0, -1, 0, 0] = np.inf
    got = ai.upsample_trilinear3d_backward(g, size, in_shape)
    want = reference.upsample_trilinear3d_backward(g, size, in_shape)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(np.isposinf(got), np.isposinf(want))
    np.testing.assert_array_equal(np.isneginf(got), np.isneginf(want))
    finite = np.isfinite(want)
    _assert_grad_close(got[finite], want[finite], g[np.isfinite(g)], _fan(in_shape[2:], size), np.float32)


def test_channels_last_views_equal_contiguous():
    torch = pytest.importorskip("torch")
    in_shape, size = (2, 3, 5, 6, 7), (9, 4, 13)
    g = torch.from_numpy(np.random.default_rng(8).standard_normal(in_shape[:2] + size).astype(np.float32))
    want = ai.upsample_trilinear3d_backward(g.numpy(), size, in_shape)
    cl = g.contiguous(memory_format=torch.channels_last_3d)
    got = ai.upsample_trilinear3d_backward(cl, size, in_shape)
    assert got.is_contiguous(memory_format=torch.channels_last_3d)
    np.testing.assert_array_equal(got.numpy(), want)
    strided = torch.from_numpy(np.repeat(g.numpy(), 2, axis=-1))[..., ::2]
    np.testing.assert_array_equal(ai.upsample_trilinear3d_backward(strided, size, in_shape).numpy(), want)
