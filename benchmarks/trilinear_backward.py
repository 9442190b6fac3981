"""UpsampleTrilinear3dBackward on the trilinear benchmark shapes: the sim's counters and cost model.

Per case (the forward's input shape -> output size, so gradOut has the output's shape) and dtype:
GM traffic / floor (read gradOut once, write gradIn once), elements per vector instruction, load
imbalance, modeled time / floor time, and torch's CPU autograd backward for scale.

    ./build.sh && .venv/bin/python benchmarks/trilinear_backward.py --soc all [--write benchmarks/RESULTS.md]
"""
from __future__ import annotations

import argparse
import os
import sys
import time

os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")

import numpy as np  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import ascend_interpolate as ai  # noqa: E402
from _results_md import write_section  # noqa: E402
from trilinear import CASES, COLUMNS, table  # noqa: E402

TRAFFIC_GOAL = 1.10


def torch_cpu_backward_ms(shape, g, align):
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        return float("nan")
    x = torch.zeros(shape, dtype=torch.float32, requires_grad=True)
    gt = torch.from_numpy(g.astype(np.float32))
    best = float("inf")
    for _ in range(3):
        y = F.interpolate(x, size=g.shape[2:], mode="trilinear", align_corners=align)
        t0 = time.perf_counter()
        y.backward(gt)
        best = min(best, (time.perf_counter() - t0) * 1e3)
        x.grad = None
    return best


def run_case(shape, size, align, dtype_name, soc):
    rng = np.random.default_rng(0)
    g = rng.uniform(-1, 1, size=tuple(shape[:2]) + tuple(size)).astype(dtype_name)
    ai.set_soc(soc)
    t0 = time.perf_counter()
    ai.upsample_trilinear3d_backward(g, size, shape, align_corners=align)
    wall_ms = (time.perf_counter() - t0) * 1e3
    rec = ai.last_launch()
    vec_ins = rec.get("vector_instructions", 0)
    slow = max(rec.get("cores") or [{}], key=lambda c: c.get("modeled_time_us", 0))
    floor_us = rec.get("floor_time_us")
    return {
        "case": f"{shape}<-{size}" + (" ac" if align else ""),
        "dtype": dtype_name,
        "block_dim": rec.get("block_dim"),
        "traffic_ratio": rec.get("traffic_ratio"),
        "elems_per_vec": rec.get("vector_elements", 0) / vec_ins if vec_ins else float("nan"),
        "imbalance": rec.get("imbalance"),
        "modeled_us": rec.get("modeled_time_us"),
        "floor_us": floor_us,
        "time_ratio": rec.get("modeled_time_us") / floor_us if floor_us else float("nan"),
        "scalar_gm": rec.get("scalar_gm_reads", 0) + rec.get("scalar_gm_writes", 0),
        "dma_us": slow.get("dma_time_us", float("nan")),
        "vec_us": slow.get("vector_time_us", float("nan")),
        "sim_wall_ms": rec.get("host_wall_ms", wall_ms),
        "torch_cpu_ms": torch_cpu_backward_ms(shape, g, align),
    }


NOTES_HEAD = """Reproduce: `./build.sh && .venv/bin/python benchmarks/trilinear_backward.py --soc all --write
benchmarks/RESULTS.md`. The cases are the forward's (input shape <- output size: gradOut has the
output's shape, gradIn the input's); columns as in the UpsampleTrilinear3d tables, with the floor =
read gradOut once + write gradIn once, tables included in the traffic; torch CPU = the autograd
backward of `F.interpolate(mode="trilinear")` on this machine (float32, best of 3). Kernel strategy:
docs/aclnnUpsampleTrilinear3dBackward.md, section "Kernel strategy".
"""


def notes_tail(rows_by_soc):
    worst = max(r["traffic_ratio"] for rows in rows_by_soc.values() for r in rows)
    missed = [f"{soc} {r['case']} {r['dtype']} ({r['traffic_ratio']:.3f})" for soc, rows in rows_by_soc.items()
              for r in rows if r["traffic_ratio"] > TRAFFIC_GOAL]
    text = f"""
Goal: GM traffic at most {TRAFFIC_GOAL:.2f}x the floor on these shapes, on both SoCs: """
    text += ("met on every case (worst " + f"{worst:.3f}).") if not missed else ("missed on " + ", ".join(missed) + ".")
    text += """
The planner takes the fastest plan within that budget (`kTrilinearBackwardTrafficBudget`): a unit's
gradOut span overlaps its neighbours' by the taps that straddle the split, so splitting a small
problem over more cores re-reads gradOut. (1,1,8,8,8)<-(64,64,64) align_corners is the case where
this binds: two D chunks would re-read 14% of gradOut, so it runs on one core, vector-bound (its
time/floor is the price of the budget).

Time is not a goal of the backward yet. Where it goes:
- Large shapes are vector-bound at 1.2-2.1x the floor in float32 and 1.4-4.5x in float16 (the
  floor halves, the fp32 work does not): W and H take one Gather + (mask) + MulAddDst per tap over
  the span rows, about 3 fp32 element-ops per tap and element.
- Strong upsamples (the align_corners 8 <- 64 case) have about 19 taps per gradIn element on every
  axis: the gather form's work grows with the tap count.
- Tiny volumes with many channels ((64,256,4,4,4) <- (8,8,8): 8-11x in float32) are bound by
  instruction issue: W runs over all planes of a load at once and H over several planes per pass,
  but the D accumulation and the emission still take a few instructions per (slab, plane) of 32
  elements. A volume mode (D as a Gather pass over groups of whole slabs, as the forward's) would
  remove that.
"""
    return text


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--soc", default="ascend910b", help="ascend910b, ascend310p or all")
    ap.add_argument("--dtypes", default="float32,float16")
    ap.add_argument("--write", metavar="RESULTS_MD", help="write the tables into this file's backward section")
    args = ap.parse_args()
    socs = ["ascend910b", "ascend310p"] if args.soc == "all" else [args.soc]
    rows_by_soc = {}
    for soc in socs:
        rows = []
        for shape, size, align in CASES:
            for dt in args.dtypes.split(","):
                rows.append(run_case(shape, size, align, dt, soc))
                print("  done", soc, rows[-1]["case"], dt, file=sys.stderr, flush=True)
        rows_by_soc[soc] = rows
        print(f"soc: {soc}")
        print(table(rows))
    if args.write:
        text = "## UpsampleTrilinear3dBackward\n\n" + NOTES_HEAD
        for soc, rows in rows_by_soc.items():
            text += f"\n### {soc}\n\n{table(rows)}\n"
        text += notes_tail(rows_by_soc)
        write_section("trilinear_backward", text, args.write)


if __name__ == "__main__":
    main()
