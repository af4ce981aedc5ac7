//===- Passes.td - CPU codegen passes (lib/Codegen/CPU) -------------------===//
#ifndef TFMLIR_CODEGEN_CPU_PASSES_TD
#define TFMLIR_CODEGEN_CPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def CpuGemmUkernel : Pass<"hlo-cpu-gemm-ukernel", "mlir::func::FuncOp"> {
  let summary = "f32 matmuls and 1x1 convolutions (+ bias/residual/Relu/Relu6) "
                "to calls of the runtime/cpu packed GEMM microkernel";
  let description = [{
    Rewrites, in XLA CPU's way of calling tuned kernels for dots and
    convolutions (and IREE's data tiling + ukernels):
     - hlo.dot_general on f32 [M,K] x [K,N] (or [N,K], TF's transpose_b)
       without batch dimensions, and
     - hlo.convolution NHWC x HWIO with a 1x1 window, unit strides, no
       padding or dilation, one feature group (a GEMM of
       [B*H*W, Cin] x [Cin, Cout] on reshaped operands),
    with 2*M*N*K >= min-flops, into
      hlo.custom_call @tfmlir_rt_sgemm_packed(A, Bpacked[, bias][, residual])
    (or @tfmlir_rt_sgemm with B unpacked when B is not a constant), whose
    backend_config reads "activation=none|relu|relu6;bias=0|1;residual=0|1;
    transpose_b=0|1". The epilogue absorbs, in this order and only while
    each intermediate has a single use: an hlo.add of a broadcast_in_dim of
    a rank-1 bias along the last dim (BiasAdd), an hlo.add of a same-shaped
    tensor (residual Add), hlo.maximum with splat 0 (Relu) optionally
    followed by hlo.minimum with splat 6, or hlo.clamp(0, x, 6) (Relu6).
    With `depthwise`, an f32 NHWC depthwise convolution (feature_group_count
    == C, kernel [KH, KW, 1, C], any strides, rhs dilations and
    non-negative padding) with its BiasAdd and Relu/Relu6 becomes
      hlo.custom_call @tfmlir_rt_depthwise_conv2d(input, filter[KH,KW,C]
        [, bias]) {backend_config = "...;strides=h,w;dilations=h,w;
        pad=top,left"}
    (runtime/cpu/DepthwiseConv.h: no padded copy of the input).
    With `conv`, any other f32 NHWC x HWIO convolution with one feature
    group, at least 8 input channels (RGB stems stay in the generated
    loops, measured faster there), a constant filter of at most 64 taps
    (KH*KW), any strides, rhs
    dilations and non-negative padding, with its BiasAdd, residual Add and
    Relu/Relu6, becomes
      hlo.custom_call @tfmlir_rt_conv2d_packed(input, Wpacked[, bias]
        [, residual]) {backend_config = "...;strides=h,w;dilations=h,w;
        pad=top,left;window=kh,kw"}
    with the filter, read as [KH*KW*C, O], packed at compile time like a
    constant B (runtime/cpu/Conv2d.h: an implicit GEMM through an
    indirection table, no im2col buffer).
    With `fold-batch-norm`, first, an inference BatchNorm after a
    convolution or dot_general with a constant filter (and an optional
    BiasAdd), as xla-legalize-tf lowers TF's FusedBatchNorm{,V2,V3}
    (is_training=false):
      (x - bc(mean)) * rsqrt(bc(var) + eps) * bc(scale) + bc(offset)
    is folded into the filter (W[..., o] * scale[o] / sqrt(var[o] + eps))
    and one BiasAdd, as TF's fold_batch_norms graph transform does, so that
    it becomes part of the call's epilogue.
    A constant B (hlo.constant, possibly through hlo.reshape) is packed at
    compile time into a new hlo.constant of type [ceil(N/32), K, 32] in the
    microkernel's panel layout (runtime/cpu/Gemm.h).
    Before:
      %0 = hlo.dot_general %x, %w, <... lhs_contract = [1], rhs_contract = [0]>
      %1 = hlo.broadcast_in_dim %b, dims = [1]
      %2 = hlo.add %0, %1
    After:
      %wp = hlo.constant dense<...> : tensor<32x1024x32xf32>
      %2 = hlo.custom_call "tfmlir_rt_sgemm_packed"(%x, %wp, %b)
             {backend_config = "activation=none;bias=1;residual=0;transpose_b=0"}
  }];
  let options = [
    Option<"minFlops", "min-flops", "int64_t", "65536",
           "Smallest 2*M*N*K rewritten; smaller products keep the generated "
           "loops (measured: below it the call and packing overheads win)">,
    Option<"depthwiseKernel", "depthwise", "bool", "true",
           "Also send f32 depthwise NHWC convolutions (channel multiplier 1) "
           "with their BiasAdd/Relu/Relu6 to the direct runtime/cpu kernel "
           "(custom_call tfmlir_rt_depthwise_conv2d)">,
    Option<"convKernel", "conv", "bool", "true",
           "Also send f32 k x k NHWC convolutions with a constant filter "
           "(one feature group, <= 64 taps) and their epilogue to the "
           "implicit GEMM of runtime/cpu (custom_call "
           "tfmlir_rt_conv2d_packed)">,
    Option<"foldBatchNorm", "fold-batch-norm", "bool", "true",
           "Fold inference BatchNorms into the constant filter and bias of "
           "the convolution / dot_general before them">,
  ];
}

def OutlineParallelLoops
    : Pass<"hlo-cpu-outline-parallel-loops", "mlir::ModuleOp"> {
  let summary = "Outline the outermost parallel tile loops into task functions";
  let description = [{
    The first half of XLA:CPU-style parallel task assignment, on buffers
    (after bufferization and convert-linalg-to-loops). Every outermost
    scf.for marked `tfmlir.parallel` by hlo-cpu-tile (a loop over a parallel
    dim: its iterations write disjoint tiles) that has no results and whose
    body allocates or frees no heap buffer (memref.alloc/dealloc/realloc
    stay on the Run's own thread, where a failed allocation can end the
    Run) and calls no function defined in the module is moved into a new private function
    `<func>__par<k>(captured values..., %begin: index, %end: index)` that
    runs iterations [begin, end) of the loop (in normalized iteration numbers
    0..n), and the loop is replaced by a call of it over [0, n). Captured
    constants are cloned into the function instead of passed. The function
    gets `tfmlir.parallel_task` and `tfmlir.task_cost` (i64: a static
    estimate of one iteration's cost in ~ns: vector ops weighted by their
    element count over 16 lanes, nested constant-trip loops multiplied out,
    two such ops per ns). hlo-cpu-lower-parallel-calls then turns the call
    into a call of the runtime's tfmlir_rt_parallel_for.

    Before:
      scf.for %i = %c0 to %c256 step %c8 {
        ... writes %buf[%i .. %i+8] ...
      } {tfmlir.parallel}
    After:
      %n = arith.ceildivsi (%c256 - %c0), %c8      // 32
      func.call @main__par0(%buf, %c0, %n) : (memref<..>, index, index) -> ()
      func.func private @main__par0(%buf: memref<..>, %b: index, %e: index)
          attributes {tfmlir.parallel_task, tfmlir.task_cost = 1024 : i64} {
        scf.for %j = %b to %e step %c1 {
          %i = %c0 + %j * %c8
          ... writes %buf[%i .. %i+8] ...
        }
        return
      }
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
    "::mlir::arith::ArithDialect", "::mlir::scf::SCFDialect"];
}

def LowerParallelCalls
    : Pass<"hlo-cpu-lower-parallel-calls", "mlir::ModuleOp"> {
  let summary = "Call tfmlir_rt_parallel_for for the task functions of hlo-cpu-outline-parallel-loops";
  let description = [{
    The second half, in the llvm dialect (after convert-func-to-llvm and
    reconcile-unrealized-casts). Each llvm.call of an llvm.func marked
    `tfmlir.parallel_task` (operands: the captured values as the LLVM
    calling convention expanded them, then begin = 0 and end = n) becomes:
    the operands stored into a struct on the caller's stack (one alloca in
    its entry block), and
      llvm.call @tfmlir_rt_parallel_for(%n, %cost, @<task>__task, %ctx)
    where the new `<task>__task(ptr ctx, i64 begin, i64 end)` loads the
    operands back and calls the task function on [begin, end). The runtime
    (runtime/cpu/Parallel.h) splits [0, n) over the Session's intra-op pool
    or runs it serially (cost model). Functions without such calls are
    unchanged.

    Before:
      llvm.call @main__par0(%p0, %p1, %off, %s0, %s1, %st0, %st1, %c0, %n)
    After:
      llvm.store ... into %ctx (an alloca of !llvm.struct<(ptr, ptr, i64, ...)>)
      %f = llvm.mlir.addressof @main__par0__task : !llvm.ptr
      llvm.call @tfmlir_rt_parallel_for(%n, %cost, %f, %ctx)
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def NameAllocSites : Pass<"hlo-cpu-name-alloc-sites", "mlir::ModuleOp"> {
  let summary = "Tell the runtime which TF node each heap allocation is for";
  let description = [{
    Before finalize-memref-to-llvm: each memref.alloc is preceded by
      llvm.call @tfmlir_rt_alloc_site(%name)
    where %name is the address of a NUL-terminated constant holding the
    GraphDef node name its location carries (NameLoc, also inside
    FusedLoc/CallSiteLoc; a null pointer when it carries none). The runtime
    (runtime/cpu/Alloc.h) keeps the last site of the Run's thread, so that a
    failed allocation is reported as RESOURCE_EXHAUSTED naming the node
    ("node 'f' allocating 40000000064 bytes"), not only the function. One
    constant per distinct name (`__tfmlir_site_<k>`, internal); one call per
    allocation, which sets a thread-local pointer.

    Before:
      %0 = memref.alloc() : memref<100000xf32> loc("f")
    After:
      llvm.mlir.global internal constant @__tfmlir_site_0("f\00")
      %s = llvm.mlir.addressof @__tfmlir_site_0 : !llvm.ptr
      llvm.call @tfmlir_rt_alloc_site(%s) : (!llvm.ptr) -> ()
      %0 = memref.alloc() : memref<100000xf32> loc("f")
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def CpuTile : Pass<"hlo-cpu-tile", "mlir::func::FuncOp"> {
  let summary = "Tile static linalg ops on tensors into register tiles and peel the loops";
  let description = [{
    For every static-shaped linalg op on tensors that linalg::vectorize
    accepts (and every linalg.conv_2d_nhwc_hwcf /
    depthwise_conv_2d_nhwc_hwc) and whose body calls no math function
    without a vector instruction (tanh, exp, log, sin, erf, ... would
    become one libm call per lane) and has no i1 tensor operand (a memref
    of i1 holds bytes, an LLVM vector of i1 in memory packed bits), tiles it with scf::tileUsingSCF into
    scf.for loops whose tiles fit a 512-bit vector unit: contractions an
    8 x 2-vector register tile over their innermost m and n dims with step 1
    over reduction dims; convolutions 8 output columns x 2 vectors of
    features (depthwise: 1 vector of channels), one output row and kernel
    row; other ops 2 vectors along their innermost loop. Every loop is then
    peeled so that the main loop runs full static tiles and the last
    partial tile is a separate iteration. With `cache-level`, only
    contractions are tiled, into cache blocks: 512 f32 elements (2 KiB)
    along the innermost n dim and 512 along the innermost reduction dim,
    peeled the same way. The loops over parallel dims get the unit
    attribute `tfmlir.parallel` (their iterations write disjoint tiles), for
    hlo-cpu-outline-parallel-loops (lib/Codegen/CPU). Semantics are
    unchanged.
  }];
  let options = [
    Option<"cacheLevel", "cache-level", "bool", "false",
           "Tile contractions into cache blocks instead of register tiles">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect", "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect", "::mlir::linalg::LinalgDialect"];
}

def CpuVectorize : Pass<"hlo-cpu-vectorize", "mlir::func::FuncOp"> {
  let summary = "Vectorize linalg ops on tensors that fit one tile";
  let description = [{
    Decomposes 2-D convolutions with a unit output row and kernel row into
    1-D convolutions (upstream DecomposeConvolution patterns), then
    replaces every static-shaped linalg op on tensors whose iteration space
    fits one tile of hlo-cpu-tile (at most 16384 points), calls no such
    math function and has no i1 tensor operand by vector ops with
    linalg::vectorize (transfer_read/write on the tensors; contractions
    become vector.contract). Ops the vectorizer does not support are left
    unchanged. Semantics are unchanged.
  }];
  let dependentDialects = ["::mlir::vector::VectorDialect",
    "::mlir::tensor::TensorDialect", "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect"];
}

def CpuHoistVectorTransfers : Pass<"hlo-cpu-hoist-vector-transfers", "mlir::func::FuncOp"> {
  let summary = "Keep loop-invariant vector accumulators in registers (buffers)";
  let description = [{
    After bufferization, erases memref.copy ops whose source and target
    are the same value (left by tiles that bufferized in place), then hoists
    each vector.transfer_read/transfer_write
    pair on the same loop-invariant memref location out of the enclosing
    scf.for loops whose trip count is non-zero, carrying the vector as a
    loop value (linalg::hoistRedundantVectorTransfers): a contraction
    tile's accumulator is read once before its reduction loop and written
    once after it.
  }];
}

def CpuMathIntrinsics : Pass<"hlo-cpu-math-intrinsics", "mlir::func::FuncOp"> {
  let summary = "Exact math ops to LLVM intrinsics before convert-math-to-libm";
  let description = [{
    Lowers math.absf, copysign, ceil, floor, trunc, round, roundeven,
    sqrt and fma (scalars and vectors) to their LLVM intrinsics
    (llvm.intr.fabs, ...), with upstream convert-math-to-llvm's patterns
    applied to these ops only. They are exact in both forms, but
    convert-math-to-libm, which runs first so that expm1, log1p, tanh,
    ... get libm's precision, would turn each lane of a vector into a
    scalar libm call (a vector<4xf32> abs became four fabsf calls and
    insertelements); an intrinsic stays one vector instruction. Other math
    ops are left to convert-math-to-libm.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TFMLIR_CODEGEN_CPU_PASSES_TD
