"""Interpolate-4 kernel (op_kernel/interpolate.cpp) against ascend_interpolate.reference.

A seeded grid over mode x coordinate transform x nearest mode x antialias x pads x axes order x
rank 1-5 x dtype, with small shapes, on both simulated SoC profiles.  The output is poisoned
before each run (NaN / bit-inverted expected values), so an element left unwritten fails.

Tolerances (docs/aclnnInterpolate.md "dtypes"):
- float32: the device accumulates in float32, the reference in float64: rtol 1e-5 plus an
  absolute term relative to the input magnitude (cancellation near zero).
- float16 / bfloat16: within 2 ulps of the reference rounded to the dtype (plus the same absolute
  term): the kernel computes in float32 and rounds once.
- integers: nearest is exact.  Other modes round the float32 result half to even; where the exact
  value lies within float32 error of a .5 tie the two roundings may differ by 1, so a difference
  of 1 is accepted only there.
"""
import itertools
import math

import ml_dtypes
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference

BF16 = np.dtype(ml_dtypes.bfloat16)
MODES = ["nearest", "linear", "linear_onnx", "cubic"]
TRANSFORMS = ["half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners"]
NEAREST_MODES = ["round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple"]
DTYPES = [np.dtype(np.float32), np.dtype(np.float16), BF16, np.dtype(np.int8), np.dtype(np.uint8),
          np.dtype(np.int32)]
SOCS = ["ascend910b", "ascend310p"]


def _data(shape, dtype, rng):
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = max(int(info.min), -3000), min(int(info.max), 3000)
        return rng.integers(lo, hi, size=shape, endpoint=True).astype(dtype)
    return (rng.standard_normal(shape) * 4).astype(np.float32).astype(dtype)


def _random_case(rng, mode, transform, dtype, rank=None):
    """One problem: shape, axes (random order), sizes or scales, pads, attributes."""
    rank = int(rng.integers(1, 6)) if rank is None else rank
    shape = [int(rng.integers(1, 6)) for _ in range(rank)]
    naxes = int(rng.integers(1, min(rank, 3) + 1))
    axes = [int(a) for a in rng.permutation(rank)[:naxes]]
    for a in axes:
        shape[a] = int(rng.integers(2, 9))
    pads_begin = [0] * rank
    pads_end = [0] * rank
    if rng.random() < 0.35:
        for d in rng.permutation(rank)[: int(rng.integers(1, rank + 1))]:
            pads_begin[d] = int(rng.integers(0, 3))
            pads_end[d] = int(rng.integers(0, 3))
    kwargs = dict(mode=mode, coordinate_transformation_mode=transform, axes=axes,
                  pads_begin=pads_begin, pads_end=pads_end)
    if rng.random() < 0.5:
        kwargs["shape_calculation_mode"] = "sizes"
        kwargs["sizes"] = [int(rng.integers(1, 13)) for _ in axes]
    else:
        kwargs["shape_calculation_mode"] = "scales"
        kwargs["scales"] = [float(rng.choice([0.25, 0.5, 0.6, 0.75, 1.0, 1.4, 1.8, 2.0, 3.0])) for _ in axes]
    kwargs["nearest_mode"] = str(rng.choice(NEAREST_MODES))
    kwargs["antialias"] = bool(rng.random() < 0.5)
    if kwargs["antialias"] and _mixes_up_and_down(shape, kwargs):
        # docs/aclnnInterpolate.md "Spec flaw, kept": with antialias on, upsampled axes get a triangle
        # narrower than a pixel, and whether an output is 0 depends on float rounding at the kernel
        # edge (float32 weights here, float64 in the reference): not assertable to float precision.
        kwargs["antialias"] = False
    kwargs["cube_coeff"] = float(rng.choice([-0.75, -0.5]))
    return shape, dtype, kwargs


