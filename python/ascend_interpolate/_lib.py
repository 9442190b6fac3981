"""ctypes layer over the project's shared library (aclnn two-phase API + acl object model).

Nothing here knows about numpy or torch: this module loads the library, declares every C signature
explicitly, and offers small helpers that create acl objects and destroy them deterministically.
The public functions live in :mod:`ascend_interpolate.ops`.

Library lookup (docs/install.md), the first directory that holds one wins:

1. ``$ASCEND_INTERPOLATE_LIB_DIR`` when set, and then only it (an explicit choice that does not
   resolve is an error, never a silent fallback). ``./build.sh`` exports ``<build>/lib`` when it runs
   tests or the demo; an npu build's ``.../vendors/ascend_interpolate/op_api/lib`` (docs/npu.md);
2. the package's own ``lib/`` (``ascend_interpolate/lib``: an installed wheel or ``pip install .``);
3. ``<repo>/build/lib`` when the package is the source tree's ``python/ascend_interpolate``
   (development: ``./build.sh``);

and in that directory ``libascend_interpolate.so`` (the sim build), else ``libcust_opapi.so`` (the name
a CANN custom op package uses for its aclnn library, also the one an npu wheel bundles).

In an npu build the op package library exports only the aclnn entry points; the acl object model
(aclCreateTensor, ..., aclGetRecentErrMsg) is then taken from the CANN runtime libraries
(libnnopbase.so, libascendcl.so) on the library path.

Why every signature is declared (docs/integration.md "The ctypes binding"): without ``restype`` ctypes
assumes ``int`` and truncates 64-bit handle pointers; without ``argtypes`` it cannot pass Python
floats as ``double`` and passes Python bools as ``int``.
"""
from __future__ import annotations

import ctypes
import os
import threading
from ctypes import POINTER, c_bool, c_char_p, c_double, c_float, c_int, c_int32, c_int64, c_uint64, c_void_p
from pathlib import Path

__all__ = [
    "AclnnError",
    "LIBRARY_NAMES",
    "library",
    "library_path",
    "has_symbol",
    "function",
    "check",
    "recent_error_message",
    "AclObjects",
    "Workspace",
    "ACL_DTYPE",
    "ACL_FORMAT",
    "STATUS_NAMES",
]

LIB_DIR_ENV = "ASCEND_INTERPOLATE_LIB_DIR"
LIBRARY_NAMES = ("libascend_interpolate.so", "libcust_opapi.so")
_PACKAGE_DIR = Path(__file__).resolve().parent
BUNDLED_LIB_DIR = _PACKAGE_DIR / "lib"
_REPO_ROOT = _PACKAGE_DIR.parents[1]

# aclDataType values (ABI; CANN acl_base.h: docs/integration.md "aclDataType and aclFormat values").
ACL_DTYPE = {
    "float32": 0,
    "float16": 1,
    "int8": 2,
    "int32": 3,
    "uint8": 4,
    "int16": 6,
    "uint16": 7,
    "uint32": 8,
    "int64": 9,
    "uint64": 10,
    "float64": 11,
    "bool": 12,
    "complex64": 16,
    "complex128": 17,
    "bfloat16": 27,
}

# aclFormat values (ABI).
ACL_FORMAT = {"NCHW": 0, "NHWC": 1, "ND": 2, "NDHWC": 27, "NCDHW": 30, "NCL": 47}

# aclnnStatus values (opbase op_errno.h).
STATUS_NAMES = {
    0: "ACLNN_SUCCESS",
    161001: "ACLNN_ERR_PARAM_NULLPTR",
    161002: "ACLNN_ERR_PARAM_INVALID",
    361001: "ACLNN_ERR_RUNTIME_ERROR",
    561000: "ACLNN_ERR_INNER",
    561001: "ACLNN_ERR_INNER_INFERSHAPE_ERROR",
    561002: "ACLNN_ERR_INNER_TILING_ERROR",
    561003: "ACLNN_ERR_INNER_FIND_KERNEL_ERROR",
    561101: "ACLNN_ERR_INNER_CREATE_EXECUTOR",
    561102: "ACLNN_ERR_INNER_NOT_TRANS_EXECUTOR",
    561103: "ACLNN_ERR_INNER_NULLPTR",
}
ACLNN_ERR_INNER_NULLPTR = 561103


