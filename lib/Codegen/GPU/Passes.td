//===- Passes.td - GPU codegen: linalg on buffers -> gpu.launch -----------===//
#ifndef TFMLIR_CODEGEN_GPU_PASSES_TD
#define TFMLIR_CODEGEN_GPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def GpuPrepareLinalg : Pass<"hlo-gpu-prepare-linalg", "mlir::func::FuncOp"> {
  let summary = "Generic, parallel-loops-first linalg ops on buffers (GPU path)";
  let description = [{
    After bufferization: prepares host control flow for the launch plan
    (prepareGpuHostControlFlow in Passes.h: the buffers an scf.while
    carries and an scf.if / scf.index_switch returns get identity layouts,
    each predicate or case index becomes a memref.load right before its
    op), replaces memref.copy by linalg.copy, generalizes
    every named linalg op on buffers (fill, copy, transpose, ...) to
    linalg.generic, and interchanges the loops of each linalg.generic so
    that all parallel loops come before all reduction loops (stable order
    otherwise), so that convert-linalg-to-parallel-loops makes one
    scf.parallel over the parallel loops with the reductions as scf.for
    loops inside it (one thread per output element; a column reduction then
    reads coalesced). Semantics are unchanged.

    Before: linalg.generic {iterator_types = ["reduction", "parallel"]}
    After:  linalg.generic {iterator_types = ["parallel", "reduction"]}
            (maps permuted accordingly)
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def GpuLibraryCalls : Pass<"hlo-gpu-library-calls", "mlir::ModuleOp"> {
  let summary = "Matrix products on buffers to cuBLAS GEMM calls, "
                "convolutions to cuDNN calls";
  let description = [{
    After bufferization, as XLA:GPU sends dot to cuBLAS: each linalg.generic
    of a host function (its body or a region of its host control flow, e.g.
    an RNN's while body) that is a matrix product (what hlo.dot_general
    lowers to: inputs A and B, output C, body `yield c + a*b` with a and b
    read directly or through arith.extf; f32, f16 or bf16 inputs with an
    f32 output, or f64) becomes a call of cuBLAS's strided-batched GEMM
    when cuBLAS can read the buffers as they are: every operand has a
    static shape, no zero-size dim and an identity layout, the indexing
    maps are permutations, the batch loops lead every operand in one order,
    and the M, N and K loops (free dims of A, free dims of B, contracted
    dims) each form one block in the same order wherever they appear (so
    each group flattens); A may be stored [M, K] or [K, M] and B [K, N] or
    [N, K] (cuBLAS's transposes); C is [batch, M, N]. A linalg.fill of zero
    into C just before is dropped (beta = 0); otherwise the GEMM adds to C
    (beta = 1). A linalg.conv_2d_nhwc_hwcf on f32 buffers with a 1x1
    filter and unit strides and dilations (a pointwise convolution) is the
    same GEMM: input [N*H*W, Ci] times filter [Ci, Co].

    Every other f32 linalg.conv_2d_nhwc_hwcf and
    linalg.depthwise_conv_2d_nhwc_hwc on whole buffers with static shapes
    (any window, strides and dilations) becomes a cuDNN convolution, as
    XLA:GPU sends convolutions to cuDNN: `func.call @tfmlir_gpu_conv_f32(x,
    filter, y)` with a `tfmlir.conv` dictionary {n, h, w, c, k, kh, kw,
    out_h, out_w, stride_h, stride_w, dil_h, dil_w, pad_h, pad_w, groups,
    accumulate} (a Conv step of the plan, runtime/gpu/Cudnn.h). The filter
    goes to cuDNN's KRSC layout: a constant one (memref.get_global) into a
    new global `<name>_krsc` now, any other through a linalg.transpose into
    a new buffer. When the input is a zero-padded copy made for the
    convolution (a zero fill, the unpadded x copied into its interior) with
    the same padding on both sides of each spatial dim, cuDNN pads x itself
    and the padding ops go (also when CSE shares the padded buffer among
    several convolutions); TF's SAME with odd windows at stride 1 is such a
    padding, SAME at stride 2 (one more at the end) is not, and keeps its
    padded copy. A zero fill of y is dropped as for GEMMs; a bias (+ ReLU
    with arith.maximumf, TF's NaN-keeping Relu) that follows, as above,
    becomes cuDNN's fused bias and activation (`epilogue`, the bias a fourth
    operand). Anything else
    (other types, other convolution forms) is left for the generated
    kernels.

    What consumes an overwritten (beta 0) f32 result is folded into the
    call when it is the result's only reader and nothing in between touches
    the operands (the call then moves down to it): a rounding to the bf16/
    f16 input type (cuBLAS writes that type; f32 accumulation, one
    rounding, as before), or for a product of batch 1 a bias add over the
    last dim, optionally followed by max(x, 0) (TF's MatMul + BiasAdd
    [+ Relu] after fusion), which becomes cuBLASLt's BIAS / RELU_BIAS
    epilogue (`epilogue` in the dictionary, the bias a fourth operand;
    ReLU of NaN is 0 there, NaN in TF).

    The call is `func.call @tfmlir_gpu_gemm_<in>_<out>(A, B, C)` on
    unranked casts of the buffers, with a `tfmlir.gemm` dictionary
    {batch, m, n, k, trans_a, trans_b, accumulate[, epilogue]};
    hlo-gpu-map-to-launch
    leaves it on the host and the launch plan makes it a Gemm step
    (runtime/gpu/Cublas.h).

    Before: linalg.fill ins(%zero) outs(%c : memref<64x32xf32>)
            linalg.generic {maps (m,n,k) -> (m,k), (k,n), (m,n)}
              ins(%a, %b : memref<64x128xf32>, memref<128x32xf32>)
              outs(%c) { yield %o + %x * %y }
    After:  func.call @tfmlir_gpu_gemm_f32_f32(%a', %b', %c')
              {tfmlir.gemm = {batch = 1, m = 64, n = 32, k = 128,
               trans_a = false, trans_b = false, accumulate = false}}
  }];
  let dependentDialects = ["::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect"];
}

def GpuMapReductions : Pass<"hlo-gpu-map-reductions", "mlir::func::FuncOp"> {
  let summary = "Reductions to block-per-output kernels with warp shuffles";
  let description = [{
    After hlo-gpu-prepare-linalg: each linalg.generic on buffers with one
    f32/f64/i32/i64 output, at least 64 reduction iterations and a body
    `yield combine(out, f(ins))` with a known combiner (addf, mulf,
    maximumf, maxnumf, minimumf, minnumf, addi, muli, max/min si/ui, andi,
    ori, xori) becomes a gpu.launch with one block per output element when
    it is a row reduction (an input's fastest-varying dim is reduced) or
    has fewer than 1024 outputs: each of the block's threads (256, or the
    reduction size rounded up to a warp) folds f over a strided slice of
    the reduction space (row-major, so a warp reads consecutive elements of
    a row), the warp combines with gpu.shuffle xor, warp leaders meet in
    shared memory (a workgroup attribution) after gpu.barrier, warp 0
    combines those and thread 0 stores combine(init, total) into the
    output element. The combination order differs from the sequential one
    (float sums are reassociated, as in XLA:GPU). Other reductions (column
    reductions with many outputs, multi-output reducers such as arg-max,
    f16/bf16/i8/i1 outputs) are left for convert-linalg-to-parallel-loops
    (one thread per output element). Kernels are named `<function>_r<n>`.

    Before: linalg.generic {iterator_types = ["parallel", "reduction"]}
              ins(%x : memref<8x4096xf32>) outs(%y : memref<8xf32>)
    After:  gpu.launch blocks(8, 1, 1) threads(256, 1, 1)
              workgroup(%smem : memref<8xf32, #gpu.address_space<workgroup>>)
              { scf.for (strided fold) ... gpu.shuffle xor ... gpu.barrier ... }
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::arith::ArithDialect", "::mlir::memref::MemRefDialect",
    "::mlir::affine::AffineDialect"];
}

def GpuMapToLaunch : Pass<"hlo-gpu-map-to-launch", "mlir::func::FuncOp"> {
  let summary = "Map each host-level scf.parallel of a function to a gpu.launch";
  let description = [{
    For each op of the function's entry block, in order, and of the regions
    of its host control flow (isGpuHostControlFlow: an scf.while, scf.if or
    scf.index_switch over buffers, which stays on the host, where the launch
    plan branches on its predicate as XLA:GPU runs While and Conditional),
    recursively (a gpu.launch already there, from hlo-gpu-map-reductions,
    only gets the sinking below):
     - an scf.parallel with static bounds (from
       convert-linalg-to-parallel-loops) becomes a gpu.launch over a 1-D
       grid of 1-D blocks of `block-size` threads (fewer when the loop has
       fewer iterations) that covers its iteration space: thread
       `blockIdx.x * blockDim.x + threadIdx.x` (guarded against the last
       partial block) is delinearized, row-major, into the loop's induction
       variables and runs one iteration of the body;
     - any other op with memory writes or regions and no results (an scf.for
       reduction nest with no parallel loop, a memref.store) becomes a
       gpu.launch of one thread (the launch plan reports it as serial);
     - allocations, constants, memref.get_global, view ops, the return,
       the terminators of host control flow and the memref.load of each
       predicate or case index (read back from the device by the plan)
       stay on the host.
    Values the new kernel uses that are defined on the host are sunk into
    it when they are side-effect free (constants, index arithmetic, view
    ops: subview, collapse_shape, expand_shape, cast, reinterpret_cast) or
    are a memref.load of a function argument or constant, or of a buffer no
    op between the load and the kernel writes. So every kernel receives
    whole buffers (allocations, arguments, globals) and no host scalars.
    Launches are named `<function>_k<n>` (gpu.launch `function`/`module`
    attributes) for gpu-kernel-outlining. Fails with an error on the op for
    dynamic bounds, an scf.parallel with reductions, a grid over 2^31-1
    blocks, or a host op with results that is not one of the above (e.g. a
    scalar scf.while with no buffers and no device work).

    Before: scf.parallel (%i, %j) = (0, 0) to (4, 300) step (1, 1) {...}
    After:  gpu.launch blocks(5, 1, 1) threads(256, 1, 1) {
              %id = blockIdx.x * 256 + threadIdx.x; scf.if %id < 1200 {
              %i = %id / 300; %j = %id mod 300; ...} }
  }];
  let options = [
    Option<"blockSize", "block-size", "int64_t", "256",
           "Threads per block (a multiple of 32, at most 1024)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::arith::ArithDialect"];
}

def GpuMergeKernelModules : Pass<"hlo-gpu-merge-kernel-modules", "mlir::ModuleOp"> {
  let summary = "Move every outlined kernel into one gpu.module";
  let description = [{
    After gpu-kernel-outlining (one gpu.module per kernel), moves every
    gpu.func of every gpu.module into one gpu.module named `module-name`
    and points each gpu.launch_func at it, so the program compiles to one
    PTX module / cubin (one ptxas run, one cuModuleLoadData), and marks
    every memref argument of every kernel `llvm.noalias`: after
    hlo-gpu-map-to-launch each argument is a distinct whole buffer (an
    allocation, an entry argument the runtime uploads into its own buffer,
    or a constant), so no two arguments alias. Kernel names must be unique
    across modules (outlining makes them so).

    Before: gpu.module @main_k0 { gpu.func @main_k0 } gpu.module @main_k1 {...}
            gpu.launch_func @main_k0::@main_k0 ...
    After:  gpu.module @tfmlir_kernels { gpu.func @main_k0 gpu.func @main_k1 }
            gpu.launch_func @tfmlir_kernels::@main_k0 ...
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", "\"tfmlir_kernels\"",
           "Name of the merged gpu.module">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

#endif
