// Tiling of the Interpolate-4 kernel: POD structs shared byte for byte by the host planner
// (op_host/interpolate_tiling.cpp) and the kernel (op_kernel/interpolate.cpp), and the UB layout of
// each pass kind (the one definition of the buffers a pass allocates: the kernel's Init allocates
// them, the planner checks them against the UB).
//
// The operation runs as a sequence of separable passes over the axes that change (resized, or
// padded); one kernel launch runs them in order, the cores meeting in SyncAll between passes.
// Each pass is an InterpolatePassTiling: the part every pass has (InterpolatePassCommon: kind,
// dtypes, cores, buffers, element counts, SoC flags) and, by `common.layout`, either a
// GatherPassTiling or a RowsPassTiling (a tagged union: each field has one meaning).
// Taps that fall into the padding region carry weight +0.0f / mask 0 (padding is data of value 0);
// taps inside the input with weight 0 carry -0.0f and are computed (0 * inf = NaN, as the reference).
#pragma once

#include <stdint.h>

#include "dtype_codes.h"
#include "interp_math.h"

#ifndef __aicore__
#define __aicore__  // host compilation
#endif

namespace interp {

constexpr uint32_t kInterpolateMaxPasses = 6;
constexpr uint32_t kLayoutGather = 0;
constexpr uint32_t kLayoutRows = 1;
constexpr uint32_t kSocHasDataCopyPad = 1;  // 910B: DataCopyPad for unaligned edges
constexpr uint32_t kSocHalfRint = 2;        // Cast float->half accepts CAST_RINT (not on 310P)

enum class InterpolatePassKind : uint32_t {
    COPY = 0,      // one tap, native dtype, exact (nearest, identity-with-padding, plain copy)
    WEIGHTED = 1,  // K taps, float32 compute (linear, linear_onnx, cubic)
};

// What every pass has, whatever its layout.
struct InterpolatePassCommon {
    uint32_t layout;          // kLayoutGather or kLayoutRows: which member of the pass's union is used
    uint32_t kind;            // InterpolatePassKind
    uint32_t inDType;         // ai::DType code of the data this pass reads
    uint32_t outDType;        // ai::DType code of the data this pass writes
    uint32_t inFromWorkspace; // 1: input is the user workspace at inBufOffset, 0: x
    uint32_t outToWorkspace;  // 1: output is the user workspace at outBufOffset, 0: y
    uint32_t blockDim;        // cores used by this pass
    uint32_t outAlignElems;   // 32 B of output elements (DataCopy granule; GATHER's split unit)
    uint32_t socFlags;        // kSocHasDataCopyPad | kSocHalfRint
    uint32_t rsv;
    uint64_t inBufOffset;     // bytes into the user workspace
    uint64_t outBufOffset;
    uint64_t inElems;         // total input elements of this pass
    uint64_t outElems;        // total output elements of this pass
};
static_assert(sizeof(InterpolatePassCommon) % 8 == 0, "tiling structs are padded to 8 bytes");

// GATHER layout: the pass reads a dense tensor viewed as [outer, inLen * inner] and writes
// [outer, outLen * inner].  Per output element of one block (index m in [0, outLen * inner)) the
// host builds K taps: a byte offset of the source element inside the block (in the pass's compute
// type) and a weight (float) or a 0/1 mask (copy passes with padding).  The tables are repeated over
// enough consecutive blocks (tableLen entries, offsets shifted by the input block length) that any
// chunk of chunkElems consecutive outputs starting in the first block is one contiguous slice.
struct GatherPassTiling {
    uint32_t numTaps;         // K
    uint32_t useMask;         // padding taps present: COPY multiplies by the 0/1 mask table; WEIGHTED
                              // also multiplies the gathered values (int32 view) by a 0/1 mask table
                              // (after the weights) so padding reads 0 whatever the clamped source
    uint32_t chunkElems;      // outputs per chunk (multiple of outAlignElems)
    uint32_t windowElems;     // capacity of the input window in UB (elements, 32 B multiple)
    uint64_t blockInElems;    // inLen * inner
    uint64_t blockOutElems;   // outLen * inner
    uint64_t tableLen;        // entries per tap table (>= blockOutElems - 1 + chunkElems)
    uint64_t offsetTable;     // bytes into the user workspace: K x tableLen uint32 (byte offsets)
    uint64_t weightTable;     // K x tableLen: float (WEIGHTED) or int32/int16 mask (COPY)
    uint64_t windowLoTable;   // tableLen uint32: min source element offset over entries >= m
    uint64_t windowHiTable;   // tableLen uint32: 1 + max source element offset over entries <= m
};
static_assert(sizeof(GatherPassTiling) % 8 == 0, "tiling structs are padded to 8 bytes");

// ROWS layout: the tensor is [outer, rowInLen, innerIn] -> [outer, rowOutLen, innerOut]: one output
// row is a weighted sum of rowTaps transformed input rows; an input row is transformed once (gather
// with innerTaps taps, entries per tap innerOutPad apart), kept in one of `slots` UB slots and reused
// by every output row that needs it.  Input rows are read inRowsPerDma at a time (runs of
// consecutive needed rows), output rows written outRowsPerDma at a time.
// The tables are one blob in GM (tableBlob, tableBlobBytes); byte offsets in it:
//   0: inner offsets (innerTaps x innerOutPad uint32), innerWeightAt: inner weights / masks
//      (read whole: rowSrcAt bytes);
//   (WEIGHTED with innerMask: an int32 0/1 mask, innerTaps x innerOutPad, follows the inner weights
//      at innerWeightAt + Round32(innerTaps * innerOutPad * 4));
//   rowSrcAt: rowTabCap uint64 row taps (o * rowTaps + k): source row | float weight bits << 32
//      (bits 0, +0.0f: padding, ordered last; -0.0f: a zero weight inside the input, computed;
//      zeroRuns: 0x80000000 | len, a run of len such rows), read as the slice of this core's
//      output rows; entries left over after the padding repeat the row's largest source;
//   runLenAt: runLenCap uint32, consecutive needed input rows starting at each input row
//      (read as the slice of this core's input rows).  Both slices have 32 B of slack in GM.
// Column bands (bands > 1): band b computes output columns [outStart, outStart + outLen) of every
// row from input columns [srcLo, srcLo + srcLen) (one DMA per row); its four uint32 are at
// bandSpanAt + 16 b (inside the part read whole).  The inner tables above (everything before
// identityAt) are band 0's, offsets counted from srcLo; band b > 0 has its own copy at
// bandTablesAt + (b - 1) * bandTableBytes, loaded when the band starts (bandTableBytes 0: every band
// uses band 0's tables, as identity bands do).
struct RowsPassTiling {
    uint32_t innerTaps;       // taps of the inner transform (1: identity or a copy)
    uint32_t innerMask;       // padding taps among the inner taps: COPY multiplies by the 0/1 mask;
                              // WEIGHTED zeroes the gathered values with the int32 mask
    uint32_t rowTaps;         // taps per output row
    uint32_t slots;           // transformed input rows cached in UB (rowTaps + inRowsPerDma, fewer if
                              // the UB is short: rows are then re-read, never wrong)
    uint32_t innerOutPad;     // elements per transformed row: innerOut (or the band) rounded up to 32;
                              // B * batchStride when outerBatch > 1
    uint32_t rawElems;        // raw input buffer (elements, 32 B multiple): inRowsPerDma rows
    uint32_t rowTabCap;       // row tap pairs (rowOutLen * rowTaps rounded up to 4)
    uint32_t inRowsPerDma;
    uint32_t outRowsPerDma;
    uint32_t outRowStride;    // elements between output rows in UB (32 B multiple)
    uint32_t runLenCap;
    uint32_t innerWeightAt, rowSrcAt, runLenAt;
    uint32_t innerAfter;      // WEIGHTED: slots hold widened input rows; the inner transform runs on
                              // each combined output row instead (cheaper when rows shrink)
    uint32_t identityAt;      // innerAfter, outerBatch 1: blob offset of innerIn identity gather offsets
    uint32_t slotElems;       // elements per slot (innerOutPad; innerAfter: InterpolateCombinedInElems
                              // padded to 32)
    uint32_t innerIdentity;   // the inner transform is a plain copy (no weights to apply)
    uint32_t bandElems;       // elements computed per row: inner blocks too long for UB are cut into
    uint32_t bands;           // column bands of bandElems (32-element multiple; 1 band = whole rows,
                              // bandElems = innerOut)
    uint32_t bandGroups;      // cores split the bands into this many groups (x row groups = blockDim)
    uint32_t outerBatch;      // B > 1: short rows of B consecutive outer blocks are handled together
                              // (rowUnits = outer / B * rowOutLen; inner tables repeated B times)
    uint32_t rawPitch;        // B > 1: elements between the B input rows in UB (32 B multiple)
    uint32_t batchStride;     // B > 1: elements between the B rows of a slot / output (32 multiple)
    uint32_t compactOut;      // 310P rows that are not 32 B multiples: outRowsPerDma rows are computed
                              // 32-element aligned in a staging buffer, then one Gather packs them
                              // (table at compactAt) into a contiguous 32 B-multiple run for one DMA.
                              // With a plane axis: a unit's chunk (innerOut * sizeof(out) >= 32 B) is
                              // packed in place of its narrowing; its last partial 32 B block is packed
                              // again after the whole blocks (tail tables at InterpolatePlaneTailAt) and
                              // written as the unit's last 32 B, over its own bytes
    uint32_t compactAt;
    uint32_t narrowElems;     // elements the narrowing buffers hold
    uint32_t zeroRuns;        // WEIGHTED: a row-tap entry with high word 0x80000000 | len stands for
                              // len consecutive zero-weight source rows (no weight is a negative subnormal)
    uint32_t bandSpanAt;      // bands > 1: blob offset of the band spans (outStart, outLen, srcLo, srcLen)
    uint32_t bandTablesAt;    // blob offset of band 1's inner tables (bandTableBytes > 0)
    uint32_t bandTableBytes;  // bytes of one band's inner tables; 0: shared by every band
    uint32_t compactTables;   // 1: cores read only parts of the inner tables and build the rest in
                              // the UB (InterpolateInnerTablesCompact); the planner's choice by cost
    // Periodic inner tables (innerPeriod > 0; bands <= 1): in every inner table row, entries
    // [innerPeriodStart + innerPeriod, innerPeriodEnd) repeat the innerPeriod entries before them,
    // gather offsets innerPeriodShift elements (of the compute type) further on per period, weights
    // and masks the same (the planner found the tables so, bit for bit).  A core reads the entries
    // outside the repeats and builds the repeats in the UB (InterpolateInnerTableSpan).  All three
    // are multiples of kInterpolateTableAlignEntries.
    uint32_t innerPeriod;
    uint32_t innerPeriodStart;
    uint32_t innerPeriodEnd;
    uint32_t innerPeriodShift;
    // Derived gather offsets (innerDerivedEnd > innerDerivedStart; bands <= 1, compactTables): in rows
    // j = 1 .. innerTaps - 1 of the offset table, entries [innerDerivedStart, innerDerivedEnd) are row
    // 0's plus j * innerDerivedStep elements (of the compute type): the taps read consecutive
    // positions there, none clamped at an edge (the planner found the tables so, bit for bit).  A
    // core reads those rows outside the run only and adds the run to row 0's.  Both bounds are
    // multiples of kInterpolateTableAlignEntries.
    uint32_t innerDerivedStart;
    uint32_t innerDerivedEnd;
    uint32_t innerDerivedStep;
    uint32_t innerTapsInOrder;  // 1: the inner taps are summed in tap order (backward plans: their
                                // summation order is the same in every plan), else pairwise (FoldTaps)
    // Computed inner taps (innerComputedEnd > innerComputedStart; WEIGHTED, or COPY without masks;
    // bands <= 1, compactTables, no period or derived run): entries [innerComputedStart,
    // innerComputedEnd) of every offset and weight row are what interp::ComputeInnerTaps gives with
    // innerRecipe (the planner emulated it over the axis and compared it with the tables, bit for
    // bit), and the padding masks (innerMask) are 1 there.  A core reads the entries outside that
    // run and computes the run, in chunks in the scratch InterpolateComputedScratchOf names.  Both
    // bounds are multiples of kInterpolateTableAlignEntries.
    uint32_t innerComputedStart;
    uint32_t innerComputedEnd;
    InnerTapsRecipe innerRecipe;
    // Plane axis (planeTaps > 0): a third changed axis before the row axis.  The pass input is
    // [planeOuter, planeInLen, planeMid, rowInLen, innerIn] and its output
    // [planeOuter, planeOutLen, planeMid, rowOutLen, innerOut]; a unit of work is chunkRows output
    // rows of one output plane, units ordered (planeOuter, planeMid, row chunk, output plane) so that
    // a core sweeps the planes of a chunk.  Each output chunk is the weighted sum (Muls + Axpy over
    // the whole chunk) of planeTaps plane chunks: the chunk's rows of one input plane, computed as
    // ordinary rows of this pass (row taps, inner transform) into one of planeSlots UB slots and
    // reused by every output plane that needs it.  The plane taps (planeOutLen x planeTaps uint64,
    // the row taps' encoding without runs) are at planeTabAt, inside the part read whole.
    uint32_t planeTaps;
    uint32_t planeSlots;
    uint32_t chunkRows;
    uint32_t planeTabAt;
    // Planes combined first (planeCombineFirst = 1; WEIGHTED, 910B): a unit's input rows are the
    // weighted sum of the rows of its output plane's plane taps (each read and widened, then Muls +
    // Axpy into the combined rows), computed as ordinary rows of this pass straight into the output
    // chunk; no plane slots (planeSlots 0).  The row and inner transforms then run on the output
    // planes only, at the price of every unit reading its plane taps' rows.
    uint32_t planeCombineFirst;
    uint32_t planeRsv;
    uint64_t planeOuter;
    uint64_t planeInLen;
    uint64_t planeOutLen;
    uint64_t planeMid;
    uint64_t rowChunks;       // ceil(rowOutLen / chunkRows)
    uint64_t tableBlob;       // bytes into the user workspace: the blob
    uint64_t tableBlobBytes;
    uint64_t rowUnits;        // units of work: outer / outerBatch * rowOutLen output rows
    uint64_t rowInLen;
    uint64_t rowOutLen;
    uint64_t innerIn;
    uint64_t innerOut;
};
static_assert(sizeof(RowsPassTiling) % 8 == 0, "tiling structs are padded to 8 bytes");

struct InterpolatePassTiling {
    InterpolatePassCommon common;
    union {                       // by common.layout
        GatherPassTiling gather;  // kLayoutGather
        RowsPassTiling rows;      // kLayoutRows
    };
};
static_assert(sizeof(InterpolatePassTiling) % 8 == 0, "tiling structs are padded to 8 bytes");

struct InterpolateTilingData {
    uint32_t numPasses;
    uint32_t syncBytes;       // zeroed bytes at the start of the user workspace for SyncAll (multi-pass)
    InterpolatePassTiling pass[kInterpolateMaxPasses];
};
static_assert(sizeof(InterpolateTilingData) % 8 == 0, "tiling structs are padded to 8 bytes");

// Tiling key of one pass: kind, input dtype, output dtype (ai::DType values).
__aicore__ inline uint64_t InterpolatePassKey(uint32_t kind, uint32_t inDType, uint32_t outDType)
{
    return 1000ull * kind + 10ull * inDType + outDType;
}

}  // namespace interp

