"""Public operator functions: numpy / torch in, the aclnn C API (ctypes) underneath, same kind out.

``upsample_trilinear3d``, ``interpolate`` and their backwards take the same arguments as
:mod:`ascend_interpolate.reference` (plus ``out=``), so a test can call either.

Inputs
  numpy arrays (float32, float16, ``ml_dtypes.bfloat16``, int8, uint8, int32; other dtypes with an
  aclDataType, e.g. float64, are passed on and rejected by the C API with 161002 and the reason) and
  torch tensors (including ``torch.bfloat16``). The result is of the same kind: numpy in, numpy
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
  OSError: the library lacks an entry point (e.g. the backward C API in an older build).

torch tensors (without ``out=``) go through the torch.library operators of
:mod:`ascend_interpolate.torch_ops` (``torch.ops.ascend_interpolate.*``): the results carry autograd
history, torch.jit.trace records the operator (the C API writes memory that a trace of the
surrounding Python could not see) and torch.compile treats it as one graph node. The operators'
CPU kernels are the ctypes path of this module. ``out=`` writes in place, which autograd cannot
follow: arguments that require grad are rejected with RuntimeError rather than losing the gradient.

NPU tensors (``x.device.type == "npu"``) go through torch_npu: ``upsample_trilinear3d`` (and its
backward) call ``torch.ops.aten.upsample_trilinear3d[_backward]`` (op-plugin ->
aclnnUpsampleTrilinear3d[Backward], which resolves to this project's kernel when its custom op
package (libcust_opapi.so) is installed and first in ASCEND_CUSTOM_OPP_PATH); ``interpolate`` (and
its backward) has no aten op, so it calls the aclnn API through ctypes with device pointers on
torch_npu's current stream, which needs the library of an npu build (``./build.sh --npu``; a sim
build raises RuntimeError).
"""
from __future__ import annotations

import ctypes
import json
import math
import numbers
import sys

import numpy as np

from . import _lib
from ._lib import ACL_DTYPE, ACL_FORMAT, AclnnError

__all__ = ["upsample_trilinear3d", "upsample_trilinear3d_backward", "interpolate", "interpolate_backward",
           "AclnnError", "set_soc", "get_soc", "last_launch"]

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
    # Only a module that is already imported can have made a tensor, so this never imports torch. (An
    # isinstance check, unlike type(obj).__module__.startswith, is traceable by torch.compile.)
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(obj, torch.Tensor)


def _kind(x, name):
    if isinstance(x, np.ndarray):
        return "numpy"
    if _is_torch(x):
        _check_torch_tensor(x, name)
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


def _check_torch_tensor(tensor, name, devices=("cpu", "npu", "privateuseone")):
    import torch

    if tensor.layout != torch.strided:
        raise TypeError(f"{name}: only strided (dense) tensors are supported; got layout {tensor.layout}")
    if tensor.device.type not in devices:
        raise TypeError(f"{name} is on device {tensor.device}; expected a CPU tensor"
                        + (" (or an NPU tensor, with torch_npu)" if len(devices) > 1 else ""))


def _torch_operand(tensor, name, writable):
    import torch

    _check_torch_tensor(tensor, name, ("cpu",))
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
    if kind == "npu":
        return _npu_operand(x, name)
    return _torch_operand(x, name, writable)


def _new_output(x, kind, shape):
    """A result for input x: numpy arrays C-contiguous; torch tensors on x's device in the memory
    format torch would give (torch_memory_format)."""
    if kind == "numpy":
        return np.empty(shape, dtype=x.dtype.newbyteorder("="))
    import torch

    fmt = torch_memory_format(x) if len(shape) == x.dim() else torch.contiguous_format
    return torch.empty(shape, dtype=x.dtype, device=x.device, memory_format=fmt)


def _check_out(out, kind):
    if out is None:
        return
    if _kind(out, "out") != kind:
        expected = "numpy.ndarray" if kind == "numpy" else "torch.Tensor"
        raise TypeError(f"out must be of the same kind as the input ({expected})")


