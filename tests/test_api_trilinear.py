"""ascend_interpolate.upsample_trilinear3d through the aclnn C API (needs the built library).

Results against ascend_interpolate.reference, numpy vs torch, bfloat16 via torch and ml_dtypes, strided
and channels_last_3d views in and out, out= reuse, AclnnError status/messages, and that an error
leaves `out` untouched.
"""
import ml_dtypes
import numpy as np
import pytest
import torch

import ascend_interpolate as ai
from ascend_interpolate import reference

BF16 = np.dtype(ml_dtypes.bfloat16)
RTOL = {np.dtype(np.float32): 1e-5, np.dtype(np.float16): 2 * 2.0**-10, BF16: 2 * 2.0**-7}
ATOL = {np.dtype(np.float32): 1e-6, np.dtype(np.float16): 2e-3, BF16: 2e-2}


pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py


def rand(shape, dtype=np.float32, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32).astype(dtype)


def f64(a):
    if isinstance(a, torch.Tensor):
        return a.detach().to(torch.float64).numpy()
    return np.asarray(a).astype(np.float64)


def assert_matches_reference(got, want, dtype):
    dtype = np.dtype(dtype)
    np.testing.assert_allclose(f64(got), f64(want), rtol=RTOL[dtype], atol=ATOL[dtype])


# ---- against the reference -----------------------------------------------------------------------
CASES = [
    # (shape, kwargs)
    ((1, 2, 3, 4, 5), dict(output_size=(5, 7, 9))),
    ((2, 3, 2, 3, 4), dict(output_size=(3, 5, 4), align_corners=True)),
    ((1, 3, 8, 8, 8), dict(output_size=(3, 5, 4))),                      # downscale
    ((1, 2, 4, 6, 8), dict(scales=(1.5, 2.0, 0.5))),                    # scales only: floor(in*s), 1/s mapping
    ((1, 1, 5, 6, 7), dict(scales=(1.7, 1.3, 2.9))),
    ((1, 2, 4, 5, 6), dict(output_size=(4, 9, 3))),                     # D is a copy
    ((1, 1, 1, 1, 1), dict(output_size=(2, 3, 4), align_corners=True)),
]


@pytest.mark.parametrize("shape, kwargs", CASES)
def test_fp32_matches_reference(shape, kwargs):
    x = rand(shape, seed=len(shape) + sum(shape))
    got = ai.upsample_trilinear3d(x, **kwargs)
    want = reference.upsample_trilinear3d(x, **kwargs)
    assert isinstance(got, np.ndarray) and got.dtype == np.float32 and got.shape == want.shape
    assert_matches_reference(got, want, np.float32)


def test_scales_give_floor_output_length():
    x = rand((1, 1, 88, 3, 5), seed=3)
    got = ai.upsample_trilinear3d(x, scales=(120 / 88, 1.0, 2.5))
    assert got.shape == (1, 1, 119, 3, 12)  # floor(88 * (120/88)) = 119, as PyTorch
    assert_matches_reference(got, reference.upsample_trilinear3d(x, scales=(120 / 88, 1.0, 2.5)), np.float32)


def test_scales_reach_the_kernel():
    # in 4 -> out floor(4*1.7)=6: mapping 1/1.7 differs from in/out=4/6, so the results differ
    x = rand((1, 1, 4, 4, 4), seed=5)
    by_scale = ai.upsample_trilinear3d(x, scales=(1.7, 1.7, 1.7))
    by_size = ai.upsample_trilinear3d(x, output_size=(6, 6, 6))
    assert not np.allclose(by_scale, by_size)
    want = torch.nn.functional.interpolate(torch.from_numpy(x), scale_factor=1.7, mode="trilinear",
                                           align_corners=False, recompute_scale_factor=False)
    np.testing.assert_allclose(by_scale, want.numpy(), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("scales", [(1.7, None, 2.5), (None, 0.45, None), (1.1, 1.1, 1.1), 1.6])
@pytest.mark.parametrize("align_corners", [False, True])
def test_output_size_with_scales_is_atens_convention(scales, align_corners):
    """ATen's upsample_trilinear3d(self, output_size, align_corners, scales_d, scales_h, scales_w): the shape
    from output_size, each axis's coordinates from its scale when given (0.0 reaches the C API for None)."""
    x = rand((2, 3, 4, 5, 6), seed=83)
    out_size = (6, 2, 15)
    per_axis = scales if isinstance(scales, tuple) else (scales,) * 3
    want = torch.ops.aten.upsample_trilinear3d.default(torch.from_numpy(x), list(out_size), align_corners, *per_axis)
    got = ai.upsample_trilinear3d(x, output_size=out_size, scales=scales, align_corners=align_corners)
    assert got.shape == (2, 3, *out_size)
    np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-6)
    got_t = ai.upsample_trilinear3d(torch.from_numpy(x), output_size=out_size, scales=scales,
                                    align_corners=align_corners)
    np.testing.assert_array_equal(got_t.numpy(), got)
    assert_matches_reference(got, reference.upsample_trilinear3d(x, out_size, scales, align_corners), np.float32)


