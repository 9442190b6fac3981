"""ascend_interpolate.reference.interpolate against the real OpenVINO Interpolate-4 (openvino 2026.4.1).

A seeded grid covers every mode x coordinate transform (x nearest mode for nearest, x antialias for
linear) x ranks 1..5, with random axes subsets in random order, random pads, sizes or scales, and per
axis up-, down-sampling or the same length. Each case is compared with every OpenVINO component that
is a valid oracle for it: the CPU plugin (f32 inference precision) and the core reference
(node.evaluate), excluding the known defects listed in docs/aclnnInterpolate.md "Testing against OpenVINO"
(predicates in tests/oracles.py). Every case has at least one valid oracle; none is skipped.

Tolerance (float32): |got - ref| <= 1e-5 * |ref| + 2e-6 * max|data|. The absolute term covers
outputs near 0, where OpenVINO's float32 sums of several taps cancel (a few float32 ulps of the
largest input); the reference sums in float64. nearest is compared exactly.
"""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from ascend_interpolate import reference
from oracles import BFLOAT16, core_reference_defect, cpu_plugin_defect, openvino_interpolate

GRID_SEED = 20261130
RTOL = 1e-5
ATOL_OF_MAX_INPUT = 2e-6

UP_SCALES = (1.25, 1.5, 1.8, 2.0, 2.5, 3.0)
DOWN_SCALES = (0.3, 0.4, 0.5, 0.6, 0.75, 0.8)


@dataclasses.dataclass(frozen=True)
class Case:
    seed: int
    shape: tuple
    axes: tuple
    sizes: tuple  # output lengths per axis (the op's sizes input; ignored in scales mode)
    scales: tuple  # float32 scales per axis (the op's scales input; ignored in sizes mode)
    attrs: tuple  # sorted (name, value) pairs of interpolate() keyword arguments
    cpu_defect: str | None
    core_defect: str | None
    dtype: str = "float32"

    @property
    def kwargs(self):
        return dict(self.attrs)

    def ident(self):
        kw = self.kwargs
        parts = [kw["mode"], kw["coordinate_transformation_mode"]]
        if kw["mode"] == "nearest":
            parts.append(kw["nearest_mode"])
        parts += [f"aa{int(kw['antialias'])}", kw["shape_calculation_mode"], f"r{len(self.shape)}",
                  "pads" if any(kw["pads_begin"]) or any(kw["pads_end"]) else "nopads", self.dtype, str(self.seed)]
        return "-".join(parts)


