"""Launch records per thread and per operator call; ai.profile() collects the calls of a block."""
import threading

import numpy as np
import pytest

import ascend_interpolate as ai

torch = pytest.importorskip("torch")


def _resize(x, size, **kw):
    return ai.interpolate(x, sizes=size, axes=(2, 3), mode="linear", shape_calculation_mode="sizes", **kw)


def test_a_strided_call_is_one_record_with_its_staging(default_soc):
    x = torch.randn(2, 3, 9, 14, generator=torch.Generator().manual_seed(0))
    strided_in = x[:, :, :, ::2]                      # gathered by view_copy
    out = torch.empty(2, 3, 13, 34)[:, :, :, ::2]      # scattered by view_copy
    _resize(strided_in, (13, 17), out=out)
    rec = ai.last_launch()
    assert rec["operator"] == "aclnnInterpolate"
    assert rec["kernel"] == "interpolate_separable"
    assert [launch["role"] for launch in rec["launches"]] == ["gather", "kernel", "scatter"]
    assert [launch["kernel"] for launch in rec["launches"]] == ["view_copy", "interpolate_separable", "view_copy"]
    # the totals include the staging launches, the floor is the operator's
    launches = rec["launches"]
    assert rec["gm_read_bytes"] == sum(launch["gm_read_bytes"] for launch in launches)
    assert rec["modeled_time_us"] == pytest.approx(sum(launch["modeled_time_us"] for launch in launches), rel=1e-5)
    assert rec["floor_bytes"] == (2 * 3 * 9 * 7 + 2 * 3 * 13 * 17) * 4
    assert rec["traffic_ratio"] == pytest.approx((rec["gm_read_bytes"] + rec["gm_write_bytes"]) / rec["floor_bytes"], rel=1e-5)
    # the cores are the operator kernel's
    assert len(rec["cores"]) == launches[1]["block_dim"] == rec["block_dim"]
    ref = ai.reference.interpolate(strided_in.numpy(), [13, 17], None, [2, 3], mode="linear",
                                   shape_calculation_mode="sizes")
    np.testing.assert_allclose(out.numpy(), ref, rtol=1e-5, atol=1e-5)


def test_profile_collects_every_call_in_order_and_nests(default_soc):
    x = np.random.default_rng(1).standard_normal((1, 2, 6, 6), dtype=np.float32)
    v = np.random.default_rng(2).standard_normal((1, 2, 4, 4, 4), dtype=np.float32)
    with ai.profile() as outer:
        _resize(x, (12, 12))
        with ai.profile() as inner:
            ai.upsample_trilinear3d(v, output_size=(8, 8, 8))
        _resize(x, (3, 3))
    assert [c["operator"] for c in outer.calls] == ["aclnnInterpolate", "aclnnUpsampleTrilinear3d", "aclnnInterpolate"]
    assert [c["kernel"] for c in inner.calls] == ["upsample_trilinear3d"]
    assert outer.modeled_time_us == pytest.approx(sum(c["modeled_time_us"] for c in outer.calls))
    assert outer.gm_bytes == sum(c["gm_read_bytes"] + c["gm_write_bytes"] for c in outer.calls)
    assert len(outer.launches) == 3
    assert ai.last_launch()["floor_bytes"] == (1 * 2 * 36 + 1 * 2 * 9) * 4


def test_records_are_per_thread(default_soc):
    results = {}
    barrier = threading.Barrier(2)

    def work(name, size):
        x = np.random.default_rng(3).standard_normal((1, 1, 8, 8), dtype=np.float32)
        barrier.wait()
        for _ in range(5):
            _resize(x, size)
            with ai.profile() as p:
                _resize(x, size)
            results.setdefault(name, []).append((ai.last_launch()["floor_bytes"], len(p.calls)))

    threads = [threading.Thread(target=work, args=("a", (16, 16))), threading.Thread(target=work, args=("b", (4, 4)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results["a"] == [((64 + 256) * 4, 1)] * 5
    assert results["b"] == [((64 + 16) * 4, 1)] * 5


def test_no_record_before_any_launch_on_a_new_thread():
    errors = []

    def fresh():
        try:
            ai.last_launch()
        except RuntimeError as exc:
            errors.append(str(exc))

    t = threading.Thread(target=fresh)
    t.start()
    t.join()
    assert errors and "no kernel launch" in errors[0]
