// acl entry header for sim builds (CANN's acl/acl.h: process-level init plus the runtime API).
#ifndef ASCEND_SIM_ACL_ACL_H
#define ASCEND_SIM_ACL_ACL_H

#include "acl/acl_base.h"
#include "acl/acl_rt.h"

#ifdef __cplusplus
extern "C" {
#endif

// configPath may be NULL (no JSON configuration in the sim).  A second aclInit without
// aclFinalize returns ACL_ERROR_REPEAT_INITIALIZE, as CANN does.
ACL_FUNC_VISIBILITY aclError aclInit(const char* configPath);
ACL_FUNC_VISIBILITY aclError aclFinalize();

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_SIM_ACL_ACL_H
