// The kernel direct-call flow has no tiling key: a kernel dispatches on a key inside its tiling.
// EXPECT: TILING_KEY_IS
#include "kernel_operator.h"

struct Tiling {
    uint64_t key;
};

__global__ __aicore__ void k(GM_ADDR x, const Tiling tiling)
{
    (void)x;
#if defined(AI_TWIN_OK)
    if (tiling.key == 1) AscendC::Trap();
#else
    if (TILING_KEY_IS(1)) AscendC::Trap();
#endif
}
