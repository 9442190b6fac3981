"""Device code calls only device code: every function the kernels reach is `__aicore__` (or constexpr).

The sim compiles kernels with g++, for which `__aicore__` means nothing, so a kernel that calls an
unmarked (host) function builds and runs there, while the device compiler rejects the call
(Ascend C: a kernel may call only device functions; library calls need the aicore mark).  This
test parses every op_kernel/*.cpp with libclang, as the per-architecture sim build compiles it
(__NPU_ARCH__ 2201 and 2002), with `__aicore__` and `__global__` turned into annotations, walks
the call graph from each kernel entry (`__global__`) and fails on:
  - a reached function defined in the project that is neither `__aicore__` nor constexpr;
  - a lambda in reached code (it carries no `__aicore__` mark);
  - a call from reached code into anything but the Ascend C API (sim/include/kernel_operator.h and
    its built-in types) or the project's own device code (e.g. the sim's internals, libc, std::).
Calls the parser cannot resolve (dependent calls in templates) are resolved by name: every project
function of that name must be device code (stricter than the compiler, never looser).
"""
import functools
import pathlib
import subprocess

import clang.cindex as cindex  # the pip package libclang (requirements.txt)
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
OP_KERNEL = ROOT / "op_kernel"
SIM_INCLUDE = ROOT / "sim" / "include"
# The Ascend C API surface the sim provides (its functions stand in for the real device API).
DEVICE_API_FILES = {SIM_INCLUDE / "kernel_operator.h", SIM_INCLUDE / "ascend_sim" / "kernel_types.h"}
KERNELS = sorted(OP_KERNEL.glob("*.cpp"))
ARCHS = (2201, 2002)

FUNCTION_KINDS = {
    "FUNCTION_DECL", "CXX_METHOD", "FUNCTION_TEMPLATE", "CONSTRUCTOR", "DESTRUCTOR", "CONVERSION_FUNCTION",
}


@functools.lru_cache(maxsize=1)
def _gcc_include():
    return subprocess.run(["gcc", "-print-file-name=include"], capture_output=True, text=True,
                          check=True).stdout.strip()


def _parse(path, arch, include_dirs=()):
    args = ["-x", "c++", "-std=c++17", "-isystem", _gcc_include(), f"-I{SIM_INCLUDE}",
            f"-D__NPU_ARCH__={arch}", f"-DAI_KERNEL_SOC_ARCH={arch}",
            '-D__aicore__=__attribute__((annotate("aicore")))',
            '-D__global__=__attribute__((annotate("global")))']
    args += [f"-I{d}" for d in include_dirs]
    tu = cindex.Index.create().parse(str(path), args=args)
    errors = [str(d) for d in tu.diagnostics if d.severity >= cindex.Diagnostic.Error]
    assert not errors, f"{path.name} (arch {arch}) does not parse: {errors[:5]}"
    return tu


def _annotations(cursor):
    return {c.spelling for c in cursor.get_children() if c.kind == cindex.CursorKind.ANNOTATE_ATTR}


def _is_constexpr(cursor):
    for tok in cursor.get_tokens():
        if tok.spelling == cursor.spelling or tok.spelling in ("{", "("):
            return False
        if tok.spelling == "constexpr":
            return True
    return False


def _is_implicit(cursor):
    """A member the compiler generates (default constructor, copy, assignment of a plain struct): it
    sits at its class's own name; it is device code wherever its class is."""
    here, parent = cursor.location, cursor.semantic_parent.location
    return (here.file is not None and parent.file is not None and here.file.name == parent.file.name and
            (here.line, here.column) == (parent.line, parent.column))


def _member_name(cursor):
    """Name of the member a dependent member expression (`op.Init`, `this->template Get<T>`) names:
    the parser leaves its spelling empty."""
    tokens = [t.spelling for t in cursor.get_tokens()]
    for i in range(len(tokens) - 1, -1, -1):
        if tokens[i] in (".", "->"):
            rest = [t for t in tokens[i + 1:] if t != "template"]
            return rest[0] if rest else ""
    return ""


def _overloads(ref):
    lib = cindex.conf.lib
    return [lib.clang_getOverloadedDecl(ref, i) for i in range(lib.clang_getNumOverloadedDecls(ref))]


def _file_of(cursor):
    return pathlib.Path(cursor.location.file.name).resolve() if cursor.location.file else None


def _in(path, directory):
    return path is not None and directory.resolve() in path.parents


