//===- IndexCheck.h - the run-time index check's ABI (C) ------------------===//
//
// TF's CPU kernels of GatherV2 (gather_op.cc), GatherNd (gather_nd_op.h),
// ScatterNd (scatter_nd_op.cc) and UnsortedSegment* (segment_reduction_ops)
// fail a Run with InvalidArgument when an index is out of range, where XLA
// clamps (gather) or drops (scatter) it. xla-legalize-tf puts an
// hlo.custom_call TFMLIR_RT_CHECK_INDICES_TARGET in front of each such op
// (unless asked to clamp, see legalizeTFToHLO); hlo-legalize-to-linalg turns
// it into a call of the entries below, which runtime/cpu/IndexCheck.cpp
// implements. This header is what those three agree on; the check itself
// is runtime/cpu/IndexCheck.h. See lib/Support/ABI/MemRef.h for why this
// lives below lib/.
//
// backend_config of the custom call (the entry's `config`), four lines:
//   kind      gather | gather_nd | scatter_nd | segment
//   shape     the indices' shape before flattening, "2,3" ("" = scalar)
//   bounds    gather, segment: the one limit (params.shape[axis],
//             num_segments); gather_nd: params' shape; scatter_nd: the
//             output shape. Comma-separated.
//   node      the GraphDef node name
// The custom call's operand is the indices flattened to rank 1, i32 or i64,
// and its result is that operand (so that the gather/scatter uses it).
// Plain C (no MLIR, LLVM or C++ dependency).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_ABI_INDEXCHECK_H
#define TFMLIR_LIB_SUPPORT_ABI_INDEXCHECK_H

#include "lib/Support/ABI/MemRef.h"

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// call_target_name of the hlo.custom_call that checks indices.
#define TFMLIR_RT_CHECK_INDICES_TARGET "tfmlir_rt_check_indices"

/// Checks the flattened int32 / int64 `indices` against `config` (the
/// custom call's backend_config as bytes, see above). Returns when every
/// index is in range; otherwise ends the Run with TF's InvalidArgument
/// message (see runtime/cpu/IndexCheck.h).
void _mlir_ciface_tfmlir_rt_check_indices_i32_memref(
    tfmlir_rt_memref1d_i32 *indices, tfmlir_rt_memref1d_i8 *config);
void _mlir_ciface_tfmlir_rt_check_indices_i64_memref(
    tfmlir_rt_memref1d_i64 *indices, tfmlir_rt_memref1d_i8 *config);

#ifdef __cplusplus
} // extern "C"
#endif

#endif // TFMLIR_LIB_SUPPORT_ABI_INDEXCHECK_H
