// Host tiling of Interpolate-4 (op_host/interpolate_tiling.cpp): tap tables on hand-computed axes,
// pass structure, core split balance, UB budget per dtype and SoC profile, workspace layout.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "interpolate_tiling.h"
#include "sim_platforms.h"

namespace {

using interp::CoordMode;
using interp::InterpMode;
using interp::InterpolatePassTiling;
using interp::InterpolateTilingData;
using interp::NearestMode;

// A problem resolved the way the aclnn layer does it (sizes mode).
ai::InterpolateProblem Problem(std::vector<int64_t> in, std::vector<int64_t> out, InterpMode mode,
                               ai::DType dtype = ai::DType::F32)
{
    ai::InterpolateProblem p;
    p.rank = static_cast<int32_t>(in.size());
    for (int d = 0; d < p.rank; ++d) {
        p.inShape[d] = in[d];
        p.outShape[d] = out[d];
        p.inAxes[d] = in[d] != out[d];
        p.scale[d] = p.inAxes[d] ? interp::SizesModeScale(out[d], in[d]) : 1.0f;
        p.resized[d] = p.inAxes[d] && !interp::IsIdentityAxis(out[d], in[d], p.scale[d]);
    }
    p.mode = mode;
    p.dtype = dtype;
    return p;
}

// Pads `begin` / `end` on axis d of a Problem (its sizes-mode scale then follows the padded length).
void Pad(ai::InterpolateProblem* p, int d, int64_t begin, int64_t end)
{
    const int64_t padded = p->inShape[d] + begin + end;
    p->padsBegin[d] = begin;
    p->padsEnd[d] = end;
    p->inAxes[d] = true;
    p->scale[d] = interp::SizesModeScale(p->outShape[d], padded);
    p->resized[d] = !interp::IsIdentityAxis(p->outShape[d], padded, p->scale[d]);
}

InterpolateTilingData Tiling(const ai::KernelPlan& plan)
{
    InterpolateTilingData td;
    EXPECT_EQ(plan.tiling.size(), sizeof(td));
    std::memcpy(&td, plan.tiling.data(), sizeof(td));
    return td;
}

void ExpectTaps(const ai::InterpolateAxisTaps& t, std::vector<int64_t> src, std::vector<float> w)
{
    ASSERT_EQ(t.srcIndex.size(), src.size());
    for (size_t i = 0; i < src.size(); ++i) {
        EXPECT_EQ(t.srcIndex[i], src[i]) << "tap " << i;
        EXPECT_NEAR(t.weight[i], w[i], 1e-6) << "tap " << i;
    }
}

TEST(InterpolateTaps, NearestHalfPixelUpsample)
{
    auto p = Problem({4}, {8}, InterpMode::NEAREST);
    ai::InterpolateAxisTaps t;
    std::string err;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, &err)) << err;
    EXPECT_TRUE(t.copy);
    // c = (o + 0.5) / 2 - 0.5 = o / 2 - 0.25 -> round_prefer_floor
    ExpectTaps(t, {0, 0, 1, 1, 2, 2, 3, 3}, {1, 1, 1, 1, 1, 1, 1, 1});
}

TEST(InterpolateTaps, NearestRoundPreferCeilDownsample)
{
    auto p = Problem({8}, {4}, InterpMode::NEAREST);
    p.nearestMode = NearestMode::ROUND_PREFER_CEIL;
    ai::InterpolateAxisTaps t;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, nullptr));
    // docs/aclnnInterpolate.md "nearest": 8->4 half_pixel picks [1, 3, 5, 7]
    ExpectTaps(t, {1, 3, 5, 7}, {1, 1, 1, 1});
}

TEST(InterpolateTaps, LinearOnnxAlignCorners)
{
    auto p = Problem({2}, {4}, InterpMode::LINEAR_ONNX);
    p.coordMode = CoordMode::ALIGN_CORNERS;
    ai::InterpolateAxisTaps t;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, nullptr));
    EXPECT_EQ(t.numTaps, 2u);
    // c = o / 3; the last output sits on the border: i1 == i2, both weights 0.5.
    ExpectTaps(t, {0, 1, 0, 1, 0, 1, 1, 1}, {1, 0, 2.0f / 3, 1.0f / 3, 1.0f / 3, 2.0f / 3, 0.5f, 0.5f});
}

TEST(InterpolateTaps, CubicClampsToEdge)
{
    auto p = Problem({4}, {8}, InterpMode::CUBIC);
    ai::InterpolateAxisTaps t;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, nullptr));
    ASSERT_EQ(t.numTaps, 4u);
    // o = 0: c = -0.25, floor -1, t = 0.75: taps -2..1 clamped to 0, 0, 0, 1.
    EXPECT_EQ(t.srcIndex[0], 0);
    EXPECT_EQ(t.srcIndex[1], 0);
    EXPECT_EQ(t.srcIndex[2], 0);
    EXPECT_EQ(t.srcIndex[3], 1);
    const float s = 0.75f, a = -0.75f;
    EXPECT_NEAR(t.weight[0], a * (s - 1) * (s - 1) * s, 1e-6);
    EXPECT_NEAR(t.weight[3], -a * s * s * (s - 1), 1e-6);
    for (int o = 0; o < 8; ++o) {
        float sum = 0;
        for (int j = 0; j < 4; ++j) sum += t.weight[o * 4 + j];
        EXPECT_NEAR(sum, 1.0f, 1e-6) << o;
    }
}

TEST(InterpolateTaps, PaddingReadsZeroWithoutRenormalising)
{
    // Identity axis with pads 1 / 2 over 3 elements: a copy with zeros at the edges.
    auto p = Problem({3}, {6}, InterpMode::LINEAR);
    p.resized[0] = false;
    p.inAxes[0] = false;
    p.scale[0] = 1.0f;
    p.padsBegin[0] = 1;
    p.padsEnd[0] = 2;
    ai::InterpolateAxisTaps t;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, nullptr));
    EXPECT_TRUE(t.copy);
    ExpectTaps(t, {0, 0, 1, 2, 2, 2}, {0, 1, 1, 1, 0, 0});

    // linear_onnx 4 (+1 pad each side = 6) -> 3 asymmetric: c = 2o: taps (0,1), (2,3), (4,5) padded.
    auto q = Problem({4}, {3}, InterpMode::LINEAR_ONNX);
    q.padsBegin[0] = 1;
    q.padsEnd[0] = 1;
    q.scale[0] = interp::SizesModeScale(3, 6);
    q.coordMode = CoordMode::ASYMMETRIC;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(q, 0, &t, nullptr));
    // padded 0 is padding (weight 0, not renormalised); padded 5 too.
    EXPECT_EQ(t.weight[0], 0.0f);
    EXPECT_EQ(t.srcIndex[1], 0);
    EXPECT_EQ(t.weight[5], 0.0f);
}

TEST(InterpolateTaps, ZeroWeightTapsInsideTheInputAreKeptPaddingIsPositiveZero)
{
    // inf / NaN propagation (the reference multiplies every tap it includes): a zero weight inside
    // the input is -0.0f (computed: 0 * inf = NaN), a padding tap +0.0f (contributes nothing).
    auto p = Problem({2}, {4}, InterpMode::LINEAR_ONNX);
    p.coordMode = CoordMode::ALIGN_CORNERS;
    ai::InterpolateAxisTaps t;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, nullptr));
    EXPECT_EQ(t.weight[1], 0.0f);
    EXPECT_TRUE(std::signbit(t.weight[1]));  // o = 0, c = 0: tap 1 inside, weight 0

    auto q = Problem({4}, {3}, InterpMode::LINEAR_ONNX);
    q.padsBegin[0] = 1;
    q.padsEnd[0] = 1;
    q.scale[0] = interp::SizesModeScale(3, 6);
    q.coordMode = CoordMode::ASYMMETRIC;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(q, 0, &t, nullptr));
    EXPECT_EQ(t.weight[0], 0.0f);
    EXPECT_FALSE(std::signbit(t.weight[0]));  // padded position 0: padding

    // linear 4 -> 8 half_pixel (r = 2): o = 0, c = -0.25, window -2..2; -2 and -1 lie outside the
    // padded range and are not taps (spec: `continue`): encoded like padding (+0.0f, never read).
    auto l = Problem({4}, {8}, InterpMode::LINEAR);
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(l, 0, &t, nullptr));
    ASSERT_EQ(t.numTaps, 5u);
    EXPECT_EQ(t.srcIndex[0], 0);
    EXPECT_EQ(t.srcIndex[1], 0);
    EXPECT_TRUE(t.weight[0] == 0.0f && !std::signbit(t.weight[0]));
    EXPECT_TRUE(t.weight[1] == 0.0f && !std::signbit(t.weight[1]));
    EXPECT_NEAR(t.weight[2], 1.0f, 1e-6);  // the only nonzero triangle weight (0.75), normalised
    EXPECT_TRUE(t.weight[3] == 0.0f && std::signbit(t.weight[3]));  // source 1, |c - 1| >= 1
    EXPECT_TRUE(t.weight[4] == 0.0f && std::signbit(t.weight[4]));  // source 2
}

TEST(InterpolateTaps, IntegerDataDropsZeroWeightTaps)
{
    // Integer data has no inf or NaN: a zero-weight tap adds exactly 0, so each output keeps its
    // nonzero taps in order, filled up to the new count with padding taps (+0.0f) on its last source.
    // Float data keeps the reference's full windows.
    for (auto mode : {InterpMode::LINEAR, InterpMode::CUBIC}) {
        for (bool antialias : {false, true}) {
            auto f = Problem({1, 1, 9, 40}, {1, 1, 9, 13}, mode, ai::DType::F32);
            f.antialias = antialias;
            Pad(&f, 3, 2, 0);
            auto u = f;
            u.dtype = ai::DType::U8;
            ai::InterpolateAxisTaps full, kept;
            ASSERT_TRUE(ai::BuildInterpolateAxisTaps(f, 3, &full, nullptr));
            ASSERT_TRUE(ai::BuildInterpolateAxisTaps(u, 3, &kept, nullptr));
            ASSERT_LE(kept.numTaps, full.numTaps);
            EXPECT_FALSE(kept.copy);
            if (mode == InterpMode::LINEAR) {
                EXPECT_LT(kept.numTaps, full.numTaps);
            }
            if (kept.numTaps == full.numTaps) {  // some output has every tap nonzero: unchanged
                EXPECT_EQ(kept.srcIndex, full.srcIndex);
                EXPECT_EQ(kept.weight, full.weight);
                continue;
            }
            for (uint32_t o = 0; o < 13; ++o) {
                SCOPED_TRACE("output " + std::to_string(o));
                std::vector<std::pair<int64_t, float>> nonzero;
                for (uint32_t j = 0; j < full.numTaps; ++j) {
                    const float w = full.weight[o * full.numTaps + j];
                    if (w != 0.0f) nonzero.emplace_back(full.srcIndex[o * full.numTaps + j], w);
                }
                ASSERT_LE(nonzero.size(), kept.numTaps);
                for (uint32_t j = 0; j < kept.numTaps; ++j) {
                    const int64_t src = kept.srcIndex[o * kept.numTaps + j];
                    const float w = kept.weight[o * kept.numTaps + j];
                    if (j < nonzero.size()) {
                        EXPECT_EQ(src, nonzero[j].first);
                        EXPECT_EQ(w, nonzero[j].second);
                    } else {  // filler: a padding tap on the last source
                        EXPECT_TRUE(w == 0.0f && !std::signbit(w));
                        EXPECT_EQ(src, kept.srcIndex[o * kept.numTaps + (j == 0 ? 0 : j - 1)]);
                    }
                }
            }
        }
    }
}

