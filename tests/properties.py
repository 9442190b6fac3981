"""Shared pieces of the property-based tests (tests/test_properties_*.py, hypothesis).

Settings. Every property runs with ``derandomize=True`` (the examples are a fixed function of the
test's source and the tree, the same on every run and machine), ``deadline=None`` (the sim's first
launch of a kernel is slower than the rest) and no example database (failures are not saved and
replayed; hypothesis only caches the source's constants in .hypothesis/, which ignores itself in
git). ``EXAMPLES`` is the number of examples per parametrized case of each property;
tests/test_properties_counts.py pins these numbers to docs/reliability.md, so changing one means
changing both.

Tolerances, per dtype, as the docs state them:

- Interpolate forward (docs/aclnnInterpolate.md "dtypes"): float32 within ``1e-5 |ref|`` plus
  ``1e-5 max(max|x|, 1)`` (cancellation near zero); float16 / bfloat16 within 2 output ulps of the
  float64 reference rounded once, plus ``1e-6 max(max|x|, 1)``; integers: ``nearest`` exact, the
  other modes off by at most 1 and only where the float32 result lies at a .5 tie.
- UpsampleTrilinear3d forward (docs/aclnnUpsampleTrilinear3d.md "Precision"): float32 within
  ``1e-5 |ref| + 1e-6 max|x|``; float16 / bfloat16 within 2 output ulps plus ``4 * 2^-24 max(max|x|, 1)``.
- Both backwards (docs/aclnnUpsampleTrilinear3dBackward.md "Precision",
  docs/aclnnInterpolateBackward.md "Precision"): float32 within ``1e-5 |ref| + 1e-6 max|g| fan-in``;
  float16 / bfloat16 within 2 output ulps plus the same float32 term. fan-in is the most gradOut
  elements one gradInput element sums, counted from the reference's tap tables.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np
from hypothesis import HealthCheck, settings

from ascend_interpolate import reference

BF16 = np.dtype(ml_dtypes.bfloat16)
F32, F16 = np.dtype(np.float32), np.dtype(np.float16)
FLOAT_DTYPES = (F32, F16, BF16)
INTERPOLATE_DTYPES = FLOAT_DTYPES + (np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.int32))

# Family profiles and a CANN part name with another core count (docs/sim.md "Launching").
SOCS = ("ascend910b", "ascend310p", "Ascend910B3")

# Examples per test item (per parametrized case) of each property; docs/reliability.md "Property tests".
EXAMPLES = {
    "interpolate_forward": 400,
    "trilinear_forward": 200,
    "interpolate_backward": 300,
    "trilinear_backward": 150,
    "invalid_interpolate": 12,
    "invalid_trilinear": 12,
    "invalid_backward": 10,
    "c_api_null_pointers": 10,
    "c_api_bad_tensors": 10,
    "c_api_phase_two": 8,
    "phase_two_faults": 25,
}


def property_settings(name):
    """The hypothesis settings of property `name`: EXAMPLES[name] seeded examples, no deadline."""
    return settings(max_examples=EXAMPLES[name], derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                           HealthCheck.function_scoped_fixture])


def has_bf16(soc):
    return "310p" not in soc.lower()


# ---- tolerances ---------------------------------------------------------------------------------
_MANTISSA_BITS = {F16: 10, BF16: 7, F32: 23}
_SMALLEST_NORMAL = {F16: 2.0**-14, BF16: 2.0**-126, F32: 2.0**-126}


def ulp(values, dtype):
    """Spacing of `dtype` at |values| (float64 array), subnormals at the smallest normal's spacing."""
    dtype = np.dtype(dtype)
    magnitude = np.maximum(np.abs(values), _SMALLEST_NORMAL[dtype])
    return 2.0 ** (np.floor(np.log2(magnitude)) - _MANTISSA_BITS[dtype])


def _max_abs(a):
    a = np.asarray(a).astype(np.float64)
    return float(np.max(np.abs(a))) if a.size else 0.0


