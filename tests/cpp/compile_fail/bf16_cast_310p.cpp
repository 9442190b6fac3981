// dav-m200 (310P) has no bfloat16_t Cast: a 310P build must not contain it.
// ARCH: 2002
// EXPECT: this Cast .source -> destination type. does not exist on the architecture compiled for
#include "kernel_operator.h"

using namespace AscendC;

#if defined(AI_TWIN_OK)
using Narrow = half;
#else
using Narrow = bfloat16_t;
#endif

__global__ __aicore__ void k(GM_ADDR x)
{
    (void)x;
    TPipe pipe;
    TBuf<TPosition::VECCALC> a, b;
    pipe.InitBuffer(a, 256);
    pipe.InitBuffer(b, 256);
    Cast(b.Get<Narrow>(), a.Get<float>(), RoundMode::CAST_NONE, 64);
}