# ================================================================================================
# Argument helpers (Python-level errors only; everything else is the C API's to judge)
# ================================================================================================
def _is_symint(v):
    """A symbolic size (torch.compile passes them to the operators' fake kernels); kept symbolic."""
    torch = sys.modules.get("torch")
    return torch is not None and isinstance(v, torch.SymInt)


def _is_int(v):
    return (isinstance(v, (numbers.Integral, np.integer)) and not isinstance(v, (bool, np.bool_))) or _is_symint(v)


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
    return [v if _is_symint(v) else int(v) for v in items]


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
    """floor(in * scale) in double, F.interpolate's rule: asked of the library
    (aiTrilinearOutputLength), which sizes the operator's output the same way."""
    return int(_lib.library().aiTrilinearOutputLength(int(in_length), float(scale)))


def _trilinear_scales(scales):
    """(D, H, W) scales as a list of 3 floats or None: None (none given), one real number (every axis)
    or 3 entries, each a real number or None (ATen's optional scales_d/h/w)."""
    if scales is None:
        return [None, None, None]
    if _is_real(scales):
        values = [float(scales)] * 3
    else:
        values = []
        for v in _sequence(scales, "scales"):
            if v is not None and not _is_real(v):
                raise TypeError(f"scales must hold real numbers or None; got {v!r} ({type(v).__name__})")
            values.append(None if v is None else float(v))
    if len(values) != 3:
        raise ValueError(f"scales must have 3 entries (D, H, W); got {values}")
    if not all(v is None or (math.isfinite(v) and v > 0) for v in values):
        raise ValueError(f"scales must be finite and > 0; got {values}")
    return values


def _trilinear_output_size(output_size, in_size, axis_scales):
    """output_size when given, else floor(in * scale) per axis (which then needs every scale)."""
    if output_size is not None:
        out_size = _int_list(output_size, "output_size")
        if len(out_size) != 3:
            raise ValueError(f"output_size must have 3 entries (D, H, W); got {out_size}")
        if any(n < 0 for n in out_size):
            raise ValueError(f"output_size must not be negative; got {out_size}")
        return out_size
    if any(s is None for s in axis_scales):
        raise ValueError(f"scales: without output_size every axis needs a scale; got {axis_scales}")
    return [trilinear_output_length(n, s) for n, s in zip(in_size, axis_scales)]


def _c_scales(axis_scales):
    """The C API's doubles: 0.0 means "not given" (as torch_npu passes an absent scale)."""
    return tuple(0.0 if s is None else float(s) for s in axis_scales)


def upsample_trilinear3d(x, output_size=None, scales=None, align_corners=False, *, out=None):
    """PyTorch ``upsample_trilinear3d`` on a 5-D NCDHW array/tensor through aclnnUpsampleTrilinear3d.

    ATen's convention: ``output_size`` (D, H, W) gives the output shape; ``scales`` (one number for
    every axis, or (D, H, W) entries each a number or None) give the source coordinates of the axes
    that have one (1/scale instead of in/out; align_corners ignores them). Without output_size the
    shape is floor(in * scale) per axis (F.interpolate with recompute_scale_factor=False). At least one
    of the two must be given. The C API gets the scales per axis as doubles, 0.0 for "not given".
    Returns ``out`` if given, else a new array/tensor of the input's kind and dtype (torch results in
    torch's memory format: channels_last_3d inputs give channels_last_3d results).

    torch tensors go through ``torch.ops.ascend_interpolate.upsample_trilinear3d``, so the result
    carries autograd history, and torch.jit.trace / torch.compile see the operator. With ``out=`` the
    result is written in place, which autograd cannot follow: a tensor that requires grad is rejected.
    """
    kind = _kind(x, "x")
    _check_out(out, kind)
    align_corners = _check_bool(align_corners, "align_corners")
    if output_size is None and scales is None:
        raise ValueError("give output_size, scales, or both (output_size sets the shape, scales the source "
                         "coordinates)")
    ndim = x.ndim if kind == "numpy" else x.dim()
    if ndim < 3:
        raise ValueError(f"x must be 5-D (N, C, D, H, W); got rank {ndim}")
    axis_scales = _trilinear_scales(scales)
    out_size = _trilinear_output_size(output_size, list(x.shape[-3:]), axis_scales)

    if kind == "torch":
        if out is None:
            return _torch_op("upsample_trilinear3d")(x, out_size, align_corners, *axis_scales)
        _check_out_keeps_grad(x, out, "upsample_trilinear3d")
        if x.device.type == "npu":
            return _npu_upsample_trilinear3d(x, out_size, align_corners, axis_scales, out)
        if _torch_is_tracing():
            return _copy_into_out(_torch_op("upsample_trilinear3d")(x, out_size, align_corners, *axis_scales), out)
    result = _new_output(x, kind, list(x.shape[:-3]) + out_size) if out is None else out
    return _run_trilinear(x, kind, out_size, align_corners, _c_scales(axis_scales), result)


