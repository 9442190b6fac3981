// Tiling of UpsampleTrilinear3d: the POD struct shared byte for byte by the host planner
// (op_host/upsample_trilinear3d_tiling.cpp) and the kernel (op_kernel/upsample_trilinear3d.cpp).
//
// Vocabulary (one name per concept, used by tiling, kernel, tests and docs):
//   slab        one (n, c) volume in NCDHW, one n volume in NDHWC; slabs are contiguous in GM.
//   row         the contiguous innermost run of a plane: W elements (NCDHW) or W*C (NDHWC, the
//               channels are folded into the row: channelFold = C).
//   channel chunk  NDHWC rows mode may split the C channels into channelChunks chunks of
//               channelFold = C / channelChunks channels: a slab is then one (n, chunk) volume and
//               its row is W runs of channelFold channels, C apart in GM (TrilinearGmRowAt), packed
//               in the UB.  Small volumes of many channels: a unit then holds more rows of fewer
//               channels, so fewer input rows are read twice.
//   rows mode   work unit = (slab, chunk of output H rows, chunk of output D planes); the W pass is a
//               Gather over whole input rows, H and D passes are Muls+Axpy on 32 B-padded rows.
//   volume mode work unit = a group of whole slabs; all three passes are Gathers over the group
//               (tiny volumes, many slabs: keeps every vector call long).
// All counts are elements unless the name says Bytes.  Every field is 8 bytes, so the layout has
// no padding and is identical on host and device.
#pragma once
#include <stdint.h>

#include "dtype_codes.h"
#include "trilinear_layout_math.h"

#ifndef __aicore__
#define __aicore__  // host compilation
#endif

