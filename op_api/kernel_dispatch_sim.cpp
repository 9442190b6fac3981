// sim builds only (CMake adds this file to the sim target): the kernels are compiled once per
// architecture, each build into its own library (libascend_interpolate_kernels_dav<arch>.so, with
// __NPU_ARCH__ set as the device compiler sets it), and each exports LaunchXxxKernel_<arch>.  The
// launcher the aclnn layer calls runs the build of the active SoC profile's architecture, as an NPU
// runs the kernels built for it: a 310P launch executes exactly the code a 310P build contains.
//
// After a launch that succeeded, the launcher gives the sim's launch record its traffic floor (what
// reading every input byte once and writing every output byte once would move), from the launch's
// own arguments: the operator kernels' x and y are the dense input and output (the tensors
// themselves, or the contiguous workspace buffers they are staged through), so the floor is
// xBytes + yBytes; view_copy moves its contiguous side's bytes in and out, twice that side.  The
// figure exists only in the sim (npu builds record nothing), so it lives here, not in the aclnn layer.
//
// A fault armed with aclsimFailNextLaunch (tests) is planted here: the launch then breaks a sim rule
// for real (acl/acl_sim_ext.h), and the sim reports it as it reports any kernel's violation.
#include "acl/acl_sim_ext.h"
#include "ascend_sim/report.h"
#include "ascend_sim/soc.h"
#include "interpolate_launch.h"
#include "soc_caps.h"
#include "upsample_trilinear3d_backward_launch.h"
#include "upsample_trilinear3d_launch.h"
#include "view_copy_launch.h"
#include "view_copy_tiling_data.h"

#define AI_DECLARE_ARCH_LAUNCHERS(name)                 \
    int AI_KERNEL_CONCAT(name, 2201)(const KernelLaunchArgs&); \
    int AI_KERNEL_CONCAT(name, 2002)(const KernelLaunchArgs&);

AI_DECLARE_ARCH_LAUNCHERS(LaunchUpsampleTrilinear3dKernel)
AI_DECLARE_ARCH_LAUNCHERS(LaunchUpsampleTrilinear3dBackwardKernel)
AI_DECLARE_ARCH_LAUNCHERS(LaunchInterpolateKernel)
AI_DECLARE_ARCH_LAUNCHERS(LaunchViewCopyKernel)
#undef AI_DECLARE_ARCH_LAUNCHERS

namespace {
using ArchLauncher = int (*)(const KernelLaunchArgs&);

// Runs the build of the active profile's architecture (with the fault armed for `kernel`, if any);
// on success records `floorBytes`.
int LaunchForActiveArch(const char* kernel, const KernelLaunchArgs& args, ArchLauncher atlasA2,
                        ArchLauncher atlasInference, uint64_t floorBytes)
{
    KernelLaunchArgs launch = args;
    switch (aclsimTakeLaunchFault(kernel)) {
        case ACLSIM_FAULT_GM_BOUNDS: launch.yBytes = args.yBytes / 2; break;
        case ACLSIM_FAULT_LAUNCH_PARAMS: launch.blockDim = 0; break;
        default: break;
    }
    int rc = -1;  // no profile has another architecture (soc_profiles.cpp)
    switch (ascend_sim::ActiveSoc().npuArch) {
        case ai::kArchAtlasA2: rc = atlasA2(launch); break;
        case ai::kArchAtlasInference: rc = atlasInference(launch); break;
        default: break;
    }
    if (rc == 0) ascend_sim::SetLastLaunchFloorBytes(floorBytes);
    return rc;
}

// view_copy reads and writes each element of its contiguous side once.
uint64_t ViewCopyFloorBytes(const KernelLaunchArgs& args)
{
    ai::ViewCopyTilingData t;
    if (!CopyTilingArg(args, &t)) return 0;  // the launch itself refuses such a tiling
    uint64_t numel = 1;
    for (uint32_t d = 0; d < ai::VIEW_COPY_MAX_DIMS; ++d) numel *= static_cast<uint64_t>(t.shape[d]);
    return 2 * numel * t.elemBytes;
}
}  // namespace

int LaunchUpsampleTrilinear3dKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch("upsample_trilinear3d", args, LaunchUpsampleTrilinear3dKernel_2201,
                               LaunchUpsampleTrilinear3dKernel_2002, args.xBytes + args.yBytes);
}

int LaunchUpsampleTrilinear3dBackwardKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch("upsample_trilinear3d_backward", args, LaunchUpsampleTrilinear3dBackwardKernel_2201,
                               LaunchUpsampleTrilinear3dBackwardKernel_2002, args.xBytes + args.yBytes);
}

int LaunchInterpolateKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch("interpolate_separable", args, LaunchInterpolateKernel_2201,
                               LaunchInterpolateKernel_2002, args.xBytes + args.yBytes);
}

int LaunchViewCopyKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch("view_copy", args, LaunchViewCopyKernel_2201, LaunchViewCopyKernel_2002,
                               ViewCopyFloorBytes(args));
}
