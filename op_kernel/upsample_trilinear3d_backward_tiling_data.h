// Tiling of UpsampleTrilinear3dBackward: the POD struct shared byte for byte by the host planner
// (op_host/upsample_trilinear3d_backward_tiling.cpp) and the kernel
// (op_kernel/upsample_trilinear3d_backward.cpp), plus the facts both sides derive from it: the UB
// layout, the balanced work partitions and the gradOut span an input range needs.
//
// Vocabulary (the forward's names, seen from the backward):
//   gradOut   the forward output's gradient, (slabs, outD, outH, outRow); read once.
//   gradIn    the forward input's gradient, (slabs, inD, inH, inRow); written once.
//   slab      one (n, c) volume in NCDHW, one n volume in NDHWC (channels folded into the rows).
//   unit      (group of slabs, chunk of gradIn D planes, band of gradIn H rows): a core's work item.
//   span      the gradOut indices of one axis whose forward taps reach a range of gradIn indices.
//   band-plane  the rows [h0, h1) of one gradIn plane: what one unit emits per (slab, d).
// The kernel streams a unit's gradOut planes (od ascending) through three gather-form reductions,
// W (host-built transposed tables), H (per-unit tables or per-row Axpy) and D (Axpy into two
// accumulator planes), so every gradIn element sums its contributions in one fixed order whatever
// the tiling, the core count or the SoC.
// All counts are elements unless the name says Bytes; every field is 8 bytes (no padding).
#pragma once
#include <stdint.h>

#include "dtype_codes.h"
#include "interp_math.h"
#include "trilinear_layout_math.h"

#ifndef __aicore__
#define __aicore__  // host compilation
#endif