def test_a_scalar_scale_applies_to_every_axis():
    x = rand((1, 2, 3, 4, 5), seed=89)
    got = ai.upsample_trilinear3d(x, scales=1.5)
    assert got.shape == (1, 2, 4, 6, 7)
    np.testing.assert_array_equal(got, ai.upsample_trilinear3d(x, scales=(1.5, 1.5, 1.5)))


@pytest.mark.parametrize("dtype", [np.float16, BF16])
def test_half_dtypes_match_reference(dtype):
    x = rand((1, 3, 3, 5, 4), dtype, seed=7)
    got = ai.upsample_trilinear3d(x, output_size=(6, 7, 8))
    assert got.dtype == np.dtype(dtype)
    assert_matches_reference(got, reference.upsample_trilinear3d(x, output_size=(6, 7, 8)), dtype)


def test_matches_torch_cpu():
    x = rand((2, 3, 4, 5, 6), seed=11)
    for align in (False, True):
        got = ai.upsample_trilinear3d(x, output_size=(7, 3, 9), align_corners=align)
        want = torch.nn.functional.interpolate(torch.from_numpy(x), size=(7, 3, 9), mode="trilinear",
                                               align_corners=align)
        np.testing.assert_allclose(got, want.numpy(), rtol=1e-5, atol=1e-6)


# ---- numpy vs torch, bfloat16 --------------------------------------------------------------------
@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_numpy_and_torch_agree(dtype):
    x = rand((1, 2, 3, 4, 5), dtype, seed=13)
    got_np = ai.upsample_trilinear3d(x, output_size=(4, 6, 7))
    got_t = ai.upsample_trilinear3d(torch.from_numpy(x), output_size=(4, 6, 7))
    assert isinstance(got_t, torch.Tensor) and got_t.dtype == torch.from_numpy(x).dtype
    np.testing.assert_array_equal(got_t.numpy(), got_np)


def test_bfloat16_torch_and_ml_dtypes_agree():
    x = rand((1, 2, 3, 4, 5), BF16, seed=17)
    xt = torch.from_numpy(x.view(np.int16)).view(torch.bfloat16)
    got_np = ai.upsample_trilinear3d(x, output_size=(5, 3, 8))
    got_t = ai.upsample_trilinear3d(xt, output_size=(5, 3, 8))
    assert got_np.dtype == BF16 and got_t.dtype == torch.bfloat16
    np.testing.assert_array_equal(got_t.view(torch.int16).numpy(), got_np.view(np.int16))
    assert_matches_reference(got_t, reference.upsample_trilinear3d(x, output_size=(5, 3, 8)), BF16)


# ---- strided views in and out --------------------------------------------------------------------
def test_numpy_strided_views_in():
    base = rand((2, 4, 6, 8, 10), seed=19)
    views = {
        "step": base[:, ::2, 1::2, :, ::3],
        "offset": base[1:, 1:3, 2:5, 3:7, 4:9],
        "transposed": base.transpose(0, 1, 2, 4, 3)[:, :, :, :, :5],
        "negative": base[:, :, ::-1, :, ::-2],           # documented copy
        "fortran": np.asfortranarray(base[:, :2]),
    }
    for name, view in views.items():
        want = ai.upsample_trilinear3d(np.ascontiguousarray(view), output_size=(5, 4, 6))
        got = ai.upsample_trilinear3d(view, output_size=(5, 4, 6))
        np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-7, err_msg=name)


def test_torch_channels_last_3d_in_and_out():
    x = torch.from_numpy(rand((2, 5, 3, 4, 6), seed=23))
    want = ai.upsample_trilinear3d(x, output_size=(6, 5, 9))
    xc = x.contiguous(memory_format=torch.channels_last_3d)
    got = ai.upsample_trilinear3d(xc, output_size=(6, 5, 9))
    assert got.is_contiguous(memory_format=torch.channels_last_3d)  # as torch does
    torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-7)
    out = torch.empty((2, 5, 6, 5, 9), memory_format=torch.channels_last_3d)
    ret = ai.upsample_trilinear3d(x, output_size=(6, 5, 9), out=out)
    assert ret is out
    torch.testing.assert_close(out.contiguous(), want, rtol=1e-6, atol=1e-7)


