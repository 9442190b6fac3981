"""torch.library operators over the aclnn C API: ``torch.ops.ascend_interpolate.*``.

Imported (and so registered) by ``import ascend_interpolate`` whenever torch can be imported.

=================================  ============================================================
operator                           schema (ATen's for the trilinear pair)
=================================  ============================================================
``upsample_trilinear3d``           ``(Tensor self, SymInt[3] output_size, bool align_corners,
                                   float? scales_d=None, float? scales_h=None,
                                   float? scales_w=None) -> Tensor``
``upsample_trilinear3d_backward``  ``(Tensor grad_output, SymInt[3] output_size, SymInt[5]
                                   input_size, bool align_corners, float? scales_d=None, ...)``
``interpolate``                    ``(Tensor self, SymInt[]? sizes, float[]? scales, int[]? axes,
                                   *, str mode, str shape_calculation_mode, ...) -> Tensor``
``interpolate_backward``           ``(Tensor grad_output, SymInt[] input_size, SymInt[]? sizes,
                                   float[]? scales, int[]? axes, *, <interpolate's keywords>)``
=================================  ============================================================

Each operator has a fake (Meta) kernel giving the exact shape, dtype and memory format (torch's
suggest_memory_format rule: channels_last / channels_last_3d inputs of rank 4 / 5 give results in
that format; the backwards follow grad_output), a CPU kernel (the ctypes path of
:mod:`ascend_interpolate.ops`, i.e. the sim in a sim build) and a PrivateUse1 kernel for torch_npu
tensors (trilinear: torch_npu's aten ops, which reach aclnnUpsampleTrilinear3d[Backward];
Interpolate: the aclnn entry points through ctypes on the current NPU stream). Autograd: the forward
operators' gradients are the backward operators, and the backward operators' gradients (with
respect to grad_output: they are linear in it) are the forward operators, so double backward works.
"""
from __future__ import annotations

import torch

from . import ops

__all__ = ["upsample_trilinear3d", "upsample_trilinear3d_backward", "interpolate", "interpolate_backward"]

_SCALES = "float? scales_d=None, float? scales_h=None, float? scales_w=None"
_INTERPOLATE_KEYWORDS = (
    "*, str mode, str shape_calculation_mode, str coordinate_transformation_mode=\"half_pixel\", "
    "str nearest_mode=\"round_prefer_floor\", bool antialias=False, int[] pads_begin=[0], int[] pads_end=[0], "
    "float cube_coeff=-0.75"
)
SCHEMAS = {
    "upsample_trilinear3d": f"(Tensor self, SymInt[3] output_size, bool align_corners, {_SCALES}) -> Tensor",
    "upsample_trilinear3d_backward": (f"(Tensor grad_output, SymInt[3] output_size, SymInt[5] input_size, "
                                      f"bool align_corners, {_SCALES}) -> Tensor"),
    "interpolate": f"(Tensor self, SymInt[]? sizes, float[]? scales, int[]? axes, {_INTERPOLATE_KEYWORDS}) -> Tensor",
    "interpolate_backward": (f"(Tensor grad_output, SymInt[] input_size, SymInt[]? sizes, float[]? scales, "
                             f"int[]? axes, {_INTERPOLATE_KEYWORDS}) -> Tensor"),
}
_PRIVATEUSE1 = "privateuseone"  # torch_npu renames the backend "npu" only once it is imported


def _empty_like_result(x, shape):
    """The result tensor's metadata: x's dtype and device, torch's memory format for x."""
    fmt = ops.torch_memory_format(x) if len(shape) == x.dim() else torch.contiguous_format
    return torch.empty(shape, dtype=x.dtype, device=x.device, memory_format=fmt)


def _define(name, kernel):
    return torch.library.custom_op(f"ascend_interpolate::{name}", kernel, mutates_args=(), device_types="cpu",
                                   schema=SCHEMAS[name])


# ================================================================================================
# upsample_trilinear3d and its backward (ATen's schemas)
# ================================================================================================
upsample_trilinear3d = _define("upsample_trilinear3d", ops._trilinear_kernel)
upsample_trilinear3d_backward = _define("upsample_trilinear3d_backward", ops._trilinear_backward_kernel)