TEST(InterpolateTaps, LinearAntialiasIsNormalised)
{
    auto p = Problem({16}, {4}, InterpMode::LINEAR);
    p.antialias = true;
    ai::InterpolateAxisTaps t;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 0, &t, nullptr));
    EXPECT_EQ(t.numTaps, 17u);  // a = 0.25, r = ceil(2 / a) = 8
    for (int o = 0; o < 4; ++o) {
        double sum = 0;
        for (uint32_t j = 0; j < t.numTaps; ++j) sum += t.weight[o * t.numTaps + j];
        EXPECT_NEAR(sum, 1.0, 1e-6);
    }
    // o = 1: c = 5.5, taps 0..13 (centre 6 +- 8 clipped), triangle of half-width 4 around 5.5.
    EXPECT_NEAR(t.weight[1 * 17 + 8], t.weight[1 * 17 + 7], 1e-6);  // 6 and 5 are symmetric about 5.5
}

// Column bands of a ROWS pass: they cover every column of a row once (310P: a last band moved back
// to end at the row end may overlap the one before), each reads an input span inside the row that
// holds every source its tables name, and the raw buffer holds the longest span.
void CheckBands(const InterpolatePassTiling& pt, const ai::KernelPlan& plan, const ai::PlatformInfo& platform)
{
    const interp::RowsPassTiling& r = pt.rows;
    EXPECT_EQ(r.bandElems % 32, 0u);
    EXPECT_LE(r.bandElems, r.innerOut);
    EXPECT_EQ(r.inRowsPerDma, 1u);
    EXPECT_EQ(r.outRowsPerDma, 1u);
    EXPECT_EQ(r.bands, (r.innerOut + r.bandElems - 1) / r.bandElems);
    EXPECT_EQ(r.innerAfter, 0u);
    const uint8_t* blob = plan.workspaceInit.data() + r.tableBlob;
    const uint32_t szC = interp::InterpolateComputeBytes(pt.common);
    uint64_t covered = 0;
    for (uint32_t b = 0; b < r.bands; ++b) {
        uint32_t span[4];
        std::memcpy(span, blob + r.bandSpanAt + 16 * b, 16);
        SCOPED_TRACE("band " + std::to_string(b));
        EXPECT_LE(span[0], covered);  // no gap
        EXPECT_EQ(span[0] + span[1], b + 1 < r.bands ? (b + 1) * uint64_t(r.bandElems) : r.innerOut);
        EXPECT_LE(span[1], r.bandElems);
        if (!platform.hasDataCopyPad) {
            EXPECT_EQ(span[1] * ai::DTypeBytes(pt.common.outDType) % 32, 0u);
        }
        covered = span[0] + span[1];
        EXPECT_LE(uint64_t(span[2]) + span[3], r.innerIn);
        EXPECT_LE(span[3], r.rawElems);
        if (b > 0 && r.bandTableBytes == 0) continue;
        const uint64_t at = b == 0 ? 0 : r.bandTablesAt + uint64_t(b - 1) * r.bandTableBytes;
        for (uint32_t t = 0; t < r.innerTaps; ++t) {
            for (uint32_t m = 0; m < span[1]; ++m) {
                uint32_t off;
                std::memcpy(&off, blob + at + (uint64_t(t) * r.innerOutPad + m) * 4, 4);
                EXPECT_LT(off / szC, span[3]) << "tap " << t << " column " << m;
            }
        }
    }
    EXPECT_LE(r.bandTablesAt + uint64_t(r.bands - 1) * r.bandTableBytes, r.tableBlobBytes);
}

// A ROWS pass with a plane axis: units of chunkRows rows of one output plane, whole rows, enough
// plane slots for one output plane's taps -- or, with the plane taps' input rows combined first
// (weighted, 910B, a shrinking plane axis), no plane slots and a float buffer for the combined rows.
void CheckPlanes(const InterpolatePassTiling& pt)
{
    const interp::RowsPassTiling& r = pt.rows;
    if (r.planeCombineFirst) {
        EXPECT_EQ(pt.common.kind, static_cast<uint32_t>(interp::InterpolatePassKind::WEIGHTED));
        EXPECT_NE(pt.common.socFlags & interp::kSocHasDataCopyPad, 0u);
        EXPECT_LT(r.planeOutLen, r.planeInLen);
        EXPECT_EQ(r.planeSlots, 0u);
        EXPECT_GE(interp::InterpolateRowsUbLayout(pt.common, r, 0).planeRows, r.rawElems * 4);
    } else {
        EXPECT_GE(r.planeSlots, r.planeTaps);
    }
    EXPECT_EQ(r.bands, 1u);
    EXPECT_EQ(r.outerBatch, 1u);
    EXPECT_GE(r.chunkRows, 1u);
    EXPECT_LE(r.chunkRows, r.rowOutLen);
    EXPECT_EQ(r.outRowsPerDma, r.chunkRows);
    EXPECT_EQ(r.rowChunks, (r.rowOutLen + r.chunkRows - 1) / r.chunkRows);
    EXPECT_EQ(r.rowUnits, r.planeOuter * r.planeMid * r.rowChunks * r.planeOutLen);
    EXPECT_LE(r.planeSlots, 64u);
    EXPECT_EQ(r.planeOuter * r.planeOutLen * r.planeMid * r.rowOutLen * r.innerOut, pt.common.outElems);
    EXPECT_EQ(r.planeOuter * r.planeInLen * r.planeMid * r.rowInLen * r.innerIn, pt.common.inElems);
    EXPECT_LE(r.planeTabAt + r.planeOutLen * r.planeTaps * 8, r.rowSrcAt);
}

uint32_t BlobWord(const ai::KernelPlan& plan, const InterpolatePassTiling& pt, uint64_t byteAt)
{
    uint32_t v;
    std::memcpy(&v, &plan.workspaceInit[pt.rows.tableBlob + byteAt], 4);
    return v;
}

// Compact inner tables (the kernel reads the entries outside the periods, derived runs and batch
// repeats and builds the rest): every entry it builds must equal the host's, bit for bit, and every
// part it reads or writes must be whole 32 B blocks inside the row.
// Every gather offset of a ROWS pass's inner tables, columns past the row included (the kernel gathers
// whole padded rows), reads inside the buffer it gathers from: the widened input rows as read, or
// the combined row when the inner transform runs after the row combination.
void CheckInnerOffsetsInside(const InterpolatePassTiling& pt, const ai::KernelPlan& plan)
{
    const interp::RowsPassTiling& r = pt.rows;
    if (r.bands > 1 || r.innerIdentity || r.planeTaps > 0) return;
    const uint8_t* blob = plan.workspaceInit.data() + r.tableBlob;
    const uint32_t szC = interp::InterpolateComputeBytes(pt.common);
    const uint64_t limit = r.innerAfter ? interp::InterpolateCombinedInElems(r) : r.rawElems;
    for (uint32_t t = 0; t < r.innerTaps; ++t) {
        for (uint32_t m = 0; m < r.innerOutPad; ++m) {
            uint32_t off;
            std::memcpy(&off, blob + (uint64_t(t) * r.innerOutPad + m) * 4, 4);
            ASSERT_LT(off / szC, limit) << "tap " << t << " column " << m;
        }
    }
}