def _run_trilinear(x, kind, out_size, align_corners, c_scales, result):
    """aclnnUpsampleTrilinear3d of x into result (the sim/CPU path behind the public function and the
    torch operator's CPU kernel)."""
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


def upsample_trilinear3d_backward(grad_output, output_size, input_size, align_corners=False, scales=None, *,
                                  out=None):
    """Gradient of :func:`upsample_trilinear3d` with respect to x (ATen's
    ``upsample_trilinear3d_backward``) through aclnnUpsampleTrilinear3dBackward.

    ``grad_output`` has the forward output's shape (N, C, *output_size); ``output_size`` is the
    forward's (D, H, W), ``input_size`` the forward input's (N, C, D, H, W), ``scales`` as the forward's.
    Returns ``out`` if given, else a new array/tensor of shape ``input_size`` and grad_output's dtype
    (torch: in grad_output's memory format, as ATen). torch tensors go through
    ``torch.ops.ascend_interpolate.upsample_trilinear3d_backward`` (differentiable: its gradient is the
    forward operator).
    """
    kind = _kind(grad_output, "grad_output")
    _check_out(out, kind)
    align_corners = _check_bool(align_corners, "align_corners")
    if output_size is None:
        raise ValueError("output_size is required: the forward output's (D, H, W)")
    axis_scales = _trilinear_scales(scales)
    out_size = _trilinear_output_size(output_size, None, axis_scales)
    in_size = _shape(input_size, "input_size", rank=5)
    _check_out_shape(out, in_size, "input_size")
    if kind == "torch":
        if out is None:
            return _torch_op("upsample_trilinear3d_backward")(grad_output, out_size, in_size, align_corners,
                                                              *axis_scales)
        _check_out_keeps_grad(grad_output, out, "upsample_trilinear3d_backward")
        if grad_output.device.type == "npu":
            return _npu_upsample_trilinear3d_backward(grad_output, out_size, in_size, align_corners, axis_scales, out)
        if _torch_is_tracing():
            return _copy_into_out(_torch_op("upsample_trilinear3d_backward")(
                grad_output, out_size, in_size, align_corners, *axis_scales), out)
    result = _new_output(grad_output, kind, in_size) if out is None else out
    return _run_trilinear_backward(grad_output, kind, out_size, in_size, align_corners, _c_scales(axis_scales),
                                   result)


def _run_trilinear_backward(grad, kind, out_size, in_size, align_corners, c_scales, result):
    """aclnnUpsampleTrilinear3dBackward of grad (the forward output's gradient) into result (the input's)."""
    get_workspace_size = _lib.function("aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize")
    run = _lib.function("aclnnUpsampleTrilinear3dBackward")
    gop = _operand(grad, kind, "grad_output")
    with _OutputTarget(result, kind) as target:
        _check_no_overlap(grad, gop, result, target.operand, kind)
        with _lib.AclObjects() as acl:
            args = (gop.create(acl, _TRILINEAR_FORMAT), acl.int_array(out_size), acl.int_array(in_size),
                    align_corners, c_scales[0], c_scales[1], c_scales[2],
                    target.operand.create(acl, _TRILINEAR_FORMAT))
            _lib.run_two_phase("aclnnUpsampleTrilinear3dBackward", get_workspace_size, run, args)
    return result


