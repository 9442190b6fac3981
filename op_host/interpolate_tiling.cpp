// Host tiling of Interpolate-4 (see interpolate_tiling.h and op_kernel/interpolate_tiling_data.h).
//
// Design (docs/aclnnInterpolate.md "Kernel strategy"): every mode is separable, so the problem
// becomes passes over the dimensions that change (resized or padded), driven by per-axis tap tables
// (interpolate_taps.cpp, from interp_math.h, the one definition of the coordinate maths).
// Copy-type axes (nearest, identity with padding) run first in the native dtype, which keeps them
// exact; weighted axes follow in float32, the last pass rounding once to the output dtype.  Within
// each group the innermost axis is fused with the next changing axis into one ROWS pass; the other
// axes are ROWS passes with an identity inner block (column bands if long); shrinking passes run
// first.  A ROWS pass that does not fit the UB (or cannot write its rows on 310P) splits, and
// finally falls back to GATHER.
//
// PlanInterpolate is a sequence of pure stages, each deciding one thing:
//   CheckProblem             the problem is plannable (else the error), or the output is empty
//   BuildActiveAxisTaps      taps of every changed axis; which axes copy and which weigh
//   DecomposeIntoPassSpecs   which axes each pass changes, and the pass order
//   ChoosePassLayouts        ROWS (and its shape: rows per DMA, slots, bands, packing, batching)
//                            or GATHER per pass, fitted to the UB; splits what does not fit
//   AssignPassDtypes         each pass's dtypes, buffers it reads/writes and element counts
//   FitAndEncodePasses       GATHER chunk and window; the tap tables of every pass, byte for byte
//   SplitCores               the cores of every pass
//   PlaceWorkspace           where the SyncAll area, the tables and the ping-pong buffers go
//   FillWorkspaceInit        the bytes written to the workspace before launch
// The UB sizes come from the pass layouts in interpolate_tiling_data.h, the same functions the
// kernel's Init allocates with.
#include "interpolate_tiling.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <utility>

namespace ai {
namespace {

using interp::InterpMode;
using interp::InterpolatePassKind;
using interp::InterpolatePassTiling;
using interp::InterpolateTilingData;

constexpr uint64_t kAlign = 512;            // workspace sub-buffer alignment (bytes)
constexpr uint64_t kBlockBytes = 32;        // UB block / DMA granule
constexpr uint64_t kMaxChunk = 4096;        // GATHER: outputs per chunk (upper bound)
constexpr uint64_t kMinElemsPerCore = 256;  // below this many outputs per core, fewer cores are used
constexpr uint32_t kMaxRowSlots = 128;      // InterpolateRowPass::kMaxSlots
constexpr uint32_t kMaxPlaneSlots = 64;     // InterpolateRowPass::kMaxPlaneSlots
constexpr uint32_t kMaxRowsPerDma = 64;     // ROWS: rows per DMA tried first (halved until the pass fits);
                                            // 16 -> 64 on the corpus: 108 runs faster, 2 slower (DMA issue)
constexpr uint32_t kMaxPlaneRowsPerDma = 16;  // plane passes: input rows per DMA tried first (64 measured
                                              // up to 1.6x slower on 3-axis resizes, e.g. corpus I304, I358)
constexpr uint64_t kRowAlignElems = 32;     // ROWS: transformed rows and bands are 32-element multiples
constexpr uint64_t kMaxBandElems = 8192;    // ROWS: the widest column band tried
// ROWS bands of a transformed inner block: each band has its own tables (per tap and column a uint32
// offset, a float weight and an int32 mask at most); all of them stay below 2^31 bytes, the blob
// offsets being uint32.
constexpr uint64_t kBandTableBytesPerTap = 12;
constexpr uint64_t kMaxBandTablesBytes = 1ull << 31;
constexpr uint64_t kGatherOffsetLimit = 1ull << 31;  // Gather byte offsets are uint32 that the kernel
                                                     // shifts as int32: they stay below 2^31
constexpr uint64_t kFloatBytes = 4;
// 310P packed rows: about kPackedRunElems elements per DMA, at most kMaxPackedRows rows per group,
// and a group of G rows needs G * rowBytes % 32 == 0, so G divides kBlockBytes.
constexpr uint64_t kPackedRunElems = 1024;
constexpr uint64_t kMaxPackedRows = 256;
// Few long identity rows: bands of about kCoreBandElems elements per core when there are fewer than
// kRowsPerCoreForBands rows per core and the rows hold at least kLongRowElems elements.
constexpr uint64_t kLongRowElems = 2048;
constexpr uint64_t kCoreBandElems = 1024;
constexpr uint64_t kRowsPerCoreForBands = 4;
// Short rows: B outer blocks together when a row holds at most kShortRowElems elements, B rows of
// at most kMaxBatchElems elements in all, and each core keeps kMinUnitsPerCore units of work.  A
// batched unit is one strided DMA each way, so larger batches cut the DMA issue of short rows (the
// corpus: 4096 -> 16384 elements, 22 runs faster, none slower; beyond, the UB and the divisors of
// the outer blocks bound B anyway).  Longer rows batched by the rule (kShortRowElems 512) measured
// up to 2.3x slower on some passes; rows up to kLongBatchRowElems are batched only where the model
// finds it faster and the batch moves no more GM bytes than the rule's plan (LongRowBatch): on the
// corpus 72 runs faster by more than 1% (up to 4x: I013), 4 slower (310P I221 +12%, I216 +7%, I226
// +6%; 910B I174 +3%); 1024 gave fewer faster, 512 fewer still.
constexpr uint64_t kShortRowElems = 256;
constexpr uint64_t kLongBatchRowElems = 2048;
constexpr uint64_t kMaxBatchElems = 16384;
constexpr uint64_t kMinUnitsPerCore = 4;
// A ROWS pass takes the model's batch and cores instead of the rule's when they are modeled below
// this fraction of the rule's time (ChooseRowsWork).  0.9 while the model spread a pass's totals
// evenly over its cores; modeling the busiest core of the kernel's split (BusiestCoreTermsOf) made
// it precise enough to take any modeled win (the corpus against 0.9: 910B 78 runs faster by over
// 1%, 1 slower; 310P 31 faster, 5 slower).
constexpr double kModeledWinMargin = 1.0;
// Long-row batches and 310P packed groups larger than the rule's may move up to this many times the
// pass's floor bytes (the corpus's traffic goal), or the rule's plan's bytes where that is more:
// batches re-read the halo rows of B blocks at core boundaries, bigger staging leaves less UB (the
// inner tables may then be read whole rather than built on the device).
constexpr double kModelTrafficCap = 1.10;
// Of batches and core counts modeled this close to the fastest, ChooseRowsWork takes the one moving
// the fewest bytes (the corpus: without it, 22 runs moved more traffic than the rule for a gain the
// model is not precise to, e.g. I182 1.46 -> 2.16 times the floor at the same time).
constexpr double kTrafficTieMargin = 1.01;
constexpr uint64_t kMaxDmaBlocks = 65536;
// A changed axis that is not the last rides inside the rows of the changed axis before it when the
// block after it holds at most this many elements (channels-last: the C values of one pixel); longer
// blocks are identity rows of their own pass (Muls + Axpy over whole rows need no gather tables).
constexpr uint64_t kMaxInnerPost = 64;  // 310P strided DataCopy: block counts / gaps are uint16 (32 B units)
// A plane pass is split (plane axis first) only when the split is modeled clearly faster: the model
// leaves out what the second pass adds (a SyncAll phase, its tables, DMA issue, no overlap between
// the passes); on the corpus, splits modeled at 0.65-0.73 of the fused time measured slower on 910B,
// those at 0.52-0.57 measured 1.6-3.6x faster on both SoCs.
constexpr double kSplitPlanesMargin = 0.6;
// A fitted plane pass is split (SplitPassesModeledFaster) when the split is modeled below this
// fraction of it.  Set from the corpus (modeled split / fused -> measured): 310P 0.40, 0.67, 0.69,
// 0.70 (the named 5-D case) measured 1.2-1.9x faster, 0.89 slower; 910B 0.33, 0.53, 0.73 faster,
// 0.85, 0.86 slower, 0.67 and 0.70 slower (12.5 -> 14.0 us, 52.8 -> 69.6 us: the banded second pass
// re-reads more than the model counts; splits with a banded pass are therefore not taken, which
// also drops the 310P 0.40 / 0.67 / 0.69 wins, whose D passes are banded).
constexpr double kSplitBatchedMargin = 0.75;
// One vector repeat covers 256 B.
constexpr double kVectorRepeatBytes = 256.0;
// Cycles of one scalar read of a tap table entry in UB (GetValue): the sim's SoC profile
// (sim/src/soc_profiles.cpp scalarUbAccessCycles, est. 20 on both SoCs, the S<->V sync included).
// PlatformCost does not carry it, so the planner names it here.
constexpr double kScalarUbReadCycles = 20.0;

constexpr uint32_t kF32 = static_cast<uint32_t>(DType::F32);
constexpr int kPlainCopyRow = -2;  // PassSpec.rowDim of a plan in which nothing changes

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

bool Fail(std::string* err, const std::string& m)
{
    if (err) *err = "interpolate tiling: " + m;
    return false;
}

int64_t Padded(const InterpolateProblem& p, int d) { return p.inShape[d] + p.padsBegin[d] + p.padsEnd[d]; }

double AxisRatio(const InterpolateProblem& p, int d)
{
    return static_cast<double>(p.outShape[d]) / static_cast<double>(Padded(p, d));
}

bool AnyPadTap(const InterpolateAxisTaps& taps)
{
    bool any = false;
    for (float w : taps.weight) any |= IsPadTapWeight(w);
    return any;
}

bool GatherOffsetsFit(uint64_t elems) { return elems * kFloatBytes < kGatherOffsetLimit; }

// Identity taps over `len` source elements (dimensions a pass does not change).
InterpolateAxisTaps IdentitySourceTaps(int64_t len)
{
    InterpolateAxisTaps t;
    t.numTaps = 1;
    t.copy = true;
    t.srcIndex.resize(len);
    t.weight.assign(len, 1.0f);
    for (int64_t i = 0; i < len; ++i) t.srcIndex[i] = i;
    return t;
}

// What the stages share: the problem, the platform and what follows from them.
struct PlanContext {
    PlanContext(const InterpolateProblem& problem, const PlatformInfo& plat)
        : p(problem), platform(plat), nativeType(DTypeCode(problem.dtype))
    {
        const SocCaps caps = CapsOfArch(plat.arch);
        socFlags = (caps.dataCopyPad ? interp::kSocHasDataCopyPad : 0u) | (caps.halfRint ? interp::kSocHalfRint : 0u);
        syncUb = static_cast<uint64_t>(plat.coreNum) * 32;  // SyncAll: GetBlockNum() * 32 B of UB
    }

