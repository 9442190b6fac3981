"""Shared pytest set-up.

torch_npu gating (docs/integration.md "torch_npu gating"): torch auto-loads installed device backends
on `import torch`; where a torch_npu wheel is installed without CANN that import fails, so switch
auto-loading off before anything imports torch, and skip tests marked `npu` unless torch_npu imports
and sees a device.
"""
import os

os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")

import pytest  # noqa: E402


def _npu_skip_reason():
    try:
        import torch  # noqa: F401
        import torch_npu  # noqa: F401
    except Exception as exc:  # ImportError(libhccl.so), RuntimeError, bare Exception
        return f"torch_npu unusable: {type(exc).__name__}: {exc}"
    try:
        if not torch.npu.is_available() or torch.npu.device_count() < 1:
            return "no NPU visible"
    except Exception as exc:
        return f"npu probe failed: {exc}"
    return None


def pytest_collection_modifyitems(config, items):
    npu_items = [item for item in items if "npu" in item.keywords]
    if not npu_items:
        return
    reason = _npu_skip_reason()
    if reason:
        for item in npu_items:
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture
def default_soc():
    """Start on the default sim SoC profile (ascend910b) and put it back afterwards, whatever the test
    selected: the profile is process-wide state of the operator library."""
    import ascend_interpolate as ai

    ai.set_soc("ascend910b")
    yield
    ai.set_soc("ascend910b")