def _check_out_shape(out, shape, name):
    """A backward's out has the forward input's shape: the C API takes that shape from out itself
    (aclnnInterpolateBackward has no input-shape parameter), so a different out would silently be the
    gradient of another input."""
    if out is not None and list(out.shape) != list(shape):
        raise ValueError(f"out: expected the shape {name} gives, {tuple(shape)}; got {tuple(out.shape)}")


def _shape(values, name, rank=None):
    """A shape argument: integers >= 0, `rank` of them when given."""
    shape = _int_list(values, name)
    if rank is not None and len(shape) != rank:
        raise ValueError(f"{name} must have {rank} entries; got {shape}")
    if any(n < 0 for n in shape):
        raise ValueError(f"{name} must not be negative; got {shape}")
    return shape


# ---- torch routing --------------------------------------------------------------------------------
def _torch_op(name):
    """torch.ops.ascend_interpolate.<name> (registered by ascend_interpolate.torch_ops on import)."""
    torch = sys.modules["torch"]
    if not hasattr(torch.ops.ascend_interpolate, name):  # imported after torch failed to register them
        from . import torch_ops  # noqa: F401
    return getattr(torch.ops.ascend_interpolate, name)


def _torch_is_tracing():
    torch = sys.modules["torch"]
    return torch.jit.is_tracing() or torch.compiler.is_compiling()


def _eager_call(kind, out):
    """Whether this call runs the ctypes path directly (numpy, or torch with out= outside tracing);
    torch calls that go through an operator leave shape computations to its kernels."""
    return kind != "torch" or (out is not None and not _torch_is_tracing())


def _check_out_keeps_grad(x, out, api):
    """out= writes in place, which autograd cannot record: refuse rather than drop a gradient."""
    torch = sys.modules["torch"]
    if torch.is_grad_enabled() and (x.requires_grad or out.requires_grad):
        raise RuntimeError(f"{api}: out= does not support autograd, but an argument requires grad; call it "
                           "without out= to get a result that carries the gradient")


def _copy_into_out(result, out):
    """Under torch.jit.trace / torch.compile: the operator's result copied into out, with the C API's
    rule that out has exactly the result's shape and dtype (no broadcasting, no casting)."""
    if tuple(out.shape) != tuple(result.shape) or out.dtype != result.dtype:
        raise ValueError(f"out: expected shape {tuple(result.shape)} and dtype {result.dtype}; got shape "
                         f"{tuple(out.shape)} and dtype {out.dtype}")
    out.copy_(result)
    return out


def torch_memory_format(t):
    """The memory format torch gives an operator's result for input t (its suggest_memory_format
    rule: channels_last for 4-D and channels_last_3d for 5-D tensors with those strides)."""
    import torch
    from torch._prims_common import suggest_memory_format

    if t.dim() not in (4, 5):
        return torch.contiguous_format
    return suggest_memory_format(t)


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
def scales_mode_output_length(padded_length, scale):
    """One scales-mode output length (docs/aclnnInterpolate.md "Output shape"), asked of the library
    (aiScalesModeOutputLength): a float32 scale of exactly 1 keeps the length, otherwise
    int64(float32(padded) * (float32(scale) + 1e-6f))."""
    padded_length = int(padded_length)  # a symbolic length (torch.compile) is specialised here
    return int(_lib.library().aiScalesModeOutputLength(padded_length, float(np.float32(scale))))


def _check_per_axis_values(sizes, scales, axes, shape_calculation_mode):
    """The binding's own argument errors (ValueError) before the library computes the shape: the
    array the shape mode uses is given, holds one value per axis, and gives no negative length."""
    name, values = ("sizes", sizes) if shape_calculation_mode == "sizes" else ("scales", scales)
    if shape_calculation_mode not in ("sizes", "scales"):
        return  # the C API rejects the mode itself
    if values is None:
        raise ValueError(f'{name} is required when shape_calculation_mode == "{name}"')
    if len(values) != len(axes):
        raise ValueError(f"{name} must have one entry per axis (len(axes) == {len(axes)}); got {values}")
    if name == "scales" and not all(math.isfinite(v) for v in values):
        raise ValueError(f"scales must be finite; got {values}")
    if any(v < 0 for v in values):
        raise ValueError(f"the arguments give a negative output length: {name} {values}")


