// Logging of the ascend-interpolate operator library (both builds), CANN's conventions: levels 0
// debug, 1 info, 2 warning, 3 error, 4 null (ASCEND_GLOBAL_LOG_LEVEL, default 3); lines on stdout
// when ASCEND_SLOG_PRINT_TO_STDOUT=1.  Without it a sim build prints nothing (it keeps no log
// files) and an npu build hands its lines to CANN's log (plog files).  An error the library returns
// is always complete in aclGetRecentErrMsg() (sim) / aiGetRecentErrMsg() (npu), printed or not.
// See docs/aclnnUpsampleTrilinear3d.md "Logging".
#ifndef ASCEND_INTERPOLATE_LOG_H
#define ASCEND_INTERPOLATE_LOG_H

#ifdef __cplusplus
extern "C" {
#endif

// The level from now on: 0..4; -1 goes back to ASCEND_GLOBAL_LOG_LEVEL (read again; 3 if unset).
// Returns 0, or 161002 (ACLNN_ERR_PARAM_INVALID) for another value (the level is then unchanged).
int aiSetLogLevel(int level);
// The level in use.
int aiGetLogLevel(void);
// 1: print log lines on stdout, 0: do not; -1 goes back to ASCEND_SLOG_PRINT_TO_STDOUT (read again).
// Returns 0, or 161002 for another value.
int aiSetLogToStdout(int enable);

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_INTERPOLATE_LOG_H