class DeviceCallCheck:
    """Walks the device call graph of one translation unit; `problems` lists the violations."""

    def __init__(self, tu, project_dir):
        self.project = project_dir
        self.defs_by_name = {}
        self.entries = []
        for c in self._project_cursors(tu.cursor):
            if c.kind.name in FUNCTION_KINDS and c.is_definition():
                self.defs_by_name.setdefault(c.spelling, []).append(c)
                if "global" in _annotations(c):
                    self.entries.append(c)
        self.problems = []
        self._seen = set()

    def _project_cursors(self, root):
        """Every cursor declared in the project's files (subtrees of other files are skipped)."""
        for top in root.get_children():
            if _in(_file_of(top), self.project):
                yield from top.walk_preorder()

    def _where(self, cursor):
        return f"{_file_of(cursor).name}:{cursor.location.line}"

    def _definitions(self, ref, name):
        """Project definitions a reference may resolve to: its own definition, else every project
        definition of that name (dependent calls in templates are not resolved by the parser)."""
        if ref is not None and ref.kind.name == "OVERLOADED_DECL_REF":
            return [d for overload in _overloads(ref) for d in self._definitions(overload, name)]
        if ref is not None and ref.kind.name in FUNCTION_KINDS:
            file = _file_of(ref)
            if not _in(file, self.project):
                return [("external", ref)]
            # a member of a template specialization: judge the template's own declaration
            base = cindex.conf.lib.clang_getSpecializedCursorTemplate(ref) or ref
            if _is_implicit(base):
                return []
            for candidate in (base.get_definition(), base):
                if candidate is not None and candidate.is_definition() and _in(_file_of(candidate), self.project):
                    return [candidate]
            return self.defs_by_name.get(ref.spelling, [])
        return self.defs_by_name.get(name, [])

    def _check_external(self, site, callee):
        file = _file_of(callee)
        if file in DEVICE_API_FILES:
            return
        self.problems.append(f"{self._where(site)}: calls {callee.spelling} from "
                             f"{file.name if file else '?'}: kernels may call only the Ascend C API and "
                             f"the project's __aicore__ functions")

    def _visit(self, fn):
        key = (str(_file_of(fn)), fn.location.line, fn.spelling)
        if key in self._seen:
            return
        self._seen.add(key)
        marks = _annotations(fn)
        if not ({"aicore", "global"} & marks) and not _is_constexpr(fn):
            self.problems.append(f"{self._where(fn)}: {fn.spelling} is called from kernel code but is not "
                                 f"__aicore__ (or constexpr)")
        for c in fn.walk_preorder():
            if c == fn:
                continue
            if c.kind.name == "LAMBDA_EXPR":
                self.problems.append(f"{self._where(c)}: a lambda in kernel code (not __aicore__): use a "
                                     f"function or a struct")
                continue
            if c.kind.name not in ("CALL_EXPR", "DECL_REF_EXPR", "MEMBER_REF_EXPR", "OVERLOADED_DECL_REF"):
                continue
            ref = c.referenced
            if ref is not None and ref.kind.name not in FUNCTION_KINDS | {"OVERLOADED_DECL_REF"}:
                continue  # a variable, field, enumerator, ...
            name = c.spelling
            if ref is None and not name:
                if c.kind.name != "MEMBER_REF_EXPR":
                    continue  # a call through an expression visited as its callee reference
                name = _member_name(c)  # a dependent member call in a template
            for target in self._definitions(ref, name):
                if isinstance(target, tuple):
                    self._check_external(c, target[1])
                else:
                    self._visit(target)

    def run(self):
        for entry in self.entries:
            self._visit(entry)
        return self


@pytest.mark.parametrize("arch", ARCHS)
@pytest.mark.parametrize("path", KERNELS, ids=lambda p: p.name)
def test_kernel_code_calls_only_device_code(path, arch):
    check = DeviceCallCheck(_parse(path, arch), OP_KERNEL).run()
    assert check.entries, f"{path.name}: no __global__ kernel entry found"
    assert not check.problems, "\n".join(sorted(set(check.problems)))


PLANTED = {
    "unmarked_helper": ("inline int Helper(int v) { return v + 1; }", "Helper(1);", "Helper is called"),
    "dependent_member": ("template <typename T> struct Op { inline void Run() {} };",
                         "Op<float> op; op.Run();", "Run is called"),
    "lambda": ("", "auto f = [](int v) { return v; }; f(1);", "a lambda"),
    "libc": ("", "char a[4]; char b[4]; memcpy(a, b, 4);", "calls memcpy"),
}


@pytest.mark.parametrize("name", sorted(PLANTED))
def test_the_checker_finds_planted_host_calls(tmp_path, name):
    helper, call, expected = PLANTED[name]
    source = tmp_path / "planted.cpp"
    body = ('#include <string.h>\n#include "kernel_operator.h"\n' + helper + "\n"
            "__global__ __aicore__ void planted(GM_ADDR x) { " + call + " }\n")
    source.write_text(body)
    check = DeviceCallCheck(_parse(source, 2201), tmp_path).run()
    assert any(expected in p for p in check.problems), check.problems
    # the twin with the helper marked (or no lambda / libc call) is clean
    fixed = helper.replace("inline", "__aicore__ inline") if helper else ""
    source.write_text('#include "kernel_operator.h"\n' + fixed + "\n"
                      "__global__ __aicore__ void planted(GM_ADDR x) { "
                      + (call if helper else "") + " }\n")
    assert not DeviceCallCheck(_parse(source, 2201), tmp_path).run().problems