def test_result_memory_format_follows_torch():
    base = torch.from_numpy(rand((2, 3, 4, 5, 6), seed=79))
    for name, view in {
        "contiguous": base,
        "channels_last_3d": base.contiguous(memory_format=torch.channels_last_3d),
        "channels_last_3d slice": base.contiguous(memory_format=torch.channels_last_3d)[:, 1:],
        "permuted W/H": base.permute(0, 1, 2, 4, 3),
    }.items():
        got = ai.upsample_trilinear3d(view, output_size=(5, 7, 3))
        want = torch.nn.functional.interpolate(view, size=(5, 7, 3), mode="trilinear", align_corners=False)
        assert got.stride() == want.stride(), name
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6, msg=name)


def test_torch_strided_views_in():
    base = torch.from_numpy(rand((3, 4, 7, 6, 9), seed=29))
    for name, view in {
        "slice": base[1:, ::2, 2:6, 1:, ::2],
        "permute": base.permute(0, 1, 2, 4, 3),
        "bf16 slice": base.to(torch.bfloat16)[:, 1:3, ::3],
    }.items():
        assert view.storage_offset() > 0 or not view.is_contiguous(), name
        want = ai.upsample_trilinear3d(view.contiguous(), output_size=(4, 5, 6))
        got = ai.upsample_trilinear3d(view, output_size=(4, 5, 6))
        torch.testing.assert_close(got, want, rtol=1e-6, atol=1e-7, msg=name)


def test_numpy_out_view_in_a_bigger_buffer():
    x = rand((1, 2, 3, 4, 5), seed=31)
    want = ai.upsample_trilinear3d(x, output_size=(4, 6, 7))
    big = rand((2, 3, 6, 6, 10), seed=37)
    before = big.copy()
    out = big[1, 1:3, 1:5, :, 2:9][None]             # offset + non-contiguous view, shape (1, 2, 4, 6, 7)
    assert out.shape == want.shape and out.base is not None
    ret = ai.upsample_trilinear3d(x, output_size=(4, 6, 7), out=out)
    assert ret is out
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-7)
    mask = np.ones(big.shape, bool)
    mask[1, 1:3, 1:5, :, 2:9] = False
    np.testing.assert_array_equal(big[mask], before[mask])


def test_numpy_out_with_negative_strides():
    x = rand((1, 2, 3, 4, 5), seed=41)
    want = ai.upsample_trilinear3d(x, output_size=(4, 6, 7))
    big = np.full((1, 2, 4, 6, 14), 7.0, np.float32)
    out = big[..., ::-2]
    ret = ai.upsample_trilinear3d(x, output_size=(4, 6, 7), out=out)
    assert ret is out
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(big[..., ::2], 7.0)


def test_torch_out_view_in_a_bigger_buffer():
    x = torch.from_numpy(rand((2, 2, 3, 3, 4), seed=43))
    want = ai.upsample_trilinear3d(x, output_size=(5, 4, 6))
    big = torch.from_numpy(rand((3, 2, 7, 4, 8), seed=47))
    before = big.clone()
    out = big[1:, :, 1:6, :, 1:7]
    ret = ai.upsample_trilinear3d(x, output_size=(5, 4, 6), out=out)
    assert ret is out
    torch.testing.assert_close(out, want, rtol=1e-6, atol=1e-7)
    mask = torch.ones(big.shape, dtype=torch.bool)
    mask[1:, :, 1:6, :, 1:7] = False
    assert torch.equal(big[mask], before[mask])


def test_out_reuse_same_object():
    out = np.empty((1, 2, 4, 4, 4), np.float32)
    for seed in (1, 2):
        x = rand((1, 2, 2, 2, 2), seed=seed)
        assert ai.upsample_trilinear3d(x, output_size=(4, 4, 4), out=out) is out
        np.testing.assert_allclose(out, reference.upsample_trilinear3d(x, output_size=(4, 4, 4)),
                                   rtol=1e-5, atol=1e-6)


def test_batch_zero_gives_empty_output():
    x = np.empty((0, 2, 3, 4, 5), np.float32)
    got = ai.upsample_trilinear3d(x, output_size=(4, 5, 6))
    assert got.shape == (0, 2, 4, 5, 6)


# ---- C-level errors ------------------------------------------------------------------------------
def aclnn_error(call):
    with pytest.raises(ai.AclnnError) as info:
        call()
    err = info.value
    assert isinstance(err, RuntimeError)
    assert str(err.status) in str(err) and err.message and err.message in str(err)
    return err


def test_wrong_rank_is_161002_naming_self():
    for shape in [(2, 3, 4, 5), (1, 1, 2, 3, 4, 5)]:
        err = aclnn_error(lambda: ai.upsample_trilinear3d(rand(shape), output_size=(2, 2, 2)))
        assert err.status == 161002
        assert "self" in err.message