namespace interp {

// Element size of the data a COPY pass gathers: 1-byte types are widened to half (exact).
__aicore__ inline uint32_t InterpolateCopyComputeBytes(uint32_t dtype)
{
    uint32_t b = ai::DTypeBytes(dtype);
    return b == 1 ? 2u : b;
}

// Element size of a pass's compute type: float for WEIGHTED passes, else the copy's gather type.
__aicore__ inline uint32_t InterpolateComputeBytes(const InterpolatePassCommon& c)
{
    return c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED) ? 4u : InterpolateCopyComputeBytes(c.inDType);
}

__aicore__ inline uint32_t InterpolateRound32(uint64_t bytes) { return static_cast<uint32_t>((bytes + 31) / 32 * 32); }

// 310P batches of rows that are not 32 B multiples move each block's rows as whole 32 B blocks: the
// input ending at the rows' end (LoadBlockRowsEndingAtTheirEnds), the packed output lanes and their
// tail blocks (WritePackedLanesWithTails).  When the B blocks are a whole number of 32 B blocks apart
// in GM (blockElems elements of elemBytes each) and the strides fit DataCopy's uint16 fields, each of
// those moves is one strided DataCopy over the B blocks; else one DataCopy per block.
__aicore__ inline bool InterpolateBatchBlocksOneDma(uint64_t blockElems, uint32_t elemBytes, uint32_t batch)
{
    const uint64_t bytes = blockElems * elemBytes;
    return bytes % 32 == 0 && bytes / 32 <= 65535 && batch <= 4095;
}

