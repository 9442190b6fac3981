"""The torch.library operators (torch.ops.ascend_interpolate.*) and what routing torch tensors through
them gives the plain Python API: schemas, opcheck of the forward operators, fake kernels (shape, dtype,
memory format), torch.jit.trace, torch.compile (fullgraph; aot_eager and inductor), autograd wiring
(results that carry a grad_fn; out= refusing tensors that need a gradient), and importing the package
without torch. Everything that runs a backward kernel is in tests/test_torch_backward.py.
"""
from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import _lib, reference

torch = pytest.importorskip("torch")
import torch.nn.functional as F  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402

OPS = torch.ops.ascend_interpolate

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py


def _rand(shape, seed=0, dtype=torch.float32):
    return torch.randn(shape, generator=torch.Generator().manual_seed(seed)).to(dtype)


_KEYWORDS = ('*, str mode, str shape_calculation_mode, str coordinate_transformation_mode="half_pixel", '
             'str nearest_mode="round_prefer_floor", bool antialias=False, int[] pads_begin=[0], int[] pads_end=[0], '
             'float cube_coeff=-0.75')
SCHEMAS = {
    "upsample_trilinear3d": "ascend_interpolate::upsample_trilinear3d(Tensor self, SymInt[3] output_size, "
                            "bool align_corners, float? scales_d=None, float? scales_h=None, float? scales_w=None) "
                            "-> Tensor",
    "upsample_trilinear3d_backward": "ascend_interpolate::upsample_trilinear3d_backward(Tensor grad_output, "
                                     "SymInt[3] output_size, SymInt[5] input_size, bool align_corners, "
                                     "float? scales_d=None, float? scales_h=None, float? scales_w=None) -> Tensor",
    "interpolate": "ascend_interpolate::interpolate(Tensor self, SymInt[]? sizes, float[]? scales, int[]? axes, "
                   f"{_KEYWORDS}) -> Tensor",
    "interpolate_backward": "ascend_interpolate::interpolate_backward(Tensor grad_output, SymInt[] input_size, "
                            f"SymInt[]? sizes, float[]? scales, int[]? axes, {_KEYWORDS}) -> Tensor",
}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_schemas(name):
    assert str(getattr(OPS, name).default._schema) == SCHEMAS[name]


# ------------------------------------------------------------------------------------------------
# opcheck and fake kernels of the forward operators (inputs without requires_grad: no backward runs)
# ------------------------------------------------------------------------------------------------
X5 = _rand((1, 2, 3, 4, 5), 1)
X4 = _rand((2, 3, 5, 7), 2)
TRILINEAR_ARGS = [
    (X5, [4, 6, 7], False),
    (X5, [4, 6, 7], True),
    (X5, [4, 2, 9], False, 1.5, None, 2.0),
    (X5.contiguous(memory_format=torch.channels_last_3d), [6, 3, 7], False),
    (X5.to(torch.bfloat16)[:, :, :, 1:], [2, 5, 8], False, None, 1.7, None),
    (X5.to(torch.float16), [3, 4, 5], False),
    (torch.empty(0, 2, 3, 4, 5), [4, 5, 6], False),
]
INTERPOLATE_ARGS = [
    ((X4, [9, 4], None, [2, 3]), dict(mode="cubic", shape_calculation_mode="sizes")),
    ((X4, None, [1.5, 0.5], [2, 3]), dict(mode="linear", shape_calculation_mode="scales", antialias=True)),
    ((X4.contiguous(memory_format=torch.channels_last), [9, 4], None, [2, 3]),
     dict(mode="nearest", shape_calculation_mode="sizes", pads_begin=[0, 0, 1, 0], pads_end=[0, 0, 0, 2])),
    ((X4, [2, 3, 8, 3], None, None), dict(mode="linear_onnx", shape_calculation_mode="sizes",
                                          coordinate_transformation_mode="align_corners")),
    ((torch.randint(0, 200, (2, 3, 5, 7), dtype=torch.uint8), None, [1.8, 0.6], [3, 2]),
     dict(mode="nearest", shape_calculation_mode="scales", nearest_mode="ceil")),
    ((_rand((11,), 3), [4], None, None), dict(mode="nearest", shape_calculation_mode="sizes",
                                              coordinate_transformation_mode="tf_half_pixel_for_nn")),
    ((_rand((1, 2, 3, 4, 5), 4, torch.float16), [2, 6], None, [2, 4]),
     dict(mode="cubic", shape_calculation_mode="sizes", cube_coeff=-0.5)),
]


