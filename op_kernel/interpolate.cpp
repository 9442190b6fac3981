// Interpolate-4 kernel (OpenVINO opset-4 Interpolate; semantics: docs/aclnnInterpolate.md "Function").
//
// One launch runs the separable passes of the plan in order (op_kernel/interpolate_tiling_data.h);
// the cores meet in a soft SyncAll between passes.  Each pass's tiling is its common part
// (InterpolatePassCommon) and its layout's struct: InterpolatePass (GATHER) reads GatherPassTiling,
// InterpolateRowPass (ROWS) reads RowsPassTiling.  Each class's Init allocates exactly the buffers of
// its layout's UB layout (InterpolateGatherUbLayout / InterpolateRowsUbLayout), the sizes the planner
// checked against the UB.  Two layouts:
//
// ROWS (the common path).  A pass views its input as [outer, rowInLen, innerIn] and writes
// [outer, rowOutLen, innerOut]: the row axis is one resized (or padded) dimension, the inner block
// everything after it, optionally transformed along the resized innermost axis.  So a 2-D resize of
// NCHW (H rows, W inside) is one pass that reads the input once and writes the output once.
//   - each core owns a contiguous range of output rows (base + tail); it loads the row taps of its
//     rows and the inner tap tables once;
//   - input rows are read in runs (one DMA for up to inRowsPerDma consecutive needed rows), widened
//     to float32 (or kept native for copies), transformed along the inner axis (all inner taps in
//     one Gather + one Mul + K-1 Adds) and cached in UB slots; every output row that needs a row
//     reuses it;
//   - an output row is Muls + Axpy over its row taps (whole rows, hundreds of elements per vector
//     instruction), narrowed once (RINT, saturation for integers), and outRowsPerDma rows leave in
//     one DMA;
//   - when rows shrink the inner transform runs after the row combination instead (innerAfter);
//   - inner blocks too long for UB are cut into column bands (band-major loop): a band reads only
//     its input span of each row and, for a transformed inner axis, loads inner tables of its own.
// GATHER (fallback: rows that do not fit UB, 310P rows that are not 32 B multiples).  A pass over
// one dimension reads a dense tensor viewed as [outer, inLen * inner] and writes
// [outer, outLen * inner].  Each core owns a contiguous range of the flat output (whole 32 B
// granules, base + one extra granule) and walks it in chunks:
//   1. two scalar reads give the source window of the chunk (host-built prefix/suffix tables);
//   2. CopyIn: the window (one DMA), the chunk's slices of the K offset/weight tables;
//   3. Compute: widen the window to the compute type, then per tap Gather + Mul (+ Add);
//   4. CopyOut: narrow with one rounding, one DMA.
// inf / NaN follow the reference: every tap it includes is multiplied, zero weights too (the host
// stores those as -0.0f, consecutive zero-weight row taps as one run entry), so a zero-weighted inf
// or NaN gives NaN; taps in the padding read 0 (weighted gathers zero them with an int32 0/1 mask).
// COPY passes (nearest, identity with padding) move native values (1-byte types through half,
// exact) and zero padding with an integer 0/1 mask: exact for every dtype, int32 included.
// Unaligned edges: DataCopyPad on 910B; on 310P every DMA length is a multiple of 32 B, reads that
// would pass the end of the tensor are shifted back (gathers take any source offset), the last
// partial granule / band of a core is recomputed as a full one ending at its end (same core, same
// values), and tensors smaller than 32 B use scalar GM access on one core.
#include "kernel_operator.h"
#include "interpolate_tiling_data.h"
#include "kernel_common.h"

using namespace AscendC;

namespace {

using interp::InterpolatePassTiling;

// DataCopyPad exists on this SoC (compile time: the 310P build holds no DataCopyPad call).
constexpr bool kPad = ai::kSocCaps.dataCopyPad;

// Compile-time helpers (kernel code stays free of the C++ standard library).
template <typename A, typename B>
struct IsSame {
    static constexpr bool value = false;
};
template <typename A>
struct IsSame<A, A> {
    static constexpr bool value = true;
};
template <bool C, typename A, typename B>
struct Conditional {
    using type = A;
};
template <typename A, typename B>
struct Conditional<false, A, B> {
    using type = B;
};

template <typename T>
struct CopyCompute {
    using Type = T;  // COPY passes gather in the native type...
};
template <>
struct CopyCompute<int8_t> {
    using Type = half;  // ...except 1-byte types, widened to half (exact) since Gather moves 2/4 bytes
};
template <>
struct CopyCompute<uint8_t> {
    using Type = half;
};

// Integer view used to apply a 0/1 mask to gathered values bit-exactly.
template <typename T>
using MaskView = ai::BitsView<T>;

template <typename T>
constexpr bool IsOneByte() { return sizeof(T) == 1; }

// The vector unit as interp::ComputeInnerTaps's back end: every operation over the same n elements.
struct UbTapOps {
    using F = LocalTensor<float>;
    using I = LocalTensor<int32_t>;
    int32_t n;

    __aicore__ inline void Index(const F& d, uint32_t first) const
    {
        const I asInt = d.template ReinterpretCast<int32_t>();
        CreateVecIndex(asInt, static_cast<int32_t>(first), static_cast<uint32_t>(n));
        Cast(d, asInt, RoundMode::CAST_NONE, static_cast<uint32_t>(n));
    }
    __aicore__ inline void Muls(const F& d, const F& a, float x) const { AscendC::Muls(d, a, x, n); }
    __aicore__ inline void Adds(const F& d, const F& a, float x) const { AscendC::Adds(d, a, x, n); }
    __aicore__ inline void Mins(const F& d, const F& a, float x) const { AscendC::Mins(d, a, x, n); }
    __aicore__ inline void Duplicate(const F& d, float x) const { AscendC::Duplicate(d, x, n); }
    __aicore__ inline void Add(const F& d, const F& a, const F& b) const { AscendC::Add(d, a, b, n); }
    __aicore__ inline void Sub(const F& d, const F& a, const F& b) const { AscendC::Sub(d, a, b, n); }
    __aicore__ inline void Mul(const F& d, const F& a, const F& b) const { AscendC::Mul(d, a, b, n); }
    __aicore__ inline void Abs(const F& d, const F& a) const { AscendC::Abs(d, a, n); }
    __aicore__ inline void ToInt(const I& d, const F& a, interp::RoundDown mode) const
    {
        const RoundMode m = mode == interp::RoundDown::FLOOR  ? RoundMode::CAST_FLOOR
                            : mode == interp::RoundDown::CEIL ? RoundMode::CAST_CEIL
                            : mode == interp::RoundDown::RINT ? RoundMode::CAST_RINT
                                                              : RoundMode::CAST_TRUNC;
        Cast(d, a, m, static_cast<uint32_t>(n));
    }
    __aicore__ inline void ToFloat(const F& d, const I& a) const
    {
        Cast(d, a, RoundMode::CAST_NONE, static_cast<uint32_t>(n));
    }
    __aicore__ inline void IntAdds(const I& d, const I& a, int32_t x) const { AscendC::Adds(d, a, x, n); }
    __aicore__ inline void IntMuls(const I& d, const I& a, int32_t x) const { AscendC::Muls(d, a, x, n); }
};

// Loads source elements [gStart, gStart + gLen) of a tensor of `total` elements into `dst`.
// On return dst[shift + i] holds element gStart + i for i < gLen, and `loaded` = shift + gLen.
//   910B: one DataCopyPad of exactly gLen elements.
//   310P: DataCopy lengths are 32 B multiples: round up, and near the end of the tensor read the last
//         aligned block instead (shift > 0); a tensor shorter than 32 B is read by scalar accesses.
template <typename T>
__aicore__ inline void LoadRange(const LocalTensor<T>& dst, const GlobalTensor<T>& gm, uint64_t total, uint64_t gStart,
                                 uint64_t gLen, uint64_t* shift, uint64_t* loaded)
{
    constexpr uint64_t align = 32 / sizeof(T);
    const uint64_t rounded = (gLen + align - 1) / align * align;
    if constexpr (kPad) {
        DataCopyExtParams p(1, static_cast<uint32_t>(gLen * sizeof(T)), 0, 0, 0);
        DataCopyPadExtParams<T> pad(false, 0, 0, static_cast<T>(0));
        DataCopyPad(dst, gm[gStart], p, pad);
        *shift = 0;
        *loaded = gLen;
        return;
    }
    if (gStart + rounded <= total) {
        DataCopy(dst, gm[gStart], static_cast<uint32_t>(rounded));
        *shift = 0;
    } else if (total >= rounded) {
        DataCopy(dst, gm[total - rounded], static_cast<uint32_t>(rounded));  // same data, read earlier
        *shift = gStart - (total - rounded);
    } else {
        const uint64_t head = total / align * align;
        if (head > 0) DataCopy(dst, gm[0], static_cast<uint32_t>(head));
        PipeBarrier<PIPE_ALL>();
        for (uint64_t i = head; i < total; ++i) dst.SetValue(static_cast<uint32_t>(i), gm.GetValue(i));
        PipeBarrier<PIPE_ALL>();
        *shift = gStart;
    }
    *loaded = *shift + gLen;
}

// 310P, an output smaller than 32 B (one core writes all of it): no DMA can write fewer bytes than
// a 32 B block without DataCopyPad, so the n elements of `ub` go out as scalar stores through the
// data cache, which is then written back.
template <typename T>
__aicore__ inline void StoreThroughDataCache(GlobalTensor<T> gm, const LocalTensor<T>& ub, uint32_t n)
{
    PipeBarrier<PIPE_ALL>();
    for (uint32_t i = 0; i < n; ++i) gm.SetValue(i, ub.GetValue(i));
    DataCacheCleanAndInvalid<T, CacheLine::ENTIRE_DATA_CACHE>(gm);  // both SoCs have this form
    PipeBarrier<PIPE_ALL>();
}

// float accumulator -> output dtype, rounding once (docs/aclnnInterpolate.md "dtypes").  `acc` is
// clobbered.  halfBuf: the half step of 1-byte outputs.
template <typename TOut>
__aicore__ inline void NarrowTo(const LocalTensor<TOut>& out, const LocalTensor<float>& acc, uint32_t n,
                                uint32_t socFlags, TBuf<TPosition::VECCALC>& halfBuf)
{
    const int32_t cnt = static_cast<int32_t>(n);
    if constexpr (IsSame<TOut, float>::value) {
        (void)out;
        (void)acc;
    } else if constexpr (IsSame<TOut, half>::value) {
        Cast(out, acc, (socFlags & interp::kSocHalfRint) ? RoundMode::CAST_RINT : RoundMode::CAST_NONE, n);
    } else if constexpr (IsSame<TOut, bfloat16_t>::value) {
        Cast(out, acc, RoundMode::CAST_RINT, n);
    } else if constexpr (IsSame<TOut, int32_t>::value) {
        // Saturate in float (2147483520 is the largest float below 2^31), then round half to even.
        Maxs(acc, acc, -2147483648.0f, cnt);
        Mins(acc, acc, 2147483520.0f, cnt);
        Cast(out, acc, RoundMode::CAST_RINT, n);  // float -> int32 with RINT exists on both SoCs
    } else {
        const float lowest = IsSame<TOut, int8_t>::value ? -128.0f : 0.0f;
        const float highest = IsSame<TOut, int8_t>::value ? 127.0f : 255.0f;
        Maxs(acc, acc, lowest, cnt);
        Mins(acc, acc, highest, cnt);
        // Round half to even in float arithmetic: adding and removing 1.5 * 2^23 leaves the nearest
        // integer (exact for |v| < 2^22), which then converts exactly through half.
        Adds(acc, acc, 12582912.0f, cnt);
        Adds(acc, acc, -12582912.0f, cnt);
        LocalTensor<half> h = halfBuf.Get<half>();
        Cast(h, acc, RoundMode::CAST_NONE, n);
        Cast(out, h, RoundMode::CAST_NONE, n);
    }
}

// The cores of one launch meet between passes in a soft SyncAll: its counters live at the start of
// the user workspace, zeroed by the host (workspaceInit); the UB scratch holds GetBlockNum() * 32 B
// (SyncAll API constraint).
struct PassCoreSync {
    GlobalTensor<int32_t> gm;
    TBuf<TPosition::VECCALC> ub;

    // UB scratch bytes the pass layouts reserve for it (0: a one-pass plan, no SyncAll).
    __aicore__ static inline uint64_t ScratchBytes(uint32_t syncBytes)
    {
        return syncBytes == 0 ? 0 : static_cast<uint64_t>(GetBlockNum()) * 32;
    }