namespace tri {

enum TrilinearMode : uint64_t { TRI_MODE_ROWS = 0, TRI_MODE_VOLUME = 1 };

struct UpsampleTrilinear3dTilingData {
    // ---- problem ----
    uint64_t slabs;                 // N*C (NCDHW) or N*channelChunks (NDHWC)
    uint64_t inD, inH, inW, outD, outH, outW;
    uint64_t channelFold;           // 1 (NCDHW) or C / channelChunks (NDHWC)
    uint64_t channelChunks;         // 1, or NDHWC rows mode: channel chunks per pixel (whole rows, one
                                    //   input plane per load and one output plane per write)
    uint64_t inRow, outRow;         // inW*channelFold, outW*channelFold (UB rows; GM pitch: x channelChunks)
    uint64_t inSlab, outSlab;       // inD*inH*inRow, outD*outH*outRow
    uint64_t inTotal, outTotal;     // slabs*inSlab, slabs*outSlab
    uint64_t ratioBitsD, ratioBitsH, ratioBitsW;  // float32 bit patterns of the per-axis in/out ratio
    uint64_t alignCorners;
    uint64_t mode;                  // TrilinearMode
    uint64_t ioDtype;               // ai::DType code: F32, F16 or BF16
    uint64_t useDataCopyPad;        // 1 on chips with DataCopyPad (910B); 0 on 310P
    uint64_t castRoundMode;         // AscendC::RoundMode used for float -> io dtype (RINT; NONE on 310P)
    uint64_t padElems;              // row/slab padding unit of fp32 buffers: 8 (fp32 io) or 16 (16-bit io)
    // ---- work split: core i gets workBase units, plus one if i < workTail ----
    uint64_t blockDim;
    uint64_t totalWork;             // rows mode: units; volume mode: slabs
    uint64_t workBase, workTail;
    // ---- rows mode ----
    uint64_t rowsPerChunk;          // output H rows per unit (nOh)
    uint64_t hChunks;
    uint64_t planesPerChunk;        // output D planes per unit
    uint64_t dChunks;
    uint64_t maxInRows;             // most input rows one unit's chunk needs (nh)
    uint64_t wBatchRows;            // input rows per W-pass Gather
    uint64_t outRowPad;             // padded UB row stride (fp32 buffers), multiple of padElems
    uint64_t inBufElems;            // input staging buffer capacity (io dtype elements)
    uint64_t pairSlotElems;         // 0: a chunk's input rows are one contiguous range; > 0 ("pair
                                    // rows", strong H downscale): each output row loads only its
                                    // pairRows input rows into its own slot of this many elements
    uint64_t pairRows;              // min(2, inH)
    uint64_t hGather;               // 1: H pass as one Gather pass over the chunk with per-unit tables
                                    //    (short rows); 0: Muls+Axpy per output row (long rows)
    uint64_t planesPerWrite;        // output D planes gathered in the output buffer per DMA (>= 1)
    uint64_t planesPerLoad;         // consecutive input planes loaded per DMA (>= 1)
    uint64_t inSlotElems;           // UB stride of one input plane's rows in the input buffer
    uint64_t wChunks;               // output rows split into this many W chunks (1: whole rows)
    uint64_t outPixPerChunk;        // output W pixels per W chunk
    uint64_t inRowChunkPad;         // sub-rows: UB stride of one input sub-row (elements)
    uint64_t subRows;               // 1: units load only the input columns their W chunk needs (W chunks,
                                    //    or one chunk of a strong W downscale); 0: whole rows
    uint64_t rowTails;              // 310P sub-rows of an unaligned row: each row is written on its own,
                                    //    its last 32 B recomputed into an aligned tail area
    uint64_t wBatchCasts;           // 16-bit io: 1 = the staged rows are Cast to fp32 one W batch at a
                                    //    time (TrilinearCastsPerWBatch), 0 = a whole plane slot at once
    uint64_t hTap1Shared;           // hGather: 1 = tap 1 read through tap 0's offsets one W row on
                                    //    (TrilinearHTap1FromTap0: no tap-1 table), 0 = its own table
    uint64_t hRowsPacked;           // hGather, compacted rows: 1 = the H tables are packed per unit and
                                    //    the H pass writes packed rows (TrilinearPacksHRows)
    // ---- volume mode ----
    uint64_t groupSlabs;            // slabs per group (G)
    uint64_t wPassLen, hPassLen;    // per-slab element counts after the W and H passes
    uint64_t wPassPad, hPassPad, outSlabPad;  // padded per-slab strides in UB (fp32 buffers)
    uint64_t inSlabShiftQuantum;    // 310P tiny slabs: smallest group whose output is >= 32 B
    uint64_t groupsPerIo;           // compute groups per input/output DMA (1 when compacting)
    uint64_t tablesOnDevice;        // 1: the kernel builds its pass tables itself (rows mode: the W
                                    //    tables; volume mode: all three), nothing is shipped
    uint64_t xSlabElems;            // UB stride of one slab's staged input (inSlab, or the sparse size)
    uint64_t sparseRows;            // 310P tiny outputs of big volumes: only the needed input rows are
                                    //    staged, (needed D planes) x (needed H rows) of them per slab
    uint64_t sparseRowStride;       // UB stride of one staged row
    uint64_t sparseColLo, sparseWidth;  // first input element and elements of a staged row
    // ---- workspace tables (byte offsets from the user workspace start; uint32/float arrays) ----
    // Every pass table is three arrays of tableLen entries: src offset of tap 0 (bytes), src offset
    // of tap 1 (bytes), lambda1 (float).  lambda0 = 1 - lambda1 is formed on the device.  With
    // tablesOnDevice the offsets are 0 and the lengths say what the kernel builds.  The 310P
    // compaction table (padded -> packed offsets) is always built on the device.
    uint64_t wTabOffset, wTabLen;   // rows mode: one padded output row; volume mode: W pass of a slab
    uint64_t hTabOffset, hTabLen;   // volume mode: H pass of a slab
    uint64_t dTabOffset, dTabLen;   // volume mode: D pass of a slab
    uint64_t workspaceBytes;
};
static_assert(sizeof(UpsampleTrilinear3dTilingData) % 8 == 0, "tiling data is a multiple of 8 bytes");

// UB buffers of the kernel, in bytes (each InitBuffer rounds to 32 B; every size here already is a
// multiple of 32).  ONE definition: the kernel allocates exactly these, the planner sums them.
struct TrilinearUbLayout {
    uint64_t inQueBytes;     // per buffer, 2 buffers (double-buffered input, io dtype)
    uint64_t inFloatBytes;   // fp32 copy of the input (16-bit io only)
    uint64_t wBufBytes;      // after the W pass
    uint64_t hBufBytes;      // after the H pass: rows mode 2 planes (P slots), volume mode 1 group
    uint64_t tmpBytes;       // second tap of a Gather pass
    uint64_t tabBytes;       // T0, T1, L1, L0 tables
    uint64_t hTabBytes;      // rows mode, hGather: per-unit H-pass tables + lane offsets
    uint64_t outFloatBytes;  // fp32 result before Cast/compaction (0 when the result goes to outQ)
    uint64_t cvtBytes;       // 16-bit result before compaction
    uint64_t outQueBytes;    // per buffer, 2 buffers (double-buffered output, io dtype)
    uint64_t compactTabBytes;
    uint64_t tailTabBytes;
    uint64_t tailStageBytes; // rows mode, rowTails: the two fp32 tap values of every row tail
    uint64_t tapBytes;       // tablesOnDevice: taps and scratch of the table build (TrilinearTapLayoutOf)
                             //   when tmpBytes cannot hold them (0: they use the Gather scratch)
    uint64_t total;
};

// GM element offset of row h of plane d of slab `slab`, channel 0 of its chunk (rows mode), in a
// tensor of rows of rowLen UB elements, `rows` rows per plane and slabLen elements per slab.  With
// channelChunks == 1 it is slab * slabLen + (d * rows + h) * rowLen.
__aicore__ inline uint64_t TrilinearGmRowAt(const UpsampleTrilinear3dTilingData& t, uint64_t slabLen, uint64_t rows,
                                            uint64_t rowLen, uint64_t slab, uint64_t d, uint64_t h)
{
    const uint64_t k = t.channelChunks;
    return (slab / k) * slabLen * k + (d * rows + h) * rowLen * k + (slab % k) * t.channelFold;
}

// 310P rows mode, input rows that are not whole 32 B blocks (no strided DataCopy moves them): where
// a unit holds whole input planes (one H chunk using every input row; whole rows, no pair rows, no
// channel chunks) a batch of consecutive input planes is one contiguous GM range, read with one DMA
// (ai::ReadGmRange); plane k of the batch starts k planes after where the range's first element
// landed.  Elsewhere on 310P several planes per load need rows of whole blocks.
__aicore__ inline bool TrilinearContiguousPlaneLoads(const UpsampleTrilinear3dTilingData& t)
{
    const uint64_t rowBytes = t.inRow * ai::DTypeBytes(static_cast<uint32_t>(t.ioDtype));
    return t.useDataCopyPad == 0 && t.mode == TRI_MODE_ROWS && t.subRows == 0 && t.pairSlotElems == 0 &&
           t.channelChunks == 1 && t.hChunks == 1 && t.maxInRows == t.inH && rowBytes % 32 != 0;
}

// Rows mode, identity axes (out == in: output index i takes input i at weight 1 and, as tap 1, input
// i again at weight 0, which still counts: x + 0 * x turns inf into NaN, as in PyTorch).
// Identity W where the W pass's rows would be the staged rows themselves (whole rows at the padded
// pitch, no pair rows): the kernel runs no W Gathers and blends W as one in-place x += 0 * x over
// the rows (none when H is an identity too: x + 0 * x is the same after one blend as after two).
__aicore__ inline bool TrilinearRowsWIsCopy(const UpsampleTrilinear3dTilingData& t)
{
    return t.mode == TRI_MODE_ROWS && t.inW == t.outW && t.outRowPad == t.inRow && t.subRows == 0 &&
           t.pairSlotElems == 0;
}
// Identity H: the H pass is Muls(rows, 1) + Axpy(rows, 0) over the whole row chunk (no Gather
// form, no per-unit H tables).
__aicore__ inline bool TrilinearRowsHIsCopy(const UpsampleTrilinear3dTilingData& t)
{
    return t.mode == TRI_MODE_ROWS && t.inH == t.outH && t.pairSlotElems == 0;
}
// Identity D: each output plane blends its one input plane's P slot with itself.  After an identity
// H (its blend already made every inf NaN) that is a copy; with 16-bit io the slot, which no other
// output plane reads, is blended in place and narrowed straight from it.
__aicore__ inline bool TrilinearRowsDIsCopy(const UpsampleTrilinear3dTilingData& t)
{
    return t.mode == TRI_MODE_ROWS && t.inD == t.outD;
}
// 16-bit io, identity D after a non-identity H: the identity D's blend (x + 0 * x) only turns an
// inf the H pass passed on into NaN.  fp32 blends of 16-bit data cannot overflow, so an output is
// inf or NaN exactly when one of its taps is, and blending the W pass's rows the same way before
// the H pass gives every output the same NaN.  The kernel then blends the rows where they are fewer
// than the chunk's output rows (upscaling H; the W pass of an identity W, whose tables take tap 1 =
// tap 0 at weight 0, or its in-place blend, already has) and runs no D blend.
__aicore__ inline bool TrilinearBlendsNanIntoWRows(const UpsampleTrilinear3dTilingData& t)
{
    return t.ioDtype != ai::DTypeCode(ai::DType::F32) && TrilinearRowsDIsCopy(t) && t.inH != t.outH &&
           t.pairSlotElems == 0 && (t.inW == t.outW || t.maxInRows < t.rowsPerChunk);
}
// ... and whether that takes an op of its own: an in-place Axpy over the W pass's rows after a W pass
// that resizes W (an identity W's pass, copy or Gathers, already blends them).
__aicore__ inline bool TrilinearAddsWRowsBlend(const UpsampleTrilinear3dTilingData& t)
{
    return TrilinearBlendsNanIntoWRows(t) && t.inW != t.outW;
}

// Rows mode, the Gather form of the H pass (hGather) over rows the W pass wrote into its buffer (no
// identity W) at one base (no pair rows): tap 1 of every output row is the input row after its tap
// 0, so the planner may have its Gather read the tap-0 offsets one W row further on (hTap1Shared: no
// tap-1 table, a quarter less H-table UB), a unit whose last output rows are clamped at the axis end
// (tap 1 = tap 0 = the last input row) then copying that row one row below it in the W buffer for
// every input plane.  H tables: T0, lambda1, lambda0 (then the lanes).
__aicore__ inline bool TrilinearMayShareHTap1(const UpsampleTrilinear3dTilingData& t)
{
    return t.mode == TRI_MODE_ROWS && t.hGather != 0 && t.pairSlotElems == 0 && !TrilinearRowsWIsCopy(t);
}
__aicore__ inline bool TrilinearHTap1FromTap0(const UpsampleTrilinear3dTilingData& t)
{
    return t.hTap1Shared != 0 && TrilinearMayShareHTap1(t);
}

// 16-bit rows mode, whole staged rows (no pair rows, no sub-rows) and a W pass of Gathers (no
// identity W) over more than one W batch: the planner may have the staged rows Cast to fp32 one W
// batch at a time (wBatchCasts; from the 32 B block holding the batch's first element) into a
// buffer of one batch, not a whole plane slot at once: a batch's UB for the fp32 copy, not a
// plane's, for a Cast per batch.
__aicore__ inline bool TrilinearMayCastPerWBatch(const UpsampleTrilinear3dTilingData& t)
{
    return t.ioDtype != ai::DTypeCode(ai::DType::F32) && t.mode == TRI_MODE_ROWS && t.subRows == 0 &&
           t.pairSlotElems == 0 && !TrilinearRowsWIsCopy(t) && t.wBatchRows < t.maxInRows;
}
__aicore__ inline bool TrilinearCastsPerWBatch(const UpsampleTrilinear3dTilingData& t)
{
    return t.wBatchCasts != 0 && TrilinearMayCastPerWBatch(t);
}

// fp32 elements of the per-batch Cast buffer: a batch's rows, the lead-in from its block start and
// the Cast's rounding up to padElems.
__aicore__ inline uint64_t TrilinearWBatchCastElems(const UpsampleTrilinear3dTilingData& t)
{
    return TriRoundUp(t.wBatchRows * t.inRow, t.padElems) + 2 * t.padElems;
}

// 910B rows mode, rows that are not whole 32 B blocks in H chunks, several planes per write: the
// chunk's rows are padded in the UB, and the write's plane chunks lie a plane apart in GM, which one
// DataCopyPad moves only as one contiguous run per block.  Each plane chunk is packed (one Gather per
// plane with the compaction table of one chunk) into a 32 B-aligned slot of
// TrilinearPackedSlotElems elements, and the write is one DataCopyPad of a block per plane.
__aicore__ inline bool TrilinearPacksPlaneChunks(const UpsampleTrilinear3dTilingData& t)
{
    return t.useDataCopyPad != 0 && t.mode == TRI_MODE_ROWS && t.subRows == 0 && t.channelChunks == 1 &&
           t.outRowPad != t.outRow && t.hChunks > 1 && t.planesPerWrite > 1;
}

__aicore__ inline uint64_t TrilinearPackedSlotElems(const UpsampleTrilinear3dTilingData& t)
{
    return TriRoundUp(t.rowsPerChunk * t.outRow, 32 / ai::DTypeBytes(static_cast<uint32_t>(t.ioDtype)));
}

// Whether the padded output segments are packed before the write: 310P (no DataCopyPad) wherever
// they are padded, 910B for TrilinearPacksPlaneChunks.
__aicore__ inline bool TrilinearNeedsCompaction(const UpsampleTrilinear3dTilingData& t)
{
    if (t.useDataCopyPad != 0) return TrilinearPacksPlaneChunks(t);
    // rows mode with sub-rows: the tiling only uses them for 32 B-aligned rows on 310P
    return t.mode == TRI_MODE_ROWS ? (t.subRows == 0 && t.outRowPad != t.outRow) : (t.outSlabPad != t.outSlab);
}

// Rows mode, compacted output rows (TrilinearNeedsCompaction: 310P padded rows, 910B plane packing)
// whose H pass is the Gather form (hGather): the per-unit H tables are packed (rows outRow apart;
// padded rows built, then one Gather per table with a 4-byte packing table in the compaction
// table's buffer), so the H Gathers write the chunk's rows packed and the D pass, the Cast and the
// write run on packed rows with no compaction Gather.  Plane chunks of one write lie
// TrilinearPackedPlaneStride elements apart in the output buffer: 910B in the packed slots of plane
// packing, 310P back to back -- except TrilinearStagesPackedPlanes.  The planner chooses it
// (hRowsPacked) by its cost model where it may run.
__aicore__ inline bool TrilinearMayPackHRows(const UpsampleTrilinear3dTilingData& t)
{
    return TrilinearNeedsCompaction(t) && t.mode == TRI_MODE_ROWS && t.subRows == 0 && t.channelChunks == 1 &&
           t.rowTails == 0 && t.hGather != 0 && !TrilinearRowsHIsCopy(t);
}
__aicore__ inline bool TrilinearPacksHRows(const UpsampleTrilinear3dTilingData& t)
{
    return t.hRowsPacked != 0 && TrilinearMayPackHRows(t);
}
// ... 310P, several plane chunks per write (whole planes, TrilinearCompactSegments) that are not
// whole 32 B blocks: vector results must start 32 B-aligned, so each plane's packed chunk is staged
// a padded chunk apart and one Gather packs the write's planes (segments of a plane), as it packed
// padded rows before.
__aicore__ inline bool TrilinearStagesPackedPlanes(const UpsampleTrilinear3dTilingData& t)
{
    const uint64_t es = ai::DTypeBytes(static_cast<uint32_t>(t.ioDtype));
    return TrilinearPacksHRows(t) && t.useDataCopyPad == 0 && t.planesPerWrite > 1 &&
           (t.rowsPerChunk * t.outRow * es) % 32 != 0;
}
// Whether a compacted write's plane chunks are staged (D-pass results in the fp32 / Cast staging
// buffers) and packed by a Gather at the write: padded rows, or packed planes that must be staged
// (TrilinearStagesPackedPlanes).  The write's packing table in the compaction buffer exists then.
__aicore__ inline bool TrilinearStagesWrite(const UpsampleTrilinear3dTilingData& t)
{
    return TrilinearNeedsCompaction(t) && (!TrilinearPacksHRows(t) || TrilinearStagesPackedPlanes(t));
}
// Elements between the packed plane chunks (of `rows` rows) of one write (TrilinearPacksHRows).
__aicore__ inline uint64_t TrilinearPackedPlaneStride(const UpsampleTrilinear3dTilingData& t, uint64_t rows)
{
    return t.useDataCopyPad != 0 ? TrilinearPackedSlotElems(t) : rows * t.outRow;
}

// Compaction (TrilinearNeedsCompaction) packs the padded segments of one write: rows mode
// planesPerWrite * rowsPerChunk output rows of outRow elements (outRowPad apart; 910B plane packing:
// the rowsPerChunk rows of one plane chunk, once per plane), volume mode groupSlabs slabs of outSlab
// elements (outSlabPad apart).  Its table (uint32 byte offsets, padded to a 32 B block) is built by
// the kernel and sized here for its buffer.
__aicore__ inline uint64_t TrilinearCompactSegments(const UpsampleTrilinear3dTilingData& t)
{
    if (t.mode != TRI_MODE_ROWS) return t.groupSlabs;
    if (TrilinearStagesPackedPlanes(t)) return t.planesPerWrite;  // packed plane chunks
    return TrilinearPacksPlaneChunks(t) ? t.rowsPerChunk : t.planesPerWrite * t.rowsPerChunk;
}
__aicore__ inline uint64_t TrilinearCompactSegmentLen(const UpsampleTrilinear3dTilingData& t)
{
    if (t.mode != TRI_MODE_ROWS) return t.outSlab;
    return TrilinearStagesPackedPlanes(t) ? t.rowsPerChunk * t.outRow : t.outRow;
}
__aicore__ inline uint64_t TrilinearCompactSegmentPad(const UpsampleTrilinear3dTilingData& t)
{
    if (t.mode != TRI_MODE_ROWS) return t.outSlabPad;
    return TrilinearStagesPackedPlanes(t) ? t.rowsPerChunk * t.outRowPad : t.outRowPad;
}
__aicore__ inline uint64_t TrilinearCompactTableLen(const UpsampleTrilinear3dTilingData& t)
{
    return TriRoundUp(TrilinearCompactSegments(t) * TrilinearCompactSegmentLen(t), 8);
}
// Packed H rows: where the 4-byte table that packs the H tables (one chunk's rows) starts in the
// compaction table's buffer (entries): after the write's packing table where both are needed
// (TrilinearStagesPackedPlanes), else at its start (no write packing then).
__aicore__ inline uint64_t TrilinearHPackTableAt(const UpsampleTrilinear3dTilingData& t)
{
    return TrilinearStagesPackedPlanes(t) ? TrilinearCompactTableLen(t) : 0;
}

// Tables built on the device (tablesOnDevice).  Rows of one element per pixel (NCDHW rows mode):
// the vector unit computes the W taps kTriTapPiece outputs at a time straight into the table.  Every
// other table (NDHWC rows, the three volume passes) is expanded from per-axis taps: entry
// i = (hi * K + k) * lo-length + lo reads the taps of index k of its axis (K of them, kept whole, at
// most kTriTapAxisMax), kTriTableChunk entries at a time.  Scratch: three fp32 arrays of tapElems (the
// taps) and three of scratchElems, in the Gather scratch tmp_ or a buffer of their own (tapBytes).
constexpr uint64_t kTriTapPiece = 256;
constexpr uint64_t kTriTableChunk = 1024;
constexpr uint64_t kTriTapAxisMax = 512;

struct TrilinearTapLayout {
    uint64_t tapElems;      // per tap array (i0, i1, lambda1)
    uint64_t scratchElems;  // per scratch array
};

// The taps the expanded tables keep whole: rows mode one W chunk's pixels, volume mode the longest axis.
__aicore__ inline uint64_t TrilinearTapAxisLen(const UpsampleTrilinear3dTilingData& t)
{
    return t.mode == TRI_MODE_ROWS ? t.outPixPerChunk : TriMax(t.outW, TriMax(t.outH, t.outD));
}

// Whether the kernel can build this plan's tables itself (the planner asks before it sets tablesOnDevice).
__aicore__ inline bool TrilinearTablesBuildable(const UpsampleTrilinear3dTilingData& t)
{
    if (t.mode == TRI_MODE_ROWS && t.channelFold == 1) return true;
    return (t.mode == TRI_MODE_ROWS || t.sparseRows == 0) && TrilinearTapAxisLen(t) <= kTriTapAxisMax;
}

__aicore__ inline TrilinearTapLayout TrilinearTapLayoutOf(const UpsampleTrilinear3dTilingData& t)
{
    TrilinearTapLayout l{0, 0};
    if (t.tablesOnDevice == 0) return l;
    if (t.mode == TRI_MODE_ROWS && t.channelFold == 1) {
        l.tapElems = TriRoundUp(TriMin(t.outPixPerChunk, kTriTapPiece), 8);
        l.scratchElems = l.tapElems;
        return l;
    }
    const uint64_t k = TrilinearTapAxisLen(t);
    const uint64_t longestPass = t.mode == TRI_MODE_ROWS ? t.outPixPerChunk * t.channelFold
                                                         : TriMax(t.wPassLen, TriMax(t.hPassLen, t.outSlab));
    l.tapElems = TriRoundUp(k, 8);
    l.scratchElems = TriRoundUp(TriMax(TriMin(k, kTriTapPiece), TriMin(longestPass, kTriTableChunk)), 8);
    return l;
}

// Volume mode's three Gather passes, in the order they run; each has a pass table per slab
// (trilinear_tables.h) of TrilinearVolumePassPad entries.
enum TrilinearVolumePass : uint32_t { TRI_PASS_W = 0, TRI_PASS_H = 1, TRI_PASS_D = 2, TRI_PASS_COUNT = 3 };

__aicore__ inline uint64_t TrilinearVolumePassPad(const UpsampleTrilinear3dTilingData& t, uint32_t pass)
{
    return pass == TRI_PASS_W ? t.wPassPad : (pass == TRI_PASS_H ? t.hPassPad : t.outSlabPad);
}

// Element offset of a pass's tables in the kernel's table buffer (volume mode): the passes one after
// another, each T0, T1, L1, L0 of groupSlabs replicated copies.  TRI_PASS_COUNT: the end.
__aicore__ inline uint64_t TrilinearVolumeTableAt(const UpsampleTrilinear3dTilingData& t, uint32_t pass)
{
    uint64_t at = 0;
    for (uint32_t p = 0; p < pass; ++p) at += 4 * t.groupSlabs * TrilinearVolumePassPad(t, p);
    return at;
}

__aicore__ inline TrilinearUbLayout TrilinearLayout(const UpsampleTrilinear3dTilingData& t)
{
    TrilinearUbLayout l{};
    const uint64_t es = ai::DTypeBytes(static_cast<uint32_t>(t.ioDtype));
    const bool f32 = t.ioDtype == ai::DTypeCode(ai::DType::F32);
    const bool compact = TrilinearNeedsCompaction(t);
    l.inQueBytes = TriRoundUp(t.inBufElems * es, 32);
    // fp32 copy of one input plane slot (rows mode) or of the whole group (volume mode)
    l.inFloatBytes = f32 ? 0
                         : (t.mode != TRI_MODE_ROWS         ? t.inBufElems
                            : TrilinearCastsPerWBatch(t)    ? TriMin(TrilinearWBatchCastElems(t), t.inSlotElems)
                                                            : t.inSlotElems) * 4;
    uint64_t outElems;
    if (t.mode == TRI_MODE_ROWS) {
        const uint64_t batch = t.wBatchRows * t.outRowPad;
        const uint64_t chunk = t.rowsPerChunk * t.outRowPad;
        const bool tap1FromTap0 = TrilinearHTap1FromTap0(t);
        l.wBufBytes = (TriRoundUp(t.maxInRows, t.wBatchRows) + (tap1FromTap0 ? 1 : 0)) * t.outRowPad * 4;
        l.hBufBytes = 2 * chunk * 4;
        l.tmpBytes = (t.hGather && chunk > batch ? chunk : batch) * 4;
        l.tabBytes = 4 * batch * 4;
        l.hTabBytes = t.hGather ? ((tap1FromTap0 ? 3 : 4) * chunk + t.outRowPad) * 4 : 0;
        outElems = t.planesPerWrite * chunk;
    } else {
        const uint64_t g = t.groupSlabs;
        uint64_t mx = t.wPassPad > t.hPassPad ? t.wPassPad : t.hPassPad;
        mx = mx > t.outSlabPad ? mx : t.outSlabPad;
        l.wBufBytes = g * t.wPassPad * 4;
        if (t.sparseRows && l.wBufBytes < t.sparseRowStride * 4) l.wBufBytes = t.sparseRowStride * 4;
        l.hBufBytes = g * t.hPassPad * 4;
        l.tmpBytes = (g * mx > t.sparseRowStride ? g * mx : t.sparseRowStride) * 4;
        l.tabBytes = TrilinearVolumeTableAt(t, TRI_PASS_COUNT) * 4;
        outElems = t.groupsPerIo * g * t.outSlabPad;
    }
    // fp32 staging of one D pass result (rows mode: one plane chunk even when several are buffered)
    if (t.mode == TRI_MODE_ROWS) {
        const uint64_t chunk = t.rowsPerChunk * t.outRowPad;
        // fp32 + compaction: the padded planes of one write are staged before packing; 16-bit: the
        // fp32 D-pass result shares the Gather-pass scratch (never live at once) and the Cast
        // output is staged when packing.  Packed H rows (TrilinearPacksHRows) need no staging.
        const bool staged = TrilinearStagesWrite(t);
        l.outFloatBytes = (f32 && staged) ? t.planesPerWrite * chunk * 4 : 0;
        if (!f32) l.tmpBytes = l.tmpBytes > chunk * 4 ? l.tmpBytes : chunk * 4;
        l.cvtBytes = (!f32 && staged) ? TriRoundUp(t.planesPerWrite * chunk * es, 32) : 0;
    } else {
        const uint64_t stage = t.groupSlabs * t.outSlabPad;
        l.outFloatBytes = (f32 && !compact) ? 0 : stage * 4;
        l.cvtBytes = (!f32 && compact) ? TriRoundUp(stage * es, 32) : 0;
    }
    l.compactTabBytes = compact ? TrilinearCompactTableLen(t) * 4 : 0;
    if (TrilinearStagesPackedPlanes(t)) l.compactTabBytes += TriRoundUp(t.rowsPerChunk * t.outRow, 8) * 4;
    // the kernel builds the compaction table in the Gather scratch, two fp32 arrays of a chunk
    const uint64_t compactChunk = TriRoundUp(TriMin(TrilinearCompactTableLen(t), kTriTableChunk), 8);
    if (compact && l.tmpBytes < 2 * compactChunk * 4) l.tmpBytes = 2 * compactChunk * 4;
    const uint64_t blkElems = 32 / es;
    const uint64_t tails = (t.mode == TRI_MODE_ROWS && t.rowTails) ? t.rowsPerChunk * blkElems : 0;
    l.outQueBytes = TriRoundUp((outElems + t.padElems + tails) * es, 32);
    l.tailTabBytes = tails ? (tails + blkElems) * 4 : 128;
    l.tailStageBytes = tails * 2 * 4;
    // the table build's taps and scratch live in the Gather scratch (free until the first unit)
    // when it is big enough, else in a buffer of their own
    const TrilinearTapLayout taps = TrilinearTapLayoutOf(t);
    const uint64_t tapNeed = 3 * (taps.tapElems + taps.scratchElems) * 4;
    l.tapBytes = tapNeed <= l.tmpBytes ? 0 : tapNeed;
    l.total = 2 * l.inQueBytes + l.inFloatBytes + l.wBufBytes + l.hBufBytes + l.tmpBytes + l.tabBytes + l.hTabBytes +
              l.outFloatBytes + l.cvtBytes + 2 * l.outQueBytes + l.compactTabBytes + l.tailTabBytes +
              l.tailStageBytes + l.tapBytes;
    return l;
}

}  // namespace tri
