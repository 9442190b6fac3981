// Runtime glue of the sim build (op_api/runtime.h): the CPU twin's acl/aclnn object model.
#include "runtime.h"

#include <cstdio>
#include <cstring>

#include "acl/acl_sim_ext.h"
#include "aclnn_job.h"
#include "ascend_sim/launch.h"

namespace ai {
namespace api {
namespace runtime {

void SetRecentError(const std::string& message) { aclsimSetRecentErrMsg(message.c_str()); }

bool ReadIntArray(const aclIntArray* array, std::vector<int64_t>* values)
{
    const int64_t* data = nullptr;
    uint64_t size = 0;
    if (aclsimGetIntArrayData(array, &data, &size) != ACLNN_SUCCESS) return false;
    values->assign(data, data + size);
    return true;
}

bool ReadFloatArray(const aclFloatArray* array, std::vector<float>* values)
{
    const float* data = nullptr;
    uint64_t size = 0;
    if (aclsimGetFloatArrayData(array, &data, &size) != ACLNN_SUCCESS) return false;
    values->assign(data, data + size);
    return true;
}

bool CopyToWorkspace(void* workspace, uint64_t workspaceBytes, const std::vector<uint8_t>& bytes, aclrtStream stream)
{
    (void)stream;  // the sim runs a stream's work in order at the call
    if (bytes.size() > workspaceBytes) return false;
    std::memcpy(workspace, bytes.data(), bytes.size());
    return true;
}

std::string LastLaunchError() { return ascend_sim::LastError(); }

namespace {
aclnnStatus RunCallback(void* context, void* workspace, uint64_t workspaceSize, aclrtStream stream)
{
    return RunJob(*static_cast<OperatorJob*>(context), workspace, workspaceSize, stream);
}
void ReleaseCallback(void* context) { delete static_cast<OperatorJob*>(context); }
}  // namespace

aclnnStatus CreateExecutor(std::unique_ptr<OperatorJob> job, aclOpExecutor** executor)
{
    aclsimExecutorOps ops{RunCallback, ReleaseCallback};
    aclOpExecutor* e = aclsimCreateExecutor(job.get(), &ops);
    if (e == nullptr) return Fail(job->api, ACLNN_ERR_INNER_CREATE_EXECUTOR, "could not create the executor");
    job.release();  // owned by the executor now
    *executor = e;
    return ACLNN_SUCCESS;
}

aclnnStatus RunExecutor(const char* api, void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                        aclrtStream stream)
{
    aclnnStatus st = aclsimRunExecutor(executor, workspace, workspaceSize, stream, api);
    if (st != ACLNN_SUCCESS) {
        // A dead executor is reported by the object model (it stored the message); echo it to stderr
        // like every other error.  Errors of the run itself were logged by Fail already.
        // Reading the message clears it (CANN semantics): put it back for the caller.
        const std::string msg = aclGetRecentErrMsg();
        aclsimSetRecentErrMsg(msg.c_str());
        if (msg.find("not a live executor") != std::string::npos) {
            std::fprintf(stderr, "%s (status %d)\n", msg.c_str(), static_cast<int>(st));
        }
    }
    return st;
}

}  // namespace runtime
}  // namespace api
}  // namespace ai
