// Per-axis tap tables of Interpolate-4 (BuildInterpolateAxisTaps, interpolate_tiling.h): one builder
// per mode, as the float64 reference splits them (python/ascend_interpolate/reference.py:
// _identity_index, _nearest_index, _linear_taps, _linear_onnx_taps, _cubic_taps).  Each builder gives
// taps at positions of the padded axis; ToSourceTaps then maps them onto the unpadded input (taps in
// the padding weigh +0.0f).  The coordinate maths is interp_math.h, shared with the kernels.
#include "interpolate_tiling.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace ai {
namespace {

using interp::InterpMode;

constexpr uint32_t kMaxTaps = 1024;  // the widest antialias window the planner accepts per axis

// One axis of the problem: lengths before/after padding and resizing, and its scale.
struct AxisGeometry {
    int64_t inLen;      // unpadded input length
    int64_t paddedLen;  // inLen + pads
    int64_t outLen;
    int64_t padBegin;
    float scale;
};

AxisGeometry AxisOf(const InterpolateProblem& p, int d)
{
    return AxisGeometry{p.inShape[d], p.inShape[d] + p.padsBegin[d] + p.padsEnd[d], p.outShape[d], p.padsBegin[d],
                        p.scale[d]};
}

// Taps on the padded axis: output o reads positions pos[o * numTaps + j] with weight[...].
struct PaddedTaps {
    uint32_t numTaps = 1;
    std::vector<int64_t> pos;
    std::vector<double> weight;
};

bool AntialiasOn(const InterpolateProblem& p)
{
    if (!p.antialias || p.mode != InterpMode::LINEAR) return false;
    for (int d = 0; d < p.rank; ++d) {
        if (p.inAxes[d] && p.scale[d] < 1.0f) return true;  // spec: is_downsample over the axes
    }
    return false;
}

// Identity rule: the source coordinate is the output coordinate (reference _identity_index).
PaddedTaps IdentityTaps(const AxisGeometry& ax)
{
    PaddedTaps t;
    t.pos.resize(ax.outLen);
    t.weight.assign(ax.outLen, 1.0);
    for (int64_t o = 0; o < ax.outLen; ++o) t.pos[o] = o;
    return t;
}

// nearest: one pixel by nearestMode, clamped (reference _nearest_index).
PaddedTaps NearestTaps(const InterpolateProblem& p, const AxisGeometry& ax)
{
    PaddedTaps t;
    t.pos.resize(ax.outLen);
    t.weight.assign(ax.outLen, 1.0);
    for (int64_t o = 0; o < ax.outLen; ++o) {
        t.pos[o] = interp::NearestSourceIndex(p.coordMode, p.nearestMode, o, ax.scale, ax.outLen, ax.paddedLen);
    }
    return t;
}

// Taps of every output o from its float32 source coordinate c: put(c, pos, weight) fills the k
// taps of one output.
template <typename Put>
PaddedTaps TapsFromCoordinates(const InterpolateProblem& p, const AxisGeometry& ax, uint32_t k, Put put)
{
    PaddedTaps t;
    t.numTaps = k;
    t.pos.resize(ax.outLen * k);
    t.weight.resize(ax.outLen * k);
    for (int64_t o = 0; o < ax.outLen; ++o) {
        const float c = interp::SourceCoordinate(p.coordMode, o, ax.scale, ax.outLen, ax.paddedLen);
        put(c, &t.pos[o * k], &t.weight[o * k]);
    }
    return t;
}

// linear (+ antialias): a triangle window of radius r around round(c), normalised over the
// positions inside the padded axis (reference _linear_taps).
bool LinearTaps(const InterpolateProblem& p, const AxisGeometry& ax, int d, PaddedTaps* t, std::string* err)
{
    const float a = AntialiasOn(p) ? ax.scale : 1.0f;
    const int64_t r = interp::LinearTapRadius(ax.scale, a);
    if (2 * r + 1 > kMaxTaps) {
        if (err) *err = "interpolate: linear antialias window of " + std::to_string(2 * r + 1) + " taps on axis " +
                        std::to_string(d) + " exceeds the kernel limit of " + std::to_string(kMaxTaps);
        return false;
    }
    const uint32_t k = static_cast<uint32_t>(2 * r + 1);
    *t = TapsFromCoordinates(p, ax, k, [&](float c, int64_t* pos, double* weight) {
        const int64_t centre = interp::LinearTapCentre(c);
        double sum = 0.0;
        for (uint32_t j = 0; j < k; ++j) {
            const int64_t q = centre - r + j;
            // A window position outside the padded range is not a tap (spec: `continue`): it maps
            // outside the input in ToSourceTaps and is dropped like a padding tap.
            pos[j] = q;
            weight[j] = (q >= 0 && q < ax.paddedLen) ? interp::LinearTapWeight(a, c, q) : 0.0;
            sum += weight[j];
        }
        for (uint32_t j = 0; j < k; ++j) weight[j] = sum != 0.0 ? weight[j] / sum : 0.0;
    });
    return true;
}

// linear_onnx: two taps around the clamped coordinate (reference _linear_onnx_taps).
PaddedTaps LinearOnnxTaps(const InterpolateProblem& p, const AxisGeometry& ax)
{
    return TapsFromCoordinates(p, ax, 2, [&](float c, int64_t* pos, double* weight) {
        float w1, w2;
        interp::OnnxLinearTaps(c, ax.paddedLen, &pos[0], &pos[1], &w1, &w2);
        weight[0] = w1;
        weight[1] = w2;
    });
}

// cubic: Keys kernel, taps floor(c) - 1 .. floor(c) + 2 clamped to the edge (reference _cubic_taps).
PaddedTaps CubicTaps(const InterpolateProblem& p, const AxisGeometry& ax)
{
    return TapsFromCoordinates(p, ax, 4, [&](float c, int64_t* pos, double* weight) {
        const int64_t i = interp::FloorToInt(c);
        float coeff[4];
        interp::CubicCoeffs(c - static_cast<float>(i), p.cubeCoeff, coeff);
        for (int j = 0; j < 4; ++j) {
            pos[j] = interp::ClampIndex(i - 1 + j, ax.paddedLen);
            weight[j] = coeff[j];
        }
    });
}

// Padded position -> source index.  The padding is data of value 0 (spec: np.pad), so such taps
// keep their place in the normalisation above but contribute nothing (weight +0.0f).  Taps inside
// the input keep their weight even when it is 0 (stored as -0.0f, see IsPadTapWeight): the
// reference multiplies every one of them, so a zero-weighted inf or NaN gives NaN.
void ToSourceTaps(const PaddedTaps& padded, const AxisGeometry& ax, InterpolateAxisTaps* t)
{
    t->numTaps = padded.numTaps;
    t->copy = (padded.numTaps == 1);
    t->srcIndex.resize(padded.pos.size());
    t->weight.resize(padded.pos.size());
    for (size_t i = 0; i < padded.pos.size(); ++i) {
        const int64_t q = padded.pos[i] - ax.padBegin;
        const bool inside = q >= 0 && q < ax.inLen;
        t->srcIndex[i] = q < 0 ? 0 : (q >= ax.inLen ? ax.inLen - 1 : q);
        const float wf = static_cast<float>(padded.weight[i]);
        t->weight[i] = inside ? (wf == 0.0f ? -0.0f : wf) : 0.0f;
    }
}

// Integer data is always finite, so a tap of weight 0 (inside the input or in the padding) adds
// exactly 0 to any sum, whatever it reads: each output keeps only its taps of nonzero weight, in
// order, and is filled up to the axis's new tap count with padding taps (+0.0f, ordered last, on its
// last source: row taps the kernel skips).  Removing exact zeros from a float32 sum leaves its value,
// so the results are those of the full windows (a linear upscale's 5-tap window reads 2).  The axis
// stays weighted (a copy axis would run in a pass of its own).
void DropZeroWeightTaps(InterpolateAxisTaps* t)
{
    const uint32_t k = t->numTaps;
    const size_t outputs = k == 0 ? 0 : t->weight.size() / k;
    uint32_t kept = 1;
    for (size_t o = 0; o < outputs; ++o) {
        uint32_t n = 0;
        for (uint32_t j = 0; j < k; ++j) n += t->weight[o * k + j] != 0.0f ? 1u : 0u;
        kept = std::max(kept, n);
    }
    if (kept == k) return;
    std::vector<int64_t> src(outputs * kept);
    std::vector<float> weight(outputs * kept, 0.0f);
    for (size_t o = 0; o < outputs; ++o) {
        uint32_t n = 0;
        int64_t last = t->srcIndex[o * k];
        for (uint32_t j = 0; j < k; ++j) {
            if (t->weight[o * k + j] == 0.0f) continue;
            last = t->srcIndex[o * k + j];
            src[o * kept + n] = last;
            weight[o * kept + n++] = t->weight[o * k + j];
        }
        for (; n < kept; ++n) src[o * kept + n] = last;
    }
    t->numTaps = kept;
    t->srcIndex = std::move(src);
    t->weight = std::move(weight);
}

// interp::ComputeInnerTaps's back end on the host: every operation element by element over n
// float32 / int32 values (handles point at them), rounding as the vector unit does.
struct HostTapOps {
    using F = float*;
    using I = int32_t*;
    uint32_t n;