def _assert_within(got, want, tolerance, what):
    g, w = np.asarray(got).astype(np.float64), np.asarray(want).astype(np.float64)
    assert g.shape == w.shape, f"{what}: shape {g.shape} != {w.shape}"
    bad = ~(np.abs(g - w) <= tolerance)
    if bad.any():
        i = np.flatnonzero(bad)[0]
        limit = np.broadcast_to(tolerance, g.shape).flat[i]
        raise AssertionError(f"{what}: {int(bad.sum())} of {g.size} elements off; first at flat index {i}: "
                             f"got {g.flat[i]!r} want {w.flat[i]!r} (tolerance {limit!r})")


def assert_interpolate_close(got, want, x, kwargs, what=""):
    """docs/aclnnInterpolate.md "dtypes" (see the module docstring)."""
    dtype = np.dtype(want.dtype)
    assert np.dtype(got.dtype) == dtype, what
    if kwargs["mode"] == "nearest":
        np.testing.assert_array_equal(got, want, err_msg=f"{what}: nearest copies bit-exactly")
        return
    w = want.astype(np.float64)
    scale = max(_max_abs(x), 1.0)
    if dtype == F32:
        _assert_within(got, want, 1e-5 * np.abs(w) + 1e-5 * scale, what)
    elif dtype in (F16, BF16):
        _assert_within(got, want, 2 * ulp(w, dtype) + 1e-6 * scale, what)
    else:
        _assert_integer_rounding_close(got, want, x, kwargs, what)


def _assert_integer_rounding_close(got, want, x, kwargs, what):
    """Integers: off by 1 only where the float32 result sits at a .5 tie within float32 error."""
    diff = np.abs(got.astype(np.float64) - want.astype(np.float64))
    assert diff.max(initial=0) <= 1, f"{what}: integer error {diff.max()}"
    if (diff == 1).any():
        exact = reference.interpolate(x.astype(np.float32), **kwargs).astype(np.float64)
        frac = np.abs(exact - np.floor(exact) - 0.5)
        at_tie = frac <= 8e-6 * np.maximum(np.abs(exact), 1.0) + 1e-4
        assert at_tie[diff == 1].all(), f"{what}: off by 1 away from a .5 tie: {exact[(diff == 1) & ~at_tie][:8]}"


def assert_trilinear_close(got, want, x, what=""):
    """docs/aclnnUpsampleTrilinear3d.md "Precision" (see the module docstring)."""
    dtype = np.dtype(want.dtype)
    assert np.dtype(got.dtype) == dtype, what
    w = want.astype(np.float64)
    xmax = _max_abs(x)
    if dtype == F32:
        _assert_within(got, want, 1e-5 * np.abs(w) + 1e-6 * xmax, what)
    else:
        _assert_within(got, want, 2 * ulp(w, dtype) + 4 * 2.0**-24 * max(xmax, 1.0), what)


def assert_gradient_close(got, want, g, fan_in, what=""):
    """docs/aclnn*Backward.md "Precision" (see the module docstring)."""
    dtype = np.dtype(want.dtype)
    assert np.dtype(got.dtype) == dtype, what
    w = want.astype(np.float64)
    fp32_term = 1e-6 * _max_abs(g) * fan_in
    if dtype == F32:
        _assert_within(got, want, 1e-5 * np.abs(w) + fp32_term, what)
    else:
        _assert_within(got, want, 2 * ulp(w, dtype) + fp32_term, what)


# ---- fan-in (the backwards' float32 term) ------------------------------------------------------
def _axis_fan_in(src_index):
    """The most taps of one axis table that read one source index."""
    taps = np.asarray(src_index).ravel()
    taps = taps[taps != reference.NO_TAP]
    return int(np.bincount(taps).max()) if taps.size else 1


