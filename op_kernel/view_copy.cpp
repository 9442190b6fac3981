// view_copy: moves the elements of a strided view to or from a contiguous buffer.
//   gather  (scatter == 0): src = strided view, dst = contiguous buffer
//   scatter (scatter == 1): src = contiguous buffer, dst = strided view
// The aclnn layer uses it to stage non-contiguous operands through the workspace; the operator kernels
// only ever see contiguous tensors.  The copy moves bits (T is an unsigned type of the element's size).
//
// Work split: rows (the innermost dimension of the iteration order) are dealt to the cores, base +
// tail.  Paths (the tiling's `path`, see view_copy_tiling_data.h; the kernel dispatches on path and
// element bytes):
//   ROWS      innermost stride 1: each row chunk is one DataCopyPad GM->UB and one UB->GM.
//   ELEMENTS  innermost stride != 1 (1-byte elements, stride 0): the contiguous side moves by DataCopyPad,
//             the strided side element by element with GlobalTensor::GetValue / SetValue via UB.
//   BLOCKS    innermost stride > 1, 2/4-byte elements: one element per 32 B UB block by DataCopyPad
//             (blockCount, byte stride), packed / spread by Gather.
//   DMA_ROWS  SoCs without DataCopyPad (310P), innermost stride 1, rows of >= 32 B: 32 B-multiple
//             DataCopy of each row chunk's whole blocks plus its last 32 B as a tail block
//             (ai::ReadGmRange / ai::WriteGmRange), so no byte outside the chunk is read or written.
//   SCALAR    SoCs without DataCopyPad (310P), other views: GetValue / SetValue on both GM sides.
//   TRANSPOSE a batched transpose (shape[6] has stride 1, shape[7] strides over whole segments, e.g. an
//             NDHWC tensor read in NCDHW order), both directions: a tile comes in by one DataCopyPad,
//             Gather reorders it in UB, one DataCopyPad writes it out.
// Paths that write GM with SetValue run on one core (the host planner sets blockDim = 1): scalar GM
// writes go through a per-core data cache with 64-byte lines.  Every path but SCALAR uses
// DataCopyPad, so a 310P build holds only SCALAR and DMA_ROWS.
#include "kernel_operator.h"
#include "kernel_common.h"
#include "view_copy_tiling_data.h"

using namespace AscendC;