def _interpolate_output_shape(in_shape, sizes, scales, axes, shape_calculation_mode, pads_begin, pads_end):
    """The output shape aclnnInterpolate resolves (docs/aclnnInterpolate.md "Output shape"), asked of
    the library (aiInterpolateOutputShape: the C API's own rules, its status codes and messages)."""
    _check_per_axis_values(sizes, scales, axes, shape_calculation_mode)
    rank = len(in_shape)
    out = (ctypes.c_int64 * max(rank, 1))()
    with _lib.AclObjects() as acl:
        args = (_lib._i64_array(in_shape), rank, acl.int_array(sizes), acl.float_array(scales), acl.int_array(axes),
                _check_str(shape_calculation_mode, "shape_calculation_mode"), acl.int_array(pads_begin),
                acl.int_array(pads_end), out)
        _lib.clear_error_message()
        _lib.check(_lib.library().aiInterpolateOutputShape(*args), "aiInterpolateOutputShape")
    return list(out)


class _InterpolateAttrs:
    """The Interpolate-4 attributes after the Python-level checks, and the output shape they give
    for one input shape. ``op_kwargs`` are the torch operators' keyword arguments."""

    __slots__ = ("shape", "sizes", "scales", "axes", "op_kwargs")

    def __init__(self, shape, sizes, scales, axes, op_kwargs):
        self.shape = shape
        self.sizes = sizes
        self.scales = scales
        self.axes = axes  # None: all dimensions (passed to the C API as NULL)
        self.op_kwargs = op_kwargs


def _interpolate_attrs(in_shape, sizes, scales, axes, mode, shape_calculation_mode,
                       coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_floor", antialias=False,
                       pads_begin=(0,), pads_end=(0,), cube_coeff=-0.75, with_shape=True):
    """The checked attributes; with_shape=False skips the output shape (the torch operators' kernels
    compute it, so the public functions do not: its float32 arithmetic is not for torch.compile)."""
    for value, name in ((mode, "mode"), (shape_calculation_mode, "shape_calculation_mode"),
                        (coordinate_transformation_mode, "coordinate_transformation_mode"),
                        (nearest_mode, "nearest_mode")):
        _check_str(value, name)
    antialias = _check_bool(antialias, "antialias")
    if not _is_real(cube_coeff):
        raise TypeError(f"cube_coeff must be a real number; got {cube_coeff!r}")
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
                                      c_pads_begin, c_pads_end) if with_shape else None
    op_kwargs = dict(mode=mode, shape_calculation_mode=shape_calculation_mode,
                     coordinate_transformation_mode=coordinate_transformation_mode, nearest_mode=nearest_mode,
                     antialias=antialias, pads_begin=c_pads_begin, pads_end=c_pads_end,
                     cube_coeff=float(cube_coeff))
    return _InterpolateAttrs(shape, c_sizes, c_scales, c_axes, op_kwargs)


def interpolate(x, sizes=None, scales=None, axes=None, *, mode, shape_calculation_mode,
                coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_floor",
                antialias=False, pads_begin=(0,), pads_end=(0,), cube_coeff=-0.75, out=None):
    """OpenVINO Interpolate-4 (docs/aclnnInterpolate.md "Function") through aclnnInterpolate. Rank 1..5; axes default to
    all dimensions. Mode strings are passed to the C API as given (it rejects unknown ones with
    161002). Returns ``out`` if given, else a new array/tensor of the input's kind: numpy results
    C-contiguous, torch results in torch's memory format (channels_last / channels_last_3d inputs of
    rank 4 / 5 give results in that format). torch tensors go through
    ``torch.ops.ascend_interpolate.interpolate`` (autograd, jit.trace, torch.compile; ``out=`` rejects
    tensors that require grad)."""
    kind = _kind(x, "x")
    _check_out(out, kind)
    a = _interpolate_attrs(list(x.shape), sizes, scales, axes, mode, shape_calculation_mode,
                           coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff,
                           with_shape=_eager_call(kind, out))
    if kind == "torch":
        if out is None:
            return _torch_op("interpolate")(x, a.sizes, a.scales, a.axes, **a.op_kwargs)
        _check_out_keeps_grad(x, out, "interpolate")
        if _torch_is_tracing():
            return _copy_into_out(_torch_op("interpolate")(x, a.sizes, a.scales, a.axes, **a.op_kwargs), out)
    return _run_interpolate(x, _launch_kind(x, kind), a, _new_output(x, kind, a.shape) if out is None else out)