// innerAfter: elements of a slot's widened input, combined before the inner transform: one input
// row (gathered into the slot with the identity offsets at identityAt), or the B rows of a batch as
// read, rawPitch apart (moved into the slot whole; no identity offsets).
__aicore__ inline uint32_t InterpolateCombinedInElems(const RowsPassTiling& r)
{
    return r.outerBatch > 1 ? r.outerBatch * r.rawPitch : r.innerIn;
}

// ROWS inner tables: innerTaps rows of innerOutPad entries each (offsets, weights or copy masks,
// padding masks: the layout of LayOutRowsBlob).  Four regularities let a core read less of them than
// the whole rows; the host still writes every entry, so the workspace holds the whole tables.
//   - outerBatch B > 1: a row is its first batchStride entries (one repeat) repeated B times, repeat
//     b's gather offsets b * rawPitch elements (of the compute type) further on, its weights and
//     masks the same;
//   - innerPeriod > 0: inside the first repeat, entries [innerPeriodStart + innerPeriod,
//     innerPeriodEnd) repeat the innerPeriod entries before them (RowsPassTiling);
//   - innerDerivedEnd > innerDerivedStart: offset rows 1.. are row 0's plus j tap shifts there;
//   - innerComputedEnd > innerComputedStart: the run of every offset and weight row is computed from
//     the coordinate (interp::ComputeInnerTaps); the span then reads the entries outside the run.
// A core reads entries [0, head) and [tail, repeat) of each row (InterpolateInnerTableSpan; one
// strided DMA per table and part; derived offset rows outside their run), then builds the periods,
// the derived runs and the repeats in the UB.
constexpr uint32_t kInterpolateTableAlignEntries = 16;  // 32 B of 2-byte copy masks

