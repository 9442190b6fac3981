"""ONNX Runtime as a second oracle for Interpolate-4: ONNX Resize models built in memory.

Each case is one ONNX ``Resize`` node (opset 19) made with ``onnx.helper`` and run on onnxruntime's
CPU provider; nothing is downloaded. The mapping is docs/aclnnInterpolate.md "ONNX Resize": ONNX
``nearest`` / ``linear`` / ``cubic`` are Interpolate-4's ``nearest`` / ``linear_onnx`` / ``cubic``
(``exclude_outside = 0``, ``cubic_coeff_a`` = ``cube_coeff``), the five coordinate transforms and four
nearest modes keep their names, ONNX ``sizes`` / ``scales`` + ``axes`` are ``sizes`` / ``scales`` +
``axes`` (scales only where both output-length rules give the same length). Both the float64
reference and the kernel (``ai.interpolate`` on the sim, both SoC profiles) are compared with ONNX
Runtime on a seeded grid, restricted to what ONNX Runtime 1.32 implements (linear: any axes of rank
2-3, axes within {2, 3} or {1, 2} at rank 4 and within {2, 3, 4} at rank 5; cubic: rank 2, or axes
within {2, 3} at rank 4; integer inputs: nearest).

Tolerances: float32 ``1e-5 |ort| + 1e-5 max(max|x|, 1)`` (both compute in float32, in other
orders); float16 2 ulps; nearest exact, except the near-tie outputs of ``round_prefer_floor`` /
``round_prefer_ceil`` described below.

The known differences are pinned with their measured values (and documented in docs/aclnnInterpolate.md
"ONNX Resize"), so that a change on either side is noticed:

- nearest, ``round_prefer_*``: at source coordinates that are exact .5 ties in real arithmetic ONNX
  Runtime rounds from another float value than Interpolate-4's float32 ``x / s``, so it can pick the
  neighbouring pixel (7 -> 4 asymmetric round_prefer_ceil: ORT [0 2 4 5], ours [0 2 3 5]).
- ``antialias``: another filter (1..16 as 4x4 -> 2x2 at scale 0.6: ORT 2.875 4.5 9.375 11, ours
  3.142857 4.714286 9.428572 11).
- integer ``linear``: ORT truncates toward zero, Interpolate-4 rounds half to even.
- ``exclude_outside = 1``: no Interpolate-4 counterpart.
- scales-mode lengths: ONNX ``floor(in * scale)`` (3 x 0.6666666269 -> 1), Interpolate-4 2.
- ``align_corners`` in scales mode: ONNX Runtime divides by the output length - 1, as Interpolate-4;
  the ONNX reference implementation (``onnx.reference``) by the unfloored ``in * scale - 1``.
"""
from __future__ import annotations

import itertools

import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from properties import F16, F32, random_data, ulp

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
from onnx import TensorProto, helper  # noqa: E402

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

OPSET = 19
ORT_SEVERITY_FATAL = 4  # ONNX Runtime logs deprecations (tf_half_pixel_for_nn) and errors on stderr otherwise
ort.set_default_logger_severity(ORT_SEVERITY_FATAL)
ONNX_TYPES = {np.dtype(np.float32): TensorProto.FLOAT, np.dtype(np.float16): TensorProto.FLOAT16,
              np.dtype(np.uint8): TensorProto.UINT8, np.dtype(np.int8): TensorProto.INT8,
              np.dtype(np.int32): TensorProto.INT32}
INTERPOLATE_MODE = {"nearest": "nearest", "linear": "linear_onnx", "cubic": "cubic"}
ONNX_NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil")  # `simple` is OpenVINO's only


# ---- building and running one Resize node ---------------------------------------------------------
def resize_model(x, sizes=None, scales=None, axes=None, **attributes):
    """An in-memory ONNX model: one Resize node of x with constant sizes or scales (and axes)."""
    inputs, initializers = ["X", "", ""], []
    if scales is not None:
        initializers.append(helper.make_tensor("scales", TensorProto.FLOAT, [len(scales)], [float(s) for s in scales]))
        inputs[2] = "scales"
    if sizes is not None:
        initializers.append(helper.make_tensor("sizes", TensorProto.INT64, [len(sizes)], [int(n) for n in sizes]))
        inputs.append("sizes")
    if axes is not None:
        attributes["axes"] = [int(a) for a in axes]
    node = helper.make_node("Resize", inputs, ["Y"], **attributes)
    kind = ONNX_TYPES[x.dtype]
    graph = helper.make_graph([node], "resize", [helper.make_tensor_value_info("X", kind, list(x.shape))],
                              [helper.make_tensor_value_info("Y", kind, [None] * x.ndim)], initializer=initializers)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    onnx.checker.check_model(model)
    return model


