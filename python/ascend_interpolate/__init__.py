"""ascend-interpolate: UpsampleTrilinear3d and Interpolate-4 operators for Ascend NPUs.

`ascend_interpolate.reference` is the float64 numpy CPU reference every test compares against.
The operator functions (`upsample_trilinear3d`, `interpolate` and their backwards) run the Ascend C
kernels through the aclnn C API: on the CPU twin of the device (sim builds) or on an NPU (npu
builds). The shared library is loaded on first use, so importing the package (and the reference)
never needs a build.

When torch can be imported, importing the package also registers the torch.library operators
``torch.ops.ascend_interpolate.*`` (`ascend_interpolate.torch_ops`) and offers
`ascend_interpolate.functional.interpolate`, torch.nn.functional.interpolate's interface over the two
operators. Without torch (or with a torch that fails to import) the numpy API works unchanged.
"""
import warnings as _warnings

from ._version import __version__  # noqa: F401  (the one place the version is written)
from . import reference  # noqa: F401
from .log import LOG_LEVELS, get_log_level, set_log_level, set_log_to_stdout  # noqa: F401
from .ops import (AclnnError, get_soc, interpolate, interpolate_backward, last_launch, profile,  # noqa: F401
                  set_soc, upsample_trilinear3d, upsample_trilinear3d_backward)

__all__ = [
    "reference",
    "upsample_trilinear3d",
    "upsample_trilinear3d_backward",
    "interpolate",
    "interpolate_backward",
    "AclnnError",
    "set_soc",
    "get_soc",
    "last_launch",
    "profile",
    "set_log_level",
    "get_log_level",
    "set_log_to_stdout",
    "LOG_LEVELS",
]


def _register_torch_ops():
    try:
        from . import torch_ops  # noqa: F401  (registers torch.ops.ascend_interpolate.*)
        from . import functional
    except ModuleNotFoundError as exc:
        if exc.name != "torch":
            raise
        return  # no torch: the numpy API only
    except Exception as exc:  # a broken torch install (e.g. a device backend that fails to load)
        _warnings.warn(f"ascend_interpolate: torch is installed but its operators could not be registered "
                       f"({type(exc).__name__}: {exc}); the numpy API is unaffected", RuntimeWarning, stacklevel=3)
        return
    globals()["functional"] = functional
    __all__.append("functional")


_register_torch_ops()
