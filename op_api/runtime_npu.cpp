// Runtime glue of the npu build (op_api/runtime.h): the CANN runtime.  Written against the public
// CANN headers and never compiled here (no toolkit on our machines; docs/npu.md says what is verified).
#include "runtime.h"

#include <mutex>
#include <string>
#include <unordered_set>

#include "acl/acl.h"
#include "aclnn_job.h"
#include "opdev/common_types.h"  // CANN's aclIntArray / aclFloatArray classes (GetData, Size)
#include "toolchain/slog.h"      // DlogRecord, module OP

namespace {
thread_local std::string t_recentError;
}  // namespace

// The last error message of this thread's calls into this library ("" once read): CANN's own
// aclGetRecentErrMsg store belongs to the runtime, so the library keeps its messages here.
extern "C" __attribute__((visibility("default"))) const char* aiGetRecentErrMsg(void)
{
    static thread_local std::string read;
    read.swap(t_recentError);
    t_recentError.clear();
    return read.c_str();
}

namespace ai {
namespace api {
namespace runtime {

void SetRecentError(const std::string& message) { t_recentError = message; }

void LogToSystem(int level, const std::string& body)
{
    // DlogRecord is declared weak by toolchain/slog.h: absent without CANN's log library.
    if (DlogRecord != nullptr) DlogRecord(OP, level, "%s", body.c_str());
}

bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values)
{
    values->assign(array->GetData(), array->GetData() + array->Size());
    return true;
}

bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values)
{
    values->assign(array->GetData(), array->GetData() + array->Size());
    return true;
}

bool CopyToWorkspace(void* workspace, uint64_t workspaceBytes, const std::vector<uint8_t>& bytes, aclrtStream stream)
{
    // Pageable host memory: aclrtMemcpyAsync returns once the copy is complete (CANN runtime API), so
    // the plan's bytes may be released with the executor; the copy is ordered after earlier work on
    // `stream`, which may still be using the same workspace.
    return aclrtMemcpyAsync(workspace, workspaceBytes, bytes.data(), bytes.size(), ACL_MEMCPY_HOST_TO_DEVICE,
                            stream) == ACL_SUCCESS;
}

std::string LastLaunchError()
{
    const char* m = aclGetRecentErrMsg();
    return (m != nullptr && *m != '\0') ? m : "the kernel launch was rejected by the runtime";
}

OperatorCall::OperatorCall(const char* api, uint64_t floorBytes)
{
    (void)api;
    (void)floorBytes;
}
OperatorCall::~OperatorCall() = default;
void OperatorCall::MarkNextLaunch(const char* role) { (void)role; }

aclnnStatus RunKeepingOutputOnFailure(const OperatorJob& job, const std::function<aclnnStatus()>& launches)
{
    (void)job;  // nothing to save: an asynchronous device fault surfaces after the call (runtime.h)
    return launches();
}

namespace {
// The executor handle is the job itself (opaque to the caller, who only hands it back to phase two);
// live jobs are tracked so a second run is refused instead of touching freed memory.
// aclDestroyAclOpExecutor / aclSetAclOpExecutorRepeatable (CANN's opdev executors) do not apply.
std::mutex& LiveJobsMutex()
{
    static std::mutex m;
    return m;
}
std::unordered_set<OperatorJob*>& LiveJobs()
{
    static std::unordered_set<OperatorJob*> live;
    return live;
}
}  // namespace

aclnnStatus CreateExecutor(std::unique_ptr<OperatorJob> job, aclOpExecutor** executor)
{
    OperatorJob* raw = job.release();
    {
        std::lock_guard<std::mutex> lock(LiveJobsMutex());
        LiveJobs().insert(raw);
    }
    *executor = reinterpret_cast<aclOpExecutor*>(raw);
    return ACLNN_SUCCESS;
}

aclnnStatus RunExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                        aclrtStream stream)
{
    OperatorJob* job = reinterpret_cast<OperatorJob*>(executor);
    {
        std::lock_guard<std::mutex> lock(LiveJobsMutex());
        if (LiveJobs().erase(job) == 0) {
            return Fail(api, ACLNN_ERR_PARAM_INVALID,
                        "executor: not a live executor (an executor runs once; this one already ran or was never "
                        "created)");
        }
    }
    std::unique_ptr<OperatorJob> owned(job);
    return RunJob(*owned, workspace, workspaceSize, stream);
}

}  // namespace runtime
}  // namespace api
}  // namespace ai
