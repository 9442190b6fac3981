"""How many cases the property tests try, pinned against docs/reliability.md "Property tests".

Every hypothesis test in tests/test_properties_*.py must be seeded (``derandomize=True``), have no
deadline and no example database, and try the number of examples its row in docs/reliability.md
states: per parametrized case ``max_examples`` valid examples (examples a strategy discards with
``assume`` come on top and are not counted), times the number of parametrized cases. A change to
tests/properties.py EXAMPLES or to a parametrization fails here until the doc says the same.
"""
import importlib
import math
import pathlib
import re

import properties

ROOT = pathlib.Path(__file__).resolve().parents[1]
PROPERTY_MODULES = ("test_properties_forward", "test_properties_backward", "test_properties_invalid",
                    "test_properties_c_api", "test_properties_faults")
# | `tests/<module>.py::<test>` | <parametrized cases> | <examples per case> | <total> |
DOC_ROW = re.compile(r"^\| `tests/(test_properties_\w+)\.py::(\w+)` \| (\d+) \| (\d+) \| (\d+) \|", re.M)


def property_tests():
    """(module, test name, test function) of every hypothesis test in the property modules."""
    for module_name in PROPERTY_MODULES:
        module = importlib.import_module(module_name)
        for name, fn in sorted(vars(module).items()):
            if name.startswith("test_") and hasattr(fn, "hypothesis"):
                yield module_name, name, fn


def hypothesis_settings(fn):
    return fn._hypothesis_internal_use_settings


def parametrized_cases(fn):
    marks = [m for m in getattr(fn, "pytestmark", []) if m.name == "parametrize"]
    return math.prod(len(m.args[1]) for m in marks)


def measured_counts():
    return {(module, name): (parametrized_cases(fn), hypothesis_settings(fn).max_examples)
            for module, name, fn in property_tests()}


def documented_counts():
    text = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    rows = {}
    for module, name, cases, examples, total in DOC_ROW.findall(text):
        assert int(cases) * int(examples) == int(total), f"{module}::{name}: {cases} x {examples} != {total}"
        rows[(module, name)] = (int(cases), int(examples))
    return rows


def test_every_property_is_seeded_and_bounded():
    tests = list(property_tests())
    assert len(tests) >= 10
    for module, name, fn in tests:
        s = hypothesis_settings(fn)
        assert s.derandomize, f"{module}::{name} is not seeded"
        assert s.deadline is None and s.database is None, f"{module}::{name}"
        assert s.max_examples in properties.EXAMPLES.values(), f"{module}::{name}: {s.max_examples}"


def test_case_counts_are_the_documented_ones():
    assert documented_counts() == measured_counts()


def test_the_documented_total():
    text = (ROOT / "docs" / "reliability.md").read_text(encoding="utf-8")
    total = sum(cases * examples for cases, examples in measured_counts().values())
    assert f"{total} examples in all" in text, f"docs/reliability.md should state '{total} examples in all'"
