"""ascend_interpolate.functional.interpolate (F.interpolate's interface) against torch.nn.functional.interpolate.

Forward for every mode it maps (nearest, nearest-exact, linear, bilinear with and without antialias,
bicubic, trilinear), upsampling and downsampling, size= and scale_factor= (recompute_scale_factor
None / False / True), align_corners; exact shapes, dtypes and memory formats; argument errors of the
same types as F.interpolate's; the documented rejections; and functional.plan's mode mapping.

Tolerances (all explicit):
  nearest, nearest-exact: bitwise equal to F.interpolate, every dtype (copies).
  float32: |ours - torch| <= 1e-5 * |torch| + 2e-6 * max|x| (both compute in float32, in different
           orders; the coordinates differ by an ulp: Interpolate-4 divides by the scale, torch multiplies
           by the ratio).
  float16 / bfloat16: against F.interpolate in float32 of the same (rounded) input, within one ulp
           of the dtype at the output magnitude (ours rounds once per call; measured <= 0.5 ulp).
"""
from __future__ import annotations

import zlib

import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import functional, reference

torch = pytest.importorskip("torch")
import torch.nn.functional as F  # noqa: E402

AF = functional.interpolate

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py


def _rand(shape, seed, dtype=torch.float32, scale=4.0):
    g = torch.Generator().manual_seed(seed)
    return (torch.randn(shape, generator=g) * scale).to(dtype)


def _seed(*parts):
    return zlib.crc32(repr(parts).encode())


def _ulp(value, dtype):
    bits = {torch.float16: 10, torch.bfloat16: 7}[dtype]
    return 2.0 ** (np.floor(np.log2(max(abs(float(value)), 2.0**-14))) - bits)


def _assert_same_layout(got, want):
    assert tuple(got.shape) == tuple(want.shape)
    assert got.dtype == want.dtype
    assert got.stride() == want.stride(), f"strides {got.stride()} != torch's {want.stride()}"


def _assert_fp32_close(got, want, x, context=""):
    diff = (got.double() - want.double()).abs()
    tolerance = 1e-5 * want.double().abs() + 2e-6 * float(x.abs().max())
    assert bool((diff <= tolerance).all()), f"{context}: max |diff| {float(diff.max()):.3g}"


# ------------------------------------------------------------------------------------------------
# Forward against F.interpolate, float32
# ------------------------------------------------------------------------------------------------
RANK_OF = {"linear": 3, "bilinear": 4, "bicubic": 4, "trilinear": 5}
IN_SHAPES = {3: (2, 3, 9), 4: (2, 3, 7, 9), 5: (1, 3, 4, 5, 6)}
DIRECTIONS = {  # per rank: size= for up and down, scale_factor= for up and down
    3: dict(up_size=(20,), down_size=(4,), up_scale=2.6, down_scale=0.45),
    4: dict(up_size=(15, 19), down_size=(3, 4), up_scale=(1.8, 2.3), down_scale=(0.6, 0.35)),
    5: dict(up_size=(9, 8, 11), down_size=(2, 3, 4), up_scale=(1.75, 2.2, 1.5), down_scale=(0.5, 0.6, 0.7)),
}
FORWARD_CASES = []
for _mode in functional.MODES:
    for _rank in ([RANK_OF[_mode]] if _mode in RANK_OF else [3, 4, 5]):
        for _direction, _value in DIRECTIONS[_rank].items():
            _key = "size" if _direction.endswith("size") else "scale_factor"
            _variants = [dict()]
            if _key == "scale_factor":
                _variants = [dict(), dict(recompute_scale_factor=True), dict(recompute_scale_factor=False)]
            if _mode in RANK_OF:
                _variants += [dict(v, align_corners=True) for v in _variants]
            if _mode == "bilinear":
                _variants.append(dict(antialias=True))
            for _extra in _variants:
                FORWARD_CASES.append((_mode, _rank, _direction, {_key: _value, **_extra}))