@pytest.mark.parametrize("args", TRILINEAR_ARGS, ids=lambda a: f"{tuple(a[0].shape)}-{a[1:]}")
def test_opcheck_upsample_trilinear3d(args):
    torch.library.opcheck(OPS.upsample_trilinear3d.default, args)


@pytest.mark.parametrize("args, kwargs", INTERPOLATE_ARGS, ids=lambda v: str(v.get("mode")) if isinstance(v, dict) else None)
def test_opcheck_interpolate(args, kwargs):
    torch.library.opcheck(OPS.interpolate.default, args, kwargs)


@pytest.mark.parametrize("args", TRILINEAR_ARGS, ids=lambda a: f"{tuple(a[0].shape)}-{a[1:]}")
def test_trilinear_fake_kernel_matches_the_real_one(args):
    real = OPS.upsample_trilinear3d(*args)
    want = torch.ops.aten.upsample_trilinear3d.default(args[0].float(), *args[1:]).to(args[0].dtype)
    with FakeTensorMode() as mode:
        fake = OPS.upsample_trilinear3d(mode.from_tensor(args[0]), *args[1:])
    for got in (real, fake):
        assert got.shape == want.shape and got.dtype == args[0].dtype and got.stride() == want.stride()


@pytest.mark.parametrize("args, kwargs", INTERPOLATE_ARGS, ids=lambda v: str(v.get("mode")) if isinstance(v, dict) else None)
def test_interpolate_fake_kernel_matches_the_real_one(args, kwargs):
    real = OPS.interpolate(*args, **kwargs)
    x = args[0]
    want = reference.interpolate(x, *args[1:], **kwargs)
    with FakeTensorMode() as mode:
        fake = OPS.interpolate(mode.from_tensor(x), *args[1:], **kwargs)
    expected_format = (torch.channels_last if x.dim() == 4 else torch.channels_last_3d) \
        if x.dim() in (4, 5) and not x.is_contiguous() and x.is_contiguous(
            memory_format=torch.channels_last if x.dim() == 4 else torch.channels_last_3d) else torch.contiguous_format
    for got in (real, fake):
        assert tuple(got.shape) == want.shape and got.dtype == x.dtype
        assert got.is_contiguous(memory_format=expected_format)
        assert got.stride() == real.stride()


def test_backward_fake_kernels():
    with FakeTensorMode() as mode:
        g = mode.from_tensor(_rand((1, 2, 4, 6, 7)).contiguous(memory_format=torch.channels_last_3d))
        gi = OPS.upsample_trilinear3d_backward(g, [4, 6, 7], [1, 2, 3, 4, 5], False)
        assert gi.shape == (1, 2, 3, 4, 5) and gi.is_contiguous(memory_format=torch.channels_last_3d)
        g4 = mode.from_tensor(_rand((2, 3, 9, 4)))
        gi = OPS.interpolate_backward(g4, [2, 3, 5, 7], [9, 4], None, [2, 3], mode="linear",
                                      shape_calculation_mode="sizes")
        assert gi.shape == (2, 3, 5, 7) and gi.dtype == torch.float32 and gi.is_contiguous()


def test_operators_match_the_reference_and_the_plain_functions():
    x = _rand((1, 2, 3, 4, 5), 7)
    got = OPS.upsample_trilinear3d(x, [5, 2, 9], False, 1.7, None, 2.0)
    want = reference.upsample_trilinear3d(x.numpy(), (5, 2, 9), (1.7, None, 2.0))
    np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(ai.upsample_trilinear3d(x, (5, 2, 9), (1.7, None, 2.0)), got, rtol=0, atol=0)
    torch.testing.assert_close(ai.upsample_trilinear3d(x.numpy(), (5, 2, 9), (1.7, None, 2.0)), got.numpy(),
                               rtol=0, atol=0)


