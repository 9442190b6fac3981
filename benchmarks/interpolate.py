"""Interpolate-4 kernel benchmarks on the CPU twin (sim builds).

For a few representative cases, runs ascend_interpolate.interpolate once per SoC profile, checks the
result against the reference, and reports from ascend_interpolate.last_launch(): GM traffic against
the floor (read the input once, write the output once), average elements per vector instruction,
core imbalance and the cost model's time.  Writes the "Interpolate" section of
benchmarks/RESULTS.md (other sections are left untouched).

    python benchmarks/interpolate.py            # print the table and update RESULTS.md
    python benchmarks/interpolate.py --no-write # print only
"""
import argparse
import os
import sys
import time

import numpy as np

import ascend_interpolate as ai
from ascend_interpolate import reference

from _results_md import write_section

CASES = [
    ("linear_onnx 2x up, 1x3x224x224 -> 448x448", (1, 3, 224, 224), np.float32,
     dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[448, 448], axes=[2, 3])),
    ("nearest 2x up, 1x3x224x224 -> 448x448", (1, 3, 224, 224), np.float32,
     dict(mode="nearest", shape_calculation_mode="scales", scales=[2.0, 2.0], axes=[2, 3])),
    ("cubic 1.5x up, 1x3x224x224 -> 336x336", (1, 3, 224, 224), np.float32,
     dict(mode="cubic", shape_calculation_mode="sizes", sizes=[336, 336], axes=[2, 3])),
    ("linear antialias 4x down, 1x3x448x448 -> 112x112", (1, 3, 448, 448), np.float32,
     dict(mode="linear", shape_calculation_mode="scales", scales=[0.25, 0.25], axes=[2, 3], antialias=True)),
    ("linear_onnx 2x up fp16, 1x3x224x224 -> 448x448", (1, 3, 224, 224), np.float16,
     dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[448, 448], axes=[2, 3])),
    ("nearest 2x up int8, 1x3x224x224 -> 448x448", (1, 3, 224, 224), np.int8,
     dict(mode="nearest", shape_calculation_mode="scales", scales=[2.0, 2.0], axes=[2, 3])),
    ("linear_onnx 5-D 2x up, 1x3x16x56x56 -> 32x112x112", (1, 3, 16, 56, 56), np.float32,
     dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[32, 112, 112], axes=[2, 3, 4])),
    ("linear_onnx 2x up, many channels, 1x256x28x28 -> 56x56", (1, 256, 28, 28), np.float32,
     dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[56, 56], axes=[2, 3])),
    ("linear_onnx fp16 odd width, 1x3x224x224 -> 300x300", (1, 3, 224, 224), np.float16,
     dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[300, 300], axes=[2, 3])),
]
SOCS = ["ascend910b", "ascend310p"]
RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "RESULTS.md")


def run_case(shape, dtype, kwargs, seed=0):
    rng = np.random.default_rng(seed)
    if np.dtype(dtype).kind in "iu":
        x = rng.integers(-100, 100, size=shape).astype(dtype)
    else:
        x = rng.standard_normal(shape).astype(np.float32).astype(dtype)
    start = time.perf_counter()
    got = ai.interpolate(x, **kwargs)
    wall = time.perf_counter() - start
    rec = ai.last_launch()
    want = reference.interpolate(x, **kwargs)
    err = float(np.max(np.abs(got.astype(np.float64) - want.astype(np.float64))))
    return rec, err, wall


def row(name, soc, rec, err):
    instr = max(int(rec.get("vector_instructions", 0)), 1)
    elems = float(rec.get("vector_elements", 0)) / instr
    return (f"| {name} | {soc} | {rec['block_dim']} | {rec['traffic_ratio']:.2f} | {elems:.0f} | "
            f"{max(0.0, rec['imbalance']):.3f} | {rec['modeled_time_us']:.1f} | {rec['floor_time_us']:.1f} | "
            f"{rec['modeled_time_us'] / max(rec['floor_time_us'], 1e-9):.2f} | {err:.2g} |")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-write", action="store_true", help="print the table only")
    args = ap.parse_args(argv)
    lines = [
        "| case | SoC | cores | traffic / floor | elems / vector instr | imbalance | modeled us | floor us | "
        "time / floor | max abs err |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    previous = ai.get_soc()
    try:
        for soc in SOCS:
            ai.set_soc(soc)
            for name, shape, dtype, kwargs in CASES:
                rec, err, _ = run_case(shape, dtype, kwargs)
                lines.append(row(name, soc, rec, err))
                print(lines[-1], flush=True)
    finally:
        ai.set_soc(previous)
    table = "\n".join(lines)
    section = ("## Interpolate\n\n"
               "`python benchmarks/interpolate.py` (sim cost model; one launch per call, all passes included). "
               "traffic / floor = GM bytes moved / (input + output bytes); elems / vector instr = vector "
               "elements / vector instructions; imbalance = (max - mean) / mean of per-core modeled time.\n\n"
               f"{table}\n")
    print()
    if args.no_write:
        return 0
    write_section("interpolate", section, RESULTS)
    print(f"updated {RESULTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
