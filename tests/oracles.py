"""Oracles the reference tests compare against: the real OpenVINO Interpolate-4 and PyTorch trilinear.

OpenVINO (docs/aclnnInterpolate.md "Testing against OpenVINO"): the opset-4 op is built with
``NodeFactory("opset4").create("Interpolate", ...)`` (``openvino.opset4.interpolate`` is the older
opset-1 op) with sizes/scales/axes as constants, and either compiled for CPU with
``INFERENCE_PRECISION_HINT=f32`` (the plugin defaults to bf16 where the CPU has it) or run through
``node.evaluate`` (OpenVINO's core reference). Compiled models are cached per call signature.
"""
from __future__ import annotations

import functools

import numpy as np

import ml_dtypes

BFLOAT16 = np.dtype(ml_dtypes.bfloat16)

_OV_TYPES = None


def _ov_type(dtype):
    import openvino as ov

    global _OV_TYPES
    if _OV_TYPES is None:
        _OV_TYPES = {
            np.dtype(np.float32): ov.Type.f32,
            np.dtype(np.float16): ov.Type.f16,
            BFLOAT16: ov.Type.bf16,
            np.dtype(np.int8): ov.Type.i8,
            np.dtype(np.uint8): ov.Type.u8,
            np.dtype(np.int32): ov.Type.i32,
        }
    return _OV_TYPES[np.dtype(dtype)]


def _ov_attrs(mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode, antialias,
              pads_begin, pads_end, cube_coeff):
    return dict(
        mode=mode,
        shape_calculation_mode=shape_calculation_mode,
        coordinate_transformation_mode=coordinate_transformation_mode,
        nearest_mode=nearest_mode,
        antialias=bool(antialias),
        pads_begin=[int(p) for p in pads_begin],
        pads_end=[int(p) for p in pads_end],
        cube_coeff=float(cube_coeff),
    )


def _freeze(value):
    if isinstance(value, (list, tuple, np.ndarray)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, np.generic):
        return value.item()
    return value


@functools.lru_cache(maxsize=None)
def _ov_node(shape, dtype_name, sizes, scales, axes, attrs_items):
    import openvino.opset4 as ops
    from openvino.utils.node_factory import NodeFactory

    dtype = BFLOAT16 if dtype_name == "bfloat16" else np.dtype(dtype_name)
    param = ops.parameter(list(shape), _ov_type(dtype))
    inputs = [
        param.output(0),
        ops.constant(np.array(sizes, dtype=np.int64)).output(0),
        ops.constant(np.array(scales, dtype=np.float32)).output(0),
        ops.constant(np.array(axes, dtype=np.int64)).output(0),
    ]
    node = NodeFactory("opset4").create("Interpolate", inputs, dict(attrs_items))
    return param, node


@functools.lru_cache(maxsize=None)
def _ov_compiled(shape, dtype_name, sizes, scales, axes, attrs_items):
    import openvino as ov

    param, node = _ov_node(shape, dtype_name, sizes, scales, axes, attrs_items)
    model = ov.Model([node], [param])
    return ov.Core().compile_model(model, "CPU", {"INFERENCE_PRECISION_HINT": "f32"})


def _to_ov_tensor(array):
    import openvino as ov

    array = np.ascontiguousarray(array)
    if array.dtype == BFLOAT16:
        tensor = ov.Tensor(ov.Type.bf16, ov.Shape(list(array.shape)))
        tensor.data.view(np.uint16)[...] = array.view(np.uint16)  # .data shows bf16 as a 16-bit view
        return tensor
    return ov.Tensor(array)


def _from_ov(array, dtype):
    array = np.asarray(array)
    if np.dtype(dtype) == BFLOAT16 and array.dtype != BFLOAT16:
        return array.view(np.uint16).view(BFLOAT16)
    return array