struct InterpolateInnerTable {
    uint32_t at;           // blob offset (bytes; the same in the workspace and in the UB)
    uint32_t rowBytes;     // bytes between the table's rows: innerOutPad entries
    uint32_t entryBytes;   // 4, or 2 for the copy masks of 2-byte compute types
    uint32_t repeatShift;  // added to every 4-byte entry per batch repeat (offsets); 0: a plain copy
    uint32_t periodShift;  // added to every 4-byte entry per period (offsets); 0: a plain copy
    uint32_t tapShift;     // derived offsets: added per tap j >= 1 over the derived run; 0: not derived
};
constexpr uint32_t kInterpolateMaxInnerTables = 3;  // offsets, weights / copy masks, padding masks

// The inner tables of a ROWS pass; returns how many.
__aicore__ inline uint32_t InterpolateInnerTables(const InterpolatePassCommon& c, const RowsPassTiling& r,
                                                  InterpolateInnerTable* tables)
{
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szC = InterpolateComputeBytes(c);
    const uint32_t pad = r.innerOutPad;
    uint32_t n = 0;
    const uint32_t tapShift = r.innerDerivedEnd > r.innerDerivedStart ? r.innerDerivedStep * szC : 0u;
    tables[n++] = InterpolateInnerTable{0, pad * 4, 4, r.rawPitch * szC, r.innerPeriodShift * szC, tapShift};
    if (weighted || r.innerMask) {
        const uint32_t szW = weighted ? 4u : szC;
        tables[n++] = InterpolateInnerTable{r.innerWeightAt, pad * szW, szW, 0, 0, 0};
    }
    if (weighted && r.innerMask) {
        const uint32_t maskAt = r.innerWeightAt + InterpolateRound32(uint64_t(r.innerTaps) * pad * 4);
        tables[n++] = InterpolateInnerTable{maskAt, pad * 4, 4, 0, 0, 0};
    }
    return n;
}