    template <typename Op>
    void Each(Op op) const
    {
        for (uint32_t i = 0; i < n; ++i) op(i);
    }
    void Index(F d, uint32_t first) const { Each([&](uint32_t i) { d[i] = static_cast<float>(first + i); }); }
    void Muls(F d, F a, float x) const { Each([&](uint32_t i) { d[i] = a[i] * x; }); }
    void Adds(F d, F a, float x) const { Each([&](uint32_t i) { d[i] = a[i] + x; }); }
    void Mins(F d, F a, float x) const { Each([&](uint32_t i) { d[i] = a[i] < x ? a[i] : x; }); }
    void Duplicate(F d, float x) const { Each([&](uint32_t i) { d[i] = x; }); }
    void Add(F d, F a, F b) const { Each([&](uint32_t i) { d[i] = a[i] + b[i]; }); }
    void Sub(F d, F a, F b) const { Each([&](uint32_t i) { d[i] = a[i] - b[i]; }); }
    void Mul(F d, F a, F b) const { Each([&](uint32_t i) { d[i] = a[i] * b[i]; }); }
    void Abs(F d, F a) const { Each([&](uint32_t i) { d[i] = std::fabs(a[i]); }); }
    void ToInt(I d, F a, interp::RoundDown mode) const
    {
        Each([&](uint32_t i) {
            const float v = mode == interp::RoundDown::FLOOR  ? std::floor(a[i])
                            : mode == interp::RoundDown::CEIL ? std::ceil(a[i])
                            : mode == interp::RoundDown::RINT ? std::nearbyint(a[i])
                                                              : std::trunc(a[i]);
            d[i] = static_cast<int32_t>(v);
        });
    }
    void ToFloat(F d, I a) const { Each([&](uint32_t i) { d[i] = static_cast<float>(a[i]); }); }
    void IntAdds(I d, I a, int32_t x) const
    {
        Each([&](uint32_t i) { d[i] = static_cast<int32_t>(static_cast<uint32_t>(a[i]) + static_cast<uint32_t>(x)); });
    }
    void IntMuls(I d, I a, int32_t x) const
    {
        Each([&](uint32_t i) { d[i] = static_cast<int32_t>(static_cast<uint32_t>(a[i]) * static_cast<uint32_t>(x)); });
    }
};

}  // namespace