def openvino_interpolate(data, sizes, scales, axes, *, backend="cpu", mode, shape_calculation_mode,
                         coordinate_transformation_mode="half_pixel", nearest_mode="round_prefer_floor",
                         antialias=False, pads_begin=(0,), pads_end=(0,), cube_coeff=-0.75):
    """Run OpenVINO's Interpolate-4 on data. backend "cpu" = CPU plugin (f32 inference precision),
    "evaluate" = core reference (node.evaluate). sizes and scales must both be given (the unused one is
    ignored by the op, as the spec says); axes too."""
    import openvino as ov

    data = np.ascontiguousarray(data)
    attrs = _ov_attrs(mode, shape_calculation_mode, coordinate_transformation_mode, nearest_mode,
                      antialias, pads_begin, pads_end, cube_coeff)
    key = (
        tuple(data.shape), data.dtype.name, _freeze(list(sizes)), _freeze([float(np.float32(s)) for s in scales]),
        _freeze(list(axes)), tuple(sorted((k, _freeze(v)) for k, v in attrs.items())),
    )
    if backend == "cpu":
        compiled = _ov_compiled(*key)
        return _from_ov(compiled(_to_ov_tensor(data))[0], data.dtype)
    if backend == "evaluate":
        _, node = _ov_node(*key)
        out_shape = [int(d) for d in node.get_output_partial_shape(0).to_shape()]
        out = ov.Tensor(_ov_type(data.dtype), ov.Shape(out_shape))
        inputs = [
            _to_ov_tensor(data),
            ov.Tensor(np.array(sizes, dtype=np.int64)),
            ov.Tensor(np.array(scales, dtype=np.float32)),
            ov.Tensor(np.array(axes, dtype=np.int64)),
        ]
        if not node.evaluate([out], inputs):
            raise RuntimeError("OpenVINO node.evaluate returned False")
        return _from_ov(out.data.copy(), data.dtype)
    raise ValueError(f"backend must be 'cpu' or 'evaluate'; got {backend!r}")


def torch_trilinear(x, output_size=None, scales=None, align_corners=False):
    """torch.nn.functional.interpolate(mode="trilinear") on a numpy array (float32/float16/bfloat16);
    scales use recompute_scale_factor=False, as the reference's contract says."""
    import torch
    import torch.nn.functional as F

    x = np.ascontiguousarray(x)
    if x.dtype == BFLOAT16:
        tensor = torch.from_numpy(x.view(np.int16).copy()).view(torch.bfloat16)
    else:
        tensor = torch.from_numpy(x.copy())
    if output_size is not None:
        out = F.interpolate(tensor, size=tuple(int(n) for n in output_size), mode="trilinear",
                            align_corners=align_corners)
    else:
        out = F.interpolate(tensor, scale_factor=tuple(float(s) for s in scales), mode="trilinear",
                            align_corners=align_corners, recompute_scale_factor=False)
    if out.dtype == torch.bfloat16:
        return out.view(torch.int16).numpy().view(BFLOAT16)
    return out.numpy()


# ---------------------------------------------------------------------------------------------
# Known OpenVINO defects (docs/aclnnInterpolate.md "Testing against OpenVINO"), as predicates over a case.
# A predicate returns a reason string when the component is known to be wrong (or to reject the
# case), None when it is a valid oracle for it. The tests pick an oracle that is valid and assert
# that at least one is.
# ---------------------------------------------------------------------------------------------
def cpu_align_corners_order_differs(in_len, out_len, mode, nearest_mode):
    """True when the CPU plugin's align_corners order x * ((Lo-1)/(Lr-1)) (divide first; measured on
    openvino 2026.4.1: 14 -> 12 nearest floor picks pixel 12 instead of 13 for the last output, and
    linear/cubic on 100+ long axes differ by up to 4e-4 while a divide-first reference matches to 1e-6)
    matters for this axis: nearest picks another pixel, or (other modes) some coordinate differs by an
    ulp on an axis longer than 8, where ulp * gradient can exceed the test tolerance."""
    from ascend_interpolate import reference

    if out_len == in_len or out_len == 1:
        return False
    x = np.arange(out_len, dtype=np.float32)
    documented = x * (np.float32(in_len) - np.float32(1)) / (np.float32(out_len) - np.float32(1))
    divide_first = x * ((np.float32(in_len) - np.float32(1)) / (np.float32(out_len) - np.float32(1)))
    if mode != "nearest":
        return in_len > 8 and not np.array_equal(documented, divide_first)
    scale = np.float32(out_len) / np.float32(in_len)
    return not np.array_equal(reference._nearest_index(documented, in_len, scale, nearest_mode),
                              reference._nearest_index(divide_first, in_len, scale, nearest_mode))


