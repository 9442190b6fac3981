"""UpsampleTrilinear3d rows mode: identity axes without Gather passes or redundant blends.

An axis whose output length equals its input length maps output i to input i at weight 1 and, as
tap 1, to input i again at weight 0. PyTorch multiplies that tap too, so the axis turns inf into NaN
(x + 0 * x) and leaves every other value as it is. The kernel (tiling predicates
``TrilinearRowsWIsCopy`` / ``TrilinearRowsHIsCopy``) runs:

* identity W, where the W pass's rows would be the staged rows themselves (whole rows at the padded
  pitch): no W Gathers; one in-place ``Axpy(x, x, 0)`` over the rows, or none when H is an identity
  too (one x + 0 * x blend gives what two give);
* identity H: ``Muls(rows, 1)`` + ``Axpy(rows, 0)`` over the whole row chunk, no Gather form;
* identity D (``TrilinearRowsDIsCopy``): after the identity H's blend a copy; with 16-bit io the
  input plane's slot blended in place and narrowed straight from it, or, where H upscales
  (``TrilinearBlendsNanIntoWRows``), no D blend: the W pass's rows are blended before the H pass
  (fewer of them; float32 blends of 16-bit data cannot overflow, so the NaNs are the same).

These cases check, on both SoCs, for float32, float16 and (910B) bfloat16, NCDHW and NDHWC:

* values against the float64 reference (tolerances of tests/test_trilinear_kernel.py), NaN and inf
  inputs included, every output element written (the output is poisoned with NaN first), and the
  bytes around the output untouched;
* the kernel took the shortcut: the counters show no Gather where W and H are both identities, or
  where W is one and the rows are too long for the H pass's Gather form.
"""
import numpy as np
import pytest
import torch

import ascend_interpolate as ai
from ascend_interpolate import reference

from test_trilinear_kernel import BF16, assert_close, check_guards, run_in_guarded_buffer, sprinkle_specials

pytestmark = pytest.mark.usefixtures("default_soc")  # tests/conftest.py

TORCH_DTYPES = {"float32": torch.float32, "float16": torch.float16, "bfloat16": torch.bfloat16}
NP_DTYPES = {"float32": np.float32, "float16": np.dtype(np.float16), "bfloat16": BF16}

# (N, C, D, H, W) -> (D, H, W), align_corners, channels-last, which axes are identities.  Rows of 16
# or 32 values (whole 32 B blocks for every dtype: the shortcut applies), and of 20 values (float32
# only: a 16-bit row of 20 values is not a padded row, so W takes the Gather pass).
CASES = [
    ((2, 3, 12, 16, 32), (7, 16, 32), False, False, "hw"),    # D only (video frame-rate change)
    ((1, 4, 6, 16, 32), (6, 16, 32), True, False, "dhw"),     # all three: x + 0 * x
    ((2, 2, 5, 9, 16), (8, 21, 16), False, False, "w"),       # H upscale, D upscale
    ((1, 3, 4, 30, 32), (4, 11, 32), True, False, "dw"),      # H downscale
    ((2, 2, 6, 12, 20), (3, 12, 45), False, False, "h"),      # W upscale, D downscale
    ((1, 2, 5, 8, 20), (9, 8, 20), False, False, "hw20"),     # rows of 20: 16-bit W Gathers
    ((2, 8, 4, 6, 4), (7, 6, 4), False, True, "hw"),          # NDHWC rows of 32 values
    ((1, 16, 3, 5, 2), (3, 9, 2), True, True, "dw"),          # NDHWC rows of 32 values, H upscale
    ((1, 2, 4, 12, 16), (4, 20, 24), False, False, "d"),      # D only: infs reach the D pass
    ((2, 8, 3, 5, 1040), (5, 11, 1040), False, False, "w-long"),  # rows past the H Gather form's:
    ((1, 1, 4, 12, 1040), (4, 5, 1040), True, False, "dw-long"),  # H runs Muls + Axpy per row
    ((2, 3, 4, 10, 24), (4, 23, 40), False, False, "d-up"),   # D only, H and W up: 16-bit io blends
    ((1, 8, 5, 6, 3), (5, 14, 7), True, True, "d-up-cl"),     # the W rows instead of the D slot
]
IDS = [f"{'x'.join(map(str, s))}-{'ac' if a else 'hp'}{'-cl' if cl else ''}-{k}" for s, _, a, cl, k in CASES]


