"""ascend_interpolate.interpolate (Interpolate-4) through the aclnn C API (needs the built library).

A few cases per mode against ascend_interpolate.reference, integer dtypes, numpy vs torch, strided
views in and out, out= reuse, AclnnError status/messages, and that an error leaves `out` untouched.
"""
import ml_dtypes
import numpy as np
import pytest
import torch

import ascend_interpolate as ai
from ascend_interpolate import reference

BF16 = np.dtype(ml_dtypes.bfloat16)


pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py


def rand(shape, dtype=np.float32, seed=0):
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        lo, hi = max(info.min, -1000), min(info.max, 1000)
        return rng.integers(lo, hi, size=shape, endpoint=True).astype(dtype)
    return rng.standard_normal(shape).astype(np.float32).astype(dtype)


def f64(a):
    if isinstance(a, torch.Tensor):
        return a.detach().to(torch.float64).numpy()
    return np.asarray(a).astype(np.float64)


def assert_matches_reference(got, want):
    dtype = np.dtype(want.dtype)
    assert got.shape == want.shape and np.dtype(got.dtype) == dtype
    if dtype == np.float32:
        np.testing.assert_allclose(f64(got), f64(want), rtol=1e-5, atol=1e-5)
    elif dtype == np.float16:
        np.testing.assert_allclose(f64(got), f64(want), rtol=2 * 2.0**-10, atol=2e-3)
    elif dtype == BF16:
        np.testing.assert_allclose(f64(got), f64(want), rtol=2 * 2.0**-7, atol=2e-2)
    else:  # integers: computed in float32 and rounded, so allow 1 step
        np.testing.assert_allclose(f64(got), f64(want), rtol=0, atol=1)


