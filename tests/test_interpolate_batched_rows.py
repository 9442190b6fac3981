"""Short shrinking rows of many channels, batched with the inner transform after the row combination.

Where rows shrink, a ROWS pass may combine the input rows first and run the inner transform on the
combined row (innerAfter, docs/aclnnInterpolate.md "Kernel strategy"; the planner fits both orders
and takes the one its model finds faster: here, rows shrinking 4x while the inner axis grows 3x, the
combination first for most modes and dtypes).  For short rows of many
channels, B channels then share every instruction: the slots hold the B input rows as read (rawPitch
apart), the row combination runs over all of them, and one Gather per inner tap set reads all B
lanes (the batched inner tables).  One channel at a time would issue at least one inner-transform
Gather per output row of every channel; the batched pass issues far fewer, which the launch record
shows (both SoCs: these rows are 32 B multiples, which 310P needs to batch).
The results are checked against the reference with the tolerances of
tests/test_interpolate_kernel.py, on both SoC profiles, NaN and inf inputs included.
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from ascend_interpolate import reference
from test_interpolate_kernel import BF16, _check, _check_specials, _data, soc  # noqa: F401 (soc: the SoC fixture, both profiles)

SHAPE = [4, 16, 120, 32]  # rows of 32 -> 96: 32 B multiples in and out for 1-, 2- and 4-byte dtypes
SIZES = [30, 96]
CASES = [("linear", False), ("linear", True), ("linear_onnx", False), ("cubic", False)]
DTYPES = [np.dtype(t) for t in (np.float32, np.float16, np.uint8, np.int32)]


def _gathers(rec):
    return rec["vector_ops"].get("Gather", {}).get("instructions", 0)


def _kwargs(mode, antialias, transform):
    return dict(mode=mode, antialias=antialias, coordinate_transformation_mode=transform,
                shape_calculation_mode="sizes", sizes=SIZES, axes=[2, 3])


def _check_in_guarded_buffer(x, kw):
    """The output written into the middle of a larger buffer: against the reference, and the 32
    elements on either side untouched."""
    want = reference.interpolate(x, **kw)
    guard = np.zeros(want.size + 64, dtype=want.dtype) + want.dtype.type(55)
    out = guard[32:32 + want.size].reshape(want.shape)
    assert ai.interpolate(x, **kw, out=out) is out
    _check(out, want, x, kw)
    assert (guard[:32] == want.dtype.type(55)).all() and (guard[32 + want.size:] == want.dtype.type(55)).all()


def _specials_propagate(shape, dtype, kw, spots, seed, rtol, atol=None):
    """NaN / inf at `spots` (index -> value) reach exactly the outputs the reference says; atol None:
    rtol times the largest finite input."""
    x = _data(shape, np.dtype(dtype), np.random.default_rng(seed))
    for at, value in spots.items():
        x[at] = value
    got = ai.interpolate(x, **kw)
    want = reference.interpolate(x, **kw)
    atol = rtol * float(np.abs(x[np.isfinite(x)]).max()) if atol is None else atol
    _check_specials(got, want, rtol, atol, finite_share=0.99)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("transform", ["half_pixel", "align_corners"])
@pytest.mark.parametrize("mode,antialias", CASES)
def test_batched_shrinking_rows_match_reference(soc, mode, antialias, transform, dtype):
    kw = _kwargs(mode, antialias, transform)
    x = _data(SHAPE, dtype, np.random.default_rng(len(mode) * 11 + len(transform) + antialias))
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    rows_out = SHAPE[0] * SHAPE[1] * SIZES[0]
    # unbatched: at least one Gather per output row (the transform after the rows) or per input row
    # (before them: 4x as many here); a batch of B channels shares them (B = 8: half an output row's)
    assert _gathers(ai.last_launch()) < rows_out * 3 / 4


@pytest.mark.parametrize("mode,antialias", CASES)
def test_batched_shrinking_rows_propagate_nan_and_inf(soc, mode, antialias):
    # specials in several channels of one batch reach exactly the outputs whose taps read them
    _specials_propagate(SHAPE, np.float32, _kwargs(mode, antialias, "half_pixel"),
                        {(0, 1, 20, 10): np.nan, (1, 5, 73, 30): np.inf, (3, 15, 119, 0): -np.inf}, 7, 1e-5)


# Short rows whose bytes are not 32 B multiples, in or out (310P has no DataCopyPad: a batch reads
# several input rows of each block per DMA, whole blocks ending at the run's end, and packs its output
# rows per block into 32 B-aligned lanes written whole, each lane's last block from a tail table).
UNALIGNED = [
    ([8, 64, 49, 22], [327, 44], "cubic", np.float16),
    ([4, 32, 30, 20], [45, 36], "linear", np.float32),
    ([4, 32, 30, 20], [45, 36], "linear_onnx", np.uint8),
    ([2, 48, 40, 50], [30, 24], "linear", np.float16),
    ([2, 48, 40, 50], [30, 24], "cubic", np.int32),
    ([3, 40, 17, 13], [34, 26], "nearest", np.float32),
    ([3, 40, 17, 13], [34, 26], "nearest", np.int8),
    ([6, 24, 33, 70], [20, 40], "cubic", np.float32),
]


@pytest.mark.parametrize("shape,sizes,mode,dtype", UNALIGNED,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}-{np.dtype(t).name}" for s, z, m, t in UNALIGNED])
def test_batched_unaligned_short_rows_match_reference(soc, shape, sizes, mode, dtype):
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=[2, 3])
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + sizes[1]))
    got = ai.interpolate(x, **kw)
    _check(got, reference.interpolate(x, **kw), x, kw)
    rows_out = shape[0] * shape[1] * sizes[0]
    assert ai.last_launch()["dma_instructions"] < rows_out / 4  # unbatched: >= one DMA per output row


# 310P: where the batch's blocks are whole 32 B blocks apart in GM (InterpolateBatchBlocksOneDma),
# the per-block reads (input H x W of 600 float32, 2000 and 2016 float16) and the packed lanes' writes
# and tail blocks (output 30 x 24 float16) are one strided DataCopy each; the last case's runs of rows
# are not whole blocks, so each read starts before its rows; the last two write groups of rows that
# end inside a block (the B tail blocks in one DataCopy too).  (case, most DMAs): each bound lies
# below the count with one merge missing: 584 merged vs 808 not; 80 vs 256 without the merged
# writes, 344 without the merged reads, 520 with neither; 312 vs 552; 64 vs 144; 60 vs 140.
MERGED = [(UNALIGNED[1], 700), (UNALIGNED[3], 150), (([4, 16, 56, 36], [28, 19], "cubic", np.float16), 450),
          (([2, 6, 40, 30], [36, 36], "cubic", np.float16), 100), (([3, 4, 50, 40], [104, 45], "linear", np.float32), 100)]


@pytest.mark.usefixtures("default_soc")  # tests/conftest.py: the SoC is restored afterwards
@pytest.mark.parametrize("case,most", MERGED,
                         ids=["600-f32", "2000-f16", "2016-f16-shifted", "1296-f16-tails", "4680-f32-tails"])
def test_310p_batches_of_blocks_whole_blocks_apart_move_in_one_dma(case, most):
    shape, sizes, mode, dtype = case
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=[2, 3])
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + sizes[1]))
    ai.set_soc("ascend310p")
    _check_in_guarded_buffer(x, kw)
    assert ai.last_launch()["dma_instructions"] < most


# Sparse downscales whose reads take unused rows along (OfferGapRows): more rows than BridgedGapRows's
# estimate where the model finds the DMAs spared worth it and the pass stays within its floor.
# Nearest 2x128x64x74 -> 23x24 int8 on 310P (16 channels per batch, rows read per block): 608 DMAs
# with two rows taken along, 912 with none.  (shape, sizes, mode, transform, dtype, most DMAs on 310P)
GAP_ROWS = [([2, 128, 64, 74], [23, 24], "nearest", "asymmetric", np.int8, 700)]


@pytest.mark.usefixtures("default_soc")  # tests/conftest.py: the SoC is restored afterwards
@pytest.mark.parametrize("shape,sizes,mode,transform,dtype,most", GAP_ROWS, ids=["2x128x64x74-i8"])
def test_310p_sparse_reads_take_unused_rows_along(shape, sizes, mode, transform, dtype, most):
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=[2, 3],
              coordinate_transformation_mode=transform, nearest_mode="round_prefer_ceil")
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape)))
    ai.set_soc("ascend310p")
    _check_in_guarded_buffer(x, kw)
    rec = ai.last_launch()
    assert rec["dma_instructions"] <= most
    assert rec["traffic_ratio"] <= 1.0


@pytest.mark.parametrize("mode", ["linear", "cubic"])
def test_batched_unaligned_short_rows_propagate_nan_and_inf(soc, mode):
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=[45, 36], axes=[2, 3])
    x = _data([4, 32, 30, 20], np.dtype(np.float16), np.random.default_rng(5))
    x[0, 3, 7, 19] = np.nan
    x[2, 30, 0, 0] = np.inf
    x[3, 31, 29, 11] = -np.inf
    got = ai.interpolate(x, **kw)
    want = reference.interpolate(x, **kw)
    _check_specials(got, want, 2e-3, 8e-3, finite_share=0.9)


# Short rows of many channels on 910B, packed per block (DataCopyPad): a batch's group of output rows
# is packed by one Gather into one 32 B-aligned lane run per block (the packing offsets of lane 0
# read, the other lanes built on the core) and written with one DMA, a block per lane, instead of one
# DMA per output row (or per block).  (shape, sizes, mode, dtype, most DMAs): the bound lies between
# the packed plan's count and that of the same batches unpacked (measured: in the comments).
PACKED_LANES = [
    ([2, 256, 33, 79], [132, 65], "cubic", np.float32, 3500),          # 2975 packed, 5552 unpacked
    ([2, 256, 33, 79], [132, 65], "cubic", np.float16, 3500),          # 2960, 5552
    ([4, 256, 17, 17], [34, 34], "linear_onnx", np.float32, 1000),     # 759, 1422
    ([4, 256, 17, 17], [34, 34], "linear_onnx", np.int32, 1500),       # 1134, 1855
    ([8, 32, 64, 64], [128, 128], "linear", np.float32, 4200),         # 3543, 4877
    ([1, 32, 184, 171], [736, 128], "nearest", np.float16, 800),       # 644, 1040
    # the batch's input rows per DMA halved (4 -> 2) so the staging and packing fit the UB
    ([8, 64, 19, 235], [76, 59], "linear", np.int32, 2400),            # 1621, 3390 (4 rows unpacked)
]


@pytest.mark.parametrize("shape,sizes,mode,dtype,most", PACKED_LANES,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}-{np.dtype(t).name}" for s, z, m, t, _ in PACKED_LANES])
def test_packed_lanes_match_reference_in_few_dmas(soc, shape, sizes, mode, dtype, most):
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=[2, 3],
              coordinate_transformation_mode="pytorch_half_pixel")
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) * 3 + sizes[0]))
    _check_in_guarded_buffer(x, kw)
    if soc == "ascend910b":
        assert ai.last_launch()["dma_instructions"] <= most


@pytest.mark.parametrize("mode", ["linear", "cubic"])
def test_packed_lanes_propagate_nan_and_inf(soc, mode):
    # specials in the first and last block of a batch and at the ends of rows
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=[132, 65], axes=[2, 3])
    _specials_propagate([2, 256, 33, 79], np.float32, kw,
                        {(0, 0, 0, 0): np.nan, (0, 15, 32, 78): np.inf, (1, 200, 10, 40): -np.inf}, 11, 1e-5)


# Rows longer than the rule batches (kShortRowElems, 256 outputs): the model may still batch B blocks
# of them where that is modeled faster and moves no more bytes (LongRowBatch), so B rows share every
# instruction.  (shape, sizes, mode, transform, dtype, most vector instructions on 910B, on 310P):
# the bounds lie between the batched plan's count and the unbatched one's (in the comments; None:
# the model keeps the rows apart there).
LONG_ROWS = [
    ([1, 512, 41, 148], [8, 296], "nearest", "align_corners", BF16, 2000, None),             # 772 / 8528
    ([2, 3, 640, 480], [384, 384], "linear_onnx", "align_corners", np.uint8, 15000, 15000),  # 7824 / 29664, 6416 / 29424
    ([1, 21, 64, 64], [512, 512], "linear_onnx", "align_corners", np.int8, 60000, 60000),    # 31918 / 90450, 13590 / 90190
    # 310P: 19440 (the inner transform first, in runs of 16 rows: 106 us) / 23040 unbatched; the model
    # used to take a batch of 3 with the transform after the rows (11824 instructions, 113 us)
    ([2, 3, 640, 480], [640, 640], "cubic", "half_pixel", np.float32, None, 21000),
    ([1, 3, 224, 224], [448, 448], "linear_onnx", "half_pixel", np.float16, 4800, 4000),     # 3267 / 6366, 2258 / 6114
    # 600 B rows: 310P packs them (not whole 32 B blocks), batched as well: 1444 / 4339
    ([1, 3, 224, 224], [300, 300], "linear_onnx", "half_pixel", np.float16, None, 3000),
]


@pytest.mark.parametrize("shape,sizes,mode,transform,dtype,most910,most310", LONG_ROWS,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}-{np.dtype(t).name}" for s, z, m, _, t, _a, _b in LONG_ROWS])
def test_long_row_batches_match_reference(soc, shape, sizes, mode, transform, dtype, most910, most310):
    if soc == "ascend310p" and np.dtype(dtype) == BF16:
        pytest.skip("bfloat16 does not exist on ascend310p")
    kw = dict(mode=mode, shape_calculation_mode="sizes", sizes=sizes, axes=[2, 3],
              coordinate_transformation_mode=transform)
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(sizes) + len(mode)))
    _check_in_guarded_buffer(x, kw)
    most = most910 if soc == "ascend910b" else most310
    if most is not None:
        assert ai.last_launch()["vector_instructions"] <= most


def test_long_row_batches_propagate_nan_and_inf(soc):
    kw = dict(mode="linear_onnx", shape_calculation_mode="sizes", sizes=[448, 448], axes=[2, 3])
    _specials_propagate([1, 3, 224, 224], np.float16, kw,
                        {(0, 0, 0, 223): np.nan, (0, 1, 100, 0): np.inf, (0, 2, 223, 111): -np.inf}, 13, 2e-3, 8e-3)
