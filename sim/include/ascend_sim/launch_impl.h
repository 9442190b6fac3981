// Template half of ascend_sim::LaunchKernel: adapts `void k(GM_ADDR...)` to LaunchErased.
#pragma once
#include <cstdint>
#include <type_traits>
#include <utility>

#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"

namespace ascend_sim {
namespace detail {
template <typename... A>
struct KernelCall {
    void (*kernel)(A...);
    const GmArg* args;
    template <std::size_t... I>
    void Invoke(std::index_sequence<I...>) const {
        kernel(static_cast<A>(static_cast<uint8_t*>(args[I].addr))...);
    }
    static void Run(void* self) {
        static_cast<const KernelCall*>(self)->Invoke(std::index_sequence_for<A...>{});
    }
};
}  // namespace detail

template <typename... A>
int LaunchKernel(const LaunchOptions& opt, void (*kernel)(A...), const GmArg (&args)[sizeof...(A)]) {
    static_assert((std::is_same<A, uint8_t*>::value && ...), "kernel entry parameters must all be GM_ADDR");
    detail::KernelCall<A...> call{kernel, args};
    return LaunchErased(opt, args, static_cast<uint32_t>(sizeof...(A)), &detail::KernelCall<A...>::Run, &call);
}

}  // namespace ascend_sim

// C exports for the Python binding (ctypes) and the aclnn layer.
extern "C" {
int aclsimSetSoc(const char* name);          // 0 ok, 161002 unknown name
const char* aclsimGetSoc(void);
const char* aclsimLastLaunchJson(void);      // valid until the next call from the same thread
void aclsimSetStrict(int level);          // 0 off, 1 pipe hazards, 2 also scalar accesses
const char* aclsimLastError(void);
}
