// Host tiling of Interpolate-4 (see interpolate_tiling.h and op_kernel/interpolate_tiling_data.h).
//
// Design (docs/aclnnInterpolate.md "Kernel strategy"): every mode is separable, so the problem becomes passes over
// the dimensions that change (resized or padded), driven by per-axis tap tables built here from
// interp_math.h (the one definition of the coordinate maths).  Copy-type axes (nearest, identity
// with padding) run first in the native dtype, which keeps them exact; weighted axes follow in
// float32, the last pass rounding once to the output dtype.  Within each group the innermost axis
// is fused with the next changing axis into one ROWS pass; the other axes are ROWS passes with an
// identity inner block (column bands if long); shrinking passes run first.  A ROWS pass that does
// not fit the UB (or cannot write its rows on 310P) splits, and finally falls back to GATHER.
#include "interpolate_tiling.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <utility>

namespace ai {
namespace {

using interp::InterpMode;
using interp::InterpolatePassKind;
using interp::InterpolatePassTiling;
using interp::InterpolateTilingData;

constexpr uint64_t kAlign = 512;                // workspace sub-buffer alignment (bytes)
constexpr uint64_t kMaxChunk = 4096;            // outputs per chunk (upper bound)
constexpr uint64_t kMinElemsPerCore = 256;      // below this, fewer cores are used
constexpr uint32_t kMaxTaps = 1024;
constexpr uint32_t kMaxRowSlots = 128;          // InterpolateRowPass::kMaxSlots

uint64_t AlignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

// A tap in the padding region: weight +0.0f (bit pattern 0).  Taps inside the input whose weight is
// zero are stored as -0.0f: they are still multiplied (0 * inf = NaN, as the reference computes),
// while padding taps contribute nothing (the padding is zeros).
bool IsPadTap(float w)
{
    uint32_t bits;
    std::memcpy(&bits, &w, 4);
    return bits == 0u;
}

int64_t Padded(const InterpolateProblem& p, int d) { return p.inShape[d] + p.padsBegin[d] + p.padsEnd[d]; }

bool AntialiasOn(const InterpolateProblem& p)
{
    if (!p.antialias || p.mode != InterpMode::LINEAR) return false;
    for (int d = 0; d < p.rank; ++d) {
        if (p.inAxes[d] && p.scale[d] < 1.0f) return true;  // spec: is_downsample over the axes
    }
    return false;
}

struct PassPlan {
    uint32_t layout = interp::kLayoutGather;
    int dim = 0;       // GATHER: the axis; ROWS: the row axis (-1: one row)
    int innerDim = -1; // ROWS: the last axis, transformed inside each row (-1: identity)
    bool copy = false;
    InterpolateAxisTaps taps;       // GATHER: taps of `dim`; ROWS: taps of the row axis
    InterpolateAxisTaps innerTaps;  // ROWS: taps of innerDim (or identity over the inner block)
    uint64_t outer = 1, inLen = 1, outLen = 1, inner = 1;
    uint64_t innerIn = 0, innerOut = 0, mid = 1;  // ROWS
    uint32_t inRowsPerDma = 1, outRowsPerDma = 1;  // ROWS
    bool innerAfter = false;                       // ROWS: inner transform on combined output rows
    uint32_t bandElems = 0;                        // ROWS: column bands of an identity inner block (0: none)
    uint32_t bandGroups = 1;                       // ROWS: cores split over bands too
    uint32_t slots = 0;                            // ROWS: cached rows (0: rowTaps + inRowsPerDma)
    uint32_t outerBatch = 1;                       // ROWS: outer blocks handled together (short rows)
    bool compactOut = false;                       // ROWS, 310P: pack unaligned rows before writing
};

// Sizes of a ROWS pass (kind, dtypes, useMask, socFlags already set): buffers and the table blob.
void RowsLayout(const PassPlan& pp, uint32_t inRows, uint32_t outRows, InterpolatePassTiling* pt)
{
    const bool weighted = pt->kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
    const uint32_t szIn = DTypeBytes(pt->inDType);
    const uint32_t szOut = DTypeBytes(pt->outDType);
    const uint32_t szC = weighted ? 4u : interp::InterpolateCopyComputeBytes(pt->inDType);
    const uint32_t kw = pp.innerTaps.numTaps;
    const uint32_t kd = pp.taps.numTaps;
    const uint64_t width = pp.bandElems ? pp.bandElems : pp.innerOut;  // elements computed per row
    const uint64_t batch = pp.outerBatch > 1 ? pp.outerBatch : 1;
    const uint64_t pad = batch * AlignUp(width, 32);  // B > 1: B rows of AlignUp(innerOut, 32)
    const uint64_t rawPitch = AlignUp(pp.innerIn * szIn, 32) / szIn;
    pt->outerBatch = static_cast<uint32_t>(batch);
    pt->rawPitch = static_cast<uint32_t>(rawPitch);
    pt->batchStride = static_cast<uint32_t>(AlignUp(width, 32));
    pt->layout = interp::kLayoutRows;
    pt->innerIdentity = pp.innerDim < 0 ? 1u : 0u;
    pt->bandElems = static_cast<uint32_t>(width);
    pt->bands = static_cast<uint32_t>(pp.bandElems ? (pp.innerOut + pp.bandElems - 1) / pp.bandElems : 1);
    pt->bandGroups = pp.bandGroups;
    pt->numTaps = kw;
    pt->rowTaps = kd;
    pt->inRowsPerDma = inRows;
    pt->outRowsPerDma = outRows;
    pt->slots = pp.slots ? pp.slots : kd + inRows;
    pt->innerOutPad = static_cast<uint32_t>(pad);
    pt->innerAfter = (weighted && pp.innerAfter) ? 1u : 0u;
    pt->slotElems = static_cast<uint32_t>(pt->innerAfter ? AlignUp(pp.innerIn, 32) : pad);
    pt->rawElems = static_cast<uint32_t>(
        batch > 1 ? batch * rawPitch : AlignUp(pp.bandElems ? width : inRows * pp.innerIn, 32 / szIn));
    pt->rowTabCap = static_cast<uint32_t>(AlignUp(pp.outLen * kd, 4));
    pt->runLenCap = static_cast<uint32_t>(AlignUp(pp.inLen, 8));
    pt->outRowStride = static_cast<uint32_t>(batch > 1 ? pad : AlignUp(width * szOut, 32) / szOut);
    uint64_t at = kw * pad * 4;
    pt->innerWeightAt = static_cast<uint32_t>(at);
    if (weighted || pt->useMask) at += AlignUp(kw * pad * (weighted ? 4u : szC), 32);
    if (weighted && pt->useMask) at += AlignUp(kw * pad * 4, 32);  // int32 0/1 mask of padding taps
    pt->identityAt = static_cast<uint32_t>(at);
    if (pt->innerAfter) at += AlignUp(pp.innerIn, 8) * 4;
    pt->compactOut = pp.compactOut ? 1u : 0u;
    pt->compactAt = static_cast<uint32_t>(at);
    if (pp.compactOut) {
        at += AlignUp(uint64_t(outRows) * pp.innerOut, 8) * 4;
        pt->outRowStride = static_cast<uint32_t>(pp.innerOut);  // packed: contiguous
    }
    pt->narrowElems = static_cast<uint32_t>(
        pp.compactOut ? std::max<uint64_t>(pad, AlignUp(uint64_t(outRows) * pp.innerOut, 32)) : pad);
    pt->rowSrcAt = static_cast<uint32_t>(at);  // end of the inner tables (read whole)
    at += pt->rowTabCap * 8ull + 32;
    pt->runLenAt = static_cast<uint32_t>(at);
    at += pt->runLenCap * 4ull + 32;
    pt->tableBlobBytes = at;
    pt->rows = pp.outer / batch * pp.outLen;
    pt->rowInLen = pp.inLen;
    pt->rowOutLen = pp.outLen;
    pt->innerIn = pp.innerIn;
    pt->innerOut = pp.innerOut;
}

}  // namespace

bool BuildInterpolateAxisTaps(const InterpolateProblem& p, int d, InterpolateAxisTaps* t, std::string* err)
{
    const int64_t inLen = p.inShape[d];
    const int64_t padLen = Padded(p, d);
    const int64_t outLen = p.outShape[d];
    const int64_t pb = p.padsBegin[d];
    const float scale = p.scale[d];
    const bool identity = !p.resized[d];
    std::vector<int64_t> pos;  // padded positions
    std::vector<double> w;
    uint32_t k = 1;
    if (identity || p.mode == InterpMode::NEAREST) {
        k = 1;
        pos.resize(outLen);
        w.assign(outLen, 1.0);
        for (int64_t o = 0; o < outLen; ++o) {
            pos[o] = identity ? o
                              : interp::NearestSourceIndex(p.coordMode, p.nearestMode, o, scale, outLen, padLen);
        }
    } else if (p.mode == InterpMode::LINEAR) {
        const bool aa = AntialiasOn(p);
        const float a = aa ? scale : 1.0f;
        const int64_t r = interp::LinearTapRadius(scale, a);
        if (2 * r + 1 > kMaxTaps) {
            if (err) *err = "interpolate: linear antialias window of " + std::to_string(2 * r + 1) +
                            " taps on axis " + std::to_string(d) + " exceeds the kernel limit of " +
                            std::to_string(kMaxTaps);
            return false;
        }
        k = static_cast<uint32_t>(2 * r + 1);
        pos.resize(outLen * k);
        w.resize(outLen * k);
        for (int64_t o = 0; o < outLen; ++o) {
            const float c = interp::SourceCoordinate(p.coordMode, o, scale, outLen, padLen);
            const int64_t centre = interp::LinearTapCentre(c);
            double sum = 0.0;
            for (uint32_t j = 0; j < k; ++j) {
                const int64_t q = centre - r + j;
                const double wj = (q >= 0 && q < padLen) ? interp::LinearTapWeight(a, c, q) : 0.0;
                // A window position outside the padded range is not a tap (spec: `continue`): it
                // maps outside the input below and is dropped like a padding tap.
                pos[o * k + j] = q;
                w[o * k + j] = wj;
                sum += wj;
            }
            for (uint32_t j = 0; j < k; ++j) w[o * k + j] = sum != 0.0 ? w[o * k + j] / sum : 0.0;
        }
    } else if (p.mode == InterpMode::LINEAR_ONNX) {
        k = 2;
        pos.resize(outLen * 2);
        w.resize(outLen * 2);
        for (int64_t o = 0; o < outLen; ++o) {
            const float c = interp::SourceCoordinate(p.coordMode, o, scale, outLen, padLen);
            int64_t i1, i2;
            float w1, w2;
            interp::OnnxLinearTaps(c, padLen, &i1, &i2, &w1, &w2);
            pos[o * 2] = i1;
            pos[o * 2 + 1] = i2;
            w[o * 2] = w1;
            w[o * 2 + 1] = w2;
        }
    } else {  // CUBIC
        k = 4;
        pos.resize(outLen * 4);
        w.resize(outLen * 4);
        for (int64_t o = 0; o < outLen; ++o) {
            const float c = interp::SourceCoordinate(p.coordMode, o, scale, outLen, padLen);
            const int64_t i = interp::FloorToInt(c);
            float coeff[4];
            interp::CubicCoeffs(c - static_cast<float>(i), p.cubeCoeff, coeff);
            for (int j = 0; j < 4; ++j) {
                pos[o * 4 + j] = interp::ClampIndex(i - 1 + j, padLen);
                w[o * 4 + j] = coeff[j];
            }
        }
    }
    // Padded position -> source index; the padding is data of value 0 (spec: np.pad), so such taps
    // keep their place in the normalisation above but contribute nothing (weight +0.0f).  Taps
    // inside the input keep their weight even when it is 0 (stored as -0.0f, see IsPadTap): the
    // reference multiplies every one of them, so a zero-weighted inf or NaN gives NaN.
    t->numTaps = k;
    t->copy = (k == 1);
    t->srcIndex.resize(pos.size());
    t->weight.resize(pos.size());
    for (size_t i = 0; i < pos.size(); ++i) {
        const int64_t q = pos[i] - pb;
        const bool inside = q >= 0 && q < inLen;
        t->srcIndex[i] = q < 0 ? 0 : (q >= inLen ? inLen - 1 : q);
        const float wf = static_cast<float>(w[i]);
        t->weight[i] = inside ? (wf == 0.0f ? -0.0f : wf) : 0.0f;
    }
    return true;
}

bool PlanInterpolate(const InterpolateProblem& p, const PlatformInfo& platform, KernelPlan* plan,
                     std::string* err)
{
    auto fail = [&](const std::string& m) {
        if (err) *err = "interpolate tiling: " + m;
        return false;
    };
    if (plan == nullptr) return fail("plan is null");
    *plan = KernelPlan{};
    if (p.rank < 1 || p.rank > 5) return fail("rank must be 1..5, got " + std::to_string(p.rank));
    if (DTypeCode(p.dtype) > DTypeCode(DType::I32)) return fail("unknown dtype");
    if (p.dtype == DType::BF16 && !platform.hasBf16) return fail("bfloat16 is not supported on " + platform.socName);
    if (platform.coreNum == 0) return fail("platform reports 0 cores");

    uint64_t outTotal = 1, inTotal = 1;
    for (int d = 0; d < p.rank; ++d) {
        if (p.inShape[d] < 0 || p.outShape[d] < 0 || p.padsBegin[d] < 0 || p.padsEnd[d] < 0) {
            return fail("negative length or pad on dimension " + std::to_string(d));
        }
        if (!p.resized[d] && p.outShape[d] != Padded(p, d)) {
            return fail("dimension " + std::to_string(d) + " is not resized but its output length " +
                        std::to_string(p.outShape[d]) + " differs from the padded input length " +
                        std::to_string(Padded(p, d)));
        }
        outTotal *= static_cast<uint64_t>(p.outShape[d]);
        inTotal *= static_cast<uint64_t>(p.inShape[d]);
    }
    if (outTotal == 0) return true;  // empty output: nothing to launch (blockDim 0)
    if (inTotal == 0) return fail("input is empty but the output is not");

    // ---- the passes ------------------------------------------------------------------------
    // Active dimensions (resized or padded) with their taps; copy-type ones (nearest, identity with
    // padding) form the first group, run in the native dtype; the rest run in float32.
    const int last = p.rank - 1;
    std::vector<InterpolateAxisTaps> axisTaps(p.rank);
    std::vector<int> copyDims, weightedDims;
    for (int d = 0; d < p.rank; ++d) {
        if (!p.resized[d] && p.padsBegin[d] == 0 && p.padsEnd[d] == 0) continue;
        if (!BuildInterpolateAxisTaps(p, d, &axisTaps[d], err)) return false;
        (axisTaps[d].copy ? copyDims : weightedDims).push_back(d);
    }
    struct Spec {
        int rowDim;    // -1: the whole tensor is one row
        int innerDim;  // last dimension transformed inside rows, or -1
        bool copy;
        bool rowChanges;  // the row axis is resized/padded in this pass (else identity rows)
    };
    std::vector<Spec> specs;
    auto ratio = [&](const Spec& sp) {
        double r = 1.0;
        for (int d : {sp.rowChanges ? sp.rowDim : -1, sp.innerDim}) {
            if (d >= 0) r *= static_cast<double>(p.outShape[d]) / static_cast<double>(Padded(p, d));
        }
        return r;
    };
    for (int g = 0; g < 2; ++g) {
        std::vector<int> dims = g == 0 ? copyDims : weightedDims;
        std::vector<Spec> group;
        if (!dims.empty() && dims.back() == last) {
            // The innermost axis is transformed inside the rows of the next active axis (or of the
            // dimension before it, unchanged), so one pass resizes both: the common 2-D case.
            dims.pop_back();
            const bool rowChanges = !dims.empty();
            const int rowDim = dims.empty() ? last - 1 : dims.back();
            if (!dims.empty()) dims.pop_back();
            group.push_back(Spec{rowDim, last, g == 0, rowChanges});
        }
        for (int d : dims) group.push_back(Spec{d, -1, g == 0, true});
        std::stable_sort(group.begin(), group.end(),
                         [&](const Spec& x, const Spec& y) { return ratio(x) < ratio(y); });
        specs.insert(specs.end(), group.begin(), group.end());
    }
    if (specs.empty()) specs.push_back(Spec{-2, last, true, false});  // nothing changes: a plain copy

    int64_t shape[5];
    for (int d = 0; d < p.rank; ++d) shape[d] = p.inShape[d];
    const uint32_t nativeType = DTypeCode(p.dtype);
    const uint32_t f32Type = static_cast<uint32_t>(DType::F32);
    const SocCaps caps = CapsOfArch(platform.arch);
    const uint32_t socFlags = (caps.dataCopyPad ? interp::kSocHasDataCopyPad : 0u) |
                              (caps.halfRint ? interp::kSocHalfRint : 0u);
    auto identityTaps = [](int64_t len) {
        InterpolateAxisTaps t;
        t.numTaps = 1;
        t.copy = true;
        t.srcIndex.resize(len);
        t.weight.assign(len, 1.0f);
        for (int64_t i = 0; i < len; ++i) t.srcIndex[i] = i;
        return t;
    };

    // SyncAll's UB workspace: GetBlockNum() * 32 B (soft SyncAll), allocated by every pass.
    const uint64_t syncUb = static_cast<uint64_t>(platform.coreNum) * 32;
    std::vector<PassPlan> passes;
    bool seenWeighted = false;
    std::vector<Spec> work(specs.rbegin(), specs.rend());  // a stack: back() runs next
    while (!work.empty()) {
        const Spec sp = work.back();
        work.pop_back();
        const bool lastSpec = work.empty();
        const uint32_t inType = (sp.copy || !seenWeighted) ? nativeType : f32Type;
        bool rowsOk = sp.rowDim >= -1;
        PassPlan pp;
        if (rowsOk) {
            // ROWS candidate: [outer, rowIn, innerIn] -> [outer, rowOut, innerOut].
            pp.layout = interp::kLayoutRows;
            pp.dim = sp.rowDim;
            pp.innerDim = sp.innerDim;
            pp.copy = sp.copy;
            pp.outer = 1;
            for (int j = 0; j < sp.rowDim; ++j) pp.outer *= static_cast<uint64_t>(shape[j]);
            const bool rowActive = sp.rowDim >= 0 && sp.rowChanges;
            pp.inLen = sp.rowDim >= 0 ? static_cast<uint64_t>(shape[sp.rowDim]) : 1;
            pp.outLen = !rowActive ? pp.inLen : static_cast<uint64_t>(p.outShape[sp.rowDim]);
            pp.taps = rowActive ? axisTaps[sp.rowDim] : identityTaps(static_cast<int64_t>(pp.inLen));
            uint64_t mid = 1;
            for (int j = sp.rowDim + 1; j < (sp.innerDim >= 0 ? sp.innerDim : p.rank); ++j) {
                mid *= static_cast<uint64_t>(shape[j]);
            }
            if (sp.innerDim >= 0) {
                pp.innerTaps = axisTaps[sp.innerDim];
                pp.innerIn = mid * static_cast<uint64_t>(shape[sp.innerDim]);
                pp.innerOut = mid * static_cast<uint64_t>(p.outShape[sp.innerDim]);
                pp.mid = mid;
            } else {
                pp.innerTaps = identityTaps(static_cast<int64_t>(mid));
                pp.innerIn = pp.innerOut = mid;
                pp.mid = 1;
            }
            const uint32_t outType = (sp.copy || lastSpec) ? nativeType : f32Type;
            const uint32_t kind = static_cast<uint32_t>(sp.copy ? InterpolatePassKind::COPY : InterpolatePassKind::WEIGHTED);
            const uint32_t szIn = DTypeBytes(inType);
            const uint32_t szOut = DTypeBytes(outType);
            InterpolatePassTiling probe;
            std::memset(&probe, 0, sizeof(probe));
            probe.kind = kind;
            probe.inDType = inType;
            probe.outDType = outType;
            probe.socFlags = socFlags;
            bool anyInnerPad = false;
            for (float wv : pp.innerTaps.weight) anyInnerPad |= IsPadTap(wv);
            probe.useMask = anyInnerPad ? 1u : 0u;
            rowsOk = (platform.hasDataCopyPad || (pp.innerOut * szOut) % 32 == 0) && pp.innerIn * 4 < (1ull << 31);
            if (!sp.copy && sp.innerDim >= 0) {
                // Vector cost (16 cycles per instruction + one per 256 B repeat) of transforming each
                // needed input row (before) or each combined output row (after).
                std::vector<uint8_t> usedRow(pp.inLen, 0);
                for (size_t e = 0; e < pp.taps.srcIndex.size(); ++e) {
                    if (!IsPadTap(pp.taps.weight[e])) usedRow[pp.taps.srcIndex[e]] = 1;
                }
                double rowsIn = 0;
                for (uint8_t u : usedRow) rowsIn += u;
                rowsIn *= static_cast<double>(pp.outer);
                const double rowsOut = static_cast<double>(pp.outer * pp.outLen);
                const double kw = pp.innerTaps.numTaps, kd = pp.taps.numTaps;
                const double repIn = std::ceil(static_cast<double>(pp.innerIn) / 64.0);
                const double repOut = std::ceil(static_cast<double>(pp.innerOut) / 64.0);
                const double before = rowsIn * 3 * kw * (16 + repOut) + rowsOut * kd * (16 + repOut);
                const double after = rowsIn * (16 + repIn) + rowsOut * (kd * (16 + repIn) + 3 * kw * (16 + repOut));
                pp.innerAfter = after < before;
            }
            // Lays `cand` out with `batch` rows per DMA and as many cached rows as useful (rowTaps +
            // batch: every row is read once) or as fit the UB (fewer: rows are re-read, still correct,
            // since each slot is used right after it is found).
            auto fitRows = [&](PassPlan& cand, uint32_t batch) {
                cand.inRowsPerDma = cand.outRowsPerDma = batch;
                cand.slots = std::min<uint32_t>(cand.taps.numTaps + batch, kMaxRowSlots);
                RowsLayout(cand, batch, batch, &probe);
                const uint64_t ub = interp::InterpolateRowPassUbBytes(probe, syncUb);
                if (ub <= platform.ubBytes) return true;
                const uint64_t slotBytes = interp::InterpolateRound32(
                    uint64_t(probe.slotElems) * (probe.kind == 1 ? 4u : interp::InterpolateCopyComputeBytes(probe.inDType)));
                const uint64_t drop = (ub - platform.ubBytes + slotBytes - 1) / slotBytes;
                if (cand.slots < drop + batch + 1) return false;
                cand.slots = static_cast<uint32_t>(cand.slots - drop);
                RowsLayout(cand, batch, batch, &probe);
                return interp::InterpolateRowPassUbBytes(probe, syncUb) <= platform.ubBytes;
            };
            bool fits = false;
            for (uint32_t batch = 16; rowsOk && batch >= 1 && !fits; batch /= 2) fits = fitRows(pp, batch);
            if (!fits && sp.innerDim < 0 && pp.innerOut >= 32) {
                // Identity inner block too long (or unaligned rows on 310P): column bands, one row
                // per DMA; without DataCopyPad the last band is a full band ending at the row end.
                uint64_t band = std::min<uint64_t>(AlignUp(pp.innerOut, 32), 8192);
                if (!platform.hasDataCopyPad) band = std::min<uint64_t>(band, pp.innerOut / 32 * 32);
                pp.innerAfter = false;
                for (; band >= 32 && !fits; band = band / 2 / 32 * 32) {
                    pp.bandElems = static_cast<uint32_t>(band);
                    fits = fitRows(pp, 1);
                }
                if (fits) {
                    rowsOk = pp.innerIn * 4 < (1ull << 31);
                } else {
                    pp.bandElems = 0;
                    pp.slots = 0;
                }
            }
            if (!fits && !platform.hasDataCopyPad && (pp.innerOut * szOut) % 32 != 0 && pp.innerIn * 4 < (1ull << 31)) {
                // 310P rows that are not 32 B multiples: pack G rows per DMA (G * innerOut * size a
                // multiple of 32 B); each core needs at least G rows.
                uint64_t g0 = 32;
                while (g0 > 1 && (g0 / 2 * pp.innerOut * szOut) % 32 == 0) g0 /= 2;
                uint64_t g = g0 * std::max<uint64_t>(1, 1024 / (g0 * pp.innerOut));
                const uint64_t rowsAll = pp.outer * pp.outLen;
                while (g > g0 && rowsAll / g < platform.coreNum) g -= g0;
                for (uint32_t batch = 16; g <= rowsAll && g <= 256 && batch >= 1 && !fits; batch /= 2) {
                    PassPlan cand = pp;
                    cand.compactOut = true;
                    cand.bandElems = 0;
                    cand.innerAfter = false;
                    cand.inRowsPerDma = batch;
                    cand.slots = std::min<uint32_t>(cand.taps.numTaps + batch, kMaxRowSlots);
                    RowsLayout(cand, batch, static_cast<uint32_t>(g), &probe);
                    if (interp::InterpolateRowPassUbBytes(probe, syncUb) <= platform.ubBytes) {
                        cand.outRowsPerDma = static_cast<uint32_t>(g);
                        pp = cand;
                        fits = true;
                        rowsOk = true;
                    }
                }
            }
            rowsOk = rowsOk && fits;
            const uint64_t rows = pp.outer * pp.outLen;
            if (rowsOk && sp.innerDim < 0 && rows < 4ull * platform.coreNum && pp.innerOut >= 2048) {
                // Few long rows: split the cores over column bands as well (bands of >= ~1K
                // elements keep DMAs long), so each core reads few neighbouring rows twice.
                const uint64_t want = std::min<uint64_t>(platform.coreNum, (pp.innerOut + 1023) / 1024);
                uint64_t band = AlignUp((pp.innerOut + want - 1) / want, 32);
                if (pp.bandElems) band = std::min<uint64_t>(band, pp.bandElems);
                const uint64_t bands = (pp.innerOut + band - 1) / band;
                const uint64_t tail = pp.innerOut - (bands - 1) * band;
                const bool tailOk = platform.hasDataCopyPad || (tail * szOut) % 32 == 0;
                if (bands > 1 && tailOk) {
                    PassPlan banded = pp;
                    banded.bandElems = static_cast<uint32_t>(band);
                    banded.bandGroups = static_cast<uint32_t>(std::min<uint64_t>(bands, platform.coreNum));
                    banded.innerAfter = false;
                    if (fitRows(banded, 1)) pp = banded;
                }
            }
            if (rowsOk && !pp.bandElems && !pp.compactOut && !pp.innerAfter && pp.outer >= 2 && pp.innerOut <= 256) {
                // Short rows: handle B consecutive outer blocks (channels) together, so every vector
                // instruction and scalar tap read covers B rows (B divides outer; keep >= coreNum
                // units of work where there are that many rows).
                const uint64_t stride = AlignUp(pp.innerOut, 32);
                const uint64_t bMax = std::max<uint64_t>(1, 4096 / stride);
                const uint64_t rowsAll = pp.outer * pp.outLen;
                const uint64_t inGap = (pp.inLen - 1) * pp.innerIn * szIn, outGap = (pp.outLen - 1) * pp.innerOut * szOut;
                const bool dmaOk = platform.hasDataCopyPad ||
                                   ((pp.innerIn * szIn) % 32 == 0 && (pp.innerOut * szOut) % 32 == 0 &&
                                    inGap / 32 < 65536 && outGap / 32 < 65536 && pp.innerIn * szIn / 32 < 65536);
                // >= 4 units per core, so the input rows re-read at core boundaries stay few.
                const uint64_t bCap = rowsAll / (4ull * platform.coreNum);
                for (uint64_t b = std::min<uint64_t>({bMax, pp.outer, bCap}); dmaOk && b >= 2; --b) {
                    if (pp.outer % b != 0) continue;
                    PassPlan batched = pp;
                    batched.outerBatch = static_cast<uint32_t>(b);
                    batched.innerAfter = false;
                    if (fitRows(batched, 1)) {
                        pp = batched;
                        break;
                    }
                }
            }
            (void)szIn;
        }
        if (rowsOk) {
            if (sp.rowDim >= 0 && sp.rowChanges) shape[sp.rowDim] = p.outShape[sp.rowDim];
            if (sp.innerDim >= 0) shape[sp.innerDim] = p.outShape[sp.innerDim];
            passes.push_back(std::move(pp));
            seenWeighted |= !sp.copy;
            continue;
        }
        if (sp.rowDim >= 0 && sp.innerDim >= 0 && sp.rowChanges) {
            // The fused pass does not fit: the innermost axis alone (rows of the dimension before
            // it), and the row axis alone (identity inner block, column bands if long), the
            // shrinking one first.
            const Spec innerOnly{last - 1, last, sp.copy, false};  // rows of dimension last-1, unchanged
            const Spec rowOnly{sp.rowDim, -1, sp.copy, true};
            const bool innerFirst =
                static_cast<double>(p.outShape[last]) / static_cast<double>(Padded(p, last)) <
                static_cast<double>(p.outShape[sp.rowDim]) / static_cast<double>(Padded(p, sp.rowDim));
            work.push_back(innerFirst ? rowOnly : innerOnly);
            work.push_back(innerFirst ? innerOnly : rowOnly);
            continue;
        }
        // GATHER passes, one per changed axis of the spec, the shrinking one first.
        int order[2] = {sp.rowDim, sp.innerDim};
        if (sp.rowDim >= 0 && sp.innerDim >= 0 && sp.rowChanges &&
            static_cast<double>(p.outShape[sp.innerDim]) / static_cast<double>(Padded(p, sp.innerDim)) <
                static_cast<double>(p.outShape[sp.rowDim]) / static_cast<double>(Padded(p, sp.rowDim))) {
            order[0] = sp.innerDim;
            order[1] = sp.rowDim;
        }
        for (int d : order) {
            if (d < 0 && !(sp.rowDim == -2 && d == sp.innerDim)) continue;
            if (d >= 0 && d == sp.rowDim && !sp.rowChanges) continue;  // unchanged row axis
            PassPlan gp;
            gp.layout = interp::kLayoutGather;
            gp.dim = d;
            gp.copy = sp.copy;
            gp.taps = axisTaps[d].srcIndex.empty() ? identityTaps(shape[d]) : axisTaps[d];
            gp.outer = 1;
            gp.inner = 1;
            for (int j = 0; j < d; ++j) gp.outer *= static_cast<uint64_t>(shape[j]);
            for (int j = d + 1; j < p.rank; ++j) gp.inner *= static_cast<uint64_t>(shape[j]);
            gp.inLen = static_cast<uint64_t>(shape[d]);
            gp.outLen = static_cast<uint64_t>(p.outShape[d]);
            shape[d] = p.outShape[d];
            passes.push_back(std::move(gp));
            seenWeighted |= !sp.copy;
        }
    }
    if (passes.size() > interp::kInterpolateMaxPasses) return fail("too many passes");

    // ---- dtypes and buffers ------------------------------------------------------------------
    InterpolateTilingData td;
    std::memset(&td, 0, sizeof(td));
    td.numPasses = static_cast<uint32_t>(passes.size());
    uint64_t maxIntermediateBytes = 0;
    struct Tables {
        std::vector<uint32_t> off, lo, hi;  // GATHER: offsets, window lo/hi; ROWS: inner offsets, row src/weight bits
        std::vector<uint8_t> weights;       // raw bytes
        uint64_t offAt = 0, wAt = 0, loAt = 0, hiAt = 0;
    };
    std::vector<Tables> tables(passes.size());
    uint32_t curType = nativeType;
    for (size_t i = 0; i < passes.size(); ++i) {
        PassPlan& pp = passes[i];
        const bool lastPass = (i + 1 == passes.size());
        InterpolatePassTiling& pt = td.pass[i];
        pt.layout = pp.layout;
        pt.kind = static_cast<uint32_t>(pp.copy ? InterpolatePassKind::COPY : InterpolatePassKind::WEIGHTED);
        pt.inDType = curType;
        pt.outDType = (pp.copy || lastPass) ? nativeType : f32Type;
        if (pp.copy && curType != nativeType) return fail("internal: copy pass after a weighted pass");
        pt.inFromWorkspace = i == 0 ? 0u : 1u;
        pt.outToWorkspace = lastPass ? 0u : 1u;
        pt.socFlags = socFlags;
        if (pp.layout == interp::kLayoutRows) {
            pt.numTaps = pp.innerTaps.numTaps;
            bool anyPad = false;
            for (float wv : pp.innerTaps.weight) anyPad |= IsPadTap(wv);
            pt.useMask = anyPad ? 1u : 0u;  // COPY: 0/1 mask; WEIGHTED: padding taps read as 0
            pt.inElems = pp.outer * pp.inLen * pp.innerIn;
            pt.outElems = pp.outer * pp.outLen * pp.innerOut;
        } else {
            pt.numTaps = pp.taps.numTaps;
            bool anyPad = false;
            for (float wv : pp.taps.weight) anyPad |= IsPadTap(wv);
            pt.useMask = anyPad ? 1u : 0u;
            pt.inElems = pp.outer * pp.inLen * pp.inner;
            pt.outElems = pp.outer * pp.outLen * pp.inner;
            pt.blockInElems = pp.inLen * pp.inner;
            pt.blockOutElems = pp.outLen * pp.inner;
        }
        if (!lastPass) maxIntermediateBytes = std::max<uint64_t>(maxIntermediateBytes,
                                                                 pt.outElems * DTypeBytes(pt.outDType));
        curType = pt.outDType;
    }
    if (curType != nativeType) return fail("internal: last pass does not write the output dtype");

    // ---- per pass: chunk, window, tables, cores ----------------------------------------------
    // Multi-pass plans start the user workspace with the zeroed soft-SyncAll area (blockDim * 32 B).
    uint64_t wsCursor = 0;
    if (passes.size() > 1) {
        td.syncBytes = static_cast<uint32_t>(AlignUp(static_cast<uint64_t>(platform.coreNum) * 32, kAlign));
        wsCursor = td.syncBytes;
    }
    for (size_t i = 0; i < passes.size(); ++i) {
        const PassPlan& pp = passes[i];
        InterpolatePassTiling& pt = td.pass[i];
        const uint32_t k = pt.numTaps;
        const bool weighted = pt.kind == static_cast<uint32_t>(InterpolatePassKind::WEIGHTED);
        const uint32_t szIn = DTypeBytes(pt.inDType);
        const uint32_t szOut = DTypeBytes(pt.outDType);
        const uint32_t szC = weighted ? 4u : interp::InterpolateCopyComputeBytes(pt.inDType);
        auto place = [&](uint64_t bytes) {
            const uint64_t at = wsCursor;
            wsCursor = AlignUp(wsCursor + bytes, kAlign);
            return at;
        };
        auto putWeight = [&](std::vector<uint8_t>& dst, uint64_t at, float wv) {
            if (weighted) {
                std::memcpy(&dst[at * 4], &wv, 4);
            } else if (szC == 4) {
                const int32_t mv = wv != 0.0f ? 1 : 0;
                std::memcpy(&dst[at * 4], &mv, 4);
            } else {  // 2-byte compute types are masked as int16 (bit-exact)
                const int16_t mv = wv != 0.0f ? 1 : 0;
                std::memcpy(&dst[at * 2], &mv, 2);
            }
        };
        if (pp.layout == interp::kLayoutRows) {
            Tables& tb = tables[i];
            RowsLayout(pp, pp.inRowsPerDma, pp.outRowsPerDma, &pt);
            const uint32_t kw = pt.numTaps;
            const uint32_t kd = pt.rowTaps;
            const uint64_t pad = pt.innerOutPad;
            const uint64_t wOut = pp.innerOut / pp.mid, wIn = pp.innerIn / pp.mid;
            pt.outAlignElems = 32 / szOut;
            std::vector<uint8_t>& blob = tb.weights;  // the whole blob, byte for byte as in UB
            blob.assign(pt.tableBlobBytes, 0);
            std::vector<uint8_t> wtab((weighted || pt.useMask) ? kw * pad * (weighted ? 4u : szC) : 0, 0);
            // WEIGHTED with padding taps: int32 mask (1: inside the input, 0: padding, read as 0)
            std::vector<int32_t> mtab((weighted && pt.useMask) ? kw * pad : 0, 0);
            // B > 1: the tables repeat for each of the B rows (row b reads rawPitch * b further on).
            const uint64_t reps = pt.outerBatch > 1 ? pt.outerBatch : 1;
            const uint64_t repStride = reps > 1 ? pt.batchStride : 0;
            for (uint64_t rep = 0; rep < reps; ++rep) {
                for (uint64_t m = 0; m < pt.bandElems; ++m) {
                    const uint64_t mi = m / wOut, wo = m % wOut;
                    for (uint32_t t = 0; t < kw; ++t) {
                        const uint64_t srcIdx =
                            pp.bandElems ? m : static_cast<uint64_t>(pp.innerTaps.srcIndex[wo * kw + t]);
                        const uint32_t off =
                            static_cast<uint32_t>((rep * pt.rawPitch + mi * wIn + srcIdx) * szC);
                        const uint64_t e = t * pad + rep * repStride + m;
                        std::memcpy(&blob[e * 4], &off, 4);
                        if (!wtab.empty()) {
                            putWeight(wtab, e, pp.bandElems ? 1.0f : pp.innerTaps.weight[wo * kw + t]);
                        }
                        if (!mtab.empty()) {
                            mtab[e] = (pp.bandElems || !IsPadTap(pp.innerTaps.weight[wo * kw + t])) ? 1 : 0;
                        }
                    }
                }
                for (uint64_t m = pt.bandElems; m < repStride; ++m) {  // lanes past the row: any valid source
                    for (uint32_t t = 0; t < kw; ++t) {
                        const uint32_t off = static_cast<uint32_t>(rep * pt.rawPitch * szC);
                        std::memcpy(&blob[(t * pad + rep * repStride + m) * 4], &off, 4);
                    }
                }
            }
            if (!wtab.empty()) std::memcpy(&blob[pt.innerWeightAt], wtab.data(), wtab.size());
            if (!mtab.empty()) {
                std::memcpy(&blob[pt.innerWeightAt + AlignUp(uint64_t(kw) * pad * 4, 32)], mtab.data(),
                            mtab.size() * 4);
            }
            std::vector<uint8_t> used(pp.inLen + 1, 0);
            // Zero-weight row taps in runs (see InterpolatePassTiling::zeroRuns) unless some weight's
            // bits could be mistaken for a run (a negative subnormal).
            pt.zeroRuns = weighted ? 1u : 0u;
            for (float wv : pp.taps.weight) {
                uint32_t bits;
                std::memcpy(&bits, &wv, 4);
                if (bits > 0x80000000u && bits <= 0x807FFFFFu) pt.zeroRuns = 0u;
            }
            for (uint64_t o = 0; o < pp.outLen; ++o) {
                // taps that contribute first (in order), padding taps (+0.0f) last: the kernel stops
                // at the first padding tap.  Zero-weight taps inside the input (-0.0f) are kept.
                uint64_t slot = o * kd;
                // A zero-weight tap repeating the source of an earlier zero-weight tap of the same
                // row (linear's window clamped at the edge) adds nothing: dropped like padding.
                std::vector<float> wrow(pp.taps.weight.begin() + o * kd, pp.taps.weight.begin() + (o + 1) * kd);
                for (uint32_t j = 0; j < kd; ++j) {
                    if (wrow[j] != 0.0f || IsPadTap(wrow[j])) continue;
                    for (uint32_t i2 = 0; i2 < j; ++i2) {
                        if (wrow[i2] == 0.0f && !IsPadTap(wrow[i2]) &&
                            pp.taps.srcIndex[o * kd + i2] == pp.taps.srcIndex[o * kd + j]) {
                            wrow[j] = 0.0f;
                            break;
                        }
                    }
                }
                // Entries (source, weight bits): taps that contribute in window order (with zeroRuns,
                // consecutive zero-weight sources folded into one run entry 0x80000000 | len), then
                // padding taps; leftover entries repeat the largest source (the kernel's row range
                // scans read whole rows of entries).
                std::vector<std::pair<uint32_t, uint32_t>> ent;
                uint32_t maxSrc = 0;
                for (int pass2 = 0; pass2 < 2; ++pass2) {
                    for (uint64_t e = o * kd; e < (o + 1) * kd; ++e) {
                        const float wv = wrow[e - o * kd];
                        if (!IsPadTap(wv) != (pass2 == 0)) continue;
                        const uint32_t src = static_cast<uint32_t>(pp.taps.srcIndex[e]);
                        maxSrc = std::max(maxSrc, src);
                        uint32_t bits;
                        std::memcpy(&bits, &wv, 4);
                        if (!IsPadTap(wv)) used[src] = 1;
                        if (pt.zeroRuns && bits == 0x80000000u) {
                            if (!ent.empty() && (ent.back().second & 0xFF800000u) == 0x80000000u &&
                                ent.back().first + (ent.back().second & 0x7FFFFFu) == src &&
                                (ent.back().second & 0x7FFFFFu) < 0x7FFFFFu) {
                                ++ent.back().second;
                                continue;
                            }
                            bits = 0x80000001u;
                        }
                        ent.emplace_back(src, bits);
                    }
                }
                while (ent.size() < kd) ent.emplace_back(maxSrc, 0u);
                for (const auto& en : ent) {
                    std::memcpy(&blob[pt.rowSrcAt + slot * 8], &en.first, 4);
                    std::memcpy(&blob[pt.rowSrcAt + slot * 8 + 4], &en.second, 4);
                    ++slot;
                }
            }
            uint32_t run = 0;  // consecutive needed input rows from each row on
            for (uint64_t r = pp.inLen; r-- > 0;) {
                run = used[r] ? run + 1 : 0;
                std::memcpy(&blob[pt.runLenAt + r * 4], &run, 4);
            }
            if (pt.innerAfter) {
                for (uint64_t j = 0; j < pp.innerIn; ++j) {
                    const uint32_t off = static_cast<uint32_t>(j * szC);
                    std::memcpy(&blob[pt.identityAt + j * 4], &off, 4);
                }
            }
            if (pt.compactOut) {  // packing gather: row f / innerOut of the staging rows, element f % innerOut
                for (uint64_t f = 0; f < uint64_t(pt.outRowsPerDma) * pp.innerOut; ++f) {
                    const uint32_t off = static_cast<uint32_t>(((f / pp.innerOut) * pad + f % pp.innerOut) * szC);
                    std::memcpy(&blob[pt.compactAt + f * 4], &off, 4);
                }
            }
            const uint64_t rowsPerCoreMin =
                std::max<uint64_t>(1, kMinElemsPerCore / std::max<uint64_t>(1, pp.innerOut * pt.outerBatch));
            if (pt.compactOut) {
                pt.blockDim = static_cast<uint32_t>(
                    std::max<uint64_t>(1, std::min<uint64_t>(platform.coreNum, pt.rows / pt.outRowsPerDma)));
            } else if (pp.bandGroups > 1) {
                const uint64_t rowGroups =
                    std::max<uint64_t>(1, std::min<uint64_t>(pt.rows, platform.coreNum / pp.bandGroups));
                pt.blockDim = static_cast<uint32_t>(rowGroups * pp.bandGroups);
            } else {
                pt.blockDim = static_cast<uint32_t>(
                    std::max<uint64_t>(1, std::min<uint64_t>({platform.coreNum, pt.rows, pt.rows / rowsPerCoreMin})));
            }
            tb.wAt = pt.offsetTable = place(blob.size());
            continue;
        }
        const uint64_t mOut = pt.blockOutElems, mIn = pt.blockInElems;
        const uint32_t outAlign = 32 / szOut;
        const uint32_t inAlign = 32 / szIn;
        pt.outAlignElems = outAlign;

        // Per block entry m = o * inner + j: source element offset of tap t = src[o][t] * inner + j.
        // sufMin[m]: min over entries >= m of the block (and taps); preMax[m]: max over entries <= m.
        std::vector<uint64_t> sufMin(mOut), preMax(mOut);
        {
            uint64_t run = 0;
            for (uint64_t m = 0; m < mOut; ++m) {
                const uint64_t o = m / pp.inner, j = m % pp.inner;
                for (uint32_t t = 0; t < k; ++t) {
                    run = std::max<uint64_t>(run, static_cast<uint64_t>(pp.taps.srcIndex[o * k + t]) * pp.inner + j);
                }
                preMax[m] = run;
            }
            uint64_t mn = UINT64_MAX;
            for (uint64_t m = mOut; m-- > 0;) {
                const uint64_t o = m / pp.inner, j = m % pp.inner;
                for (uint32_t t = 0; t < k; ++t) {
                    mn = std::min<uint64_t>(mn, static_cast<uint64_t>(pp.taps.srcIndex[o * k + t]) * pp.inner + j);
                }
                sufMin[m] = mn;
            }
        }
        auto hiAt = [&](uint64_t e) { return (e / mOut) * mIn + preMax[e % mOut] + 1; };
        auto loAt = [&](uint64_t e) { return (e / mOut) * mIn + sufMin[e % mOut]; };
        auto windowFor = [&](uint64_t chunk) {
            uint64_t worst = 0;
            for (uint64_t m0 = 0; m0 < mOut; ++m0) worst = std::max<uint64_t>(worst, hiAt(m0 + chunk - 1) - loAt(m0));
            return worst;
        };

        // Largest chunk (a power-of-two multiple of the output granule) whose UB footprint fits.
        const uint64_t inCap = AlignUp(pt.inElems, inAlign);
        uint64_t chunk = outAlign;
        while (chunk * 2 <= kMaxChunk && chunk < AlignUp(pt.outElems, outAlign)) chunk *= 2;
        uint64_t window = 0;
        for (;;) {
            window = std::min<uint64_t>(AlignUp(windowFor(chunk), inAlign), inCap);
            const uint64_t ub = interp::InterpolatePassUbBytes(pt.kind, pt.inDType, pt.outDType, k, pt.useMask,
                                                               chunk, window, pt.socFlags, syncUb);
            if (ub <= platform.ubBytes) break;
            if (chunk == outAlign) {
                return fail("pass over dimension " + std::to_string(pp.dim) + " needs " + std::to_string(ub) +
                            " bytes of UB for the smallest chunk; " + std::to_string(platform.ubBytes) +
                            " are available");
            }
            chunk /= 2;
        }
        pt.chunkElems = static_cast<uint32_t>(chunk);
        pt.windowElems = static_cast<uint32_t>(window);
        const uint64_t periods = (mOut - 1 + chunk + mOut - 1) / mOut;
        const uint64_t tableLen = periods * mOut;
        pt.tableLen = tableLen;
        if ((periods * mIn) * szC >= (1ull << 31)) return fail("pass block too large for 32-bit gather offsets");

        Tables& tb = tables[i];
        tb.off.resize(static_cast<size_t>(k * tableLen));
        tb.lo.resize(tableLen);
        tb.hi.resize(tableLen);
        const uint32_t wBytes = weighted ? 4u : szC;
        // WEIGHTED with padding taps: K x tableLen int32 masks follow the weights.
        const uint64_t wTabs = (weighted && pt.useMask) ? 2 : 1;
        tb.weights.assign(pt.useMask || weighted ? static_cast<size_t>(wTabs * k * tableLen * wBytes) : 0, 0);
        for (uint64_t e = 0; e < tableLen; ++e) {
            const uint64_t per = e / mOut, m = e % mOut, o = m / pp.inner, j = m % pp.inner;
            for (uint32_t t = 0; t < k; ++t) {
                const uint64_t src = per * mIn + static_cast<uint64_t>(pp.taps.srcIndex[o * k + t]) * pp.inner + j;
                tb.off[t * tableLen + e] = static_cast<uint32_t>(src * szC);
                if (!tb.weights.empty()) putWeight(tb.weights, t * tableLen + e, pp.taps.weight[o * k + t]);
                if (wTabs == 2) {
                    const int32_t mv = IsPadTap(pp.taps.weight[o * k + t]) ? 0 : 1;
                    std::memcpy(&tb.weights[(k * tableLen + t * tableLen + e) * 4], &mv, 4);
                }
            }
            tb.lo[e] = static_cast<uint32_t>(loAt(e));
            tb.hi[e] = static_cast<uint32_t>(hiAt(e));
        }

        // Cores: the output is split into units of one granule (32 B), base + one extra unit for
        // the first `extra` cores; the sub-granule remainder goes to the last core.
        const uint64_t units = pt.outElems / outAlign;
        uint64_t bd = 1;
        if (units > 0) {
            bd = std::min<uint64_t>({platform.coreNum, units, std::max<uint64_t>(1, pt.outElems / kMinElemsPerCore)});
        }
        pt.blockDim = static_cast<uint32_t>(bd);

        // Workspace placement of the tables.
        tb.offAt = pt.offsetTable = place(tb.off.size() * 4);
        tb.wAt = pt.weightTable = place(tb.weights.size());
        tb.loAt = pt.windowLoTable = place(tableLen * 4);
        tb.hiAt = pt.windowHiTable = place(tableLen * 4);
    }
    const uint64_t tablesEnd = wsCursor;
    const uint64_t bufA = tablesEnd;
    const uint64_t bufB = AlignUp(bufA + maxIntermediateBytes, kAlign);
    const uint64_t wsEnd = passes.size() > 1 ? AlignUp(bufB + (passes.size() > 2 ? maxIntermediateBytes : 0), kAlign)
                                             : tablesEnd;
    for (size_t i = 0; i < passes.size(); ++i) {
        td.pass[i].inBufOffset = (i == 0) ? 0 : ((i - 1) % 2 == 0 ? bufA : bufB);
        td.pass[i].outBufOffset = (i % 2 == 0) ? bufA : bufB;
    }

    plan->workspaceInit.assign(tablesEnd, 0);
    for (size_t i = 0; i < passes.size(); ++i) {
        const Tables& tb = tables[i];
        // ROWS passes keep only the blob (tb.weights): the other tables are empty (null data()).
        if (!tb.off.empty()) std::memcpy(plan->workspaceInit.data() + tb.offAt, tb.off.data(), tb.off.size() * 4);
        if (!tb.weights.empty()) std::memcpy(plan->workspaceInit.data() + tb.wAt, tb.weights.data(), tb.weights.size());
        if (!tb.lo.empty()) std::memcpy(plan->workspaceInit.data() + tb.loAt, tb.lo.data(), tb.lo.size() * 4);
        if (!tb.hi.empty()) std::memcpy(plan->workspaceInit.data() + tb.hiAt, tb.hi.data(), tb.hi.size() * 4);
    }
    plan->userWorkspaceBytes = wsEnd;
    uint32_t maxBd = 1;
    for (size_t i = 0; i < passes.size(); ++i) maxBd = std::max(maxBd, td.pass[i].blockDim);
    plan->blockDim = maxBd;
    plan->tiling.resize(sizeof(td));
    std::memcpy(plan->tiling.data(), &td, sizeof(td));
    return true;
}

}  // namespace ai