namespace {

template <typename T>
class ViewCopy {
public:
    __aicore__ inline void Init(GM_ADDR src, GM_ADDR dst, const ai::ViewCopyTilingData& tiling)
    {
        t_ = tiling;
        srcGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(src));
        dstGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(dst));
        const uint64_t block = static_cast<uint64_t>(GetBlockIdx());
        firstRow_ = block * t_.rowsPerCore + (block < t_.tailRows ? block : t_.tailRows);
        rowCount_ = t_.rowsPerCore + (block < t_.tailRows ? 1 : 0);
    }

    __aicore__ inline void ProcessRows()
    {
        pipe_.InitBuffer(buf_, static_cast<uint32_t>(t_.chunkLength * sizeof(T)));
        LocalTensor<T> ub = buf_.Get<T>();
        DataCopyPadExtParams<T> noPad;
        const uint64_t chunks = (t_.rowLength + t_.chunkLength - 1) / t_.chunkLength;
        for (uint64_t u = 0; u < rowCount_; ++u) {  // units: (row, chunk)
            const uint64_t row = (firstRow_ + u) / chunks;
            const uint64_t c = ((firstRow_ + u) % chunks) * t_.chunkLength;
            const uint64_t strided = StridedRowOffset(row);
            const uint64_t dense = row * t_.rowLength;
            {
                const uint64_t n = (t_.rowLength - c < t_.chunkLength) ? t_.rowLength - c : t_.chunkLength;
                DataCopyExtParams params(1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0);
                const uint64_t from = t_.scatter ? dense + c : strided + c;
                const uint64_t to = t_.scatter ? strided + c : dense + c;
                DataCopyPad(ub, srcGm_[from], params, noPad);
                ai::Sync<HardEvent::MTE2_MTE3>();
                DataCopyPad(dstGm_[to], ub, params);
                ai::Sync<HardEvent::MTE3_MTE2>();  // the next chunk overwrites ub
            }
        }
    }

    __aicore__ inline void ProcessElements()
    {
        pipe_.InitBuffer(buf_, static_cast<uint32_t>(t_.chunkLength * sizeof(T)));
        LocalTensor<T> ub = buf_.Get<T>();
        DataCopyPadExtParams<T> noPad;
        const int64_t inner = t_.stride[ai::VIEW_COPY_MAX_DIMS - 1];
        const uint64_t chunks = (t_.rowLength + t_.chunkLength - 1) / t_.chunkLength;
        for (uint64_t u = 0; u < rowCount_; ++u) {  // units: (row, chunk)
            const uint64_t row = (firstRow_ + u) / chunks;
            const uint64_t c = ((firstRow_ + u) % chunks) * t_.chunkLength;
            const uint64_t strided = StridedRowOffset(row);
            const uint64_t dense = row * t_.rowLength;
            {
                const uint64_t n = (t_.rowLength - c < t_.chunkLength) ? t_.rowLength - c : t_.chunkLength;
                DataCopyExtParams params(1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0);
                if (t_.scatter == 0) {
                    for (uint64_t i = 0; i < n; ++i) {
                        ub.SetValue(static_cast<uint32_t>(i), srcGm_.GetValue(strided + (c + i) * inner));
                    }
                    ai::Sync<HardEvent::S_MTE3>();
                    DataCopyPad(dstGm_[dense + c], ub, params);
                    ai::Sync<HardEvent::MTE3_S>();  // the next chunk's SetValue overwrites ub
                } else {
                    DataCopyPad(ub, srcGm_[dense + c], params, noPad);
                    ai::Sync<HardEvent::MTE2_S>();
                    for (uint64_t i = 0; i < n; ++i) {
                        dstGm_.SetValue(strided + (c + i) * inner, ub.GetValue(static_cast<uint32_t>(i)));
                    }
                    ai::Sync<HardEvent::S_MTE2>();  // the next chunk's DataCopyPad overwrites ub
                }
            }
        }
        if (t_.scatter != 0) DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(dstGm_);
    }

    __aicore__ inline void ProcessScalar()
    {
        const int64_t inner = t_.stride[ai::VIEW_COPY_MAX_DIMS - 1];
        for (uint64_t r = 0; r < rowCount_; ++r) {
            const uint64_t row = firstRow_ + r;
            const uint64_t strided = StridedRowOffset(row);
            const uint64_t dense = row * t_.rowLength;
            for (uint64_t i = 0; i < t_.rowLength; ++i) {
                if (t_.scatter == 0) {
                    dstGm_.SetValue(dense + i, srcGm_.GetValue(strided + i * inner));
                } else {
                    dstGm_.SetValue(strided + i * inner, srcGm_.GetValue(dense + i));
                }
            }
        }
        DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(dstGm_);
    }

    // 310P, innermost stride 1, rows >= 32 B.  Unit (row, chunk) = [s, s + n) on both sides, n >= one
    // block (the host joins a row's last chunk under 32 B to the one before; rowBlock = chunks per row).
    // Both reads lie inside the range (total = s + n, so ReadGmRange reads in place, shift 0): its whole
    // blocks to ub[0], its last 32 B to ub[RoundUp(n)], where ai::WriteGmRange takes the tail block
    // from; the write covers [s, s + n) exactly (the tail block re-writes the range's own last bytes).
    __aicore__ inline void ProcessDmaRows()
    {
        const uint64_t blk = ai::GmBlockElems<T>();
        pipe_.InitBuffer(buf_, static_cast<uint32_t>((t_.chunkLength + 2 * blk) * sizeof(T)));
        LocalTensor<T> ub = buf_.Get<T>();
        const uint64_t chunks = t_.rowBlock;
        for (uint64_t u = 0; u < rowCount_; ++u) {  // units: (row, chunk)
            const uint64_t row = (firstRow_ + u) / chunks;
            const uint64_t ci = (firstRow_ + u) % chunks;
            const uint64_t c = ci * t_.chunkLength;
            const uint64_t n = (ci + 1 == chunks) ? t_.rowLength - c : t_.chunkLength;
            const uint64_t strided = StridedRowOffset(row);
            const uint64_t dense = row * t_.rowLength;
            const uint64_t from = t_.scatter ? dense + c : strided + c;
            const uint64_t to = t_.scatter ? strided + c : dense + c;
            const uint64_t whole = n / blk * blk;
            ai::ReadGmRange(ub, srcGm_, from + n, from, whole);
            if (whole != n) ai::ReadGmRange(ub[whole + blk], srcGm_, from + n, from + n - blk, blk);
            ai::Sync<HardEvent::MTE2_MTE3>();
            ai::WriteGmRange(dstGm_, ub, to, n);
            ai::Sync<HardEvent::MTE3_MTE2>();  // the next unit overwrites ub
        }
    }

    // Innermost stride s > 1: each strided element travels alone in a 32 B UB block (DataCopyPad with
    // blockCount = n, blockLen = one element, GM stride (s - 1) elements); Gather packs the blocks into a
    // contiguous chunk (gather) or spreads a contiguous chunk into blocks (scatter).
    __aicore__ inline void ProcessBlocks()
    {
        constexpr uint32_t eb = sizeof(T);
        constexpr uint32_t perBlock = 32 / eb;
        const bool scatter = t_.scatter != 0;
        const uint64_t inner = static_cast<uint64_t>(t_.stride[ai::VIEW_COPY_MAX_DIMS - 1]);
        const uint32_t chunk = static_cast<uint32_t>(t_.chunkLength);
        pipe_.InitBuffer(srcBuf_, chunk * 32);         // one element per block
        pipe_.InitBuffer(buf_, chunk * eb);            // packed
        pipe_.InitBuffer(offsetBuf_, chunk * perBlock * 4);
        LocalTensor<T> blocks = srcBuf_.Get<T>();
        LocalTensor<T> packed = buf_.Get<T>();
        LocalTensor<int32_t> offsets = offsetBuf_.Get<int32_t>();
        if (!scatter) {  // packed[i] = blocks[i * perBlock]
            CreateVecIndex(offsets, static_cast<int32_t>(0), chunk);
            Muls(offsets, offsets, static_cast<int32_t>(32), static_cast<int32_t>(chunk));
        } else {  // blocks[i * perBlock + k] = packed[i]: lines of perBlock entries, line i = i * eb
            Duplicate(offsets, static_cast<int32_t>(0), static_cast<int32_t>(perBlock));
            for (uint32_t k = 1; k < chunk; k *= 2) {
                const uint32_t n = (chunk - k < k) ? chunk - k : k;
                LocalTensor<int32_t> upper = offsets[k * perBlock];
                Adds(upper, offsets, static_cast<int32_t>(k * eb), static_cast<int32_t>(n * perBlock));
            }
        }
        LocalTensor<uint32_t> gatherOffsets = offsets.template ReinterpretCast<uint32_t>();
        DataCopyPadExtParams<T> noPad;
        const uint64_t chunks = (t_.rowLength + chunk - 1) / chunk;
        for (uint64_t u = 0; u < rowCount_; ++u) {  // units: (row, chunk)
            const uint64_t row = (firstRow_ + u) / chunks;
            const uint64_t c = ((firstRow_ + u) % chunks) * chunk;
            const uint64_t strided = StridedRowOffset(row);
            const uint64_t dense = row * t_.rowLength;
            {
                const uint32_t n = static_cast<uint32_t>((t_.rowLength - c < chunk) ? t_.rowLength - c : chunk);
                const uint32_t gap = static_cast<uint32_t>((inner - 1) * eb);
                DataCopyExtParams packedRun(1, n * eb, 0, 0, 0);
                if (!scatter) {
                    DataCopyExtParams spread(static_cast<uint16_t>(n), eb, gap, 0, 0);  // GM gap bytes, UB gap blocks
                    DataCopyPad(blocks, srcGm_[strided + c * inner], spread, noPad);
                    ai::Sync<HardEvent::MTE2_V>();
                    Gather(packed, blocks, gatherOffsets, 0, n);
                    ai::Sync<HardEvent::V_MTE3>();
                    DataCopyPad(dstGm_[dense + c], packed, packedRun);
                } else {
                    DataCopyPad(packed, srcGm_[dense + c], packedRun, noPad);
                    ai::Sync<HardEvent::MTE2_V>();
                    Gather(blocks, packed, gatherOffsets, 0, n * perBlock);
                    ai::Sync<HardEvent::V_MTE3>();
                    DataCopyExtParams spread(static_cast<uint16_t>(n), eb, 0, gap, 0);  // UB gap blocks, GM gap bytes
                    DataCopyPad(dstGm_[strided + c * inner], blocks, spread);
                }
                ai::Sync<HardEvent::MTE3_V>();  // the next Gather overwrites its destination
                ai::Sync<HardEvent::V_MTE2>();  // the next DataCopyPad overwrites the Gather source
            }
        }
    }

    // Batched transpose between the strided side, where a tile is `n` segments of `m` elements (stride 1)
    // `rowStride` apart, and the contiguous [R, Q] matrix of the batch, where it is `m` rows of `n`.
    // gather: in = n segments -> UB [n][pitch], Gather -> UB [m][tile], out = m rows.
    // scatter: in = m rows -> UB [m][tile], Gather -> UB [n][pitch], out = n segments.
    __aicore__ inline void ProcessTranspose()
    {
        constexpr uint32_t eb = sizeof(T);
        const bool scatter = t_.scatter != 0;
        const uint64_t rows = static_cast<uint64_t>(t_.shape[ai::VIEW_COPY_MAX_DIMS - 2]);       // R, stride 1
        const uint64_t rowStride = static_cast<uint64_t>(t_.stride[ai::VIEW_COPY_MAX_DIMS - 1]);  // S
        const uint64_t cols = t_.rowLength;                                                       // Q
        const uint32_t tile = static_cast<uint32_t>(t_.chunkLength);
        const uint32_t block = static_cast<uint32_t>(t_.rowBlock);
        const uint32_t pitch = (block * eb + 31) / 32 * 32 / eb;  // a segment in UB, 32 B padded
        pipe_.InitBuffer(srcBuf_, tile * pitch * eb);
        pipe_.InitBuffer(buf_, tile * pitch * eb);
        pipe_.InitBuffer(offsetBuf_, tile * pitch * 4);
        LocalTensor<T> in = srcBuf_.Get<T>();
        LocalTensor<T> out = buf_.Get<T>();
        LocalTensor<int32_t> offsets = offsetBuf_.Get<int32_t>();
        // Gather offsets in bytes, built once per core as `lines` lines of `lineLength`:
        //   gather:  out[r * tile + q] = in[q * pitch + r]   (lines r, entries q)
        //   scatter: out[q * pitch + r] = in[r * tile + q]   (lines q, entries r)
        // line 0 by CreateVecIndex + Muls, then lines [k, 2k) = lines [0, k) + k * eb.
        const uint32_t lines = scatter ? tile : block;
        const uint32_t lineLength = scatter ? pitch : tile;
        const uint32_t step = (scatter ? tile : pitch) * eb;
        CreateVecIndex(offsets, static_cast<int32_t>(0), lineLength);
        Muls(offsets, offsets, static_cast<int32_t>(step), static_cast<int32_t>(lineLength));
        for (uint32_t k = 1; k < lines; k *= 2) {
            const uint32_t n = (lines - k < k) ? lines - k : k;
            LocalTensor<int32_t> upper = offsets[k * lineLength];
            Adds(upper, offsets, static_cast<int32_t>(k * eb), static_cast<int32_t>(n * lineLength));
        }
        LocalTensor<uint32_t> gatherOffsets = offsets.template ReinterpretCast<uint32_t>();
        DataCopyPadExtParams<T> noPad;
        const uint64_t colTiles = (cols + tile - 1) / tile;
        const uint64_t rowBlocks = (rows + block - 1) / block;
        for (uint64_t u = 0; u < rowCount_; ++u) {
            uint64_t unit = firstRow_ + u;
            const uint64_t q0 = (unit % colTiles) * tile;
            unit /= colTiles;
            const uint64_t r0 = (unit % rowBlocks) * block;
            const uint64_t batch = unit / rowBlocks;
            const uint32_t n = static_cast<uint32_t>((cols - q0 < tile) ? cols - q0 : tile);
            const uint32_t m = static_cast<uint32_t>((rows - r0 < block) ? rows - r0 : block);
            const uint64_t strided = BatchOffset(batch) + q0 * rowStride + r0;
            const uint64_t dense = (batch * rows + r0) * cols + q0;
            // n segments of m elements, UB lines `pitch` apart / m rows of n elements, UB lines `tile` apart
            DataCopyExtParams segments(static_cast<uint16_t>(n), m * eb, static_cast<uint32_t>((rowStride - m) * eb),
                                       pitch * eb / 32 - (m * eb + 31) / 32, 0);
            DataCopyExtParams matrixRows(static_cast<uint16_t>(m), n * eb, static_cast<uint32_t>((cols - n) * eb),
                                         tile * eb / 32 - (n * eb + 31) / 32, 0);
            if (!scatter) {
                DataCopyPad(in, srcGm_[strided], segments, noPad);
            } else {
                DataCopyPad(in, srcGm_[dense], matrixRows, noPad);
            }
            ai::Sync<HardEvent::MTE2_V>();
            Gather(out, in, gatherOffsets, 0, scatter ? tile * pitch : block * tile);
            ai::Sync<HardEvent::V_MTE3>();
            if (!scatter) {  // UB -> GM: srcStride counts UB blocks, dstStride GM bytes
                DataCopyExtParams store(matrixRows.blockCount, matrixRows.blockLen, matrixRows.dstStride,
                                        matrixRows.srcStride, 0);
                DataCopyPad(dstGm_[dense], out, store);
            } else {
                DataCopyExtParams store(segments.blockCount, segments.blockLen, segments.dstStride, segments.srcStride,
                                        0);
                DataCopyPad(dstGm_[strided], out, store);
            }
            ai::Sync<HardEvent::MTE3_V>();  // the next Gather overwrites out
            ai::Sync<HardEvent::V_MTE2>();  // the next DataCopyPad overwrites in
        }
    }

