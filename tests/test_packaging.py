"""Packaging (docs/install.md): the version's one source, the library lookup order, the CMake install
(headers, libraries and the package config, used by the C examples as a project of their own) and
the wheel, installed into a folder of its own and used from outside the source tree.

The wheel test is the suite's slowest: its first run builds the four libraries in build-wheel/
(45 s on an idle 2-core machine); later runs reuse that build directory (15 s)."""
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import ascend_interpolate as ai
from ascend_interpolate import _lib

ROOT = Path(__file__).resolve().parents[1]
JOBS = os.environ.get("JOBS") or str(os.cpu_count() or 2)
LIBRARIES = ("libascend_interpolate.so", "libascend_sim.so", "libascend_interpolate_kernels_dav2201.so",
             "libascend_interpolate_kernels_dav2002.so")


def _sim_build_dir():
    """The CMake build directory of the library the suite runs on (./build.sh exports its lib/)."""
    lib_dir = os.environ.get(_lib.LIB_DIR_ENV)
    build = Path(lib_dir).parent if lib_dir else ROOT / "build"
    if not (build / "CMakeCache.txt").is_file():
        pytest.skip(f"no CMake build at {build}")
    return build


def _clean_env(**extra):
    """The environment minus everything that could point the package at the source tree's build."""
    env = {k: v for k, v in os.environ.items() if k not in (_lib.LIB_DIR_ENV, "LD_LIBRARY_PATH", "PYTHONPATH")}
    env.update(extra)
    return env


def _run(cmd, timeout, **kwargs):
    result = subprocess.run([str(c) for c in cmd], capture_output=True, text=True, timeout=timeout, **kwargs)
    assert result.returncode == 0, f"{cmd} failed ({result.returncode}):\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    return result


def _runpath(path):
    dynamic = _run(["readelf", "-d", path], 60).stdout
    found = re.search(r"\((?:RUNPATH|RPATH)\)\s+Library (?:runpath|rpath): \[([^\]]*)\]", dynamic)
    return found.group(1) if found else None


# ---- the version ----------------------------------------------------------------------------------
def test_one_version_everywhere():
    source = (ROOT / "python" / "ascend_interpolate" / "_version.py").read_text()
    assert re.fullmatch(r"[0-9]+\.[0-9]+\.[0-9]+", ai.__version__)
    # pyproject.toml: scikit-build-core's regex provider on _version.py (the wheel's metadata; the
    # wheel test checks the METADATA it writes).
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" in pyproject["project"]["dynamic"] and "version" not in pyproject["project"]
    provider = pyproject["tool"]["scikit-build"]["metadata"]["version"]
    assert provider["provider"] == "scikit_build_core.metadata.regex"
    assert (ROOT / provider["input"]).read_text() == source
    assert re.search(provider["regex"], source, re.MULTILINE).group("value") == ai.__version__
    # CMake: project(VERSION) and the package config's version file of the configured build.
    build = _sim_build_dir()
    cache = (build / "CMakeCache.txt").read_text()
    assert re.search(r"^CMAKE_PROJECT_VERSION:STATIC=(.*)$", cache, re.MULTILINE).group(1) == ai.__version__
    version_file = (build / "ascend_interpolateConfigVersion.cmake").read_text()
    assert re.search(r'set\(PACKAGE_VERSION "([^"]*)"\)', version_file).group(1) == ai.__version__


# ---- the library lookup ----------------------------------------------------------------------------
@pytest.fixture
def lookup(monkeypatch, tmp_path):
    """_lib's lookup pointed at a fake package (bundled lib/) inside a fake source tree."""
    repo = tmp_path / "repo"
    package = repo / "python" / "ascend_interpolate"
    for d in (package / "lib", repo / "build" / "lib", tmp_path / "env"):
        d.mkdir(parents=True)
    monkeypatch.setattr(_lib, "_PACKAGE_DIR", package)
    monkeypatch.setattr(_lib, "BUNDLED_LIB_DIR", package / "lib")
    monkeypatch.setattr(_lib, "_REPO_ROOT", repo)
    monkeypatch.delenv(_lib.LIB_DIR_ENV, raising=False)

    def place(where, name="libascend_interpolate.so"):
        directory = {"bundled": package / "lib", "build": repo / "build" / "lib", "env": tmp_path / "env"}[where]
        (directory / name).write_bytes(b"")
        return directory / name

    def source_tree(yes):
        for name in ("build.sh", "CMakeLists.txt"):
            if yes:
                (repo / name).write_text("")
            else:
                (repo / name).unlink(missing_ok=True)

    source_tree(True)
    return type("Lookup", (), {"place": staticmethod(place), "source_tree": staticmethod(source_tree),
                               "env": tmp_path / "env", "repo": repo})


