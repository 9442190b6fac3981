// GmAlloc / GmFree of the CPU-twin debugging API (see sim/include/tikicpulib.h).
#include "tikicpulib.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>

namespace {
std::mutex g_mu;
std::map<const void*, uint64_t> g_blocks;
}  // namespace

namespace AscendC {
void* GmAlloc(size_t size) {
    // device GM allocations are 512 B aligned; the contents are undefined, like aclrtMalloc
    const size_t rounded = (size + 511) / 512 * 512;
    void* p = std::aligned_alloc(512, rounded ? rounded : 512);
    if (p == nullptr) return nullptr;
    std::memset(p, 0xA5, rounded ? rounded : 512);
    std::lock_guard<std::mutex> lk(g_mu);
    g_blocks[p] = size;
    return p;
}
void GmFree(void* ptr) {
    if (ptr == nullptr) return;
    {
        std::lock_guard<std::mutex> lk(g_mu);
        g_blocks.erase(ptr);
    }
    std::free(ptr);
}
}  // namespace AscendC

namespace ascend_sim {
uint64_t GmAllocSize(const void* ptr) {
    std::lock_guard<std::mutex> lk(g_mu);
    auto it = g_blocks.find(ptr);
    return it == g_blocks.end() ? 0 : it->second;
}
}  // namespace ascend_sim
