// Template half of ascend_sim::LaunchKernel: adapts a direct-call kernel `void k(P...)` to
// LaunchErased.  GM_ADDR parameters take a GmArg (bounds-checked by the sim); by-value parameters
// take a copy of the value, which every block receives afresh, as the device's argument copy.
#pragma once
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"

namespace ascend_sim {
namespace detail {

template <typename P>
constexpr bool IsGmParam() {
    return std::is_same<P, uint8_t*>::value;
}

// What the launch stores for one parameter: the GmArg of a GM_ADDR, the value of anything else.
template <typename P>
using StoredArg = typename std::conditional<IsGmParam<P>(), GmArg, P>::type;

template <typename P, typename A>
constexpr bool CheckKernelArg() {
    if constexpr (IsGmParam<P>()) {
        static_assert(std::is_same<A, GmArg>::value, "a GM_ADDR kernel parameter takes an ascend_sim::GmArg");
    } else {
        static_assert(!std::is_pointer<P>::value && !std::is_reference<P>::value,
                      "kernel pointer parameters must be GM_ADDR (__gm__ uint8_t*); no references");
        static_assert(std::is_trivially_copyable<P>::value && std::is_standard_layout<P>::value,
                      "a by-value kernel parameter must be plain old data (the runtime copies its bytes)");
        static_assert(std::is_same<A, P>::value, "a by-value kernel argument must have exactly the parameter's type");
    }
    return true;
}

// FNV-1a 64 over the bytes of the by-value arguments, in order (identifies a plan's tiling in the
// launch record).
inline void DigestBytes(uint64_t* h, const void* p, std::size_t n) {
    const unsigned char* b = static_cast<const unsigned char*>(p);
    for (std::size_t i = 0; i < n; ++i) *h = (*h ^ b[i]) * 1099511628211ull;
}
template <typename P>
inline void DigestArg(uint64_t* h, const StoredArg<P>& stored) {
    if constexpr (!IsGmParam<P>()) DigestBytes(h, &stored, sizeof(P));
}

template <typename P>
inline P PassArg(const StoredArg<P>& stored) {
    if constexpr (IsGmParam<P>()) {
        return static_cast<uint8_t*>(stored.addr);
    } else {
        return stored;  // a fresh copy per block
    }
}

template <typename... P>
struct KernelCall {
    void (*kernel)(P...);
    std::tuple<StoredArg<P>...> stored;

    template <std::size_t... I>
    void Invoke(std::index_sequence<I...>) const {
        kernel(PassArg<P>(std::get<I>(stored))...);
    }
    static void Run(void* self) { static_cast<const KernelCall*>(self)->Invoke(std::index_sequence_for<P...>{}); }

    // The GM arguments in parameter order.
    template <std::size_t... I>
    uint32_t GmArgs(GmArg* out, std::index_sequence<I...>) const {
        uint32_t n = 0;
        ((IsGmParam<P>() ? (void)(out[n++] = AsGmArg(std::get<I>(stored))) : (void)0), ...);
        return n;
    }
    template <std::size_t... I>
    uint64_t ValueDigest(std::index_sequence<I...>) const {
        uint64_t h = 1469598103934665603ull;
        (DigestArg<P>(&h, std::get<I>(stored)), ...);
        return h;
    }
    static GmArg AsGmArg(const GmArg& g) { return g; }
    template <typename V>
    static GmArg AsGmArg(const V&) { return GmArg{nullptr, 0, nullptr}; }
};

}  // namespace detail

template <typename... P, typename... A>
int LaunchKernel(const LaunchOptions& opt, void (*kernel)(P...), const A&... args) {
    static_assert(sizeof...(P) == sizeof...(A), "one launch argument per kernel parameter");
    static_assert((detail::CheckKernelArg<P, A>() && ...), "kernel argument check");
    detail::KernelCall<P...> call{kernel, std::tuple<detail::StoredArg<P>...>(args...)};
    GmArg gm[sizeof...(P) > 0 ? sizeof...(P) : 1];
    const uint32_t n = call.GmArgs(gm, std::index_sequence_for<P...>{});
    LaunchOptions withDigest = opt;
    withDigest.valueArgsDigest = call.ValueDigest(std::index_sequence_for<P...>{});
    return LaunchErased(withDigest, gm, n, &detail::KernelCall<P...>::Run, &call);
}

}  // namespace ascend_sim

// C exports for the Python binding (ctypes) and the aclnn layer.
extern "C" {
int aclsimSetSoc(const char* name);          // 0 ok, 161002 unknown name
const char* aclsimGetSoc(void);
const char* aclsimSocSelectionError(void);   // "" unless $ASCEND_SIM_SOC names no profile
const char* aclsimLastLaunchJson(void);      // this thread's last call; valid until the next call from the same thread
void aclsimProfileBegin(void);               // start collecting this thread's calls
const char* aclsimProfileEndJson(void);      // the calls since the matching begin, as a JSON array
void aclsimSetStrict(int level);          // 0 off, 1 pipe hazards, 2 also scalar accesses
const char* aclsimLastError(void);
}
