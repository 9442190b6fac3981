"""hypothesis strategies for VALID configurations of the two operators (tests/test_properties_*.py).

Valid means: the documented rules accept it (docs/aclnnInterpolate.md "Inputs and validation" and
"Output shape"; docs/aclnnUpsampleTrilinear3d.md "Checks and status codes") and its output is not
empty. The reference enforces the same rules with ValueError, so a drawn configuration that the
reference rejects (a scales-mode length of 0) is discarded with ``assume``. Shapes stay small (at
most a few hundred elements) so an example runs in milliseconds.

One restriction, documented as not assertable: with ``antialias`` on, a ``linear`` call that
downsamples one axis and upsamples another is kept off (docs/aclnnInterpolate.md "Spec flaw, kept").
"""
from __future__ import annotations

import math

from hypothesis import assume
from hypothesis import strategies as st

from ascend_interpolate import reference
from properties import FLOAT_DTYPES, INTERPOLATE_DTYPES, NUMPY_LAYOUTS, NUMPY_OUT_LAYOUTS, SOCS, TORCH_LAYOUTS, \
    TORCH_OUT_LAYOUTS

# Round scales (the ones tests and users write) and arbitrary float32 values in a range.
INTERPOLATE_SCALES = st.one_of(
    st.sampled_from([0.25, 0.4, 0.5, 0.6, 0.75, 1.0, 1.25, 1.4, 1.5, 1.8, 2.0, 2.5, 3.0]),
    st.floats(0.25, 3.5, width=32))
TRILINEAR_SCALES = st.one_of(st.sampled_from([0.5, 0.75, 1.0, 1.3, 1.5, 2.0, 2.5, 3.0]),
                             st.floats(0.375, 3.0, width=32))
CUBE_COEFFS = st.one_of(st.sampled_from([-0.75, -0.5]), st.floats(-1.0, -0.25, width=32))


@st.composite
def pads(draw, rank):
    """pads_begin / pads_end: mostly zeros; lists shorter than the rank (zero-extended) and longer
    (the first rank values are used) too."""
    length = draw(st.integers(0, rank + 1))
    return draw(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=length, max_size=length))


@st.composite
def axes_of(draw, rank):
    """None (every dimension, ranks 1-2 only, to keep the output small) or 1-3 distinct axes in any order."""
    if rank <= 2 and draw(st.booleans()):
        return None
    count = draw(st.integers(1, min(rank, 3)))
    return list(draw(st.permutations(range(rank)))[:count])


def _axis_scale(kwargs, padded, index):
    if kwargs["shape_calculation_mode"] == "sizes":
        return kwargs["sizes"][index] / padded
    return kwargs["scales"][index]


def _mixes_down_and_up(plan, kwargs):
    listed = kwargs["axes"] if kwargs["axes"] is not None else range(len(plan.padded_shape))
    ratios = [_axis_scale(kwargs, plan.padded_shape[a], i) for i, a in enumerate(listed)]
    return any(r < 1 for r in ratios) and any(r > 1 for r in ratios)


def _plan_or_discard(shape, kwargs):
    """The reference's plan of a drawn configuration; configurations it rejects (a scales-mode
    output length of 0) are not valid ones and are discarded."""
    try:
        plan = reference._interpolate_plan(
            shape, kwargs.get("sizes"), kwargs.get("scales"), kwargs["axes"], kwargs["mode"],
            kwargs["shape_calculation_mode"], kwargs["coordinate_transformation_mode"], kwargs["nearest_mode"],
            kwargs["antialias"], kwargs["pads_begin"], kwargs["pads_end"], kwargs["cube_coeff"])
    except ValueError:
        assume(False)
    return plan


@st.composite
def interpolate_configs(draw, dtypes=INTERPOLATE_DTYPES):
    """(input shape, interpolate kwargs, dtype) over every mode, transform, nearest mode, antialias,
    axes (non-trailing and reordered), pads, sizes and scales."""
    rank = draw(st.integers(1, 5))
    shape = draw(st.lists(st.integers(1, 4), min_size=rank, max_size=rank))
    axes = draw(axes_of(rank))
    listed = list(range(rank)) if axes is None else axes
    for a in listed:
        shape[a] = draw(st.integers(1, 7))
    kwargs = dict(axes=axes, mode=draw(st.sampled_from(reference.MODES)),
                  coordinate_transformation_mode=draw(st.sampled_from(reference.COORDINATE_TRANSFORMATION_MODES)),
                  nearest_mode=draw(st.sampled_from(reference.NEAREST_MODES)), antialias=draw(st.booleans()),
                  pads_begin=draw(pads(rank)), pads_end=draw(pads(rank)), cube_coeff=draw(CUBE_COEFFS))
    if draw(st.booleans()):
        kwargs["shape_calculation_mode"] = "sizes"
        kwargs["sizes"] = draw(st.lists(st.integers(1, 12), min_size=len(listed), max_size=len(listed)))
    else:
        kwargs["shape_calculation_mode"] = "scales"
        kwargs["scales"] = draw(st.lists(INTERPOLATE_SCALES, min_size=len(listed), max_size=len(listed)))
    plan = _plan_or_discard(shape, kwargs)
    if kwargs["antialias"] and kwargs["mode"] == "linear" and _mixes_down_and_up(plan, kwargs):
        kwargs["antialias"] = False
    return shape, kwargs, draw(st.sampled_from(dtypes))


def interpolate_output_shape(shape, kwargs):
    return tuple(_plan_or_discard(shape, kwargs).output_shape)


@st.composite
def trilinear_configs(draw, dtypes=FLOAT_DTYPES):
    """(input shape NCDHW, kwargs of upsample_trilinear3d, dtype): output_size, scales (a number or
    None per axis) or both, align_corners, identity and size-1 axes, N = 0 now and then."""
    n = draw(st.sampled_from([1, 1, 1, 2, 0]))
    c = draw(st.integers(1, 4))
    in_size = draw(st.lists(st.integers(1, 6), min_size=3, max_size=3))
    form = draw(st.sampled_from(["output_size", "scales", "both"]))
    kwargs = dict(align_corners=draw(st.booleans()))
    if form in ("output_size", "both"):
        kwargs["output_size"] = [draw(st.one_of(st.just(length), st.integers(1, 9))) for length in in_size]
    if form == "scales":
        kwargs["scales"] = draw(st.lists(TRILINEAR_SCALES, min_size=3, max_size=3))
        assume(all(math.floor(length * s) >= 1 for length, s in zip(in_size, kwargs["scales"])))
    if form == "both":
        kwargs["scales"] = draw(st.lists(st.one_of(st.none(), TRILINEAR_SCALES), min_size=3, max_size=3))
    return [n, c] + in_size, kwargs, draw(st.sampled_from(dtypes))


def trilinear_output_size(shape, kwargs):
    if "output_size" in kwargs:
        return list(kwargs["output_size"])
    return [int(math.floor(length * s)) for length, s in zip(shape[2:], kwargs["scales"])]


@st.composite
def placements(draw):
    """(soc, kind, input layout, out layout): where the call runs and how its tensors are laid out."""
    kind = draw(st.sampled_from(["numpy", "torch"]))
    layouts, out_layouts = (NUMPY_LAYOUTS, NUMPY_OUT_LAYOUTS) if kind == "numpy" else (TORCH_LAYOUTS,
                                                                                       TORCH_OUT_LAYOUTS)
    return draw(st.sampled_from(SOCS)), kind, draw(st.sampled_from(layouts)), draw(st.sampled_from(out_layouts))
