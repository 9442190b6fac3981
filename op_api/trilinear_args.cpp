// The argument rules UpsampleTrilinear3d and its backward share (trilinear_args.h).
#include "trilinear_args.h"

#include <cmath>
#include <string>

namespace ai {
namespace api {

TrilinearGeometry TrilinearGeometryOf(const TensorDesc& t)
{
    static const int ncdhw[5] = {0, 1, 2, 3, 4};
    static const int ndhwcAsNcdhw[5] = {0, 4, 1, 2, 3};
    TrilinearGeometry g;
    g.ndhwc = t.format == ACL_FORMAT_NDHWC;
    g.logical = g.ndhwc ? ndhwcAsNcdhw : ncdhw;
    g.layoutName = g.ndhwc ? "N, D, H, W, C" : "N, C, D, H, W";
    return g;
}

aclnnStatus CheckOutputSizeLength(const char* api, const std::vector<int64_t>& size)
{
    if (size.size() == 3) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                "outputSize: expected 3 values (outD, outH, outW), got " + std::to_string(size.size()));
}

aclnnStatus CheckSameLayout(const char* api, const char* param, const TensorDesc& t, const char* ref,
                            const TensorDesc& refTensor)
{
    if ((t.format == ACL_FORMAT_NDHWC) == (refTensor.format == ACL_FORMAT_NDHWC)) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(param) + ": format " + AclFormatName(t.format) + " must match " + ref + "'s format " +
                    AclFormatName(refTensor.format) + " (ND and NCDHW are interchangeable, NDHWC is not)");
}

aclnnStatus CheckScale(const char* api, const char* name, double scale)
{
    if (std::isfinite(scale)) return ACLNN_SUCCESS;
    return Fail(api, ACLNN_ERR_PARAM_INVALID,
                std::string(name) + ": must be finite (a value <= 0 means \"not given\"), got " + Num(scale));
}

aclnnStatus CheckTrilinearDTypes(const char* api, const TensorPair& t, const PlatformInfo& platform,
                                 DType* dtype)
{
    AI_RETURN_IF_ERROR(CheckInputDType(api, t.inName, t.in.dtype, kTrilinearDTypes, platform, dtype));
    return CheckSameDType(api, t.outName, t.out.dtype, t.inName, t.in.dtype);
}

aclnnStatus CheckTrilinearRanks(const char* api, const TensorPair& t)
{
    AI_RETURN_IF_ERROR(CheckRank(api, t.inName, t.in, 5, 5, kTrilinearLayouts));
    return CheckRank(api, t.outName, t.out, 5, 5, kTrilinearLayouts);
}

aclnnStatus CheckTrilinearFormats(const char* api, const TensorPair& t)
{
    AI_RETURN_IF_ERROR(CheckFormat(api, t.inName, t.in.format, kTrilinearFormats, kTrilinearFormatsText));
    AI_RETURN_IF_ERROR(CheckFormat(api, t.outName, t.out.format, kTrilinearFormats, kTrilinearFormatsText));
    return CheckSameLayout(api, t.outName, t.out, t.inName, t.in);
}

aclnnStatus CheckTrilinearLimitsScalesViews(const char* api, const TensorPair& t, double scalesD,
                                            double scalesH, double scalesW)
{
    AI_RETURN_IF_ERROR(CheckShapeLimits(api, t.inName, t.in));
    AI_RETURN_IF_ERROR(CheckShapeLimits(api, t.outName, t.out));
    AI_RETURN_IF_ERROR(CheckScale(api, "scalesD", scalesD));
    AI_RETURN_IF_ERROR(CheckScale(api, "scalesH", scalesH));
    AI_RETURN_IF_ERROR(CheckScale(api, "scalesW", scalesW));
    return CheckViews(api, t);
}

std::vector<int64_t> TrilinearShape(const TrilinearGeometry& g, int64_t n, int64_t c, int64_t d, int64_t h,
                                    int64_t w)
{
    return g.ndhwc ? std::vector<int64_t>{n, d, h, w, c} : std::vector<int64_t>{n, c, d, h, w};
}

bool ChooseTrilinearLayout(const TensorDesc& x, const TensorDesc& y, const TrilinearGeometry& g, OperatorJob* job)
{
    const int* l = g.logical;
    const std::vector<int> channelsFirst = {l[0], l[1], l[2], l[3], l[4]};
    const std::vector<int> channelsLast = {l[0], l[2], l[3], l[4], l[1]};
    // x's own format first: it wins a tie.
    const DimOrders orders = g.ndhwc ? DimOrders{channelsLast, channelsFirst} : DimOrders{channelsFirst, channelsLast};
    return (ChooseLeastStagedOrder(x, y, orders, job) == 0) == g.ndhwc;
}

}  // namespace api
}  // namespace ai