def interpolate_backward(grad_output, input_shape, sizes=None, scales=None, axes=None, *, mode,
                         shape_calculation_mode, coordinate_transformation_mode="half_pixel",
                         nearest_mode="round_prefer_floor", antialias=False, pads_begin=(0,), pads_end=(0,),
                         cube_coeff=-0.75, out=None):
    """Gradient of :func:`interpolate` with respect to x through aclnnInterpolateBackward.

    ``grad_output`` has the forward output's shape; ``input_shape`` is the forward input's shape; the
    other arguments are the forward's. Returns ``out`` if given, else a new array/tensor of shape
    ``input_shape`` and grad_output's dtype (float32, float16 or bfloat16; torch: in grad_output's
    memory format). torch tensors go through ``torch.ops.ascend_interpolate.interpolate_backward``
    (differentiable: its gradient is the forward operator)."""
    kind = _kind(grad_output, "grad_output")
    _check_out(out, kind)
    in_shape = _shape(input_shape, "input_shape")
    _check_out_shape(out, in_shape, "input_shape")
    a = _interpolate_attrs(in_shape, sizes, scales, axes, mode, shape_calculation_mode,
                           coordinate_transformation_mode, nearest_mode, antialias, pads_begin, pads_end, cube_coeff,
                           with_shape=_eager_call(kind, out))
    if kind == "torch":
        if out is None:
            return _torch_op("interpolate_backward")(grad_output, in_shape, a.sizes, a.scales, a.axes,
                                                     **a.op_kwargs)
        _check_out_keeps_grad(grad_output, out, "interpolate_backward")
        if _torch_is_tracing():
            return _copy_into_out(_torch_op("interpolate_backward")(grad_output, in_shape, a.sizes, a.scales,
                                                                    a.axes, **a.op_kwargs), out)
    result = _new_output(grad_output, kind, in_shape) if out is None else out
    return _run_interpolate(grad_output, _launch_kind(grad_output, kind), a, result, backward=True)


def _run_interpolate(x, kind, a, result, backward=False):
    """aclnnInterpolate (or aclnnInterpolateBackward: x is then the output gradient and result the
    input gradient) into result; kind "npu" runs on torch_npu's current stream."""
    stream, workspace_factory = _npu_launch(x) if kind == "npu" else (None, _lib.Workspace)
    api = "aclnnInterpolateBackward" if backward else "aclnnInterpolate"
    get_workspace_size, run = _lib.function(api + "GetWorkspaceSize"), _lib.function(api)
    k = a.op_kwargs
    xop = _operand(x, kind, "grad_output" if backward else "x")
    with _OutputTarget(result, kind) as target:
        _check_no_overlap(x, xop, result, target.operand, kind)
        with _lib.AclObjects() as acl:
            call = (xop.create(acl, _INTERPOLATE_FORMAT), acl.int_array(a.sizes), acl.float_array(a.scales),
                    acl.int_array(a.axes), _check_str(k["mode"], "mode"),
                    _check_str(k["shape_calculation_mode"], "shape_calculation_mode"),
                    _check_str(k["coordinate_transformation_mode"], "coordinate_transformation_mode"),
                    _check_str(k["nearest_mode"], "nearest_mode"), k["antialias"], acl.int_array(k["pads_begin"]),
                    acl.int_array(k["pads_end"]), k["cube_coeff"], target.operand.create(acl, _INTERPOLATE_FORMAT))
            _lib.run_two_phase(api, get_workspace_size, run, call, stream=stream, workspace_factory=workspace_factory)
    return result


# ---- the torch operators' kernels (torch_ops registers them) -------------------------------------
def _device_kind(t):
    return "npu" if t.device.type in ("npu", "privateuseone") else "torch"


