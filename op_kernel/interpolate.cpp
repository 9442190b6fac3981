// Interpolate-4 kernel (OpenVINO opset-4 Interpolate; ../shared/reference/interpolate4.md).
//
// One launch per separable pass (op_kernel/interpolate_tiling_data.h).  A pass reads a dense tensor
// viewed as [outer, inLen * inner] and writes [outer, outLen * inner].  Each core owns a contiguous
// range of the flat output (whole 32 B granules, base + one extra granule) and walks it in chunks:
//   1. two scalar reads give the source window of the chunk (host-built prefix/suffix tables);
//   2. CopyIn: the window (one DMA), the chunk's slices of the K offset/weight tables;
//   3. Compute: widen the window to the compute type, then per tap Gather + Mul (+ Add);
//      COPY passes gather in the native dtype and are exact (optionally zeroed by a 0/1 mask);
//   4. CopyOut: narrow with one rounding (float -> dtype, RINT + saturation for integers), one DMA.
// Unaligned edges: DataCopyPad on 910B; on 310P every DMA length is a multiple of 32 B, reads that
// would pass the end of the tensor are shifted back, the last partial granule of a core's range is
// recomputed as a full granule ending at the range end (same core, same values), and tensors
// smaller than 32 B use scalar GM access on one core.
#include "kernel_operator.h"
#include "interpolate_tiling_data.h"
#include "interpolate_launch.h"
#include "kernel_launch.h"

using namespace AscendC;