class AclnnError(RuntimeError):
    """A C-level failure: ``.status`` is the aclnnStatus code, ``.message`` the library's
    ``aclGetRecentErrMsg()`` text (names the offending parameter), ``.api`` the C function."""

    def __init__(self, status, message, api=""):
        self.status = int(status)
        self.message = message or ""
        self.api = api
        name = STATUS_NAMES.get(self.status, "unknown status")
        where = f"{api} failed: " if api else ""
        super().__init__(f"{where}aclnn status {self.status} ({name}): {self.message or '(no message)'}")

    def __reduce__(self):  # keep the three fields through pickling (pytest-xdist, multiprocessing)
        return (type(self), (self.status, self.message, self.api))


# ------------------------------------------------------------------------------------------------
# Loading
# ------------------------------------------------------------------------------------------------
_lock = threading.Lock()
_library = None
_library_path = None


def _source_tree():
    """The project's source tree when the package is its python/ascend_interpolate, else None."""
    if (_REPO_ROOT / "build.sh").is_file() and (_REPO_ROOT / "CMakeLists.txt").is_file():
        return _REPO_ROOT
    return None


def _candidate_dirs():
    env = os.environ.get(LIB_DIR_ENV)
    if env:
        return [Path(env)]
    dirs = [BUNDLED_LIB_DIR]
    if _source_tree() is not None:
        dirs.append(_REPO_ROOT / "build" / "lib")
    return dirs


def _not_found_message():
    names = " or ".join(LIBRARY_NAMES)
    env = os.environ.get(LIB_DIR_ENV)
    if env:
        return (f"ascend_interpolate: the operator library ({names}) is not in ${LIB_DIR_ENV}={env}. Point "
                f"${LIB_DIR_ENV} at the lib directory of a build (<build>/lib after ./build.sh or BUILD_DIR=<build> "
                f"./build.sh; <package>/vendors/ascend_interpolate/op_api/lib after ./build.sh --npu, docs/npu.md), "
                f"or unset it to use the library bundled with the package ({BUNDLED_LIB_DIR}).")
    root = _source_tree()
    if root is not None:
        return (f"ascend_interpolate: the operator library ({names}) was not found in {root / 'build' / 'lib'} "
                f"(nor bundled in {BUNDLED_LIB_DIR}). Build it first: run ./build.sh in {root} (or BUILD_DIR=<dir> "
                f"./build.sh and export {LIB_DIR_ENV}=<dir>/lib).")
    return (f"ascend_interpolate: this installation ({_PACKAGE_DIR}) has no operator library ({names}) in "
            f"{BUNDLED_LIB_DIR}: it was installed without the libraries its wheel bundles. Reinstall it from a "
            f"wheel or with `pip install <ascend-interpolate source folder>` (which builds and bundles them), or "
            f"export {LIB_DIR_ENV}=<dir> with <dir> the lib directory of a build.")


def library_path():
    """Path of the shared library that :func:`library` loads; FileNotFoundError with the fix if absent."""
    for directory in _candidate_dirs():
        for name in LIBRARY_NAMES:
            path = directory / name
            if path.is_file():
                return path
    raise FileNotFoundError(_not_found_message())


# In a CANN installation the acl object model is not in the op package's libcust_opapi.so but in
# the runtime's libraries (aclCreateTensor & co. in libnnopbase.so, aclGetRecentErrMsg in
# libascendcl.so), found through LD_LIBRARY_PATH as set by the toolkit's set_env.sh.
_CANN_RUNTIME_LIBRARIES = ("libnnopbase.so", "libascendcl.so", "libopapi.so")
_runtime_libraries = None


def _runtime_symbol(name):
    global _runtime_libraries
    if _runtime_libraries is None:
        _runtime_libraries = []
        for soname in _CANN_RUNTIME_LIBRARIES:
            try:
                _runtime_libraries.append(ctypes.CDLL(soname))
            except OSError:
                pass
    for runtime in _runtime_libraries:
        if hasattr(runtime, name):
            return getattr(runtime, name)
    return None


