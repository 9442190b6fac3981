// Host tiling of the view_copy kernel (view_copy_tiling.h).
#include "view_copy_tiling.h"

#include <algorithm>

#include "tiling_common.h"
#include "view_copy_tiling_data.h"

namespace ai {

namespace {
constexpr uint64_t kChunkBytesMax = 32 * 1024;    // one UB buffer; far below every SoC's UB
constexpr uint64_t kMinBytesPerCore = 16 * 1024;  // below this, another core costs more than it saves
constexpr uint64_t kTransposeUbBudget = 96 * 1024; // UB of the Gather paths (tiles + offsets)
constexpr uint64_t kMaxBlockCount = 4095;          // DataCopyPad blockCount limit

// TRANSPOSE tiles: `tile` columns of shape[7] x `rowBlock` rows of shape[6]; false if the path does not
// apply (UB: two tile buffers of tile x padded rowBlock elements + int32 Gather offsets).
bool TransposeTiles(const ViewCopyTilingData& t, const PlatformInfo& platform, uint64_t* tile,
                    uint64_t* rowBlock)
{
    const uint64_t eb = t.elemBytes;
    const uint64_t rows = static_cast<uint64_t>(t.shape[VIEW_COPY_MAX_DIMS - 2]);       // R, stride 1
    const uint64_t rowStride = static_cast<uint64_t>(t.stride[VIEW_COPY_MAX_DIMS - 1]);  // S
    const uint64_t cols = t.rowLength;                                                   // Q
    if (!platform.hasDataCopyPad || (eb != 2 && eb != 4)) return false;
    if (t.stride[VIEW_COPY_MAX_DIMS - 2] != 1 || rowStride < rows || rows < 2) return false;
    if (rowStride * eb >= (1ull << 32) || cols * eb >= (1ull << 32)) return false;
    const uint64_t align = 32 / eb;
    const uint64_t budget = std::min<uint64_t>(kTransposeUbBudget, platform.ubBytes / 2);
    auto padded = [&](uint64_t n) { return (n + align - 1) / align * align; };
    auto ubBytes = [&](uint64_t tl, uint64_t rb) { return tl * padded(rb) * (2 * eb + 4); };
    uint64_t rb = std::min<uint64_t>(rows, kMaxBlockCount / align * align);
    uint64_t tl = std::min<uint64_t>(padded(cols), kMaxBlockCount / align * align);
    while (ubBytes(tl, rb) > budget && tl > align) tl = std::max<uint64_t>(align, tl / 2 / align * align);
    while (ubBytes(tl, rb) > budget && rb > align) rb = std::max<uint64_t>(align, rb / 2 / align * align);
    if (ubBytes(tl, rb) > budget) return false;
    *tile = tl;
    *rowBlock = rb;
    return true;
}
// Drops size-1 dims and merges neighbours that are contiguous with each other (stride[i] ==
// stride[i+1] * shape[i+1]), so rows are as long as possible; one dim of 1 when nothing is left.
void MergeDims(const std::vector<int64_t>& shapeIn, const std::vector<int64_t>& stridesIn, std::vector<int64_t>* shape,
               std::vector<int64_t>* strides)
{
    for (size_t i = 0; i < shapeIn.size(); ++i) {
        if (shapeIn[i] == 1) continue;
        if (!shape->empty() && strides->back() == stridesIn[i] * shapeIn[i]) {
            shape->back() *= shapeIn[i];
            strides->back() = stridesIn[i];
        } else {
            shape->push_back(shapeIn[i]);
            strides->push_back(stridesIn[i]);
        }
    }
    if (shape->empty()) {
        shape->push_back(1);
        strides->push_back(1);
    }
}

// The merged dims right-aligned into the tiling's VIEW_COPY_MAX_DIMS slots, rows of the last one.
ViewCopyTilingData EncodeDims(const std::vector<int64_t>& shape, const std::vector<int64_t>& strides, uint64_t numel,
                              uint32_t elemBytes, bool scatter)
{
    ViewCopyTilingData t;
    std::memset(&t, 0, sizeof(t));
    const size_t pad = VIEW_COPY_MAX_DIMS - shape.size();
    for (size_t i = 0; i < VIEW_COPY_MAX_DIMS; ++i) {
        t.shape[i] = i < pad ? 1 : shape[i - pad];
        t.stride[i] = i < pad ? 0 : strides[i - pad];
    }
    t.rowLength = static_cast<uint64_t>(t.shape[VIEW_COPY_MAX_DIMS - 1]);
    t.rowCount = numel / t.rowLength;
    t.elemBytes = elemBytes;
    t.scatter = scatter ? 1 : 0;
    const uint64_t rowBytes32 = (t.rowLength * elemBytes + 31) / 32 * 32;
    t.chunkLength = std::min<uint64_t>(rowBytes32, kChunkBytesMax) / elemBytes;
    return t;
}

// BLOCKS chunk: n blocks of 32 B + n packed elements + Gather offsets (n x 32/eb int32 when spreading).
uint64_t BlocksChunkLength(const ViewCopyTilingData& t, const PlatformInfo& platform)
{
    const uint64_t elemBytes = t.elemBytes;
    const uint64_t perElement = 32 + elemBytes + (32 / elemBytes) * 4;
    const uint64_t byUb = std::min<uint64_t>(kTransposeUbBudget, platform.ubBytes / 2) / perElement;
    const uint64_t align = 32 / elemBytes;
    uint64_t chunk = std::min<uint64_t>(byUb, kMaxBlockCount) / align * align;
    chunk = std::min<uint64_t>(chunk, (t.rowLength + align - 1) / align * align);
    return std::max<uint64_t>(chunk, align);
}

// The kernel path for the view and its work units (t->rowCount): without DataCopyPad DMA_ROWS for
// unit-stride rows of >= 32 B, else SCALAR; with it ROWS for
// unit-stride rows, TRANSPOSE when its tiles fit, BLOCKS for strided 2/4-byte rows, else ELEMENTS.
uint64_t ChoosePath(const PlatformInfo& platform, ViewCopyTilingData* t)
{
    const uint64_t elemBytes = t->elemBytes;
    const int64_t innerStride = t->stride[VIEW_COPY_MAX_DIMS - 1];
    uint64_t tile = 0, rowBlock = 0;
    uint64_t path;
    if (!platform.hasDataCopyPad) {
        // 32 B-multiple DataCopy needs rows of at least one block (the tail block is the row's last 32 B)
        if (innerStride == 1 && t->rowLength * elemBytes >= 32) {
            path = VIEW_COPY_PATH_DMA_ROWS;
            const uint64_t blk = 32 / elemBytes;
            uint64_t chunks = (t->rowLength + t->chunkLength - 1) / t->chunkLength;
            if (chunks > 1 && t->rowLength - (chunks - 1) * t->chunkLength < blk) --chunks;
            t->rowBlock = chunks;
            t->rowCount *= chunks;
        } else {
            path = VIEW_COPY_PATH_SCALAR;
        }
    } else if (innerStride == 1) {
        path = VIEW_COPY_PATH_ROWS;
    } else if (TransposeTiles(*t, platform, &tile, &rowBlock)) {
        path = VIEW_COPY_PATH_TRANSPOSE;
        const uint64_t rows = static_cast<uint64_t>(t->shape[VIEW_COPY_MAX_DIMS - 2]);
        const uint64_t batches = t->rowCount / rows;
        t->chunkLength = tile;
        t->rowBlock = rowBlock;
        // units: batch x row block x column tile
        t->rowCount = batches * ((rows + rowBlock - 1) / rowBlock) * ((t->rowLength + tile - 1) / tile);
    } else if ((elemBytes == 2 || elemBytes == 4) && innerStride > 1 &&
               static_cast<uint64_t>(innerStride) * elemBytes < (1ull << 32)) {
        path = VIEW_COPY_PATH_BLOCKS;
        t->chunkLength = BlocksChunkLength(*t, platform);
    } else {
        path = VIEW_COPY_PATH_ELEMENTS;
    }
    // Work units: (row, chunk) pairs for the chunked paths, so long rows spread over cores too
    // (TRANSPOSE counted its tiles above; SCALAR works on whole rows).
    if (path == VIEW_COPY_PATH_ROWS || path == VIEW_COPY_PATH_ELEMENTS || path == VIEW_COPY_PATH_BLOCKS) {
        t->rowCount *= (t->rowLength + t->chunkLength - 1) / t->chunkLength;
    }
    return path;
}

// Cores for the units.  Scalar GM writes go through each core's data cache (64-byte lines): two
// cores writing into one line would lose data, so every path that writes GM with SetValue runs on
// one core (not TRANSPOSE: DMA writes).  DMA_ROWS writes whole 32 B blocks: several cores only for a
// gather whose rows are 32 B multiples, so every unit's range in the dense buffer (a 512 B-aligned
// workspace region) is whole blocks; a scatter (the strided side's alignment is the caller's) and
// rows of other lengths stay on one core, so no 32 B block gets writes from two cores.
uint64_t ChooseCores(const ViewCopyTilingData& t, uint64_t path, uint64_t numel, const PlatformInfo& platform)
{
    const bool scalarGmWrites = path == VIEW_COPY_PATH_SCALAR || (path == VIEW_COPY_PATH_ELEMENTS && t.scatter);
    if (scalarGmWrites) return 1;
    if (path == VIEW_COPY_PATH_DMA_ROWS && (t.scatter || t.rowLength * t.elemBytes % 32 != 0)) return 1;
    const uint64_t byBytes = std::max<uint64_t>(1, numel * t.elemBytes / kMinBytesPerCore);
    return std::min<uint64_t>({static_cast<uint64_t>(std::max<uint32_t>(platform.coreNum, 1)), t.rowCount, byBytes});
}
}  // namespace

bool PlanViewCopy(const std::vector<int64_t>& shapeIn, const std::vector<int64_t>& stridesIn, uint32_t elemBytes,
                  bool scatter, const PlatformInfo& platform, KernelPlan* plan, std::string* err)
{
    *plan = KernelPlan{};
    if (shapeIn.size() != stridesIn.size() || elemBytes == 0 || elemBytes > 8) {
        *err = "view copy: inconsistent shape/strides or element size";
        return false;
    }
    uint64_t numel = 1;
    for (int64_t d : shapeIn) numel *= static_cast<uint64_t>(d < 0 ? 0 : d);
    if (numel == 0) return true;

    std::vector<int64_t> shape, strides;
    MergeDims(shapeIn, stridesIn, &shape, &strides);
    if (shape.size() > VIEW_COPY_MAX_DIMS) {
        *err = "view copy: more than 8 non-mergeable dimensions";
        return false;
    }
    ViewCopyTilingData t = EncodeDims(shape, strides, numel, elemBytes, scatter);
    const uint64_t path = ChoosePath(platform, &t);
    const uint64_t cores = ChooseCores(t, path, numel, platform);
    t.rowsPerCore = t.rowCount / cores;
    t.tailRows = t.rowCount % cores;
    t.path = static_cast<uint32_t>(path);
    plan->blockDim = static_cast<uint32_t>(cores);
    StoreTiling(t, plan);
    return true;
}

}  // namespace ai