def run_onnx_runtime(x, **resize):
    options = ort.SessionOptions()
    options.log_severity_level = ORT_SEVERITY_FATAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
    session = ort.InferenceSession(resize_model(x, **resize).SerializeToString(), options,
                                   providers=["CPUExecutionProvider"])
    return session.run(None, {"X": x})[0]


def run_onnx_reference(x, **resize):
    from onnx.reference import ReferenceEvaluator

    return ReferenceEvaluator(resize_model(x, **resize)).run(None, {"X": x})[0]


# ---- the mapping ---------------------------------------------------------------------------------
def interpolate_kwargs(case):
    """Interpolate-4 arguments of an ONNX case (docs/aclnnInterpolate.md "ONNX Resize")."""
    kwargs = dict(axes=list(case["axes"]), mode=INTERPOLATE_MODE[case["mode"]],
                  coordinate_transformation_mode=case["transform"], nearest_mode=case["nearest_mode"],
                  cube_coeff=case["cubic_coeff_a"])
    if case["sizes"] is not None:
        kwargs.update(shape_calculation_mode="sizes", sizes=list(case["sizes"]))
    else:
        kwargs.update(shape_calculation_mode="scales", scales=list(case["scales"]))
    return kwargs


def onnx_resize_arguments(case):
    return dict(sizes=case["sizes"], scales=case["scales"], axes=case["axes"], mode=case["mode"],
                coordinate_transformation_mode=case["transform"], nearest_mode=case["nearest_mode"],
                cubic_coeff_a=case["cubic_coeff_a"], exclude_outside=0)


# ---- the grid ------------------------------------------------------------------------------------------
def _ort_axes(mode, rank, rng):
    """Axes of a rank that ONNX Runtime 1.32 implements for `mode` (see the module docstring)."""
    if mode == "nearest" or rank in (2, 3) and mode == "linear" or rank == 2:
        count = int(rng.integers(1, min(rank, 3) + 1))
        return sorted(int(a) for a in rng.permutation(rank)[:count])
    families = {4: [(2, 3), (1, 2)] if mode == "linear" else [(2, 3)], 5: [(2, 3, 4)]}[rank]
    family = families[int(rng.integers(len(families)))]
    count = int(rng.integers(1, len(family) + 1))
    return sorted(int(a) for a in rng.permutation(family)[:count])


def _ort_ranks(mode):
    return {"nearest": (1, 2, 3, 4, 5), "linear": (2, 3, 4, 5), "cubic": (2, 4)}[mode]


def _scales_with_equal_lengths(shape, axes, rng):
    """float32 scales whose ONNX length floor(in * s) is Interpolate-4's int(in * (s + 1e-6)), or None."""
    scales = [float(np.float32(rng.choice([0.5, 0.6, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0]))) for _ in axes]
    for axis, s in zip(axes, scales):
        onnx_length = int(np.floor(np.float32(shape[axis]) * np.float32(s)))
        if onnx_length < 1 or onnx_length != ai.ops.scales_mode_output_length(shape[axis], s):
            return None
    return scales


def _grid_case(mode, transform, nearest_mode, dtype, seed):
    rng = np.random.default_rng(seed)
    rank = int(rng.choice(_ort_ranks(mode)))
    shape = [int(rng.integers(1, 4)) for _ in range(rank)]
    axes = _ort_axes(mode, rank, rng)
    for a in axes:
        shape[a] = int(rng.integers(2, 8))
    scales = _scales_with_equal_lengths(shape, axes, rng) if rng.random() < 0.4 else None
    sizes = None if scales is not None else [int(rng.integers(1, 12)) for _ in axes]
    return dict(shape=shape, dtype=np.dtype(dtype), axes=axes, sizes=sizes, scales=scales, mode=mode,
                transform=transform, nearest_mode=nearest_mode,
                cubic_coeff_a=float(rng.choice([-0.75, -0.5, -0.6])), seed=seed)


TRANSFORMS = reference.COORDINATE_TRANSFORMATION_MODES