void CheckCompactTables(const InterpolatePassTiling& pt, const ai::KernelPlan& plan)
{
    const interp::RowsPassTiling& r = pt.rows;
    if (r.innerPeriod > 0) {
        EXPECT_TRUE(interp::InterpolateInnerTablesCompact(r));
        EXPECT_EQ(r.bands, 1u);
        EXPECT_EQ(r.innerPeriod % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_EQ(r.innerPeriodStart % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_EQ(r.innerPeriodEnd % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_LE(r.innerPeriodStart + 2 * r.innerPeriod, r.innerPeriodEnd);
        EXPECT_LE(r.innerPeriodEnd, r.bandElems);
    }
    if (r.innerDerivedEnd > r.innerDerivedStart) {
        EXPECT_TRUE(interp::InterpolateInnerTablesCompact(r));
        EXPECT_EQ(r.bands, 1u);
        EXPECT_GE(r.innerTaps, 2u);
        EXPECT_EQ(r.innerDerivedStart % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_EQ(r.innerDerivedEnd % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_LE(r.innerDerivedEnd, r.innerOut);
    }
    const bool computed = r.innerComputedEnd > r.innerComputedStart;
    ai::EmulatedInnerTaps emulated;
    if (computed) {
        EXPECT_TRUE(interp::InterpolateInnerTablesCompact(r));
        EXPECT_EQ(r.bands, 1u);
        EXPECT_EQ(r.innerPeriod, 0u);
        EXPECT_EQ(r.innerDerivedEnd, 0u);
        EXPECT_EQ(r.innerTaps, interp::ComputedTapCount(r.innerRecipe.mode));
        EXPECT_EQ(r.innerComputedStart % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_EQ(r.innerComputedEnd % interp::kInterpolateTableAlignEntries, 0u);
        EXPECT_LE(r.innerComputedEnd, r.innerOut);
        emulated = ai::EmulateInnerTaps(r.innerRecipe, r.innerComputedEnd);
    }
    if (!interp::InterpolateInnerTablesCompact(r)) return;
    interp::InterpolateInnerTable tables[interp::kInterpolateMaxInnerTables];
    const uint32_t count = interp::InterpolateInnerTables(pt.common, r, tables);
    const interp::InterpolateInnerTableSpan span = interp::InterpolateInnerTableSpanOf(r);
    const uint32_t batch = r.outerBatch > 1 ? r.outerBatch : 1;
    EXPECT_EQ(uint64_t(span.repeat) * batch, r.innerOutPad);
    for (uint32_t i = 0; i < count; ++i) {
        const interp::InterpolateInnerTable& t = tables[i];
        EXPECT_EQ(span.head * t.entryBytes % 32, 0u);
        EXPECT_EQ(span.tail * t.entryBytes % 32, 0u);
        EXPECT_EQ(t.rowBytes, r.innerOutPad * t.entryBytes);
        for (uint32_t j = 0; j < r.innerTaps; ++j) {
            const uint64_t row = t.at + uint64_t(j) * t.rowBytes;
            const uint32_t wordsPerRepeat = span.repeat * t.entryBytes / 4;
            for (uint32_t b = 0; b < batch; ++b) {
                for (uint32_t w = 0; w < wordsPerRepeat; ++w) {
                    const uint64_t e = uint64_t(w) * 4 / t.entryBytes;  // first entry of the word
                    uint32_t expect;
                    const bool derivedRow = j > 0 && t.tapShift != 0;
                    if (b > 0) {
                        expect = BlobWord(plan, pt, row + 4ull * w) + b * t.repeatShift;
                    } else if (derivedRow) {
                        if (e < r.innerDerivedStart || e >= r.innerDerivedEnd) continue;  // read as it is
                        expect = BlobWord(plan, pt, t.at + 4ull * w) + j * t.tapShift;
                    } else if (computed && e >= r.innerComputedStart && e < r.innerComputedEnd) {
                        // what the kernel computes: the emulation (offsets, weights), masks 1
                        float wv = emulated.weights[j][e];
                        std::memcpy(&expect, &wv, 4);
                        if (i == 0) expect = static_cast<uint32_t>(emulated.offsets[j][e]);
                        if (i == 2) expect = 1u;
                    } else if (r.innerPeriod > 0 && e >= r.innerPeriodStart + r.innerPeriod && e < r.innerPeriodEnd) {
                        const uint32_t back = r.innerPeriod * t.entryBytes / 4;
                        expect = BlobWord(plan, pt, row + 4ull * (w - back)) + t.periodShift;
                    } else {
                        continue;  // read from the workspace as it is
                    }
                    ASSERT_EQ(BlobWord(plan, pt, row + 4ull * (b * wordsPerRepeat + w)), expect)
                        << "table " << i << " tap " << j << " repeat " << b << " word " << w;
                }
            }
        }
    }
}

void CheckPlanInvariants(const ai::InterpolateProblem& p, const ai::PlatformInfo& platform)
{
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, platform, &plan, &err)) << err;
    const InterpolateTilingData td = Tiling(plan);
    ASSERT_GE(td.numPasses, 1u);
    EXPECT_LE(plan.blockDim, platform.coreNum);
    EXPECT_GE(plan.userWorkspaceBytes, plan.workspaceInit.size());
    bool seenWeighted = false;
    for (uint32_t i = 0; i < td.numPasses; ++i) {
        const InterpolatePassTiling& pt = td.pass[i];
        SCOPED_TRACE("pass " + std::to_string(i));
        EXPECT_GE(pt.common.blockDim, 1u);
        EXPECT_LE(pt.common.blockDim, platform.coreNum);
        const uint64_t syncUb = static_cast<uint64_t>(platform.coreNum) * 32;
        if (pt.common.layout == interp::kLayoutRows) {
            // UB budget of this SoC; whole rows per core, 32 B rows where DataCopyPad is missing.
            EXPECT_LE(interp::InterpolateRowsUbLayout(pt.common, pt.rows, syncUb).total, platform.ubBytes);
            EXPECT_GE(pt.rows.inRowsPerDma, 1u);
            EXPECT_GE(pt.rows.outRowsPerDma, 1u);
            if (pt.rows.bands > 1 || pt.rows.bandElems != pt.rows.innerOut) {
                CheckBands(pt, plan, platform);
            } else {
                EXPECT_GE(pt.rows.rawElems, pt.rows.inRowsPerDma * pt.rows.innerIn);
            }
            EXPECT_EQ(pt.rows.innerOutPad % 32, 0u);
            EXPECT_GE(pt.rows.innerOutPad, pt.rows.bandElems);
            EXPECT_GE(pt.rows.slots, pt.rows.inRowsPerDma + 1);
            EXPECT_LE(pt.rows.slots, std::max<uint32_t>(128, pt.rows.rowTaps + pt.rows.inRowsPerDma));
            EXPECT_LE(pt.common.blockDim, pt.rows.rowUnits * pt.rows.bandGroups);
            EXPECT_EQ(pt.common.blockDim % pt.rows.bandGroups, 0u);
            EXPECT_LE(pt.rows.bandGroups, pt.rows.bands);
            if (pt.rows.planeTaps > 0) {
                CheckPlanes(pt);
            } else {
                EXPECT_EQ(pt.rows.rowUnits * pt.rows.outerBatch * pt.rows.innerOut, pt.common.outElems);
            }
            if (pt.rows.outerBatch > 1) {
                EXPECT_EQ(pt.rows.innerOutPad, pt.rows.outerBatch * pt.rows.batchStride);
                EXPECT_EQ(pt.rows.rawElems, pt.rows.outerBatch * pt.rows.rawPitch);
                EXPECT_EQ(pt.rows.bands, 1u);
                if (pt.rows.innerAfter) {  // slots hold the B input rows as read; no identity offsets
                    EXPECT_GE(pt.rows.slotElems, pt.rows.outerBatch * pt.rows.rawPitch);
                    EXPECT_GT(pt.rows.slots, pt.rows.rowTaps);
                }
            }
            if (pt.rows.innerAfter && pt.rows.outerBatch <= 1) {
                EXPECT_GE(pt.rows.slotElems, pt.rows.innerIn);
            }
            // an output row's row taps (and the rows one miss loads) stay in the slots together
            EXPECT_GE(pt.rows.slots + 1, pt.rows.rowTaps + pt.rows.inRowsPerDma);
            EXPECT_GE(pt.rows.rowTabCap, pt.rows.rowOutLen * pt.rows.rowTaps);
            CheckCompactTables(pt, plan);
            CheckInnerOffsetsInside(pt, plan);
            if (pt.rows.compactOut && pt.rows.outerBatch > 1 && pt.rows.planeTaps == 0) {
                // batched packing offsets: every entry of lane b is lane 0's plus b lanes of staging
                // (cores read lane 0 and build the others: interp::InterpolateBuiltLaneBytes)
                const uint64_t pitch = interp::InterpolateBatchedLanePitch(pt.common, pt.rows);
                const uint32_t szC = interp::InterpolateComputeBytes(pt.common);
                EXPECT_EQ(interp::InterpolateBuiltLaneBytes(pt.common, pt.rows), (pt.rows.outerBatch - 1) * pitch * 4);
                const uint8_t* lanes = plan.workspaceInit.data() + pt.rows.tableBlob + pt.rows.compactAt;
                for (uint64_t b = 1; b < pt.rows.outerBatch; ++b) {
                    for (uint64_t f = 0; f < pitch; ++f) {
                        uint32_t l0, lb;
                        std::memcpy(&l0, lanes + f * 4, 4);
                        std::memcpy(&lb, lanes + (b * pitch + f) * 4, 4);
                        ASSERT_EQ(lb, l0 + b * pt.rows.batchStride * szC) << "lane " << b << " entry " << f;
                    }
                }
            }
            if (!platform.hasDataCopyPad && pt.rows.compactOut && pt.rows.planeTaps > 0) {
                // packed plane chunks: rows of at least 32 B (a unit's tail block is its own bytes), the
                // packing and tail tables inside the part read whole
                EXPECT_GE(pt.rows.innerOut * ai::DTypeBytes(pt.common.outDType), 32u);
                EXPECT_LE(interp::InterpolatePlaneTailAt(pt.rows.compactAt, pt.rows.chunkRows, pt.rows.innerOut) +
                              2 * interp::kInterpolatePlaneTailEntries * 4,
                          pt.rows.bandSpanAt);
            } else if (!platform.hasDataCopyPad && pt.rows.compactOut && pt.rows.outerBatch > 1) {
                // batched packed rows: each lane's group of rows at least 32 B (its tail block is its
                // own bytes), rows shorter than that in groups of at least the tail block's rows on
                // cores holding whole block groups, the packing and tail tables inside the blob
                const uint64_t tailRows = interp::InterpolateTailRows(pt.rows.innerOut, ai::DTypeBytes(pt.common.outDType));
                EXPECT_GE(pt.rows.outRowsPerDma, tailRows);
                EXPECT_GE(pt.rows.rowOutLen, tailRows);
                EXPECT_EQ(interp::InterpolateShortPackedLanes(pt.common, pt.rows), tailRows > 1);
                if (tailRows > 1) {
                    EXPECT_LE(pt.common.blockDim, pt.rows.rowUnits / pt.rows.rowOutLen);
                }
                EXPECT_LE(uint64_t(interp::InterpolateBatchedTailAt(pt.common, pt.rows)) +
                              uint64_t(pt.rows.outerBatch) * (32 / ai::DTypeBytes(pt.common.outDType)) * 4,
                          pt.rows.tableBlobBytes);
            } else if (!platform.hasDataCopyPad && pt.rows.compactOut) {
                // packed groups: runs of at least 32 B (a tail block re-writes the group's own bytes),
                // the packing table (with the tail entries) inside the part read whole, every core
                // holding at least one group; or an output smaller than 32 B: one group, one core
                const uint64_t run = uint64_t(pt.rows.outRowsPerDma) * pt.rows.innerOut;
                const uint64_t blk = 32 / ai::DTypeBytes(pt.common.outDType);
                if (run < blk) {
                    EXPECT_EQ(run, pt.common.outElems);
                    EXPECT_EQ(pt.common.blockDim, 1u);
                }
                EXPECT_EQ(interp::InterpolatePackedGroupElems(pt.common, pt.rows),
                          run < blk ? run : (run + blk - 1) / blk * blk);
                EXPECT_LE(pt.rows.compactAt + interp::InterpolatePackedGroupElems(pt.common, pt.rows) * 4,
                          pt.rows.bandSpanAt);
                EXPECT_GE(pt.rows.rowUnits / pt.common.blockDim, pt.rows.outRowsPerDma);
            } else if (!platform.hasDataCopyPad) {
                EXPECT_EQ(pt.rows.bandElems * ai::DTypeBytes(pt.common.outDType) % 32, 0u);
            }
            EXPECT_LE(pt.rows.tableBlob + pt.rows.tableBlobBytes, plan.workspaceInit.size());
            EXPECT_EQ(pt.rows.rowSrcAt % 32, 0u);
            EXPECT_EQ(pt.rows.runLenAt % 32, 0u);
        } else {
            EXPECT_LE(interp::InterpolateGatherUbLayout(pt.common, pt.gather, syncUb).total,
                      platform.ubBytes);
            EXPECT_EQ(pt.gather.chunkElems % pt.common.outAlignElems, 0u);
            EXPECT_GE(pt.gather.tableLen, pt.gather.blockOutElems - 1 + pt.gather.chunkElems);
            EXPECT_LE(pt.gather.windowHiTable + pt.gather.tableLen * 4, plan.workspaceInit.size());
            // Core split: whole granules, balanced within one granule (+ the sub-granule remainder).
            const uint64_t units = pt.common.outElems / pt.common.outAlignElems;
            if (units > 0) {
                EXPECT_LE(pt.common.blockDim, units);
            } else {
                EXPECT_EQ(pt.common.blockDim, 1u);
            }
        }
        EXPECT_EQ(pt.common.outAlignElems * ai::DTypeBytes(pt.common.outDType), 32u);
        // copy passes (native dtype) run before weighted ones; only the last writes y.
        if (pt.common.kind == 1) {
            seenWeighted = true;
        } else {
            EXPECT_FALSE(seenWeighted);
        }
        EXPECT_EQ(pt.common.outToWorkspace, i + 1 < td.numPasses ? 1u : 0u);
        EXPECT_EQ(pt.common.inFromWorkspace, i > 0 ? 1u : 0u);
        if (i + 1 == td.numPasses) {
            EXPECT_EQ(pt.common.outDType, static_cast<uint32_t>(p.dtype));
        }
        // Intermediates inside the workspace, after the tables.
        if (pt.common.outToWorkspace) {
            EXPECT_LE(pt.common.outBufOffset + pt.common.outElems * ai::DTypeBytes(pt.common.outDType),
                      plan.userWorkspaceBytes);
            EXPECT_GE(pt.common.outBufOffset, plan.workspaceInit.size());
        }
        // 310P: no DataCopyPad and no RINT float->half.
        EXPECT_EQ((pt.common.socFlags & interp::kSocHasDataCopyPad) != 0, platform.hasDataCopyPad);
    }
}

TEST(InterpolatePlan, InvariantsAcrossModesDtypesAndSocs)
{
    const ai::DType dtypes[] = {ai::DType::F32, ai::DType::F16, ai::DType::BF16,
                                ai::DType::I8,  ai::DType::U8,  ai::DType::I32};
    const InterpMode modes[] = {InterpMode::NEAREST, InterpMode::LINEAR, InterpMode::LINEAR_ONNX, InterpMode::CUBIC};
    for (const auto& platform : {Ascend910b(), Ascend310p()}) {
        for (auto dt : dtypes) {
            if (dt == ai::DType::BF16 && !platform.hasBf16) continue;
            for (auto mode : modes) {
                SCOPED_TRACE(platform.socName + " " + ai::DTypeName(dt) + " mode " +
                             std::to_string(static_cast<int>(mode)));
                CheckPlanInvariants(Problem({1, 3, 224, 224}, {1, 3, 448, 448}, mode, dt), platform);
                CheckPlanInvariants(Problem({2, 3, 5, 7}, {2, 3, 3, 11}, mode, dt), platform);
                CheckPlanInvariants(Problem({5}, {2}, mode, dt), platform);
                auto padded = Problem({2, 4, 6}, {3, 6, 6}, mode, dt);
                padded.padsBegin[2] = 1;
                padded.padsEnd[2] = 1;
                padded.outShape[2] = 8;
                CheckPlanInvariants(padded, platform);
            }
        }
    }
}

// The one-pass plan of `p` on `platform` (910B unless named; the plan kept for its workspace);
// fails the test, with the planner's message, otherwise.
InterpolateTilingData OnePassTiling(const ai::InterpolateProblem& p, ai::KernelPlan* plan,
                                    const ai::PlatformInfo& platform = Ascend910b())
{
    std::string err;
    const bool planned = ai::PlanInterpolate(p, platform, plan, &err);
    EXPECT_TRUE(planned) << err;
    InterpolateTilingData td{};
    if (planned) td = Tiling(*plan);
    EXPECT_EQ(td.numPasses, 1u);
    return td;
}

TEST(InterpolatePlan, PeriodicInnerTablesAreReadCompactWhereThatIsModeledFaster)
{
    // 4x antialiased linear downscale of W (17 taps; antialias windows are never computed on the
    // device): the taps repeat every output column (16 entries with the 32 B alignment), 4 input
    // columns on per column; on 910B (48 cores, each with a small share of the bandwidth) building the
    // repeats in the UB is modeled faster than reading the whole tables.  A ratio of 224 -> 333
    // repeats too, but every 333 columns (longer than any row here): no period there.
    ai::InterpolateProblem aa = Problem({1, 3, 896, 896}, {1, 3, 224, 224}, InterpMode::LINEAR);
    aa.antialias = true;
    ai::KernelPlan plan;
    InterpolateTilingData td = OnePassTiling(aa, &plan);
    const interp::RowsPassTiling& r = td.pass[0].rows;
    EXPECT_EQ(r.compactTables, 1u);
    EXPECT_EQ(r.innerPeriod, 16u);
    EXPECT_EQ(r.innerPeriodShift, 64u);
    EXPECT_GE(r.innerPeriodEnd - r.innerPeriodStart, 192u);
    EXPECT_LT(interp::InterpolateRowsTablesReadBytes(td.pass[0].common, r), r.rowSrcAt / 3);
    CheckCompactTables(td.pass[0], plan);
    td = OnePassTiling(Problem({1, 3, 224, 224}, {1, 3, 448, 333}, InterpMode::CUBIC), &plan);
    EXPECT_EQ(r.innerPeriod, 0u);
}

TEST(InterpolatePlan, InnerTapsAreComputedWhereThatIsModeledFaster)
{
    // 2x bilinear of W on 910B: every core computes the taps of the row's middle (the coordinate
    // (x + 0.5) * 0.5 - 0.5 needs no corrected division) instead of reading them; the kernel's
    // entries are the emulation's, which equal the host's tables there (CheckCompactTables).
    ai::KernelPlan plan;
    InterpolateTilingData td = OnePassTiling(Problem({1, 3, 224, 224}, {1, 3, 448, 448}, InterpMode::LINEAR_ONNX), &plan);
    const interp::RowsPassTiling& r = td.pass[0].rows;
    EXPECT_EQ(r.innerRecipe.mode, static_cast<uint32_t>(interp::ComputedTaps::LINEAR_ONNX));
    EXPECT_EQ(r.innerRecipe.corrected, 0u);
    EXPECT_LE(r.innerComputedStart, 16u);
    EXPECT_GE(r.innerComputedEnd, 432u);
    EXPECT_LT(interp::InterpolateRowsTablesReadBytes(td.pass[0].common, r), r.rowSrcAt / 8);
    CheckCompactTables(td.pass[0], plan);
    // 300 -> 700 columns (scale 2.3333333, all 24 bits significant): the quotient needs the whole
    // correction
    td = OnePassTiling(Problem({1, 1, 120, 300}, {1, 1, 240, 700}, InterpMode::LINEAR_ONNX), &plan);
    EXPECT_EQ(r.innerRecipe.corrected, 1u);
    EXPECT_NE(r.innerRecipe.divisorLo, 0.0f);
    EXPECT_GE(r.innerComputedEnd - r.innerComputedStart, 640u);
    CheckCompactTables(td.pass[0], plan);
    // the emulated taps equal the host's own over the middle of every mode and transform
    for (InterpMode mode : {InterpMode::LINEAR, InterpMode::LINEAR_ONNX, InterpMode::CUBIC}) {
        for (int ct = 0; ct <= 4; ++ct) {
            SCOPED_TRACE(std::to_string(static_cast<int>(mode)) + " transform " + std::to_string(ct));
            ai::InterpolateProblem p = Problem({1, 2, 60, 300}, {1, 2, 90, 700}, mode);
            p.coordMode = static_cast<interp::CoordMode>(ct);
            ai::InterpolateAxisTaps taps;
            std::string err;
            ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 3, &taps, &err)) << err;
            interp::InnerTapsRecipe rc{};
            rc.mode = static_cast<uint32_t>(mode == InterpMode::LINEAR        ? interp::ComputedTaps::LINEAR
                                            : mode == InterpMode::LINEAR_ONNX ? interp::ComputedTaps::LINEAR_ONNX
                                                                              : interp::ComputedTaps::CUBIC);
            rc.tapBias = mode == InterpMode::LINEAR ? -2 : (mode == InterpMode::CUBIC ? -1 : 0);
            rc.corrected = 1;
            rc.signedZeros = 1;
            rc.entryBytes = 4;
            rc.cubicA = p.cubeCoeff;
            ASSERT_TRUE(interp::SourceCoordinateRecipe(p.coordMode, p.scale[3], 700, 300, &rc));
            const ai::EmulatedInnerTaps e = ai::EmulateInnerTaps(rc, 700);
            uint32_t equal = 0;
            for (uint32_t m = 8; m < 692; ++m) {
                bool same = true;
                for (uint32_t t = 0; t < taps.numTaps; ++t) {
                    same = same && e.offsets[t][m] == 4 * taps.srcIndex[m * taps.numTaps + t] &&
                           std::memcmp(&e.weights[t][m], &taps.weight[m * taps.numTaps + t], 4) == 0;
                }
                equal += same ? 1 : 0;
            }
            EXPECT_EQ(equal, 684u);
        }
    }
    // nearest: the offsets of every nearest mode and transform, upscale and downscale (where simple
    // rounds up), over the middle
    for (int nm = 0; nm <= 4; ++nm) {
        for (int ct = 0; ct <= 4; ++ct) {
            for (const auto& lens : {std::pair<int64_t, int64_t>{300, 700}, std::pair<int64_t, int64_t>{700, 300}}) {
                SCOPED_TRACE("nearest mode " + std::to_string(nm) + " transform " + std::to_string(ct) + " " +
                             std::to_string(lens.first) + " -> " + std::to_string(lens.second));
                ai::InterpolateProblem p = Problem({1, 2, 60, lens.first}, {1, 2, 90, lens.second}, InterpMode::NEAREST);
                p.coordMode = static_cast<interp::CoordMode>(ct);
                p.nearestMode = static_cast<interp::NearestMode>(nm);
                ai::InterpolateAxisTaps taps;
                std::string err;
                ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 3, &taps, &err)) << err;
                interp::InnerTapsRecipe rc{};
                rc.mode = static_cast<uint32_t>(interp::ComputedTaps::NEAREST);
                rc.entryBytes = 2;
                rc.nearestMode = static_cast<uint32_t>(
                    p.nearestMode == interp::NearestMode::SIMPLE && p.scale[3] < 1.0f ? interp::NearestMode::CEIL : p.nearestMode);
                ASSERT_TRUE(interp::SourceCoordinateRecipe(p.coordMode, p.scale[3], lens.second, lens.first, &rc));
                const uint32_t n = static_cast<uint32_t>(lens.second);
                rc.corrected = 1;
                const ai::EmulatedInnerTaps e = ai::EmulateInnerTaps(rc, n);
                uint32_t equal = 0;
                for (uint32_t m = 8; m + 8 < n; ++m) equal += e.offsets[0][m] == 2 * taps.srcIndex[m] ? 1 : 0;
                EXPECT_EQ(equal, n - 16);
            }
        }
    }
    // channels-last rows (8 channels after the inner axis): column m is position m / 8, channel m % 8
    td = OnePassTiling(Problem({2, 60, 80, 8}, {2, 120, 160, 8}, InterpMode::LINEAR_ONNX), &plan);
    EXPECT_EQ(r.innerRecipe.post, 8u);
    EXPECT_GE(r.innerComputedEnd - r.innerComputedStart, 1200u);
    CheckCompactTables(td.pass[0], plan);
}