    __aicore__ inline void Init(TPipe& pipe, GM_ADDR user, uint32_t syncBytes, uint32_t scratchBytes)
    {
        if (syncBytes == 0) return;
        gm.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(user), syncBytes / 4);
        pipe.InitBuffer(ub, scratchBytes);
    }

    // All cores of the launch meet here before the next pass reads this pass's output.
    __aicore__ inline void Meet()
    {
        LocalTensor<int32_t> scratch = ub.Get<int32_t>();
        SyncAll(gm, scratch);
    }
};

// Allocates a buffer of the pass's UB layout; a size of 0 means the layout has no such buffer.
__aicore__ inline void InitIfUsed(TPipe& pipe, TBuf<TPosition::VECCALC>& buf, uint32_t bytes)
{
    if (bytes != 0) pipe.InitBuffer(buf, bytes);
}

// A pass reads the operator input or a workspace intermediate and writes the output or another one.
template <typename TIn, typename TOut>
__aicore__ inline void BindPassTensors(const interp::InterpolatePassCommon& t, GM_ADDR x, GM_ADDR y, GM_ADDR user,
                                       GlobalTensor<TIn>& inGm, GlobalTensor<TOut>& outGm)
{
    GM_ADDR in = t.inFromWorkspace ? user + t.inBufOffset : x;
    GM_ADDR out = t.outToWorkspace ? user + t.outBufOffset : y;
    inGm.SetGlobalBuffer(reinterpret_cast<__gm__ TIn*>(in), t.inElems);
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ TOut*>(out), t.outElems);
}

template <typename TIn, typename TOut, bool WEIGHTED>
class InterpolatePass {
public:
    using TC = typename Conditional<WEIGHTED, float, typename CopyCompute<TIn>::Type>::type;
    using TW = typename Conditional<WEIGHTED, float, typename MaskView<TC>::Type>::type;

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const InterpolatePassTiling& t,
                                uint32_t syncBytes)
    {
        c_ = t.common;
        g_ = t.gather;
        GM_ADDR user = workspace;  // the user workspace itself (direct-call flow: no system part)
        // Every UB buffer of this pass: the layout the planner checked against the UB.
        const interp::GatherPassUbLayout ub =
            interp::InterpolateGatherUbLayout(c_, g_, PassCoreSync::ScratchBytes(syncBytes));
        sync_.Init(pipe_, user, syncBytes, ub.syncScratch);
        BindPassTensors(c_, x, y, user, inGm_, outGm_);
        offGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + g_.offsetTable), g_.numTaps * g_.tableLen);
        if (WEIGHTED || g_.useMask) {
            wGm_.SetGlobalBuffer(reinterpret_cast<__gm__ TW*>(user + g_.weightTable), g_.numTaps * g_.tableLen);
        }
        if (WEIGHTED && g_.useMask) {  // padding masks follow the weights
            maskGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(user + g_.weightTable) + g_.numTaps * g_.tableLen,
                                    g_.numTaps * g_.tableLen);
        }
        loGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + g_.windowLoTable), g_.tableLen);
        hiGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + g_.windowHiTable), g_.tableLen);

        constexpr uint32_t depth = interp::kInterpolateQueueDepth;
        pipe_.InitBuffer(inQue_, depth, ub.window);
        InitIfUsed(pipe_, winBuf_, ub.windowFloat);
        InitIfUsed(pipe_, winHalfBuf_, ub.windowHalf);
        pipe_.InitBuffer(tabQue_, depth, ub.tables);
        InitIfUsed(pipe_, gatBuf_, ub.gathered);
        InitIfUsed(pipe_, accBuf_, ub.accumulator);
        pipe_.InitBuffer(outQue_, depth, ub.output);
        InitIfUsed(pipe_, outHalfBuf_, ub.outputHalf);
    }

    __aicore__ inline void SyncCores() { sync_.Meet(); }

    __aicore__ inline void Process()
    {
        const uint64_t align = c_.outAlignElems;
        const uint64_t units = c_.outElems / align;
        const uint64_t idx = GetBlockIdx();
        const uint64_t bd = c_.blockDim;
        uint64_t fs = 0, fe = 0;
        if (units == 0) {  // the whole output is smaller than 32 B: one core
            if (idx != 0) return;
            fe = c_.outElems;
        } else {
            if (idx >= bd) return;
            const uint64_t per = units / bd, extra = units % bd;
            fs = (idx * per + (idx < extra ? idx : extra)) * align;
            fe = fs + (per + (idx < extra ? 1 : 0)) * align;
            if (idx == bd - 1) fe = c_.outElems;  // the sub-granule remainder
        }
        uint64_t pos = fs;
        while (pos < fe) {
            uint64_t n = fe - pos;
            if (n >= g_.chunkElems) {
                n = g_.chunkElems;
            } else if (n % align != 0 && !kPad && units != 0) {
                if (n > align) {
                    n = n / align * align;  // aligned part now, the remainder next
                } else {
                    // Recompute the last granule of this core's range: [fe - align, fe) lies inside
                    // the range (it holds at least one granule), so no other core's bytes are touched.
                    pos = fe - align;
                    n = align;
                    PipeBarrier<PIPE_MTE3>();  // this DMA overlaps the previous one of this core
                }
            }
            ProcessChunk(pos, static_cast<uint32_t>(n));
            pos += n;
        }
    }

private:
    __aicore__ inline void ProcessChunk(uint64_t f0, uint32_t n)
    {
        const uint64_t b0 = f0 / g_.blockOutElems;
        const uint64_t m0 = f0 - b0 * g_.blockOutElems;
        const uint64_t lo = loGm_.GetValue(m0);
        const uint64_t hi = hiGm_.GetValue(m0 + n - 1);
        const uint64_t gStart = b0 * g_.blockInElems + lo;
        const uint64_t gLen = hi - lo;
        uint64_t shift = 0;  // elements from the window buffer start to gStart
        uint64_t loaded = 0;
        CopyInWindow(gStart, gLen, &shift, &loaded);
        CopyInTables(m0, n);
        Compute(n, shift, lo, loaded);
        CopyOut(f0, n);
    }

    __aicore__ inline void CopyInWindow(uint64_t gStart, uint64_t gLen, uint64_t* shift, uint64_t* loaded)
    {
        LocalTensor<TIn> win = inQue_.AllocTensor<TIn>();
        LoadRange(win, inGm_, c_.inElems, gStart, gLen, shift, loaded);
        inQue_.EnQue(win);
    }

    __aicore__ inline void CopyInTables(uint64_t m0, uint32_t n)
    {
        const uint32_t c = g_.chunkElems;
        const uint32_t k = g_.numTaps;
        LocalTensor<uint32_t> tab = tabQue_.AllocTensor<uint32_t>();
        const uint32_t nOff = (n + 7) / 8 * 8;  // table slices are long enough (tableLen >= mOut - 1 + c)
        for (uint32_t j = 0; j < k; ++j) {
            DataCopy(tab[j * c], offGm_[j * g_.tableLen + m0], nOff);
        }
        if (WEIGHTED || g_.useMask) {
            LocalTensor<TW> w = tab[k * c].template ReinterpretCast<TW>();
            constexpr uint32_t wAlign = 32 / sizeof(TW);
            const uint32_t nW = (n + wAlign - 1) / wAlign * wAlign;
            for (uint32_t j = 0; j < (WEIGHTED ? k : 1u); ++j) {
                DataCopy(w[j * c], wGm_[j * g_.tableLen + m0], nW);
            }
            if (WEIGHTED && g_.useMask) {
                LocalTensor<int32_t> mask = tab[2 * k * c].template ReinterpretCast<int32_t>();
                for (uint32_t j = 0; j < k; ++j) DataCopy(mask[j * c], maskGm_[j * g_.tableLen + m0], nW);
            }
        }
        tabQue_.EnQue(tab);
    }

    // Widens the window (loaded elements) to the compute type.
    __aicore__ inline LocalTensor<TC> WidenWindow(const LocalTensor<TIn>& win, uint32_t count)
    {
        if constexpr (IsSame<TIn, TC>::value) {
            return win;
        } else if constexpr (WEIGHTED) {
            LocalTensor<float> f = winBuf_.Get<float>();
            if constexpr (IsOneByte<TIn>()) {
                LocalTensor<half> h = winHalfBuf_.Get<half>();
                Cast(h, win, RoundMode::CAST_NONE, count);
                Cast(f, h, RoundMode::CAST_NONE, count);
            } else {
                Cast(f, win, RoundMode::CAST_NONE, count);
            }
            return f;
        } else {
            LocalTensor<half> h = winHalfBuf_.Get<half>();
            Cast(h, win, RoundMode::CAST_NONE, count);
            return h;
        }
    }

    __aicore__ inline void Compute(uint32_t n, uint64_t shift, uint64_t lo, uint64_t loaded)
    {
        const uint32_t c = g_.chunkElems;
        const uint32_t k = g_.numTaps;
        LocalTensor<TIn> win = inQue_.DeQue<TIn>();
        LocalTensor<uint32_t> tab = tabQue_.DeQue<uint32_t>();
        LocalTensor<TC> src = WidenWindow(win, static_cast<uint32_t>(loaded));
        // Table offsets are bytes from the start of the chunk's first block; the window buffer holds
        // that block's element `lo` at index `shift`.
        uint32_t base = 0;
        if (shift >= lo) {
            base = static_cast<uint32_t>((shift - lo) * sizeof(TC));
        } else {
            const int32_t delta = -static_cast<int32_t>((lo - shift) * sizeof(TC));
            LocalTensor<int32_t> offI = tab.template ReinterpretCast<int32_t>();
            Adds(offI, offI, delta, static_cast<int32_t>((k - 1) * c + n));
        }
        LocalTensor<TOut> out = outQue_.AllocTensor<TOut>();
        if constexpr (WEIGHTED) {
            LocalTensor<float> w = tab[k * c].template ReinterpretCast<float>();
            LocalTensor<float> gat = gatBuf_.Get<float>();
            LocalTensor<float> acc;
            if constexpr (IsSame<TOut, float>::value) {
                acc = out;
            } else {
                acc = accBuf_.Get<float>();
            }
            // Padding taps: the gathered (clamped) source is zeroed bit-exactly (int32 x 0/1) before
            // the weight, so an inf / NaN next to the padding does not leak into it.
            Gather(acc, src, tab, base, n);
            if (g_.useMask) {
                LocalTensor<int32_t> v = acc.template ReinterpretCast<int32_t>();
                Mul(v, v, tab[2 * k * c].template ReinterpretCast<int32_t>(), static_cast<int32_t>(n));
            }
            Mul(acc, acc, w, static_cast<int32_t>(n));
            for (uint32_t j = 1; j < k; ++j) {
                Gather(gat, src, tab[j * c], base, n);
                if (g_.useMask) {
                    LocalTensor<int32_t> v = gat.template ReinterpretCast<int32_t>();
                    Mul(v, v, tab[(2 * k + j) * c].template ReinterpretCast<int32_t>(), static_cast<int32_t>(n));
                }
                Mul(gat, gat, w[j * c], static_cast<int32_t>(n));
                Add(acc, acc, gat, static_cast<int32_t>(n));
            }
            Narrow(out, acc, n);
        } else {
            LocalTensor<TC> dst;
            if constexpr (IsOneByte<TIn>()) {
                dst = gatBuf_.Get<TC>();
            } else {
                dst = out.template ReinterpretCast<TC>();
            }
            Gather(dst, src, tab, base, n);
            if (g_.useMask) {
                LocalTensor<TW> mask = tab[k * c].template ReinterpretCast<TW>();
                LocalTensor<TW> v = dst.template ReinterpretCast<TW>();
                Mul(v, v, mask, static_cast<int32_t>(n));
            }
            if constexpr (IsOneByte<TIn>()) {
                Cast(out, dst, RoundMode::CAST_NONE, n);  // small integers held exactly in half
            }
        }
        outQue_.EnQue(out);
        inQue_.FreeTensor(win);
        tabQue_.FreeTensor(tab);
    }

    __aicore__ inline void Narrow(const LocalTensor<TOut>& out, const LocalTensor<float>& acc, uint32_t n)
    {
        NarrowTo(out, acc, n, c_.socFlags, outHalfBuf_);
    }

    __aicore__ inline void CopyOut(uint64_t f0, uint32_t n)
    {
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        constexpr uint32_t outAlign = 32 / sizeof(TOut);
        if (n % outAlign == 0) {
            DataCopy(outGm_[f0], out, n);
        } else if constexpr (kPad) {
            DataCopyExtParams p(1, static_cast<uint32_t>(n * sizeof(TOut)), 0, 0, 0);
            DataCopyPad(outGm_[f0], out, p);
        } else {
            StoreThroughDataCache(outGm_[f0], out, n);  // 310P, an output smaller than 32 B
        }
        outQue_.FreeTensor(out);
    }

    interp::InterpolatePassCommon c_;
    interp::GatherPassTiling g_;
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQue_;
    TQue<TPosition::VECIN, 1> tabQue_;
    TQue<TPosition::VECOUT, 1> outQue_;
    TBuf<TPosition::VECCALC> winBuf_, winHalfBuf_, gatBuf_, accBuf_, outHalfBuf_;
    GlobalTensor<TIn> inGm_;
    GlobalTensor<TOut> outGm_;
    GlobalTensor<uint32_t> offGm_, loGm_, hiGm_;
    GlobalTensor<TW> wGm_;
    GlobalTensor<int32_t> maskGm_;
    PassCoreSync sync_;
};