def _grid():
    cases = []
    combos = [("nearest", t, n) for t in TRANSFORMS for n in ONNX_NEAREST_MODES]
    combos += [(m, t, "round_prefer_floor") for m in ("linear", "cubic") for t in TRANSFORMS]
    for i, (mode, transform, nearest_mode) in enumerate(combos):
        dtypes = [F32, F32, F32]
        dtypes += [np.dtype(np.uint8), np.dtype(np.int32)] if mode == "nearest" else [F16]
        for j, dtype in enumerate(dtypes):
            cases.append(_grid_case(mode, transform, nearest_mode, dtype, seed=1000 * i + j))
    return cases


GRID = _grid()


def _case_id(case):
    return (f"{case['mode']}-{case['transform']}-{case['nearest_mode'] if case['mode'] == 'nearest' else ''}-"
            f"{case['dtype'].name}-{'x'.join(map(str, case['shape']))}-ax{''.join(map(str, case['axes']))}-"
            f"{'sizes' if case['sizes'] else 'scales'}{case['sizes'] or case['scales']}")


# ---- comparison --------------------------------------------------------------------------------------------
def _near_tie_outputs(x_shape, kwargs):
    """Output elements whose float32 source coordinate lies within 1e-4 of a .5 tie on some resized axis."""
    plan = reference._interpolate_plan(list(x_shape), kwargs.get("sizes"), kwargs.get("scales"), kwargs["axes"],
                                       kwargs["mode"], kwargs["shape_calculation_mode"],
                                       kwargs["coordinate_transformation_mode"], kwargs["nearest_mode"], False,
                                       [0], [0], -0.75)
    mask = np.zeros(plan.output_shape, dtype=bool)
    for i, axis in enumerate(kwargs["axes"]):
        out_len, in_len = plan.output_shape[axis], plan.padded_shape[axis]
        if out_len == in_len:
            continue
        scale = reference._sizes_mode_scale(out_len, in_len) if kwargs["shape_calculation_mode"] == "sizes" \
            else np.float32(kwargs["scales"][i])
        coord = reference._source_coordinates(kwargs["coordinate_transformation_mode"], out_len, in_len, scale)
        near = np.abs(coord - np.floor(coord) - 0.5) < 1e-4
        shape = [1] * len(plan.output_shape)
        shape[axis] = out_len
        mask |= near.reshape(shape)
    return mask


def assert_matches_onnx_runtime(got, want, x, kwargs, what):
    assert got.shape == want.shape and got.dtype == want.dtype, what
    if kwargs["mode"] == "nearest":
        keep = np.ones(want.shape, dtype=bool)
        if kwargs["nearest_mode"].startswith("round_prefer"):
            keep = ~_near_tie_outputs(x.shape, kwargs)
        np.testing.assert_array_equal(got[keep], want[keep], err_msg=what)
        return
    g, w = got.astype(np.float64), want.astype(np.float64)
    scale = max(float(np.abs(x.astype(np.float64)).max()), 1.0)
    tolerance = 1e-5 * np.abs(w) + 1e-5 * scale if want.dtype == F32 else 2 * ulp(w, want.dtype) + 1e-6 * scale
    assert np.all(np.abs(g - w) <= tolerance), f"{what}: max |diff| {np.abs(g - w).max():.3g}"


@pytest.mark.parametrize("case", GRID, ids=[_case_id(c) for c in GRID])
def test_reference_and_kernel_match_onnx_runtime(case):
    x = random_data(case["shape"], case["dtype"], seed=case["seed"])
    want = run_onnx_runtime(x, **onnx_resize_arguments(case))
    kwargs = interpolate_kwargs(case)
    assert_matches_onnx_runtime(reference.interpolate(x, **kwargs), want, x, kwargs, "reference")
    ai.set_soc("ascend310p" if case["seed"] % 2 else "ascend910b")
    assert_matches_onnx_runtime(ai.interpolate(x, **kwargs), want, x, kwargs, f"kernel on {ai.get_soc()}")


def test_the_grid_covers_every_mapped_attribute():
    seen = {(c["mode"], c["transform"], c["nearest_mode"] if c["mode"] == "nearest" else None) for c in GRID}
    assert len(seen) == len(TRANSFORMS) * (len(ONNX_NEAREST_MODES) + 2)
    assert {c["sizes"] is None for c in GRID} == {True, False}  # both shape modes
    assert {len(c["shape"]) for c in GRID} == {1, 2, 3, 4, 5}
    assert any(c["axes"] != list(range(len(c["shape"])))[-len(c["axes"]):] for c in GRID)  # non-trailing axes