def _case_id(case):
    mode, rank, direction, kwargs = case
    return f"{mode}-{rank}d-{direction}-" + "-".join(f"{k}={v}" for k, v in kwargs.items() if k not in ("size", "scale_factor"))


@pytest.mark.parametrize("case", FORWARD_CASES, ids=_case_id)
def test_float32_matches_torch(case):
    mode, rank, direction, kwargs = case
    x = _rand(IN_SHAPES[rank], _seed(case))
    want = F.interpolate(x, mode=mode, **kwargs)
    got = AF(x, mode=mode, **kwargs)
    _assert_same_layout(got, want)
    if mode.startswith("nearest"):
        assert torch.equal(got, want)
    else:
        _assert_fp32_close(got, want, x, _case_id(case))


@pytest.mark.parametrize("seed", range(24))
def test_random_shapes_match_torch(seed):
    """Seeded random shapes, sizes and scale factors per mode (cases the plan rejects are skipped here and
    covered by test_rejections)."""
    rng = np.random.default_rng(500 + seed)
    mode = functional.MODES[seed % len(functional.MODES)]
    rank = RANK_OF.get(mode, 3 + seed % 3)
    shape = (2, 3, *[int(n) for n in rng.integers(2, 13 if rank < 5 else 7, rank - 2)])
    kwargs = {}
    if seed % 2:
        kwargs["size"] = [int(n) for n in rng.integers(1, 26 if rank < 5 else 11, rank - 2)]
    else:
        kwargs["scale_factor"] = [float(s) for s in rng.uniform(0.4, 2.8, rank - 2)]
    if mode in RANK_OF and seed % 4 == 3:
        kwargs["align_corners"] = True
    if mode == "bilinear" and seed % 4 == 1:
        kwargs["antialias"] = True
    x = _rand(shape, 900 + seed)
    try:
        want = F.interpolate(x, mode=mode, **kwargs)
    except RuntimeError as exc:  # e.g. a scale giving an output length 0
        with pytest.raises(type(exc)):
            AF(x, mode=mode, **kwargs)
        return
    try:
        functional.plan(shape, mode=mode, **kwargs)
    except NotImplementedError:
        pytest.skip("rejected by design (test_rejections)")
    got = AF(x, mode=mode, **kwargs)
    _assert_same_layout(got, want)
    if mode.startswith("nearest"):
        assert torch.equal(got, want)
    else:
        _assert_fp32_close(got, want, x, f"{mode} {shape} {kwargs}")


# ------------------------------------------------------------------------------------------------
# float16 / bfloat16 against an fp32 reference; nearest in every dtype
# ------------------------------------------------------------------------------------------------
HALF_CASES = [
    ("linear", (2, 3, 11), dict(size=(23,))),
    ("linear", (2, 3, 11), dict(scale_factor=0.6, align_corners=True)),
    ("bilinear", (2, 3, 7, 9), dict(scale_factor=(2.3, 0.6))),
    ("bilinear", (2, 3, 17, 9), dict(size=(5, 20), antialias=True)),  # two calls: an intermediate rounding
    ("bicubic", (2, 3, 7, 9), dict(size=(15, 4))),
    ("bicubic", (2, 3, 7, 9), dict(size=(4, 15), align_corners=True)),
    ("trilinear", (2, 3, 4, 5, 6), dict(size=(7, 3, 9))),
    ("trilinear", (1, 2, 4, 5, 6), dict(scale_factor=(1.5, 0.5, 2.0))),
]


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=str)
@pytest.mark.parametrize("mode, shape, kwargs", HALF_CASES, ids=lambda v: v if isinstance(v, str) else None)
def test_half_precision_within_one_ulp_of_fp32(dtype, mode, shape, kwargs):
    x = _rand(shape, _seed(mode, shape, kwargs), dtype)
    got = AF(x, mode=mode, **kwargs)
    want = F.interpolate(x.float(), mode=mode, **kwargs)  # fp32 reference of the same input
    assert got.dtype == dtype and tuple(got.shape) == tuple(want.shape)
    diff = (got.double() - want.double()).abs()
    tolerance = _ulp(want.abs().max(), dtype)
    assert float(diff.max()) <= tolerance, f"max |diff| {float(diff.max())} > {tolerance}"


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16, torch.uint8], ids=str)
@pytest.mark.parametrize("mode", ["nearest", "nearest-exact"])
def test_nearest_is_bitwise_torch_in_every_dtype(dtype, mode):
    for rank, kwargs in ((3, dict(size=(17,))), (4, dict(scale_factor=(1.5, 0.7))), (5, dict(size=(3, 9, 2)))):
        x = _rand(IN_SHAPES[rank], _seed(mode, rank), scale=40.0)
        x = (x.abs() if dtype == torch.uint8 else x).to(dtype)
        want = F.interpolate(x, mode=mode, **kwargs)
        got = AF(x, mode=mode, **kwargs)
        _assert_same_layout(got, want)
        assert torch.equal(got, want), (rank, kwargs)