TEST(InterpolatePlan, ConsecutiveTapOffsetsAreDerivedWhereThatIsModeledFaster)
{
    // About 2x antialiased linear downscale of W (11 taps of consecutive columns away from the edges; no
    // computed taps for antialias windows): on 910B the offsets of taps 1-10 are derived from tap 0's
    // over the row's middle, every derived entry equal to the host's.
    ai::KernelPlan plan;
    ai::InterpolateProblem aa = Problem({1, 3, 512, 1000}, {1, 3, 256, 487}, InterpMode::LINEAR);
    aa.antialias = true;
    InterpolateTilingData td = OnePassTiling(aa, &plan);
    const interp::RowsPassTiling& r = td.pass[0].rows;
    ASSERT_EQ(r.innerTaps, 11u);
    EXPECT_EQ(r.compactTables, 1u);
    EXPECT_EQ(r.innerDerivedStep, 1u);
    EXPECT_LE(r.innerDerivedStart, 16u);
    EXPECT_GE(r.innerDerivedEnd, 464u);
    CheckCompactTables(td.pass[0], plan);
    // a nearest (one tap) pass has nothing to derive
    td = OnePassTiling(Problem({1, 1, 128, 128}, {1, 1, 512, 512}, InterpMode::NEAREST), &plan);
    EXPECT_EQ(td.pass[0].rows.innerDerivedEnd, 0u);
}