# ---- the known differences, with their measured values ---------------------------------------------------
def _nearest_1d(length, out, transform, nearest_mode):
    x = np.arange(length, dtype=np.float32).reshape(1, length)
    ort_result = run_onnx_runtime(x, sizes=[1, out], mode="nearest", coordinate_transformation_mode=transform,
                                  nearest_mode=nearest_mode)
    ours = reference.interpolate(x, sizes=[out], axes=[1], mode="nearest", shape_calculation_mode="sizes",
                                 coordinate_transformation_mode=transform, nearest_mode=nearest_mode)
    return ort_result.ravel(), ours.ravel(), ai.interpolate(x, sizes=[out], axes=[1], mode="nearest",
                                                             shape_calculation_mode="sizes",
                                                             coordinate_transformation_mode=transform,
                                                             nearest_mode=nearest_mode).ravel()


@pytest.mark.parametrize("length, out, transform, nearest_mode, ort_pixels, our_pixels", [
    # 2 * 7/4 = 3.5 exactly; float32 2 / (4/7) = 3.4999998
    (7, 4, "asymmetric", "round_prefer_ceil", [0, 2, 4, 5], [0, 2, 3, 5]),
    # output 9: 9.5 * 14/19 - 0.5 = 6.5 exactly; float32 9.5 / (19/14) - 0.5 = 6.5000005
    (14, 19, "half_pixel", "round_prefer_floor", [6], [7]),
])
def test_nearest_near_ties_pick_other_pixels(length, out, transform, nearest_mode, ort_pixels, our_pixels):
    ort_result, ours, kernel = _nearest_1d(length, out, transform, nearest_mode)
    np.testing.assert_array_equal(kernel, ours)
    differ = np.flatnonzero(ort_result != ours)
    if len(ort_pixels) == out:
        np.testing.assert_array_equal(ort_result, ort_pixels)
        np.testing.assert_array_equal(ours, our_pixels)
    else:  # only the differing output
        assert differ.size == 1
        assert (ort_result[differ[0]], ours[differ[0]]) == (ort_pixels[0], our_pixels[0])


def _nearest_session(transform, nearest_mode):
    """One session for every 1-D length pair: sizes is a graph input."""
    node = helper.make_node("Resize", ["X", "", "", "sizes"], ["Y"], mode="nearest",
                            coordinate_transformation_mode=transform, nearest_mode=nearest_mode)
    graph = helper.make_graph([node], "nearest", [helper.make_tensor_value_info("X", TensorProto.FLOAT, [1, None]),
                                                  helper.make_tensor_value_info("sizes", TensorProto.INT64, [2])],
                              [helper.make_tensor_value_info("Y", TensorProto.FLOAT, [1, None])])
    options = ort.SessionOptions()
    options.log_severity_level = ORT_SEVERITY_FATAL
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", OPSET)])
    return ort.InferenceSession(model.SerializeToString(), options, providers=["CPUExecutionProvider"])


# Length pairs (in, out), in and out in 1..19, where ONNX Runtime's nearest picks another pixel than
# Interpolate-4's (docs/aclnnInterpolate.md "ONNX Resize"); floor and ceil never differ.
NEAR_TIE_DIFFERENCES = {
    ("asymmetric", "round_prefer_ceil"): 18, ("asymmetric", "round_prefer_floor"): 0,
    ("tf_half_pixel_for_nn", "round_prefer_ceil"): 8, ("tf_half_pixel_for_nn", "round_prefer_floor"): 2,
    ("half_pixel", "round_prefer_ceil"): 1, ("half_pixel", "round_prefer_floor"): 1,
    ("pytorch_half_pixel", "round_prefer_ceil"): 0, ("pytorch_half_pixel", "round_prefer_floor"): 1,
    ("align_corners", "round_prefer_ceil"): 0, ("align_corners", "round_prefer_floor"): 0,
    ("half_pixel", "floor"): 0, ("asymmetric", "ceil"): 0,
}


@pytest.mark.parametrize("transform, nearest_mode", sorted(NEAR_TIE_DIFFERENCES))
def test_nearest_differences_are_the_measured_ones(transform, nearest_mode):
    session = _nearest_session(transform, nearest_mode)
    differing = 0
    for length, out in itertools.product(range(1, 20), range(1, 20)):
        x = np.arange(length, dtype=np.float32).reshape(1, length)
        ort_result = session.run(None, {"X": x, "sizes": np.array([1, out], np.int64)})[0]
        ours = reference.interpolate(x, sizes=[out], axes=[1], mode="nearest", shape_calculation_mode="sizes",
                                     coordinate_transformation_mode=transform, nearest_mode=nearest_mode)
        differing += not np.array_equal(ort_result, ours)
    assert differing == NEAR_TIE_DIFFERENCES[(transform, nearest_mode)]