def _declare(lib, name, restype, argtypes, required=True):
    try:
        fn = getattr(lib, name)
    except AttributeError:
        fn = _runtime_symbol(name) if required else None
        if fn is None:
            if required:
                raise OSError(f"ascend_interpolate: {_library_path} does not export {name} (nor do the CANN "
                              f"runtime libraries {', '.join(_CANN_RUNTIME_LIBRARIES)})") from None
            return
        setattr(lib, name, fn)
    fn.restype = restype
    fn.argtypes = argtypes


def _declare_all(lib):
    p_i64 = POINTER(c_int64)
    # acl object model (acl_meta.h); aclDataType / aclFormat are C enums (int).
    _declare(lib, "aclCreateTensor", c_void_p,
             [p_i64, c_uint64, c_int, p_i64, c_int64, c_int, p_i64, c_uint64, c_void_p])
    _declare(lib, "aclDestroyTensor", c_int32, [c_void_p])
    _declare(lib, "aclCreateIntArray", c_void_p, [p_i64, c_uint64])
    _declare(lib, "aclDestroyIntArray", c_int32, [c_void_p])
    _declare(lib, "aclCreateFloatArray", c_void_p, [POINTER(c_float), c_uint64])
    _declare(lib, "aclDestroyFloatArray", c_int32, [c_void_p])
    _declare(lib, "aclGetRecentErrMsg", c_char_p, [])
    # npu builds keep their own messages (CANN's aclGetRecentErrMsg store is the runtime's).
    _declare(lib, "aiGetRecentErrMsg", c_char_p, [], required=False)
    _declare(lib, "aclDestroyAclOpExecutor", c_int32, [c_void_p], required=False)
    # aclnnUpsampleTrilinear3d (same signature as CANN).
    _declare(lib, "aclnnUpsampleTrilinear3dGetWorkspaceSize", c_int32,
             [c_void_p, c_void_p, c_bool, c_double, c_double, c_double, c_void_p,
              POINTER(c_uint64), POINTER(c_void_p)])
    _declare(lib, "aclnnUpsampleTrilinear3d", c_int32, [c_void_p, c_uint64, c_void_p, c_void_p])
    # aclnnInterpolate (Interpolate-4).
    _declare(lib, "aclnnInterpolateGetWorkspaceSize", c_int32,
             [c_void_p, c_void_p, c_void_p, c_void_p,          # self, sizes, scales, axes
              c_char_p, c_char_p, c_char_p, c_char_p,          # mode, shape calc, coord transform, nearest
              c_bool, c_void_p, c_void_p, c_double,            # antialias, padsBegin, padsEnd, cubeCoeff
              c_void_p, POINTER(c_uint64), POINTER(c_void_p)])  # out, workspaceSize, executor
    _declare(lib, "aclnnInterpolate", c_int32, [c_void_p, c_uint64, c_void_p, c_void_p])
    # Output shapes, from the library's own rules (the binding allocates out with them).
    _declare(lib, "aiInterpolateOutputShape", c_int32,
             [p_i64, c_uint64, c_void_p, c_void_p, c_void_p,  # selfShape, rank, sizes, scales, axes
              c_char_p, c_void_p, c_void_p, p_i64])           # shapeCalculationMode, padsBegin, padsEnd, outShape
    _declare(lib, "aiScalesModeOutputLength", c_int64, [c_int64, c_float])
    _declare(lib, "aiTrilinearOutputLength", c_int64, [c_int64, c_double])
    # Backward C API (CANN's aclnnUpsampleTrilinear3dBackward signature; aclnnInterpolateBackward with the
    # forward's attributes). Optional: a library built before the backward kernels lacks them, and
    # function() then names the missing symbol.
    _declare(lib, "aclnnUpsampleTrilinear3dBackwardGetWorkspaceSize", c_int32,
             [c_void_p, c_void_p, c_void_p, c_bool,           # gradOut, outputSize (3), inputSize (5), alignCorners
              c_double, c_double, c_double, c_void_p,         # scalesD, scalesH, scalesW, gradInput
              POINTER(c_uint64), POINTER(c_void_p)], required=False)
    _declare(lib, "aclnnUpsampleTrilinear3dBackward", c_int32, [c_void_p, c_uint64, c_void_p, c_void_p],
             required=False)
    _declare(lib, "aclnnInterpolateBackwardGetWorkspaceSize", c_int32,
             [c_void_p, c_void_p, c_void_p, c_void_p,          # gradOutput, sizes, scales, axes
              c_char_p, c_char_p, c_char_p, c_char_p,          # mode, shape calc, coord transform, nearest
              c_bool, c_void_p, c_void_p, c_double,            # antialias, padsBegin, padsEnd, cubeCoeff
              c_void_p, POINTER(c_uint64), POINTER(c_void_p)],  # gradInput, workspaceSize, executor
             required=False)
    _declare(lib, "aclnnInterpolateBackward", c_int32, [c_void_p, c_uint64, c_void_p, c_void_p], required=False)
    # sim only (absent from npu builds).
    _declare(lib, "aclsimSetSoc", c_int, [c_char_p], required=False)
    _declare(lib, "aclsimGetSoc", c_char_p, [], required=False)
    _declare(lib, "aclsimSocSelectionError", c_char_p, [], required=False)
    _declare(lib, "aclsimLastLaunchJson", c_char_p, [], required=False)
    _declare(lib, "aclsimProfileBegin", None, [], required=False)
    _declare(lib, "aclsimProfileEndJson", c_char_p, [], required=False)
    _declare(lib, "aclsimLiveExecutorCount", c_uint64, [], required=False)
    _declare(lib, "aclsimSetRecentErrMsg", None, [c_char_p], required=False)
    _declare(lib, "aclsimFailNextLaunch", c_int, [c_char_p, c_char_p], required=False)  # test control
    # Logging controls (op_api/ascend_interpolate_log.h, both builds); optional: older libraries lack them.
    _declare(lib, "aiSetLogLevel", c_int, [c_int], required=False)
    _declare(lib, "aiGetLogLevel", c_int, [], required=False)
    _declare(lib, "aiSetLogToStdout", c_int, [c_int], required=False)


