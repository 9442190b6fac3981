// Host side of the CPU twin: launching a kernel entry on simulated AI cores.
// Used only through op_kernel/kernel_launch.h (sim builds) and the sim's own tests; kernels never
// include this.
//
// CONTRACT (owned by sim/, relied on by op_kernel/ and op_api/): the kernel direct-call flow.
//   A kernel entry is `void k(P...)` where each parameter is either GM_ADDR (a pointer into global
//   memory) or a plain-old-data value (a tiling struct, a scalar).  On the device the runtime copies
//   the argument list at launch (kernel<<<blockDim, nullptr, stream>>>(args...)), so every block
//   receives its own copy of a by-value argument; the sim does the same.  There is no tiling key
//   (TILING_KEY_IS) and no framework-set system workspace (GetUserWorkspace): a kernel dispatches
//   on what its arguments carry and uses its workspace argument as it is.
//   ascend_sim::GmArg        the argument for one GM_ADDR parameter: its address, its size in bytes
//                            (the GM bound the sim enforces) and a name for messages.
//   ascend_sim::LaunchKernel runs kernel(args...) on blockDim blocks (threads), returns 0 on
//                            success; on a rule violation returns non-zero and LastError() holds
//                            "kernel <name>, block <i>, <API call>: <rule> (<values>)".
//   ascend_sim::LastLaunch() counters of the most recent launch (per block + totals + cost model).
#pragma once
#include <cstdint>
#include <string>

namespace ascend_sim {

struct GmArg {
    void* addr;
    uint64_t bytes;
    const char* name;
};

struct LaunchOptions {
    const char* kernelName = "kernel";
    uint32_t blockDim = 1;
    uint64_t valueArgsDigest = 0;  // filled by LaunchKernel: FNV-1a 64 of the by-value arguments
};

// Type-erased entry: the template below adapts any direct-call kernel to this.  `args` are the GM
// arguments only (in parameter order), for bounds checks and messages.
using BlockBody = void (*)(void* ctx);
int LaunchErased(const LaunchOptions& opt, const GmArg* args, uint32_t numArgs, BlockBody body, void* ctx);

// One argument per kernel parameter, in order: a GmArg for a GM_ADDR parameter, a value of exactly
// the parameter's type for a by-value parameter.
template <typename... P, typename... A>
int LaunchKernel(const LaunchOptions& opt, void (*kernel)(P...), const A&... args);

// Why the last launch made on this host thread failed ("" if it did not).
const std::string& LastError();

}  // namespace ascend_sim

#include "ascend_sim/launch_impl.h"
