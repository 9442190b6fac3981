// Host tiling of Interpolate-4: a pure function from the resolved problem and the platform to a
// kernel plan (tiling bytes, block count, workspace size and the tap tables that go into the
// workspace before launch).  See op_kernel/interpolate_tiling_data.h for the pass model.
#pragma once

#include <cstring>
#include <string>
#include <vector>

#include "op_common.h"
#include "interpolate_tiling_data.h"

namespace ai {

bool PlanInterpolate(const InterpolateProblem& problem, const PlatformInfo& platform, KernelPlan* plan,
                     std::string* err);

// The gradient of the same Interpolate with respect to its input (aclnnInterpolateBackward): the same
// kernel and passes, driven by the transposed per-axis taps, reading gradOutput (the forward output's
// shape) and writing gradInput (the forward input's).  Float dtypes only; bitwise the same result on
// every SoC and core count (the axes always run in one order).  `problem` is the forward's.
bool PlanInterpolateBackward(const InterpolateProblem& problem, const PlatformInfo& platform, KernelPlan* plan,
                             std::string* err);

// Per-axis taps of one interpolated/padded dimension, in unpadded source indices (exposed for tests).
// For output index o, taps o*numTaps .. o*numTaps+numTaps-1: srcIndex clamped into [0, inLen) and
// weight (0 for taps in the padding region; linear is normalised over the padded range first).
struct InterpolateAxisTaps {
    uint32_t numTaps = 0;
    bool copy = false;  // one tap, weight 1 (or 0 in the padding): an exact copy
    std::vector<int64_t> srcIndex;
    std::vector<float> weight;
};

// One builder per mode (op_host/interpolate_taps.cpp, mirroring the reference's per-mode helpers).
bool BuildInterpolateAxisTaps(const InterpolateProblem& problem, int dim, InterpolateAxisTaps* taps,
                              std::string* err);

// interp::ComputeInnerTaps run on the host over columns [0, n) (offsets[t][m], weights[t][m]): the
// same float32 / int32 operations as the kernel's vector unit, element by element (exposed for
// tests; the planner compares it with the tap tables).
struct EmulatedInnerTaps {
    std::vector<std::vector<int32_t>> offsets;
    std::vector<std::vector<float>> weights;
};
EmulatedInnerTaps EmulateInnerTaps(const interp::InnerTapsRecipe& recipe, uint32_t n);

// A tap in the padding region: weight +0.0f (bit pattern 0).  Taps inside the input whose weight is
// zero are stored as -0.0f: they are still multiplied (0 * inf = NaN, as the reference computes),
// while padding taps contribute nothing (the padding is zeros).
inline bool IsPadTapWeight(float w)
{
    uint32_t bits;
    std::memcpy(&bits, &w, 4);
    return bits == 0u;
}

}  // namespace ai