@pytest.mark.parametrize("mode", ["nearest", "nearest-exact"])
def test_nearest_index_tables_over_a_grid_of_sizes(mode):
    """The scale the plan picks reproduces torch's float32 index table exactly for every (in, out) it
    accepts (1-D, so every index is visible), and the rejected pairs are rare."""
    rejected, total = 0, 0
    for n in range(1, 25):
        for o in range(1, 60):
            x = torch.arange(n, dtype=torch.float32).reshape(1, 1, n)
            total += 1
            try:
                got = AF(x, size=(o,), mode=mode)
            except NotImplementedError:
                rejected += 1
                continue
            assert torch.equal(got, F.interpolate(x, size=(o,), mode=mode)), (n, o)
    assert rejected <= 0.02 * total, (rejected, total)


# ------------------------------------------------------------------------------------------------
# Memory format, NaN/inf
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, shape, kwargs", [
    ("nearest", (2, 5, 4, 6), dict(size=(7, 3))),
    ("bilinear", (2, 5, 4, 6), dict(size=(7, 3))),
    ("bilinear", (2, 5, 12, 6), dict(size=(5, 9), antialias=True)),
    ("bicubic", (2, 5, 4, 6), dict(scale_factor=1.5)),
    ("nearest-exact", (2, 5, 3, 4, 6), dict(size=(5, 2, 7))),
    ("trilinear", (2, 5, 3, 4, 6), dict(size=(5, 2, 7))),
])
def test_memory_format_follows_torch(mode, shape, kwargs):
    base = _rand(shape, _seed(mode, shape))
    channels_last = torch.channels_last if len(shape) == 4 else torch.channels_last_3d
    for name, view in {
        "contiguous": base,
        "channels_last": base.contiguous(memory_format=channels_last),
        "channels_last slice": base.contiguous(memory_format=channels_last)[:, 1:],
        "permuted": base.transpose(-1, -2),
    }.items():
        want = F.interpolate(view, mode=mode, **kwargs)
        got = AF(view, mode=mode, **kwargs)
        _assert_same_layout(got, want)
        if mode.startswith("nearest"):
            assert torch.equal(got, want), name
        else:
            _assert_fp32_close(got, want, view, name)


def test_three_d_views_give_contiguous_results():
    x = _rand((3, 4, 10), 5).transpose(0, 1)  # non-contiguous 3-D
    for mode in ("nearest", "linear"):
        got = AF(x, size=(7,), mode=mode)
        want = F.interpolate(x, size=(7,), mode=mode)
        _assert_same_layout(got, want)


