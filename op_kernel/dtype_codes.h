// Element types: ONE numbering for the whole project, part of the tiling ABI (the host planners
// write these codes into the tiling structs, the kernels dispatch on them, the aclnn layer maps
// aclDataType onto them).  Plain data, usable on host and device.
#pragma once

#include <stdint.h>

#ifndef __aicore__
#define __aicore__  // host compilation
#endif

namespace ai {

enum class DType : uint32_t { F32 = 0, F16 = 1, BF16 = 2, I8 = 3, U8 = 4, I32 = 5 };

// The code a tiling struct carries.
__aicore__ constexpr uint32_t DTypeCode(DType t) { return static_cast<uint32_t>(t); }

// Bytes per element of a code.
__aicore__ constexpr uint32_t DTypeBytes(uint32_t code)
{
    return (code == DTypeCode(DType::F32) || code == DTypeCode(DType::I32)) ? 4u
           : (code == DTypeCode(DType::F16) || code == DTypeCode(DType::BF16)) ? 2u
                                                                               : 1u;
}
__aicore__ constexpr uint32_t DTypeBytes(DType t) { return DTypeBytes(DTypeCode(t)); }

// Integer element types: their values are always finite (no inf, no NaN).
__aicore__ constexpr bool IsIntegerDType(DType t) { return t == DType::I8 || t == DType::U8 || t == DType::I32; }

}  // namespace ai
