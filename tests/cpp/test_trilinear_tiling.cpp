// ai::PlanUpsampleTrilinear3d is pure and keeps its promises: blockDim <= cores, work split within
// one unit, the kernel's UB layout (TrilinearLayout, the one definition) within the usable UB of
// both SoC profiles for every dtype, workspace exactly the tables it ships, tap tables equal to
// interp_math.h, and the rejections (bf16 on 310P, bad shapes).
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "upsample_trilinear3d_tiling.h"
#include "sim_platforms.h"

namespace {

struct Shape {
    int64_t n, c, inD, inH, inW, outD, outH, outW;
    bool align, channelsLast;
};

const Shape kShapes[] = {
    {1, 16, 32, 64, 64, 64, 128, 128, false, false},  // 2x upscale (benchmark 1)
    {2, 3, 16, 112, 112, 32, 224, 224, false, false}, // benchmark 2
    {1, 1, 8, 8, 8, 64, 64, 64, true, false},         // 8x upscale, align corners
    {1, 8, 64, 128, 128, 32, 64, 64, false, false},   // 2x downscale
    {64, 256, 4, 4, 4, 8, 8, 8, false, false},        // tiny volumes, N*C = 16384
    {1, 1, 2, 2, 2, 4, 4, 4, false, false},           // CANN golden
    {1, 1, 1, 1, 1, 1, 1, 64, false, false},          // 1 -> 64 on W
    {1, 2, 3, 200, 3000, 2, 3, 50, false, false},     // 60x downscale on W and H
    {2, 32, 4, 8, 8, 8, 16, 16, false, true},         // NDHWC
    {1, 3, 5, 7, 9, 5, 7, 9, true, false},            // identity axes
    {3, 1, 1, 1, 1, 1, 1, 1, false, false},           // all size-1
    {1, 1, 7, 33, 65, 13, 67, 131, false, false},     // odd sizes
    {2, 256, 4, 16, 64, 8, 32, 128, false, true},     // NDHWC, rows of 32K elements: W chunks
    {1, 1, 2, 2, 30000, 2, 2, 60000, false, false},   // very wide W: W chunks
    {1, 1, 2, 600, 300, 2, 10, 2, false, false},      // 60x H downscale, 2-wide rows (310P: pair rows)
    {1, 3, 64, 8, 100, 3, 1, 3, false, true},         // planes under 32 B, big input volume
    {1, 150, 2, 5, 40, 3, 4, 75, false, true},        // long rows, not 32 B multiples (310P: row tails)
    {3, 2, 100, 100, 31, 1, 7, 2, false, false},      // outputs under 32 B of big volumes (310P: sparse)
    {8, 128, 5, 7, 7, 10, 14, 14, false, true},       // NDHWC small volumes, many channels: one-row W batches
    {8, 128, 5, 8, 8, 10, 16, 16, false, true},       // ... W chunks of 8 px
    {2, 512, 5, 7, 7, 10, 14, 14, false, true},       // NDHWC, 512 channels: channel chunks
    {2, 4, 12, 15, 13, 18, 21, 20, false, false},     // 310P: runs of whole planes of unaligned rows
};

ai::TrilinearProblem ProblemOf(const Shape& s, ai::DType dt)
{
    ai::TrilinearProblem p;
    p.n = s.n; p.c = s.c;
    p.inD = s.inD; p.inH = s.inH; p.inW = s.inW;
    p.outD = s.outD; p.outH = s.outH; p.outW = s.outW;
    p.alignCorners = s.align;
    p.channelsLast = s.channelsLast;
    p.dtype = dt;
    return p;
}

std::string Name(const Shape& s, ai::DType dt, const ai::PlatformInfo& pl)
{
    char b[200];
    std::snprintf(b, sizeof b, "%s %s (%ld,%ld,%ld,%ld,%ld)->(%ld,%ld,%ld)%s%s", pl.socName.c_str(), ai::DTypeName(dt),
                  long(s.n), long(s.c), long(s.inD), long(s.inH), long(s.inW), long(s.outD), long(s.outH),
                  long(s.outW), s.align ? " align" : "", s.channelsLast ? " NDHWC" : "");
    return b;
}

// The plan of `s` in `dt` on `pl` and its decoded tiling; false (with `err`) when planning fails.
bool PlanOn(const Shape& s, ai::DType dt, const ai::PlatformInfo& pl, ai::KernelPlan* plan,
            tri::UpsampleTrilinear3dTilingData* t, std::string* err)
{
    if (!ai::PlanUpsampleTrilinear3d(ProblemOf(s, dt), pl, plan, err)) return false;
    ai::DecodeTrilinearTiling(*plan, t);
    return true;
}

// One problem on one platform in one dtype: the named cases whose plans a test pins.
struct PlanCase {
    Shape s;
    ai::PlatformInfo pl;
    ai::DType dt;
};

// The plan of `c` (decoded into *t); fails the test when planning fails.
void PlanCaseOn(const PlanCase& c, tri::UpsampleTrilinear3dTilingData* t)
{
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(PlanOn(c.s, c.dt, c.pl, &plan, t, &err)) << Name(c.s, c.dt, c.pl) << err;
}

bool PlanF32On910b(const Shape& s, ai::KernelPlan* plan, tri::UpsampleTrilinear3dTilingData* t, std::string* err)
{
    return PlanOn(s, ai::DType::F32, Ascend910b(), plan, t, err);
}

// Expected workspace: the tables the tiling says it ships, computed from its own fields.
// (none when the kernel builds them; the 310P compaction table is always built by the kernel).
uint64_t ExpectedWorkspace(const tri::UpsampleTrilinear3dTilingData& t)
{
    if (t.tablesOnDevice) return 0;
    uint64_t bytes = 3 * 4 * t.wTabLen * (t.mode == tri::TRI_MODE_ROWS ? t.wChunks : 1);
    if (t.mode == tri::TRI_MODE_VOLUME) bytes += 3 * 4 * (t.hTabLen + t.dTabLen);
    return bytes;
}

// Channel chunks as the kernel's channel-run DMAs take them: NDHWC only, C split evenly into runs
// of whole 32 B blocks, whole unpadded rows, one plane per load and write, a unit's rows of one
// plane within a DMA's 4095 blocks (one per pixel); volume mode never chunks.
void ExpectChannelChunksRunnable(const tri::UpsampleTrilinear3dTilingData& t, const Shape& s, ai::DType dt,
                                 const std::string& what)
{
    ASSERT_GE(t.channelChunks, 1u) << what;
    if (t.channelChunks == 1) return;
    EXPECT_TRUE(s.channelsLast) << what;
    EXPECT_EQ(t.mode, tri::TRI_MODE_ROWS) << what;
    EXPECT_EQ(t.channelFold * t.channelChunks, uint64_t(s.c)) << what;
    EXPECT_EQ(t.slabs, uint64_t(s.n) * t.channelChunks) << what;
    EXPECT_EQ(t.channelFold * ai::DTypeSize(dt) % 32, 0u) << what;
    EXPECT_EQ(t.subRows, 0u) << what;
    EXPECT_EQ(t.pairSlotElems, 0u) << what;
    EXPECT_EQ(t.outRowPad, t.outRow) << what;
    EXPECT_EQ(t.planesPerLoad, 1u) << what;
    EXPECT_EQ(t.planesPerWrite, 1u) << what;
    EXPECT_LE(t.rowsPerChunk * t.outW, 4095u) << what;
    EXPECT_LE(t.maxInRows * t.inW, 4095u) << what;
}

TEST(TrilinearTiling, InvariantsOnEveryShapeDtypeAndSoc)
{
    int planned = 0;
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        for (ai::DType dt : {ai::DType::F32, ai::DType::F16, ai::DType::BF16}) {
            if (dt == ai::DType::BF16 && !pl.hasBf16) continue;
            for (const Shape& s : kShapes) {
                const std::string what = Name(s, dt, pl);
                const ai::TrilinearProblem p = ProblemOf(s, dt);
                ai::KernelPlan plan;
                std::string err;
                ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(p, pl, &plan, &err)) << what << ": " << err;
                ++planned;
                tri::UpsampleTrilinear3dTilingData t;
                ASSERT_TRUE(ai::DecodeTrilinearTiling(plan, &t)) << what;
                // cores
                EXPECT_GE(plan.blockDim, 1u) << what;
                EXPECT_LE(plan.blockDim, pl.coreNum) << what;
                EXPECT_EQ(plan.blockDim, t.blockDim) << what;
                // split: every core gets workBase or workBase + 1 units, all units covered
                EXPECT_EQ(t.workBase * t.blockDim + t.workTail, t.totalWork) << what;
                EXPECT_LT(t.workTail, t.blockDim) << what;
                EXPECT_GE(t.workBase, t.workTail ? 0u : 1u) << what;
                if (t.mode == tri::TRI_MODE_ROWS) {
                    EXPECT_EQ(t.totalWork, t.wChunks * t.slabs * t.hChunks * t.dChunks) << what;
                    EXPECT_EQ(t.wChunks, (t.outW + t.outPixPerChunk - 1) / t.outPixPerChunk) << what;
                    EXPECT_EQ(t.hChunks, (t.outH + t.rowsPerChunk - 1) / t.rowsPerChunk) << what;
                    EXPECT_EQ(t.dChunks, (t.outD + t.planesPerChunk - 1) / t.planesPerChunk) << what;
                    EXPECT_EQ(t.outRowPad % t.padElems, 0u) << what;
                    EXPECT_GE(t.outRowPad, t.outPixPerChunk * t.channelFold) << what;
                    ExpectChannelChunksRunnable(t, s, dt, what);
                    // 310P loads several planes per DMA only as blocks of whole 32 B rows or as one
                    // contiguous range of whole planes
                    if (!pl.hasDataCopyPad && t.planesPerLoad > 1 && t.inRow * ai::DTypeSize(dt) % 32 != 0) {
                        EXPECT_TRUE(tri::TrilinearContiguousPlaneLoads(t)) << what;
                        EXPECT_EQ(t.maxInRows, t.inH) << what;
                        EXPECT_EQ(t.hChunks, 1u) << what;
                    }
                    if (!pl.hasDataCopyPad) {  // every 310P write covers >= 32 B, the ragged last chunk too
                        const uint64_t lastRows = t.outH - (t.hChunks - 1) * t.rowsPerChunk;
                        const uint64_t w = std::min<uint64_t>(t.outPixPerChunk, t.outW) * t.channelFold;
                        if (t.rowsPerChunk * w * ai::DTypeSize(dt) < 32) {
                            // planes under 32 B: whole planes, one write per unit (D chunk)
                            EXPECT_EQ(t.hChunks, 1u) << what;
                            EXPECT_EQ(t.planesPerWrite, t.planesPerChunk) << what;
                            const uint64_t lastD = t.outD - (t.dChunks - 1) * t.planesPerChunk;
                            EXPECT_GE(lastD * t.outH * w * ai::DTypeSize(dt), 32u) << what;
                        } else {
                            EXPECT_GE(lastRows * w * ai::DTypeSize(dt), 32u) << what;
                        }
                    }
                } else {
                    EXPECT_EQ(t.totalWork, t.slabs) << what;
                    EXPECT_GE(t.groupSlabs, 1u) << what;
                }
                // UB: the kernel's layout fits the usable UB
                EXPECT_LE(ai::TrilinearUbBytes(t), pl.ubBytes) << what;
                // workspace: exactly the shipped tables
                EXPECT_EQ(plan.userWorkspaceBytes, plan.workspaceInit.size()) << what;
                EXPECT_EQ(plan.userWorkspaceBytes, ExpectedWorkspace(t)) << what;
                EXPECT_EQ(t.workspaceBytes, plan.userWorkspaceBytes) << what;
                // the kernel dispatches on the I/O dtype in the tiling
                EXPECT_EQ(t.ioDtype, ai::DTypeCode(dt)) << what;
                EXPECT_EQ(t.useDataCopyPad, pl.hasDataCopyPad ? 1u : 0u) << what;
                // float -> half on 310P: CAST_NONE (0); otherwise CAST_RINT (1)
                EXPECT_EQ(t.castRoundMode, (!pl.hasBf16 && dt == ai::DType::F16) ? 0u : 1u) << what;
                // purity: planning again gives the same bytes
                ai::KernelPlan again;
                ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(p, pl, &again, &err));
                EXPECT_EQ(again.tiling, plan.tiling) << what;
                EXPECT_EQ(again.workspaceInit, plan.workspaceInit) << what;
                EXPECT_EQ(again.blockDim, plan.blockDim) << what;
            }
        }
    }
    const int shapes = static_cast<int>(sizeof kShapes / sizeof kShapes[0]);
    EXPECT_EQ(planned, 2 * shapes * 3 - shapes);  // both SoCs, three dtypes, no bfloat16 on 310P
}

