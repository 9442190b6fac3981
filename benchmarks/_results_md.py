"""Shared by the benchmark scripts (not a benchmark: ./build.sh --bench skips files named _*.py).

Each script owns one section of benchmarks/RESULTS.md, delimited by ``<!-- name:begin -->`` and
``<!-- name:end -->``; ``write_section`` rewrites that section and leaves the rest of the file alone.
"""
import os

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "RESULTS.md")


def write_section(name, text, path=RESULTS):
    """Replaces the ``name`` section of ``path`` with ``text`` (appends it when the markers are absent)."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    old = open(path).read() if os.path.exists(path) else "# Benchmark results\n"
    block = f"{begin}\n{text.rstrip()}\n{end}"
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        new = head + block + rest.split(end, 1)[1]
    else:
        new = old.rstrip("\n") + "\n\n" + block + "\n"
    with open(path, "w") as f:
        f.write(new)