def test_antialias_is_another_filter():
    x = np.arange(1, 17, dtype=np.float32).reshape(1, 1, 4, 4)
    ort_result = run_onnx_runtime(x, scales=[1, 1, 0.6, 0.6], mode="linear", antialias=1)
    kwargs = dict(scales=[0.6, 0.6], axes=[2, 3], mode="linear", shape_calculation_mode="scales", antialias=True)
    np.testing.assert_allclose(ort_result.ravel(), [2.875, 4.5, 9.375, 11.0], rtol=1e-6)
    np.testing.assert_allclose(reference.interpolate(x, **kwargs).ravel(), [22 / 7, 33 / 7, 66 / 7, 11.0], rtol=1e-6)
    np.testing.assert_allclose(ai.interpolate(x, **kwargs).ravel(), [22 / 7, 33 / 7, 66 / 7, 11.0], rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int32])
def test_integer_linear_truncates_in_onnx_runtime(dtype):
    x = random_data((1, 1, 5, 7), dtype, seed=3)
    ort_result = run_onnx_runtime(x, sizes=[1, 1, 9, 4], mode="linear").astype(np.int64)
    kwargs = dict(sizes=[9, 4], axes=[2, 3], mode="linear_onnx", shape_calculation_mode="sizes")
    exact = reference.interpolate(x.astype(np.float32), **kwargs).astype(np.float64)
    np.testing.assert_array_equal(ort_result, np.trunc(exact))
    ours = ai.interpolate(x, **kwargs)
    np.testing.assert_array_equal(ours, reference.interpolate(x, **kwargs))
    differ = ours.astype(np.int64) != ort_result
    assert differ.any() and np.abs(ours.astype(np.int64) - ort_result).max() == 1


def test_exclude_outside_has_no_counterpart():
    x = (np.arange(1, 17, dtype=np.float32) ** 1.5).reshape(1, 1, 4, 4)
    kwargs = dict(sizes=[7, 7], axes=[2, 3], mode="cubic", shape_calculation_mode="sizes")
    ours = ai.interpolate(x, **kwargs)
    keep = run_onnx_runtime(x, sizes=[1, 1, 7, 7], mode="cubic", exclude_outside=0)
    exclude = run_onnx_runtime(x, sizes=[1, 1, 7, 7], mode="cubic", exclude_outside=1)
    np.testing.assert_allclose(ours, keep, rtol=1e-5, atol=1e-5)
    assert np.abs(exclude - ours).max() > 0.1  # renormalised border taps


def test_scales_mode_lengths_differ_where_the_float_product_is_below_an_integer():
    x = np.arange(3, dtype=np.float32).reshape(1, 3)
    scale = 0.6666666269302368  # float32 just below 2/3: 3 * scale = 1.9999999
    assert run_onnx_runtime(x, scales=[1, scale], mode="nearest").shape == (1, 1)
    assert ai.interpolate(x, scales=[scale], axes=[1], mode="nearest", shape_calculation_mode="scales").shape == (1, 2)


def test_align_corners_in_scales_mode_divides_by_the_output_length():
    x = np.arange(5, dtype=np.float32).reshape(1, 5)
    resize = dict(scales=[1, 1.5], mode="linear", coordinate_transformation_mode="align_corners")
    steps = {"onnxruntime": np.diff(run_onnx_runtime(x, **resize).ravel()),
             "onnx.reference": np.diff(run_onnx_reference(x, **resize).ravel()),
             "ours": np.diff(ai.interpolate(x, scales=[1.5], axes=[1], mode="linear_onnx",
                                            shape_calculation_mode="scales",
                                            coordinate_transformation_mode="align_corners").ravel())}
    np.testing.assert_allclose(steps["onnxruntime"], 4 / 6, rtol=1e-6)   # (in - 1) / (floor(7.5) - 1)
    np.testing.assert_allclose(steps["ours"], 4 / 6, rtol=1e-6)
    np.testing.assert_allclose(steps["onnx.reference"], 4 / 6.5, rtol=1e-6)  # (in - 1) / (7.5 - 1)


def test_models_are_built_in_memory():
    """One node, its sizes as an initializer: the model needs no file and no download."""
    model = resize_model(np.zeros((1, 2), np.float32), sizes=[1, 3], mode="nearest")
    assert model.opset_import[0].version == OPSET
    assert [n.op_type for n in model.graph.node] == ["Resize"]
    assert [t.name for t in model.graph.initializer] == ["sizes"]
