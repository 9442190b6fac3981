"""NPU tensors through torch_npu (marked `npu`: skipped by tests/conftest.py unless torch_npu imports
and sees a device). interpolate on NPU memory also needs the library of an npu build
(./build.sh --npu, libcust_opapi.so) in $ASCEND_INTERPOLATE_LIB_DIR."""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference

pytestmark = pytest.mark.npu


def rand(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_trilinear_on_npu_matches_reference():
    import torch

    x = rand((1, 2, 3, 4, 5), seed=1)
    for kwargs in (dict(output_size=(5, 6, 7)), dict(scales=(1.5, 2.0, 0.5)), dict(output_size=(2, 3, 9),
                                                                                    align_corners=True)):
        got = ai.upsample_trilinear3d(torch.from_numpy(x).to("npu"), **kwargs)
        assert got.device.type == "npu"
        np.testing.assert_allclose(got.cpu().numpy(), reference.upsample_trilinear3d(x, **kwargs),
                                   rtol=1e-4, atol=1e-5)


def test_trilinear_on_npu_out():
    import torch

    x = torch.from_numpy(rand((1, 2, 3, 4, 5), seed=2)).to("npu")
    out = torch.empty((1, 2, 6, 8, 10), device="npu")
    assert ai.upsample_trilinear3d(x, output_size=(6, 8, 10), out=out) is out
    np.testing.assert_allclose(out.cpu().numpy(),
                               reference.upsample_trilinear3d(x.cpu().numpy(), output_size=(6, 8, 10)),
                               rtol=1e-4, atol=1e-5)


def test_interpolate_on_npu_matches_reference():
    import torch

    x = rand((1, 2, 5, 6), seed=3)
    kwargs = dict(sizes=(9, 4), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes")
    got = ai.interpolate(torch.from_numpy(x).to("npu"), **kwargs)
    assert got.device.type == "npu"
    np.testing.assert_allclose(got.cpu().numpy(), reference.interpolate(x, **kwargs), rtol=1e-4, atol=1e-5)