def _mixes_up_and_down(shape, kwargs):
    rank = len(shape)
    pads = [b + e for b, e in zip((list(kwargs["pads_begin"]) + [0] * rank)[:rank],
                                  (list(kwargs["pads_end"]) + [0] * rank)[:rank])]
    ratios = []
    for i, a in enumerate(kwargs["axes"]):
        padded = shape[a] + pads[a]
        if kwargs["shape_calculation_mode"] == "sizes":
            ratios.append(kwargs["sizes"][i] / padded)
        else:
            ratios.append(kwargs["scales"][i])
    return any(r < 1 for r in ratios) and any(r > 1 for r in ratios)


def _output_length_ok(shape, kwargs):
    """Skip problems the operator rejects (an output length of 0 in scales mode)."""
    try:
        want = reference.interpolate(np.zeros(shape, np.float32), **_ref_kwargs(kwargs))
    except ValueError:
        return False
    return want.size > 0


def _ref_kwargs(kwargs):
    return {k: v for k, v in kwargs.items()}


def _cases():
    cases = []
    # every (mode, transform, dtype): random ranks, axes, pads, attributes
    for i, (mode, transform, dtype) in enumerate(itertools.product(MODES, TRANSFORMS, DTYPES)):
        rng = np.random.default_rng(1000 + i)
        cases.append(_random_case(rng, mode, transform, dtype))
    # every (nearest_mode, transform) with an int32 payload (exactness) and float16
    for i, (nearest, transform) in enumerate(itertools.product(NEAREST_MODES, TRANSFORMS)):
        rng = np.random.default_rng(2000 + i)
        shape, dtype, kw = _random_case(rng, "nearest", transform, np.dtype(np.int32))
        kw["nearest_mode"] = nearest
        cases.append((shape, dtype, kw))
    # every rank for every mode (float32), with padding on half of them
    for i, (mode, rank) in enumerate(itertools.product(MODES, range(1, 6))):
        rng = np.random.default_rng(3000 + i)
        cases.append(_random_case(rng, mode, str(rng.choice(TRANSFORMS)), np.dtype(np.float32), rank=rank))
    # antialias downscales (the separable normalised window), several dtypes
    for i, dtype in enumerate(DTYPES):
        rng = np.random.default_rng(4000 + i)
        kw = dict(mode="linear", shape_calculation_mode="scales", scales=[0.25, 0.5], axes=[3, 2],
                  antialias=True, coordinate_transformation_mode=str(rng.choice(TRANSFORMS)),
                  pads_begin=[0, 0, 1, 0], pads_end=[0, 0, 0, 2])
        cases.append(([1, 2, 9, 17], dtype, kw))
    # larger random shapes: ROWS passes with batched DMAs, many cores, channel batching, bands
    for i, (mode, dtype) in enumerate(itertools.product(MODES, DTYPES)):
        for j in range(3):
            rng = np.random.default_rng(5000 + 10 * i + j)
            shape, dtype_, kw = _random_case(rng, mode, str(rng.choice(TRANSFORMS)), dtype)
            factor = [int(rng.integers(1, 13)) if rng.random() < 0.6 else 1 for _ in shape]
            shape = [n * f for n, f in zip(shape, factor)]
            if kw["shape_calculation_mode"] == "sizes":  # keep the resize ratios
                kw["sizes"] = [max(1, s * factor[a]) for s, a in zip(kw["sizes"], kw["axes"])]
            out_size = int(np.prod(shape)) * int(np.prod([max(1.0, x) for x in kw.get("scales") or [1.0]]))
            if int(np.prod(shape)) <= 200_000 and out_size <= 1_000_000:
                if _mixes_up_and_down(shape, kw):
                    kw["antialias"] = False
                cases.append((shape, dtype_, kw))
    # larger rows: several chunks per core, several cores, windows near the tensor end
    cases.append(([1, 3, 40, 70], np.dtype(np.float32),
                  dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[81, 133], axes=[2, 3])))
    cases.append(([2, 3, 33, 45], np.dtype(np.float16),
                  dict(mode="cubic", shape_calculation_mode="scales", scales=[0.5, 1.7], axes=[2, 3])))
    cases.append(([3, 50, 64], np.dtype(np.uint8),
                  dict(mode="nearest", shape_calculation_mode="sizes", sizes=[4133], axes=[2],
                       pads_begin=[1, 0, 0], pads_end=[0, 2, 3])))
    cases.append(([6000], np.dtype(np.int8),
                  dict(mode="linear", shape_calculation_mode="sizes", sizes=[1501], antialias=True)))
    cases.append(([4, 3, 7], np.dtype(np.int32),
                  dict(mode="linear", shape_calculation_mode="sizes", sizes=[4, 3, 7])))  # pure copy
    return [c for c in cases if _output_length_ok(c[0], c[2])]


