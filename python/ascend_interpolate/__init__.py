"""ascend-interpolate: UpsampleTrilinear3d and Interpolate-4 operators for Ascend NPUs.

`ascend_interpolate.reference` is the float64 numpy CPU reference every test compares against.
The operator functions (`upsample_trilinear3d`, `interpolate`) run the Ascend C kernels through the
aclnn C API: on the CPU twin of the device (sim builds) or on an NPU (npu builds).
"""
from . import reference  # noqa: F401

__all__ = ["reference"]