    const InterpolateProblem& p;
    const PlatformInfo& platform;
    std::vector<InterpolateAxisTaps> axisTaps;  // per dimension; empty where the axis does not change
    // Backward plans: the axes of a fused ROWS pass run in the order a split would run them
    // (shrinking first), never as the cost model or a UB fallback prefers, so the order of the
    // separable sums -- and so every bit of the result -- is the same on every SoC and core count.
    bool canonicalAxisOrder = false;
    // The axis taps are the forward's, from the source coordinates (computed inner taps may apply);
    // backward plans transpose them.
    bool tapsFromCoordinates = true;
    uint32_t nativeType;
    uint32_t socFlags = 0;  // kSocHasDataCopyPad | kSocHalfRint of the architecture planned for
    uint64_t syncUb = 0;    // SyncAll's UB scratch every pass reserves: coreNum * 32 B
    // > 0 while planning a pass of a launch of several passes (ChoosePassLayouts, the split that
    // SplitPassesModeledFaster weighs): the launch takes the most cores any pass takes, and every
    // phase's DMAs get that launch's bandwidth share (the sim's cost model), so a pass on fewer
    // cores gains no larger share; the model takes the launch to use every core.
    mutable uint64_t launchCores = 0;
};

// Sets ctx.launchCores for the lifetime of the guard.
class LaunchCoresGuard {
public:
    LaunchCoresGuard(const PlanContext& ctx, uint64_t cores) : ctx_(ctx), saved_(ctx.launchCores) { ctx.launchCores = cores; }
    ~LaunchCoresGuard() { ctx_.launchCores = saved_; }
    LaunchCoresGuard(const LaunchCoresGuard&) = delete;
    LaunchCoresGuard& operator=(const LaunchCoresGuard&) = delete;

private:
    const PlanContext& ctx_;
    uint64_t saved_;
};

// Which axes one pass changes.
struct PassSpec {
    int rowDim;       // the row axis; -1: the whole tensor is one row (rank 1); kPlainCopyRow: nothing changes
    int innerDim;     // the innermost axis, transformed inside rows, or -1
    bool copy;        // a copy-type pass (native dtype)
    bool rowChanges;  // the row axis is resized/padded in this pass (else identity rows)
    int planeDim = -1;  // a third changed axis before the row axis (RowsPassTiling planeTaps), or -1
};

bool IsFusedSpec(const PassSpec& s) { return s.rowDim >= 0 && s.innerDim >= 0 && s.rowChanges; }

// How much a spec's pass changes the element count: the product of its axes' out / in ratios.
double SpecRatio(const InterpolateProblem& p, const PassSpec& sp)
{
    double r = 1.0;
    for (int d : {sp.rowChanges ? sp.rowDim : -1, sp.innerDim, sp.planeDim}) {
        if (d >= 0) r *= AxisRatio(p, d);
    }
    return r;
}

// One column band of a ROWS pass: output columns [outStart, outStart + outLen) of every row, computed
// from input columns [srcLo, srcLo + srcLen) (the kernel's band table: RowsPassTiling bandSpanAt).
struct BandSpan {
    uint32_t outStart, outLen, srcLo, srcLen;
};

struct PassPlan {
    uint32_t layout = interp::kLayoutGather;
    int dim = 0;       // GATHER: the axis; ROWS: the row axis (-1: one row)
    int innerDim = -1; // ROWS: the last axis, transformed inside each row (-1: identity)
    bool copy = false;
    bool finiteData = false;        // integer data: no inf or NaN anywhere (PadMask)
    InterpolateAxisTaps taps;       // GATHER: taps of `dim`; ROWS: taps of the row axis
    InterpolateAxisTaps innerTaps;  // ROWS: taps of innerDim (or identity over the inner block)
    uint64_t outer = 1, inLen = 1, outLen = 1, inner = 1;
    uint64_t innerIn = 0, innerOut = 0, mid = 1;  // ROWS
    uint64_t post = 1;  // ROWS: elements after innerDim inside the inner block (the inner axis is not the last)
    uint32_t inRowsPerDma = 1, outRowsPerDma = 1;  // ROWS
    int32_t gapRows = -1;                          // ROWS: unused input rows a read takes along (-1:
                                                   // BridgedGapRows's; else the model's, OfferGapRows)
    bool innerAfter = false;                       // ROWS: inner transform on combined output rows
    uint32_t bandElems = 0;                        // ROWS: column bands of the inner block (0: none)
    std::vector<BandSpan> bandSpans;               // ROWS: each band's columns and input span (SetBands)
    uint64_t bandSrcMax = 0;                       // ROWS: the longest input span of a band
    uint32_t bandGroups = 1;                       // ROWS: cores split over bands too
    uint32_t slots = 0;                            // ROWS: cached rows (0: rowTaps + inRowsPerDma)
    uint32_t outerBatch = 1;                       // ROWS: outer blocks handled together (short rows)
    uint32_t cores = 0;                            // ROWS: cores the model chose (ChooseRowsWork; 0: RowsBlockDim)
    bool leanTables = false;                       // ROWS: tables read with the fewest bytes (PlanCompactTables),
                                                   // where only that keeps the model's batch under its traffic cap
    bool compactOut = false;                       // ROWS, 310P: pack unaligned rows before writing
    uint32_t tailRows = 1;                         // ROWS, 310P batched packed rows under 32 B: rows a group
                                                   // holds at least (interp::InterpolateShortPackedLanes)
    uint64_t outerOut = 1;                         // ROWS: output blocks (outer, unless a plane axis changes)
    int planeDim = -1;                             // ROWS: the plane axis, or -1
    InterpolateAxisTaps planeTaps;                 // ROWS: taps of planeDim
    uint64_t planeOuter = 1, planeIn = 1, planeOut = 1, planeMid = 1;
    uint32_t chunkRows = 0, planeSlots = 0;        // ROWS with a plane axis: rows per unit, plane chunks cached
    bool planeCombineFirst = false;                // ... the plane taps' input rows combined first (no slots)
};

// The taps a pass gathers: ROWS the inner ones, GATHER its axis's.
const InterpolateAxisTaps& GatheredTaps(const PassPlan& pp)
{
    return pp.layout == interp::kLayoutRows ? pp.innerTaps : pp.taps;
}

// Whether the pass's gathered taps need the 0/1 padding mask: a padding tap reads a clamped source,
// which in float data may be inf or NaN (its +0.0f weight would give NaN), and a COPY pass has no
// weight to zero it.  A weighted pass over integer data, finite everywhere, gets 0 from the weight
// alone.
bool PadMask(const PassPlan& pp) { return AnyPadTap(GatheredTaps(pp)) && (pp.copy || !pp.finiteData); }

// The tables of one pass as they go into the workspace.
struct PassTables {
    std::vector<uint8_t> rowsBlob;                      // ROWS: the whole blob, byte for byte as in UB
    std::vector<uint32_t> offsets, windowLo, windowHi;  // GATHER
    std::vector<uint8_t> weights;                       // GATHER: weights / masks, raw bytes
};

// ================================ stage: check the problem ===================================
bool CheckProblem(const InterpolateProblem& p, const PlatformInfo& platform, bool* emptyOutput, std::string* err)
{
    if (p.rank < 1 || p.rank > 5) return Fail(err, "rank must be 1..5, got " + std::to_string(p.rank));
    if (DTypeCode(p.dtype) > DTypeCode(DType::I32)) return Fail(err, "unknown dtype");
    if (p.dtype == DType::BF16 && !platform.hasBf16) {
        return Fail(err, "bfloat16 is not supported on " + platform.socName);
    }
    if (platform.coreNum == 0) return Fail(err, "platform reports 0 cores");
    uint64_t outTotal = 1, inTotal = 1;
    for (int d = 0; d < p.rank; ++d) {
        if (p.inShape[d] < 0 || p.outShape[d] < 0 || p.padsBegin[d] < 0 || p.padsEnd[d] < 0) {
            return Fail(err, "negative length or pad on dimension " + std::to_string(d));
        }
        if (!p.resized[d] && p.outShape[d] != Padded(p, d)) {
            return Fail(err, "dimension " + std::to_string(d) + " is not resized but its output length " +
                                 std::to_string(p.outShape[d]) + " differs from the padded input length " +
                                 std::to_string(Padded(p, d)));
        }
        outTotal *= static_cast<uint64_t>(p.outShape[d]);
        inTotal *= static_cast<uint64_t>(p.inShape[d]);
    }
    *emptyOutput = outTotal == 0;  // nothing to launch (blockDim 0)
    if (!*emptyOutput && inTotal == 0) return Fail(err, "input is empty but the output is not");
    return true;
}

// ============================ stage: build the per-axis taps =================================
// Active dimensions (resized or padded) get their taps; copy-type ones (nearest, identity with
// padding) form the first group, run in the native dtype; the rest run in float32.
bool BuildActiveAxisTaps(PlanContext* ctx, std::vector<int>* copyDims, std::vector<int>* weightedDims,
                         std::string* err)
{
    const InterpolateProblem& p = ctx->p;
    ctx->axisTaps.assign(p.rank, InterpolateAxisTaps{});
    for (int d = 0; d < p.rank; ++d) {
        if (!p.resized[d] && p.padsBegin[d] == 0 && p.padsEnd[d] == 0) continue;
        if (!BuildInterpolateAxisTaps(p, d, &ctx->axisTaps[d], err)) return false;
        (ctx->axisTaps[d].copy ? copyDims : weightedDims)->push_back(d);
    }
    return true;
}

// ============================ stage: decompose into passes ===================================
// Elements of the dimensions after `d` (all unchanged when d is the last changed axis).
uint64_t InnerPostElems(const InterpolateProblem& p, int d)
{
    uint64_t post = 1;
    for (int j = d + 1; j < p.rank; ++j) post *= static_cast<uint64_t>(p.inShape[j]);
    return post;
}

// Copy passes first, then weighted ones; in each group the innermost axis rides in the rows of the
// next active axis, and the shrinking passes run first.
std::vector<PassSpec> DecomposeIntoPassSpecs(const InterpolateProblem& p, const std::vector<int>& copyDims,
                                             const std::vector<int>& weightedDims, bool fuseInnerWithPost,
                                             bool fusePlanes)
{
    const int last = p.rank - 1;
    auto ratio = [&](const PassSpec& sp) { return SpecRatio(p, sp); };
    std::vector<PassSpec> specs;
    for (int g = 0; g < 2; ++g) {
        const bool copy = g == 0;
        std::vector<int> dims = copy ? copyDims : weightedDims;
        std::vector<PassSpec> group;
        if (!dims.empty() && dims.back() == last) {
            // The innermost axis is transformed inside the rows of the next active axis (or of the
            // dimension before it, unchanged), so one pass resizes both: the common 2-D case.
            dims.pop_back();
            const bool rowChanges = !dims.empty();
            const int rowDim = dims.empty() ? last - 1 : dims.back();
            if (!dims.empty()) dims.pop_back();
            group.push_back(PassSpec{rowDim, last, copy, rowChanges});
        } else if (fuseInnerWithPost && dims.size() >= 2 && InnerPostElems(p, dims.back()) <= kMaxInnerPost) {
            // The last changed axis has a short block after it (channels-last images: W then C):
            // it is transformed inside the rows of the changed axis before it, the block riding along.
            const int innerDim = dims.back();
            dims.pop_back();
            const int rowDim = dims.back();
            dims.pop_back();
            group.push_back(PassSpec{rowDim, innerDim, copy, true});
        } else if (fusePlanes && dims.size() >= 2) {
            // The last changed axis has a long block after it: it is the row axis (identity inner
            // rows), the changed axis before it the plane axis.
            const int rowDim = dims.back();
            dims.pop_back();
            group.push_back(PassSpec{rowDim, -1, copy, true, dims.back()});
            dims.pop_back();
        }
        if (fusePlanes && !group.empty() && group.back().rowChanges && group.back().planeDim < 0 && !dims.empty()) {
            // A third changed axis: the plane axis of the same pass (one pass for 5-D resizes).
            group.back().planeDim = dims.back();
            dims.pop_back();
        }
        for (int d : dims) group.push_back(PassSpec{d, -1, copy, true});
        std::stable_sort(group.begin(), group.end(),
                         [&](const PassSpec& x, const PassSpec& y) { return ratio(x) < ratio(y); });
        specs.insert(specs.end(), group.begin(), group.end());
    }
    if (specs.empty()) specs.push_back(PassSpec{kPlainCopyRow, last, true, false});
    return specs;
}

// ====================== stage: choose the layouts and fit the UB =============================
// The input element (inside a row's inner block) that tap t of inner output column `col` reads:
// col = (mi * wOut + wo) * post + pi -- block mi of the dimensions before the inner axis, output
// position wo on it, element pi of the dimensions after it.  Identity inner blocks read `col`.
uint64_t InnerSourceElem(const PassPlan& pp, uint64_t col, uint32_t t)
{
    if (pp.innerDim < 0) return col;
    const uint64_t post = pp.post, kw = pp.innerTaps.numTaps;
    const uint64_t wOut = pp.innerOut / (pp.mid * post), wIn = pp.innerIn / (pp.mid * post);
    const uint64_t mi = col / (wOut * post), wo = col / post % wOut, pi = col % post;
    return (mi * wIn + static_cast<uint64_t>(pp.innerTaps.srcIndex[wo * kw + t])) * post + pi;
}

float InnerTapWeight(const PassPlan& pp, uint64_t col, uint32_t t)
{
    if (pp.innerDim < 0) return 1.0f;
    const uint64_t post = pp.post, kw = pp.innerTaps.numTaps;
    const uint64_t wOut = pp.innerOut / (pp.mid * post);
    return pp.innerTaps.weight[(col / post % wOut) * kw + t];
}

// Cuts the inner block into column bands of `band` elements (a 32-element multiple) with their input
// spans.  Without DataCopyPad a last band whose bytes are not a 32 B multiple becomes a full band
// ending at the row end (it overlaps the band before it; the same core writes both).
void SetBands(const PlanContext& ctx, uint32_t szOut, uint64_t band, PassPlan* pp)
{
    pp->bandElems = static_cast<uint32_t>(band);
    pp->bandSpans.clear();
    pp->bandSrcMax = 0;
    const uint32_t kw = pp->innerDim < 0 ? 1u : pp->innerTaps.numTaps;
    for (uint64_t start = 0; start < pp->innerOut; start += band) {
        uint64_t first = start, len = std::min<uint64_t>(band, pp->innerOut - start);
        if (!ctx.platform.hasDataCopyPad && (len * szOut) % kBlockBytes != 0 && pp->innerOut >= band) {
            first = pp->innerOut - band;
            len = band;
        }
        uint64_t lo = UINT64_MAX, hi = 0;
        for (uint64_t col = first; col < first + len; ++col) {
            for (uint32_t t = 0; t < kw; ++t) {
                const uint64_t e = InnerSourceElem(*pp, col, t);
                lo = std::min(lo, e);
                hi = std::max(hi, e + 1);
            }
        }
        pp->bandSpans.push_back(BandSpan{static_cast<uint32_t>(first), static_cast<uint32_t>(len),
                                         static_cast<uint32_t>(lo), static_cast<uint32_t>(hi - lo)});
        pp->bandSrcMax = std::max<uint64_t>(pp->bandSrcMax, hi - lo);
    }
}

void ClearBands(PassPlan* pp)
{
    pp->bandElems = 0;
    pp->bandSpans.clear();
    pp->bandSrcMax = 0;
}

bool RowTapsUseZeroRuns(const PassPlan& pp, bool weighted);
uint32_t RowTapEntriesPerRow(const InterpolateAxisTaps& taps, bool zeroRuns);

// The UB buffers and work units of a ROWS pass with inRows / outRows rows per DMA.
void SizeRowsBuffers(const PassPlan& pp, uint32_t inRows, uint32_t outRows, const interp::InterpolatePassCommon& c,
                     interp::RowsPassTiling* r)
{
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szIn = DTypeBytes(c.inDType);
    const uint32_t szOut = DTypeBytes(c.outDType);
    const uint32_t kw = pp.innerTaps.numTaps;
    const uint32_t kd = pp.taps.numTaps;
    const uint64_t width = pp.bandElems ? pp.bandElems : pp.innerOut;  // elements computed per row
    const uint64_t batch = pp.outerBatch > 1 ? pp.outerBatch : 1;
    const uint64_t pad = batch * AlignUp(width, kRowAlignElems);  // B > 1: B rows of AlignUp(innerOut, 32)
    // B > 1: each block's run of inRows input rows in a lane of its own
    const uint64_t rawPitch = AlignUp((batch > 1 ? inRows : 1) * pp.innerIn * szIn, kBlockBytes) / szIn;
    r->rowInLen = pp.inLen;
    r->rowOutLen = pp.outLen;
    r->innerIn = pp.innerIn;
    r->innerOut = pp.innerOut;
    r->outerBatch = static_cast<uint32_t>(batch);
    r->rawPitch = static_cast<uint32_t>(rawPitch);
    r->batchStride = static_cast<uint32_t>(AlignUp(width, kRowAlignElems));
    r->innerIdentity = pp.innerDim < 0 ? 1u : 0u;
    r->bandElems = static_cast<uint32_t>(width);
    r->bands = static_cast<uint32_t>(pp.bandElems ? pp.bandSpans.size() : 1);
    r->bandGroups = pp.bandGroups;
    r->innerTaps = kw;
    r->rowTaps = weighted ? RowTapEntriesPerRow(pp.taps, RowTapsUseZeroRuns(pp, weighted)) : kd;
    r->inRowsPerDma = inRows;
    r->outRowsPerDma = outRows;
    r->slots = pp.slots ? pp.slots : kd + inRows;
    r->innerOutPad = static_cast<uint32_t>(pad);
    r->innerAfter = (weighted && pp.innerAfter) ? 1u : 0u;
    r->slotElems = static_cast<uint32_t>(r->innerAfter ? AlignUp(interp::InterpolateCombinedInElems(*r), kRowAlignElems) : pad);
    r->rawElems = static_cast<uint32_t>(
        batch > 1 ? batch * rawPitch : AlignUp(pp.bandElems ? pp.bandSrcMax : inRows * pp.innerIn, kBlockBytes / szIn));
    r->rowTabCap = static_cast<uint32_t>(AlignUp(pp.outLen * r->rowTaps, 4));
    r->runLenCap = static_cast<uint32_t>(AlignUp(pp.inLen, 8));
    r->outRowStride = static_cast<uint32_t>(batch > 1 ? pad : AlignUp(width * szOut, kBlockBytes) / szOut);
    r->compactOut = pp.compactOut ? 1u : 0u;
    if (pp.compactOut && batch <= 1) r->outRowStride = static_cast<uint32_t>(pp.innerOut);  // packed: contiguous
    if (pp.planeDim >= 0) r->outRowStride = static_cast<uint32_t>(pad);  // planes: chunk rows as the slots hold them
    r->narrowElems = static_cast<uint32_t>(
        pp.compactOut ? std::max<uint64_t>(pad, AlignUp(uint64_t(outRows) * pp.innerOut, kRowAlignElems)) : pad);
    if (pp.compactOut && batch > 1) {  // the lane runs and tail blocks of a group
        r->narrowElems = static_cast<uint32_t>(std::max<uint64_t>(pad, interp::InterpolateBatchedPackedElems(c, *r)));
    }
    if (pp.planeDim >= 0) {  // a whole chunk, or its packed run
        const uint64_t packed = pp.compactOut ? interp::InterpolatePlanePackedElems(outRows, pp.innerOut) : 0;
        r->narrowElems = static_cast<uint32_t>(std::max<uint64_t>(uint64_t(outRows) * pad, packed));
    }
    r->rowUnits = pp.outer / batch * pp.outLen;
    if (pp.planeDim >= 0) {
        r->planeTaps = pp.planeTaps.numTaps;
        r->planeSlots = pp.planeCombineFirst ? 0u : pp.planeSlots;
        r->planeCombineFirst = pp.planeCombineFirst ? 1u : 0u;
        r->chunkRows = pp.chunkRows;
        r->planeOuter = pp.planeOuter;
        r->planeInLen = pp.planeIn;
        r->planeOutLen = pp.planeOut;
        r->planeMid = pp.planeMid;
        r->rowChunks = (pp.outLen + pp.chunkRows - 1) / pp.chunkRows;
        r->rowUnits = pp.planeOuter * pp.planeMid * r->rowChunks * pp.planeOut;
    }
}

// Byte offsets of the parts of a ROWS pass's table blob (InterpolatePassTiling's ROWS comment):
// inner offsets, inner weights (/ masks), identity offsets, packing offsets, row taps, run lengths.
void LayOutRowsBlob(const PassPlan& pp, uint32_t outRows, const interp::InterpolatePassCommon& c,
                    interp::RowsPassTiling* r)
{
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szC = interp::InterpolateComputeBytes(c);
    const uint64_t kw = r->innerTaps;
    const uint64_t pad = r->innerOutPad;
    uint64_t at = kw * pad * 4;
    r->innerWeightAt = static_cast<uint32_t>(at);
    if (weighted || r->innerMask) at += AlignUp(kw * pad * (weighted ? 4u : szC), kBlockBytes);
    if (weighted && r->innerMask) at += AlignUp(kw * pad * 4, kBlockBytes);  // int32 0/1 mask of padding taps
    r->identityAt = static_cast<uint32_t>(at);
    if (r->innerAfter && r->outerBatch <= 1) at += AlignUp(pp.innerIn, 8) * 4;
    r->compactAt = static_cast<uint32_t>(at);
    if (pp.compactOut && r->outerBatch > 1) {
        at += interp::InterpolateBatchedPackedElems(c, *r) * 4;  // packing table, then tail table
    } else if (pp.compactOut) {  // plane chunks: the tail tables follow; groups: their tail entries inside
        at += AlignUp(pp.planeDim >= 0 ? uint64_t(outRows) * pp.innerOut : interp::InterpolatePackedGroupElems(c, *r), 8) * 4;
    }
    if (pp.compactOut && pp.planeDim >= 0) at += 2 * interp::kInterpolatePlaneTailEntries * 4;  // tail tables
    r->bandSpanAt = static_cast<uint32_t>(at);
    if (r->bands > 1) at += AlignUp(uint64_t(r->bands) * sizeof(BandSpan), kBlockBytes);
    r->planeTabAt = static_cast<uint32_t>(at);
    if (r->planeTaps > 0) at += AlignUp(r->planeOutLen * r->planeTaps * 8, kBlockBytes);
    r->rowSrcAt = static_cast<uint32_t>(at);  // end of the part read whole
    at += r->rowTabCap * 8ull + kBlockBytes;
    r->runLenAt = static_cast<uint32_t>(at);
    at += r->runLenCap * 4ull + kBlockBytes;
    // band b > 0 has inner tables of its own unless every band reads the same columns relative to its
    // span (an identity inner block)
    r->bandTableBytes = (r->bands > 1 && !r->innerIdentity) ? r->identityAt : 0u;
    r->bandTablesAt = static_cast<uint32_t>(at);
    at += uint64_t(r->bands > 1 ? r->bands - 1 : 0) * r->bandTableBytes;
    r->tableBlobBytes = at;
}

// A ROWS pass laid out with inRows / outRows rows per DMA (kind, dtypes, useMask already set).
void SizeRowsPass(const PassPlan& pp, uint32_t inRows, uint32_t outRows, InterpolatePassTiling* pt)
{
    pt->common.layout = interp::kLayoutRows;
    SizeRowsBuffers(pp, inRows, outRows, pt->common, &pt->rows);
    LayOutRowsBlob(pp, outRows, pt->common, &pt->rows);
}

// Shape of the ROWS candidate for `spec` on the current tensor shape:
// [outer, rowIn, innerIn] -> [outer, rowOut, innerOut].
PassPlan RowsPassGeometry(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec)
{
    const InterpolateProblem& p = ctx.p;
    PassPlan pp;
    pp.layout = interp::kLayoutRows;
    pp.dim = spec.rowDim;
    pp.innerDim = spec.innerDim;
    pp.copy = spec.copy;
    pp.finiteData = IsIntegerDType(p.dtype);
    pp.outer = 1;
    for (int j = 0; j < spec.rowDim; ++j) pp.outer *= static_cast<uint64_t>(shape[j]);
    pp.outerOut = pp.outer;
    if (spec.planeDim >= 0) {
        pp.planeDim = spec.planeDim;
        pp.planeTaps = ctx.axisTaps[spec.planeDim];
        pp.planeOuter = pp.planeMid = 1;
        for (int j = 0; j < spec.planeDim; ++j) pp.planeOuter *= static_cast<uint64_t>(shape[j]);
        for (int j = spec.planeDim + 1; j < spec.rowDim; ++j) pp.planeMid *= static_cast<uint64_t>(shape[j]);
        pp.planeIn = static_cast<uint64_t>(shape[spec.planeDim]);
        pp.planeOut = static_cast<uint64_t>(p.outShape[spec.planeDim]);
        pp.outerOut = pp.planeOuter * pp.planeOut * pp.planeMid;
    }
    const bool rowActive = spec.rowDim >= 0 && spec.rowChanges;
    pp.inLen = spec.rowDim >= 0 ? static_cast<uint64_t>(shape[spec.rowDim]) : 1;
    pp.outLen = !rowActive ? pp.inLen : static_cast<uint64_t>(p.outShape[spec.rowDim]);
    pp.taps = rowActive ? ctx.axisTaps[spec.rowDim] : IdentitySourceTaps(static_cast<int64_t>(pp.inLen));
    uint64_t mid = 1, post = 1;
    for (int j = spec.rowDim + 1; j < (spec.innerDim >= 0 ? spec.innerDim : p.rank); ++j) {
        mid *= static_cast<uint64_t>(shape[j]);
    }
    if (spec.innerDim >= 0) {
        for (int j = spec.innerDim + 1; j < p.rank; ++j) post *= static_cast<uint64_t>(shape[j]);
        pp.innerTaps = ctx.axisTaps[spec.innerDim];
        pp.innerIn = mid * static_cast<uint64_t>(shape[spec.innerDim]) * post;
        pp.innerOut = mid * static_cast<uint64_t>(p.outShape[spec.innerDim]) * post;
        pp.mid = mid;
        pp.post = post;
    } else {
        pp.innerTaps = IdentitySourceTaps(static_cast<int64_t>(mid));
        pp.innerIn = pp.innerOut = mid;
        pp.mid = 1;
    }
    return pp;
}

// Cycles of one vector instruction over `elems` float32 elements (the sim's cost model): its issue
// cost plus its 256 B repeats.
double VectorInstrCycles(const PlatformCost& cost, uint64_t elems)
{
    const double repeats = std::ceil(static_cast<double>(elems) * kFloatBytes / kVectorRepeatBytes);
    return cost.vectorInstrCycles + repeats * (kVectorRepeatBytes / cost.vectorBytesPerCycle);
}

// Input rows a ROWS pass reads over all its outer blocks: the rows some non-padding tap names.
double InputRowsRead(const PassPlan& pp)
{
    std::vector<uint8_t> usedRow(pp.inLen, 0);
    for (size_t e = 0; e < pp.taps.srcIndex.size(); ++e) {
        if (!IsPadTapWeight(pp.taps.weight[e])) usedRow[pp.taps.srcIndex[e]] = 1;
    }
    double rows = 0;
    for (uint8_t u : usedRow) rows += u;
    return rows * static_cast<double>(pp.outer);
}

// Vector cycles of a ROWS pass per input row it reads (its transform into a slot) and per output
// row (the row combination, and after it the inner transform where that runs last).
struct RowCycles {
    double perInRow = 0, perOutRow = 0;
    double Of(double rowsIn, double rowsOut) const { return rowsIn * perInRow + rowsOut * perOutRow; }
};

// Cycles of the inner transform of one row of `width` outputs with k taps, as the kernel issues it
// (InterpolateRowPass::InnerTransform): one Gather of every tap, the padding mask's Mul, the weights'
// Mul, each over k rows of the padded width, then the taps folded pairwise (FoldTaps: ceil(log2 k)
// Adds of halving size, the last into the row).
double InnerTransformCycles(const PlatformCost& cost, const InterpolateAxisTaps& taps, bool mask, uint64_t width)
{
    const uint64_t pad = AlignUp(width, kRowAlignElems);
    const uint32_t k = std::max<uint32_t>(1, taps.numTaps);
    const double overAllTaps = mask ? 3.0 : 2.0;  // Gather, [mask,] weights
    double cycles = overAllTaps * VectorInstrCycles(cost, k * pad);
    if (k == 1) return cycles;
    for (uint32_t m = k; m > 2; m -= m / 2) cycles += VectorInstrCycles(cost, (m / 2) * pad);
    return cycles + VectorInstrCycles(cost, pad);
}

// WEIGHTED: the inner transform (`transform` cycles a row) on each needed input row (before) or on
// each combined output row (after); Muls / Axpy per row tap.
RowCycles WeightedRowCycles(const PlatformCost& cost, const PassPlan& pp, bool after, double transform)
{
    const double kd = pp.taps.numTaps;
    if (after) {
        const double instrIn = VectorInstrCycles(cost, pp.innerIn);  // one instruction over an input row
        return RowCycles{instrIn, kd * instrIn + transform};
    }
    return RowCycles{transform, kd * VectorInstrCycles(cost, pp.innerOut)};
}

// ... with the inner transform as the kernel issues it (identity rows: one Gather into the slot).
RowCycles WeightedRowCycles(const PlatformCost& cost, const PassPlan& pp, bool after)
{
    const double transform = pp.innerDim >= 0 ? InnerTransformCycles(cost, pp.innerTaps, PadMask(pp), pp.innerOut)
                                              : VectorInstrCycles(cost, pp.innerOut);
    return WeightedRowCycles(cost, pp, after, transform);
}

// COPY (nearest): the kernel gathers every input row it loads into its slot (one Gather over the
// output row; a Mul by the padding mask when there are padding taps) and moves each output row out
// of its slot (one Muls by 1, a bit-exact move).
RowCycles CopyRowCycles(const PlatformCost& cost, const PassPlan& pp)
{
    const double instr = VectorInstrCycles(cost, pp.innerOut);
    return RowCycles{(AnyPadTap(pp.innerTaps) ? 2.0 : 1.0) * instr, instr};
}

// The pass's own row cycles: COPY, or WEIGHTED in its inner order.
RowCycles PassRowCycles(const PlatformCost& cost, const PassPlan& pp)
{
    return pp.copy ? CopyRowCycles(cost, pp) : WeightedRowCycles(cost, pp, pp.innerAfter);
}

// Vector cycles of a WEIGHTED ROWS pass over all its rows, in either inner order, as the plane-pass
// decisions weigh them (SplitPlanesFaster, FusedPlanePassMicros, the inner order of plane passes and
// column bands): three instructions per inner tap over the output row.  That overstates the
// kernel's inner transform (InnerTransformCycles: one Gather, Mul and mask over all taps, log2 folds),
// and the split margins (kSplitPlanesMargin, kSplitBatchedMargin) were set from the corpus with it:
// with the kernel's count, fused plane passes that run up to 3.4x slower in the sim are modeled
// faster than their split (corpus I356 910B: 16.1 -> 53.9 us), so these decisions keep it.
constexpr double kPlaneModelInstrsPerInnerTap = 3.0;

struct InnerOrderCycles {
    double before, after;
};

InnerOrderCycles RowsVectorCycles(const PlatformCost& cost, const PassPlan& pp)
{
    const double rowsIn = InputRowsRead(pp);
    const double rowsOut = static_cast<double>(pp.outer * pp.outLen);
    const double transform = kPlaneModelInstrsPerInnerTap * pp.innerTaps.numTaps * VectorInstrCycles(cost, pp.innerOut);
    return {WeightedRowCycles(cost, pp, false, transform).Of(rowsIn, rowsOut),
            WeightedRowCycles(cost, pp, true, transform).Of(rowsIn, rowsOut)};
}

// WEIGHTED rows with an inner axis: run the inner transform on each needed input row (before) or
// on each combined output row (after), whichever the vector cost model finds cheaper.
bool InnerTransformAfterRows(const PlatformCost& cost, const PassPlan& pp)
{
    const InnerOrderCycles c = RowsVectorCycles(cost, pp);
    return c.after < c.before;
}

// Modeled time (us) of a pass on every core: its GM bytes at the launch's bandwidth or its vector
// cycles spread over the cores, whichever is longer (DMA and vector overlap).
double PassMicros(const PlatformInfo& platform, double bytes, double vectorCycles)
{
    const PlatformCost& cost = platform.cost;
    const double cores = platform.coreNum;
    const double gbps = std::min(cost.hbmGBps, cores * cost.perCoreDmaGBps);
    return std::max(bytes / (gbps * 1e3), vectorCycles / (cores * cost.clockGHz * 1e3));
}

// A WEIGHTED plane pass computes the rows of every input plane before combining the planes; when
// the plane axis shrinks most, the split runs it first (ChoosePassLayouts), so the rows and inner
// transform run on the output planes only, at the price of a float32 intermediate through GM.
// Whether that split (with the SyncAll between its passes) is modeled clearly faster than the fused pass.
bool SplitPlanesFaster(const PlanContext& ctx, const PassPlan& pp, uint32_t szIn, uint32_t szOut)
{
    const PassSpec restSpec{pp.dim, pp.innerDim, pp.copy, true};
    if (pp.copy || AxisRatio(ctx.p, pp.planeDim) >= SpecRatio(ctx.p, restSpec)) return false;  // rest first
    const PlatformCost& cost = ctx.platform.cost;
    const double blocks = static_cast<double>(pp.planeOuter * pp.planeMid);
    const double planeIn = static_cast<double>(pp.planeIn), planeOut = static_cast<double>(pp.planeOut);
    const double kp = pp.planeTaps.numTaps;
    const double rowsIn = static_cast<double>(pp.inLen * pp.innerIn), rowsOut = static_cast<double>(pp.outLen * pp.innerOut);
    const InnerOrderCycles all = RowsVectorCycles(cost, pp);  // every input plane
    const double rowsCycles = std::min(all.before, all.after);
    const double fusedVector = rowsCycles + blocks * planeOut * kp * VectorInstrCycles(cost, static_cast<uint64_t>(rowsOut));
    const double fused = PassMicros(ctx.platform, blocks * (planeIn * rowsIn * szIn + planeOut * rowsOut * szOut), fusedVector);
    const double inter = blocks * planeOut * rowsIn * kFloatBytes;  // the planes pass's float32 output
    const double planesVector = blocks * planeOut * kp * VectorInstrCycles(cost, static_cast<uint64_t>(rowsIn));
    const double split = PassMicros(ctx.platform, blocks * planeIn * rowsIn * szIn + inter, planesVector) +
                         PassMicros(ctx.platform, inter + blocks * planeOut * rowsOut * szOut, rowsCycles * planeOut / planeIn);
    return split + cost.syncAllUs < kSplitPlanesMargin * fused;
}

// The order a split of a fused spec runs its axes in (ChoosePassLayouts): the more shrinking first.
bool InnerFirst(const InterpolateProblem& p, const PassSpec& spec)
{
    return AxisRatio(p, spec.innerDim) < AxisRatio(p, spec.rowDim);
}

// canonicalAxisOrder: a fused ROWS pass transforms its inner axis after the rows exactly when a split
// would run the row axis first.
bool CanonicalInnerAfter(const InterpolateProblem& p, const PassSpec& spec) { return !InnerFirst(p, spec); }

// The probe tiling the UB fit is checked with: the fields SizeRowsPass does not set.
InterpolatePassTiling RowsProbe(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    InterpolatePassTiling probe;
    std::memset(&probe, 0, sizeof(probe));
    probe.common.kind = static_cast<uint32_t>(pp.copy ? InterpolatePassKind::COPY : InterpolatePassKind::WEIGHTED);
    probe.common.inDType = inType;
    probe.common.outDType = outType;
    probe.common.socFlags = ctx.socFlags;
    probe.rows.innerMask = PadMask(pp) ? 1u : 0u;
    return probe;
}

// Lays `cand` out with `batch` rows per DMA and as many cached rows as useful (rowTaps + batch:
// every row is read once) or as fit the UB (fewer: rows are re-read, still correct, since each slot
// is used right after it is found).
bool FitRowsInUb(const PlanContext& ctx, PassPlan* cand, uint32_t batch, InterpolatePassTiling* probe)
{
    const uint64_t ubBytes = ctx.platform.ubBytes;
    cand->inRowsPerDma = cand->outRowsPerDma = batch;
    cand->slots = std::min<uint32_t>(cand->taps.numTaps + batch, kMaxRowSlots);
    SizeRowsPass(*cand, batch, batch, probe);
    const interp::RowsPassUbLayout ub = interp::InterpolateRowsUbLayout(probe->common, probe->rows, ctx.syncUb);
    if (ub.total <= ubBytes) return true;
    // Fewer slots, down to the row taps of one output row plus the rows one miss loads less one: the
    // rows an output row still needs are then never the oldest ones a load evicts (taps are monotone).
    const uint64_t drop = (ub.total - ubBytes + ub.slotBytes - 1) / ub.slotBytes;
    if (cand->slots < drop + std::max<uint64_t>(batch + 1, cand->taps.numTaps + batch - 1)) return false;
    cand->slots = static_cast<uint32_t>(cand->slots - drop);
    SizeRowsPass(*cand, batch, batch, probe);
    return interp::InterpolateRowsUbLayout(probe->common, probe->rows, ctx.syncUb).total <= ubBytes;
}

bool FitRowsLargestBatch(const PlanContext& ctx, PassPlan* pp, InterpolatePassTiling* probe)
{
    for (uint32_t batch = kMaxRowsPerDma; batch >= 1; batch /= 2) {
        if (FitRowsInUb(ctx, pp, batch, probe)) return true;
    }
    return false;
}

// Inner block too long for the UB (or, without DataCopyPad, rows that are not 32 B multiples): column
// bands, one row per DMA, each band reading only its input span; the widest band that fits.  Where
// the widest band is the whole row (an inner transform after the rows that did not fit), whole rows
// with the transform first, several per DMA where the UB holds them.
bool FitRowsInBands(const PlanContext& ctx, uint32_t szOut, PassPlan* pp, InterpolatePassTiling* probe)
{
    uint64_t band = std::min<uint64_t>(AlignUp(pp->innerOut, kRowAlignElems), kMaxBandElems);
    if (!ctx.platform.hasDataCopyPad) band = std::min<uint64_t>(band, pp->innerOut / kRowAlignElems * kRowAlignElems);
    const bool rowsAligned = ctx.platform.hasDataCopyPad || (pp->innerOut * szOut) % kBlockBytes == 0;
    if (pp->innerAfter && band >= pp->innerOut && rowsAligned) {
        pp->innerAfter = false;
        if (FitRowsLargestBatch(ctx, pp, probe)) return true;
    }
    pp->innerAfter = false;
    for (; band >= kRowAlignElems; band = band / 2 / kRowAlignElems * kRowAlignElems) {
        SetBands(ctx, szOut, band, pp);
        const uint64_t tableBytes =
            pp->innerDim < 0 ? 0 : pp->bandSpans.size() * pp->innerTaps.numTaps * kBandTableBytesPerTap * band;
        if (tableBytes > kMaxBandTablesBytes) break;  // the band tables would outgrow the workspace offsets
        if (FitRowsInUb(ctx, pp, 1, probe)) return true;
    }
    ClearBands(pp);
    pp->slots = 0;
    return false;
}

// 310P packed groups: the fewest rows whose run is whole 32 B blocks, and the fewest of at least 32 B.
uint64_t PackedWholeBlockRows(uint64_t innerOut, uint64_t szOut)
{
    uint64_t g0 = kBlockBytes;
    while (g0 > 1 && (g0 / 2 * innerOut * szOut) % kBlockBytes == 0) g0 /= 2;
    return g0;
}
uint64_t PackedLeastRows(uint64_t innerOut, uint64_t szOut)
{
    return (kBlockBytes + innerOut * szOut - 1) / (innerOut * szOut);
}

// 310P packed groups of G rows (compactOut): the staging and packing of a group fit the UB with
// the most input rows per DMA (down to one).
bool FitPackedGroup(const PlanContext& ctx, uint64_t g, PassPlan* pp, InterpolatePassTiling* probe)
{
    for (uint32_t batch = kMaxRowsPerDma; batch >= 1; batch /= 2) {
        PassPlan cand = *pp;
        cand.compactOut = true;
        ClearBands(&cand);
        cand.innerAfter = false;
        cand.inRowsPerDma = batch;
        cand.slots = std::min<uint32_t>(cand.taps.numTaps + batch, kMaxRowSlots);
        SizeRowsPass(cand, batch, static_cast<uint32_t>(g), probe);
        if (interp::InterpolateRowsUbLayout(probe->common, probe->rows, ctx.syncUb).total <= ctx.platform.ubBytes) {
            cand.outRowsPerDma = static_cast<uint32_t>(g);
            *pp = cand;
            return true;
        }
    }
    return false;
}

// 310P rows that are not 32 B multiples: pack G rows per group, each core holding at least G rows.
// First G with G * innerOut * size a multiple of 32 B (one DMA per group); where that does not fit
// the UB, groups of any G rows of at least 32 B (interp::InterpolatePackedGroupElems: a second DMA
// writes the tail block), the largest of about kPackedRunElems outputs that fits.  Larger groups
// are the model's to take (LargerPackedGroups).  An output smaller than 32 B is one group of all its
// rows, on one core, stored element by element.
bool FitPackedRows(const PlanContext& ctx, PassPlan* pp, InterpolatePassTiling* probe)
{
    const uint64_t szOut = DTypeBytes(probe->common.outDType);
    const uint64_t rowsAll = pp->outer * pp->outLen;
    if (rowsAll * pp->innerOut * szOut < kBlockBytes) return FitPackedGroup(ctx, rowsAll, pp, probe);
    const uint64_t g0 = PackedWholeBlockRows(pp->innerOut, szOut);
    uint64_t g = g0 * std::max<uint64_t>(1, kPackedRunElems / (g0 * pp->innerOut));
    while (g > g0 && rowsAll / g < ctx.platform.coreNum) g -= g0;
    if (g <= rowsAll && g <= kMaxPackedRows && FitPackedGroup(ctx, g, pp, probe)) return true;
    const uint64_t gMin = PackedLeastRows(pp->innerOut, szOut);
    g = std::max<uint64_t>(gMin, kPackedRunElems / pp->innerOut);
    while (g > gMin && rowsAll / g < ctx.platform.coreNum) --g;
    for (; g <= rowsAll && g <= kMaxPackedRows; g = std::max<uint64_t>(gMin, g / 2)) {
        if (FitPackedGroup(ctx, g, pp, probe)) return true;
        if (g == gMin) break;
    }
    return false;
}

// Whether a ROWS pass writes 310P packed groups of outRowsPerDma rows (unbatched, no plane axis).
bool PackedGroups(const PassPlan& pp) { return pp.compactOut && pp.outerBatch <= 1 && pp.planeDim < 0; }

// Packed groups larger than the rule's (FitPackedRows), for the model (ChooseRowsWork): G doubling
// from the fewest rows of whole 32 B blocks and from the fewest of 32 B, while they fit the UB.  The
// rule's ~kPackedRunElems outputs per group issue two DMAs per kilobyte or so on rows of 1-byte
// types, which costs 310P more than the transfer.
std::vector<PassPlan> LargerPackedGroups(const PlanContext& ctx, const PassPlan& pp, InterpolatePassTiling* probe)
{
    std::vector<PassPlan> out;
    if (!PackedGroups(pp) || pp.bandElems) return out;
    const uint64_t szOut = DTypeBytes(probe->common.outDType);
    const uint64_t rowsAll = pp.outer * pp.outLen;
    for (uint64_t first : {PackedWholeBlockRows(pp.innerOut, szOut), PackedLeastRows(pp.innerOut, szOut)}) {
        for (uint64_t g = first; g <= rowsAll && g <= kMaxPackedRows; g *= 2) {
            if (g <= pp.outRowsPerDma) continue;
            PassPlan cand = pp;
            if (!FitPackedGroup(ctx, g, &cand, probe)) break;  // larger groups fit no better
            out.push_back(std::move(cand));
        }
    }
    SizeRowsPass(pp, pp.inRowsPerDma, pp.outRowsPerDma, probe);
    return out;
}

// Few long rows: split the cores over column bands as well (bands of >= ~1K elements keep DMAs
// long), so each core reads few neighbouring rows twice and only its bands' inner tables.  Backward
// plans keep the inner transform where the canonical order put it.
void SpreadLongRowsOverBands(const PlanContext& ctx, uint32_t szOut, PassPlan* pp, InterpolatePassTiling* probe)
{
    const uint64_t coreNum = ctx.platform.coreNum;
    const uint64_t rows = pp->outer * pp->outLen;
    if (rows >= kRowsPerCoreForBands * coreNum || pp->innerOut < kLongRowElems) return;
    if (ctx.canonicalAxisOrder && pp->innerAfter) return;
    const uint64_t want = std::min<uint64_t>(coreNum, (pp->innerOut + kCoreBandElems - 1) / kCoreBandElems);
    uint64_t band = AlignUp((pp->innerOut + want - 1) / want, kRowAlignElems);
    if (pp->bandElems) band = std::min<uint64_t>(band, pp->bandElems);
    const uint64_t bands = (pp->innerOut + band - 1) / band;
    const uint64_t tail = pp->innerOut - (bands - 1) * band;
    const bool tailOk = ctx.platform.hasDataCopyPad || (tail * szOut) % kBlockBytes == 0;
    if (bands <= 1 || !tailOk) return;
    PassPlan banded = *pp;
    SetBands(ctx, szOut, band, &banded);
    banded.bandGroups = static_cast<uint32_t>(std::min<uint64_t>(bands, coreNum));
    banded.innerAfter = false;
    if (FitRowsInUb(ctx, &banded, 1, probe)) *pp = banded;
}

// A batch of rows longer than kShortRowElems (its output rows, or the input rows the inner transform
// runs after): only the model may take it, and only where it moves no more bytes than the rule's plan.
bool LongRowBatch(const PassPlan& pp)
{
    return pp.outerBatch > 1 && (pp.innerOut > kShortRowElems || (pp.innerAfter && pp.innerIn > kShortRowElems));
}

// Whether B consecutive outer blocks of short rows can be one unit of work.  Without DataCopyPad:
//   - 32 B-multiple input rows: one strided DataCopy (gaps within its uint16 fields); others: one
//     DataCopy per block of the row's 32 B blocks, ending at the row's end (the blocks before it are
//     read along; the tensor's first row instead reads on past its end, inside the block's rows);
//     the slots then hold transformed rows (the inner transform first);
//   - 32 B-multiple output rows: one strided DataCopy; others (a block's rows of at least 32 B, the
//     inner transform first): packed per block, each block's rows written as whole 32 B blocks and a
//     tail block over its own last bytes (compactOut, interp::InterpolateBatchedLanePitch; rows under
//     32 B: interp::InterpolateShortPackedLanes).
bool ShortRowsBatchable(const PlanContext& ctx, uint32_t szIn, uint32_t szOut, const PassPlan& pp)
{
    // rows above kShortRowElems: LongRowBatch
    if (pp.bandElems || pp.outer < 2 || pp.innerOut > kLongBatchRowElems) return false;
    if (pp.innerAfter && pp.innerIn > kLongBatchRowElems) return false;
    if (ctx.platform.hasDataCopyPad) return !pp.compactOut;
    const uint64_t inRowBytes = pp.innerIn * szIn, outRowBytes = pp.innerOut * szOut;
    const uint64_t inGap = (pp.inLen - 1) * inRowBytes, outGap = (pp.outLen - 1) * outRowBytes;
    const bool inAligned = inRowBytes % kBlockBytes == 0, outAligned = outRowBytes % kBlockBytes == 0;
    if (inAligned ? (inGap / kBlockBytes >= kMaxDmaBlocks || inRowBytes / kBlockBytes >= kMaxDmaBlocks) : pp.innerAfter) {
        return false;
    }
    // rows under 32 B: a block's rows must hold a tail block (interp::InterpolateShortPackedLanes)
    return outAligned ? outGap / kBlockBytes < kMaxDmaBlocks : !pp.innerAfter && pp.outLen * outRowBytes >= kBlockBytes;
}

// Output rows a core's range is a multiple of (interp::InterpolateRowSplitGranule): whole groups of
// B blocks for short packed lanes.
uint64_t RowSplitGranule(const PassPlan& pp) { return pp.tailRows > 1 ? pp.outLen : 1; }

// A batch of B short rows writes R > B units of one block group in B DMAs (one per block over its
// R rows, InterpolateRowPass::CopyOutBatched) instead of R: the largest R the UB holds.  Packed
// batches (310P) write each block's R rows as one run, for any R.
void WriteBatchedRowsTogether(const PlanContext& ctx, PassPlan* batched, InterpolatePassTiling* probe)
{
    const uint32_t least = batched->compactOut ? 1u : batched->outerBatch;
    uint32_t most = kMaxRowsPerDma;  // a group stays inside one group of blocks: at most outLen rows
    while (most / 2 >= batched->outLen && most > 1) most /= 2;
    for (uint32_t rows = most; rows > least && rows >= 2; rows /= 2) {
        SizeRowsPass(*batched, batched->inRowsPerDma, rows, probe);
        if (interp::InterpolateRowsUbLayout(probe->common, probe->rows, ctx.syncUb).total <= ctx.platform.ubBytes) {
            batched->outRowsPerDma = rows;
            return;
        }
    }
    SizeRowsPass(*batched, batched->inRowsPerDma, batched->outRowsPerDma, probe);
}

// Whether a batch reads its input rows with one DataCopy per block (310P, rows that are not 32 B
// multiples: LoadBlockRowsEndingAtTheirEnds) instead of one strided DMA for all B blocks.
bool BatchReadsPerBlock(const PlanContext& ctx, uint32_t szIn, const PassPlan& pp)
{
    return !ctx.platform.hasDataCopyPad && (pp.innerIn * szIn) % kBlockBytes != 0;
}

// DMAs one read of input rows issues: one strided DMA per row of B blocks, or (310P, rows not 32 B
// multiples) one per block unless the blocks are whole 32 B blocks apart.
double DmasPerInputRead(const PlanContext& ctx, uint32_t szIn, const PassPlan& pp)
{
    const bool inMerged = interp::InterpolateBatchBlocksOneDma(pp.inLen * pp.innerIn, szIn, pp.outerBatch);
    return (pp.outerBatch > 1 && BatchReadsPerBlock(ctx, szIn, pp) && !inMerged) ? pp.outerBatch : 1.0;
}

// Whether a batch's reads stay inside the tensor: read per block, whole 32 B blocks at the tensor's
// start read on past the rows by under 32 B: the last block's first rows need 32 B after them.
bool BatchReadsInside(const PlanContext& ctx, uint32_t szIn, const PassPlan& batched)
{
    if (!BatchReadsPerBlock(ctx, szIn, batched)) return true;
    const uint64_t rowBytes = batched.innerIn * szIn;
    const uint64_t after = (batched.outer - batched.outerBatch) * batched.inLen * rowBytes +
                           (batched.inLen - std::min<uint64_t>(batched.inLen, batched.inRowsPerDma)) * rowBytes;
    return after >= kBlockBytes;
}

// The most input rows per DMA a batch fits the UB with (one where the inner transform runs after
// the row combination: its slots take the rows as read).
bool FitBatchRows(const PlanContext& ctx, uint32_t szIn, PassPlan* batched, InterpolatePassTiling* probe)
{
    const uint32_t most = batched->innerAfter ? 1u : kMaxRowsPerDma;
    for (uint32_t rows = most; rows >= 1; rows /= 2) {
        batched->inRowsPerDma = rows;
        if (BatchReadsInside(ctx, szIn, *batched) && FitRowsInUb(ctx, batched, rows, probe)) return true;
    }
    return false;
}

// With DataCopyPad: `batched` with its rows packed per block into lane runs in the UB (compactOut,
// one Gather per group of rows), so that a group is one DMA (a block per lane,
// InterpolateRowPass::WritePackedLanes) instead of one per row or per block.  The staging rows and
// the packing table must fit the UB beside the rest, with the batch's input rows per DMA or fewer; the
// inner transform runs first.
bool PackLanesOfBatch(const PlanContext& ctx, const PassPlan& batched, PassPlan* packed, InterpolatePassTiling* probe)
{
    if (!ctx.platform.hasDataCopyPad || batched.innerAfter) return false;
    // the DMA's GM stride (a block's plane less the group's rows) is a uint32 byte count
    if (batched.outLen * batched.innerOut * DTypeBytes(probe->common.outDType) > UINT32_MAX) return false;
    // the batch's input rows per DMA, or fewer where the staging rows and packing need their UB
    for (uint32_t rows = batched.inRowsPerDma; rows >= 1; rows /= 2) {
        *packed = batched;
        packed->compactOut = true;
        packed->inRowsPerDma = rows;
        if (!FitRowsInUb(ctx, packed, rows, probe)) continue;
        WriteBatchedRowsTogether(ctx, packed, probe);
        return packed->outRowsPerDma > 1;
    }
    return false;
}

// The short-row batches B (> 1, dividing outer, B rows of at most kMaxBatchElems elements) that fit
// the UB, largest first, each with the most input rows per DMA it fits.  Where the inner transform runs after the row
// combination, the slots hold B input rows: those rows too stay within kMaxBatchElems, and the slots
// hold every row tap of an output row (else each output row re-reads its input rows).
std::vector<PassPlan> ShortRowBatches(const PlanContext& ctx, const PassPlan& pp, InterpolatePassTiling* probe)
{
    std::vector<PassPlan> out;
    const uint32_t szIn = DTypeBytes(probe->common.inDType);
    // 310P packed rows under 32 B: every group holds its tail block's rows
    const uint32_t tailRows = pp.compactOut && !ctx.platform.hasDataCopyPad
                                  ? interp::InterpolateTailRows(pp.innerOut, DTypeBytes(probe->common.outDType))
                                  : 1u;
    auto keep = [&](PassPlan&& cand) {
        WriteBatchedRowsTogether(ctx, &cand, probe);
        if (cand.outRowsPerDma >= tailRows) out.push_back(std::move(cand));
    };
    const uint64_t width = pp.innerAfter ? std::max(pp.innerIn, pp.innerOut) : pp.innerOut;
    const uint64_t bMax = std::max<uint64_t>(1, kMaxBatchElems / AlignUp(width, kRowAlignElems));
    for (uint64_t b = std::min<uint64_t>(bMax, pp.outer); b >= 2; --b) {
        if (pp.outer % b != 0) continue;
        PassPlan batched = pp;
        batched.outerBatch = static_cast<uint32_t>(b);
        batched.tailRows = tailRows;
        batched.inRowsPerDma = 1;
        PassPlan runs = batched;  // and with the most input rows per DMA, for the model
        if (BatchReadsInside(ctx, szIn, batched) && FitRowsInUb(ctx, &batched, 1, probe) &&
            (!pp.innerAfter || batched.slots > batched.taps.numTaps)) {
            keep(std::move(batched));
        }
        if (!pp.innerAfter && FitBatchRows(ctx, szIn, &runs, probe) && runs.inRowsPerDma > 1) keep(std::move(runs));
    }
    const size_t plain = out.size();
    for (size_t i = 0; i < plain; ++i) {
        PassPlan packed;
        if (PackLanesOfBatch(ctx, out[i], &packed, probe)) out.push_back(std::move(packed));
    }
    return out;
}

// Batches the rule may take (one row of B blocks per strided DMA each way); the others (runs of
// rows, 310P packed rows or per-block reads, the inner transform after the rows) only the model.
bool RuleMayBatch(const PlanContext& ctx, uint32_t szIn, const PassPlan& cand)
{
    return cand.inRowsPerDma == 1 && !cand.compactOut && !cand.innerAfter && !BatchReadsPerBlock(ctx, szIn, cand) &&
           !LongRowBatch(cand);
}

// Cores of a ROWS pass with `units` units of `rowsPerUnit` rows of innerOut elements each: every
// core keeps at least kMinElemsPerCore outputs.
uint64_t RowsBlockDim(uint64_t coreNum, uint64_t units, uint64_t innerOut, uint64_t rowsPerUnit)
{
    const uint64_t rowsPerCoreMin = std::max<uint64_t>(1, kMinElemsPerCore / std::max<uint64_t>(1, innerOut * rowsPerUnit));
    return std::max<uint64_t>(1, std::min<uint64_t>({coreNum, units, units / rowsPerCoreMin}));
}

// Cores of a ROWS pass without bands or a plane axis: the model's choice, else RowsBlockDim's (whole
// block groups for short packed lanes); 310P packed groups: the model's or every core, each holding
// a group at least (the kernel's ProcessCompact needs one).
uint64_t RowsPassCores(const PlanContext& ctx, const PassPlan& pp)
{
    const uint64_t units = pp.outer / pp.outerBatch * pp.outLen;
    if (PackedGroups(pp)) {  // 310P packed groups: at least one group per core (SplitCores)
        const uint64_t cores = pp.cores > 0 ? pp.cores : ctx.platform.coreNum;
        return std::max<uint64_t>(1, std::min<uint64_t>(cores, units / pp.outRowsPerDma));
    }
    if (pp.cores > 0) return pp.cores;
    return std::min(units / RowSplitGranule(pp), RowsBlockDim(ctx.platform.coreNum, units, pp.innerOut, pp.outerBatch));
}

// Input rows of the row axis that output rows [row0, row0 + n) read (taps inside the input).
uint64_t RowsReadByChunk(const PassPlan& pp, uint64_t row0, uint64_t n)
{
    const uint32_t k = pp.taps.numTaps;
    int64_t last = -1;
    uint64_t count = 0;
    for (uint64_t o = row0; o < row0 + n; ++o) {
        for (uint32_t t = 0; t < k; ++t) {
            const int64_t s = pp.taps.srcIndex[o * k + t];
            if (IsPadTapWeight(pp.taps.weight[o * k + t]) || s <= last) continue;
            last = s;
            ++count;
        }
    }
    return count;
}

// Modeled time of the busiest core of a plane pass (DMA bytes at its bandwidth share plus DMA
// issue): each core computes the plane chunks its units combine once per run of units of one row
// chunk, reading the chunk's input rows of that plane.
double PlanePassCost(const PlanContext& ctx, const PassPlan& pp, uint32_t szIn, uint32_t szOut)
{
    const PlatformCost& cost = ctx.platform.cost;
    const uint64_t chunks = (pp.outLen + pp.chunkRows - 1) / pp.chunkRows;
    const uint64_t units = pp.planeOuter * pp.planeMid * chunks * pp.planeOut;
    const uint64_t bd = RowsBlockDim(ctx.platform.coreNum, units, pp.innerOut, pp.chunkRows);
    const double share = std::min(cost.perCoreDmaGBps, cost.hbmGBps / static_cast<double>(bd));
    std::vector<uint64_t> rowsRead(chunks);
    for (uint64_t j = 0; j < chunks; ++j) {
        rowsRead[j] = RowsReadByChunk(pp, j * pp.chunkRows, std::min<uint64_t>(pp.chunkRows, pp.outLen - j * pp.chunkRows));
    }
    const uint32_t kp = pp.planeTaps.numTaps;
    double worst = 0.0;
    const uint64_t per = units / bd, extra = units % bd;
    for (uint64_t c = 0, u0 = 0; c < bd; ++c) {
        const uint64_t u1 = u0 + per + (c < extra ? 1 : 0);
        double bytes = 0.0, dmas = 0.0;
        int64_t lastPlane = -1;
        uint64_t lastGroup = UINT64_MAX;
        for (uint64_t u = u0; u < u1; ++u) {
            const uint64_t plane = u % pp.planeOut, group = u / pp.planeOut, j = group % chunks;
            if (group != lastGroup) lastPlane = -1;
            lastGroup = group;
            const uint64_t rows = std::min<uint64_t>(pp.chunkRows, pp.outLen - j * pp.chunkRows);
            for (uint32_t t = 0; t < kp; ++t) {
                const int64_t s = pp.planeTaps.srcIndex[plane * kp + t];
                if (IsPadTapWeight(pp.planeTaps.weight[plane * kp + t])) continue;
                if (!pp.planeCombineFirst && s <= lastPlane) continue;  // combined first: every tap reads
                lastPlane = s;  // a new plane chunk: its input rows
                bytes += static_cast<double>(rowsRead[j] * pp.innerIn * szIn);
                dmas += std::ceil(static_cast<double>(rowsRead[j]) / pp.inRowsPerDma);
            }
            bytes += static_cast<double>(rows * pp.innerOut * szOut);
            dmas += (pp.compactOut && (rows * pp.innerOut * szOut) % kBlockBytes != 0) ? 2 : 1;  // + packed tail block
        }
        worst = std::max(worst, bytes / (share * 1e3) + dmas * cost.dmaInstrCycles / (cost.clockGHz * 1e3));
        u0 = u1;
    }
    return worst;
}

// A plane pass: chunkRows output rows per unit, from whole planes down, each with the most input
// rows per DMA that fit the UB; the one the cost model finds fastest.
bool FitPlanes(const PlanContext& ctx, PassPlan* pp, InterpolatePassTiling* probe)
{
    const uint32_t kp = pp->planeTaps.numTaps;
    if (kp > kMaxPlaneSlots) return false;
    const uint32_t szIn = DTypeBytes(probe->common.inDType), szOut = DTypeBytes(probe->common.outDType);
    std::vector<uint64_t> chunkCands;
    for (uint64_t parts = 1; parts <= pp->outLen; parts = parts < 4 ? parts + 1 : parts * 3 / 2) {
        const uint64_t c = (pp->outLen + parts - 1) / parts;
        if (chunkCands.empty() || c < chunkCands.back()) chunkCands.push_back(c);
    }
    if (chunkCands.back() != 1) chunkCands.push_back(1);
    bool found = false;
    double bestCost = 0.0;
    for (uint64_t c : chunkCands) {
        for (uint32_t batch = kMaxPlaneRowsPerDma; batch >= 1; batch /= 2) {
            PassPlan cand = *pp;
            cand.chunkRows = static_cast<uint32_t>(c);
            cand.inRowsPerDma = batch;
            cand.outRowsPerDma = static_cast<uint32_t>(c);
            cand.slots = std::min<uint32_t>(cand.taps.numTaps + batch, kMaxRowSlots);
            bool fits = false;
            for (uint32_t planeSlots : {std::min<uint32_t>(kp + 1, kMaxPlaneSlots), kp}) {
                cand.planeSlots = pp->planeCombineFirst ? 0u : planeSlots;
                SizeRowsPass(cand, batch, static_cast<uint32_t>(c), probe);
                fits = interp::InterpolateRowsUbLayout(probe->common, probe->rows, ctx.syncUb).total <= ctx.platform.ubBytes;
                if (fits) break;
            }
            if (!fits) continue;
            const double t = PlanePassCost(ctx, cand, szIn, szOut);
            if (!found || t < bestCost) {
                found = true;
                bestCost = t;
                *pp = cand;
            }
            break;  // the most rows per DMA for this chunk
        }
    }
    return found;
}

bool PlanRowsPass(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec, uint32_t inType,
                  uint32_t outType, PassPlan* out);

// The input rows of the row axis some tap inside the input reads (1), per row.
std::vector<uint8_t> UsedInputRowMask(const PassPlan& pp)
{
    std::vector<uint8_t> used(pp.inLen, 0);
    for (size_t e = 0; e < pp.taps.srcIndex.size(); ++e) {
        if (!IsPadTapWeight(pp.taps.weight[e])) used[pp.taps.srcIndex[e]] = 1;
    }
    return used;
}

// Input rows a ROWS pass reads per outer block (taps inside the input; halo re-reads left out).
double UsedInputRows(const PassPlan& pp)
{
    double n = 0;
    for (uint8_t u : UsedInputRowMask(pp)) n += u;
    return n;
}

// The run table of the row axis (RowsPassTiling runLenAt): from each of its inLen rows, the rows one
// DMA reads -- the used ones and the gaps between them of at most maxGap rows (those are read,
// widened and cached like the others, never combined); 0 for rows no DMA starts from.
std::vector<uint32_t> InputRunLengths(const std::vector<uint8_t>& used, uint64_t inLen, uint64_t maxGap)
{
    std::vector<uint32_t> runs(inLen, 0);
    uint32_t run = 0;
    uint64_t gap = 0;
    bool usedAbove = false;
    for (uint64_t row = inLen; row-- > 0;) {
        if (used[row]) {
            run += 1;
            gap = 0;
            usedAbove = true;
        } else {
            gap += 1;
            run = (usedAbove && gap <= maxGap) ? run + 1 : 0;
        }
        runs[row] = run;
    }
    return runs;
}

uint64_t BridgedGapRows(const PlanContext& ctx, const PassPlan& pp, uint32_t inType);

// The unused input rows between used ones a read of the pass takes along: the model's choice, else
// BridgedGapRows's.
uint64_t GapRowsOf(const PlanContext& ctx, const PassPlan& pp, uint32_t inType)
{
    return pp.gapRows >= 0 ? static_cast<uint64_t>(pp.gapRows) : BridgedGapRows(ctx, pp, inType);
}

// Input DMAs of one outer block of a ROWS pass without a plane axis, as its run table makes them
// (InputRunLengths): each run in DMAs of at most inRowsPerDma rows.  Sparse rows (downscales) take
// one DMA per used row.
double InputDmasPerBlock(const PassPlan& pp, uint64_t maxGap)
{
    const std::vector<uint8_t> used = UsedInputRowMask(pp);
    const std::vector<uint32_t> runs = InputRunLengths(used, pp.inLen, maxGap);
    const uint64_t perDma = std::max<uint64_t>(1, pp.inRowsPerDma);
    double dmas = 0;
    for (uint64_t row = 0; row < pp.inLen;) {
        if (!used[row]) {
            ++row;
            continue;
        }
        dmas += static_cast<double>((runs[row] + perDma - 1) / perDma);
        row += runs[row];
    }
    return dmas;
}

// ---- periodic inner tables (RowsPassTiling innerPeriod) ----
// Inner columns repeat with the resize's rational period: wOut / g output positions read wIn / g
// input positions further on (g = gcd), the same weights if the coordinate maths gives the same bits
// there -- which the scan checks column by column, so a repeat is only used where it is exact.
constexpr uint64_t kMaxInnerPeriod = 1024;      // entries; longer periods save little
constexpr uint64_t kMinInnerPeriodSaving = 64;  // entries per row the repeats must spare

// Whether inner column m + p repeats column m: every tap reads `shift` elements further on, with the
// same weight bits.
bool InnerColumnRepeats(const PassPlan& pp, uint32_t kw, uint64_t m, uint64_t p, uint64_t shift)
{
    for (uint32_t t = 0; t < kw; ++t) {
        if (InnerSourceElem(pp, m + p, t) != InnerSourceElem(pp, m, t) + shift) return false;
        const float a = InnerTapWeight(pp, m + p, t), b = InnerTapWeight(pp, m, t);
        if (std::memcmp(&a, &b, sizeof(float)) != 0) return false;
    }
    return true;
}

// The longest run [lo, hi) of consecutive columns m < n for which holds(m) (the first of equal ones).
struct ColumnRun {
    uint64_t lo = 0, hi = 0;
};

template <typename Holds>
ColumnRun LongestColumnRun(uint64_t n, Holds holds)
{
    ColumnRun best;
    uint64_t runStart = 0;
    for (uint64_t m = 0; m < n; ++m) {
        if (!holds(m)) {
            runStart = m + 1;
        } else if (m + 1 - runStart > best.hi - best.lo) {
            best = ColumnRun{runStart, m + 1};
        }
    }
    return best;
}

void ClearInnerPeriod(interp::RowsPassTiling* r)
{
    r->innerPeriod = r->innerPeriodStart = r->innerPeriodEnd = r->innerPeriodShift = 0;
}

// Sets innerPeriod / Start / End / Shift of a ROWS pass without bands: the period (a multiple of
// kInterpolateTableAlignEntries) of the resize's taps, over the longest run of exactly repeating
// columns, when that spares enough entries; clears them otherwise.
void SetInnerPeriod(const PassPlan& pp, interp::RowsPassTiling* r)
{
    ClearInnerPeriod(r);
    if (r->bands > 1) return;
    uint64_t cols = 1, shift = 1;  // identity inner blocks read column m
    if (pp.innerDim >= 0) {
        const uint64_t wOut = pp.innerOut / (pp.mid * pp.post), wIn = pp.innerIn / (pp.mid * pp.post);
        const uint64_t g = std::gcd(wIn, wOut);
        cols = pp.post * (wOut / g);
        shift = pp.post * (wIn / g);
    }
    const uint64_t align = interp::kInterpolateTableAlignEntries;
    const uint64_t p = std::lcm(cols, align), width = r->bandElems;
    if (p > kMaxInnerPeriod || 2 * p + kMinInnerPeriodSaving > width) return;
    const uint64_t periodShift = shift * (p / cols);
    const ColumnRun run = LongestColumnRun(width - p, [&](uint64_t m) {  // the longest run of repeating columns
        return InnerColumnRepeats(pp, r->innerTaps, m, p, periodShift);
    });
    const uint64_t e0 = AlignUp(run.lo, align), e1 = (run.hi + p) / align * align;  // repeats [e0 + p, e1)
    if (e1 < e0 + p + kMinInnerPeriodSaving) return;
    r->innerPeriod = static_cast<uint32_t>(p);
    r->innerPeriodStart = static_cast<uint32_t>(e0);
    r->innerPeriodEnd = static_cast<uint32_t>(e1);
    r->innerPeriodShift = static_cast<uint32_t>(periodShift);
}

// ---- derived gather offsets (RowsPassTiling innerDerivedStart / End / Step) ----
// Away from the edges the taps of an inner column read consecutive positions of the resized axis
// (linear's window, linear_onnx's pair, cubic's four), so tap j's offset is tap 0's plus j positions
// (post elements each); the scan checks where that holds for every tap.

void ClearInnerDerived(interp::RowsPassTiling* r)
{
    r->innerDerivedStart = r->innerDerivedEnd = r->innerDerivedStep = 0;
}

// Whether every tap t of inner column m reads t positions after tap 0.
bool InnerColumnTapsConsecutive(const PassPlan& pp, uint32_t kw, uint64_t m)
{
    const uint64_t first = InnerSourceElem(pp, m, 0);
    for (uint32_t t = 1; t < kw; ++t) {
        if (InnerSourceElem(pp, m, t) != first + t * pp.post) return false;
    }
    return true;
}

// Sets the derived run of a ROWS pass without bands: the longest run of inner columns whose taps are
// consecutive, cut to kInterpolateTableAlignEntries multiples, when it spares enough entries.
void SetInnerDerived(const PassPlan& pp, interp::RowsPassTiling* r)
{
    ClearInnerDerived(r);
    if (r->bands > 1 || pp.innerDim < 0 || r->innerTaps < 2) return;
    const ColumnRun run = LongestColumnRun(pp.innerOut, [&](uint64_t m) {  // the row's columns only
        return InnerColumnTapsConsecutive(pp, r->innerTaps, m);
    });
    const uint64_t align = interp::kInterpolateTableAlignEntries;
    const uint64_t e0 = AlignUp(run.lo, align), e1 = run.hi / align * align;
    if (e1 < e0 + kMinInnerPeriodSaving) return;
    r->innerDerivedStart = static_cast<uint32_t>(e0);
    r->innerDerivedEnd = static_cast<uint32_t>(e1);
    r->innerDerivedStep = static_cast<uint32_t>(pp.post);
}

// ---- computed inner taps (RowsPassTiling innerComputedStart / End) ----
// The planner runs interp::ComputeInnerTaps on the host (HostTapOps: the same float32 / int32
// operations, element by element) over the whole inner axis and keeps the longest run of columns
// where every tap's offset and weight equal the tables' bits.

// interp::ComputeInnerTaps's operations counted (CountTapOps: vector instructions per chunk).
struct CountTapOps {
    using F = int;
    using I = int;
    uint32_t instructions = 0;
    void Index(F, uint32_t) { instructions += 2; }  // CreateVecIndex + Cast
    void Muls(F, F, float) { ++instructions; }
    void Adds(F, F, float) { ++instructions; }
    void Mins(F, F, float) { ++instructions; }
    void Duplicate(F, float) { ++instructions; }
    void Add(F, F, F) { ++instructions; }
    void Sub(F, F, F) { ++instructions; }
    void Mul(F, F, F) { ++instructions; }
    void Abs(F, F) { ++instructions; }
    void ToInt(I, F, interp::RoundDown) { ++instructions; }
    void ToFloat(F, I) { ++instructions; }
    void IntAdds(I, I, int32_t) { ++instructions; }
    void IntMuls(I, I, int32_t) { ++instructions; }
};

uint32_t ComputedTapInstructions(const interp::InnerTapsRecipe& rc)
{
    CountTapOps v;
    const int handles[interp::kComputedTapScratch] = {};
    interp::ComputeInnerTaps(v, rc, 0, handles, handles, handles);
    return v.instructions;
}

// The vector cycles of a core's computed run (ComputeInnerRun's chunks).
double ComputedRunCycles(const PlatformCost& cost, const interp::InterpolatePassCommon& c,
                         const interp::RowsPassTiling& r)
{
    if (r.innerComputedEnd <= r.innerComputedStart) return 0;
    const uint64_t chunk = interp::InterpolateComputedScratchOf(interp::InterpolateRowsUbLayout(c, r, 0)).chunk;
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const double instructions = ComputedTapInstructions(r.innerRecipe) + (weighted && r.innerMask ? r.innerTaps : 0);
    double cycles = 0;
    for (uint64_t e = r.innerComputedStart; e < r.innerComputedEnd; e += chunk) {
        cycles += instructions * VectorInstrCycles(cost, std::min<uint64_t>(chunk, r.innerComputedEnd - e));
    }
    return cycles;
}

void ClearInnerComputed(interp::RowsPassTiling* r)
{
    r->innerComputedStart = r->innerComputedEnd = 0;
    r->innerRecipe = interp::InnerTapsRecipe{};
}

// The recipe of the pass's inner axis (forward plans: WEIGHTED rows, or nearest copies without
// padding masks; no bands; the inner axis alone in the inner block, innermost or with the few
// channels-last elements after it); false when none applies.
bool InnerTapsRecipeOf(const PlanContext& ctx, const PassPlan& pp, const interp::InterpolatePassCommon& c,
                       const interp::RowsPassTiling& r, interp::InnerTapsRecipe* rc)
{
    *rc = interp::InnerTapsRecipe{};
    if (!ctx.tapsFromCoordinates || pp.innerDim < 0 || r.bands > 1 || pp.post > kMaxInnerPost || pp.mid != 1 ||
        (pp.copy && r.innerMask)) {
        return false;
    }
    const InterpolateProblem& p = ctx.p;
    const int d = pp.innerDim;
    rc->entryBytes = kFloatBytes;
    rc->post = static_cast<uint32_t>(pp.post);
    rc->invPost = 1.0f / static_cast<float>(pp.post);
    if (pp.copy) {  // nearest: offsets of the copy's compute type
        if (p.mode != InterpMode::NEAREST) return false;
        rc->mode = static_cast<uint32_t>(interp::ComputedTaps::NEAREST);
        rc->entryBytes = interp::InterpolateCopyComputeBytes(c.inDType);
        const bool downsample = p.scale[d] < 1.0f;
        rc->nearestMode = static_cast<uint32_t>(p.nearestMode == interp::NearestMode::SIMPLE && downsample
                                                    ? interp::NearestMode::CEIL
                                                    : p.nearestMode);
    } else if (p.mode == InterpMode::LINEAR_ONNX) {
        rc->mode = static_cast<uint32_t>(interp::ComputedTaps::LINEAR_ONNX);
    } else if (p.mode == InterpMode::CUBIC) {
        rc->mode = static_cast<uint32_t>(interp::ComputedTaps::CUBIC);
        rc->tapBias = -1;
    } else if (p.mode == InterpMode::LINEAR) {
        rc->mode = static_cast<uint32_t>(interp::ComputedTaps::LINEAR);
        rc->tapBias = -2;
    }
    if (interp::ComputedTapCount(rc->mode) != r.innerTaps || pp.innerTaps.numTaps != r.innerTaps) return false;
    rc->tapBias -= static_cast<int32_t>(p.padsBegin[d]);
    rc->cubicA = p.cubeCoeff;
    return interp::SourceCoordinateRecipe(p.coordMode, p.scale[d], p.outShape[d], Padded(p, d), rc);
}

// The longest run of inner columns where the taps emulated with `rc` equal the tables and none is a
// padding tap.
ColumnRun ComputedColumnRun(const PassPlan& pp, const interp::InnerTapsRecipe& rc, uint32_t kw)
{
    const EmulatedInnerTaps taps = EmulateInnerTaps(rc, static_cast<uint32_t>(pp.innerOut));
    const bool weighted = rc.mode != static_cast<uint32_t>(interp::ComputedTaps::NEAREST);
    return LongestColumnRun(pp.innerOut, [&](uint64_t m) {
        for (uint32_t t = 0; t < kw; ++t) {
            const float w = InnerTapWeight(pp, m, t);
            if (static_cast<uint64_t>(static_cast<uint32_t>(taps.offsets[t][m])) != InnerSourceElem(pp, m, t) * rc.entryBytes ||
                (weighted && std::memcmp(&w, &taps.weights[t][m], sizeof(float)) != 0) || IsPadTapWeight(w)) {
                return false;
            }
        }
        return true;
    });
}

// Sets the computed run of a ROWS pass for recipe `rc` with the division corrected or not and zero
// weights made negative or not: the longest run of inner columns where the emulated taps equal the
// tables and none is a padding tap (the kernel sets the run's padding masks to 1), cut to
// kInterpolateTableAlignEntries multiples, when it spares enough entries.  Uncorrected, the
// multiplier may also be a neighbour of 1/d: the one with the longest run.
void SetInnerComputed(const PassPlan& pp, interp::InnerTapsRecipe rc, bool corrected, bool signedZeros,
                      interp::RowsPassTiling* r)
{
    ClearInnerComputed(r);
    rc.corrected = corrected ? 1u : 0u;
    rc.signedZeros = signedZeros ? 1u : 0u;
    const float nearest = rc.reciprocal;
    const float multipliers[3] = {nearest, std::nextafter(nearest, 0.0f), std::nextafter(nearest, 2.0f * nearest)};
    ColumnRun run;
    for (uint32_t i = 0; i < (corrected ? 1u : 3u); ++i) {
        interp::InnerTapsRecipe candidate = rc;
        candidate.reciprocal = multipliers[i];
        const ColumnRun found = ComputedColumnRun(pp, candidate, r->innerTaps);
        if (found.hi - found.lo > run.hi - run.lo) {
            run = found;
            rc = candidate;
        }
    }
    const uint64_t align = interp::kInterpolateTableAlignEntries;
    const uint64_t e0 = AlignUp(run.lo, align), e1 = run.hi / align * align;
    if (e1 < e0 + kMinInnerPeriodSaving) return;
    r->innerComputedStart = static_cast<uint32_t>(e0);
    r->innerComputedEnd = static_cast<uint32_t>(e1);
    r->innerRecipe = rc;
}

// The vector cycles of one RepeatRun of the kernel (doubling `unit` words up to `total`).
double RepeatRunCycles(const PlatformCost& cost, uint64_t unit, uint64_t total)
{
    double cycles = 0;
    for (uint64_t have = unit; have < total; have *= 2) cycles += VectorInstrCycles(cost, std::min(have, total - have));
    return cycles;
}

// What loading the tables costs one core of a ROWS pass (tiling r): the blob bytes it reads before
// its rows, its DMAs, and with compact inner tables the vector cycles of LoadCompactTables.
struct TableLoadCost {
    double bytes = 0, dmas = 1, cycles = 0;
};

TableLoadCost InnerTablesLoadOf(const PlatformCost& cost, const interp::InterpolatePassCommon& c,
                                const interp::RowsPassTiling& r)
{
    TableLoadCost load;
    load.bytes = static_cast<double>(interp::InterpolateRowsTablesReadBytes(c, r));
    if (!interp::InterpolateInnerTablesCompact(r)) return load;
    interp::InterpolateInnerTable tables[interp::kInterpolateMaxInnerTables];
    const uint32_t count = interp::InterpolateInnerTables(c, r, tables);
    const interp::InterpolateInnerTableSpan span = interp::InterpolateInnerTableSpanOf(r);
    load.dmas = r.rowSrcAt > r.identityAt ? 1.0 : 0.0;
    for (uint32_t i = 0; i < count; i = interp::InterpolateInnerTableRunEnd(tables, count, i, r.innerTaps) + 1) {
        load.dmas += (span.head > 0 ? 1.0 : 0.0) + (span.tail < span.repeat ? 1.0 : 0.0);
        if (tables[i].tapShift != 0) {  // LoadUnderivedColumns
            load.dmas += (r.innerDerivedStart > 0 ? 1.0 : 0.0) + (r.innerDerivedEnd < span.repeat ? 1.0 : 0.0);
        }
    }
    load.cycles += ComputedRunCycles(cost, c, r);
    for (uint32_t i = 0; i < count; ++i) {
        const uint64_t eb = tables[i].entryBytes;
        uint32_t periodRows = r.innerTaps;
        if (tables[i].tapShift != 0) {
            periodRows = 1;
            load.cycles += (r.innerTaps - 1) * VectorInstrCycles(cost, r.innerDerivedEnd - r.innerDerivedStart);
        }
        if (r.innerPeriod > 0) {
            load.cycles += periodRows * RepeatRunCycles(cost, r.innerPeriod * eb / 4,
                                                        (r.innerPeriodEnd - r.innerPeriodStart) * eb / 4);
        }
        if (r.outerBatch > 1) {
            load.cycles += r.innerTaps * RepeatRunCycles(cost, span.repeat * eb / 4, r.outerBatch * span.repeat * eb / 4);
        }
    }
    return load;
}

// ... and with built packing lanes (BuildPackedLanes): one DMA more (the lanes after lane 0 are
// skipped), and an int32 add per lane.
TableLoadCost TableLoadOf(const PlatformCost& cost, const interp::InterpolatePassCommon& c,
                          const interp::RowsPassTiling& r)
{
    TableLoadCost load = InnerTablesLoadOf(cost, c, r);
    if (interp::InterpolateBuiltLaneBytes(c, r) > 0) {
        load.dmas += 1.0;
        load.cycles += (r.outerBatch - 1) * VectorInstrCycles(cost, interp::InterpolateBatchedLanePitch(c, r));
    }
    return load;
}

// What one unit of work of a ROWS pass without a plane axis costs: per batched input row read (B rows
// of one DMA), per unit (an output row of B blocks), per output DMA group, per input DMA.  B =
// outerBatch rows share every vector instruction, row tap read and DMA.
struct RowsPassRates {
    double inRowBytes = 0, unitBytes = 0;    // GM bytes
    RowCycles cycles;                        // vector cycles per batched input row / per unit
    double groupCycles = 0;                  // per output group: packing
    double packedGroupDmas = 0;              // > 0: the DMAs of every group, whatever its rows
    double batch = 1;                        // else min(B, the group's rows) (CopyOutBatched)
    double GroupDmas(double rows) const { return packedGroupDmas > 0 ? packedGroupDmas : std::min(batch, rows); }
    double dmasPerInDma = 1;                 // 310P per-block reads: B DMAs per batched read
    double scalarPerUnit = 0;                // row tap entries read (one more per input DMA: its run length)
    double inRowsPerDma = 1, outRowsPerDma = 1;
    // DMA time counts whole 32 B sectors: per input DMA and per output group, B runs of rows that,
    // where DataCopyPad moves rows that are not 32 B multiples, start anywhere in a sector (32 B less
    // an element on average; without it the kernel moves whole 32 B blocks, counted in the bytes)
    double inRunSectorBytes = 0, outRunSectorBytes = 0;
};

// Vector instructions that widen the input to the compute type once per DMA (Widen: 1-byte data
// through half) and narrow an output row or packed run (NarrowTo: integers saturated and rounded
// first; COPY passes of 1-byte data gather half and cast it back).
double WidenInstrs(bool copy, uint32_t inType)
{
    const uint32_t sz = DTypeBytes(inType);
    if (copy) return sz == 1 ? 1.0 : 0.0;
    return inType == kF32 ? 0.0 : (sz == 1 ? 2.0 : 1.0);
}

double NarrowInstrs(bool copy, uint32_t outType)
{
    const uint32_t sz = DTypeBytes(outType);
    if (copy) return sz == 1 ? 1.0 : 0.0;
    if (outType == kF32) return 0.0;
    if (sz == 1) return 6.0;
    return outType == static_cast<uint32_t>(DType::I32) ? 3.0 : 1.0;
}

RowsPassRates RowsPassRatesOf(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    const uint32_t szIn = DTypeBytes(inType), szOut = DTypeBytes(outType);
    const PlatformCost& cost = ctx.platform.cost;
    const double b = pp.outerBatch;
    PassPlan batched = pp;  // B rows as one row of B times the elements, each lane 32-element aligned
    if (pp.outerBatch > 1) {
        batched.innerIn = pp.outerBatch * AlignUp(pp.innerIn, kRowAlignElems);
        batched.innerOut = pp.outerBatch * AlignUp(pp.innerOut, kRowAlignElems);
    }
    RowsPassRates r;
    r.inRowBytes = b * static_cast<double>(pp.innerIn * szIn);
    r.unitBytes = b * static_cast<double>(pp.innerOut * szOut);
    r.cycles = PassRowCycles(cost, batched);
    r.inRowsPerDma = std::max<uint32_t>(1, pp.inRowsPerDma);
    r.outRowsPerDma = std::max<uint32_t>(1, pp.outRowsPerDma);
    // widening: one instruction per DMA over its rows; narrowing: per unit, or per packed group below
    const double widenRow = VectorInstrCycles(cost, batched.innerIn) - cost.vectorInstrCycles * (1.0 - 1.0 / r.inRowsPerDma);
    r.cycles.perInRow += WidenInstrs(pp.copy, inType) * widenRow;
    // (a COPY row's move out of its slot is the cast of 1-byte data: CopyRowCycles counts it)
    if (!pp.compactOut && !pp.copy) r.cycles.perOutRow += NarrowInstrs(false, outType) * VectorInstrCycles(cost, batched.innerOut);
    // output: per DMA group of up to outRowsPerDma units min(B, rows) DMAs (CopyOutBatched); packed batches
    // one with DataCopyPad (WritePackedLanes), on 310P B, and B more for the tail blocks of rows that
    // are not 32 B multiples; 310P packed groups (B 1) ending inside a 32 B block write their tail
    // block with a second DMA
    const bool packedBatch = pp.compactOut && b > 1;
    const bool tails = !ctx.platform.hasDataCopyPad && (pp.innerOut * szOut) % kBlockBytes != 0;
    const bool groupTails = pp.compactOut && !packedBatch && pp.planeDim < 0 &&
                            (uint64_t(pp.outRowsPerDma) * pp.innerOut * szOut) % kBlockBytes != 0;
    r.batch = b;
    // without DataCopyPad one strided DMA covers the B lanes (and one their tails) where the blocks are
    // whole 32 B blocks apart (interp::InterpolateBatchBlocksOneDma), else one DMA per block each
    const bool outMerged = interp::InterpolateBatchBlocksOneDma(pp.outLen * pp.innerOut, szOut, pp.outerBatch);
    if (packedBatch) r.packedGroupDmas = ctx.platform.hasDataCopyPad ? 1.0 : (outMerged ? 1.0 : b) * (tails ? 2.0 : 1.0);
    if (groupTails) r.packedGroupDmas = 2.0;
    if (pp.compactOut && pp.planeDim < 0) {  // packing: per group a Gather and the narrowing of its run(s)
        const double perPack = 1.0 + NarrowInstrs(pp.copy, outType);  // PackInto
        const double run = b * static_cast<double>(AlignUp(pp.outRowsPerDma * pp.innerOut, kBlockBytes / szOut));
        const double tail = (packedBatch && tails) ? perPack * VectorInstrCycles(cost, static_cast<uint64_t>(b * kBlockBytes / szOut)) : 0.0;
        r.groupCycles = perPack * VectorInstrCycles(cost, static_cast<uint64_t>(run)) + tail;
    }
    r.dmasPerInDma = DmasPerInputRead(ctx, szIn, pp);
    // one scalar read per row-tap entry of a unit (folded zero-weight runs, RowTapEntriesPerRow)
    r.scalarPerUnit = pp.copy ? 1.0 : RowTapEntriesPerRow(pp.taps, RowTapsUseZeroRuns(pp, true));
    const auto runSlack = [&](uint64_t rowBytes, uint32_t elemBytes) {  // 310P moves whole sectors anyway
        const bool slack = ctx.platform.hasDataCopyPad && rowBytes % kBlockBytes != 0;
        return slack ? static_cast<double>(kBlockBytes - elemBytes) : 0.0;
    };
    r.inRunSectorBytes = b * runSlack(pp.innerIn * szIn, szIn);
    r.outRunSectorBytes = b * runSlack(pp.innerOut * szOut, szOut);
    return r;
}

// The work of some of a pass's cores, in units of the batched rows: units, batched input rows read,
// batched input DMAs, output DMA groups.
struct RowsWorkCounts {
    double units = 0, rowsIn = 0, inDmas = 0, groups = 0, outDmas = 0;
    double tableBytes = 0, tableDmas = 0;  // the slices of the row taps and run lengths it reads
    double blocks = 0;  // blocks entered (groups of B blocks), each a scan of a row's taps for its reads
};

// A ROWS pass without a plane axis, without its tables: bytes, DMAs, vector cycles and scalar reads
// over all its cores (`bytes` .. `scalar`) and of its busiest core (`busiest`).
struct RowsCoreTerms {
    double bytes = 0, dmas = 0, vector = 0, scalar = 0;
    double sectorBytes = 0;  // the 32 B sectors the DMAs occupy beyond `bytes` (their time, not traffic)
};

struct RowsPassTerms {
    double bytes = 0, dmas = 0, vector = 0, scalar = 0, cores = 1;
    double shareCores = 1;  // the cores that share the HBM bandwidth: the pass's, or its launch's
    RowsCoreTerms busiest;
};

double ShareCores(const PlanContext& ctx, double cores)
{
    return std::max(cores, static_cast<double>(ctx.launchCores));
}

// Modeled time of one core of a pass whose bandwidth `cores` cores share: its DMA (bytes at its
// bandwidth share plus DMA issue) and vector time overlap, its scalar tap reads add on top; `load`
// its table load.
double CoreMicros(const PlatformInfo& platform, double cores, const RowsCoreTerms& t, const TableLoadCost& load)
{
    const PlatformCost& cost = platform.cost;
    const double share = std::min(cost.perCoreDmaGBps, cost.hbmGBps / cores);
    const double cyclesPerUs = cost.clockGHz * 1e3;
    const double dmaUs = (t.bytes + t.sectorBytes + load.bytes) / (share * 1e3) +
                         (t.dmas + load.dmas) * cost.dmaInstrCycles / cyclesPerUs;
    const double vectorUs = (t.vector + load.cycles) / cyclesPerUs;
    return std::max(dmaUs, vectorUs) + t.scalar * kScalarUbReadCycles / cyclesPerUs;
}

RowsCoreTerms TermsOfWork(const RowsPassRates& r, const RowsWorkCounts& w)
{
    RowsCoreTerms t;
    t.bytes = w.rowsIn * r.inRowBytes + w.units * r.unitBytes;
    t.bytes += w.tableBytes;
    t.dmas = w.inDmas * r.dmasPerInDma + w.outDmas + w.tableDmas;
    t.sectorBytes = w.inDmas * r.inRunSectorBytes + w.groups * r.outRunSectorBytes;
    t.vector = r.cycles.Of(w.rowsIn, w.units) + w.groups * r.groupCycles;
    // a scan of a row's taps per block entered (LimitReadsTo) and two at Init (the core's input range)
    t.scalar = (w.units + w.blocks) * r.scalarPerUnit + w.inDmas;
    return t;
}

// The row axis of one outer block as chunks of output rows read it: per output row the smallest
// source row of it and the rows after it, the largest of it and the rows before it (taps inside the
// input; taps are monotone), and prefix counts of the input rows read (used ones and the gaps a run
// reads along, InputRunLengths) and of the rows a DMA starts from (the first used row of each run).
struct RowAxisReads {
    std::vector<int64_t> firstFrom, lastUpTo;
    std::vector<double> readBefore, startsBefore;
    double blockRows = 0, blockDmas = 0;  // a whole block: rows read, DMAs
};

RowAxisReads RowAxisReadsOf(const PassPlan& pp, uint64_t maxGap)
{
    RowAxisReads a;
    const uint32_t k = pp.taps.numTaps;
    const int64_t none = static_cast<int64_t>(pp.inLen);
    a.firstFrom.assign(pp.outLen + 1, none);
    a.lastUpTo.assign(pp.outLen, -1);
    for (uint64_t o = 0; o < pp.outLen; ++o) {
        int64_t last = o > 0 ? a.lastUpTo[o - 1] : -1;
        for (uint32_t t = 0; t < k; ++t) {
            if (!IsPadTapWeight(pp.taps.weight[o * k + t])) last = std::max(last, pp.taps.srcIndex[o * k + t]);
        }
        a.lastUpTo[o] = last;
    }
    for (uint64_t o = pp.outLen; o-- > 0;) {
        int64_t first = a.firstFrom[o + 1];
        for (uint32_t t = 0; t < k; ++t) {
            if (!IsPadTapWeight(pp.taps.weight[o * k + t])) first = std::min(first, pp.taps.srcIndex[o * k + t]);
        }
        a.firstFrom[o] = first;
    }
    const std::vector<uint8_t> used = UsedInputRowMask(pp);
    const std::vector<uint32_t> runs = InputRunLengths(used, pp.inLen, maxGap);
    a.readBefore.assign(pp.inLen + 1, 0.0);
    a.startsBefore.assign(pp.inLen + 1, 0.0);
    int64_t prevUsed = -1;  // a used row starts a DMA unless the run from the used row before reaches it
    for (uint64_t row = 0; row < pp.inLen; ++row) {
        const bool inRun = prevUsed >= 0 && uint64_t(prevUsed) + runs[prevUsed] > row;  // read along
        const bool start = used[row] && !inRun;
        if (used[row]) prevUsed = static_cast<int64_t>(row);
        a.readBefore[row + 1] = a.readBefore[row] + ((used[row] || inRun) ? 1.0 : 0.0);
        a.startsBefore[row + 1] = a.startsBefore[row] + (start ? 1.0 : 0.0);
    }
    a.blockRows = a.readBefore[pp.inLen];
    a.blockDmas = InputDmasPerBlock(pp, maxGap);
    return a;
}

// Output rows [o0, o1) of one block: the input rows they read and the DMAs that read them (a DMA per
// run start, or per inRowsPerDma rows where runs are longer).
void AddChunkReads(const RowAxisReads& a, uint64_t o0, uint64_t o1, double inRowsPerDma, RowsWorkCounts* w)
{
    const int64_t lo = a.firstFrom[o0], hi = a.lastUpTo[o1 - 1];
    if (hi < lo) return;
    const double rows = a.readBefore[hi + 1] - a.readBefore[lo];
    const double starts = a.startsBefore[hi + 1] - a.startsBefore[lo + 1] + 1.0;  // a run is open at lo
    w->rowsIn += rows;
    w->inDmas += std::max(starts, std::ceil(rows / inRowsPerDma));
}

// The work of the core taking units [u0, u1) (InterpolateRowPass::Init's split): per block it spans,
// the rows of its output rows there; a whole block's rows once.
RowsWorkCounts CoreWorkOf(const PassPlan& pp, const RowAxisReads& a, const RowsPassRates& r, uint64_t u0, uint64_t u1)
{
    RowsWorkCounts w;
    w.units = static_cast<double>(u1 - u0);
    const uint64_t len = pp.outLen;
    const uint64_t g0 = u0 / len, g1 = (u1 - 1) / len;
    w.blocks = static_cast<double>(g1 - g0 + 1) + 2.0;
    const bool batched = pp.outerBatch > 1;  // a batched group of rows stays inside its blocks
    auto addGroups = [&](double rows, double times) {  // rows in groups of up to outRowsPerDma
        const double whole = std::floor(rows / r.outRowsPerDma), left = rows - whole * r.outRowsPerDma;
        w.groups += times * (whole + (left > 0 ? 1.0 : 0.0));
        w.outDmas += times * (whole * r.GroupDmas(r.outRowsPerDma) + (left > 0 ? r.GroupDmas(left) : 0.0));
    };
    auto partial = [&](uint64_t o0, uint64_t o1) {
        AddChunkReads(a, o0, o1, r.inRowsPerDma, &w);
        if (batched) addGroups(static_cast<double>(o1 - o0), 1.0);
    };
    if (g0 == g1) {
        partial(u0 % len, (u1 - 1) % len + 1);
    } else {
        partial(u0 % len, len);
        partial(0, (u1 - 1) % len + 1);
    }
    const double whole = g1 > g0 + 1 ? static_cast<double>(g1 - g0 - 1) : 0.0;
    w.rowsIn += whole * a.blockRows;
    w.inDmas += whole * std::max(a.blockDmas, std::ceil(a.blockRows / r.inRowsPerDma));
    if (batched) {
        addGroups(static_cast<double>(len), whole);
    } else {
        addGroups(w.units, 1.0);
    }
    if (PackedGroups(pp) && u1 - u0 >= r.outRowsPerDma) {
        // 310P packed groups (ProcessCompact): a core's last group is a whole group ending at its
        // last row, over rows it has already computed: they are computed and written again (their
        // input rows mostly still in the slots)
        const uint64_t g = static_cast<uint64_t>(r.outRowsPerDma);
        const uint64_t again = (g - (u1 - u0) % g) % g;
        w.units += static_cast<double>(again);
    }
    if (pp.tailRows > 1) {
        // short packed lanes (whole block groups): a block's last group shorter than its tail block's
        // rows ends at the block's end with them, recomputing rows written before
        const uint64_t last = pp.outLen % static_cast<uint64_t>(r.outRowsPerDma);
        if (last > 0 && last < pp.tailRows) w.units += static_cast<double>((pp.tailRows - last) * (u1 - u0) / len);
    }
    // the slices of its output rows' taps and its input rows' run lengths (InterpolateRowPass::Init),
    // the whole tables when its rows span blocks; each one DMA with 32 B of slack
    const double rows = g0 == g1 ? w.units : static_cast<double>(len);
    const double inRows = g0 == g1 ? w.rowsIn : static_cast<double>(pp.inLen);
    w.tableBytes = rows * 8.0 * r.scalarPerUnit + inRows * 4.0 + 64.0;
    w.tableDmas = 2.0;
    return w;
}

// What the model of a ROWS pass takes from its plan whatever its core count: its rates and the
// reads of its row axis (ModeledFastestWork builds it once per candidate, not per core count).
struct RowsPassModel {
    RowsPassRates rates;
    RowAxisReads axis;
};

RowsPassModel RowsPassModelOf(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    return RowsPassModel{RowsPassRatesOf(ctx, pp, inType, outType), RowAxisReadsOf(pp, GapRowsOf(ctx, pp, inType))};
}

// The terms of the split the kernel makes (units / cores each, the first units % cores one more):
// totals over the cores, and those of the core modeled slowest without its tables.  `model`: that
// of `pp` (any core count).
RowsPassTerms BusiestCoreTermsOf(const PlanContext& ctx, const PassPlan& pp, const RowsPassModel& model)
{
    const RowsPassRates& r = model.rates;
    const RowAxisReads& a = model.axis;
    const uint64_t units = pp.outer / pp.outerBatch * pp.outLen;
    const uint64_t q = RowSplitGranule(pp);  // the kernel's split (InterpolateRowPass::Init)
    const uint64_t cores = std::max<uint64_t>(1, std::min<uint64_t>(RowsPassCores(ctx, pp), units / q));
    const uint64_t per = units / q / cores, extra = units / q % cores;
    RowsPassTerms t;
    t.cores = static_cast<double>(cores);
    t.shareCores = ShareCores(ctx, t.cores);
    double slowest = -1;
    for (uint64_t c = 0; c < cores; ++c) {
        const uint64_t u0 = (c * per + std::min(c, extra)) * q, u1 = u0 + (per + (c < extra ? 1 : 0)) * q;
        const RowsCoreTerms core = TermsOfWork(r, CoreWorkOf(pp, a, r, u0, u1));
        t.bytes += core.bytes;
        t.dmas += core.dmas;
        t.vector += core.vector;
        t.scalar += core.scalar;
        const TableLoadCost none{0, 0, 0};
        const double us = CoreMicros(ctx.platform, t.shareCores, core, none);
        if (us > slowest) {
            slowest = us;
            t.busiest = core;
        }
    }
    return t;
}

RowsPassTerms BusiestCoreTermsOf(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    return BusiestCoreTermsOf(ctx, pp, RowsPassModelOf(ctx, pp, inType, outType));
}

// Modeled time of the pass with every core loading its tables at `load`: its busiest core's.
double RowsPassMicrosWith(const PlanContext& ctx, const RowsPassTerms& t, const TableLoadCost& load)
{
    return CoreMicros(ctx.platform, t.shareCores, t.busiest, load);
}

// The pass terms PlanCompactTables weighs: none for plane passes, which keep whole tables.
RowsPassTerms CompactChoiceTerms(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    return pp.planeDim < 0 ? BusiestCoreTermsOf(ctx, pp, inType, outType) : RowsPassTerms{};
}

// Compact inner tables (interp::InterpolateInnerTablesCompact) where the pass's modeled time
// (`terms`, the pass without its tables) is lowest with them: the bytes they spare against the DMAs
// and vector instructions that rebuild them, in the pass's own balance of DMA and vector time.  The
// options are whole tables, the regularities found (periods, derived offsets, both; batch repeats
// whenever compact) and the taps computed from the coordinates (each way of computing them that the
// emulation finds exact somewhere): the fastest, and of equally fast ones the one reading the fewest
// bytes.  Plane passes keep whole tables.
void PlanCompactTables(const PlanContext& ctx, const PassPlan& pp, const interp::InterpolatePassCommon& c,
                       const RowsPassTerms& terms, interp::RowsPassTiling* r)
{
    r->compactTables = 0;
    ClearInnerPeriod(r);
    ClearInnerDerived(r);
    ClearInnerComputed(r);
    if (pp.planeDim >= 0) return;
    struct Option {
        interp::RowsPassTiling tiling;
        double us, bytes;
    };
    std::vector<Option> options;
    auto consider = [&](const interp::RowsPassTiling& t) {
        const TableLoadCost load = TableLoadOf(ctx.platform.cost, c, t);
        options.push_back(Option{t, RowsPassMicrosWith(ctx, terms, load), load.bytes});
    };
    consider(*r);
    interp::RowsPassTiling found = *r;
    SetInnerPeriod(pp, &found);
    SetInnerDerived(pp, &found);
    found.compactTables = 1;
    for (int variant = 0; variant < 4; ++variant) {  // bit 0: periods, bit 1: derived offsets
        interp::RowsPassTiling t = found;
        if ((variant & 1) == 0) ClearInnerPeriod(&t);
        if ((variant & 2) == 0) ClearInnerDerived(&t);
        if (interp::InterpolateInnerTablesCompact(t)) consider(t);
    }
    interp::InnerTapsRecipe recipe;
    if (InnerTapsRecipeOf(ctx, pp, c, *r, &recipe)) {
        const bool weighted = recipe.mode != static_cast<uint32_t>(interp::ComputedTaps::NEAREST);
        for (int variant = 0; variant < (weighted ? 4 : 2); ++variant) {  // bit 0: corrected, bit 1: signed zeros
            interp::RowsPassTiling t = *r;
            SetInnerComputed(pp, recipe, (variant & 1) != 0, (variant & 2) != 0, &t);
            t.compactTables = 1;
            if (t.innerComputedEnd > t.innerComputedStart) consider(t);
        }
    }
    const Option* pick = &options[0];
    for (const Option& o : options) {
        const bool better = pp.leanTables ? (o.bytes < pick->bytes || (o.bytes == pick->bytes && o.us < pick->us))
                                          : (o.us < pick->us || (o.us == pick->us && o.bytes < pick->bytes));
        if (better) pick = &o;
    }
    *r = pick->tiling;
}

// A core's table load in a planned ROWS pass, compact where PlanCompactTables chooses it.
TableLoadCost PlannedTableLoad(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType,
                               const RowsPassTerms& terms)
{
    InterpolatePassTiling probe = RowsProbe(ctx, pp, inType, outType);
    SizeRowsPass(pp, pp.inRowsPerDma, pp.outRowsPerDma, &probe);
    PlanCompactTables(ctx, pp, probe.common, terms, &probe.rows);
    return TableLoadOf(ctx.platform.cost, probe.common, probe.rows);
}

// Modeled time of a fitted ROWS pass without a plane axis or bands: its busiest core's.
double FittedRowsMicros(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    const RowsPassTerms t = BusiestCoreTermsOf(ctx, pp, inType, outType);
    return RowsPassMicrosWith(ctx, t, PlannedTableLoad(ctx, pp, inType, outType, t));
}

// Planes combined first: the vector cycles of every unit's combined input rows -- per plane tap and
// DMA of rows, the widening Casts (1-byte data: two, 16-bit: one) and a Muls or Axpy.
double CombinedPlaneRowsCycles(const PlanContext& ctx, const PassPlan& pp, uint32_t inType)
{
    const uint32_t szIn = DTypeBytes(inType);
    const double ops = 1.0 + (szIn == 1 ? 2.0 : (inType == kF32 ? 0.0 : 1.0));
    const uint64_t chunks = (pp.outLen + pp.chunkRows - 1) / pp.chunkRows;
    const uint32_t kp = pp.planeTaps.numTaps;
    double cycles = 0.0;
    for (uint64_t j = 0; j < chunks; ++j) {
        const uint64_t rows = RowsReadByChunk(pp, j * pp.chunkRows, std::min<uint64_t>(pp.chunkRows, pp.outLen - j * pp.chunkRows));
        double perUnit = 0.0;
        for (uint64_t r = 0; r < rows; r += pp.inRowsPerDma) {
            perUnit += ops * VectorInstrCycles(ctx.platform.cost, std::min<uint64_t>(pp.inRowsPerDma, rows - r) * pp.innerIn);
        }
        for (uint64_t plane = 0; plane < pp.planeOut; ++plane) {
            for (uint32_t t = 0; t < kp; ++t) {
                if (!IsPadTapWeight(pp.planeTaps.weight[plane * kp + t])) cycles += perUnit;
            }
        }
    }
    return cycles * static_cast<double>(pp.planeOuter * pp.planeMid);
}

// Modeled time of a fitted plane pass: its busiest core's DMA (PlanePassCost) against the vector
// work of every input plane's rows (one instruction per row: rows of one plane chunk are computed one
// by one) and of the plane combinations (one per chunk and tap), plus the scalar reads of the row
// taps of every computed row, of each chunk's read limit and of each unit's plane taps; every core
// reads the tables once.
double FusedPlanePassMicros(const PlanContext& ctx, const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    const uint32_t szIn = DTypeBytes(inType), szOut = DTypeBytes(outType);
    const PlatformCost& cost = ctx.platform.cost;
    const uint64_t chunks = (pp.outLen + pp.chunkRows - 1) / pp.chunkRows;
    const uint64_t units = pp.planeOuter * pp.planeMid * chunks * pp.planeOut;
    const double cores = static_cast<double>(RowsBlockDim(ctx.platform.coreNum, units, pp.innerOut, pp.chunkRows));
    // the rows computed: of every input plane (pp.outer counts them), or, combined first, of the
    // output planes only
    PassPlan rowsOf = pp;
    if (pp.planeCombineFirst) rowsOf.outer = pp.outer / pp.planeIn * pp.planeOut;
    const InnerOrderCycles c = RowsVectorCycles(cost, rowsOf);
    const double kp = pp.planeTaps.numTaps, kd = pp.taps.numTaps;
    const double blocks = static_cast<double>(pp.planeOuter * pp.planeMid);
    const double rowsIn = UsedInputRows(pp) * static_cast<double>(rowsOf.outer);
    const double rowsOut = static_cast<double>(rowsOf.outer * pp.outLen);
    const double chunkElems = static_cast<double>(pp.chunkRows) * AlignUp(pp.innerOut, kRowAlignElems);
    const double combine = pp.planeCombineFirst ? CombinedPlaneRowsCycles(ctx, pp, inType)
                                                : static_cast<double>(units) * kp *
                                                      VectorInstrCycles(cost, static_cast<uint64_t>(chunkElems));
    const double vector = (pp.copy ? 0.0 : (pp.innerAfter ? c.after : c.before)) + combine;
    const double scalar = rowsOut * kd + blocks * pp.planeIn * chunks * kd + static_cast<double>(units) * kp +
                          rowsIn / pp.inRowsPerDma;
    const double share = std::min(cost.perCoreDmaGBps, cost.hbmGBps / cores);
    const double tablesUs = PlannedTableLoad(ctx, pp, inType, outType, RowsPassTerms{}).bytes / (share * 1e3) +
                            cost.dmaInstrCycles / (cost.clockGHz * 1e3);
    const double dmaUs = PlanePassCost(ctx, pp, szIn, szOut) + tablesUs;
    return std::max(dmaUs, vector / (cores * cost.clockGHz * 1e3)) +
           scalar * kScalarUbReadCycles / (cores * cost.clockGHz * 1e3);
}

// Whether the plane pass's split -- the plane axis alone and the rest (row and inner axes) as two
// ROWS passes, in the order ChoosePassLayouts runs them, with a SyncAll between -- is modeled below
// kSplitBatchedMargin of the fitted fused pass.  The fused pass computes its rows one instruction
// and one tap read at a time; the split's rest pass may batch short rows of many planes (outerBatch),
// which on 310P (8 cores, 16-cycle instruction issue at 1.08 GHz) outweighs the intermediate's GM
// round trip.
double SplitPassesMicros(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec, uint32_t inType,
                         uint32_t outType);

bool SplitPassesModeledFaster(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec,
                              const PassPlan& fused, uint32_t inType, uint32_t outType)
{
    return SplitPassesMicros(ctx, shape, spec, inType, outType) <
           kSplitBatchedMargin * FusedPlanePassMicros(ctx, fused, inType, outType);
}

// The split's modeled time (SplitPassesModeledFaster); infinite where it cannot run or is not taken.
double SplitPassesMicros(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec, uint32_t inType,
                         uint32_t outType)
{
    constexpr double kNever = 1e300;
    const InterpolateProblem& p = ctx.p;
    PassSpec rest = spec;
    rest.planeDim = -1;
    const PassSpec planeOnly{spec.planeDim, -1, spec.copy, true};
    const bool planeFirst = AxisRatio(p, spec.planeDim) < SpecRatio(p, rest);
    const PassSpec first = planeFirst ? planeOnly : rest, second = planeFirst ? rest : planeOnly;
    const uint32_t midType = spec.copy ? inType : kF32;
    const LaunchCoresGuard launch(ctx, ctx.platform.coreNum);
    int64_t mid[5];
    for (int d = 0; d < p.rank; ++d) mid[d] = shape[d];
    PassPlan a, b;
    if (!PlanRowsPass(ctx, shape, first, inType, midType, &a)) return kNever;
    for (int d : {first.rowChanges ? first.rowDim : -1, first.innerDim}) {
        if (d >= 0) mid[d] = p.outShape[d];
    }
    if (!PlanRowsPass(ctx, mid, second, midType, outType, &b)) return kNever;
    // Column bands: the model counts a banded pass's input reads far below what the sim measures
    // (910B 96^3 -> 240x115x115 cubic: 29 MB modeled, ~51 MB read), so such splits are not taken.
    if (a.bandElems || b.bandElems) return kNever;
    return FittedRowsMicros(ctx, a, inType, midType) + FittedRowsMicros(ctx, b, midType, outType) +
           ctx.platform.cost.syncAllUs;
}

// The rule's pick among the candidates (unbatched first, then batches largest first): the largest
// batch that leaves each core kMinUnitsPerCore units, else the unbatched pass.
size_t RuleBatchIndex(const PlanContext& ctx, uint32_t szIn, const std::vector<PassPlan>& cands)
{
    const PassPlan& pp = cands.front();
    const uint64_t bCap = pp.outer * pp.outLen / (kMinUnitsPerCore * ctx.platform.coreNum);
    for (size_t i = 1; i < cands.size(); ++i) {
        if (cands[i].outerBatch <= bCap && RuleMayBatch(ctx, szIn, cands[i])) return i;
    }
    return 0;
}

// A ROWS pass's own floor: its input read once, its output written once.
double PassFloorBytes(const PassPlan& pp, uint32_t inType, uint32_t outType)
{
    return static_cast<double>(pp.outer) * (static_cast<double>(pp.inLen * pp.innerIn * DTypeBytes(inType)) +
                                            static_cast<double>(pp.outLen * pp.innerOut * DTypeBytes(outType)));
}

// The candidate and core count with the lowest modeled time for the busiest core, and that time; of
// those modeled within kTrafficTieMargin of it, the one moving the fewest GM bytes (tables included).
// Long-row batches and larger packed groups move no more bytes than the rule's plan (longRowBytesCap)
// or kModelTrafficCap times the pass's floor, whichever is more.
double ModeledFastestWork(const PlanContext& ctx, uint32_t inType, uint32_t outType, std::vector<PassPlan> cands,
                          double longRowBytesCap, PassPlan* best)
{
    struct Work {
        size_t cand;
        uint32_t cores;
        bool leanTables;
        double us, bytes;
    };
    std::vector<Work> works;
    for (size_t i = 0; i < cands.size(); ++i) {
        PassPlan& cand = cands[i];
        const uint64_t units = cand.outer / cand.outerBatch * cand.outLen;
        // long-row batches: the tables each core count will load (their choice depends on it), and
        // no more bytes than the cap; others: one table choice for every count
        const bool longRow = LongRowBatch(cand);
        // packed groups larger than the rule's (LargerPackedGroups): no more bytes than the cap
        const bool largerGroups = i > 0 && PackedGroups(cand) && PackedGroups(cands[0]) &&
                                  cand.outRowsPerDma > cands[0].outRowsPerDma;
        // reads taking more unused rows along than BridgedGapRows's (OfferGapRows): at most the floor
        const bool moreGap = cand.gapRows >= 0 && static_cast<uint64_t>(cand.gapRows) > BridgedGapRows(ctx, cand, inType);
        const bool capped = longRow || largerGroups || moreGap;
        const double cap = moreGap ? PassFloorBytes(cand, inType, outType)
                                   : std::max(longRowBytesCap, kModelTrafficCap * PassFloorBytes(cand, inType, outType));
        const RowsPassModel model = RowsPassModelOf(ctx, cand, inType, outType);
        TableLoadCost load;
        if (!longRow) load = PlannedTableLoad(ctx, cand, inType, outType, BusiestCoreTermsOf(ctx, cand, model));
        // packed groups: every core holds at least one group (SplitCores)
        const uint64_t most = PackedGroups(cand) ? std::max<uint64_t>(1, units / cand.outRowsPerDma)
                                                 : units / RowSplitGranule(cand);
        for (uint64_t c = 1; c <= std::min<uint64_t>(ctx.platform.coreNum, most); ++c) {
            cand.cores = static_cast<uint32_t>(c);
            cand.leanTables = false;
            const RowsPassTerms t = BusiestCoreTermsOf(ctx, cand, model);
            TableLoadCost coreLoad = longRow ? PlannedTableLoad(ctx, cand, inType, outType, t) : load;
            if (capped && t.bytes + t.cores * coreLoad.bytes > cap) {  // over the cap: the leanest tables, if they fit it
                cand.leanTables = true;
                coreLoad = PlannedTableLoad(ctx, cand, inType, outType, t);
                if (t.bytes + t.cores * coreLoad.bytes > cap) continue;
            }
            works.push_back(Work{i, cand.cores, cand.leanTables, RowsPassMicrosWith(ctx, t, coreLoad),
                                 t.bytes + t.cores * coreLoad.bytes});
        }
    }
    if (works.empty()) return 0;
    const Work* fastest = &works[0];
    for (const Work& w : works) {
        if (w.us < fastest->us) fastest = &w;
    }
    const Work* pick = fastest;
    for (const Work& w : works) {
        if (w.us <= fastest->us * kTrafficTieMargin && w.bytes < pick->bytes) pick = &w;
    }
    *best = cands[pick->cand];
    best->cores = pick->cores;
    best->leanTables = pick->leanTables;
    return pick->us;
}

// Reads of several input rows (inRowsPerDma > 1) may take more unused rows along than
// BridgedGapRows's estimate, which counts their widening and transform in full though a DMA-bound
// pass hides them: each such candidate is offered with 1, 2, 4 or 8 of them too (more than the
// estimate, fewer than a read holds), for the model to weigh the DMAs spared against the bytes and
// vector work added, within the pass's traffic floor (ModeledFastestWork).  Offering fewer rows too
// made the model take plans the sim ran slower (corpus: 310P I006 +12%, I228 +8%).
void OfferGapRows(const PlanContext& ctx, uint32_t inType, std::vector<PassPlan>* cands)
{
    const size_t n = cands->size();
    for (size_t i = 0; i < n; ++i) {
        const PassPlan cand = (*cands)[i];  // a copy: the pushes below may move the vector
        if (cand.inRowsPerDma <= 1 || cand.bandElems || cand.planeDim >= 0) continue;
        const uint64_t rule = BridgedGapRows(ctx, cand, inType);
        for (int32_t gap : {1, 2, 4, 8}) {
            if (static_cast<uint64_t>(gap) <= rule || static_cast<uint32_t>(gap) >= cand.inRowsPerDma) continue;
            PassPlan alt = cand;
            alt.gapRows = gap;
            cands->push_back(std::move(alt));
        }
    }
}

// Short rows and the pass's cores.  The rule: batch the largest B that leaves each core
// kMinUnitsPerCore units (input rows re-read at core boundaries stay few), on RowsBlockDim's cores.
// The batch and cores with the lowest modeled time (RowsPassMicrosWith, the busiest core's share)
// replace it when clearly faster: tiny problems are bound by per-row instruction and tap-read issue,
// which more cores and larger batches spread; others read fewer tables on fewer cores, or issue
// fewer DMAs in larger batches (the corpus, searched also where the rule takes every core: 52 runs
// faster, 2 slower, I259 +6%).
void ChooseRowsWork(const PlanContext& ctx, uint32_t inType, uint32_t outType, PassPlan* pp, InterpolatePassTiling* probe)
{
    std::vector<PassPlan> cands{*pp};
    if (ShortRowsBatchable(ctx, DTypeBytes(inType), DTypeBytes(outType), *pp)) {
        for (PassPlan& b : ShortRowBatches(ctx, *pp, probe)) cands.push_back(std::move(b));
    }
    for (PassPlan& g : LargerPackedGroups(ctx, *pp, probe)) cands.push_back(std::move(g));
    OfferGapRows(ctx, inType, &cands);
    *pp = cands[RuleBatchIndex(ctx, DTypeBytes(inType), cands)];
    if (pp->bandElems || pp->planeDim >= 0 || (pp->compactOut && cands.size() == 1)) return;
    const RowsPassTerms ruleTerms = BusiestCoreTermsOf(ctx, *pp, inType, outType);
    const TableLoadCost ruleLoad = PlannedTableLoad(ctx, *pp, inType, outType, ruleTerms);
    const double ruleUs = RowsPassMicrosWith(ctx, ruleTerms, ruleLoad);
    PassPlan best;
    const double bestUs = ModeledFastestWork(ctx, inType, outType, std::move(cands),
                                             ruleTerms.bytes + ruleTerms.cores * ruleLoad.bytes, &best);
    if (bestUs < kModeledWinMargin * ruleUs) *pp = best;
}

// Whether a plane pass may combine the plane taps' input rows first (RowsPassTiling
// planeCombineFirst): weighted, a shrinking plane axis (the rows then run on fewer planes), and
// DataCopyPad (every tap's read lands at element 0, so the taps add element by element).
bool CombinesPlanesFirst(const PlanContext& ctx, const PassPlan& pp)
{
    return !pp.copy && ctx.platform.hasDataCopyPad && pp.planeOut < pp.planeIn;
}

// A ROWS pass with a plane axis (forward only): whole rows (no bands, no batching), each unit's rows
// one DMA; 310P rows that are not 32 B multiples are packed (rows of at least 32 B, so a unit's last
// block is its own).  The rows of every input plane (combined per output plane after the rows) or,
// where CombinesPlanesFirst, the output planes' combined input rows, whichever is modeled faster;
// split instead when the split is modeled faster.
bool PlanPlanePass(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec, PassPlan pp,
                   InterpolatePassTiling probe, PassPlan* out)
{
    const uint32_t inType = probe.common.inDType, outType = probe.common.outDType;
    const uint32_t szOut = DTypeBytes(outType);
    const bool rowsAligned = ctx.platform.hasDataCopyPad || (pp.innerOut * szOut) % kBlockBytes == 0;
    if (!rowsAligned && pp.innerOut * szOut < kBlockBytes) return false;
    pp.compactOut = !rowsAligned;
    if (!GatherOffsetsFit(pp.innerIn)) return false;
    PassPlan rowsFirst = pp;
    InterpolatePassTiling rowsProbe = probe;
    const bool rowsFit = !SplitPlanesFaster(ctx, pp, DTypeBytes(inType), szOut) && FitPlanes(ctx, &rowsFirst, &rowsProbe);
    PassPlan combined = pp;
    combined.planeCombineFirst = true;
    if (!CombinesPlanesFirst(ctx, pp) || !FitPlanes(ctx, &combined, &probe)) {
        if (!rowsFit || SplitPassesModeledFaster(ctx, shape, spec, rowsFirst, inType, outType)) return false;
        *out = std::move(rowsFirst);
        return true;
    }
    const bool rowsFaster = rowsFit && FusedPlanePassMicros(ctx, rowsFirst, inType, outType) <=
                                           FusedPlanePassMicros(ctx, combined, inType, outType);
    PassPlan& best = rowsFaster ? rowsFirst : combined;
    if (SplitPassesModeledFaster(ctx, shape, spec, best, inType, outType)) return false;
    *out = std::move(best);
    return true;
}

// Fits `pp` (its inner order set) into the UB -- whole rows, packed rows, or column bands -- and
// chooses its batch and cores (ChooseRowsWork); false where it does not fit.
bool FitRowsWork(const PlanContext& ctx, uint32_t inType, uint32_t outType, PassPlan* pp)
{
    InterpolatePassTiling probe = RowsProbe(ctx, *pp, inType, outType);
    const uint32_t szOut = DTypeBytes(outType);
    const bool offsetsFit = GatherOffsetsFit(pp->innerIn);
    const bool rowsAligned = ctx.platform.hasDataCopyPad || (pp->innerOut * szOut) % kBlockBytes == 0;
    const bool innerAfter = pp->innerAfter;
    bool fits = offsetsFit && rowsAligned && FitRowsLargestBatch(ctx, pp, &probe);
    // Rows too long for the UB: column bands.  Without DataCopyPad, unaligned rows (identity or
    // transformed inner blocks) are packed first (FitPackedRows), and banded when packing does not fit.
    const bool bandable = offsetsFit && pp->innerOut >= kRowAlignElems;
    if (!fits && bandable && rowsAligned) fits = FitRowsInBands(ctx, szOut, pp, &probe);
    if (!fits && offsetsFit && !rowsAligned) fits = FitPackedRows(ctx, pp, &probe);
    if (!fits && bandable && !rowsAligned) fits = FitRowsInBands(ctx, szOut, pp, &probe);
    if (!fits || (ctx.canonicalAxisOrder && pp->innerAfter != innerAfter)) return false;  // split instead
    SpreadLongRowsOverBands(ctx, szOut, pp, &probe);
    ChooseRowsWork(ctx, inType, outType, pp, &probe);
    return true;
}

// The ROWS pass of `spec`, if one fits the UB (and, on 310P, can write its rows).  WEIGHTED rows
// with an inner axis run the inner transform on each input row or on each combined output row:
// where the planner picks the order (no canonical order), each order is fitted with its own batch
// and cores and the one modeled faster is taken (column bands and plane passes: the order
// RowsVectorCycles finds cheaper).
bool PlanRowsPass(const PlanContext& ctx, const int64_t* shape, const PassSpec& spec, uint32_t inType,
                  uint32_t outType, PassPlan* out)
{
    if (spec.rowDim == kPlainCopyRow) return false;  // a plain copy runs as one GATHER pass
    PassPlan pp = RowsPassGeometry(ctx, shape, spec);
    const bool ordered = !spec.copy && spec.innerDim >= 0;
    if (ordered) {
        pp.innerAfter = ctx.canonicalAxisOrder ? CanonicalInnerAfter(ctx.p, spec)
                                               : InnerTransformAfterRows(ctx.platform.cost, pp);
    }
    if (spec.planeDim >= 0) return PlanPlanePass(ctx, shape, spec, pp, RowsProbe(ctx, pp, inType, outType), out);
    PassPlan other = pp;
    if (!FitRowsWork(ctx, inType, outType, &pp)) return false;
    if (ordered && !ctx.canonicalAxisOrder && !pp.bandElems) {
        other.innerAfter = !other.innerAfter;
        if (FitRowsWork(ctx, inType, outType, &other) && !other.bandElems &&
            FittedRowsMicros(ctx, other, inType, outType) < FittedRowsMicros(ctx, pp, inType, outType)) {
            pp = std::move(other);
        }
    }
    *out = std::move(pp);
    return true;
}

// The GATHER pass over dimension d of the current shape (which it then updates).
PassPlan GatherPass(const PlanContext& ctx, int64_t* shape, int d, bool copy)
{
    const InterpolateProblem& p = ctx.p;
    PassPlan gp;
    gp.layout = interp::kLayoutGather;
    gp.dim = d;
    gp.copy = copy;
    gp.finiteData = IsIntegerDType(p.dtype);
    gp.taps = ctx.axisTaps[d].srcIndex.empty() ? IdentitySourceTaps(shape[d]) : ctx.axisTaps[d];
    for (int j = 0; j < d; ++j) gp.outer *= static_cast<uint64_t>(shape[j]);
    for (int j = d + 1; j < p.rank; ++j) gp.inner *= static_cast<uint64_t>(shape[j]);
    gp.inLen = static_cast<uint64_t>(shape[d]);
    gp.outLen = static_cast<uint64_t>(p.outShape[d]);
    shape[d] = p.outShape[d];
    return gp;
}

// Each spec becomes one ROWS pass, or (fused specs) the innermost axis alone and the row axis
// alone, the shrinking one first, or GATHER passes, one per axis it changes.
std::vector<PassPlan> ChoosePassLayouts(const PlanContext& ctx, const std::vector<PassSpec>& specs)
{
    const InterpolateProblem& p = ctx.p;
    const int last = p.rank - 1;
    int64_t shape[5];  // the tensor's shape before the next pass
    for (int d = 0; d < p.rank; ++d) shape[d] = p.inShape[d];
    std::vector<PassPlan> passes;
    bool seenWeighted = false;
    std::vector<PassSpec> work(specs.rbegin(), specs.rend());  // a stack: back() runs next
    while (!work.empty()) {
        const PassSpec spec = work.back();
        work.pop_back();
        const uint32_t inType = (spec.copy || !seenWeighted) ? ctx.nativeType : kF32;
        const uint32_t outType = (spec.copy || work.empty()) ? ctx.nativeType : kF32;
        PassPlan rows;
        const LaunchCoresGuard launch(ctx, passes.empty() && work.empty() ? 0 : ctx.platform.coreNum);
        if (PlanRowsPass(ctx, shape, spec, inType, outType, &rows)) {
            if (spec.rowDim >= 0 && spec.rowChanges) shape[spec.rowDim] = p.outShape[spec.rowDim];
            if (spec.innerDim >= 0) shape[spec.innerDim] = p.outShape[spec.innerDim];
            if (spec.planeDim >= 0) shape[spec.planeDim] = p.outShape[spec.planeDim];
            passes.push_back(std::move(rows));
        } else if (spec.planeDim >= 0) {
            // the plane axis as a pass of its own, before or after the rest (the more shrinking first)
            PassSpec rest = spec;
            rest.planeDim = -1;
            const PassSpec planeOnly{spec.planeDim, -1, spec.copy, true};
            const bool planeFirst = AxisRatio(p, spec.planeDim) < SpecRatio(p, rest);
            work.push_back(planeFirst ? rest : planeOnly);
            work.push_back(planeFirst ? planeOnly : rest);
            continue;
        } else if (IsFusedSpec(spec)) {
            // the inner axis alone: the last one inside the rows of dimension last-1, unchanged; any
            // other one as the row axis of its own pass
            const PassSpec innerOnly = spec.innerDim == last ? PassSpec{last - 1, last, spec.copy, false}
                                                             : PassSpec{spec.innerDim, -1, spec.copy, true};
            const PassSpec rowOnly{spec.rowDim, -1, spec.copy, true};
            const bool innerFirst = InnerFirst(p, spec);
            work.push_back(innerFirst ? rowOnly : innerOnly);
            work.push_back(innerFirst ? innerOnly : rowOnly);
            continue;
        } else {  // a spec that changes one axis (fused specs were split above)
            if (spec.rowDim >= 0 && spec.rowChanges) passes.push_back(GatherPass(ctx, shape, spec.rowDim, spec.copy));
            if (spec.innerDim >= 0) passes.push_back(GatherPass(ctx, shape, spec.innerDim, spec.copy));
        }
        seenWeighted |= !spec.copy;
    }
    return passes;
}

// =========================== stage: assign the pass dtypes ===================================
// Copy passes keep the native dtype; weighted ones compute in float32 and the last pass writes the
// native dtype.  Also where each pass reads and writes, and its element counts.
bool AssignPassDtypes(const PlanContext& ctx, const std::vector<PassPlan>& passes, InterpolateTilingData* td,
                      uint64_t* maxIntermediateBytes, std::string* err)
{
    td->numPasses = static_cast<uint32_t>(passes.size());
    uint32_t curType = ctx.nativeType;
    for (size_t i = 0; i < passes.size(); ++i) {
        const PassPlan& pp = passes[i];
        const bool lastPass = (i + 1 == passes.size());
        InterpolatePassTiling& pt = td->pass[i];
        pt.common.layout = pp.layout;
        pt.common.kind = static_cast<uint32_t>(pp.copy ? InterpolatePassKind::COPY : InterpolatePassKind::WEIGHTED);
        pt.common.inDType = curType;
        pt.common.outDType = (pp.copy || lastPass) ? ctx.nativeType : kF32;
        if (pp.copy && curType != ctx.nativeType) return Fail(err, "internal: copy pass after a weighted pass");
        pt.common.inFromWorkspace = i == 0 ? 0u : 1u;
        pt.common.outToWorkspace = lastPass ? 0u : 1u;
        pt.common.socFlags = ctx.socFlags;
        const bool rows = pp.layout == interp::kLayoutRows;
        // padding taps among the gathered taps may need the 0/1 mask
        const InterpolateAxisTaps& gathered = GatheredTaps(pp);
        const uint32_t mask = PadMask(pp) ? 1u : 0u;
        if (rows) {
            pt.rows.innerTaps = gathered.numTaps;
            pt.rows.innerMask = mask;
        } else {
            pt.gather.numTaps = gathered.numTaps;
            pt.gather.useMask = mask;
            pt.gather.blockInElems = pp.inLen * pp.inner;
            pt.gather.blockOutElems = pp.outLen * pp.inner;
        }
        pt.common.inElems = pp.outer * pp.inLen * (rows ? pp.innerIn : pp.inner);
        pt.common.outElems = (rows ? pp.outerOut : pp.outer) * pp.outLen * (rows ? pp.innerOut : pp.inner);
        if (!lastPass) {
            const uint64_t outBytes = pt.common.outElems * DTypeBytes(pt.common.outDType);
            *maxIntermediateBytes = std::max<uint64_t>(*maxIntermediateBytes, outBytes);
        }
        curType = pt.common.outDType;
    }
    if (curType != ctx.nativeType) return Fail(err, "internal: last pass does not write the output dtype");
    return true;
}

// ============================== stage: encode the tables =====================================
// A weight table entry: the float weight (WEIGHTED) or a 0/1 mask in the copy's integer view.
void PutTapWeight(std::vector<uint8_t>* dst, uint64_t at, float w, bool weighted, uint32_t szC)
{
    if (weighted) {
        std::memcpy(&(*dst)[at * 4], &w, 4);
    } else if (szC == 4) {
        const int32_t mv = w != 0.0f ? 1 : 0;
        std::memcpy(&(*dst)[at * 4], &mv, 4);
    } else {  // 2-byte compute types are masked as int16 (bit-exact)
        const int16_t mv = w != 0.0f ? 1 : 0;
        std::memcpy(&(*dst)[at * 2], &mv, 2);
    }
}

void PutU32(std::vector<uint8_t>* blob, uint64_t at, uint32_t v) { std::memcpy(&(*blob)[at], &v, 4); }

// ROWS inner tables of one band (the whole row when there are no bands), from blob offset `at`: per
// inner tap a row of innerOutPad byte offsets into the band's input span (B > 1: repeated per row,
// row b reading rawPitch * b further on), then the weights / copy masks, then the padding masks.
void EncodeBandInnerTaps(const PassPlan& pp, const interp::InterpolatePassCommon& c, const interp::RowsPassTiling& r,
                         const BandSpan& band, uint64_t at, std::vector<uint8_t>* blob)
{
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szC = interp::InterpolateComputeBytes(c);
    const uint32_t kw = r.innerTaps;
    const uint64_t pad = r.innerOutPad;
    std::vector<uint8_t> wtab((weighted || r.innerMask) ? kw * pad * (weighted ? 4u : szC) : 0, 0);
    // WEIGHTED with padding taps: int32 mask (1: inside the input, 0: padding, read as 0)
    std::vector<int32_t> mtab((weighted && r.innerMask) ? kw * pad : 0, 0);
    const uint64_t reps = r.outerBatch > 1 ? r.outerBatch : 1;
    const uint64_t repStride = reps > 1 ? r.batchStride : 0;
    for (uint64_t rep = 0; rep < reps; ++rep) {
        for (uint64_t m = 0; m < band.outLen; ++m) {
            for (uint32_t t = 0; t < kw; ++t) {
                const uint64_t e = t * pad + rep * repStride + m;
                const uint64_t srcElem = InnerSourceElem(pp, band.outStart + m, t) - band.srcLo;
                PutU32(blob, at + e * 4, static_cast<uint32_t>((rep * r.rawPitch + srcElem) * szC));
                const float w = InnerTapWeight(pp, band.outStart + m, t);
                if (!wtab.empty()) PutTapWeight(&wtab, e, w, weighted, szC);
                if (!mtab.empty()) mtab[e] = IsPadTapWeight(w) ? 0 : 1;
            }
        }
        // columns past the row (a lane's, or those of a single band wider than the row): gathered like
        // the others, so any valid source of the repeat
        for (uint64_t m = band.outLen; m < (reps > 1 ? repStride : pad); ++m) {
            for (uint32_t t = 0; t < kw; ++t) {
                PutU32(blob, at + (t * pad + rep * repStride + m) * 4, static_cast<uint32_t>(rep * r.rawPitch * szC));
            }
        }
    }
    if (!wtab.empty()) std::memcpy(&(*blob)[at + r.innerWeightAt], wtab.data(), wtab.size());
    if (!mtab.empty()) {
        std::memcpy(&(*blob)[at + r.innerWeightAt + AlignUp(uint64_t(kw) * pad * 4, kBlockBytes)], mtab.data(),
                    mtab.size() * 4);
    }
}

// Every band's inner tables (band 0 at the start of the blob, band b > 0 at bandTablesAt unless the
// bands share band 0's) and the band spans.
void EncodeInnerTaps(const PassPlan& pp, const interp::InterpolatePassCommon& c, const interp::RowsPassTiling& r,
                     std::vector<uint8_t>* blob)
{
    if (r.bands <= 1) {
        const uint64_t cols = std::min<uint64_t>(r.bandElems, pp.innerOut);  // one band may be wider than the row
        const BandSpan whole{0, static_cast<uint32_t>(cols), 0, static_cast<uint32_t>(pp.innerIn)};
        EncodeBandInnerTaps(pp, c, r, whole, 0, blob);
        return;
    }
    for (uint32_t b = 0; b < r.bands; ++b) {
        const BandSpan& band = pp.bandSpans[b];
        std::memcpy(&(*blob)[r.bandSpanAt + b * sizeof(BandSpan)], &band, sizeof(BandSpan));
        if (b > 0 && r.bandTableBytes == 0) continue;  // shared: band 0's tables serve every band
        const uint64_t at = b == 0 ? 0 : r.bandTablesAt + uint64_t(b - 1) * r.bandTableBytes;
        EncodeBandInnerTaps(pp, c, r, band, at, blob);
    }
}

// Zero-weight row taps in runs (InterpolatePassTiling::zeroRuns), unless some weight's bits could be
// mistaken for a run (a negative subnormal).
bool RowTapsUseZeroRuns(const PassPlan& pp, bool weighted)
{
    if (!weighted) return false;
    for (float wv : pp.taps.weight) {
        uint32_t bits;
        std::memcpy(&bits, &wv, 4);
        if (bits > 0x80000000u && bits <= 0x807FFFFFu) return false;
    }
    return true;
}

// Row tap entries (source, weight bits) of output row o, `stride` of them: taps that contribute in
// window order (with zeroRuns, consecutive zero-weight sources folded into one run entry
// 0x80000000 | len), then the padding taps (+0.0f: the kernel stops at the first); leftover entries
// repeat the largest source (the kernel's row range scans read whole rows of entries).  Marks the
// sources that contribute.  stride 0: the entries that contribute, unpadded.
std::vector<std::pair<uint32_t, uint32_t>> RowTapEntries(const InterpolateAxisTaps& taps, uint64_t o, bool zeroRuns,
                                                         std::vector<uint8_t>* used, uint32_t stride)
{
    const uint32_t kd = taps.numTaps;
    const int64_t* src = &taps.srcIndex[o * kd];
    // A zero-weight tap repeating the source of an earlier zero-weight tap of the same row (linear's
    // window clamped at the edge) adds nothing: dropped like padding.
    std::vector<float> wrow(taps.weight.begin() + o * kd, taps.weight.begin() + (o + 1) * kd);
    auto zeroInside = [](float w) { return w == 0.0f && !IsPadTapWeight(w); };
    for (uint32_t j = 0; j < kd; ++j) {
        if (!zeroInside(wrow[j])) continue;
        for (uint32_t i = 0; i < j; ++i) {
            if (zeroInside(wrow[i]) && src[i] == src[j]) {
                wrow[j] = 0.0f;
                break;
            }
        }
    }
    std::vector<std::pair<uint32_t, uint32_t>> ent;
    uint32_t maxSrc = 0;
    for (int padding = 0; padding < (stride == 0 ? 1 : 2); ++padding) {
        for (uint32_t j = 0; j < kd; ++j) {
            const float wv = wrow[j];
            if (IsPadTapWeight(wv) != (padding == 1)) continue;
            const uint32_t s = static_cast<uint32_t>(src[j]);
            maxSrc = std::max(maxSrc, s);
            uint32_t bits;
            std::memcpy(&bits, &wv, 4);
            if (!IsPadTapWeight(wv)) (*used)[s] = 1;
            if (zeroRuns && bits == 0x80000000u) {
                if (!ent.empty() && (ent.back().second & 0xFF800000u) == 0x80000000u &&
                    ent.back().first + (ent.back().second & 0x7FFFFFu) == s &&
                    (ent.back().second & 0x7FFFFFu) < 0x7FFFFFu) {
                    ++ent.back().second;
                    continue;
                }
                bits = 0x80000001u;
            }
            ent.emplace_back(s, bits);
        }
    }
    if (stride == 0) return ent;
    if (ent.size() > stride) ent.resize(stride);  // only padding taps: the kernel stops at the row's end
    while (ent.size() < stride) ent.emplace_back(maxSrc, 0u);
    return ent;
}

// Entries per output row of a WEIGHTED pass's row taps (RowsPassTiling rowTaps): the most any row's
// contributing taps take (zero runs folded), at least one.  A row with fewer ends at a padding entry;
// one with that many ends at the row's end, with no read of a terminating entry.
uint32_t RowTapEntriesPerRow(const InterpolateAxisTaps& taps, bool zeroRuns)
{
    int64_t maxSrc = 0;
    for (int64_t v : taps.srcIndex) maxSrc = std::max(maxSrc, v);
    std::vector<uint8_t> used(static_cast<size_t>(maxSrc) + 1, 0);
    size_t most = 1;
    const uint64_t outLen = taps.numTaps ? taps.srcIndex.size() / taps.numTaps : 0;
    for (uint64_t o = 0; o < outLen; ++o) most = std::max(most, RowTapEntries(taps, o, zeroRuns, &used, 0).size());
    return static_cast<uint32_t>(most);
}

// Unused input rows between used ones that a ROWS pass reads along rather than start another read:
// as many as cost less than half the issue of the read's DMAs (cost.dmaInstrCycles each), each
// counted at its bytes at a core's smallest bandwidth share plus its widening and inner transform
// (RowsVectorCycles' terms), for every block of a batch.
// Half: on the corpus the whole issue cost bridged more (36 -> 57 runs faster) but took 4 more runs
// above the traffic goal for little time (e.g. I214: 1.02 -> 1.24 traffic/floor, same time).
uint64_t BridgedGapRows(const PlanContext& ctx, const PassPlan& pp, uint32_t inType)
{
    const PlatformCost& cost = ctx.platform.cost;
    const double share = std::min(cost.perCoreDmaGBps, cost.hbmGBps / ctx.platform.coreNum) / cost.clockGHz;
    // a batch of B blocks reads a row of each (and widens and transforms the B rows together)
    const uint64_t b = std::max<uint32_t>(1, pp.outerBatch);
    const uint64_t widthIn = b > 1 ? b * AlignUp(pp.innerIn, kRowAlignElems) : pp.innerIn;
    const uint64_t widthOut = b > 1 ? b * AlignUp(pp.innerOut, kRowAlignElems) : pp.innerOut;
    const double bytes = static_cast<double>(b * pp.innerIn * DTypeBytes(inType));
    double transform = VectorInstrCycles(cost, widthIn);  // widening / the copy into its slot
    if (!pp.copy && pp.innerDim >= 0 && !pp.innerAfter) {
        transform = InnerTransformCycles(cost, pp.innerTaps, PadMask(pp), widthOut);
    } else if (pp.copy && pp.innerDim >= 0) {
        transform += VectorInstrCycles(cost, widthOut);  // the gather of the inner taps
    }
    const double issue = DmasPerInputRead(ctx, DTypeBytes(inType), pp) * cost.dmaInstrCycles;  // a read spared
    return static_cast<uint64_t>(0.5 * issue / (bytes / share + transform));
}

// ROWS row taps (rowSrcAt) and run lengths (runLenAt: the input rows one DMA reads from each row on).
void EncodeRowTapsAndRuns(const PlanContext& ctx, const PassPlan& pp, const interp::RowsPassTiling& r,
                          uint32_t inType, std::vector<uint8_t>* blob)
{
    const uint32_t kd = r.rowTaps;
    std::vector<uint8_t> used(pp.inLen + 1, 0);
    for (uint64_t o = 0; o < pp.outLen; ++o) {
        uint64_t slot = o * kd;
        for (const auto& en : RowTapEntries(pp.taps, o, r.zeroRuns != 0, &used, kd)) {
            PutU32(blob, r.rowSrcAt + slot * 8, en.first);
            PutU32(blob, r.rowSrcAt + slot * 8 + 4, en.second);
            ++slot;
        }
    }
    const std::vector<uint32_t> runs = InputRunLengths(used, pp.inLen, GapRowsOf(ctx, pp, inType));
    for (uint64_t row = 0; row < pp.inLen; ++row) PutU32(blob, r.runLenAt + row * 4, runs[row]);
}

// ROWS plane taps (planeTabAt): the row taps' entries, without zero runs, per output plane.
void EncodePlaneTaps(const PassPlan& pp, const interp::RowsPassTiling& r, std::vector<uint8_t>* blob)
{
    if (r.planeTaps == 0) return;
    std::vector<uint8_t> used(pp.planeIn + 1, 0);
    for (uint64_t o = 0; o < pp.planeOut; ++o) {
        uint64_t slot = o * r.planeTaps;
        for (const auto& en : RowTapEntries(pp.planeTaps, o, false, &used, r.planeTaps)) {
            PutU32(blob, r.planeTabAt + slot * 8, en.first);
            PutU32(blob, r.planeTabAt + slot * 8 + 4, en.second);
            ++slot;
        }
    }
}

// Batched packed rows (interp::InterpolateBatchedLanePitch): lane b's element f of a group is
// staging row f / innerOut, lane b, element f % innerOut; its tail block (310P) is the last 32 B of
// lane b in the group's last row (the kernel adds that row's offset as the Gather base).  Entries
// past a lane's rows read the lane's element 0 of staging row 0, so that every entry of lane b is
// lane 0's plus b * batchStride elements (interp::InterpolateBuiltLaneBytes).
void EncodeBatchedPacking(const PassPlan& pp, const interp::InterpolatePassCommon& c, const interp::RowsPassTiling& r,
                          uint32_t szC, std::vector<uint8_t>* blob)
{
    const uint64_t pitch = interp::InterpolateBatchedLanePitch(c, r);
    const uint64_t run = uint64_t(r.outRowsPerDma) * pp.innerOut;
    const uint64_t blk = kBlockBytes / DTypeBytes(c.outDType);
    for (uint64_t b = 0; b < r.outerBatch; ++b) {
        for (uint64_t f = 0; f < pitch; ++f) {
            const uint64_t inLane = f < run ? (f / pp.innerOut) * r.innerOutPad + f % pp.innerOut : 0;
            PutU32(blob, r.compactAt + (b * pitch + f) * 4, static_cast<uint32_t>((inLane + b * r.batchStride) * szC));
        }
        // the last blk elements of the tail rows (from the first of them: the Gather's base)
        const uint32_t tailAt = interp::InterpolateBatchedTailAt(c, r);
        const uint64_t tailElems = interp::InterpolateTailRows(pp.innerOut, DTypeBytes(c.outDType)) * pp.innerOut;
        for (uint64_t e = 0; e < blk; ++e) {
            const uint64_t f = tailElems - blk + e;
            const uint64_t elem = b * r.batchStride + (f / pp.innerOut) * r.innerOutPad + f % pp.innerOut;
            PutU32(blob, tailAt + (b * blk + e) * 4, static_cast<uint32_t>(elem * szC));
        }
    }
}

// ROWS helper gathers: identity offsets over an input row (innerAfter), and the packing gather of
// compactOut (row f / innerOut of the staging rows, element f % innerOut).
void EncodeRowsHelperGathers(const PassPlan& pp, const interp::InterpolatePassCommon& c,
                             const interp::RowsPassTiling& r, std::vector<uint8_t>* blob)
{
    const uint32_t szC = interp::InterpolateComputeBytes(c);
    if (r.innerAfter && r.outerBatch <= 1) {
        for (uint64_t j = 0; j < pp.innerIn; ++j) PutU32(blob, r.identityAt + j * 4, static_cast<uint32_t>(j * szC));
    }
    if (!r.compactOut) return;
    if (r.outerBatch > 1) {
        EncodeBatchedPacking(pp, c, r, szC, blob);
        return;
    }
    auto packOffset = [&](uint64_t f) {  // packed element f: row f / innerOut of the staging rows
        return static_cast<uint32_t>(((f / pp.innerOut) * r.innerOutPad + f % pp.innerOut) * szC);
    };
    const uint64_t blockElems = kBlockBytes / DTypeBytes(c.outDType);
    const uint64_t run = uint64_t(r.outRowsPerDma) * pp.innerOut;
    for (uint64_t f = 0; f < run; ++f) PutU32(blob, r.compactAt + f * 4, packOffset(f));
    if (r.planeTaps == 0) {  // a group ending inside a 32 B block: its last block after its whole blocks
        const uint64_t packed = interp::InterpolatePackedGroupElems(c, r);
        for (uint64_t f = run / blockElems * blockElems; f < packed; ++f) {
            PutU32(blob, r.compactAt + f * 4, packOffset(run - (packed - f)));
        }
        return;
    }
    // plane chunks: the last 32 B block of a full chunk's run, then of the last chunk's
    const uint64_t lastRows = r.rowOutLen - (r.rowChunks - 1) * r.chunkRows;
    const uint32_t tailAt = interp::InterpolatePlaneTailAt(r.compactAt, r.chunkRows, r.innerOut);
    for (uint64_t which = 0; which < 2; ++which) {
        const uint64_t chunkRun = (which == 0 ? r.chunkRows : lastRows) * pp.innerOut;
        for (uint64_t i = 0; i < blockElems; ++i) {
            PutU32(blob, tailAt + (which * interp::kInterpolatePlaneTailEntries + i) * 4,
                   packOffset(chunkRun - blockElems + i));
        }
    }
}

void EncodeRowsPass(const PlanContext& ctx, const PassPlan& pp, InterpolatePassTiling* pt, PassTables* tables)
{
    SizeRowsPass(pp, pp.inRowsPerDma, pp.outRowsPerDma, pt);
    pt->rows.innerTapsInOrder = ctx.canonicalAxisOrder ? 1u : 0u;  // backward: one summation order
    PlanCompactTables(ctx, pp, pt->common, CompactChoiceTerms(ctx, pp, pt->common.inDType, pt->common.outDType),
                      &pt->rows);
    pt->common.outAlignElems = static_cast<uint32_t>(kBlockBytes / DTypeBytes(pt->common.outDType));
    const bool weighted = pt->common.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    pt->rows.zeroRuns = RowTapsUseZeroRuns(pp, weighted) ? 1u : 0u;
    std::vector<uint8_t>& blob = tables->rowsBlob;
    blob.assign(pt->rows.tableBlobBytes, 0);
    EncodeInnerTaps(pp, pt->common, pt->rows, &blob);
    EncodeRowTapsAndRuns(ctx, pp, pt->rows, pt->common.inDType, &blob);
    EncodePlaneTaps(pp, pt->rows, &blob);
    EncodeRowsHelperGathers(pp, pt->common, pt->rows, &blob);
}

// GATHER source windows.  Per block entry m = o * inner + j the source element offset of tap t is
// src[o][t] * inner + j; sufMin[m]: min over entries >= m of the block (and taps), preMax[m]: max
// over entries <= m.  Entry e of the repeated table lies in block e / blockOutElems.
struct GatherWindows {
    std::vector<uint64_t> sufMin, preMax;
    uint64_t blockIn = 0, blockOut = 0;