CASES = _cases()


def _ids():
    out = []
    for shape, dtype, kw in CASES:
        size = kw.get("sizes") or kw.get("scales")
        out.append(f"{kw['mode']}-{kw.get('coordinate_transformation_mode', 'half_pixel')}-{dtype.name}-"
                   f"{'x'.join(map(str, shape))}-ax{''.join(map(str, kw.get('axes') or []))}-{size}")
    return out


def _poison(want):
    if want.dtype.kind in "iu":
        return np.invert(want)
    return np.full(want.shape, np.nan, dtype=want.dtype)


def _ulp(values, dtype):
    """Spacing of `dtype` at |values| (float64 array)."""
    mant = {np.dtype(np.float16): 10, BF16: 7, np.dtype(np.float32): 23}[np.dtype(dtype)]
    tiny = {np.dtype(np.float16): 2.0**-14, BF16: 2.0**-126, np.dtype(np.float32): 2.0**-126}[np.dtype(dtype)]
    mag = np.maximum(np.abs(values), tiny)
    return 2.0 ** (np.floor(np.log2(mag)) - mant)


def _check_specials(got, want, rtol, atol, finite_share=0.0):
    """NaN, +inf and -inf exactly where the reference has them; the finite rest within rtol / atol
    (and more than finite_share of the outputs finite, so that the specials cannot hide the data)."""
    for special in (np.isnan, np.isposinf, np.isneginf):
        np.testing.assert_array_equal(special(got), special(want))
    finite = np.isfinite(want)
    assert finite.sum() > finite_share * want.size
    np.testing.assert_allclose(got[finite].astype(np.float64), want[finite], rtol=rtol, atol=atol)


def _check(got, want, x, kwargs):
    assert got.shape == want.shape and got.dtype == want.dtype
    g = got.astype(np.float64)
    w = want.astype(np.float64)
    scale = float(np.max(np.abs(x.astype(np.float64)))) if x.size else 1.0
    if kwargs["mode"] == "nearest":
        np.testing.assert_array_equal(got, want)
        return
    if want.dtype == np.float32:
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-5 * max(scale, 1.0))
    elif want.dtype.kind == "f" or want.dtype == BF16:
        bad = np.abs(g - w) > 2 * _ulp(w, want.dtype) + 1e-6 * max(scale, 1.0)
        assert not bad.any(), f"{int(bad.sum())} elements beyond 2 ulps: got {g[bad][:8]}, want {w[bad][:8]}"
    else:
        diff = np.abs(g - w)
        assert diff.max(initial=0) <= 1, f"integer error {diff.max()}"
        if (diff == 1).any():
            # the float32 (unrounded) result must sit at a .5 tie within float32 error
            exact = reference.interpolate(x.astype(np.float32), **kwargs).astype(np.float64)
            frac = np.abs(exact - np.floor(exact) - 0.5)
            ambiguous = frac <= 1e-6 * np.maximum(np.abs(exact), 1.0) * 8 + 1e-4
            assert ambiguous[diff == 1].all(), f"off by 1 away from a tie: {exact[(diff == 1) & ~ambiguous][:8]}"


@pytest.fixture(params=SOCS)
def soc(request):
    previous = ai.get_soc()
    ai.set_soc(request.param)
    yield request.param
    ai.set_soc(previous)


