"""ascend-interpolate: UpsampleTrilinear3d and Interpolate-4 operators for Ascend NPUs.

`ascend_interpolate.reference` is the float64 numpy CPU reference every test compares against.
The operator functions (`upsample_trilinear3d`, `interpolate`) run the Ascend C kernels through the
aclnn C API: on the CPU twin of the device (sim builds) or on an NPU (npu builds). The shared library
is loaded on first use, so importing the package (and the reference) never needs a build.
"""
from . import reference  # noqa: F401
from .ops import AclnnError, get_soc, interpolate, last_launch, set_soc, upsample_trilinear3d

__all__ = [
    "reference",
    "upsample_trilinear3d",
    "interpolate",
    "AclnnError",
    "set_soc",
    "get_soc",
    "last_launch",
]
