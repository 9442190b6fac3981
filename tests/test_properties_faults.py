"""Property: a launch that fails in phase two leaves ``out`` untouched, through the Python binding.

For a random valid call of each of the four operators (tests/strategies.py; numpy or torch, every
layout, an ``out=`` in a random layout, every SoC profile), one launch of the call is failed for
real with the sim's test control ``aclsimFailNextLaunch`` (docs/sim.md "Planted launch faults":
``gm-bounds`` lets the kernel write the start of its output before the sim stops it;
``launch-params`` refuses the launch): the operator kernel, or the ``view_copy`` gather / scatter
of a strided input / output when the call has one. The call must raise AclnnError 361001 whose
message names the rule, ``out`` must keep every byte (docs/aclnnUpsampleTrilinear3d.md "Failure
atomicity": on the sim the runtime writes out's elements back), no executor may be left alive,
and the same call must then succeed and equal the reference (the process stays usable).

Examples per operator: tests/properties.py EXAMPLES["phase_two_faults"] (pinned by
tests/test_properties_counts.py).
"""
import pytest
from hypothesis import assume, event, given
from hypothesis import strategies as st

import ascend_interpolate as ai
from ascend_interpolate import _lib, reference
from properties import FLOAT_DTYPES, INTERPOLATE_DTYPES, OutTarget, assert_gradient_close, \
    assert_interpolate_close, assert_trilinear_close, has_bf16, interpolate_fan_in, make_input, poison_like, \
    property_settings, random_data, trilinear_fan_in, to_numpy
from strategies import interpolate_configs, interpolate_output_shape, placements, trilinear_configs, \
    trilinear_output_size

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

RULES = ("gm-bounds", "launch-params")


class Problem:
    """One valid call: `run(out)` calls the operator, `check(values)` compares with the reference."""

    def __init__(self, run, want, check):
        self.run, self.want, self.check = run, want, check


def _interpolate_problem(draw, kind, layout, dtypes):
    shape, kwargs, dtype = draw(interpolate_configs(dtypes=dtypes))
    x = random_data(shape, dtype, seed=sum(shape))
    want = reference.interpolate(x, **kwargs)
    xin = make_input(x, kind, layout)
    return Problem(lambda out: ai.interpolate(xin, **kwargs, out=out), want,
                   lambda got: assert_interpolate_close(got, want, x, kwargs))


def _interpolate_backward_problem(draw, kind, layout, dtypes):
    shape, kwargs, dtype = draw(interpolate_configs(dtypes=dtypes))
    g = random_data(interpolate_output_shape(shape, kwargs), dtype, seed=sum(shape))
    want = reference.interpolate_backward(g, shape, **kwargs)
    gin, fan = make_input(g, kind, layout), interpolate_fan_in(shape, kwargs)
    return Problem(lambda out: ai.interpolate_backward(gin, shape, **kwargs, out=out), want,
                   lambda got: assert_gradient_close(got, want, g, fan))


def _trilinear_problem(draw, kind, layout, dtypes):
    shape, kwargs, dtype = draw(trilinear_configs(dtypes=dtypes))
    x = random_data(shape, dtype, seed=sum(shape))
    want = reference.upsample_trilinear3d(x, **kwargs)
    xin = make_input(x, kind, layout)
    return Problem(lambda out: ai.upsample_trilinear3d(xin, **kwargs, out=out), want,
                   lambda got: assert_trilinear_close(got, want, x))


def _trilinear_backward_problem(draw, kind, layout, dtypes):
    shape, kwargs, dtype = draw(trilinear_configs(dtypes=dtypes))
    size, scales, align = trilinear_output_size(shape, kwargs), kwargs.get("scales"), kwargs["align_corners"]
    g = random_data(shape[:2] + size, dtype, seed=sum(size))
    want = reference.upsample_trilinear3d_backward(g, size, shape, align, scales)
    gin, fan = make_input(g, kind, layout), trilinear_fan_in(shape[2:], size, align, scales or [None] * 3)
    return Problem(lambda out: ai.upsample_trilinear3d_backward(gin, size, shape, align, scales, out=out), want,
                   lambda got: assert_gradient_close(got, want, g, fan))


OPERATORS = {"interpolate": (_interpolate_problem, INTERPOLATE_DTYPES),
             "interpolate_backward": (_interpolate_backward_problem, FLOAT_DTYPES),
             "trilinear": (_trilinear_problem, FLOAT_DTYPES),
             "trilinear_backward": (_trilinear_backward_problem, FLOAT_DTYPES)}


@st.composite
def faulty_calls(draw, op):
    soc, kind, layout, out_layout = draw(placements())
    build, dtypes = OPERATORS[op]
    problem = build(draw, kind, layout, tuple(d for d in dtypes if has_bf16(soc) or d.name != "bfloat16"))
    return soc, kind, out_layout, problem, draw(st.sampled_from(RULES)), draw(st.integers(0, 2))


def _kernels_launched(problem, kind, out_layout):
    """The kernel names of the call's launches, in order (a clean run first)."""
    problem.run(OutTarget(poison_like(problem.want), kind, out_layout).out)
    return [launch["kernel"] for launch in ai.last_launch()["launches"]]


def _arm(kernel, rule):
    assert _lib.function("aclsimFailNextLaunch")(kernel.encode(), rule.encode()) == 0, _lib.recent_error_message()


@pytest.mark.parametrize("op", sorted(OPERATORS))
@property_settings("phase_two_faults")
@given(data=st.data())
def test_a_failed_launch_leaves_out_untouched(op, data):
    soc, kind, out_layout, problem, rule, pick = data.draw(faulty_calls(op))
    ai.set_soc(soc)
    assume(problem.want.size > 0)
    kernels = _kernels_launched(problem, kind, out_layout)
    kernel = kernels[pick % len(kernels)]
    event(f"{kernel} {rule}")
    target = OutTarget(poison_like(problem.want), kind, out_layout)
    live = _lib.library().aclsimLiveExecutorCount()
    _arm(kernel, rule)
    try:
        with pytest.raises(ai.AclnnError) as info:
            problem.run(target.out)
    finally:
        _lib.function("aclsimFailNextLaunch")(None, None)  # never leave a fault armed
    assert info.value.status == 361001, info.value.message
    assert f"kernel {kernel}" in info.value.message and f"rule {rule}" in info.value.message, info.value.message
    target.assert_untouched()
    assert _lib.library().aclsimLiveExecutorCount() == live
    again = OutTarget(poison_like(problem.want), kind, out_layout)  # the process stays usable
    problem.check(again.check_result(problem.run(again.out)) if again.out is not None
                  else to_numpy(problem.run(None)))