    uint64_t Lo(uint64_t e) const { return (e / blockOut) * blockIn + sufMin[e % blockOut]; }
    uint64_t Hi(uint64_t e) const { return (e / blockOut) * blockIn + preMax[e % blockOut] + 1; }
    uint64_t Widest(uint64_t chunk) const  // the largest window of `chunk` outputs starting in block 0
    {
        uint64_t worst = 0;
        for (uint64_t m0 = 0; m0 < blockOut; ++m0) worst = std::max<uint64_t>(worst, Hi(m0 + chunk - 1) - Lo(m0));
        return worst;
    }
};

GatherWindows GatherSourceWindows(const PassPlan& pp, const interp::GatherPassTiling& g)
{
    GatherWindows w;
    w.blockIn = g.blockInElems;
    w.blockOut = g.blockOutElems;
    w.sufMin.resize(w.blockOut);
    w.preMax.resize(w.blockOut);
    const uint32_t k = g.numTaps;
    auto srcOf = [&](uint64_t m, uint32_t t) {
        return static_cast<uint64_t>(pp.taps.srcIndex[(m / pp.inner) * k + t]) * pp.inner + m % pp.inner;
    };
    uint64_t run = 0;
    for (uint64_t m = 0; m < w.blockOut; ++m) {
        for (uint32_t t = 0; t < k; ++t) run = std::max<uint64_t>(run, srcOf(m, t));
        w.preMax[m] = run;
    }
    uint64_t mn = UINT64_MAX;
    for (uint64_t m = w.blockOut; m-- > 0;) {
        for (uint32_t t = 0; t < k; ++t) mn = std::min<uint64_t>(mn, srcOf(m, t));
        w.sufMin[m] = mn;
    }
    return w;
}

// Largest chunk (a power-of-two multiple of the output granule) whose UB layout fits, and the input
// window it needs.
bool FitGatherChunk(const PlanContext& ctx, const PassPlan& pp, const GatherWindows& windows,
                    InterpolatePassTiling* pt, std::string* err)
{
    const interp::InterpolatePassCommon& c = pt->common;
    interp::GatherPassTiling& g = pt->gather;
    const uint64_t outAlign = kBlockBytes / DTypeBytes(c.outDType);
    const uint64_t inAlign = kBlockBytes / DTypeBytes(c.inDType);
    const uint64_t inCap = AlignUp(c.inElems, inAlign);
    uint64_t chunk = outAlign;
    while (chunk * 2 <= kMaxChunk && chunk < AlignUp(c.outElems, outAlign)) chunk *= 2;
    for (;;) {
        const uint64_t window = std::min<uint64_t>(AlignUp(windows.Widest(chunk), inAlign), inCap);
        g.chunkElems = static_cast<uint32_t>(chunk);
        g.windowElems = static_cast<uint32_t>(window);
        // a window past 32 bits cannot fit any UB (and would not fit the tiling field)
        const uint64_t ub =
            window <= UINT32_MAX ? interp::InterpolateGatherUbLayout(c, g, ctx.syncUb).total : UINT64_MAX;
        if (ub <= ctx.platform.ubBytes) return true;
        if (chunk == outAlign) {
            return Fail(err, "pass over dimension " + std::to_string(pp.dim) + " needs " + std::to_string(ub) +
                                 " bytes of UB for the smallest chunk; " + std::to_string(ctx.platform.ubBytes) +
                                 " are available");
        }
        chunk /= 2;
    }
}

// GATHER tables, repeated over enough blocks that any chunk starting in the first block is one
// contiguous slice: K offset rows, K weight / mask rows (+ K int32 padding masks), window lo / hi.
bool EncodeGatherPass(const PlanContext& ctx, const PassPlan& pp, InterpolatePassTiling* pt, PassTables* tb,
                      std::string* err)
{
    const interp::InterpolatePassCommon& c = pt->common;
    interp::GatherPassTiling& g = pt->gather;
    const bool weighted = c.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szC = interp::InterpolateComputeBytes(c);
    const uint32_t k = g.numTaps;
    pt->common.outAlignElems = static_cast<uint32_t>(kBlockBytes / DTypeBytes(c.outDType));
    const GatherWindows windows = GatherSourceWindows(pp, g);
    if (!FitGatherChunk(ctx, pp, windows, pt, err)) return false;
    const uint64_t mOut = g.blockOutElems, mIn = g.blockInElems;
    const uint64_t periods = (mOut - 1 + g.chunkElems + mOut - 1) / mOut;
    const uint64_t tableLen = periods * mOut;
    g.tableLen = tableLen;
    if ((periods * mIn) * szC >= kGatherOffsetLimit) return Fail(err, "pass block too large for 32-bit gather offsets");
    tb->offsets.resize(static_cast<size_t>(k * tableLen));
    tb->windowLo.resize(tableLen);
    tb->windowHi.resize(tableLen);
    const uint32_t wBytes = weighted ? 4u : szC;
    const uint64_t wTabs = (weighted && g.useMask) ? 2 : 1;  // WEIGHTED padding masks follow the weights
    tb->weights.assign(g.useMask || weighted ? static_cast<size_t>(wTabs * k * tableLen * wBytes) : 0, 0);
    for (uint64_t e = 0; e < tableLen; ++e) {
        const uint64_t per = e / mOut, m = e % mOut, o = m / pp.inner, j = m % pp.inner;
        for (uint32_t t = 0; t < k; ++t) {
            const uint64_t src = per * mIn + static_cast<uint64_t>(pp.taps.srcIndex[o * k + t]) * pp.inner + j;
            const float w = pp.taps.weight[o * k + t];
            tb->offsets[t * tableLen + e] = static_cast<uint32_t>(src * szC);
            if (!tb->weights.empty()) PutTapWeight(&tb->weights, t * tableLen + e, w, weighted, szC);
            if (wTabs == 2) {
                const int32_t mv = IsPadTapWeight(w) ? 0 : 1;
                std::memcpy(&tb->weights[(k * tableLen + t * tableLen + e) * 4], &mv, 4);
            }
        }
        tb->windowLo[e] = static_cast<uint32_t>(windows.Lo(e));
        tb->windowHi[e] = static_cast<uint32_t>(windows.Hi(e));
    }
    return true;
}

bool FitAndEncodePasses(const PlanContext& ctx, const std::vector<PassPlan>& passes, InterpolateTilingData* td,
                        std::vector<PassTables>* tables, std::string* err)
{
    tables->assign(passes.size(), PassTables{});
    for (size_t i = 0; i < passes.size(); ++i) {
        if (passes[i].layout == interp::kLayoutRows) {
            EncodeRowsPass(ctx, passes[i], &td->pass[i], &(*tables)[i]);
        } else if (!EncodeGatherPass(ctx, passes[i], &td->pass[i], &(*tables)[i], err)) {
            return false;
        }
    }
    return true;
}

// ================================ stage: split the cores =====================================
// ROWS: whole rows per core (packed groups of one block: at least one group each; bands: row groups
// x band groups).  GATHER: whole 32 B granules, base + one extra for the first cores.
void SplitCores(const PlanContext& ctx, const std::vector<PassPlan>& passes, InterpolateTilingData* td)
{
    const uint64_t coreNum = ctx.platform.coreNum;
    for (size_t i = 0; i < passes.size(); ++i) {
        const PassPlan& pp = passes[i];
        interp::InterpolatePassCommon& c = td->pass[i].common;
        uint64_t bd = 1;
        if (pp.layout == interp::kLayoutRows) {
            const interp::RowsPassTiling& r = td->pass[i].rows;
            const uint64_t units = r.rowUnits;
            const uint64_t rowsPerUnit = r.planeTaps > 0 ? r.chunkRows : r.outerBatch;
            if (PackedGroups(pp)) {
                bd = RowsPassCores(ctx, pp);  // the model's cores, if it chose; a group each at least
            } else if (pp.bandGroups > 1) {
                const uint64_t rowGroups = std::max<uint64_t>(1, std::min<uint64_t>(units, coreNum / pp.bandGroups));
                bd = rowGroups * pp.bandGroups;
            } else if (r.planeTaps == 0) {
                bd = RowsPassCores(ctx, pp);
            } else {
                bd = RowsBlockDim(coreNum, units, pp.innerOut, rowsPerUnit);
            }
        } else {
            const uint64_t granules = c.outElems / c.outAlignElems;
            if (granules > 0) {
                bd = std::min<uint64_t>({coreNum, granules, std::max<uint64_t>(1, c.outElems / kMinElemsPerCore)});
            }
        }
        c.blockDim = static_cast<uint32_t>(bd);
    }
}

// ============================== stage: place the workspace ===================================
// [SyncAll counters (multi-pass)] [tables of pass 0, 1, ...] [buffer A] [buffer B]: pass i writes
// A or B alternately and the next pass reads it; the first reads x, the last writes y.
void PlaceWorkspace(const PlanContext& ctx, const std::vector<PassTables>& tables, uint64_t maxIntermediateBytes,
                    InterpolateTilingData* td, KernelPlan* plan)
{
    const size_t n = tables.size();
    uint64_t cursor = 0;
    auto place = [&](uint64_t bytes) {
        const uint64_t at = cursor;
        cursor = AlignUp(cursor + bytes, kAlign);
        return at;
    };
    if (n > 1) {  // the zeroed soft-SyncAll area (blockDim * 32 B)
        td->syncBytes = static_cast<uint32_t>(AlignUp(static_cast<uint64_t>(ctx.platform.coreNum) * 32, kAlign));
        cursor = td->syncBytes;
    }
    for (size_t i = 0; i < n; ++i) {
        InterpolatePassTiling& pt = td->pass[i];
        if (pt.common.layout == interp::kLayoutRows) {
            pt.rows.tableBlob = place(tables[i].rowsBlob.size());
            continue;
        }
        interp::GatherPassTiling& g = pt.gather;
        g.offsetTable = place(tables[i].offsets.size() * 4);
        g.weightTable = place(tables[i].weights.size());
        g.windowLoTable = place(g.tableLen * 4);
        g.windowHiTable = place(g.tableLen * 4);
    }
    const uint64_t tablesEnd = cursor;
    const uint64_t bufA = tablesEnd;
    const uint64_t bufB = AlignUp(bufA + maxIntermediateBytes, kAlign);
    plan->userWorkspaceBytes = n > 1 ? AlignUp(bufB + (n > 2 ? maxIntermediateBytes : 0), kAlign) : tablesEnd;
    for (size_t i = 0; i < n; ++i) {
        td->pass[i].common.inBufOffset = (i == 0) ? 0 : ((i - 1) % 2 == 0 ? bufA : bufB);
        td->pass[i].common.outBufOffset = (i % 2 == 0) ? bufA : bufB;
    }
    plan->workspaceInit.assign(tablesEnd, 0);
}

// The bytes the host writes to the start of the workspace before launch: zeroed SyncAll counters,
// then every pass's tables at the places PlaceWorkspace gave them.
void FillWorkspaceInit(const InterpolateTilingData& td, const std::vector<PassTables>& tables, KernelPlan* plan)
{
    const size_t n = tables.size();
    uint8_t* ws = plan->workspaceInit.data();
    auto copyTo = [&](uint64_t at, const void* src, size_t bytes) {
        if (bytes) std::memcpy(ws + at, src, bytes);
    };
    for (size_t i = 0; i < n; ++i) {
        const InterpolatePassTiling& pt = td.pass[i];
        const PassTables& tb = tables[i];
        if (pt.common.layout == interp::kLayoutRows) {
            copyTo(pt.rows.tableBlob, tb.rowsBlob.data(), tb.rowsBlob.size());
            continue;
        }
        copyTo(pt.gather.offsetTable, tb.offsets.data(), tb.offsets.size() * 4);
        copyTo(pt.gather.weightTable, tb.weights.data(), tb.weights.size());
        copyTo(pt.gather.windowLoTable, tb.windowLo.data(), tb.windowLo.size() * 4);
        copyTo(pt.gather.windowHiTable, tb.windowHi.data(), tb.windowHi.size() * 4);
    }
}

}  // namespace

namespace {
// The stages from the per-axis taps on (both directions share them).
bool PlanFromAxisTaps(PlanContext* ctx, const std::vector<int>& copyDims, const std::vector<int>& weightedDims,
                      KernelPlan* plan, std::string* err)
{
    const InterpolateProblem& p = ctx->p;
    const std::vector<PassPlan> passes =
        ChoosePassLayouts(*ctx, DecomposeIntoPassSpecs(p, copyDims, weightedDims, !ctx->canonicalAxisOrder,
                                                       !ctx->canonicalAxisOrder));
    if (passes.size() > interp::kInterpolateMaxPasses) return Fail(err, "too many passes");

    InterpolateTilingData td;
    std::memset(&td, 0, sizeof(td));
    uint64_t maxIntermediateBytes = 0;
    if (!AssignPassDtypes(*ctx, passes, &td, &maxIntermediateBytes, err)) return false;
    std::vector<PassTables> tables;
    if (!FitAndEncodePasses(*ctx, passes, &td, &tables, err)) return false;
    SplitCores(*ctx, passes, &td);
    PlaceWorkspace(*ctx, tables, maxIntermediateBytes, &td, plan);
    FillWorkspaceInit(td, tables, plan);

    plan->blockDim = 1;
    for (uint32_t i = 0; i < td.numPasses; ++i) plan->blockDim = std::max(plan->blockDim, td.pass[i].common.blockDim);
    plan->tiling.resize(sizeof(td));
    std::memcpy(plan->tiling.data(), &td, sizeof(td));
    return true;
}

bool ChangesAxis(const InterpolateProblem& p, int d) { return p.resized[d] || p.padsBegin[d] != 0 || p.padsEnd[d] != 0; }

// The backward's taps of one axis: gradInput index i sums, over the forward outputs o whose taps
// read source i (the padded position i + padsBegin), the gradient of o times that tap's weight, in
// the order (o ascending, tap order) -- the transpose of the forward's tap table.  Forward taps in
// the padding (+0.0f) reach no input and are dropped (the padding's gradient is cropped); zero
// weights inside the input stay (-0.0f, computed: 0 * inf = NaN).  Short lists are padded with +0.0f
// taps, which the kernel skips; an axis where every index takes exactly one weight-1 tap is a copy.
InterpolateAxisTaps TransposeAxisTaps(const InterpolateAxisTaps& fwd, int64_t inLen)
{
    std::vector<std::vector<std::pair<int64_t, float>>> lists(static_cast<size_t>(inLen));
    const uint64_t outLen = fwd.numTaps ? fwd.srcIndex.size() / fwd.numTaps : 0;
    for (uint64_t o = 0; o < outLen; ++o) {
        for (uint32_t t = 0; t < fwd.numTaps; ++t) {
            const float w = fwd.weight[o * fwd.numTaps + t];
            if (IsPadTapWeight(w)) continue;
            lists[static_cast<size_t>(fwd.srcIndex[o * fwd.numTaps + t])].push_back({static_cast<int64_t>(o), w});
        }
    }
    InterpolateAxisTaps bwd;
    size_t k = 1;
    for (const auto& l : lists) k = std::max(k, l.size());
    bwd.numTaps = static_cast<uint32_t>(k);
    bwd.copy = true;
    for (const auto& l : lists) {
        bwd.copy = bwd.copy && l.size() == 1 && l[0].second == 1.0f;
        for (size_t j = 0; j < k; ++j) {
            bwd.srcIndex.push_back(j < l.size() ? l[j].first : 0);
            bwd.weight.push_back(j < l.size() ? l[j].second : 0.0f);
        }
    }
    return bwd;
}
}  // namespace

bool PlanInterpolate(const InterpolateProblem& p, const PlatformInfo& platform, KernelPlan* plan,
                     std::string* err)
{
    if (plan == nullptr) return Fail(err, "plan is null");
    *plan = KernelPlan{};
    bool emptyOutput = false;
    if (!CheckProblem(p, platform, &emptyOutput, err)) return false;
    if (emptyOutput) return true;  // nothing to launch (blockDim 0)

    PlanContext ctx(p, platform);
    std::vector<int> copyDims, weightedDims;
    if (!BuildActiveAxisTaps(&ctx, &copyDims, &weightedDims, err)) return false;
    return PlanFromAxisTaps(&ctx, copyDims, weightedDims, plan, err);
}

bool PlanInterpolateBackward(const InterpolateProblem& fwd, const PlatformInfo& platform, KernelPlan* plan,
                             std::string* err)
{
    if (plan == nullptr) return Fail(err, "plan is null");
    *plan = KernelPlan{};
    if (fwd.dtype != DType::F32 && fwd.dtype != DType::F16 && fwd.dtype != DType::BF16) {
        return Fail(err, std::string("gradients are float32, float16 or bfloat16, got ") + DTypeName(fwd.dtype));
    }
    bool emptyOutput = false;
    if (!CheckProblem(fwd, platform, &emptyOutput, err)) return false;
    // The backward problem: gradOutput (the forward output's shape) in, gradInput (the forward
    // input's) out, no padding; every axis the forward changes is resized by the transposed taps.
    InterpolateProblem bwd = fwd;
    for (int d = 0; d < fwd.rank; ++d) {
        bwd.inShape[d] = fwd.outShape[d];
        bwd.outShape[d] = fwd.inShape[d];
        bwd.padsBegin[d] = bwd.padsEnd[d] = 0;
        bwd.resized[d] = ChangesAxis(fwd, d);
        bwd.scale[d] = 1.0f;
    }
    if (!CheckProblem(bwd, platform, &emptyOutput, err)) return false;
    if (emptyOutput) return true;

    PlanContext ctx(bwd, platform);
    ctx.canonicalAxisOrder = true;
    ctx.tapsFromCoordinates = false;
    ctx.axisTaps.assign(fwd.rank, InterpolateAxisTaps{});
    std::vector<int> copyDims, weightedDims;
    for (int d = 0; d < fwd.rank; ++d) {
        if (!bwd.resized[d]) continue;
        InterpolateAxisTaps forwardTaps;
        if (!BuildInterpolateAxisTaps(fwd, d, &forwardTaps, err)) return false;
        ctx.axisTaps[d] = TransposeAxisTaps(forwardTaps, fwd.inShape[d]);
        (ctx.axisTaps[d].copy ? copyDims : weightedDims).push_back(d);
    }
    return PlanFromAxisTaps(&ctx, copyDims, weightedDims, plan, err);
}

}  // namespace ai