// The entries of one inner table row a core reads: [0, head) and [tail, repeat).
struct InterpolateInnerTableSpan {
    uint32_t head;
    uint32_t tail;
    uint32_t repeat;  // entries of one batch repeat (the whole row when outerBatch <= 1)
};

__aicore__ inline InterpolateInnerTableSpan InterpolateInnerTableSpanOf(const RowsPassTiling& r)
{
    const uint32_t repeat = r.outerBatch > 1 ? r.batchStride : r.innerOutPad;
    if (r.innerComputedEnd > r.innerComputedStart) {
        return InterpolateInnerTableSpan{r.innerComputedStart, r.innerComputedEnd, repeat};
    }
    if (r.innerPeriod == 0) return InterpolateInnerTableSpan{repeat, repeat, repeat};
    return InterpolateInnerTableSpan{r.innerPeriodStart + r.innerPeriod, r.innerPeriodEnd, repeat};
}

// Whether a core reads only parts of the inner tables (and builds the rest in the UB).
__aicore__ inline bool InterpolateInnerTablesCompact(const RowsPassTiling& r)
{
    return r.compactTables != 0 && r.bandTableBytes == 0 &&
           (r.outerBatch > 1 || r.innerPeriod > 0 || r.innerDerivedEnd > r.innerDerivedStart ||
            r.innerComputedEnd > r.innerComputedStart);
}

// The last of the tables from `first` on that one strided DMA reads with it: rows of the same pitch,
// each table right after the one before (the 4-byte tables; 2-byte copy masks have their own pitch).
// A table with derived rows (tapShift) is read on its own.
__aicore__ inline uint32_t InterpolateInnerTableRunEnd(const InterpolateInnerTable* tables, uint32_t count,
                                                       uint32_t first, uint32_t taps)
{
    uint32_t last = first;
    if (tables[first].tapShift != 0) return last;
    while (last + 1 < count && tables[last + 1].rowBytes == tables[first].rowBytes &&
           tables[last + 1].at == tables[last].at + taps * tables[last].rowBytes) {
        ++last;
    }
    return last;
}

// Batched packed rows (compactOut, outerBatch B > 1; InterpolateBatchedLanePitch): the packing
// offsets of lane b are lane 0's plus b * batchStride elements of the compute type, every entry
// (the host writes them so).  Cores read lane 0 only and build lanes 1.. in the UB: the bytes of
// those lanes (0 for other passes).
__aicore__ inline uint64_t InterpolateBuiltLaneBytes(const InterpolatePassCommon& c, const RowsPassTiling& r);

// Bytes of the blob every core of a ROWS pass reads before its rows (bands with tables of their own
// read a band's tables later): the inner tables (the parts above when compact) and the helpers after
// them up to rowSrcAt (identity and packing offsets but built lanes, band spans, plane taps).
__aicore__ inline uint64_t InterpolateRowsTablesReadBytes(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    const uint64_t built = InterpolateBuiltLaneBytes(c, r);
    if (r.bandTableBytes != 0) return r.rowSrcAt - r.identityAt - built;
    if (!InterpolateInnerTablesCompact(r)) return r.rowSrcAt - built;
    InterpolateInnerTable tables[kInterpolateMaxInnerTables];
    const uint32_t n = InterpolateInnerTables(c, r, tables);
    const InterpolateInnerTableSpan span = InterpolateInnerTableSpanOf(r);
    const uint64_t entries = span.head + (span.repeat - span.tail);
    uint64_t bytes = r.rowSrcAt - r.identityAt - built;
    for (uint32_t i = 0; i < n; ++i) {
        uint64_t spanRows = r.innerTaps;
        if (tables[i].tapShift != 0) {  // rows 1.. outside the derived run
            spanRows = 1;
            bytes += uint64_t(r.innerTaps - 1) * (r.innerDerivedStart + (span.repeat - r.innerDerivedEnd)) * 4;
        }
        bytes += spanRows * entries * tables[i].entryBytes;
    }
    return bytes;
}

// 310P plane passes with packed chunks (RowsPassTiling compactOut with planeTaps > 0): the packing
// table covers chunkRows rows; after it, two tail tables of kInterpolatePlaneTailEntries offsets each
// (a full chunk's last 32 B block, then the last chunk's), and the packed run of a chunk holds its
// whole 32 B blocks and then that tail block: at most this many elements beyond the chunk.
constexpr uint32_t kInterpolatePlaneTailEntries = 32;  // elements of a 32 B block of 1-byte data