def test_lookup_order_env_then_bundled_then_source_build(lookup, monkeypatch):
    in_build = lookup.place("build")
    assert _lib.library_path() == in_build
    bundled = lookup.place("bundled")
    assert _lib.library_path() == bundled
    in_env = lookup.place("env")
    monkeypatch.setenv(_lib.LIB_DIR_ENV, str(lookup.env))
    assert _lib.library_path() == in_env


def test_lookup_takes_an_npu_library_by_its_package_name(lookup, monkeypatch):
    bundled = lookup.place("bundled", "libcust_opapi.so")   # an npu wheel
    assert _lib.library_path() == bundled
    in_env = lookup.place("env", "libcust_opapi.so")        # an npu operator package (docs/npu.md)
    monkeypatch.setenv(_lib.LIB_DIR_ENV, str(lookup.env))
    assert _lib.library_path() == in_env


def test_lookup_env_that_does_not_resolve_is_an_error(lookup, monkeypatch):
    lookup.place("bundled")
    monkeypatch.setenv(_lib.LIB_DIR_ENV, str(lookup.env))
    with pytest.raises(FileNotFoundError, match="unset it") as info:
        _lib.library_path()
    assert f"{_lib.LIB_DIR_ENV}={lookup.env}" in str(info.value)


def test_lookup_missing_in_the_source_tree_says_build_it(lookup):
    with pytest.raises(FileNotFoundError, match=r"run \./build\.sh in") as info:
        _lib.library_path()
    assert str(lookup.repo) in str(info.value)


def test_lookup_missing_in_an_installation_says_reinstall(lookup):
    lookup.source_tree(False)
    lookup.place("build")   # not a source tree: <repo>/build/lib is not looked at
    with pytest.raises(FileNotFoundError, match="pip install") as info:
        _lib.library_path()
    message = str(info.value)
    assert "wheel" in message and _lib.LIB_DIR_ENV in message and "./build.sh" not in message


# ---- CMake install + package config ----------------------------------------------------------------
def test_cmake_install_and_the_examples_as_a_project_of_their_own(tmp_path):
    build = _sim_build_dir()
    prefix = tmp_path / "prefix"
    _run(["cmake", "--install", build, "--prefix", prefix], 300)

    for name in LIBRARIES:
        assert (prefix / "lib" / name).is_file(), name
        assert _runpath(prefix / "lib" / name) == "$ORIGIN", name
    include = prefix / "include" / "ascend_interpolate"
    for header in ("aclnn_upsample_trilinear3d.h", "aclnn_interpolate.h", "acl/acl.h", "acl/acl_base.h",
                   "acl/acl_rt.h", "aclnn/aclnn_base.h", "aclnn/acl_meta.h"):
        assert (include / header).is_file(), header
    config_dir = prefix / "lib" / "cmake" / "ascend_interpolate"
    for name in ("ascend_interpolateConfig.cmake", "ascend_interpolateConfigVersion.cmake",
                 "ascend_interpolateTargets.cmake"):
        assert (config_dir / name).is_file(), name
    exported = "".join(p.read_text() for p in config_dir.glob("ascend_interpolateTargets*.cmake"))
    assert str(ROOT) not in exported, "the installed package refers to the source tree"

    # examples/ as a C user's project: find_package(ascend_interpolate <this version> CONFIG REQUIRED).
    examples = tmp_path / "examples"
    _run(["cmake", "-S", ROOT / "examples", "-B", examples, f"-DCMAKE_PREFIX_PATH={prefix}",
          f"-DAI_REQUIRED_VERSION={ai.__version__}", "-DCMAKE_BUILD_TYPE=Release"], 300, env=_clean_env())
    _run(["cmake", "--build", examples, "-j", JOBS], 600, env=_clean_env())
    for example in ("example_upsample_trilinear3d", "example_interpolate"):
        binary = next(examples.rglob(example))
        linked = _run(["ldd", binary], 60, env=_clean_env()).stdout
        assert re.search(rf"libascend_interpolate\.so => {re.escape(str(prefix))}/lib/", linked), linked
        _run([binary], 120, cwd=tmp_path, env=_clean_env())

    # The version file refuses another minor version.
    other = tmp_path / "other"
    result = subprocess.run(["cmake", "-S", str(ROOT / "examples"), "-B", str(other), f"-DCMAKE_PREFIX_PATH={prefix}",
                             "-DAI_REQUIRED_VERSION=99.0.0"], capture_output=True, text=True, timeout=300,
                            env=_clean_env())
    assert result.returncode != 0 and "ascend_interpolate" in result.stderr


