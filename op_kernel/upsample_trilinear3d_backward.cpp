// UpsampleTrilinear3dBackward kernel (PyTorch upsample_trilinear3d_backward / CANN
// aclnnUpsampleTrilinear3dBackward) on the vector unit.  Tiling: op_host/upsample_trilinear3d_backward_tiling.cpp;
// vocabulary and UB layout: upsample_trilinear3d_backward_tiling_data.h; coordinate maths: interp_math.h.
//
// gradIn = (D-axis taps)^T (H taps)^T (W taps)^T gradOut, in gather form: each gradIn element is
// written by exactly one core and sums its contributions in one fixed order (gradOut index
// ascending, tap 0 before tap 1), with fp32 accumulators and no atomics, so the result is bitwise
// the same for every tiling, core count and SoC.  Every forward tap is multiplied, zero weights too
// (0 * inf = NaN, as PyTorch's backward).  A unit streams its gradOut planes od = first..last:
//   W  wTaps Gather passes over the rows of every plane of a load at once, with the host-built
//      transposed tables (one row's table replicated wTableRows times); padding entries are zeroed
//      bit-exactly by an int32 0/1 mask before they are weighted;
//   H  gather form over the bands of hPlanesPerPass planes at once: hTaps Gather passes with
//      per-unit tables (masked padding, as W) for short rows, or one Axpy per (gradOut row, tap)
//      into the band for long rows;
//   D  one Axpy per tap into the accumulator of gradIn plane i0(od) / i1(od); a plane below i0(od)
//      is complete and is emitted (cast to the io dtype, packed, written), so two accumulators
//      suffice.
// Every sum starts from +0 and adds in the same order in both H forms, so they agree bit for bit.
// GM traffic: each gradOut plane of a unit's span is read once (consecutive planes in one DMA when
// the band is the whole height), each gradIn element is written once; a unit's span overlaps its
// neighbours' by the taps that straddle the boundary, which is the only re-read.
#include "kernel_operator.h"
#include "interp_math.h"
#include "kernel_common.h"
#include "upsample_trilinear3d_backward_tiling_data.h"

using namespace AscendC;

namespace tri {

template <typename T>
class TrilinearBackwardKernel {
public:
    __aicore__ inline TrilinearBackwardKernel() {}

    __aicore__ inline void Init(GM_ADDR gradOut, GM_ADDR gradIn, GM_ADDR workspace,
                                const TrilinearBackwardTilingData& t)
    {
        t_ = t;
        blk_ = 32 / sizeof(T);
        align_ = t.alignCorners != 0;
        ratio_[0] = interp::FloatFromBits(static_cast<uint32_t>(t.ratioBitsD));
        ratio_[1] = interp::FloatFromBits(static_cast<uint32_t>(t.ratioBitsH));
        ratio_[2] = interp::FloatFromBits(static_cast<uint32_t>(t.ratioBitsW));
        band_ = t.maxRowsPerBand * t.rowPad;
        gOut_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gradOut), t.gradOutTotal);
        gIn_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gradIn), t.gradInTotal);
        if (t.workspaceBytes > 0) {  // none when the kernel builds its tables itself
            ws_.SetGlobalBuffer(reinterpret_cast<__gm__ uint32_t*>(workspace), t.workspaceBytes / 4);
        }

        const TrilinearBackwardUbLayout l = TrilinearBackwardLayout(t);
        pipe_.InitBuffer(inQ_, 2, static_cast<uint32_t>(l.inQueBytes));
        pipe_.InitBuffer(outQ_, 2, static_cast<uint32_t>(l.outQueBytes));
        if (l.inFloatBytes) pipe_.InitBuffer(inF_, static_cast<uint32_t>(l.inFloatBytes));
        pipe_.InitBuffer(wTab_, static_cast<uint32_t>(l.wTabBytes));
        pipe_.InitBuffer(wRows_, static_cast<uint32_t>(l.wRowsBytes));
        pipe_.InitBuffer(tmp_, static_cast<uint32_t>(l.tmpBytes));
        if (l.hTabBytes) pipe_.InitBuffer(hTab_, static_cast<uint32_t>(l.hTabBytes));
        pipe_.InitBuffer(hRows_, static_cast<uint32_t>(l.hRowsBytes));
        pipe_.InitBuffer(acc_, static_cast<uint32_t>(l.accBytes));
        if (l.stageBytes) pipe_.InitBuffer(stage_, static_cast<uint32_t>(l.stageBytes));
        if (l.compactTabBytes) pipe_.InitBuffer(ctab_, static_cast<uint32_t>(l.compactTabBytes));
        pipe_.InitBuffer(tailTab_, static_cast<uint32_t>(l.tailTabBytes));
    }

    __aicore__ inline void Process()
    {
        const uint64_t idx = static_cast<uint64_t>(GetBlockIdx());
        const uint64_t begin = idx * t_.workBase + (idx < t_.workTail ? idx : t_.workTail);
        const uint64_t end = begin + t_.workBase + (idx < t_.workTail ? 1 : 0);
        if (begin >= end) return;
        LoadTables();
        for (uint64_t u = begin; u < end; ++u) RunUnit(u);
    }

