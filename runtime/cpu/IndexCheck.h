//===- IndexCheck.h - run-time index checks of generated CPU code ---------===//
//
// TF's CPU kernels of GatherV2 (gather_op.cc), GatherNd (gather_nd_op.h),
// ScatterNd (scatter_nd_op.cc) and UnsortedSegment* (segment_reduction_ops)
// fail a Run with InvalidArgument when an index is out of range, where XLA
// clamps (gather) or drops (scatter) it. xla-legalize-tf puts an
// hlo.custom_call "tfmlir_rt_check_indices" in front of each such op (unless
// asked to clamp, see legalizeTFToHLO); hlo-legalize-to-linalg turns it into
// a call of the entry below, which scans the indices once and, on the first
// bad one, ends the Run (the RunScope of Alloc.h) with TF's message.
//
// The custom-call target, the backend_config format and the entries are
// the ABI the compiler shares with this check: lib/Support/ABI/IndexCheck.h.
//
// Messages (TF's, then TF's executor suffix "\n\t [[{{node NAME}}]]"):
//   gather     indices[3] = 7 is not in [0, 5)
//   gather_nd  indices[1] = [0, 7] does not index into param shape [3,5],
//              node name: NAME
//   scatter_nd indices[1] = [7] does not index into shape [5]
//   segment    segment_ids[3] = 7 is out of range [0, 5)   (negative ids
//              are dropped, as TF's unsorted segment kernels do)
// The position is TF's SliceDebugString of the flat position in the
// indices' shape (without the index vector dim for gather_nd/scatter_nd).
//
// No MLIR, LLVM or protobuf dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_INDEXCHECK_H
#define TFMLIR_RUNTIME_CPU_INDEXCHECK_H

#include "lib/Support/ABI/IndexCheck.h"

#include <stdint.h>

#ifdef __cplusplus
#include <string>
#include <string_view>

namespace tfmlir::cpu {

/// The check itself: the InvalidArgument message (with the node suffix)
/// for the first out-of-range index of `n` values at `data` (element
/// stride `stride`) under `config`, or "" when all are in range. A
/// malformed config gives a message saying so (a compiler bug).
std::string checkIndices(const int32_t *data, int64_t n, int64_t stride,
                         std::string_view config);
std::string checkIndices(const int64_t *data, int64_t n, int64_t stride,
                         std::string_view config);

} // namespace tfmlir::cpu
#endif // __cplusplus

#endif // TFMLIR_RUNTIME_CPU_INDEXCHECK_H