namespace tri {

struct TrilinearBackwardTilingData {
    // ---- problem ----
    uint64_t slabs;                 // N*C (NCDHW) or N (NDHWC)
    uint64_t inD, inH, inW;         // gradIn (the forward input)
    uint64_t outD, outH, outW;      // gradOut (the forward output)
    uint64_t channelFold;           // 1 (NCDHW) or C (NDHWC)
    uint64_t inRow, outRow;         // inW * channelFold, outW * channelFold
    uint64_t gradInTotal, gradOutTotal;
    uint64_t ratioBitsD, ratioBitsH, ratioBitsW;  // float32 bits of the forward's per-axis in/out ratio
    uint64_t alignCorners;
    uint64_t ioDtype;               // ai::DType code: F32, F16 or BF16
    uint64_t useDataCopyPad;        // 1 on chips with DataCopyPad (910B); 0 on 310P
    uint64_t castRoundMode;         // AscendC::RoundMode for float -> io dtype (RINT; NONE on 310P half)
    // ---- work split: core i runs workBase units, one more if i < workTail ----
    uint64_t blockDim;
    uint64_t units;                 // slabGroups * dChunks * hBands
    uint64_t workBase, workTail;
    uint64_t slabGroups;            // balanced partition of the slabs (> slabs only never)
    uint64_t dChunks;               // balanced partition of gradIn's D planes
    uint64_t hBands;                // balanced partition of gradIn's H rows
    uint64_t maxSlabsPerUnit, maxPlanesPerChunk, maxRowsPerBand;  // the largest part of each
    // ---- UB ----
    uint64_t maxOutRows;            // the most gradOut rows one band's span holds (S)
    uint64_t rowPad;                // UB stride of one row: inRow rounded up to 32 B of the io dtype
    uint64_t outPlanesPerLoad;      // gradOut (slab, od) planes per DMA (> 1 only when S == outH)
    uint64_t planesPerWrite;        // gradIn band-planes per DMA (> 1 only with one band)
    uint64_t wTaps;                 // most gradOut columns (x fold) any gradIn column sums (K_w)
    uint64_t wTableRows;            // rows one W Gather covers (the table is replicated this often)
    uint64_t wMaskFrom;             // first W pass that holds padding entries (they are masked to 0)
    uint64_t hTaps;                 // most gradOut rows any gradIn row sums (K_h)
    uint64_t hGather;               // 1: H as hTaps Gather passes with per-unit tables; 0: Axpy per row
    uint64_t hPlanesPerPass;        // hGather: gradOut planes one H Gather pass covers (the per-unit
                                    // tables replicated this often); 1 otherwise
    uint64_t compact;               // 1 (310P, rowPad != inRow): emitted band-planes are packed by a
                                    //    Gather before the write; 910B writes padded rows as they are
                                    //    (DataCopyPad, one block per row)
    uint64_t tablesOnDevice;        // 1: tiny problem, the kernel writes the W and compaction tables
                                    //    itself (their GM traffic would rival the tensors')
    // ---- workspace (byte offsets from the user workspace start) ----
    uint64_t wTabOffset;            // one row's W tables: offsets u32, weights f32, masks i32, each
                                    // wTaps x rowPad (offsets relative to the gradOut row start)
    uint64_t compactTabOffset;      // planesPerWrite * maxRowsPerBand * inRow u32 byte offsets
    uint64_t workspaceBytes;
};
static_assert(sizeof(TrilinearBackwardTilingData) % 8 == 0, "tiling data is a multiple of 8 bytes");

// ---- balanced partitions: part i of `total` items in `parts` parts ------------------------------
// Sizes differ by at most one (the first total % parts parts are one larger), so the smallest part
// is total / parts: the planner's 310P 32 B write rule holds for every part when it holds for that.
__aicore__ inline uint64_t TriBwdPartStart(uint64_t total, uint64_t parts, uint64_t i)
{
    const uint64_t base = total / parts, extra = total % parts;
    return i * base + (i < extra ? i : extra);
}
__aicore__ inline uint64_t TriBwdPartSize(uint64_t total, uint64_t parts, uint64_t i)
{
    return total / parts + (i < total % parts ? 1 : 0);
}

// ---- UB layout: ONE definition, the kernel allocates exactly these and the planner sums them ----
struct TrilinearBackwardUbLayout {
    uint64_t inQueBytes;     // per buffer, 2 buffers: outPlanesPerLoad gradOut planes (io dtype)
    uint64_t inFloatBytes;   // fp32 copy of one load (16-bit io only)
    uint64_t wTabBytes;      // W offsets, weights, masks: 3 x wTaps x wTableRows x rowPad
    uint64_t wRowsBytes;     // W-pass result: the span rows of every plane of one load
    uint64_t tmpBytes;       // one Gather pass
    uint64_t hTabBytes;      // hGather: offsets, weights, masks (3 x hTaps x hPlanesPerPass bands) + lanes
    uint64_t hRowsBytes;     // H-pass result: hPlanesPerPass bands
    uint64_t accBytes;       // two accumulating gradIn band-planes
    uint64_t stageBytes;     // compact: planesPerWrite padded band-planes (io dtype)
    uint64_t outQueBytes;    // per buffer, 2 buffers: packed band-planes + one 32 B tail block
    uint64_t compactTabBytes;
    uint64_t tailTabBytes;   // 310P: byte offsets of one 32 B tail block
    uint64_t total;
};

__aicore__ inline TrilinearBackwardUbLayout TrilinearBackwardLayout(const TrilinearBackwardTilingData& t)
{
    TrilinearBackwardUbLayout l{};
    const uint64_t es = ai::DTypeBytes(static_cast<uint32_t>(t.ioDtype));
    const uint64_t blk = 32 / es;
    const uint64_t band = t.maxRowsPerBand * t.rowPad;
    const uint64_t load = t.outPlanesPerLoad * t.maxOutRows * t.outRow;
    const uint64_t written = t.planesPerWrite * t.maxRowsPerBand * (t.compact ? t.inRow : t.rowPad);
    const uint64_t wBatch = t.wTableRows * t.rowPad;
    l.inQueBytes = TriRoundUp(TriRoundUp(load, blk) * es, 32);
    l.inFloatBytes = es == 4 ? 0 : TriRoundUp(load, blk) * 4;
    l.wTabBytes = 3 * t.wTaps * wBatch * 4;
    const uint64_t hBatch = t.hPlanesPerPass * band;
    l.wRowsBytes = t.outPlanesPerLoad * t.maxOutRows * t.rowPad * 4;
    l.tmpBytes = (t.hGather && hBatch > wBatch ? hBatch : wBatch) * 4;
    l.hTabBytes = t.hGather ? (3 * t.hTaps * hBatch + t.rowPad) * 4 : 0;
    l.hRowsBytes = hBatch * 4;
    l.accBytes = 2 * band * 4;
    l.stageBytes = t.compact ? TriRoundUp(t.planesPerWrite * band * es, 32) : 0;
    l.outQueBytes = TriRoundUp((TriRoundUp(written, blk) + blk) * es, 32);
    l.compactTabBytes = t.compact ? TriRoundUp(written, 8) * 4 : 0;
    l.tailTabBytes = 64;
    l.total = 2 * l.inQueBytes + l.inFloatBytes + l.wTabBytes + l.wRowsBytes + l.tmpBytes + l.hTabBytes +
              l.hRowsBytes + l.accBytes + l.stageBytes + 2 * l.outQueBytes + l.compactTabBytes + l.tailTabBytes;
    return l;
}

}  // namespace tri