// Work splits within one unit of each other and uses every core when there is enough work.
TEST(TrilinearTiling, BalancedSplitUsesAllCores)
{
    const ai::PlatformInfo pl = Ascend910b();
    for (const Shape& s : {kShapes[0], kShapes[1], kShapes[3], kShapes[4]}) {
        ai::KernelPlan plan;
        std::string err;
        ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F32), pl, &plan, &err)) << err;
        tri::UpsampleTrilinear3dTilingData t;
        ai::DecodeTrilinearTiling(plan, &t);
        EXPECT_EQ(plan.blockDim, 48u);
        uint64_t lo = ~0ull, hi = 0, sum = 0;
        for (uint64_t i = 0; i < t.blockDim; ++i) {
            const uint64_t n = t.workBase + (i < t.workTail ? 1 : 0);
            lo = std::min(lo, n);
            hi = std::max(hi, n);
            sum += n;
        }
        EXPECT_LE(hi - lo, 1u);
        EXPECT_EQ(sum, t.totalWork);
    }
}

// The W tap table the kernel Gathers with is interp_math.h's, in bytes of the fp32 row (a problem
// big enough that the tables are shipped: under 1% of its floor).
TEST(TrilinearTiling, RowTableMatchesInterpMath)
{
    const Shape s = {1, 8, 32, 64, 65, 64, 128, 131, false, false};
    ai::KernelPlan plan;
    tri::UpsampleTrilinear3dTilingData t;
    std::string err;
    ASSERT_TRUE(PlanF32On910b(s, &plan, &t, &err)) << err;
    ASSERT_EQ(t.mode, tri::TRI_MODE_ROWS);
    ASSERT_EQ(t.tablesOnDevice, 0u);
    ASSERT_GE(plan.workspaceInit.size(), 3 * 4 * t.wTabLen);
    const float ratio = interp::TrilinearRatio(65, 131, false, 0.0);
    const uint8_t* base = plan.workspaceInit.data() + t.wTabOffset;
    for (int64_t ow = 0; ow < 131; ++ow) {
        int64_t i0, i1;
        float l0, l1;
        interp::TrilinearAxisTaps(ratio, ow, 65, 131, false, &i0, &i1, &l0, &l1);
        uint32_t t0, t1;
        float w1;
        std::memcpy(&t0, base + 4 * ow, 4);
        std::memcpy(&t1, base + 4 * (t.wTabLen + ow), 4);
        std::memcpy(&w1, base + 4 * (2 * t.wTabLen + ow), 4);
        EXPECT_EQ(t0, uint32_t(i0 * 4));
        EXPECT_EQ(t1, uint32_t(i1 * 4));
        EXPECT_EQ(w1, l1);
    }
}

