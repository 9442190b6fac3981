// Runtime glue of the sim build (op_api/runtime.h): the CPU twin's acl/aclnn object model.
#include "runtime.h"

#include <cstring>
#include <new>
#include <vector>

#include "acl/acl_sim_ext.h"
#include "aclnn_job.h"
#include "aclnn_log.h"
#include "ascend_sim/launch.h"

namespace ai {
namespace api {
namespace runtime {

void SetRecentError(const std::string& message) { aclsimSetRecentErrMsg(message.c_str()); }

void LogToSystem(int level, const std::string& body)
{
    (void)level;  // no log files in the sim: lines reach stdout only (ASCEND_SLOG_PRINT_TO_STDOUT=1)
    (void)body;
}

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
// Calls `visit(address, bytes)` for each contiguous run of a view's elements (shape and element
// strides in any order; runs along a stride-1 innermost dimension are merged).
template <typename Visit>
void ForEachRun(uint8_t* start, const std::vector<int64_t>& shape, const std::vector<int64_t>& strides,
                uint64_t elemBytes, Visit visit)
{
    const size_t rank = shape.size();
    const bool innerDense = rank > 0 && strides[rank - 1] == 1;
    const uint64_t runBytes = innerDense ? static_cast<uint64_t>(shape[rank - 1]) * elemBytes : elemBytes;
    const size_t outerRank = innerDense ? rank - 1 : rank;
    std::vector<int64_t> index(outerRank, 0);
    while (true) {
        int64_t offset = 0;
        for (size_t d = 0; d < outerRank; ++d) offset += index[d] * strides[d];
        visit(start + static_cast<uint64_t>(offset) * elemBytes, runBytes);
        size_t d = outerRank;
        while (d > 0 && ++index[d - 1] == shape[d - 1]) index[--d] = 0;
        if (d == 0) return;
    }
}
}  // namespace

aclnnStatus RunKeepingOutputOnFailure(const OperatorJob& job, const std::function<aclnnStatus()>& launches)
{
    // Only out's own elements are saved and written back, never the gaps between them, which other
    // calls may be writing meanwhile (interleaved outputs).
    const Operand& out = job.output;
    uint8_t* start = static_cast<uint8_t*>(out.viewStart);
    std::vector<uint8_t> saved;
    try {
        saved.resize(out.denseBytes);
    } catch (const std::bad_alloc&) {
        return Fail(job.api, ACLNN_ERR_INNER,
                    "out of host memory keeping a copy of out (" + std::to_string(out.denseBytes) +
                        " bytes) to restore if a kernel fails");
    }
    uint8_t* cursor = saved.data();
    ForEachRun(start, out.copyShape, out.copyStrides, job.elemBytes, [&](uint8_t* p, uint64_t n) {
        std::memcpy(cursor, p, n);
        cursor += n;
    });
    const aclnnStatus status = launches();
    if (status != ACLNN_SUCCESS) {
        Log(kLogWarning, std::string(job.api) + ": a launch failed: the " + std::to_string(out.denseBytes) +
                             " bytes of out are written back as they were before the call");
        cursor = saved.data();
        ForEachRun(start, out.copyShape, out.copyStrides, job.elemBytes, [&](uint8_t* p, uint64_t n) {
            std::memcpy(p, cursor, n);
            cursor += n;
        });
    }
    return status;
}

OperatorCall::OperatorCall(const char* api, uint64_t floorBytes) { ascend_sim::BeginOperatorCall(api, floorBytes); }
OperatorCall::~OperatorCall() { ascend_sim::EndOperatorCall(); }
void OperatorCall::MarkNextLaunch(const char* role) { ascend_sim::SetNextLaunchRole(role); }

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
        // A dead executor is reported by the object model (it stored the message); log it like every
        // other error.  Errors of the run itself were logged by Fail already.  Reading the message
        // clears it (CANN semantics): put it back for the caller.
        const std::string msg = aclGetRecentErrMsg();
        aclsimSetRecentErrMsg(msg.c_str());
        if (msg.find("not a live executor") != std::string::npos) {
            const std::string prefix = "[ERROR] ";
            Log(kLogError, (msg.compare(0, prefix.size(), prefix) == 0 ? msg.substr(prefix.size()) : msg) +
                               " (status " + std::to_string(st) + ")");
        }
    }
    return st;
}

}  // namespace runtime
}  // namespace api
}  // namespace ai
