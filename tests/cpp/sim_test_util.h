// Helpers for the sim's own tests: launch a test kernel over host buffers and inspect the outcome.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "ascend_sim/launch.h"
#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"
#include "kernel_launch.h"
#include "kernel_operator.h"

namespace simtest {

// Selects a SoC for one test and restores the previous one.
struct SocScope {
    std::string prev;
    explicit SocScope(const char* name) : prev(ascend_sim::ActiveSoc().name) { EXPECT_TRUE(ascend_sim::SetActiveSoc(name)); }
    ~SocScope() { ascend_sim::SetActiveSoc(prev.c_str()); }
};

struct StrictScope {
    int prev;
    explicit StrictScope(int level) : prev(ascend_sim::StrictLevel()) { ascend_sim::SetStrictLevel(level); }
    ~StrictScope() { ascend_sim::SetStrictLevel(prev); }
};

// Expect the last launch to have failed naming `rule`.
inline ::testing::AssertionResult FailedWith(int rc, const char* rule) {
    const std::string& e = ascend_sim::LastError();
    if (rc == 0) return ::testing::AssertionFailure() << "launch succeeded, expected rule " << rule;
    if (e.find(std::string("rule ") + rule) == std::string::npos)
        return ::testing::AssertionFailure() << "expected rule " << rule << ", got: " << e;
    return ::testing::AssertionSuccess();
}
inline ::testing::AssertionResult Ok(int rc) {
    if (rc != 0) return ::testing::AssertionFailure() << "launch failed: " << ascend_sim::LastError();
    return ::testing::AssertionSuccess();
}

inline float HalfToFloat(half h) { return static_cast<float>(h); }

}  // namespace simtest

namespace simtest {

using Kernel4 = void (*)(GM_ADDR, GM_ADDR, GM_ADDR, GM_ADDR);

// GM buffers of a test kernel with the direct-call signature (in, out, workspace, tiling): the tiling
// either as a GM buffer (Kernel4) or as a by-value struct T (the project's kernels' convention; the
// value comes from the bytes SetTiling stored).  The workspace is a plain user workspace.
struct Io {
    std::vector<uint8_t> in, out, ws, tiling;
    explicit Io(size_t inBytes = 4096, size_t outBytes = 4096, size_t userWs = 4096)
        : in(inBytes, 0), out(outBytes, 0), ws(userWs, 0), tiling(64, 0) {}
    template <typename T>
    T* In() { return reinterpret_cast<T*>(in.data()); }
    template <typename T>
    T* Out() { return reinterpret_cast<T*>(out.data()); }
    template <typename T>
    void SetTiling(const T& t) {
        tiling.assign(sizeof(T), 0);
        std::memcpy(tiling.data(), &t, sizeof(T));
    }
    ascend_sim::GmArg InArg() { return {in.data(), in.size(), "in"}; }
    ascend_sim::GmArg OutArg() { return {out.data(), out.size(), "out"}; }
    ascend_sim::GmArg WsArg() { return {ws.data(), ws.size(), "workspace"}; }
    int Run(Kernel4 k, uint32_t blocks, const char* name = "test_kernel") {
        const ascend_sim::GmArg t{tiling.data(), tiling.size(), "tiling"};
        return ascend_sim::LaunchKernel(ascend_sim::LaunchOptions{name, blocks}, k, InArg(), OutArg(), WsArg(), t);
    }
    template <typename T>
    int Run(void (*k)(GM_ADDR, GM_ADDR, GM_ADDR, T), uint32_t blocks, const char* name = "test_kernel") {
        T value{};
        std::memcpy(&value, tiling.data(), std::min(sizeof(T), tiling.size()));
        return ascend_sim::LaunchKernel(ascend_sim::LaunchOptions{name, blocks}, k, InArg(), OutArg(), WsArg(), value);
    }
};

}  // namespace simtest
