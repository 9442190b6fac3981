// aclnn base header for sim builds (CANN's aclnn/aclnn_base.h: the object model plus aclnnInit /
// aclnnFinalize).  Operator headers (op_api/aclnn_*.h) include this one.
#ifndef ASCEND_SIM_ACLNN_ACLNN_BASE_H
#define ASCEND_SIM_ACLNN_ACLNN_BASE_H

#include "aclnn/acl_meta.h"

#ifdef __cplusplus
extern "C" {
#endif

ACL_FUNC_VISIBILITY aclnnStatus aclnnInit(const char* configPath);
ACL_FUNC_VISIBILITY aclnnStatus aclnnFinalize();

#ifdef __cplusplus
}
#endif

#endif  // ASCEND_SIM_ACLNN_ACLNN_BASE_H