namespace {

using interp::InterpolatePassTiling;

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
template <typename T, int N = sizeof(T)>
struct MaskView {
    using Type = int32_t;
};
template <typename T>
struct MaskView<T, 2> {
    using Type = int16_t;
};

template <typename T>
constexpr bool IsOneByte() { return sizeof(T) == 1; }

template <typename TIn, typename TOut, bool WEIGHTED>
class InterpolatePass {
public:
    using TC = typename std::conditional<WEIGHTED, float, typename CopyCompute<TIn>::Type>::type;
    using TW = typename std::conditional<WEIGHTED, float, typename MaskView<TC>::Type>::type;

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const InterpolatePassTiling& t,
                                uint32_t syncBytes)
    {
        t_ = t;
        GM_ADDR user = GetUserWorkspace(workspace);
        if (syncBytes > 0) {
            // Zeroed by the host (workspaceInit): the soft SyncAll's counters between passes.
            syncGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(user), syncBytes / 4);
            pipe_.InitBuffer(syncBuf_, 32);
        }
        GM_ADDR in = t.inFromWorkspace ? user + t.inBufOffset : x;
        GM_ADDR out = t.outToWorkspace ? user + t.outBufOffset : y;
        inGm_.SetGlobalBuffer(reinterpret_cast<__gm__ TIn*>(in), t.inElems);
        outGm_.SetGlobalBuffer(reinterpret_cast<__gm__ TOut*>(out), t.outElems);
        offGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + t.offsetTable), t.numTaps * t.tableLen);
        if (WEIGHTED || t.useMask) {
            wGm_.SetGlobalBuffer(reinterpret_cast<__gm__ TW*>(user + t.weightTable), t.numTaps * t.tableLen);
        }
        loGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + t.windowLoTable), t.tableLen);
        hiGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(user + t.windowHiTable), t.tableLen);

        const uint32_t c = t.chunkElems;
        const uint32_t w = t.windowElems;
        const uint32_t k = t.numTaps;
        // Keep in step with interp::InterpolatePassUbBytes.
        pipe_.InitBuffer(inQue_, 2, interp::InterpolateRound32(uint64_t(w) * sizeof(TIn)));
        if (WEIGHTED) {
            if (!std::is_same<TIn, float>::value) pipe_.InitBuffer(winBuf_, interp::InterpolateRound32(uint64_t(w) * 4));
            if (IsOneByte<TIn>()) pipe_.InitBuffer(winHalfBuf_, interp::InterpolateRound32(uint64_t(w) * 2));
            pipe_.InitBuffer(tabQue_, 2, interp::InterpolateRound32(uint64_t(c) * k * 8));
            pipe_.InitBuffer(gatBuf_, interp::InterpolateRound32(uint64_t(c) * 4));
            pipe_.InitBuffer(accBuf_, interp::InterpolateRound32(uint64_t(c) * 4));
            pipe_.InitBuffer(outQue_, 2, interp::InterpolateRound32(uint64_t(c) * sizeof(TOut)));
            if (IsOneByte<TOut>()) pipe_.InitBuffer(outHalfBuf_, interp::InterpolateRound32(uint64_t(c) * 2));
            if (std::is_same<TOut, int32_t>::value && !(t.socFlags & interp::kSocFloatToInt32)) {
                // 310P has no float->int32 Cast: round to int64, then gather the low words.
                pipe_.InitBuffer(wideBuf_, interp::InterpolateRound32(uint64_t(c) * 8));
                pipe_.InitBuffer(lowIdxBuf_, interp::InterpolateRound32(uint64_t(c) * 4));
                LocalTensor<int32_t> idx = lowIdxBuf_.Get<int32_t>();
                CreateVecIndex(idx, static_cast<int32_t>(0), c);
                Muls(idx, idx, static_cast<int32_t>(8), static_cast<int32_t>(c));
            }
        } else {
            if (IsOneByte<TIn>()) pipe_.InitBuffer(winHalfBuf_, interp::InterpolateRound32(uint64_t(w) * 2));
            pipe_.InitBuffer(tabQue_, 2,
                             interp::InterpolateRound32(uint64_t(c) * k * 4 + (t.useMask ? uint64_t(c) * sizeof(TC) : 0)));
            if (IsOneByte<TIn>()) pipe_.InitBuffer(gatBuf_, interp::InterpolateRound32(uint64_t(c) * 2));
            pipe_.InitBuffer(outQue_, 2, interp::InterpolateRound32(uint64_t(c) * sizeof(TOut)));
        }
    }

    // All cores of the launch meet here before the next pass reads this pass's output.
    __aicore__ inline void SyncCores()
    {
        LocalTensor<int32_t> ub = syncBuf_.Get<int32_t>();
        SyncAll(syncGm_, ub);
    }

    __aicore__ inline void Process()
    {
        const uint64_t align = t_.outAlignElems;
        const uint64_t units = t_.outElems / align;
        const uint64_t idx = GetBlockIdx();
        const uint64_t bd = t_.blockDim;
        uint64_t fs = 0, fe = 0;
        if (units == 0) {  // the whole output is smaller than 32 B: one core
            if (idx != 0) return;
            fe = t_.outElems;
        } else {
            if (idx >= bd) return;
            const uint64_t per = units / bd, extra = units % bd;
            fs = (idx * per + (idx < extra ? idx : extra)) * align;
            fe = fs + (per + (idx < extra ? 1 : 0)) * align;
            if (idx == bd - 1) fe = t_.outElems;  // the sub-granule remainder
        }
        const bool hasPad = (t_.socFlags & interp::kSocHasDataCopyPad) != 0;
        uint64_t pos = fs;
        while (pos < fe) {
            uint64_t n = fe - pos;
            if (n >= t_.chunkElems) {
                n = t_.chunkElems;
            } else if (n % align != 0 && !hasPad && units != 0) {
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
        const uint64_t b0 = f0 / t_.blockOutElems;
        const uint64_t m0 = f0 - b0 * t_.blockOutElems;
        const uint64_t lo = loGm_.GetValue(m0);
        const uint64_t hi = hiGm_.GetValue(m0 + n - 1);
        const uint64_t gStart = b0 * t_.blockInElems + lo;
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
        constexpr uint64_t inAlign = 32 / sizeof(TIn);
        const uint64_t total = t_.inElems;
        const uint64_t rounded = (gLen + inAlign - 1) / inAlign * inAlign;
        if (t_.socFlags & interp::kSocHasDataCopyPad) {
            DataCopyExtParams p(1, static_cast<uint32_t>(gLen * sizeof(TIn)), 0, 0, 0);
            DataCopyPadExtParams<TIn> pad(false, 0, 0, static_cast<TIn>(0));
            DataCopyPad(win, inGm_[gStart], p, pad);
            *shift = 0;
            *loaded = gLen;
        } else if (gStart + rounded <= total) {
            DataCopy(win, inGm_[gStart], static_cast<uint32_t>(rounded));
            *shift = 0;
            *loaded = gLen;
        } else if (total >= rounded) {
            // Near the end of the tensor: read the last `rounded` elements instead (same data).
            DataCopy(win, inGm_[total - rounded], static_cast<uint32_t>(rounded));
            *shift = gStart - (total - rounded);
            *loaded = *shift + gLen;
        } else {
            // The tensor is shorter than one aligned read: DMA its aligned head, scalar-read the tail.
            const uint64_t head = total / inAlign * inAlign;
            if (head > 0) DataCopy(win, inGm_[0], static_cast<uint32_t>(head));
            PipeBarrier<PIPE_ALL>();
            for (uint64_t i = head; i < total; ++i) win.SetValue(static_cast<uint32_t>(i), inGm_.GetValue(i));
            PipeBarrier<PIPE_ALL>();
            *shift = gStart;
            *loaded = gStart + gLen;
        }
        inQue_.EnQue(win);
    }

    __aicore__ inline void CopyInTables(uint64_t m0, uint32_t n)
    {
        const uint32_t c = t_.chunkElems;
        const uint32_t k = t_.numTaps;
        LocalTensor<uint32_t> tab = tabQue_.AllocTensor<uint32_t>();
        const uint32_t nOff = (n + 7) / 8 * 8;  // table slices are long enough (tableLen >= mOut - 1 + c)
        for (uint32_t j = 0; j < k; ++j) {
            DataCopy(tab[j * c], offGm_[j * t_.tableLen + m0], nOff);
        }
        if (WEIGHTED || t_.useMask) {
            LocalTensor<TW> w = tab[k * c].template ReinterpretCast<TW>();
            constexpr uint32_t wAlign = 32 / sizeof(TW);
            const uint32_t nW = (n + wAlign - 1) / wAlign * wAlign;
            for (uint32_t j = 0; j < (WEIGHTED ? k : 1u); ++j) {
                DataCopy(w[j * c], wGm_[j * t_.tableLen + m0], nW);
            }
        }
        tabQue_.EnQue(tab);
    }

    // Widens the window (loaded elements) to the compute type.
    __aicore__ inline LocalTensor<TC> WidenWindow(const LocalTensor<TIn>& win, uint32_t count)
    {
        if constexpr (std::is_same<TIn, TC>::value) {
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
        const uint32_t c = t_.chunkElems;
        const uint32_t k = t_.numTaps;
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
            if constexpr (std::is_same<TOut, float>::value) {
                acc = out;
            } else {
                acc = accBuf_.Get<float>();
            }
            Gather(acc, src, tab, base, n);
            Mul(acc, acc, w, static_cast<int32_t>(n));
            for (uint32_t j = 1; j < k; ++j) {
                Gather(gat, src, tab[j * c], base, n);
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
            if (t_.useMask) {
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

    // float accumulator -> output dtype, rounding once (interpolate4.md "dtypes").
    __aicore__ inline void Narrow(const LocalTensor<TOut>& out, const LocalTensor<float>& acc, uint32_t n)
    {
        const int32_t cnt = static_cast<int32_t>(n);
        if constexpr (std::is_same<TOut, float>::value) {
            (void)out;
            (void)acc;
        } else if constexpr (std::is_same<TOut, half>::value) {
            Cast(out, acc, (t_.socFlags & interp::kSocHalfRint) ? RoundMode::CAST_RINT : RoundMode::CAST_NONE, n);
        } else if constexpr (std::is_same<TOut, bfloat16_t>::value) {
            Cast(out, acc, RoundMode::CAST_RINT, n);
        } else if constexpr (std::is_same<TOut, int32_t>::value) {
            // Saturate in float (2147483520 is the largest float below 2^31), then round half to even.
            Maxs(acc, acc, -2147483648.0f, cnt);
            Mins(acc, acc, 2147483520.0f, cnt);
            if (t_.socFlags & interp::kSocFloatToInt32) {
                Cast(out, acc, RoundMode::CAST_RINT, n);
            } else {
                LocalTensor<int64_t> wide = wideBuf_.Get<int64_t>();
                Cast(wide, acc, RoundMode::CAST_RINT, n);
                // little endian: the low word of element i is int32 element 2i (value fits int32)
                Gather(out, wide.template ReinterpretCast<int32_t>(), lowIdxBuf_.Get<uint32_t>(), 0, n);
            }
        } else {
            const float lowest = std::is_same<TOut, int8_t>::value ? -128.0f : 0.0f;
            const float highest = std::is_same<TOut, int8_t>::value ? 127.0f : 255.0f;
            Maxs(acc, acc, lowest, cnt);
            Mins(acc, acc, highest, cnt);
            // Round half to even in float arithmetic: adding and removing 1.5 * 2^23 leaves the
            // nearest integer (exact for |v| < 2^22), then the integer converts exactly.
            Adds(acc, acc, 12582912.0f, cnt);
            Adds(acc, acc, -12582912.0f, cnt);
            LocalTensor<half> h = outHalfBuf_.Get<half>();
            Cast(h, acc, RoundMode::CAST_NONE, n);
            Cast(out, h, RoundMode::CAST_NONE, n);
        }
    }

    __aicore__ inline void CopyOut(uint64_t f0, uint32_t n)
    {
        LocalTensor<TOut> out = outQue_.DeQue<TOut>();
        constexpr uint32_t outAlign = 32 / sizeof(TOut);
        if (n % outAlign == 0) {
            DataCopy(outGm_[f0], out, n);
        } else if (t_.socFlags & interp::kSocHasDataCopyPad) {
            DataCopyExtParams p(1, static_cast<uint32_t>(n * sizeof(TOut)), 0, 0, 0);
            DataCopyPad(outGm_[f0], out, p);
        } else {
            // 310P, an output smaller than 32 B (one core): scalar stores through the data cache.
            PipeBarrier<PIPE_ALL>();
            for (uint32_t i = 0; i < n; ++i) outGm_.SetValue(f0 + i, out.GetValue(i));
            DataCacheCleanAndInvalid<TOut, CacheLine::ENTIRE_DATA_CACHE, DcciDst::CACHELINE_OUT>(outGm_);
            PipeBarrier<PIPE_ALL>();
        }
        outQue_.FreeTensor(out);
    }

    InterpolatePassTiling t_;
    TPipe pipe_;
    TQue<TPosition::VECIN, 1> inQue_;
    TQue<TPosition::VECIN, 1> tabQue_;
    TQue<TPosition::VECOUT, 1> outQue_;
    TBuf<TPosition::VECCALC> winBuf_, winHalfBuf_, gatBuf_, accBuf_, outHalfBuf_, wideBuf_, lowIdxBuf_;
    GlobalTensor<TIn> inGm_;
    GlobalTensor<TOut> outGm_;
    GlobalTensor<uint32_t> offGm_, loGm_, hiGm_;
    GlobalTensor<TW> wGm_;
    GlobalTensor<int32_t> syncGm_;
    TBuf<TPosition::VECCALC> syncBuf_;
};

template <typename TIn, typename TOut, bool WEIGHTED>
__aicore__ inline void RunPass(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const InterpolatePassTiling& t,
                               uint32_t syncBytes, bool syncAfter)
{
    InterpolatePass<TIn, TOut, WEIGHTED> op;  // owns this pass's TPipe (one alive at a time)
    op.Init(x, y, workspace, t, syncBytes);
    op.Process();
    if (syncAfter) op.SyncCores();
}

}  // namespace

// Every pass of the plan in one launch; the cores meet (SyncAll) between passes, since a pass reads
// what all cores wrote in the previous one (ping-pong buffers in the user workspace).
extern "C" __global__ __aicore__ void interpolate(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    GET_TILING_DATA_WITH_STRUCT(interp::InterpolateTilingData, td, tiling);
    using interp::InterpolatePassKey;
    constexpr uint32_t C = 0, W = 1;
    constexpr uint32_t F32 = 0, F16 = 1, BF16 = 2, I8 = 3, U8 = 4, I32 = 5;
    for (uint32_t i = 0; i < td.numPasses; ++i) {
        const InterpolatePassTiling& t = td.pass[i];
        const uint64_t key = InterpolatePassKey(t.kind, t.inDType, t.outDType);
        const bool syncAfter = i + 1 < td.numPasses;
        const uint32_t syncBytes = td.numPasses > 1 ? td.syncBytes : 0;
#define AI_INTERP_PASS(kind, ti, to, TI, TO)                                         \
        if (key == InterpolatePassKey(kind, ti, to)) {                               \
            RunPass<TI, TO, kind == W>(x, y, workspace, t, syncBytes, syncAfter);    \
            continue;                                                                \
        }
        AI_INTERP_PASS(C, F32, F32, float, float)
        AI_INTERP_PASS(C, F16, F16, half, half)
        AI_INTERP_PASS(C, BF16, BF16, bfloat16_t, bfloat16_t)
        AI_INTERP_PASS(C, I8, I8, int8_t, int8_t)
        AI_INTERP_PASS(C, U8, U8, uint8_t, uint8_t)
        AI_INTERP_PASS(C, I32, I32, int32_t, int32_t)
        AI_INTERP_PASS(W, F32, F32, float, float)
        AI_INTERP_PASS(W, F16, F16, half, half)
        AI_INTERP_PASS(W, BF16, BF16, bfloat16_t, bfloat16_t)
        AI_INTERP_PASS(W, I8, I8, int8_t, int8_t)
        AI_INTERP_PASS(W, U8, U8, uint8_t, uint8_t)
        AI_INTERP_PASS(W, I32, I32, int32_t, int32_t)
        AI_INTERP_PASS(W, F16, F32, half, float)
        AI_INTERP_PASS(W, BF16, F32, bfloat16_t, float)
        AI_INTERP_PASS(W, I8, F32, int8_t, float)
        AI_INTERP_PASS(W, U8, F32, uint8_t, float)
        AI_INTERP_PASS(W, I32, F32, int32_t, float)
        AI_INTERP_PASS(W, F32, F16, float, half)
        AI_INTERP_PASS(W, F32, BF16, float, bfloat16_t)
        AI_INTERP_PASS(W, F32, I8, float, int8_t)
        AI_INTERP_PASS(W, F32, U8, float, uint8_t)
        AI_INTERP_PASS(W, F32, I32, float, int32_t)
#undef AI_INTERP_PASS
    }
}

int LaunchInterpolateKernel(uint32_t blockDim, uint64_t tilingKey, void* stream, void* x, uint64_t xBytes, void* y,
                            uint64_t yBytes, void* workspace, uint64_t workspaceBytes, void* tiling,
                            uint64_t tilingBytes)
{
    if (tiling == nullptr || tilingBytes < sizeof(interp::InterpolateTilingData)) return -1;
    return AI_LAUNCH_KERNEL(interpolate, blockDim, tilingKey, stream, AI_GM(x, xBytes, "x"), AI_GM(y, yBytes, "y"),
                            AI_GM(workspace, workspaceBytes, "workspace"), AI_GM(tiling, tilingBytes, "tiling"));
}