// Where shipping the tables would add more than 10% of the floor's bytes (beyond the traffic cap a
// plan with shipped tables may reach when the kernel could build them), the kernel builds them (rows
// mode NCDHW and NDHWC, both SoCs) and the workspace is empty.
TEST(TrilinearTiling, TablesCostlyToShipAreBuiltOnTheDevice)
{
    const Shape shapes[] = {
        {1, 1, 7, 33, 65, 13, 67, 131, false, false},  // rows mode, 136-entry W table x 48 cores: 15%
        {2, 32, 4, 8, 8, 8, 16, 16, false, true},      // NDHWC: 512-entry W table x 48 cores: 50%
    };
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        for (const Shape& s : shapes) {
            // on 310P's 8 cores the first shape's table is 2.5% of the floor: either way is legal
            if (pl.coreNum == 8 && &s == &shapes[0]) continue;
            const std::string what = Name(s, ai::DType::F32, pl);
            ai::KernelPlan plan;
            std::string err;
            ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F32), pl, &plan, &err)) << what << err;
            tri::UpsampleTrilinear3dTilingData t;
            ai::DecodeTrilinearTiling(plan, &t);
            EXPECT_EQ(t.tablesOnDevice, 1u) << what;
            EXPECT_EQ(plan.userWorkspaceBytes, 0u) << what;
            EXPECT_GT(tri::TrilinearTapLayoutOf(t).tapElems, 0u) << what;
        }
    }
}

