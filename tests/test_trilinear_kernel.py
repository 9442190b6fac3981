"""UpsampleTrilinear3d kernel (op_kernel/upsample_trilinear3d.cpp) through the Python binding.

* A seeded grid of 210 shape/attribute combinations (sizes or scales, align_corners, size-1 axes in
  and out, identity axes, up- and downscales, N*C from 1 to hundreds) per dtype and SoC profile,
  against ``ascend_interpolate.reference.upsample_trilinear3d``.
* float32 against ``torch.nn.functional.interpolate`` (CPU), including inf / NaN inputs.
* channels-last (NDHWC) torch tensors, a few big shapes, extreme scales (1 -> 64, 60x down).
Every output is poisoned (NaN) before the launch, so an element left unwritten fails.

Tolerances (docs/aclnnUpsampleTrilinear3d.md "Precision"):
- float32: |got - ref| <= 1e-5 |ref| + 1e-6 max|x|  (the absolute term covers cancellation near 0).
- float16 / bfloat16: within 2 output ulps of the reference rounded to the dtype, plus the same
  fp32 evaluation term (the kernel computes in float32 and rounds once).
"""
import math
import os

import ml_dtypes
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference

torch = pytest.importorskip("torch")

BF16 = np.dtype(ml_dtypes.bfloat16)
DTYPES = [np.dtype(np.float32), np.dtype(np.float16), BF16]
SOCS = ["ascend910b", "ascend310p"]
GRID_SIZE = 210


pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py


def _ulp(values, dtype):
    mant, emin = (10, -14) if dtype == np.float16 else (7, -126)
    a = np.abs(values.astype(np.float64))
    with np.errstate(divide="ignore"):
        e = np.floor(np.log2(np.where(a > 0, a, 1.0)))
    e = np.maximum(e, emin)
    return np.ldexp(1.0, (e - mant).astype(np.int64))


def assert_close(got, ref, x, what=""):
    """got / ref arrays of the io dtype (ref already rounded once from float64)."""
    got64 = np.asarray(got).astype(np.float64)
    ref64 = np.asarray(ref).astype(np.float64)
    assert got64.shape == ref64.shape, what
    xmax = float(np.nanmax(np.abs(np.where(np.isfinite(x.astype(np.float64)), x.astype(np.float64), 0))) if x.size else 0)
    nan_ref = np.isnan(ref64)
    np.testing.assert_array_equal(np.isnan(got64), nan_ref, err_msg=f"{what}: NaN positions differ")
    inf_ref = np.isinf(ref64)
    np.testing.assert_array_equal(got64[inf_ref], ref64[inf_ref], err_msg=f"{what}: inf values differ")
    finite = ~(nan_ref | inf_ref)
    g, r = got64[finite], ref64[finite]
    if np.dtype(got.dtype) == np.float32:
        tol = 1e-5 * np.abs(r) + 1e-6 * xmax
    else:
        tol = 2 * _ulp(r, np.dtype(got.dtype)) + 4 * 2.0**-24 * max(xmax, 1.0)
    bad = np.abs(g - r) > tol
    if bad.any():
        i = int(np.argmax(bad))
        raise AssertionError(f"{what}: {int(bad.sum())} of {g.size} elements off; first got {g[i]!r} want {r[i]!r}")