private:
    // Element offset of batch `batch` (dims 0..5) in the strided view (TRANSPOSE path).
    __aicore__ inline uint64_t BatchOffset(uint64_t batch) const
    {
        uint64_t offset = 0;
        for (int d = static_cast<int>(ai::VIEW_COPY_MAX_DIMS) - 3; d >= 0; --d) {
            const uint64_t extent = static_cast<uint64_t>(t_.shape[d]);
            offset += (batch % extent) * static_cast<uint64_t>(t_.stride[d]);
            batch /= extent;
        }
        return offset;
    }

    // Element offset of the first element of row `row` in the strided view.
    __aicore__ inline uint64_t StridedRowOffset(uint64_t row) const
    {
        uint64_t offset = 0;
        for (int d = static_cast<int>(ai::VIEW_COPY_MAX_DIMS) - 2; d >= 0; --d) {
            const uint64_t extent = static_cast<uint64_t>(t_.shape[d]);
            offset += (row % extent) * static_cast<uint64_t>(t_.stride[d]);
            row /= extent;
        }
        return offset;
    }

    TPipe pipe_;
    TBuf<TPosition::VECCALC> buf_;
    TBuf<TPosition::VECCALC> srcBuf_;
    TBuf<TPosition::VECCALC> offsetBuf_;
    GlobalTensor<T> srcGm_;
    GlobalTensor<T> dstGm_;
    ai::ViewCopyTilingData t_;
    uint64_t firstRow_ = 0;
    uint64_t rowCount_ = 0;
};

