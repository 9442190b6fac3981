// dav-m200 (310P) has Cast float -> int32_t (CAST_RINT ...) but no float -> int64_t: the bug the
// Interpolate kernel once had (int32 outputs rounded through int64 on 310P).
// ARCH: 2002
// EXPECT: this Cast .source -> destination type. does not exist on the architecture compiled for
#include "kernel_operator.h"

using namespace AscendC;

#if defined(AI_TWIN_OK)
using Wide = int32_t;
#else
using Wide = int64_t;
#endif

__global__ __aicore__ void k(GM_ADDR x)
{
    (void)x;
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 512);
    Cast(b.Get<Wide>(), a.Get<float>(), RoundMode::CAST_RINT, 64);
}
