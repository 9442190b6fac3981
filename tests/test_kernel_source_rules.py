"""Device-code rules the sim cannot see at run time, checked on the kernel sources.

The sim runs kernels as host C++, so a kernel that uses double arithmetic, the C++ standard library,
exceptions or heap allocation would pass there and fail to compile or misbehave on an AI core
(docs/sim.md "Device-code rules": the AI core scalar unit has no double; kernels use only the Ascend C API).
This test scans every `__aicore__` function body in op_kernel/ and every op_kernel include line.
"""
import pathlib
import re

import pytest

OP_KERNEL = pathlib.Path(__file__).resolve().parents[1] / "op_kernel"
SOURCES = sorted(p for p in OP_KERNEL.iterdir() if p.suffix in (".h", ".cpp"))

# Compile-time type traits are fine on the device compiler; nothing else from std:: is.
ALLOWED_STD = re.compile(r"std::(is_same|conditional|enable_if|is_integral|is_floating_point|is_signed|"
                         r"integral_constant|remove_\w+)\b")
FORBIDDEN_IN_DEVICE = [
    (re.compile(r"\bdouble\b"), "double arithmetic (the AI core scalar unit has no double)"),
    (re.compile(r"\b(throw|try|catch)\b"), "C++ exceptions"),
    (re.compile(r"\bnew\s+\w|\bdelete\b|\bmalloc\s*\(|\bfree\s*\("), "heap allocation"),
    (re.compile(r"\b(printf|fprintf|puts|memcpy|memset)\s*\("), "host C library calls"),
]
HOST_HEADERS = re.compile(r"#\s*include\s*<(vector|string|map|unordered_map|memory|iostream|sstream|cmath|"
                          r"math\.h|algorithm|thread|mutex|functional|atomic|cstdio|stdio\.h|cstring|"
                          r"string\.h|cstdlib|stdlib\.h)>")


def _strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def device_bodies(text):
    """(line number, body) of every __aicore__ function definition (declarations are skipped)."""
    text = _strip_comments(text)
    for m in re.finditer(r"\b__aicore__\b", text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start:m.start()].lstrip().startswith("#"):
            continue  # a macro definition such as `#define __aicore__`
        brace = text.find("{", m.end())
        semi = text.find(";", m.end())
        if brace < 0 or (0 <= semi < brace):
            continue
        depth, i = 0, brace
        while i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        yield text.count("\n", 0, m.start()) + 1, text[brace:i + 1]


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_device_code_uses_only_device_constructs(path):
    problems = []
    for line, body in device_bodies(path.read_text()):
        for std in re.finditer(r"std::\w+", body):
            if not ALLOWED_STD.match(std.group(0)):
                problems.append(f"{path.name}:{line}: {std.group(0)} in device code")
        for pattern, what in FORBIDDEN_IN_DEVICE:
            hit = pattern.search(body)
            if hit:
                problems.append(f"{path.name}:{line}: {what}: '{hit.group(0)}'")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_host_headers_in_kernel_sources(path):
    hits = [m.group(0) for m in HOST_HEADERS.finditer(path.read_text())]
    assert not hits, f"{path.name} includes host headers: {hits}"


def test_the_scanner_finds_planted_violations():
    planted = """
    __aicore__ inline float Bad(float x) { double d = x; return (float)d; }
    __aicore__ inline void Decl();
    __aicore__ inline int Good(int a) { return std::is_same<int, int>::value ? a : 0; }
    __aicore__ inline void Worse() { std::vector<int> v; }
    """
    bodies = list(device_bodies(planted))
    assert len(bodies) == 3
    assert re.search(r"\bdouble\b", bodies[0][1])
    assert not re.search(r"\bdouble\b", bodies[1][1])
    assert "std::vector" in bodies[2][1] and not ALLOWED_STD.match("std::vector")
