"""SoC selection by name: our family names and CANN's SoC names, never a silent fallback."""
import os
import subprocess
import sys

import numpy as np
import pytest

import ascend_interpolate as ai

CANN_NAMES = {  # name -> (family, vector cores the profile models)
    "Ascend910B1": ("ascend910b", 48), "Ascend910B2": ("ascend910b", 48), "Ascend910B3": ("ascend910b", 40),
    "Ascend910B4": ("ascend910b", 40), "Ascend310P1": ("ascend310p", 8), "Ascend310P3": ("ascend310p", 8),
}


@pytest.mark.parametrize("name", sorted(CANN_NAMES))
def test_cann_names_select_their_family(default_soc, name):
    family, cores = CANN_NAMES[name]
    ai.set_soc(name.lower())  # any case
    assert ai.get_soc() == name
    # many independent slabs: a trilinear launch spreads over every core the profile has
    x = np.random.default_rng(0).standard_normal((1, 96, 4, 4, 8), dtype=np.float32)
    ai.upsample_trilinear3d(x, output_size=(8, 8, 16))
    rec = ai.last_launch()
    assert rec["soc"] == name
    assert rec["block_dim"] == cores
    if family == "ascend310p":
        with pytest.raises(ai.AclnnError) as err:  # no bf16 on the 310P family
            import ml_dtypes

            ai.upsample_trilinear3d(x.astype(ml_dtypes.bfloat16), output_size=(8, 8, 16))
        assert err.value.status == 161002


def test_unknown_name_is_rejected_and_keeps_the_profile(default_soc):
    ai.set_soc("Ascend310P3")
    with pytest.raises(ai.AclnnError) as err:
        ai.set_soc("Ascend910Z9")
    assert err.value.status == 161002
    assert "Ascend910Z9" in err.value.message and "Ascend910B3" in err.value.message
    assert ai.get_soc() == "Ascend310P3"


def _run_with_env(soc_env, code):
    env = dict(os.environ, ASCEND_SIM_SOC=soc_env, TORCH_DEVICE_BACKEND_AUTOLOAD="0")
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)


def test_env_var_takes_cann_names():
    result = _run_with_env("Ascend910B4", "import ascend_interpolate as ai; print(ai.get_soc())")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "Ascend910B4"


def test_unknown_env_var_is_an_error_not_a_fallback():
    code = """
import numpy as np, ascend_interpolate as ai
try:
    ai.get_soc()
    print("get_soc: no error")
except RuntimeError as e:
    print("get_soc:", e)
try:
    ai.upsample_trilinear3d(np.ones((1, 1, 2, 2, 2), np.float32), output_size=(4, 4, 4))
    print("call: no error")
except ai.AclnnError as e:
    print("call:", e.status, e.message)
ai.set_soc("ascend910b")            # an explicit choice clears it
ai.upsample_trilinear3d(np.ones((1, 1, 2, 2, 2), np.float32), output_size=(4, 4, 4))
print("after set_soc:", ai.get_soc())
"""
    result = _run_with_env("Ascend310P9", code)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("get_soc: ASCEND_SIM_SOC: unknown SoC name 'Ascend310P9'")
    assert lines[1].startswith("call: 561003") and "ASCEND_SIM_SOC" in lines[1]
    assert lines[2] == "after set_soc: ascend910b"