@pytest.mark.parametrize("mode, kwargs", [
    ("nearest", dict(size=(9, 5))),
    ("nearest-exact", dict(scale_factor=(1.7, 0.6))),
    ("bilinear", dict(size=(11, 13))),
    ("bilinear", dict(scale_factor=(1.7, 0.6))),
    ("bicubic", dict(size=(11, 13))),
])
def test_nan_and_inf_propagate_as_in_torch(mode, kwargs):
    """Where no axis keeps its length, both multiply the same taps (zero weights included), so the
    NaN/inf pattern is torch's exactly; finite values within the fp32 tolerance. (Not with
    align_corners: where a source coordinate is an integer in exact arithmetic, torch's float32
    product may land just below it and multiply the left neighbour by a zero weight, Interpolate-4's
    division on it and multiply the right one.)"""
    x = _rand((1, 4, 5, 6), _seed(mode, kwargs))
    x[0, 0, 2, 3] = float("nan")
    x[0, 1, 0, 0] = float("inf")
    x[0, 2, 4, 5] = -float("inf")
    x[0, 3] = float("inf")
    want = F.interpolate(x, mode=mode, **kwargs)
    got = AF(x, mode=mode, **kwargs)
    for predicate in (torch.isnan, torch.isposinf, torch.isneginf):
        assert torch.equal(predicate(got), predicate(want)), predicate.__name__
    assert bool(torch.isinf(got).any()) and (mode.startswith("nearest") or bool(torch.isnan(got).any()))
    finite = torch.isfinite(want)
    _assert_fp32_close(got[finite], want[finite], x[torch.isfinite(x)])


def test_antialias_nan_pattern_is_the_references():
    """Antialias: Interpolate-4's window also multiplies zero-weight taps inside the input (the reference
    defines it); torch's window stops at the filter support, so only the reference is the oracle."""
    x = _rand((1, 2, 12, 10), 8)
    x[0, 0, 5, 4] = float("nan")
    got = AF(x, size=(5, 4), mode="bilinear", antialias=True)
    plan = functional.plan(tuple(x.shape), size=(5, 4), mode="bilinear", antialias=True)
    want = x.numpy()
    for call in plan.calls:
        want = reference.interpolate(want, **call.kwargs)
    np.testing.assert_array_equal(torch.isnan(got).numpy(), np.isnan(want))
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-5)


# ------------------------------------------------------------------------------------------------
# Argument rules: the same exception types as F.interpolate
# ------------------------------------------------------------------------------------------------
X4 = _rand((1, 2, 4, 5), 1)
ARGUMENT_ERRORS = [
    (X4, dict(size=(3, 3), mode="nearest", align_corners=True)),
    (X4, dict(size=(3, 3), mode="nearest-exact", align_corners=False)),
    (X4, dict(size=(3, 3), scale_factor=2.0, mode="bilinear")),
    (X4, dict(mode="bilinear")),
    (X4, dict(size=(3, 3, 3), mode="bilinear")),
    (X4, dict(size=(3.0, 3), mode="bilinear")),
    (X4, dict(scale_factor=(2.0, 2.0, 2.0), mode="bilinear")),
    (X4, dict(size=(3, 3), mode="bilinear", recompute_scale_factor=True)),
    (X4, dict(size=(3, 3), mode="nearest", antialias=True)),
    (_rand((1, 2, 5), 2), dict(size=(3,), mode="linear", antialias=True)),
    (X4, dict(size=(3,), mode="linear")),
    (X4, dict(size=(3, 3), mode="linear")),
    (X4, dict(size=(3, 3), mode="trilinear")),
    (_rand((1, 2, 5), 2), dict(size=(3,), mode="bilinear")),
    (_rand((1, 2, 5), 2), dict(size=(3,), mode="bicubic")),
    (_rand((1, 2, 3, 4, 5), 2), dict(size=(3, 3, 3), mode="bilinear")),
    (_rand((2, 5), 2), dict(size=(), mode="nearest")),
    (_rand((2, 5), 2), dict(size=(3,), mode="nearest")),
    (X4, dict(size=(3, 3), mode="bogus")),
    (X4, dict(size=(0, 3), mode="bilinear")),
    (X4, dict(scale_factor=-1.0, mode="nearest")),
    (X4, dict(scale_factor=0.1, mode="bicubic")),
    (torch.zeros(1, 0, 4, 5), dict(size=(3, 3), mode="bilinear")),
]


