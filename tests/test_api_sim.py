"""Sim controls of the binding: set_soc / get_soc / last_launch (needs a sim build of the library)."""
import json
import subprocess
import sys

import numpy as np
import pytest

import ascend_interpolate as ai

MAX_BLOCKS = {"ascend910b": 48, "ascend310p": 8}
KEYS = ("soc", "block_dim", "gm_read_bytes", "gm_write_bytes", "floor_bytes", "traffic_ratio",
        "modeled_time_us", "cores")


def rand(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape).astype(np.float32)


def test_last_launch_before_any_launch_is_a_clear_error():
    # a fresh process: nothing launched yet
    code = (
        "import ascend_interpolate as ai\n"
        "try:\n"
        "    ai.last_launch()\n"
        "except RuntimeError as e:\n"
        "    print('ERR', e)\n"
        "else:\n"
        "    print('NO ERROR')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ERR") and "no kernel launch" in done.stdout


def test_soc_round_trip(default_soc):
    for name in ("ascend310p", "ascend910b"):
        ai.set_soc(name)
        assert ai.get_soc() == name


def test_unknown_soc_is_161002(default_soc):
    ai.set_soc("ascend910b")
    with pytest.raises(ai.AclnnError) as info:
        ai.set_soc("ascend999")
    assert info.value.status == 161002
    assert "ascend999" in str(info.value) and "ascend310p" in str(info.value)  # names the value and the choices
    assert ai.get_soc() == "ascend910b"
    with pytest.raises(TypeError):
        ai.set_soc(910)


def _check_record(record, soc, in_bytes, out_bytes):
    for key in KEYS:
        assert key in record, key
    assert record["soc"] == soc
    assert 1 <= record["block_dim"] <= MAX_BLOCKS[soc]
    assert isinstance(record["cores"], list) and len(record["cores"]) == record["block_dim"]
    assert all(isinstance(core, dict) for core in record["cores"])
    assert record["gm_read_bytes"] > 0 and record["gm_write_bytes"] > 0
    assert record["floor_bytes"] == in_bytes + out_bytes  # read input once + write output once
    assert record["gm_read_bytes"] + record["gm_write_bytes"] >= record["floor_bytes"] * 0.999
    ratio = (record["gm_read_bytes"] + record["gm_write_bytes"]) / record["floor_bytes"]
    assert record["traffic_ratio"] == pytest.approx(ratio, rel=1e-3)
    assert record["modeled_time_us"] > 0
    json.dumps(record)  # plain data


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_last_launch_trilinear(soc, default_soc):
    ai.set_soc(soc)
    x = rand((2, 16, 8, 16, 16), seed=1)
    y = ai.upsample_trilinear3d(x, output_size=(16, 32, 32))
    record = ai.last_launch()
    _check_record(record, soc, x.nbytes, y.nbytes)
    assert record is not ai.last_launch()  # a fresh dict each call


@pytest.mark.parametrize("soc", ["ascend910b", "ascend310p"])
def test_last_launch_interpolate(soc, default_soc):
    ai.set_soc(soc)
    x = rand((2, 8, 24, 20), seed=2)
    y = ai.interpolate(x, sizes=(48, 30), axes=(2, 3), mode="cubic", shape_calculation_mode="sizes")
    _check_record(ai.last_launch(), soc, x.nbytes, y.nbytes)


def test_errors_never_carry_a_stale_message(default_soc):
    with pytest.raises(ai.AclnnError) as first:
        ai.upsample_trilinear3d(rand((1, 2, 3, 4)), output_size=(2, 2, 2))
    assert "self" in first.value.message
    with pytest.raises(ai.AclnnError) as second:
        ai.set_soc("ascend999")
    assert second.value.status == 161002
    assert "5 dimensions" not in second.value.message and "ascend999" in second.value.message