def test_errors_pass_through_the_dispatcher_unchanged():
    with pytest.raises(ai.AclnnError) as info:
        OPS.upsample_trilinear3d(_rand((2, 3, 4, 5)), [2, 2, 2], False)
    assert info.value.status == 161002 and "self" in info.value.message
    with pytest.raises(ai.AclnnError) as info:
        ai.interpolate(_rand((1, 2, 4, 5)), sizes=(3, 3), axes=(2, 3), mode="bilinear", shape_calculation_mode="sizes")
    assert info.value.status == 161002 and "mode" in info.value.message
    with pytest.raises(ValueError, match="sizes must have one entry per axis"):
        OPS.interpolate(_rand((1, 2, 4, 5)), [3], None, [2, 3], mode="linear", shape_calculation_mode="sizes")


# ------------------------------------------------------------------------------------------------
# torch.jit.trace of the plain Python API
# ------------------------------------------------------------------------------------------------
def test_jit_trace_of_the_plain_api_records_the_operators():
    """Without the operators a trace recorded only the aten::empty of the result (the C API writes its
    memory behind torch's back), so replaying it returned uninitialised memory."""
    def fn(x):
        a = ai.upsample_trilinear3d(x, output_size=(4, 6, 7), scales=(1.5, None, None))
        b = ai.interpolate(x, sizes=(9,), axes=(4,), mode="cubic", shape_calculation_mode="sizes")
        return a, b

    traced = torch.jit.trace(fn, (_rand((1, 2, 3, 4, 5), 1),))
    graph = str(traced.graph)
    assert "ascend_interpolate::upsample_trilinear3d" in graph and "ascend_interpolate::interpolate" in graph
    for seed in (2, 3):
        x = _rand((1, 2, 3, 4, 5), seed)
        for got, want in zip(traced(x), fn(x)):
            assert torch.equal(got, want)


def test_jit_trace_with_out_writes_out():
    def fn(x, out):
        return ai.upsample_trilinear3d(x, output_size=(3, 3, 3), out=out)

    out = torch.zeros(1, 1, 3, 3, 3)
    traced = torch.jit.trace(fn, (_rand((1, 1, 2, 2, 2), 1), out))
    x = _rand((1, 1, 2, 2, 2), 5)
    target = torch.zeros(1, 1, 3, 3, 3)
    traced(x, target)
    assert torch.equal(target, ai.upsample_trilinear3d(x, output_size=(3, 3, 3)))
    with pytest.raises(ValueError, match="out: expected shape"):
        torch.jit.trace(fn, (_rand((1, 1, 2, 2, 2), 1), torch.zeros(1, 1, 3, 3, 4)))


def test_jit_trace_of_functional_interpolate():
    from ascend_interpolate import functional

    def fn(x):
        return functional.interpolate(x, scale_factor=1.5, mode="bilinear")

    traced = torch.jit.trace(fn, (_rand((1, 2, 4, 6), 1),))
    x = _rand((1, 2, 4, 6), 9)
    assert torch.equal(traced(x), fn(x))


# ------------------------------------------------------------------------------------------------
# torch.compile(fullgraph=True)
# ------------------------------------------------------------------------------------------------
class Model(torch.nn.Module):
    def forward(self, x):
        from ascend_interpolate import functional

        a = ai.upsample_trilinear3d(x, output_size=(3, 5, 7), scales=(1.2, None, 1.5))
        b = ai.interpolate(x, sizes=(6,), axes=(4,), mode="cubic", shape_calculation_mode="sizes")
        c = ai.interpolate(x, scales=(0.5, 2.0), axes=(3, 4), mode="linear", shape_calculation_mode="scales",
                           antialias=True)
        d = functional.interpolate(x[:, :, 0], scale_factor=1.5, mode="nearest")
        e = functional.interpolate(x[:, :, 0], size=(7, 3), mode="bilinear", antialias=True)
        f = OPS.upsample_trilinear3d(x * 2, [2, 2, 2], True)
        return a.sum() + b.mean() + c.amax() + d.sum() + e.sum() + f.sum(), a


