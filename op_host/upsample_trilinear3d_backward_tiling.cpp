// Host tiling of UpsampleTrilinear3dBackward (see upsample_trilinear3d_backward_tiling.h and the
// vocabulary in op_kernel/upsample_trilinear3d_backward_tiling_data.h).  Pure: no globals, no
// device queries.
//
// PlanUpsampleTrilinear3dBackward runs these stages in order, each a function below:
//   ValidateTrilinearProblem  the forward's rules (upsample_trilinear3d_tiling.cpp);
//   ProblemFields       sizes, rows (channels folded for NDHWC), ratios (interp_math.h
//                       TrilinearRatio, as the forward), dtype, Cast rounding (SocCaps.halfRint);
//   TransposedTaps      per gradIn index of one axis, the gradOut indices and weights that reach it,
//                       in the order the kernel adds them (the W tables; the H and W tap counts);
//   SplitCandidates     balanced partitions of H (bands) and D (chunks), with the gradOut span each
//                       part needs (SplitAxis), and of the slabs when units are whole volumes;
//   SizeBuffers         per candidate: DMA batches, W table rows, H form, fitted to the UB
//                       (TrilinearBackwardLayout is the one definition of the kernel's buffers) and
//                       to the 310P write rule (MinFlushElems);
//   EstimateCost        the most loaded core's max(DMA, vector) cycles and the GM traffic;
//   PickCandidate       the fastest candidate within kTrilinearBackwardTrafficBudget, else the one
//                       with the least traffic;
//   EncodeTables        the workspace: one row's W tables, the compaction table;
//   EmitPlan            tiling bytes, blockDim, workspace size and contents.
#include "upsample_trilinear3d_backward_tiling.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

#include "tiling_common.h"
#include "upsample_trilinear3d_tiling.h"

namespace ai {
namespace {

using Tiling = tri::TrilinearBackwardTilingData;
using tri::TriBwdPartSize;
using tri::TriRoundUp;

constexpr uint64_t kDmaBytesTarget = 65536;       // batch planes per DMA until a DMA moves this much
constexpr uint64_t kWBatchElems = 2048;           // W-pass Gathers of about this many elements
constexpr uint64_t kMaxPartCandidates = 64;       // distinct part counts tried per axis
constexpr uint64_t kMaxDmaBlockUnits = 65535;     // uint16 blockLen / strides of DataCopy, 32 B units
constexpr uint64_t kTableTrafficRatio = 10;       // tables built on the device when their loads would
                                                  // exceed 1/10 of the floor...
constexpr uint64_t kDeviceTableMaxEntries = 2048; // ... and the scalar unit writes at most this many
constexpr double kUnitFixedCycles = 300.0;        // fixed cost of one unit (its spans, queue
                                                  // bookkeeping, syncs): a rough figure, as the forward's

// ============================================================ problem
Tiling ProblemFields(const TrilinearProblem& p, const PlatformInfo& platform)
{
    Tiling f{};
    const uint64_t fold = p.channelsLast ? static_cast<uint64_t>(p.c) : 1;
    f.slabs = static_cast<uint64_t>(p.n) * (p.channelsLast ? 1 : static_cast<uint64_t>(p.c));
    f.inD = p.inD; f.inH = p.inH; f.inW = p.inW;
    f.outD = p.outD; f.outH = p.outH; f.outW = p.outW;
    f.channelFold = fold;
    f.inRow = f.inW * fold;
    f.outRow = f.outW * fold;
    f.gradInTotal = f.slabs * f.inD * f.inH * f.inRow;
    f.gradOutTotal = f.slabs * f.outD * f.outH * f.outRow;
    f.ratioBitsD = FloatBits(interp::TrilinearRatio(p.inD, p.outD, p.alignCorners, p.scalesD));
    f.ratioBitsH = FloatBits(interp::TrilinearRatio(p.inH, p.outH, p.alignCorners, p.scalesH));
    f.ratioBitsW = FloatBits(interp::TrilinearRatio(p.inW, p.outW, p.alignCorners, p.scalesW));
    f.alignCorners = p.alignCorners ? 1 : 0;
    f.ioDtype = DTypeCode(p.dtype);
    f.useDataCopyPad = platform.hasDataCopyPad ? 1 : 0;
    f.castRoundMode = FloatToIoCastMode(platform, p.dtype);
    f.rowPad = TriRoundUp(f.inRow, 32 / DTypeBytes(p.dtype));
    return f;
}

// One axis of the forward, as the backward sees it.
struct Axis {
    float ratio;
    int64_t in, out;
    bool align;

