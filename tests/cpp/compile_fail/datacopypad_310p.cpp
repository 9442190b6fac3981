// dav-m200 (310P) has no DataCopyPad: a 310P build must not contain the call.
// ARCH: 2002
// EXPECT: DataCopyPad does not exist on the architecture compiled for
#include "kernel_operator.h"

using namespace AscendC;

template <typename T>
__aicore__ inline void Load(const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint32_t n)
{
#if defined(AI_TWIN_OK)
    DataCopy(dst, src, (n * sizeof(T) + 31) / 32 * 32 / sizeof(T));  // whole 32 B blocks
#else
    DataCopyPad(dst, src, DataCopyExtParams(1, n * sizeof(T), 0, 0, 0), DataCopyPadExtParams<T>());
#endif
}

__global__ __aicore__ void k(GM_ADDR x)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256);
    GlobalTensor<float> g;
    g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x));
    Load(buf.Get<float>(), g, 5);
}
