// Tiling of the view_copy kernel (op_kernel/view_copy.cpp): gathers a strided view into a contiguous
// buffer, or scatters a contiguous buffer into a strided view.  Shared by the host planner
// (op_api/view_copy_plan.cpp) and the kernel; plain data, 8-byte multiple (tiling ABI rule).
#pragma once

#include <stdint.h>

namespace ai {

constexpr uint32_t VIEW_COPY_MAX_DIMS = 8;

// Paths (the kernel dispatches on path and elemBytes).
constexpr uint64_t VIEW_COPY_PATH_ROWS = 1;      // innermost stride 1: whole rows, DataCopyPad GM->UB->GM
constexpr uint64_t VIEW_COPY_PATH_ELEMENTS = 2;  // innermost stride != 1 and no Gather path (1-byte elements,
                                                 // stride 0): element-wise through UB, DataCopyPad on the
                                                 // contiguous side, scalar GM access on the strided side
constexpr uint64_t VIEW_COPY_PATH_SCALAR = 3;    // SoC without DataCopyPad (310P): scalar GM access on both sides
constexpr uint64_t VIEW_COPY_PATH_TRANSPOSE = 4; // batched transpose (the second-innermost dim has stride 1,
                                                 // e.g. an NDHWC tensor read in NCDHW order), both directions:
                                                 // DataCopyPad tiles reordered in UB by Gather; 2/4-byte elements
constexpr uint64_t VIEW_COPY_PATH_BLOCKS = 5;    // innermost stride > 1, 2/4-byte elements: the strided side moves
                                                 // one element per 32 B UB block (DataCopyPad blockCount with a
                                                 // byte stride), Gather packs / spreads them in UB
constexpr uint64_t VIEW_COPY_PATH_DMA_ROWS = 6;  // SoC without DataCopyPad (310P), innermost stride 1, rows of
                                                 // >= 32 B: 32 B-multiple DataCopy per row chunk, the chunk's
                                                 // last 32 B rewritten from a tail block (writes stay inside it)

struct ViewCopyTilingData {
    int64_t shape[VIEW_COPY_MAX_DIMS];   // dims in iteration order (= the contiguous side's row-major
                                         // order), left-padded with 1; shape[7] is the row
    int64_t stride[VIEW_COPY_MAX_DIMS];  // element strides of the strided side, same order
    uint64_t rowCount;                   // work units: product of shape[0..6] rows (TRANSPOSE: batches x tiles)
    uint64_t rowsPerCore;                // units of every core; the first `tailRows` cores take one more
    uint64_t tailRows;
    uint64_t rowLength;                  // shape[7]
    uint64_t chunkLength;                // elements per UB chunk (chunkLength * elemBytes is a 32 B multiple);
                                         // TRANSPOSE: tile width in columns of shape[7]
    uint64_t rowBlock;                   // TRANSPOSE: rows of shape[6] per tile (<= 4095); DMA_ROWS: chunks per
                                         // row (a last chunk under 32 B joins the one before); 0 otherwise
    uint32_t elemBytes;                  // 1, 2, 4 or 8 (the copy moves bits, whatever the dtype)
    uint32_t scatter;                    // 0: strided -> contiguous (gather); 1: contiguous -> strided (scatter)
    uint32_t path;                       // VIEW_COPY_PATH_*
    uint32_t rsv;
};
static_assert(sizeof(ViewCopyTilingData) % 8 == 0, "tiling structs are 8-byte multiples");

}  // namespace ai