TEST(InterpolatePlan, OfWorkModeledAlikeTheFewestBytesAreTaken)
{
    // FPN 2x nearest of 4x128x16x16 float32: 43 cores and 32 are modeled within 1% of each other;
    // 43 cores read 11 more copies of the tables (and halo rows) for nothing, so 32 are taken.
    ai::KernelPlan plan;
    InterpolateTilingData td = OnePassTiling(Problem({4, 128, 16, 16}, {4, 128, 32, 32}, InterpMode::NEAREST), &plan);
    EXPECT_EQ(td.pass[0].common.blockDim, 32u);
}

TEST(InterpolatePlan, RowsMoveInLongDmas)
{
    // Fewer, longer strided DMAs: the FPN 2x upscale of 2x64x80x80 fp16 (rows of 160) takes 64
    // channels per unit (10240 elements), each core still 4 units or more.
    ai::KernelPlan plan;
    InterpolateTilingData td =
        OnePassTiling(Problem({2, 64, 80, 80}, {2, 64, 160, 160}, InterpMode::NEAREST, ai::DType::F16), &plan);
    EXPECT_EQ(td.pass[0].rows.outerBatch, 64u);
    EXPECT_GE(td.pass[0].rows.rowUnits / td.pass[0].common.blockDim, 4u);
    // A small batch writes several units per DMA group, one DMA per block: 29 x 2 planes of 224-wide
    // rows batch B = 2 (the UB holds no more), and 16 or more units go out in B DMAs.
    td = OnePassTiling(Problem({2, 29, 224, 112}, {2, 29, 448, 224}, InterpMode::LINEAR, ai::DType::F16), &plan);
    EXPECT_GE(td.pass[0].rows.outerBatch, 2u);
    EXPECT_GT(td.pass[0].rows.outRowsPerDma, td.pass[0].rows.outerBatch);
    // Rows too long to batch move up to 64 rows per DMA where the UB holds them: a 2x nearest
    // upscale of int8 224 x 224 images, 448-byte output rows.
    td = OnePassTiling(Problem({1, 3, 224, 224}, {1, 3, 448, 448}, InterpMode::NEAREST, ai::DType::I8), &plan);
    EXPECT_EQ(td.pass[0].rows.outerBatch, 1u);
    EXPECT_GT(td.pass[0].rows.outRowsPerDma, 16u);
}

TEST(InterpolatePlan, SmallGapsBetweenUsedRowsAreReadAlong)
{
    // A 2x nearest downscale of H uses every other input row.  Rows of 64 fp32 cost far less than a
    // DMA's issue, so one DMA reads a run of used rows with the unused ones between them: the run
    // table starts long runs at used rows, and never one at the last used row beyond it.
    ai::KernelPlan plan;
    auto p = Problem({1, 1, 64, 64}, {1, 1, 32, 64}, InterpMode::NEAREST, ai::DType::F32);
    p.coordMode = CoordMode::ASYMMETRIC;
    p.nearestMode = interp::NearestMode::FLOOR;
    InterpolateTilingData td = OnePassTiling(p, &plan);
    const InterpolatePassTiling& pt = td.pass[0];
    ASSERT_EQ(pt.rows.rowInLen, 64u);
    EXPECT_EQ(BlobWord(plan, pt, pt.rows.runLenAt + 0 * 4), 63u);  // rows 0 .. 62: the used even rows
    EXPECT_EQ(BlobWord(plan, pt, pt.rows.runLenAt + 62 * 4), 1u);  // the last used row
    EXPECT_EQ(BlobWord(plan, pt, pt.rows.runLenAt + 63 * 4), 0u);  // past it: nothing to read along
}

TEST(InterpolatePlan, FewRowsTakeTheBatchAndCoresModeledFastest)
{
    // 1x4x16x5 -> 1x4x8x2 bicubic: 32 output rows of 2 elements.  The rule (>= 256 outputs per core,
    // no batch below 4 units per core) runs them on one core, one row per instruction; the model
    // spreads them over more cores (or batches the 4 channels, or both).
    ai::KernelPlan plan;
    InterpolateTilingData td = OnePassTiling(Problem({1, 4, 16, 5}, {1, 4, 8, 2}, InterpMode::CUBIC), &plan);
    EXPECT_GT(td.pass[0].common.blockDim * td.pass[0].rows.outerBatch, 1u);
    EXPECT_LE(td.pass[0].common.blockDim, td.pass[0].rows.rowUnits);
    // Many rows keep about the rule's balance: the busiest core holds at most two units more than
    // with every core (fewer cores at about the same busiest load are modeled faster: each takes a
    // larger HBM share, and fewer core ranges cross a block and re-read its halo rows; here the
    // batch's rows are packed per block, a group of rows one DMA), and the batch leaves each core at
    // least 4 units.
    td = OnePassTiling(Problem({1, 256, 28, 28}, {1, 256, 56, 56}, InterpMode::LINEAR_ONNX), &plan);
    const uint32_t units = td.pass[0].rows.rowUnits, cores = td.pass[0].common.blockDim;
    EXPECT_LE(cores, 48u);
    EXPECT_LE((units + cores - 1) / cores, (units + 47) / 48 + 2);
    EXPECT_EQ(td.pass[0].rows.compactOut, 1u);
    EXPECT_LE(td.pass[0].rows.rowUnits, 256u * 56u);
    EXPECT_GE(td.pass[0].rows.rowUnits / td.pass[0].common.blockDim, 4u);
}

TEST(InterpolatePlan, LongRowsAreBatchedWhereTheModelFindsItFasterWithoutMoreBytes)
{
    // 8x nearest downscale of H over 512 channels, rows of 296 bfloat16 (above kShortRowElems): one
    // row per instruction and per DMA is the rule's plan; batching channels is modeled far faster and
    // reads the same rows, so the model takes it.  The 640x480 -> 640x640 bicubic keeps its rows apart
    // on 910B (batches are not modeled faster there).
    ai::KernelPlan plan;
    InterpolateTilingData td = OnePassTiling(Problem({1, 512, 41, 148}, {1, 512, 8, 296}, InterpMode::NEAREST, ai::DType::BF16), &plan);
    EXPECT_GT(td.pass[0].rows.outerBatch, 1u);
    EXPECT_GT(td.pass[0].rows.innerOut, 256u);
    td = OnePassTiling(Problem({2, 3, 640, 480}, {2, 3, 640, 640}, InterpMode::CUBIC), &plan);
    EXPECT_EQ(td.pass[0].rows.outerBatch, 1u);
    // 310P, rows of 300 float16 (600 B, not whole 32 B blocks): packed per channel and batched
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(Problem({1, 3, 224, 224}, {1, 3, 300, 300}, InterpMode::LINEAR_ONNX, ai::DType::F16),
                                    Ascend310p(), &plan, &err)) << err;
    td = Tiling(plan);
    EXPECT_GT(td.pass[0].rows.outerBatch, 1u);
    EXPECT_EQ(td.pass[0].rows.compactOut, 1u);
}

TEST(InterpolatePlan, ShrinkingRowsOfManyBlocksAreBatchedWithTheInnerTransformAfter)
{
    // Bicubic 8x32x246x24 -> 8x32x60x104 float32: the rows shrink (246 -> 60) while the inner axis
    // grows (24 -> 104), so the inner transform runs on the 60 combined rows of 24 elements rather
    // than on the 246 input rows (innerAfter).  One channel per unit costs ~10 vector instructions
    // per output row; the model batches channels with the inner transform still after the row
    // combination, on both SoCs (the input rows are 32 B multiples, so 310P batches them too).
    for (const auto& platform : {Ascend910b(), Ascend310p()}) {
        SCOPED_TRACE(platform.socName);
        ai::KernelPlan plan;
        const InterpolateTilingData td =
            OnePassTiling(Problem({8, 32, 246, 24}, {8, 32, 60, 104}, InterpMode::CUBIC), &plan, platform);
        const interp::RowsPassTiling& r = td.pass[0].rows;
        EXPECT_EQ(r.innerAfter, 1u);
        EXPECT_GT(r.outerBatch, 1u);
        EXPECT_EQ(r.slotElems, r.outerBatch * r.rawPitch);
        EXPECT_EQ(r.rowSrcAt, r.identityAt);  // the slots take the batch's rows whole: no identity table
    }
}

TEST(InterpolatePlan, EachInnerOrderIsFittedAndTheFasterTaken)
{
    // Bicubic 8x32x246x104 -> 8x32x184x24 float32: the inner axis shrinks (104 -> 24), which favours
    // the transform after the row combination on one row at a time, but 246 input rows against 184
    // combined ones and channel batches of 16 (910B) or 64 (310P) rows favour it before: the sim runs
    // that order in 27.4 us (910B) and 201 us (310P), against 31.8 and 249 us after.
    for (const auto& platform : {Ascend910b(), Ascend310p()}) {
        SCOPED_TRACE(platform.socName);
        ai::KernelPlan plan;
        const InterpolateTilingData td =
            OnePassTiling(Problem({8, 32, 246, 104}, {8, 32, 184, 24}, InterpMode::CUBIC), &plan, platform);
        EXPECT_EQ(td.pass[0].rows.innerAfter, 0u);
        EXPECT_GE(td.pass[0].rows.outerBatch, 16u);
    }
}

TEST(InterpolatePlan, UnalignedShortRowsOf310pAreBatchedAndPacked)
{
    // Bicubic 8x64x49x22 -> 8x64x327x44 float16 on 310P: output rows of 88 B and input rows of 44 B,
    // neither a 32 B multiple, and 310P has no DataCopyPad.  One channel per unit costs a DMA and a
    // handful of vector instructions per 44 outputs; the model batches channels, reads several input
    // rows of each block per DMA (whole blocks ending at the run's end) and packs the batch's rows
    // per block into 32 B-aligned lanes, each written by its whole blocks and a tail block.
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(Problem({8, 64, 49, 22}, {8, 64, 327, 44}, InterpMode::CUBIC, ai::DType::F16),
                                    Ascend310p(), &plan, &err))
        << err;
    const InterpolateTilingData td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    const interp::RowsPassTiling& r = td.pass[0].rows;
    EXPECT_GT(r.outerBatch, 1u);
    EXPECT_EQ(r.compactOut, 1u);
    EXPECT_GT(r.inRowsPerDma, 1u);
    EXPECT_GE(r.outRowsPerDma, 1u);
    EXPECT_EQ(interp::InterpolateBatchedLanePitch(td.pass[0].common, r) % 16, 0u);  // 32 B of float16
}