def interpolate_fan_in(in_shape, kwargs):
    plan = reference._interpolate_plan(
        list(in_shape), kwargs.get("sizes"), kwargs.get("scales"), kwargs.get("axes"), kwargs["mode"],
        kwargs["shape_calculation_mode"], kwargs.get("coordinate_transformation_mode", "half_pixel"),
        kwargs.get("nearest_mode", "round_prefer_floor"), kwargs.get("antialias", False),
        kwargs.get("pads_begin", (0,)), kwargs.get("pads_end", (0,)), kwargs.get("cube_coeff", -0.75))
    return int(np.prod([_axis_fan_in(src) for _, src, _ in plan.tables]))


def trilinear_fan_in(in_size, out_size, align_corners, scales):
    fan = 1
    for in_len, out_len, scale in zip(in_size, out_size, scales):
        src, _ = reference._trilinear_axis_taps(in_len, out_len, align_corners, scale)
        fan *= _axis_fan_in(src)
    return fan


# ---- data and poison ----------------------------------------------------------------------------
def random_data(shape, dtype, seed):
    """Finite values of `dtype`: normal * 4 for floats, the type's range clipped to +-3000 for integers."""
    rng = np.random.default_rng(seed)
    dtype = np.dtype(dtype)
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return rng.integers(max(int(info.min), -3000), min(int(info.max), 3000), size=shape,
                            endpoint=True).astype(dtype)
    return (rng.standard_normal(shape) * 4).astype(np.float32).astype(dtype)


def poison_like(want):
    """Values no correct result has: NaN for floats (inputs are finite), the bitwise complement for integers."""
    if want.dtype.kind in "iu":
        return np.invert(want)
    return np.full(want.shape, np.nan, dtype=want.dtype)


def random_bytes(shape, dtype, seed):
    """An array of `dtype` filled with random bytes (an `out` whose bytes must survive a rejected call)."""
    count = int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
    raw = np.random.default_rng(seed).integers(0, 256, size=count, dtype=np.uint8)
    return raw.view(dtype).reshape(shape)


# ---- layouts: the same values as numpy / torch views of several kinds --------------------------
NUMPY_LAYOUTS = ("contiguous", "strided", "transposed", "reversed")
TORCH_LAYOUTS = ("contiguous", "channels_last", "strided", "transposed")
NUMPY_OUT_LAYOUTS = (None, "contiguous", "strided", "reversed")
TORCH_OUT_LAYOUTS = (None, "contiguous", "channels_last", "strided")


def _torch():
    import torch

    return torch


def to_torch(values):
    """A contiguous torch tensor with `values` (bfloat16 through its bits)."""
    torch = _torch()
    values = np.ascontiguousarray(values)
    if values.dtype == BF16:
        return torch.from_numpy(values.view(np.int16).copy()).view(torch.bfloat16)
    return torch.from_numpy(values.copy())


def to_numpy(x):
    """The values of a numpy array or torch tensor as a C-contiguous numpy array of the same dtype."""
    if isinstance(x, np.ndarray):
        return np.ascontiguousarray(x)
    torch = _torch()
    t = x.detach().contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().view(BF16).copy()
    return t.numpy().copy()


def _inverse(perm):
    return tuple(int(i) for i in np.argsort(perm))


def _strided_slices(shape):
    """Every other element of a buffer of 2n + 1 per dimension, starting at 1: strides > 1 and an offset."""
    return tuple(slice(1, 1 + 2 * n, 2) for n in shape)


def _strided_buffer_shape(shape):
    return [2 * n + 1 for n in shape]


def numpy_view(values, layout):
    """A numpy array equal to `values`: contiguous; a strided view into a larger buffer; a transposed
    memory order (channels-last for rank 4 and 5); or negative strides (the binding copies those)."""
    if layout == "contiguous":
        return values.copy()
    if layout == "strided":
        big = np.zeros(_strided_buffer_shape(values.shape), dtype=values.dtype)
        view = big[_strided_slices(values.shape)]
        view[...] = values
        return view
    if layout == "transposed":
        perm = _memory_order(values.ndim)
        return np.ascontiguousarray(values.transpose(perm)).transpose(_inverse(perm))
    if layout == "reversed":
        flip = tuple(slice(None, None, -1) for _ in values.shape)
        return np.ascontiguousarray(values[flip])[flip]
    raise ValueError(layout)


