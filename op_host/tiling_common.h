// Small host-side pieces every planner uses: integer helpers, float bit patterns, the cost rates
// the estimates are written in (from PlatformCost, i.e. the sim's SoC profile), and the pick of a
// search.  Header-only; the planners stay pure functions of problem and platform.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "op_common.h"

namespace ai {

inline uint64_t CeilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

inline uint32_t FloatBits(float f)
{
    uint32_t u;
    std::memcpy(&u, &f, 4);
    return u;
}

// A plan's tiling bytes: the POD struct the kernel takes by value, copied in and out whole.
template <typename TilingT>
void StoreTiling(const TilingT& t, KernelPlan* plan)
{
    plan->tiling.resize(sizeof(t));
    std::memcpy(plan->tiling.data(), &t, sizeof(t));
}
// False when the plan's bytes are not one TilingT (another operator's plan, or none).
template <typename TilingT>
bool LoadTiling(const KernelPlan& plan, TilingT* out)
{
    if (plan.tiling.size() != sizeof(TilingT)) return false;
    std::memcpy(out, plan.tiling.data(), sizeof(TilingT));
    return true;
}

// The bytes a plan ships in its workspace (KernelPlan::workspaceInit): tables appended one after
// another, each at the offset Append returns (the tiling records it).
struct WorkspaceWriter {
    std::vector<uint8_t> bytes;

    // Appends n bytes of src, zero-padded to a multiple of `align` bytes; returns their offset.
    uint64_t Append(const void* src, size_t n, size_t align = 1)
    {
        const uint64_t at = bytes.size();
        bytes.resize(at + CeilDiv(n, align) * align, 0);
        if (n != 0) std::memcpy(bytes.data() + at, src, n);
        return at;
    }
};

// The RoundMode code of the kernels' float32 -> io-dtype Cast: CAST_RINT where the SoC accepts it
// for half, else CAST_NONE (which rounds to nearest even there: 310P); bf16 always RINT (910B
// rejects NONE).  Codes as AscendC::RoundMode: 0 CAST_NONE, 1 CAST_RINT.
inline uint32_t FloatToIoCastMode(const PlatformInfo& platform, DType io)
{
    return (!CapsOfArch(platform.arch).halfRint && io == DType::F16) ? 0u : 1u;
}

// The sim cost model's figures as the estimates use them (op_common.h PlatformCost).
struct CostRates {
    double vecInstrCycles;   // issue of one vector instruction
    double floatsPerRepeat;  // fp32 elements of one vector repeat (one cycle)
    double dmaInstrCycles;   // issue of one DMA
    double hbmGBps, perCoreDmaGBps, clockGHz;

    // What one core's DMA moves per cycle while `activeCores` share the HBM.
    double DmaBytesPerCycle(uint64_t activeCores) const
    {
        return std::min(perCoreDmaGBps, hbmGBps / static_cast<double>(std::max<uint64_t>(activeCores, 1))) /
               clockGHz;
    }
};

inline CostRates CostRatesOf(const PlatformCost& cost)
{
    return {cost.vectorInstrCycles, cost.vectorBytesPerCycle / 4.0, cost.dmaInstrCycles,
            cost.hbmGBps,           cost.perCoreDmaGBps,            cost.clockGHz};
}

// A later candidate must be this much cheaper to replace the best (near-ties keep the earlier,
// coarser split).
constexpr double kCostTieRatio = 0.999;

// The pick of a search: the cheapest candidate offered so far.
struct CheapestSoFar {
    bool found = false;
    double cost = 0;

    bool Take(double candidateCost)
    {
        if (found && !(candidateCost < cost * kCostTieRatio)) return false;
        found = true;
        cost = candidateCost;
        return true;
    }
};

}  // namespace ai