TEST(InterpolatePlan, ShortRowsOf310pUnder32BytesAreBatchedInWholeBlockGroups)
{
    // Bicubic 8x32x246x108 -> 8x32x184x25 int8 on 310P: 25 B output rows.  A group of a block's rows
    // must hold its 32 B tail block (2 rows here), so cores take whole groups of B blocks
    // (interp::InterpolateShortPackedLanes); before, every row ran alone (1368 us modeled, 335 now).
    ai::KernelPlan plan;
    std::string err;
    auto p = Problem({8, 32, 246, 108}, {8, 32, 184, 25}, InterpMode::CUBIC, ai::DType::I8);
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    const InterpolateTilingData td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    const interp::RowsPassTiling& r = td.pass[0].rows;
    EXPECT_GT(r.outerBatch, 1u);
    EXPECT_EQ(r.compactOut, 1u);
    EXPECT_TRUE(interp::InterpolateShortPackedLanes(td.pass[0].common, r));
    EXPECT_EQ(interp::InterpolateTailRows(r.innerOut, 1), 2u);
    EXPECT_EQ(interp::InterpolateRowSplitGranule(td.pass[0].common, r), 184u);
    EXPECT_LE(td.pass[0].common.blockDim, r.rowUnits / 184);
    CheckPlanInvariants(p, Ascend310p());
}

TEST(InterpolatePlan, IntegerWeightedPassesNeedNoPaddingMask)
{
    // A padding tap reads a clamped source: float data there may be inf or NaN, so weighted passes
    // zero it with the 0/1 mask; integer data is finite and its +0.0f weight alone gives 0.  COPY
    // passes (nearest) have no weights and keep the mask.
    for (auto dtype : {ai::DType::F32, ai::DType::F16, ai::DType::U8, ai::DType::I32}) {
        for (auto mode : {InterpMode::LINEAR_ONNX, InterpMode::CUBIC, InterpMode::NEAREST}) {
            SCOPED_TRACE(std::to_string(static_cast<int>(mode)) + " " + ai::DTypeName(dtype));
            auto p = Problem({1, 4, 30, 50}, {1, 4, 45, 61}, mode, dtype);
            Pad(&p, 3, 3, 2);
            ai::KernelPlan plan;
            std::string err;
            ASSERT_TRUE(ai::PlanInterpolate(p, Ascend910b(), &plan, &err)) << err;
            const InterpolateTilingData td = Tiling(plan);
            ASSERT_EQ(td.numPasses, 1u);
            ASSERT_EQ(td.pass[0].common.layout, interp::kLayoutRows);
            const bool integer = dtype == ai::DType::U8 || dtype == ai::DType::I32;
            EXPECT_EQ(td.pass[0].rows.innerMask, (mode == InterpMode::NEAREST || !integer) ? 1u : 0u);
        }
    }
}

TEST(InterpolatePlan, PackedGroupsAreModeledOnTheCoresTheyGet)
{
    // Linear 1x3x98x584 (pads 6/8 on H, 8/8 on W) -> 37x181 int8 on 310P: the rule's packed groups of
    // 32 rows leave 3 cores a group each.  The model used to weigh them on 8 cores (6.1 us) and kept
    // them against a batch of the 3 channels on 8 cores (6.4 us); the sim ran them in 19.4 us.  On the
    // 3 cores they get they are modeled at 13 us, and the batch is taken (6.5 us in the sim).
    auto p = Problem({1, 3, 98, 584}, {1, 3, 37, 181}, InterpMode::LINEAR, ai::DType::I8);
    p.coordMode = CoordMode::TF_HALF_PIXEL_FOR_NN;
    Pad(&p, 2, 6, 8);
    Pad(&p, 3, 8, 8);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    const InterpolateTilingData td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].rows.outerBatch, 3u);
    EXPECT_EQ(td.pass[0].common.blockDim, 8u);
    CheckPlanInvariants(p, Ascend310p());
}

TEST(InterpolatePlan, UnalignedRowsOf310pPackLargerGroupsWhereModeledFaster)
{
    // Nearest 1x1x142x138 -> 568x276 int32 on 310P (one channel: no batches): output rows of 1104 B,
    // not a 32 B multiple, go out in packed groups.  The rule's group is the fewest rows of whole 32 B blocks, 2 (552 outputs, a
    // DMA per 2.2 KB), which costs 310P more in DMA issue than in transfer; the model takes larger
    // groups (that G doubled while the UB holds it), each core keeping a group at least.
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(Problem({1, 1, 142, 138}, {1, 1, 568, 276}, InterpMode::NEAREST, ai::DType::I32),
                                    Ascend310p(), &plan, &err))
        << err;
    const InterpolateTilingData td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    const interp::RowsPassTiling& r = td.pass[0].rows;
    EXPECT_EQ(r.compactOut, 1u);
    EXPECT_EQ(r.outerBatch, 1u);
    EXPECT_GE(r.outRowsPerDma, 8u);  // the rule's 2 rows, at least doubled twice
    EXPECT_EQ(r.outRowsPerDma * r.innerOut * 4 % 32, 0u);  // whole 32 B blocks: one DMA per group
    EXPECT_LE(uint64_t(td.pass[0].common.blockDim) * r.outRowsPerDma, r.rowUnits);  // a group per core at least
}

