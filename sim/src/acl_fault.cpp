// Test control of the sim: a one-shot fault for the next kernel launch of the operator library on a
// thread (acl/acl_sim_ext.h, docs/sim.md "Planted launch faults").  The launcher
// (op_api/kernel_dispatch_sim.cpp) consumes it and makes the launch break a sim rule for real.
#include <cstring>
#include <string>

#include "acl/acl_sim_ext.h"

namespace {
struct ArmedFault {
    aclsimLaunchFault fault = ACLSIM_FAULT_NONE;
    std::string kernel;  // "" = any
};
thread_local ArmedFault t_armed;
}  // namespace

extern "C" {

int aclsimFailNextLaunch(const char* kernel, const char* rule)
{
    t_armed = ArmedFault{};
    if (rule == nullptr) return ACLNN_SUCCESS;  // disarmed
    if (std::strcmp(rule, "gm-bounds") == 0) {
        t_armed.fault = ACLSIM_FAULT_GM_BOUNDS;
    } else if (std::strcmp(rule, "launch-params") == 0) {
        t_armed.fault = ACLSIM_FAULT_LAUNCH_PARAMS;
    } else {
        const std::string msg = std::string("[ERROR] aclsimFailNextLaunch: rule: '") + rule +
                                "' cannot be planted; accepted: \"gm-bounds\", \"launch-params\"";
        aclsimSetRecentErrMsg(msg.c_str());
        return ACLNN_ERR_PARAM_INVALID;
    }
    t_armed.kernel = kernel != nullptr ? kernel : "";
    return ACLNN_SUCCESS;
}

aclsimLaunchFault aclsimTakeLaunchFault(const char* kernel)
{
    if (t_armed.fault == ACLSIM_FAULT_NONE) return ACLSIM_FAULT_NONE;
    if (!t_armed.kernel.empty() && (kernel == nullptr || t_armed.kernel != kernel)) return ACLSIM_FAULT_NONE;
    const aclsimLaunchFault f = t_armed.fault;
    t_armed = ArmedFault{};
    return f;
}

}  // extern "C"
