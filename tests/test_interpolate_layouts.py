"""aclnnInterpolate on permuted-dense views (torch channels_last / channels_last_3d, transposed numpy
arrays, any memory order): the aclnn layer runs the kernel in the views' memory order, so no
view_copy launch stages them, and the result is the contiguous call's (within the reference's
tolerance: assert_contiguous_calls_result) on both SoCs.
Strided views (dense under no order) still go through view_copy; the backward keeps its tensors'
order (docs/aclnnInterpolateBackward.md "Summation order and determinism")."""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from properties import assert_interpolate_close, random_data, to_numpy, to_torch

torch = pytest.importorskip("torch")


@pytest.fixture(params=["ascend910b", "ascend310p"])
def soc(request, default_soc):
    ai.set_soc(request.param)
    return request.param


def _inverse(order):
    return tuple(int(i) for i in np.argsort(order))


def numpy_in_memory_order(values, order):
    """A numpy view equal to `values` whose memory holds dims in `order` (outermost first): dense,
    not C-contiguous."""
    return np.ascontiguousarray(values.transpose(order)).transpose(_inverse(order))


def torch_in_memory_order(values, order):
    return to_torch(values).permute(order).contiguous().permute(_inverse(order))


def out_in_a_bigger_buffer(shape, dtype, order, lead=7, tail=5):
    """A torch out with memory order `order`, dense, inside a buffer with `lead` elements before it and
    `tail` after it (filled with a marker); returns (out, buffer, marker values)."""
    numel = int(np.prod(shape))
    marker = to_torch(random_data((lead + numel + tail,), dtype, seed=99))
    buffer = marker.clone()
    permuted_shape = [shape[d] for d in order]
    out = buffer[lead:lead + numel].view(permuted_shape).permute(_inverse(order))
    return out, buffer, marker, (lead, lead + numel)


def kernels_of(call):
    with ai.profile() as p:
        result = call()
    return result, [launch["kernel"] for launch in p.launches]


def assert_bits_equal(got, want):
    got, want = to_numpy(got), to_numpy(want)
    assert got.shape == want.shape and got.dtype == want.dtype
    assert got.tobytes() == want.tobytes(), f"max |diff| {np.max(np.abs(got.astype(float) - want.astype(float)))}"


def assert_contiguous_calls_result(got, values, kwargs):
    """`got` is what the call on the contiguous `values` gives, and the reference's.  Within the
    reference's tolerance, not bit for bit: in another memory order the planner may group and order
    the separable passes differently (e.g. 310P, 5-D float16: NCDHW in two passes, NDHWC in one), so
    the float32 sums round differently (nearest copies, so it stays exact)."""
    got = to_numpy(got)
    assert_interpolate_close(got, reference.interpolate(values, **kwargs), values, kwargs, "vs reference")
    assert_interpolate_close(got, ai.interpolate(values, **kwargs), values, kwargs, "vs the contiguous call")


CL4 = (0, 2, 3, 1)     # torch channels_last: N, H, W, C
CL5 = (0, 2, 3, 4, 1)  # channels_last_3d: N, D, H, W, C