TEST(InterpolatePlan, PassStructure)
{
    // 2-D bilinear of NCHW: one ROWS pass (H rows, W transformed inside each row).
    auto p = Problem({1, 2, 8, 16}, {1, 2, 16, 4}, InterpMode::LINEAR_ONNX, ai::DType::F16);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend910b(), &plan, &err)) << err;
    auto td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].common.layout, interp::kLayoutRows);
    EXPECT_EQ(td.pass[0].rows.rowInLen, 8u);
    EXPECT_EQ(td.pass[0].rows.rowOutLen, 16u);
    EXPECT_EQ(td.pass[0].rows.innerIn, 16u);
    EXPECT_EQ(td.pass[0].rows.innerOut, 4u);
    EXPECT_EQ(td.pass[0].rows.rowTaps, 2u);
    EXPECT_EQ(td.pass[0].rows.innerTaps, 2u);
    EXPECT_EQ(td.pass[0].rows.rowUnits, 2u * 16u / td.pass[0].rows.outerBatch);
    EXPECT_EQ(td.pass[0].common.outDType, 1u);
    // One pass: no SyncAll area, no intermediate; the workspace is the table blob.
    EXPECT_EQ(td.syncBytes, 0u);
    EXPECT_EQ(plan.userWorkspaceBytes, plan.workspaceInit.size());
    EXPECT_EQ((td.pass[0].rows.tableBlob + td.pass[0].rows.tableBlobBytes + 511) / 512 * 512,
              plan.workspaceInit.size());

    // 310P has no DataCopyPad for 8-byte rows: groups of 4 rows (32 B) are packed before each DMA,
    // every core holding whole groups.
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].common.layout, interp::kLayoutRows);
    EXPECT_EQ(td.pass[0].rows.compactOut, 1u);
    EXPECT_EQ(td.pass[0].rows.outRowsPerDma, 4u);
    EXPECT_EQ(td.pass[0].common.blockDim, 8u);

    // An output smaller than 32 B (3 rows of 10 bytes): one packed group on one core, stored element
    // by element (OutputsSmallerThan32BytesAreOnePackedGroupOnOneCore).
    p = Problem({1, 1, 2, 16}, {1, 1, 3, 5}, InterpMode::LINEAR_ONNX, ai::DType::F16);
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].common.blockDim, 1u);

    // Two passes (a 5-D antialiased downscale splits on 310P): H and W first into a float32
    // intermediate of 1*1*8*10*11 elements, then D from it.
    p = Problem({1, 1, 8, 30, 32}, {1, 1, 4, 10, 11}, InterpMode::LINEAR, ai::DType::F16);
    p.antialias = true;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 2u);
    EXPECT_EQ(td.pass[0].common.outElems, 880u);
    EXPECT_EQ(td.pass[0].common.outDType, 0u);
    EXPECT_EQ(td.pass[1].common.inDType, 0u);
    EXPECT_EQ(td.pass[1].common.outDType, 1u);
    EXPECT_EQ(td.pass[1].common.inBufOffset, td.pass[0].common.outBufOffset);
    // Workspace, exactly: the zeroed SyncAll area (8 cores * 32 B, 512-aligned), the tables, then the
    // intermediate (ping only: two passes), 512-aligned.
    EXPECT_EQ(td.syncBytes, 512u);
    EXPECT_GE(td.pass[0].rows.tableBlob, td.syncBytes);
    EXPECT_EQ(td.pass[0].common.outBufOffset, plan.workspaceInit.size());
    EXPECT_EQ(plan.userWorkspaceBytes, plan.workspaceInit.size() + (880 * 4 + 511) / 512 * 512);
    for (size_t i = 0; i < td.syncBytes; ++i) ASSERT_EQ(plan.workspaceInit[i], 0u);

    // Antialias 4x downscale: rows shrink, so the inner (W) transform runs on combined output rows.
    auto aa = Problem({1, 3, 448, 448}, {1, 3, 112, 112}, InterpMode::LINEAR, ai::DType::F32);
    aa.antialias = true;
    ASSERT_TRUE(ai::PlanInterpolate(aa, Ascend910b(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].rows.innerAfter, 1u);
    // The window spans 17 input rows; a row's table holds only what its taps need, as many entries
    // as the fullest row takes (8 weighted rows, and the zero-weight rows either side folded into a
    // run entry each), so no row reads a terminating entry.
    EXPECT_EQ(td.pass[0].rows.rowTaps, 10u);
    // 2x upscale: transform input rows first (fewer of them).
    auto up = Problem({1, 3, 224, 224}, {1, 3, 448, 448}, InterpMode::LINEAR_ONNX, ai::DType::F32);
    ASSERT_TRUE(ai::PlanInterpolate(up, Ascend910b(), &plan, &err)) << err;
    td = Tiling(plan);
    EXPECT_EQ(td.pass[0].rows.innerAfter, 0u);
    EXPECT_EQ(td.pass[0].rows.inRowsPerDma, 16u);

    // Short rows of many channels: several channels per vector instruction.
    auto ch = Problem({1, 256, 28, 28}, {1, 256, 56, 56}, InterpMode::LINEAR_ONNX, ai::DType::F32);
    ASSERT_TRUE(ai::PlanInterpolate(ch, Ascend910b(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_GT(td.pass[0].rows.outerBatch, 1u);
    EXPECT_EQ(256u % td.pass[0].rows.outerBatch, 0u);
    EXPECT_EQ(td.pass[0].rows.batchStride, 64u);

    // 4-D with H, W and C resized: one pass, C its plane axis.
    auto q = Problem({1, 4, 8, 16}, {1, 2, 16, 32}, InterpMode::CUBIC, ai::DType::F32);
    ASSERT_TRUE(ai::PlanInterpolate(q, Ascend910b(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].rows.planeTaps, 4u);
    EXPECT_EQ(td.pass[0].rows.planeInLen, 4u);
    EXPECT_EQ(td.pass[0].rows.planeOutLen, 2u);
    // ... and the backward keeps C as its own pass (the canonical order of the separable sums).
    ASSERT_TRUE(ai::PlanInterpolateBackward(q, Ascend910b(), &plan, &err)) << err;
    ASSERT_EQ(Tiling(plan).numPasses, 2u);

    // Nothing changes: one copy pass.
    auto same = Problem({3, 5}, {3, 5}, InterpMode::CUBIC, ai::DType::I32);
    ASSERT_TRUE(ai::PlanInterpolate(same, Ascend310p(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].common.kind, 0u);
    EXPECT_EQ(td.pass[0].gather.useMask, 0u);

    // Empty output: nothing to launch.
    auto empty = Problem({0, 4}, {0, 8}, InterpMode::NEAREST);
    ASSERT_TRUE(ai::PlanInterpolate(empty, Ascend910b(), &plan, &err)) << err;
    EXPECT_EQ(plan.blockDim, 0u);
}

// p's plan on `platform`, which must be one ROWS pass.
void PlanOneRowsPass(const ai::InterpolateProblem& p, const ai::PlatformInfo& platform, ai::KernelPlan* plan,
                     InterpolateTilingData* td)
{
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, platform, plan, &err)) << err;
    *td = Tiling(*plan);
    ASSERT_EQ(td->numPasses, 1u);
    ASSERT_EQ(td->pass[0].common.layout, interp::kLayoutRows);
}

TEST(InterpolatePlan, ChannelsLastImagesResizeInOnePass)
{
    // NHWC, H and W resized: H is the row axis, W is transformed inside each row with the C values of
    // a pixel riding along (inner block W*C), so the image is read once and written once.
    for (auto dt : {ai::DType::F32, ai::DType::U8, ai::DType::I32}) {
        for (auto mode : {InterpMode::NEAREST, InterpMode::LINEAR_ONNX, InterpMode::CUBIC}) {
            SCOPED_TRACE(std::string(ai::DTypeName(dt)) + " mode " + std::to_string(static_cast<int>(mode)));
            auto p = Problem({2, 20, 30, 3}, {2, 41, 17, 3}, mode, dt);
            ai::KernelPlan plan;
            InterpolateTilingData td;
            ASSERT_NO_FATAL_FAILURE(PlanOneRowsPass(p, Ascend910b(), &plan, &td));
            const auto& r = td.pass[0].rows;
            EXPECT_EQ(r.rowInLen, 20u);
            EXPECT_EQ(r.rowOutLen, 41u);
            EXPECT_EQ(r.innerIn, 30u * 3u);
            EXPECT_EQ(r.innerOut, 17u * 3u);
            EXPECT_EQ(r.innerIdentity, 0u);
            CheckPlanInvariants(p, Ascend910b());
            CheckPlanInvariants(p, Ascend310p());
        }
    }
    // The inner gather tables: output pixel w, channel c reads source pixel src(w) channel c.
    auto p = Problem({1, 4, 6, 2}, {1, 8, 3, 2}, InterpMode::NEAREST, ai::DType::F32);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend910b(), &plan, &err)) << err;
    auto td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    const auto& r = td.pass[0].rows;
    ASSERT_EQ(r.innerOut, 6u);
    ai::InterpolateAxisTaps w;
    ASSERT_TRUE(ai::BuildInterpolateAxisTaps(p, 2, &w, &err)) << err;
    for (uint32_t m = 0; m < 6; ++m) {
        uint32_t off;
        std::memcpy(&off, &plan.workspaceInit[r.tableBlob + m * 4], 4);
        EXPECT_EQ(off, (w.srcIndex[m / 2] * 2 + m % 2) * 4) << m;
    }
    // Backward plans keep one row pass per axis (the canonical order of the separable sums).
    auto nhwc = Problem({1, 8, 12, 3}, {1, 16, 6, 3}, InterpMode::LINEAR_ONNX, ai::DType::F32);
    ASSERT_TRUE(ai::PlanInterpolateBackward(nhwc, Ascend910b(), &plan, &err)) << err;
    EXPECT_EQ(Tiling(plan).numPasses, 2u);
}

TEST(InterpolatePlan, LongRowsRunInColumnBands)
{
    // Inner blocks whose tables and rows do not fit the UB are cut into column bands, each reading
    // only its input span and, for a transformed inner axis, loading tables of its own.
    struct Case {
        std::vector<int64_t> in, out;
    };
    const Case cases[] = {{{1, 40, 300, 16}, {1, 61, 700, 16}},  // NHWC, W*C = 11200 per output row
                          {{2, 3, 50, 2999}, {2, 3, 37, 9001}},
                          {{2, 1, 3001}, {2, 1, 7777}}};  // few long rows: bands spread over the cores
    for (const auto& platform : {Ascend910b(), Ascend310p()}) {
        for (auto dt : {ai::DType::F32, ai::DType::F16, ai::DType::U8}) {
            for (auto mode : {InterpMode::NEAREST, InterpMode::LINEAR, InterpMode::CUBIC}) {
                for (const Case& c : cases) {
                    SCOPED_TRACE(platform.socName + " " + ai::DTypeName(dt) + " mode " +
                                 std::to_string(static_cast<int>(mode)) + " W " + std::to_string(c.in.back()));
                    auto p = Problem(c.in, c.out, mode, dt);
                    ai::KernelPlan plan;
                    std::string err;
                    ASSERT_TRUE(ai::PlanInterpolate(p, platform, &plan, &err)) << err;
                    auto td = Tiling(plan);
                    ASSERT_EQ(td.numPasses, 1u);
                    ASSERT_EQ(td.pass[0].common.layout, interp::kLayoutRows);
                    if (mode != InterpMode::NEAREST) {  // copies of narrow types may fit whole rows
                        EXPECT_GT(td.pass[0].rows.bands, 1u);
                        EXPECT_EQ(td.pass[0].rows.innerIdentity, 0u);
                        EXPECT_NE(td.pass[0].rows.bandTableBytes, 0u);
                    }
                    CheckPlanInvariants(p, platform);
                }
            }
        }
    }
    // Two long rows on 910B: the cores split the bands (each loads only its bands' tables).
    auto p = Problem({2, 1, 3001}, {2, 1, 7777}, InterpMode::LINEAR_ONNX, ai::DType::F32);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend910b(), &plan, &err)) << err;
    EXPECT_GT(Tiling(plan).pass[0].rows.bandGroups, 1u);
    EXPECT_GT(plan.blockDim, 2u);
}

TEST(InterpolatePlan, ThreeAxesResizeInOnePass)
{
    // Any three changed axes: the first is the plane axis of a ROWS pass whose rows and inner axis
    // are the other two, so no intermediate goes through the workspace, whatever the dtype.
    struct Case {
        std::vector<int64_t> in, out;
        uint64_t planeIn, planeOut, planeMid, planeOuter;
    };
    const Case cases[] = {
        {{1, 1, 80, 80, 80}, {1, 1, 200, 96, 96}, 80, 200, 1, 1},  // NCDHW medical volume
        {{2, 40, 82, 82, 2}, {2, 60, 123, 123, 2}, 40, 60, 1, 2},  // NDHWC: D planes, H rows, W*C inner
        {{2, 6, 5, 7, 40}, {2, 3, 5, 9, 80}, 6, 3, 5, 2},          // C, H, W of NCDHW: D between
        {{3, 4, 10, 12}, {5, 4, 7, 20}, 3, 5, 4, 1},               // N, H, W of NCHW
        {{2, 9, 11, 100}, {2, 4, 23, 100}, 9, 4, 1, 2},            // C and H, long W rows: identity inner
    };
    for (auto dt : {ai::DType::F32, ai::DType::F16, ai::DType::U8, ai::DType::I8, ai::DType::I32}) {
        for (auto mode : {InterpMode::NEAREST, InterpMode::LINEAR, InterpMode::LINEAR_ONNX, InterpMode::CUBIC}) {
            for (const Case& c : cases) {
                SCOPED_TRACE(std::string(ai::DTypeName(dt)) + " mode " + std::to_string(static_cast<int>(mode)) +
                             " in " + std::to_string(c.in[1]) + "x" + std::to_string(c.in[2]));
                auto p = Problem(c.in, c.out, mode, dt);
                ai::KernelPlan plan;
                InterpolateTilingData td;
                ASSERT_NO_FATAL_FAILURE(PlanOneRowsPass(p, Ascend910b(), &plan, &td));
                const auto& r = td.pass[0].rows;
                EXPECT_GT(r.planeTaps, 0u);
                EXPECT_EQ(r.planeInLen, c.planeIn);
                EXPECT_EQ(r.planeOutLen, c.planeOut);
                EXPECT_EQ(r.planeMid, c.planeMid);
                EXPECT_EQ(r.planeOuter, c.planeOuter);
                EXPECT_EQ(plan.userWorkspaceBytes, plan.workspaceInit.size());  // tables only
                CheckPlanInvariants(p, Ascend910b());
                CheckPlanInvariants(p, Ascend310p());
            }
        }
    }
}

TEST(InterpolatePlan, ThreeAxesWithUnalignedRowsOn310pInOnePass)
{
    // 310P: output rows that are not 32 B multiples (but hold at least 32 B) are packed per unit, so
    // the three-axis resize stays one pass; rows under 32 B still split.
    struct Case {
        std::vector<int64_t> in, out;
        ai::DType dtype;
        uint32_t passes;
    };
    const Case cases[] = {
        {{1, 1, 93, 93, 93}, {1, 1, 279, 74, 74}, ai::DType::I8, 1},   // 74-byte rows
        {{1, 1, 96, 96, 96}, {1, 1, 240, 115, 115}, ai::DType::F32, 1},
        {{2, 17, 87, 87, 1}, {2, 26, 130, 130, 1}, ai::DType::F16, 1},  // NDHWC, C = 1
        {{1, 2, 6, 9, 11}, {1, 2, 13, 5, 17}, ai::DType::U8, 2},        // 17-byte rows
    };
    for (auto mode : {InterpMode::NEAREST, InterpMode::LINEAR, InterpMode::CUBIC}) {
        for (const Case& c : cases) {
            SCOPED_TRACE(std::string(ai::DTypeName(c.dtype)) + " mode " + std::to_string(static_cast<int>(mode)) +
                         " out W " + std::to_string(c.out.back()));
            auto p = Problem(c.in, c.out, mode, c.dtype);
            ai::KernelPlan plan;
            std::string err;
            ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
            auto td = Tiling(plan);
            EXPECT_EQ(td.numPasses, c.passes);
            if (c.passes == 1) {
                EXPECT_GT(td.pass[0].rows.planeTaps, 0u);
                EXPECT_EQ(td.pass[0].rows.compactOut, 1u);
            }
            CheckPlanInvariants(p, Ascend310p());
        }
    }
}

