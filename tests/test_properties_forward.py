"""Property: random VALID configurations of both forward operators equal the float64 reference.

hypothesis draws (tests/strategies.py) every Interpolate-4 mode, coordinate transform, nearest mode,
antialias, axes (non-trailing, reordered, all), pads (shorter and longer than the rank), sizes and
scales (round and arbitrary float32 values), every dtype (Interpolate: float32, float16, bfloat16,
int8, uint8, int32; trilinear: float32, float16, bfloat16), numpy and torch inputs laid out
contiguous, strided (a view into a larger buffer), transposed / channels-last, or with negative
strides, an ``out=`` in several layouts or none, on the SoC profiles ascend910b, ascend310p and
Ascend910B3 (40 cores). bfloat16 on 310P must be rejected with 161002 naming bfloat16 and leave
``out`` untouched. Outputs are poisoned, so an element left unwritten fails; a strided ``out`` is a
view into a buffer whose other elements must survive.

Examples per property: tests/properties.py EXAMPLES (pinned by tests/test_properties_counts.py);
tolerances: tests/properties.py (the docs' per-dtype rules).
"""
import pytest
from hypothesis import given

import ascend_interpolate as ai
from ascend_interpolate import reference
from properties import BF16, OutTarget, assert_interpolate_close, assert_trilinear_close, has_bf16, make_input, \
    poison_like, property_settings, random_data
from strategies import interpolate_configs, placements, trilinear_configs

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py: back to ascend910b afterwards


def _assert_bf16_rejected(call, target):
    with pytest.raises(ai.AclnnError) as info:
        call()
    assert info.value.status == 161002 and "bfloat16" in info.value.message, info.value.message
    target.assert_untouched()


@property_settings("interpolate_forward")
@given(config=interpolate_configs(), placement=placements())
def test_interpolate_matches_reference(config, placement):
    shape, kwargs, dtype = config
    soc, kind, layout, out_layout = placement
    ai.set_soc(soc)
    values = random_data(shape, dtype, seed=len(shape) * 7919 + sum(shape))
    want = reference.interpolate(values, **kwargs)
    target = OutTarget(poison_like(want), kind, out_layout)
    x = make_input(values, kind, layout)
    call = lambda: ai.interpolate(x, **kwargs, out=target.out)  # noqa: E731
    if dtype == BF16 and not has_bf16(soc):
        _assert_bf16_rejected(call, target)
        return
    got = target.check_result(call())
    assert_interpolate_close(got, want, values, kwargs, f"{soc} {kind}/{layout}->{out_layout} {shape} {kwargs}")


@property_settings("trilinear_forward")
@given(config=trilinear_configs(), placement=placements())
def test_trilinear_matches_reference(config, placement):
    shape, kwargs, dtype = config
    soc, kind, layout, out_layout = placement
    ai.set_soc(soc)
    values = random_data(shape, dtype, seed=sum(shape))
    want = reference.upsample_trilinear3d(values, **kwargs)
    target = OutTarget(poison_like(want), kind, out_layout)
    x = make_input(values, kind, layout)
    call = lambda: ai.upsample_trilinear3d(x, **kwargs, out=target.out)  # noqa: E731
    if dtype == BF16 and not has_bf16(soc):
        _assert_bf16_rejected(call, target)
        return
    got = target.check_result(call())
    assert_trilinear_close(got, want, values, f"{soc} {kind}/{layout}->{out_layout} {shape} {kwargs}")
