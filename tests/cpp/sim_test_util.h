// Helpers for the sim's own tests: launch a test kernel over host buffers and inspect the outcome.
#pragma once
#include <gtest/gtest.h>

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
    bool prev;
    explicit StrictScope(bool on) : prev(ascend_sim::Strict()) { ascend_sim::SetStrict(on); }
    ~StrictScope() { ascend_sim::SetStrict(prev); }
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