EmulatedInnerTaps EmulateInnerTaps(const interp::InnerTapsRecipe& recipe, uint32_t n)
{
    const uint32_t taps = interp::ComputedTapCount(recipe.mode);
    EmulatedInnerTaps e;
    e.offsets.assign(interp::kMaxComputedTaps, std::vector<int32_t>(n, 0));
    e.weights.assign(interp::kMaxComputedTaps, std::vector<float>(n, 0.0f));
    std::vector<std::vector<float>> scratch(interp::kComputedTapScratch, std::vector<float>(n, 0.0f));
    float* s[interp::kComputedTapScratch];
    int32_t* o[interp::kMaxComputedTaps];
    float* w[interp::kMaxComputedTaps];
    for (uint32_t i = 0; i < interp::kComputedTapScratch; ++i) s[i] = scratch[i].data();
    for (uint32_t j = 0; j < interp::kMaxComputedTaps; ++j) {
        o[j] = e.offsets[j].data();
        w[j] = e.weights[j].data();
    }
    if (taps == 0 || n == 0) return e;
    HostTapOps v{n};
    interp::ComputeInnerTaps(v, recipe, 0, s, o, w);
    return e;
}

bool BuildInterpolateAxisTaps(const InterpolateProblem& p, int d, InterpolateAxisTaps* t, std::string* err)
{
    const AxisGeometry ax = AxisOf(p, d);
    PaddedTaps padded;
    if (!p.resized[d]) {
        padded = IdentityTaps(ax);
    } else if (p.mode == InterpMode::NEAREST) {
        padded = NearestTaps(p, ax);
    } else if (p.mode == InterpMode::LINEAR) {
        if (!LinearTaps(p, ax, d, &padded, err)) return false;
    } else if (p.mode == InterpMode::LINEAR_ONNX) {
        padded = LinearOnnxTaps(p, ax);
    } else {
        padded = CubicTaps(p, ax);
    }
    ToSourceTaps(padded, ax, t);
    if (IsIntegerDType(p.dtype)) DropZeroWeightTaps(t);
    return true;
}

}  // namespace ai
