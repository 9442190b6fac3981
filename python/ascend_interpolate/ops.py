"""Public operator functions: numpy / torch in, the aclnn C API (ctypes) underneath, same kind out.

``upsample_trilinear3d`` and ``interpolate`` take the same arguments as
:mod:`ascend_interpolate.reference` (plus ``out=``), so a test can call either.

Inputs
  numpy arrays (float32, float16, ``ml_dtypes.bfloat16``, int8, uint8, int32; other dtypes with an
  aclDataType, e.g. float64, are passed on and rejected by the C API with 161002 and the reason) and
  torch CPU tensors (including ``torch.bfloat16``). The result is of the same kind: numpy in, numpy
  out; torch in, torch out.

Views are passed as views, never copied: a tensor goes to ``aclCreateTensor`` with its element
strides, its storage offset and its storage extent, the way torch_npu does (op-plugin
``op_api_common.cpp``: 5-D tensors as ``ACL_FORMAT_NCDHW`` with the real strides, so a
``channels_last_3d`` tensor is a non-contiguous NCDHW view). For numpy the storage is the memory of
the array that owns the data (offset = element distance from it). Exceptions, where a copy is made:
numpy inputs with negative strides, with strides that are not a multiple of the item size, or in
non-native byte order (the C API has no way to express them); a numpy ``out`` with negative strides
is computed into a temporary and copied in.

``out=`` is an array/tensor of the same kind as the input, written in place and returned. Its shape
and dtype are checked by the C API (161002), so a wrong ``out`` raises AclnnError and is left
untouched.

Errors
  TypeError: wrong container type or argument type (non-integer sizes, non-bool flags, ...).
  ValueError: argument rules the binding needs to compute the output shape (lengths of
  output_size / sizes / scales / axes, axes in range, non-finite scales, ...).
  AclnnError (a RuntimeError): everything the C API rejects; ``.status`` is the aclnn code and
  ``.message`` the library's text naming the parameter.

No autograd: results are plain tensors without a grad_fn.

NPU tensors (``x.device.type == "npu"``) go through torch_npu: ``upsample_trilinear3d`` calls
``torch.ops.aten.upsample_trilinear3d`` (op-plugin -> aclnnUpsampleTrilinear3d, which resolves to
this project's kernel when its custom op package (libcust_opapi.so) is installed and first in
ASCEND_CUSTOM_OPP_PATH); ``interpolate`` has no torch op, so it calls the aclnn API through ctypes
with device pointers on torch_npu's current stream, which needs the library of an npu build
(``./build.sh --npu``; a sim build raises RuntimeError).
"""
from __future__ import annotations

import json
import math
import numbers

import numpy as np

from . import _lib
from ._lib import ACL_DTYPE, ACL_FORMAT, AclnnError

__all__ = ["upsample_trilinear3d", "interpolate", "AclnnError", "set_soc", "get_soc", "last_launch"]

