"""310P rows that are not 32 B multiples, packed in groups that end inside a 32 B block.

310P has no DataCopyPad: a DMA moves whole 32 B blocks.  A ROWS pass whose output rows are not 32 B
multiples computes a group of G consecutive output rows into aligned staging rows and packs them with
one Gather (docs/aclnnInterpolate.md "Kernel strategy").  Where no G that makes the group a 32 B
multiple fits the UB, the group's run may end inside a block: its whole blocks are one DMA and its last
32 B, packed again after them, a second DMA over the group's own bytes.  Before, such rows ran in two
column bands (the whole blocks and a 32-column tail band), which computed every row twice; rows of an identity inner block (a resize
of H or C only) were banded before packing was tried.

Each case is checked against the reference inside a guarded buffer (the 32 elements on either side
must stay untouched) on both SoCs; on 310P its DMA count must stay under a bound between the packed
plan's and the banded plan's (in the comments).
"""
import numpy as np
import pytest

import ascend_interpolate as ai
from test_interpolate_batched_rows import _check_in_guarded_buffer, _specials_propagate
from ascend_interpolate import reference
from test_interpolate_kernel import _check_specials, _data, soc  # noqa: F401 (soc: the SoC fixture, both profiles)

# (shape, sizes, mode, antialias, dtype, most DMAs on 310P)
CASES = [
    ([1, 3, 200, 1024], [60, 299], "linear", True, np.uint8, 900),       # 241 packed, 1762 banded
    ([1, 3, 120, 443], [240, 886], "linear", False, np.uint8, 1900),     # 1510, 2256
    ([1, 2, 60, 339], [180, 1017], "cubic", False, np.float16, 900),     # 776, 1048
    ([1, 2, 40, 600], [90, 1401], "cubic", False, np.float32, 500),      # 417, 606
    ([2, 3, 50, 207], [56, 621], "linear_onnx", False, np.int8, 800),    # 336, 1328
    ([1, 4, 30, 700], [61, 1333], "linear", False, np.int32, 700),       # 571, 822
    ([1, 2, 64, 437], [128, 1311], "nearest", False, np.int8, 680),      # 552, 808
]


def _check_and_count(soc, x, kw, counter, most):
    """Against the reference in a guarded buffer; on 310P at most `most` of the launch's `counter`."""
    _check_in_guarded_buffer(x, kw)
    if soc == "ascend310p" and most:
        assert ai.last_launch()[counter] <= most


def _kwargs(mode, antialias, sizes, axes=(2, 3)):
    return dict(mode=mode, antialias=antialias, shape_calculation_mode="sizes", sizes=sizes, axes=list(axes),
                coordinate_transformation_mode="half_pixel")


@pytest.mark.parametrize("shape,sizes,mode,antialias,dtype,most", CASES,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}{'-aa' if a else ''}-{np.dtype(t).name}"
                              for s, z, m, a, t, _ in CASES])
def test_packed_groups_with_tail_blocks_match_reference(soc, shape, sizes, mode, antialias, dtype, most):
    kw = _kwargs(mode, antialias, sizes)
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + sizes[1]))
    _check_and_count(soc, x, kw, "dma_instructions", most)


# Identity inner blocks (the changed axis is not the innermost): their unaligned rows are packed
# before bands are tried too.  (shape, sizes, axes, mode, dtype, most DMAs on 310P)
IDENTITY_CASES = [
    ([2, 8, 138, 250], [27, 250], [2, 3], "cubic", np.float32, 1000),   # 224 packed, 4344 banded
    ([2, 32, 14, 45], [48], [1], "linear", np.int8, 150),               # 36, 392
    ([1, 3, 69, 180], [104], [2], "linear", np.float32, 500),           # 128, 1124
    ([2, 24, 17, 39], [36], [1], "nearest", np.float16, 120),           # 24, 264
]


@pytest.mark.parametrize("shape,sizes,axes,mode,dtype,most", IDENTITY_CASES,
                         ids=[f"{'x'.join(map(str, s))}-{'x'.join(map(str, z))}-axes{''.join(map(str, a))}-{m}-"
                              f"{np.dtype(t).name}" for s, z, a, m, t, _ in IDENTITY_CASES])
