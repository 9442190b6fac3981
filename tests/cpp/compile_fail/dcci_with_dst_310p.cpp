// dav-m200 (310P) has only the two-argument DataCacheCleanAndInvalid<T, CacheLine>.
// ARCH: 2002
// EXPECT: DataCacheCleanAndInvalid<T, CacheLine, DcciDst> does not exist on the architecture compiled for
#include "kernel_operator.h"

using namespace AscendC;

__global__ __aicore__ void k(GM_ADDR x)
{
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), 8);
    g.SetValue(0, 1.0f);
#if defined(AI_TWIN_OK)
    DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE>(g);
#else
    DataCacheCleanAndInvalid<float, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(g);
#endif
}