@pytest.mark.parametrize("backend", ["aot_eager", "inductor"])
def test_torch_compile_fullgraph(backend):
    """No graph break: the operators are graph nodes with fake kernels (before, dynamo failed inside the
    binding, on str.startswith and then on UntypedStorage.nbytes). inductor needs a C++ compiler."""
    model = Model()
    compiled = torch.compile(model, fullgraph=True, backend=backend, dynamic=False)
    for seed in (1, 2):
        x = _rand((1, 2, 3, 4, 5), seed)
        got, want = compiled(x), model(x)
        torch.testing.assert_close(got[0], want[0], rtol=1e-5, atol=1e-5)
        assert torch.equal(got[1], want[1]) and got[1].stride() == want[1].stride()


def test_torch_compile_dynamic_shapes_of_the_operators():
    def fn(x):
        return (ai.interpolate(x, sizes=(9,), axes=(2,), mode="linear", shape_calculation_mode="sizes"),
                OPS.upsample_trilinear3d(x[:, :, None, None], [2, 3, 5], False))

    compiled = torch.compile(fn, fullgraph=True, backend="aot_eager", dynamic=True)
    for n in (4, 7, 11):
        x = _rand((2, 3, n), n)
        for got, want in zip(compiled(x), fn(x)):
            assert torch.equal(got, want)


def test_functional_needs_static_shapes_under_torch_compile():
    """Documented limitation: functional's plan (numpy float32 arithmetic, run at trace time as a constant)
    needs concrete lengths; dynamic=False recompiles per shape instead."""
    from ascend_interpolate import functional

    def fn(x):
        return functional.interpolate(x, size=(5,), mode="linear")

    with pytest.raises(Exception, match="assume_constant_result"):
        torch.compile(fn, fullgraph=True, backend="eager", dynamic=True)(_rand((1, 2, 7), 1))
    static = torch.compile(fn, fullgraph=True, backend="eager", dynamic=False)
    for n in (4, 7):
        x = _rand((1, 2, n), n)
        assert torch.equal(static(x), fn(x))


# ------------------------------------------------------------------------------------------------
# Autograd wiring (no backward kernel runs here)
# ------------------------------------------------------------------------------------------------
def test_results_carry_autograd_history():
    from ascend_interpolate import functional

    x = _rand((1, 2, 3, 4, 5), 1).requires_grad_()
    for y in (ai.upsample_trilinear3d(x, output_size=(4, 5, 6)),
              ai.interpolate(x, sizes=(7,), axes=(4,), mode="linear", shape_calculation_mode="sizes"),
              functional.interpolate(x, size=(2, 3, 4), mode="trilinear"),
              functional.interpolate(x[:, :, 0], size=(3, 4), mode="bicubic")):
        assert y.requires_grad and y.grad_fn is not None
    with torch.no_grad():
        assert not ai.upsample_trilinear3d(x, output_size=(4, 5, 6)).requires_grad


def test_out_refuses_tensors_that_need_a_gradient():
    x = _rand((1, 2, 3, 4, 5), 1).requires_grad_()
    out = torch.zeros(1, 2, 4, 5, 6)
    with pytest.raises(RuntimeError, match="out= does not support autograd"):
        ai.upsample_trilinear3d(x, output_size=(4, 5, 6), out=out)
    with pytest.raises(RuntimeError, match="out= does not support autograd"):
        ai.interpolate(x, sizes=(4, 5, 6), axes=(2, 3, 4), mode="linear", shape_calculation_mode="sizes", out=out)
    assert torch.all(out == 0)
    with torch.no_grad():  # no gradient to lose
        assert ai.upsample_trilinear3d(x, output_size=(4, 5, 6), out=out) is out
    assert torch.equal(out, ai.upsample_trilinear3d(x.detach(), output_size=(4, 5, 6)))


