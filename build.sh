#!/usr/bin/env bash
# The one entry point of ascend-interpolate: set up, build, test, demo, benchmark.
#
#   ./build.sh            set up .venv, build build/, make python/ importable in .venv
#   ./build.sh --demo     ... then run the main job: python -m ascend_interpolate demo
#   ./build.sh --test     ... then run every test (ctest, then pytest); non-zero exit on any failure
#   ./build.sh --help     every flag
#
# Idempotent: a re-run reuses .venv (pip runs only when requirements.txt changed) and
# rebuilds only what changed.  Wheels and `pip install .`: pyproject.toml (docs/install.md).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR_SET="${BUILD_DIR:-}"
VENV="${VENV:-$ROOT/.venv}"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-$(nproc 2>/dev/null || echo 2)}"
PYTHON="${PYTHON:-python3}"

usage() {
  cat <<'EOF'
Usage: ./build.sh [options] [-- pytest-args...]

Set-up and build (always done first, quick when nothing changed):
  creates or reuses the virtual environment .venv (override with VENV=path), installs the pinned
  Python dependencies of requirements.txt, configures and builds CMake into build/ (override with
  BUILD_DIR=path), and makes the Python package ascend_interpolate (python/) importable in the venv
  (a .pth file: edits take effect at once, the library comes from build/lib).

Actions (at most one):
  --demo          run the main job: python -m ascend_interpolate demo (built-in synthetic volume)
  --test          run the whole test suite: C++ tests (ctest), then pytest; exit non-zero on failure.
                  Arguments after `--` go to pytest (e.g. ./build.sh --test -- -k trilinear)
  --bench         run the benchmarks in benchmarks/ and print their tables (corpus.py: the seeded
                  corpus on both SoCs, about 2 minutes on 2 cores; writes benchmarks/plots/*.png)
  --help, -h      show this help

Build options:
  --npu           build for a real Ascend NPU with a CANN toolkit (source <cann>/set_env.sh first, so
                  ASCEND_HOME_PATH is set) into build-npu-<soc>/ (override with BUILD_DIR=path), and
                  install the custom operator package into build-npu-<soc>/package (docs/npu.md).
                  Without a toolkit it stops at once and leaves every build directory untouched.
                  Default: the CPU twin of the device (sim/)
  --soc=SOC       with --npu: the SoC family the kernels are compiled for, ascend910b (default) or
                  ascend310p
  --sanitize      build with AddressSanitizer + UBSan into build-asan/ (C++ tests only)
  --debug         CMake Debug build
  --clean         remove the build directory first
  -j N            parallel build jobs (default: number of cores)

Environment: VENV, BUILD_DIR, JOBS, PYTHON (interpreter used to create the venv).
EOF
}

ACTION=build
TARGET=sim
SOC=ascend910b
BUILD_TYPE=Release
SANITIZE=OFF
CLEAN=0
PYTEST_ARGS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --demo) ACTION=demo ;;
    --test) ACTION=test ;;
    --bench) ACTION=bench ;;
    --help|-h) usage; exit 0 ;;
    --npu) TARGET=npu ;;
    --soc=*) SOC="${1#--soc=}" ;;
    --sanitize) SANITIZE=ON ;;
    --debug) BUILD_TYPE=Debug ;;
    --clean) CLEAN=1 ;;
    -j) shift; JOBS="$1" ;;
    -j*) JOBS="${1#-j}" ;;
    --) shift; PYTEST_ARGS=("$@"); break ;;
    *) echo "build.sh: unknown option '$1' (see ./build.sh --help)" >&2; exit 2 ;;
  esac
  shift
done
if [[ "$SANITIZE" == ON && "${BUILD_DIR}" == "$ROOT/build" ]]; then
  BUILD_DIR="$ROOT/build-asan"
fi

log() { printf '[build.sh] %s\n' "$*"; }

# ---- NPU build (CANN toolkit) -------------------------------------------------------------------
# The toolkit pieces cmake/cann.cmake needs; prints what is missing and returns non-zero.
check_cann_toolkit() {
  local home="${ASCEND_HOME_PATH:-}"
  if [[ -z "$home" ]]; then
    echo "build.sh --npu: no CANN toolkit: ASCEND_HOME_PATH is not set (source <cann>/set_env.sh first)." >&2
    return 1
  fi
  if [[ ! -d "$home" ]]; then
    echo "build.sh --npu: ASCEND_HOME_PATH=$home does not exist." >&2
    return 1
  fi
  local cfg
  for cfg in "$home/compiler/tikcpp/ascendc_kernel_cmake/asc-config.cmake" \
             "$home/tools/tikcpp/ascendc_kernel_cmake/asc-config.cmake"; do
    [[ -f "$cfg" ]] && return 0
  done
  echo "build.sh --npu: $home has no Ascend C CMake package (compiler/tikcpp/ascendc_kernel_cmake/asc-config.cmake):" \
       "install the CANN toolkit with the Ascend C developer kit." >&2
  return 1
}

build_npu() {
  case "$SOC" in
    ascend910b|ascend310p) ;;
    *) echo "build.sh: --soc must be ascend910b or ascend310p, got '$SOC'" >&2; exit 2 ;;
  esac
  if [[ "$ACTION" != build ]]; then
    echo "build.sh: --npu builds the operator package only; --$ACTION needs the sim build (./build.sh --$ACTION)" >&2
    exit 2
  fi
  check_cann_toolkit || exit 1
  local dir="${BUILD_DIR_SET:-$ROOT/build-npu-$SOC}"
  if [[ "$CLEAN" == 1 ]]; then rm -rf "$dir"; fi
  log "configuring CMake in $dir (ASCEND_TARGET=npu, SoC $SOC)"
  cmake -S "$ROOT" -B "$dir" -DASCEND_TARGET=npu -DAI_NPU_SOC="$SOC" -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
    -DCMAKE_INSTALL_PREFIX="$dir/package"
  log "building ($JOBS jobs)"
  cmake --build "$dir" -j "$JOBS"
  cmake --install "$dir"
  log "done: the operator package is $dir/package/vendors/ascend_interpolate (docs/npu.md):"
  log "  export ASCEND_CUSTOM_OPP_PATH=$dir/package/vendors/ascend_interpolate   # torch_npu finds libcust_opapi.so"
  log "  export ASCEND_INTERPOLATE_LIB_DIR=$dir/package/vendors/ascend_interpolate/op_api/lib   # the Python binding"
}

# ---- system packages (C++ test framework) ------------------------------------------------------
ensure_gtest() {
  if [[ -f /usr/include/gtest/gtest.h ]]; then return 0; fi
  if [[ $(id -u) -eq 0 ]] && command -v apt-get >/dev/null; then
    log "installing GoogleTest (Debian package libgtest-dev)"
    apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgtest-dev >/dev/null
  else
    log "GoogleTest not found and cannot apt-get install it: C++ tests are skipped"
  fi
}

# ---- Python environment --------------------------------------------------------------------------
ensure_venv() {
  if [[ ! -x "$VENV/bin/python" ]]; then
    log "creating virtual environment $VENV"
    "$PYTHON" -m venv "$VENV"
  fi
  local stamp="$VENV/.ascend_interpolate_requirements"
  local want
  want="$(sha256sum "$ROOT/requirements.txt" "$ROOT/pyproject.toml" | sha256sum | cut -d' ' -f1)"
  if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
    log "installing Python dependencies (requirements.txt)"
    "$VENV/bin/python" -m pip install -q -r "$ROOT/requirements.txt"
    echo "$want" > "$stamp"
  fi
  link_dev_package
}

# The development install of the Python package: a .pth file in the venv naming python/, so the
# source tree's package is the one imported and finds its library in build/lib (_lib.py's lookup).
# Not `pip install -e .`: the pyproject backend (scikit-build-core) would configure and build every
# library a second time in its own build directory; the package is pure Python over ctypes, so a path
# entry is all an editable install has to provide.  A pip-installed copy (an old editable install,
# or `pip install .` into this venv) would shadow it, so it is removed.
link_dev_package() {
  local site pth
  site="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
  if compgen -G "$site/ascend_interpolate-*.dist-info" >/dev/null; then
    log "removing the pip-installed ascend_interpolate from $VENV (the venv uses python/ directly)"
    "$VENV/bin/python" -m pip uninstall -q -y ascend_interpolate
  fi
  pth="$site/ascend_interpolate-dev.pth"
  if [[ ! -f "$pth" || "$(cat "$pth")" != "$ROOT/python" ]]; then
    echo "$ROOT/python" > "$pth"
  fi
}

# ---- CMake ----------------------------------------------------------------------------------------
build_cmake() {
  if [[ "$CLEAN" == 1 ]]; then rm -rf "$BUILD_DIR"; fi
  local tests=ON
  [[ -f /usr/include/gtest/gtest.h ]] || tests=OFF
  if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
    log "configuring CMake in $BUILD_DIR (ASCEND_TARGET=sim)"
  fi
  cmake -S "$ROOT" -B "$BUILD_DIR" -DASCEND_TARGET=sim -DCMAKE_BUILD_TYPE="$BUILD_TYPE" \
    -DAI_SANITIZE="$SANITIZE" -DAI_BUILD_TESTS="$tests" >/dev/null
  log "building ($JOBS jobs; log: $BUILD_DIR/build.log)"
  local start=$SECONDS
  if ! cmake --build "$BUILD_DIR" -j "$JOBS" 2>&1 | tee "$BUILD_DIR/build.log" | build_progress; then
    cat "$BUILD_DIR/build.log"; log "build failed (log: $BUILD_DIR/build.log)"; exit 1
  fi
  # Show compiler warnings (with their context lines), not the progress lines around them.
  grep -E -A3 'warning:' "$BUILD_DIR/build.log" | grep -v -E '^\[ *[0-9]+%\]|^\[[0-9]+/[0-9]+\]|^--$' || true
  log "built in $((SECONDS - start)) s"
}

# Progress of the build, from CMake's own lines (Makefiles or Ninja): one line when a target starts
# compiling and one when a shared library links, with CMake's progress prefix; nothing for what is
# up to date.  "[ 12%] compiling ascend_sim", "[ 16%] linking libascend_sim.so".
build_progress() {
  awk '
    /Building (C|CXX) object / {
      t = $0; sub(/.*CMakeFiles\//, "", t); sub(/\.dir\/.*/, "", t)
      if (!(t in seen)) { seen[t] = 1; show("compiling " t) }
    }
    /Linking (C|CXX) shared library / { t = $0; sub(/.*\//, "", t); sub(/.* /, "", t); show("linking " t) }
    function show(what,   p) {
      p = ""
      if (match($0, /^\[[^]]*\]/)) p = substr($0, RSTART, RLENGTH) " "
      printf "[build.sh]   %s%s\n", p, what; fflush()
    }'
}