__aicore__ inline uint32_t InterpolatePlaneTailAt(uint32_t compactAt, uint64_t chunkRows, uint64_t innerOut)
{
    return static_cast<uint32_t>(compactAt + (chunkRows * innerOut + 7) / 8 * 8 * 4);
}

__aicore__ inline uint64_t InterpolatePlanePackedElems(uint64_t chunkRows, uint64_t innerOut)
{
    return chunkRows * innerOut + kInterpolatePlaneTailEntries;
}

// 310P packed groups (compactOut, outerBatch <= 1, no plane axis): a group of outRowsPerDma
// consecutive output rows (contiguous in GM, at least 32 B together) is packed by the table at
// compactAt into its whole 32 B blocks and, when its run ends inside a block, its last 32 B again
// (table entries of the run's last 32 B / sizeof(out) elements), which the kernel writes over the
// group's own last bytes: the elements of the packed run, and of the packing table.  An output
// smaller than 32 B is one group of all its rows (one core), stored element by element.
__aicore__ inline uint64_t InterpolatePackedGroupElems(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    const uint64_t blk = 32 / ai::DTypeBytes(c.outDType);
    const uint64_t run = uint64_t(r.outRowsPerDma) * r.innerOut;
    return run % blk == 0 || run < blk ? run : run / blk * blk + blk;  // run < blk: the whole output
}

// Batched packed rows (compactOut with outerBatch B > 1; on 310P a block's rows of at least 32 B): a
// group of up to outRowsPerDma output rows of B blocks is packed per block into a lane run of its
// rows, lane b's at b * InterpolateBatchedLanePitch (32 B aligned), by the packing table at
// compactAt; after the B lanes come B tail blocks (lane b's the last 32 B of its rows, from the
// group's last InterpolateTailRows rows: the tail table at InterpolateBatchedTailAt, B blocks of
// 32 B / sizeof(out) entries, read with the staging offset of the first of those rows as the Gather
// base).  On 310P a lane writes its whole 32 B
// blocks, then its tail block over its own last bytes; with DataCopyPad the B lanes are one DMA and
// the tail blocks are not used.
__aicore__ inline uint64_t InterpolateBatchedLanePitch(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    const uint64_t blk = 32 / ai::DTypeBytes(c.outDType);
    return (uint64_t(r.outRowsPerDma) * r.innerOut + blk - 1) / blk * blk;
}

__aicore__ inline uint64_t InterpolateBuiltLaneBytes(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    if (!r.compactOut || r.outerBatch <= 1 || r.planeTaps > 0) return 0;
    return uint64_t(r.outerBatch - 1) * InterpolateBatchedLanePitch(c, r) * 4;
}

__aicore__ inline uint32_t InterpolateBatchedTailAt(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    return static_cast<uint32_t>(r.compactAt + r.outerBatch * InterpolateBatchedLanePitch(c, r) * 4);
}

// The rows a lane's tail block (its run's last 32 B) spans: 1 for rows of at least 32 B.
__aicore__ inline uint32_t InterpolateTailRows(uint64_t innerOut, uint64_t outBytes)
{
    const uint64_t blk = 32 / outBytes;
    return static_cast<uint32_t>(innerOut >= blk ? 1 : (blk + innerOut - 1) / innerOut);
}

// 310P batched packed rows shorter than 32 B: a group must hold the InterpolateTailRows rows of its
// tail block, so cores take whole groups of B blocks (InterpolateRowSplitGranule), a block's last
// group that would be shorter ends at the block's end with InterpolateTailRows rows instead (rows
// the core wrote before, recomputed with the same values), and the tail table is read from the
// staging offset of the group's row n - InterpolateTailRows.
__aicore__ inline bool InterpolateShortPackedLanes(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    return (c.socFlags & kSocHasDataCopyPad) == 0 && r.compactOut && r.outerBatch > 1 && r.planeTaps == 0 &&
           InterpolateTailRows(r.innerOut, ai::DTypeBytes(c.outDType)) > 1;
}

// Output rows a core's range of a ROWS pass is a multiple of (but for the last rows): whole block
// groups for short packed lanes, else single rows.
__aicore__ inline uint64_t InterpolateRowSplitGranule(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    return InterpolateShortPackedLanes(c, r) ? r.rowOutLen : 1;
}

// Elements of the packed output of one group: the B lane runs, then the B tail blocks.
__aicore__ inline uint64_t InterpolateBatchedPackedElems(const InterpolatePassCommon& c, const RowsPassTiling& r)
{
    return r.outerBatch * (InterpolateBatchedLanePitch(c, r) + 32 / ai::DTypeBytes(c.outDType));
}

// ---- UB layouts: the one definition of what each pass kind allocates -------------------------
// The kernel's Init allocates exactly these buffers (a size of 0: not allocated) and the planner
// checks the same total against the UB, so the two cannot drift.  Every size is in bytes.

constexpr uint32_t kInterpolateQueueDepth = 2;  // double-buffered queues (input, tables, output)

