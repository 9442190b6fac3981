// The runtime glue of the aclnn layer: everything that differs between the sim build (the CPU twin's
// acl/aclnn object model and launcher) and the npu build (the CANN runtime).  One interface, two
// implementations that CMake picks: runtime_sim.cpp and runtime_npu.cpp.  Nothing else in op_api/
// has an #if on the build target.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "aclnn/aclnn_base.h"

namespace ai {
namespace api {

struct OperatorJob;

namespace runtime {

// Makes `message` the text aclGetRecentErrMsg returns next (sim), or that the library's own
// aiGetRecentErrMsg returns (npu: CANN's message store is not ours to write).
void SetRecentError(const std::string& message);

// Where a log line goes when it is not printed on stdout (aclnn_log.h): sim builds nowhere (the
// sim keeps no log files; the message of every returned error is in aclGetRecentErrMsg); npu builds
// CANN's log (DlogRecord, module OP: plog files, CANN's own level and stdout settings apply too).
void LogToSystem(int level, const std::string& body);

// The values of an aclIntArray / aclFloatArray (false if the object cannot be read).
bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values);
bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values);

// Copies `bytes` host bytes to the start of the workspace, ordered on `stream` after earlier work.
bool CopyToWorkspace(void* workspace, uint64_t workspaceBytes, const std::vector<uint8_t>& bytes, aclrtStream stream);

// Why the last kernel launch failed (sim: the rule it broke; npu: the runtime's status).
std::string LastLaunchError();

// Phase two of one operator call, for the sim's profiler (a no-op on npu): the launches made while
// it lives form one call record with the operator's floor (read the input once, write the output
// once); MarkNextLaunch tags the next launch ("gather", "scatter"; the operator kernel by default).
class OperatorCall {
public:
    OperatorCall(const char* api, uint64_t floorBytes);
    ~OperatorCall();
    OperatorCall(const OperatorCall&) = delete;
    OperatorCall& operator=(const OperatorCall&) = delete;
    static void MarkNextLaunch(const char* role);
};

// Runs `launches` (the device work of `job`, which writes the elements of job.output's view) so that
// a failure leaves those elements as they were, as far as the build can:
//   sim: the elements are copied to host memory first and written back when `launches` fails (a
//        kernel stopped by a sim rule may have written part of out; launches are synchronous);
//   npu: runs `launches` only: a kernel fault is reported asynchronously, at stream synchronisation,
//        after the aclnn call returned (docs: "Failure atomicity").
aclnnStatus RunKeepingOutputOnFailure(const OperatorJob& job, const std::function<aclnnStatus()>& launches);

// The executor handle of a job (owning it), and phase two on it: the job runs once.
aclnnStatus CreateExecutor(std::unique_ptr<OperatorJob> job, aclOpExecutor** executor);
aclnnStatus RunExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                        aclrtStream stream);

}  // namespace runtime
}  // namespace api
}  // namespace ai
