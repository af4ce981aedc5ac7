//===- DepthwiseConvInternal.h - depthwise kernel arguments (internal) ----===//
//
// Internal to runtime/cpu; included by the per-ISA TUs, so it includes no
// standard library headers (see GemmKernels.h).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_DEPTHWISECONVINTERNAL_H
#define TFMLIR_RUNTIME_CPU_DEPTHWISECONVINTERNAL_H

#include <stdint.h>

namespace tfmlir::rt {

/// Geometry and pointers of one depthwise convolution; strides of the
/// NHWC input/output and [KH,KW,C] filter in elements (channels unit).
struct DwArgs {
  const float *in, *filter, *bias;
  float *out;
  int64_t h, w, c, oh, ow, kh, kw, sh, sw, dh, dw, pt, pl;
  int64_t inN, inH, inW, fH, fW, outN, outH, outW;
  int32_t act;
};

using DwRowsFn = void (*)(const DwArgs &, int64_t begin, int64_t end);

DwRowsFn depthwiseRowsAvx512();
DwRowsFn depthwiseRowsPortable();

} // namespace tfmlir::rt

#endif