def _draw_case(rng, mode, ctm, nearest_mode, antialias, rank, shape_calculation_mode, dtype="float32",
               only_cpu=False):
    """Draw random shape/axes/pads/lengths until at least one OpenVINO component is a valid oracle."""
    for _ in range(200):
        max_dim = 6 if rank <= 3 else 4
        shape = [int(n) for n in rng.integers(1, max_dim + 1, rank)]
        axes = [int(a) for a in rng.permutation(rank)[: int(rng.integers(1, rank + 1))]]
        pads_begin, pads_end = [0] * rank, [0] * rank
        if rng.random() < 0.4:
            pads_begin = [int(p) for p in rng.integers(0, 3, rank)]
            pads_end = [int(p) for p in rng.integers(0, 3, rank)]
            if rng.random() < 0.3:  # pads shorter than rank are zero-extended; longer ones truncated
                pads_begin = pads_begin[: int(rng.integers(1, rank + 1))]
                pads_end = pads_end + [int(rng.integers(0, 3))]
        fit = lambda p: (list(p) + [0] * rank)[:rank]  # noqa: E731
        padded = [n + b + e for n, b, e in zip(shape, fit(pads_begin), fit(pads_end))]
        kinds = [str(rng.choice(["up", "down", "same"], p=[0.45, 0.4, 0.15])) for _ in axes]
        if mode == "linear" and antialias and "down" not in kinds:
            kinds[int(rng.integers(len(kinds)))] = "down"  # antialias only acts when an axis downsamples
        sizes, scales = [], []
        for axis, kind in zip(axes, kinds):
            length = padded[axis]
            if shape_calculation_mode == "sizes":
                if kind == "up":
                    out = length + int(rng.integers(1, length + 4))
                elif kind == "down":
                    out = int(rng.integers(1, length)) if length > 1 else 1
                else:
                    out = length
                sizes.append(out)
                scales.append(float(np.float32(out) / np.float32(length)))
            else:
                scale = {"up": UP_SCALES, "down": DOWN_SCALES, "same": (1.0,)}[kind]
                scale = float(np.float32(rng.choice(scale)))
                scales.append(scale)
                sizes.append(reference._scales_mode_length(length, scale))
        if min(sizes) < 1:
            continue
        resize_scales = [float(np.float32(s)) for s in scales]
        cpu = cpu_plugin_defect(rank, axes, mode, antialias, fit(pads_begin), fit(pads_end), resize_scales,
                                dtype if dtype != "bfloat16" else "float32", ctm, nearest_mode,
                                [padded[a] for a in axes], sizes)
        core = core_reference_defect(rank, axes, mode, [padded[a] for a in axes], sizes, dtype)
        if only_cpu and cpu is not None:
            continue
        if cpu is not None and core is not None:
            continue
        attrs = dict(
            mode=mode,
            shape_calculation_mode=shape_calculation_mode,
            coordinate_transformation_mode=ctm,
            nearest_mode=nearest_mode,
            antialias=antialias,
            pads_begin=tuple(pads_begin),
            pads_end=tuple(pads_end),
            cube_coeff=float(rng.choice([-0.75, -0.5])) if mode == "cubic" else -0.75,
        )
        return Case(int(rng.integers(2**31)), tuple(shape), tuple(axes), tuple(sizes), tuple(scales),
                    tuple(sorted(attrs.items())), cpu, core, dtype)
    raise AssertionError(f"no OpenVINO oracle found for {mode} {ctm} rank {rank}")


def _float32_grid():
    rng = np.random.default_rng(GRID_SEED)
    cases = []
    for mode in reference.MODES:
        for ctm in reference.COORDINATE_TRANSFORMATION_MODES:
            nearest_modes = reference.NEAREST_MODES if mode == "nearest" else ("round_prefer_floor",)
            antialiases = (False, True) if mode == "linear" else (bool(rng.random() < 0.3),)
            for nearest_mode in nearest_modes:
                for antialias in antialiases:
                    for rank in range(1, 6):
                        scm = ("sizes", "scales")[(rank + len(cases)) % 2]
                        cases.append(_draw_case(rng, mode, ctm, nearest_mode, antialias, rank, scm))
    return cases


def _dtype_grid():
    """Integer and half-precision inputs against the CPU plugin (the core reference wraps integers)."""
    rng = np.random.default_rng(GRID_SEED + 1)
    cases = []
    for dtype in ("int8", "uint8", "int32", "float16", "bfloat16"):
        for mode in reference.MODES:
            for _ in range(3):
                ctm = str(rng.choice(reference.COORDINATE_TRANSFORMATION_MODES))
                nearest_mode = str(rng.choice(reference.NEAREST_MODES))
                no_rank5 = mode == "cubic" and dtype.startswith(("int", "uint"))  # see cpu_plugin_defect
                rank = int(rng.integers(1, 5 if no_rank5 else 6))
                scm = str(rng.choice(["sizes", "scales"]))
                cases.append(_draw_case(rng, mode, ctm, nearest_mode, False, rank, scm, dtype, only_cpu=True))
    return cases


NASTY_SCALES = (0.6, 0.3, 0.7, 0.45, 1 / 3, 2 / 3, 0.2, 0.9, 1.1, 1.4, 1.8, 2.2, 2.5, 3.0)