def test_packed_identity_rows_match_reference(soc, shape, sizes, axes, mode, dtype, most):
    kw = _kwargs(mode, False, sizes, axes)
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + len(axes)))
    _check_and_count(soc, x, kw, "dma_instructions", most)


@pytest.mark.parametrize("mode", ["linear", "cubic"])
def test_packed_groups_with_tail_blocks_propagate_nan_and_inf(soc, mode):
    # specials at a row's first and last element (the last lands in a tail block) and inside
    kw = _kwargs(mode, False, [180, 1017])
    _specials_propagate([1, 2, 60, 339], np.float16, kw,
                        {(0, 0, 0, 0): np.nan, (0, 1, 59, 338): np.inf, (0, 1, 30, 170): -np.inf}, 17, 2e-3, 8e-3)


# Groups larger than the rule's ~1024 outputs, where the planner's model finds them clearly faster
# (ChooseRowsWork, LargerPackedGroups): far fewer DMAs on 310P.  (shape, sizes, mode, dtype,
# transform, most DMAs on 310P: between the larger groups' count and the rule's, in the comments.)
LARGER_GROUP_CASES = [
    ([1, 1, 200, 437], [900, 1311], "nearest", np.int8, "align_corners", 900),         # 475, 1840
    ([1, 8, 142, 138], [568, 276], "nearest", np.int32, "tf_half_pixel_for_nn", 600),  # 208, 2320
    ([1, 3, 182, 339], [546, 1017], "cubic", np.float16, "half_pixel", 2400),          # 1724, 3356
    ([2, 4, 100, 167], [200, 334], "nearest", np.float32, "align_corners", 300),        # 160, 440
]


@pytest.mark.parametrize("shape,sizes,mode,dtype,transform,most", LARGER_GROUP_CASES,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}-{np.dtype(t).name}"
                              for s, z, m, t, _, _ in LARGER_GROUP_CASES])
def test_larger_packed_groups_match_reference(soc, shape, sizes, mode, dtype, transform, most):
    kw = dict(_kwargs(mode, False, sizes), coordinate_transformation_mode=transform)
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + sizes[0]))
    _check_and_count(soc, x, kw, "dma_instructions", most)


def test_larger_packed_groups_propagate_nan_and_inf(soc):
    kw = _kwargs("cubic", False, [546, 1017])
    _specials_propagate([1, 3, 182, 339], np.float16, kw,
                        {(0, 0, 0, 0): np.nan, (0, 2, 181, 338): np.inf, (0, 1, 90, 170): -np.inf}, 19, 2e-3, 8e-3)


# Outputs smaller than 32 B: on 310P no DMA can write them, so all their rows are one packed group on
# one core, stored element by element through the data cache -- one pass (they had split into a ROWS
# pass into a float32 workspace and a GATHER pass).  (shape, sizes, mode, dtype, transform)
TINY_CASES = [
    ([1, 2, 3, 10], [1, 5], "cubic", np.uint8, "align_corners"),
    ([1, 1, 5, 10], [2, 5], "nearest", np.float16, "align_corners"),
    ([1, 1, 9, 3], [4, 1], "linear", np.float32, "asymmetric"),
    ([1, 1, 3, 3], [1, 1], "linear_onnx", np.int8, "half_pixel"),
    ([1, 3, 2, 5], [1, 3], "linear", np.float16, "pytorch_half_pixel"),
    ([1, 1, 4, 7], [3, 2], "nearest", np.int32, "tf_half_pixel_for_nn"),
]


@pytest.mark.parametrize("shape,sizes,mode,dtype,transform", TINY_CASES,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}-{np.dtype(t).name}"
                              for s, z, m, t, _ in TINY_CASES])
def test_outputs_smaller_than_a_block_match_reference_in_one_pass(soc, shape, sizes, mode, dtype, transform):
    kw = dict(_kwargs(mode, False, sizes), coordinate_transformation_mode=transform)
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + sizes[1]))
    _check_in_guarded_buffer(x, kw)
    rec = ai.last_launch()
    assert rec["phases"] == 1
    if soc == "ascend310p":
        assert rec["block_dim"] == 1
        assert rec["scalar_gm_writes"] == int(np.prod(shape[:2])) * sizes[0] * sizes[1]


