// Host-side types shared by the aclnn layer (op_api/) and the tiling planners (op_host/).
// Pure data: no acl types, no sim types, so tiling stays a pure function of its inputs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "dtype_codes.h"
#include "interp_math.h"
#include "soc_caps.h"

namespace ai {

// Element types: ai::DType (dtype_codes.h), one numbering shared with the kernels.
inline uint32_t DTypeSize(DType t) { return DTypeBytes(t); }

inline const char* DTypeName(DType t)
{
    switch (t) {
        case DType::F32: return "float32";
        case DType::F16: return "float16";
        case DType::BF16: return "bfloat16";
        case DType::I8: return "int8";
        case DType::U8: return "uint8";
        default: return "int32";
    }
}

// What tiling needs to know about the device (sim: the active SoC profile; npu: platform queries).
// The cost figures the planners rank candidate tilings with: the sim's cost-model parameters of the
// SoC (sim/src/soc_profiles.cpp, each with its source), so the planner and the sim's counters agree.
struct PlatformCost {
    double hbmGBps = 1600.0;              // GM bandwidth shared by all cores
    double perCoreDmaGBps = 100.0;        // one core's DMA ceiling
    double clockGHz = 1.8;                // vector core clock
    double vectorBytesPerCycle = 256.0;   // one 256 B repeat per cycle
    double vectorInstrCycles = 16.0;      // issue cost of one vector instruction
    double dmaInstrCycles = 200.0;        // issue cost of one DMA
    double syncAllUs = 2.0;               // one SyncAll between the phases of a launch (us)
};

// The capabilities come from the architecture's SocCaps (op_kernel/soc_caps.h), the same facts the
// kernels of that architecture are compiled with.
struct PlatformInfo {
    std::string socName = "ascend910b";
    uint32_t arch = kArchAtlasA2;           // __NPU_ARCH__ of the kernels that will run
    uint32_t coreNum = 48;                  // vector cores a launch may use
    uint32_t ubBytes = 192 * 1024 - 8448;   // usable unified buffer per core
    bool hasDataCopyPad = true;             // CapsOfArch(arch).dataCopyPad
    bool hasBf16 = true;                    // CapsOfArch(arch).bf16: bf16 storage / Cast available
    PlatformCost cost;
};

// Everything the aclnn layer needs to launch one kernel.
struct KernelPlan {
    uint32_t blockDim = 0;                   // 0: nothing to launch (empty output)
    std::vector<uint8_t> tiling;             // the kernel's tiling struct, byte for byte (passed by value)
    uint64_t userWorkspaceBytes = 0;         // the kernel's workspace (direct-call flow: no system part)
    std::vector<uint8_t> workspaceInit;      // bytes written to the start of the user workspace
                                             // before launch (e.g. per-axis tap tables); <= userWorkspaceBytes
};

// ---- UpsampleTrilinear3d -------------------------------------------------------------------
struct TrilinearProblem {
    int64_t n = 0, c = 0;
    int64_t inD = 0, inH = 0, inW = 0;
    int64_t outD = 0, outH = 0, outW = 0;
    bool alignCorners = false;
    double scalesD = 0.0, scalesH = 0.0, scalesW = 0.0;  // user multipliers (out/in); <= 0: not given
    DType dtype = DType::F32;
    bool channelsLast = false;  // NDHWC storage (contiguous), else NCDHW (contiguous)
};

// ---- Interpolate-4 -----------------------------------------------------------------------------
// Fully resolved by the aclnn layer: shapes inferred, pads normalised to the rank, per-dimension
// scale and identity flag decided (docs/aclnnInterpolate.md "Identity rule").  Dimensions not in `axes` have
// scale 1 and resized = false.
struct InterpolateProblem {
    int32_t rank = 0;
    int64_t inShape[5] = {0, 0, 0, 0, 0};
    int64_t padsBegin[5] = {0, 0, 0, 0, 0};
    int64_t padsEnd[5] = {0, 0, 0, 0, 0};
    int64_t outShape[5] = {0, 0, 0, 0, 0};
    float scale[5] = {1, 1, 1, 1, 1};      // per dimension (sizes mode: f32(out)/f32(padded))
    bool resized[5] = {false, false, false, false, false};  // listed in axes and not identity
    bool inAxes[5] = {false, false, false, false, false};   // listed in axes (antialias's is_downsample)
    interp::InterpMode mode = interp::InterpMode::NEAREST;
    interp::CoordMode coordMode = interp::CoordMode::HALF_PIXEL;
    interp::NearestMode nearestMode = interp::NearestMode::ROUND_PREFER_FLOOR;
    bool antialias = false;
    float cubeCoeff = -0.75f;
    DType dtype = DType::F32;
};

}  // namespace ai