# ------------------------------------------------------------------------------------------------
# Registration, import without torch, the backward C API's declaration
# ------------------------------------------------------------------------------------------------
def test_importing_the_package_registers_the_operators():
    code = ("import torch, ascend_interpolate\n"
            "print(sorted(n for n in ('upsample_trilinear3d', 'upsample_trilinear3d_backward', 'interpolate', "
            "'interpolate_backward') if hasattr(torch.ops.ascend_interpolate, n)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(sorted(SCHEMAS))


def test_the_package_imports_without_torch():
    code = ("import sys\n"
            "sys.modules['torch'] = None  # import torch -> ImportError\n"
            "import numpy as np, ascend_interpolate as ai\n"
            "y = ai.reference.upsample_trilinear3d(np.ones((1, 1, 2, 2, 2), np.float32), output_size=(3, 3, 3))\n"
            "print(y.shape, 'torch_ops' in sys.modules.get('ascend_interpolate.torch_ops', 'none').__class__.__name__)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("(1, 1, 3, 3, 3)")


def test_a_missing_entry_point_is_named():
    with pytest.raises(OSError, match="does not export aclnnNoSuchEntryPoint"):
        _lib.function("aclnnNoSuchEntryPoint")
    lib = _lib.library()
    for name in ("aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize", "aclnnInterpolateBackwardGetWorkspaceSize"):
        if hasattr(lib, name):  # declared with full argtypes when the library has it
            assert getattr(lib, name).argtypes is not None and len(getattr(lib, name).argtypes) in (10, 15)


def test_npu_kernels_are_registered_for_privateuse1():
    for name in SCHEMAS:
        assert torch._C._dispatch_has_kernel_for_dispatch_key(f"ascend_interpolate::{name}", "PrivateUse1"), name
        assert torch._C._dispatch_has_kernel_for_dispatch_key(f"ascend_interpolate::{name}", "CPU"), name
        assert torch._C._dispatch_has_kernel_for_dispatch_key(f"ascend_interpolate::{name}", "Meta"), name


def test_plain_api_memory_formats_follow_torch():
    base = _rand((2, 3, 4, 5), 3)
    for view in (base, base.contiguous(memory_format=torch.channels_last), base.permute(0, 1, 3, 2)):
        got = ai.interpolate(view, sizes=(7, 3), axes=(2, 3), mode="nearest", shape_calculation_mode="sizes",
                             coordinate_transformation_mode="asymmetric", nearest_mode="floor")
        want = F.interpolate(view, size=(7, 3), mode="nearest")
        assert got.stride() == want.stride()


def test_npu_tensors_take_the_torch_npu_paths(monkeypatch):
    """PrivateUse1 code cannot run here (no torch_npu); what can be checked is that NPU tensors are routed
    to it: the Interpolate launch asks torch_npu for its stream, the trilinear pair calls torch_npu's aten
    ops, and without torch_npu both say so."""
    from types import SimpleNamespace

    from ascend_interpolate import ops

    monkeypatch.setitem(sys.modules, "torch_npu", None)  # import torch_npu -> ImportError
    npu = SimpleNamespace(device=SimpleNamespace(type="npu"))
    assert ops._launch_kind(npu, "torch") == "npu" and ops._launch_kind(npu, "numpy") == "numpy"
    assert ops._launch_kind(_rand((2,)), "torch") == "torch"
    attrs = ops._interpolate_attrs([4], [8], None, None, "linear", "sizes")
    for backward in (False, True):
        with pytest.raises(RuntimeError, match="torch_npu cannot be imported"):
            ops._run_interpolate(_rand((4,)), "npu", attrs, torch.empty(8), backward=backward)
    with pytest.raises(RuntimeError, match="torch_npu cannot be imported"):
        ops._npu_upsample_trilinear3d(_rand((1, 1, 2, 2, 2)), [3, 3, 3], False, (None, None, None))
    with pytest.raises(RuntimeError, match="torch_npu cannot be imported"):
        ops._npu_upsample_trilinear3d_backward(_rand((1, 1, 3, 3, 3)), [3, 3, 3], [1, 1, 2, 2, 2], False,
                                               (None, None, None))
