// Integer helpers of the UB layout functions that both trilinear tiling-data headers define for
// planner and kernel alike (TrilinearLayout, TrilinearBackwardLayout).  Plain data, host and device.
#pragma once

#include <stdint.h>

#ifndef __aicore__
#define __aicore__  // host compilation
#endif

namespace tri {

__aicore__ inline uint64_t TriRoundUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }
__aicore__ inline uint64_t TriMin(uint64_t a, uint64_t b) { return a < b ? a : b; }
__aicore__ inline uint64_t TriMax(uint64_t a, uint64_t b) { return a > b ? a : b; }

}  // namespace tri