try:
    import ml_dtypes as _ml_dtypes

    _NP_BFLOAT16 = np.dtype(_ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover
    _NP_BFLOAT16 = None

# aclFormat per operator: trilinear is NCDHW by definition (as torch_npu sends 5-D tensors);
# Interpolate-4 is layout-agnostic (explicit axes, rank 1..5), so its tensors are ND.
_TRILINEAR_FORMAT = ACL_FORMAT["NCDHW"]
_INTERPOLATE_FORMAT = ACL_FORMAT["ND"]

_NUMPY_DTYPE_NAMES = {
    np.dtype(np.float32): "float32",
    np.dtype(np.float16): "float16",
    np.dtype(np.float64): "float64",
    np.dtype(np.int8): "int8",
    np.dtype(np.uint8): "uint8",
    np.dtype(np.int16): "int16",
    np.dtype(np.uint16): "uint16",
    np.dtype(np.int32): "int32",
    np.dtype(np.uint32): "uint32",
    np.dtype(np.int64): "int64",
    np.dtype(np.uint64): "uint64",
    np.dtype(np.bool_): "bool",
    np.dtype(np.complex64): "complex64",
    np.dtype(np.complex128): "complex128",
}
if _NP_BFLOAT16 is not None:
    _NUMPY_DTYPE_NAMES[_NP_BFLOAT16] = "bfloat16"


# ================================================================================================
# Operands: one description of a numpy array or torch tensor as aclCreateTensor wants it
# ================================================================================================
class _Operand:
    """shape, element strides, storage offset, storage extent (elements), base address, acl dtype."""

    __slots__ = ("obj", "shape", "strides", "offset", "storage", "ptr", "acl_dtype")

    def __init__(self, obj, shape, strides, offset, storage, ptr, acl_dtype):
        self.obj = obj  # keeps the memory alive for the call
        self.shape = tuple(int(n) for n in shape)
        self.strides = tuple(int(s) for s in strides)
        self.offset = int(offset)
        self.storage = int(storage)
        self.ptr = int(ptr)
        self.acl_dtype = acl_dtype

    def create(self, acl, acl_format):
        return acl.tensor(self.shape, self.acl_dtype, self.strides, self.offset, acl_format,
                          [self.storage], self.ptr)


def _is_torch(obj):
    if not type(obj).__module__.startswith("torch"):
        return False
    import torch

    return isinstance(obj, torch.Tensor)


def _kind(x, name):
    if isinstance(x, np.ndarray):
        return "numpy"
    if _is_torch(x):
        return "torch"
    raise TypeError(f"{name} must be a numpy.ndarray or a torch.Tensor; got {type(x).__name__}")


def _span(shape, strides):
    """Elements between the first and the last addressed element, plus one (0 for empty views)."""
    if any(n == 0 for n in shape):
        return 0
    return 1 + sum((n - 1) * s for n, s in zip(shape, strides))


def _contiguous_strides(shape):
    strides, step = [], 1
    for n in reversed(shape):
        strides.append(step)
        step *= max(int(n), 1)
    return strides[::-1]


def _numpy_acl_dtype(dtype, name):
    key = _NUMPY_DTYPE_NAMES.get(np.dtype(dtype).newbyteorder("="))
    if key is None:
        raise TypeError(f"{name}: numpy dtype {dtype} has no aclDataType")
    return ACL_DTYPE[key]


def _numpy_operand(arr, name, writable):
    acl_dtype = _numpy_acl_dtype(arr.dtype, name)
    itemsize = arr.dtype.itemsize
    native = arr.dtype.isnative
    aligned_strides = all(s % itemsize == 0 for s in arr.strides)
    positive = all(s >= 0 for s in arr.strides)
    if writable:
        if not arr.flags.writeable:
            raise ValueError(f"{name} is read-only")
        if not native or not aligned_strides:
            raise ValueError(f"{name}: byte order or strides cannot be expressed to the C API "
                             "(needs native byte order and strides that are multiples of the item size)")
        if arr.size > 0 and any(s == 0 and n > 1 for s, n in zip(arr.strides, arr.shape)):
            raise ValueError(f"{name} has overlapping elements (zero stride); it cannot be written")
    elif not (native and aligned_strides and positive):
        # no aclCreateTensor spelling for these: the one documented copy
        arr = np.ascontiguousarray(arr, dtype=arr.dtype.newbyteorder("="))
    strides = [s // itemsize for s in arr.strides]
    if arr.size == 0:
        # numpy gives empty arrays all-zero strides; no element is addressed, so describe the view as
        # contiguous (the C API rejects stride-0 dimensions of length > 1 in `out` as aliasing)
        return _Operand(arr, arr.shape, _contiguous_strides(arr.shape), 0, 0, arr.ctypes.data, acl_dtype)
    address = arr.ctypes.data
    span = _span(arr.shape, strides)
    # storage = the memory of the array that owns the data, when it is one contiguous block
    root = arr
    while isinstance(root.base, np.ndarray):
        root = root.base
    if root.flags.c_contiguous or root.flags.f_contiguous:
        start, nbytes = root.ctypes.data, root.nbytes
        delta = address - start
        if (delta >= 0 and delta % itemsize == 0 and nbytes % itemsize == 0
                and delta // itemsize + span <= nbytes // itemsize):
            return _Operand(arr, arr.shape, strides, delta // itemsize, nbytes // itemsize, start, acl_dtype)
    return _Operand(arr, arr.shape, strides, 0, span, address, acl_dtype)


def _torch_acl_dtype(tensor, name):
    key = str(tensor.dtype).rsplit(".", 1)[-1]
    if key not in ACL_DTYPE:
        raise TypeError(f"{name}: torch dtype {tensor.dtype} has no aclDataType")
    return ACL_DTYPE[key]


def _torch_operand(tensor, name, writable):
    import torch

    if tensor.layout != torch.strided:
        raise TypeError(f"{name}: only strided (dense) tensors are supported; got layout {tensor.layout}")
    if tensor.device.type != "cpu":
        raise TypeError(f"{name} is on device {tensor.device}; expected a CPU tensor")
    acl_dtype = _torch_acl_dtype(tensor, name)
    if not writable and (tensor.is_conj() or tensor.is_neg()):
        tensor = tensor.resolve_conj().resolve_neg()
    if writable and tensor.numel() > 0 and any(s == 0 and n > 1 for s, n in zip(tensor.stride(), tensor.shape)):
        raise ValueError(f"{name} has overlapping elements (zero stride); it cannot be written")
    storage = tensor.untyped_storage()
    itemsize = tensor.element_size()
    strides = tensor.stride() if tensor.numel() > 0 else _contiguous_strides(tensor.shape)
    offset = tensor.storage_offset() if tensor.numel() > 0 else 0
    return _Operand(tensor.detach(), tensor.shape, strides, offset,
                    storage.nbytes() // itemsize, storage.data_ptr(), acl_dtype)


def _operand(x, kind, name, writable=False):
    if kind == "numpy":
        return _numpy_operand(x, name, writable)
    return _torch_operand(x, name, writable)


def _new_output(x, kind, shape, channels_last_3d=False):
    if kind == "numpy":
        return np.empty(shape, dtype=x.dtype.newbyteorder("="))
    import torch

    if channels_last_3d and len(shape) == 5:
        return torch.empty(shape, dtype=x.dtype, memory_format=torch.channels_last_3d)
    return torch.empty(shape, dtype=x.dtype)


def _check_out(out, kind):
    if out is None:
        return
    if _kind(out, "out") != kind:
        raise TypeError(f"out must be of the same kind as the input ({'numpy.ndarray' if kind == 'numpy' else 'torch.Tensor'})")


# ================================================================================================
# Argument helpers (Python-level errors only; everything else is the C API's to judge)
# ================================================================================================
def _is_int(v):
    return isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, (bool, np.bool_))


def _is_real(v):
    return isinstance(v, (numbers.Real, np.floating, np.integer)) and not isinstance(v, (bool, np.bool_))


def _sequence(values, name):
    if isinstance(values, np.ndarray):
        if values.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional; got shape {values.shape}")
        return list(values)
    if _is_torch(values):
        if values.dim() != 1:
            raise ValueError(f"{name} must be one-dimensional; got shape {tuple(values.shape)}")
        return values.tolist()
    if isinstance(values, (list, tuple)):
        return list(values)
    raise TypeError(f"{name} must be a sequence (list, tuple, 1-D array); got {type(values).__name__}")


def _int_list(values, name):
    items = _sequence(values, name)
    for v in items:
        if not _is_int(v):
            raise TypeError(f"{name} must hold integers; got {v!r} ({type(v).__name__})")
    return [int(v) for v in items]


def _float_list(values, name):
    items = _sequence(values, name)
    for v in items:
        if not _is_real(v):
            raise TypeError(f"{name} must hold real numbers; got {v!r} ({type(v).__name__})")
    return [float(v) for v in items]


def _check_bool(value, name):
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a bool; got {value!r} ({type(value).__name__})")
    return bool(value)


def _check_str(value, name):
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str; got {value!r} ({type(value).__name__})")
    try:
        return value.encode("ascii")
    except UnicodeEncodeError:
        raise ValueError(f"{name} must be ASCII; got {value!r}") from None


# ================================================================================================
# UpsampleTrilinear3d
# ================================================================================================
def trilinear_output_length(in_length, scale):
    """floor(in * scale) in double (interp_math.h TrilinearOutputLength; F.interpolate's _sym_int)."""
    return int(math.floor(float(in_length) * float(scale)))


def upsample_trilinear3d(x, output_size=None, scales=None, align_corners=False, *, out=None):
    """PyTorch ``upsample_trilinear3d`` on a 5-D NCDHW array/tensor through aclnnUpsampleTrilinear3d.

    Give exactly one of ``output_size`` (D, H, W) or ``scales`` (D, H, W multipliers). With scales the
    output length is floor(in * scale) and the scales reach the C API, so the mapping uses 1/scale
    (F.interpolate with recompute_scale_factor=False); with output_size the C API gets scales 0.0
    ("not given", as torch_npu passes them). Returns ``out`` if given, else a new array/tensor of the
    input's kind and dtype (channels_last_3d torch inputs give channels_last_3d results, as torch).
    """
    kind = _kind(x, "x")
    _check_out(out, kind)
    align_corners = _check_bool(align_corners, "align_corners")
    if (output_size is None) == (scales is None):
        raise ValueError("give exactly one of output_size or scales")
    ndim = x.ndim if kind == "numpy" else x.dim()
    if ndim < 3:
        raise ValueError(f"x must be 5-D (N, C, D, H, W); got rank {ndim}")
    in_size = list(x.shape[-3:])
    if output_size is not None:
        out_size = _int_list(output_size, "output_size")
        if len(out_size) != 3:
            raise ValueError(f"output_size must have 3 entries (D, H, W); got {out_size}")
        if any(n < 0 for n in out_size):
            raise ValueError(f"output_size must not be negative; got {out_size}")
        c_scales = (0.0, 0.0, 0.0)
    else:
        axis_scales = _float_list(scales, "scales")
        if len(axis_scales) != 3:
            raise ValueError(f"scales must have 3 entries (D, H, W); got {axis_scales}")
        if not all(math.isfinite(s) and s > 0 for s in axis_scales):
            raise ValueError(f"scales must be finite and > 0; got {axis_scales}")
        out_size = [trilinear_output_length(n, s) for n, s in zip(in_size, axis_scales)]
        c_scales = tuple(axis_scales)

    if kind == "torch" and x.device.type == "npu":
        return _npu_upsample_trilinear3d(x, out_size, align_corners, None if scales is None else c_scales, out)

    shape = list(x.shape[:-3]) + out_size
    if out is None:
        channels_last = kind == "torch" and ndim == 5 and _torch_is_channels_last_3d(x)
        result = _new_output(x, kind, shape, channels_last)
    else:
        result = out
    xop = _operand(x, kind, "x")
    with _OutputTarget(result, kind) as target:
        _check_no_overlap(x, xop, result, target.operand, kind)
        lib = _lib.library()
        with _lib.AclObjects() as acl:
            args = (xop.create(acl, _TRILINEAR_FORMAT), acl.int_array(out_size), align_corners,
                    c_scales[0], c_scales[1], c_scales[2], target.operand.create(acl, _TRILINEAR_FORMAT))
            _lib.run_two_phase("aclnnUpsampleTrilinear3d", lib.aclnnUpsampleTrilinear3dGetWorkspaceSize,
                               lib.aclnnUpsampleTrilinear3d, args)
    return result


def _torch_is_channels_last_3d(t):
    """Whether torch would give this input a channels_last_3d result (its suggest_memory_format rule,
    asked through empty_like(preserve_format) on a meta tensor with t's strides: no memory)."""
    import torch

    if t.is_contiguous():
        return False
    probe = torch.empty_strided(t.shape, t.stride(), dtype=t.dtype, device="meta")
    return torch.empty_like(probe, memory_format=torch.preserve_format).is_contiguous(
        memory_format=torch.channels_last_3d)


def _byte_range(op, itemsize):
    start = op.ptr + op.offset * itemsize
    return start, start + _span(op.shape, op.strides) * itemsize


def _check_no_overlap(x, xop, out, outop, kind):
    """``out`` must not share memory with ``x``: the kernels read and write GM concurrently from many
    blocks, so an in-place or overlapping call would read partly overwritten input (PyTorch rejects
    such out= calls too)."""
    itemsize = x.dtype.itemsize if kind == "numpy" else x.element_size()
    out_itemsize = out.dtype.itemsize if kind == "numpy" else out.element_size()
    x0, x1 = _byte_range(xop, itemsize)
    o0, o1 = _byte_range(outop, out_itemsize)
    if x0 >= x1 or o0 >= o1 or x1 <= o0 or o1 <= x0:
        return
    if kind == "numpy" and xop.obj is x and outop.obj is out:
        try:  # the address ranges interleave: ask numpy whether elements really coincide
            if not np.shares_memory(x, out, max_work=100000):
                return
        except np.exceptions.TooHardError:
            pass
    raise ValueError("out shares memory with x; pass a separate output buffer")


class _OutputTarget:
    """The operand the C API writes. Normally ``out`` itself; for a numpy ``out`` with negative
    strides a contiguous temporary, copied into ``out`` only when the call succeeded."""

    def __init__(self, out, kind):
        self.out = out
        self.kind = kind
        self.temp = None
        if kind == "numpy" and any(s < 0 for s in out.strides):
            if not out.flags.writeable:
                raise ValueError("out is read-only")
            self.temp = np.empty(out.shape, dtype=out.dtype.newbyteorder("="))
            self.operand = _numpy_operand(self.temp, "out", writable=True)
        else:
            self.operand = _operand(out, kind, "out", writable=True)

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None and self.temp is not None:
            np.copyto(self.out, self.temp, casting="unsafe")
        return False


# ================================================================================================
# Interpolate-4
# ================================================================================================
def _fit_pads(pads, rank, name):
    """docs/aclnnInterpolate.md "Inputs and validation": shorter than rank -> zero-extended; longer -> the
    first rank values."""
    values = _int_list(pads, name)
    return (values + [0] * rank)[:rank]


def scales_mode_output_length(padded_length, scale):
    """interp_math.h ScalesModeOutputLength (docs/aclnnInterpolate.md "Output shape", scales mode): a float32
    scale of exactly 1 keeps the length, otherwise int64(float32(padded) * (float32(scale) + 1e-6f))."""
    scale = np.float32(scale)  # the scales travel as an aclFloatArray (float32)
    if scale == np.float32(1.0):
        return int(padded_length)
    return int(np.float32(padded_length) * (scale + np.float32(1e-6)))


def _interpolate_output_shape(in_shape, sizes, scales, axes, shape_calculation_mode, pads_begin, pads_end):
    """docs/aclnnInterpolate.md "Output shape". Only what is needed to allocate ``out``; the C API checks the rest."""
    rank = len(in_shape)
    padded = [n + b + e for n, b, e in zip(in_shape, _fit_pads(pads_begin, rank, "pads_begin"),
                                            _fit_pads(pads_end, rank, "pads_end"))]
    shape = list(padded)
    if shape_calculation_mode == "sizes":
        if sizes is None:
            raise ValueError('sizes is required when shape_calculation_mode == "sizes"')
        if len(sizes) != len(axes):
            raise ValueError(f"sizes must have one entry per axis (len(axes) == {len(axes)}); got {sizes}")
        for axis, n in zip(axes, sizes):
            shape[axis] = n
    elif shape_calculation_mode == "scales":
        if scales is None:
            raise ValueError('scales is required when shape_calculation_mode == "scales"')
        if len(scales) != len(axes):
            raise ValueError(f"scales must have one entry per axis (len(axes) == {len(axes)}); got {scales}")
        if not all(math.isfinite(s) for s in scales):
            raise ValueError(f"scales must be finite; got {scales}")
        for axis, s in zip(axes, scales):
            shape[axis] = scales_mode_output_length(padded[axis], s)
    # any other shape_calculation_mode: the C API rejects it; the padded shape only fills the slot
    if any(n < 0 for n in shape):
        raise ValueError(f"the arguments give a negative output length: output shape {shape}")
    return shape


def interpolate(x, sizes=None, scales=None, axes=None, *, mode, shape_calculation_mode,
                coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_floor",
                antialias=False, pads_begin=(0,), pads_end=(0,), cube_coeff=-0.75, out=None):
    """OpenVINO Interpolate-4 (docs/aclnnInterpolate.md "Function") through aclnnInterpolate. Rank 1..5;
    axes default to all dimensions. Mode strings are passed to the C API as given (it rejects unknown ones with
    161002). Returns ``out`` if given, else a new contiguous array/tensor of the input's kind."""
    kind = _kind(x, "x")
    _check_out(out, kind)
    c_mode = _check_str(mode, "mode")
    c_shape_mode = _check_str(shape_calculation_mode, "shape_calculation_mode")
    c_transform = _check_str(coordinate_transformation_mode, "coordinate_transformation_mode")
    c_nearest = _check_str(nearest_mode, "nearest_mode")
    antialias = _check_bool(antialias, "antialias")
    if not _is_real(cube_coeff):
        raise TypeError(f"cube_coeff must be a real number; got {cube_coeff!r}")
    cube_coeff = float(cube_coeff)

    in_shape = list(x.shape)
    rank = len(in_shape)
    c_axes = None if axes is None else _int_list(axes, "axes")
    axes_list = list(range(rank)) if c_axes is None else c_axes
    for axis in axes_list:
        if not 0 <= axis < rank:
            raise ValueError(f"axes must lie in [0, {rank}) for rank {rank}; got {axes_list}")
    if len(set(axes_list)) != len(axes_list):
        raise ValueError(f"axes must not repeat; got {axes_list}")
    c_sizes = None if sizes is None else _int_list(sizes, "sizes")
    c_scales = None if scales is None else _float_list(scales, "scales")
    c_pads_begin = _int_list(pads_begin, "pads_begin")
    c_pads_end = _int_list(pads_end, "pads_end")
    shape = _interpolate_output_shape(in_shape, c_sizes, c_scales, axes_list, shape_calculation_mode,
                                      c_pads_begin, c_pads_end)

    args = dict(sizes=c_sizes, scales=c_scales, axes=c_axes, mode=c_mode, shape_mode=c_shape_mode,
                transform=c_transform, nearest=c_nearest, antialias=antialias,
                pads_begin=c_pads_begin, pads_end=c_pads_end, cube_coeff=cube_coeff)
    if kind == "torch" and x.device.type == "npu":
        return _npu_interpolate(x, shape, args, out)

    result = _new_output(x, kind, shape) if out is None else out
    xop = _operand(x, kind, "x")
    with _OutputTarget(result, kind) as target:
        _check_no_overlap(x, xop, result, target.operand, kind)
        _run_interpolate(xop, target.operand, args)
    return result


def _run_interpolate(xop, outop, a, stream=None, workspace_factory=_lib.Workspace):
    lib = _lib.library()
    with _lib.AclObjects() as acl:
        call = (xop.create(acl, _INTERPOLATE_FORMAT), acl.int_array(a["sizes"]), acl.float_array(a["scales"]),
                acl.int_array(a["axes"]), a["mode"], a["shape_mode"], a["transform"], a["nearest"],
                a["antialias"], acl.int_array(a["pads_begin"]), acl.int_array(a["pads_end"]), a["cube_coeff"],
                outop.create(acl, _INTERPOLATE_FORMAT))
        _lib.run_two_phase("aclnnInterpolate", lib.aclnnInterpolateGetWorkspaceSize, lib.aclnnInterpolate,
                           call, stream=stream, workspace_factory=workspace_factory)


# ================================================================================================
# NPU tensors (torch_npu); not exercised on machines without an NPU (tests marked `npu`)
# ================================================================================================
def _import_torch_npu():
    try:
        import torch_npu  # noqa: F401
    except Exception as exc:  # ImportError(libhccl.so), RuntimeError, bare Exception
        # (docs/integration.md "torch_npu gating")
        raise RuntimeError(
            f"x is an NPU tensor but torch_npu cannot be imported ({type(exc).__name__}: {exc}); "
            "it needs the CANN runtime (source set_env.sh of the toolkit)") from exc
    return torch_npu


def _npu_upsample_trilinear3d(x, out_size, align_corners, scales, out):
    import torch

    _import_torch_npu()
    sd, sh, sw = scales if scales is not None else (None, None, None)
    if out is None:
        return torch.ops.aten.upsample_trilinear3d.default(x, out_size, align_corners, sd, sh, sw)
    torch.ops.aten.upsample_trilinear3d.out(x, out_size, align_corners, sd, sh, sw, out=out)
    return out


class _NpuWorkspace:
    def __init__(self, size, device):
        import torch

        self.size = int(size)
        self._buffer = None
        self.ptr = None
        if self.size > 0:
            self._buffer = torch.empty(self.size + _lib.Workspace.ALIGNMENT, dtype=torch.uint8, device=device)
            base = self._buffer.data_ptr()
            self.ptr = base + (-base) % _lib.Workspace.ALIGNMENT


def _npu_operand(t, name):
    storage = t.untyped_storage()
    return _Operand(t, t.shape, t.stride(), t.storage_offset(), storage.nbytes() // t.element_size(),
                    storage.data_ptr(), _torch_acl_dtype(t, name))


def _npu_interpolate(x, shape, args, out):
    import torch

    torch_npu = _import_torch_npu()
    if _lib.has_symbol("aclsimSetSoc"):
        raise RuntimeError(
            f"{_lib.library_path()} is a sim build and cannot run on NPU memory: build with ./build.sh --npu "
            "(the aclnn library of the custom op package, libcust_opapi.so) and point "
            f"${_lib.LIB_DIR_ENV} at its lib directory")
    result = torch.empty(shape, dtype=x.dtype, device=x.device) if out is None else out
    stream = torch_npu.npu.current_stream(x.device).npu_stream
    _run_interpolate(_npu_operand(x, "x"), _npu_operand(result, "out"), args, stream=stream,
                     workspace_factory=lambda size: _NpuWorkspace(size, x.device))
    return result


# ================================================================================================
# sim controls
# ================================================================================================
def _sim_function(name):
    lib = _lib.library()
    if not hasattr(lib, name):
        raise RuntimeError(f"{_lib.library_path()} has no {name}: SoC selection and launch records exist "
                           "only in sim builds (./build.sh without --npu)")
    return getattr(lib, name)


def set_soc(name):
    """Select the simulated SoC ("ascend910b" or "ascend310p") for later launches (sim builds)."""
    if not isinstance(name, str):
        raise TypeError(f"soc name must be a str; got {name!r}")
    set_active = _sim_function("aclsimSetSoc")
    _lib.clear_error_message()
    status = set_active(name.encode("utf-8"))
    if status != 0:
        raise AclnnError(status, _lib.recent_error_message()
                         or f"soc: unknown SoC {name!r}; accepted: ascend910b, ascend310p", "aclsimSetSoc")


def get_soc():
    """Name of the simulated SoC in use."""
    raw = _sim_function("aclsimGetSoc")()
    return raw.decode("utf-8", "replace") if raw else ""


def last_launch():
    """Record of the most recent kernel launch in this process (sim builds) as a dict: soc, kernel,
    block_dim, gm_read_bytes, gm_write_bytes, floor_bytes, traffic_ratio, modeled_time_us, cores
    (one dict per block), ... Calls that launch nothing (empty tensors) leave the previous record."""
    raw = _sim_function("aclsimLastLaunchJson")()
    text = raw.decode("utf-8", "replace").strip() if raw else ""
    if not text or text in ("{}", "null"):
        raise RuntimeError("no kernel launch has happened yet in this process (run an operator first)")
    record = json.loads(text)
    if not isinstance(record, dict) or not record:
        raise RuntimeError(f"aclsimLastLaunchJson returned no launch record: {text[:200]!r}")
    if not record.get("kernel") and not record.get("block_dim"):
        # the sim reports an all-zero record (empty kernel name, block_dim 0) until the first launch
        raise RuntimeError("no kernel launch has happened yet in this process (run an operator first)")
    return record
