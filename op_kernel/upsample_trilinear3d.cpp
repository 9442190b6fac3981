// UpsampleTrilinear3d kernel (PyTorch upsample_trilinear3d / CANN aclnnUpsampleTrilinear3d) on the
// vector unit.  Tiling: op_host/upsample_trilinear3d_tiling.cpp; vocabulary and UB layout:
// upsample_trilinear3d_tiling_data.h; coordinate maths: interp_math.h (TrilinearAxisTaps).
//
// Separable: out = sum_d wd * sum_h wh * sum_w ww * x, evaluated innermost (W) first exactly like
// PyTorch's CPU kernel, every tap multiplied even at weight 0 (so 0 * inf = NaN is reproduced):
//   W pass  Gather tap 0 and tap 1 of every output column (byte-offset tables), Mul tap 0 by the
//           lambda0 table, MulAddDst tap 1 times the lambda1 table onto it (both taps multiplied);
//   H pass  rows mode: one Gather pass over the whole row chunk with per-chunk tables (short
//           rows), or Muls(row h0, lh0) + Axpy(row h1, lh1) per output row (long rows), on 32 B-
//           padded rows; volume mode: the Gather form over a whole group of slabs;
//   D pass  rows mode: Muls(plane d0, ld0) + Axpy(plane d1, ld1) over the whole row chunk;
//           volume mode: Gather form.
// Rows mode keeps the two most recent H-interpolated input planes (P slots) of a row chunk in UB, so
// every input plane of a chunk is read and W/H-interpolated once however many output planes use it.
// Strong H downscales load only the two input rows each output row uses ("pair rows"); rows too long
// for the UB are split into W chunks that load only the input columns they use ("sub-rows").
// Channels-last volumes of many channels may split each pixel's channels into chunks, each (n,
// chunk) a slab of its own whose rows are strided runs (one DMA per input and per output plane), so
// a unit holds more, shorter rows (LoadChannelRuns / WriteChannelRuns, TrilinearGmRowAt).
// fp16/bf16 are Cast to fp32 on load and Cast back once per output (CAST_RINT; CAST_NONE for
// float->half on 310P, which rounds to nearest there).
// GM traffic: each unit reads its input rows once (one DMA per run of consecutive input planes) and
// writes each output byte once (several output planes per DMA): DataCopyPad on 910B; on 310P (no
// DataCopyPad) 32 B-multiple DataCopy, with an unaligned tail written as the last 32 B of the
// unit's own range (never another core's bytes).  Contiguous ranges go through the shared GM range
// helpers of kernel_common.h (ai::ReadGmRange / ai::GmReadShift / ai::WriteGmRange).  Input and
// output are double-buffered: the next plane batch / slab group is loaded while the current one is
// computed.
#include "kernel_operator.h"
#include "interp_math.h"
#include "kernel_common.h"
#include "trilinear_tables.h"
#include "upsample_trilinear3d_tiling_data.h"

using namespace AscendC;

namespace tri {

using AxisTap = TrilinearAxisTap;

template <typename T>
class UpsampleTrilinear3dKernel {
public:
    // DataCopyPad exists on this SoC (compile time: the 310P build holds no DataCopyPad call).
    static constexpr bool kPad = ai::kSocCaps.dataCopyPad;
    static constexpr uint64_t kFloatsPerBlock = 32 / sizeof(float);  // fp32 elements of one 32 B block

    __aicore__ inline UpsampleTrilinear3dKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR workspace, const UpsampleTrilinear3dTilingData& t)
    {
        t_ = t;
        blk_ = 32 / sizeof(T);
        ratioD_ = TriFloatFromBits(t.ratioBitsD);
        ratioH_ = TriFloatFromBits(t.ratioBitsH);
        ratioW_ = TriFloatFromBits(t.ratioBitsW);
        align_ = t.alignCorners != 0;
        compact_ = TrilinearNeedsCompaction(t);
        packPlanes_ = TrilinearPacksPlaneChunks(t);
        packedH_ = TrilinearPacksHRows(t);
        stageWrite_ = TrilinearStagesWrite(t);
        castPerBatch_ = TrilinearCastsPerWBatch(t);
        hTap1FromTap0_ = TrilinearHTap1FromTap0(t);
        contiguousPlanes_ = TrilinearContiguousPlaneLoads(t);
        wCopy_ = TrilinearRowsWIsCopy(t);
        hCopy_ = TrilinearRowsHIsCopy(t);
        dCopy_ = TrilinearRowsDIsCopy(t);
        nanInW_ = TrilinearBlendsNanIntoWRows(t);
        wRowsBlend_ = TrilinearAddsWRowsBlend(t);
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x), t.inTotal);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y), t.outTotal);
        if (t.workspaceBytes > 0) {  // no workspace at all when the tables are built on the device
            wsU32_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(workspace), t.workspaceBytes / 4);
        }

        const TrilinearUbLayout l = TrilinearLayout(t);
        pipe_.InitBuffer(inQ_, 2, static_cast<uint32_t>(l.inQueBytes));
        pipe_.InitBuffer(outQ_, 2, static_cast<uint32_t>(l.outQueBytes));
        if (l.inFloatBytes) pipe_.InitBuffer(inF_, static_cast<uint32_t>(l.inFloatBytes));
        pipe_.InitBuffer(wBuf_, static_cast<uint32_t>(l.wBufBytes));
        pipe_.InitBuffer(hBuf_, static_cast<uint32_t>(l.hBufBytes));
        pipe_.InitBuffer(tmp_, static_cast<uint32_t>(l.tmpBytes));
        pipe_.InitBuffer(tab_, static_cast<uint32_t>(l.tabBytes));
        if (l.hTabBytes) pipe_.InitBuffer(hTab_, static_cast<uint32_t>(l.hTabBytes));
        if (l.outFloatBytes) pipe_.InitBuffer(outF_, static_cast<uint32_t>(l.outFloatBytes));
        if (l.cvtBytes) pipe_.InitBuffer(cvt_, static_cast<uint32_t>(l.cvtBytes));
        if (l.compactTabBytes) pipe_.InitBuffer(ctab_, static_cast<uint32_t>(l.compactTabBytes));
        pipe_.InitBuffer(tailTab_, static_cast<uint32_t>(l.tailTabBytes));
        if (l.tailStageBytes) pipe_.InitBuffer(tailStage_, static_cast<uint32_t>(l.tailStageBytes));
        if (l.tapBytes) pipe_.InitBuffer(tapBuf_, static_cast<uint32_t>(l.tapBytes));
        taps_ = TrilinearTapLayoutOf(t);
        tapsInTmp_ = l.tapBytes == 0;
    }

    __aicore__ inline void Process()
    {
        const uint64_t idx = static_cast<uint64_t>(GetBlockIdx());
        workBegin_ = idx * t_.workBase + (idx < t_.workTail ? idx : t_.workTail);
        workEnd_ = workBegin_ + t_.workBase + (idx < t_.workTail ? 1 : 0);
        if (workBegin_ >= workEnd_) return;
        if (t_.mode == TRI_MODE_ROWS) {
            LoadRowTables();
            for (uint64_t u = workBegin_; u < workEnd_; ++u) RunRowUnit(u);
        } else {
            LoadVolumeTables();
            RunVolume();
        }
    }