// ROWS layout: [outer, rowInLen, innerIn] -> [outer, rowOutLen, innerOut].  Each core owns a
// contiguous range of output rows.  An input row is read once (one DMA), widened, transformed along
// the inner block (Gather with the inner taps: the resized innermost axis, or identity) into one of
// `slots` UB slots, and reused by every output row of this core that needs it (taps are monotone,
// so FIFO eviction of the oldest slot never drops a row the current output still needs when
// slots >= rowTaps).  An output row is the weighted sum of its rowTaps slots (Muls + Axpy over the
// whole row), narrowed once and written with one DMA.
template <typename TIn, typename TOut, bool WEIGHTED>
class InterpolateRowPass {
public:
    using TC = typename Conditional<WEIGHTED, float, typename CopyCompute<TIn>::Type>::type;
    using TW = typename Conditional<WEIGHTED, float, typename MaskView<TC>::Type>::type;
    static constexpr uint32_t kMaxSlots = 128;

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const InterpolatePassTiling& t,
                                uint32_t syncBytes)
    {
        c_ = t.common;
        r_ = t.rows;
        GM_ADDR user = workspace;  // the user workspace itself (direct-call flow: no system part)
        // Every UB buffer of this pass: the layout the planner checked against the UB.
        ub_ = interp::InterpolateRowsUbLayout(c_, r_, PassCoreSync::ScratchBytes(syncBytes));
        const interp::RowsPassUbLayout& ub = ub_;
        sync_.Init(pipe_, user, syncBytes, ub.syncScratch);
        BindPassTensors(c_, x, y, user, inGm_, outGm_);
        blobGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + r_.tableBlob), r_.tableBlobBytes / 4);
        rowGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint64_t*>(user + r_.tableBlob + r_.rowSrcAt),
                               r_.rowTabCap + 4);
        runGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + r_.tableBlob + r_.runLenAt),
                               r_.runLenCap + 8);

        constexpr uint32_t depth = interp::kInterpolateQueueDepth;
        pipe_.InitBuffer(rawQue_, depth, ub.rawRows);
        InitIfUsed(pipe_, wideBuf_, ub.wideRows);
        InitIfUsed(pipe_, rawHalfBuf_, ub.rawHalf);
        slotStride_ = ub.slotBytes / sizeof(TC);
        pipe_.InitBuffer(slotBuf_, ub.slotCache);
        pipe_.InitBuffer(blobBuf_, ub.innerTables);
        pipe_.InitBuffer(rowBuf_, ub.rowTaps);
        pipe_.InitBuffer(runBuf_, ub.runLengths);
        InitIfUsed(pipe_, gatBuf_, ub.gathered);
        InitIfUsed(pipe_, accBuf_, ub.accumulator);
        InitIfUsed(pipe_, resBuf_, ub.innerResult);
        pipe_.InitBuffer(outQue_, depth, ub.output);
        InitIfUsed(pipe_, outHalfBuf_, ub.outputHalf);
        InitIfUsed(pipe_, stageBuf_, ub.staging);
        InitIfUsed(pipe_, packBuf_, ub.packed);
        InitIfUsed(pipe_, planeBuf_, ub.planeCache);
        InitIfUsed(pipe_, planeAccBuf_, ub.planeAcc);
        InitIfUsed(pipe_, planeRowsBuf_, ub.planeRows);
        planeStride_ = ub.planeSlot / sizeof(TC);

        // This core's output rows [r0_, r1_) (with a plane axis: its units).
        // Cores form rowGroups x bandGroups: a contiguous range of output rows and of column bands
        // each (base + tail on both), so few long rows still spread over the cores without every
        // core re-reading the neighbouring input rows.
        const uint64_t idx = GetBlockIdx();
        const uint64_t groups = r_.bandGroups > 1 ? r_.bandGroups : 1;
        const uint64_t rowGroups = c_.blockDim / groups;
        const uint64_t rg = idx / groups, bg = idx % groups;
        const uint64_t q = interp::InterpolateRowSplitGranule(c_, r_);
        const uint64_t per = r_.rowUnits / q / rowGroups, extra = r_.rowUnits / q % rowGroups;
        r0_ = (rg * per + (rg < extra ? rg : extra)) * q;
        r1_ = idx < c_.blockDim ? r0_ + (per + (rg < extra ? 1 : 0)) * q : r0_;
        const uint64_t bper = r_.bands / groups, bextra = r_.bands % groups;
        band0_ = static_cast<uint32_t>(bg * bper + (bg < bextra ? bg : bextra));
        band1_ = static_cast<uint32_t>(band0_ + bper + (bg < bextra ? 1 : 0));
        if (r1_ == r0_ || band1_ == band0_) {
            r1_ = r0_;
            return;
        }
        // Tables: the inner taps whole (vector operands), and the slices of the row taps and run
        // lengths this core uses (scalar reads), each one DMA.
        // With a plane axis a core's units reach every output row: the whole tables.
        uint64_t oLo = 0, oHi = r_.rowOutLen - 1;
        if (r_.planeTaps == 0 && r0_ / r_.rowOutLen == (r1_ - 1) / r_.rowOutLen) {
            oLo = r0_ % r_.rowOutLen;
            oHi = (r1_ - 1) % r_.rowOutLen;
        }
        const uint32_t k = WEIGHTED ? r_.rowTaps : 1u;
        rowBase_ = oLo * k;
        const uint64_t pairs = (oHi + 1 - oLo) * k;
        LocalTensor<uint32_t> blob = blobBuf_.Get<uint32_t>();
        if (interp::InterpolateInnerTablesCompact(r_)) {
            LoadCompactTables(blob);
        } else if (r_.bandTableBytes == 0) {
            LoadRowsHelpers(blob, 0);  // with the inner tables
        } else {  // bands with tables of their own: the helpers and spans now, a band's tables when it starts
            LoadRowsHelpers(blob, r_.identityAt);
            tablesBand_ = UINT32_MAX;
        }
        LocalTensor<uint64_t> rowTab = rowBuf_.Get<uint64_t>();
        DataCopy(rowTab, rowGm_[rowBase_], static_cast<uint32_t>((pairs + 3) / 4 * 4));
        ai::Sync<HardEvent::MTE2_S>();
        // Input rows this core may read: from the smallest tap of its first output row to the
        // largest of its last one (taps are monotone); whole block if the range spans blocks.
        uint64_t srcLo = r_.rowInLen, srcHi = 0;
        for (uint32_t j = 0; j < k; ++j) {
            const uint64_t a = rowTab.GetValue(static_cast<uint32_t>(j)) & 0xFFFFFFFFull;
            const uint64_t z = LastSourceOf(rowTab.GetValue(static_cast<uint32_t>(pairs - k + j)));
            if (a < srcLo) srcLo = a;
            if (z > srcHi) srcHi = z;
        }
        if (oLo == 0 && oHi == r_.rowOutLen - 1) {
            srcLo = 0;
            srcHi = r_.rowInLen - 1;
        }
        if (srcHi < srcLo) srcHi = srcLo;
        runBase_ = srcLo;
        LocalTensor<uint32_t> run = runBuf_.Get<uint32_t>();
        DataCopy(run, runGm_[runBase_], static_cast<uint32_t>((srcHi + 1 - srcLo + 7) / 8 * 8));
        ai::Sync<HardEvent::MTE2_V>();
        ai::Sync<HardEvent::MTE2_S>();
        BuildPackedLanes(blob);
        for (uint32_t i = 0; i < kMaxSlots; ++i) slotRow_[i] = UINT64_MAX;
    }

    // Blob bytes [from, rowSrcAt): the helpers after the inner tables (identity and packing offsets,
    // band spans, plane taps), and with from = 0 the inner tables too; batched packing offsets of
    // lane 0 only (interp::InterpolateBuiltLaneBytes: lanes 1.. are built by BuildPackedLanes).
    __aicore__ inline void LoadRowsHelpers(const LocalTensor<uint32_t>& blob, uint32_t from)
    {
        const uint64_t built = interp::InterpolateBuiltLaneBytes(c_, r_);
        const uint32_t skipFrom = static_cast<uint32_t>(r_.compactAt + interp::InterpolateBatchedLanePitch(c_, r_) * 4);
        const uint32_t end = built > 0 ? skipFrom : r_.rowSrcAt;
        if (end > from) DataCopy(blob[from / 4], blobGm_[from / 4], (end - from) / 4);
        const uint32_t rest = static_cast<uint32_t>(skipFrom + built);
        if (built > 0 && r_.rowSrcAt > rest) DataCopy(blob[rest / 4], blobGm_[rest / 4], (r_.rowSrcAt - rest) / 4);
    }

    // Batched packed rows: lanes 1.. of the packing offsets, lane b = lane 0 + b * batchStride
    // elements of the compute type (one exact int32 add per lane; the host's entries are the same).
    __aicore__ inline void BuildPackedLanes(const LocalTensor<uint32_t>& blob)
    {
        if (interp::InterpolateBuiltLaneBytes(c_, r_) == 0) return;
        const uint32_t pitch = static_cast<uint32_t>(interp::InterpolateBatchedLanePitch(c_, r_));
        LocalTensor<int32_t> lanes = blob[r_.compactAt / 4].template ReinterpretCast<int32_t>();
        for (uint32_t b = 1; b < r_.outerBatch; ++b) {
            Adds(lanes[b * pitch], lanes, static_cast<int32_t>(b * r_.batchStride * sizeof(TC)), static_cast<int32_t>(pitch));
        }
    }

    // Compact inner tables (interp::InterpolateInnerTablesCompact): the entries of every row outside
    // its periods and batch repeats (one strided DMA over the rows per table and part; offset rows 1..
    // with derived offsets outside the derived run instead), the helpers after the tables whole, then
    // the periods, the derived runs and the repeats, each step one exact int32 add: the words of a
    // run's copies [have, have + n) are those of copies [0, n) plus the shift of `have` copies
    // (offsets), or their bits unchanged (weights and masks); a derived run of tap j is row 0's plus j
    // tap shifts.
    __aicore__ inline void LoadCompactTables(const LocalTensor<uint32_t>& blob)
    {
        interp::InterpolateInnerTable tables[interp::kInterpolateMaxInnerTables];
        const uint32_t count = interp::InterpolateInnerTables(c_, r_, tables);
        const interp::InterpolateInnerTableSpan span = interp::InterpolateInnerTableSpanOf(r_);
        for (uint32_t i = 0; i < count;) {
            const uint32_t last = interp::InterpolateInnerTableRunEnd(tables, count, i, r_.innerTaps);
            const uint32_t rows = tables[i].tapShift != 0 ? 1u : (last + 1 - i) * r_.innerTaps;
            if (span.head > 0) LoadTableColumns(blob, tables[i], rows, 0, span.head);
            if (span.tail < span.repeat) LoadTableColumns(blob, tables[i], rows, span.tail, span.repeat);
            if (tables[i].tapShift != 0) LoadUnderivedColumns(blob, tables[i], span.repeat);
            i = last + 1;
        }
        LoadRowsHelpers(blob, r_.identityAt);
        ai::Sync<HardEvent::MTE2_V>();
        if (r_.innerComputedEnd > r_.innerComputedStart) ComputeInnerRun(blob);
        LocalTensor<int32_t> words = blob.template ReinterpretCast<int32_t>();
        for (uint32_t i = 0; i < count; ++i) {
            const uint32_t eb = tables[i].entryBytes;  // words = entries * eb / 4
            for (uint32_t j = 0; j < r_.innerTaps; ++j) {
                const uint32_t row = (tables[i].at + j * tables[i].rowBytes) / 4;
                if (j > 0 && tables[i].tapShift != 0) {  // row 0's run, j taps on
                    const uint32_t row0 = tables[i].at / 4;
                    Adds(words[row + r_.innerDerivedStart], words[row0 + r_.innerDerivedStart],
                         static_cast<int32_t>(j * tables[i].tapShift),
                         static_cast<int32_t>(r_.innerDerivedEnd - r_.innerDerivedStart));
                } else if (r_.innerPeriod > 0) {
                    RepeatRun(words, row + r_.innerPeriodStart * eb / 4, r_.innerPeriod * eb / 4,
                              (r_.innerPeriodEnd - r_.innerPeriodStart) * eb / 4, tables[i].periodShift);
                }
                if (r_.outerBatch > 1) {
                    RepeatRun(words, row, span.repeat * eb / 4, r_.outerBatch * span.repeat * eb / 4,
                              tables[i].repeatShift);
                }
            }
        }
    }

    // Computed inner taps (RowsPassTiling innerComputedStart / End): the run of every offset and
    // weight row from interp::ComputeInnerTaps, chunk by chunk (interp::InterpolateComputedScratchOf).
    __aicore__ inline void ComputeInnerRun(const LocalTensor<uint32_t>& blob)
    {
        const interp::InterpolateComputedScratch scratch = interp::InterpolateComputedScratchOf(ub_);
        const uint32_t chunk = scratch.chunk;
        const uint32_t pad = r_.innerOutPad;
        interp::InterpolateInnerTable tables[interp::kInterpolateMaxInnerTables];
        const uint32_t count = interp::InterpolateInnerTables(c_, r_, tables);  // offsets, weights, masks
        const LocalTensor<float> gat = scratch.inSlots ? slotBuf_.template Get<float>() : gatBuf_.template Get<float>();
        const LocalTensor<int32_t> offsets = blob.template ReinterpretCast<int32_t>();
        // weights (WEIGHTED; a copy's computed run has offsets only)
        const LocalTensor<float> weights = blob[(WEIGHTED ? tables[1].at : 0u) / 4].template ReinterpretCast<float>();
        for (uint32_t e = r_.innerComputedStart; e < r_.innerComputedEnd; e += chunk) {
            const uint32_t left = r_.innerComputedEnd - e;
            const UbTapOps v{static_cast<int32_t>(left < chunk ? left : chunk)};
            LocalTensor<float> s[interp::kComputedTapScratch];
            LocalTensor<int32_t> o[interp::kMaxComputedTaps];
            LocalTensor<float> w[interp::kMaxComputedTaps];
            for (uint32_t i = 0; i < interp::kComputedTapScratch; ++i) s[i] = gat[i * chunk];
            for (uint32_t j = 0; j < r_.innerTaps && j < interp::kMaxComputedTaps; ++j) {
                o[j] = offsets[j * pad + e];
                w[j] = weights[j * pad + e];
            }
            interp::ComputeInnerTaps(v, r_.innerRecipe, e, s, o, w);
            if (WEIGHTED && count > 2) {  // padding masks: no padding tap in the run
                const LocalTensor<int32_t> masks = offsets[tables[2].at / 4];
                for (uint32_t j = 0; j < r_.innerTaps; ++j) Duplicate(masks[j * pad + e], 1, v.n);
            }
        }
    }

    // Rows 1.. of a table with derived offsets, outside the derived run (the run is row 0's plus the
    // tap shift, built after row 0).
    __aicore__ inline void LoadUnderivedColumns(const LocalTensor<uint32_t>& blob, const interp::InterpolateInnerTable& t,
                                                uint32_t repeat)
    {
        interp::InterpolateInnerTable rest = t;
        rest.at += t.rowBytes;
        const uint32_t rows = r_.innerTaps - 1;
        if (r_.innerDerivedStart > 0) LoadTableColumns(blob, rest, rows, 0, r_.innerDerivedStart);
        if (r_.innerDerivedEnd < repeat) LoadTableColumns(blob, rest, rows, r_.innerDerivedEnd, repeat);
    }

    // Entries [e0, e1) of `rows` rows from table t on in one DMA (32 B multiples, interp's spans).
    __aicore__ inline void LoadTableColumns(const LocalTensor<uint32_t>& blob, const interp::InterpolateInnerTable& t,
                                            uint32_t rows, uint32_t e0, uint32_t e1)
    {
        const uint32_t bytes = (e1 - e0) * t.entryBytes;
        const uint16_t gap = static_cast<uint16_t>((t.rowBytes - bytes) / 32);
        DataCopyParams p(static_cast<uint16_t>(rows), static_cast<uint16_t>(bytes / 32), gap, gap);
        const uint32_t at = (t.at + e0 * t.entryBytes) / 4;
        DataCopy(blob[at], blobGm_[at], p);
    }

    // Words [at + unit, at + total) from the `unit` words at `at`, each copy `shift` above the one
    // before it.
    __aicore__ inline void RepeatRun(const LocalTensor<int32_t>& words, uint32_t at, uint32_t unit, uint32_t total,
                                     uint32_t shift)
    {
        for (uint32_t have = unit; have < total; have *= 2) {
            const uint32_t n = (total - have) < have ? total - have : have;
            Adds(words[at + have], words[at], static_cast<int32_t>(have / unit * shift), static_cast<int32_t>(n));
        }
    }

    __aicore__ inline void SyncCores() { sync_.Meet(); }

    __aicore__ inline void Process()
    {
        if (r_.planeTaps > 0) {
            ProcessPlanes();
            return;
        }
        const uint64_t r0 = r0_, r1 = r1_;
        rowEnd_ = r1;
        if (r_.bands <= 1) {
            bandStart_ = 0;
            bandLen_ = r_.outerBatch > 1 ? r_.innerOutPad : r_.innerOut;  // B rows: every lane
            if (r_.compactOut) {
                if (r_.outerBatch > 1) {
                    ProcessCompactBatched(r0, r1);
                } else {
                    ProcessCompact(r0, r1);
                }
                return;
            }
            for (uint64_t r = r0; r < r1;) {
                uint64_t n = (r1 - r < r_.outRowsPerDma) ? r1 - r : r_.outRowsPerDma;
                if (r_.outerBatch > 1) {  // one DMA group stays inside one group of B blocks
                    const uint64_t left = r_.rowOutLen - r % r_.rowOutLen;
                    if (n > left) n = left;
                }
                LocalTensor<TOut> out = outQue_.AllocTensor<TOut>();
                for (uint64_t i = 0; i < n; ++i) ComputeRow(r + i, out[static_cast<uint32_t>(i * r_.outRowStride)]);
                outQue_.EnQue(out);
                CopyOut(r, static_cast<uint32_t>(n));
                r += n;
            }
            return;
        }
        // Column bands: band-major, so cached rows are reused within a band.
        uint64_t written = 0;  // end of the previous band's columns
        for (uint32_t band = band0_; band < band1_; ++band) {
            SelectBand(band);
            if (band > band0_ && bandStart_ < written) {
                // 310P: a full last band ending at the row end overlaps the previous band of the same
                // rows (this core's own bytes, same values)
                PipeBarrier<PIPE_MTE3>();
            }
            written = bandStart_ + bandLen_;
            for (uint32_t i = 0; i < r_.slots; ++i) slotRow_[i] = UINT64_MAX;
            nextSlot_ = 0;
            for (uint64_t r = r0; r < r1; ++r) {
                LocalTensor<TOut> out = outQue_.AllocTensor<TOut>();
                ComputeRow(r, out);
                outQue_.EnQue(out);
                CopyOutBand(r);
            }
        }
    }

