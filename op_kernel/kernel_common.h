// Device-side helpers every kernel shares (device code only; host-shared facts live in soc_caps.h).
#pragma once
#include "kernel_operator.h"
#include "soc_caps.h"

namespace ai {

// The pipe of the next instruction waits until the pipes of `evt` (e.g. MTE2_V: the vector unit
// waits for the inbound DMA) are done: SetFlag + WaitFlag on a fresh event id (the ops-cv idiom).
template <AscendC::HardEvent evt>
__aicore__ inline void Sync()
{
    event_t id = static_cast<event_t>(::GetTPipePtr()->FetchEventID(evt));
    AscendC::SetFlag<evt>(id);
    AscendC::WaitFlag<evt>(id);
}

}  // namespace ai

// The kernel type of a vector-only kernel: the vector (AIV) cores on dav-c220, whose AI cores are
// split 1 cube : 2 vector; the coupled AI Core on dav-m200, which accepts only KERNEL_TYPE_AICORE
// or KERNEL_TYPE_MIX_VECTOR_CORE (asc-devkit API page "设置Kernel类型", kernel type constraints).
#if defined(AI_KERNEL_ARCH) && AI_KERNEL_ARCH == 2002
#define AI_KERNEL_TYPE_VECTOR() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AICORE)
#else
#define AI_KERNEL_TYPE_VECTOR() KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY)
#endif
