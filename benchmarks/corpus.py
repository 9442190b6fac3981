"""Seeded corpus benchmark: hundreds of realistic resize problems per operator on the sim's counters.

A seeded generator draws the shapes and attributes that networks and pipelines use (segmentation
decoders 2x up, FPN nearest 2x, super-resolution 2-8x, thumbnailing 0.2-0.5x with antialias, network
input pre-processing with letterbox pads, label maps, channels-last tensors, resizes of C / N / D
only, medical volume resampling, video frame resampling, tiny and many-channel feature maps), runs
every problem on both SoC profiles and records per case the sim's figures from
``ascend_interpolate.last_launch()``: traffic / floor, modeled time / floor time, elements per
vector instruction, load imbalance, floor bytes and time, modeled time, block_dim, the kernel that
ran and its passes. It prints percentile tables per operator x mode x dtype (floor >= 64 KiB and
smaller cases apart), the worst cases, and the efficiency goals met or missed with the missing cases
grouped by cause; it writes PNG plots (matplotlib) and, with --write, the corpus section of
benchmarks/RESULTS.md.

    .venv/bin/python benchmarks/corpus.py [--soc ascend910b|ascend310p|all]
        [--operator trilinear|interpolate|all] [--quick] [--csv out.csv] [--plots DIR]
        [--markdown] [--write benchmarks/RESULTS.md] [--workers 2] [--seed 10] [--strict 0]
        [--from-csv out.csv]

Problems are capped at CAP_ELEMENTS input + output elements (the sim runs on the host CPU); the
whole corpus (both operators, both SoCs) runs in about two minutes with two worker processes. The
sim's pipe-hazard tracker is off by default (--strict 0): the counters do not depend on it and it
doubles the run time.
(ASCEND_INTERPOLATE_LIB_DIR=build-xxx/lib selects a build directory other than build/.)
"""
from __future__ import annotations

import argparse
import csv
import math
import os
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field

os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")

import numpy as np  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "python"))
sys.path.insert(0, HERE)
from _results_md import write_section  # noqa: E402
from ascend_interpolate.ops import scales_mode_output_length, trilinear_output_length  # noqa: E402

SEED = 10
CAP_ELEMENTS = 8_000_000           # input + output elements of one problem (sim time on the host CPU)
SOCS = ("ascend910b", "ascend310p")
OPERATORS = ("trilinear", "interpolate")
KERNELS = {"trilinear": "upsample_trilinear3d", "interpolate": "interpolate_separable"}
TRILINEAR_DTYPES = ("float32", "float16", "bfloat16")
INTERPOLATE_DTYPES = ("float32", "float16", "bfloat16", "int8", "uint8", "int32")
MODES = ("nearest", "linear", "linear_onnx", "cubic")
TRANSFORMS = ("half_pixel", "pytorch_half_pixel", "asymmetric", "tf_half_pixel_for_nn", "align_corners")
NEAREST_MODES = ("round_prefer_floor", "round_prefer_ceil", "floor", "ceil", "simple")
LAYOUTS = ("contiguous", "channels_last", "torch_channels_last")
UB_USABLE_BYTES = {"ascend910b": 188160, "ascend310p": 253952}   # docs/sim.md, ub-capacity
SMALL_FLOOR_BYTES = 64 * 1024      # the goals split cases at this floor
TIME_GOAL_MIN_FLOOR_US = 5.0       # the time goal applies to floors of at least this time
GOALS = {"traffic_p90": 1.10, "traffic_max": 1.25, "time_p50": 1.3, "time_p90": 1.6, "small_p90_us": 3.0}
SHORT_DTYPE = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "int8": "i8", "uint8": "u8", "int32": "i32"}
ITEMSIZE = {"float32": 4, "float16": 2, "bfloat16": 2, "int8": 1, "uint8": 1, "int32": 4}


# ================================================================================================
# The problems
# ================================================================================================
@dataclass
class Problem:
    """One call: ``op(x, **kwargs)`` with x of ``shape``/``dtype`` in ``layout``.

    layout: "contiguous"; "channels_last" = the channels-last data the kernel takes directly (trilinear:
    a torch channels_last_3d tensor; Interpolate: a contiguous NHWC / NDHWC array resized on axes
    1..rank-2); "torch_channels_last" (Interpolate only) = a torch channels_last NCHW tensor, which the
    operator stages through its view_copy kernel (the call record includes that copy)."""

    op: str
    index: int
    category: str
    shape: tuple
    out_shape: tuple
    dtype: str
    layout: str
    kwargs: dict = field(default_factory=dict)
    out_channels_last: bool = False    # torch_channels_last: also pass a channels_last out= tensor

    @property
    def mode(self):
        """Row label of the tables: trilinear, or the Interpolate mode (+ antialias)."""
        if self.op == "trilinear":
            return "trilinear"
        return self.kwargs["mode"] + (" aa" if self.kwargs.get("antialias") else "")

    @property
    def in_elements(self):
        return math.prod(self.shape)

    @property
    def out_elements(self):
        return math.prod(self.out_shape)

    @property
    def ratios(self):
        """out / padded-in length of every resized axis."""
        if self.op == "trilinear":
            return [o / i for i, o in zip(self.shape[2:], self.out_shape[2:])]
        rank = len(self.shape)
        pb = _fit(self.kwargs.get("pads_begin", ()), rank)
        pe = _fit(self.kwargs.get("pads_end", ()), rank)
        return [self.out_shape[a] / (self.shape[a] + pb[a] + pe[a]) for a in self.kwargs["axes"]
                if self.out_shape[a] != self.shape[a] + pb[a] + pe[a]]

    @property
    def name(self):
        k = self.kwargs
        shape = "x".join(map(str, self.shape)) + "->" + "x".join(map(str, self.out_shape))
        bits = [f"{self.op[0].upper()}{self.index:03d}", self.category + ":"]
        if self.op == "trilinear":
            bits.append("ac" if k["align_corners"] else "")
            bits.append("scales" if "scales" in k else "")
        else:
            bits.append(self.mode)
            bits.append(k["coordinate_transformation_mode"])
            if k["mode"] == "nearest":
                bits.append(k["nearest_mode"])
            if k["mode"] == "cubic" and k.get("cube_coeff", -0.75) != -0.75:
                bits.append(f"a={k['cube_coeff']}")
            bits.append(f"axes{list(k['axes'])}")
            if any(k.get("pads_begin", ())) or any(k.get("pads_end", ())):
                bits.append(f"pads{list(k['pads_begin'])}/{list(k['pads_end'])}")
            bits.append("scales" if k["shape_calculation_mode"] == "scales" else "")
        bits += [shape, SHORT_DTYPE[self.dtype]]
        if self.layout != "contiguous":
            bits.append({"channels_last": "cl", "torch_channels_last": "torch-cl"}[self.layout]
                        + ("+out-cl" if self.out_channels_last else ""))
        return " ".join(b for b in bits if b)


def _fit(pads, rank):
    return (list(pads) + [0] * rank)[:rank]


