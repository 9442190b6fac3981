"""Python-level argument errors of the binding (ascend_interpolate.ops).

TypeError for wrong container or argument types, ValueError for the length/shape rules the binding
needs to compute the output shape. These are raised before the shared library is touched, so this
file runs without a build.
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference

RNG = np.random.default_rng(1234)
X5 = RNG.standard_normal((1, 2, 3, 4, 5)).astype(np.float32)
X4 = RNG.standard_normal((1, 2, 6, 7)).astype(np.float32)


def test_exports():
    for name in ("upsample_trilinear3d", "interpolate", "AclnnError", "set_soc", "get_soc", "last_launch",
                 "reference"):
        assert hasattr(ai, name), name
    assert issubclass(ai.AclnnError, RuntimeError)
    # the reference keeps its own import path
    from ascend_interpolate import reference  # noqa: F401


def test_aclnn_error_fields_and_str():
    err = ai.AclnnError(161002, "self: must be 5-D; got rank 4", "aclnnUpsampleTrilinear3dGetWorkspaceSize")
    assert err.status == 161002
    assert err.message == "self: must be 5-D; got rank 4"
    text = str(err)
    assert "161002" in text and "self: must be 5-D" in text and "ACLNN_ERR_PARAM_INVALID" in text
    import pickle

    again = pickle.loads(pickle.dumps(err))
    assert (again.status, again.message, str(again)) == (err.status, err.message, text)


# ---- upsample_trilinear3d ------------------------------------------------------------------------
@pytest.mark.parametrize("x", [X5.tolist(), 3.0, None, "abc"])
def test_trilinear_wrong_container(x):
    with pytest.raises(TypeError, match="numpy.ndarray or a torch.Tensor"):
        ai.upsample_trilinear3d(x, output_size=(2, 2, 2))


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(output_size=(2.0, 3, 4)), TypeError, "output_size must hold integers"),
    (dict(output_size=(2, True, 4)), TypeError, "output_size must hold integers"),
    (dict(output_size=5), TypeError, "output_size must be a sequence"),
    (dict(output_size="234"), TypeError, "output_size must be a sequence"),
    (dict(scales=("2", 2, 2)), TypeError, "scales must hold real numbers"),
    (dict(scales=(2.0, None, 2.0)), ValueError, "without output_size every axis needs a scale"),
    (dict(scales=(2.0, [1.0], 2.0)), TypeError, "scales must hold real numbers or None"),
    (dict(scales="2"), TypeError, "scales must be a sequence"),
    (dict(output_size=(2, 2, 2), align_corners=1), TypeError, "align_corners must be a bool"),
    (dict(output_size=(2, 2, 2), align_corners="yes"), TypeError, "align_corners must be a bool"),
    (dict(), ValueError, "give output_size, scales, or both"),
    (dict(output_size=(2, 2, 2), scales=(1.0, 0.0, None)), ValueError, "finite and > 0"),
    (dict(output_size=(2, 2)), ValueError, "output_size must have 3 entries"),
    (dict(output_size=(2, 2, 2, 2)), ValueError, "output_size must have 3 entries"),
    (dict(output_size=(2, -1, 2)), ValueError, "must not be negative"),
    (dict(output_size=np.array([[2, 2, 2]])), ValueError, "one-dimensional"),
    (dict(scales=(2.0, 2.0)), ValueError, "scales must have 3 entries"),
    (dict(scales=(2.0, 0.0, 2.0)), ValueError, "finite and > 0"),
    (dict(scales=(2.0, -1.0, 2.0)), ValueError, "finite and > 0"),
    (dict(scales=(2.0, float("nan"), 2.0)), ValueError, "finite and > 0"),
    (dict(scales=(2.0, float("inf"), 2.0)), ValueError, "finite and > 0"),
])
def test_trilinear_python_errors(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        ai.upsample_trilinear3d(X5, **kwargs)


def test_trilinear_rank_below_3_is_value_error():
    with pytest.raises(ValueError, match="5-D"):
        ai.upsample_trilinear3d(X5[0, 0, 0], output_size=(2, 2, 2))


def test_trilinear_accepts_numpy_integer_sizes_and_arrays_as_sequences():
    # validation passes (the error, if any, can only come from the library)
    try:
        ai.upsample_trilinear3d(X5, output_size=np.array([2, 3, 4], dtype=np.int64))
    except (TypeError, ValueError) as exc:  # pragma: no cover
        pytest.fail(f"numpy int sizes rejected: {exc}")
    except Exception:
        pass


def test_trilinear_out_kind_and_writability():
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match="same kind"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=torch.empty(1, 2, 2, 2, 2))
    with pytest.raises(TypeError, match="same kind"):
        ai.upsample_trilinear3d(torch.from_numpy(X5), output_size=(2, 2, 2), out=np.empty((1, 2, 2, 2, 2), np.float32))
    with pytest.raises(TypeError, match="numpy.ndarray or a torch.Tensor"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=[0.0])
    read_only = np.empty((1, 2, 2, 2, 2), np.float32)
    read_only.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=read_only)
    overlapping = np.broadcast_to(np.empty((1, 1, 1, 1, 1), np.float32), (1, 2, 2, 2, 2))
    with pytest.raises(ValueError):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=overlapping)
    expanded = torch.empty(1, 1, 1, 1, 1).expand(1, 2, 2, 2, 2)
    with pytest.raises(ValueError, match="overlapping"):
        ai.upsample_trilinear3d(torch.from_numpy(X5), output_size=(2, 2, 2), out=expanded)


def test_trilinear_unsupported_containers_and_dtypes():
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match="has no aclDataType"):
        ai.upsample_trilinear3d(np.zeros((1, 1, 2, 2, 2), dtype="U1"), output_size=(2, 2, 2))
    with pytest.raises(TypeError, match="has no aclDataType"):
        ai.upsample_trilinear3d(np.zeros((1, 1, 2, 2, 2), dtype=object), output_size=(2, 2, 2))
    with pytest.raises(TypeError, match="strided"):
        ai.upsample_trilinear3d(torch.from_numpy(X5).to_sparse(), output_size=(2, 2, 2))
    with pytest.raises(TypeError, match="device"):
        ai.upsample_trilinear3d(torch.from_numpy(X5).to("meta"), output_size=(2, 2, 2))


# ---- interpolate ---------------------------------------------------------------------------------
def _interp(x=X4, **kwargs):
    args = dict(sizes=(8, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    args.update(kwargs)
    return ai.interpolate(x, **args)


@pytest.mark.parametrize("x", [X4.tolist(), 1.0, None])
def test_interpolate_wrong_container(x):
    with pytest.raises(TypeError, match="numpy.ndarray or a torch.Tensor"):
        _interp(x)


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(sizes=(8.0, 9)), TypeError, "sizes must hold integers"),
    (dict(sizes=(8, False)), TypeError, "sizes must hold integers"),
    (dict(sizes=8), TypeError, "sizes must be a sequence"),
    (dict(scales=("x", 1.0)), TypeError, "scales must hold real numbers"),
    (dict(axes=(2.0, 3)), TypeError, "axes must hold integers"),
    (dict(axes={2, 3}), TypeError, "axes must be a sequence"),
    (dict(mode=None), TypeError, "mode must be a str"),
    (dict(mode=b"linear"), TypeError, "mode must be a str"),
    (dict(shape_calculation_mode=1), TypeError, "shape_calculation_mode must be a str"),
    (dict(coordinate_transformation_mode=None), TypeError, "coordinate_transformation_mode must be a str"),
    (dict(nearest_mode=0), TypeError, "nearest_mode must be a str"),
    (dict(antialias=1), TypeError, "antialias must be a bool"),
    (dict(antialias=None), TypeError, "antialias must be a bool"),
    (dict(cube_coeff="-0.75"), TypeError, "cube_coeff must be a real number"),
    (dict(cube_coeff=None), TypeError, "cube_coeff must be a real number"),
    (dict(pads_begin=(0, 0.5)), TypeError, "pads_begin must hold integers"),
    (dict(pads_end=3), TypeError, "pads_end must be a sequence"),
    (dict(mode="lïnear"), ValueError, "ASCII"),
    (dict(sizes=(8,)), ValueError, "sizes must have one entry per axis"),
    (dict(sizes=None), ValueError, "sizes is required"),
    (dict(axes=(2, 4)), ValueError, r"axes must lie in \[0, 4\)"),
    (dict(axes=(-1, 3)), ValueError, r"axes must lie in \[0, 4\)"),
    (dict(axes=(3, 3)), ValueError, "axes must not repeat"),
    (dict(sizes=(8, -2)), ValueError, "negative output length"),
    (dict(shape_calculation_mode="scales", scales=None), ValueError, "scales is required"),
    (dict(shape_calculation_mode="scales", scales=(2.0,)), ValueError, "scales must have one entry per axis"),
    (dict(shape_calculation_mode="scales", scales=(2.0, float("nan"))), ValueError, "scales must be finite"),
    (dict(shape_calculation_mode="scales", scales=(2.0, -1.0)), ValueError, "negative output length"),
])
def test_interpolate_python_errors(kwargs, exc, match):
    with pytest.raises(exc, match=match):
        _interp(**kwargs)


def test_interpolate_required_keywords():
    with pytest.raises(TypeError):
        ai.interpolate(X4, (8, 9), None, (2, 3))  # mode and shape_calculation_mode are keyword-only
    with pytest.raises(TypeError):
        ai.interpolate(X4, (8, 9), None, (2, 3), "linear", "sizes")


def test_interpolate_out_kind():
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match="same kind"):
        _interp(out=torch.empty(1, 2, 8, 9))
    with pytest.raises(TypeError, match="same kind"):
        _interp(torch.from_numpy(X4), out=np.empty((1, 2, 8, 9), np.float32))


def test_signatures_match_reference():
    import inspect

    for name in ("upsample_trilinear3d", "interpolate"):
        ours = inspect.signature(getattr(ai, name)).parameters
        ref = inspect.signature(getattr(ai.reference, name)).parameters
        ref_names = list(ref)
        assert list(ours)[1:len(ref_names)] == ref_names[1:], name  # first parameter: x vs data
        for p in ref_names[1:]:
            assert ours[p].default == ref[p].default, (name, p)
            assert ours[p].kind == ref[p].kind, (name, p)
        assert ours["out"].kind is inspect.Parameter.KEYWORD_ONLY and ours["out"].default is None


def test_missing_library_names_the_fix(monkeypatch, tmp_path):
    from ascend_interpolate import _lib

    monkeypatch.setenv(_lib.LIB_DIR_ENV, str(tmp_path))
    with pytest.raises(FileNotFoundError, match=r"\./build\.sh") as info:
        _lib.library_path()
    assert str(tmp_path) in str(info.value)


def test_output_lengths_agree_with_the_reference():
    from ascend_interpolate import ops

    rng = np.random.default_rng(99)
    lengths = [1, 2, 3, 5, 9, 10, 88, 257, 2**20, 2**21, 2**24 + 1]
    scales = [1.0, 1.8, 1.4, 0.6666666269, 0.3, 0.5, 2.0, 120 / 88, 1.0000001] + list(rng.uniform(0.05, 4, 20))
    for n in lengths:
        for s in scales:
            assert ops.scales_mode_output_length(n, s) == reference._scales_mode_length(n, s), (n, s)
            if n < 2**20:  # trilinear: floor(in * scale) in double, as the reference
                want = reference.upsample_trilinear3d(np.ones((1, 1, 1, 1, n), np.float32), scales=(1.0, 1.0, s)).shape[-1] \
                    if n * s >= 1 and n <= 300 else None
                if want is not None:
                    assert ops.trilinear_output_length(n, s) == want, (n, s)


def test_out_overlapping_the_input_is_rejected():
    torch = pytest.importorskip("torch")
    buf = np.random.default_rng(5).standard_normal((1, 2, 4, 4, 4)).astype(np.float32)
    with pytest.raises(ValueError, match="shares memory"):
        ai.upsample_trilinear3d(buf, output_size=(4, 4, 4), out=buf)
    big = np.zeros((1, 2, 4, 4, 8), np.float32)
    with pytest.raises(ValueError, match="shares memory"):
        ai.upsample_trilinear3d(big[..., :4], output_size=(4, 4, 4), out=big[..., 2:6])
    t = torch.from_numpy(buf.copy())
    with pytest.raises(ValueError, match="shares memory"):
        ai.upsample_trilinear3d(t, output_size=(4, 4, 4), out=t)
    x4 = np.random.default_rng(6).standard_normal((2, 3, 4, 5)).astype(np.float32)
    with pytest.raises(ValueError, match="shares memory"):
        ai.interpolate(x4, sizes=(4, 5), axes=(2, 3), mode="nearest", shape_calculation_mode="sizes", out=x4)


def test_views_are_described_not_copied():
    """What aclCreateTensor receives for views: the owner's storage, element strides and offset."""
    torch = pytest.importorskip("torch")
    from ascend_interpolate import ops

    base = np.arange(2 * 3 * 4 * 5 * 6, dtype=np.float32).reshape(2, 3, 4, 5, 6)
    view = base[1:, ::2, 1:3, :, 2:]
    op = ops._numpy_operand(view, "x", writable=False)
    assert op.obj is view and op.ptr == base.ctypes.data and op.storage == base.size
    assert op.strides == tuple(s // 4 for s in view.strides) and op.offset == (view.ctypes.data - base.ctypes.data) // 4
    assert op.acl_dtype == 0 and op.shape == view.shape
    # negative strides: the documented copy
    flipped = ops._numpy_operand(base[:, :, ::-1], "x", writable=False)
    assert flipped.obj is not base and flipped.strides == (360, 120, 30, 6, 1) and flipped.offset == 0

    t = torch.from_numpy(base).to(torch.bfloat16).contiguous(memory_format=torch.channels_last_3d)[:, 1:, 1:]
    op = ops._torch_operand(t, "x", writable=False)
    assert op.ptr == t.untyped_storage().data_ptr() and op.offset == t.storage_offset() > 0
    assert op.strides == t.stride() and op.storage == t.untyped_storage().nbytes() // 2 and op.acl_dtype == 27


def test_out_layouts_that_cannot_be_written():
    out_shape = (1, 2, 2, 2, 2)
    swapped = np.empty(out_shape, dtype=np.dtype(np.float32).newbyteorder("S"))
    with pytest.raises(ValueError, match="byte order or strides"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=swapped)
    record = np.zeros(out_shape, dtype=[("a", np.float32), ("b", np.int8)])
    with pytest.raises(ValueError, match="byte order or strides"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=record["a"])
    aliased = np.lib.stride_tricks.as_strided(np.zeros(8, np.float32), out_shape, (0, 4, 0, 0, 4), writeable=True)
    with pytest.raises(ValueError, match="zero stride"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=aliased)
    flipped = np.zeros(out_shape, np.float32)[..., ::-1]
    flipped.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        ai.upsample_trilinear3d(X5, output_size=(2, 2, 2), out=flipped)


def test_torch_dtype_without_acl_type():
    torch = pytest.importorskip("torch")
    with pytest.raises(TypeError, match="has no aclDataType"):
        ai.upsample_trilinear3d(torch.zeros(1, 1, 2, 2, 2, dtype=torch.float8_e4m3fn), output_size=(2, 2, 2))
    with pytest.raises(ValueError, match="one-dimensional"):
        ai.upsample_trilinear3d(X5, output_size=torch.tensor([[2, 2, 2]]))


def test_sim_controls_on_a_library_without_them(monkeypatch):
    from types import SimpleNamespace

    from ascend_interpolate import _lib

    monkeypatch.setattr(_lib, "library", lambda: SimpleNamespace())
    monkeypatch.setattr(_lib, "library_path", lambda: "libcust_opapi.so")
    for call in (lambda: ai.set_soc("ascend910b"), ai.get_soc, ai.last_launch):
        with pytest.raises(RuntimeError, match="only in sim builds"):
            call()


def test_npu_tensors_without_torch_npu_get_a_clear_error(monkeypatch):
    import sys

    from ascend_interpolate import ops

    monkeypatch.setitem(sys.modules, "torch_npu", None)  # import torch_npu -> ImportError
    with pytest.raises(RuntimeError, match="torch_npu cannot be imported"):
        ops._import_torch_npu()


# ---- backwards (Python-level checks, before the library is touched) --------------------------------
G5 = RNG.standard_normal((1, 2, 4, 6, 7)).astype(np.float32)


@pytest.mark.parametrize("args, kwargs, exc, match", [
    (((4, 6, 7), (1, 2, 3, 4, 5)), dict(align_corners=1), TypeError, "align_corners must be a bool"),
    ((None, (1, 2, 3, 4, 5)), {}, ValueError, "output_size is required"),
    (((4, 6), (1, 2, 3, 4, 5)), {}, ValueError, "output_size must have 3 entries"),
    (((4, 6, 7), (1, 2, 3, 4)), {}, ValueError, "input_size must have 5 entries"),
    (((4, 6, 7), (1, 2, 3, -4, 5)), {}, ValueError, "input_size must not be negative"),
    (((4, 6, 7), (1, 2, 3, 4.0, 5)), {}, TypeError, "input_size must hold integers"),
    (((4, 6, 7), 5), {}, TypeError, "input_size must be a sequence"),
    (((4, 6, 7), (1, 2, 3, 4, 5)), dict(scales=(1.0, float("nan"), None)), ValueError, "finite and > 0"),
    (((4, 6, 7), (1, 2, 3, 4, 5)), dict(scales=("2", None, None)), TypeError, "real numbers or None"),
    (((4, 6, 7), (1, 2, 3, 4, 5)), dict(out=np.zeros((1, 2, 3, 4, 6), np.float32)), ValueError,
     r"out: expected the shape input_size gives, \(1, 2, 3, 4, 5\)"),
])
def test_trilinear_backward_python_errors(args, kwargs, exc, match):
    with pytest.raises(exc, match=match):
        ai.upsample_trilinear3d_backward(G5, *args, **kwargs)


def test_trilinear_backward_wrong_container():
    with pytest.raises(TypeError, match="grad_output must be a numpy.ndarray or a torch.Tensor"):
        ai.upsample_trilinear3d_backward(G5.tolist(), (4, 6, 7), (1, 2, 3, 4, 5))


G4 = RNG.standard_normal((1, 2, 8, 9)).astype(np.float32)


@pytest.mark.parametrize("kwargs, exc, match", [
    (dict(input_shape=(1, 2, -6, 7)), ValueError, "input_shape must not be negative"),
    (dict(input_shape=(1, 2, 6.0, 7)), TypeError, "input_shape must hold integers"),
    (dict(axes=(2, 4)), ValueError, r"axes must lie in \[0, 4\)"),
    (dict(sizes=(8,)), ValueError, "sizes must have one entry per axis"),
    (dict(mode=None), TypeError, "mode must be a str"),
    (dict(antialias="yes"), TypeError, "antialias must be a bool"),
    (dict(out=np.zeros((1, 2, 6, 8), np.float32)), ValueError, r"out: expected the shape input_shape gives"),
])
def test_interpolate_backward_python_errors(kwargs, exc, match):
    args = dict(input_shape=(1, 2, 6, 7), sizes=(8, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    args.update(kwargs)
    with pytest.raises(exc, match=match):
        ai.interpolate_backward(G4, **args)


def test_backward_signatures_match_reference():
    import inspect

    for name in ("upsample_trilinear3d_backward", "interpolate_backward"):
        ours = inspect.signature(getattr(ai, name)).parameters
        ref = inspect.signature(getattr(ai.reference, name)).parameters
        assert list(ours)[:-1] == list(ref), name
        for p in ref:
            assert ours[p].default == ref[p].default and ours[p].kind == ref[p].kind, (name, p)
        assert ours["out"].kind is inspect.Parameter.KEYWORD_ONLY and ours["out"].default is None


@pytest.mark.parametrize("scales, want", [
    (2.0, [2.0, 2.0, 2.0]), (np.float32(1.5), [1.5, 1.5, 1.5]), ((1.5, None, 2), [1.5, None, 2.0]),
    (np.array([1.0, 2.0, 3.0]), [1.0, 2.0, 3.0]), (None, [None, None, None]),
])
def test_trilinear_scales_forms(scales, want):
    from ascend_interpolate import ops

    assert ops._trilinear_scales(scales) == want
    assert reference._trilinear_scales(scales) == want
