"""The main job: run both operators on a built-in synthetic volume and report.

`python -m ascend_interpolate demo` (what `./build.sh --demo` runs) builds a small 3-D phantom
(two ellipsoids and a smooth gradient, several channels), runs UpsampleTrilinear3d and every
Interpolate-4 mode through the aclnn path on the CPU twin of the device, and prints one table row
per case: shapes, mode, dtype, max error against the float64 CPU reference, blocks launched,
modeled device time and GM traffic against the read-once/write-once floor.  Then one training step
(a 3-D convolution, a trilinear upsample through this library, a loss, a backward) whose gradients
are compared with the same step through torch's own F.interpolate, and repeated to show that the
backward kernels give the same bits every time.  When the operator library is not built, it runs
the reference alone and says so.
"""
from __future__ import annotations

import argparse

import numpy as np

from . import reference

try:  # ml_dtypes ships with the pinned environment; bfloat16 rows are skipped without it
    import ml_dtypes

    _BF16 = np.dtype(ml_dtypes.bfloat16)
except ImportError:  # pragma: no cover
    _BF16 = None


def phantom(n=1, c=2, d=12, h=16, w=20, seed=0):
    """A deterministic NCDHW volume: two soft ellipsoids over a gradient, plus mild noise."""
    rng = np.random.default_rng(seed)
    zz, yy, xx = np.meshgrid(np.linspace(-1, 1, d), np.linspace(-1, 1, h), np.linspace(-1, 1, w), indexing="ij")
    vol = np.empty((n, c, d, h, w), dtype=np.float64)
    for b in range(n):
        for ch in range(c):
            e1 = ((xx - 0.2) / 0.6) ** 2 + ((yy + 0.1) / 0.45) ** 2 + (zz / 0.7) ** 2
            e2 = ((xx + 0.35) / 0.25) ** 2 + ((yy - 0.3) / 0.3) ** 2 + ((zz + 0.2) / 0.35) ** 2
            vol[b, ch] = 100.0 / (1 + np.exp(8 * (e1 - 1))) + 60.0 / (1 + np.exp(8 * (e2 - 1)))
            vol[b, ch] += 10.0 * (ch + 1) * xx + 5.0 * zz + rng.normal(0, 1.0, size=xx.shape)
    return vol


def _cases(vol):
    """(operator, label, dtype, kwargs, input) for every demo row."""
    cases = []
    for dtype in (np.float32, np.float16, _BF16):
        if dtype is None:
            continue
        x = vol.astype(dtype)
        cases.append(("UpsampleTrilinear3d", "sizes 2x", dtype, dict(output_size=(24, 32, 40)), x))
        cases.append(("UpsampleTrilinear3d", "align_corners", dtype,
                      dict(output_size=(17, 31, 9), align_corners=True), x))
    x32 = vol.astype(np.float32)
    cases.append(("UpsampleTrilinear3d", "scales 0.5", np.float32, dict(scales=(0.5, 0.5, 0.5)), x32))
    slice4d = x32[:, :, 6]  # N, C, H, W
    for mode, extra in (("nearest", {}), ("linear", {}), ("linear", {"antialias": True}),
                        ("linear_onnx", {}), ("cubic", {})):
        for scales in ((2.0, 2.0), (0.5, 0.5)):
            label = mode + (" +antialias" if extra else "") + f" x{scales[0]:g}"
            kwargs = dict(scales=scales, axes=(2, 3), mode=mode, shape_calculation_mode="scales", **extra)
            cases.append(("Interpolate", label, np.float32, kwargs, slice4d))
    cases.append(("Interpolate", "nearest 5-D sizes", np.float32,
                  dict(sizes=(9, 24, 15), axes=(2, 3, 4), mode="nearest", shape_calculation_mode="sizes",
                       nearest_mode="floor"), x32))
    cases.append(("Interpolate", "linear_onnx uint8", np.uint8,
                  dict(scales=(1.5, 1.5), axes=(3, 2), mode="linear_onnx", shape_calculation_mode="scales"),
                  np.clip(slice4d, 0, 255).astype(np.uint8)))
    return cases


def _max_error(got, want):
    g = np.asarray(got, dtype=np.float64)
    w = np.asarray(want, dtype=np.float64)
    if g.shape != w.shape:
        return float("inf")
    return float(np.max(np.abs(g - w))) if g.size else 0.0


def _load_ops():
    """The operator functions, or (None, reason) when the library is not available."""
    try:
        from .ops import interpolate, last_launch, upsample_trilinear3d

        # Probe the library once so that a missing build is reported here, not per row.
        from . import _lib

        _lib.library()
        return (upsample_trilinear3d, interpolate, last_launch), None
    except Exception as exc:  # library not built, binding not present, ...
        return None, f"{type(exc).__name__}: {exc}"