private:
    enum Axis : uint32_t { AXIS_D = 0, AXIS_H = 1, AXIS_W = 2 };

    __aicore__ inline interp::TrilinearAxisTap TapOf(Axis a, int64_t o) const
    {
        const int64_t in = static_cast<int64_t>(a == AXIS_D ? t_.inD : (a == AXIS_H ? t_.inH : t_.inW));
        const int64_t out = static_cast<int64_t>(a == AXIS_D ? t_.outD : (a == AXIS_H ? t_.outH : t_.outW));
        return interp::TrilinearTapOf(ratio_[a], o, in, out, align_);
    }

    __aicore__ inline interp::TrilinearSpan SpanOf(Axis a, int64_t lo, int64_t hi) const
    {
        const int64_t in = static_cast<int64_t>(a == AXIS_D ? t_.inD : (a == AXIS_H ? t_.inH : t_.inW));
        const int64_t out = static_cast<int64_t>(a == AXIS_D ? t_.outD : (a == AXIS_H ? t_.outH : t_.outW));
        return interp::TrilinearGradSpan(ratio_[a], in, out, align_, lo, hi);
    }

    // ---------------------------------------------------------------- once per core
    // The W tables (one row from the workspace, replicated wTableRows times with the row's source
    // offset), the compaction table, the H lane offsets, the zero row and zeroed accumulators.
    __aicore__ inline void LoadTables()
    {
        const uint64_t row = t_.rowPad, all = t_.wTableRows * row, k = t_.wTaps;
        if (t_.tablesOnDevice) {
            WriteTablesOnDevice();
        } else {
            LocalTensor<uint32_t> tab = wTab_.Get<uint32_t>();
            DataCopyParams p;
            p.blockCount = static_cast<uint16_t>(3 * k);
            p.blockLen = static_cast<uint16_t>(row * 4 / 32);
            p.srcStride = 0;
            p.dstStride = static_cast<uint16_t>((all - row) * 4 / 32);
            DataCopy(tab, ws_[t_.wTabOffset / 4], p);
            if (t_.compact) {
                const uint64_t n = TriRoundUp(t_.planesPerWrite * t_.maxRowsPerBand * t_.inRow, 8);
                DataCopy(ctab_.Get<uint32_t>(), ws_[t_.compactTabOffset / 4], static_cast<uint32_t>(n));
            }
            ai::Sync<HardEvent::MTE2_V>();
        }
        // replicate the first row's tables over wTableRows rows, doubling the copied block each time:
        // offsets shifted by the rows' start in the gradOut plane, weights and masks bit for bit
        LocalTensor<int32_t> tabI = wTab_.Get<int32_t>();
        for (uint64_t done = 1; done < t_.wTableRows;) {
            const uint64_t rows = t_.wTableRows - done < done ? t_.wTableRows - done : done;
            for (uint64_t j = 0; j < 3 * k; ++j) {
                const int32_t shift = j < k ? static_cast<int32_t>(done * t_.outRow * 4) : 0;
                Adds(tabI[j * all + done * row], tabI[j * all], shift, static_cast<int32_t>(rows * row));
            }
            done += rows;
        }
        if (t_.hGather) {
            LocalTensor<int32_t> lanes = hTab_.Get<int32_t>()[3 * t_.hTaps * hBatch()];
            CreateVecIndex(lanes, static_cast<int32_t>(0), static_cast<uint32_t>(row));
            Muls(lanes, lanes, static_cast<int32_t>(4), static_cast<int32_t>(row));
        }
        Duplicate(acc_.Get<float>(), 0.0f, static_cast<int32_t>(2 * band_));
    }

    // Tiny problems: the first copy of the W tables and the compaction table written by the scalar
    // unit, entry by entry as the planner writes them (upsample_trilinear3d_backward_tiling.cpp
    // EncodeWTables / EncodeCompactionTable): per gradIn element e = (w, channel), its j-th transposed
    // tap in order, or a padding entry (offset 0, weight 0, mask 0; mask 1 past inRow).
    __aicore__ inline void WriteTablesOnDevice()
    {
        const uint64_t row = t_.rowPad, all = t_.wTableRows * row, k = t_.wTaps, fold = t_.channelFold;
        LocalTensor<uint32_t> u = wTab_.Get<uint32_t>();
        LocalTensor<float> f = wTab_.Get<float>();
        for (uint64_t e = 0; e < row; ++e) {
            uint64_t j = 0;
            if (e < t_.inRow) {
                const int64_t w = static_cast<int64_t>(e / fold);
                const interp::TrilinearSpan s = SpanOf(AXIS_W, w, w);
                for (int64_t ow = s.first; ow <= s.last; ++ow) {
                    const interp::TrilinearAxisTap tap = TapOf(AXIS_W, ow);
                    for (uint32_t side = 0; side < 2; ++side) {
                        if ((side == 0 ? tap.i0 : tap.i1) != w) continue;
                        const uint32_t at = static_cast<uint32_t>(j * all + e);
                        u.SetValue(at, static_cast<uint32_t>((static_cast<uint64_t>(ow) * fold + e % fold) * 4));
                        f.SetValue(static_cast<uint32_t>(k * all) + at, side == 0 ? tap.l0 : tap.l1);
                        u.SetValue(static_cast<uint32_t>(2 * k * all) + at, 1u);
                        ++j;
                    }
                }
            }
            for (; j < k; ++j) {
                const uint32_t at = static_cast<uint32_t>(j * all + e);
                u.SetValue(at, 0u);
                f.SetValue(static_cast<uint32_t>(k * all) + at, 0.0f);
                u.SetValue(static_cast<uint32_t>(2 * k * all) + at, e < t_.inRow ? 0u : 1u);
            }
        }
        if (t_.compact) {
            LocalTensor<uint32_t> c = ctab_.Get<uint32_t>();
            const uint64_t rows = t_.planesPerWrite * t_.maxRowsPerBand;
            for (uint64_t r = 0; r < rows; ++r) {
                for (uint64_t col = 0; col < t_.inRow; ++col) {
                    c.SetValue(static_cast<uint32_t>(r * t_.inRow + col),
                               static_cast<uint32_t>((r * row + col) * sizeof(T)));
                }
            }
        }
        ai::Sync<HardEvent::S_V>();
    }

    // ---------------------------------------------------------------- one unit
    __aicore__ inline void RunUnit(uint64_t u)
    {
        const uint64_t bi = u % t_.hBands;
        const uint64_t ci = (u / t_.hBands) % t_.dChunks;
        const uint64_t gi = u / (t_.hBands * t_.dChunks);
        s0_ = TriBwdPartStart(t_.slabs, t_.slabGroups, gi);
        const uint64_t ns = TriBwdPartSize(t_.slabs, t_.slabGroups, gi);
        d0_ = static_cast<int64_t>(TriBwdPartStart(t_.inD, t_.dChunks, ci));
        d1_ = d0_ + static_cast<int64_t>(TriBwdPartSize(t_.inD, t_.dChunks, ci));
        h0_ = static_cast<int64_t>(TriBwdPartStart(t_.inH, t_.hBands, bi));
        rows_ = TriBwdPartSize(t_.inH, t_.hBands, bi);
        const interp::TrilinearSpan sd = SpanOf(AXIS_D, d0_, d1_ - 1);
        const interp::TrilinearSpan sh = SpanOf(AXIS_H, h0_, h0_ + static_cast<int64_t>(rows_) - 1);
        od0_ = sd.first;
        oh0_ = sh.first;
        nOd_ = sd.last >= sd.first ? static_cast<uint64_t>(sd.last - sd.first + 1) : 0;
        outRows_ = sh.last >= sh.first ? static_cast<uint64_t>(sh.last - sh.first + 1) : 0;
        if (outRows_ == 0) nOd_ = 0;
        wholeBand_ = rows_ == t_.inH;
        wholeChunk_ = d0_ == 0 && d1_ == static_cast<int64_t>(t_.inD);
        stageCount_ = 0;
        nextEmit_ = d0_;
        if (nOd_ == 0) {  // nothing reaches this unit: its gradIn is zero
            for (uint64_t s = 0; s < ns; ++s) FinishSlab(s0_ + s);
        } else {
            if (t_.hGather) BuildHTables();
            StreamUnit(ns);
        }
        if (stageCount_ > 0) Flush();
    }

    // The unit's gradOut planes q = 0..ns*nOd-1 (slab-major, od ascending), loaded in runs of
    // consecutive planes with the next run in flight while one is computed.
    __aicore__ inline void StreamUnit(uint64_t ns)
    {
        const uint64_t total = ns * nOd_;
        uint64_t issued = 0;
        Run runs[2];
        uint32_t head = 0, count = 0;
        while (issued < total && count < 2) IssueNextRun(&runs[(head + count++) % 2], &issued, total);
        while (count > 0) {
            const Run& r = runs[head];
            LocalTensor<T> x = inQ_.DeQue<T>();
            LocalTensor<float> xf = AsFloat(x, r.len * outRows_ * t_.outRow);
            ComputeRun(xf, r.shift, r.start, r.len);
            inQ_.FreeTensor(x);
            head = (head + 1) % 2;
            --count;
            if (issued < total) IssueNextRun(&runs[(head + count++) % 2], &issued, total);
        }
    }

    // A load in flight: unit planes [start, start + len), gradOut[start's span] at element `shift`.
    struct Run {
        uint64_t start, len, shift;
    };

    __aicore__ inline void IssueNextRun(Run* r, uint64_t* issued, uint64_t total)
    {
        r->start = *issued;
        r->len = RunLength(*issued, total);
        r->shift = IssueRun(*issued, r->len);
        *issued += r->len;
    }

    // GM element offset of gradOut plane q's span rows.
    __aicore__ inline uint64_t PlaneStart(uint64_t q) const
    {
        const uint64_t slab = s0_ + q / nOd_;
        const uint64_t od = static_cast<uint64_t>(od0_) + q % nOd_;
        return ((slab * t_.outD + od) * t_.outH + static_cast<uint64_t>(oh0_)) * t_.outRow;
    }

    // Planes from q on that are contiguous in GM and fit one load.
    __aicore__ inline uint64_t RunLength(uint64_t q, uint64_t total) const
    {
        uint64_t n = total - q < t_.outPlanesPerLoad ? total - q : t_.outPlanesPerLoad;
        if (outRows_ != t_.outH) return 1;
        if (nOd_ != t_.outD) {
            const uint64_t left = nOd_ - q % nOd_;
            n = n < left ? n : left;
        }
        return n;
    }

    __aicore__ inline uint64_t IssueRun(uint64_t q, uint64_t n)
    {
        LocalTensor<T> x = inQ_.AllocTensor<T>();
        const uint64_t shift = ai::ReadGmRange(x, gOut_, t_.gradOutTotal, PlaneStart(q), n * outRows_ * t_.outRow);
        inQ_.EnQue(x);
        return shift;
    }

    __aicore__ inline LocalTensor<float> AsFloat(const LocalTensor<T>& x, uint64_t elems)
    {
        if constexpr (sizeof(T) == 4) {
            return x.template ReinterpretCast<float>();
        } else {
            LocalTensor<float> xf = inF_.Get<float>();
            Cast(xf, x, RoundMode::CAST_NONE, static_cast<uint32_t>(TriRoundUp(elems, blk_)));
            return xf;
        }
    }

    // ---------------------------------------------------------------- the planes of one load
    // gradOut planes q0 .. q0+n-1 of the unit, their span rows at element `at` of xf: W over all of
    // them at once, then H over groups of planes, then each plane into the D accumulators in order.
    __aicore__ inline void ComputeRun(const LocalTensor<float>& xf, uint64_t at, uint64_t q0, uint64_t n)
    {
        WPass(xf, at, n * outRows_);
        const uint64_t group = t_.hGather ? t_.hPlanesPerPass : 1;
        for (uint64_t p0 = 0; p0 < n; p0 += group) {
            const uint64_t np = n - p0 < group ? n - p0 : group;
            if (t_.hGather) {
                HPassGather(p0, np);
            } else {
                HPassRows(p0);
            }
            for (uint64_t p = 0; p < np; ++p) {
                const uint64_t q = q0 + p0 + p;
                const uint64_t slab = s0_ + q / nOd_;
                AccumulateD(slab, od0_ + static_cast<int64_t>(q % nOd_), p);
                if (q % nOd_ == nOd_ - 1) FinishSlab(slab);
            }
        }
    }

    // wRows = `rows` span rows W-reduced: per gradIn column, its transposed W taps in order.
    __aicore__ inline void WPass(const LocalTensor<float>& xf, uint64_t at, uint64_t rowsAll)
    {
        const uint64_t row = t_.rowPad, all = t_.wTableRows * row, k = t_.wTaps;
        LocalTensor<float> dst = wRows_.Get<float>();
        LocalTensor<float> tmp = tmp_.Get<float>();
        LocalTensor<uint32_t> offs = wTab_.Get<uint32_t>();
        LocalTensor<float> wts = wTab_.Get<float>();
        LocalTensor<int32_t> masks = wTab_.Get<int32_t>();
        Duplicate(dst, 0.0f, static_cast<int32_t>(rowsAll * row));
        for (uint64_t g = 0; g < rowsAll; g += t_.wTableRows) {
            const uint64_t rows = rowsAll - g < t_.wTableRows ? rowsAll - g : t_.wTableRows;
            const uint32_t n = static_cast<uint32_t>(rows * row);
            const uint32_t base = static_cast<uint32_t>((at + g * t_.outRow) * 4);
            for (uint64_t j = 0; j < k; ++j) {
                Gather(tmp, xf, offs[j * all], base, n);
                if (j >= t_.wMaskFrom) {
                    LocalTensor<int32_t> bits = tmp.template ReinterpretCast<int32_t>();
                    Mul(bits, bits, masks[(2 * k + j) * all], static_cast<int32_t>(n));
                }
                MulAddDst(dst[g * row], tmp, wts[(k + j) * all], static_cast<int32_t>(n));
            }
        }
    }

    // Per-unit H tables: for band row h and pass j, the byte offsets of its j-th gradOut row in
    // wRows, that tap's weight and an int32 mask (0: h has fewer taps, the entry reads row 0 and is
    // zeroed), each over the whole row; then replicated for hPlanesPerPass planes (offsets shifted
    // by a plane's rows in wRows), doubling the copied block each time.
    __aicore__ inline void BuildHTables()
    {
        const uint64_t hb = hBatch(), plane = rows_ * t_.rowPad;
        LocalTensor<int32_t> offs = hTab_.Get<int32_t>();
        LocalTensor<float> wts = hTab_.Get<float>()[t_.hTaps * hb];
        LocalTensor<int32_t> masks = hTab_.Get<int32_t>()[2 * t_.hTaps * hb];
        LocalTensor<int32_t> lanes = hTab_.Get<int32_t>()[3 * t_.hTaps * hb];
        hMaskFrom_ = t_.hTaps;
        for (uint64_t h = 0; h < rows_; ++h) {
            const int64_t gh = h0_ + static_cast<int64_t>(h);
            const interp::TrilinearSpan s = SpanOf(AXIS_H, gh, gh);
            uint64_t j = 0;
            for (int64_t oh = s.first; oh <= s.last; ++oh) {
                const interp::TrilinearAxisTap tap = TapOf(AXIS_H, oh);
                for (uint32_t k = 0; k < 2; ++k) {
                    if ((k == 0 ? tap.i0 : tap.i1) != gh) continue;
                    SetHEntry(offs, wts, masks, lanes, j++, h, static_cast<uint64_t>(oh - oh0_),
                              k == 0 ? tap.l0 : tap.l1, 1);
                }
            }
            if (j < hMaskFrom_) hMaskFrom_ = j;  // passes from here on hold padding entries
            for (; j < t_.hTaps; ++j) SetHEntry(offs, wts, masks, lanes, j, h, 0, 0.0f, 0);
        }
        for (uint64_t done = 1; done < t_.hPlanesPerPass;) {
            const uint64_t n = t_.hPlanesPerPass - done < done ? t_.hPlanesPerPass - done : done;
            const int32_t shift = static_cast<int32_t>(done * outRows_ * t_.rowPad * 4);
            for (uint64_t j = 0; j < t_.hTaps; ++j) {
                const uint64_t at = j * hb, to = at + done * plane;
                const int32_t cnt = static_cast<int32_t>(n * plane);
                Adds(offs[to], offs[at], shift, cnt);
                Adds(wts.template ReinterpretCast<int32_t>()[to], wts.template ReinterpretCast<int32_t>()[at], 0, cnt);
                Adds(masks[to], masks[at], 0, cnt);
            }
            done += n;
        }
    }

    __aicore__ inline uint64_t hBatch() const { return t_.hPlanesPerPass * band_; }

    __aicore__ inline void SetHEntry(const LocalTensor<int32_t>& offs, const LocalTensor<float>& wts,
                                     const LocalTensor<int32_t>& masks, const LocalTensor<int32_t>& lanes,
                                     uint64_t j, uint64_t h, uint64_t srcRow, float weight, int32_t mask)
    {
        const uint64_t row = t_.rowPad, at = j * hBatch() + h * row;
        Adds(offs[at], lanes, static_cast<int32_t>(srcRow * row * 4), static_cast<int32_t>(row));
        Duplicate(wts[at], weight, static_cast<int32_t>(row));
        Duplicate(masks[at], mask, static_cast<int32_t>(row));
    }

    // hRows = the bands of planes p0 .. p0+np-1 of the load H-reduced, plane after plane.
    __aicore__ inline void HPassGather(uint64_t p0, uint64_t np)
    {
        const uint64_t hb = hBatch();
        const int32_t n = static_cast<int32_t>(np * rows_ * t_.rowPad);
        LocalTensor<float> dst = hRows_.Get<float>();
        LocalTensor<float> tmp = tmp_.Get<float>();
        LocalTensor<int32_t> bits = tmp.template ReinterpretCast<int32_t>();
        LocalTensor<float> src = wRows_.Get<float>();
        LocalTensor<uint32_t> offs = hTab_.Get<uint32_t>();
        LocalTensor<float> wts = hTab_.Get<float>()[t_.hTaps * hb];
        LocalTensor<int32_t> masks = hTab_.Get<int32_t>()[2 * t_.hTaps * hb];
        const uint32_t base = static_cast<uint32_t>(p0 * outRows_ * t_.rowPad * 4);
        Duplicate(dst, 0.0f, n);
        for (uint64_t j = 0; j < t_.hTaps; ++j) {
            Gather(tmp, src, offs[j * hb], base, static_cast<uint32_t>(n));
            if (j >= hMaskFrom_) Mul(bits, bits, masks[j * hb], n);
            MulAddDst(dst, tmp, wts[j * hb], n);
        }
    }

    // hRows = the band of plane p of the load H-reduced: one Axpy per (gradOut row, tap).
    __aicore__ inline void HPassRows(uint64_t p)
    {
        const uint64_t row = t_.rowPad;
        LocalTensor<float> dst = hRows_.Get<float>();
        LocalTensor<float> src = wRows_.Get<float>()[p * outRows_ * row];
        Duplicate(dst, 0.0f, static_cast<int32_t>(rows_ * row));
        for (uint64_t r = 0; r < outRows_; ++r) {
            const interp::TrilinearAxisTap tap = TapOf(AXIS_H, oh0_ + static_cast<int64_t>(r));
            for (uint32_t k = 0; k < 2; ++k) {
                const int64_t h = (k == 0 ? tap.i0 : tap.i1) - h0_;
                if (h < 0 || h >= static_cast<int64_t>(rows_)) continue;
                Axpy(dst[static_cast<uint64_t>(h) * row], src[r * row], k == 0 ? tap.l0 : tap.l1,
                     static_cast<int32_t>(row));
            }
        }
    }

    // The band of gradOut plane od (band p of hRows) into the accumulators of its two gradIn planes;
    // planes below i0(od) are complete and leave first.
    __aicore__ inline void AccumulateD(uint64_t slab, int64_t od, uint64_t p)
    {
        const interp::TrilinearAxisTap tap = TapOf(AXIS_D, od);
        EmitUpTo(slab, tap.i0 < d1_ ? tap.i0 : d1_);
        const int32_t n = static_cast<int32_t>(rows_ * t_.rowPad);
        LocalTensor<float> acc = acc_.Get<float>();
        LocalTensor<float> src = hRows_.Get<float>()[p * rows_ * t_.rowPad];
        for (uint32_t k = 0; k < 2; ++k) {
            const int64_t d = k == 0 ? tap.i0 : tap.i1;
            if (d < d0_ || d >= d1_) continue;
            Axpy(acc[static_cast<uint64_t>(d % 2) * band_], src, k == 0 ? tap.l0 : tap.l1, n);
        }
    }

    // ---------------------------------------------------------------- emitting gradIn
    __aicore__ inline void EmitUpTo(uint64_t slab, int64_t end)
    {
        for (; nextEmit_ < end; ++nextEmit_) Emit(slab, nextEmit_);
    }

    // The slab's remaining planes leave; the next slab starts over at d0.
    __aicore__ inline void FinishSlab(uint64_t slab)
    {
        EmitUpTo(slab, d1_);
        nextEmit_ = d0_;
    }

    // gradIn band-plane (slab, d) from its accumulator into the write stage; the accumulator is
    // zeroed for plane d + 2.
    __aicore__ inline void Emit(uint64_t slab, int64_t d)
    {
        const uint64_t n = rows_ * t_.rowPad;
        if (stageCount_ == 0) {
            stageStart_ = ((slab * t_.inD + static_cast<uint64_t>(d)) * t_.inH + static_cast<uint64_t>(h0_)) * t_.inRow;
            if (!t_.compact) out_ = outQ_.AllocTensor<T>();
        }
        LocalTensor<T> dst = t_.compact ? stage_.Get<T>()[stageCount_ * n] : out_[stageCount_ * n];
        LocalTensor<float> acc = acc_.Get<float>()[static_cast<uint64_t>(d % 2) * band_];
        if constexpr (sizeof(T) == 4) {
            Muls(dst.template ReinterpretCast<float>(), acc, 1.0f, static_cast<int32_t>(n));  // exact copy
        } else {
            Cast(dst, acc, static_cast<RoundMode>(t_.castRoundMode), static_cast<uint32_t>(n));
        }
        Duplicate(acc, 0.0f, static_cast<int32_t>(n));
        ++stageCount_;
        const bool lastOfSlab = d + 1 == d1_;
        if (stageCount_ == t_.planesPerWrite || !wholeBand_ || (lastOfSlab && !wholeChunk_)) Flush();
    }

    __aicore__ inline void Flush()
    {
        const uint64_t n = stageCount_ * rows_ * t_.inRow;
        if (t_.compact) {
            out_ = outQ_.AllocTensor<T>();
            LocalTensor<T> stage = stage_.Get<T>();
            Gather(out_, stage, ctab_.Get<uint32_t>(), 0, static_cast<uint32_t>(n));
            if (!ai::kSocCaps.dataCopyPad && n % blk_ != 0 && n > blk_) {  // 310P: the range's last 32 B again, after the packed data
                LocalTensor<uint32_t> tail = tailTab_.Get<uint32_t>();
                ai::Sync<HardEvent::V_S>();
                for (uint64_t i = 0; i < blk_; ++i) {
                    const uint64_t e = n - blk_ + i, r = e / t_.inRow;
                    tail.SetValue(static_cast<uint32_t>(i),
                                  static_cast<uint32_t>((r * t_.rowPad + e - r * t_.inRow) * sizeof(T)));
                }
                ai::Sync<HardEvent::S_V>();
                Gather(out_[TriRoundUp(n, blk_)], stage, tail, 0, static_cast<uint32_t>(blk_));
            }
        }
        outQ_.EnQue(out_);
        LocalTensor<T> y = outQ_.DeQue<T>();
        if (t_.compact || t_.rowPad == t_.inRow) {
            ai::WriteGmRange(gIn_, y, stageStart_, n);
        } else {
            WritePaddedRows(y, stageCount_ * rows_);
        }
        outQ_.FreeTensor(y);
        stageCount_ = 0;
    }

    // 910B: rows of inRow elements, rowPad apart in UB, to consecutive rows of gradIn (DataCopyPad
    // takes each UB row at a 32 B boundary), at most kMaxDmaRows rows per DMA.
    __aicore__ inline void WritePaddedRows(const LocalTensor<T>& y, uint64_t rows)
    {
        if constexpr (ai::kSocCaps.dataCopyPad) {
            constexpr uint64_t kMaxDmaRows = 4095;
            for (uint64_t r = 0; r < rows; r += kMaxDmaRows) {
                const uint64_t n = rows - r < kMaxDmaRows ? rows - r : kMaxDmaRows;
                DataCopyExtParams p{static_cast<uint16_t>(n), static_cast<uint32_t>(t_.inRow * sizeof(T)), 0, 0, 0};
                DataCopyPad(gIn_[stageStart_ + r * t_.inRow], y[r * t_.rowPad], p);
            }
        } else {
            Trap();  // the planner packs rows on SoCs without DataCopyPad (compact)
        }
    }

    TrilinearBackwardTilingData t_;
    uint64_t blk_ = 8;
    bool align_ = false;
    float ratio_[3] = {1.0f, 1.0f, 1.0f};
    uint64_t band_ = 0;  // UB stride of one band (elements)
    GlobalTensor<T> gOut_, gIn_;
    GlobalTensor<uint32_t> ws_;
    TPipe pipe_;
    TQue<QuePosition::VECIN, 2> inQ_;
    TQue<QuePosition::VECOUT, 1> outQ_;
    TBuf<TPosition::VECCALC> inF_, wTab_, wRows_, tmp_, hTab_, hRows_, acc_, stage_, ctab_, tailTab_;
    LocalTensor<T> out_;
    // the unit
    uint64_t s0_ = 0, rows_ = 0, nOd_ = 0, outRows_ = 0;
    int64_t d0_ = 0, d1_ = 0, h0_ = 0, od0_ = 0, oh0_ = 0;
    bool wholeBand_ = false, wholeChunk_ = false;
    uint64_t hMaskFrom_ = 0;  // the unit's first H pass with padding entries
    // emission
    int64_t nextEmit_ = 0;
    uint64_t stageCount_ = 0, stageStart_ = 0;
};

}  // namespace tri