template <typename T>
__aicore__ inline void RunViewCopy(GM_ADDR src, GM_ADDR dst, const ai::ViewCopyTilingData& tiling)
{
    constexpr bool kGatherable = sizeof(T) == 2 || sizeof(T) == 4;  // Gather moves 2/4-byte types
    ViewCopy<T> op;
    op.Init(src, dst, tiling);
    const uint64_t path = tiling.path;
    if (path == ai::VIEW_COPY_PATH_SCALAR) {
        op.ProcessScalar();
        return;
    }
    if constexpr (!ai::kSocCaps.dataCopyPad) {
        if (path == ai::VIEW_COPY_PATH_DMA_ROWS) {
            op.ProcessDmaRows();
            return;
        }
    }
    if constexpr (ai::kSocCaps.dataCopyPad) {
        if (path == ai::VIEW_COPY_PATH_ROWS) {
            op.ProcessRows();
            return;
        }
        if (path == ai::VIEW_COPY_PATH_ELEMENTS) {
            op.ProcessElements();
            return;
        }
        if constexpr (kGatherable) {
            if (path == ai::VIEW_COPY_PATH_TRANSPOSE) {
                op.ProcessTranspose();
                return;
            }
            if (path == ai::VIEW_COPY_PATH_BLOCKS) {
                op.ProcessBlocks();
                return;
            }
        }
    }
    Trap();  // a path this build (SoC, element size) does not contain
}

}  // namespace