@pytest.mark.parametrize("case", range(len(CASES)), ids=_ids())
def test_kernel_matches_reference(soc, case):
    shape, dtype, kwargs = CASES[case]
    rng = np.random.default_rng(case)
    x = _data(shape, dtype, rng)
    if dtype == BF16 and soc == "ascend310p":  # 310P has no bfloat16: rejected, out untouched
        out = np.zeros(reference.interpolate(x, **kwargs).shape, dtype=dtype)
        with pytest.raises(ai.AclnnError) as info:
            ai.interpolate(x, **kwargs, out=out)
        assert info.value.status == 161002 and "bfloat16" in str(info.value)
        assert not out.astype(np.float32).any()
        return
    want = reference.interpolate(x, **kwargs)
    out = _poison(want)
    got = ai.interpolate(x, **kwargs, out=out)
    assert got is out
    _check(out, want, x, kwargs)


def test_int32_nearest_is_exact_beyond_float32():
    x = (np.arange(24, dtype=np.int64).reshape(2, 3, 4) * 97 + (1 << 30) + 1).astype(np.int32)
    kw = dict(mode="nearest", shape_calculation_mode="scales", scales=[2.0, 0.5], axes=[2, 1],
              pads_begin=[1, 0, 0], pads_end=[0, 0, 1])
    for soc in SOCS:
        ai.set_soc(soc)
        np.testing.assert_array_equal(ai.interpolate(x, **kw), reference.interpolate(x, **kw))
    ai.set_soc(SOCS[0])


def test_integer_saturation():
    # cubic overshoots at a step edge: int8/uint8 outputs saturate instead of wrapping
    for dtype, lo, hi in ((np.int8, -128, 127), (np.uint8, 0, 255)):
        x = np.array([lo, lo, lo, hi, hi, hi], dtype=dtype)
        kw = dict(mode="cubic", shape_calculation_mode="sizes", sizes=[23])
        got = ai.interpolate(x, **kw)
        np.testing.assert_array_equal(got, reference.interpolate(x, **kw))
        assert got.min() == lo and got.max() == hi


# ---- inf / NaN propagation -----------------------------------------------------------------------
# The reference multiplies every tap it includes, zero weights too: linear's whole window (positions
# outside the padded range clamped to its edge), both linear_onnx taps, all four cubic taps; so a
# zero-weighted inf or NaN gives NaN.  Padding is zeros (never NaN); nearest and identity axes copy.
FLOAT_DTYPES = [np.dtype(np.float32), np.dtype(np.float16), BF16]


def _nonfinite_case(rng, mode, variant):
    """Small problem with 2-3 resized axes; variant 1 pads, variant 2 uses integral coordinates
    (zero-weight taps) via align_corners / asymmetric and exact ratios."""
    rank = int(rng.integers(3, 5))
    shape = [int(rng.integers(1, 4)) for _ in range(rank)]
    naxes = 2 + int(variant == 1 or rng.random() < 0.3)
    axes = [int(a) for a in rng.permutation(rank)[:naxes]]
    for a in axes:
        shape[a] = int(rng.integers(3, 8))
    pads_begin, pads_end = [0] * rank, [0] * rank
    if variant == 1:
        for d in rng.permutation(rank)[:2]:
            pads_begin[d], pads_end[d] = int(rng.integers(0, 3)), int(rng.integers(1, 3))
    kw = dict(mode=mode, axes=axes, pads_begin=pads_begin, pads_end=pads_end,
              nearest_mode=str(rng.choice(NEAREST_MODES)), cube_coeff=-0.75)
    if variant == 2:
        kw["coordinate_transformation_mode"] = str(rng.choice(["align_corners", "asymmetric"]))
        kw["shape_calculation_mode"] = "scales"
        kw["scales"] = [float(rng.choice([0.5, 2.0, 3.0])) for _ in axes]
    else:
        kw["coordinate_transformation_mode"] = str(rng.choice(TRANSFORMS))
        kw["shape_calculation_mode"] = "sizes"
        kw["sizes"] = [int(rng.integers(2, 12)) for _ in axes]
    kw["antialias"] = mode == "linear" and variant == 0 and not _mixes_up_and_down(shape, kw)
    return shape, kw


