//===- DepthwiseConv.cpp - depthwise conv entry, dispatch, portable rows --===//
#include "runtime/cpu/DepthwiseConv.h"
#include "runtime/cpu/DepthwiseConvInternal.h"
#include "runtime/cpu/Parallel.h"

namespace tfmlir::rt {
namespace {
constexpr int kBlock = 64;
#include "runtime/cpu/DepthwiseConvKernel.inc"
} // namespace

DwRowsFn depthwiseRowsPortable() { return rows; }

} // namespace tfmlir::rt

using namespace tfmlir::rt;

namespace {

DwRowsFn pickRows() {
#if defined(__x86_64__) || defined(__i386__)
  // The GEMM's ISA choice (forced or CPUID) also decides here.
  if (tfmlir_rt_sgemm_isa() == TFMLIR_RT_ISA_AVX512)
    return depthwiseRowsAvx512();
#endif
  return depthwiseRowsPortable();
}

struct Task {
  const DwArgs *args;
  DwRowsFn fn;
};

void runRows(void *ctx, int64_t begin, int64_t end) {
  const Task &t = *static_cast<const Task *>(ctx);
  t.fn(*t.args, begin, end);
}

} // namespace

extern "C" void _mlir_ciface_tfmlir_rt_depthwise_conv2d_memref(
    tfmlir_rt_memref4d *input, tfmlir_rt_memref3d *filter,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref4d *output, int64_t stride_h,
    int64_t stride_w, int64_t dilation_h, int64_t dilation_w, int64_t pad_top,
    int64_t pad_left, int32_t has_bias, int32_t activation) {
  int64_t c = input->sizes[3];
  if (output->sizes[0] != input->sizes[0] || output->sizes[3] != c ||
      filter->sizes[2] != c || (has_bias && bias->sizes[0] != c) ||
      input->strides[3] != 1 || output->strides[3] != 1 ||
      filter->strides[2] != 1 || (has_bias && bias->strides[0] != 1) ||
      stride_h <= 0 || stride_w <= 0 || dilation_h <= 0 || dilation_w <= 0)
    return;
  DwArgs p{};
  p.in = input->aligned + input->offset;
  p.filter = filter->aligned + filter->offset;
  p.bias = has_bias ? bias->aligned + bias->offset : nullptr;
  p.out = output->aligned + output->offset;
  p.h = input->sizes[1];
  p.w = input->sizes[2];
  p.c = c;
  p.oh = output->sizes[1];
  p.ow = output->sizes[2];
  p.kh = filter->sizes[0];
  p.kw = filter->sizes[1];
  p.sh = stride_h;
  p.sw = stride_w;
  p.dh = dilation_h;
  p.dw = dilation_w;
  p.pt = pad_top;
  p.pl = pad_left;
  p.inN = input->strides[0];
  p.inH = input->strides[1];
  p.inW = input->strides[2];
  p.fH = filter->strides[0];
  p.fW = filter->strides[1];
  p.outN = output->strides[0];
  p.outH = output->strides[1];
  p.outW = output->strides[2];
  p.act = activation;
  Task t{&p, pickRows()};
  int64_t rowsTotal = output->sizes[0] * p.oh;
  int64_t cost = p.ow * c * p.kh * p.kw / 8 + 1;
  tfmlir_rt_parallel_for(rowsTotal, cost, runRows, &t);
}
