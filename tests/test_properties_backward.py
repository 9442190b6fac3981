"""Property: random VALID configurations of both backward operators equal the float64 reference.

The configurations are the forwards' (tests/strategies.py: every Interpolate-4 mode, transform,
nearest mode, antialias, axes, pads, sizes / scales; trilinear output_size / scales / both,
align_corners, N = 0) with the gradients' dtypes (float32, float16, bfloat16), ``grad_output`` as a
numpy or torch tensor in every layout of tests/properties.py and an ``out=`` in several layouts or
none, on ascend910b, ascend310p and Ascend910B3. bfloat16 on 310P is rejected (161002) with ``out``
untouched. Tolerances: docs/aclnnInterpolateBackward.md and docs/aclnnUpsampleTrilinear3dBackward.md
"Precision" (tests/properties.py assert_gradient_close, fan-in counted from the reference's tables).

Examples per property: tests/properties.py EXAMPLES (pinned by tests/test_properties_counts.py).
"""
import pytest
from hypothesis import event, given

import ascend_interpolate as ai
from ascend_interpolate import reference
from properties import BF16, FLOAT_DTYPES, OutTarget, assert_gradient_close, has_bf16, interpolate_fan_in, \
    make_input, poison_like, property_settings, random_data, trilinear_fan_in
from strategies import interpolate_configs, interpolate_output_shape, placements, trilinear_configs, \
    trilinear_output_size

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py


def _assert_bf16_rejected(call, target):
    with pytest.raises(ai.AclnnError) as info:
        call()
    assert info.value.status == 161002 and "bfloat16" in info.value.message, info.value.message
    target.assert_untouched()


def _trilinear_axis_scales(kwargs):
    scales = kwargs.get("scales")
    return [None, None, None] if scales is None else list(scales)


@property_settings("interpolate_backward")
@given(config=interpolate_configs(dtypes=FLOAT_DTYPES), placement=placements())
def test_interpolate_backward_matches_reference(config, placement):
    in_shape, kwargs, dtype = config
    soc, kind, layout, out_layout = placement
    event(f"mode={kwargs['mode']} {kwargs['nearest_mode'] if kwargs['mode'] == 'nearest' else ''}")
    ai.set_soc(soc)
    g = random_data(interpolate_output_shape(in_shape, kwargs), dtype, seed=sum(in_shape) + 17)
    want = reference.interpolate_backward(g, in_shape, **kwargs)
    target = OutTarget(poison_like(want), kind, out_layout)
    grad = make_input(g, kind, layout)
    call = lambda: ai.interpolate_backward(grad, in_shape, **kwargs, out=target.out)  # noqa: E731
    if dtype == BF16 and not has_bf16(soc):
        _assert_bf16_rejected(call, target)
        return
    got = target.check_result(call())
    assert_gradient_close(got, want, g, interpolate_fan_in(in_shape, kwargs),
                          f"{soc} {kind}/{layout}->{out_layout} {in_shape} {kwargs}")


@property_settings("trilinear_backward")
@given(config=trilinear_configs(), placement=placements())
def test_trilinear_backward_matches_reference(config, placement):
    in_shape, kwargs, dtype = config
    soc, kind, layout, out_layout = placement
    ai.set_soc(soc)
    out_size = trilinear_output_size(in_shape, kwargs)
    scales, align = kwargs.get("scales"), kwargs["align_corners"]
    g = random_data(in_shape[:2] + out_size, dtype, seed=sum(out_size) + 29)
    want = reference.upsample_trilinear3d_backward(g, out_size, in_shape, align, scales)
    target = OutTarget(poison_like(want), kind, out_layout)
    grad = make_input(g, kind, layout)
    call = lambda: ai.upsample_trilinear3d_backward(grad, out_size, in_shape, align, scales,  # noqa: E731
                                                    out=target.out)
    if dtype == BF16 and not has_bf16(soc):
        _assert_bf16_rejected(call, target)
        return
    got = target.check_result(call())
    fan_in = trilinear_fan_in(in_shape[2:], out_size, align, _trilinear_axis_scales(kwargs))
    assert_gradient_close(got, want, g, fan_in, f"{soc} {kind}/{layout}->{out_layout} {in_shape} {kwargs}")