private:
    // ---- plane axis: units of chunkRows output rows of one output plane -------------------------
    // Units are ordered (planeOuter, planeMid, row chunk, output plane): a core sweeps the output
    // planes of a chunk, and the plane chunks it combines stay in the FIFO of planeSlots slots
    // (the plane taps are monotone, so a chunk an output plane still needs is never the oldest).
    __aicore__ inline void ProcessPlanes()
    {
        bandStart_ = 0;
        bandLen_ = r_.innerOut;
        for (uint32_t i = 0; i < kMaxPlaneSlots; ++i) planeKey_[i] = UINT64_MAX;
        const uint64_t planesOut = r_.planeOutLen, chunks = r_.rowChunks, mid = r_.planeMid;
        for (uint64_t u = r0_; u < r1_; ++u) {
            const uint64_t plane = u % planesOut;
            const uint64_t chunk = u / planesOut % chunks;
            const uint64_t block = u / planesOut / chunks;  // planeOuter * planeMid + planeMid index
            const uint64_t row0 = chunk * r_.chunkRows;
            const uint64_t left = r_.rowOutLen - row0;
            const uint32_t rows = static_cast<uint32_t>(left < r_.chunkRows ? left : r_.chunkRows);
            const uint64_t outBlock = ((block / mid) * planesOut + plane) * mid + block % mid;
            LocalTensor<TOut> out = outQue_.AllocTensor<TOut>();
            if (WEIGHTED && r_.planeCombineFirst) {
                RowsOfCombinedPlanes(outBlock, row0, rows, out);
            } else {
                CombinePlanes(block, chunk, plane, rows, out);
            }
            outQue_.EnQue(out);
            CopyOutPlaneRows(outBlock * r_.rowOutLen + row0, rows);
        }
    }

    // Output rows [chunk * chunkRows, + rows) of output plane `plane`: the weighted sum of the plane
    // chunks of its plane taps (WEIGHTED), or the one plane chunk it copies (COPY; zeros in the
    // padding), narrowed into `out`.  Rows are innerOutPad apart everywhere (plane slots, the sum,
    // `out`), so every step is one instruction over the whole chunk.
    __aicore__ inline void CombinePlanes(uint64_t block, uint64_t chunk, uint64_t plane, uint32_t rows,
                                         const LocalTensor<TOut>& out)
    {
        LocalTensor<uint64_t> taps = blobBuf_.Get<uint32_t>()[r_.planeTabAt / 4].template ReinterpretCast<uint64_t>();
        const uint32_t span = rows * r_.innerOutPad;
        if constexpr (WEIGHTED) {
            const LocalTensor<float> acc = PlaneChunkSum(out);
            bool first = true;
            for (uint32_t k = 0; k < r_.planeTaps; ++k) {
                const uint64_t tap = taps.GetValue(static_cast<uint32_t>(plane * r_.planeTaps + k));
                if ((tap >> 32) == 0) break;  // padding taps are ordered last and read 0
                LocalTensor<float> part = PlaneChunk(block, chunk, tap & 0xFFFFFFFFull, rows);
                if (first) {
                    Muls(acc, part, TapWeight(tap), static_cast<int32_t>(span));
                    first = false;
                } else {
                    Axpy(acc, part, TapWeight(tap), static_cast<int32_t>(span));
                }
            }
            if (first) Duplicate(acc, 0.0f, static_cast<int32_t>(span));
            NarrowPlaneChunk(out, acc, rows);
        } else {
            const uint64_t tap = taps.GetValue(static_cast<uint32_t>(plane));
            if ((tap >> 32) == 0) {  // padding plane: zeros (bit pattern 0 for every dtype)
                LocalTensor<uint16_t> z = out.template ReinterpretCast<uint16_t>();
                const uint32_t bytes = (r_.compactOut ? PackedChunkElems(rows) : span) * static_cast<uint32_t>(sizeof(TOut));
                Duplicate(z, static_cast<uint16_t>(0), static_cast<int32_t>((bytes + 1) / 2));
                return;
            }
            LocalTensor<TC> src = PlaneChunk(block, chunk, tap & 0xFFFFFFFFull, rows);
            if (r_.compactOut) {
                PackPlaneChunk(out, src, rows);
            } else if constexpr (IsOneByte<TIn>()) {
                Cast(out, src, RoundMode::CAST_NONE, span);  // small integers held exactly in half
            } else {
                using TI = typename MaskView<TOut>::Type;  // a bit-exact move
                Muls(out.template ReinterpretCast<TI>(), src.template ReinterpretCast<TI>(), static_cast<TI>(1),
                     static_cast<int32_t>(span));
            }
        }
    }

    // planeCombineFirst: output rows [row0, + rows) of output plane block `outBlock`, computed as
    // ordinary rows of this pass whose input rows are the plane taps' rows combined
    // (CombinePlaneRows, through LoadRows), narrowed into `out` as CombinePlanes narrows its sum.
    __aicore__ inline void RowsOfCombinedPlanes(uint64_t outBlock, uint64_t row0, uint32_t rows,
                                                const LocalTensor<TOut>& out)
    {
        if constexpr (WEIGHTED) {
            const LocalTensor<float> acc = PlaneChunkSum(out);
            LimitReadsTo(outBlock, row0 + rows - 1);
            for (uint32_t i = 0; i < rows; ++i) PlaneRow(outBlock, row0 + i, acc[i * r_.innerOutPad]);
            NarrowPlaneChunk(out, acc, rows);
        }
    }

    // WEIGHTED plane passes: where a unit's float chunk is summed -- in place in a float output
    // (packing needs the rows apart), else in the plane accumulator.
    __aicore__ inline LocalTensor<float> PlaneChunkSum(const LocalTensor<TOut>& out)
    {
        if constexpr (IsSame<TOut, float>::value) {
            if (!r_.compactOut) return out;
        }
        return planeAccBuf_.Get<float>();
    }

    // The unit's float chunk of `rows` rows (innerOutPad apart) narrowed into `out`, packed on 310P.
    __aicore__ inline void NarrowPlaneChunk(const LocalTensor<TOut>& out, const LocalTensor<float>& acc, uint32_t rows)
    {
        if (r_.compactOut) {
            PackPlaneChunk(out, acc, rows);
        } else {
            NarrowTo(out, acc, rows * r_.innerOutPad, c_.socFlags, outHalfBuf_);
        }
    }

    // planeCombineFirst (910B: every read lands at element 0): input rows src .. src + n - 1 of
    // output plane block b (g = b * rowInLen + src) as the weighted sum, in tap order, of those rows
    // of each of the output plane's plane taps (one DMA each, widened; zero weights computed, padding
    // taps ordered last and skipped: they read 0), float from element 0.
    __aicore__ inline LocalTensor<float> CombinePlaneRows(uint64_t g, uint32_t n)
    {
        const uint64_t mid = r_.planeMid;
        const uint64_t b = g / r_.rowInLen, src = g - b * r_.rowInLen;
        const uint64_t m = b % mid, plane = b / mid % r_.planeOutLen, outer = b / mid / r_.planeOutLen;
        LocalTensor<uint64_t> taps = blobBuf_.Get<uint32_t>()[r_.planeTabAt / 4].template ReinterpretCast<uint64_t>();
        LocalTensor<float> acc = planeRowsBuf_.Get<float>();
        const uint64_t len = uint64_t(n) * r_.innerIn;
        const int32_t cnt = static_cast<int32_t>(len);
        bool first = true;
        for (uint32_t k = 0; k < r_.planeTaps; ++k) {
            const uint64_t tap = taps.GetValue(static_cast<uint32_t>(plane * r_.planeTaps + k));
            if ((tap >> 32) == 0) break;
            const uint64_t inBlock = (outer * r_.planeInLen + (tap & 0xFFFFFFFFull)) * mid + m;
            LocalTensor<TIn> raw = rawQue_.AllocTensor<TIn>();
            uint64_t shift = 0, loaded = 0;
            LoadRange(raw, inGm_, c_.inElems, (inBlock * r_.rowInLen + src) * r_.innerIn, len, &shift, &loaded);
            rawQue_.EnQue(raw);
            raw = rawQue_.DeQue<TIn>();
            const LocalTensor<TC> wide = Widen(raw, static_cast<uint32_t>(loaded));
            if (first) {
                Muls(acc, wide, TapWeight(tap), cnt);
                first = false;
            } else {
                Axpy(acc, wide, TapWeight(tap), cnt);
            }
            rawQue_.FreeTensor(raw);
        }
        if (first) Duplicate(acc, 0.0f, cnt);
        return acc;
    }

    // 310P packed chunks (compactOut): elements of a chunk of `rows` rows in whole 32 B blocks.
    __aicore__ inline uint32_t WholeBlockElems(uint32_t rows)
    {
        constexpr uint32_t blk = 32 / sizeof(TOut);
        return rows * static_cast<uint32_t>(r_.innerOut) / blk * blk;
    }

    // The packed run of a chunk: its whole blocks, then (if the chunk ends inside a block) its last
    // 32 B again, block-aligned.
    __aicore__ inline uint32_t PackedChunkElems(uint32_t rows)
    {
        const uint32_t n = rows * static_cast<uint32_t>(r_.innerOut);
        const uint32_t whole = WholeBlockElems(rows);
        return whole == n ? n : whole + 32 / static_cast<uint32_t>(sizeof(TOut));
    }

    // `rows` rows innerOutPad apart in `stage` -> the packed run in `out` (narrowed): one Gather for
    // the whole blocks, one for the tail block (the host's tail table of a full or the last chunk).
    __aicore__ inline void PackPlaneChunk(const LocalTensor<TOut>& out, const LocalTensor<TC>& stage, uint32_t rows)
    {
        LocalTensor<uint32_t> blob = blobBuf_.Get<uint32_t>();
        const uint32_t whole = WholeBlockElems(rows);
        PackInto(out, stage, blob[r_.compactAt / 4], whole);
        if (whole == rows * r_.innerOut) return;
        const uint32_t tailAt = interp::InterpolatePlaneTailAt(r_.compactAt, r_.chunkRows, r_.innerOut) +
                                (rows == r_.chunkRows ? 0u : interp::kInterpolatePlaneTailEntries * 4u);
        PackInto(out[whole], stage, blob[tailAt / 4], 32 / static_cast<uint32_t>(sizeof(TOut)));
    }

    // Rows [row, row + rows) of the output, innerOutPad elements apart in `out` (packed on 310P when
    // rows are not 32 B multiples): one DMA (packed: and the tail block over the unit's own bytes).
    __aicore__ inline void CopyOutPlaneRows(uint64_t row, uint32_t rows)
    {
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        const uint64_t n = r_.innerOut;
        const uint32_t rowBytes = static_cast<uint32_t>(n * sizeof(TOut));
        const uint32_t ubRowBytes = r_.innerOutPad * static_cast<uint32_t>(sizeof(TOut));
        if (!kPad && r_.compactOut) {
            const uint32_t total = rows * static_cast<uint32_t>(n);
            const uint32_t whole = WholeBlockElems(rows);
            DataCopy(outGm_[row * n], out, whole);
            if (whole != total) {
                constexpr uint32_t blk = 32 / sizeof(TOut);
                PipeBarrier<PIPE_MTE3>();  // the tail block re-writes this unit's last whole block
                DataCopy(outGm_[row * n + total - blk], out[whole], blk);
            }
        } else if constexpr (kPad) {
            // UB rows innerOutPad apart, GM rows contiguous; the gap counts whole 32 B blocks after
            // each row's padded length
            const uint32_t gap = (ubRowBytes - interp::InterpolateRound32(rowBytes)) / 32;
            DataCopyExtParams p(static_cast<uint16_t>(rows), rowBytes, gap, 0, 0);
            DataCopyPad(outGm_[row * n], out, p);
        } else {
            // 310P: the planner keeps these rows 32 B multiples
            DataCopyParams p(static_cast<uint16_t>(rows), static_cast<uint16_t>(rowBytes / 32),
                             static_cast<uint16_t>((ubRowBytes - rowBytes) / 32), 0);
            DataCopy(outGm_[row * n], out, p);
        }
        outQue_.FreeTensor(out);
    }

    // The slot holding rows [chunk * chunkRows, + rows) of input plane `src` of `block`, computing them
    // (ordinary rows of this pass: row taps over cached input rows, inner transform) on a miss.
    __aicore__ inline LocalTensor<TC> PlaneChunk(uint64_t block, uint64_t chunk, uint64_t src, uint32_t rows)
    {
        const uint64_t key = (block * r_.rowChunks + chunk) * r_.planeInLen + src;
        for (uint32_t s = 0; s < r_.planeSlots; ++s) {
            if (planeKey_[s] == key) return planeBuf_.Get<TC>()[s * planeStride_];
        }
        const uint32_t s = nextPlane_;
        nextPlane_ = (nextPlane_ + 1 == r_.planeSlots) ? 0 : nextPlane_ + 1;
        planeKey_[s] = key;
        LocalTensor<TC> dst = planeBuf_.Get<TC>()[s * planeStride_];
        const uint64_t mid = r_.planeMid;
        const uint64_t inBlock = ((block / mid) * r_.planeInLen + src) * mid + block % mid;
        const uint64_t row0 = chunk * r_.chunkRows;
        LimitReadsTo(inBlock, row0 + rows - 1);
        for (uint32_t i = 0; i < rows; ++i) PlaneRow(inBlock, row0 + i, dst[i * r_.innerOutPad]);
        return dst;
    }

    // Input rows of `block` are read ahead no further than the last row output row `o` needs.
    __aicore__ inline void LimitReadsTo(uint64_t block, uint64_t o)
    {
        LocalTensor<uint64_t> rowTab = rowBuf_.Get<uint64_t>();
        const uint32_t k = WEIGHTED ? r_.rowTaps : 1u;
        limitBlock_ = block;
        limitSrc_ = 0;
        for (uint32_t j = 0; j < k; ++j) {
            const uint64_t v = LastSourceOf(rowTab.GetValue(static_cast<uint32_t>(o * k + j - rowBase_)));
            if (v > limitSrc_) limitSrc_ = v;
        }
    }

    // Output row o of the rows of input block `block` (row taps and inner transform), not narrowed.
    __aicore__ inline void PlaneRow(uint64_t block, uint64_t o, const LocalTensor<TC>& dst)
    {
        if constexpr (WEIGHTED) {
            if (r_.innerAfter) {
                LocalTensor<float> acc = accBuf_.Get<float>();
                CombineRows(acc, block, o, static_cast<int32_t>(r_.innerIn));
                InnerTransform(dst, acc, 0, static_cast<int32_t>(r_.innerOut));
            } else {
                CombineRows(dst, block, o, static_cast<int32_t>(r_.innerOut));
            }
        } else {
            ComputeRowInto(block * r_.rowOutLen + o, dst);
        }
    }

    // Band `band`'s columns and input span (the host's band table), and its inner tables.
    __aicore__ inline void SelectBand(uint32_t band)
    {
        LocalTensor<uint32_t> span = blobBuf_.Get<uint32_t>()[r_.bandSpanAt / 4 + 4 * band];
        bandStart_ = span.GetValue(0);
        bandLen_ = span.GetValue(1);
        bandSrcLo_ = span.GetValue(2);
        bandSrcLen_ = span.GetValue(3);
        if (r_.bandTableBytes == 0 || band == tablesBand_) return;
        const uint64_t at = band == 0 ? 0 : r_.bandTablesAt + uint64_t(band - 1) * r_.bandTableBytes;
        ai::Sync<HardEvent::V_MTE2>();  // the previous band's transforms have read its tables
        DataCopy(blobBuf_.Get<uint32_t>(), blobGm_[at / 4], r_.bandTableBytes / 4);
        ai::Sync<HardEvent::MTE2_V>();
        tablesBand_ = band;
    }

    // 310P, rows that are not 32 B multiples: groups of G consecutive rows (contiguous in GM, at
    // least 32 B) are computed into 32-element aligned staging rows and packed by one Gather into
    // their whole 32 B blocks and, when the run ends inside a block, its last 32 B again
    // (interp::InterpolatePackedGroupElems); the whole blocks are one DMA, the tail block a second
    // over the group's own last bytes.  A core's last group is a full group ending at its last row
    // (its own rows, recomputed with the same values), so no DMA reaches another core's bytes.  A
    // whole output smaller than 32 B is one group on one core, stored through the data cache.
    __aicore__ inline void ProcessCompact(uint64_t r0, uint64_t r1)
    {
        constexpr uint32_t blk = 32 / sizeof(TOut);
        const uint64_t g = r_.outRowsPerDma;
        const uint32_t run = static_cast<uint32_t>(g * r_.innerOut);
        const uint32_t packed = static_cast<uint32_t>(interp::InterpolatePackedGroupElems(c_, r_));
        const uint32_t whole = run / blk * blk;
        for (uint64_t r = r0; r < r1; r += g) {
            if (r1 - r < g) {
                r = r1 - g;
                PipeBarrier<PIPE_MTE3>();  // overlaps this core's previous write
            }
            LocalTensor<TC> stage = stageBuf_.Get<TC>();
            for (uint64_t i = 0; i < g; ++i) ComputeRowInto(r + i, stage[static_cast<uint32_t>(i * r_.innerOutPad)]);
            LocalTensor<TOut> out = outQue_.AllocTensor<TOut>();
            PackInto(out, stage, blobBuf_.Get<uint32_t>()[r_.compactAt / 4], packed);
            outQue_.EnQue(out);
            out = outQue_.DeQue<TOut>();
            if (whole == 0) {  // the whole output, smaller than 32 B (one core, one group)
                StoreThroughDataCache(outGm_, out, run);
                outQue_.FreeTensor(out);
                return;
            }
            DataCopy(outGm_[r * r_.innerOut], out, whole);
            if (packed != whole) {
                PipeBarrier<PIPE_MTE3>();  // the tail block re-writes the group's last whole block
                DataCopy(outGm_[r * r_.innerOut + run - blk], out[whole], blk);
            }
            outQue_.FreeTensor(out);
        }
    }

    // Batched packed rows (interp::InterpolateBatchedLanePitch): groups of up to outRowsPerDma output
    // rows of one group of B blocks are computed into the staging rows (B lanes each) and packed per
    // block into its lane run.  With DataCopyPad the B lane runs are one DMA (WritePackedLanes).
    // 310P packs each lane's tail block too (the last 32 B of its rows) and writes per block: the
    // whole 32 B blocks, then the tail block over the block's own last bytes.  Every DMA stays inside
    // the block's rows of this core's units.  Rows shorter than 32 B (interp::InterpolateShortPackedLanes):
    // cores hold whole block groups, and a group too short for its tail block ends at the block's end
    // with the tail block's rows instead.
    __aicore__ inline void ProcessCompactBatched(uint64_t r0, uint64_t r1)
    {
        const uint32_t pitch = static_cast<uint32_t>(interp::InterpolateBatchedLanePitch(c_, r_));
        LocalTensor<uint32_t> blob = blobBuf_.Get<uint32_t>();
        const uint64_t tailRows = interp::InterpolateTailRows(r_.innerOut, sizeof(TOut));
        for (uint64_t next = r0; next < r1;) {
            uint64_t n = (r1 - next < r_.outRowsPerDma) ? r1 - next : r_.outRowsPerDma;
            const uint64_t left = r_.rowOutLen - next % r_.rowOutLen;  // one group stays inside one block group
            if (n > left) n = left;
            uint64_t r = next;
            next += n;
            if (!kPad && n < tailRows) {  // short lanes: end at the block's end with the tail block's rows
                r = next - tailRows;
                n = tailRows;
                PipeBarrier<PIPE_MTE3>();  // this group re-writes rows of the previous one
            }
            LocalTensor<TC> stage = stageBuf_.Get<TC>();
            for (uint64_t i = 0; i < n; ++i) ComputeRowInto(r + i, stage[static_cast<uint32_t>(i * r_.innerOutPad)]);
            LocalTensor<TOut> out = outQue_.AllocTensor<TOut>();
            PackInto(out, stage, blob[r_.compactAt / 4], r_.outerBatch * pitch, 0);
            const uint32_t run = static_cast<uint32_t>(n * r_.innerOut);
            if constexpr (kPad) {
                outQue_.EnQue(out);
                WritePackedLanes(r, run, pitch);
            } else {
                const uint32_t tailRow = static_cast<uint32_t>((n - tailRows) * r_.innerOutPad * sizeof(TC));
                WritePackedLanesWithTails(out, stage, tailRow, r, run, pitch);
            }
        }
    }

    // GM element offset of output row r of a group of B blocks in block 0 (block b: b * rowOutLen *
    // innerOut further on).
    __aicore__ inline uint64_t BatchedRowAt(uint64_t r) const
    {
        const uint64_t bg = r / r_.rowOutLen, o = r - bg * r_.rowOutLen;
        return (bg * r_.outerBatch * r_.rowOutLen + o) * r_.innerOut;
    }

    // The B packed lane runs of output rows [r, r + run / innerOut) (UB: lane b at b * pitch
    // elements), each block's rows contiguous in GM: one DataCopyPad, a block per lane.
    __aicore__ inline void WritePackedLanes(uint64_t r, uint32_t run, uint32_t pitch)
    {
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        const uint32_t runBytes = run * static_cast<uint32_t>(sizeof(TOut));
        const uint32_t ubGapBlocks = (pitch * static_cast<uint32_t>(sizeof(TOut)) - interp::InterpolateRound32(runBytes)) / 32;
        const uint32_t gmGap = static_cast<uint32_t>((r_.rowOutLen * r_.innerOut - run) * sizeof(TOut));
        if constexpr (kPad) {
            DataCopyExtParams p(static_cast<uint16_t>(r_.outerBatch), runBytes, ubGapBlocks, gmGap, 0);
            DataCopyPad(outGm_[BatchedRowAt(r)], out, p);
        }
        outQue_.FreeTensor(out);
    }

    // 310P: the lane runs of `out` (packed; `stage` the group's staging rows, the first row of its tail
    // block at byte `tailRow`) per block as whole 32 B blocks, then (rows ending inside a block) each
    // lane's tail block, packed after the lanes, over the block's own last bytes.
    __aicore__ inline void WritePackedLanesWithTails(LocalTensor<TOut>& out, const LocalTensor<TC>& stage,
                                                     uint32_t tailRow, uint64_t r, uint32_t run, uint32_t pitch)
    {
        constexpr uint32_t blk = 32 / sizeof(TOut);
        const uint32_t lanes = r_.outerBatch * pitch;
        const uint32_t whole = run / blk * blk;
        if (whole != run) {
            LocalTensor<uint32_t> blob = blobBuf_.Get<uint32_t>();
            PackInto(out[lanes], stage, blob[interp::InterpolateBatchedTailAt(c_, r_) / 4], r_.outerBatch * blk, tailRow);
        }
        outQue_.EnQue(out);
        out = outQue_.DeQue<TOut>();
        const uint64_t at = BatchedRowAt(r);
        const uint64_t stride = r_.rowOutLen * r_.innerOut;
        const bool oneDma = interp::InterpolateBatchBlocksOneDma(stride, sizeof(TOut), r_.outerBatch);
        if (oneDma) {  // the B lanes' whole blocks, each lane to its block
            DataCopyParams p(static_cast<uint16_t>(r_.outerBatch), static_cast<uint16_t>(whole / blk),
                             static_cast<uint16_t>((pitch - whole) / blk), static_cast<uint16_t>((stride - whole) / blk));
            DataCopy(outGm_[at], out, p);
        } else {
            for (uint32_t b = 0; b < r_.outerBatch; ++b) DataCopy(outGm_[at + b * stride], out[b * pitch], whole);
        }
        if (whole != run) {
            PipeBarrier<PIPE_MTE3>();  // each tail block re-writes its block's last whole block
            if (oneDma) {  // the B tail blocks, contiguous in the UB
                DataCopyParams p(static_cast<uint16_t>(r_.outerBatch), 1, 0, static_cast<uint16_t>(stride / blk - 1));
                DataCopy(outGm_[at + run - blk], out[lanes], p);
            } else {
                for (uint32_t b = 0; b < r_.outerBatch; ++b) {
                    DataCopy(outGm_[at + b * stride + run - blk], out[lanes + b * blk], blk);
                }
            }
        }
        outQue_.FreeTensor(out);
    }

    // `count` elements of `stage` at the byte offsets of `table` (from `base` bytes on), packed into
    // `out` in the output dtype (WEIGHTED narrowed through packBuf_; 1-byte COPY gathered as half,
    // then cast back).
    __aicore__ inline void PackInto(const LocalTensor<TOut>& out, const LocalTensor<TC>& stage,
                                    const LocalTensor<uint32_t>& table, uint32_t count, uint32_t base = 0)
    {
        if constexpr (WEIGHTED) {
            if constexpr (IsSame<TOut, float>::value) {
                Gather(out, stage, table, base, count);
            } else {
                LocalTensor<float> packed = packBuf_.Get<float>();
                Gather(packed, stage, table, base, count);
                NarrowTo(out, packed, count, c_.socFlags, outHalfBuf_);
            }
        } else if constexpr (IsOneByte<TIn>()) {
            LocalTensor<half> packed = packBuf_.Get<half>();
            Gather(packed, stage, table, base, count);
            Cast(out, packed, RoundMode::CAST_NONE, count);
        } else {
            Gather(out.template ReinterpretCast<TC>(), stage, table, base, count);
        }
    }

    // One output row in the compute type (float / native copy), not narrowed.
    __aicore__ inline void ComputeRowInto(uint64_t r, const LocalTensor<TC>& dst)
    {
        const uint64_t b = r / r_.rowOutLen;
        const uint64_t o = r - b * r_.rowOutLen;
        const int32_t n = static_cast<int32_t>(bandLen_);
        LocalTensor<uint64_t> rowTab = rowBuf_.Get<uint64_t>();
        if constexpr (WEIGHTED) {
            CombineRows(dst, b, o, n);
        } else {
            const uint64_t tap = rowTab.GetValue(static_cast<uint32_t>(o - rowBase_));
            using TI = typename MaskView<TC>::Type;
            LocalTensor<TI> d = dst.template ReinterpretCast<TI>();
            if (TapWeight(tap) == 0.0f) {
                Duplicate(d, static_cast<TI>(0), n);
            } else {
                LocalTensor<TC> slot = RowSlot(b, tap & 0xFFFFFFFFull);
                Muls(d, slot.template ReinterpretCast<TI>(), static_cast<TI>(1), n);  // bit-exact move
            }
        }
    }

    __aicore__ inline LocalTensor<TC> Slot(uint32_t s) { return slotBuf_.Get<TC>()[s * slotStride_]; }

    // WEIGHTED: acc = sum over the row taps of output row o (block b) of w * slot, n elements.
    // One 64-bit scalar read per entry: source row (low word) and weight bits (high word).
    //   +0.0f (bits 0): a padding tap; the host orders them last, so the row ends there.
    //   zeroRuns and high word 0x80000000 | len: `len` consecutive source rows of weight zero inside
    //   the input (they are computed: 0 * inf = NaN, as the reference), one read for the run.
    //   otherwise the float weight (-0.0f: a single zero-weight tap, computed).
    __aicore__ inline void CombineRows(const LocalTensor<float>& acc, uint64_t b, uint64_t o, int32_t n)
    {
        LocalTensor<uint64_t> rowTab = rowBuf_.Get<uint64_t>();
        bool first = true;
        for (uint32_t k = 0; k < r_.rowTaps; ++k) {
            const uint64_t tap = rowTab.GetValue(static_cast<uint32_t>(o * r_.rowTaps + k - rowBase_));
            const uint32_t hi = static_cast<uint32_t>(tap >> 32);
            if (hi == 0u) break;
            const uint64_t src = tap & 0xFFFFFFFFull;
            uint32_t len = 1;
            float w = TapWeight(tap);
            if (r_.zeroRuns && (hi & 0xFF800000u) == 0x80000000u) {
                len = hi & 0x7FFFFFu;
                w = -0.0f;
            }
            for (uint32_t i = 0; i < len; ++i) {
                LocalTensor<float> slot = RowSlot(b, src + i);
                if (first) {
                    Muls(acc, slot, w, n);
                    first = false;
                } else {
                    Axpy(acc, slot, w, n);
                }
            }
        }
        if (first) Duplicate(acc, 0.0f, n);
    }

    // The last input row a row-tap entry reads: its source, or the end of its run of zero-weight
    // rows (zeroRuns).  A row with rowTaps contributing entries has no filler entry repeating its
    // largest source, so the scans for a row's last source read through the runs.
    __aicore__ inline uint64_t LastSourceOf(uint64_t tap) const
    {
        const uint32_t hi = static_cast<uint32_t>(tap >> 32);
        const uint64_t src = tap & 0xFFFFFFFFull;
        const bool run = r_.zeroRuns && (hi & 0xFF800000u) == 0x80000000u && (hi & 0x7FFFFFu) > 0;
        return run ? src + (hi & 0x7FFFFFu) - 1 : src;
    }

    __aicore__ static inline float TapWeight(uint64_t tap)
    {
        union {
            uint32_t u;
            float f;
        } bits;
        bits.u = static_cast<uint32_t>(tap >> 32);
        return bits.f;
    }

    // The slot holding transformed input row g of block b (loading a run of rows on a miss).
    __aicore__ inline LocalTensor<TC> RowSlot(uint64_t b, uint64_t src)
    {
        const uint64_t g = b * r_.rowInLen + src;
        for (uint32_t s = 0; s < r_.slots; ++s) {
            if (slotRow_[s] == g) return Slot(s);
        }
        LocalTensor<uint32_t> run = runBuf_.Get<uint32_t>();
        uint64_t n = run.GetValue(static_cast<uint32_t>(src - runBase_));
        if (n > r_.inRowsPerDma) n = r_.inRowsPerDma;
        if (n < 1) n = 1;
        if (n > r_.rowInLen - src) n = r_.rowInLen - src;
        if (b != limitBlock_) {
            // The last input row this core needs in block b: that of its last output row there
            // (taps are monotone); never read ahead beyond it.
            const uint64_t blockEnd = (b + 1) * r_.rowOutLen - 1;
            const uint64_t lastRow = blockEnd < rowEnd_ - 1 ? blockEnd : rowEnd_ - 1;
            LimitReadsTo(b, lastRow - b * r_.rowOutLen);
        }
        if (src + n > limitSrc_ + 1) n = limitSrc_ + 1 > src ? limitSrc_ + 1 - src : 1;
        LoadRows(g, static_cast<uint32_t>(n));
        for (uint32_t s = 0; s < r_.slots; ++s) {
            if (slotRow_[s] == g) return Slot(s);
        }
        return Slot(0);  // not reached: LoadRows placed row g
    }

    // Reads input rows g .. g+n-1 with one DMA, then transforms each into a slot (FIFO eviction).
    __aicore__ inline void LoadRows(uint64_t g, uint32_t n)
    {
        if constexpr (WEIGHTED) {
            if (r_.planeCombineFirst) {
                TransformRows(g, n, CombinePlaneRows(g, n), 0);
                return;
            }
        }
        LocalTensor<TIn> raw = rawQue_.AllocTensor<TIn>();
        uint64_t shift = 0, loaded = 0;
        if (r_.outerBatch > 1) {
            // Source rows src .. src + n - 1 of B consecutive outer blocks: one strided DMA, the
            // blocks' runs rawPitch apart.
            const uint64_t bg = g / r_.rowInLen, src = g - bg * r_.rowInLen;
            const uint64_t at = (bg * r_.outerBatch * r_.rowInLen + src) * r_.innerIn;
            const uint64_t runBytes = uint64_t(n) * r_.innerIn * sizeof(TIn);
            const uint64_t gap = (r_.rowInLen - n) * r_.innerIn * sizeof(TIn);
            const uint64_t laneGap = (r_.rawPitch * sizeof(TIn) - interp::InterpolateRound32(runBytes)) / 32;  // UB blocks
            if constexpr (kPad) {
                DataCopyExtParams p(static_cast<uint16_t>(r_.outerBatch), static_cast<uint32_t>(runBytes),
                                    static_cast<uint32_t>(gap), static_cast<uint32_t>(laneGap), 0);
                DataCopyPadExtParams<TIn> pad(false, 0, 0, static_cast<TIn>(0));
                DataCopyPad(raw, inGm_[at], p, pad);
            } else if ((r_.innerIn * sizeof(TIn)) % 32 == 0) {
                DataCopyParams p(static_cast<uint16_t>(r_.outerBatch), static_cast<uint16_t>(runBytes / 32),
                                 static_cast<uint16_t>(gap / 32), static_cast<uint16_t>(laneGap));
                DataCopy(raw, inGm_[at], p);
            } else {
                shift = LoadBlockRowsEndingAtTheirEnds(raw, at, n);
            }
            loaded = uint64_t(r_.outerBatch) * r_.rawPitch;
        } else {
            if (r_.bands <= 1) {
                LoadRange(raw, inGm_, c_.inElems, g * r_.innerIn, n * r_.innerIn, &shift, &loaded);
            } else {  // bands: the band's input span of one row
                LoadRange(raw, inGm_, c_.inElems, g * r_.innerIn + bandSrcLo_, bandSrcLen_, &shift, &loaded);
            }
        }
        rawQue_.EnQue(raw);
        raw = rawQue_.DeQue<TIn>();
        TransformRows(g, n, Widen(raw, static_cast<uint32_t>(loaded)), shift);
        rawQue_.FreeTensor(raw);
    }

    // Input rows g .. g+n-1 (row i at element shift + i * innerIn of src, the compute type) into
    // slots (FIFO eviction): the inner transform, or the widened row kept (innerAfter).
    __aicore__ inline void TransformRows(uint64_t g, uint32_t n, const LocalTensor<TC>& src, uint64_t shift)
    {
        const int32_t cnt = static_cast<int32_t>(bandLen_);
        LocalTensor<uint32_t> blob = blobBuf_.Get<uint32_t>();
        for (uint32_t i = 0; i < n; ++i) {
            const uint32_t s = nextSlot_;
            nextSlot_ = (nextSlot_ + 1 == r_.slots) ? 0 : nextSlot_ + 1;
            slotRow_[s] = g + i;
            LocalTensor<TC> slot = Slot(s);
            // Row i of the run starts `shift + i * innerIn` elements into the buffer: any alignment
            // is fine for a gather source.
            const uint32_t base = static_cast<uint32_t>((shift + i * r_.innerIn) * sizeof(TC));
            if (WEIGHTED && r_.innerAfter) {
                // keep the widened row; the inner transform runs on the combined output row
                if (r_.outerBatch > 1) {  // the B rows as read (shift 0): a bit-exact move
                    using TI = typename MaskView<TC>::Type;
                    Muls(slot.template ReinterpretCast<TI>(), src.template ReinterpretCast<TI>(), static_cast<TI>(1),
                         static_cast<int32_t>(interp::InterpolateCombinedInElems(r_)));
                } else {
                    Gather(slot, src, blob[r_.identityAt / 4], base, static_cast<uint32_t>(r_.innerIn));
                }
                continue;
            }
            if constexpr (WEIGHTED) {
                if (!r_.innerIdentity) {
                    InnerTransform(slot, src, base, cnt);
                    continue;
                }
            }
            Gather(slot, src, blob, base, static_cast<uint32_t>(cnt));
            if (r_.innerIdentity) continue;  // a plain copy: no weights / mask to apply
            if constexpr (!WEIGHTED) {
                if (r_.innerMask) {
                    LocalTensor<TW> mask = blob[r_.innerWeightAt / 4].template ReinterpretCast<TW>();
                    LocalTensor<TW> v = slot.template ReinterpretCast<TW>();
                    Mul(v, v, mask, cnt);
                }
            }
        }
    }

    // 310P, input rows that are not 32 B multiples: the n rows from element `at` of each of B blocks
    // (rowInLen * innerIn elements apart) into its rawPitch lane, their whole 32 B blocks, which end
    // at the rows' end (the elements before them, under 32 B, are read along) -- except at the
    // tensor's start, where every lane reads on past its rows instead (under 32 B; the planner keeps
    // that inside the tensor).  One strided DataCopy when the blocks are whole 32 B blocks apart
    // (InterpolateBatchBlocksOneDma), else one each.  Returns the rows' offset in a lane.
    __aicore__ inline uint64_t LoadBlockRowsEndingAtTheirEnds(const LocalTensor<TIn>& raw, uint64_t at, uint32_t n)
    {
        constexpr uint64_t align = 32 / sizeof(TIn);
        const uint64_t elems = uint64_t(n) * r_.innerIn;
        const uint64_t count = (elems + align - 1) / align * align;
        const uint64_t shift = at >= count - elems ? count - elems : 0;
        const uint64_t stride = r_.rowInLen * r_.innerIn;
        if (interp::InterpolateBatchBlocksOneDma(stride, sizeof(TIn), r_.outerBatch)) {
            DataCopyParams p(static_cast<uint16_t>(r_.outerBatch), static_cast<uint16_t>(count / align),
                             static_cast<uint16_t>((stride - count) / align),
                             static_cast<uint16_t>((r_.rawPitch - count) / align));
            DataCopy(raw, inGm_[at - shift], p);
            return shift;
        }
        for (uint32_t b = 0; b < r_.outerBatch; ++b) {
            DataCopy(raw[b * r_.rawPitch], inGm_[at + b * stride - shift], static_cast<uint32_t>(count));
        }
        return shift;
    }

    // dst[m] = sum_j w[j][m] * src[off[j][m]] over the inner taps: the K offset and weight tables
    // are contiguous (stride innerOutPad), so all taps gather in one call and weigh in one Mul,
    // then FoldTaps sums them in ceil(log2 K) Adds.
    __aicore__ inline void InnerTransform(const LocalTensor<float>& dst, const LocalTensor<float>& src, uint32_t base,
                                          int32_t n)
    {
        const uint32_t p = r_.innerOutPad;
        const uint32_t k = r_.innerTaps;
        LocalTensor<uint32_t> blob = blobBuf_.Get<uint32_t>();
        LocalTensor<float> w = blob[r_.innerWeightAt / 4].template ReinterpretCast<float>();
        // Padding taps (useMask): the gathered clamped source is zeroed bit-exactly (int32 x 0/1).
        const uint32_t maskAt = (r_.innerWeightAt + interp::InterpolateRound32(uint64_t(k) * p * 4)) / 4;
        if (k == 1) {
            Gather(dst, src, blob, base, static_cast<uint32_t>(n));
            if (r_.innerMask) {
                LocalTensor<int32_t> v = dst.template ReinterpretCast<int32_t>();
                Mul(v, v, blob[maskAt].template ReinterpretCast<int32_t>(), n);
            }
            Mul(dst, dst, w, n);
            return;
        }
        LocalTensor<float> gat = gatBuf_.Get<float>();
        Gather(gat, src, blob, base, k * p);
        if (r_.innerMask) {
            LocalTensor<int32_t> v = gat.template ReinterpretCast<int32_t>();
            Mul(v, v, blob[maskAt].template ReinterpretCast<int32_t>(), static_cast<int32_t>(k * p));
        }
        Mul(gat, gat, w, static_cast<int32_t>(k * p));
        FoldTaps(dst, gat, k, p, n);
    }

    // dst = the sum of the k >= 2 rows of p elements in gat (n of them kept), pairwise: while more
    // than two are left, the last h = m / 2 rows are added onto the first h in one Add over h * p
    // elements, so the k - 1 additions take ceil(log2 k) instructions (15 antialias taps: 4, not 14).
    // Backward plans (innerTapsInOrder) add them in tap order, the order of every other pass.
    __aicore__ inline void FoldTaps(const LocalTensor<float>& dst, const LocalTensor<float>& gat, uint32_t k,
                                    uint32_t p, int32_t n)
    {
        if (r_.innerTapsInOrder) {
            Add(dst, gat, gat[p], n);
            for (uint32_t j = 2; j < k; ++j) Add(dst, dst, gat[j * p], n);
            return;
        }
        uint32_t m = k;
        while (m > 2) {
            const uint32_t h = m / 2;
            Add(gat, gat, gat[(m - h) * p], static_cast<int32_t>(h * p));
            m -= h;
        }
        Add(dst, gat, gat[p], n);
    }

    __aicore__ inline LocalTensor<TC> Widen(const LocalTensor<TIn>& raw, uint32_t count)
    {
        if constexpr (IsSame<TIn, TC>::value) {
            return raw;
        } else if constexpr (WEIGHTED && IsOneByte<TIn>()) {
            LocalTensor<half> h = rawHalfBuf_.Get<half>();
            LocalTensor<float> f = wideBuf_.Get<float>();
            Cast(h, raw, RoundMode::CAST_NONE, count);
            Cast(f, h, RoundMode::CAST_NONE, count);
            return f;
        } else {
            LocalTensor<TC> f = wideBuf_.Get<TC>();
            Cast(f, raw, RoundMode::CAST_NONE, count);
            return f;
        }
    }

    __aicore__ inline void ComputeRow(uint64_t r, const LocalTensor<TOut>& out)
    {
        const uint64_t b = r / r_.rowOutLen;
        const uint64_t o = r - b * r_.rowOutLen;
        const int32_t n = static_cast<int32_t>(bandLen_);
        LocalTensor<uint64_t> rowTab = rowBuf_.Get<uint64_t>();
        if constexpr (WEIGHTED) {
            LocalTensor<float> acc;
            const int32_t accN = r_.innerAfter ? static_cast<int32_t>(interp::InterpolateCombinedInElems(r_)) : n;
            if constexpr (IsSame<TOut, float>::value) {
                acc = r_.innerAfter ? accBuf_.Get<float>() : out;
            } else {
                acc = accBuf_.Get<float>();
            }
            CombineRows(acc, b, o, accN);
            if (r_.innerAfter) {
                // inner transform of the combined row: Gather + weight per inner tap
                LocalTensor<float> res;
                if constexpr (IsSame<TOut, float>::value) {
                    res = out;
                } else {
                    res = resBuf_.Get<float>();
                }
                InnerTransform(res, acc, 0, n);
                acc = res;
            }
            NarrowTo(out, acc, static_cast<uint32_t>(n), c_.socFlags, outHalfBuf_);
        } else {
            const uint64_t tap = rowTab.GetValue(static_cast<uint32_t>(o - rowBase_));  // one tap per row
            const float w = TapWeight(tap);
            const uint32_t bytes = interp::InterpolateRound32(uint64_t(n) * sizeof(TOut));
            if (w == 0.0f) {
                // padding row: zeros (bit pattern 0 for every dtype)
                LocalTensor<uint16_t> z = out.template ReinterpretCast<uint16_t>();
                Duplicate(z, static_cast<uint16_t>(0), static_cast<int32_t>(bytes / 2));
            } else {
                LocalTensor<TC> slot = RowSlot(b, tap & 0xFFFFFFFFull);
                if constexpr (IsOneByte<TIn>()) {
                    Cast(out, slot, RoundMode::CAST_NONE, static_cast<uint32_t>(n));
                } else {
                    // a bit-exact move on the vector unit (x * 1 in the integer view)
                    using TI = typename MaskView<TOut>::Type;
                    LocalTensor<TI> dst = out.template ReinterpretCast<TI>();
                    Muls(dst, slot.template ReinterpretCast<TI>(), static_cast<TI>(1), n);
                }
            }
        }
    }

    __aicore__ inline void CopyOut(uint64_t r, uint32_t rowsN)
    {
        if (r_.outerBatch > 1) {
            CopyOutBatched(r, rowsN);
            return;
        }
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        const uint64_t n = r_.innerOut;
        if ((n * sizeof(TOut)) % 32 == 0) {
            DataCopy(outGm_[r * n], out, static_cast<uint32_t>(rowsN * n));  // rows are contiguous in UB
        } else if constexpr (kPad) {
            // UB rows are 32 B padded, GM rows contiguous.
            DataCopyExtParams p(static_cast<uint16_t>(rowsN), static_cast<uint32_t>(n * sizeof(TOut)), 0, 0, 0);
            DataCopyPad(outGm_[r * n], out, p);
        } else {
            Trap();  // not reached: on 310P the planner picks ROWS only for 32 B-multiple rows
        }
        outQue_.FreeTensor(out);
    }

    // Output rows r .. r + rowsN - 1 of a group of B blocks (UB: row i's B lanes at i * B * batchStride
    // + b * batchStride): per row one strided DMA over the B blocks, or, when there are more rows than
    // blocks, per block one DMA over its rows (contiguous in GM).
    __aicore__ inline void CopyOutBatched(uint64_t r, uint32_t rowsN)
    {
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        const uint64_t at = BatchedRowAt(r);
        const uint64_t rowBytes = r_.innerOut * sizeof(TOut);
        const uint64_t laneBlocks = uint64_t(r_.batchStride) * sizeof(TOut) / 32;  // one lane in UB
        const uint64_t rowBlocks = (rowBytes + 31) / 32;
        const bool perBlock = rowsN > r_.outerBatch;
        const uint32_t dmas = perBlock ? r_.outerBatch : rowsN;
        const uint16_t count = static_cast<uint16_t>(perBlock ? rowsN : r_.outerBatch);
        // UB gap between the DMA's consecutive rows: the other B - 1 lanes (per block) or none (per row)
        const uint64_t ubGapBlocks = (perBlock ? r_.outerBatch * laneBlocks : laneBlocks) - rowBlocks;
        const uint64_t gmGap = perBlock ? 0 : (r_.rowOutLen - 1) * rowBytes;  // bytes between its GM rows
        for (uint32_t d = 0; d < dmas; ++d) {
            const uint64_t gm = perBlock ? at + d * r_.rowOutLen * r_.innerOut : at + d * r_.innerOut;
            const uint32_t ub = static_cast<uint32_t>(perBlock ? d * r_.batchStride : d * r_.outerBatch * r_.batchStride);
            if constexpr (kPad) {
                DataCopyExtParams p(count, static_cast<uint32_t>(rowBytes), static_cast<uint32_t>(ubGapBlocks),
                                    static_cast<uint32_t>(gmGap), 0);
                DataCopyPad(outGm_[gm], out[ub], p);
            } else {
                DataCopyParams p(count, static_cast<uint16_t>(rowBytes / 32), static_cast<uint16_t>(ubGapBlocks),
                                 static_cast<uint16_t>(gmGap / 32));
                DataCopy(outGm_[gm], out[ub], p);
            }
        }
        outQue_.FreeTensor(out);
    }

    __aicore__ inline void CopyOutBand(uint64_t r)
    {
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        const uint64_t at = r * r_.innerOut + bandStart_;
        if ((bandLen_ * sizeof(TOut)) % 32 == 0) {
            DataCopy(outGm_[at], out, static_cast<uint32_t>(bandLen_));
        } else if constexpr (kPad) {
            DataCopyExtParams p(1, static_cast<uint32_t>(bandLen_ * sizeof(TOut)), 0, 0, 0);
            DataCopyPad(outGm_[at], out, p);  // the partial last band
        } else {
            Trap();  // not reached: on 310P a partial last band is moved back to a full one (Process)
        }
        outQue_.FreeTensor(out);
    }

    interp::InterpolatePassCommon c_;
    interp::RowsPassTiling r_;
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> rawQue_;
    TQue<TPosition::VECOUT, 1> outQue_;
    interp::RowsPassUbLayout ub_;
    TBuf<TPosition::VECCALC> wideBuf_, rawHalfBuf_, slotBuf_, blobBuf_, rowBuf_, runBuf_, gatBuf_, accBuf_, resBuf_,
        outHalfBuf_, stageBuf_, packBuf_;
    GlobalTensor<TIn> inGm_;
    GlobalTensor<TOut> outGm_;
    GlobalTensor<uint32_t> blobGm_, runGm_;
    GlobalTensor<uint64_t> rowGm_;
    PassCoreSync sync_;
    uint64_t r0_ = 0, r1_ = 0, rowBase_ = 0, runBase_ = 0;
    uint64_t bandStart_ = 0, bandLen_ = 0, bandSrcLo_ = 0, bandSrcLen_ = 0;
    uint32_t band0_ = 0, band1_ = 1;
    uint32_t tablesBand_ = 0;  // the band whose inner tables are in UB
    static constexpr uint32_t kMaxPlaneSlots = 64;
    TBuf<TPosition::VECCALC> planeBuf_, planeAccBuf_, planeRowsBuf_;
    uint64_t planeKey_[kMaxPlaneSlots];  // (block, chunk, input plane) held by each plane slot
    uint32_t nextPlane_ = 0;
    uint32_t planeStride_ = 0;
    uint64_t slotRow_[kMaxSlots];
    uint32_t nextSlot_ = 0;
    uint32_t slotStride_ = 0;
    uint64_t rowEnd_ = 0;
    uint64_t limitBlock_ = UINT64_MAX;
    uint64_t limitSrc_ = 0;
};

