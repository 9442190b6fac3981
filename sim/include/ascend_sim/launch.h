// Host side of the CPU twin: launching a kernel entry on simulated AI cores.
// Used only through op_kernel/kernel_launch.h (sim builds); kernels never include this.
//
// CONTRACT (owned by sim/, relied on by op_kernel/ and op_api/):
//   ascend_sim::GmArg        one per GM_ADDR argument of the kernel entry, in order: its address, its
//                            size in bytes (the GM bound the sim enforces) and a name for messages.
//                            The workspace argument's bytes include the system reserve
//                            (RESERVED_WORKSPACE of the active SoC profile); tiling is the tiling struct.
//   ascend_sim::LaunchKernel runs kernel(args.addr...) on blockDim blocks (threads), returns 0 on
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
    uint64_t tilingKey = 0;  // value seen by TILING_KEY_IS in this launch
};

// Type-erased entry: the template below adapts any `void k(GM_ADDR...)` kernel to this.
using BlockBody = void (*)(void* ctx);
int LaunchErased(const LaunchOptions& opt, const GmArg* args, uint32_t numArgs, BlockBody body, void* ctx);

template <typename... A>
int LaunchKernel(const LaunchOptions& opt, void (*kernel)(A...), const GmArg (&args)[sizeof...(A)]);

const std::string& LastError();

}  // namespace ascend_sim

#include "ascend_sim/launch_impl.h"