class _Generator:
    """Draws problems from a seeded numpy Generator; every call is deterministic for the seed."""

    def __init__(self, op, seed, cap):
        self.op = op
        self.rng = np.random.default_rng([seed, OPERATORS.index(op)])
        self.cap = cap
        self.problems = []

    # ---- random helpers -----------------------------------------------------------------------
    def pick(self, options, p=None):
        if p is not None:
            p = np.asarray(p, dtype=float) / np.sum(p)
        return options[int(self.rng.choice(len(options), p=p))]

    def randint(self, lo, hi):
        """Uniform integer in [lo, hi]."""
        return int(self.rng.integers(lo, hi + 1))

    def logu(self, lo, hi):
        """Log-uniform real in [lo, hi]."""
        return float(math.exp(self.rng.uniform(math.log(lo), math.log(hi))))

    def chance(self, p):
        return bool(self.rng.random() < p)

    # ---- builders -----------------------------------------------------------------------------
    def _shrink(self, shape, keep, out_of):
        """Halve the largest dimension not in ``keep`` until in + out elements fit the cap."""
        shape = list(shape)
        while math.prod(shape) + out_of(shape) > self.cap:
            free = [d for d in range(len(shape)) if d not in keep and shape[d] > 1]
            if not free:
                return None
            d = max(free, key=lambda i: shape[i])
            shape[d] = max(1, shape[d] // 2)
        return tuple(shape)

    def _add(self, category, shape, out_shape, dtype, layout, kwargs, out_channels_last=False):
        p = Problem(self.op, len(self.problems), category, tuple(shape), tuple(out_shape), dtype, layout, kwargs,
                    out_channels_last)
        self.problems.append(p)
        return p

    def trilinear(self, category, shape, targets, *, dtype, align=False, scales=False, layout="contiguous"):
        """targets: per D/H/W axis an int (output length) or a float (ratio). scales=True passes the
        ratios as scales (output floor(in * scale)); otherwise output_size."""
        def out_dhw(s):
            dhw = []
            for n, t in zip(s[2:], targets):
                if isinstance(t, int):
                    dhw.append(t)
                elif scales:
                    dhw.append(trilinear_output_length(n, max(t, 1.0 / n)))
                else:
                    dhw.append(max(1, round(n * t)))
            return dhw

        shape = self._shrink(shape, (2, 3, 4), lambda s: s[0] * s[1] * math.prod(out_dhw(s)))
        if shape is None:
            return None
        dhw = out_dhw(shape)
        if dhw == list(shape[2:]):
            return None
        kwargs = {"align_corners": align}
        if scales:
            kwargs["scales"] = [max(float(t) if not isinstance(t, int) else t / n, 1.0 / n)
                                for n, t in zip(shape[2:], targets)]
        else:
            kwargs["output_size"] = dhw
        if layout == "channels_last" and shape[1] == 1:
            layout = "contiguous"   # one channel: channels_last_3d is the contiguous layout
        return self._add(category, shape, tuple(shape[:2]) + tuple(dhw), dtype, layout, kwargs)

    def interpolate(self, category, shape, axes, targets, *, dtype, mode, transform="half_pixel",
                    nearest="round_prefer_floor", antialias=False, pads=None, scales=False, cube_coeff=-0.75,
                    layout="contiguous", out_channels_last=False):
        """targets: per axis an int (output length) or a float (ratio of the padded length)."""
        rank = len(shape)
        pads_begin, pads_end = pads if pads else ([0] * rank, [0] * rank)

        def lengths(s):
            padded = [n + b + e for n, b, e in zip(s, pads_begin, pads_end)]
            out, values = list(padded), []
            for a, t in zip(axes, targets):
                if scales:
                    v = float(t) / padded[a] if isinstance(t, int) else float(t)
                    out[a] = scales_mode_output_length(padded[a], v)
                else:
                    v = t if isinstance(t, int) else max(1, round(padded[a] * t))
                    out[a] = v
                values.append(v)
            return out, values

        shape = self._shrink(shape, tuple(axes), lambda s: math.prod(lengths(s)[0]))
        if shape is None:
            return None
        out, values = lengths(shape)
        padded = [n + b + e for n, b, e in zip(shape, pads_begin, pads_end)]
        if min(out) < 1 or all(out[a] == padded[a] for a in axes):
            return None
        kwargs = {"mode": mode, "shape_calculation_mode": "scales" if scales else "sizes",
                  "scales" if scales else "sizes": values, "axes": list(axes),
                  "coordinate_transformation_mode": transform, "nearest_mode": nearest,
                  "antialias": antialias, "pads_begin": list(pads_begin), "pads_end": list(pads_end),
                  "cube_coeff": cube_coeff}
        return self._add(category, shape, out, dtype, layout, kwargs, out_channels_last)

    def fill(self, scenario, count):
        """Draw ``count`` problems from ``scenario`` (a draw that does not fit the cap is re-drawn)."""
        made = 0
        for _ in range(count * 50):
            if made == count:
                return
            if scenario(self) is not None:
                made += 1
        raise RuntimeError(f"scenario {scenario.__name__} cannot place {count} problems under the cap")


# ---- shared draws ---------------------------------------------------------------------------------
def _float_dtype(g, p=(0.45, 0.35, 0.2)):
    return g.pick(TRILINEAR_DTYPES, p=p)


def _any_dtype(g, p=(0.3, 0.2, 0.12, 0.12, 0.14, 0.12)):
    return g.pick(INTERPOLATE_DTYPES, p=p)


def _ratio(g, lo=0.2, hi=8.0):
    """A resize ratio: mostly the round ones pipelines use, sometimes any log-uniform ratio."""
    if g.chance(0.5):
        return g.pick([0.2, 0.25, 1 / 3, 0.5, 0.75, 1.5, 2.0, 2.0, 3.0, 4.0, 8.0])
    return g.logu(lo, hi)


def _transform(g, mode):
    if mode == "nearest":
        return g.pick(TRANSFORMS, p=(0.25, 0.1, 0.35, 0.15, 0.15))
    return g.pick(TRANSFORMS, p=(0.4, 0.2, 0.15, 0.05, 0.2))


def _nearest(g):
    return g.pick(NEAREST_MODES, p=(0.35, 0.2, 0.25, 0.1, 0.1))


def _ceil_div(a, b):
    return -(-a // b)


PHOTOS = [(375, 500), (480, 640), (427, 640), (500, 333), (720, 960), (1080, 1080), (1080, 810), (810, 1080),
          (600, 800), (768, 1024), (1024, 768), (720, 1080), (1080, 720), (333, 500), (640, 480)]


# ================================================================================================
# UpsampleTrilinear3d scenarios (NCDHW, optionally channels_last_3d)
# ================================================================================================
def _tri_layout(g):
    return "channels_last" if g.chance(0.3) else "contiguous"


def tri_medical(g):
    """Isotropic resampling of CT / MRI volumes (1-4 modalities): per-axis spacing ratios, or a
    fixed network input cube."""
    d, h, w = g.randint(32, 128), g.randint(64, 128), g.randint(64, 128)
    if g.chance(0.5):
        d = h = w = g.pick([64, 80, 96, 112, 128, g.randint(64, 128)])
    c = g.pick([1, 1, 1, 2, 4])
    if g.chance(0.3):
        targets = [g.pick([48, 64, 96, 128])] * 3            # network input cube
    else:
        sd = g.pick([0.5, 1.0, 1.5, 2.5, 3.0, 5.0])          # slice spacing (mm) -> 1 mm, 1.5 mm, ...
        sxy = g.pick([0.5, 0.7, 0.8, 1.0, 1.2])
        to = g.pick([1.0, 1.0, 1.5, 2.0])
        targets = [sd / to, sxy / to, sxy / to]
    return g.trilinear("medical resampling", (1, c, d, h, w), targets, dtype=_float_dtype(g),
                       align=g.chance(0.3), scales=g.chance(0.3), layout=_tri_layout(g))


def tri_unet(g):
    """3-D U-Net / V-Net decoder: feature maps upsampled 2x (sometimes deep-supervision downscales)."""
    n = g.pick([1, 1, 2])
    c = g.pick([16, 32, 64, 128, 256])
    base = g.pick([(32, 64, 64), (16, 32, 32), (8, 16, 16), (4, 8, 8), (24, 40, 40), (20, 48, 48), (10, 20, 20)])
    d, h, w = (max(2, v + g.randint(-1, 1)) if g.chance(0.3) else v for v in base)
    targets = [2.0, 2.0, 2.0] if g.chance(0.75) else [0.5, 0.5, 0.5]
    if g.chance(0.08):
        n, c, (d, h, w) = 2, 16, (32, 64, 64)                # the 2x16x32x64x64 feature map, pooled 2x
        targets = [0.5, 0.5, 0.5]
    return g.trilinear("3-D U-Net decoder", (n, c, d, h, w), targets, dtype=_float_dtype(g),
                       align=g.chance(0.4), scales=g.chance(0.4), layout=_tri_layout(g))


def tri_video(g):
    """Video clips (N x 3 x T x H x W, or features): frame-rate conversion, slow motion 2x, spatial
    2x / 0.5x, clip resizing for action recognition."""
    n = g.pick([1, 1, 2, 4])
    c = g.pick([3, 3, 3, 64])
    t = g.pick([4, 8, 16, 16, 32, g.randint(4, 32)])
    h, w = g.pick([(112, 112), (128, 171), (160, 160), (224, 224), (180, 180), (g.randint(112, 224), g.randint(112, 224))])
    kind = g.pick(["temporal", "spatial", "both", "fps"])
    if kind == "temporal":
        targets = [g.pick([2.0, 0.5, 4.0]), 1.0, 1.0]
    elif kind == "spatial":
        r = g.pick([2.0, 0.5, 224 / 112, 112 / 224, 0.8])
        targets = [1.0, r, r]
    elif kind == "both":
        targets = [g.pick([2.0, 0.5]), g.pick([2.0, 0.5, 1.5]), g.pick([2.0, 0.5, 1.5])]
    else:
        targets = [g.pick([24 / 30, 30 / 24, 25 / 30, 60 / 30]), 1.0, 1.0]
    return g.trilinear("video resampling", (n, c, t, h, w), targets, dtype=_float_dtype(g),
                       align=g.chance(0.2), scales=g.chance(0.3), layout=_tri_layout(g))


def tri_many_channels(g):
    """Small volumes with many channels (bottleneck features, 3-D detection heads): 2x or 4x."""
    n = g.pick([1, 2, 4, 8])
    c = g.pick([64, 128, 256, 512])
    d, h, w = g.randint(2, 8), g.randint(2, 8), g.randint(2, 8)
    if g.chance(0.5):
        h = w
    r = g.pick([2.0, 2.0, 4.0, 1.5])
    return g.trilinear("small volume, many channels", (n, c, d, h, w), [r, r, r], dtype=_float_dtype(g),
                       align=g.chance(0.3), scales=g.chance(0.3), layout=_tri_layout(g))


def tri_large_up(g):
    """Coarse grids to dense volumes: 4x-8x (e.g. 8^3 -> 64^3 with align_corners, deformation fields)."""
    c = g.pick([1, 1, 3, 4, 8])
    s = g.randint(4, 16)
    d, h, w = s, s, s if g.chance(0.6) else g.randint(4, 16)
    r = g.pick([4.0, 8.0, 8.0, 6.0, 5.0])
    return g.trilinear("large upscale", (1, c, d, h, w), [r, r, g.pick([r, r / 2])], dtype=_float_dtype(g),
                       align=g.chance(0.5), scales=g.chance(0.3), layout=_tri_layout(g))


def tri_downscale(g):
    """Thumbnails / coarse levels of volumes: 0.2x-0.5x."""
    c = g.pick([1, 1, 2, 4, 16])
    d, h, w = g.randint(32, 128), g.randint(48, 160), g.randint(48, 160)
    r = g.pick([0.2, 0.25, 1 / 3, 0.5])
    targets = [r, r, r] if g.chance(0.6) else [g.pick([0.5, 1.0, r]), r, r]
    return g.trilinear("volume downscale", (1, c, d, h, w), targets, dtype=_float_dtype(g),
                       align=g.chance(0.3), scales=g.chance(0.3), layout=_tri_layout(g))


def tri_random(g):
    """Any NCDHW shape, independent per-axis ratios in [0.2, 8]."""
    n, c = g.pick([1, 1, 2, 4]), g.pick([1, 2, 3, 8, 16, 32, 64])
    d, h, w = g.randint(4, 128), g.randint(4, 128), g.randint(4, 128)
    return g.trilinear("random per-axis ratios", (n, c, d, h, w), [_ratio(g), _ratio(g), _ratio(g)],
                       dtype=_float_dtype(g), align=g.chance(0.3), scales=g.chance(0.4), layout=_tri_layout(g))


def tri_tiny(g):
    """Tiny problems (floors well under 64 KiB): launch and table overheads dominate."""
    n, c = g.pick([1, 1, 2]), g.pick([1, 1, 2, 4])
    d, h, w = g.randint(2, 8), g.randint(2, 12), g.randint(2, 12)
    r = g.pick([2.0, 2.0, 4.0, 0.5, 3.0])
    return g.trilinear("tiny", (n, c, d, h, w), [r, r, r], dtype=_float_dtype(g), align=g.chance(0.4),
                       scales=g.chance(0.3), layout=_tri_layout(g))


TRILINEAR_SCENARIOS = [(tri_medical, 60), (tri_unet, 60), (tri_video, 60), (tri_many_channels, 45),
                       (tri_large_up, 25), (tri_downscale, 30), (tri_random, 40), (tri_tiny, 40)]


# ================================================================================================
# Interpolate-4 scenarios
# ================================================================================================
def ip_segmentation(g):
    """Segmentation decoders: features 2x up, or logits back to the image size (4x / 8x)."""
    ih, iw = g.pick([(512, 512), (513, 513), (769, 769), (480, 640), (512, 1024), (720, 960), (1024, 1024)])
    mode = g.pick(["linear_onnx", "linear_onnx", "linear"])
    transform = g.pick(["half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric"], p=(0.4, 0.25, 0.25, 0.1))
    dtype = g.pick(["float32", "float16", "bfloat16", "int8"], p=(0.4, 0.3, 0.2, 0.1))
    if g.chance(0.35):
        stride = g.pick([4, 8])
        n, c = g.pick([1, 1, 2]), g.pick([1, 2, 19, 21, 150])
        h, w = _ceil_div(ih, stride), _ceil_div(iw, stride)
        return g.interpolate("segmentation logits to image", (n, c, h, w), (2, 3), [ih, iw], dtype=dtype,
                             mode=mode, transform=transform)
    stride = g.pick([8, 16, 32])
    n, c = g.pick([1, 1, 2, 4, 8]), g.pick([19, 21, 48, 64, 128, 256, 512])
    h, w = _ceil_div(ih, stride), _ceil_div(iw, stride)
    scales = g.chance(0.35)
    targets = [2.0, 2.0] if scales or transform != "align_corners" else [2 * h - 1, 2 * w - 1]
    return g.interpolate("segmentation decoder 2x", (n, c, h, w), (2, 3), targets, dtype=dtype, mode=mode,
                         transform=transform, scales=scales)


def ip_fpn(g):
    """Feature pyramid top-down path: nearest 2x (scales 2, or sizes to the lateral level's odd size)."""
    ih, iw = g.pick([(800, 1333), (800, 1216), (640, 640), (512, 512), (1024, 1024), (768, 1344), (600, 1000)])
    level = g.pick([2, 3, 4, 5])
    n, c = g.pick([1, 1, 2, 4, 8]), g.pick([64, 128, 256, 256])
    h, w = _ceil_div(ih, 2 ** (level + 1)), _ceil_div(iw, 2 ** (level + 1))
    transform, nearest = g.pick([("asymmetric", "floor"), ("asymmetric", "floor"), ("half_pixel", "round_prefer_floor"),
                                 ("tf_half_pixel_for_nn", "round_prefer_ceil"), ("asymmetric", "simple"),
                                 ("pytorch_half_pixel", "round_prefer_ceil"), ("align_corners", "round_prefer_floor"),
                                 ("half_pixel", "ceil")])
    scales = g.chance(0.5)
    targets = [2.0, 2.0] if scales else [_ceil_div(ih, 2 ** level), _ceil_div(iw, 2 ** level)]
    return g.interpolate("FPN top-down nearest 2x", (n, c, h, w), (2, 3), targets, mode="nearest",
                         transform=transform, nearest=nearest, scales=scales,
                         dtype=g.pick(["float32", "float16", "bfloat16", "int8"], p=(0.4, 0.3, 0.15, 0.15)))


def ip_super_resolution(g):
    """Super-resolution up-sampling: bicubic 2x-8x of RGB / Y images (and bilinear heads)."""
    f = g.pick([2, 2, 3, 4, 4, 8])
    c = g.pick([1, 3, 3])
    h, w = g.randint(24, 1080 // f), g.randint(24, 1080 // f)
    mode = g.pick(["cubic", "cubic", "cubic", "linear"])
    return g.interpolate(f"super-resolution {f}x", (1, c, h, w), (2, 3), [float(f), float(f)],
                         dtype=g.pick(["float32", "float16", "uint8", "bfloat16"], p=(0.4, 0.25, 0.25, 0.1)),
                         mode=mode, transform=g.pick(["half_pixel", "pytorch_half_pixel", "asymmetric", "align_corners"],
                                                     p=(0.5, 0.2, 0.1, 0.2)),
                         cube_coeff=g.pick([-0.75, -0.75, -0.5]), scales=g.chance(0.5))


def ip_thumbnail(g):
    """Thumbnails: 0.2x-0.5x downscales of photos, mostly antialiased (linear / cubic)."""
    h, w = g.pick(PHOTOS[5:] + [(g.randint(480, 1080), g.randint(480, 1080))])
    c = g.pick([3, 3, 1, 4])
    mode = g.pick(["linear", "cubic", "linear_onnx", "nearest"], p=(0.5, 0.35, 0.1, 0.05))
    r = g.pick([0.25, 0.25, 0.2, 1 / 3, 0.5])
    targets = [r, r] if g.chance(0.6) else [round(256 * min(1.0, h / w)), round(256 * min(1.0, w / h))]  # 256 box
    return g.interpolate("thumbnail", (1, c, h, w), (2, 3), targets, mode=mode,
                         antialias=mode in ("linear", "cubic") and g.chance(0.8),
                         transform=g.pick(["half_pixel", "pytorch_half_pixel", "align_corners", "asymmetric"]),
                         dtype=g.pick(["uint8", "float32", "float16"], p=(0.5, 0.3, 0.2)), scales=g.chance(0.4))


def ip_preprocess(g):
    """Network input pre-processing: photos to 224-640 squares, keep-aspect short side, or letterbox
    (pads to a square, then the resize)."""
    n = g.pick([1, 1, 1, 2, 4, 8])
    h, w = g.pick(PHOTOS + [(g.randint(200, 1080), g.randint(200, 1080))])
    t = g.pick([224, 256, 299, 320, 384, 416, 448, 512, 640])
    mode = g.pick(["linear", "cubic", "linear_onnx", "nearest"], p=(0.4, 0.25, 0.2, 0.15))
    style = g.pick(["square", "keep aspect", "letterbox"])
    pads = None
    if style == "square":
        targets = [t, t]
    elif style == "keep aspect":
        r = t / min(h, w)
        targets = [max(1, round(h * r)), max(1, round(w * r))]
    else:
        side, axis = max(h, w), 2 if h < w else 3
        begin, end = [0] * 4, [0] * 4
        begin[axis] = (side - min(h, w)) // 2
        end[axis] = side - min(h, w) - begin[axis]
        pads, targets = (begin, end), [t, t]
    down = t < min(h, w)
    return g.interpolate(f"pre-processing {style}", (n, 3, h, w), (2, 3), targets, mode=mode, pads=pads,
                         antialias=down and mode in ("linear", "cubic") and g.chance(0.5),
                         transform=_transform(g, mode), nearest=_nearest(g),
                         dtype=g.pick(["uint8", "float32", "float16"], p=(0.5, 0.35, 0.15)), scales=g.chance(0.25))


def ip_masks(g):
    """Label maps and masks: nearest, every rounding mode and transform, up to the image or down."""
    n = g.pick([1, 1, 2, 4])
    h, w = g.randint(7, 1080), g.randint(7, 1080)
    if g.chance(0.5):
        s = g.pick([4, 8])
        targets, h, w = [h, w], _ceil_div(h, s), _ceil_div(w, s)
    else:
        targets = [g.pick([0.25, 0.5, 2.0, 0.2]), g.pick([0.25, 0.5, 2.0, 0.2])]
    return g.interpolate("label map nearest", (n, 1, h, w), (2, 3), targets, mode="nearest",
                         transform=_transform(g, "nearest"), nearest=_nearest(g), scales=g.chance(0.3),
                         dtype=g.pick(["uint8", "int32", "int8", "float32"], p=(0.45, 0.3, 0.15, 0.1)))


def ip_channels_last(g):
    """Channels-last tensors (TF / ONNX NHWC graphs, NDHWC volumes): axes 1..rank-2."""
    mode = g.pick(MODES, p=(0.3, 0.2, 0.35, 0.15))
    common = dict(mode=mode, transform=_transform(g, mode), nearest=_nearest(g), dtype=_any_dtype(g),
                  scales=g.chance(0.4), layout="channels_last")
    if g.chance(0.2):
        n, c, d, h = g.pick([1, 2]), g.pick([1, 4, 16, 32]), g.randint(4, 48), g.randint(8, 96)
        r = g.pick([2.0, 0.5, 1.5])
        return g.interpolate("NDHWC volume", (n, d, h, h, c), (1, 2, 3), [r, r, r], **common)
    n, c = g.pick([1, 1, 2, 4]), g.pick([3, 3, 16, 32, 64, 128, 256])
    h, w = g.randint(7, 540), g.randint(7, 540)
    r = g.pick([2.0, 2.0, 0.5, 4.0])
    targets = [r, r] if g.chance(0.7) else [_ratio(g), _ratio(g)]
    return g.interpolate("NHWC image", (n, h, w, c), (1, 2), targets, **common)


def ip_other_axes(g):
    """Axes other than the trailing spatial ones: C only, N only, D only (video frames), H only, and
    axes listed in reverse order."""
    kind = g.pick(["C", "N", "D", "H", "W,H"])
    dtype = _any_dtype(g)
    if kind == "C":
        mode = g.pick(["linear", "linear_onnx", "nearest"])
        n, c, h, w = g.pick([1, 2]), g.pick([16, 31, 64, 128, 200]), g.randint(7, 128), g.randint(7, 128)
        return g.interpolate("resize C only", (n, c, h, w), (1,), [g.pick([0.5, 1.5, 2.0, 0.75])], dtype=dtype,
                             mode=mode, transform=_transform(g, mode), nearest=_nearest(g), scales=g.chance(0.3))
    if kind == "N":
        mode = g.pick(["linear", "linear_onnx", "nearest"])
        n, c, h, w = g.randint(4, 16), g.pick([1, 3, 16]), g.randint(32, 224), g.randint(32, 224)
        return g.interpolate("resize N only (frame stack)", (n, c, h, w), (0,), [g.pick([2.0, 0.5, 1.25])],
                             dtype=dtype, mode=mode, transform=_transform(g, mode), nearest=_nearest(g),
                             scales=g.chance(0.3))
    if kind == "D":
        mode = g.pick(["linear", "linear_onnx", "nearest", "cubic"])
        n, c, d = g.pick([1, 2]), g.pick([1, 3, 8]), g.randint(4, 32)
        h, w = g.pick([(112, 112), (128, 171), (224, 224), (g.randint(16, 224), g.randint(16, 224))])
        return g.interpolate("resize D only (frames)", (n, c, d, h, w), (2,),
                             [g.pick([2.0, 0.5, 24 / 30, 30 / 24, 4.0])], dtype=dtype, mode=mode,
                             transform=_transform(g, mode), nearest=_nearest(g), scales=g.chance(0.3))
    mode = g.pick(MODES)
    n, c, h, w = g.pick([1, 2]), g.pick([1, 3, 16, 64]), g.randint(7, 512), g.randint(7, 512)
    if kind == "H":
        return g.interpolate("resize H only", (n, c, h, w), (2,), [_ratio(g)], dtype=dtype, mode=mode,
                             transform=_transform(g, mode), nearest=_nearest(g), scales=g.chance(0.3))
    return g.interpolate("axes reversed (W, H)", (n, c, h, w), (3, 2), [_ratio(g), _ratio(g)], dtype=dtype,
                         mode=mode, transform=_transform(g, mode), nearest=_nearest(g), scales=g.chance(0.3))


def ip_volumes(g):
    """5-D volumes on axes D, H, W: medical resampling (images and label volumes) and video clips."""
    mode = g.pick(MODES, p=(0.25, 0.2, 0.4, 0.15))
    if g.chance(0.55):
        s = g.pick([64, 96, 128, g.randint(64, 128)])
        shape = (1, 1, g.pick([s, g.randint(32, 128)]), s, s)
        sxy = g.pick([0.7, 0.8, 1.0, 1.2])
        targets = [g.pick([0.5, 1.0, 2.5, 3.0]), sxy, sxy] if g.chance(0.6) else [g.pick([48, 64, 96])] * 3
        dtype = g.pick(["float32", "float16", "int32", "uint8", "bfloat16", "int8"])
        category = "medical volume"
    else:
        shape = (g.pick([1, 2]), 3, g.randint(4, 32), g.pick([112, 128, 160, 224]), g.pick([112, 128, 171, 224]))
        targets = [g.pick([2.0, 0.5, 1.0]), g.pick([2.0, 0.5]), g.pick([2.0, 0.5])]
        dtype = _any_dtype(g)
        category = "video clip"
    down = any(isinstance(t, float) and t < 1 for t in targets)
    aa = down and mode in ("linear", "cubic") and g.chance(0.4)
    return g.interpolate(category, shape, (2, 3, 4), targets, mode=mode, transform=_transform(g, mode),
                         nearest=_nearest(g), dtype=dtype, antialias=aa, scales=g.chance(0.3))


def _feature_shape(g):
    """A realistic NCHW image or feature map (H, W in 7..1080, odd ones included)."""
    if g.chance(0.3):
        return (1, g.pick([1, 3]), g.randint(64, 1080), g.randint(64, 1080))
    return (g.pick([1, 1, 2, 4, 8]), g.pick([3, 16, 32, 64, 128, 256, 512]), g.randint(7, 270), g.randint(7, 270))


class _Grid:
    """Cycles through dtypes so that every mode x transform cell sees several dtypes."""

    def __init__(self):
        self.turn = 0

    def dtype(self):
        self.turn += 1
        return INTERPOLATE_DTYPES[self.turn % len(INTERPOLATE_DTYPES)]


def _grid_problem(g, grid, mode, transform, nearest):
    shape = _feature_shape(g)
    targets = [_ratio(g), _ratio(g)]
    down = min(targets) < 1
    pads = None
    if g.chance(0.15):
        pads = ([0, 0, g.randint(0, 8), g.randint(0, 8)], [0, 0, g.randint(0, 8), g.randint(0, 8)])
    return g.interpolate(f"grid {mode}", shape, (2, 3), targets, mode=mode, transform=transform, nearest=nearest,
                         antialias=down and mode in ("linear", "cubic") and g.chance(0.5), pads=pads,
                         dtype=grid.dtype(), scales=g.chance(0.5))


def ip_mode_grid(g, per_cell=3):
    """Every mode x coordinate transform, per_cell problems each, independent per-axis ratios."""
    grid = _Grid()
    for mode in MODES:
        for transform in TRANSFORMS:
            g.fill(lambda g_: _grid_problem(g_, grid, mode, transform, _nearest(g_)), per_cell)


def ip_nearest_grid(g):
    """Every nearest rounding mode x coordinate transform."""
    grid = _Grid()
    for nearest in NEAREST_MODES:
        for transform in TRANSFORMS:
            g.fill(lambda g_: _grid_problem(g_, grid, "nearest", transform, nearest), 1)


def ip_tiny(g):
    """Tiny feature maps (floors of about 0.1-8 KiB)."""
    mode = g.pick(MODES)
    shape = (1, g.pick([1, 1, 2, 4]), g.randint(3, 16), g.randint(3, 16))
    r = g.pick([2.0, 2.0, 0.5, 4.0, 3.0])
    return g.interpolate("tiny", shape, (2, 3), [r, r], mode=mode, transform=_transform(g, mode),
                         nearest=_nearest(g), dtype=_any_dtype(g), scales=g.chance(0.5))


def ip_signals(g):
    """Rank-3 sequences: spectrogram time stretch (1 x 80 x T), waveform resampling, 1-D features."""
    mode = g.pick(["linear", "linear_onnx", "nearest", "cubic"])
    shape = g.pick([(1, 80, g.randint(100, 3000)), (g.pick([1, 4]), 1, g.randint(8000, 48000)), (2, 256, g.randint(50, 500))])
    r = g.pick([0.5, 2.0, 0.8, 1.25, 16000 / 44100, 44100 / 48000, _ratio(g)])
    return g.interpolate("1-D signal", shape, (2,), [r], mode=mode, transform=_transform(g, mode),
                         nearest=_nearest(g), dtype=g.pick(["float32", "float16", "int32"], p=(0.6, 0.3, 0.1)),
                         antialias=r < 1 and mode in ("linear", "cubic") and g.chance(0.3), scales=g.chance(0.3))


def ip_torch_channels_last(g):
    """torch channels_last NCHW tensors: the operator gathers them through view_copy first (the call
    record includes it)."""
    mode = g.pick(["linear_onnx", "nearest", "linear", "cubic"])
    shape = (g.pick([1, 2]), g.pick([3, 16, 64]), g.randint(16, 256), g.randint(16, 256))
    return g.interpolate("torch channels_last", shape, (2, 3), [2.0, 2.0], mode=mode, transform=_transform(g, mode),
                         dtype=g.pick(["float32", "float16", "uint8"]), layout="torch_channels_last",
                         out_channels_last=g.chance(0.5))


INTERPOLATE_SCENARIOS = [(ip_segmentation, 40), (ip_fpn, 35), (ip_super_resolution, 30), (ip_thumbnail, 30),
                         (ip_preprocess, 35), (ip_masks, 30), (ip_channels_last, 30), (ip_other_axes, 30),
                         (ip_volumes, 30), (ip_tiny, 40), (ip_signals, 10), (ip_torch_channels_last, 10)]


def generate(op, seed=SEED, cap=CAP_ELEMENTS):
    """The corpus of one operator: a list of Problems, the same for the same seed and cap."""
    g = _Generator(op, seed, cap)
    if op == "trilinear":
        for scenario, count in TRILINEAR_SCENARIOS:
            g.fill(scenario, count)
    else:
        ip_mode_grid(g)
        ip_nearest_grid(g)
        for scenario, count in INTERPOLATE_SCENARIOS:
            g.fill(scenario, count)
    return g.problems


def quick_subset(problems, every=6):
    return problems[::every]


# ================================================================================================
# Running one problem on the sim
# ================================================================================================
_POOL = {}


def _values(dtype, n):
    """n input values of ``dtype`` (a per-process pool; the counters do not depend on the values)."""
    kind = "int" if dtype in ("int8", "uint8", "int32") else "float"
    pool = _POOL.get(kind)
    if pool is None or pool.size < n:
        rng = np.random.default_rng(SEED)
        size = max(n, 1 << 20, 2 * (pool.size if pool is not None else 0))
        pool = rng.integers(0, 100, size=size, dtype=np.int32) if kind == "int" else \
            rng.standard_normal(size, dtype=np.float32)
        _POOL[kind] = pool
    return pool[:n]


def make_input(p):
    """The input of ``p``: a numpy array, or a torch tensor for torch-only layouts."""
    flat = _values(p.dtype, p.in_elements)
    if p.op == "trilinear" and p.layout == "channels_last" or p.layout == "torch_channels_last":
        import torch

        t = torch.from_numpy(np.ascontiguousarray(flat).reshape(p.shape)).to(getattr(torch, p.dtype))
        fmt = torch.channels_last_3d if len(p.shape) == 5 else torch.channels_last
        return t.contiguous(memory_format=fmt)
    if p.dtype == "bfloat16":
        import ml_dtypes

        return flat.astype(ml_dtypes.bfloat16).reshape(p.shape)
    return flat.astype(p.dtype).reshape(p.shape)


def call(ai, p, x):
    if p.op == "trilinear":
        return ai.upsample_trilinear3d(x, **p.kwargs)
    out = None
    if p.out_channels_last:
        import torch

        out = torch.empty(p.out_shape, dtype=x.dtype, memory_format=torch.channels_last)
    return ai.interpolate(x, out=out, **p.kwargs)


def _flag(p, rec):
    """Why the launch record does not describe this operator call alone ("" when it does)."""
    if rec.get("kernel") != KERNELS[p.op]:
        return f"last launch is {rec.get('kernel')}, not {KERNELS[p.op]}"
    if rec.get("floor_bytes") != (p.in_elements + p.out_elements) * ITEMSIZE[p.dtype]:
        return f"floor bytes {rec.get('floor_bytes')} do not match the problem"
    return ""


def _slowest_core(rec):
    cores = rec.get("cores") or [{}]
    return max(cores, key=lambda c: c.get("modeled_time_us", 0.0))


def measure(ai, p, soc):
    """Runs ``p`` on ``soc``; one flat row of the sim's figures (status ok / skipped / rejected / error)."""
    row = {"op": p.op, "id": p.index, "name": p.name, "category": p.category, "mode": p.mode, "dtype": p.dtype,
           "layout": p.layout, "soc": soc, "in_shape": "x".join(map(str, p.shape)),
           "out_shape": "x".join(map(str, p.out_shape)), "min_ratio": min(p.ratios), "max_ratio": max(p.ratios),
           "in_bytes": p.in_elements * ITEMSIZE[p.dtype], "out_bytes": p.out_elements * ITEMSIZE[p.dtype],
           "status": "ok", "error": "", "flag": ""}
    if soc == "ascend310p" and p.dtype == "bfloat16":
        row["status"] = "skipped"
        row["error"] = "bfloat16 is not available on ascend310p"
        return row
    x = make_input(p)
    try:
        call(ai, p, x)
    except ai.AclnnError as exc:
        row.update(status="rejected", error=f"{exc.status}: {exc}"[:300])
        return row
    except Exception as exc:  # noqa: BLE001 - a benchmark records the failure and moves on
        row.update(status="error", error=f"{type(exc).__name__}: {exc}"[:300])
        return row
    rec = ai.last_launch()
    slow = _slowest_core(rec)
    floor_us = rec.get("floor_time_us") or float("nan")
    instr = rec.get("vector_instructions", 0)
    clock = (rec.get("cost_model") or {}).get("clock_ghz", 1.0)
    row.update(
        flag=_flag(p, rec), kernel=rec.get("kernel"), block_dim=rec.get("block_dim"), phases=rec.get("phases", 1),
        floor_bytes=rec.get("floor_bytes"), floor_us=floor_us, modeled_us=rec.get("modeled_time_us"),
        traffic_ratio=rec.get("traffic_ratio"), time_ratio=rec.get("modeled_time_us") / floor_us,
        elems_per_vec=rec.get("vector_elements", 0) / instr if instr else float("nan"),
        imbalance=rec.get("imbalance"), gm_read_bytes=rec.get("gm_read_bytes"),
        gm_write_bytes=rec.get("gm_write_bytes"), vector_instructions=instr,
        dma_instructions=rec.get("dma_instructions"),
        scalar_ub=rec.get("scalar_ub_reads", 0) + rec.get("scalar_ub_writes", 0),
        scalar_gm=rec.get("scalar_gm_reads", 0) + rec.get("scalar_gm_writes", 0),
        slow_dma_us=slow.get("dma_time_us"), slow_vector_us=slow.get("vector_time_us"),
        slow_scalar_us=slow.get("scalar_time_us"),
        slow_dma_issue_us=slow.get("dma_instructions", 0) * 200 / (clock * 1e3),
        sector_ratio=(rec.get("gm_read_sector_bytes", 0) + rec.get("gm_write_sector_bytes", 0))
        / max(1, rec.get("gm_read_bytes", 0) + rec.get("gm_write_bytes", 0)),
        min_core_read=min((c.get("gm_read_bytes", 0) for c in rec.get("cores") or [] if c.get("gm_read_bytes")),
                          default=0),
        per_core_dma_gbps=rec.get("per_core_dma_gbps"), sim_wall_ms=rec.get("host_wall_ms"))
    return row


_WORKER = {}


def _worker_init():
    import ascend_interpolate as ai  # the library loads here, after ASCEND_SIM_STRICT is set

    _WORKER["ai"] = ai
    _WORKER["soc"] = None


def _worker_run(task):
    p, soc = task
    ai = _WORKER["ai"]
    if _WORKER["soc"] != soc:
        ai.set_soc(soc)
        _WORKER["soc"] = soc
    return measure(ai, p, soc)


def run_corpus(problems, socs, workers=2, progress=True):
    """Measures every problem on every SoC with ``workers`` processes; rows in task order."""
    tasks = [(p, soc) for soc in socs for p in problems]
    # biggest first, so that the two workers finish together
    order = sorted(range(len(tasks)), key=lambda i: -(tasks[i][0].in_elements + tasks[i][0].out_elements))
    rows = [None] * len(tasks)
    done = 0
    if workers <= 1:
        _worker_init()
        results = ((i, _worker_run(tasks[i])) for i in order)
        pool = None
    else:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"),
                                   initializer=_worker_init)
        results = zip(order, pool.map(_worker_run, [tasks[i] for i in order], chunksize=2))
    try:
        for i, row in results:
            rows[i] = row
            done += 1
            if progress and done % 100 == 0:
                print(f"  {done}/{len(tasks)} cases", file=sys.stderr, flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    return rows


# ================================================================================================
# Causes: why a case misses a goal, read from its counters
# ================================================================================================
def table_bytes(p, r):
    """Tap-table bytes the cores read. Trilinear: 12 B per D/H/W output entry (padded to 8) per core,
    the tiling's own count. Interpolate (one pass): every core reads the inner tables whole before
    its rows, so the smallest per-core read less an even share of the input is taken as the
    per-core table size (measured), unless it exceeds the unified buffer the tables are loaded into:
    then those reads are input rows re-read, not tables."""
    if p.op == "trilinear":
        return 12 * sum(-(-n // 8) * 8 for n in p.out_shape[2:]) * r["block_dim"]
    fixed = r["min_core_read"] - r["in_bytes"] / r["block_dim"]
    return r["block_dim"] * fixed if 0 < fixed <= UB_USABLE_BYTES[r["soc"]] else 0.0


def _inner_row_bytes(p):
    """Bytes of the contiguous innermost input row and output row."""
    return p.shape[-1] * ITEMSIZE[p.dtype], p.out_shape[-1] * ITEMSIZE[p.dtype]


def _planes_combined_first(p, r):
    """An Interpolate resize of three axes in one pass on 910B whose first resized axis (the plane
    axis) shrinks: the planner may combine each output plane's plane taps' input rows first
    (RowsPassTiling planeCombineFirst), reading every input plane once per output plane using it."""
    if p.op != "interpolate" or r["soc"] != "ascend910b" or r["phases"] != 1:
        return False
    rank = len(p.shape)
    pb = _fit(p.kwargs.get("pads_begin", ()), rank)
    pe = _fit(p.kwargs.get("pads_end", ()), rank)
    resized = [a for a in range(rank) if p.out_shape[a] != p.shape[a] + pb[a] + pe[a]]
    return len(resized) == 3 and p.out_shape[resized[0]] < p.shape[resized[0]] + pb[resized[0]] + pe[resized[0]]


def traffic_cause(p, r):
    """The main reason for GM traffic above the floor."""
    excess = (r["traffic_ratio"] - 1.0) * r["floor_bytes"]
    read_x = r["gm_read_bytes"] / r["in_bytes"]
    write_x = r["gm_write_bytes"] / r["out_bytes"]
    if p.op == "interpolate" and r["phases"] > 1:
        what = "passes through a GM workspace"
        if r.get("phases_910b") == 1:
            what = ("310P: the fused pass is modeled slower than the split (its plane rows run one per "
                    "instruction there) or cannot write rows under 32 B, so the resize passes through a GM workspace")
        if ITEMSIZE[p.dtype] < 4:
            kind = "8-bit integer" if ITEMSIZE[p.dtype] == 1 else "16-bit"
            return f"{what}, float32 intermediates of {kind} data"
        return f"{what} (float32 intermediate)"
    if table_bytes(p, r) >= 0.5 * excess:
        return "tap tables (read by every core) outweigh the data"
    if _planes_combined_first(p, r) and read_x > 1.2:
        return "three axes, shrinking plane axis: input planes re-read per output plane (plane taps' rows combined first)"
    if p.op == "interpolate" and p.kwargs.get("antialias") and read_x > 1.2:
        return "antialias windows re-read input rows"
    rows = _inner_row_bytes(p)
    if r["soc"] == "ascend310p" and (rows[0] % 32 or rows[1] % 32) and (write_x > 1.02 or read_x > 1.1):
        return "310P unaligned rows (32 B-aligned reads, re-written tail blocks)"
    if p.op == "trilinear" and p.shape[1] >= 16 and math.prod(p.shape[2:]) <= 8192:
        return "trilinear small volumes with many channels (input planes re-read per unit)"
    if p.op == "trilinear" and p.layout == "channels_last" and read_x > 1.2:
        return "trilinear channels_last_3d (NDHWC rows of C values): input rows re-read per unit"
    if min(p.ratios) >= 1 and read_x > 1.2:
        return "upscale: input rows re-read by neighbouring output chunks"
    if read_x > 1.05:
        return "input rows re-read at chunk boundaries (tap halos)"
    if write_x > 1.02:
        return "output blocks written more than once"
    return "sector rounding of short DMA rows"


def time_cause(p, r):
    """The main reason for modeled time above the floor time (slowest core's cost-model terms)."""
    if r["traffic_ratio"] > GOALS["traffic_max"]:
        return "traffic: " + traffic_cause(p, r)
    if p.op == "interpolate" and r["phases"] > 1:
        return "passes through a GM workspace + SyncAll barriers"
    dma, vec, scalar = r["slow_dma_us"], r["slow_vector_us"], r["slow_scalar_us"]
    total = max(dma, vec) + scalar
    rows = _inner_row_bytes(p)
    if r["soc"] == "ascend310p" and (rows[0] % 32 or rows[1] % 32) and \
            (scalar > 0.25 * total or r["slow_dma_issue_us"] > 0.5 * dma):
        return "310P unaligned rows (row-by-row DMAs and scalar tails)"
    if scalar > 0.3 * total:
        if p.op == "trilinear":
            return "tap tables built on the device by the scalar unit (tiny problem)"
        return "scalar unit (row taps read from UB one at a time)"
    if vec > dma:
        if p.op == "interpolate" and p.kwargs.get("antialias"):
            return "vector-bound: antialias windows"
        if ITEMSIZE[p.dtype] == 1 or p.dtype == "int32":
            return "vector-bound: integer data converted through float32"
        if ITEMSIZE[p.dtype] == 2:
            return "vector-bound: 16-bit data computed in float32"
        return "vector-bound (float32)"
    if r["slow_dma_issue_us"] > 0.4 * dma:
        return "DMA issue cost of short rows (200 cycles per DMA)"
    if r["sector_ratio"] > 1.15:
        return "short or unaligned rows: DMA moves whole 32 B sectors"
    if r["imbalance"] > 0.2:
        return "load imbalance across cores"
    if r["block_dim"] < 16 and r["soc"] == "ascend910b":
        return "too few blocks for the HBM bandwidth"
    return "DMA-bound: per-core bandwidth share plus issue overheads"


# ================================================================================================
# Statistics and the report
# ================================================================================================
def annotate(rows):
    """Adds to each row the number of passes the same problem took on ascend910b (phases_910b)."""
    phases = {(r["op"], r["id"]): r.get("phases") for r in rows if r["soc"] == "ascend910b" and r["status"] == "ok"}
    for r in rows:
        r["phases_910b"] = phases.get((r["op"], r["id"]))
    return rows


def usable(rows):
    return [r for r in rows if r["status"] == "ok" and not r["flag"]]


def percentiles(values):
    if not values:
        return (float("nan"),) * 3
    a = np.asarray(values, dtype=float)
    return float(np.percentile(a, 50)), float(np.percentile(a, 90)), float(a.max())


def _groups(rows, op):
    order = ["trilinear"] if op == "trilinear" else [m for m in MODES for m in (m, m + " aa")]
    dtypes = TRILINEAR_DTYPES if op == "trilinear" else INTERPOLATE_DTYPES
    out = []
    for mode in order:
        for dtype in dtypes:
            sel = [r for r in rows if r["mode"] == mode and r["dtype"] == dtype]
            if sel:
                out.append((mode, dtype, sel))
    out.append(("all", "all", rows))
    return out


def _fmt(v, spec="{:.2f}"):
    return "-" if v is None or (isinstance(v, float) and math.isnan(v)) else spec.format(v)


def _fmt_against(v, goal):
    """v to two decimals, or three where two would round it onto the goal it misses or meets."""
    text = _fmt(v)
    return _fmt(v, "{:.3f}") if text == _fmt(goal) and v != goal else text


def _table(header, body, markdown):
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in body]
        return "\n".join(lines)
    widths = [max(len(str(x)) for x in col) for col in zip(header, *body)]
    return "\n".join("  ".join(str(x).ljust(w) for x, w in zip(row, widths)) for row in [header] + body)


def percentile_table(rows, op, markdown):
    header = ["mode", "dtype", "n >= 64K", "traffic p50", "p90", "max", "time p50", "p90", "max",
              "n < 64K", "traffic p50", "p90", "max", "time p50", "p90", "max"]
    body = []
    for mode, dtype, sel in _groups(rows, op):
        cells = [mode, dtype]
        for big in (True, False):
            part = [r for r in sel if (r["floor_bytes"] >= SMALL_FLOOR_BYTES) == big]
            cells.append(str(len(part)))
            cells += [_fmt(v) for v in percentiles([r["traffic_ratio"] for r in part])]
            cells += [_fmt(v, "{:.3g}") for v in percentiles([r["time_ratio"] for r in part])]
        body.append(cells)
    return _table(header, body, markdown)


def goal_checks(rows, problems, soc, op):
    """[(goal text, measured text, met, {cause: [names]})] of one SoC and operator."""
    by_id = {p.index: p for p in problems[op]}
    sel = [r for r in rows if r["soc"] == soc and r["op"] == op]
    checks = []

    def group(cases, cause_of):
        causes = defaultdict(list)
        for r in sorted(cases, key=lambda r: r["id"]):
            causes[cause_of(by_id[r["id"]], r)].append(r)
        return dict(sorted(causes.items(), key=lambda kv: -len(kv[1])))

    big = [r for r in sel if r["floor_bytes"] >= SMALL_FLOOR_BYTES]
    p50, p90, mx = percentiles([r["traffic_ratio"] for r in big])
    met = p90 <= GOALS["traffic_p90"] and mx <= GOALS["traffic_max"]
    over = [r for r in big if r["traffic_ratio"] > GOALS["traffic_p90"]]
    checks.append((f"floor >= 64 KiB ({len(big)} cases): traffic/floor p90 <= {GOALS['traffic_p90']}, "
                   f"max <= {GOALS['traffic_max']}", f"p90 {_fmt_against(p90, GOALS['traffic_p90'])}, max "
                   f"{_fmt_against(mx, GOALS['traffic_max'])}; {len(over)} cases "
                   f"above {GOALS['traffic_p90']}", met, "traffic_ratio", group(over, traffic_cause)))
    timed = [r for r in sel if r["floor_us"] >= TIME_GOAL_MIN_FLOOR_US]
    p50, p90, mx = percentiles([r["time_ratio"] for r in timed])
    met = p50 <= GOALS["time_p50"] and p90 <= GOALS["time_p90"]
    over = [r for r in timed if r["time_ratio"] > GOALS["time_p90"]]
    checks.append((f"floor time >= {TIME_GOAL_MIN_FLOOR_US:g} us ({len(timed)} cases): time/floor p50 <= "
                   f"{GOALS['time_p50']}, p90 <= {GOALS['time_p90']}",
                   f"p50 {_fmt_against(p50, GOALS['time_p50'])}, p90 {_fmt_against(p90, GOALS['time_p90'])}; "
                   f"{len(over)} cases above {GOALS['time_p90']}", met,
                   "time_ratio", group(over, time_cause)))
    if soc == "ascend910b":
        small = [r for r in sel if r["floor_bytes"] < SMALL_FLOOR_BYTES]
        p50, p90, mx = percentiles([r["modeled_us"] for r in small])
        over = [r for r in small if r["modeled_us"] > GOALS["small_p90_us"]]
        checks.append((f"floor < 64 KiB ({len(small)} cases): modeled time p90 <= {GOALS['small_p90_us']:g} us",
                       f"p90 {_fmt(p90, '{:.2f} us')}; {len(over)} cases above {GOALS['small_p90_us']:g} us",
                       p90 <= GOALS["small_p90_us"], "modeled_us", group(over, time_cause)))
    return checks


def worst_cases(rows, soc, op, n=8):
    sel = [r for r in rows if r["soc"] == soc and r["op"] == op]
    big = sorted((r for r in sel if r["floor_bytes"] >= SMALL_FLOOR_BYTES), key=lambda r: -r["traffic_ratio"])
    timed = sorted((r for r in sel if r["floor_us"] >= TIME_GOAL_MIN_FLOOR_US), key=lambda r: -r["time_ratio"])
    small = sorted((r for r in sel if r["floor_bytes"] < SMALL_FLOOR_BYTES), key=lambda r: -r["modeled_us"])
    return [("traffic/floor, floor >= 64 KiB", "traffic_ratio", big[:n]),
            (f"time/floor, floor time >= {TIME_GOAL_MIN_FLOOR_US:g} us", "time_ratio", timed[:n]),
            ("modeled us, floor < 64 KiB", "modeled_us", small[:n])]


def composition(problems):
    """Counts per category and per attribute, for the corpus description."""
    out = {}
    for op, plist in problems.items():
        c = {"category": Counter(p.category for p in plist), "dtype": Counter(p.dtype for p in plist),
             "layout": Counter(p.layout for p in plist), "mode": Counter(p.mode for p in plist)}
        if op == "interpolate":
            k = [p.kwargs for p in plist]
            c["transform"] = Counter(x["coordinate_transformation_mode"] for x in k)
            c["nearest_mode"] = Counter(x["nearest_mode"] for x in k if x["mode"] == "nearest")
            c["shape_calculation_mode"] = Counter(x["shape_calculation_mode"] for x in k)
            c["axes"] = Counter(str(x["axes"]) for x in k)
            c["rank"] = Counter(len(p.shape) for p in plist)
            c["pads"] = Counter("pads" if any(x["pads_begin"]) or any(x["pads_end"]) else "no pads" for x in k)
        else:
            c["align_corners"] = Counter(str(p.kwargs["align_corners"]) for p in plist)
            c["size given as"] = Counter("scales" if "scales" in p.kwargs else "output_size" for p in plist)
        ratios = [x for p in plist for x in p.ratios]
        floors = [(p.in_elements + p.out_elements) * ITEMSIZE[p.dtype] for p in plist]
        c["range"] = {"ratio": (min(ratios), max(ratios)), "floor bytes": (min(floors), max(floors)),
                      "elements": (min(p.in_elements + p.out_elements for p in plist),
                                   max(p.in_elements + p.out_elements for p in plist))}
        out[op] = c
    return out


HOW_BUILT = """Reproduce: `./build.sh && .venv/bin/python benchmarks/corpus.py --write benchmarks/RESULTS.md`
(also run by `./build.sh --bench`, which writes the plots but leaves this file alone). Every figure
is the sim's counters and cost model for one launch (`ascend_interpolate.last_launch()`), as in the
sections above; time/floor = modeled time / floor time.

How the corpus is built: scenario functions in `benchmarks/corpus.py` draw shapes and attributes the
way the named pipelines use them, from a seeded numpy Generator (seed {seed}, one stream per
operator), so the corpus is the same on every run. A draw whose input + output elements exceed the
cap ({cap:,}: the sim runs on the host CPU) first halves its batch / channel dimensions; if it still
does not fit it is drawn again. Interpolate also gets a grid: every mode x coordinate transform (3
problems each) and every nearest mode x transform (1 each), with independent per-axis ratios and
dtypes taken in turn. Channels-last: trilinear gets torch `channels_last_3d` tensors (the operator
runs them as NDHWC, no copy); Interpolate gets contiguous NHWC / NDHWC arrays resized on axes
1..rank-2 (the kernel takes them directly), plus torch `channels_last` NCHW tensors, which the
operator gathers through its view_copy kernel first: their record is the whole call (the sim groups
the launches of one call: the gather's and scatter's counters and time are included, the floor is
the operator's). bfloat16 problems are skipped on ascend310p and counted.
"""

# What would remove each cause of a miss (first matching key wins; the report lists the causes that
# occur). These are the known next steps, not measured results.
REMEDIES = [
    ("310P: the fused pass is modeled slower",
     "the fused plane pass exists on 310P, but the split is modeled (and runs) faster: its first pass "
     "batches the rows of up to 48 planes per instruction, where the fused pass computes each input "
     "plane's rows one instruction each (1x1x96^3 -> 64^3 u8: 36 Gathers per core against 1920; 33.6 "
     "against 122 us). Batch B consecutive input planes' row chunks in the plane slots (the ROWS pass's "
     "outerBatch lanes over planes) and combine output planes with strided-repeat instructions, one per "
     "64-column stripe and tap. Shrinking plane axes could also combine the plane taps' rows first as "
     "910B does, which on 310P needs every tap's read to land at one offset"),
    ("three axes, shrinking plane axis",
     "the planner takes the combined rows where they are modeled faster; caching combined rows across "
     "output planes is not possible (each output plane weighs its taps differently), so the re-reads are "
     "the price of running the rows on the output planes only"),
    ("passes through a GM workspace",
     "keep the intermediate in the UB: the fused plane pass for the cases the planner still splits, "
     "i.e. resizes whose rows do not fit the UB (column bands over every resized axis)"),
    ("tap tables",
     "Interpolate already reads compact tables where its taps repeat (batched rows, rational periods), "
     "its tap offsets follow from tap 0's (consecutive taps), or computes them on the device from the "
     "coordinate (linear, linear_onnx, cubic, nearest: exact, checked bit for bit by the planner), where "
     "that is modeled faster, and integer data reads its nonzero taps only; what is left: passes bound by "
     "the vector unit, where computing the taps "
     "(15-50 instructions per chunk) is modeled slower than reading them (mostly 8-bit data), antialias "
     "windows (normalised by a float64 sum no float32 sequence reproduces), column bands (long 1-D rows: "
     "their per-band tables need computing and a place in the pass model), and fewer cores where the "
     "rows are few"),
    ("antialias windows re-read",
     "a UB ring of the window's input rows shared by neighbouring output rows, so each input row is read once"),
    ("310P unaligned rows",
     "batches of short rows of many channels already read several rows of each channel per DMA and write "
     "32 B-aligned packed lanes with a tail block (output rows under 32 B too: groups of a channel's rows "
     "that hold the tail block, cores taking whole channel groups), one strided DMA for all "
     "channels where their planes are whole 32 B blocks apart; what is left: channels whose planes are "
     "not (one DMA per channel: 310P's DataCopy strides are whole blocks), "
     "shrinking rows with an unaligned input and the inner transform after the rows (slots of unaligned raw "
     "rows), and single-channel rows, packed in groups the model sizes (larger than ~1024 outputs where that "
     "is clearly faster and reads at most 1.10x the pass's floor) whose tails still need re-written blocks"),
    ("trilinear small volumes with many channels",
     "channels-last volumes already split their channels into chunks (runs of >= 128 B) so a unit holds "
     "more rows; what is left: NCDHW slabs (each input plane read by every unit of its slab), channel "
     "counts with no chunk of whole 32 B blocks, and rows whose W table (one entry per output element, "
     "four arrays) leaves the UB room for few rows even at the shortest run"),
    ("trilinear channels_last_3d",
     "NDHWC units spanning more H rows per W chunk, so fewer halo rows are re-read (bounded by the UB)"),
    ("upscale: input rows re-read",
     "longer output chunks per unit so neighbouring units share fewer halo rows (bounded by the UB and "
     "by load balance)"),
    ("input rows re-read at chunk boundaries",
     "longer chunks along the re-read axis, or sub-row chunks that hold more rows (bounded by the UB)"),
    ("output blocks written more than once", "compact the tails in the UB instead of overlapping writes"),
    ("sector rounding", "batch short rows into longer DMAs"),
    ("tap tables built on the device by the scalar unit",
     "build them with vector ops (CreateVecIndex + the tap maths), as the rows-mode tables are"),
    ("scalar unit", "read the row taps with a vector Gather instead of one scalar read per row"),
    ("vector-bound: antialias windows",
     "fewer instructions per output: several output rows per vector call, or the windows as a weight "
     "matrix on the cube unit"),
    ("vector-bound: integer data",
     "convert once per row rather than per tap, and gather nearest-mode bytes without converting them"),
    ("vector-bound: 16-bit",
     "the float32 compute the operators keep costs two casts per element; trilinear identity axes run no "
     "Gather passes; longer vector calls (several rows or planes per instruction: for trilinear H passes of "
     "long rows, one Muls + Axpy per output row today, the rows of one weight phase of an integer ratio "
     "at once) are what is left"),
    ("vector-bound (float32)", "longer vector calls (several rows per instruction) to spread the issue cost"),
    ("DMA issue cost", "fewer, longer DMAs: batched rows of many channels already write a group of rows of every "
                       "channel in one DMA on 910B (packed lanes) and batch rows up to 2048 outputs where the model "
                       "finds it faster; what is left: single-channel rows of sparse downscales (one DMA per used "
                       "input row), and trilinear plane chunks, several per DMA (on 910B packed where rows are "
                       "padded; 16-bit rows Cast per W batch to leave the UB to them) but as many as the UB "
                       "holds: the per-unit H tables of the Gather form and the P slots bound them"),
    ("short or unaligned rows", "several rows per DMA, packed in the UB"),
    ("load imbalance", "finer units along output rows or channels, so the busiest core has at most one unit more"),
    ("too few blocks", "split small problems over more cores where the per-core fixed cost allows"),
    ("DMA-bound", "none in the kernel: at the per-core bandwidth share; only issue overheads are left"),
]


def remedy_of(cause):
    """What would fix a cause of a miss (REMEDIES), or '' when none is listed."""
    for key, remedy in REMEDIES:
        if key in cause:
            return remedy
    return ""


CAUSE_NOTES = """Missing cases are those above the p90 thresholds (traffic/floor 1.10, time/floor 1.6, 3 us), grouped
by a cause read from their counters (`traffic_cause` / `time_cause` in corpus.py, first rule that
applies): Interpolate launches with more than one SyncAll phase are passes through the GM
workspace (marked 310P-only when the same problem takes one pass on 910B); tap tables = the
smallest per-core GM read less an even share of the input, when it fits the UB (every core loads
the inner tables whole; trilinear: the tiling's 12 B per output entry per core), when that is at
least half the excess bytes; then 910B three-axis resizes with a shrinking plane axis (plane taps'
rows combined first), antialias, 310P rows not a multiple of 32 B, trilinear small
volumes with >= 16 channels, channels_last_3d, upscales, other input re-reads. A time miss whose
traffic is above 1.25 is put down to its traffic cause; otherwise the slowest core's cost-model
terms decide: scalar time, vector > DMA (vector-bound), DMA issue (200 cycles per DMA), 32 B
sector rounding, imbalance.
"""


def _case(r, key):
    spec = "{:.2f} us" if key == "modeled_us" else "{:.2f}"
    return f"{r['name']} ({spec.format(r[key])})"


def report(rows, problems, socs, ops, markdown, wall_s, workers, plots=(), seed=SEED):
    """The whole text: corpus composition, percentile tables, goals with missing cases by cause, worst
    cases, plots (markdown image links when ``markdown``)."""
    out = []
    h = (lambda level, text: out.append("#" * level + " " + text + "\n")) if markdown else \
        (lambda level, text: out.append(text + "\n" + ("=" if level <= 3 else "-") * len(text)))
    ok = usable(rows)
    plist = {op: problems[op] for op in ops}
    h(3, "Corpus")
    if markdown:
        out.append(HOW_BUILT.format(seed=seed, cap=CAP_ELEMENTS))
    out.append(f"Seed {seed}, cap {CAP_ELEMENTS:,} input + output elements per problem; "
               + ", ".join(f"{len(plist[op])} {op} problems" for op in ops)
               + f"; SoCs: {', '.join(socs)}. {len(rows)} runs in {wall_s:.0f} s wall "
               f"({workers} worker processes on {os.cpu_count()} host cores).\n")
    status = Counter((r["soc"], r["op"], r["status"] if not r["flag"] else "flagged") for r in rows)
    body = [[soc, op] + [str(status[(soc, op, s)]) for s in ("ok", "flagged", "skipped", "rejected", "error")]
            for soc in socs for op in ops]
    out.append(_table(["SoC", "operator", "measured", "flagged", "skipped (bf16 on 310P)", "rejected", "error"],
                      body, markdown) + "\n")
    for op, c in composition(plist).items():
        rng = c.pop("range")
        out.append(f"{op}: ratios {rng['ratio'][0]:.3g}-{rng['ratio'][1]:.3g}, floors "
                   f"{rng['floor bytes'][0] / 1024:.2g} KiB-{rng['floor bytes'][1] / 2**20:.1f} MiB, "
                   f"{rng['elements'][0]:,}-{rng['elements'][1]:,} elements.\n")
        body = [[key, "; ".join(f"{k} {v}" for k, v in sorted(cnt.items(), key=lambda kv: -kv[1]))]
                for key, cnt in c.items()]
        out.append(_table([op, "problems per value"], body, markdown) + "\n")
    flagged = [r for r in rows if r["flag"]]
    bad = [r for r in rows if r["status"] in ("rejected", "error")]
    if flagged:
        out.append(f"Flagged (kept out of the statistics, {len(flagged)} runs): "
                   + "; ".join(sorted({r['flag'] for r in flagged})) + ".\n")
    if bad:
        out.append("Rejected or failed: " + "; ".join(f"{r['soc']} {r['name']}: {r['error']}" for r in bad) + "\n")

    for soc in socs:
        h(3, f"{soc}: percentiles of traffic/floor and modeled time/floor")
        for op in ops:
            out.append(f"{op} ({soc}), split at a floor of 64 KiB:\n")
            out.append(percentile_table([r for r in ok if r["soc"] == soc and r["op"] == op], op, markdown) + "\n")
    if plots and markdown:
        h(3, "Plots")
        out += [f"![{os.path.splitext(os.path.basename(f))[0]}](plots/{os.path.basename(f)})\n" for f in plots]

    h(3, "Goals")
    body, details = [], []
    for soc in socs:
        for op in ops:
            for goal, measured, met, key, causes in goal_checks(ok, problems, soc, op):
                body.append([soc, op, goal, measured, "met" if met else "**missed**" if markdown else "MISSED"])
                if met or not causes:
                    continue
                details.append(f"{soc}, {op}: {goal}: missing cases by cause:\n")
                for cause, cases in causes.items():
                    worst = sorted(cases, key=lambda r: -r[key])
                    line = f"- {cause} ({len(cases)}): " + "; ".join(_case(r, key) for r in worst[:3])
                    if len(worst) > 3:
                        rest = "; ".join(_case(r, key) for r in worst[3:])
                        line += (f"; <details><summary>{len(worst) - 3} more</summary>{rest}</details>"
                                 if markdown else f"; and {len(worst) - 3} more")
                    details.append(line)
                details.append("")
    out.append(_table(["SoC", "operator", "goal", "measured", "status"], body, markdown) + "\n")
    if details:
        out.append(CAUSE_NOTES)
    out += details
    if details:
        out.append("What would fix each cause that occurs above:\n")
        seen = sorted({c.removeprefix("traffic: ") for soc in socs for op in ops
                       for *_, met, _k, causes in goal_checks(ok, problems, soc, op) if not met for c in (causes or {})})
        out.append(_table(["cause", "what would fix it"], [[c, remedy_of(c) or "-"] for c in seen], markdown) + "\n")

    h(3, "Worst cases")
    for soc in socs:
        for op in ops:
            for title, key, cases in worst_cases(ok, soc, op):
                if cases:
                    out.append(f"{soc}, {op}, by {title}:\n")
                    out += [f"- {_case(r, key)}" for r in cases]
                    out.append("")
    return "\n".join(out)


# ================================================================================================
# Plots
# ================================================================================================
def _ecdf(ax, values, label, **style):
    v = np.sort(np.asarray(values, dtype=float))
    if v.size:
        ax.step(v, np.arange(1, v.size + 1) / v.size, where="post", label=f"{label} ({v.size})", **style)


def _goal_lines(ax, xs):
    for x in xs:
        ax.axvline(x, color="k", lw=0.8, ls="--")
    for y in (0.5, 0.9):
        ax.axhline(y, color="0.6", lw=0.6, ls=":")


def _log_ticks(ax, axis="x"):
    """Plain-number ticks (0.5, 1, 2, 4, ...) on a log axis, no minor labels."""
    import matplotlib.ticker as ticker

    which = ax.xaxis if axis == "x" else ax.yaxis
    lo, hi = ax.get_xlim() if axis == "x" else ax.get_ylim()
    steps = (1, 2, 5) if hi / lo > 30 else (1, 1.5, 2, 3, 5)
    nice = [v * 10.0 ** e for e in range(-4, 5) for v in steps]
    which.set_major_locator(ticker.FixedLocator([v for v in nice if lo <= v <= hi]))
    which.set_major_formatter(ticker.FuncFormatter(lambda v, _: f"{v:g}"))
    which.set_minor_formatter(ticker.NullFormatter())


def plot_all(rows, socs, ops, directory):
    """PNG figures in ``directory``; returns their paths."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    os.makedirs(directory, exist_ok=True)
    ok = usable(rows)
    files = []
    modes = [m for m in MODES for m in (m, m + " aa")]
    figures = {"trilinear": [("dtype", TRILINEAR_DTYPES), ("layout", LAYOUTS[:2])],
               "interpolate": [("mode", modes), ("dtype", INTERPOLATE_DTYPES)]}
    for op in ops:
        for key, values in figures[op]:
            fig, axes = plt.subplots(len(socs), 2, figsize=(12, 4.2 * len(socs)), squeeze=False)
            for i, soc in enumerate(socs):
                sel = [r for r in ok if r["soc"] == soc and r["op"] == op]
                for j, (metric, cut, goals, title) in enumerate([
                        ("traffic_ratio", lambda r: r["floor_bytes"] >= SMALL_FLOOR_BYTES,
                         (GOALS["traffic_p90"], GOALS["traffic_max"]), "traffic / floor (floor >= 64 KiB)"),
                        ("time_ratio", lambda r: r["floor_us"] >= TIME_GOAL_MIN_FLOOR_US,
                         (GOALS["time_p50"], GOALS["time_p90"]), f"modeled time / floor (floor time >= "
                                                                  f"{TIME_GOAL_MIN_FLOOR_US:g} us)")]):
                    ax = axes[i][j]
                    for n, v in enumerate(values):
                        pts = [r[metric] for r in sel if r[key] == v and cut(r)]
                        _ecdf(ax, pts, v, ls="-" if n < 10 else "--")
                    _ecdf(ax, [r[metric] for r in sel if cut(r)], "all", color="k", lw=2.2)
                    _goal_lines(ax, goals)
                    ax.set_xscale("log")
                    ax.set_xlim(left=0.2 if metric == "traffic_ratio" else 0.8)
                    _log_ticks(ax)
                    ax.set_title(f"{op}, {soc}: {title}", fontsize=10)
                    ax.set_ylabel("fraction of cases")
                    ax.grid(True, which="both", lw=0.3)
                    ax.legend(fontsize=7, loc="lower right")
            fig.suptitle(f"{op}: ECDF per {key}; dashed lines = goals (traffic p90 1.10 / max 1.25; "
                         "time p50 1.3 / p90 1.6); dotted = p50 / p90", fontsize=10)
            fig.tight_layout()
            path = os.path.join(directory, f"corpus_{op}_by_{key}.png")
            fig.savefig(path, dpi=90)
            plt.close(fig)
            files.append(path)
    fig, axes = plt.subplots(len(socs), len(ops), figsize=(6.5 * len(ops), 4.6 * len(socs)), squeeze=False)
    for i, soc in enumerate(socs):
        for j, op in enumerate(ops):
            ax = axes[i][j]
            sel = [r for r in ok if r["soc"] == soc and r["op"] == op]
            key, values = figures[op][0]
            for v in values:
                pts = [r for r in sel if r[key] == v]
                if pts:
                    ax.scatter([r["floor_bytes"] for r in pts], [r["modeled_us"] for r in pts], s=9, label=v,
                               alpha=0.75)
            fb = np.logspace(np.log10(max(1, min((r["floor_bytes"] for r in sel), default=1))),
                             np.log10(max((r["floor_bytes"] for r in sel), default=2)), 50)
            per_byte = np.median([r["floor_us"] / r["floor_bytes"] for r in sel]) if sel else 0
            ax.plot(fb, fb * per_byte, "k-", lw=1, label="floor time")
            ax.plot(fb, fb * per_byte * GOALS["time_p90"], "k--", lw=0.8, label="1.6 x floor")
            ax.axvline(SMALL_FLOOR_BYTES, color="0.5", ls=":", lw=0.8)
            if soc == "ascend910b":
                ax.axhline(GOALS["small_p90_us"], color="r", ls=":", lw=0.8, label="3 us (small cases)")
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("floor bytes (input + output)")
            ax.set_ylabel("modeled us")
            ax.set_title(f"{op}, {soc}", fontsize=10)
            ax.grid(True, which="both", lw=0.3)
            ax.legend(fontsize=7, loc="upper left")
    fig.suptitle("modeled time against the floor (each point a case)", fontsize=10)
    fig.tight_layout()
    path = os.path.join(directory, "corpus_time_vs_floor.png")
    fig.savefig(path, dpi=90)
    plt.close(fig)
    files.append(path)
    return files


# ================================================================================================
# Command line
# ================================================================================================
def write_csv(rows, path):
    keys = []
    for r in rows:
        keys += [k for k in r if k not in keys]
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, keys)
        w.writeheader()
        w.writerows(rows)


def read_csv(path):
    """Rows written by --csv, with numbers as numbers (to report a saved run again)."""
    def value(v):
        for kind in (int, float):
            try:
                return kind(v)
            except ValueError:
                pass
        return {"None": None, "True": True, "False": False}.get(v, v)

    keep_text = {"name", "in_shape", "out_shape", "error", "flag", "kernel", "category", "mode", "dtype"}
    with open(path, newline="") as f:
        return [{k: (v if k in keep_text else value(v)) for k, v in r.items()} for r in csv.DictReader(f)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--soc", default="all", choices=list(SOCS) + ["all"])
    ap.add_argument("--operator", default="all", choices=list(OPERATORS) + ["all"])
    ap.add_argument("--quick", action="store_true", help="every 6th problem only")
    ap.add_argument("--csv", metavar="OUT", help="write one row per case and SoC")
    ap.add_argument("--plots", metavar="DIR", default=None,
                    help="directory for the PNG plots (default benchmarks/plots, but none for a --from-csv "
                         "report that writes no RESULTS file; '' for none)")
    ap.add_argument("--markdown", action="store_true", help="print markdown tables")
    ap.add_argument("--write", metavar="RESULTS_MD", help="write the corpus section of this file")
    ap.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--from-csv", metavar="CSV", help="report the rows of an earlier --csv run instead of running")
    ap.add_argument("--strict", type=int, default=0,
                    help="sim pipe-hazard checking level (default 0: off, which halves the run time; "
                         "the counters do not depend on it)")
    args = ap.parse_args(argv)
    os.environ["ASCEND_SIM_STRICT"] = str(args.strict)   # read when the workers load the library
    socs = list(SOCS) if args.soc == "all" else [args.soc]
    ops = list(OPERATORS) if args.operator == "all" else [args.operator]

    start = time.perf_counter()
    problems = {op: generate(op, args.seed) for op in OPERATORS}
    if args.from_csv:
        rows = [r for r in read_csv(args.from_csv) if r["soc"] in socs and r["op"] in ops]
        wall = float("nan")
    else:
        run = [p for op in ops for p in (quick_subset(problems[op]) if args.quick else problems[op])]
        rows = annotate(run_corpus(run, socs, workers=args.workers))
        wall = time.perf_counter() - start
    if args.csv:
        write_csv(rows, args.csv)
    plots_dir = args.plots
    if plots_dir is None:  # a report of an earlier run leaves the committed plots alone unless it writes RESULTS
        plots_dir = "" if args.from_csv and not args.write else os.path.join(HERE, "plots")
    plots = plot_all(rows, socs, ops, plots_dir) if plots_dir else []
    markdown = args.markdown or bool(args.write)
    text = report(rows, problems, socs, ops, markdown, wall, args.workers, plots, args.seed)
    print(text)
    if args.write:
        write_section("corpus", "## Corpus benchmark\n\n" + text, args.write)
        print(f"updated {args.write}", file=sys.stderr)
    print(f"corpus wall time: {wall:.1f} s for {len(rows)} runs ({args.workers} workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