def library():
    """The loaded library (loaded once, on first use, so `import ascend_interpolate` never needs it)."""
    global _library, _library_path
    if _library is not None:
        return _library
    with _lock:
        if _library is None:
            path = library_path()
            _library_path = path
            lib = ctypes.CDLL(str(path))
            _declare_all(lib)
            _library = lib
    return _library


def has_symbol(name):
    return hasattr(library(), name)


def _recent_error_getter():
    lib = library()
    return lib.aiGetRecentErrMsg if hasattr(lib, "aiGetRecentErrMsg") else lib.aclGetRecentErrMsg


def function(name):
    """The declared C function ``name``; OSError naming the symbol when the library lacks it (an
    optional entry point, e.g. the backward C API in a library built before it existed)."""
    lib = library()
    fn = getattr(lib, name, None)
    if fn is None:
        raise OSError(f"ascend_interpolate: {_library_path} does not export {name} (missing symbol: this "
                      "build of the operator library has no such entry point; rebuild with ./build.sh)")
    return fn


def recent_error_message():
    """The library's last error message as str ("" for none): aclGetRecentErrMsg() in sim builds,
    the library's own aiGetRecentErrMsg() in npu builds. Reading it also clears it."""
    raw = _recent_error_getter()()
    return raw.decode("utf-8", "replace") if raw else ""


def clear_error_message():
    """Forget any earlier error message before a call, so that a failure which sets no message is not
    reported with a stale one left by a C caller that never read it. aclGetRecentErrMsg "obtains and
    clears" (CANN and the sim alike), so reading it is the portable way to clear it."""
    _recent_error_getter()()


def check(status, api):
    """Raise AclnnError for a non-zero aclnnStatus, with the library's message."""
    if status != 0:
        raise AclnnError(status, recent_error_message(), api)