# ---- the wheel --------------------------------------------------------------------------------------
_SMOKE = r"""
import json, sys
import numpy as np
import ascend_interpolate as ai
from ascend_interpolate import _lib

rng = np.random.default_rng(7)
x = rng.standard_normal((1, 2, 3, 4, 5), dtype=np.float32)
y = ai.upsample_trilinear3d(x, output_size=(5, 6, 7), align_corners=False)
ref = ai.reference.upsample_trilinear3d(x, output_size=(5, 6, 7), align_corners=False)
np.testing.assert_allclose(y, ref, rtol=1e-5, atol=1e-5)
img = rng.standard_normal((1, 2, 6, 7), dtype=np.float32)
kw = dict(scales=(2.0, 1.5), axes=(2, 3), mode="cubic", shape_calculation_mode="scales")
z = ai.interpolate(img, **kw)
zref = ai.reference.interpolate(img, **kw)
np.testing.assert_allclose(z, zref, rtol=1e-5, atol=1e-5)
with open("/proc/self/maps") as maps:
    mapped = sorted({line.split()[-1] for line in maps if "libascend" in line})
print(json.dumps({"file": ai.__file__, "version": ai.__version__, "library": str(_lib.library_path()),
                  "mapped": mapped, "shapes": [list(y.shape), list(z.shape)]}))
"""


def test_wheel_installed_outside_the_source_tree(tmp_path):
    wheelhouse, target, work = tmp_path / "wheelhouse", tmp_path / "site", tmp_path / "work"
    work.mkdir()
    # No build isolation: the pinned scikit-build-core of requirements.txt, nothing fetched.
    _run([sys.executable, "-m", "pip", "wheel", ROOT, "--no-deps", "--no-build-isolation", "-q", "-w", wheelhouse],
         1200, cwd=ROOT, env=_clean_env(CMAKE_BUILD_PARALLEL_LEVEL=JOBS))
    wheels = list(wheelhouse.glob("*.whl"))
    assert len(wheels) == 1, wheels
    wheel = wheels[0]
    assert re.fullmatch(rf"ascend_interpolate-{re.escape(ai.__version__)}-py3-none-linux_\w+\.whl", wheel.name)
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        metadata = z.read(f"ascend_interpolate-{ai.__version__}.dist-info/METADATA").decode()
    assert sorted(n for n in names if n.startswith("ascend_interpolate/lib/")) == \
        sorted(f"ascend_interpolate/lib/{n}" for n in LIBRARIES)
    assert {"ascend_interpolate/__init__.py", "ascend_interpolate/_version.py"} <= set(names)
    assert not [n for n in names if n.startswith(("tests/", "examples/", "include/")) or "/cmake/" in n]
    assert re.search(rf"^Version: {re.escape(ai.__version__)}$", metadata, re.MULTILINE)
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)

    _run([sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", target, wheel], 300,
         env=_clean_env())
    for name in LIBRARIES:
        assert _runpath(target / "ascend_interpolate" / "lib" / name) == "$ORIGIN", name

    result = _run([sys.executable, "-c", _SMOKE], 300, cwd=work, env=_clean_env(PYTHONPATH=str(target)))
    report = json.loads(result.stdout.strip().splitlines()[-1])
    site = str(target.resolve()) + os.sep
    assert report["file"].startswith(site), report
    assert report["library"] == str(target.resolve() / "ascend_interpolate" / "lib" / "libascend_interpolate.so")
    assert report["version"] == ai.__version__
    assert len(report["mapped"]) == len(LIBRARIES) and all(m.startswith(site) for m in report["mapped"]), report
