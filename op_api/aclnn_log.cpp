// The library's log (ascend_interpolate_log.h): level and stdout switch from CANN's environment
// variables or the setters, lines in CANN's plog layout; where a line goes without stdout is the
// runtime glue's (runtime::LogToSystem: nowhere in the sim, CANN's log on an NPU).
#include "aclnn_log.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <mutex>
#include <unistd.h>

#include "aclnn/aclnn_base.h"
#include "ascend_interpolate_log.h"
#include "runtime.h"

namespace ai {
namespace api {

namespace {
constexpr int kUnset = -1;
std::atomic<int> g_level{kUnset};   // kUnset until first use: then the environment's value
std::atomic<int> g_stdout{kUnset};

int LevelFromEnvironment()
{
    const char* v = std::getenv("ASCEND_GLOBAL_LOG_LEVEL");
    if (v == nullptr || v[0] < '0' || v[0] > '4' || v[1] != '\0') return kLogError;  // CANN's default
    return v[0] - '0';
}

int StdoutFromEnvironment()
{
    const char* v = std::getenv("ASCEND_SLOG_PRINT_TO_STDOUT");
    return v != nullptr && v[0] == '1' && v[1] == '\0' ? 1 : 0;
}

int Resolved(std::atomic<int>& value, int (*fromEnvironment)())
{
    int v = value.load();
    if (v == kUnset) {
        int expected = kUnset;
        value.compare_exchange_strong(expected, fromEnvironment());
        v = value.load();
    }
    return v;
}

const char* LevelName(int level)
{
    switch (level) {
        case kLogDebug: return "DEBUG";
        case kLogInfo: return "INFO";
        case kLogWarning: return "WARNING";
        default: return "ERROR";
    }
}
}  // namespace

bool LogEnabled(int level) { return level >= Resolved(g_level, LevelFromEnvironment) && level < kLogNull; }

std::string FormatLogLine(int level, const std::string& body)
{
    timespec now{};
    clock_gettime(CLOCK_REALTIME, &now);
    tm local{};
    localtime_r(&now.tv_sec, &local);
    char stamp[64];
    const size_t n = std::strftime(stamp, sizeof(stamp), "%Y-%m-%d-%H:%M:%S", &local);
    const long us = now.tv_nsec / 1000;
    std::snprintf(stamp + n, sizeof(stamp) - n, ".%03ld.%03ld", us / 1000, us % 1000);
    char head[160];
    std::snprintf(head, sizeof(head), "[%s] ASCEND_INTERPOLATE(%d,%s):%s ", LevelName(level), static_cast<int>(getpid()),
                  program_invocation_short_name, stamp);
    return head + body;
}

void Log(int level, const std::string& body)
{
    if (!LogEnabled(level)) return;
    if (Resolved(g_stdout, StdoutFromEnvironment) == 1) {
        static std::mutex m;  // whole lines, also from several threads
        const std::string line = FormatLogLine(level, body) + "\n";
        std::lock_guard<std::mutex> lock(m);
        std::fputs(line.c_str(), stdout);
        std::fflush(stdout);
        return;
    }
    runtime::LogToSystem(level, body);
}

namespace {
// A setter of the C controls (ascend_interpolate_log.h): `value` in [lo, hi], or -1 for the
// environment's value (read again); anything else is refused with `rule` and leaves it as it was.
int SetControl(std::atomic<int>& control, int value, int lo, int hi, int (*fromEnvironment)(), const char* rule)
{
    if (value == -1) {
        control.store(fromEnvironment());
        return ACLNN_SUCCESS;
    }
    if (value < lo || value > hi) {
        runtime::SetRecentError(std::string("[ERROR] ") + rule + "; got " + std::to_string(value));
        return ACLNN_ERR_PARAM_INVALID;
    }
    control.store(value);
    return ACLNN_SUCCESS;
}
}  // namespace

}  // namespace api
}  // namespace ai

extern "C" __attribute__((visibility("default"))) int aiSetLogLevel(int level)
{
    using namespace ai::api;
    return SetControl(g_level, level, kLogDebug, kLogNull, LevelFromEnvironment,
                      "aiSetLogLevel: level: must be 0 (debug) .. 4 (null), or -1 for ASCEND_GLOBAL_LOG_LEVEL");
}

extern "C" __attribute__((visibility("default"))) int aiGetLogLevel(void)
{
    using namespace ai::api;
    return Resolved(g_level, LevelFromEnvironment);
}

extern "C" __attribute__((visibility("default"))) int aiSetLogToStdout(int enable)
{
    using namespace ai::api;
    return SetControl(g_stdout, enable, 0, 1, StdoutFromEnvironment,
                      "aiSetLogToStdout: enable: must be 0, 1, or -1 for ASCEND_SLOG_PRINT_TO_STDOUT");
}