def cpu_plugin_defect(rank, axes, mode, antialias, pads_begin, pads_end, resize_scales, dtype=np.float32,
                      coordinate_transformation_mode=None, nearest_mode=None, padded_lengths=(), out_lengths=()):
    """Why the CPU plugin is not an oracle for this case, or None. padded_lengths/out_lengths: per axis
    in `axes` order (only needed for align_corners)."""
    axes = list(axes)
    if coordinate_transformation_mode == "align_corners" and any(
        cpu_align_corners_order_differs(i, o, mode, nearest_mode) for i, o in zip(padded_lengths, out_lengths)
    ):
        return "CPU plugin divides before multiplying for align_corners; here that changes the result"
    padded_dims = {j for j, (b, e) in enumerate(zip(pads_begin, pads_end)) if b or e}
    if mode == "linear" and antialias and rank < 5 and any(s < 1 for s in resize_scales):
        return "CPU plugin ignores antialias for linear below rank 5"
    if padded_dims and ({0, 1} & set(axes)):
        return "CPU plugin applies pads to the wrong dimension when a resized axis is dim 0 or 1"
    if mode == "cubic" and rank == 3 and len(axes) >= 2 and 0 in axes:
        return "CPU plugin cubic reads uninitialised memory (rank 3, >= 2 axes including dim 0)"
    if mode == "cubic" and rank == 4 and set(axes) == {1, 2, 3}:
        return "CPU plugin cubic reads uninitialised memory (rank 4, axes {1, 2, 3})"
    if mode == "cubic" and rank == 5 and np.dtype(dtype).kind in "iu":
        return "CPU plugin has no rank-5 cubic for integer inputs (measured: int32 rejected)"
    if rank == 4 and len(axes) >= 3 and 0 in axes:
        return "CPU plugin rejects resizing 3+ axes including dim 0 at rank 4"
    if rank == 5 and len(axes) >= 4 and mode != "cubic":
        return "CPU plugin rejects resizing 4+ axes at rank 5"
    return None


_LINEAR_ONNX_SPEC_AXES = {2: {0, 1}, 3: {0, 1, 2}, 4: {2, 3}, 5: {2, 3, 4}}


def core_reference_defect(rank, axes, mode, in_padded_lengths, out_lengths, dtype=np.float32):
    """Why OpenVINO's core reference (node.evaluate) is not an oracle for this case, or None.

    in_padded_lengths / out_lengths: per axis in `axes` order."""
    if np.dtype(dtype).kind in "iu":
        # docs/aclnnInterpolate.md "dtypes": integer outputs wrap around instead of saturating; and through the Python
        # API node.evaluate returns False for integer nearest (measured, int32)
        return "core reference: integer outputs wrap around (and integer nearest is not evaluated)"
    if mode == "linear_onnx":
        if list(axes) != sorted(_LINEAR_ONNX_SPEC_AXES.get(rank, {-1})):
            return "core reference rejects linear_onnx axes other than the spec's four sets (even reordered)"
        if rank == 5 and any(i == o for i, o in zip(in_padded_lengths, out_lengths)):
            return "core reference is wrong for rank-5 linear_onnx when one of D/H/W keeps its length"
    return None