def _launch_kind(x, kind):
    """numpy / torch (CPU memory) / npu (device memory, torch_npu's stream): how _run_interpolate
    describes the tensors and where it launches."""
    return kind if kind == "numpy" else _device_kind(x)


def _interpolate_kernel(x, sizes, scales, axes, **kwargs):
    """Kernel of torch.ops.ascend_interpolate.interpolate (CPU through the sim, NPU through ctypes on
    the current stream)."""
    a = _interpolate_attrs(list(x.shape), sizes, scales, axes, **kwargs)
    return _run_interpolate(x, _device_kind(x), a, _new_output(x, "torch", a.shape))


def _interpolate_backward_kernel(grad_output, input_size, sizes, scales, axes, **kwargs):
    in_shape = _shape(input_size, "input_size")
    a = _interpolate_attrs(in_shape, sizes, scales, axes, **kwargs)
    return _run_interpolate(grad_output, _device_kind(grad_output), a, _new_output(grad_output, "torch", in_shape),
                            backward=True)


def _trilinear_kernel(x, output_size, align_corners, scales_d=None, scales_h=None, scales_w=None):
    """Kernel of torch.ops.ascend_interpolate.upsample_trilinear3d on CPU (NPU: torch_ops calls the aten op)."""
    out_size = [int(n) for n in output_size]
    result = _new_output(x, "torch", list(x.shape[:-3]) + out_size)
    return _run_trilinear(x, "torch", out_size, bool(align_corners), _c_scales((scales_d, scales_h, scales_w)),
                          result)


def _trilinear_backward_kernel(grad_output, output_size, input_size, align_corners, scales_d=None, scales_h=None,
                               scales_w=None):
    in_size = [int(n) for n in input_size]
    result = _new_output(grad_output, "torch", in_size)
    return _run_trilinear_backward(grad_output, "torch", [int(n) for n in output_size], in_size,
                                   bool(align_corners), _c_scales((scales_d, scales_h, scales_w)), result)


# ================================================================================================
# NPU tensors (torch_npu); not exercised on machines without an NPU (tests marked `npu`)
# ================================================================================================
def _import_torch_npu():
    try:
        import torch_npu  # noqa: F401
    # ImportError(libhccl.so), RuntimeError, bare Exception (docs/integration.md "torch_npu gating")
    except Exception as exc:
        raise RuntimeError(
            f"x is an NPU tensor but torch_npu cannot be imported ({type(exc).__name__}: {exc}); "
            "it needs the CANN runtime (source set_env.sh of the toolkit)") from exc
    return torch_npu


def _npu_upsample_trilinear3d(x, out_size, align_corners, scales, out=None):
    """torch_npu's aten op (op-plugin -> aclnnUpsampleTrilinear3d, this project's kernel when its op
    package is installed)."""
    import torch

    _import_torch_npu()
    sd, sh, sw = scales
    if out is None:
        return torch.ops.aten.upsample_trilinear3d.default(x, out_size, align_corners, sd, sh, sw)
    torch.ops.aten.upsample_trilinear3d.out(x, out_size, align_corners, sd, sh, sw, out=out)
    return out


def _npu_upsample_trilinear3d_backward(grad, out_size, in_size, align_corners, scales, out=None):
    """torch_npu's aten op (op-plugin -> aclnnUpsampleTrilinear3dBackward)."""
    import torch

    _import_torch_npu()
    sd, sh, sw = scales
    if out is None:
        return torch.ops.aten.upsample_trilinear3d_backward.default(grad, out_size, in_size, align_corners, sd, sh, sw)
    torch.ops.aten.upsample_trilinear3d_backward.grad_input(grad, out_size, in_size, align_corners, sd, sh, sw,
                                                           grad_input=out)
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


