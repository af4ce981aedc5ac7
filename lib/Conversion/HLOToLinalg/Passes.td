//===- Passes.td - hlo -> linalg lowering and the CPU codegen pipeline ----===//
#ifndef TFMLIR_CONVERSION_HLOTOLINALG_PASSES_TD
#define TFMLIR_CONVERSION_HLOTOLINALG_PASSES_TD

include "mlir/Pass/PassBase.td"

def LegalizeHLOToLinalg : Pass<"hlo-legalize-to-linalg", "mlir::ModuleOp"> {
  let summary = "Lower hlo ops on static-shaped tensors to linalg/tensor/arith/math";
  let description = [{
    Replaces every hlo op in the func.func bodies of the module by ops on
    tensors with XLA's semantics:
     - element-wise ops become one linalg.generic with an arith/math body
       (maximum/minimum propagate NaN; integer divide/remainder truncate with
       XLA's results for x/0 and INT_MIN/-1; shifts by >= the bit width give
       XLA's results; convert saturates float->int with NaN -> 0;
       bitcast_convert is arith.bitcast, splitting or joining the last dim
       between widths, little-endian);
     - broadcast_in_dim, reverse and iota become linalg.generic; transpose
       linalg.transpose; reshape tensor.collapse_shape/expand_shape; slice,
       concatenate and pad (negative edges and interior padding included)
       tensor.extract_slice/insert_slice on a filled tensor; constant
       arith.constant (dense attributes are kept as they are);
     - dot_general and convolution become a linalg.generic contraction
       accumulating in the result element type (convolution: any dimension
       numbers, strides, padding, lhs/rhs dilation, window reversal and
       feature groups; batch_group_count must be 1);
     - custom_call of the runtime/cpu GEMM (tfmlir_rt_sgemm[_packed], made
       by hlo-cpu-gemm-ukernel) becomes a func.call on memrefs of
       _mlir_ciface_tfmlir_rt_sgemm[_packed]_memref (lib/Support/ABI/Gemm.h)
       writing a new buffer; other custom_call targets are refused;
     - reduce and reduce_window become linalg.generic reductions whose
       body is the reducer region re-emitted on scalars (any reducer built
       from element-wise hlo ops, multi-input reducers such as arg-max
       included);
     - gather reads through tensor.extract in a linalg.generic with XLA's
       start clamping; dynamic_slice / dynamic_update_slice are
       extract_slice / insert_slice at clamped starts; scatter is an scf.for
       nest over the updates applying the update region on scalars and
       skipping out-of-bounds windows;
     - sort is a stable insertion sort (scf.for/scf.while) calling the
       comparator region on scalars;
     - while / if / case become scf.while / scf.if / scf.index_switch with
       the regions moved in; fusion is inlined.
    Supported element types: i1, signless and unsigned integers (unsigned
    types are rewritten to signless first; signedness-dependent ops use
    unsigned arith), f16/bf16/f32/f64. Complex element types, dynamic
    shapes and custom_call make the pass fail
    with an error on the op saying why.
    With `emit-c-interface`, every public function gets
    `llvm.emit_c_interface` and its arguments `bufferization.writable =
    false` (the caller's buffers are read-only), as CpuExecutable needs.
  }];
  let options = [
    Option<"emitCInterface", "emit-c-interface", "bool", "false",
           "Mark public functions llvm.emit_c_interface and their arguments read-only">,
    Option<"indexChecks", "index-checks", "bool", "true",
           "Lower the run-time index checks (hlo.custom_call "
           "tfmlir_rt_check_indices) to calls of runtime/cpu; false drops "
           "them (XLA's clamping; the GPU pipeline, whose kernels cannot "
           "call the host runtime)">,
  ];
  let dependentDialects = [
    "::mlir::linalg::LinalgDialect", "::mlir::tensor::TensorDialect",
    "::mlir::arith::ArithDialect", "::mlir::math::MathDialect",
    "::mlir::func::FuncDialect", "::mlir::affine::AffineDialect",
    "::mlir::bufferization::BufferizationDialect", "::mlir::scf::SCFDialect",
    "::mlir::memref::MemRefDialect"];
}

def ExternalizeLargeConstants : Pass<"hlo-externalize-constants", "mlir::ModuleOp"> {
  let summary = "Turn large constants of public functions into leading arguments";
  let description = [{
    In the entry block of every public func.func, each constant-like op
    (hlo.constant, arith.constant) whose value is a non-splat dense (or
    dense-resource) tensor of at least `threshold-bytes` bytes of f16,
    bf16, f32, f64 or signless i8/i16/i32/i64 is replaced by a new function argument,
    inserted after the arguments an earlier run added, and marked
    `tfmlir.external_constant = <argument index>`. The values are dropped
    here; CpuExecutable uses the C++ entry point
    externalizeLargeConstants(), which returns them, and passes them as
    buffers at run time.
  }];
  let options = [
    Option<"thresholdBytes", "threshold-bytes", "int64_t", "65536",
           "Externalize constants of at least this many bytes">,
  ];
}

def FuseElementwise : Pass<"hlo-fuse-elementwise", "mlir::func::FuncOp"> {
  let summary = "Linalg element-wise fusion that keeps contractions intact";
  let description = [{
    The patterns of upstream linalg-fuse-elementwise-ops (element-wise
    producer/consumer fusion, reshape folding by expansion and the linalg,
    tensor reshape and affine.apply canonicalizations), fusing a
    single-use element-wise producer only into a consumer that computes
    each of its elements once: an element-wise consumer, or one whose map
    for the operand is a permutation of all its loops (a reduction), and
    only while the two bodies together have at most 64 ops (fusing a chain
    of N ops stays linear in N). A
    producer of a contraction operand (bias add, relu before a matmul) is
    not fused, so the contraction stays recognizable and nothing is
    recomputed per use.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect", "::mlir::affine::AffineDialect"];
}

#endif