    interp::TrilinearAxisTap Tap(int64_t o) const { return interp::TrilinearTapOf(ratio, o, in, out, align); }
    interp::TrilinearSpan Span(int64_t lo, int64_t hi) const
    {
        return interp::TrilinearGradSpan(ratio, in, out, align, lo, hi);
    }
};

struct TapEntry {
    int64_t out;
    float weight;
};

// Per gradIn index, the gradOut indices whose taps reach it with the tap's weight: gradOut index
// ascending, tap 0 before tap 1 (both taps of one index when they coincide at the border) -- the
// order in which the kernel adds them on every axis.
std::vector<std::vector<TapEntry>> TransposedTaps(const Axis& a)
{
    std::vector<std::vector<TapEntry>> lists(static_cast<size_t>(a.in));
    for (int64_t o = 0; o < a.out; ++o) {
        const interp::TrilinearAxisTap t = a.Tap(o);
        lists[static_cast<size_t>(t.i0)].push_back({o, t.l0});
        lists[static_cast<size_t>(t.i1)].push_back({o, t.l1});
    }
    return lists;
}

uint64_t MaxCount(const std::vector<std::vector<TapEntry>>& lists)
{
    size_t m = 0;
    for (const auto& l : lists) m = std::max(m, l.size());
    return m;
}

uint64_t MinCount(const std::vector<std::vector<TapEntry>>& lists)
{
    size_t m = lists.empty() ? 0 : lists[0].size();
    for (const auto& l : lists) m = std::min(m, l.size());
    return m;
}

// ============================================================ candidates
// A balanced partition of one axis into `parts` and the gradOut spans its parts need.
struct AxisSplit {
    uint64_t parts = 1;
    uint64_t minPart = 0, maxPart = 0;
    uint64_t maxSpan = 0, sumSpan = 0;  // gradOut indices one part's span holds: the most, the total
};

AxisSplit SplitAxis(const Axis& a, uint64_t parts)
{
    AxisSplit s;
    s.parts = parts;
    const uint64_t len = static_cast<uint64_t>(a.in);
    s.minPart = len / parts;
    s.maxPart = TriBwdPartSize(len, parts, 0);
    for (uint64_t i = 0; i < parts; ++i) {
        const int64_t lo = static_cast<int64_t>(tri::TriBwdPartStart(len, parts, i));
        const int64_t hi = lo + static_cast<int64_t>(TriBwdPartSize(len, parts, i)) - 1;
        const interp::TrilinearSpan span = a.Span(lo, hi);
        const uint64_t n = span.last >= span.first ? static_cast<uint64_t>(span.last - span.first + 1) : 0;
        s.maxSpan = std::max(s.maxSpan, n);
        s.sumSpan += n;
    }
    return s;
}

// Part counts worth trying for an axis of `len` indices: every distinct largest-part size, the
// coarsest splits first, at most kMaxPartCandidates of them.
std::vector<uint64_t> PartCounts(uint64_t len, uint64_t most)
{
    std::vector<uint64_t> counts;
    uint64_t lastSize = 0;
    for (uint64_t k = 1; k <= std::min(len, most) && counts.size() < kMaxPartCandidates; ++k) {
        const uint64_t size = CeilDiv(len, k);
        if (size != lastSize) counts.push_back(k);
        lastSize = size;
    }
    return counts;
}

struct Candidate {
    Tiling t;
    double cycles = 0;     // the most loaded core
    double trafficBytes = 0;
    double timeUs = 0;
};

struct Context {
    const PlatformInfo& platform;
    Tiling fields;
    uint64_t es, blk;
    Axis d, h, w;
    std::vector<std::vector<TapEntry>> wLists;
    uint64_t hTaps;
    CostRates rates;
};

// ============================================================ buffers
// The smallest number of elements one write of this tiling moves (the 310P rule: >= 32 B unless the
// whole gradIn is smaller).  Band-planes leave in groups of planesPerWrite, and a group ends early
// where the next band-plane is not contiguous: every band-plane when bands split H; at the end of
// each slab's chunk when chunks split D; at the end of the unit.
uint64_t MinFlushElems(const Tiling& t, uint64_t minSlabs)
{
    if (t.hBands > 1) return (t.inH / t.hBands) * t.inRow;
    const uint64_t minChunk = t.inD / t.dChunks;
    const uint64_t maxChunk = TriBwdPartSize(t.inD, t.dChunks, 0);
    std::vector<uint64_t> runs;  // band-planes emitted between forced flushes
    if (t.dChunks > 1) {
        runs = {minChunk, maxChunk};
    } else {
        runs = {minSlabs * t.inD, t.maxSlabsPerUnit * t.inD};
    }
    uint64_t least = UINT64_MAX;
    for (uint64_t r : runs) {
        const uint64_t tail = r % t.planesPerWrite;
        least = std::min(least, r < t.planesPerWrite ? r : (tail ? tail : t.planesPerWrite));
    }
    return least * t.inH * t.inRow;
}

bool FitsDmaLimits(const Tiling& t)
{
    return t.rowPad * 4 / 32 <= kMaxDmaBlockUnits && 3 * t.wTaps <= 4095 &&
           (t.wTableRows - 1) * t.rowPad * 4 / 32 <= kMaxDmaBlockUnits;
}

// DMA batches, W table rows and H planes per pass for one split, shrunk until the layout fits the
// UB; false when even single planes and rows do not.
bool SizeBuffers(const Context& ctx, Tiling* t)
{
    const uint64_t planeBytesIn = t->maxOutRows * t->outRow * ctx.es;
    const uint64_t bandBytesOut = t->maxRowsPerBand * t->inRow * ctx.es;
    const uint64_t maxNod = t->outPlanesPerLoad;  // set by the caller to the most planes one unit reads
    t->outPlanesPerLoad = 1;
    if (t->maxOutRows == t->outH) {
        t->outPlanesPerLoad = std::max<uint64_t>(1, std::min(maxNod, CeilDiv(kDmaBytesTarget, planeBytesIn)));
    }
    const uint64_t maxEmits = t->planesPerWrite;  // likewise: the most band-planes one unit emits in a run
    t->planesPerWrite = 1;
    if (t->hBands == 1) {
        t->planesPerWrite = std::max<uint64_t>(1, std::min(maxEmits, CeilDiv(kDmaBytesTarget, bandBytesOut)));
    }
    const uint64_t band = t->maxRowsPerBand * t->rowPad;
    t->wTableRows = std::max<uint64_t>(1, std::min(t->outPlanesPerLoad * t->maxOutRows, kWBatchElems / t->rowPad));
    t->hPlanesPerPass = t->hGather ? std::max<uint64_t>(1, std::min(t->outPlanesPerLoad, kWBatchElems / band)) : 1;
    for (;;) {
        if (FitsDmaLimits(*t) && tri::TrilinearBackwardLayout(*t).total <= ctx.platform.ubBytes) return true;
        // shrink the biggest batch (a load is held twice in the io dtype, for 16-bit io once more in
        // fp32, and W-reduced in fp32)
        const uint64_t inB = t->outPlanesPerLoad * (planeBytesIn * (ctx.es == 4 ? 2 : 4) + t->maxOutRows * t->rowPad * 4);
        const uint64_t outB = t->planesPerWrite * bandBytesOut;
        const uint64_t wB = t->wTableRows * t->rowPad * 12 * t->wTaps;
        const uint64_t hB = t->hPlanesPerPass * band * 4 * (3 * t->hTaps + 2);
        const uint64_t most = std::max({inB, outB, wB, hB});
        if (t->outPlanesPerLoad > 1 && inB == most) {
            t->outPlanesPerLoad = (t->outPlanesPerLoad + 1) / 2;
            t->hPlanesPerPass = std::min(t->hPlanesPerPass, t->outPlanesPerLoad);
        } else if (t->planesPerWrite > 1 && outB == most) {
            t->planesPerWrite = (t->planesPerWrite + 1) / 2;
        } else if (t->hPlanesPerPass > 1 && hB == most) {
            t->hPlanesPerPass = (t->hPlanesPerPass + 1) / 2;
        } else if (t->wTableRows > 1 && wB == most) {
            t->wTableRows = (t->wTableRows + 1) / 2;
        } else if (t->outPlanesPerLoad > 1) {
            t->outPlanesPerLoad = (t->outPlanesPerLoad + 1) / 2;
            t->hPlanesPerPass = std::min(t->hPlanesPerPass, t->outPlanesPerLoad);
        } else if (t->planesPerWrite > 1) {
            t->planesPerWrite = (t->planesPerWrite + 1) / 2;
        } else if (t->hPlanesPerPass > 1) {
            t->hPlanesPerPass = (t->hPlanesPerPass + 1) / 2;
        } else if (t->wTableRows > 1) {
            t->wTableRows = (t->wTableRows + 1) / 2;
        } else {
            return false;
        }
    }
}

// ============================================================ cost
// Cycles of one vector instruction over `elems` fp32 elements (`rate` 2: MulAddDst, half rate).
double VecCycles(const CostRates& r, double elems, double rate = 1.0)
{
    return rate * std::ceil(elems / r.floatsPerRepeat) + r.vecInstrCycles;
}

void EstimateCost(const Context& ctx, const AxisSplit& dSplit, const AxisSplit& hSplit, Candidate* c)
{
    const Tiling& t = c->t;
    const CostRates& r = ctx.rates;
    const double planes = static_cast<double>(t.maxSlabsPerUnit * dSplit.maxSpan);  // gradOut planes per unit
    const double emits = static_cast<double>(t.maxSlabsPerUnit * t.maxPlanesPerChunk);
    const double loads = std::ceil(planes / static_cast<double>(t.outPlanesPerLoad));
    const double rowElems = static_cast<double>(t.maxOutRows * t.rowPad);  // one plane's span rows, W-reduced
    const double band = static_cast<double>(t.maxRowsPerBand * t.rowPad);
    const double wBatch = static_cast<double>(t.wTableRows * t.rowPad);
    const double masked = static_cast<double>(t.wTaps - std::min(t.wTaps, t.wMaskFrom));
    // W: per load, Duplicate + per group of wTableRows rows wTaps x (Gather, [mask], MulAddDst)
    const double wGroups = loads * std::ceil(static_cast<double>(t.outPlanesPerLoad * t.maxOutRows) /
                                             static_cast<double>(t.wTableRows));
    double vec = loads * VecCycles(r, rowElems * static_cast<double>(t.outPlanesPerLoad)) +
                 wGroups * (static_cast<double>(t.wTaps) * (VecCycles(r, wBatch) + VecCycles(r, wBatch, 2.0)) +
                            masked * VecCycles(r, wBatch));
    if (t.hGather) {  // per group of planes: Duplicate + hTaps x (Gather, mask, MulAddDst)
        const double hb = band * static_cast<double>(t.hPlanesPerPass);
        const double groups = loads * std::ceil(static_cast<double>(t.outPlanesPerLoad) /
                                                static_cast<double>(t.hPlanesPerPass));
        vec += groups * (VecCycles(r, hb) + static_cast<double>(t.hTaps) *
                                                (2.0 * VecCycles(r, hb) + VecCycles(r, hb, 2.0)));
        vec += 3.0 * static_cast<double>(t.maxRowsPerBand * t.hTaps) * VecCycles(r, static_cast<double>(t.rowPad));
    } else {
        vec += planes * (VecCycles(r, band) +
                         2.0 * static_cast<double>(t.maxOutRows) * VecCycles(r, static_cast<double>(t.rowPad)));
    }
    vec += planes * 2.0 * VecCycles(r, band);  // D
    if (ctx.es != 4) vec += loads * VecCycles(r, static_cast<double>(t.outPlanesPerLoad * t.maxOutRows * t.outRow));
    vec += emits * 2.0 * VecCycles(r, band);
    if (t.compact) vec += std::ceil(emits / static_cast<double>(t.planesPerWrite)) *
                          VecCycles(r, static_cast<double>(t.planesPerWrite) * band);

    const uint64_t blockDim = std::min<uint64_t>(t.units, ctx.platform.coreNum);
    const double readBytes = planes * static_cast<double>(t.maxOutRows * t.outRow * ctx.es);
    const double writeBytes = emits * static_cast<double>(t.maxRowsPerBand * t.inRow * ctx.es);
    const double dmas = loads + std::ceil(emits / static_cast<double>(t.planesPerWrite));
    const double dma = (readBytes + writeBytes) / r.DmaBytesPerCycle(blockDim) + dmas * r.dmaInstrCycles;
    const double unit = std::max(dma, vec) + kUnitFixedCycles;
    c->cycles = std::ceil(static_cast<double>(t.units) / static_cast<double>(blockDim)) * unit;
    c->trafficBytes = static_cast<double>(t.slabs) * static_cast<double>(dSplit.sumSpan) *
                          static_cast<double>(hSplit.sumSpan) * static_cast<double>(t.outRow * ctx.es) +
                      static_cast<double>(t.gradInTotal * ctx.es);
    c->timeUs = std::max(c->cycles / (r.clockGHz * 1e3), c->trafficBytes / (r.hbmGBps * 1e3));
}

// ============================================================ the search
bool BuildCandidate(const Context& ctx, const AxisSplit& dSplit, const AxisSplit& hSplit, uint64_t groups,
                    bool hGather, Candidate* c)
{
    Tiling& t = c->t;
    t = ctx.fields;
    t.slabGroups = groups;
    t.dChunks = dSplit.parts;
    t.hBands = hSplit.parts;
    t.units = groups * dSplit.parts * hSplit.parts;
    t.maxSlabsPerUnit = TriBwdPartSize(t.slabs, groups, 0);
    t.maxPlanesPerChunk = dSplit.maxPart;
    t.maxRowsPerBand = hSplit.maxPart;
    t.maxOutRows = std::max<uint64_t>(hSplit.maxSpan, 1);
    t.wTaps = std::max<uint64_t>(MaxCount(ctx.wLists), 1);
    t.wMaskFrom = MinCount(ctx.wLists);
    t.hTaps = ctx.hTaps;
    t.hGather = hGather ? 1 : 0;
    t.compact = (t.rowPad != t.inRow && !ctx.platform.hasDataCopyPad) ? 1 : 0;
    // the most planes one unit can load or emit in one run (SizeBuffers caps the batches by them)
    const bool wholeChunk = dSplit.parts == 1;
    t.outPlanesPerLoad = (wholeChunk ? t.maxSlabsPerUnit : 1) * std::max<uint64_t>(dSplit.maxSpan, 1);
    t.planesPerWrite = (wholeChunk ? t.maxSlabsPerUnit : 1) * dSplit.maxPart;
    if (!SizeBuffers(ctx, &t)) return false;
    if (!ctx.platform.hasDataCopyPad) {
        const bool tiny = t.gradInTotal * ctx.es < 32;
        if (tiny ? t.units != 1 : MinFlushElems(t, t.slabs / groups) < ctx.blk) return false;
    }
    EstimateCost(ctx, dSplit, hSplit, c);
    return true;
}

// Fastest within the traffic budget; failing that, the least traffic (then the fastest).
bool Better(const Candidate& a, const Candidate& b, double budgetBytes)
{
    const bool aIn = a.trafficBytes <= budgetBytes, bIn = b.trafficBytes <= budgetBytes;
    if (aIn != bIn) return aIn;
    if (aIn) return a.timeUs < b.timeUs * kCostTieRatio;
    if (a.trafficBytes != b.trafficBytes) return a.trafficBytes < b.trafficBytes;
    return a.timeUs < b.timeUs * kCostTieRatio;
}

bool PickCandidate(const Context& ctx, Candidate* best, std::string* why)
{
    const Tiling& f = ctx.fields;
    const double floorBytes = static_cast<double>((f.gradInTotal + f.gradOutTotal) * ctx.es);
    const double budget = floorBytes * kTrilinearBackwardTrafficBudget;
    const uint64_t cores = ctx.platform.coreNum;
    std::vector<AxisSplit> hSplits, dSplits;
    for (uint64_t k : PartCounts(f.inH, 4 * cores)) hSplits.push_back(SplitAxis(ctx.h, k));
    for (uint64_t k : PartCounts(f.inD, 4 * cores)) dSplits.push_back(SplitAxis(ctx.d, k));
    bool found = false;
    for (const AxisSplit& hs : hSplits) {
        for (const AxisSplit& ds : dSplits) {
            std::vector<uint64_t> groupCounts = {f.slabs};
            if (hs.parts == 1 && ds.parts == 1) groupCounts = PartCounts(f.slabs, f.slabs);
            for (uint64_t g : groupCounts) {
                for (bool hGather : {true, false}) {
                    Candidate c;
                    if (!BuildCandidate(ctx, ds, hs, g, hGather, &c)) continue;
                    if (!found || Better(c, *best, budget)) *best = c;
                    found = true;
                }
            }
        }
    }
    if (!found) *why = "no tiling fits the unified buffer (gradIn rows of " + std::to_string(f.inRow) +
                       " elements need W tables of " + std::to_string(MaxCount(ctx.wLists)) + " taps)";
    return found;
}

// ============================================================ workspace and plan

// One row's W tables: wTaps arrays each of offsets (bytes from the gradOut row start), weights and
// int32 masks over rowPad entries.  Entry j of gradIn element e = (w, channel) is the j-th
// (gradOut column, weight) of w; past the end of w's list a padding entry (offset 0, weight 0,
// mask 0); padding columns beyond inRow are never written out (offset 0, weight 0, mask 1).
void EncodeWTables(const Context& ctx, Tiling* t, WorkspaceWriter* ws)
{
    const uint64_t k = t->wTaps, row = t->rowPad, fold = t->channelFold;
    std::vector<uint32_t> words(3 * k * row, 0);
    for (uint64_t j = 0; j < k; ++j) {
        for (uint64_t e = 0; e < row; ++e) {
            uint32_t off = 0, mask = 1;
            float weight = 0.0f;
            if (e < t->inRow) {
                const auto& list = ctx.wLists[e / fold];
                mask = j < list.size() ? 1 : 0;
                if (j < list.size()) {
                    off = static_cast<uint32_t>((static_cast<uint64_t>(list[j].out) * fold + e % fold) * 4);
                    weight = list[j].weight;
                }
            }
            words[j * row + e] = off;
            words[(k + j) * row + e] = FloatBits(weight);
            words[(2 * k + j) * row + e] = mask;
        }
    }
    t->wTabOffset = ws->Append(words.data(), words.size() * 4, 32);
}

// Compaction: byte offsets in the stage (padded rows) of each packed element of one write.
void EncodeCompactionTable(Tiling* t, uint64_t es, WorkspaceWriter* ws)
{
    if (!t->compact) return;
    const uint64_t rows = t->planesPerWrite * t->maxRowsPerBand;
    std::vector<uint32_t> words(TriRoundUp(rows * t->inRow, 8), 0);
    for (uint64_t r = 0; r < rows; ++r) {
        for (uint64_t c = 0; c < t->inRow; ++c) {
            words[r * t->inRow + c] = static_cast<uint32_t>((r * t->rowPad + c) * es);
        }
    }
    t->compactTabOffset = ws->Append(words.data(), words.size() * 4, 32);
}

// Every core loads the tables once; when that would rival the tensors' own traffic and the tables are
// small, the kernel writes them itself (WriteTablesOnDevice, the same entries).
bool TablesOnDevice(const Tiling& t, uint64_t tableBytes, uint64_t es)
{
    const uint64_t cores = std::min<uint64_t>(t.units, t.blockDim);
    const uint64_t floorBytes = (t.gradInTotal + t.gradOutTotal) * es;
    const uint64_t entries = 3 * t.wTaps * t.rowPad + (t.compact ? t.planesPerWrite * t.maxRowsPerBand * t.inRow : 0);
    return cores * tableBytes * kTableTrafficRatio > floorBytes && entries <= kDeviceTableMaxEntries;
}

void EmitPlan(Tiling t, std::vector<uint8_t> workspace, KernelPlan* plan)
{
    t.blockDim = std::min<uint64_t>(t.units, t.blockDim);
    t.workBase = t.units / t.blockDim;
    t.workTail = t.units % t.blockDim;
    t.workspaceBytes = workspace.size();
    plan->blockDim = static_cast<uint32_t>(t.blockDim);
    StoreTiling(t, plan);
    plan->userWorkspaceBytes = t.workspaceBytes;
    plan->workspaceInit = std::move(workspace);
}

}  // namespace

bool DecodeTrilinearBackwardTiling(const KernelPlan& plan, Tiling* out) { return LoadTiling(plan, out); }

bool PlanUpsampleTrilinear3dBackward(const TrilinearProblem& p, const PlatformInfo& platform, KernelPlan* plan,
                                     std::string* err)
{
    bool empty = false;
    if (!StartTrilinearPlan(p, platform, plan, err, &empty)) return false;
    if (empty) return true;  // empty gradIn: nothing to launch
    auto fail = [&](const std::string& m) {
        if (err) *err = m;
        return false;
    };
    const Tiling fields = ProblemFields(p, platform);
    const bool align = p.alignCorners;
    Context ctx{platform,
                fields,
                DTypeBytes(p.dtype),
                32 / DTypeBytes(p.dtype),
                Axis{interp::FloatFromBits(static_cast<uint32_t>(fields.ratioBitsD)), p.inD, p.outD, align},
                Axis{interp::FloatFromBits(static_cast<uint32_t>(fields.ratioBitsH)), p.inH, p.outH, align},
                Axis{interp::FloatFromBits(static_cast<uint32_t>(fields.ratioBitsW)), p.inW, p.outW, align},
                {},
                0,
                CostRatesOf(platform.cost)};
    ctx.wLists = TransposedTaps(ctx.w);
    ctx.hTaps = std::max<uint64_t>(MaxCount(TransposedTaps(ctx.h)), 1);

    Candidate best;
    std::string why;
    if (!PickCandidate(ctx, &best, &why)) return fail(why);
    best.t.blockDim = platform.coreNum;
    WorkspaceWriter ws;
    EncodeWTables(ctx, &best.t, &ws);
    EncodeCompactionTable(&best.t, ctx.es, &ws);
    if (TablesOnDevice(best.t, ws.bytes.size(), ctx.es)) {
        best.t.tablesOnDevice = 1;
        best.t.wTabOffset = best.t.compactTabOffset = 0;
        ws.bytes.clear();
    }
    EmitPlan(best.t, std::move(ws.bytes), plan);
    return true;
}

}  // namespace ai