template <typename TIn, typename TOut, bool WEIGHTED>
__aicore__ inline void RunPass(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const InterpolatePassTiling& t,
                               uint32_t syncBytes, bool syncAfter)
{
    if (t.common.layout == interp::kLayoutRows) {
        InterpolateRowPass<TIn, TOut, WEIGHTED> op;  // owns this pass's TPipe (one alive at a time)
        op.Init(x, y, workspace, t, syncBytes);
        op.Process();
        if (syncAfter) op.SyncCores();
    } else {
        InterpolatePass<TIn, TOut, WEIGHTED> op;
        op.Init(x, y, workspace, t, syncBytes);
        op.Process();
        if (syncAfter) op.SyncCores();
    }
}

}  // namespace

// Kernel entry (direct-call flow, docs/npu.md): every pass of the plan in one launch, the tiling by
// value, the workspace the caller's user workspace.  The cores meet (SyncAll) between passes, since
// a pass reads what all cores wrote in the previous one (ping-pong buffers in the user workspace).
// Each pass dispatches on its key (kind, input and output dtype); a pass this SoC's build does not
// contain (bf16 on 310P: the aclnn layer rejects it first), or a plan for another SoC, traps.
__global__ __aicore__ void interpolate_separable(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                 const interp::InterpolateTilingData tiling)
{
    AI_KERNEL_TYPE_VECTOR();
    using interp::InterpolatePassKey;
    constexpr uint32_t C = 0, W = 1;
    using ai::DType;
    constexpr uint32_t F32 = ai::DTypeCode(DType::F32), F16 = ai::DTypeCode(DType::F16);
    constexpr uint32_t BF16 = ai::DTypeCode(DType::BF16), I8 = ai::DTypeCode(DType::I8);
    constexpr uint32_t U8 = ai::DTypeCode(DType::U8), I32 = ai::DTypeCode(DType::I32);
    (void)BF16;
    for (uint32_t i = 0; i < tiling.numPasses; ++i) {
        const InterpolatePassTiling& t = tiling.pass[i];
        if (((t.common.socFlags & interp::kSocHasDataCopyPad) != 0) != kPad) {
            Trap();  // planned for another SoC than this build's
            return;
        }
        const uint64_t key = InterpolatePassKey(t.common.kind, t.common.inDType, t.common.outDType);
        const bool syncAfter = i + 1 < tiling.numPasses;
        const uint32_t syncBytes = tiling.numPasses > 1 ? tiling.syncBytes : 0;
#define AI_INTERP_PASS(kind, ti, to, TI, TO)                                         \
        if (key == InterpolatePassKey(kind, ti, to)) {                               \
            RunPass<TI, TO, kind == W>(x, y, workspace, t, syncBytes, syncAfter);    \
            continue;                                                                \
        }
        AI_INTERP_PASS(C, F32, F32, float, float)
        AI_INTERP_PASS(C, F16, F16, half, half)
        AI_INTERP_PASS(C, I8, I8, int8_t, int8_t)
        AI_INTERP_PASS(C, U8, U8, uint8_t, uint8_t)
        AI_INTERP_PASS(C, I32, I32, int32_t, int32_t)
        AI_INTERP_PASS(W, F32, F32, float, float)
        AI_INTERP_PASS(W, F16, F16, half, half)
        AI_INTERP_PASS(W, I8, I8, int8_t, int8_t)
        AI_INTERP_PASS(W, U8, U8, uint8_t, uint8_t)
        AI_INTERP_PASS(W, I32, I32, int32_t, int32_t)
        AI_INTERP_PASS(W, F16, F32, half, float)
        AI_INTERP_PASS(W, I8, F32, int8_t, float)
        AI_INTERP_PASS(W, U8, F32, uint8_t, float)
        AI_INTERP_PASS(W, I32, F32, int32_t, float)
        AI_INTERP_PASS(W, F32, F16, float, half)
        AI_INTERP_PASS(W, F32, I8, float, int8_t)
        AI_INTERP_PASS(W, F32, U8, float, uint8_t)
        AI_INTERP_PASS(W, F32, I32, float, int32_t)
#if AI_ARCH_HAS_BF16(AI_KERNEL_ARCH)
        AI_INTERP_PASS(C, BF16, BF16, bfloat16_t, bfloat16_t)
        AI_INTERP_PASS(W, BF16, BF16, bfloat16_t, bfloat16_t)
        AI_INTERP_PASS(W, BF16, F32, bfloat16_t, float)
        AI_INTERP_PASS(W, F32, BF16, float, bfloat16_t)
#endif
#undef AI_INTERP_PASS
        Trap();  // no kernel for this pass key in this build
        return;
    }
}

// ---- host: the launcher (kernel_launch.h) ----
#include "interpolate_launch.h"
#include "kernel_launch.h"

int AI_KERNEL_LAUNCHER(LaunchInterpolateKernel)(const KernelLaunchArgs& a)
{
    interp::InterpolateTilingData tiling;
    if (!CopyTilingArg(a, &tiling)) return -1;
    return AI_LAUNCH_KERNEL(interpolate_separable, a.blockDim, a.stream, AI_GM(a.x, a.xBytes, "x"),
                            AI_GM(a.y, a.yBytes, "y"), AI_GM(a.workspace, a.workspaceBytes, "workspace"), tiling);
}