// Shipped tables the kernel could have built: only where the cores' copies stay within 10% of the
// floor's bytes (floors from 64 KiB; below, only the modeled time counts), on every shape, dtype
// and SoC; and where shipping is the faster of the two and cheap in bytes, it is taken: the
// benchmark's 16384 tiny volumes in fp16 (2.7% of the floor, built they cost 1.3 us more).
TEST(TrilinearTiling, TablesShipOnlyWithinTheTrafficCap)
{
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        for (const Shape& s : kShapes) {
            for (ai::DType dt : {ai::DType::F32, ai::DType::F16}) {
                const std::string what = Name(s, dt, pl);
                ai::KernelPlan plan;
                tri::UpsampleTrilinear3dTilingData t;
                std::string err;
                ASSERT_TRUE(PlanOn(s, dt, pl, &plan, &t, &err)) << what << err;
                const double floorBytes = double(t.inTotal + t.outTotal) * ai::DTypeBytes(dt);
                if (t.tablesOnDevice || plan.userWorkspaceBytes == 0 || floorBytes < 65536) continue;
                if (!tri::TrilinearTablesBuildable(t)) continue;
                // every core reads the tables of the W chunks it works on (rows) or all three (volume)
                const uint64_t perCore = t.mode == tri::TRI_MODE_ROWS
                                             ? 12 * t.outRowPad * std::max<uint64_t>(1, (t.wChunks + t.blockDim - 1) / t.blockDim)
                                             : plan.userWorkspaceBytes;
                EXPECT_LE(double(perCore) * plan.blockDim, 0.10 * floorBytes) << what;
            }
        }
    }
    ai::KernelPlan plan;
    std::string err;
    const Shape tiny{64, 256, 4, 4, 4, 8, 8, 8, false, false};
    ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(ProblemOf(tiny, ai::DType::F16), Ascend910b(), &plan, &err)) << err;
    tri::UpsampleTrilinear3dTilingData t;
    ai::DecodeTrilinearTiling(plan, &t);
    EXPECT_EQ(t.mode, uint64_t(tri::TRI_MODE_VOLUME));
    EXPECT_EQ(t.tablesOnDevice, 0u);
    EXPECT_GT(plan.userWorkspaceBytes, 0u);
}

// 310P rows that are not whole 32 B blocks: units of whole input planes read a run of consecutive
// planes with one DMA (a contiguous range), where one plane per DMA was the only way before: the
// corpus's 2x4x126x31x124 -> 189x13x122 (496 B rows) and fp16 rows of 13 values.
TEST(TrilinearTiling, UnalignedRowsOf310pLoadRunsOfWholePlanes)
{
    const Shape shapes[] = {{2, 4, 126, 31, 124, 189, 13, 122, true, false}, {2, 4, 12, 15, 13, 18, 21, 20, false, false}};
    for (const Shape& s : shapes) {
        for (ai::DType dt : {ai::DType::F32, ai::DType::F16}) {
            const std::string what = Name(s, dt, Ascend310p());
            ai::KernelPlan plan;
            tri::UpsampleTrilinear3dTilingData t;
            std::string err;
            ASSERT_TRUE(PlanOn(s, dt, Ascend310p(), &plan, &t, &err)) << what << err;
            EXPECT_NE(t.inRow * ai::DTypeSize(dt) % 32, 0u) << what;
            EXPECT_TRUE(tri::TrilinearContiguousPlaneLoads(t)) << what;
            EXPECT_GT(t.planesPerLoad, 1u) << what;
        }
    }
}