if [[ "$TARGET" == npu ]]; then
  build_npu
  exit 0
fi
ensure_gtest
ensure_venv
build_cmake
export ASCEND_INTERPOLATE_LIB_DIR="$BUILD_DIR/lib"
export TORCH_DEVICE_BACKEND_AUTOLOAD=0

case "$ACTION" in
  build) log "done: ./build.sh --demo runs the demo, ./build.sh --test runs the tests" ;;
  demo) exec "$VENV/bin/python" -m ascend_interpolate demo ;;
  bench)
    for b in "$ROOT"/benchmarks/*.py; do
      [[ -e "$b" ]] || continue
      [[ "$(basename "$b")" == _* ]] && continue   # helpers (_results_md.py), not benchmarks
      log "benchmark $(basename "$b")"
      "$VENV/bin/python" "$b"
    done ;;
  test)
    status=0
    if [[ -f "$BUILD_DIR/CTestTestfile.cmake" ]]; then
      log "C++ tests (ctest)"
      # A UBSan report fails its test (UBSan alone would print it and carry on).
      if [[ "$SANITIZE" == ON ]]; then export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"; fi
      (cd "$BUILD_DIR" && ctest --output-on-failure -j "$JOBS") || status=1
    fi
    if [[ "$SANITIZE" == ON ]]; then exit $status; fi
    log "Python tests (pytest)"
    "$VENV/bin/python" -m pytest -q -n "$JOBS" "$ROOT/tests" "${PYTEST_ARGS[@]}" || status=1
    exit $status ;;
esac
