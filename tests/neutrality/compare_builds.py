"""Behaviour-neutrality check of a refactor: the same seeded problems through two builds must give
byte-identical tiling (the operator kernel's by-value arguments, as the sim's launch record digests
them) and byte-identical outputs, on both SoC profiles.

    # in each tree (the commit before the refactor, and after), with its sim build in build/:
    python tests/neutrality/compare_builds.py record --root <tree> --out <file.json>
    python tests/neutrality/compare_builds.py compare before.json after.json

The problems are the seeded corpus of benchmarks/corpus.py (both operators, every mode, transform,
nearest mode, dtype and layout the corpus covers), each run on ascend910b and ascend310p.  Not part
of the test suite: it needs two builds; the counts it prints go into the refactor's note.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import time


def _output_bytes(y):
    if hasattr(y, "detach"):  # torch
        import torch

        t = y.detach().cpu().contiguous()
        return t.view(torch.uint8).numpy().tobytes()
    import numpy as np

    return np.ascontiguousarray(y).tobytes()


def record(root, out_path, every):
    os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
    os.environ["ASCEND_INTERPOLATE_LIB_DIR"] = os.path.join(root, "build", "lib")
    sys.path.insert(0, os.path.join(root, "python"))
    sys.path.insert(0, os.path.join(root, "benchmarks"))
    import corpus
    import ascend_interpolate as ai

    results = {}
    t0 = time.time()
    for op in corpus.OPERATORS:
        for p in corpus.generate(op)[::every]:
            for soc in corpus.SOCS:
                key = f"{soc} {p.name}"
                if soc == "ascend310p" and p.dtype == "bfloat16":
                    continue
                ai.set_soc(soc)
                x = corpus.make_input(p)
                try:
                    y = corpus.call(ai, p, x)
                except ai.AclnnError as exc:
                    results[key] = {"status": exc.status, "message": exc.message}
                    continue
                rec = ai.last_launch()
                results[key] = {"status": 0, "kernel": rec.get("kernel"),
                                "tiling": rec.get("value_args_digest"),
                                "output": hashlib.sha256(_output_bytes(y)).hexdigest()}
    ai.set_soc("ascend910b")
    with open(out_path, "w") as f:
        json.dump(results, f, indent=0, sort_keys=True)
    print(f"recorded {len(results)} runs from {root} in {time.time() - t0:.0f} s -> {out_path}")


def compare(before_path, after_path):
    with open(before_path) as f:
        before = json.load(f)
    with open(after_path) as f:
        after = json.load(f)
    keys = sorted(set(before) | set(after))
    same_tiling = same_output = 0
    problems = []
    for k in keys:
        a, b = before.get(k), after.get(k)
        if a is None or b is None:
            problems.append(f"{k}: only in {'after' if a is None else 'before'}")
            continue
        if a.get("status") != b.get("status"):
            problems.append(f"{k}: status {a.get('status')} -> {b.get('status')}")
            continue
        if a.get("status") != 0:
            same_tiling += a.get("message") == b.get("message")
            same_output += 1
            continue
        if a["tiling"] == b["tiling"]:
            same_tiling += 1
        else:
            problems.append(f"{k}: tiling {a['tiling']} -> {b['tiling']}")
        if a["output"] == b["output"]:
            same_output += 1
        else:
            problems.append(f"{k}: output differs")
    socs = sorted({k.split(" ", 1)[0] for k in keys})
    per_op = {letter: sum(1 for k in keys if k.split(" ", 1)[1].startswith(letter)) for letter in ("T", "I")}
    print(f"{len(keys)} runs ({', '.join(socs)}; trilinear {per_op['T']}, interpolate {per_op['I']}): "
          f"tiling identical {same_tiling}, outputs identical {same_output}, differences {len(problems)}")
    for line in problems[:50]:
        print("  " + line)
    return 0 if not problems else 1


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("--root", required=True, help="project tree whose python/ and build/lib are used")
    r.add_argument("--out", required=True)
    r.add_argument("--every", type=int, default=1, help="take every n-th corpus problem")
    c = sub.add_parser("compare")
    c.add_argument("before")
    c.add_argument("after")
    args = parser.parse_args(argv)
    if args.cmd == "record":
        record(os.path.abspath(args.root), args.out, args.every)
        return 0
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