// 910B rows that are not whole 32 B blocks, in H chunks: several output planes per write, each
// plane chunk packed into a 32 B-aligned slot (TrilinearPacksPlaneChunks), where the padded rows
// took one write per plane chunk before: the corpus's 1x2x120x76x126 -> 491x181x29 fp16 (58 B rows,
// 48 units of 91 rows x 41 planes, 41 writes each; packed: 18.5 -> 12.3 us modeled by the sim) and
// two cases of tests/test_trilinear_packed_planes.py whose last H chunk is ragged.  The same problems
// on 310P never pack.
TEST(TrilinearTiling, UnalignedRowChunksOf910bWriteSeveralPackedPlanes)
{
    const Shape shapes[] = {{1, 2, 120, 76, 126, 491, 181, 29, false, false},
                            {1, 1, 22, 39, 28, 55, 85, 42, false, false},
                            {1, 2, 40, 50, 60, 160, 101, 29, false, false}};
    const ai::DType dtypes[] = {ai::DType::F16, ai::DType::F32, ai::DType::F16};
    for (size_t i = 0; i < 3; ++i) {
        const Shape& s = shapes[i];
        const std::string what = Name(s, dtypes[i], Ascend910b());
        ai::KernelPlan plan;
        tri::UpsampleTrilinear3dTilingData t;
        std::string err;
        ASSERT_TRUE(PlanOn(s, dtypes[i], Ascend910b(), &plan, &t, &err)) << what << err;
        EXPECT_NE(t.outRowPad, t.outRow) << what;
        EXPECT_GE(t.hChunks, i == 0 ? 2u : 3u) << what;  // the pytest cases count on >= 3
        EXPECT_NE(t.outH % t.rowsPerChunk, i == 0 ? 1u : 0u) << what;  // cases 1, 2: a ragged last chunk
        EXPECT_GT(t.planesPerWrite, 1u) << what;
        EXPECT_TRUE(tri::TrilinearPacksPlaneChunks(t)) << what;
        EXPECT_TRUE(tri::TrilinearNeedsCompaction(t)) << what;
        EXPECT_EQ(tri::TrilinearCompactSegments(t), t.rowsPerChunk) << what;
        EXPECT_EQ(tri::TrilinearPackedSlotElems(t) * ai::DTypeSize(dtypes[i]) % 32, 0u) << what;
        EXPECT_LE(tri::TrilinearPackedSlotElems(t), t.rowsPerChunk * t.outRowPad) << what;
        ASSERT_TRUE(PlanOn(s, dtypes[i], Ascend310p(), &plan, &t, &err)) << what << err;
        EXPECT_FALSE(tri::TrilinearPacksPlaneChunks(t)) << what;
    }
}

// 310P rows that are not whole 32 B blocks, in H chunks: the planner also tries chunks of a multiple
// of the rows that make whole blocks, whose compacted plane chunks are then written with one DataCopy
// and no re-written tail block.  The corpus's 2x1x32x185x198 -> 64x370x99 float16 (198 B rows):
// chunks of 32 rows, 2440 DMAs (3248 with chunks of 31 rows), 148 -> 131 us modeled by the sim.
TEST(TrilinearTiling, UnalignedRowChunksOf310pAreWholeBlocks)
{
    const Shape s{2, 1, 32, 185, 198, 64, 370, 99, false, false};
    const std::string what = Name(s, ai::DType::F16, Ascend310p());
    ai::KernelPlan plan;
    tri::UpsampleTrilinear3dTilingData t;
    std::string err;
    ASSERT_TRUE(PlanOn(s, ai::DType::F16, Ascend310p(), &plan, &t, &err)) << what << err;
    ASSERT_EQ(t.mode, tri::TRI_MODE_ROWS) << what;
    EXPECT_NE(t.outRow * 2 % 32, 0u) << what;
    EXPECT_GT(t.hChunks, 1u) << what;
    EXPECT_TRUE(tri::TrilinearNeedsCompaction(t)) << what;
    EXPECT_EQ(t.rowsPerChunk * t.outRow * 2 % 32, 0u) << what;
}

// 16-bit rows whose units stage many input rows (strong H downscales of whole planes): the planner
// may Cast the staged rows to fp32 one W batch at a time, so the fp32 copy takes a batch's UB, not
// a plane slot's, and the freed UB buys more planes per DMA (310P 1x2x128x128x128 -> 320x45x45
// float16: 92.8 -> 73.3 us modeled by the sim).  The cases of tests/test_trilinear_batch_casts.py.
TEST(TrilinearTiling, SixteenBitRowsMayCastOneWBatchAtATime)
{
    const Shape downscale{1, 4, 39, 105, 166, 13, 35, 41, false, false};
    const Shape upscaleD{2, 1, 16, 110, 115, 48, 27, 230, false, false};
    const PlanCase cases[] = {{downscale, Ascend910b(), ai::DType::F16}, {downscale, Ascend910b(), ai::DType::BF16},
                              {downscale, Ascend310p(), ai::DType::F16}, {upscaleD, Ascend310p(), ai::DType::F16}};
    for (const PlanCase& c : cases) {
        const std::string what = Name(c.s, c.dt, c.pl);
        tri::UpsampleTrilinear3dTilingData t;
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn(c, &t));
        EXPECT_TRUE(tri::TrilinearCastsPerWBatch(t)) << what;
        EXPECT_LT(t.wBatchRows, t.maxInRows) << what;
        EXPECT_LT(tri::TrilinearLayout(t).inFloatBytes, t.inSlotElems * 4) << what;
        EXPECT_NE(t.inRow * 2 % 32, 0u) << what;  // batches start inside a 32 B block
    }
    // float32 never Casts
    ai::KernelPlan plan;
    tri::UpsampleTrilinear3dTilingData t;
    std::string err;
    ASSERT_TRUE(PlanOn(downscale, ai::DType::F32, Ascend910b(), &plan, &t, &err)) << err;
    EXPECT_FALSE(tri::TrilinearCastsPerWBatch(t));
}