TEST(InterpolatePlan, StronglyShrinkingPlaneAxisCombinesItsRowsFirst)
{
    // Antialiased video: D 12 -> 6 shrinks most.  Computing the rows of all 12 input planes and
    // combining them after (the rows-first fused pass) is modeled at about twice the split, which
    // combines the planes first through a float32 intermediate in GM.  On 910B the fused pass combines
    // each output plane's taps' input rows first (planeCombineFirst) and transforms the rows of the 6
    // output planes only: one pass, int8 in and out.  310P (no DataCopyPad: a read's landing point
    // depends on its GM alignment) keeps the split, the plane axis first as a pass of its own.
    auto aa = Problem({1, 3, 12, 128, 171}, {1, 3, 6, 256, 86}, InterpMode::LINEAR, ai::DType::I8);
    aa.antialias = true;
    // Upsampled planes keep the rows first: their rows run once per input plane, each reused.
    const auto up = Problem({1, 1, 80, 80, 80}, {1, 1, 200, 96, 96}, InterpMode::LINEAR, ai::DType::I8);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(aa, Ascend910b(), &plan, &err)) << err;
    auto td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 1u);
    EXPECT_EQ(td.pass[0].rows.planeCombineFirst, 1u);
    EXPECT_EQ(td.pass[0].rows.planeInLen, 12u);
    EXPECT_EQ(td.pass[0].rows.planeOutLen, 6u);
    CheckPlanInvariants(aa, Ascend910b());
    ASSERT_TRUE(ai::PlanInterpolate(aa, Ascend310p(), &plan, &err)) << err;
    td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 2u);
    EXPECT_EQ(td.pass[0].common.layout, interp::kLayoutRows);
    EXPECT_EQ(td.pass[0].rows.planeTaps, 0u);
    EXPECT_EQ(td.pass[0].rows.rowInLen, 12u);  // D alone first
    EXPECT_EQ(td.pass[0].rows.rowOutLen, 6u);
    CheckPlanInvariants(aa, Ascend310p());
    for (const auto& platform : {Ascend910b(), Ascend310p()}) {
        SCOPED_TRACE(platform.socName);
        ASSERT_TRUE(ai::PlanInterpolate(up, platform, &plan, &err)) << err;
        td = Tiling(plan);
        ASSERT_EQ(td.numPasses, 1u);
        EXPECT_GT(td.pass[0].rows.planeTaps, 0u);
        EXPECT_EQ(td.pass[0].rows.planeCombineFirst, 0u);
    }
}

// The cases of tests/test_interpolate_fused_passes.py test_shrinking_plane_axes_combine_rows_first:
// shrinking plane axes (antialias windows, padding planes) on 910B, every weighted mode and dtype,
// one pass with the plane taps' rows combined first.
TEST(InterpolatePlan, PlaneAxesThatShrinkCombineTheirRowsFirst)
{
    struct Case {
        std::vector<int64_t> in, out;
        bool antialias;
        int64_t padBegin, padEnd;  // on the plane axis
    };
    const Case cases[] = {{{1, 2, 12, 20, 17}, {1, 2, 6, 40, 9}, true, 0, 0},
                          {{1, 3, 16, 12, 17}, {1, 3, 8, 24, 34}, true, 0, 0},
                          {{1, 1, 20, 16, 16}, {1, 1, 10, 32, 32}, false, 0, 0},
                          {{2, 3, 9, 14, 20}, {2, 3, 4, 28, 15}, false, 1, 2}};
    for (auto dt : {ai::DType::F32, ai::DType::F16, ai::DType::U8, ai::DType::I8, ai::DType::I32}) {
        for (auto mode : {InterpMode::LINEAR, InterpMode::LINEAR_ONNX, InterpMode::CUBIC}) {
            for (const Case& c : cases) {
                SCOPED_TRACE(std::string(ai::DTypeName(dt)) + " mode " + std::to_string(static_cast<int>(mode)) +
                             " D " + std::to_string(c.in[2]));
                auto p = Problem(c.in, c.out, mode, dt);
                p.antialias = c.antialias;
                p.padsBegin[2] = c.padBegin;
                p.padsEnd[2] = c.padEnd;
                const int64_t padded = c.in[2] + c.padBegin + c.padEnd;
                p.inAxes[2] = true;
                p.scale[2] = interp::SizesModeScale(c.out[2], padded);
                p.resized[2] = !interp::IsIdentityAxis(c.out[2], padded, p.scale[2]);
                ai::KernelPlan plan;
                std::string err;
                ASSERT_TRUE(ai::PlanInterpolate(p, Ascend910b(), &plan, &err)) << err;
                const auto td = Tiling(plan);
                ASSERT_EQ(td.numPasses, 1u);
                EXPECT_EQ(td.pass[0].rows.planeCombineFirst, 1u);
                EXPECT_EQ(plan.userWorkspaceBytes, plan.workspaceInit.size());  // tables only
                CheckPlanInvariants(p, Ascend910b());
            }
        }
    }
}

TEST(InterpolatePlan, ShortRowsOfManyPlanesSplitWhereBatchedRowsAreModeledFaster)
{
    // 5-D 2x up with short rows (W 56 -> 112): the fused pass computes every input plane's rows one
    // instruction and one tap read at a time; the split's H/W pass batches the rows of many planes.
    // On 310P (8 cores, slow instruction issue) the split is modeled at 0.70 of the fused pass (below
    // kSplitBatchedMargin) and taken; on 910B the fused pass stays (the split modeled 1.35x slower).
    const auto p = Problem({1, 3, 16, 56, 56}, {1, 3, 32, 112, 112}, InterpMode::LINEAR_ONNX, ai::DType::F32);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    auto td = Tiling(plan);
    ASSERT_EQ(td.numPasses, 2u);
    for (uint32_t i = 0; i < 2; ++i) {
        EXPECT_EQ(td.pass[i].common.layout, interp::kLayoutRows);
        EXPECT_EQ(td.pass[i].rows.planeTaps, 0u);
    }
    EXPECT_GT(td.pass[0].rows.outerBatch + td.pass[1].rows.outerBatch, 2u);  // the H/W pass batches planes
    CheckPlanInvariants(p, Ascend310p());
    InterpolateTilingData one;
    ASSERT_NO_FATAL_FAILURE(PlanOneRowsPass(p, Ascend910b(), &plan, &one));
    EXPECT_GT(one.pass[0].rows.planeTaps, 0u);
    CheckPlanInvariants(p, Ascend910b());
}

TEST(InterpolatePlan, CoreSplitUsesAllCoresOnLargeOutputs)
{
    auto p = Problem({1, 3, 224, 224}, {1, 3, 448, 448}, InterpMode::NEAREST);
    ai::KernelPlan plan;
    std::string err;
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend910b(), &plan, &err)) << err;
    EXPECT_EQ(plan.blockDim, 48u);
    ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
    EXPECT_EQ(plan.blockDim, 8u);
}

TEST(InterpolatePlan, RejectsBf16On310p)
{
    auto p = Problem({4}, {8}, InterpMode::LINEAR, ai::DType::BF16);
    ai::KernelPlan plan;
    std::string err;
    EXPECT_FALSE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err));
    EXPECT_NE(err.find("bfloat16"), std::string::npos);
}

}  // namespace

TEST(InterpolatePlan, OutputsSmallerThan32BytesAreOnePackedGroupOnOneCore)
{
    // 310P: a DMA writes whole 32 B blocks, so an output smaller than that is one group of all its
    // rows, packed on one core and stored element by element -- one pass, no float32 intermediate in
    // the GM workspace (it had split into a ROWS pass into the workspace and a GATHER pass).
    struct Case {
        std::vector<int64_t> in, out;
        InterpMode mode;
        ai::DType dtype;
    };
    const Case cases[] = {{{1, 2, 3, 10}, {1, 2, 1, 5}, InterpMode::CUBIC, ai::DType::U8},
                          {{1, 1, 5, 10}, {1, 1, 2, 5}, InterpMode::NEAREST, ai::DType::F16},
                          {{1, 1, 9, 3}, {1, 1, 4, 1}, InterpMode::LINEAR, ai::DType::F32},
                          {{1, 3, 2, 5}, {1, 3, 1, 3}, InterpMode::LINEAR_ONNX, ai::DType::I8}};
    for (const Case& c : cases) {
        SCOPED_TRACE(std::to_string(c.out[2]) + "x" + std::to_string(c.out[3]));
        auto p = Problem(c.in, c.out, c.mode, c.dtype);
        ai::KernelPlan plan;
        std::string err;
        ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
        auto td = Tiling(plan);
        ASSERT_EQ(td.numPasses, 1u);
        const interp::RowsPassTiling& r = td.pass[0].rows;
        EXPECT_EQ(td.pass[0].common.layout, interp::kLayoutRows);
        EXPECT_EQ(r.compactOut, 1u);
        EXPECT_EQ(td.pass[0].common.blockDim, 1u);
        EXPECT_EQ(uint64_t(r.outRowsPerDma) * r.innerOut, td.pass[0].common.outElems);
        EXPECT_LT(td.pass[0].common.outElems * ai::DTypeBytes(c.dtype), 32u);
        CheckPlanInvariants(p, Ascend310p());
    }
}

TEST(InterpolatePlan, UnalignedRowsPackInGroupsEndingInsideABlock)
{
    // 310P, output rows that are not 32 B multiples, where no group of whole 32 B blocks fits the UB
    // (1197 B rows need 32 of them; 886 B rows 16): groups of a few rows whose run ends inside a block
    // (a tail block re-writes the group's own last bytes), one band, instead of a second band of 32
    // columns that computes every row again.
    struct Case {
        std::vector<int64_t> in, out;
        InterpMode mode;
        bool antialias;
        ai::DType dtype;
    };
    // (one channel for 8-bit data: several are batched, their 2- and 7-tap windows leaving room)
    const Case cases[] = {{{1, 1, 200, 4096}, {1, 1, 60, 1197}, InterpMode::LINEAR, true, ai::DType::U8},
                          {{1, 1, 120, 443}, {1, 1, 240, 886}, InterpMode::LINEAR, false, ai::DType::U8},
                          {{1, 2, 60, 339}, {1, 2, 180, 1017}, InterpMode::CUBIC, false, ai::DType::F16},
                          // an identity inner block (H only), packed before bands are tried
                          {{2, 8, 138, 250}, {2, 8, 27, 250}, InterpMode::CUBIC, false, ai::DType::F32}};
    for (const Case& c : cases) {
        SCOPED_TRACE("W " + std::to_string(c.out.back()));
        auto p = Problem(c.in, c.out, c.mode, c.dtype);
        p.antialias = c.antialias;
        ai::KernelPlan plan;
        std::string err;
        ASSERT_TRUE(ai::PlanInterpolate(p, Ascend310p(), &plan, &err)) << err;
        auto td = Tiling(plan);
        ASSERT_EQ(td.numPasses, 1u);
        const interp::RowsPassTiling& r = td.pass[0].rows;
        EXPECT_EQ(r.compactOut, 1u);
        EXPECT_EQ(r.bands, 1u);
        if (c.in.back() != c.out.back()) {  // else (1000 B rows): whole-block groups, 2 channels batched
            EXPECT_EQ(r.outerBatch, 1u);
            EXPECT_NE(uint64_t(r.outRowsPerDma) * r.innerOut * ai::DTypeBytes(c.dtype) % 32, 0u);
        }
        CheckPlanInvariants(p, Ascend310p());
    }
}