# ------------------------------------------------------------------------------------------------
# acl objects with deterministic destruction
# ------------------------------------------------------------------------------------------------
def _i64_array(values):
    values = [int(v) for v in values]
    return (c_int64 * max(len(values), 1))(*values)


class AclObjects:
    """Creates acl handles and destroys every one of them on exit (``with AclObjects() as acl:``).

    The ctypes buffers passed to a constructor are kept alive until the handles are destroyed,
    because a library may keep pointers into them (CANN's aclCreateTensor copies the dims; ours may
    not -- holding them costs nothing).
    """

    def __init__(self):
        self._lib = library()
        self._handles = []  # (destroy function, handle)
        self._keep = []

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        while self._handles:
            destroy, handle = self._handles.pop()
            destroy(handle)  # a failing destroy cannot be reported usefully from cleanup
        self._keep.clear()

    def _own(self, handle, destroy, api, keep):
        if not handle:
            message = recent_error_message()
            raise AclnnError(ACLNN_ERR_INNER_NULLPTR, message or f"{api} returned NULL", api)
        self._handles.append((destroy, handle))
        self._keep.append(keep)
        return handle

    def tensor(self, shape, acl_dtype, strides, offset, acl_format, storage_shape, data_ptr):
        """aclCreateTensor: shape/strides/offset/storage in ELEMENTS; data_ptr = storage base address."""
        clear_error_message()
        dims = _i64_array(shape)
        stride = _i64_array(strides)
        storage = _i64_array(storage_shape)
        handle = self._lib.aclCreateTensor(
            dims, len(shape), int(acl_dtype), stride, int(offset), int(acl_format),
            storage, len(storage_shape), c_void_p(int(data_ptr)) if data_ptr else None)
        return self._own(handle, self._lib.aclDestroyTensor, "aclCreateTensor", (dims, stride, storage))

    def int_array(self, values):
        """aclCreateIntArray, or None (C NULL) for values None."""
        if values is None:
            return None
        buf = _i64_array(values)
        clear_error_message()
        handle = self._lib.aclCreateIntArray(buf, len(values))
        return self._own(handle, self._lib.aclDestroyIntArray, "aclCreateIntArray", buf)

    def float_array(self, values):
        """aclCreateFloatArray (float32 values), or None (C NULL) for values None."""
        if values is None:
            return None
        buf = (c_float * max(len(values), 1))(*[float(v) for v in values])
        clear_error_message()
        handle = self._lib.aclCreateFloatArray(buf, len(values))
        return self._own(handle, self._lib.aclDestroyFloatArray, "aclCreateFloatArray", buf)


class Workspace:
    """Host workspace of the size GetWorkspaceSize asked for, 512-byte aligned like the device
    allocator (over-allocate, then offset). Keep the object alive until the second phase returns."""

    ALIGNMENT = 512

    def __init__(self, size):
        self.size = int(size)
        self._buffer = None
        self.ptr = None
        if self.size > 0:
            import numpy as np

            self._buffer = np.empty(self.size + self.ALIGNMENT, dtype=np.uint8)
            base = self._buffer.ctypes.data
            self.ptr = base + (-base) % self.ALIGNMENT


def run_two_phase(api, get_workspace_size, run, args, stream=None, workspace_factory=Workspace):
    """Phase 1 ``get_workspace_size(*args, &size, &executor)``, allocate, phase 2
    ``run(ws, size, executor, stream)``. Raises AclnnError on either failure."""
    lib = library()
    size = c_uint64(0)
    executor = c_void_p(None)
    clear_error_message()
    check(get_workspace_size(*args, ctypes.byref(size), ctypes.byref(executor)), f"{api}GetWorkspaceSize")
    try:
        workspace = workspace_factory(size.value)
    except BaseException:
        # phase 2 frees the executor; if it never runs, free it here (when the library can)
        if executor.value and hasattr(lib, "aclDestroyAclOpExecutor"):
            lib.aclDestroyAclOpExecutor(executor)
        raise
    clear_error_message()
    check(run(c_void_p(workspace.ptr) if workspace.ptr else None, size.value, executor,
              c_void_p(stream) if stream else None), api)
    return workspace