@upsample_trilinear3d.register_fake
def _(self, output_size, align_corners, scales_d=None, scales_h=None, scales_w=None):
    return _empty_like_result(self, [*self.shape[:-3], *output_size])


@upsample_trilinear3d_backward.register_fake
def _(grad_output, output_size, input_size, align_corners, scales_d=None, scales_h=None, scales_w=None):
    return _empty_like_result(grad_output, list(input_size))


@upsample_trilinear3d.register_kernel(_PRIVATEUSE1)
def _(self, output_size, align_corners, scales_d=None, scales_h=None, scales_w=None):
    return ops._npu_upsample_trilinear3d(self, list(output_size), align_corners, (scales_d, scales_h, scales_w))


@upsample_trilinear3d_backward.register_kernel(_PRIVATEUSE1)
def _(grad_output, output_size, input_size, align_corners, scales_d=None, scales_h=None, scales_w=None):
    return ops._npu_upsample_trilinear3d_backward(grad_output, list(output_size), list(input_size), align_corners,
                                                  (scales_d, scales_h, scales_w))


def _trilinear_setup(ctx, inputs, output):
    x, output_size, align_corners, *scales = inputs
    ctx.trilinear = (list(output_size), list(x.shape), align_corners, *scales)


def _trilinear_grad(ctx, grad):
    output_size, input_size, align_corners, *scales = ctx.trilinear
    return (torch.ops.ascend_interpolate.upsample_trilinear3d_backward(grad, output_size, input_size,
                                                                       align_corners, *scales),
            None, None, None, None, None)


def _trilinear_backward_setup(ctx, inputs, output):
    _, output_size, _, align_corners, *scales = inputs
    ctx.trilinear = (list(output_size), align_corners, *scales)


def _trilinear_backward_grad(ctx, grad):
    output_size, align_corners, *scales = ctx.trilinear
    return (torch.ops.ascend_interpolate.upsample_trilinear3d(grad, output_size, align_corners, *scales),
            None, None, None, None, None, None)


upsample_trilinear3d.register_autograd(_trilinear_grad, setup_context=_trilinear_setup)
upsample_trilinear3d_backward.register_autograd(_trilinear_backward_grad, setup_context=_trilinear_backward_setup)


# ================================================================================================
# interpolate (Interpolate-4) and its backward
# ================================================================================================
interpolate = _define("interpolate", ops._interpolate_kernel)
interpolate_backward = _define("interpolate_backward", ops._interpolate_backward_kernel)


@interpolate.register_fake
def _(self, sizes, scales, axes, **attrs):
    return _empty_like_result(self, ops._interpolate_attrs(list(self.shape), sizes, scales, axes, **attrs).shape)


@interpolate_backward.register_fake
def _(grad_output, input_size, sizes, scales, axes, **attrs):
    return _empty_like_result(grad_output, list(input_size))


interpolate.register_kernel(_PRIVATEUSE1)(ops._interpolate_kernel)
interpolate_backward.register_kernel(_PRIVATEUSE1)(ops._interpolate_backward_kernel)


def _interpolate_setup(ctx, inputs, keyword_only_inputs, output):
    x, sizes, scales, axes = inputs
    ctx.interpolate = (list(x.shape), sizes, scales, axes, dict(keyword_only_inputs))


def _interpolate_grad(ctx, grad):
    input_size, sizes, scales, axes, attrs = ctx.interpolate
    return (torch.ops.ascend_interpolate.interpolate_backward(grad, input_size, sizes, scales, axes, **attrs),
            None, None, None)


def _interpolate_backward_setup(ctx, inputs, keyword_only_inputs, output):
    _, _, sizes, scales, axes = inputs
    ctx.interpolate = (sizes, scales, axes, dict(keyword_only_inputs))


def _interpolate_backward_grad(ctx, grad):
    sizes, scales, axes, attrs = ctx.interpolate
    return (torch.ops.ascend_interpolate.interpolate(grad, sizes, scales, axes, **attrs), None, None, None, None)


interpolate.register_autograd(_interpolate_grad, setup_context=_interpolate_setup)
interpolate_backward.register_autograd(_interpolate_backward_grad, setup_context=_interpolate_backward_setup)
