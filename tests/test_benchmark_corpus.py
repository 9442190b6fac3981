"""The corpus generator of benchmarks/corpus.py: deterministic, big enough, every category present,
and its problems are valid operator inputs (a few tiny ones run on the sim)."""
import importlib.util
import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("benchmark_corpus", os.path.join(HERE, "..", "benchmarks", "corpus.py"))
corpus = sys.modules.setdefault("benchmark_corpus", importlib.util.module_from_spec(_spec))
_spec.loader.exec_module(corpus)


@pytest.fixture(scope="module")
def problems():
    return {op: corpus.generate(op) for op in corpus.OPERATORS}


def _signature(plist):
    return [(p.category, p.shape, p.out_shape, p.dtype, p.layout, sorted(p.kwargs.items(), key=str)) for p in plist]


def test_deterministic_for_a_seed(problems):
    for op in corpus.OPERATORS:
        assert _signature(corpus.generate(op, seed=corpus.SEED)) == _signature(problems[op])
        assert _signature(corpus.generate(op, seed=corpus.SEED + 1)) != _signature(problems[op])


def test_at_least_300_problems_per_operator_under_the_cap(problems):
    for op, plist in problems.items():
        assert len(plist) >= 300, op
        assert all(p.in_elements + p.out_elements <= corpus.CAP_ELEMENTS for p in plist)
        assert len({p.name for p in plist}) == len(plist), "names identify the cases"


def test_every_category_is_present(problems):
    tri, ip = problems["trilinear"], problems["interpolate"]
    assert {p.dtype for p in tri} == set(corpus.TRILINEAR_DTYPES)
    assert {p.layout for p in tri} == {"contiguous", "channels_last"}
    assert {p.dtype for p in ip} == set(corpus.INTERPOLATE_DTYPES)
    assert {p.layout for p in ip} == set(corpus.LAYOUTS)
    kw = [p.kwargs for p in ip]
    assert {k["mode"] for k in kw} == set(corpus.MODES)
    for mode in corpus.MODES:  # every mode with every coordinate transform
        assert {k["coordinate_transformation_mode"] for k in kw if k["mode"] == mode} == set(corpus.TRANSFORMS)
    assert {k["nearest_mode"] for k in kw if k["mode"] == "nearest"} == set(corpus.NEAREST_MODES)
    assert {k["shape_calculation_mode"] for k in kw} == {"sizes", "scales"}
    aa = [p for p in ip if p.kwargs["antialias"]]
    assert {p.kwargs["mode"] for p in aa} == {"linear", "cubic"} and all(min(p.ratios) < 1 for p in aa)
    assert any(any(k["pads_begin"]) or any(k["pads_end"]) for k in kw)
    axes = {tuple(k["axes"]) for k in kw}
    assert {(0,), (1,), (2,), (1, 2), (2, 3, 4)} <= axes   # N, C, D (5-D) / H (4-D), NHWC, volumes
    assert {True, False} == {p.kwargs["align_corners"] for p in tri}
    assert any("scales" in p.kwargs for p in tri) and any("output_size" in p.kwargs for p in tri)
    # NCHW images 7..1080, odd sizes; NCDHW D 4..128
    hw = [n for p in ip if len(p.shape) == 4 and p.kwargs["axes"] == [2, 3] for n in p.shape[2:]]
    assert max(hw) == 1080 and min(hw) <= 7 and any(n % 2 for n in hw)
    depths = [p.shape[2] for p in tri]
    assert min(d for d in depths if d >= 4) == 4 and max(depths) == 128


def test_ratios_span_0_2_to_8(problems):
    for op, plist in problems.items():
        ratios = [r for p in plist for r in p.ratios]
        assert min(ratios) <= 0.2 and max(ratios) >= 8.0, op
        assert 0.18 <= min(ratios) and max(ratios) <= 8.1, op
        assert any(r > 1 for p in plist for r in p.ratios) and any(r < 1 for p in plist for r in p.ratios)
        assert any(len(set(p.ratios)) > 1 for p in plist), "per-axis different ratios"


def test_floors_span_tiny_to_tens_of_mib(problems):
    for op, plist in problems.items():
        floors = [(p.in_elements + p.out_elements) * corpus.ITEMSIZE[p.dtype] for p in plist]
        assert min(floors) <= 1024 and max(floors) >= 20 * 2**20, op
        assert sum(f < corpus.SMALL_FLOOR_BYTES for f in floors) >= 30, op


def test_tiny_generated_problems_run(problems, default_soc):
    """The smallest trilinear and Interpolate problems and the smallest NHWC one (numpy inputs, so the
    test needs no torch) run, and their launch records describe the operator kernel."""
    import ascend_interpolate as ai

    def smallest(plist):
        return min(plist, key=lambda p: p.in_elements + p.out_elements)

    picked = [smallest(problems["trilinear"]), smallest(problems["interpolate"]),
              smallest([p for p in problems["interpolate"] if p.layout == "channels_last"])]
    for p in picked:
        row = corpus.measure(ai, p, "ascend910b")
        assert row["status"] == "ok", (p.name, row["error"])
        assert row["kernel"] == corpus.KERNELS[p.op] and not row["flag"], (p.name, row["flag"])
        assert row["floor_bytes"] == (p.in_elements + p.out_elements) * corpus.ITEMSIZE[p.dtype]
        assert row["traffic_ratio"] > 0 and row["modeled_us"] > 0