// The Gather form of the H pass may read tap 1 through tap 0's offsets one W row further on
// (hTap1Shared: a quarter less H-table UB), the last input row copied below itself where output
// rows are clamped at the axis end.  The cases of tests/test_trilinear_shared_h_taps.py: H upscales
// (clamped last rows) on both SoCs.
TEST(TrilinearTiling, HGatherMayReadTap1ThroughTap0)
{
    const PlanCase cases[] = {{{2, 2, 10, 30, 30, 20, 75, 75, false, false}, Ascend910b(), ai::DType::F16},
                              {{1, 2, 16, 47, 55, 32, 117, 99, false, false}, Ascend310p(), ai::DType::F32},
                              {{1, 2, 16, 47, 55, 32, 117, 99, false, false}, Ascend310p(), ai::DType::F16}};
    for (const PlanCase& c : cases) {
        const std::string what = Name(c.s, c.dt, c.pl);
        tri::UpsampleTrilinear3dTilingData t;
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn(c, &t));
        EXPECT_EQ(t.hGather, 1u) << what;
        EXPECT_TRUE(tri::TrilinearHTap1FromTap0(t)) << what;
        tri::UpsampleTrilinear3dTilingData own = t;
        own.hTap1Shared = 0;
        const tri::TrilinearUbLayout shared = tri::TrilinearLayout(t), separate = tri::TrilinearLayout(own);
        EXPECT_EQ(separate.hTabBytes - shared.hTabBytes, t.rowsPerChunk * t.outRowPad * 4) << what;
        EXPECT_EQ(shared.wBufBytes - separate.wBufBytes, t.outRowPad * 4) << what;  // the copied row
    }
}

// Padded output rows (310P compaction, 910B plane packing) whose H pass is the Gather form: where the
// planner's model prefers it (hRowsPacked), the H tables are packed per unit so the H Gathers write
// packed rows and nothing is staged for a packing Gather (TrilinearPacksHRows).  The cases of
// tests/test_trilinear_packed_h_rows.py: 310P whole-block planes several per write (float16,
// float32), a ragged last H chunk, tap 1 read through tap 0's offsets; 910B plane packing.  310P
// planes of several per write that are not whole 32 B blocks are staged a padded chunk apart and
// packed by one Gather per write, whole planes its segments (TrilinearStagesPackedPlanes), with both
// packing tables in the compaction buffer.
TEST(TrilinearTiling, HGatherWritesPackedRows)
{
    struct Packed {
        PlanCase c;
        bool severalPerWrite, tap1FromTap0, planePacking;
    };
    const Shape blocks{1, 32, 10, 20, 20, 20, 40, 40, false, false};
    const Shape small{1, 8, 7, 4, 5, 28, 16, 20, false, false};
    const Shape ragged{1, 1, 42, 82, 108, 105, 65, 86, true, false};
    const Shape ragged310p{1, 1, 36, 87, 109, 90, 69, 87, true, false};
    const Shape clamped{1, 2, 16, 47, 55, 32, 117, 99, false, false};
    const Packed cases[] = {{{blocks, Ascend310p(), ai::DType::F16}, true, false, false},
                            {{small, Ascend310p(), ai::DType::F32}, true, false, false},
                            {{ragged310p, Ascend310p(), ai::DType::F16}, false, true, false},
                            {{clamped, Ascend310p(), ai::DType::F32}, false, true, false},
                            {{clamped, Ascend310p(), ai::DType::F16}, false, true, false},
                            {{ragged, Ascend910b(), ai::DType::F16}, true, false, true},
                            {{ragged, Ascend910b(), ai::DType::BF16}, true, false, true},
                            {{clamped, Ascend910b(), ai::DType::F32}, true, true, true}};
    for (const Packed& p : cases) {
        const std::string what = Name(p.c.s, p.c.dt, p.c.pl);
        tri::UpsampleTrilinear3dTilingData t;
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn(p.c, &t));
        EXPECT_EQ(t.hGather, 1u) << what;
        EXPECT_NE(t.outRowPad, t.outRow) << what;
        EXPECT_TRUE(tri::TrilinearPacksHRows(t)) << what;
        EXPECT_FALSE(tri::TrilinearStagesPackedPlanes(t)) << what;
        EXPECT_EQ(t.planesPerWrite > 1, p.severalPerWrite) << what;
        EXPECT_EQ(tri::TrilinearHTap1FromTap0(t), p.tap1FromTap0) << what;
        EXPECT_EQ(tri::TrilinearPacksPlaneChunks(t), p.planePacking) << what;
        const tri::TrilinearUbLayout l = tri::TrilinearLayout(t);
        EXPECT_EQ(l.outFloatBytes + l.cvtBytes, 0u) << what;  // nothing staged for packing
        EXPECT_GE(l.compactTabBytes, t.rowsPerChunk * t.outRow * 4) << what;  // the 4-byte packing table
    }
    const PlanCase stagedCases[] = {{{1, 3, 7, 13, 9, 15, 31, 23, true, false}, Ascend310p(), ai::DType::F16},
                                    {{1, 4, 30, 87, 5, 18, 259, 1, false, false}, Ascend310p(), ai::DType::F32}};
    for (const PlanCase& c : stagedCases) {
        const std::string what = Name(c.s, c.dt, c.pl);
        tri::UpsampleTrilinear3dTilingData t;
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn(c, &t));
        EXPECT_GT(t.planesPerWrite, 1u) << what;
        EXPECT_NE(t.rowsPerChunk * t.outRow * ai::DTypeSize(c.dt) % 32, 0u) << what;
        EXPECT_TRUE(tri::TrilinearNeedsCompaction(t)) << what;
        EXPECT_TRUE(tri::TrilinearPacksHRows(t)) << what;
        EXPECT_TRUE(tri::TrilinearStagesPackedPlanes(t)) << what;
        EXPECT_EQ(tri::TrilinearCompactSegments(t), t.planesPerWrite) << what;
        EXPECT_EQ(tri::TrilinearCompactSegmentLen(t), t.rowsPerChunk * t.outRow) << what;
        EXPECT_EQ(tri::TrilinearCompactSegmentPad(t), t.rowsPerChunk * t.outRowPad) << what;
        const tri::TrilinearUbLayout l = tri::TrilinearLayout(t);
        EXPECT_GT(l.outFloatBytes + l.cvtBytes, 0u) << what;  // the staging of the packed planes
        EXPECT_EQ(tri::TrilinearHPackTableAt(t), tri::TrilinearCompactTableLen(t)) << what;
        EXPECT_GE(l.compactTabBytes, (tri::TrilinearCompactTableLen(t) + t.rowsPerChunk * t.outRow) * 4) << what;
    }
}

