"""The project stands on its own: its files cite only its own documentation.

* No tracked file mentions notes that live outside the project (the background documents and spec
  copies the project was started from, by path or by file name). The facts they held are in docs/.
* Every ``docs/<file>.md "Section"`` citation (in code, tests, docs, build files) names a doc that
  exists and a heading that doc has; a bare ``docs/<file>.md`` names a doc that exists.
* Every relative Markdown link in README.md and docs/*.md resolves, anchors included (GitHub's
  heading slugs), and README.md links every doc in docs/.

This file is the one place that spells the forbidden names, so it is not scanned for them.
"""
import functools
import pathlib
import re
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
THIS = pathlib.Path(__file__).resolve()

# Paths and file names of material outside the project. A docs/ page of one of these names would be
# the project's own, so names of existing docs are exempt.
FORBIDDEN_PATHS = re.compile(r"\.\./shared\b|/work/|shared/reference|shared/seeds")
FORBIDDEN_NAMES = ("interpolate4.md", "trilinear.md", "ascendc-api.md", "ecosystem.md", "i4.md", "tri.md",
                   "interpolate-4-spec.en.txt", "interpolate-4-spec.ja.txt",
                   "resize-upsample-trilinear.zh.txt")


def _tracked_files():
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True, capture_output=True).stdout
        names = [n for n in out.decode("utf-8", "surrogateescape").split("\0") if n]
    except (OSError, subprocess.CalledProcessError):  # not a git checkout: every file but build output
        skip = {".git", ".venv"}
        names = [str(p.relative_to(ROOT)) for p in ROOT.rglob("*")
                 if p.is_file() and not any(part in skip or part.startswith("build")
                                            for part in p.relative_to(ROOT).parts)]
    return [ROOT / n for n in names if (ROOT / n).is_file()]


def _text(path):
    data = path.read_bytes()
    if b"\0" in data:
        return None  # binary (plots)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


TEXT_FILES = {p: t for p in _tracked_files() for t in [_text(p)] if t is not None}


def _line_of(text, offset):
    return text.count("\n", 0, offset) + 1


# ---------------------------------------------------------------------------------------------
# Headings of a Markdown file (outside code fences) and their GitHub anchors
# ---------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _headings(path):
    headings, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        m = None if fenced else re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            headings.append(m.group(1))
    return tuple(headings)


def _plain(heading):
    return " ".join(heading.replace("`", "").split())


@functools.lru_cache(maxsize=None)
def _slugs(path):
    slugs, seen = set(), {}
    for heading in _headings(path):
        slug = re.sub(r"[^\w\- ]", "", _plain(heading).lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        slugs.add(slug if n == 0 else f"{slug}-{n}")
    return slugs


def _has_section(path, name):
    """A heading equal to `name`, or `name` followed by a parenthetical ("... (measured, ...)")."""
    name = " ".join(name.split())
    return any(h == name or h.startswith(name + " (") for h in map(_plain, _headings(path)))


# ---------------------------------------------------------------------------------------------
# Citations: docs/<file>.md, optionally followed by "Section" names
# ---------------------------------------------------------------------------------------------
CITATION = re.compile(r"(?<![\w/.-])docs/([\w.-]+\.md)\b")
# After the path: `"A"`, `("A")`, `, section "A"`, then more names joined by `,` `;` `and` `/`.
SECTION_RUN = re.compile(r'(?:\s*\(\s*|,?\s*section\s+|\s+)("[^"]+"(?:\s*(?:,\s*and|,|;|and|/)\s*"[^"]+")*)')
CONTINUATION = re.compile(r"\s*\n\s*(?:#+|//+|\*+|;+)?\s*")  # a line break inside a comment or docstring


def _citations():
    """(file, line, doc name, [section names]) of every docs/<file>.md citation outside docs/."""
    found = []
    for path, text in TEXT_FILES.items():
        if path == THIS:
            continue
        for m in CITATION.finditer(text):
            tail = CONTINUATION.sub(" ", text[m.end():m.end() + 400])
            run = SECTION_RUN.match(tail)
            names = re.findall(r'"([^"]+)"', run.group(1)) if run else []
            found.append((path.relative_to(ROOT), _line_of(text, m.start()), m.group(1), names))
    return found


CITATIONS = _citations()


def test_no_file_mentions_notes_outside_the_project():
    exempt = {p.name for p in DOCS.glob("*.md")}
    names = [n for n in FORBIDDEN_NAMES if n not in exempt]
    name_re = re.compile(r"(?<![\w.-])(?:" + "|".join(re.escape(n) for n in names) + r")(?![\w-])")
    problems = []
    for path, text in TEXT_FILES.items():
        if path == THIS:
            continue
        for regex in (FORBIDDEN_PATHS, name_re):
            for m in regex.finditer(text):
                problems.append(f"{path.relative_to(ROOT)}:{_line_of(text, m.start())}: {m.group(0)!r}")
    assert not problems, "cite docs/ instead of material outside the project:\n" + "\n".join(problems)


def test_citations_found():
    # the scan sees the citations the code is known to make (guards the regexes themselves)
    cited = {(str(f), d) for f, _, d, names in CITATIONS if names}
    assert ("op_kernel/interp_math.h", "aclnnInterpolate.md") in cited
    assert ("op_api/aclnn_upsample_trilinear3d.cpp", "aclnnUpsampleTrilinear3d.md") in cited
    multi = [names for f, _, _, names in CITATIONS if str(f) == "op_api/aclnn_interpolate.cpp"]
    assert ["Inputs and validation", "Output shape", "The scale each axis uses", "Identity rule"] in multi


@pytest.mark.parametrize("doc", sorted({d for _, _, d, _ in CITATIONS}))
def test_cited_docs_exist_and_have_the_cited_sections(doc):
    path = DOCS / doc
    users = [(f, line, names) for f, line, d, names in CITATIONS if d == doc]
    assert path.is_file(), f"docs/{doc} does not exist; cited at " + ", ".join(f"{f}:{n}" for f, n, _ in users)
    missing = [f"{f}:{line}: \"{name}\"" for f, line, names in users for name in names
               if not _has_section(path, name)]
    assert not missing, f"docs/{doc} has no heading named:\n" + "\n".join(missing)


MARKDOWN = sorted([ROOT / "README.md"] + list(DOCS.glob("*.md")))
LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", MARKDOWN, ids=lambda p: str(p.relative_to(ROOT)))
def test_markdown_links_resolve(page):
    text = page.read_text(encoding="utf-8")
    broken = []
    for m in LINK.finditer(text):
        target = m.group(1)
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto:
        file_part, _, anchor = target.partition("#")
        dest = (page.parent / file_part).resolve() if file_part else page
        if not dest.exists():
            broken.append(f"line {_line_of(text, m.start())}: {target} (no such file)")
        elif anchor and dest.suffix == ".md" and anchor not in _slugs(dest):
            broken.append(f"line {_line_of(text, m.start())}: {target} (no heading with that anchor)")
    assert not broken, f"{page.relative_to(ROOT)}:\n" + "\n".join(broken)


def test_readme_links_every_doc():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    unlinked = [p.name for p in sorted(DOCS.glob("*.md")) if f"](docs/{p.name})" not in readme]
    assert not unlinked, f"README.md does not link: {unlinked}"
