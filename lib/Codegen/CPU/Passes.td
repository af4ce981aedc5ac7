//===- Passes.td - CPU codegen passes on hlo/linalg ------------------------===//
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
  ];
}

#endif // TFMLIR_CODEGEN_CPU_PASSES_TD