@pytest.mark.parametrize("x, kwargs", ARGUMENT_ERRORS, ids=lambda v: "-".join(f"{k}={w}" for k, w in v.items())
                         if isinstance(v, dict) else f"{tuple(v.shape)}")
def test_argument_errors_have_torchs_exception_types(x, kwargs):
    with pytest.raises(Exception) as theirs:
        F.interpolate(x, **kwargs)
    with pytest.raises(Exception) as ours:
        AF(x, **kwargs)
    assert type(ours.value) is type(theirs.value), (ours.value, theirs.value)
    assert str(ours.value)


def test_scalar_size_and_scale_broadcast_like_torch():
    x = _rand((1, 2, 4, 5, 6), 3)
    for kwargs in (dict(size=7), dict(scale_factor=1.5), dict(size=torch.tensor(5)),
                   dict(size=[np.int64(3), 4, 5])):
        want = F.interpolate(x, mode="trilinear", **kwargs)
        got = AF(x, mode="trilinear", **kwargs)
        _assert_same_layout(got, want)
        _assert_fp32_close(got, want, x)


def test_input_must_be_a_tensor():
    with pytest.raises(TypeError, match="input must be a torch.Tensor"):
        AF(np.zeros((1, 1, 4), np.float32), size=3)


# ------------------------------------------------------------------------------------------------
# Rejections: named mode, what to use instead, never an approximation
# ------------------------------------------------------------------------------------------------
REJECTIONS = [
    (X4, dict(size=(2, 2), mode="area"), "adaptive_avg_pool"),
    (X4, dict(size=(2, 2), mode="lanczos", antialias=True), "lanczos"),
    (X4, dict(size=(2, 2), mode="bicubic", antialias=True), "mode='bilinear' with antialias=True"),
    (X4, dict(size=(2, 2), mode="bilinear", antialias=True, align_corners=True), "align_corners=False"),
    (_rand((1, 1, 4), 4), dict(size=(164,), mode="nearest"), "no Interpolate-4 scale reproduces"),
    (_rand((1, 1, 8), 4), dict(size=(82,), mode="nearest-exact"), "no Interpolate-4 scale reproduces"),
    (_rand((1, 1, 5, 6), 4), dict(scale_factor=(1.1, 2.0), mode="bicubic"), "keeps spatial dimension 2"),
    (_rand((1, 1, 5, 6), 4), dict(scale_factor=(1.1, 0.5), mode="bilinear", antialias=True), "keeps spatial"),
    (_rand((1, 1, 5), 4), dict(scale_factor=1.1, mode="nearest"), "keeps spatial dimension 2"),
    (_rand((1, 1, 10), 4), dict(scale_factor=float(np.nextafter(0.3, 0)), mode="linear"),
     "scales-mode length"),
]


@pytest.mark.parametrize("x, kwargs, match", REJECTIONS, ids=lambda v: v if isinstance(v, str) else None)
def test_rejections(x, kwargs, match):
    F.interpolate(x, **kwargs)  # torch computes these
    with pytest.raises(NotImplementedError, match=match) as info:
        AF(x, **kwargs)
    assert repr(kwargs["mode"]) in str(info.value)
    with pytest.raises(NotImplementedError):
        functional.plan(tuple(x.shape), **kwargs)


def test_torch_antialias_with_output_width_one_is_not_our_oracle():
    """torch 2.13's antialiased bilinear kernel returns the first value along H whenever the output width
    is 1 (measured: a 7x1 ramp resized to 9x1 gives nine zeros); ours interpolates, as a resize of the
    same column with antialias=False (identical for upsampling) shows."""
    x = torch.arange(7.0).reshape(1, 1, 7, 1)
    assert torch.equal(F.interpolate(x, size=(9, 1), mode="bilinear", antialias=True), torch.zeros(1, 1, 9, 1))
    got = AF(x, size=(9, 1), mode="bilinear", antialias=True)
    _assert_fp32_close(got, F.interpolate(x, size=(9, 1), mode="bilinear"), x)


