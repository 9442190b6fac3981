// The library's log inside op_api/ (the C controls are in ascend_interpolate_log.h).  Levels as
// CANN's: a line is written when its level is >= the level in use and below 4 (null).
#pragma once

#include <string>

namespace ai {
namespace api {

constexpr int kLogDebug = 0;
constexpr int kLogInfo = 1;
constexpr int kLogWarning = 2;
constexpr int kLogError = 3;
constexpr int kLogNull = 4;

// Whether a line of `level` would be written (callers skip building costly lines).
bool LogEnabled(int level);
// Writes `body` ("<api>: <text>") at `level`: on stdout as a CANN plog line when printing to stdout
// is on, else to the runtime glue's log (runtime::LogToSystem).
void Log(int level, const std::string& body);
// "[ERROR] ASCEND_INTERPOLATE(<pid>,<process>):<yyyy-mm-dd-hh:mm:ss.mmm.uuu> <body>": CANN's plog
// layout without its [file:line] field.
std::string FormatLogLine(int level, const std::string& body);

}  // namespace api
}  // namespace ai