// Identity W and H axes of video frame-rate changes (D only) run without Gather passes: the staged
// rows are the W pass's rows, and the identity H pass is Muls + Axpy over the chunk, so no plan
// takes the H Gather form (its per-unit tables would only cost UB).  Rows of 20 fp32 values are
// not padded rows: W keeps its Gathers there.
TEST(TrilinearTiling, IdentityRowAxesRunWithoutGatherPasses)
{
    const Shape frames{2, 3, 32, 112, 112, 26, 112, 112, false, false};
    const Shape unpadded{1, 2, 5, 8, 20, 9, 8, 20, false, false};
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        for (ai::DType dt : {ai::DType::F32, ai::DType::F16}) {
            const std::string what = Name(frames, dt, pl);
            ai::KernelPlan plan;
            tri::UpsampleTrilinear3dTilingData t;
            std::string err;
            ASSERT_TRUE(PlanOn(frames, dt, pl, &plan, &t, &err)) << what << err;
            ASSERT_EQ(t.mode, uint64_t(tri::TRI_MODE_ROWS)) << what;
            EXPECT_TRUE(tri::TrilinearRowsWIsCopy(t)) << what;
            EXPECT_TRUE(tri::TrilinearRowsHIsCopy(t)) << what;
            EXPECT_EQ(t.hGather, 0u) << what;
            ASSERT_TRUE(PlanOn(unpadded, ai::DType::F32, pl, &plan, &t, &err)) << err;
            if (t.mode == uint64_t(tri::TRI_MODE_ROWS)) {
                EXPECT_FALSE(tri::TrilinearRowsWIsCopy(t)) << Name(unpadded, ai::DType::F32, pl);
                EXPECT_TRUE(tri::TrilinearRowsHIsCopy(t)) << Name(unpadded, ai::DType::F32, pl);
            }
        }
    }
}

// 16-bit io, identity D after an upscaling H: the W rows take the identity D's blend (fewer of them
// than the output rows); not with float32 io (its blends may overflow to inf, which the D blend
// must still turn into NaN), not when H shrinks (the output rows are fewer), always after an
// identity W (its pass already blends).
TEST(TrilinearTiling, IdentityDBlendsTheWRowsWhereHUpscales)
{
    const Shape up{1, 3, 32, 112, 112, 32, 224, 224, false, false};
    const Shape down{1, 3, 8, 96, 120, 8, 40, 60, false, false};
    const Shape wIdentity{1, 3, 8, 40, 64, 8, 96, 64, false, false};
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        tri::UpsampleTrilinear3dTilingData t;
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn({up, pl, ai::DType::F16}, &t));
        ASSERT_EQ(t.mode, uint64_t(tri::TRI_MODE_ROWS)) << Name(up, ai::DType::F16, pl);
        EXPECT_LT(t.maxInRows, t.rowsPerChunk) << Name(up, ai::DType::F16, pl);
        EXPECT_TRUE(tri::TrilinearBlendsNanIntoWRows(t)) << Name(up, ai::DType::F16, pl);
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn({up, pl, ai::DType::F32}, &t));
        EXPECT_FALSE(tri::TrilinearBlendsNanIntoWRows(t)) << Name(up, ai::DType::F32, pl);
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn({down, pl, ai::DType::F16}, &t));
        EXPECT_FALSE(tri::TrilinearBlendsNanIntoWRows(t)) << Name(down, ai::DType::F16, pl);
        ASSERT_NO_FATAL_FAILURE(PlanCaseOn({wIdentity, pl, ai::DType::F16}, &t));
        if (t.mode == uint64_t(tri::TRI_MODE_ROWS) && t.pairSlotElems == 0) {
            EXPECT_TRUE(tri::TrilinearBlendsNanIntoWRows(t)) << Name(wIdentity, ai::DType::F16, pl);
        }
    }
}