def _training_step(vol, upsample):
    """One step of a tiny 3-D decoder: loss = mean((upsample(conv3d(x)) - target)^2); the gradients of
    x and of the convolution's weights."""
    import torch

    torch.manual_seed(0)
    conv = torch.nn.Conv3d(vol.shape[1], 3, kernel_size=3, padding=1)
    x = torch.from_numpy(vol.astype(np.float32)).requires_grad_()
    y = upsample(conv(x))
    target = torch.from_numpy(reference.upsample_trilinear3d(vol.astype(np.float32), output_size=y.shape[2:]))
    loss = ((y - target[:, :1].expand_as(y)) ** 2).mean()
    loss.backward()
    return loss.detach(), x.grad, conv.weight.grad


def _relative_error(got, want):
    scale = float(want.abs().max()) or 1.0
    return float((got - want).abs().max()) / scale


def train_step_demo(vol):
    """Prints the training-step comparison; returns the number of failed checks."""
    try:
        import torch
        import torch.nn.functional as F

        from . import functional, ops
    except Exception as exc:  # pragma: no cover - torch is in the pinned environment
        print(f"training step: skipped ({type(exc).__name__}: {exc})")
        return 0
    size = tuple(2 * n for n in vol.shape[2:])
    ours = lambda t: functional.interpolate(t, size=size, mode="trilinear", align_corners=False)  # noqa: E731
    theirs = lambda t: F.interpolate(t, size=size, mode="trilinear", align_corners=False)  # noqa: E731
    with ops.profile() as prof:
        loss, gx, gw = _training_step(vol, ours)
    loss_t, gx_t, gw_t = _training_step(vol, theirs)
    _, gx_again, gw_again = _training_step(vol, ours)
    same_bits = torch.equal(gx, gx_again) and torch.equal(gw, gw_again)
    errors = {"loss": _relative_error(loss, loss_t), "dL/dx": _relative_error(gx, gx_t),
              "dL/dweight": _relative_error(gw, gw_t)}
    backward = [c for c in prof.calls if "Backward" in c.get("op", "") or "backward" in c.get("kernel", "")]
    print(f"training step: Conv3d(2->3, k=3) -> upsample_trilinear3d {tuple(vol.shape[2:])} -> {size} -> MSE -> backward")
    for name, err in errors.items():
        print(f"  {name:<11} max |ours - torch| / max |torch| = {err:.2e}")
    if backward:
        b = backward[-1]
        print(f"  backward kernel: {b.get('block_dim')} blocks, {b.get('modeled_time_us', float('nan')):.1f} us modeled, "
              f"traffic {b.get('traffic_ratio', float('nan')):.3f}x the floor")
    print(f"  the step again: gradients {'bit-identical' if same_bits else 'DIFFER'}")
    failed = sum(err > 1e-4 for err in errors.values()) + (not same_bits)
    if failed:
        print("  FAILED: the gradients do not match torch's (tolerance 1e-4 relative)")
    return failed


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m ascend_interpolate")
    parser.add_argument("command", nargs="?", default="demo", choices=["demo"])
    parser.add_argument("--soc", default="ascend910b", help="sim SoC profile: ascend910b or ascend310p")
    args = parser.parse_args(argv)

    vol = phantom()
    ops, why = _load_ops()
    if ops is not None:
        from .ops import set_soc

        set_soc(args.soc)
        print(f"ascend-interpolate demo: kernels on the CPU twin of an {args.soc} (sim)")
    else:
        print("ascend-interpolate demo: REFERENCE ONLY - the operator library is not available")
        print(f"  ({why})")
    print(f"input volume: phantom NCDHW {vol.shape}\n")

    header = f"{'operator':<20} {'case':<22} {'dtype':<9} {'in shape':<20} {'out shape':<20} " \
             f"{'max err':>10} {'blocks':>6} {'model us':>9} {'traffic':>8}"
    print(header)
    print("-" * len(header))
    failures = 0
    for op_name, label, dtype, kwargs, x in _cases(vol):
        ref_fn = reference.upsample_trilinear3d if op_name == "UpsampleTrilinear3d" else reference.interpolate
        want = ref_fn(x, **kwargs)
        err = blocks = model = traffic = "-"
        if ops is not None:
            fn = ops[0] if op_name == "UpsampleTrilinear3d" else ops[1]
            try:
                got = fn(x, **kwargs)
                launch = ops[2]()
                err = f"{_max_error(got, want):.3g}"
                blocks = str(launch.get("block_dim", "-"))
                model = f"{launch.get('modeled_time_us', float('nan')):.2f}"
                traffic = f"{launch.get('traffic_ratio', float('nan')):.2f}x"
            except Exception as exc:  # keep going: one failing row should not hide the others
                failures += 1
                err = "ERROR"
                print(f"  {op_name} {label}: {type(exc).__name__}: {exc}")
        dt = np.dtype(dtype).name
        print(f"{op_name:<20} {label:<22} {dt:<9} {str(x.shape):<20} {str(want.shape):<20} "
              f"{err:>10} {blocks:>6} {model:>9} {traffic:>8}")
    print()
    if ops is None:
        print("Build the operator library with ./build.sh to run the kernels; errors above are '-'.")
        return 1 if failures else 0
    print("max err: largest |kernel - reference| (reference rounded to the output dtype);")
    print("traffic: GM bytes moved / (input bytes + output bytes); model us: sim cost model.")
    print()
    failures += train_step_demo(vol)
    return 1 if failures else 0