// GATHER pass (InterpolatePass::Init in interpolate.cpp).
struct GatherPassUbLayout {
    uint32_t syncScratch;  // SyncAll UB scratch (blockNum * 32 B)
    uint32_t window;       // input window, each of kInterpolateQueueDepth buffers
    uint32_t windowFloat;  // WEIGHTED, input not float32: the window widened to float
    uint32_t windowHalf;   // 1-byte input: the window as half (the widening step)
    uint32_t tables;       // the chunk's slices of the tap tables, each of kInterpolateQueueDepth
    uint32_t gathered;     // WEIGHTED: one gathered tap (float); COPY, 1-byte input: the gathered half
    uint32_t accumulator;  // WEIGHTED: the float sum
    uint32_t output;       // output chunk, each of kInterpolateQueueDepth buffers
    uint32_t outputHalf;   // WEIGHTED, 1-byte output: the half step of the narrowing
    uint32_t rsv;
    uint64_t total;        // sum over the buffers (queues counted kInterpolateQueueDepth times)
};

// Reads c.kind, c.inDType, c.outDType and g.numTaps, g.useMask, g.chunkElems, g.windowElems.
__aicore__ inline GatherPassUbLayout InterpolateGatherUbLayout(const InterpolatePassCommon& c,
                                                               const GatherPassTiling& g, uint64_t syncUbBytes)
{
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szIn = ai::DTypeBytes(c.inDType);
    const uint32_t szOut = ai::DTypeBytes(c.outDType);
    const uint64_t chunk = g.chunkElems;
    const uint64_t window = g.windowElems;
    GatherPassUbLayout l = {};
    l.syncScratch = static_cast<uint32_t>(syncUbBytes);
    l.window = InterpolateRound32(window * szIn);
    if (szIn == 1) l.windowHalf = InterpolateRound32(window * 2);
    l.output = InterpolateRound32(chunk * szOut);
    if (weighted) {
        if (c.inDType != ai::DTypeCode(ai::DType::F32)) l.windowFloat = InterpolateRound32(window * 4);
        // per tap: a uint32 offset and a float weight (+ an int32 padding mask)
        l.tables = InterpolateRound32(chunk * g.numTaps * (g.useMask ? 12 : 8));
        l.gathered = InterpolateRound32(chunk * 4);
        l.accumulator = InterpolateRound32(chunk * 4);
        if (szOut == 1) l.outputHalf = InterpolateRound32(chunk * 2);
    } else {
        // per tap a uint32 offset; one 0/1 mask in the compute type when padding taps are present
        const uint32_t szC = InterpolateCopyComputeBytes(c.inDType);
        l.tables = InterpolateRound32(chunk * g.numTaps * 4 + (g.useMask ? chunk * szC : 0));
        if (szIn == 1) l.gathered = InterpolateRound32(chunk * 2);
    }
    const uint64_t depth = kInterpolateQueueDepth;
    l.total = uint64_t(l.syncScratch) + depth * l.window + l.windowFloat + l.windowHalf + depth * l.tables +
              l.gathered + l.accumulator + depth * l.output + l.outputHalf;
    return l;
}

// ROWS pass (InterpolateRowPass::Init in interpolate.cpp).
struct RowsPassUbLayout {
    uint32_t syncScratch;  // SyncAll UB scratch (blockNum * 32 B)
    uint32_t rawRows;      // input rows as read, each of kInterpolateQueueDepth buffers
    uint32_t wideRows;     // input rows in the compute type (when it differs from the input type)
    uint32_t rawHalf;      // WEIGHTED, 1-byte input: the half step of the widening
    uint32_t slotBytes;    // one cached transformed row (32 B multiple)
    uint32_t slotCache;    // slots * slotBytes
    uint32_t innerTables;  // the blob up to rowSrcAt, read whole (inner taps, identity, packing)
    uint32_t rowTaps;      // this core's slice of the row taps (+32 B slack)
    uint32_t runLengths;   // this core's slice of the run lengths (+32 B slack)
    uint32_t gathered;     // WEIGHTED: all inner taps of one row, gathered
    uint32_t accumulator;  // WEIGHTED: the combined row (float)
    uint32_t innerResult;  // WEIGHTED innerAfter: the inner transform of the combined row
    uint32_t output;       // outRowsPerDma output rows, each of kInterpolateQueueDepth buffers
    uint32_t outputHalf;   // WEIGHTED, 1-byte output: the half step of the narrowing
    uint32_t staging;      // compactOut: 32-element aligned rows before packing
    uint32_t packed;       // compactOut: the packed run before narrowing (WEIGHTED to non-float, 1-byte COPY)
    uint32_t planeSlot;    // planeTaps > 0: one plane chunk (chunkRows rows of innerOutPad, compute type)
    uint32_t planeCache;   // planeSlots * planeSlot
    uint32_t planeAcc;     // WEIGHTED planes: the combined chunk (float)
    uint32_t planeRows;    // planeCombineFirst: the combined input rows (float, rawElems)
    uint64_t total;        // sum over the buffers (queues counted kInterpolateQueueDepth times)
};