# ------------------------------------------------------------------------------------------------
# The plan: which operator call each mode becomes
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("mode, shape, kwargs, expected", [
    ("nearest", (1, 1, 4, 6), dict(size=(8, 3)),
     [("interpolate", dict(mode="nearest", coordinate_transformation_mode="asymmetric", nearest_mode="floor",
                           shape_calculation_mode="scales", scales=[2.0, 0.5], axes=[2, 3]))]),
    ("nearest-exact", (1, 1, 4), dict(scale_factor=2.0),
     [("interpolate", dict(mode="nearest", coordinate_transformation_mode="tf_half_pixel_for_nn",
                           nearest_mode="floor", shape_calculation_mode="scales", scales=[2.0], axes=[2]))]),
    ("linear", (1, 1, 4), dict(size=(7,)),
     [("interpolate", dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel",
                           shape_calculation_mode="sizes", sizes=[7], axes=[2], antialias=False))]),
    ("bilinear", (1, 1, 4, 5), dict(scale_factor=1.5, align_corners=True),
     [("interpolate", dict(mode="linear_onnx", coordinate_transformation_mode="align_corners",
                           shape_calculation_mode="sizes", sizes=[6, 7], axes=[2, 3], antialias=False))]),
    ("bilinear", (1, 1, 4, 5), dict(scale_factor=1.5),
     [("interpolate", dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel",
                           shape_calculation_mode="scales", scales=[1.5, 1.5], axes=[2, 3], antialias=False))]),
    ("bilinear", (1, 1, 12, 4), dict(size=(5, 9), antialias=True),
     [("interpolate", dict(mode="linear", coordinate_transformation_mode="half_pixel", antialias=True,
                           shape_calculation_mode="sizes", sizes=[5], axes=[2])),
      ("interpolate", dict(mode="linear_onnx", coordinate_transformation_mode="half_pixel", antialias=False,
                           shape_calculation_mode="sizes", sizes=[9], axes=[3]))]),
    ("bicubic", (1, 1, 4, 5), dict(size=(8, 3)),
     [("interpolate", dict(mode="cubic", cube_coeff=-0.75, coordinate_transformation_mode="half_pixel",
                           shape_calculation_mode="sizes", sizes=[8, 3], axes=[2, 3], antialias=False))]),
    ("trilinear", (1, 1, 2, 3, 4), dict(scale_factor=(2.0, 1.5, 0.5)),
     [("upsample_trilinear3d", dict(output_size=[4, 4, 2], scales=[2.0, 1.5, 0.5], align_corners=False))]),
    ("trilinear", (1, 1, 2, 3, 4), dict(scale_factor=(2.0, 1.5, 0.5), recompute_scale_factor=True),
     [("upsample_trilinear3d", dict(output_size=[4, 4, 2], scales=None, align_corners=False))]),
])
def test_plan_mapping(mode, shape, kwargs, expected):
    plan = functional.plan(shape, mode=mode, **kwargs)
    assert [(call.op, call.kwargs) for call in plan.calls] == expected
    assert plan.output_shape == tuple(F.interpolate(torch.zeros(shape), mode=mode, **kwargs).shape)
    # every call is also a call of the public function and of the reference
    x = _rand(shape, 1)
    y, y_ref = x, x.numpy()
    for call in plan.calls:
        y = getattr(ai, call.op)(y, **call.kwargs)
        y_ref = getattr(reference, call.op)(y_ref, **call.kwargs)
    np.testing.assert_allclose(y.numpy(), y_ref, rtol=1e-5, atol=1e-5)