// Kernel entry (direct-call flow, docs/npu.md): the tiling by value; dispatch on the element size.
__global__ __aicore__ void view_copy(GM_ADDR src, GM_ADDR dst, GM_ADDR workspace, const ai::ViewCopyTilingData tiling)
{
    AI_KERNEL_TYPE_VECTOR();
    (void)workspace;
    if (tiling.elemBytes == 1) {
        RunViewCopy<uint8_t>(src, dst, tiling);
    } else if (tiling.elemBytes == 2) {
        RunViewCopy<uint16_t>(src, dst, tiling);
    } else if (tiling.elemBytes == 4) {
        RunViewCopy<uint32_t>(src, dst, tiling);
    } else if (tiling.elemBytes == 8) {
        RunViewCopy<uint64_t>(src, dst, tiling);
    } else {
        Trap();
    }
}

// ---- host: the launcher (kernel_launch.h) ----
#include "kernel_launch.h"
#include "view_copy_launch.h"

int AI_KERNEL_LAUNCHER(LaunchViewCopyKernel)(const KernelLaunchArgs& a)
{
    ai::ViewCopyTilingData tiling;
    if (!CopyTilingArg(a, &tiling)) return -1;
    return AI_LAUNCH_KERNEL(view_copy, a.blockDim, a.stream, AI_GM(a.x, a.xBytes, "src"), AI_GM(a.y, a.yBytes, "dst"),
                            AI_GM(a.workspace, a.workspaceBytes, "workspace"), tiling);
}