@pytest.mark.parametrize("mode", ["linear", "cubic"])
def test_outputs_smaller_than_a_block_propagate_nan_and_inf(soc, mode):
    kw = _kwargs(mode, False, [2, 3])
    x = _data([1, 1, 5, 7], np.dtype(np.float32), np.random.default_rng(23))
    x[0, 0, 0, 0], x[0, 0, 4, 6] = np.nan, np.inf
    _check_specials(ai.interpolate(x, **kw), reference.interpolate(x, **kw), 1e-5, 1e-5)


# 310P batched packed rows shorter than 32 B (interp::InterpolateShortPackedLanes): B blocks' rows are
# computed together and each block's group of rows packed into a lane run of at least 32 B, its tail
# block spanning several rows.  Cores take whole groups of B blocks; a block's last group that would
# be too short for its tail block ends at the block's end with the tail block's rows instead.  Before,
# such rows ran one row per instruction (8x32x246x108 -> 184x25 bicubic int8: 1368 -> 335 us).
# (shape, sizes, mode, dtype, transform, most vector instructions on 310P: between the batched plan's
# count and the row-by-row plan's, in the comments)
SHORT_LANE_CASES = [
    ([2, 8, 40, 108], [30, 25], "cubic", np.int8, "tf_half_pixel_for_nn", 3500),   # 2368, 4728
    ([2, 8, 41, 33], [23, 7], "linear", np.float32, "half_pixel", 5000),            # 2552, 9320
    ([1, 16, 20, 50], [9, 13], "linear_onnx", np.float16, "align_corners", 1000),   # 672, 1520
    ([4, 6, 17, 30], [35, 5], "nearest", np.uint8, "asymmetric", 1000),             # 472, 2000
    ([2, 12, 19, 44], [13, 3], "cubic", np.int32, "half_pixel", 2000),              # 1112, 3960
    # 131 rows in groups of 64: the last group of a block (3 rows, 15 B) ends at the block's end with 7
    ([2, 4, 60, 30], [131, 5], "linear", np.uint8, "asymmetric", 8000),             # 4196, 13104
    ([2, 4, 60, 30], [131, 5], "nearest", np.uint8, "align_corners", 1500),         # 820, 2568
    ([1, 6, 50, 20], [66, 3], "cubic", np.float16, "half_pixel", 2500),             # 1464, 4405; 2 rows left, 6 needed
    # more block groups than cores: a core's rows are whole groups, never part of one (15 groups of 6
    # blocks; 15 of 4 blocks, where an even split of rows would start a core 4 rows before a block's
    # end, and that core's group would reach back into its neighbour's rows for its 16-row tail block)
    ([1, 90, 40, 700], [70, 9], "linear_onnx", np.uint8, "half_pixel", 0),
    ([1, 60, 40, 100], [35, 2], "linear_onnx", np.uint8, "half_pixel", 0),
]


@pytest.mark.parametrize("shape,sizes,mode,dtype,transform,most", SHORT_LANE_CASES,
                         ids=[f"{'x'.join(map(str, s))}-{z[0]}x{z[1]}-{m}-{np.dtype(t).name}"
                              for s, z, m, t, _, _ in SHORT_LANE_CASES])
def test_batched_rows_shorter_than_a_block_match_reference(soc, shape, sizes, mode, dtype, transform, most):
    kw = dict(_kwargs(mode, False, sizes), coordinate_transformation_mode=transform)
    x = _data(shape, np.dtype(dtype), np.random.default_rng(sum(shape) + sizes[0]))
    _check_and_count(soc, x, kw, "vector_instructions", most)


@pytest.mark.parametrize("mode", ["linear", "cubic"])
def test_batched_rows_shorter_than_a_block_propagate_nan_and_inf(soc, mode):
    # specials in the first and last block, the last inside the moved-back group's rows
    kw = _kwargs(mode, False, [66, 3])
    _specials_propagate([1, 6, 50, 20], np.float16, kw,
                        {(0, 0, 0, 0): np.nan, (0, 5, 49, 19): np.inf, (0, 3, 25, 10): -np.inf}, 29, 2e-3, 8e-3)