CASES = [
    # (shape, dtype, kwargs)
    ((1, 2, 5, 7), np.float32, dict(sizes=(9, 4), axes=(2, 3), mode="nearest", shape_calculation_mode="sizes")),
    ((1, 2, 5, 7), np.float32, dict(scales=(1.8, 0.6), axes=(3, 2), mode="nearest", shape_calculation_mode="scales",
                                    coordinate_transformation_mode="asymmetric", nearest_mode="ceil")),
    ((2, 3, 4, 6), np.float32, dict(sizes=(7, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")),
    ((1, 2, 12, 10), np.float32, dict(sizes=(5, 4), axes=(2, 3), mode="linear", shape_calculation_mode="sizes",
                                      antialias=True)),
    ((1, 2, 3, 4, 5), np.float32, dict(scales=(2.0, 1.5, 0.5), axes=(2, 3, 4), mode="linear_onnx",
                                       shape_calculation_mode="scales",
                                       coordinate_transformation_mode="align_corners")),
    ((1, 1, 6, 8), np.float32, dict(sizes=(9, 5), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes",
                                    cube_coeff=-0.5, coordinate_transformation_mode="pytorch_half_pixel")),
    ((7, 9), np.float32, dict(sizes=(4, 13), mode="cubic", shape_calculation_mode="sizes")),   # axes=None
    ((1, 2, 5, 6), np.float32, dict(sizes=(8, 8), axes=(2, 3), mode="linear_onnx", shape_calculation_mode="sizes",
                                    pads_begin=(0, 0, 1, 2), pads_end=(0, 0, 2, 0))),
    ((11,), np.float32, dict(scales=(0.7,), mode="nearest", shape_calculation_mode="scales",
                             coordinate_transformation_mode="tf_half_pixel_for_nn", nearest_mode="simple")),
    ((1, 3, 5, 4), np.float16, dict(sizes=(8, 7), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")),
    ((1, 3, 5, 4), BF16, dict(sizes=(3, 7), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes")),
    ((1, 2, 6, 5), np.int8, dict(sizes=(9, 3), axes=(2, 3), mode="nearest", shape_calculation_mode="sizes")),
    ((1, 2, 6, 5), np.uint8, dict(sizes=(9, 8), axes=(2, 3), mode="linear_onnx", shape_calculation_mode="sizes")),
    ((2, 6, 5), np.int32, dict(sizes=(4, 8), axes=(1, 2), mode="nearest", shape_calculation_mode="sizes",
                               nearest_mode="round_prefer_ceil")),
]


@pytest.mark.parametrize("shape, dtype, kwargs", CASES, ids=lambda v: getattr(v, "__name__", None))
def test_matches_reference(shape, dtype, kwargs):
    x = rand(shape, dtype, seed=sum(shape))
    got = ai.interpolate(x, **kwargs)
    assert isinstance(got, np.ndarray)
    assert_matches_reference(got, reference.interpolate(x, **kwargs))


def test_nearest_is_exact_for_large_int32():
    x = np.array([[2**31 - 1, -(2**31), 123456789, 16777217]], dtype=np.int32)
    got = ai.interpolate(x, sizes=(8,), axes=(1,), mode="nearest", shape_calculation_mode="sizes")
    np.testing.assert_array_equal(got, reference.interpolate(x, sizes=(8,), axes=(1,), mode="nearest",
                                                             shape_calculation_mode="sizes"))


def test_ignored_sizes_or_scales_may_be_missing():
    x = rand((1, 1, 4, 4), seed=3)
    a = ai.interpolate(x, None, (2.0, 2.0), (2, 3), mode="linear", shape_calculation_mode="scales")
    b = ai.interpolate(x, (1, 1), (2.0, 2.0), (2, 3), mode="linear", shape_calculation_mode="scales")
    np.testing.assert_array_equal(a, b)
    assert a.shape == (1, 1, 8, 8)


KW = dict(sizes=(7, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.uint8, np.int32])
def test_numpy_and_torch_agree(dtype):
    x = rand((1, 2, 4, 5), dtype, seed=5)
    got_np = ai.interpolate(x, **KW)
    got_t = ai.interpolate(torch.from_numpy(x), **KW)
    assert isinstance(got_t, torch.Tensor) and got_t.dtype == torch.from_numpy(x).dtype
    np.testing.assert_array_equal(got_t.numpy(), got_np)


def test_bfloat16_torch_and_ml_dtypes_agree():
    x = rand((1, 2, 4, 5), BF16, seed=7)
    got_np = ai.interpolate(x, **KW)
    got_t = ai.interpolate(torch.from_numpy(x.view(np.int16)).view(torch.bfloat16), **KW)
    assert got_t.dtype == torch.bfloat16
    np.testing.assert_array_equal(got_t.view(torch.int16).numpy(), got_np.view(np.int16))
    assert_matches_reference(got_np, reference.interpolate(x, **KW))


def test_strided_views_in():
    base = rand((2, 3, 9, 12), seed=11)
    for name, view in {
        "step": base[:, ::2, 1::2, ::3],
        "offset": base[1:, 1:, 2:7, 3:9],
        "transposed": base.transpose(0, 1, 3, 2),
        "negative": base[:, :, ::-1],
    }.items():
        want = ai.interpolate(np.ascontiguousarray(view), **KW)
        np.testing.assert_allclose(ai.interpolate(view, **KW), want, rtol=1e-6, atol=1e-6, err_msg=name)
        tv = torch.from_numpy(np.ascontiguousarray(base))
        if name == "step":
            tv = tv[:, ::2, 1::2, ::3]
        elif name == "offset":
            tv = tv[1:, 1:, 2:7, 3:9]
        elif name == "transposed":
            tv = tv.transpose(2, 3)
        else:
            continue
        np.testing.assert_allclose(ai.interpolate(tv, **KW).numpy(), want, rtol=1e-6, atol=1e-6, err_msg=name)


def test_torch_channels_last_in():
    x = torch.from_numpy(rand((2, 5, 4, 6), seed=13))
    want = ai.interpolate(x, **KW)
    got = ai.interpolate(x.contiguous(memory_format=torch.channels_last), **KW)
    torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-6)


def test_out_view_in_a_bigger_buffer_numpy_and_torch():
    x = rand((1, 2, 4, 5), seed=17)
    want = ai.interpolate(x, **KW)
    big = rand((3, 4, 9, 12), seed=19)
    before = big.copy()
    out = big[1:2, 1:3, 1:8, 2:11]
    assert ai.interpolate(x, **KW, out=out) is out
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-6)
    mask = np.ones(big.shape, bool)
    mask[1:2, 1:3, 1:8, 2:11] = False
    np.testing.assert_array_equal(big[mask], before[mask])

    tbig = torch.from_numpy(before.copy())
    tout = tbig[1:2, 1:3, 1:8, 2:11].transpose(2, 3).transpose(2, 3)
    assert ai.interpolate(torch.from_numpy(x), **KW, out=tout) is tout
    torch.testing.assert_close(tout, torch.from_numpy(want), rtol=1e-6, atol=1e-6)
    assert torch.equal(tbig[torch.from_numpy(mask)], torch.from_numpy(before[mask]))


def test_out_with_negative_strides_and_reuse():
    out_big = np.zeros((1, 2, 7, 18), np.float32)
    out = out_big[..., ::-2]
    for seed in (1, 2):
        x = rand((1, 2, 4, 5), seed=seed)
        assert ai.interpolate(x, **KW, out=out) is out
        np.testing.assert_allclose(out, reference.interpolate(x, **KW), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(out_big[..., ::2], 0.0)


def test_empty_non_interpolated_dimension():
    x = np.empty((0, 3, 4, 5), np.float32)
    got = ai.interpolate(x, **KW)
    assert got.shape == (0, 3, 7, 9)


# ---- C-level errors ------------------------------------------------------------------------------
def aclnn_error(call):
    with pytest.raises(ai.AclnnError) as info:
        call()
    err = info.value
    assert str(err.status) in str(err) and err.message and err.message in str(err)
    return err


@pytest.mark.parametrize("kwargs, name", [
    (dict(mode="bilinear"), "mode"),
    (dict(mode="Linear"), "mode"),
    (dict(shape_calculation_mode="size"), "shape_calculation_mode"),
    (dict(coordinate_transformation_mode="half-pixel"), "coordinate_transformation_mode"),
    (dict(nearest_mode="round"), "nearest_mode"),
    (dict(sizes=(0, 9)), "sizes"),
    (dict(pads_begin=(0, 0, -1, 0)), "pads"),
    (dict(cube_coeff=float("inf")), "cube"),
    (dict(shape_calculation_mode="scales", scales=(0.0, 2.0)), "scales"),
])
def test_invalid_attributes_are_161002_naming_the_parameter(kwargs, name):
    x = rand((1, 2, 4, 5), seed=23)
    args = dict(KW)
    args.update(kwargs)
    err = aclnn_error(lambda: ai.interpolate(x, **args))
    assert err.status == 161002
    # the C API names parameters in its own spelling (shapeCalculationMode, padsBegin, cubeCoeff)
    assert name.replace("_", "").lower() in err.message.replace("_", "").lower(), err.message


def test_rank_6_is_161002():
    x = rand((1, 1, 2, 2, 2, 2), seed=29)
    err = aclnn_error(lambda: ai.interpolate(x, sizes=(3, 3), axes=(4, 5), mode="nearest",
                                             shape_calculation_mode="sizes"))
    assert err.status == 161002 and "self" in err.message


def test_float64_is_rejected_with_the_reason():
    x = np.random.default_rng(0).standard_normal((1, 1, 3, 3))
    err = aclnn_error(lambda: ai.interpolate(x, **KW))
    assert err.status == 161002
    assert "double" in err.message.lower() or "float64" in err.message.lower()


@pytest.mark.parametrize("bad_out", [
    np.full((1, 2, 7, 9), 5.0, np.float16),
    np.full((1, 2, 7, 8), 5.0, np.float32),
    np.full((1, 2, 7, 9, 1), 5.0, np.float32),
])
def test_bad_out_is_161002_and_left_untouched(bad_out):
    x = rand((1, 2, 4, 5), seed=31)
    before = bad_out.copy()
    err = aclnn_error(lambda: ai.interpolate(x, **KW, out=bad_out))
    assert err.status == 161002 and "out" in err.message
    np.testing.assert_array_equal(bad_out, before)


def test_bf16_on_310p_is_rejected():
    x = rand((1, 2, 4, 5), BF16, seed=41)
    ai.set_soc("ascend310p")
    err = aclnn_error(lambda: ai.interpolate(x, **KW))
    assert err.status == 161002 and "self" in err.message and "bfloat16" in err.message


def test_no_executor_leaks():
    from ascend_interpolate import _lib

    lib = _lib.library()
    if not hasattr(lib, "aclsimLiveExecutorCount"):
        pytest.skip("not a sim build")
    start = lib.aclsimLiveExecutorCount()
    x = rand((1, 2, 4, 5), seed=37)
    ai.interpolate(x, **KW)
    with pytest.raises(ai.AclnnError):
        ai.interpolate(x, **dict(KW, mode="bad"))
    with pytest.raises(ai.AclnnError):
        ai.upsample_trilinear3d(rand((1, 1, 2, 2)), output_size=(2, 2, 2))
    ai.upsample_trilinear3d(rand((1, 1, 2, 2, 2)), output_size=(3, 3, 3))
    assert lib.aclsimLiveExecutorCount() == start


def test_broadcast_inputs_are_read_in_place():
    rng = np.random.default_rng(43)
    row = rng.standard_normal((1, 1, 1, 9)).astype(np.float32)
    x = np.broadcast_to(row, (2, 3, 5, 9))                     # stride-0 view, read-only
    kw = dict(sizes=(7, 4), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes")
    want = ai.interpolate(np.ascontiguousarray(x), **kw)
    np.testing.assert_array_equal(ai.interpolate(x, **kw), want)
    np.testing.assert_array_equal(ai.interpolate(torch.from_numpy(row).expand(2, 3, 5, 9), **kw).numpy(), want)
    tri = ai.upsample_trilinear3d(np.broadcast_to(row[..., None, :], (2, 3, 4, 6, 9)), output_size=(3, 4, 7))
    np.testing.assert_array_equal(tri, ai.upsample_trilinear3d(
        np.ascontiguousarray(np.broadcast_to(row[..., None, :], (2, 3, 4, 6, 9))), output_size=(3, 4, 7)))
