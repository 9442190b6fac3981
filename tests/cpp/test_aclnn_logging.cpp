// The library's logging (op_api/ascend_interpolate_log.h, docs "Logging"): quiet by default (an
// error the caller gets back prints nothing on stdout or stderr, and its message is complete in
// aclGetRecentErrMsg), CANN's ASCEND_GLOBAL_LOG_LEVEL / ASCEND_SLOG_PRINT_TO_STDOUT and the run-time
// setters, levels filtering lines, and CANN's plog line layout.
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "aclnn_interpolate.h"
#include "aclnn_test_util.h"
#include "ascend_interpolate_log.h"

namespace {

using acltest::IntArray;
using acltest::LastMsg;

// nearest 2x2 -> 4x4 (valid) or with an invalid mode string.
aclnnStatus Call(const char* mode)
{
    std::vector<float> in = {1, 2, 3, 4}, out(16, 0.0f);
    acltest::TensorHandle self({1, 1, 2, 2}, in.data(), ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {});
    acltest::TensorHandle res({1, 1, 4, 4}, out.data(), ACL_FLOAT, ACL_FORMAT_ND, {}, 0, {});
    IntArray sizes(std::vector<int64_t>{4, 4}), axes(std::vector<int64_t>{2, 3});
    uint64_t ws = 0;
    aclOpExecutor* exec = nullptr;
    aclnnStatus st = aclnnInterpolateGetWorkspaceSize(self.handle, sizes.handle, nullptr, axes.handle, mode, "sizes",
                                                      nullptr, nullptr, false, nullptr, nullptr, -0.75, res.handle,
                                                      &ws, &exec);
    if (st != ACLNN_SUCCESS) return st;
    std::vector<uint8_t> workspace(ws);
    return aclnnInterpolate(ws ? workspace.data() : nullptr, ws, exec, nullptr);
}

struct Printed {
    aclnnStatus status;
    std::string out, err;
};

Printed CallCapturing(const char* mode)
{
    testing::internal::CaptureStdout();
    testing::internal::CaptureStderr();
    const aclnnStatus st = Call(mode);
    Printed p{st, testing::internal::GetCapturedStdout(), testing::internal::GetCapturedStderr()};
    return p;
}

std::vector<std::string> Lines(const std::string& text)
{
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

// Every test starts from the environment without CANN's log variables and ends there.
class LoggingTest : public acltest::ApiTest {
protected:
    void SetUp() override
    {
        acltest::ApiTest::SetUp();
        unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
        unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
        ASSERT_EQ(aiSetLogLevel(-1), 0);
        ASSERT_EQ(aiSetLogToStdout(-1), 0);
    }
    void TearDown() override
    {
        unsetenv("ASCEND_GLOBAL_LOG_LEVEL");
        unsetenv("ASCEND_SLOG_PRINT_TO_STDOUT");
        aiSetLogLevel(-1);
        aiSetLogToStdout(-1);
        acltest::ApiTest::TearDown();
    }
};

const char* const kBadModeMessage =
    "[ERROR] aclnnInterpolate: mode: \"bilinear\" is not a valid value; accepted values: \"nearest\", \"linear\", "
    "\"linear_onnx\", \"cubic\"";

TEST_F(LoggingTest, QuietByDefaultMessageComplete)
{
    EXPECT_EQ(aiGetLogLevel(), 3);  // CANN's default: error
    const Printed p = CallCapturing("bilinear");
    EXPECT_EQ(p.status, ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(p.out, "");
    EXPECT_EQ(p.err, "");
    EXPECT_EQ(LastMsg(), kBadModeMessage);
    const Printed ok = CallCapturing("nearest");
    EXPECT_EQ(ok.status, ACLNN_SUCCESS);
    EXPECT_EQ(ok.out + ok.err, "");
}

TEST_F(LoggingTest, ErrorLineOnStdoutInCannLayout)
{
    ASSERT_EQ(aiSetLogToStdout(1), 0);
    const Printed p = CallCapturing("bilinear");
    EXPECT_EQ(p.status, ACLNN_ERR_PARAM_INVALID);
    EXPECT_EQ(p.err, "");
    const std::vector<std::string> lines = Lines(p.out);
    ASSERT_EQ(lines.size(), 1u) << p.out;
    const std::regex layout(
        R"(\[ERROR\] ASCEND_INTERPOLATE\([0-9]+,[^)]+\):[0-9]{4}-[0-9]{2}-[0-9]{2}-[0-9]{2}:[0-9]{2}:[0-9]{2}\.[0-9]{3}\.[0-9]{3} )"
        R"(aclnnInterpolate: mode: "bilinear" is not a valid value; .* \(status 161002\))");
    EXPECT_TRUE(std::regex_match(lines[0], layout)) << lines[0];
    EXPECT_EQ(LastMsg(), kBadModeMessage) << "printing must not consume the message";
    // a successful call at the error level prints nothing
    const Printed ok = CallCapturing("nearest");
    EXPECT_EQ(ok.status, ACLNN_SUCCESS);
    EXPECT_EQ(ok.out, "");
}

TEST_F(LoggingTest, LevelsFilterLines)
{
    ASSERT_EQ(aiSetLogToStdout(1), 0);
    ASSERT_EQ(aiSetLogLevel(4), 0);  // null: nothing, not even errors
    EXPECT_EQ(CallCapturing("bilinear").out, "");
    ASSERT_EQ(aiSetLogLevel(1), 0);  // info: the plan, no launches
    const std::string info = CallCapturing("nearest").out;
    EXPECT_NE(info.find("[INFO] ASCEND_INTERPOLATE("), std::string::npos) << info;
    EXPECT_NE(info.find("aclnnInterpolate: planned self [1, 1, 2, 2] -> out [1, 1, 4, 4]: "), std::string::npos)
        << info;
    EXPECT_EQ(info.find("[DEBUG]"), std::string::npos) << info;
    ASSERT_EQ(aiSetLogLevel(0), 0);  // debug: every launch too
    const std::string debug = CallCapturing("nearest").out;
    EXPECT_NE(debug.find("[DEBUG] ASCEND_INTERPOLATE("), std::string::npos) << debug;
    EXPECT_NE(debug.find("aclnnInterpolate: launching the operator kernel on "), std::string::npos) << debug;
}

TEST_F(LoggingTest, CannEnvironmentVariables)
{
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "1", 1);
    setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "1", 1);
    ASSERT_EQ(aiSetLogLevel(-1), 0);  // back to (read again) the environment
    ASSERT_EQ(aiSetLogToStdout(-1), 0);
    EXPECT_EQ(aiGetLogLevel(), 1);
    const std::string info = CallCapturing("nearest").out;
    EXPECT_NE(info.find("[INFO] "), std::string::npos) << info;
    EXPECT_EQ(info.find("[DEBUG] "), std::string::npos) << info;
    setenv("ASCEND_SLOG_PRINT_TO_STDOUT", "0", 1);  // CANN: log files; the sim keeps none
    ASSERT_EQ(aiSetLogToStdout(-1), 0);
    EXPECT_EQ(CallCapturing("bilinear").out, "");
    setenv("ASCEND_GLOBAL_LOG_LEVEL", "9", 1);  // not a level: CANN's default
    ASSERT_EQ(aiSetLogLevel(-1), 0);
    EXPECT_EQ(aiGetLogLevel(), 3);
}

TEST_F(LoggingTest, SettersRefuseOtherValues)
{
    ASSERT_EQ(aiSetLogLevel(2), 0);
    EXPECT_EQ(aiSetLogLevel(5), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("aiSetLogLevel: level: must be 0 (debug) .. 4 (null)"), std::string::npos);
    EXPECT_EQ(aiGetLogLevel(), 2) << "a refused value leaves the level as it was";
    EXPECT_EQ(aiSetLogToStdout(2), ACLNN_ERR_PARAM_INVALID);
    EXPECT_NE(LastMsg().find("aiSetLogToStdout: enable:"), std::string::npos);
}

}  // namespace
