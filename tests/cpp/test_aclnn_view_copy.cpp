// The view_copy kernel (op_kernel/view_copy.cpp) launched directly on the sim with plans from
// op_host/view_copy_tiling.cpp: gather and scatter, element sizes 1/2/4/8, all three paths (rows,
// element-wise through UB, scalar and DMA rows on SoCs without DataCopyPad), multi-core splits,
// untouched gaps.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "ascend_sim/launch.h"
#include "ascend_sim/soc.h"
#include "platform.h"
#include "view_copy_launch.h"
#include "view_copy_tiling.h"
#include "view_copy_tiling_data.h"

namespace {

struct Case {
    std::vector<int64_t> shape;    // iteration order
    std::vector<int64_t> strides;  // of the strided side
    uint32_t elemBytes;
};

// Element offset (in the strided buffer) of every element, in iteration order.
std::vector<int64_t> StridedOffsets(const Case& c)
{
    int64_t numel = 1;
    for (int64_t d : c.shape) numel *= d;
    std::vector<int64_t> offs(numel);
    for (int64_t i = 0; i < numel; ++i) {
        int64_t rest = i, off = 0;
        for (size_t d = c.shape.size(); d-- > 0;) {
            off += (rest % c.shape[d]) * c.strides[d];
            rest /= c.shape[d];
        }
        offs[i] = off;
    }
    return offs;
}

int64_t Span(const std::vector<int64_t>& offs)
{
    int64_t m = 0;
    for (int64_t o : offs) m = std::max(m, o);
    return m + 1;
}

uint8_t Byte(int64_t elem, uint32_t b) { return static_cast<uint8_t>((elem * 37 + b * 11 + 5) & 0xff); }

void RunBothDirections(const Case& c, uint64_t expectPath, bool withScatter = true)
{
    const ai::PlatformInfo platform = ai::api::PlatformOf(ascend_sim::ActiveSoc());
    const std::vector<int64_t> offs = StridedOffsets(c);
    const int64_t numel = static_cast<int64_t>(offs.size());
    const int64_t span = Span(offs);
    const uint32_t eb = c.elemBytes;

    // gather: strided -> contiguous
    {
        ai::KernelPlan plan;
        std::string err;
        ASSERT_TRUE(ai::PlanViewCopy(c.shape, c.strides, eb, false, platform, &plan, &err)) << err;
        ai::ViewCopyTilingData vt;
        std::memcpy(&vt, plan.tiling.data(), sizeof(vt));
        EXPECT_EQ(vt.path, expectPath);
        EXPECT_EQ(vt.elemBytes, eb);
        std::vector<uint8_t> src(span * eb), dst(numel * eb, 0xEE);
        for (int64_t i = 0; i < span; ++i)
            for (uint32_t b = 0; b < eb; ++b) src[i * eb + b] = Byte(i, b);
        ASSERT_EQ(LaunchViewCopyKernel({plan.blockDim, nullptr, src.data(), src.size(), dst.data(), dst.size(), nullptr, 0,
                                        plan.tiling.data(), plan.tiling.size()}),
                  0)
            << ascend_sim::LastError();
        for (int64_t i = 0; i < numel; ++i)
            for (uint32_t b = 0; b < eb; ++b) ASSERT_EQ(dst[i * eb + b], Byte(offs[i], b)) << "gather element " << i;
    }
    // scatter: contiguous -> strided; elements of the strided buffer outside the view stay untouched
    if (withScatter) {
        ai::KernelPlan plan;
        std::string err;
        ASSERT_TRUE(ai::PlanViewCopy(c.shape, c.strides, eb, true, platform, &plan, &err)) << err;
        ai::ViewCopyTilingData vt;
        std::memcpy(&vt, plan.tiling.data(), sizeof(vt));
        EXPECT_EQ(vt.path, expectPath);
        EXPECT_EQ(vt.elemBytes, eb);
        std::vector<uint8_t> src(numel * eb), dst(span * eb, 0xEE);
        for (int64_t i = 0; i < numel; ++i)
            for (uint32_t b = 0; b < eb; ++b) src[i * eb + b] = Byte(i, b);
        ASSERT_EQ(LaunchViewCopyKernel({plan.blockDim, nullptr, src.data(), src.size(), dst.data(), dst.size(), nullptr, 0,
                                        plan.tiling.data(), plan.tiling.size()}),
                  0)
            << ascend_sim::LastError();
        std::vector<bool> inView(span, false);
        for (int64_t i = 0; i < numel; ++i) {
            inView[offs[i]] = true;
            for (uint32_t b = 0; b < eb; ++b) ASSERT_EQ(dst[offs[i] * eb + b], Byte(i, b)) << "scatter element " << i;
        }
        for (int64_t o = 0; o < span; ++o) {
            if (inView[o]) continue;
            for (uint32_t b = 0; b < eb; ++b) ASSERT_EQ(dst[o * eb + b], 0xEE) << "gap " << o << " written";
        }
    }
}

class ViewCopy : public ::testing::Test {
protected:
    void SetUp() override { ascend_sim::SetActiveSoc("ascend910b"); }  // path expectations are 910B's
    void TearDown() override { ascend_sim::SetActiveSoc("ascend910b"); }
};

TEST_F(ViewCopy, RowsPathAllElementSizes)
{
    for (uint32_t eb : {1u, 2u, 4u, 8u}) {
        SCOPED_TRACE(eb);
        RunBothDirections({{3, 4, 37}, {4 * 40, 40, 1}, eb}, ai::VIEW_COPY_PATH_ROWS);  // padded rows
    }
}

TEST_F(ViewCopy, RowsPathLongRowsChunkedAndSplitOverCores)
{
    // rows longer than one UB chunk (32 KiB) and enough bytes to use several cores
    RunBothDirections({{6, 20000}, {20011, 1}, 4}, ai::VIEW_COPY_PATH_ROWS);
}

TEST_F(ViewCopy, InnerStridePaths)
{
    // 1-byte elements: element-wise; 2/4-byte: one element per UB block (BLOCKS)
    RunBothDirections({{2, 3, 5}, {1, 2, 6}, 1}, ai::VIEW_COPY_PATH_ELEMENTS);  // transposed storage
    RunBothDirections({{4, 9}, {30, 3}, 1}, ai::VIEW_COPY_PATH_ELEMENTS);       // inner stride 3
    for (uint32_t eb : {2u, 4u}) {
        SCOPED_TRACE(eb);
        RunBothDirections({{2, 3, 5}, {1, 2, 6}, eb}, ai::VIEW_COPY_PATH_BLOCKS);
        RunBothDirections({{4, 9}, {30, 3}, eb}, ai::VIEW_COPY_PATH_BLOCKS);
        RunBothDirections({{3, 5000}, {10007, 2}, eb}, ai::VIEW_COPY_PATH_BLOCKS);  // chunks of <= 4095
    }
}

TEST_F(ViewCopy, BroadcastInputGoesElementWise)
{
    // stride 0 (an expanded input): gathered element by element (outputs with stride 0 are rejected by the API)
    RunBothDirections({{3, 4}, {1, 0}, 4}, ai::VIEW_COPY_PATH_ELEMENTS, false);
}

TEST_F(ViewCopy, ChannelsLastGatherOfAnNcdhwViewIsABatchedTranspose)
{
    // NCDHW view of NDHWC storage, iterated in NCDHW order: (N, C, DHW) with strides (DHWC, 1, C).
    const int64_t N = 2, C = 3, D = 2, H = 3, W = 4;
    for (uint32_t eb : {2u, 4u}) {
        SCOPED_TRACE(eb);
        RunBothDirections({{N, C, D, H, W}, {D * H * W * C, 1, H * W * C, W * C, C}, eb},
                          ai::VIEW_COPY_PATH_TRANSPOSE);
    }
    // 1-byte elements have no Gather: element-wise
    RunBothDirections({{N, C, D, H, W}, {D * H * W * C, 1, H * W * C, W * C, C}, 1}, ai::VIEW_COPY_PATH_ELEMENTS);
}

TEST_F(ViewCopy, TransposeTilesColumnsRowBlocksAndPaddedRows)
{
    // many columns (tails in the column tiles), several cores
    RunBothDirections({{3, 37, 3001}, {37 * 3001, 1, 37}, 4}, ai::VIEW_COPY_PATH_TRANSPOSE);
    // NCDHW storage read in NDHWC order: R = DHW = 5000 rows > 4095 -> row blocks; Q = C = 3
    RunBothDirections({{2, 5000, 3}, {15000, 1, 5000}, 2}, ai::VIEW_COPY_PATH_TRANSPOSE);
    // source rows padded (stride 40 for 33 used elements), with an offset batch stride
    RunBothDirections({{2, 33, 50}, {2100, 1, 40}, 4}, ai::VIEW_COPY_PATH_TRANSPOSE);
}

TEST_F(ViewCopy, MergeableDimsBecomeOneRow)
{
    const ai::PlatformInfo platform = ai::api::PlatformOf(ascend_sim::ActiveSoc());
    ai::KernelPlan plan;
    std::string err;
    // dims (2, 3, 4) with strides (24, 4, 1) inside a (2, 6, 4) buffer: the inner two merge into rows of 12
    ASSERT_TRUE(ai::PlanViewCopy({2, 3, 4}, {24, 4, 1}, 4, false, platform, &plan, &err)) << err;
    ai::ViewCopyTilingData t;
    std::memcpy(&t, plan.tiling.data(), sizeof(t));
    EXPECT_EQ(t.rowLength, 12u);
    EXPECT_EQ(t.rowCount, 2u);
    RunBothDirections({{2, 3, 4}, {24, 4, 1}, 4}, ai::VIEW_COPY_PATH_ROWS);
}

TEST_F(ViewCopy, ScalarPathOn310p)
{
    if (!ascend_sim::SetActiveSoc("ascend310p")) GTEST_SKIP() << "no ascend310p profile";
    ASSERT_FALSE(ascend_sim::ActiveSoc().hasDataCopyPad);
    for (uint32_t eb : {1u, 2u, 4u}) {
        SCOPED_TRACE(eb);
        RunBothDirections({{3, 4, 7}, {4 * 9, 9, 1}, eb}, ai::VIEW_COPY_PATH_SCALAR);
        RunBothDirections({{2, 3, 5}, {1, 2, 6}, eb}, ai::VIEW_COPY_PATH_SCALAR);
    }
}

uint32_t PlannedBlockDim(const Case& c, bool scatter)
{
    ai::KernelPlan plan;
    std::string err;
    EXPECT_TRUE(ai::PlanViewCopy(c.shape, c.strides, c.elemBytes, scatter, ai::api::PlatformOf(ascend_sim::ActiveSoc()),
                                 &plan, &err))
        << err;
    return plan.blockDim;
}

ai::ViewCopyTilingData PlannedTiling(const Case& c, bool scatter)
{
    ai::KernelPlan plan;
    std::string err;
    EXPECT_TRUE(ai::PlanViewCopy(c.shape, c.strides, c.elemBytes, scatter, ai::api::PlatformOf(ascend_sim::ActiveSoc()),
                                 &plan, &err))
        << err;
    ai::ViewCopyTilingData t;
    std::memcpy(&t, plan.tiling.data(), sizeof(t));
    return t;
}

// 310P, unit innermost stride and rows of >= 32 B: 32 B-multiple DataCopy (the sim rejects DataCopyPad
// there, checks GM bounds on the tight spans and cross-core writes); scatter leaves the gaps alone.
TEST_F(ViewCopy, DmaRowsPathOn310p)
{
    if (!ascend_sim::SetActiveSoc("ascend310p")) GTEST_SKIP() << "no ascend310p profile";
    for (uint32_t eb : {1u, 2u, 4u, 8u}) {
        SCOPED_TRACE(eb);
        // rows of 37 elements (37 * eb bytes: never a 32 B multiple), padded to 40, with a gap dim
        RunBothDirections({{3, 4, 37}, {4 * 40 + 3, 40, 1}, eb}, ai::VIEW_COPY_PATH_DMA_ROWS);
        // rows of exactly one block, stride one element more
        RunBothDirections({{5, 32 / eb}, {32 / eb + 1, 1}, eb}, ai::VIEW_COPY_PATH_DMA_ROWS);
        // column slice x[:, 3:3+L] of a (7, 101) tensor, starting at an odd element
        RunBothDirections({{7, 64 / eb + 1}, {101, 1}, eb}, ai::VIEW_COPY_PATH_DMA_ROWS);
        EXPECT_EQ(PlannedBlockDim({{7, 64 / eb + 1}, {101, 1}, eb}, true), 1u);
    }
    // rows under 32 B and non-unit strides stay scalar
    RunBothDirections({{3, 7}, {9, 1}, 4}, ai::VIEW_COPY_PATH_SCALAR);
    RunBothDirections({{3, 16}, {40, 2}, 4}, ai::VIEW_COPY_PATH_SCALAR);
}

TEST_F(ViewCopy, DmaRowsPathLongRowsOn310p)
{
    if (!ascend_sim::SetActiveSoc("ascend310p")) GTEST_SKIP() << "no ascend310p profile";
    // 32 KiB chunks (8192 fp32); a last chunk of 3 elements (< one block) joins the one before
    const Case ragged{{6, 2 * 8192 + 3}, {16400, 1}, 4};
    const ai::ViewCopyTilingData rt = PlannedTiling(ragged, false);
    EXPECT_EQ(rt.rowBlock, 2u);
    EXPECT_EQ(rt.rowCount, 12u);
    EXPECT_EQ(PlannedBlockDim(ragged, false), 1u);  // rows not 32 B multiples: one core
    RunBothDirections(ragged, ai::VIEW_COPY_PATH_DMA_ROWS);
    // rows of 32 B multiples: the gather splits over cores (every unit is whole blocks of the dense side),
    // the scatter stays on one core
    const Case aligned{{6, 2 * 8192 + 16}, {16500, 1}, 4};
    EXPECT_EQ(PlannedTiling(aligned, false).rowBlock, 3u);
    EXPECT_GT(PlannedBlockDim(aligned, false), 1u);
    EXPECT_EQ(PlannedBlockDim(aligned, true), 1u);
    RunBothDirections(aligned, ai::VIEW_COPY_PATH_DMA_ROWS);
    // 1-byte rows of 32 KiB + 31: the tail block reaches back into the long chunk
    RunBothDirections({{3, 32768 + 31}, {32768 + 40, 1}, 1}, ai::VIEW_COPY_PATH_DMA_ROWS);
}

TEST_F(ViewCopy, EmptyViewPlansNothing)
{
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanViewCopy({3, 0, 2}, {0, 2, 1}, 4, false, ai::api::PlatformOf(ascend_sim::ActiveSoc()), &plan, &err));
    EXPECT_EQ(plan.blockDim, 0u);
}

}  // namespace
