// What each SoC's kernels may call: ONE definition, used by the kernels at compile time (through
// __NPU_ARCH__, the device compiler's architecture macro) and by the host (tiling and the aclnn
// layer, through the architecture code of the platform they plan for).  The sim compiles every
// kernel once per architecture with __NPU_ARCH__ set, exactly as the NPU build compiles it for its
// SoC, so a path a SoC lacks is absent from that SoC's kernels in both builds (docs/npu.md).
//
// Facts (public asc-devkit headers, docs/sim.md "Per-SoC API tables" for the line references):
//   DataCopyPad   dav-c220 (910B): yes; dav-m200 (310P): declared deprecated, "not supported".
//   bfloat16_t    dav-c220: storage, DataCopy, Cast to/from float; dav-m200: no Cast overloads.
//   Cast float->half with CAST_RINT: dav-c220 yes; dav-m200 only CAST_NONE / CAST_ODD.
#pragma once

#include <stdint.h>

namespace ai {

// __NPU_ARCH__ values.
constexpr uint32_t kArchAtlasA2 = 2201;         // Ascend 910B / 910_93: dav-c220 (vector cores)
constexpr uint32_t kArchAtlasInference = 2002;  // Ascend 310P: dav-m200 (coupled AI cores)

// The capabilities as preprocessor expressions (for #if around code a SoC's build must not contain)
// and as a constexpr struct (for if constexpr and for the host).
#define AI_ARCH_HAS_DATACOPYPAD(arch) ((arch) != 2002)
#define AI_ARCH_HAS_BF16(arch) ((arch) != 2002)
#define AI_ARCH_HAS_HALF_RINT(arch) ((arch) != 2002)

struct SocCaps {
    bool dataCopyPad;  // DataCopyPad (unaligned DMA lengths, padded rows)
    bool bf16;         // bfloat16_t tensors and their Casts
    bool halfRint;     // Cast float -> half accepts CAST_RINT (else CAST_NONE rounds to nearest)
};

constexpr SocCaps CapsOfArch(uint32_t arch)
{
    return SocCaps{AI_ARCH_HAS_DATACOPYPAD(arch), AI_ARCH_HAS_BF16(arch), AI_ARCH_HAS_HALF_RINT(arch)};
}

constexpr bool IsKnownArch(uint32_t arch) { return arch == kArchAtlasA2 || arch == kArchAtlasInference; }

// The architecture this kernel build is for: the device compiler's __NPU_ARCH__ (defined in the
// device pass), else AI_KERNEL_SOC_ARCH, which the build sets for the whole kernel library so that
// the host pass of a heterogeneous compile agrees with the device pass (cmake/cann.cmake, and the
// sim's per-architecture kernel libraries).
#if defined(__NPU_ARCH__)
#define AI_KERNEL_ARCH __NPU_ARCH__
#if defined(AI_KERNEL_SOC_ARCH)
static_assert(AI_KERNEL_SOC_ARCH == __NPU_ARCH__, "AI_KERNEL_SOC_ARCH must name the architecture compiled for");
#endif
#elif defined(AI_KERNEL_SOC_ARCH)
#define AI_KERNEL_ARCH AI_KERNEL_SOC_ARCH
#endif

#if defined(AI_KERNEL_ARCH)
static_assert(IsKnownArch(AI_KERNEL_ARCH), "the kernels are written for dav-c220 (2201) and dav-m200 (2002)");
constexpr SocCaps kSocCaps = CapsOfArch(AI_KERNEL_ARCH);
#endif

}  // namespace ai
