// GetTPipePtr is a global function in the real headers (include/basic_api/kernel_common.h), not a
// member of namespace AscendC: the sim once accepted AscendC::GetTPipePtr, which the NPU build rejects.
// EXPECT: GetTPipePtr.* is not a member of
#include "kernel_operator.h"

__global__ __aicore__ void k(GM_ADDR x)
{
    (void)x;
    AscendC::TPipe pipe;
#if defined(AI_TWIN_OK)
    (void)::GetTPipePtr();
#else
    (void)AscendC::GetTPipePtr();
#endif
}
