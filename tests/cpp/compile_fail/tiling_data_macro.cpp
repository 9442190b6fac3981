// The kernel direct-call flow has no build-generated GET_TILING_DATA_WITH_STRUCT: the tiling struct
// is a by-value kernel argument.  EXPECT: GET_TILING_DATA_WITH_STRUCT
#include "kernel_operator.h"

struct Tiling {
    uint32_t n;
    uint32_t rsv;
};

#if defined(AI_TWIN_OK)
__global__ __aicore__ void k(GM_ADDR x, const Tiling tiling) { (void)x; (void)tiling.n; }
#else
__global__ __aicore__ void k(GM_ADDR x, GM_ADDR tiling)
{
    GET_TILING_DATA_WITH_STRUCT(Tiling, td, tiling);
    (void)x;
    (void)td.n;
}
#endif