def _long_axis_grid():
    """One long axis (20..300) per case, so that float32 coordinate rounding (ties, exact integers,
    docs/aclnnInterpolate.md "Coordinate transforms") decides pixels: every transform x nearest mode,
    and the other modes."""
    rng = np.random.default_rng(GRID_SEED + 2)
    cases = []
    combos = [("nearest", ctm, nm) for ctm in reference.COORDINATE_TRANSFORMATION_MODES for nm in reference.NEAREST_MODES]
    combos += [(m, ctm, "round_prefer_floor") for m in ("linear", "linear_onnx", "cubic")
               for ctm in reference.COORDINATE_TRANSFORMATION_MODES]
    for mode, ctm, nearest_mode in combos:
        for shape_calculation_mode in ("scales", "sizes") * (2 if mode == "nearest" else 1):
            length = int(rng.integers(20, 300))
            rank = 2 if mode == "linear_onnx" else int(rng.integers(1, 3))  # core ref: linear_onnx {0, 1}
            shape = (length,) if rank == 1 else (length, int(rng.integers(1, 4)))
            axes = (0,) if rank == 1 else ((0, 1) if mode == "linear_onnx" else (0,))
            if shape_calculation_mode == "scales":
                scales = [float(np.float32(rng.choice(NASTY_SCALES if shape[a] >= 20 else UP_SCALES))) for a in axes]
                sizes = [reference._scales_mode_length(shape[a], s) for a, s in zip(axes, scales)]
            else:
                sizes = [int(rng.integers(1 if shape[a] < 5 else 5, 2 * shape[a] + 2)) for a in axes]
                scales = [float(np.float32(o) / np.float32(shape[a])) for a, o in zip(axes, sizes)]
            antialias = mode == "linear" and bool(rng.random() < 0.5)
            cpu = cpu_plugin_defect(rank, axes, mode, antialias, [0] * rank, [0] * rank, scales, np.float32, ctm,
                                    nearest_mode, [shape[a] for a in axes], sizes)
            core = core_reference_defect(rank, axes, mode, [shape[a] for a in axes], sizes)
            attrs = dict(mode=mode, shape_calculation_mode=shape_calculation_mode, coordinate_transformation_mode=ctm,
                         nearest_mode=nearest_mode, antialias=antialias, pads_begin=(0,), pads_end=(0,), cube_coeff=-0.75)
            cases.append(Case(int(rng.integers(2**31)), shape, axes, tuple(sizes), tuple(scales),
                              tuple(sorted(attrs.items())), cpu, core))
    return cases


FLOAT32_CASES = _float32_grid()
LONG_AXIS_CASES = _long_axis_grid()
DTYPE_CASES = _dtype_grid()


def _random_data(case):
    rng = np.random.default_rng(case.seed)
    if case.dtype in ("int8", "uint8", "int32"):
        info = np.iinfo(case.dtype)
        low, high = max(info.min, -(2**20)), min(info.max, 2**20)  # int32 within float32's exact range
        return rng.integers(low, high, case.shape, endpoint=True).astype(case.dtype)
    values = rng.standard_normal(case.shape) * 4.0
    dtype = BFLOAT16 if case.dtype == "bfloat16" else np.dtype(case.dtype)
    return values.astype(np.float32).astype(dtype)


def _oracles(case):
    backends = [name for name, defect in (("cpu", case.cpu_defect), ("evaluate", case.core_defect)) if defect is None]
    assert backends, "every grid case must have a valid OpenVINO oracle"
    return backends


def _assert_close_float32(got, ref, data, context):
    assert got.shape == ref.shape, context
    if ref.size == 0:
        return
    got = got.astype(np.float64)
    tolerance = RTOL * np.abs(ref) + ATOL_OF_MAX_INPUT * float(np.abs(data).max())
    bad = ~(np.abs(got - ref) <= tolerance)
    assert not bad.any(), f"{context}: {bad.sum()} of {ref.size} differ; max |diff| {np.abs(got - ref).max():.3g}"


