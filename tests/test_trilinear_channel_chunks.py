"""UpsampleTrilinear3d on channels-last (NDHWC) volumes whose channels the planner splits into chunks.

Small volumes of many channels (3-D U-Net decoders, the corpus's "small volume, many channels") run
with the C channels of every pixel split into chunks of 128 B or more (tiling field
``channelChunks``): each unit reads and writes strided runs of its chunk's channels and holds more
rows, so fewer input rows are read twice. These cases check, on both SoC profiles and for every
dtype:

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), NaN and inf
  inputs included, every output element written (the output is poisoned with NaN first);
* the output lands in a slice of a larger buffer whose other bytes stay untouched;
* the chunked plan is the one that ran on the 512-channel cases: GM bytes read stay under 1.9x the
  input (1.0-1.9x chunked; whole-channel rows re-read 2.6-6x the input there) -- a counter, not a
  timing.
"""
import ml_dtypes
import numpy as np
import pytest
import torch

import ascend_interpolate as ai
from ascend_interpolate import reference

from test_trilinear_kernel import assert_close, check_guards, run_in_guarded_buffer, sprinkle_specials

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

SOCS = ["ascend910b", "ascend310p"]
TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
NUMPY_DTYPES = {"float32": np.dtype(np.float32), "float16": np.dtype(np.float16),
                "bfloat16": np.dtype(ml_dtypes.bfloat16)}

# (N, C, D, H, W) -> (D, H, W), align_corners: shapes of the corpus's worst channels-last cases
CASES = [
    ((2, 512, 5, 7, 7), (10, 14, 14), False),
    ((4, 512, 2, 7, 7), (4, 14, 14), True),
    ((2, 256, 4, 8, 8), (8, 16, 16), True),
    ((1, 128, 7, 8, 8), (14, 16, 16), False),
    ((1, 384, 3, 5, 6), (6, 10, 11), False),   # odd sizes, C not a power of two
]


def _run(soc, dtype, shape, size, align, x=None, seed=0):
    """The operator's result in the middle of an NDHWC buffer two slabs longer, the buffer, and x."""
    if x is None:
        g = torch.Generator().manual_seed(seed)
        x = (torch.randn(shape, generator=g) * 4).to(TORCH_DTYPES[dtype])
    x = x.contiguous(memory_format=torch.channels_last_3d)
    got, buf = run_in_guarded_buffer(soc, x, size, align, torch.channels_last_3d)
    return got, buf, x


def _reference(x, dtype, size, align):
    xn = x.float().numpy().astype(NUMPY_DTYPES[dtype])  # exact: x holds values of the dtype
    return reference.upsample_trilinear3d(xn, output_size=size, align_corners=align)


def _skip_unsupported(soc, dtype):
    if soc == "ascend310p" and dtype == "bfloat16":
        pytest.skip("310P has no bfloat16")


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", list(TORCH_DTYPES))
@pytest.mark.parametrize("shape,size,align", CASES, ids=[f"{s[1]}ch-{s[2]}x{s[3]}x{s[4]}" for s, _, _ in CASES])
def test_channel_chunks_match_reference(soc, dtype, shape, size, align):
    _skip_unsupported(soc, dtype)
    got, buf, x = _run(soc, dtype, shape, size, align)
    rec = ai.last_launch()
    want = _reference(x, dtype, size, align)
    assert got.shape == (shape[0], shape[1]) + tuple(size) and got.dtype == TORCH_DTYPES[dtype]
    assert_close(got.float().numpy().astype(NUMPY_DTYPES[dtype]), want, x.float().numpy(), f"{soc} {dtype} {shape}")
    check_guards(buf, f"{soc} {dtype} {shape}")
    if shape[1] == 512:
        in_bytes = x.numel() * x.element_size()
        assert rec["gm_read_bytes"] < 1.9 * in_bytes, (rec["gm_read_bytes"], in_bytes)


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_channel_chunks_propagate_nan_and_inf(soc, dtype):
    shape, size, align = CASES[0]
    g = torch.Generator().manual_seed(3)
    x = sprinkle_specials(torch.randn(shape, generator=g) * 4, g, 64)
    got, buf, x = _run(soc, dtype, shape, size, align, x=x.to(TORCH_DTYPES[dtype]))
    want = _reference(x, dtype, size, align)
    assert np.isnan(want.astype(np.float64)).any()
    assert_close(got.float().numpy().astype(NUMPY_DTYPES[dtype]), want, x.float().numpy(), f"{soc} {dtype}")
    check_guards(buf, f"{soc} {dtype}")


def _random_problems(count, seed=21):
    """Small channels-last volumes of 64-768 channels (multiples of 16, so chunks of whole 32 B blocks
    exist for every dtype), random up- and downscales per axis, sizes or scales, align_corners."""
    rng = np.random.default_rng(seed)
    problems = []
    while len(problems) < count:
        n = int(rng.integers(1, 4))
        c = 16 * int(rng.integers(4, 49))
        in_size = [int(rng.integers(1, 10)) for _ in range(3)]
        out_size = [max(1, int(round(s * rng.choice([0.5, 1.0, 1.5, 2.0, 3.0])))) for s in in_size]
        if n * c * max(np.prod(in_size), np.prod(out_size)) > 1_500_000:
            continue
        problems.append(((n, c) + tuple(in_size), tuple(out_size), bool(rng.random() < 0.4)))
    return problems


@pytest.mark.parametrize("soc", SOCS)
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_random_many_channel_volumes_match_reference(soc, dtype):
    """A seeded sweep over shapes the chunked plans take (and some they do not): every result
    against the reference and inside its buffer."""
    for k, (shape, size, align) in enumerate(_random_problems(10)):
        got, buf, x = _run(soc, dtype, shape, size, align, seed=k)
        want = _reference(x, dtype, size, align)
        assert_close(got.float().numpy().astype(NUMPY_DTYPES[dtype]), want, x.float().numpy(),
                     f"{soc} {dtype} {shape} -> {size} align={align}")
        check_guards(buf, f"{shape} -> {size}")