__aicore__ inline RowsPassUbLayout InterpolateRowsUbLayout(const InterpolatePassCommon& c, const RowsPassTiling& r,
                                                           uint64_t syncUbBytes)
{
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szIn = ai::DTypeBytes(c.inDType);
    const uint32_t szOut = ai::DTypeBytes(c.outDType);
    const uint32_t szC = InterpolateComputeBytes(c);
    const uint64_t pad = r.innerOutPad;
    const uint64_t raw = r.rawElems;
    RowsPassUbLayout l = {};
    l.syncScratch = static_cast<uint32_t>(syncUbBytes);
    l.rawRows = InterpolateRound32(raw * szIn);
    const bool widened = weighted ? c.inDType != ai::DTypeCode(ai::DType::F32) : szIn == 1;  // TIn != TC
    if (widened) l.wideRows = InterpolateRound32(raw * szC);
    if (weighted && szIn == 1) l.rawHalf = InterpolateRound32(raw * 2);
    l.slotBytes = InterpolateRound32(uint64_t(r.slotElems) * szC);
    l.slotCache = r.slots * l.slotBytes;
    l.innerTables = InterpolateRound32(r.rowSrcAt);
    l.rowTaps = InterpolateRound32(uint64_t(r.rowTabCap) * 8 + 32);
    l.runLengths = InterpolateRound32(uint64_t(r.runLenCap) * 4 + 32);
    if (weighted) {
        l.gathered = InterpolateRound32(pad * 4 * r.innerTaps);
        l.accumulator = InterpolateRound32(uint64_t(r.slotElems) * 4);
        if (r.innerAfter) l.innerResult = InterpolateRound32(pad * 4);
        if (szOut == 1) l.outputHalf = InterpolateRound32(uint64_t(r.narrowElems) * 2);
    }
    l.output = InterpolateRound32(uint64_t(r.outRowsPerDma) * r.outRowStride * szOut);
    if (r.compactOut && r.outerBatch > 1) {  // batched packed rows: the staging rows, the lane runs
        const uint64_t run = InterpolateBatchedPackedElems(c, r);
        l.output = InterpolateRound32(run * szOut);
        l.staging = InterpolateRound32(uint64_t(r.outRowsPerDma) * pad * szC);
        if (weighted && c.outDType != ai::DTypeCode(ai::DType::F32)) l.packed = InterpolateRound32(run * 4);
        if (!weighted && szIn == 1) l.packed = InterpolateRound32(run * 2);
    } else if (r.compactOut) {
        const uint64_t run = r.planeTaps > 0 ? InterpolatePlanePackedElems(r.chunkRows, r.innerOut)
                                             : InterpolatePackedGroupElems(c, r);
        if (r.planeTaps > 0) {  // the plane sum / slot is the staging; the packed run may pass the chunk
            l.output = InterpolateRound32((run > uint64_t(r.chunkRows) * pad ? run : uint64_t(r.chunkRows) * pad) * szOut);
        } else {
            l.output = InterpolateRound32(run * szOut);
            l.staging = InterpolateRound32(uint64_t(r.outRowsPerDma) * pad * szC);
        }
        if (weighted && c.outDType != ai::DTypeCode(ai::DType::F32)) l.packed = InterpolateRound32(run * 4);
        if (!weighted && szIn == 1) l.packed = InterpolateRound32(run * 2);
    }
    if (r.planeTaps > 0) {
        l.planeSlot = InterpolateRound32(uint64_t(r.chunkRows) * pad * szC);
        l.planeCache = r.planeSlots * l.planeSlot;
        if (weighted) l.planeAcc = InterpolateRound32(uint64_t(r.chunkRows) * pad * 4);
        if (weighted && r.planeCombineFirst) l.planeRows = InterpolateRound32(raw * 4);
    }
    const uint64_t depth = kInterpolateQueueDepth;
    l.total = uint64_t(l.syncScratch) + depth * l.rawRows + l.wideRows + l.rawHalf + uint64_t(r.slots) * l.slotBytes +
              l.innerTables + l.rowTaps + l.runLengths + l.gathered + l.accumulator + l.innerResult +
              depth * l.output + l.outputHalf + l.staging + l.packed + uint64_t(r.planeSlots) * l.planeSlot +
              l.planeAcc + l.planeRows;
    return l;
}

// Computed inner taps (RowsPassTiling innerComputedStart / End): the scratch the kernel computes
// them in at Init, before any row is read -- the slot cache, or the gathered buffer when that is
// larger -- and the entries per chunk, so that kComputedTapScratch vectors of a chunk fit it.
struct InterpolateComputedScratch {
    bool inSlots;    // the slot cache (else the gathered buffer)
    uint32_t chunk;  // entries per chunk (a kInterpolateTableAlignEntries multiple)
};

__aicore__ inline InterpolateComputedScratch InterpolateComputedScratchOf(const RowsPassUbLayout& l)
{
    const bool inSlots = l.slotCache >= l.gathered;
    const uint32_t floats = (inSlots ? l.slotCache : l.gathered) / 4;
    const uint32_t align = kInterpolateTableAlignEntries;
    const uint32_t chunk = floats / kComputedTapScratch / align * align;
    return InterpolateComputedScratch{inSlots, chunk > align ? chunk : align};
}

}  // namespace interp