def test_float64_is_rejected_with_the_reason():
    x = np.random.default_rng(0).standard_normal((1, 1, 2, 2, 2))
    err = aclnn_error(lambda: ai.upsample_trilinear3d(x, output_size=(3, 3, 3)))
    assert err.status == 161002
    assert "self" in err.message and ("double" in err.message.lower() or "float64" in err.message.lower())
    err = aclnn_error(lambda: ai.upsample_trilinear3d(torch.from_numpy(x), output_size=(3, 3, 3)))
    assert err.status == 161002


def test_integer_dtype_is_rejected():
    x = np.arange(8, dtype=np.int32).reshape(1, 1, 2, 2, 2)
    assert aclnn_error(lambda: ai.upsample_trilinear3d(x, output_size=(3, 3, 3))).status == 161002


def test_zero_output_size_is_rejected():
    err = aclnn_error(lambda: ai.upsample_trilinear3d(rand((1, 1, 2, 2, 2)), output_size=(3, 0, 3)))
    assert err.status == 161002 and "outputSize" in err.message


def test_zero_channel_input_is_rejected():
    err = aclnn_error(lambda: ai.upsample_trilinear3d(np.empty((1, 0, 2, 2, 2), np.float32), output_size=(3, 3, 3)))
    assert err.status == 161002


@pytest.mark.parametrize("bad_out", [
    np.full((1, 2, 4, 6, 7), 3.0, np.float16),        # wrong dtype
    np.full((1, 2, 4, 6, 8), 3.0, np.float32),        # wrong shape
    np.full((1, 3, 4, 6, 7), 3.0, np.float32),        # wrong channels
])
def test_bad_out_is_161002_and_left_untouched(bad_out):
    x = rand((1, 2, 3, 4, 5), seed=53)
    before = bad_out.copy()
    err = aclnn_error(lambda: ai.upsample_trilinear3d(x, output_size=(4, 6, 7), out=bad_out))
    assert err.status == 161002 and "out" in err.message
    np.testing.assert_array_equal(bad_out, before)


def test_bad_torch_out_is_left_untouched():
    x = torch.from_numpy(rand((1, 2, 3, 4, 5), seed=59))
    out = torch.full((1, 2, 4, 6, 7), 3.0, dtype=torch.bfloat16)
    err = aclnn_error(lambda: ai.upsample_trilinear3d(x, output_size=(4, 6, 7), out=out))
    assert err.status == 161002
    assert torch.all(out == 3.0)


def test_bf16_on_310p_is_rejected():
    x = rand((1, 1, 2, 3, 4), BF16, seed=61)
    ai.upsample_trilinear3d(x, output_size=(3, 3, 3))  # fine on 910b
    ai.set_soc("ascend310p")
    err = aclnn_error(lambda: ai.upsample_trilinear3d(x, output_size=(3, 3, 3)))
    assert err.status == 161002 and "self" in err.message
    # fp16 and fp32 still run on 310p
    for dtype in (np.float16, np.float32):
        y = rand((1, 2, 2, 3, 4), dtype, seed=67)
        got = ai.upsample_trilinear3d(y, output_size=(3, 5, 6))
        assert_matches_reference(got, reference.upsample_trilinear3d(y, output_size=(3, 5, 6)), dtype)


def test_error_then_success_still_works():
    with pytest.raises(ai.AclnnError):
        ai.upsample_trilinear3d(rand((2, 3, 4, 5)), output_size=(2, 2, 2))
    x = rand((1, 1, 2, 2, 2), seed=71)
    assert_matches_reference(ai.upsample_trilinear3d(x, output_size=(3, 3, 3)),
                             reference.upsample_trilinear3d(x, output_size=(3, 3, 3)), np.float32)


def test_interleaved_views_of_one_buffer_are_not_overlap():
    buf = rand((1, 2, 4, 4, 8), seed=73)
    x = buf[..., ::2]              # even columns
    out = buf[..., 1::2]           # odd columns: same address range, no shared element
    want = ai.upsample_trilinear3d(np.ascontiguousarray(x), output_size=(4, 4, 4))
    assert ai.upsample_trilinear3d(x, output_size=(4, 4, 4), out=out) is out
    np.testing.assert_allclose(out, want, rtol=1e-6, atol=1e-7)


def test_batch_zero_numpy_and_torch_out():
    got = ai.upsample_trilinear3d(torch.empty(0, 2, 3, 4, 5), output_size=(4, 5, 6))
    assert isinstance(got, torch.Tensor) and got.shape == (0, 2, 4, 5, 6)
    out = np.empty((0, 2, 4, 5, 6), np.float32)
    assert ai.upsample_trilinear3d(np.empty((0, 2, 3, 4, 5), np.float32), output_size=(4, 5, 6), out=out) is out