private:
    // ------------------------------------------------------------------ helpers
    __aicore__ inline void Tap(float ratio, int64_t dst, int64_t in, int64_t out, AxisTap& tp) const
    {
        interp::TrilinearAxisTaps(ratio, dst, in, out, align_, &tp.i0, &tp.i1, &tp.l0, &tp.l1);
    }

    // Loads one pass table (T0, T1, lambda1 of `len` entries, contiguous in the workspace) with one
    // DMA into tab_ at element offset `at` and replicates it `copies` times, the k-th copy's source
    // offsets shifted by k * srcStride elements (fp32); lambda0 = 1 - lambda1 is formed here.
    // Layout at `at`: T0[copies*len], T1[copies*len], L1[copies*len], L0[copies*len].
    __aicore__ inline void LoadPassTable(uint64_t wsOffsetBytes, uint64_t len, uint64_t at, uint64_t copies,
                                         uint64_t srcStride)
    {
        const uint64_t all = copies * len;
        LocalTensor<uint32_t> tabU = tab_.Get<uint32_t>();
        DataCopyParams p;
        p.blockCount = 3;
        p.blockLen = static_cast<uint16_t>(len * 4 / 32);
        p.srcStride = 0;
        p.dstStride = static_cast<uint16_t>((all - len) * 4 / 32);
        ai::Sync<HardEvent::V_MTE2>();  // earlier Gathers may still read a previous table
        DataCopy(tabU[at], wsU32_[wsOffsetBytes / 4], p);
        ai::Sync<HardEvent::MTE2_V>();
        ReplicatePassTable(len, at, copies, srcStride);
    }

    // Copies 2..copies of a pass table whose first copy is in place, and lambda0 = 1 - lambda1.  By
    // doubling: copies [have, have + n) are copies [0, n) shifted by have * srcStride elements.
    __aicore__ inline void ReplicatePassTable(uint64_t len, uint64_t at, uint64_t copies, uint64_t srcStride)
    {
        const uint64_t all = copies * len;
        LocalTensor<float> tabF = tab_.Get<float>();
        LocalTensor<int32_t> tabI = tab_.Get<int32_t>();
        for (uint64_t have = 1; have < copies; have *= 2) {
            const uint64_t n = (copies - have) < have ? (copies - have) : have;
            const int32_t shift = static_cast<int32_t>(have * srcStride * 4);
            const int32_t count = static_cast<int32_t>(n * len);
            Adds(tabI[at + have * len], tabI[at], shift, count);
            Adds(tabI[at + all + have * len], tabI[at + all], shift, count);
            Adds(tabF[at + 2 * all + have * len], tabF[at + 2 * all], 0.0f, count);
        }
        Muls(tabF[at + 3 * all], tabF[at + 2 * all], -1.0f, static_cast<int32_t>(all));
        Adds(tabF[at + 3 * all], tabF[at + 3 * all], 1.0f, static_cast<int32_t>(all));
    }

    // ------------------------------------------------------------------ tables built on the device
    // tablesOnDevice: the planner found the tables dearer to ship than to build (docs "Kernel
    // strategy").  Every entry equals the one the host would ship (trilinear_tables.h, the rows-mode
    // W table of the tiling): the taps come from the vector form of interp::TrilinearAxisTaps
    // (AxisTapsOnDevice), the tables from per-entry index arithmetic (ExpandPassTable), every vector
    // operand starting on a 32 B boundary.

    // Taps of outputs [o0, o0 + n) of one axis as fp32 arrays i0, i1, lambda1 (x, e, tt: scratch; all
    // of >= n entries).  interp::TrilinearAxisTaps step by step, each rounding of the scalar code made
    // by one vector op, Dekker's exact product of interp::FusedMulSub included (the sim's vector ops
    // round as the host does; on the device this takes IEEE round-to-nearest fp32 vector arithmetic,
    // as the kernel's blends do).
    __aicore__ inline void AxisTapsOnDevice(float ratio, uint64_t in, uint64_t out, uint64_t o0, uint32_t n,
                                            const LocalTensor<float>& i0, const LocalTensor<float>& i1,
                                            const LocalTensor<float>& l1, const LocalTensor<float>& x,
                                            const LocalTensor<float>& e, const LocalTensor<float>& tt)
    {
        const int32_t cnt = static_cast<int32_t>(n);
        if (in == out) {  // copy axis: i0 = i1 = dst, lambda1 = 0
            CreateVecIndex(i0, static_cast<float>(o0), n);
            Adds(i1, i0, 0.0f, cnt);
            Duplicate(l1, 0.0f, cnt);
            return;
        }
        CreateVecIndex(x, static_cast<float>(o0), n);
        if (align_) {
            Muls(x, x, ratio, cnt);  // src = ratio * dst
        } else {
            // src = FusedMulSub(ratio, b, 0.5) with b = dst + 0.5: ratio * b - 0.5 rounded once
            const float splitter = 4097.0f;
            const float ca = splitter * ratio;
            const float aHi = ca - (ca - ratio);
            const float aLo = ratio - aHi;
            const LocalTensor<float>& p = i0;
            const LocalTensor<float>& bHi = i1;
            const LocalTensor<float>& bLo = l1;
            Adds(x, x, 0.5f, cnt);        // b
            Muls(p, x, ratio, cnt);       // p = a * b
            Muls(bHi, x, splitter, cnt);  // cb
            Sub(tt, bHi, x, cnt);         // cb - b
            Sub(bHi, bHi, tt, cnt);       // bHi = cb - (cb - b)
            Sub(bLo, x, bHi, cnt);        // bLo = b - bHi
            Muls(e, bHi, aHi, cnt);       // e = ((aHi*bHi - p) + aHi*bLo + aLo*bHi) + aLo*bLo
            Sub(e, e, p, cnt);
            Muls(tt, bLo, aHi, cnt);
            Add(e, e, tt, cnt);
            Muls(tt, bHi, aLo, cnt);
            Add(e, e, tt, cnt);
            Muls(tt, bLo, aLo, cnt);
            Add(e, e, tt, cnt);
            Adds(x, p, -0.5f, cnt);       // s = p - c
            Sub(tt, x, p, cnt);           // bb = s - p
            Sub(bHi, x, tt, cnt);         // s - bb
            Sub(bHi, p, bHi, cnt);        // p - (s - bb)
            Muls(tt, tt, -1.0f, cnt);
            Adds(tt, tt, -0.5f, cnt);     // -c - bb
            Add(bHi, bHi, tt, cnt);       // t = (p - (s - bb)) + (-c - bb)
            Add(bHi, bHi, e, cnt);        // t + e
            Add(x, x, bHi, cnt);          // s + (t + e)
            Maxs(x, x, 0.0f, cnt);        // negative source coordinates clamp to 0
        }
        // interp::TrilinearTaps: i0 = min(trunc(src), in - 1) (= trunc(min(src, in - 1)), src >= 0),
        // i1 = min(i0 + 1, in - 1), lambda1 = clamp(src - i0, 0, 1)
        const float last = static_cast<float>(in - 1);
        LocalTensor<int32_t> ti = tt.template ReinterpretCast<int32_t>();
        Mins(e, x, last, cnt);
        Cast(ti, e, RoundMode::CAST_TRUNC, n);
        Cast(i0, ti, RoundMode::CAST_NONE, n);
        Adds(i1, i0, 1.0f, cnt);
        Mins(i1, i1, last, cnt);
        Sub(l1, x, i0, cnt);
        Maxs(l1, l1, 0.0f, cnt);
        Mins(l1, l1, 1.0f, cnt);
    }

    // The table build's arrays 0-2: taps i0, i1, lambda1 (tapElems each), placed after arrays 3-5,
    // the scratch (scratchElems each), so a Gather from the taps never has its source range (which
    // runs to the buffer's end) overlap its scratch destination.  In tapBuf_, or in the Gather
    // scratch tmp_ when that holds them (TrilinearLayout: tapBytes 0).
    __aicore__ inline LocalTensor<float> TapArray(uint32_t k)
    {
        LocalTensor<float> buf = tapsInTmp_ ? tmp_.Get<float>() : tapBuf_.Get<float>();
        return k < 3 ? buf[3 * taps_.scratchElems + k * taps_.tapElems] : buf[(k - 3) * taps_.scratchElems];
    }

    // Zero entries [0, pad) of a pass table's T0, T1 and lambda1 (padding reads offset 0, weight 0).
    __aicore__ inline void ClearPassTable(uint64_t at, uint64_t all, uint64_t pad)
    {
        LocalTensor<int32_t> tabI = tab_.Get<int32_t>();
        LocalTensor<float> tabF = tab_.Get<float>();
        Duplicate(tabI[at], 0, static_cast<int32_t>(pad));
        Duplicate(tabI[at + all], 0, static_cast<int32_t>(pad));
        Duplicate(tabF[at + 2 * all], 0.0f, static_cast<int32_t>(pad));
    }

    // The K taps of outputs [o0, o0 + K) of one axis in the tap arrays, offsets pre-scaled:
    // i0, i1 -> (i - first) * scaleBytes (pieces of the scratch length).
    __aicore__ inline void AxisTapArrays(float ratio, uint64_t in, uint64_t out, uint64_t o0, uint64_t k,
                                         uint64_t first, uint64_t scaleBytes)
    {
        const uint64_t piece = taps_.scratchElems;
        const LocalTensor<float> i0 = TapArray(0), i1 = TapArray(1), l1 = TapArray(2);
        for (uint64_t p0 = 0; p0 < k; p0 += piece) {
            const uint32_t n = static_cast<uint32_t>((k - p0) < piece ? (k - p0) : piece);
            AxisTapsOnDevice(ratio, in, out, o0 + p0, n, i0[p0], i1[p0], l1[p0], TapArray(3), TapArray(4),
                             TapArray(5));
        }
        const int32_t cnt = static_cast<int32_t>(k);
        const float lo = -static_cast<float>(first), scale = static_cast<float>(scaleBytes);
        Adds(i0, i0, lo, cnt);
        Muls(i0, i0, scale, cnt);
        Adds(i1, i1, lo, cnt);
        Muls(i1, i1, scale, cnt);
    }

    // Entries [0, len) of a pass table at tab_ `at` (T0, T1, L1 arrays `all` apart; the padding up to
    // `pad` zeroed) from the tap arrays: entry i = (hi * kCount + k) * loLen + lo has
    //   T0 = hi * hiStrideBytes + tap0[k] + 4 * lo,  T1 likewise with tap1[k],  L1 = lambda1[k],
    // hi, k, lo by fp32 index arithmetic (q = floor((i + 0.5) / loLen) is exact for i < 2^22: the
    // quotient's rounding error stays below its distance to an integer, 0.5 / loLen).
    __aicore__ inline void ExpandPassTable(uint64_t at, uint64_t all, uint64_t len, uint64_t pad, uint64_t loLen,
                                           uint64_t kCount, uint64_t hiStrideBytes)
    {
        LocalTensor<int32_t> tabI = tab_.Get<int32_t>();
        LocalTensor<float> tabF = tab_.Get<float>();
        ClearPassTable(at, all, pad);
        const uint64_t chunk = taps_.scratchElems;
        const LocalTensor<float> a = TapArray(3), b = TapArray(4), c = TapArray(5);
        LocalTensor<int32_t> bi = b.template ReinterpretCast<int32_t>();
        LocalTensor<int32_t> ci = c.template ReinterpretCast<int32_t>();
        for (uint64_t c0 = 0; c0 < len; c0 += chunk) {
            const uint32_t n = static_cast<uint32_t>((len - c0) < chunk ? (len - c0) : chunk);
            const int32_t cnt = static_cast<int32_t>(n);
            if (loLen > 1) {  // a = 4 * lo, b = q = (i - lo) / loLen
                CreateVecIndex(a, static_cast<float>(c0), n);
                Adds(b, a, 0.5f, cnt);
                Muls(b, b, 1.0f / static_cast<float>(loLen), cnt);
                Cast(bi, b, RoundMode::CAST_TRUNC, n);
                Cast(b, bi, RoundMode::CAST_NONE, n);
                Axpy(a, b, -static_cast<float>(loLen), cnt);
                Muls(a, a, 4.0f, cnt);
            } else {
                CreateVecIndex(b, static_cast<float>(c0), n);
                Duplicate(a, 0.0f, cnt);
            }
            if (kCount < len / loLen) {  // several hi: a += hiStride * hi, b = k = q - kCount * hi
                Adds(c, b, 0.5f, cnt);
                Muls(c, c, 1.0f / static_cast<float>(kCount), cnt);
                Cast(ci, c, RoundMode::CAST_TRUNC, n);
                Cast(c, ci, RoundMode::CAST_NONE, n);
                Axpy(a, c, static_cast<float>(hiStrideBytes), cnt);
                Axpy(b, c, -static_cast<float>(kCount), cnt);
            }
            Muls(b, b, 4.0f, cnt);
            Cast(bi, b, RoundMode::CAST_RINT, n);
            const LocalTensor<uint32_t> kBytes = b.template ReinterpretCast<uint32_t>();
            Gather(c, TapArray(0), kBytes, 0, n);
            Add(c, c, a, cnt);
            Cast(tabI[at + c0], c, RoundMode::CAST_RINT, n);
            Gather(c, TapArray(1), kBytes, 0, n);
            Add(c, c, a, cnt);
            Cast(tabI[at + all + c0], c, RoundMode::CAST_RINT, n);
            Gather(tabF[at + 2 * all + c0], TapArray(2), kBytes, 0, n);
        }
    }

    // Rows mode: the W table of W chunk wc (whole rows: wc = 0), as LoadPassTable leaves it: entry e
    // (pixel e / fold, channel e % fold) reads input element (i - colLo) * fold + e % fold of its row.
    __aicore__ inline void BuildRowTableOnDevice(uint64_t wc, uint64_t srcStride)
    {
        const uint64_t o0 = wc * t_.outPixPerChunk;
        const uint64_t pixels = (t_.outW - o0) < t_.outPixPerChunk ? (t_.outW - o0) : t_.outPixPerChunk;
        const uint64_t fold = t_.channelFold;
        uint64_t colLo = 0;
        if (t_.subRows != 0) {
            AxisTap first;
            Tap(ratioW_, static_cast<int64_t>(o0), t_.inW, t_.outW, first);
            colLo = static_cast<uint64_t>(first.i0);
        }
        const uint64_t len = t_.outRowPad, all = t_.wBatchRows * len;
        // several channels per pixel: whole 32 B runs of channels take one run of vector ops per
        // pixel with the scalar unit's taps when that is fewer instructions than the expansion
        // (about 30 for the taps and 22 per chunk)
        const uint64_t chunks = (pixels * fold + taps_.scratchElems - 1) / taps_.scratchElems;
        const bool perPixel = fold > 1 && fold % 8 == 0 && fold <= taps_.scratchElems && 3 * pixels <= 30 + 22 * chunks;
        if (perPixel) {
            ClearPassTable(0, all, len);
            LocalTensor<int32_t> tabI = tab_.Get<int32_t>();
            LocalTensor<float> tabF = tab_.Get<float>();
            LocalTensor<int32_t> lanes = TapArray(3).template ReinterpretCast<int32_t>();
            const int32_t f = static_cast<int32_t>(fold);
            CreateVecIndex(lanes, static_cast<int32_t>(0), static_cast<uint32_t>(fold));
            Muls(lanes, lanes, static_cast<int32_t>(4), f);
            for (uint64_t p = 0; p < pixels; ++p) {
                AxisTap tp;
                Tap(ratioW_, static_cast<int64_t>(o0 + p), t_.inW, t_.outW, tp);
                const uint64_t e = p * fold;
                Adds(tabI[e], lanes, static_cast<int32_t>((static_cast<uint64_t>(tp.i0) - colLo) * fold * 4), f);
                Adds(tabI[all + e], lanes, static_cast<int32_t>((static_cast<uint64_t>(tp.i1) - colLo) * fold * 4), f);
                Duplicate(tabF[2 * all + e], tp.l1, f);
            }
        } else if (fold > 1) {
            AxisTapArrays(ratioW_, t_.inW, t_.outW, o0, pixels, colLo, fold * 4);
            ExpandPassTable(0, all, pixels * fold, len, fold, pixels, 0);
        } else {  // one element per pixel: the taps straight into the table, a piece at a time
            LocalTensor<int32_t> tabI = tab_.Get<int32_t>();
            LocalTensor<float> tabF = tab_.Get<float>();
            ClearPassTable(0, all, len);
            const uint64_t piece = taps_.tapElems;
            const LocalTensor<float> i0 = TapArray(0), i1 = TapArray(1), l1 = TapArray(2);
            const float lo = -static_cast<float>(colLo);
            for (uint64_t p0 = 0; p0 < pixels; p0 += piece) {
                const uint32_t n = static_cast<uint32_t>((pixels - p0) < piece ? (pixels - p0) : piece);
                const int32_t cnt = static_cast<int32_t>(n);
                AxisTapsOnDevice(ratioW_, t_.inW, t_.outW, o0 + p0, n, i0, i1, l1, TapArray(3), TapArray(4),
                                 TapArray(5));
                Adds(i0, i0, lo, cnt);
                Muls(i0, i0, 4.0f, cnt);
                Adds(i1, i1, lo, cnt);
                Muls(i1, i1, 4.0f, cnt);
                Cast(tabI[p0], i0, RoundMode::CAST_RINT, n);
                Cast(tabI[all + p0], i1, RoundMode::CAST_RINT, n);
                Adds(tabF[2 * all + p0], l1, 0.0f, cnt);
            }
        }
        ReplicatePassTable(len, 0, t_.wBatchRows, srcStride);
    }

    // Volume mode (dense staging): the three pass tables of one slab (TrilinearVolumeWEntry, HEntry,
    // DEntry), then their groupSlabs copies.
    __aicore__ inline void BuildVolumeTablesOnDevice()
    {
        const uint64_t g = t_.groupSlabs;
        const uint64_t fold = t_.channelFold, row = t_.outRow, plane = t_.outH * t_.outRow;
        // W: staged row r, pixel ow, channel ch -> r * inRow + i(ow) * fold + ch
        AxisTapArrays(ratioW_, t_.inW, t_.outW, 0, t_.outW, 0, fold * 4);
        ExpandPassTable(wAt_, g * t_.wPassPad, t_.wPassLen, t_.wPassPad, fold, t_.outW, t_.inRow * 4);
        // H: staged plane p, output row oh, element e -> (p * inH + i(oh)) * outRow + e
        AxisTapArrays(ratioH_, t_.inH, t_.outH, 0, t_.outH, 0, row * 4);
        ExpandPassTable(hAt_, g * t_.hPassPad, t_.hPassLen, t_.hPassPad, row, t_.outH, t_.inH * row * 4);
        // D: output plane od, element q of the plane -> i(od) * plane + q
        AxisTapArrays(ratioD_, t_.inD, t_.outD, 0, t_.outD, 0, plane * 4);
        ExpandPassTable(dAt_, g * t_.outSlabPad, t_.outSlab, t_.outSlabPad, plane, t_.outD, 0);
        ReplicatePassTable(t_.wPassPad, wAt_, g, t_.xSlabElems);
        ReplicatePassTable(t_.hPassPad, hAt_, g, t_.wPassPad);
        ReplicatePassTable(t_.outSlabPad, dAt_, g, t_.hPassPad);
    }

    // The compaction tables (TrilinearNeedsCompaction) in ctab_: the write's packing table (of
    // io-dtype elements; none where packed H rows need no write packing) and, for packed H rows
    // (TrilinearPacksHRows), the table packing one chunk's rows of 4-byte H tables, at
    // TrilinearHPackTableAt.
    __aicore__ inline void BuildCompactionTables()
    {
        LocalTensor<int32_t> ctab = ctab_.Get<int32_t>();
        if (stageWrite_) {
            BuildOffsetTable(ctab, TrilinearCompactSegments(t_) * TrilinearCompactSegmentLen(t_),
                             TrilinearCompactSegmentLen(t_), TrilinearCompactSegmentPad(t_), sizeof(T));
        }
        if (packedH_) {
            BuildOffsetTable(ctab[TrilinearHPackTableAt(t_)], t_.rowsPerChunk * t_.outRow, t_.outRow, t_.outRowPad, 4);
        }
    }

    // dst[i] for i < n, i = s * segLen + q: the byte offset of element q of padded segment s,
    // (i + s * (segPad - segLen)) * elemBytes, s by fp32 index arithmetic as in ExpandPassTable; in
    // chunks of half the Gather scratch (tmp_, free here).
    __aicore__ inline void BuildOffsetTable(const LocalTensor<int32_t>& ctab, uint64_t n, uint64_t segLen,
                                            uint64_t segPad, uint32_t elemBytes)
    {
        const uint64_t half = TrilinearLayout(t_).tmpBytes / 4 / 2 / 8 * 8;  // >= 8 (TrilinearLayout)
        LocalTensor<float> a = tmp_.Get<float>(), b = a[half];
        LocalTensor<int32_t> bi = b.template ReinterpretCast<int32_t>();
        for (uint64_t c0 = 0; c0 < n; c0 += half) {
            const uint32_t m = static_cast<uint32_t>((n - c0) < half ? (n - c0) : half);
            const int32_t cnt = static_cast<int32_t>(m);
            CreateVecIndex(a, static_cast<float>(c0), m);
            Adds(b, a, 0.5f, cnt);
            Muls(b, b, 1.0f / static_cast<float>(segLen), cnt);
            Cast(bi, b, RoundMode::CAST_TRUNC, m);
            Cast(b, bi, RoundMode::CAST_NONE, m);
            Axpy(a, b, static_cast<float>(segPad - segLen), cnt);
            Muls(a, a, static_cast<float>(elemBytes), cnt);
            Cast(ctab[c0], a, RoundMode::CAST_RINT, m);
        }
    }

    // One Gather pass: dst[i] = L0[i] * src[base0 + T0[i]] + L1[i] * src[base1 + T1[i]], i < count
    // (bases in bytes), every tap multiplied.
    __aicore__ inline void BlendGathers(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                        const LocalTensor<uint32_t>& t0, const LocalTensor<uint32_t>& t1,
                                        const LocalTensor<float>& l1, const LocalTensor<float>& l0, uint32_t base0,
                                        uint32_t base1, uint32_t count)
    {
        LocalTensor<float> tmp = tmp_.Get<float>();
        Gather(dst, src, t0, base0, count);
        Gather(tmp, src, t1, base1, count);
        Mul(dst, dst, l0, static_cast<int32_t>(count));        // lambda0 * tap 0
        MulAddDst(dst, tmp, l1, static_cast<int32_t>(count));  // + tap 1 * lambda1
    }

    // BlendGathers with T0, T1, L1, L0 stored `tabAll` elements apart from the start of tabU / tabF,
    // both taps at one base.
    __aicore__ inline void GatherPass(const LocalTensor<float>& dst, const LocalTensor<float>& src,
                                      const LocalTensor<uint32_t>& tabU, const LocalTensor<float>& tabF,
                                      uint64_t tabAll, uint32_t baseBytes, uint32_t count)
    {
        BlendGathers(dst, src, tabU, tabU[tabAll], tabF[2 * tabAll], tabF[3 * tabAll], baseBytes, baseBytes, count);
    }

    // First input row of output row oh's pair slot (pair-rows mode).
    __aicore__ inline int64_t PairStart(uint64_t oh) const
    {
        AxisTap tp;
        Tap(ratioH_, static_cast<int64_t>(oh), t_.inH, t_.outH, tp);
        const int64_t last = static_cast<int64_t>(t_.inH - t_.pairRows);
        return tp.i0 < last ? tp.i0 : last;
    }

    // Packs `n` elements (row/slab padded layout in `padded`) into y-order in `packed` with the
    // host-built compaction table, and appends the last 32 B of the packed stream at
    // RoundUp(n, blk) for ai::WriteGmRange.  `segLen`/`segPad`: packed and padded segment lengths
    // (fixed for a launch, so the tail's offsets are written only when n changes).
    __aicore__ inline void Compact(const LocalTensor<T>& packed, const LocalTensor<T>& padded, uint64_t n,
                                   uint64_t segLen, uint64_t segPad)
    {
        LocalTensor<uint32_t> ctab = ctab_.Get<uint32_t>();
        Gather(packed, padded, ctab, 0, static_cast<uint32_t>(n));
        if (n % blk_ == 0 || n < blk_) return;
        GatherTailBlock(packed[TriRoundUp(n, blk_)], padded, n, segLen, segPad);
    }

    // 310P: the last 32 B of a packed range of n elements into `dst` (the tail ai::WriteGmRange
    // writes), gathered from `src`, where packed element k is element (k / segLen) * segPad + k % segLen
    // (segPad == segLen: src is the packed range itself).
    __aicore__ inline void GatherTailBlock(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t n,
                                           uint64_t segLen, uint64_t segPad)
    {
        LocalTensor<uint32_t> tail = tailTab_.Get<uint32_t>();
        if (n != tailFor_) {
            ai::Sync<HardEvent::V_S>();  // the previous tail's Gather has read the table
            for (uint64_t i = 0; i < blk_; ++i) {
                const uint64_t k = n - blk_ + i;
                const uint64_t seg = k / segLen;
                tail.SetValue(static_cast<uint32_t>(i),
                              static_cast<uint32_t>((seg * segPad + (k - seg * segLen)) * sizeof(T)));
            }
            ai::Sync<HardEvent::S_V>();
            tailFor_ = n;
        }
        Gather(dst, src, tail, 0, static_cast<uint32_t>(blk_));
    }

    // 310P packed H rows: the n packed elements' last 32 B again at element RoundUp(n, blk_) of y,
    // gathered into the Gather scratch (free at a write; a Gather's source and destination must not
    // overlap) and moved bit-exactly.
    __aicore__ inline void RepeatPackedTail(const LocalTensor<T>& y, uint64_t n)
    {
        if (n % blk_ == 0 || n < blk_) return;
        LocalTensor<T> stage = tmp_.Get<T>();
        GatherTailBlock(stage, y, n, n, n);
        using TI = typename ai::BitsView<T>::Type;
        Muls(y[TriRoundUp(n, blk_)].template ReinterpretCast<TI>(), stage.template ReinterpretCast<TI>(),
             static_cast<TI>(1), static_cast<int32_t>(blk_));
    }

    // 910B plane packing (TrilinearPacksPlaneChunks): each of the `count` staged plane chunks
    // (padded rows, `slotElems` apart) packed into its own 32 B-aligned slot of y with the
    // compaction table of one chunk.
    __aicore__ inline void PackPlaneChunks(const LocalTensor<T>& y, const LocalTensor<T>& staged, uint64_t count,
                                           uint64_t slotElems)
    {
        LocalTensor<uint32_t> ctab = ctab_.Get<uint32_t>();
        const uint64_t slot = TrilinearPackedSlotElems(t_);
        for (uint64_t k = 0; k < count; ++k) {
            Gather(y[k * slot], staged[k * slotElems], ctab, 0, static_cast<uint32_t>(rows_ * t_.outRow));
        }
    }

    // fp32 input view of a staged input tensor: fp32 io uses it directly, 16-bit io Casts.
    __aicore__ inline LocalTensor<float> InputAsFloat(const LocalTensor<T>& x, uint64_t elems)
    {
        if constexpr (sizeof(T) == 4) {
            return x.template ReinterpretCast<float>();
        } else {
            LocalTensor<float> xf = inF_.Get<float>();
            Cast(xf, x, RoundMode::CAST_NONE, static_cast<uint32_t>(TriRoundUp(elems, t_.padElems)));
            return xf;
        }
    }

    // ------------------------------------------------------------------ rows mode
    __aicore__ inline void LoadRowTables()
    {
        if (t_.subRows == 0) {
            if (t_.tablesOnDevice) {
                BuildRowTableOnDevice(0, t_.inRow);
            } else {
                LoadPassTable(t_.wTabOffset, t_.wTabLen, 0, t_.wBatchRows, t_.inRow);
            }
        }
        if (compact_) BuildCompactionTables();
        if (t_.rowTails) {  // lane byte offsets of one tail block, after the per-row tail tables
            LocalTensor<int32_t> lanes = tailTab_.Get<int32_t>()[t_.rowsPerChunk * blk_];
            CreateVecIndex(lanes, static_cast<int32_t>(0), static_cast<uint32_t>(blk_));
            Muls(lanes, lanes, static_cast<int32_t>(4), static_cast<int32_t>(blk_));
        }
        if (t_.hGather) {  // lane byte offsets 0, 4, 8, ... of one padded row
            LocalTensor<int32_t> lanes = hTab_.Get<int32_t>()[HTablesAt().lanes];
            CreateVecIndex(lanes, static_cast<int32_t>(0), static_cast<uint32_t>(t_.outRowPad));
            Muls(lanes, lanes, static_cast<int32_t>(4), static_cast<int32_t>(t_.outRowPad));
        }
    }

    // Row of output row oh0+j's tap h within the W-pass buffer is h - RowBase(j).
    __aicore__ inline int64_t RowBase(uint64_t j) const
    {
        return t_.pairSlotElems ? PairStart(oh0_ + j) - static_cast<int64_t>(j * t_.pairRows) : hLo_;
    }

    // Per-unit H-pass tables: for output row j, byte offsets of its two tap rows in the W-pass
    // buffer plus the lane, and its two weights broadcast over the row.  Per row tap 0's offsets
    // and lambda1 (2 vector ops); then over the whole chunk tap 1 = tap 0 + one row (i1 = i0 + 1;
    // rows clamped at the axis end, a suffix, read i0 again) and lambda0 = 1 - lambda1 (4 ops).
    // Every input plane of the unit then takes 5 long ops for its H pass.
    // Where the per-unit H tables keep each array (T0, T1, lambda1, lambda0, lanes), in elements;
    // with tap 1 read from tap 0's offsets (TrilinearHTap1FromTap0) there is no T1 array.
    struct HTableAt {
        uint64_t t1, l1, l0, lanes;
    };
    __aicore__ inline HTableAt HTablesAt() const
    {
        const uint64_t all = t_.rowsPerChunk * t_.outRowPad;
        return hTap1FromTap0_ ? HTableAt{0, all, 2 * all, 3 * all} : HTableAt{all, 2 * all, 3 * all, 4 * all};
    }

    __aicore__ inline void BuildHTables()
    {
        if (packedH_) {
            BuildPackedHTables();
            return;
        }
        const uint64_t pad = t_.outRowPad;
        const HTableAt at = HTablesAt();
        const int32_t n = static_cast<int32_t>(rows_ * pad);
        LocalTensor<int32_t> tabI = hTab_.Get<int32_t>();
        LocalTensor<float> tabF = hTab_.Get<float>();
        const uint64_t clamped = HTableRows(tabI, tabF[at.l1]);
        copyLastRow_ = hTap1FromTap0_ && clamped < rows_;
        if (!hTap1FromTap0_) {
            Adds(tabI[at.t1], tabI, static_cast<int32_t>(pad * 4), n);
            if (clamped < rows_) {
                Adds(tabI[at.t1 + clamped * pad], tabI[clamped * pad], 0, static_cast<int32_t>((rows_ - clamped) * pad));
            }
        }
        Muls(tabF[at.l0], tabF[at.l1], -1.0f, n);
        Adds(tabF[at.l0], tabF[at.l0], 1.0f, n);
    }

    // Tap 0's byte offsets (lane added) into t0 and lambda1 into l1 for each of the unit's output
    // rows, rows outRowPad apart; returns the first row whose tap 1 is its tap 0 (rows_: none).
    __aicore__ inline uint64_t HTableRows(const LocalTensor<int32_t>& t0, const LocalTensor<float>& l1)
    {
        const uint64_t pad = t_.outRowPad;
        const LocalTensor<int32_t> lanes = hTab_.Get<int32_t>()[HTablesAt().lanes];
        uint64_t clamped = rows_;
        for (uint64_t j = 0; j < rows_; ++j) {
            AxisTap tp;
            Tap(ratioH_, static_cast<int64_t>(oh0_ + j), t_.inH, t_.outH, tp);
            Adds(t0[j * pad], lanes, static_cast<int32_t>((tp.i0 - RowBase(j)) * pad * 4), static_cast<int32_t>(pad));
            Duplicate(l1[j * pad], tp.l1, static_cast<int32_t>(pad));
            if (tp.i1 == tp.i0 && clamped == rows_) clamped = j;
        }
        return clamped;
    }

    // Packed H rows (TrilinearPacksHRows): the tables with the unit's rows outRow apart.  The padded
    // rows are built with T0 in the second array (T1, or lambda1 when tap 1 reads tap 0's offsets)
    // and lambda1 in the lambda0 array, then each table is packed into place with the 4-byte table
    // in ctab_ (a Gather's source lies after its destination: the two must not overlap): T0; with a
    // tap-1 table, T1 = T0 + one W row (T0 again in clamped rows) padded in the lambda1 array, then
    // packed; lambda1; and lambda0 = 1 - lambda1.
    __aicore__ inline void BuildPackedHTables()
    {
        const HTableAt at = HTablesAt();
        const uint64_t pad = t_.outRowPad, all = t_.rowsPerChunk * pad;
        const uint32_t n = static_cast<uint32_t>(rows_ * t_.outRow);
        LocalTensor<int32_t> tabI = hTab_.Get<int32_t>();
        LocalTensor<float> tabF = hTab_.Get<float>();
        LocalTensor<uint32_t> pack = ctab_.Get<uint32_t>()[TrilinearHPackTableAt(t_)];
        const uint64_t clamped = HTableRows(tabI[all], tabF[at.l0]);
        copyLastRow_ = hTap1FromTap0_ && clamped < rows_;
        Gather(tabF, tabF[all], pack, 0, n);
        if (!hTap1FromTap0_) {
            if (clamped > 0) {
                Adds(tabI[at.l1], tabI[all], static_cast<int32_t>(pad * 4), static_cast<int32_t>(clamped * pad));
            }
            if (clamped < rows_) {
                Adds(tabI[at.l1 + clamped * pad], tabI[all + clamped * pad], 0,
                     static_cast<int32_t>((rows_ - clamped) * pad));
            }
            Gather(tabF[at.t1], tabF[at.l1], pack, 0, n);
        }
        Gather(tabF[at.l1], tabF[at.l0], pack, 0, n);
        Muls(tabF[at.l0], tabF[at.l1], -1.0f, static_cast<int32_t>(n));
        Adds(tabF[at.l0], tabF[at.l0], 1.0f, static_cast<int32_t>(n));
    }

    // The smallest input index > last that output indices [*scan, end) of one axis tap, or -1; taps
    // are monotone in the output index, so *scan only moves forward.
    __aicore__ inline int64_t NextTap(float ratio, uint64_t in, uint64_t out, uint64_t end, int64_t last,
                                      uint64_t* scan) const
    {
        while (*scan < end) {
            AxisTap tp;
            Tap(ratio, static_cast<int64_t>(*scan), in, out, tp);
            if (tp.i0 > last) return tp.i0;
            if (tp.i1 > last) return tp.i1;
            ++*scan;
        }
        return -1;
    }

    // Next input plane (> last) the unit's output planes [scan_, od1_) need, or -1.
    __aicore__ inline int64_t NextPlane(int64_t last) { return NextTap(ratioD_, t_.inD, t_.outD, od1_, last, &scan_); }

    __aicore__ inline uint64_t PlaneBase(int64_t d) const { return InRowAt(d, 0); }

    // GM element offset of input row h of plane d of the unit's slab (channel chunks: its first channel)
    __aicore__ inline uint64_t InRowAt(int64_t d, int64_t h) const
    {
        return TrilinearGmRowAt(t_, t_.inSlab, t_.inH, t_.inRow, slab_, static_cast<uint64_t>(d),
                                static_cast<uint64_t>(h));
    }

    // Channel chunks: `pixels` consecutive pixels' channelFold channels (channelChunks * channelFold
    // apart in GM) read packed into dst / written from src, one DMA: the tiling keeps pixels within
    // a DMA's 4095 blocks and the runs whole 32 B blocks (so 310P's DataCopy takes them too).
    struct ChannelRuns {
        uint32_t runBytes;  // one pixel's channels of the chunk
        uint32_t gapBytes;  // the other chunks' channels between two runs in GM
    };
    __aicore__ inline ChannelRuns ChannelRunsOf() const
    {
        const uint32_t run = static_cast<uint32_t>(t_.channelFold * sizeof(T));
        return ChannelRuns{run, static_cast<uint32_t>((t_.channelChunks - 1) * run)};
    }
    __aicore__ inline void LoadChannelRuns(const LocalTensor<T>& dst, uint64_t src, uint64_t pixels)
    {
        const ChannelRuns c = ChannelRunsOf();
        if constexpr (kPad) {
            DataCopyExtParams p{static_cast<uint16_t>(pixels), c.runBytes, c.gapBytes, 0, 0};
            DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            DataCopyPad(dst, xGm_[src], p, pad);
        } else {
            DataCopyParams p;
            p.blockCount = static_cast<uint16_t>(pixels);
            p.blockLen = static_cast<uint16_t>(c.runBytes / 32);
            p.srcStride = static_cast<uint16_t>(c.gapBytes / 32);
            p.dstStride = 0;
            DataCopy(dst, xGm_[src], p);
        }
    }
    __aicore__ inline void WriteChannelRuns(uint64_t dst, const LocalTensor<T>& src, uint64_t pixels)
    {
        const ChannelRuns c = ChannelRunsOf();
        if constexpr (kPad) {
            DataCopyExtParams p{static_cast<uint16_t>(pixels), c.runBytes, 0, c.gapBytes, 0};
            DataCopyPad(yGm_[dst], src, p);
        } else {
            DataCopyParams p;
            p.blockCount = static_cast<uint16_t>(pixels);
            p.blockLen = static_cast<uint16_t>(c.runBytes / 32);
            p.srcStride = 0;
            p.dstStride = static_cast<uint16_t>(c.gapBytes / 32);
            DataCopy(yGm_[dst], src, p);
        }
    }

    // Loads the next run of up to planesPerLoad consecutive needed input planes (one DMA on 910B, and
    // on 310P for whole 32 B rows or contiguous planes).
    struct PlaneBatch {
        int64_t first;
        uint64_t count;
        uint64_t shift;  // contiguous plane loads: the element of the buffer holding the run's first one
    };
    __aicore__ inline PlaneBatch IssuePlaneBatch()
    {
        PlaneBatch b{nextPlane_, 0, 0};
        if (nextPlane_ < 0) return b;
        b.count = 1;
        while (true) {
            const int64_t n = NextPlane(b.first + static_cast<int64_t>(b.count) - 1);
            if (n == b.first + static_cast<int64_t>(b.count) && b.count < t_.planesPerLoad) {
                ++b.count;
            } else {
                nextPlane_ = n;
                break;
            }
        }
        LocalTensor<T> x = inQ_.AllocTensor<T>();
        if (t_.channelChunks > 1) {  // the nh_ whole rows of one plane (b.count == 1)
            LoadChannelRuns(x, InRowAt(b.first, hLo_), nh_ * t_.inW);
        } else if (t_.subRows != 0) {  // sub-rows [colLo_, colLo_ + wIn_) of nh_ rows at UB stride inRowChunkPad
            const uint64_t src = PlaneBase(b.first) + static_cast<uint64_t>(hLo_) * t_.inRow + colLo_;
            if constexpr (kPad) {
                const uint64_t bytes = wIn_ * sizeof(T);
                DataCopyExtParams p{static_cast<uint16_t>(nh_), static_cast<uint32_t>(bytes),
                                    static_cast<uint32_t>((t_.inRow - wIn_) * sizeof(T)),
                                    static_cast<uint32_t>((t_.inRowChunkPad * sizeof(T) - TriRoundUp(bytes, 32)) / 32),
                                    0};
                DataCopyPadExtParams<T> pad{false, 0, 0, 0};
                DataCopyPad(x, xGm_[src], p, pad);
            } else {
                for (uint64_t r = 0; r < nh_; ++r) {
                    ai::ReadGmRange(x[r * t_.inRowChunkPad], xGm_, t_.inTotal, src + r * t_.inRow, wIn_);
                }
            }
        } else if (t_.pairSlotElems != 0) {
            const uint64_t plane = PlaneBase(b.first);
            for (uint64_t j = 0; j < rows_; ++j) {
                const uint64_t ps = static_cast<uint64_t>(PairStart(oh0_ + j));
                ai::ReadGmRange(x[j * t_.pairSlotElems], xGm_, t_.inTotal, plane + ps * t_.inRow,
                                t_.pairRows * t_.inRow);
            }
        } else if (contiguousPlanes_) {  // 310P, whole planes: the run is one range of planes
            const uint64_t planeElems = t_.inH * t_.inRow;
            b.shift = ai::ReadGmRange(x, xGm_, t_.inTotal, PlaneBase(b.first) + static_cast<uint64_t>(hLo_) * t_.inRow,
                                      (b.count - 1) * planeElems + nh_ * t_.inRow);
        } else if (b.count > 1) {
            const uint64_t src = PlaneBase(b.first) + static_cast<uint64_t>(hLo_) * t_.inRow;
            if constexpr (kPad) {
                const uint64_t bytes = nh_ * t_.inRow * sizeof(T);
                DataCopyExtParams p{static_cast<uint16_t>(b.count), static_cast<uint32_t>(bytes),
                                    static_cast<uint32_t>((t_.inH - nh_) * t_.inRow * sizeof(T)),
                                    static_cast<uint32_t>((t_.inSlotElems * sizeof(T) - TriRoundUp(bytes, 32)) / 32),
                                    0};
                DataCopyPadExtParams<T> pad{false, 0, 0, 0};
                DataCopyPad(x, xGm_[src], p, pad);
            } else {  // 310P: rows are whole 32 B blocks (tiling)
                DataCopyParams p;
                p.blockCount = static_cast<uint16_t>(b.count);
                p.blockLen = static_cast<uint16_t>(nh_ * t_.inRow * sizeof(T) / 32);
                p.srcStride = static_cast<uint16_t>((t_.inH - nh_) * t_.inRow * sizeof(T) / 32);
                p.dstStride = static_cast<uint16_t>((t_.inSlotElems - nh_ * t_.inRow) * sizeof(T) / 32);
                DataCopy(x, xGm_[src], p);
            }
        } else {
            for (uint64_t k = 0; k < b.count; ++k) {
                ai::ReadGmRange(x[k * t_.inSlotElems], xGm_, t_.inTotal,
                          PlaneBase(b.first + static_cast<int64_t>(k)) + static_cast<uint64_t>(hLo_) * t_.inRow,
                          nh_ * t_.inRow);
            }
        }
        inQ_.EnQue(x);
        return b;
    }

    // W then H pass of input plane d (plane k of the staged batch x, loaded from element `batchShift`
    // on with contiguous plane loads) into P slot `slot`.
    __aicore__ inline void ComputePlane(uint64_t slot, const LocalTensor<T>& x, uint64_t k, uint64_t batchShift,
                                        int64_t d)
    {
        // the plane's slot in x (32 B-aligned) and, with contiguous plane loads, where its first row is
        uint64_t slotAt = k * t_.inSlotElems, landed = 0;
        if (contiguousPlanes_) {
            const uint64_t at = k * t_.inH * t_.inRow + batchShift;
            slotAt = at / t_.padElems * t_.padElems;
            landed = at - slotAt;
        }
        const LocalTensor<T> xs = x[slotAt];
        LocalTensor<float> xf;
        if (!castPerBatch_) xf = InputAsFloat(xs, t_.inSlotElems);  // one slot
        const LocalTensor<float> w = WPass(xs, xf, landed, PlaneBase(d));
        if (wRowsBlend_) Axpy(w, w, 0.0f, static_cast<int32_t>(nh_ * t_.outRowPad));
        LocalTensor<float> p = hBuf_.Get<float>()[slot * t_.rowsPerChunk * t_.outRowPad];
        HPass(p, w);
    }

    // Per-batch Casts (TrilinearCastsPerWBatch): `rows` staged rows of xs from element e0 on, Cast to
    // fp32 into inF_ from the 32 B block holding e0 (never past the plane's slot); *base becomes e0's
    // element offset in the result.
    __aicore__ inline LocalTensor<float> CastWBatch(const LocalTensor<T>& xs, uint64_t rows, uint64_t* base)
    {
        LocalTensor<float> xf = inF_.Get<float>();
        if constexpr (sizeof(T) != 4) {  // (fp32 io never Casts per batch)
            const uint64_t e0 = *base;
            const uint64_t a0 = e0 / t_.padElems * t_.padElems;
            const uint64_t want = TriRoundUp(e0 - a0 + rows * t_.inRow, t_.padElems);
            const uint64_t count = want < (t_.inSlotElems - a0) ? want : (t_.inSlotElems - a0);
            Cast(xf, xs[a0], RoundMode::CAST_NONE, static_cast<uint32_t>(count));
            *base = e0 - a0;
        }
        return xf;
    }

    // The W pass of the plane's staged rows xs, as fp32 in xf (row hLo_ at element `landed`, or, for
    // whole rows read on their own, where the read put it; `plane`: the plane's first GM element): its
    // rows, outRowPad apart, row r holding input row RowBase + r.  An identity W (wCopy_) whose rows
    // start 32 B-aligned is the staged rows themselves, blended in place (x + 0 * x) unless the
    // identity H pass blends them.  With per-batch Casts xf is unset and each batch is Cast here.
    __aicore__ inline LocalTensor<float> WPass(const LocalTensor<T>& xs, const LocalTensor<float>& xf, uint64_t landed,
                                               uint64_t plane)
    {
        const bool pairs = t_.pairSlotElems != 0;
        const uint64_t pad = t_.outRowPad;
        const uint64_t batch = t_.wBatchRows;
        const uint64_t all = batch * pad;
        LocalTensor<float> wb = wBuf_.Get<float>();
        LocalTensor<uint32_t> wU = tab_.Get<uint32_t>();
        LocalTensor<float> wF = tab_.Get<float>();
        if (t_.subRows != 0) {
            const uint64_t src = plane + static_cast<uint64_t>(hLo_) * t_.inRow + colLo_;
            for (uint64_t r = 0; r < nh_; r += batch) {
                const uint64_t nr = (nh_ - r) < batch ? (nh_ - r) : batch;  // batch 1 on 310P
                const uint64_t sh = ai::GmReadShift<T>(t_.inTotal, src + r * t_.inRow, wIn_);
                GatherPass(wb[r * pad], xf, wU, wF, all, static_cast<uint32_t>((r * t_.inRowChunkPad + sh) * 4),
                           static_cast<uint32_t>(nr * pad));
            }
        } else if (!pairs) {
            // where the plane's first row landed: channel chunks are read whole blocks in place
            // (LoadChannelRuns), a plane read on its own lands where its read puts it
            uint64_t shift = landed;
            if (!contiguousPlanes_ && t_.channelChunks == 1) {
                shift = ai::GmReadShift<T>(t_.inTotal, plane + static_cast<uint64_t>(hLo_) * t_.inRow, nh_ * t_.inRow);
            }
            if (wCopy_ && shift % kFloatsPerBlock == 0) {
                LocalTensor<float> rows = xf[shift];
                if (!hCopy_) Axpy(rows, rows, 0.0f, static_cast<int32_t>(nh_ * t_.inRow));
                return rows;
            }
            for (uint64_t r = 0; r < nh_; r += batch) {
                const uint64_t nr = (nh_ - r) < batch ? (nh_ - r) : batch;
                uint64_t base = shift + r * t_.inRow;
                const LocalTensor<float> src = castPerBatch_ ? CastWBatch(xs, nr, &base) : xf;
                GatherPass(wb[r * pad], src, wU, wF, all, static_cast<uint32_t>(base * 4), static_cast<uint32_t>(nr * pad));
            }
        } else {
            for (uint64_t j = 0; j < rows_; ++j) {
                const uint64_t ps = static_cast<uint64_t>(PairStart(oh0_ + j));
                const uint64_t sh = ai::GmReadShift<T>(t_.inTotal, plane + ps * t_.inRow, t_.pairRows * t_.inRow);
                GatherPass(wb[j * t_.pairRows * pad], xf, wU, wF, all,
                           static_cast<uint32_t>((j * t_.pairSlotElems + sh) * 4),
                           static_cast<uint32_t>(t_.pairRows * pad));
            }
        }
        return wb;
    }

    // Elements of the unit's chunk in a P slot and the D pass: rows outRowPad apart, or packed
    // (TrilinearPacksHRows).
    __aicore__ inline uint64_t ChunkElems() const { return rows_ * (packedH_ ? t_.outRow : t_.outRowPad); }

    // The H pass of the W pass's rows `w` into P slot `p`: an identity H (hCopy_) as 1 * x + 0 * x
    // over the whole chunk (rows oh0_.. are w's rows from RowBase on), else the Gather form or
    // Muls + Axpy per output row.
    __aicore__ inline void HPass(const LocalTensor<float>& p, const LocalTensor<float>& w)
    {
        const uint64_t pad = t_.outRowPad;
        if (hCopy_) {
            const LocalTensor<float> rows = w[(static_cast<int64_t>(oh0_) - RowBase(0)) * pad];
            const int32_t n = static_cast<int32_t>(rows_ * pad);
            Muls(p, rows, 1.0f, n);
            Axpy(p, rows, 0.0f, n);
        } else if (t_.hGather && hTap1FromTap0_) {  // tap 1: tap 0's offsets, one W row further on
            const HTableAt at = HTablesAt();
            LocalTensor<uint32_t> t0 = hTab_.Get<uint32_t>();
            LocalTensor<float> tabF = hTab_.Get<float>();
            if (copyLastRow_) Muls(w[nh_ * pad], w[(nh_ - 1) * pad], 1.0f, static_cast<int32_t>(pad));
            BlendGathers(p, w, t0, t0, tabF[at.l1], tabF[at.l0], 0, static_cast<uint32_t>(pad * 4),
                         static_cast<uint32_t>(ChunkElems()));
        } else if (t_.hGather) {
            GatherPass(p, w, hTab_.Get<uint32_t>(), hTab_.Get<float>(), t_.rowsPerChunk * pad, 0,
                       static_cast<uint32_t>(ChunkElems()));
        } else {
            for (uint64_t j = 0; j < rows_; ++j) {
                AxisTap tp;
                Tap(ratioH_, static_cast<int64_t>(oh0_ + j), t_.inH, t_.outH, tp);
                const int64_t base = RowBase(j);
                Muls(p[j * pad], w[(tp.i0 - base) * pad], tp.l0, static_cast<int32_t>(pad));
                Axpy(p[j * pad], w[(tp.i1 - base) * pad], tp.l1, static_cast<int32_t>(pad));
            }
        }
    }

    // The D pass of one output plane (taps `dt`, P slots s0 and s1 of `pb`) over n elements: Muls of
    // tap 0 + Axpy of tap 1 into `of`.  An identity D (dCopy_) after the identity H's blend is a copy;
    // with 16-bit io it blends the slot in place (x + 0 * x; none after the identity H's or where the
    // W rows were blended, nanInW_) and returns the slot for the Cast.  Returns the fp32 result.
    __aicore__ inline LocalTensor<float> DPass(const LocalTensor<float>& of, const LocalTensor<float>& pb, uint64_t s0,
                                               uint64_t s1, const AxisTap& dt, uint64_t slotElems, int32_t n)
    {
        if (dCopy_ && (hCopy_ || sizeof(T) != 4)) {
            LocalTensor<float> slot = pb[s1 * slotElems];
            if constexpr (sizeof(T) != 4) {
                if (!hCopy_ && !nanInW_) Axpy(slot, slot, 0.0f, n);
                return slot;
            }
            Muls(of, slot, 1.0f, n);
            return of;
        }
        Muls(of, pb[s0 * slotElems], dt.l0, n);
        Axpy(of, pb[s1 * slotElems], dt.l1, n);
        return of;
    }

    // Writes `count` buffered output plane chunks (first one: output plane od) from y.
    __aicore__ inline void WritePlanes(const LocalTensor<T>& y, uint64_t od, uint64_t count)
    {
        const uint64_t pad = t_.outRowPad;
        const uint64_t dst =
            TrilinearGmRowAt(t_, t_.outSlab, t_.outH, t_.outRow, slab_, od, oh0_) + owc0_ * t_.channelFold;
        const uint64_t n = rows_ * t_.outRow;
        if (t_.channelChunks > 1) {  // rows_ whole rows of one plane (count == 1), packed in y
            WriteChannelRuns(dst, y, rows_ * t_.outW);
            return;
        }
        if (t_.subRows != 0) {  // rows_ sub-rows of wOut_ elements, GM row stride outRow (count == 1)
            if constexpr (kPad) {
                DataCopyExtParams p{static_cast<uint16_t>(rows_), static_cast<uint32_t>(wOut_ * sizeof(T)),
                                    static_cast<uint32_t>((pad * sizeof(T) - TriRoundUp(wOut_ * sizeof(T), 32)) / 32),
                                    static_cast<uint32_t>((t_.outRow - wOut_) * sizeof(T)), 0};
                DataCopyPad(yGm_[dst], y, p);
            } else {
                WriteSubRows310p(y, dst, pad);
            }
            return;
        }
        if constexpr (kPad) {
            if (packPlanes_) {  // one block per packed plane chunk, GM gap = the other rows of the plane
                const uint64_t used = TriRoundUp(n, blk_);
                DataCopyExtParams p{static_cast<uint16_t>(count), static_cast<uint32_t>(n * sizeof(T)),
                                    static_cast<uint32_t>((TrilinearPackedSlotElems(t_) - used) * sizeof(T) / 32),
                                    static_cast<uint32_t>((t_.outH - rows_) * t_.outRow * sizeof(T)), 0};
                DataCopyPad(yGm_[dst], y, p);
                return;
            }
        }
        if (compact_) {  // packed; several planes only with whole-plane chunks (adjacent in GM)
            ai::WriteGmRange(yGm_, y, dst, count * n);
        } else if (count == 1 && pad == t_.outRow) {
            ai::WriteGmRange(yGm_, y, dst, n);
        } else if constexpr (kPad) {
            if (pad == t_.outRow) {  // one block per plane chunk, GM gap = the other rows of the plane
                // UB slots are rowsPerChunk rows apart; a ragged last chunk leaves a gap
                DataCopyExtParams p{static_cast<uint16_t>(count), static_cast<uint32_t>(n * sizeof(T)),
                                    static_cast<uint32_t>((t_.rowsPerChunk - rows_) * pad * sizeof(T) / 32),
                                    static_cast<uint32_t>((t_.outH - rows_) * t_.outRow * sizeof(T)), 0};
                DataCopyPad(yGm_[dst], y, p);
            } else {  // padded UB rows; several planes only when chunks are whole planes
                DataCopyExtParams p{static_cast<uint16_t>(count * rows_), static_cast<uint32_t>(t_.outRow * sizeof(T)),
                                    0, 0, 0};
                DataCopyPad(yGm_[dst], y, p);
            }
        } else {  // 310P, aligned chunks and gaps (the tiling guarantees it when count > 1)
            DataCopyParams p;
            p.blockCount = static_cast<uint16_t>(count);
            p.blockLen = static_cast<uint16_t>(n * sizeof(T) / 32);
            p.srcStride = static_cast<uint16_t>((t_.rowsPerChunk - rows_) * pad * sizeof(T) / 32);
            p.dstStride = static_cast<uint16_t>((t_.outH - rows_) * t_.outRow * sizeof(T) / 32);
            DataCopy(yGm_[dst], y, p);
        }
    }

    // 310P sub-rows (no DataCopyPad): rows_ sub-rows of wOut_ elements at UB stride `pad`.
    __aicore__ inline void WriteSubRows310p(const LocalTensor<T>& y, uint64_t dst, uint64_t pad)
    {
        if (t_.rowTails) {  // unaligned rows: row by row, tails from the tail area
            const uint64_t main = wOut_ / blk_ * blk_;
            for (uint64_t j = 0; j < rows_; ++j) {
                DataCopy(yGm_[dst + j * t_.outRow], y[j * pad], static_cast<uint32_t>(main));
            }
            if (main != wOut_) {
                PipeBarrier<PIPE_MTE3>();  // each tail block overlaps its row's main copy
                for (uint64_t j = 0; j < rows_; ++j) {
                    DataCopy(yGm_[dst + j * t_.outRow + wOut_ - blk_], y[t_.rowsPerChunk * pad + j * blk_],
                             static_cast<uint32_t>(blk_));
                }
            }
            return;
        }
        // the tiling only chunks rows whose sub-rows are whole 32 B blocks
        DataCopyParams p;
        p.blockCount = static_cast<uint16_t>(rows_);
        p.blockLen = static_cast<uint16_t>(wOut_ * sizeof(T) / 32);
        p.srcStride = static_cast<uint16_t>((pad - wOut_) * sizeof(T) / 32);
        p.dstStride = static_cast<uint16_t>((t_.outRow - wOut_) * sizeof(T) / 32);
        DataCopy(yGm_[dst], y, p);
    }

    __aicore__ inline void RunRowUnit(uint64_t u)
    {
        // unit = ((wc * hChunks + hc) * slabs + slab) * dChunks + dc: W chunk and H chunk outermost,
        // so a core's consecutive units mostly share one W table and one set of H tables
        const uint64_t perWc = t_.hChunks * t_.slabs * t_.dChunks;
        const uint64_t wc = u / perWc;
        u = u % perWc;
        const uint64_t hc = u / (t_.slabs * t_.dChunks);
        u = u % (t_.slabs * t_.dChunks);
        slab_ = u / t_.dChunks;
        const uint64_t dc = u % t_.dChunks;
        if (t_.subRows != 0) {
            owc0_ = wc * t_.outPixPerChunk;
            const uint64_t owc1 = (owc0_ + t_.outPixPerChunk) < t_.outW ? (owc0_ + t_.outPixPerChunk) : t_.outW;
            AxisTap a, b;
            Tap(ratioW_, static_cast<int64_t>(owc0_), t_.inW, t_.outW, a);
            Tap(ratioW_, static_cast<int64_t>(owc1 - 1), t_.inW, t_.outW, b);
            colLo_ = static_cast<uint64_t>(a.i0) * t_.channelFold;
            wIn_ = static_cast<uint64_t>(b.i1 - a.i0 + 1) * t_.channelFold;
            wOut_ = (owc1 - owc0_) * t_.channelFold;
            if (static_cast<int64_t>(wc) != curWc_) {
                if (t_.tablesOnDevice) {
                    BuildRowTableOnDevice(wc, t_.inRowChunkPad);
                } else {
                    LoadPassTable(t_.wTabOffset + wc * 3 * t_.wTabLen * 4, t_.wTabLen, 0, t_.wBatchRows,
                                  t_.inRowChunkPad);
                }
                curWc_ = static_cast<int64_t>(wc);
            }
        }
        oh0_ = hc * t_.rowsPerChunk;
        rows_ = (t_.outH - oh0_) < t_.rowsPerChunk ? (t_.outH - oh0_) : t_.rowsPerChunk;
        const uint64_t od0 = dc * t_.planesPerChunk;
        od1_ = (od0 + t_.planesPerChunk) < t_.outD ? (od0 + t_.planesPerChunk) : t_.outD;
        AxisTap first, last;
        Tap(ratioH_, static_cast<int64_t>(oh0_), t_.inH, t_.outH, first);
        Tap(ratioH_, static_cast<int64_t>(oh0_ + rows_ - 1), t_.inH, t_.outH, last);
        hLo_ = first.i0;
        nh_ = static_cast<uint64_t>(last.i1 - hLo_ + 1);
        const bool tails = t_.rowTails && (wOut_ % blk_) != 0;
        if (tails) {  // byte offsets of each row's last blk_ elements in a P slot
            LocalTensor<int32_t> tab = tailTab_.Get<int32_t>();
            LocalTensor<int32_t> lanes = tab[t_.rowsPerChunk * blk_];
            for (uint64_t j = 0; j < rows_; ++j) {
                Adds(tab[j * blk_], lanes, static_cast<int32_t>((j * t_.outRowPad + wOut_ - blk_) * 4),
                     static_cast<int32_t>(blk_));
            }
        }
        if (t_.hGather && static_cast<int64_t>(wc * t_.hChunks + hc) != builtH_) {
            BuildHTables();
            builtH_ = static_cast<int64_t>(wc * t_.hChunks + hc);
        }
        const uint64_t pad = t_.outRowPad;
        const uint64_t chunkElems = ChunkElems();
        const uint64_t slotElems = t_.rowsPerChunk * pad;
        // where output plane chunk k of a write starts in y (staged writes: in the staging)
        const uint64_t outStride = packedH_ && !stageWrite_ ? TrilinearPackedPlaneStride(t_, rows_) : slotElems;

        // Input planes are computed in ascending order into P slot (k % 2); the plane an output
        // needs as tap 1 is always the latest computed and its tap 0 the one before (or the same).
        scan_ = od0;
        nextPlane_ = NextPlane(-1);
        PlaneBatch pend = IssuePlaneBatch();
        PlaneBatch cur{-1, 0, 0};
        uint64_t curIdx = 0;
        LocalTensor<T> xcur;
        int64_t slotPlane[2] = {-1, -1};
        uint64_t computed = 0;
        LocalTensor<T> y;
        uint64_t buffered = 0, firstOd = od0;
        for (uint64_t od = od0; od < od1_; ++od) {
            AxisTap dt;
            Tap(ratioD_, static_cast<int64_t>(od), t_.inD, t_.outD, dt);
            while (slotPlane[(computed + 1) % 2] != dt.i1) {
                if (cur.count == 0 || curIdx == cur.count) {
                    if (cur.count != 0) inQ_.FreeTensor(xcur);
                    xcur = inQ_.DeQue<T>();
                    cur = pend;
                    curIdx = 0;
                    pend = IssuePlaneBatch();  // prefetch the next run while this one is computed
                }
                const uint64_t slot = computed % 2;
                const int64_t d = cur.first + static_cast<int64_t>(curIdx);
                ComputePlane(slot, xcur, curIdx, cur.shift, d);
                slotPlane[slot] = d;
                ++curIdx;
                ++computed;
            }
            const uint64_t s1 = (computed + 1) % 2;  // latest computed slot holds tap 1
            const uint64_t s0 = (slotPlane[s1] == dt.i0) ? s1 : (computed % 2);
            LocalTensor<float> pb = hBuf_.Get<float>();
            if (buffered == 0) {
                y = outQ_.AllocTensor<T>();
                firstOd = od;
            }
            // D pass into the output slot `buffered`: straight into y (fp32), or through the fp32
            // scratch and a Cast (16-bit); with compaction (310P, unaligned rows) the padded planes
            // are staged and packed at the flush (several planes only with whole-plane chunks, whose
            // planes are adjacent in GM), unless the H pass wrote them packed (packedH_).
            LocalTensor<float> of;
            if constexpr (sizeof(T) == 4) {
                of = stageWrite_ ? outF_.Get<float>()[buffered * slotElems]
                                 : y[buffered * outStride].template ReinterpretCast<float>();
            } else {
                of = tmp_.Get<float>();  // the Gather passes' scratch, free during the D pass
            }
            const LocalTensor<float> res = DPass(of, pb, s0, s1, dt, slotElems, static_cast<int32_t>(chunkElems));
            if constexpr (sizeof(T) != 4) {
                const RoundMode rm = static_cast<RoundMode>(t_.castRoundMode);
                LocalTensor<T> dst = stageWrite_ ? cvt_.Get<T>()[buffered * slotElems] : y[buffered * outStride];
                Cast(dst, res, rm, static_cast<uint32_t>(chunkElems));
            }
            if (tails) {  // the same D pass on each row's last blk_ elements, into y's aligned tail area
                const uint32_t n = static_cast<uint32_t>(rows_ * blk_);
                LocalTensor<float> ta = tailStage_.Get<float>();
                LocalTensor<float> tb = ta[t_.rowsPerChunk * blk_];
                LocalTensor<uint32_t> tab = tailTab_.Get<uint32_t>();
                Gather(ta, pb, tab, static_cast<uint32_t>(s0 * slotElems * 4), n);
                Gather(tb, pb, tab, static_cast<uint32_t>(s1 * slotElems * 4), n);
                if constexpr (sizeof(T) == 4) {
                    LocalTensor<float> yt = y[t_.rowsPerChunk * pad].template ReinterpretCast<float>();
                    Muls(yt, ta, dt.l0, static_cast<int32_t>(n));
                    Axpy(yt, tb, dt.l1, static_cast<int32_t>(n));
                } else {
                    Muls(ta, ta, dt.l0, static_cast<int32_t>(n));
                    Axpy(ta, tb, dt.l1, static_cast<int32_t>(n));
                    Cast(y[t_.rowsPerChunk * pad], ta, static_cast<RoundMode>(t_.castRoundMode), n);
                }
            }
            ++buffered;
            if (buffered == t_.planesPerWrite || od + 1 == od1_) {
                if (packedH_ && !stageWrite_) {  // packed already; 310P writes the range's last 32 B again
                    const uint64_t n = buffered * rows_ * t_.outRow;
                    if (!packPlanes_) RepeatPackedTail(y, n);
                } else if (compact_) {
                    LocalTensor<T> staged;
                    if constexpr (sizeof(T) == 4) {
                        staged = outF_.Get<T>();
                    } else {
                        staged = cvt_.Get<T>();
                    }
                    if (packPlanes_) {
                        PackPlaneChunks(y, staged, buffered, slotElems);
                    } else {
                        Compact(y, staged, buffered * rows_ * t_.outRow, TrilinearCompactSegmentLen(t_),
                                TrilinearCompactSegmentPad(t_));
                    }
                }
                outQ_.EnQue(y);
                LocalTensor<T> yo = outQ_.DeQue<T>();
                WritePlanes(yo, firstOd, buffered);
                outQ_.FreeTensor(yo);
                buffered = 0;
            }
        }
        if (cur.count != 0) inQ_.FreeTensor(xcur);
    }

    // ------------------------------------------------------------------ volume mode
    __aicore__ inline void LoadVolumeTables()
    {
        const uint64_t g = t_.groupSlabs;
        wAt_ = TrilinearVolumeTableAt(t_, TRI_PASS_W);
        hAt_ = TrilinearVolumeTableAt(t_, TRI_PASS_H);
        dAt_ = TrilinearVolumeTableAt(t_, TRI_PASS_D);
        if (t_.tablesOnDevice) {
            BuildVolumeTablesOnDevice();
        } else {
            LoadPassTable(t_.wTabOffset, t_.wTabLen, wAt_, g, t_.xSlabElems);
            LoadPassTable(t_.hTabOffset, t_.hTabLen, hAt_, g, t_.wPassPad);
            LoadPassTable(t_.dTabOffset, t_.dTabLen, dAt_, g, t_.hPassPad);
        }
        if (compact_) BuildCompactionTables();
    }

    __aicore__ inline void IssueGroupLoad(uint64_t s, uint64_t g)
    {
        LocalTensor<T> x = inQ_.AllocTensor<T>();
        if (t_.sparseRows == 0) {
            pendingShift_ = ai::ReadGmRange(x, xGm_, t_.inTotal, s * t_.inSlab, g * t_.inSlab);
        } else {  // only the needed rows: (needed D planes) x (needed H rows), in ascending order
            for (uint64_t k = 0; k < g; ++k) {
                SparseRow row;
                for (bool more = FirstSparseRow(&row); more; more = NextSparseRow(&row)) {
                    ai::ReadGmRange(x[k * t_.xSlabElems + row.index * t_.sparseRowStride], xGm_, t_.inTotal,
                              SparseRowStart(s + k, row.d, row.h), t_.sparseWidth);
                }
            }
            pendingShift_ = 0;
        }
        inQ_.EnQue(x);
    }

    // The staged rows of a sparse slab, in the order the host's sparse tables assume: needed D planes
    // (ascending) x needed H rows (ascending); `index` counts the rows.
    struct SparseRow {
        int64_t d = -1, h = -1;
        uint64_t dScan = 0, hScan = 0, index = 0;
    };
    __aicore__ inline bool FirstSparseRow(SparseRow* r) const
    {
        *r = SparseRow{};
        r->d = NextTap(ratioD_, t_.inD, t_.outD, t_.outD, -1, &r->dScan);
        r->h = NextTap(ratioH_, t_.inH, t_.outH, t_.outH, -1, &r->hScan);
        return r->d >= 0 && r->h >= 0;
    }
    __aicore__ inline bool NextSparseRow(SparseRow* r) const
    {
        ++r->index;
        r->h = NextTap(ratioH_, t_.inH, t_.outH, t_.outH, r->h, &r->hScan);
        if (r->h >= 0) return true;
        r->d = NextTap(ratioD_, t_.inD, t_.outD, t_.outD, r->d, &r->dScan);
        if (r->d < 0) return false;
        r->hScan = 0;
        r->h = NextTap(ratioH_, t_.inH, t_.outH, t_.outH, -1, &r->hScan);
        return true;
    }

    __aicore__ inline uint64_t SparseRowStart(uint64_t slab, int64_t d, int64_t h) const
    {
        return slab * t_.inSlab + (static_cast<uint64_t>(d) * t_.inH + static_cast<uint64_t>(h)) * t_.inRow +
               t_.sparseColLo;
    }

    // 310P reads near the tensor's end land shifted (ai::ReadGmRange); move those staged rows back to
    // their slot start (Gather into scratch, copy back with Muls by 1, which keeps -0, inf, NaN).
    __aicore__ inline void RealignSparseRows(const LocalTensor<float>& xf, uint64_t s, uint64_t n)
    {
        bool lanesReady = false;
        LocalTensor<int32_t> lanes = tmp_.Get<int32_t>();
        LocalTensor<float> row = wBuf_.Get<float>();
        for (uint64_t k = 0; k < n; ++k) {
            SparseRow sr;
            for (bool more = FirstSparseRow(&sr); more; more = NextSparseRow(&sr)) {
                const uint64_t sh = ai::GmReadShift<T>(t_.inTotal, SparseRowStart(s + k, sr.d, sr.h), t_.sparseWidth);
                if (sh == 0) continue;
                if (!lanesReady) {
                    CreateVecIndex(lanes, static_cast<int32_t>(0), static_cast<uint32_t>(t_.sparseRowStride));
                    Muls(lanes, lanes, static_cast<int32_t>(4), static_cast<int32_t>(t_.sparseRowStride));
                    lanesReady = true;
                }
                const uint64_t at = k * t_.xSlabElems + sr.index * t_.sparseRowStride;
                Gather(row, xf, lanes.template ReinterpretCast<uint32_t>(), static_cast<uint32_t>((at + sh) * 4),
                       static_cast<uint32_t>(t_.sparseRowStride - sh));
                Muls(xf[at], row, 1.0f, static_cast<int32_t>(t_.sparseRowStride - sh));
            }
        }
    }

    __aicore__ inline void RunVolume()
    {
        // I/O groups of groupsPerIo * groupSlabs slabs: one input DMA and one output DMA each,
        // computed as compute groups of groupSlabs slabs (the replicated tables' size).  On 310P
        // with slabs under 32 B of output a short last I/O group is moved back to overlap the
        // previous one (same core, same values) so every write covers >= 32 B.
        const uint64_t io = t_.groupsPerIo * t_.groupSlabs;
        uint64_t s = workBegin_;
        uint64_t g = (workEnd_ - s) < io ? (workEnd_ - s) : io;
        IssueGroupLoad(s, g);
        uint64_t shift = pendingShift_;
        bool overlaps = false;  // this I/O group was moved back over the previous one's slabs
        while (s < workEnd_) {
            uint64_t ns = s + g;
            uint64_t ng = 0;
            bool nextOverlaps = false;
            if (ns < workEnd_) {
                ng = (workEnd_ - ns) < io ? (workEnd_ - ns) : io;
                if (ng < t_.inSlabShiftQuantum && workEnd_ - workBegin_ >= io) {
                    ns = workEnd_ - io;
                    ng = io;
                    nextOverlaps = true;
                }
                IssueGroupLoad(ns, ng);  // prefetch while this I/O group is computed
            }
            const uint64_t nextShift = pendingShift_;
            ComputeIoGroup(s, g, shift, overlaps);
            s = ns;
            g = ng;
            shift = nextShift;
            overlaps = nextOverlaps;
        }
    }

    // overlapsPrevious: the group re-writes slabs the previous group's write covered, so that write
    // must be done first (PIPE_MTE3 barrier before this one).
    __aicore__ inline void ComputeIoGroup(uint64_t s, uint64_t n, uint64_t shift, bool overlapsPrevious)
    {
        const uint64_t G = t_.groupSlabs;
        LocalTensor<T> x = inQ_.DeQue<T>();
        LocalTensor<float> xf = InputAsFloat(x, shift + n * t_.xSlabElems);
        if (t_.sparseRows) RealignSparseRows(xf, s, n);
        LocalTensor<float> wb = wBuf_.Get<float>();
        LocalTensor<float> hb = hBuf_.Get<float>();
        LocalTensor<uint32_t> tabU = tab_.Get<uint32_t>();
        LocalTensor<float> tabF = tab_.Get<float>();
        LocalTensor<T> y = outQ_.AllocTensor<T>();
        for (uint64_t k = 0; k < n; k += G) {
            const uint64_t g = (n - k) < G ? (n - k) : G;
            GatherPass(wb, xf, tabU[wAt_], tabF[wAt_], G * t_.wPassPad,
                       static_cast<uint32_t>((shift + k * t_.xSlabElems) * 4), static_cast<uint32_t>(g * t_.wPassPad));
            GatherPass(hb, wb, tabU[hAt_], tabF[hAt_], G * t_.hPassPad, 0, static_cast<uint32_t>(g * t_.hPassPad));
            const uint64_t padded = g * t_.outSlabPad;
            LocalTensor<float> of;
            if constexpr (sizeof(T) == 4) {
                of = compact_ ? outF_.Get<float>() : y[k * t_.outSlabPad].template ReinterpretCast<float>();
            } else {
                of = outF_.Get<float>();
            }
            GatherPass(of, hb, tabU[dAt_], tabF[dAt_], G * t_.outSlabPad, 0, static_cast<uint32_t>(padded));
            // compaction (310P, unaligned slabs) only runs with one compute group per I/O group
            if constexpr (sizeof(T) == 4) {
                if (compact_) Compact(y, of.template ReinterpretCast<T>(), g * t_.outSlab, t_.outSlab, t_.outSlabPad);
            } else {
                const RoundMode rm = static_cast<RoundMode>(t_.castRoundMode);
                if (compact_) {
                    LocalTensor<T> c = cvt_.Get<T>();
                    Cast(c, of, rm, static_cast<uint32_t>(padded));
                    Compact(y, c, g * t_.outSlab, t_.outSlab, t_.outSlabPad);
                } else {
                    Cast(y[k * t_.outSlabPad], of, rm, static_cast<uint32_t>(padded));
                }
            }
        }
        inQ_.FreeTensor(x);
        outQ_.EnQue(y);
        LocalTensor<T> yo = outQ_.DeQue<T>();
        if (overlapsPrevious) PipeBarrier<PIPE_MTE3>();
        if (compact_ || t_.outSlabPad == t_.outSlab) {
            ai::WriteGmRange(yGm_, yo, s * t_.outSlab, n * t_.outSlab);
        } else if constexpr (kPad) {
            DataCopyExtParams p{static_cast<uint16_t>(n), static_cast<uint32_t>(t_.outSlab * sizeof(T)), 0, 0, 0};
            DataCopyPad(yGm_[s * t_.outSlab], yo, p);
        } else {
            Trap();  // not reached: without DataCopyPad, padded slabs are compacted (TrilinearNeedsCompaction)
        }
        outQ_.FreeTensor(yo);
    }

    UpsampleTrilinear3dTilingData t_;
    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQ_;  // depth 2: the next plane/group is queued while one is in use
    TQue<QuePosition::VECOUT, 1> outQ_;
    TBuf<TPosition::VECCALC> inF_, wBuf_, hBuf_, tmp_, tab_, hTab_, outF_, cvt_, ctab_, tailTab_, tailStage_, tapBuf_;
    GlobalTensor<T> xGm_, yGm_;
    GlobalTensor<uint32_t> wsU32_;
    uint64_t blk_ = 8;
    float ratioD_ = 1.0f, ratioH_ = 1.0f, ratioW_ = 1.0f;
    bool align_ = false;
    bool compact_ = false;
    bool packPlanes_ = false;  // TrilinearPacksPlaneChunks (910B; implies compact_)
    bool packedH_ = false;     // TrilinearPacksHRows (implies compact_)
    bool stageWrite_ = false;  // TrilinearStagesWrite (implies compact_)
    bool castPerBatch_ = false;  // TrilinearCastsPerWBatch (16-bit io)
    bool hTap1FromTap0_ = false;  // TrilinearHTap1FromTap0
    bool copyLastRow_ = false;    // ... and the unit's last output rows are clamped at the axis end
    bool contiguousPlanes_ = false;  // TrilinearContiguousPlaneLoads
    bool wCopy_ = false;             // TrilinearRowsWIsCopy
    bool hCopy_ = false;             // TrilinearRowsHIsCopy
    bool dCopy_ = false;             // TrilinearRowsDIsCopy
    bool nanInW_ = false;            // TrilinearBlendsNanIntoWRows
    bool wRowsBlend_ = false;        // TrilinearAddsWRowsBlend
    uint64_t tailFor_ = 0;           // Compact: the packed length whose tail offsets tailTab_ holds
    TrilinearTapLayout taps_{0, 0};  // the table build's arrays (tablesOnDevice)
    bool tapsInTmp_ = false;         // ... in the Gather scratch tmp_
    uint64_t workBegin_ = 0, workEnd_ = 0;
    uint64_t pendingShift_ = 0;
    uint64_t wAt_ = 0, hAt_ = 0, dAt_ = 0;
    // rows mode: the current unit
    uint64_t slab_ = 0, oh0_ = 0, rows_ = 0, nh_ = 0, scan_ = 0, od1_ = 0;
    int64_t hLo_ = 0, nextPlane_ = -1;
    // W chunk of the current unit: first output pixel, input column start and width, output width
    uint64_t owc0_ = 0, colLo_ = 0, wIn_ = 0, wOut_ = 0;
    int64_t curWc_ = -1;
    int64_t builtH_ = -1;  // (W chunk, H chunk) the H-pass tables were built for
};

}  // namespace tri

