// sim builds only (CMake adds this file to the sim target): the kernels are compiled once per
// architecture, each build into its own library (libascend_interpolate_kernels_dav<arch>.so, with
// __NPU_ARCH__ set as the device compiler sets it), and each exports LaunchXxxKernel_<arch>.  The
// launcher the aclnn layer calls runs the build of the active SoC profile's architecture, as an NPU
// runs the kernels built for it: a 310P launch executes exactly the code a 310P build contains.
#include "ascend_sim/soc.h"
#include "interpolate_launch.h"
#include "soc_caps.h"
#include "upsample_trilinear3d_launch.h"
#include "view_copy_launch.h"

#define AI_DECLARE_ARCH_LAUNCHERS(name)                 \
    int AI_KERNEL_CONCAT(name, 2201)(const KernelLaunchArgs&); \
    int AI_KERNEL_CONCAT(name, 2002)(const KernelLaunchArgs&);

AI_DECLARE_ARCH_LAUNCHERS(LaunchUpsampleTrilinear3dKernel)
AI_DECLARE_ARCH_LAUNCHERS(LaunchInterpolateKernel)
AI_DECLARE_ARCH_LAUNCHERS(LaunchViewCopyKernel)
#undef AI_DECLARE_ARCH_LAUNCHERS

namespace {
using ArchLauncher = int (*)(const KernelLaunchArgs&);

int LaunchForActiveArch(const KernelLaunchArgs& args, ArchLauncher atlasA2, ArchLauncher atlasInference)
{
    switch (ascend_sim::ActiveSoc().npuArch) {
        case ai::kArchAtlasA2: return atlasA2(args);
        case ai::kArchAtlasInference: return atlasInference(args);
        default: return -1;  // no profile has another architecture (soc_profiles.cpp)
    }
}
}  // namespace

int LaunchUpsampleTrilinear3dKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch(args, LaunchUpsampleTrilinear3dKernel_2201, LaunchUpsampleTrilinear3dKernel_2002);
}

int LaunchInterpolateKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch(args, LaunchInterpolateKernel_2201, LaunchInterpolateKernel_2002);
}

int LaunchViewCopyKernel(const KernelLaunchArgs& args)
{
    return LaunchForActiveArch(args, LaunchViewCopyKernel_2201, LaunchViewCopyKernel_2002);
}
