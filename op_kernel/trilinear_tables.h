// The volume-mode pass tables of UpsampleTrilinear3d, one entry at a time: ONE definition for the
// host planner (op_host/upsample_trilinear3d_tiling.cpp ships them in the workspace) and the kernel
// (op_kernel/upsample_trilinear3d.cpp builds them with the scalar unit for tiny problems).  Every
// entry is a function of the tiling struct alone, so both sides compute the same bytes.
//
// A pass table holds, per output element of the pass (one slab): the byte offsets of its tap 0 and
// tap 1 in the pass's input (in UB) and lambda1; the padding entries past the pass's length are 0.
//   W pass  input: the staged input rows of a slab; output: every staged row W-interpolated
//   H pass  input: the W pass output; output: every staged D plane H-interpolated
//   D pass  input: the H pass output; output: the slab's output volume
#pragma once
#include <stdint.h>

#include "interp_math.h"
#include "upsample_trilinear3d_tiling_data.h"

namespace tri {

__aicore__ inline float TriFloatFromBits(uint64_t bits) { return interp::FloatFromBits(static_cast<uint32_t>(bits)); }

enum TrilinearAxis : uint32_t { TRI_AXIS_D = 0, TRI_AXIS_H = 1, TRI_AXIS_W = 2 };

__aicore__ inline uint64_t TrilinearInLength(const UpsampleTrilinear3dTilingData& t, TrilinearAxis axis)
{
    return axis == TRI_AXIS_D ? t.inD : (axis == TRI_AXIS_H ? t.inH : t.inW);
}

__aicore__ inline uint64_t TrilinearOutLength(const UpsampleTrilinear3dTilingData& t, TrilinearAxis axis)
{
    return axis == TRI_AXIS_D ? t.outD : (axis == TRI_AXIS_H ? t.outH : t.outW);
}

// Both taps of one output index of an axis (interp::TrilinearAxisTaps).
using TrilinearAxisTap = interp::TrilinearAxisTap;

__aicore__ inline TrilinearAxisTap TrilinearTapOf(const UpsampleTrilinear3dTilingData& t, TrilinearAxis axis,
                                                  uint64_t dst)
{
    const uint64_t ratioBits = axis == TRI_AXIS_D ? t.ratioBitsD : (axis == TRI_AXIS_H ? t.ratioBitsH : t.ratioBitsW);
    TrilinearAxisTap tap;
    interp::TrilinearAxisTaps(TriFloatFromBits(ratioBits), static_cast<int64_t>(dst),
                              static_cast<int64_t>(TrilinearInLength(t, axis)),
                              static_cast<int64_t>(TrilinearOutLength(t, axis)), t.alignCorners != 0, &tap.i0,
                              &tap.i1, &tap.l0, &tap.l1);
    return tap;
}

// How many input indices below `index` some output index of the axis taps.  Taps are monotone in
// the output index, so the tapped indices first appear in ascending order.
__aicore__ inline uint64_t TrilinearTappedBelow(const UpsampleTrilinear3dTilingData& t, TrilinearAxis axis,
                                                int64_t index)
{
    const uint64_t out = TrilinearOutLength(t, axis);
    uint64_t count = 0;
    int64_t last = -1;  // the largest tapped index seen
    for (uint64_t o = 0; o < out; ++o) {
        const TrilinearAxisTap tap = TrilinearTapOf(t, axis, o);
        if (tap.i0 >= index) break;  // the taps of later outputs are >= i0
        const int64_t taps[2] = {tap.i0, tap.i1};
        for (int k = 0; k < 2; ++k) {
            if (taps[k] > last) {
                last = taps[k];
                if (taps[k] < index) ++count;
            }
        }
    }
    return count;
}

// How many input indices of the axis some output index taps.
__aicore__ inline uint64_t TrilinearTappedCount(const UpsampleTrilinear3dTilingData& t, TrilinearAxis axis)
{
    return TrilinearTappedBelow(t, axis, static_cast<int64_t>(TrilinearInLength(t, axis)));
}

// Staged position of input plane (D) or row (H) `index` in volume mode: its own index when every
// plane and row is staged; with sparse staging (sparseRows) only the tapped ones are, ascending.
__aicore__ inline uint64_t TrilinearStagedIndex(const UpsampleTrilinear3dTilingData& t, TrilinearAxis axis,
                                                int64_t index)
{
    return t.sparseRows != 0 ? TrilinearTappedBelow(t, axis, index) : static_cast<uint64_t>(index);
}

// Entries of the pass with data (the rest of TrilinearVolumePassPad is padding).
__aicore__ inline uint64_t TrilinearVolumePassLen(const UpsampleTrilinear3dTilingData& t, uint32_t pass)
{
    return pass == TRI_PASS_W ? t.wPassLen : (pass == TRI_PASS_H ? t.hPassLen : t.outSlab);
}

struct TrilinearTableEntry {
    uint32_t tap0Bytes;  // source byte offset of tap 0
    uint32_t tap1Bytes;  // source byte offset of tap 1
    float lambda1;       // weight of tap 1 (lambda0 = 1 - lambda1 is formed on the device)
};

// W pass entry i = (staged row, element of the output row): the element's two input columns in
// that staged row (sparse rows hold only the columns from sparseColLo on).
__aicore__ inline TrilinearTableEntry TrilinearVolumeWEntry(const UpsampleTrilinear3dTilingData& t, uint64_t i)
{
    const uint64_t row = i / t.outRow, e = i % t.outRow;
    const uint64_t fold = t.channelFold;
    const bool sparse = t.sparseRows != 0;
    const uint64_t rowStride = sparse ? t.sparseRowStride : t.inRow;
    const uint64_t colLo = sparse ? t.sparseColLo : 0;
    const TrilinearAxisTap tap = TrilinearTapOf(t, TRI_AXIS_W, e / fold);
    const uint64_t col0 = static_cast<uint64_t>(tap.i0) * fold + e % fold;
    const uint64_t col1 = static_cast<uint64_t>(tap.i1) * fold + e % fold;
    return TrilinearTableEntry{static_cast<uint32_t>((row * rowStride + col0 - colLo) * 4),
                               static_cast<uint32_t>((row * rowStride + col1 - colLo) * 4), tap.l1};
}

// H pass entry i = (staged plane, output row, element): the element in the plane's two tap rows.
__aicore__ inline TrilinearTableEntry TrilinearVolumeHEntry(const UpsampleTrilinear3dTilingData& t, uint64_t i)
{
    const uint64_t e = i % t.outRow, row = i / t.outRow;
    const uint64_t plane = row / t.outH, oh = row % t.outH;
    const uint64_t rowsPerPlane = t.sparseRows != 0 ? TrilinearTappedCount(t, TRI_AXIS_H) : t.inH;
    const TrilinearAxisTap tap = TrilinearTapOf(t, TRI_AXIS_H, oh);
    const uint64_t row0 = plane * rowsPerPlane + TrilinearStagedIndex(t, TRI_AXIS_H, tap.i0);
    const uint64_t row1 = plane * rowsPerPlane + TrilinearStagedIndex(t, TRI_AXIS_H, tap.i1);
    return TrilinearTableEntry{static_cast<uint32_t>((row0 * t.outRow + e) * 4),
                               static_cast<uint32_t>((row1 * t.outRow + e) * 4), tap.l1};
}

// D pass entry i = (output plane, element of the plane): the element in the two tap planes.
__aicore__ inline TrilinearTableEntry TrilinearVolumeDEntry(const UpsampleTrilinear3dTilingData& t, uint64_t i)
{
    const uint64_t planeElems = t.outH * t.outRow;
    const uint64_t od = i / planeElems, q = i % planeElems;
    const TrilinearAxisTap tap = TrilinearTapOf(t, TRI_AXIS_D, od);
    return TrilinearTableEntry{
        static_cast<uint32_t>((TrilinearStagedIndex(t, TRI_AXIS_D, tap.i0) * planeElems + q) * 4),
        static_cast<uint32_t>((TrilinearStagedIndex(t, TRI_AXIS_D, tap.i1) * planeElems + q) * 4), tap.l1};
}

// Entry i (< TrilinearVolumePassPad) of one slab's table of `pass`.
__aicore__ inline TrilinearTableEntry TrilinearVolumeTableEntry(const UpsampleTrilinear3dTilingData& t, uint32_t pass,
                                                                uint64_t i)
{
    if (i >= TrilinearVolumePassLen(t, pass)) return TrilinearTableEntry{0, 0, 0.0f};
    if (pass == TRI_PASS_W) return TrilinearVolumeWEntry(t, i);
    if (pass == TRI_PASS_H) return TrilinearVolumeHEntry(t, i);
    return TrilinearVolumeDEntry(t, i);
}

}  // namespace tri
