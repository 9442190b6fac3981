// Host tiling of UpsampleTrilinear3d (see upsample_trilinear3d_tiling.h and the vocabulary in
// op_kernel/upsample_trilinear3d_tiling_data.h).  Pure: no globals, no device queries.
//
// Plan in three steps:
//  1. per-axis ratios from interp_math.h (TrilinearRatio), tap tables from TrilinearSourceIndex /
//     TrilinearTaps (the same functions the kernel uses for the H and D axes);
//  2. mode: volume mode (groups of whole slabs, three Gather passes) when slabs are tiny and
//     numerous, else rows mode (unit = slab x H-row chunk x D-plane chunk);
//  3. unit sizes by a small search that minimises the most loaded core's estimated cost under the
//     UB budget (TrilinearLayout is the one definition of the kernel's buffers).
#include "upsample_trilinear3d_tiling.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <cstring>

namespace ai {
namespace {

using tri::TrilinearLayout;
using tri::TriRoundUp;
using tri::UpsampleTrilinear3dTilingData;

struct AxisTaps {
    std::vector<int64_t> i0, i1;
    std::vector<float> l1;
};

AxisTaps MakeTaps(int64_t in, int64_t out, float ratio, bool align)
{
    AxisTaps t;
    t.i0.resize(out);
    t.i1.resize(out);
    t.l1.resize(out);
    for (int64_t o = 0; o < out; ++o) {
        float l0 = 0.0f;
        interp::TrilinearAxisTaps(ratio, o, in, out, align, &t.i0[o], &t.i1[o], &l0, &t.l1[o]);
    }
    return t;
}

uint32_t FloatBits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// Appends one pass table (T0 bytes, T1 bytes, lambda1) of `len` entries padded to `padLen`.
struct TableWriter {
    std::vector<uint8_t> bytes;
    uint64_t Append(const std::vector<uint32_t>& t0, const std::vector<uint32_t>& t1, const std::vector<float>& l1)
    {
        const uint64_t offset = bytes.size();
        auto put = [&](const void* src, size_t n) {
            const size_t at = bytes.size();
            bytes.resize(at + n);
            std::memcpy(bytes.data() + at, src, n);
        };
        put(t0.data(), t0.size() * 4);
        put(t1.data(), t1.size() * 4);
        put(l1.data(), l1.size() * 4);
        return offset;
    }
    uint64_t AppendU32(const std::vector<uint32_t>& v)
    {
        const uint64_t offset = bytes.size();
        bytes.resize(offset + v.size() * 4);
        std::memcpy(bytes.data() + offset, v.data(), v.size() * 4);
        return offset;
    }
};

// Input rows [first, last] one H chunk of output rows needs.
void ChunkRows(const AxisTaps& h, int64_t oh0, int64_t n, int64_t* lo, int64_t* hi)
{
    *lo = h.i0[oh0];
    *hi = h.i1[oh0 + n - 1];
}

uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

// Rough per-SoC cost constants used only to rank candidate unit sizes (the sim's profile values:
// docs/sim.md): HBM bandwidth shared by the active cores, one core's DMA ceiling, clock.
// DMA issue (~200 cycles) and vector issue (16 cycles) costs are in the search formulas.
struct CostModel {
    double hbmGBps, perCoreGBps, clockGHz;
    double BytesPerCycle(uint64_t activeCores) const
    {
        return std::min(perCoreGBps, hbmGBps / static_cast<double>(std::max<uint64_t>(activeCores, 1))) / clockGHz;
    }
};

CostModel CostModelOf(const PlatformInfo& platform)
{
    return {platform.cost.hbmGBps, platform.cost.perCoreDmaGBps, platform.cost.clockGHz};
}



}  // namespace

uint64_t TrilinearUbBytes(const UpsampleTrilinear3dTilingData& t) { return TrilinearLayout(t).total; }

bool DecodeTrilinearTiling(const KernelPlan& plan, UpsampleTrilinear3dTilingData* out)
{
    if (plan.tiling.size() != sizeof(UpsampleTrilinear3dTilingData)) return false;
    std::memcpy(out, plan.tiling.data(), sizeof(*out));
    return true;
}

bool PlanUpsampleTrilinear3d(const TrilinearProblem& p, const PlatformInfo& platform, KernelPlan* plan,
                             std::string* err)
{
    auto fail = [&](const std::string& m) {
        if (err) *err = m;
        return false;
    };
    if (plan == nullptr) return fail("plan is null");
    *plan = KernelPlan{};
    if (p.n < 0 || p.c <= 0 || p.inD <= 0 || p.inH <= 0 || p.inW <= 0) {
        return fail("input N must be >= 0 and C, D, H, W > 0");
    }
    if (p.outD <= 0 || p.outH <= 0 || p.outW <= 0) return fail("output D, H, W must be > 0");
    if (p.dtype != DType::F32 && p.dtype != DType::F16 && p.dtype != DType::BF16) {
        return fail(std::string("dtype ") + DTypeName(p.dtype) + " is not supported (float32, float16, bfloat16)");
    }
    if (p.dtype == DType::BF16 && !platform.hasBf16) {
        return fail("bfloat16 is not supported on " + platform.socName);
    }
    if (platform.coreNum == 0) return fail("platform has no cores");
    if (p.n == 0) return true;  // empty output: nothing to launch, no workspace

    UpsampleTrilinear3dTilingData t{};
    const bool f32 = p.dtype == DType::F32;
    const uint64_t es = f32 ? 4 : 2;
    const uint64_t blk = 32 / es;
    const uint64_t cf = p.channelsLast ? static_cast<uint64_t>(p.c) : 1;
    t.slabs = p.channelsLast ? static_cast<uint64_t>(p.n) : static_cast<uint64_t>(p.n) * static_cast<uint64_t>(p.c);
    t.inD = p.inD; t.inH = p.inH; t.inW = p.inW;
    t.outD = p.outD; t.outH = p.outH; t.outW = p.outW;
    t.channelFold = cf;
    t.inRow = p.inW * cf;
    t.outRow = p.outW * cf;
    t.inSlab = t.inD * t.inH * t.inRow;
    t.outSlab = t.outD * t.outH * t.outRow;
    t.inTotal = t.slabs * t.inSlab;
    t.outTotal = t.slabs * t.outSlab;
    if (t.inTotal >= (1ull << 40) || t.outTotal >= (1ull << 40)) return fail("tensor too large");
    const float rD = interp::TrilinearRatio(p.inD, p.outD, p.alignCorners, p.scalesD);
    const float rH = interp::TrilinearRatio(p.inH, p.outH, p.alignCorners, p.scalesH);
    const float rW = interp::TrilinearRatio(p.inW, p.outW, p.alignCorners, p.scalesW);
    t.ratioBitsD = FloatBits(rD);
    t.ratioBitsH = FloatBits(rH);
    t.ratioBitsW = FloatBits(rW);
    t.alignCorners = p.alignCorners ? 1 : 0;
    t.ioDtype = DTypeCode(p.dtype);
    t.useDataCopyPad = platform.hasDataCopyPad ? 1 : 0;
    const bool is310p = platform.socName.find("310") != std::string::npos;
    // float -> half on 310P accepts only CAST_NONE / CAST_ODD (NONE rounds to nearest even there);
    // elsewhere RINT (float -> bf16 rejects NONE on 910B).
    t.castRoundMode = (is310p && p.dtype == DType::F16) ? 0 /*CAST_NONE*/ : 1 /*CAST_RINT*/;
    t.padElems = f32 ? 8 : 16;
    const uint64_t pe = t.padElems;
    const uint64_t cores = platform.coreNum;
    const uint64_t ub = platform.ubBytes;
    const CostModel cm = CostModelOf(platform);

    const AxisTaps tw = MakeTaps(p.inW, p.outW, rW, p.alignCorners);
    const AxisTaps th = MakeTaps(p.inH, p.outH, rH, p.alignCorners);
    const AxisTaps td = MakeTaps(p.inD, p.outD, rD, p.alignCorners);

    // ---------------- volume mode candidate ----------------
    // Staged rows of a slab: dense = every (d, h) row, whole; sparse (310P tiny outputs of big
    // volumes) = only the D planes and H rows some tap uses, only the columns some W tap uses.
    std::vector<int64_t> dIdx(t.inD, -1), hIdx(t.inH, -1);  // staged position of a plane / row
    uint64_t dCount = 0, hCount = 0;
    for (uint64_t od = 0; od < t.outD; ++od)
        for (int64_t d : {td.i0[od], td.i1[od]})
            if (dIdx[d] < 0) dIdx[d] = static_cast<int64_t>(dCount++);
    for (uint64_t oh = 0; oh < t.outH; ++oh)
        for (int64_t h : {th.i0[oh], th.i1[oh]})
            if (hIdx[h] < 0) hIdx[h] = static_cast<int64_t>(hCount++);
    const uint64_t sparseColLo = static_cast<uint64_t>(tw.i0[0]) * cf;
    const uint64_t sparseWidth = static_cast<uint64_t>(tw.i1[t.outW - 1] - tw.i0[0] + 1) * cf;

    UpsampleTrilinear3dTilingData v = t;
    v.mode = tri::TRI_MODE_VOLUME;
    v.xSlabElems = t.inSlab;
    auto setVolumeShape = [&](bool sparse) {
        v.sparseRows = sparse ? dCount * hCount : 0;
        v.sparseRowStride = sparse ? TriRoundUp(sparseWidth + 2 * blk, pe) : 0;
        v.sparseColLo = sparse ? sparseColLo : 0;
        v.sparseWidth = sparse ? sparseWidth : 0;
        v.xSlabElems = sparse ? v.sparseRows * v.sparseRowStride : t.inSlab;
        v.wPassLen = (sparse ? dCount * hCount : t.inD * t.inH) * t.outRow;
        v.hPassLen = (sparse ? dCount : t.inD) * t.outH * t.outRow;
        v.wPassPad = TriRoundUp(v.wPassLen, pe);
        v.hPassPad = TriRoundUp(v.hPassLen, pe);
        v.outSlabPad = TriRoundUp(t.outSlab, pe);
    };
    setVolumeShape(false);
    auto volumeLayoutFor = [&](uint64_t g, uint64_t k) {
        UpsampleTrilinear3dTilingData c = v;
        c.groupSlabs = g;
        c.groupsPerIo = k;
        c.inBufElems = TriRoundUp(k * g * v.xSlabElems + 2 * blk, pe);
        return c;
    };
    const bool volumeFits = v.outSlabPad <= 8192 && v.wPassPad <= 8192 && v.hPassPad <= 8192 &&
                            TrilinearLayout(volumeLayoutFor(1, 1)).total <= ub;

    // ---------------- rows mode candidate ----------------
    UpsampleTrilinear3dTilingData r = t;
    bool rowsFeasible = false;
    double bestCost = 0;
    // Distinct input planes the heaviest chunk of dLen output planes needs (memoised per dLen).
    std::vector<uint64_t> maxPlanesMemo(static_cast<size_t>(t.outD) + 1, 0);
    auto maxPlanesFor = [&](uint64_t dLen) -> uint64_t {
        if (maxPlanesMemo[dLen] != 0) return maxPlanesMemo[dLen];
        uint64_t worst = 0;
        for (uint64_t od0 = 0; od0 < t.outD; od0 += dLen) {
            const uint64_t od1 = std::min<uint64_t>(od0 + dLen, t.outD);
            uint64_t count = 0;
            int64_t last = -1;
            for (uint64_t od = od0; od < od1; ++od) {
                for (int64_t d : {td.i0[od], td.i1[od]}) {
                    if (d > last) {
                        ++count;
                        last = d;
                    }
                }
            }
            worst = std::max(worst, count);
        }
        maxPlanesMemo[dLen] = worst;
        return worst;
    };
    // Rows-mode search for W chunks of `owc` output pixels (owc == outW: whole rows).
    auto searchRows = [&](uint64_t owc, bool subRows) {
        UpsampleTrilinear3dTilingData base = t;
        base.mode = tri::TRI_MODE_ROWS;
        base.wChunks = CeilDiv(t.outW, owc);
        base.outPixPerChunk = owc;
        const bool chunked = subRows;
        base.subRows = subRows ? 1 : 0;
        uint64_t inWidthMax = t.inRow;
        if (chunked) {
            inWidthMax = 0;
            for (uint64_t wc = 0; wc < base.wChunks; ++wc) {
                const uint64_t o0 = wc * owc, o1 = std::min<uint64_t>(o0 + owc, t.outW);
                inWidthMax = std::max<uint64_t>(inWidthMax, (tw.i1[o1 - 1] - tw.i0[o0] + 1) * cf);
            }
            base.inRowChunkPad = TriRoundUp(inWidthMax, pe);
        }
        base.outRowPad = TriRoundUp(owc * cf, pe);
        const uint64_t outChunk = owc * cf;  // elements of one output (sub-)row
        if (chunked && !platform.hasDataCopyPad && (t.outRow * es) % 32 != 0) {
            // 310P, rows that are not whole 32 B blocks: written row by row, the last 32 B of the
            // last chunk's rows recomputed into an aligned tail area; that chunk must span >= 32 B
            base.rowTails = 1;
            const uint64_t lastW = (t.outW - (base.wChunks - 1) * owc) * cf;
            if (lastW * es < 32) return;
        }
        // H-chunk candidates: ceil(outH / k)
        std::vector<uint64_t> nOhCands;
        for (uint64_t k = 1; k <= t.outH; ++k) {
            uint64_t n = CeilDiv(t.outH, k);
            if (nOhCands.empty() || nOhCands.back() != n) nOhCands.push_back(n);
            if (nOhCands.size() > 400) break;
        }
        std::vector<uint64_t> dCands;
        for (uint64_t k = 1; k <= t.outD && k <= 16 * cores; ++k) {
            uint64_t n = CeilDiv(t.outD, k);
            if (dCands.empty() || dCands.back() != n) dCands.push_back(n);
        }
        if (dCands.back() != 1 && t.outD <= 4096) {
            for (uint64_t n = dCands.back() - 1; n >= 1; --n) dCands.push_back(n);
        }
        const double pad = static_cast<double>(base.outRowPad);
        for (uint64_t nOh : nOhCands) {
            // 310P: every write must cover at least 32 bytes of the unit's own output.  Planes
            // smaller than that are written a whole D chunk at a time (whole-plane chunks only:
            // their planes are adjacent in GM); otherwise every plane chunk, the ragged last one
            // included, must be >= 32 B by itself.
            const bool tinyPlanes = !platform.hasDataCopyPad && nOh * outChunk * es < 32;
            if (tinyPlanes && (nOh != t.outH || chunked)) continue;
            if (nOh > 4095) continue;  // DataCopyPad blockCount
            uint64_t nhMax = 0, nhSum = 0;
            const uint64_t hChunks = CeilDiv(t.outH, nOh);
            if (!platform.hasDataCopyPad && !tinyPlanes && (t.outH - (hChunks - 1) * nOh) * outChunk * es < 32) {
                continue;
            }
            for (uint64_t hc = 0; hc < hChunks; ++hc) {
                int64_t lo, hi;
                const uint64_t oh0 = hc * nOh;
                ChunkRows(th, oh0, std::min<uint64_t>(nOh, t.outH - oh0), &lo, &hi);
                const uint64_t nh = hi - lo + 1;
                nhMax = std::max(nhMax, nh);
                nhSum += nh;
            }
            for (int variant = 0; variant < 4; ++variant) {
                const bool pairs = (variant & 1) != 0;
                const bool hGather = (variant & 2) != 0;
                if (pairs && chunked) continue;
                UpsampleTrilinear3dTilingData c = base;
                c.rowsPerChunk = nOh;
                c.hChunks = hChunks;
                c.pairRows = std::min<uint64_t>(2, t.inH);
                c.hGather = hGather ? 1 : 0;
                c.planesPerWrite = 1;
                c.planesPerLoad = 1;
                // the H pass as one Gather pass pays off on short rows only
                if (hGather && base.outRowPad > 1024) continue;
                if (chunked) {  // sub-rows at a fixed padded UB stride; 310P: one W Gather per row
                    c.maxInRows = nhMax;
                    c.wBatchRows = platform.hasDataCopyPad
                                       ? std::min<uint64_t>(nhMax, std::max<uint64_t>(1, CeilDiv(2048, c.outRowPad)))
                                       : 1;
                    c.pairSlotElems = 0;
                    c.inSlotElems = TriRoundUp(nhMax * c.inRowChunkPad + 2 * blk, pe);
                } else if (!pairs) {
                    c.maxInRows = nhMax;
                    c.wBatchRows = std::min<uint64_t>(nhMax, std::max<uint64_t>(1, CeilDiv(2048, c.outRowPad)));
                    c.pairSlotElems = 0;
                    c.inSlotElems = TriRoundUp(nhMax * t.inRow + 2 * blk, pe);
                } else {
                    // only worth it when the contiguous span holds many rows no output row uses
                    if (nhMax <= 2 * nOh + 2) continue;
                    c.maxInRows = c.pairRows * nOh;
                    c.wBatchRows = c.pairRows;
                    c.pairSlotElems = TriRoundUp(c.pairRows * t.inRow + 2 * blk, pe);
                    c.inSlotElems = nOh * c.pairSlotElems;
                }
                c.inBufElems = c.inSlotElems;
                if (TrilinearLayout(c).total > ub) continue;
                // several output planes per write / input planes per load while UB allows, until
                // each DMA moves >= 64 KB
                const bool compaction = tri::TrilinearNeedsCompaction(c);
                const bool multiWrite =
                    !chunked &&
                    (compaction ? hChunks == 1
                                : (c.outRowPad == t.outRow || (hChunks == 1 && platform.hasDataCopyPad))) &&
                    (platform.hasDataCopyPad || (t.outH - 1) * t.outRow * es / 32 <= 65535);
                // several planes per load: DataCopyPad on 910B; on 310P a block DataCopy when the
                // rows are whole 32 B blocks (the GM gap between planes then is too)
                const bool multiLoad = !pairs && !chunked &&
                                       (platform.hasDataCopyPad ||
                                        ((t.inRow * es) % 32 == 0 && t.inH * t.inRow * es / 32 <= 65535));
                const uint64_t writeBytes = nOh * t.outRow * es, loadBytes = nhMax * t.inRow * es;
                while (true) {
                    const bool wantW = multiWrite && c.planesPerWrite < t.outD &&
                                       c.planesPerWrite * writeBytes < 65536 &&
                                       (hChunks > 1 || c.planesPerWrite * nOh < 4095);
                    const bool wantL = multiLoad && c.planesPerLoad < t.inD && c.planesPerLoad * loadBytes < 65536 &&
                                       c.planesPerLoad < 4095;
                    if (!wantW && !wantL) break;
                    UpsampleTrilinear3dTilingData n = c;
                    if (wantW && (!wantL || c.planesPerWrite * writeBytes <= c.planesPerLoad * loadBytes)) {
                        ++n.planesPerWrite;
                    } else {
                        ++n.planesPerLoad;
                    }
                    n.inBufElems = n.planesPerLoad * n.inSlotElems;
                    if (TrilinearLayout(n).total > ub) break;
                    c = n;
                }
                const double inRows = pairs ? static_cast<double>(c.pairRows * nOh)
                                            : static_cast<double>(nhSum) / static_cast<double>(hChunks);
                const double rowsD = static_cast<double>(nOh);
                const double batches = std::ceil(static_cast<double>(c.maxInRows) / c.wBatchRows);
                // vector cycles (sim cost model: 16 cycles per instruction + one per 256 B repeat);
                // a Gather pass is 4 instructions (Gather, Gather, Mul, MulAddDst) and 5 repeats
                // per 64 floats (MulAddDst with three distinct operands runs at half rate)
                const double vecPlane =
                    batches * 4 * 16 + 5 * c.maxInRows * pad / 64 +
                    (hGather ? 4 * 16 + 5 * rowsD * pad / 64 : rowsD * 2 * (16 + std::ceil(pad / 64))) +
                    (f32 ? 0.0 : 16 + inRows * t.inRow / 64);
                const double vecOd = 2 * (16 + rowsD * pad / 64) + (f32 ? 0.0 : 16 + rowsD * pad / 64);
                const double vecUnit = hGather ? rowsD * 4 * (16 + std::ceil(pad / 64)) : 0.0;
                for (uint64_t dLen : dCands) {
                    const uint64_t dChunks = CeilDiv(t.outD, dLen);
                    uint64_t perWrite = std::min<uint64_t>(c.planesPerWrite, dLen);
                    if (tinyPlanes) {  // one write per unit, >= 32 B even for the ragged last D chunk
                        if ((t.outD - (dChunks - 1) * dLen) * nOh * outChunk * es < 32) continue;
                        UpsampleTrilinear3dTilingData whole = c;
                        whole.planesPerWrite = dLen;
                        if (TrilinearLayout(whole).total > ub) continue;
                        perWrite = dLen;
                    }
                    const uint64_t units = base.wChunks * t.slabs * hChunks * dChunks;
                    const uint64_t active = std::min<uint64_t>(units, cores);
                    const uint64_t perCore = CeilDiv(units, cores);
                    // bytes per cycle of one core's DMA: its share of HBM (ascend910b-like model)
                    const double bpc = cm.BytesPerCycle(active);
                    // the most input planes one D chunk needs (units are balanced by count, so
                    // the slowest core is the one with the heaviest units)
                    const double planes = static_cast<double>(maxPlanesFor(dLen));
                    const double loads = pairs ? planes * nOh
                                         : (chunked && !platform.hasDataCopyPad) ? planes * nhMax
                                                                                 : std::ceil(planes / c.planesPerLoad);
                    const double writes = std::ceil(static_cast<double>(dLen) / perWrite);
                    const double dmaCycles =
                        (static_cast<double>(dLen * nOh * outChunk * es) + planes * inRows * inWidthMax * es) / bpc +
                        200.0 * (loads + writes);
                    const double vecCycles = vecUnit + planes * vecPlane + dLen * vecOd;
                    const double cost = static_cast<double>(perCore) * (std::max(dmaCycles, vecCycles) + 300.0);
                    if (!rowsFeasible || cost < bestCost * 0.999) {
                        rowsFeasible = true;
                        bestCost = cost;
                        UpsampleTrilinear3dTilingData best = c;
                        best.planesPerChunk = dLen;
                        best.dChunks = dChunks;
                        best.totalWork = units;
                        best.planesPerWrite = perWrite;
                        r = best;
                    }
                }
            }
        }
    };
    searchRows(t.outW, false);
    // Rows too long for the UB (channels-last with many channels, very wide W, strong W
    // downscale): sub-rows, W chunks of decreasing width until a plan fits (the first try keeps
    // whole output rows and loads only the input columns they use).  310P (no DataCopyPad) needs
    // 32 B-aligned sub-rows: chunks of a multiple of `quantum` pixels.
    const uint64_t quantum = platform.hasDataCopyPad ? 1 : 32 / std::gcd<uint64_t>(cf * es, 32);
    for (uint64_t owc = t.outW; !rowsFeasible && owc >= 1; owc /= 2) {
        const uint64_t w = owc / quantum * quantum;
        if (w == 0) break;
        searchRows(w, true);
    }

    bool preferVolume = volumeFits && (!rowsFeasible || t.slabs >= cores || t.outTotal <= 16384);
    // 310P, output volumes under 32 B: groups of whole slabs must be written together; when their
    // whole input volumes do not fit, stage only the input rows the taps use.
    const bool tinySlabs310p = !platform.hasDataCopyPad && t.outSlab * es < 32;
    auto denseGroupFits = [&]() {
        const uint64_t q = std::min<uint64_t>(CeilDiv(32, t.outSlab * es), t.slabs);
        return TrilinearLayout(volumeLayoutFor(q, 1)).total <= ub;
    };
    if (tinySlabs310p && !rowsFeasible && !(volumeFits && denseGroupFits())) {
        setVolumeShape(true);
        const uint64_t q = std::min<uint64_t>(CeilDiv(32, t.outSlab * es), t.slabs);
        if (v.wPassPad <= 8192 && v.hPassPad <= 8192 && v.outSlabPad <= 8192 &&
            TrilinearLayout(volumeLayoutFor(q, 1)).total <= ub) {
            preferVolume = true;
        } else {
            setVolumeShape(false);
        }
    }
    if (!preferVolume && !rowsFeasible) {
        return fail("UpsampleTrilinear3d: an output row of " + std::to_string(t.outRow) + " and input row of " +
                    std::to_string(t.inRow) + " elements do not fit the unified buffer of " + platform.socName);
    }

    TableWriter ws;
    if (preferVolume) {
        t = v;
        // 310P, slabs smaller than 32 B of output: every group write must cover >= 32 B, so run on
        // one core with groups of at least inSlabShiftQuantum slabs (a short last group is moved
        // back to overlap the previous one, see the kernel's RunVolume).
        t.inSlabShiftQuantum = 1;
        if (!platform.hasDataCopyPad && t.outSlab * es < 32) {
            t.inSlabShiftQuantum = CeilDiv(32, t.outSlab * es);
        }
        t.blockDim = t.inSlabShiftQuantum > 1 ? 1 : std::min<uint64_t>(cores, t.slabs);
        // compute group g (tables are replicated per slab, so g trades UB for longer vector
        // calls) and I/O group k*g (one input and one output DMA each): pick the pair with the
        // smallest modeled core time, max(DMA, vector), as the sim's cost model counts them.
        const uint64_t share = CeilDiv(t.slabs, t.blockDim);
        const bool compactV = !platform.hasDataCopyPad && v.outSlabPad != t.outSlab;
        const double bpc = cm.BytesPerCycle(t.blockDim);
        const double repeatsPerSlab =
            5.0 * (v.wPassPad + v.hPassPad + v.outSlabPad) / 64.0 + (f32 ? 0.0 : (v.xSlabElems + v.outSlabPad) / 64.0);
        const double opsPerGroup = 12.0 + (f32 ? 0.0 : 2.0);  // 3 Gather passes of 4 instructions
        const double bytesPerSlab = static_cast<double>((v.xSlabElems + t.outSlab) * es);
        uint64_t g = 1, k = 1;
        double best = -1.0;
        for (uint64_t gc = 1; gc <= share && gc <= 4095; ++gc) {
            if (gc > 1 && gc * v.outSlabPad > 16384 && gc > t.inSlabShiftQuantum) break;
            if (TrilinearLayout(volumeLayoutFor(gc, 1)).total > ub) break;
            uint64_t kc = 1;
            while (!compactV && (kc + 1) * gc <= share && (kc + 1) * gc <= 4095 &&
                   kc * gc * t.outSlab * es < 262144 && TrilinearLayout(volumeLayoutFor(gc, kc + 1)).total <= ub) {
                ++kc;
            }
            const double groups = std::ceil(static_cast<double>(share) / gc);
            const double ios = std::ceil(static_cast<double>(share) / (gc * kc));
            const double vec = groups * opsPerGroup * 16.0 + share * repeatsPerSlab;
            const double dma = share * bytesPerSlab / bpc + ios * 2.0 * 200.0;
            const double cost = std::max(vec, dma);
            if (best < 0 || cost < best * 0.999) {
                best = cost;
                g = gc;
                k = kc;
            }
        }
        if (t.inSlabShiftQuantum > 1 && g < std::min<uint64_t>(t.inSlabShiftQuantum, t.slabs)) {
            // 310P: slabs under 32 B of output must be written in groups >= 32 B, and that many
            // whole input slabs do not fit the UB.
            return fail("UpsampleTrilinear3d on " + platform.socName + ": output volumes of " +
                        std::to_string(t.outSlab * es) + " B (< 32 B, no DataCopyPad) need " +
                        std::to_string(t.inSlabShiftQuantum) + " input volumes of " + std::to_string(t.inSlab) +
                        " elements in the unified buffer at once");
        }
        const uint64_t quantum = t.inSlabShiftQuantum, blocks = t.blockDim;
        t = volumeLayoutFor(g, k);
        t.inSlabShiftQuantum = quantum;
        t.blockDim = blocks;
        t.totalWork = t.slabs;
        // Tiny problems: shipping the tables would dominate GM traffic (e.g. 1.3 KB of tables
        // for a 288 B problem); the kernel then writes them with the scalar unit instead.
        const uint64_t tableBytes = 12 * (t.wPassPad + t.hPassPad + t.outSlabPad) * t.blockDim;
        const uint64_t floorBytes = (t.inTotal + t.outTotal) * es;
        t.tablesOnDevice = (t.sparseRows == 0 && tableBytes * 10 > floorBytes &&
                            t.wPassPad + t.hPassPad + t.outSlabPad <= 1024) ? 1 : 0;
        // tables of one slab
        std::vector<uint32_t> a0(t.wPassPad, 0), a1(t.wPassPad, 0);
        std::vector<float> al(t.wPassPad, 0.0f);
        const bool sparse = t.sparseRows != 0;
        const uint64_t stagedRows = sparse ? t.sparseRows : t.inD * t.inH;
        const uint64_t rowStride = sparse ? t.sparseRowStride : t.inRow;
        const uint64_t colLo = sparse ? t.sparseColLo : 0;
        const uint64_t hRows = sparse ? hCount : t.inH;  // staged rows per staged plane
        auto dPos = [&](int64_t d) { return static_cast<uint64_t>(sparse ? dIdx[d] : d); };
        auto hPos = [&](int64_t h) { return static_cast<uint64_t>(sparse ? hIdx[h] : h); };
        for (uint64_t rr = 0; rr < stagedRows; ++rr) {
            for (uint64_t e = 0; e < t.outRow; ++e) {
                const uint64_t ow = e / cf, ch = e % cf;
                const uint64_t i = rr * t.outRow + e;
                a0[i] = static_cast<uint32_t>((rr * rowStride + tw.i0[ow] * cf + ch - colLo) * 4);
                a1[i] = static_cast<uint32_t>((rr * rowStride + tw.i1[ow] * cf + ch - colLo) * 4);
                al[i] = tw.l1[ow];
            }
        }
        t.wTabLen = t.wPassPad;
        if (!t.tablesOnDevice) t.wTabOffset = ws.Append(a0, a1, al);
        std::vector<uint32_t> b0(t.hPassPad, 0), b1(t.hPassPad, 0);
        std::vector<float> bl(t.hPassPad, 0.0f);
        const uint64_t planes = sparse ? dCount : t.inD;
        for (uint64_t d = 0; d < planes; ++d) {
            for (uint64_t oh = 0; oh < t.outH; ++oh) {
                for (uint64_t e = 0; e < t.outRow; ++e) {
                    const uint64_t i = (d * t.outH + oh) * t.outRow + e;
                    b0[i] = static_cast<uint32_t>(((d * hRows + hPos(th.i0[oh])) * t.outRow + e) * 4);
                    b1[i] = static_cast<uint32_t>(((d * hRows + hPos(th.i1[oh])) * t.outRow + e) * 4);
                    bl[i] = th.l1[oh];
                }
            }
        }
        t.hTabLen = t.hPassPad;
        if (!t.tablesOnDevice) t.hTabOffset = ws.Append(b0, b1, bl);
        std::vector<uint32_t> c0(t.outSlabPad, 0), c1(t.outSlabPad, 0);
        std::vector<float> cl(t.outSlabPad, 0.0f);
        const uint64_t plane = t.outH * t.outRow;
        for (uint64_t od = 0; od < t.outD; ++od) {
            for (uint64_t q = 0; q < plane; ++q) {
                const uint64_t i = od * plane + q;
                c0[i] = static_cast<uint32_t>((dPos(td.i0[od]) * plane + q) * 4);
                c1[i] = static_cast<uint32_t>((dPos(td.i1[od]) * plane + q) * 4);
                cl[i] = td.l1[od];
            }
        }
        t.dTabLen = t.outSlabPad;
        if (!t.tablesOnDevice) t.dTabOffset = ws.Append(c0, c1, cl);
        if (tri::TrilinearNeedsCompaction(t)) {
            std::vector<uint32_t> m(TriRoundUp(t.groupSlabs * t.outSlab, 8), 0);
            for (uint64_t s = 0; s < t.groupSlabs; ++s) {
                for (uint64_t q = 0; q < t.outSlab; ++q) {
                    m[s * t.outSlab + q] = static_cast<uint32_t>((s * t.outSlabPad + q) * es);
                }
            }
            t.compactTabLen = m.size();
            t.compactTabOffset = ws.AppendU32(m);
        }
    } else {
        t = r;
        t.blockDim = std::min<uint64_t>(cores, t.totalWork);
        // one W table per W chunk (whole rows: one), source offsets relative to the chunk's
        // first input column
        t.wTabLen = t.outRowPad;
        for (uint64_t wc = 0; wc < t.wChunks; ++wc) {
            const uint64_t o0 = wc * t.outPixPerChunk, o1 = std::min<uint64_t>(o0 + t.outPixPerChunk, t.outW);
            const uint64_t p0 = t.subRows ? static_cast<uint64_t>(tw.i0[o0]) : 0;  // kernel's colLo_
            std::vector<uint32_t> a0(t.outRowPad, 0), a1(t.outRowPad, 0);
            std::vector<float> al(t.outRowPad, 0.0f);
            for (uint64_t e = 0; e < (o1 - o0) * cf; ++e) {
                const uint64_t ow = o0 + e / cf, ch = e % cf;
                a0[e] = static_cast<uint32_t>(((tw.i0[ow] - p0) * cf + ch) * 4);
                a1[e] = static_cast<uint32_t>(((tw.i1[ow] - p0) * cf + ch) * 4);
                al[e] = tw.l1[ow];
            }
            const uint64_t at = ws.Append(a0, a1, al);
            if (wc == 0) t.wTabOffset = at;
        }
        if (tri::TrilinearNeedsCompaction(t)) {
            // packs the rows of up to planesPerWrite buffered plane chunks (adjacent rows in UB)
            std::vector<uint32_t> m(TriRoundUp(t.planesPerWrite * t.rowsPerChunk * t.outRow, 8), 0);
            for (uint64_t j = 0; j < t.planesPerWrite * t.rowsPerChunk; ++j) {
                for (uint64_t e = 0; e < t.outRow; ++e) {
                    m[j * t.outRow + e] = static_cast<uint32_t>((j * t.outRowPad + e) * es);
                }
            }
            t.compactTabLen = m.size();
            t.compactTabOffset = ws.AppendU32(m);
        }
    }
    t.workBase = t.totalWork / t.blockDim;
    t.workTail = t.totalWork % t.blockDim;
    t.workspaceBytes = ws.bytes.size();

    plan->blockDim = static_cast<uint32_t>(t.blockDim);
    plan->tiling.resize(sizeof(t));
    std::memcpy(plan->tiling.data(), &t, sizeof(t));
    plan->userWorkspaceBytes = t.workspaceBytes;
    plan->workspaceInit = std::move(ws.bytes);
    return true;
}

}  // namespace ai