def _memory_order(rank):
    """channels-last memory order for rank 4 / 5 (N, spatial..., C); reversed dims otherwise."""
    if rank >= 3:
        return (0,) + tuple(range(2, rank)) + (1,)
    return tuple(reversed(range(rank)))


def torch_view(values, layout):
    """A torch tensor equal to `values`: contiguous; channels_last / channels_last_3d (rank 4 / 5;
    a permuted memory order at other ranks); a strided view into a larger buffer; a transposed one."""
    torch = _torch()
    t = to_torch(values)
    if layout == "contiguous":
        return t
    if layout == "channels_last" and values.ndim in (4, 5):
        fmt = torch.channels_last if values.ndim == 4 else torch.channels_last_3d
        return t.contiguous(memory_format=fmt)
    if layout in ("channels_last", "transposed"):
        perm = _memory_order(values.ndim)
        return t.permute(perm).contiguous().permute(_inverse(perm))
    if layout == "strided":
        big = torch.zeros(_strided_buffer_shape(values.shape), dtype=t.dtype)
        view = big[_strided_slices(values.shape)]
        view.copy_(t)
        return view
    raise ValueError(layout)


def make_input(values, kind, layout):
    return numpy_view(values, layout) if kind == "numpy" else torch_view(values, layout)


def _bytes_of(x):
    """The raw bytes of a whole numpy array or torch tensor (its own elements, in view order)."""
    return to_numpy(x).view(np.uint8).tobytes()


class OutTarget:
    """The `out=` of a call (or None): a poisoned array/tensor of the expected shape in one of the
    out layouts. A strided out is a view into a larger buffer; `check_result` also checks that the
    buffer's elements outside the view were not written."""

    def __init__(self, poison, kind, layout):
        self.kind = kind
        self.layout = layout
        self.buffer = None
        if layout is None:
            self.out = None
        elif layout == "strided":
            gaps = random_bytes(_strided_buffer_shape(poison.shape), poison.dtype, seed=poison.size)
            self.buffer = gaps if kind == "numpy" else to_torch(gaps)
            self.out = self.buffer[_strided_slices(poison.shape)]
            if kind == "numpy":
                self.out[...] = poison
            else:
                self.out.copy_(to_torch(poison))
        else:
            self.out = make_input(poison, kind, layout)
        self.buffer_bytes = None if self.buffer is None else _bytes_of(self.buffer)
        self.out_bytes = None if self.out is None else _bytes_of(self.out)

    def check_result(self, result):
        """`result` is `out` when one was given, of the input's kind; returns its values (numpy)."""
        if self.out is not None:
            assert result is self.out, "the call must return out itself"
        expected_type = np.ndarray if self.kind == "numpy" else _torch().Tensor
        assert isinstance(result, expected_type), type(result)
        if self.buffer is not None:
            self._check_gaps_untouched()
        return to_numpy(result)

    def _check_gaps_untouched(self):
        item = to_numpy(self.out).dtype.itemsize
        before = np.frombuffer(self.buffer_bytes, np.uint8).reshape(tuple(self.buffer.shape) + (item,))
        after = np.frombuffer(_bytes_of(self.buffer), np.uint8).reshape(before.shape)
        inside = np.zeros(tuple(self.buffer.shape), dtype=bool)
        inside[_strided_slices(tuple(self.out.shape))] = True
        assert np.array_equal(before[~inside], after[~inside]), "elements between out's elements were written"

    def assert_untouched(self):
        if self.out is not None:
            assert _bytes_of(self.out) == self.out_bytes, "a rejected call changed out"
        if self.buffer is not None:
            assert _bytes_of(self.buffer) == self.buffer_bytes, "a rejected call changed out's buffer"