template <typename T>
__aicore__ inline void RunUpsampleTrilinear3dBackward(GM_ADDR gradOut, GM_ADDR gradIn, GM_ADDR workspace,
                                                      const tri::TrilinearBackwardTilingData& tiling)
{
    tri::TrilinearBackwardKernel<T> op;
    op.Init(gradOut, gradIn, workspace, tiling);
    op.Process();
}

// Kernel entry (direct-call flow, docs/npu.md): gradOut, gradIn, the user workspace, the tiling
// struct by value; the io dtype is a field of the tiling.  A plan for another SoC's build, or a
// dtype this build does not contain (bf16 on 310P), traps.
__global__ __aicore__ void upsample_trilinear3d_backward(GM_ADDR gradOut, GM_ADDR gradIn, GM_ADDR workspace,
                                                         const tri::TrilinearBackwardTilingData tiling)
{
    AI_KERNEL_TYPE_VECTOR();
    if (tiling.useDataCopyPad != (ai::kSocCaps.dataCopyPad ? 1u : 0u)) {
        Trap();
    } else if (tiling.ioDtype == ai::DTypeCode(ai::DType::F32)) {
        RunUpsampleTrilinear3dBackward<float>(gradOut, gradIn, workspace, tiling);
    } else if (tiling.ioDtype == ai::DTypeCode(ai::DType::F16)) {
        RunUpsampleTrilinear3dBackward<half>(gradOut, gradIn, workspace, tiling);
#if AI_ARCH_HAS_BF16(AI_KERNEL_ARCH)
    } else if (tiling.ioDtype == ai::DTypeCode(ai::DType::BF16)) {
        RunUpsampleTrilinear3dBackward<bfloat16_t>(gradOut, gradIn, workspace, tiling);
#endif
    } else {
        Trap();
    }
}

// ---- host: the launcher (kernel_launch.h) ----
#include "kernel_launch.h"
#include "upsample_trilinear3d_backward_launch.h"

int AI_KERNEL_LAUNCHER(LaunchUpsampleTrilinear3dBackwardKernel)(const KernelLaunchArgs& a)
{
    tri::TrilinearBackwardTilingData tiling;
    if (!CopyTilingArg(a, &tiling)) return -1;
    return AI_LAUNCH_KERNEL(upsample_trilinear3d_backward, a.blockDim, a.stream, AI_GM(a.x, a.xBytes, "gradOut"),
                            AI_GM(a.y, a.yBytes, "gradIn"), AI_GM(a.workspace, a.workspaceBytes, "workspace"),
                            tiling);
}