// Floors under 64 KiB (outside the traffic goal) take the fastest plan whatever its traffic: a
// tiny 310P fp16 problem runs in volume mode with shipped tables (1.15 us; rows mode, taken by the
// traffic tiers, 2.2 us).
TEST(TrilinearTiling, SmallFloorsTakeTheFastestPlan)
{
    const Shape s{2, 1, 6, 5, 2, 12, 10, 4, true, false};
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F16), Ascend310p(), &plan, &err)) << err;
    tri::UpsampleTrilinear3dTilingData t;
    ai::DecodeTrilinearTiling(plan, &t);
    EXPECT_EQ(t.mode, uint64_t(tri::TRI_MODE_VOLUME));
    EXPECT_EQ(t.tablesOnDevice, 0u);
}

// Small channels-last volumes of many channels: whole rows re-read their halo rows in every one of
// the many units the cores need; W chunks of a few pixels (each still hundreds of elements) cut
// those re-reads, and are taken because they do.  (Of 14-pixel rows, 8x128x5x7x7 -> 10x14x14, whole
// rows with one-row W batches now fit enough planes per DMA to be modeled faster: sim 910B 1.4%
// slower at 1.095 x the floor's bytes, 310P 9% faster; 16-pixel rows still split.)
TEST(TrilinearTiling, ManyChannelsNdhwcSplitsRowsIntoFewPixelChunks)
{
    const Shape s{8, 128, 5, 8, 8, 10, 16, 16, false, true};
    ai::KernelPlan plan;
    tri::UpsampleTrilinear3dTilingData t;
    std::string err;
    ASSERT_TRUE(PlanF32On910b(s, &plan, &t, &err)) << err;
    EXPECT_EQ(t.mode, tri::TRI_MODE_ROWS);
    EXPECT_EQ(t.subRows, 1u);
    EXPECT_LE(t.outPixPerChunk, 8u);
}

// Small channels-last volumes of 512 channels: whole-channel rows leave room for one output row per
// unit, each re-reading its two input rows; chunks of the channels (runs of at least 128 B) hold
// several rows per unit, on both SoCs and every dtype (the bytes the sim counts:
// tests/test_trilinear_channel_chunks.py).
TEST(TrilinearTiling, ManyChannelsNdhwcSplitsTheChannels)
{
    const Shape s{2, 512, 5, 7, 7, 10, 14, 14, false, true};
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        for (ai::DType dt : {ai::DType::F32, ai::DType::F16, ai::DType::BF16}) {
            if (dt == ai::DType::BF16 && !pl.hasBf16) continue;
            const std::string what = Name(s, dt, pl);
            ai::KernelPlan plan;
            tri::UpsampleTrilinear3dTilingData t;
            std::string err;
            ASSERT_TRUE(PlanOn(s, dt, pl, &plan, &t, &err)) << what << err;
            EXPECT_GT(t.channelChunks, 1u) << what;
            EXPECT_GE(t.channelFold * ai::DTypeSize(dt), 128u) << what;
            EXPECT_GT(t.rowsPerChunk, 1u) << what;
        }
    }
}

TEST(TrilinearTiling, EmptyAndRejected)
{
    ai::KernelPlan plan;
    std::string err;
    Shape s = {0, 3, 2, 2, 2, 4, 4, 4, false, false};
    ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F32), Ascend910b(), &plan, &err));
    EXPECT_EQ(plan.blockDim, 0u);
    EXPECT_EQ(plan.userWorkspaceBytes, 0u);
    s.n = 1;
    EXPECT_FALSE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::BF16), Ascend310p(), &plan, &err));
    EXPECT_NE(err.find("bfloat16"), std::string::npos) << err;
    EXPECT_FALSE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::I32), Ascend910b(), &plan, &err));
    s.outW = 0;
    EXPECT_FALSE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F32), Ascend910b(), &plan, &err));
    s.outW = 4;
    s.inD = 0;
    EXPECT_FALSE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F32), Ascend910b(), &plan, &err));
}

// ratio > 50 (CANN falls back to AICPU) is planned for the vector unit like any other.
TEST(TrilinearTiling, DownscaleBeyond50xIsPlanned)
{
    ai::KernelPlan plan;
    std::string err;
    const Shape s = {1, 2, 120, 4, 5000, 2, 4, 40, false, false};
    for (const ai::PlatformInfo& pl : {Ascend910b(), Ascend310p()}) {
        ASSERT_TRUE(ai::PlanUpsampleTrilinear3d(ProblemOf(s, ai::DType::F16), pl, &plan, &err)) << err;
        tri::UpsampleTrilinear3dTilingData t;
        ai::DecodeTrilinearTiling(plan, &t);
        EXPECT_LE(ai::TrilinearUbBytes(t), pl.ubBytes);
    }
}

}  // namespace