def _socs_dtypes():
    for soc in ("ascend910b", "ascend310p"):
        for dtype in ("float32", "float16", "bfloat16"):
            if dtype == "bfloat16" and soc == "ascend310p":
                continue  # no bf16 on 310P
            yield soc, dtype


def _reference(x, size, align):
    xn = x.float().numpy()
    if x.dtype != torch.float32:
        xn = xn.astype(NP_DTYPES[str(x.dtype).split(".")[1]])  # exact: x holds values of its dtype
    want = reference.upsample_trilinear3d(xn, output_size=size, align_corners=align)
    return np.asarray(want, dtype=np.float64)


def _run_and_check(soc, dtype, shape, size, align, channels_last, x):
    fmt = torch.channels_last_3d if channels_last else torch.contiguous_format
    got, buf = run_in_guarded_buffer(soc, x.to(TORCH_DTYPES[dtype]), size, align, fmt)
    rec = ai.last_launch()
    what = f"{soc} {dtype} {shape} -> {size}"
    assert got.shape == (shape[0], shape[1]) + tuple(size) and got.dtype == TORCH_DTYPES[dtype], what
    xq = x.to(TORCH_DTYPES[dtype])
    want = _reference(xq, size, align)
    np_dtype = NP_DTYPES[dtype]  # the reference rounded once from float64 to the output dtype
    assert_close(got.float().numpy().astype(np_dtype), want.astype(np_dtype), xq.float().numpy(), what)
    check_guards(buf, what)
    return rec


@pytest.mark.parametrize("soc,dtype", list(_socs_dtypes()))
@pytest.mark.parametrize("shape,size,align,channels_last,kind", CASES, ids=IDS)
def test_identity_axes_match_reference(soc, dtype, shape, size, align, channels_last, kind):
    g = torch.Generator().manual_seed(len(kind) * 7 + shape[-1])
    x = torch.randn(shape, generator=g) * 4
    rec = _run_and_check(soc, dtype, shape, size, align, channels_last, x)
    gathered = rec["vector_ops"].get("Gather", {}).get("elements", 0)
    if kind in ("hw", "dhw", "w-long", "dw-long"):  # no W Gathers, and H as the identity or per row
        assert gathered == 0, rec["vector_ops"]
    elif kind in ("h", "d", "hw20"):  # W upscales, or rows of 20 values are not padded rows: W Gathers
        assert gathered > 0, rec["vector_ops"]
    # "w", "dw": the H pass may take its Gather form, so the count says nothing of W


@pytest.mark.parametrize("soc,dtype", list(_socs_dtypes()))
@pytest.mark.parametrize("case", [0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12],
                         ids=[IDS[i] for i in (0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12)])
def test_identity_axes_propagate_nan_and_inf(soc, dtype, case):
    """The zero-weight tap of every identity axis still turns inf into NaN, as PyTorch's does."""
    shape, size, align, channels_last, _ = CASES[case]
    g = torch.Generator().manual_seed(5 + case)
    x = sprinkle_specials(torch.randn(shape, generator=g) * 4, g, 40)
    want = _reference(x.to(TORCH_DTYPES[dtype]), size, align)
    # an identity axis blends x + 0 * x: no inf gets past it, the specials the output reads end as NaN
    assert not np.isinf(want).any() and np.isnan(want).any()
    _run_and_check(soc, dtype, shape, size, align, channels_last, x)