# (shape, dtype, memory order of x and of out, kwargs): every mode, pads, axes not the trailing ones.
CASES = [
    ((2, 5, 9, 14), np.float32, CL4,
     dict(sizes=(13, 17), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")),
    ((1, 3, 12, 10), np.float32, CL4,
     dict(sizes=(5, 4), axes=(2, 3), mode="linear", shape_calculation_mode="sizes", antialias=True)),
    ((2, 4, 6, 7), np.float16, CL4,
     dict(scales=(2.0, 0.5), axes=(3, 2), mode="nearest", shape_calculation_mode="scales",
          coordinate_transformation_mode="asymmetric", nearest_mode="ceil")),
    ((1, 3, 5, 6), np.uint8, CL4,
     dict(sizes=(8, 8), axes=(2, 3), mode="linear_onnx", shape_calculation_mode="sizes",
          pads_begin=(0, 0, 1, 2), pads_end=(0, 0, 2, 0))),
    ((1, 2, 6, 8), np.float32, CL4,
     dict(sizes=(9, 5), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes", cube_coeff=-0.5,
          coordinate_transformation_mode="pytorch_half_pixel")),
    ((2, 3, 4, 5, 6), np.float32, CL5,
     dict(scales=(2.0, 1.5, 0.5), axes=(2, 3, 4), mode="linear_onnx", shape_calculation_mode="scales",
          coordinate_transformation_mode="align_corners")),
    ((1, 4, 3, 6, 5), np.float16, CL5,
     dict(sizes=(5, 4, 9), axes=(2, 3, 4), mode="linear", shape_calculation_mode="sizes")),
    ((1, 2, 3, 4, 5), np.uint8, CL5,
     dict(sizes=(6, 8, 3), axes=(2, 3, 4), mode="nearest", shape_calculation_mode="sizes")),
    # memory orders that are no format: the changed axes lead, or sit innermost-first
    ((6, 5, 4, 3), np.float32, (2, 0, 3, 1),
     dict(sizes=(9, 3), axes=(0, 1), mode="cubic", shape_calculation_mode="sizes",
          pads_begin=(1, 0, 0, 2), pads_end=(0, 1, 0, 0))),
    ((7, 4, 9), np.uint8, (2, 1, 0),
     dict(scales=(0.6, 1.7), axes=(0, 2), mode="linear", shape_calculation_mode="scales")),
    ((5, 3, 8, 6), np.float16, (3, 2, 1, 0),
     dict(sizes=(4, 11), axes=(0, 2), mode="linear_onnx", shape_calculation_mode="sizes",
          pads_end=(0, 0, 1, 0))),
]


def _ids():
    return [f"{len(s)}d-{np.dtype(t).name}-{''.join(map(str, o))}-{k['mode']}" for s, t, o, k in CASES]


@pytest.mark.parametrize("shape, dtype, order, kwargs", CASES, ids=_ids())
def test_torch_permuted_dense_in_and_out_run_without_view_copy(soc, shape, dtype, order, kwargs):
    values = random_data(shape, dtype, seed=sum(shape))
    want_shape = reference.interpolate(values, **kwargs).shape
    out, buffer, marker, (lo, hi) = out_in_a_bigger_buffer(want_shape, dtype, order)
    x = torch_in_memory_order(values, order)
    assert not x.is_contiguous() and not out.is_contiguous()
    got, kernels = kernels_of(lambda: ai.interpolate(x, **kwargs, out=out))
    assert got is out
    assert kernels == ["interpolate_separable"]
    assert_contiguous_calls_result(out, values, kwargs)
    assert torch.equal(buffer[:lo], marker[:lo]) and torch.equal(buffer[hi:], marker[hi:])


@pytest.mark.parametrize("shape, dtype, order, kwargs", CASES[::2], ids=_ids()[::2])
def test_numpy_transposed_in_and_out_run_without_view_copy(soc, shape, dtype, order, kwargs):
    values = random_data(shape, dtype, seed=sum(shape) + 1)
    out = numpy_in_memory_order(np.zeros(reference.interpolate(values, **kwargs).shape, dtype), order)
    x = numpy_in_memory_order(values, order)
    assert not x.flags.c_contiguous and not out.flags.c_contiguous
    got, kernels = kernels_of(lambda: ai.interpolate(x, **kwargs, out=out))
    assert got is out and kernels == ["interpolate_separable"]
    assert_contiguous_calls_result(out, values, kwargs)


@pytest.mark.parametrize("memory_format, shape, kwargs", [
    ("channels_last", (2, 3, 7, 9), dict(sizes=(11, 4), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes")),
    ("channels_last_3d", (1, 3, 4, 5, 6),
     dict(sizes=(7, 3, 8), axes=(2, 3, 4), mode="linear", shape_calculation_mode="sizes")),
])
def test_torch_memory_format_result_keeps_the_format_without_view_copy(soc, memory_format, shape, kwargs):
    fmt = getattr(torch, memory_format)
    values = random_data(shape, np.float32, seed=5)
    x = to_torch(values).contiguous(memory_format=fmt)
    got, kernels = kernels_of(lambda: ai.interpolate(x, **kwargs))
    assert got.is_contiguous(memory_format=fmt) and kernels == ["interpolate_separable"]
    assert got.dtype == torch.float32
    assert_contiguous_calls_result(got, values, kwargs)


def test_one_permuted_side_stages_the_smaller_operand(soc):
    """x channels_last, out contiguous: the kernel runs in the order that stages the fewer bytes --
    x's own when out is the smaller (a shrink: out scattered), out's when x is (a zoom: x gathered)."""
    kw = dict(axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    values = random_data((1, 4, 12, 12), np.float32, seed=7)
    x = to_torch(values).contiguous(memory_format=torch.channels_last)
    for sizes, staging in (((6, 6), ["interpolate_separable", "view_copy"]),
                           ((24, 24), ["view_copy", "interpolate_separable"])):
        out = torch.empty((1, 4) + sizes)
        _, kernels = kernels_of(lambda: ai.interpolate(x, sizes=sizes, **kw, out=out))
        assert kernels == staging, sizes
        assert_contiguous_calls_result(out, values, dict(sizes=sizes, **kw))


def test_strided_view_still_goes_through_view_copy(soc):
    kw = dict(sizes=(9, 5), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    base = random_data((2, 3, 6, 14), np.float32, seed=11)
    x = to_torch(base).contiguous(memory_format=torch.channels_last)[:, :, :, ::2]  # dense in no order
    values = to_numpy(x)
    out = torch.empty((2, 3, 9, 5), memory_format=torch.channels_last)
    _, kernels = kernels_of(lambda: ai.interpolate(x, **kw, out=out))
    assert kernels == ["view_copy", "interpolate_separable"]
    assert_contiguous_calls_result(out, values, kw)


@pytest.mark.parametrize("order, shape, kwargs", [
    (CL4, (1, 3, 5, 7), dict(sizes=(9, 4), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes")),
    # permuted into its memory order, this backward's float32 sums would round differently (checked)
    (CL5, (1, 2, 10, 10, 10), dict(sizes=(6, 5, 11), axes=(2, 3, 4), mode="linear", shape_calculation_mode="sizes")),
    (CL5, (1, 2, 3, 4, 5), dict(sizes=(5, 2, 7), axes=(2, 3, 4), mode="linear", shape_calculation_mode="sizes",
                                antialias=True)),
    ((2, 0, 3, 1), (6, 5, 4, 3), dict(sizes=(4, 7), axes=(0, 1), mode="linear_onnx", shape_calculation_mode="sizes",
                                      pads_begin=(1, 0, 0, 0))),
])
def test_backward_of_permuted_views_is_the_contiguous_calls_bits(soc, order, shape, kwargs):
    """The backward stays in its tensors' own order (its planner's summation order is positional):
    permuted views are staged, and the bits are the contiguous call's."""
    in_shape = shape
    grad_shape = ai.interpolate(np.zeros(in_shape, np.float32), **kwargs).shape
    g = random_data(grad_shape, np.float32, seed=3)
    want = ai.interpolate_backward(g, in_shape, **kwargs)
    out = torch_in_memory_order(np.zeros(in_shape, np.float32), order)
    got, kernels = kernels_of(lambda: ai.interpolate_backward(torch_in_memory_order(g, order), in_shape, **kwargs,
                                                              out=out))
    assert got is out
    assert kernels == ["view_copy", "interpolate_separable", "view_copy"]
    assert_bits_equal(out, want)


# ---- 310P staging: views with unit innermost stride and rows of >= 32 B move by DMA ----------------
# (view_copy's DMA_ROWS path: 32 B-multiple DataCopy, no scalar GM access; rows under 32 B and
# non-unit inner strides keep the scalar path).  Row bytes: fp32 13 -> 52, fp16 21 -> 42, uint8 45 ->
# 45 (none a 32 B multiple), fp32 16 -> 64 (whole blocks: the gather may use several cores).
DMA_VIEWS = [(np.float32, 13), (np.float16, 21), (np.uint8, 45), (np.float32, 16)]
_DMA_KW = dict(sizes=(7, 9), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")


def _strided_inputs(dtype, row):
    base = to_torch(random_data((2, 3, 10, row + 7), dtype, seed=5))
    return {"outer-dims-sliced": base[:, ::2, ::2, 2:2 + row],   # x[..., ::2] of the outer dims
            "column-sliced": base[:, :, 1:9, 3:3 + row]}


def _scalar_gm(record):
    return record["scalar_gm_reads"] + record["scalar_gm_writes"]


@pytest.mark.parametrize("dtype, row", DMA_VIEWS, ids=lambda v: getattr(v, "__name__", str(v)))
def test_310p_strided_input_is_gathered_by_dma_bit_for_bit(default_soc, dtype, row):
    ai.set_soc("ascend310p")
    for name, x in _strided_inputs(dtype, row).items():
        assert not x.is_contiguous()
        want = ai.interpolate(x.contiguous(), **_DMA_KW)
        dense = ai.last_launch()
        with ai.profile() as p:
            got = ai.interpolate(x, **_DMA_KW)
        assert [launch["role"] for launch in p.launches] == ["gather", "kernel"], name
        assert_bits_equal(got, want)
        gather = p.launches[0]
        # DMA: the view's bytes move by DataCopy (the scalar path moves none), plus at most one 32 B tail
        # block per row (one chunk each here) both ways, and the call makes no scalar GM access beyond
        # the kernel's own
        view_bytes, rows = x.numel() * x.element_size(), x.numel() // row
        for moved in ("gm_read_bytes", "gm_write_bytes"):
            assert view_bytes <= gather[moved] <= view_bytes + 32 * rows, (name, moved)
            if (row * x.element_size()) % 32 == 0:
                assert gather[moved] == view_bytes, (name, moved)
        assert _scalar_gm(p.calls[0]) == _scalar_gm(dense), name
        assert gather["modeled_time_us"] < 100, name


@pytest.mark.parametrize("dtype, row", DMA_VIEWS, ids=lambda v: getattr(v, "__name__", str(v)))
def test_310p_strided_out_is_scattered_by_dma_leaving_other_bytes(default_soc, dtype, row):
    ai.set_soc("ascend310p")
    values = to_torch(random_data((2, 3, 5, 6), dtype, seed=6))
    kw = dict(sizes=(7, row), axes=(2, 3), mode="linear", shape_calculation_mode="sizes")
    want = ai.interpolate(values, **kw)
    dense = ai.last_launch()
    marker = to_torch(random_data((2, 6, 9, row + 5), dtype, seed=8))
    for name, window in (("outer-dims-sliced", (slice(None), slice(None, None, 2), slice(1, 8), slice(2, 2 + row))),
                         ("column-sliced", (slice(None), slice(1, 4), slice(0, 7), slice(5, 5 + row)))):
        buffer = marker.clone()
        out = buffer[window]
        assert not out.is_contiguous() and tuple(out.shape) == (2, 3, 7, row)
        with ai.profile() as p:
            ai.interpolate(values, **kw, out=out)
        assert [launch["role"] for launch in p.launches] == ["kernel", "scatter"], name
        assert_bits_equal(out, want)
        outside = torch.ones(buffer.shape, dtype=torch.bool)
        outside[window] = False
        assert torch.equal(buffer[outside], marker[outside]), f"{name}: bytes outside the view written"
        scatter = p.launches[1]
        view_bytes, rows = out.numel() * out.element_size(), out.numel() // row
        for moved in ("gm_read_bytes", "gm_write_bytes"):
            assert view_bytes <= scatter[moved] <= view_bytes + 32 * rows, (name, moved)
        assert _scalar_gm(p.calls[0]) == _scalar_gm(dense), name
        assert scatter["modeled_time_us"] < 100, name


def test_310p_short_rows_and_inner_strides_stay_scalar(default_soc):
    """Rows under 32 B (fp32 x 5) and an inner stride of 2 keep view_copy's scalar path."""
    ai.set_soc("ascend310p")
    base = to_torch(random_data((2, 3, 10, 14), np.float32, seed=9))
    for x in (base[:, :, :, 2:7], base[:, :, :, ::2]):
        want = ai.interpolate(x.contiguous(), **_DMA_KW)
        dense = ai.last_launch()
        with ai.profile() as p:
            got = ai.interpolate(x, **_DMA_KW)
        assert_bits_equal(got, want)
        assert p.launches[0]["role"] == "gather" and p.launches[0]["gm_read_bytes"] == 0
        assert _scalar_gm(p.calls[0]) >= _scalar_gm(dense) + 2 * x.numel()