def sprinkle_specials(x, generator, count):
    """Sets `count` random elements of the float torch tensor x: half NaN, a quarter inf, a quarter -inf."""
    flat = x.view(-1)
    idx = torch.randperm(flat.numel(), generator=generator)[:count]
    flat[idx[:count // 2]] = float("nan")
    flat[idx[count // 2:3 * count // 4]] = float("inf")
    flat[idx[3 * count // 4:]] = float("-inf")
    return x


def run_in_guarded_buffer(soc, x, size, align, memory_format):
    """upsample_trilinear3d of the torch tensor x (in memory_format) written into the middle of a
    buffer two slabs longer: the output is poisoned with NaN first, the first and last slabs hold 7.0
    and -3.0 (check_guards). Returns the result (the buffer's view) and the buffer."""
    ai.set_soc(soc)
    x = x.contiguous(memory_format=memory_format)
    n, c = x.shape[:2]
    buf = torch.full((n + 2, c) + tuple(size), float("nan"), dtype=x.dtype).contiguous(memory_format=memory_format)
    buf[0] = 7.0
    buf[-1] = -3.0
    out = buf[1:n + 1]
    assert out.is_contiguous(memory_format=memory_format)
    got = ai.upsample_trilinear3d(x, output_size=size, align_corners=align, out=out)
    assert got is out
    return got, buf


def check_guards(buf, what=""):
    assert torch.all(buf[0] == 7.0) and torch.all(buf[-1] == -3.0), f"{what}: bytes outside the output changed"


NUMPY_OF_TORCH = {torch.float32: np.dtype(np.float32), torch.float16: np.dtype(np.float16), torch.bfloat16: BF16}


def check_guarded_result(got, buf, x, size, align, what=""):
    """A run_in_guarded_buffer result of the torch tensor x: its shape and dtype, its values against the
    float64 reference (assert_close), and the buffer's guard slabs (check_guards)."""
    np_dtype = NUMPY_OF_TORCH[x.dtype]
    xn = x.float().numpy().astype(np_dtype)  # exact: x holds values of the dtype
    want = reference.upsample_trilinear3d(xn, output_size=size, align_corners=align)
    assert got.shape == tuple(x.shape[:2]) + tuple(size) and got.dtype == x.dtype, what
    assert_close(got.float().numpy().astype(np_dtype), want, xn, what)
    check_guards(buf, what)


def _data(shape, dtype, rng):
    return (rng.standard_normal(shape) * 4).astype(np.float32).astype(dtype)


def _random_case(rng):
    """(shape, kwargs for upsample_trilinear3d)."""
    n = int(rng.choice([1, 1, 2, 3]))
    c = int(rng.choice([1, 2, 3, 5, 16, 40]))
    in_size = [int(rng.integers(1, 10)) for _ in range(3)]
    align = bool(rng.random() < 0.35)
    if rng.random() < 0.3:
        # scales: floor(in * s) >= 1
        scales = []
        for length in in_size:
            s = float(rng.choice([0.5, 0.75, 1.0, 1.3, 1.5, 2.0, 2.5, 3.0]))
            if math.floor(length * s) < 1:
                s = 1.0
            scales.append(s)
        return [n, c] + in_size, dict(scales=scales, align_corners=align)
    out = []
    for length in in_size:
        r = rng.random()
        if r < 0.2:
            out.append(length)                       # identity axis
        elif r < 0.3:
            out.append(1)                            # size-1 output
        else:
            out.append(int(rng.integers(1, 14)))
    return [n, c] + in_size, dict(output_size=out, align_corners=align)


def _grid():
    rng = np.random.default_rng(20261130)
    return [_random_case(rng) for _ in range(GRID_SIZE)]


GRID = _grid()


def _run(x, soc, **kw):
    ai.set_soc(soc)
    ref = reference.upsample_trilinear3d(x, **kw)
    out = np.full(ref.shape, np.nan, dtype=x.dtype)  # poison
    res = ai.upsample_trilinear3d(x, out=out, **kw)
    assert res is out
    return out, ref


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: str(d))
def test_grid_against_reference(soc, dtype):
    rng = np.random.default_rng(7)
    if soc == "ascend310p" and dtype == BF16:  # no bfloat16 on 310P: 161002, out untouched
        shape, kw = GRID[0]
        x = _data(shape, dtype, rng)
        ai.set_soc(soc)
        out = np.zeros(reference.upsample_trilinear3d(x, **kw).shape, dtype=dtype)
        with pytest.raises(ai.AclnnError) as info:
            ai.upsample_trilinear3d(x, out=out, **kw)
        assert info.value.status == 161002 and "bfloat16" in str(info.value)
        assert not out.astype(np.float32).any()
        return
    for i, (shape, kw) in enumerate(GRID):
        x = _data(shape, dtype, rng)
        got, ref = _run(x, soc, **kw)
        assert_close(got, ref, x, f"{soc} {dtype} case {i}: {shape} {kw}")


BIG = [
    ((1, 16, 8, 32, 64), dict(output_size=(16, 64, 128))),
    ((2, 3, 4, 56, 56), dict(output_size=(8, 112, 112), align_corners=True)),
    ((64, 32, 4, 4, 4), dict(output_size=(8, 8, 8))),
    ((1, 4, 16, 64, 64), dict(output_size=(8, 32, 32))),
    ((1, 1, 1, 1, 1), dict(output_size=(1, 1, 64))),
    ((1, 1, 2, 1, 2), dict(output_size=(64, 1, 64))),
    ((1, 2, 3, 120, 600), dict(output_size=(2, 2, 10))),     # 60x downscale
    ((1, 1, 4, 8, 8), dict(scales=(2.5, 3.0, 0.5))),
]


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", [np.dtype(np.float32), np.dtype(np.float16)], ids=str)
@pytest.mark.parametrize("case", range(len(BIG)))
def test_big_and_extreme_shapes(soc, dtype, case):
    shape, kw = BIG[case]
    x = _data(shape, dtype, np.random.default_rng(case))
    got, ref = _run(x, soc, **kw)
    assert_close(got, ref, x, f"{soc} {dtype} {shape} {kw}")


# Tables the kernel could build whose plans ship them on 910B fp16 (faster than the build, within the
# traffic cap): the shipped tables' results against the reference on both SoCs, and on 910B fp16 their
# bytes in the traffic (built tables read nothing: 1.010 and 1.000 of the floor); and a tiny problem
# whose plan ignores traffic.
SHIPPED_BUILDABLE = [
    ((1, 1, 8, 8, 8), dict(output_size=(64, 64, 64), align_corners=True), "float32"),  # rows mode
    ((1, 1, 8, 8, 8), dict(output_size=(64, 64, 64), align_corners=True), "float16"),  # 1.080
    ((64, 256, 4, 4, 4), dict(output_size=(8, 8, 8)), "float16"),                      # volume, 1.027
    # a floor under 64 KiB: the fastest plan whatever its traffic (310P: volume mode, shipped tables)
    ((2, 1, 6, 5, 2), dict(output_size=(12, 10, 4), align_corners=True), "float16"),
]


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("case", range(len(SHIPPED_BUILDABLE)))
def test_buildable_tables_shipped(soc, case):
    shape, kw, dtype = SHIPPED_BUILDABLE[case]
    x = _data(shape, np.dtype(dtype), np.random.default_rng(case))
    got, ref = _run(x, soc, **kw)
    assert_close(got, ref, x, f"{soc} {dtype} {shape} {kw}")
    if soc == "ascend910b" and dtype == "float16" and case < 3:
        assert ai.last_launch()["traffic_ratio"] > 1.02


def test_cann_golden_example():
    x = np.arange(1, 9, dtype=np.float32).reshape(1, 1, 2, 2, 2)
    got = ai.upsample_trilinear3d(x, output_size=(4, 4, 4))
    c = np.array([0, 0.25, 0.75, 1.0])
    want = 1 + 4 * c[:, None, None] + 2 * c[None, :, None] + c[None, None, :]
    np.testing.assert_array_equal(got[0, 0], want.astype(np.float32))


# ---------------------------------------------------------------------------------- torch
F = torch.nn.functional


def _torch_ref(x, kw):
    t = torch.from_numpy(np.ascontiguousarray(x))
    if "scales" in kw:
        return F.interpolate(t, scale_factor=tuple(kw["scales"]), mode="trilinear",
                             align_corners=kw.get("align_corners", False), recompute_scale_factor=False).numpy()
    return F.interpolate(t, size=tuple(kw["output_size"]), mode="trilinear",
                         align_corners=kw.get("align_corners", False)).numpy()


@pytest.mark.parametrize("soc", SOCS)
def test_float32_grid_against_torch(soc):
    rng = np.random.default_rng(11)
    for i, (shape, kw) in enumerate(GRID[:120]):
        x = _data(shape, np.float32, rng)
        ai.set_soc(soc)
        out = np.full(_torch_ref(x, kw).shape, np.nan, dtype=np.float32)
        ai.upsample_trilinear3d(x, out=out, **kw)
        assert_close(out, _torch_ref(x, kw), x, f"{soc} case {i}: {shape} {kw}")


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("kw", [dict(output_size=(6, 7, 9)), dict(output_size=(3, 4, 5)),
                                dict(output_size=(3, 9, 2), align_corners=True), dict(output_size=(1, 1, 1)),
                                dict(output_size=(6, 4, 5))], ids=["up", "identity", "mixed-ac", "to1", "d-only"])
def test_inf_nan_propagate_like_torch(soc, kw):
    """PyTorch multiplies every tap, zero weights included (0 * inf = NaN), also on identity axes."""
    rng = np.random.default_rng(3)
    x = _data((2, 2, 3, 4, 5), np.float32, rng)
    flat = x.reshape(-1)
    flat[[0, 7, 19, 33, 64, 100]] = [np.inf, -np.inf, np.nan, np.inf, np.inf, -np.inf]
    ai.set_soc(soc)
    want = _torch_ref(x, kw)
    out = np.full(want.shape, np.nan, dtype=np.float32)
    ai.upsample_trilinear3d(x, out=out, **kw)
    assert_close(out, want, x, f"{soc} {kw}")
    # all-inf input
    xi = np.full((1, 2, 2, 3, 3), np.inf, dtype=np.float32)
    want = _torch_ref(xi, kw)
    got = ai.upsample_trilinear3d(xi, **kw)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got[~np.isnan(want)], want[~np.isnan(want)])


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_channels_last_torch_tensors(soc, dtype):
    """NDHWC (channels_last_3d) torch tensors run the channels-last kernel path."""
    ai.set_soc(soc)
    tdt = getattr(torch, dtype)
    for shape, size, align in [((2, 8, 3, 4, 5), (5, 7, 9), False), ((1, 32, 2, 3, 3), (4, 6, 6), True),
                               ((1, 3, 4, 4, 4), (4, 4, 4), False),
                               ((2, 256, 2, 4, 3), (4, 8, 6), True),         # W chunks of a few pixels
                               ((8, 128, 5, 7, 7), (10, 14, 14), False),     # whole rows, one-row W batches
                               ((8, 128, 5, 8, 8), (10, 16, 16), False)]:    # W chunks of 8 pixels
        g = torch.Generator().manual_seed(1)
        x = (torch.randn(shape, generator=g) * 4).to(tdt).contiguous(memory_format=torch.channels_last_3d)
        got = ai.upsample_trilinear3d(x, output_size=size, align_corners=align)
        assert got.is_contiguous(memory_format=torch.channels_last_3d)
        ref = reference.upsample_trilinear3d(x.float().numpy().astype(dtype), output_size=size,
                                             align_corners=align)
        assert_close(got.numpy(), ref, x.float().numpy(), f"{soc} {dtype} {shape}")


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("shape,size", [((1, 2, 4, 6, 8), (6, 9, 16)), ((64, 4, 2, 2, 2), (4, 4, 4))],
                         ids=["rows", "volume"])
def test_gather_passes_use_muladddst(soc, shape, size):
    """Every Gather pass blends its two taps with Mul + MulAddDst (no Mul, Mul, Add): one Mul per
    MulAddDst (Add and Sub occur only where the kernel builds its own tap tables, these problems being
    small); both taps are still multiplied, so a zero-weight inf tap gives NaN
    (test_inf_nan_propagate_like_torch)."""
    rng = np.random.default_rng(5)
    x = _data(shape, np.float16, rng)
    ai.set_soc(soc)
    got = ai.upsample_trilinear3d(x, output_size=size)
    ops = ai.last_launch()["vector_ops"]
    assert ops.get("MulAddDst", {}).get("instructions", 0) > 0, ops
    assert ops["Mul"]["instructions"] == ops["MulAddDst"]["instructions"], ops
    assert ops["MulAddDst"]["instructions"] <= ops["Gather"]["instructions"], ops
    assert_close(got, reference.upsample_trilinear3d(x, output_size=size).astype(np.float16), x, soc)