@pytest.mark.parametrize("case", FLOAT32_CASES + LONG_AXIS_CASES, ids=Case.ident)
def test_float32_matches_openvino(case):
    data = _random_data(case)
    assert np.any(data != 0)
    ref = reference.interpolate(data, case.sizes, case.scales, case.axes, **case.kwargs)
    assert ref.dtype == np.float32
    for backend in _oracles(case):
        got = openvino_interpolate(data, case.sizes, case.scales, case.axes, backend=backend, **case.kwargs)
        context = f"{backend} {case}"
        if case.kwargs["mode"] == "nearest":  # nearest copies values: exact
            assert got.shape == ref.shape, context
            np.testing.assert_array_equal(got, ref, err_msg=context)
        else:
            _assert_close_float32(got, ref.astype(np.float64), data, context)


def _ulps_apart(a, b, dtype):
    """Distance in units in the last place between two arrays of a 16-bit float dtype."""
    def ordered(x):
        bits = np.asarray(x, dtype=dtype).view(np.uint16).astype(np.int32)
        return np.where(bits & 0x8000, 0x8000 - bits, bits)  # monotone integer image of the float
    return np.abs(ordered(a) - ordered(b))


@pytest.mark.parametrize("case", DTYPE_CASES, ids=Case.ident)
def test_other_dtypes_match_openvino_cpu(case):
    data = _random_data(case)
    assert np.any(data != 0)
    ref = reference.interpolate(data, case.sizes, case.scales, case.axes, **case.kwargs)
    assert ref.dtype == data.dtype
    got = openvino_interpolate(data, case.sizes, case.scales, case.axes, backend="cpu", **case.kwargs)
    assert got.shape == ref.shape and got.dtype == ref.dtype, case
    if case.kwargs["mode"] == "nearest":
        np.testing.assert_array_equal(got, ref, err_msg=str(case))
    elif case.dtype in ("int8", "uint8", "int32"):
        # The plugin computes in float32, the reference in float64: a value within float32 error of a
        # .5 boundary may round the other way, so allow 1 unit; saturation is pinned in the rules tests.
        diff = np.abs(got.astype(np.int64) - ref.astype(np.int64))
        assert diff.max(initial=0) <= 1, f"{case}: max |diff| {diff.max()}"
    else:
        # float16/bfloat16: both compute in >= float32 and round once; allow 1 output ulp.
        ulps = _ulps_apart(got, ref, data.dtype)
        assert ulps.max(initial=0) <= 1, f"{case}: {ulps.max()} ulps apart"


def test_grid_covers_the_attribute_space():
    """The grid really covers every mode x transform x nearest mode x antialias x rank, both shape
    modes, pads, unsorted axes, up- and down-sampling (the brief's coverage list)."""
    seen = set()
    for case in FLOAT32_CASES:
        kw = case.kwargs
        seen.add((kw["mode"], kw["coordinate_transformation_mode"], kw["nearest_mode"] if kw["mode"] == "nearest" else "",
                  kw["antialias"] if kw["mode"] == "linear" else None, len(case.shape)))
    assert len(seen) == 5 * 5 * 5 + 5 * 2 * 5 + 5 * 5 + 5 * 5
    for mode in reference.MODES:
        mode_cases = [c for c in FLOAT32_CASES if c.kwargs["mode"] == mode]
        padded = [c for c in mode_cases if any(c.kwargs["pads_begin"]) or any(c.kwargs["pads_end"])]
        assert padded, mode
        assert any(list(c.axes) != sorted(c.axes) for c in mode_cases), mode
        assert {c.kwargs["shape_calculation_mode"] for c in mode_cases} == {"sizes", "scales"}, mode
        assert any(s > 1 for c in mode_cases for s in c.scales), mode
        assert any(s < 1 for c in mode_cases for s in c.scales), mode
        assert any(c.cpu_defect is None for c in mode_cases), mode
        assert any(c.core_defect is None for c in mode_cases), mode
