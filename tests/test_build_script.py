"""build.sh --npu without a CANN toolkit stops at once, says why, and leaves every build directory
untouched (issue: a failed --npu configure used to rewrite the sim build's CMake cache)."""
import hashlib
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _run(args, env_overrides):
    env = {k: v for k, v in os.environ.items() if k != "ASCEND_HOME_PATH"}
    env.update(env_overrides)
    return subprocess.run([str(ROOT / "build.sh"), *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)


def _digest(path):
    return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None


@pytest.mark.parametrize("home, soc, expected", [
    (None, "ascend910b", "ASCEND_HOME_PATH is not set"),
    ("/nonexistent/cann", "ascend310p", "does not exist"),
    ("EMPTY_DIR", "ascend910b", "no Ascend C CMake package"),
])
def test_npu_build_without_toolkit_stops_cleanly(tmp_path, home, soc, expected):
    sim_cache = ROOT / "build" / "CMakeCache.txt"
    before = _digest(sim_cache)
    npu_dir = ROOT / f"build-npu-{soc}"
    existed = npu_dir.exists()
    env = {} if home is None else {"ASCEND_HOME_PATH": str(tmp_path) if home == "EMPTY_DIR" else home}
    result = _run(["--npu", f"--soc={soc}"], env)
    assert result.returncode == 1, result.stdout + result.stderr
    assert expected in result.stderr
    assert "build.sh --npu" in result.stderr
    assert _digest(sim_cache) == before, "the sim build's CMake cache changed"
    assert npu_dir.exists() == existed, f"{npu_dir} was created"


def test_npu_build_rejects_an_unknown_soc(tmp_path):
    result = _run(["--npu", "--soc=ascend950"], {"ASCEND_HOME_PATH": str(tmp_path)})
    assert result.returncode == 2
    assert "--soc must be ascend910b or ascend310p" in result.stderr


def test_help_lists_the_npu_options():
    result = _run(["--help"], {})
    assert result.returncode == 0
    assert "--npu" in result.stdout and "--soc=SOC" in result.stdout
