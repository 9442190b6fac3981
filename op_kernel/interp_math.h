// Coordinate maths of both operators: ONE definition, used by host tiling (op_host/), the aclnn
// layer (op_api/, for output shapes) and the kernels (op_kernel/).
//
// Everything is scalar float32 / int64 arithmetic with no library calls, so the same functions run
// on the host and on the AI core's scalar unit; the computed inner taps (ComputeInnerTaps) are one
// sequence of element-wise operations on a back end: the vector unit, or the host's emulation.  The Python reference
// (python/ascend_interpolate/reference.py) is an independent transcription of the same rules and
// is what the tests compare against.
//
// Sources: docs/aclnnInterpolate.md "Function" (Interpolate-4, the rules marked (OV)/(spec)),
// docs/aclnnUpsampleTrilinear3d.md "Index maths" (PyTorch / CANN trilinear index maths).
#pragma once

#include <stdint.h>

#ifndef __aicore__
#define __aicore__  // host compilation: the qualifier only matters to the device compiler
#endif

namespace interp {

// ---------------------------------------------------------------------------------------------
// Enumerations shared by the aclnn layer, tiling and kernels (values are part of the tiling ABI).
// ---------------------------------------------------------------------------------------------
enum class InterpMode : int32_t { NEAREST = 0, LINEAR = 1, LINEAR_ONNX = 2, CUBIC = 3 };
enum class CoordMode : int32_t {
    HALF_PIXEL = 0,
    PYTORCH_HALF_PIXEL = 1,
    ASYMMETRIC = 2,
    TF_HALF_PIXEL_FOR_NN = 3,
    ALIGN_CORNERS = 4,
};
enum class NearestMode : int32_t { ROUND_PREFER_FLOOR = 0, ROUND_PREFER_CEIL = 1, FLOOR = 2, CEIL = 3, SIMPLE = 4 };
// Float-to-integer roundings the computed taps use (ComputeInnerTaps; each back end maps them).
enum class RoundDown : int32_t { TRUNC = 0, FLOOR = 1, RINT = 2, CEIL = 3 };

// ---------------------------------------------------------------------------------------------
// Integer rounding of float32 without libm (valid for |x| < 2^62).
// ---------------------------------------------------------------------------------------------
__aicore__ inline int64_t TruncToInt(float x) { return static_cast<int64_t>(x); }

__aicore__ inline int64_t FloorToInt(float x)
{
    int64_t t = static_cast<int64_t>(x);
    return (static_cast<float>(t) > x) ? t - 1 : t;
}

__aicore__ inline int64_t CeilToInt(float x)
{
    int64_t t = static_cast<int64_t>(x);
    return (static_cast<float>(t) < x) ? t + 1 : t;
}

// round half away from zero (C's round()).
__aicore__ inline int64_t RoundHalfAwayToInt(float x)
{
    return (x >= 0.0f) ? FloorToInt(x + 0.5f) : -FloorToInt(-x + 0.5f);
}

__aicore__ inline int64_t ClampIndex(int64_t i, int64_t length)
{
    return i < 0 ? 0 : (i > length - 1 ? length - 1 : i);
}

__aicore__ inline float AbsF(float x) { return x < 0.0f ? -x : x; }

// Splitter of a float32 into two halves of 12 significant bits (Veltkamp): 2^12 + 1.
constexpr float kVeltkampSplitter = 4097.0f;

// The high half of a float32 (Veltkamp): at most 12 significant bits; a - VeltkampHigh(a) is the
// low half, exactly.
__aicore__ inline float VeltkampHigh(float a)
{
    const float c = kVeltkampSplitter * a;
    return c - (c - a);
}

// =============================================================================================
// Interpolate-4 (docs/aclnnInterpolate.md "Function")
// =============================================================================================

// Output length of an interpolated axis in `scales` mode (OV): evaluated in float32 with
// OpenVINO's epsilon, then truncated.  Scales travel as float32, so 1.8 is 1.7999999523 and the
// spec's exact floor(5 * 1.8) would give 8 where users expect 9.
// A scale of exactly 1 keeps the length (measured OV: L = 2^20, 2^21, 2^24 + 1 with scale 1 keep
// their length, where the epsilon alone would add 1, 2 and 15).
__aicore__ inline int64_t ScalesModeOutputLength(int64_t paddedLength, float scale)
{
    if (scale == 1.0f) {
        return paddedLength;
    }
    return static_cast<int64_t>(static_cast<float>(paddedLength) * (scale + 1.0e-6f));
}

// Scale of an axis in `sizes` mode: float32(out) / float32(padded).
__aicore__ inline float SizesModeScale(int64_t outLength, int64_t paddedLength)
{
    return static_cast<float>(outLength) / static_cast<float>(paddedLength);
}

// Identity rule (OV): an axis whose output length equals its padded input length, or whose scale
// is exactly 1, is not resampled; its source coordinate is the output coordinate in every mode.
__aicore__ inline bool IsIdentityAxis(int64_t outLength, int64_t paddedLength, float scale)
{
    return outLength == paddedLength || scale == 1.0f;
}

// Source coordinate of output coordinate `x` on one axis (docs/aclnnInterpolate.md "Coordinate
// transforms"): float32, in this operation order.  `scale` is the axis scale (out/in multiplier),
// `outLength` = Lr, `inLength` = Lo (padded).
__aicore__ inline float SourceCoordinate(CoordMode mode, int64_t x, float scale, int64_t outLength,
                                         int64_t inLength)
{
    const float xf = static_cast<float>(x);
    switch (mode) {
        case CoordMode::HALF_PIXEL:
            return (xf + 0.5f) / scale - 0.5f;
        case CoordMode::PYTORCH_HALF_PIXEL:
            return outLength > 1 ? (xf + 0.5f) / scale - 0.5f : 0.0f;
        case CoordMode::ASYMMETRIC:
            return xf / scale;
        case CoordMode::TF_HALF_PIXEL_FOR_NN:
            return (xf + 0.5f) / scale;
        case CoordMode::ALIGN_CORNERS:
        default:
            return outLength == 1 ? 0.0f
                                  : xf * static_cast<float>(inLength - 1) / static_cast<float>(outLength - 1);
    }
}

// Nearest pixel for source coordinate `c` (docs/aclnnInterpolate.md "nearest"), before clamping.
// round_prefer_ceil is round-half-away-from-zero (the spec's Python `round` is half-to-even: wrong).
__aicore__ inline int64_t NearestPixel(NearestMode mode, float c, bool isDownsample)
{
    switch (mode) {
        case NearestMode::ROUND_PREFER_FLOOR:
            return (c == static_cast<float>(TruncToInt(c)) + 0.5f) ? FloorToInt(c) : RoundHalfAwayToInt(c);
        case NearestMode::ROUND_PREFER_CEIL:
            return RoundHalfAwayToInt(c);
        case NearestMode::FLOOR:
            return FloorToInt(c);
        case NearestMode::CEIL:
            return CeilToInt(c);
        case NearestMode::SIMPLE:
        default:
            return isDownsample ? CeilToInt(c) : TruncToInt(c);
    }
}

// Nearest source index of output index `x`, clamped to [0, inLength - 1]; identity axes copy.
__aicore__ inline int64_t NearestSourceIndex(CoordMode coordMode, NearestMode nearestMode, int64_t x, float scale,
                                             int64_t outLength, int64_t inLength)
{
    if (IsIdentityAxis(outLength, inLength, scale)) {
        return x;
    }
    const float c = SourceCoordinate(coordMode, x, scale, outLength, inLength);
    return ClampIndex(NearestPixel(nearestMode, c, scale < 1.0f), inLength);
}

// ---- linear (the spec's "linear", optional antialias) ---------------------------------------
// Per axis: a = antialias_on ? scale : 1; taps at integer p within r of round(c), inside
// [0, inLength); weight a * max(0, 1 - |a (c - p)|).  The caller normalises by the weight sum
// (per axis: the window and the in-range test are per-axis, so the normalised N-D weight is the
// product of per-axis normalised weights).

// Tap radius r (spec: 2 when the axis upsamples, else ceil(2 / a)).
__aicore__ inline int64_t LinearTapRadius(float scale, float a)
{
    return scale > 1.0f ? 2 : CeilToInt(2.0f / a);
}

// Centre of the tap window: round(c), ties to even as the spec's Python round().  The window is
// wide enough that the rounding only moves zero-weight taps.
__aicore__ inline int64_t LinearTapCentre(float c)
{
    int64_t f = FloorToInt(c);
    float frac = c - static_cast<float>(f);
    if (frac > 0.5f) return f + 1;
    if (frac < 0.5f) return f;
    return (f % 2 == 0) ? f : f + 1;
}

__aicore__ inline float LinearTapWeight(float a, float c, int64_t p)
{
    float t = 1.0f - AbsF(a * (c - static_cast<float>(p)));
    return t > 0.0f ? a * t : 0.0f;
}

// ---- linear_onnx -----------------------------------------------------------------------------
// c' = clamp(c, 0, Lo - 1); i1 = min(int(c'), Lo - 1); i2 = min(i1 + 1, Lo - 1);
// tap i1 weighs |c' - i2|, tap i2 weighs |c' - i1|; both 0.5 when i1 == i2.
__aicore__ inline void OnnxLinearTaps(float c, int64_t inLength, int64_t* i1, int64_t* i2, float* w1, float* w2)
{
    const float hi = static_cast<float>(inLength - 1);
    float cc = c < 0.0f ? 0.0f : (c > hi ? hi : c);
    int64_t lo = TruncToInt(cc);
    if (lo > inLength - 1) lo = inLength - 1;
    int64_t up = (lo + 1 > inLength - 1) ? inLength - 1 : lo + 1;
    *i1 = lo;
    *i2 = up;
    if (lo == up) {
        *w1 = 0.5f;
        *w2 = 0.5f;
    } else {
        *w1 = AbsF(cc - static_cast<float>(up));
        *w2 = AbsF(cc - static_cast<float>(lo));
    }
}

// ---- cubic -----------------------------------------------------------------------------------
// Keys cubic convolution coefficients for fractional offset t in [0, 1) and parameter a
// (the spec's get_cubic_coeff); taps floor(c)-1 .. floor(c)+2, clamped to [0, Lo - 1].
__aicore__ inline void CubicCoeffs(float t, float a, float coeff[4])
{
    const float s = AbsF(t);
    coeff[0] = a * (s - 1.0f) * (s - 1.0f) * s;
    coeff[1] = ((a + 2.0f) * s - (a + 3.0f)) * s * s + 1.0f;
    coeff[2] = (((-a - 2.0f) * s + (2.0f * a + 3.0f)) * s - a) * s;
    coeff[3] = -a * s * s * (s - 1.0f);
}

// ---- inner taps computed on the device -------------------------------------------------------
// Away from the edges of an axis, the taps of output x follow from its source coordinate alone, so a
// core can compute them with a few vector instructions instead of reading tables the size of the
// output row.  InnerTapsRecipe says how (the host fills it, InnerTapsRecipeOf) and ComputeInnerTaps
// is the one sequence of element-wise float32 / int32 operations that does it, on any back end V:
// the kernel's vector unit, or the host's scalar emulation.  The host runs that emulation over the
// whole axis and compares it with the tap tables bit for bit; only the columns where every tap's
// offset and weight agree are computed on the device (RowsPassTiling innerComputedStart / End).
// So the recipe need not be right everywhere: where it is not, the tables are read.
enum class ComputedTaps : uint32_t { NONE = 0, LINEAR_ONNX = 1, CUBIC = 2, LINEAR = 3, NEAREST = 4 };

struct InnerTapsRecipe {
    uint32_t mode;          // ComputedTaps
    int32_t tapBias;        // tap 0 reads source position (integer part + tapBias)
    uint32_t corrected;     // 1: the quotient is corrected to the rounded division (else numerator * 1/d)
    uint32_t signedZeros;   // 1: zero weights are made -0.0f (taps inside the input, as the tables hold them)
    uint32_t entryBytes;    // bytes per source element in the gather offsets
    uint32_t nearestMode;   // nearest: interp::NearestMode (downsampling SIMPLE is CEIL)
    uint32_t post;          // elements per position of the axis (channels-last: C; else 1): column
                            // m is position x = m / post, element m % post of it
    float invPost;          // 1 / post, rounded (x = floor((m + 0.5) * invPost), checked by the host)
    float preMul, preAdd;   // numerator = float(x) * preMul + preAdd
    float divisor, reciprocal, divisorHi, divisorLo;  // coordinate = numerator / divisor + postAdd
    float postAdd;
    float cubicA;           // cubic: the Keys parameter
};
static_assert(sizeof(InnerTapsRecipe) % 8 == 0, "tiling structs are padded to 8 bytes");

// The taps per column of each computed mode.
__aicore__ inline uint32_t ComputedTapCount(uint32_t mode)
{
    return mode == static_cast<uint32_t>(ComputedTaps::LINEAR_ONNX) ? 2u
           : mode == static_cast<uint32_t>(ComputedTaps::CUBIC)     ? 4u
           : mode == static_cast<uint32_t>(ComputedTaps::LINEAR)    ? 5u
           : mode == static_cast<uint32_t>(ComputedTaps::NEAREST)   ? 1u
                                                                    : 0u;
}

// Scratch vectors ComputeInnerTaps uses besides the tap rows it writes, and the most taps it computes.
constexpr uint32_t kComputedTapScratch = 7;
constexpr uint32_t kMaxComputedTaps = 5;

// SourceCoordinate as numerator / divisor + postAdd (numerator = x * preMul + preAdd), the same
// operations in the same order; false for the transforms whose coordinate is a constant.
__aicore__ inline bool SourceCoordinateRecipe(CoordMode mode, float scale, int64_t outLength, int64_t inLength,
                                              InnerTapsRecipe* rc)
{
    rc->preMul = 1.0f;
    rc->preAdd = 0.0f;
    rc->postAdd = 0.0f;
    rc->divisor = scale;
    switch (mode) {
        case CoordMode::PYTORCH_HALF_PIXEL:
            if (outLength <= 1) return false;
            rc->preAdd = 0.5f;
            rc->postAdd = -0.5f;
            break;
        case CoordMode::HALF_PIXEL:
            rc->preAdd = 0.5f;
            rc->postAdd = -0.5f;
            break;
        case CoordMode::ASYMMETRIC:
            break;
        case CoordMode::TF_HALF_PIXEL_FOR_NN:
            rc->preAdd = 0.5f;
            break;
        case CoordMode::ALIGN_CORNERS:
        default:
            if (outLength == 1) return false;
            rc->preMul = static_cast<float>(inLength - 1);
            rc->divisor = static_cast<float>(outLength - 1);
            break;
    }
    rc->reciprocal = 1.0f / rc->divisor;
    rc->divisorHi = VeltkampHigh(rc->divisor);
    rc->divisorLo = rc->divisor - rc->divisorHi;
    return true;
}

// Zero weights as -0.0f, others unchanged: -((-w) + 0).
template <class V>
__aicore__ inline void ZeroWeightsNegative(V& v, typename V::F w)
{
    v.Muls(w, w, -1.0f);
    v.Adds(w, w, 0.0f);
    v.Muls(w, w, -1.0f);
}

// Channels-last columns (post elements per position): column m in s[0] becomes its position
// x = floor((m + 0.5) / post) there, and its element m - x * post goes to s[6] (o[0] a scratch).
template <class V>
__aicore__ inline void SplitColumnsIntoPositions(V& v, const InnerTapsRecipe& rc, const typename V::F* s,
                                                 const typename V::I* o)
{
    v.Adds(s[1], s[0], 0.5f);
    v.Muls(s[1], s[1], rc.invPost);
    v.ToInt(o[0], s[1], RoundDown::FLOOR);
    v.ToFloat(s[1], o[0]);
    v.Muls(s[6], s[1], static_cast<float>(rc.post));
    v.Sub(s[6], s[0], s[6]);
    v.Adds(s[0], s[1], 0.0f);
}

// The coordinate of every column [first, first + n) into s[1] (s: kComputedTapScratch vectors; o[0]
// a scratch here).
// The division is numerator * (1/d), corrected when asked: the residual numerator - q * d, with
// q * d exact as a sum of two floats, is divided once more and added, which gives the rounded
// quotient except within 2^-23 ulp of a rounding tie.  q * d is exact as Dekker's product of the
// Veltkamp halves of q and d; when d has at most 12 significant bits (divisorLo 0: 2, 3, 1.5, most
// align_corners lengths), the halves of q times d are exact products already.
template <class V>
__aicore__ inline void ComputeCoordinates(V& v, const InnerTapsRecipe& rc, uint32_t first, const typename V::F* s,
                                          const typename V::I* o)
{
    v.Index(s[0], first);
    if (rc.post > 1) SplitColumnsIntoPositions(v, rc, s, o);
    if (rc.preMul != 1.0f) v.Muls(s[0], s[0], rc.preMul);
    if (rc.preAdd != 0.0f) v.Adds(s[0], s[0], rc.preAdd);
    v.Muls(s[1], s[0], rc.reciprocal);  // q
    if (rc.corrected) {
        v.Muls(s[2], s[1], kVeltkampSplitter);
        v.Sub(s[3], s[2], s[1]);
        v.Sub(s[2], s[2], s[3]);             // qHi
        v.Sub(s[3], s[1], s[2]);             // qLo
        if (rc.divisorLo == 0.0f) {          // numerator - qHi d (exact) - qLo d
            v.Muls(s[2], s[2], rc.divisor);
            v.Sub(s[0], s[0], s[2]);
            v.Muls(s[3], s[3], rc.divisor);
            v.Sub(s[0], s[0], s[3]);
        } else {
            v.Muls(s[4], s[1], rc.divisor);      // p = fl(q d)
            v.Muls(s[5], s[2], rc.divisorHi);    // q d - p, exactly:
            v.Sub(s[5], s[5], s[4]);
            v.Muls(s[2], s[2], rc.divisorLo);
            v.Add(s[5], s[5], s[2]);
            v.Muls(s[2], s[3], rc.divisorHi);
            v.Add(s[5], s[5], s[2]);
            v.Muls(s[3], s[3], rc.divisorLo);
            v.Add(s[5], s[5], s[3]);
            v.Sub(s[0], s[0], s[4]);             // numerator - p (exact), less the product's error
            v.Sub(s[0], s[0], s[5]);
        }
        v.Muls(s[0], s[0], rc.reciprocal);
        v.Add(s[1], s[1], s[0]);
    }
    if (rc.postAdd != 0.0f) v.Adds(s[1], s[1], rc.postAdd);
}

// Gather offsets of every tap from the integer part in o[0]: (i + tapBias) * entryBytes, tap j
// j positions after tap 0; with post > 1, ((i + tapBias) * post + element) * entryBytes, formed in
// float32 (exact integers) from the element in s[6].
template <class V>
__aicore__ inline void ComputeTapOffsets(V& v, const InnerTapsRecipe& rc, uint32_t taps, const typename V::F* s,
                                         const typename V::I* o)
{
    const int32_t step = static_cast<int32_t>((rc.post > 1 ? rc.post : 1u) * rc.entryBytes);
    if (rc.post > 1) {
        v.ToFloat(s[3], o[0]);
        if (rc.tapBias != 0) v.Adds(s[3], s[3], static_cast<float>(rc.tapBias));
        v.Muls(s[3], s[3], static_cast<float>(rc.post));
        v.Add(s[3], s[3], s[6]);
        v.Muls(s[3], s[3], static_cast<float>(rc.entryBytes));
        v.ToInt(o[0], s[3], RoundDown::RINT);
    } else {
        if (rc.tapBias != 0) v.IntAdds(o[0], o[0], rc.tapBias);
        v.IntMuls(o[0], o[0], static_cast<int32_t>(rc.entryBytes));
    }
    for (uint32_t j = 1; j < taps; ++j) v.IntAdds(o[j], o[0], static_cast<int32_t>(j) * step);
}

// linear_onnx (OnnxLinearTaps inside the axis): i = trunc(c); weights up - c and c - i.
template <class V>
__aicore__ inline void ComputeOnnxLinearWeights(V& v, const typename V::F* s, const typename V::I* o,
                                                const typename V::F* w)
{
    v.ToInt(o[0], s[1], RoundDown::TRUNC);
    v.ToFloat(s[2], o[0]);
    v.Adds(s[3], s[2], 1.0f);
    v.Sub(w[0], s[3], s[1]);   // |c - up|
    v.Sub(w[1], s[2], s[1]);   // |c - i| = -(i - c): a zero is -0.0f
    v.Muls(w[1], w[1], -1.0f);
}

// cubic (CubicCoeffs of t = c - floor(c), the same products in the same order).
template <class V>
__aicore__ inline void ComputeCubicWeights(V& v, const InnerTapsRecipe& rc, const typename V::F* s,
                                           const typename V::I* o, const typename V::F* w)
{
    const float a = rc.cubicA;
    v.ToInt(o[0], s[1], RoundDown::FLOOR);
    v.ToFloat(s[2], o[0]);
    v.Sub(s[2], s[1], s[2]);            // t (= |t|)
    v.Adds(s[3], s[2], -1.0f);          // t - 1
    v.Muls(w[0], s[3], a);              // a (t-1) (t-1) t
    v.Mul(w[0], w[0], s[3]);
    v.Mul(w[0], w[0], s[2]);
    v.Muls(w[1], s[2], a + 2.0f);       // ((a+2) t - (a+3)) t t + 1
    v.Adds(w[1], w[1], -(a + 3.0f));
    v.Mul(w[1], w[1], s[2]);
    v.Mul(w[1], w[1], s[2]);
    v.Adds(w[1], w[1], 1.0f);
    v.Muls(w[2], s[2], -a - 2.0f);      // (((-a-2) t + (2a+3)) t - a) t
    v.Adds(w[2], w[2], 2.0f * a + 3.0f);
    v.Mul(w[2], w[2], s[2]);
    v.Adds(w[2], w[2], -a);
    v.Mul(w[2], w[2], s[2]);
    v.Muls(w[3], s[2], -a);             // -a t t (t-1)
    v.Mul(w[3], w[3], s[2]);
    v.Mul(w[3], w[3], s[3]);
}

// linear without antialias (LinearTapWeight with a = 1 over the window round(c) - 2 .. + 2): with
// f = c - round(c) in [-0.5, 0.5], the window's ends are 1.5 or more from c and weigh -0.0f, and the
// three in the middle weigh max(0, -f), 1 - |f| and max(0, f) -- each formed so that a zero is
// -0.0f, and equal to 1 - |c - p| where c - p is exact (the host checks the bits, and that the
// tables' normalised weights are these: inside the axis they sum to 1).
template <class V>
__aicore__ inline void ComputeLinearWeights(V& v, const typename V::F* s, const typename V::I* o,
                                            const typename V::F* w)
{
    v.ToInt(o[0], s[1], RoundDown::RINT);
    v.ToFloat(s[2], o[0]);
    v.Sub(s[2], s[1], s[2]);        // f
    v.Duplicate(w[0], -0.0f);
    v.Duplicate(w[4], -0.0f);
    v.Mins(w[1], s[2], 0.0f);       // -min(f, 0)
    v.Muls(w[1], w[1], -1.0f);
    v.Abs(w[2], s[2]);              // -(|f| - 1)
    v.Adds(w[2], w[2], -1.0f);
    v.Muls(w[2], w[2], -1.0f);
    v.Muls(w[3], s[2], -1.0f);      // -min(-f, 0)
    v.Mins(w[3], w[3], 0.0f);
    v.Muls(w[3], w[3], -1.0f);
}

// nearest (NearestPixel for c >= 0): round_prefer_floor ceil(c - 0.5), round_prefer_ceil
// floor(c + 0.5), floor, ceil, simple trunc (its downsampling ceil comes as CEIL).
template <class V>
__aicore__ inline void ComputeNearestIndex(V& v, const InnerTapsRecipe& rc, const typename V::F* s,
                                           const typename V::I* o)
{
    const NearestMode mode = static_cast<NearestMode>(rc.nearestMode);
    if (mode == NearestMode::ROUND_PREFER_FLOOR) {
        v.Adds(s[2], s[1], -0.5f);
        v.ToInt(o[0], s[2], RoundDown::CEIL);
    } else if (mode == NearestMode::ROUND_PREFER_CEIL) {
        v.Adds(s[2], s[1], 0.5f);
        v.ToInt(o[0], s[2], RoundDown::FLOOR);
    } else {
        v.ToInt(o[0], s[1], mode == NearestMode::FLOOR  ? RoundDown::FLOOR
                            : mode == NearestMode::CEIL ? RoundDown::CEIL
                                                        : RoundDown::TRUNC);
    }
}

// The taps of columns [first, first + n) of one inner axis: offsets o[0..taps) and weights
// w[0..taps) (none for nearest), with kComputedTapScratch scratch vectors s (all of the back end's
// length n).
template <class V>
__aicore__ inline void ComputeInnerTaps(V& v, const InnerTapsRecipe& rc, uint32_t first, const typename V::F* s,
                                        const typename V::I* o, const typename V::F* w)
{
    const uint32_t taps = ComputedTapCount(rc.mode);
    ComputeCoordinates(v, rc, first, s, o);
    if (rc.mode == static_cast<uint32_t>(ComputedTaps::NEAREST)) {
        ComputeNearestIndex(v, rc, s, o);  // offsets only: a copy has no weights
        ComputeTapOffsets(v, rc, taps, s, o);
        return;
    }
    if (rc.mode == static_cast<uint32_t>(ComputedTaps::LINEAR_ONNX)) {
        ComputeOnnxLinearWeights(v, s, o, w);
    } else if (rc.mode == static_cast<uint32_t>(ComputedTaps::CUBIC)) {
        ComputeCubicWeights(v, rc, s, o, w);
    } else {
        ComputeLinearWeights(v, s, o, w);
    }
    if (rc.signedZeros) {
        for (uint32_t j = 0; j < taps; ++j) ZeroWeightsNegative(v, w[j]);
    }
    ComputeTapOffsets(v, rc, taps, s, o);
}

// =============================================================================================
// UpsampleTrilinear3d: PyTorch upsample_trilinear3d (docs/aclnnUpsampleTrilinear3d.md "Index maths")
// =============================================================================================

// Source-index step of one axis (PyTorch area_pixel_compute_scale), as the kernel consumes it:
// an in/out ratio, not a multiplier.  `scaleMultiplier` is the user's scale (out/in) or <= 0 when
// not given.  An axis whose output length equals its input length is a copy (ratio 1), even with a
// scale given (docs/aclnnUpsampleTrilinear3d.md "Decisions for this project").  Host only (tiling):
// 1/scale is evaluated in double.
inline float TrilinearRatio(int64_t inLength, int64_t outLength, bool alignCorners, double scaleMultiplier)
{
    if (outLength == inLength) {
        return 1.0f;
    }
    if (alignCorners) {
        return outLength > 1 ? static_cast<float>(inLength - 1) / static_cast<float>(outLength - 1) : 0.0f;
    }
    if (scaleMultiplier > 0.0) {
        return static_cast<float>(1.0 / scaleMultiplier);
    }
    return static_cast<float>(inLength) / static_cast<float>(outLength);
}

// a * b - c rounded ONCE to float32 (a fused multiply-add), in float32 arithmetic only: the AI
// core's scalar unit has no double, and the device compiler must not be trusted to contract.
// Dekker's exact product p + e = a * b (Veltkamp split), Knuth's exact sum s + t = p - c, then one
// final rounding of s + (t + e).  Exact for the source-index range used here (|a*b| < 2^24).
__aicore__ inline float FusedMulSub(float a, float b, float c)
{
    const float p = a * b;
    const float aHi = VeltkampHigh(a);
    const float aLo = a - aHi;
    const float bHi = VeltkampHigh(b);
    const float bLo = b - bHi;
    const float e = ((aHi * bHi - p) + aHi * bLo + aLo * bHi) + aLo * bLo;
    const float s = p - c;
    const float bb = s - p;
    const float t = (p - (s - bb)) + (-c - bb);
    return s + (t + e);
}

// Source coordinate of output index `dst` (PyTorch area_pixel_compute_source_index, linear):
// align_corners: ratio * dst; otherwise ratio * (dst + 0.5) - 0.5, negative clamped to 0.
// The half-pixel form is one fused multiply-add (single rounding), as PyTorch's x86-64 CPU kernel
// (built with FP contraction) and CANN arch35 (fmaf) compute it; rounding twice differs by up to
// 7.8e-6 relative on W 257 -> 693 (reference.py _area_pixel_source_index).
__aicore__ inline float TrilinearSourceIndex(float ratio, int64_t dst, bool alignCorners)
{
    if (alignCorners) {
        return ratio * static_cast<float>(dst);
    }
    const float src = FusedMulSub(ratio, static_cast<float>(dst) + 0.5f, 0.5f);
    return src < 0.0f ? 0.0f : src;
}

// The two taps and weights of one output index: i0 = min(int(src), in-1), i1 = min(i0+1, in-1),
// lambda1 = clamp(src - i0, 0, 1), lambda0 = 1 - lambda1.  At the far border i1 == i0.
__aicore__ inline void TrilinearTaps(float src, int64_t inLength, int64_t* i0, int64_t* i1, float* lambda0,
                                     float* lambda1)
{
    int64_t lo = TruncToInt(src);
    if (lo > inLength - 1) lo = inLength - 1;
    *i0 = lo;
    *i1 = (lo < inLength - 1) ? lo + 1 : lo;
    float l1 = src - static_cast<float>(lo);
    l1 = l1 < 0.0f ? 0.0f : (l1 > 1.0f ? 1.0f : l1);
    *lambda1 = l1;
    *lambda0 = 1.0f - l1;
}

// Both taps of output index `dst` on one axis, the way PyTorch's compute_source_index_and_lambda
// forms them: an axis whose output length equals its input length is a copy with i0 = i1 = dst,
// lambda0 = 1, lambda1 = 0 (the zero-weight tap is still multiplied, so an inf at dst gives NaN as
// in PyTorch); otherwise TrilinearSourceIndex + TrilinearTaps.
__aicore__ inline void TrilinearAxisTaps(float ratio, int64_t dst, int64_t inLength, int64_t outLength,
                                         bool alignCorners, int64_t* i0, int64_t* i1, float* lambda0,
                                         float* lambda1)
{
    if (outLength == inLength) {
        *i0 = dst;
        *i1 = dst;
        *lambda0 = 1.0f;
        *lambda1 = 0.0f;
        return;
    }
    TrilinearTaps(TrilinearSourceIndex(ratio, dst, alignCorners), inLength, i0, i1, lambda0, lambda1);
}

// A float32 from its bit pattern (tiling structs carry ratios as bits: the same value on both sides).
__aicore__ inline float FloatFromBits(uint32_t bits)
{
    union {
        uint32_t u;
        float f;
    } c;
    c.u = bits;
    return c.f;
}

// Both taps of one output index of an axis, as one value.
struct TrilinearAxisTap {
    int64_t i0;
    int64_t i1;
    float l0;
    float l1;
};

__aicore__ inline TrilinearAxisTap TrilinearTapOf(float ratio, int64_t dst, int64_t inLength, int64_t outLength,
                                                  bool alignCorners)
{
    TrilinearAxisTap t;
    TrilinearAxisTaps(ratio, dst, inLength, outLength, alignCorners, &t.i0, &t.i1, &t.l0, &t.l1);
    return t;
}

// The backward's view of the same taps: the output indices whose taps reach input indices
// [lo, hi] of one axis.  i0(o) <= i1(o) <= i0(o) + 1 and both are non-decreasing in o, so they
// are exactly [first, last] with first = min{o : i1(o) >= lo} and last = max{o : i0(o) <= hi}
// (first > last when none do); two binary searches over [0, outLength].
struct TrilinearSpan {
    int64_t first;
    int64_t last;
};

__aicore__ inline TrilinearSpan TrilinearGradSpan(float ratio, int64_t inLength, int64_t outLength,
                                                  bool alignCorners, int64_t lo, int64_t hi)
{
    int64_t a = 0, b = outLength;
    while (a < b) {
        const int64_t m = a + (b - a) / 2;
        if (TrilinearTapOf(ratio, m, inLength, outLength, alignCorners).i1 >= lo) {
            b = m;
        } else {
            a = m + 1;
        }
    }
    TrilinearSpan s;
    s.first = a;
    a = 0;
    b = outLength;
    while (a < b) {
        const int64_t m = a + (b - a) / 2;
        if (TrilinearTapOf(ratio, m, inLength, outLength, alignCorners).i0 > hi) {
            b = m;
        } else {
            a = m + 1;
        }
    }
    s.last = a - 1;
    return s;
}

// Output length of one axis from a user scale when no output size is given
// (F.interpolate, recompute_scale_factor=False): floor(in * scale) in double.
inline int64_t TrilinearOutputLength(int64_t inLength, double scale)
{
    double v = static_cast<double>(inLength) * scale;
    int64_t t = static_cast<int64_t>(v);
    return (static_cast<double>(t) > v) ? t - 1 : t;
}

}  // namespace interp