def _nonfinite_data(shape, dtype, rng):
    x = (rng.standard_normal(shape) * 4).astype(np.float32)
    u = rng.random(shape)
    x[u < 0.04] = np.inf
    x[(u >= 0.04) & (u < 0.08)] = -np.inf
    x[(u >= 0.08) & (u < 0.12)] = np.nan
    return x.astype(dtype)


NONFINITE_CASES = []
for _i, (_mode, _dtype, _variant) in enumerate(itertools.product(MODES, FLOAT_DTYPES, range(3))):
    _rng = np.random.default_rng(6000 + _i)
    _shape, _kw = _nonfinite_case(_rng, _mode, _variant)
    if _output_length_ok(_shape, _kw):
        NONFINITE_CASES.append((_shape, _dtype, _kw, 6000 + _i))


@pytest.mark.parametrize(
    "case", range(len(NONFINITE_CASES)),
    ids=[f"{kw['mode']}-{dt.name}-{'x'.join(map(str, s))}-ax{''.join(map(str, kw['axes']))}-"
         f"{kw.get('sizes') or kw.get('scales')}" for s, dt, kw, _ in NONFINITE_CASES])
def test_kernel_propagates_inf_nan_as_reference(soc, case):
    shape, dtype, kwargs, seed = NONFINITE_CASES[case]
    rng = np.random.default_rng(seed)
    x = _nonfinite_data(shape, dtype, rng)
    assert not np.isfinite(x.astype(np.float32)).all()
    want = reference.interpolate(x, **kwargs)
    if dtype == BF16 and soc == "ascend310p":  # 310P has no bfloat16: rejected
        with pytest.raises(ai.AclnnError) as info:
            ai.interpolate(x, **kwargs)
        assert info.value.status == 161002
        return
    got = ai.interpolate(x, **kwargs, out=_poison(want))
    g, w = got.astype(np.float64), want.astype(np.float64)
    np.testing.assert_array_equal(np.isnan(g), np.isnan(w), err_msg="NaN positions differ")
    np.testing.assert_array_equal(np.where(np.isinf(g), np.sign(g), 0), np.where(np.isinf(w), np.sign(w), 0),
                                  err_msg="inf positions / signs differ")
    finite = np.isfinite(w)
    xs = x.astype(np.float64)
    _check(got[finite], want[finite], xs[np.isfinite(xs)], kwargs)


@pytest.mark.parametrize("soc_name", SOCS)
def test_linear_window_outside_the_input_is_not_a_tap(soc_name, default_soc):
    """[inf, 1, 2, 3] -> 8 linear half_pixel: window positions left of the input are skipped (spec
    `continue`), so outputs 0-2 stay inf; 3-5 hold the inf with weight 0 and become NaN."""
    ai.set_soc(soc_name)
    x = np.array([[np.inf, 1.0, 2.0, 3.0]], dtype=np.float32)
    kw = dict(sizes=[8], axes=[1], mode="linear", shape_calculation_mode="sizes")
    got = ai.interpolate(x, **kw)
    want = reference.interpolate(x, **kw)
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got[0, :3], [np.inf] * 3)
    np.testing.assert_allclose(got[~np.isnan(got)], want[~np.isnan(want)], rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.dtype(np.float32), np.dtype(np.uint8)], ids=lambda d: d.name)
def test_wide_antialias_rows_whose_combination_does_not_fit_the_ub(soc, dtype):
    """1024x1000 -> 512x487 antialias: the 9 row taps' slots of 1000-element input rows do not fit the
    UB with the inner transform after the rows, so the rows are transformed first (whole rows, or a
    band as wide as the row); the columns past the row in the padded tables read inside the rows."""
    kw = dict(mode="linear", antialias=True, shape_calculation_mode="sizes", sizes=[512, 487], axes=[2, 3])
    x = _data([1, 1, 1024, 1000], dtype, np.random.default_rng(11))
    _check(ai.interpolate(x, **kw), reference.interpolate(x, **kw), x, kw)