// Kernel entry (direct-call flow, docs/npu.md): the tiling struct arrives by value, the workspace is
// the caller's user workspace, and the kernel dispatches on the I/O dtype inside the tiling.  A
// dtype this SoC's build does not contain (bf16 on 310P: the aclnn layer rejects it first) traps.
template <typename T>
__aicore__ inline void RunUpsampleTrilinear3d(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                              const tri::UpsampleTrilinear3dTilingData& tiling)
{
    tri::UpsampleTrilinear3dKernel<T> op;
    op.Init(x, y, workspace, tiling);
    op.Process();
}

__global__ __aicore__ void upsample_trilinear3d(GM_ADDR x, GM_ADDR y, GM_ADDR workspace,
                                                const tri::UpsampleTrilinear3dTilingData tiling)
{
    AI_KERNEL_TYPE_VECTOR();
    if (tiling.useDataCopyPad != (ai::kSocCaps.dataCopyPad ? 1u : 0u)) {
        Trap();  // planned for another SoC than this build's
    } else if (tiling.ioDtype == ai::DTypeCode(ai::DType::F32)) {
        RunUpsampleTrilinear3d<float>(x, y, workspace, tiling);
    } else if (tiling.ioDtype == ai::DTypeCode(ai::DType::F16)) {
        RunUpsampleTrilinear3d<half>(x, y, workspace, tiling);
#if AI_ARCH_HAS_BF16(AI_KERNEL_ARCH)
    } else if (tiling.ioDtype == ai::DTypeCode(ai::DType::BF16)) {
        RunUpsampleTrilinear3d<bfloat16_t>(x, y, workspace, tiling);
#endif
    } else {
        Trap();
    }
}

// ---- host: the launcher (kernel_launch.h) ----
#include "kernel_launch.h"
#include "upsample_trilinear3d_launch.h"

int AI_KERNEL_LAUNCHER(LaunchUpsampleTrilinear3dKernel)(const KernelLaunchArgs& a)
{
    tri::UpsampleTrilinear3dTilingData tiling;
    if (!CopyTilingArg(a, &tiling)) return -1;
    return AI_LAUNCH_KERNEL(upsample_trilinear3d, a.blockDim, a.stream, AI_GM(a.x, a.xBytes, "x"),
                            AI_GM(a.y, a.yBytes, "y"), AI_GM(a.workspace, a.workspaceBytes, "workspace"), tiling);
}