def _npu_launch(x):
    """torch_npu's current stream for x's device and a workspace factory on that device; the library
    must be an npu build (a sim build cannot address NPU memory)."""
    torch_npu = _import_torch_npu()
    if _lib.has_symbol("aclsimSetSoc"):
        raise RuntimeError(
            f"{_lib.library_path()} is a sim build and cannot run on NPU memory: build with ./build.sh --npu "
            "(the aclnn library of the custom op package, libcust_opapi.so) and point "
            f"${_lib.LIB_DIR_ENV} at its lib directory")
    return torch_npu.npu.current_stream(x.device).npu_stream, (lambda size: _NpuWorkspace(size, x.device))


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
    """Select the simulated SoC for later launches (sim builds): a family profile ("ascend910b",
    "ascend310p") or a CANN SoC name ("Ascend910B3", "Ascend310P3", ...; any case), which selects its
    family's profile with that part's vector core count. An unknown name raises AclnnError (161002)."""
    if not isinstance(name, str):
        raise TypeError(f"soc name must be a str; got {name!r}")
    set_active = _sim_function("aclsimSetSoc")
    _lib.clear_error_message()
    status = set_active(name.encode("utf-8"))
    if status != 0:
        raise AclnnError(status, _lib.recent_error_message() or f"soc: unknown SoC name {name!r}", "aclsimSetSoc")


def get_soc():
    """Name of the simulated SoC in use. Raises RuntimeError when $ASCEND_SIM_SOC names no profile
    (and no set_soc call has chosen one since): the library never falls back silently."""
    error = _sim_function("aclsimSocSelectionError")()
    if error:
        raise RuntimeError(error.decode("utf-8", "replace"))
    raw = _sim_function("aclsimGetSoc")()
    return raw.decode("utf-8", "replace") if raw else ""


def last_launch():
    """Record of this thread's most recent operator call (sim builds) as a dict.

    It describes the operator's own kernel -- ``kernel``, ``block_dim``, ``cores`` (one dict per
    block), ``imbalance``, ``phases`` (its SyncAll phases), ``value_args_digest`` (its tiling) -- with
    the counters (``gm_read_bytes``, ``gm_write_bytes``, ``vector_instructions``, ...),
    ``modeled_time_us`` and ``host_wall_ms`` summed over every launch of the call, the view_copy
    staging of strided inputs and outputs included, and ``floor_bytes`` / ``floor_time_us`` /
    ``traffic_ratio`` against the operator's floor (read the input once, write the output once).
    ``launches`` lists the call's launches in order, each with its ``role`` ("gather", "kernel",
    "scatter") and cost. Records are per thread; calls that launch nothing (empty tensors) leave the
    previous record. See :func:`profile` to collect every call of a block of code."""
    text = _text(_sim_function("aclsimLastLaunchJson")())
    if not text or text in ("{}", "null"):
        raise RuntimeError("no kernel launch has happened yet on this thread (run an operator first)")
    record = json.loads(text)
    if not isinstance(record, dict) or not record.get("launches"):
        raise RuntimeError(f"aclsimLastLaunchJson returned no launch record: {text[:200]!r}")
    return record


def _text(raw):
    return raw.decode("utf-8", "replace").strip() if raw else ""


class profile:
    """Collects every operator call this thread makes inside a ``with`` block (sim builds)::

        with ai.profile() as p:
            y = ai.interpolate(x, ...)
            z = ai.upsample_trilinear3d(y, ...)
        p.calls              # one record per call, as last_launch() gives them
        p.modeled_time_us    # their modeled time, staging included
        p.gm_bytes           # GM bytes read and written

    Profiles nest (each collects); other threads' calls are not included."""

    def __init__(self):
        self.calls = []

    def __enter__(self):
        _sim_function("aclsimProfileBegin")()
        return self

    def __exit__(self, *exc):
        self.calls = json.loads(_text(_sim_function("aclsimProfileEndJson")()) or "[]")
        return False

    @property
    def launches(self):
        """Every launch of every call, in order."""
        return [launch for call in self.calls for launch in call["launches"]]

    @property
    def modeled_time_us(self):
        return sum(call["modeled_time_us"] for call in self.calls)

    @property
    def gm_bytes(self):
        return sum(call["gm_read_bytes"] + call["gm_write_bytes"] for call in self.calls)

    def __repr__(self):
        return f"<ascend_interpolate.profile: {len(self.calls)} calls, {self.modeled_time_us:.3g} us modeled>"
