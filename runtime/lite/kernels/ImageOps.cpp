//===- ImageOps.cpp - Resize and space/depth/batch rearrangement ----------===//
//
// NHWC. RESIZE_BILINEAR and RESIZE_NEAREST_NEIGHBOR follow TFLite's
// reference kernels including align_corners and half_pixel_centers
// (nearest: round half away from zero when align_corners, floor otherwise).
// DEPTH_TO_SPACE / SPACE_TO_DEPTH use TF's DCR channel order.
// SPACE_TO_BATCH_ND / BATCH_TO_SPACE_ND as TF (batch index = block offset *
// N + n).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/ThreadPool.h"
#include "runtime/lite/kernels/KernelUtil.h"
#include "runtime/lite/kernels/QuantCommon.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

namespace tfmlir::lite::kernels {
namespace {

/// Shared shape logic of the resizes. Bilinear interpolates float32;
/// nearest neighbour only copies elements, so (as TFLite's kernel, which
/// takes float32, int8, uint8, int16 and int32) it accepts any fixed-size
/// type equal on input and output (anyType; also the quantized bilinear,
/// after its own quantization checks).
absl::Status resizePrepareImpl(OpContext &ctx, bool anyType) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *sz = ctx.input(1);
  if (!anyType) {
    TFMLIR_RETURN_IF_ERROR(checkFloat(in, "input"));
    TFMLIR_RETURN_IF_ERROR(checkFloat(ctx.output(0), "output"));
  } else {
    if (elementSize(in->type) == 0 || in->type == TensorType::kString)
      return invalid("input type ", typeName(in->type), " cannot be resized");
    TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  }
  TFMLIR_RETURN_IF_ERROR(checkType(sz, TensorType::kInt32, "size"));
  if (in->rank() != 4 || sz->numElements() != 2)
    return invalid("input must be rank 4 and size have 2 elements");
  if (ctx.options().alignCorners && ctx.options().halfPixelCenters)
    return invalid("align_corners and half_pixel_centers are exclusive");
  if (!ctx.hasData(1)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  int32_t h = sz->as<int32_t>()[0], w = sz->as<int32_t>()[1];
  if (h <= 0 || w <= 0)
    return invalid("output size ", h, "x", w, " must be positive");
  return ctx.resizeOutput(0, {in->shape[0], h, w, in->shape[3]});
}

absl::Status resizePrepare(OpContext &ctx) {
  return resizePrepareImpl(ctx, /*anyType=*/false);
}
absl::Status nearestPrepare(OpContext &ctx) {
  return resizePrepareImpl(ctx, /*anyType=*/true);
}

float resizeScale(int in, int out, bool alignCorners) {
  return (alignCorners && out > 1) ? static_cast<float>(in - 1) / (out - 1)
                                   : static_cast<float>(in) / out;
}

/// The bilinear sampling position of output index v (input size `size`,
/// scale from resizeScale; half_pixel_centers shifts by half a pixel) and
/// its two neighbours [lo, hi] clamped to the input, as TFLite's
/// ResizeBilinear (float and quantized).
void bilinearSample(int v, float scale, int size, bool halfPixel, float &f,
                    int &lo, int &hi) {
  f = halfPixel ? (v + 0.5f) * scale - 0.5f : v * scale;
  lo = std::max(static_cast<int>(std::floor(f)), 0);
  hi = std::min(static_cast<int>(std::ceil(f)), size - 1);
}

/// The float kernel's column sampling positions for input width `w` and
/// output width `ow`, kept by the node and rebuilt only when a width
/// changes (not on every Invoke, not per row).
struct BilinearColumns : NodeState {
  int w = -1, ow = -1;
  std::vector<int> x0, x1;
  std::vector<float> dx;
};

absl::Status bilinearEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const bool ac = ctx.options().alignCorners,
             hp = ctx.options().halfPixelCenters;
  const float sy = resizeScale(H, OH, ac);
  const float *X = in.as<float>();
  float *Y = out.as<float>();
  if (!ctx.state() || !dynamic_cast<BilinearColumns *>(ctx.state().get()))
    ctx.state() = std::make_unique<BilinearColumns>();
  auto &cols = *static_cast<BilinearColumns *>(ctx.state().get());
  if (cols.w != W || cols.ow != OW) {
    const float sx = resizeScale(W, OW, ac);
    cols.x0.resize(OW);
    cols.x1.resize(OW);
    cols.dx.resize(OW);
    for (int x = 0; x < OW; ++x) {
      float fx;
      bilinearSample(x, sx, W, hp, fx, cols.x0[x], cols.x1[x]);
      cols.dx[x] = fx - cols.x0[x];
    }
    cols.w = W;
    cols.ow = OW;
  }
  const int *xs0 = cols.x0.data(), *xs1 = cols.x1.data();
  const float *dxs = cols.dx.data();
  // Output rows in parallel; every value is TFLite's expression, in its
  // order, so the result does not depend on the thread count.
  auto rows = [&](int64_t r0, int64_t r1) {
    for (int64_t r = r0; r < r1; ++r) {
      const int64_t n = r / OH;
      const int y = static_cast<int>(r % OH);
      float fy;
      int y0, y1;
      bilinearSample(y, sy, H, hp, fy, y0, y1);
      const float dy = fy - y0, ey = 1 - dy;
      const float *row0 = X + (n * H + y0) * int64_t(W) * C;
      const float *row1 = X + (n * H + y1) * int64_t(W) * C;
      float *__restrict o = Y + r * int64_t(OW) * C;
      for (int x = 0; x < OW; ++x, o += C) {
        const float dx = dxs[x], ex = 1 - dx;
        const float *__restrict a = row0 + int64_t(xs0[x]) * C;
        const float *__restrict b = row1 + int64_t(xs0[x]) * C;
        const float *__restrict c = row0 + int64_t(xs1[x]) * C;
        const float *__restrict d = row1 + int64_t(xs1[x]) * C;
        for (int ch = 0; ch < C; ++ch)
          o[ch] = a[ch] * ey * ex + b[ch] * dy * ex + c[ch] * ey * dx +
                  d[ch] * dy * dx;
      }
    }
  };
  if (ThreadPool *pool = ctx.threadPool())
    pool->parallelFor(int64_t(N) * OH, 12.0 * OW * C, rows);
  else
    rows(0, int64_t(N) * OH);
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Quantized RESIZE_BILINEAR (int8 / uint8 / int16, input and output sharing
// their quantization), as TFLite's resize_bilinear.cc for quantized types
//===----------------------------------------------------------------------===//

/// The integer Prepare: one quantization shared by input and output, then
/// the resizes' shape rules (resizePrepareImpl).
absl::Status quantizedBilinearPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0), *sz = ctx.input(1);
  TFMLIR_RETURN_IF_ERROR(checkQ(in, "input"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TFMLIR_RETURN_IF_ERROR(checkType(sz, TensorType::kInt32, "size"));
  TQ a, b;
  TFMLIR_RETURN_IF_ERROR(perTensor(in, "input", a));
  TFMLIR_RETURN_IF_ERROR(perTensor(ctx.output(0), "output", b));
  if (a.scale != b.scale || a.zp != b.zp)
    return unimplemented("RESIZE_BILINEAR with different input and output "
                         "quantization");
  return resizePrepareImpl(ctx, /*anyType=*/true);
}

/// Bilinear interpolation of the quantized values (input and output share
/// scale and zero point), rounded half away from zero; same sampling
/// positions as the float kernel.
absl::Status quantizedBilinearEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const bool ac = ctx.options().alignCorners,
             hp = ctx.options().halfPixelCenters;
  const float sy = resizeScale(H, OH, ac), sx = resizeScale(W, OW, ac);
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < OH; ++y) {
      float fy;
      int y0, y1;
      bilinearSample(y, sy, H, hp, fy, y0, y1);
      for (int x = 0; x < OW; ++x) {
        float fx;
        int x0, x1;
        bilinearSample(x, sx, W, hp, fx, x0, x1);
        const double dy = fy - y0, dx = fx - x0;
        auto at = [&](int yy, int xx, int c) {
          return double(
              loadQ(in, ((static_cast<int64_t>(n) * H + yy) * W + xx) * C + c));
        };
        for (int c = 0; c < C; ++c) {
          double v = at(y0, x0, c) * (1 - dy) * (1 - dx) +
                     at(y1, x0, c) * dy * (1 - dx) +
                     at(y0, x1, c) * (1 - dy) * dx + at(y1, x1, c) * dy * dx;
          storeQ(out, ((static_cast<int64_t>(n) * OH + y) * OW + x) * C + c,
                 clampT(static_cast<int64_t>(std::round(v)), out.type));
        }
      }
    }
  return absl::OkStatus();
}

/// RESIZE_BILINEAR as TFLite's resize_bilinear.cc: int8 / uint8 / int16
/// through the integer form above, float32 through bilinearEval.
absl::Status bilinearTypedPrepare(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedBilinearPrepare(ctx);
  return resizePrepare(ctx);
}
absl::Status bilinearTypedEval(OpContext &ctx) {
  const Tensor *in = ctx.input(0);
  if (in && isQType(in->type))
    return quantizedBilinearEval(ctx);
  return bilinearEval(ctx);
}

absl::Status nearestEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const int N = in.shape[0], H = in.shape[1], W = in.shape[2], C = in.shape[3];
  const int OH = out.shape[1], OW = out.shape[2];
  const bool ac = ctx.options().alignCorners,
             hp = ctx.options().halfPixelCenters;
  auto nearest = [&](int v, int inSize, int outSize) {
    float scale = resizeScale(inSize, outSize, ac);
    float off = hp ? 0.5f : 0.f;
    int r = std::min(ac ? static_cast<int>(std::round((v + off) * scale))
                        : static_cast<int>(std::floor((v + off) * scale)),
                     inSize - 1);
    return hp ? std::max(0, r) : r;
  };
  // Any element type: copy C elements of `es` bytes per output pixel.
  const size_t es = elementSize(in.type);
  const uint8_t *X = in.as<uint8_t>();
  uint8_t *Y = out.as<uint8_t>();
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < OH; ++y) {
      int iy = nearest(y, H, OH);
      for (int x = 0; x < OW; ++x) {
        int ix = nearest(x, W, OW);
        std::memcpy(Y + ((static_cast<int64_t>(n) * OH + y) * OW + x) * C * es,
                    X + ((static_cast<int64_t>(n) * H + iy) * W + ix) * C * es,
                    es * C);
      }
    }
  return absl::OkStatus();
}

absl::Status d2sPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *in = ctx.input(0);
  if (elementSize(in->type) == 0 || ctx.output(0)->type != in->type)
    return invalid("unsupported or mismatched types");
  const int64_t b = ctx.options().blockSize, bb = b * b; // b < 2^31
  if (in->rank() != 4 || b < 1)
    return invalid("input must be rank 4 and block_size >= 1");
  // Output dims are computed in int64 and must fit a tensor dim (int32).
  auto dim = [&](int64_t v, const char *what) -> absl::Status {
    if (v > std::numeric_limits<int32_t>::max())
      return invalid("output ", what, " ", v, " (block_size ", b,
                     ") does not fit an int32 dim");
    return absl::OkStatus();
  };
  if (ctx.op().builtinCode == kOp_DEPTH_TO_SPACE) {
    if (in->shape[3] % bb != 0)
      return invalid("depth ", in->shape[3], " not divisible by ", bb);
    const int64_t h = in->shape[1] * b, w = in->shape[2] * b;
    TFMLIR_RETURN_IF_ERROR(dim(h, "height"));
    TFMLIR_RETURN_IF_ERROR(dim(w, "width"));
    return ctx.resizeOutput(0, {in->shape[0], static_cast<int32_t>(h),
                                static_cast<int32_t>(w),
                                static_cast<int32_t>(in->shape[3] / bb)});
  }
  if (in->shape[1] % b || in->shape[2] % b)
    return invalid("spatial dims not divisible by block_size ", b);
  if (in->shape[3] && bb > std::numeric_limits<int32_t>::max() / in->shape[3])
    return invalid("output depth ", in->shape[3], " * ", bb,
                   " does not fit an int32 dim");
  const int64_t c = in->shape[3] * bb;
  return ctx.resizeOutput(
      0, {in->shape[0], static_cast<int32_t>(in->shape[1] / b),
          static_cast<int32_t>(in->shape[2] / b), static_cast<int32_t>(c)});
}

absl::Status d2sEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  const int b = ctx.options().blockSize;
  const size_t es = elementSize(in.type);
  const bool d2s = ctx.op().builtinCode == kOp_DEPTH_TO_SPACE;
  // Work in the space (large) layout: S = [N, SH, SW, SC].
  const Tensor &space = d2s ? out : in;
  const int N = space.shape[0], SH = space.shape[1], SW = space.shape[2],
            SC = space.shape[3];
  const int DH = SH / b, DW = SW / b, DC = SC * b * b;
  for (int n = 0; n < N; ++n)
    for (int y = 0; y < SH; ++y)
      for (int x = 0; x < SW; ++x) {
        int64_t so = ((static_cast<int64_t>(n) * SH + y) * SW + x) * SC;
        int64_t dOff =
            ((static_cast<int64_t>(n) * DH + y / b) * DW + x / b) * DC +
            ((y % b) * b + (x % b)) * SC;
        if (d2s)
          std::memcpy(out.data + so * es, in.data + dOff * es, SC * es);
        else
          std::memcpy(out.data + dOff * es, in.data + so * es, SC * es);
      }
  return absl::OkStatus();
}

/// SPACE_TO_BATCH_ND (pads) and BATCH_TO_SPACE_ND (crops).
absl::Status s2bPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *in = ctx.input(0);
  if (elementSize(in->type) == 0 || ctx.output(0)->type != in->type)
    return invalid("unsupported or mismatched types");
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "block_shape"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(2), "paddings/crops"));
  if (!ctx.hasData(1) || !ctx.hasData(2)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  const Tensor &bs = *ctx.input(1), &pc = *ctx.input(2);
  int m = static_cast<int>(bs.numElements());
  if (m < 1 || in->rank() < m + 1 || pc.numElements() != 2 * m)
    return invalid("block_shape/paddings do not match input rank ", in->rank());
  bool toBatch = ctx.op().builtinCode == kOp_SPACE_TO_BATCH_ND;
  std::vector<int32_t> shape = in->shape;
  int64_t prod = 1;
  for (int i = 0; i < m; ++i) {
    int64_t b = readInt(bs, i), lo = readInt(pc, 2 * i),
            hi = readInt(pc, 2 * i + 1);
    if (b < 1 || lo < 0 || hi < 0)
      return invalid("block sizes must be >= 1 and paddings >= 0");
    prod *= b;
    int64_t d = in->shape[i + 1];
    if (toBatch) {
      if ((d + lo + hi) % b)
        return invalid("padded dim ", i + 1, " not divisible by block ", b);
      shape[i + 1] = static_cast<int32_t>((d + lo + hi) / b);
    } else {
      if (d * b - lo - hi < 0)
        return invalid("crops exceed dim ", i + 1);
      shape[i + 1] = static_cast<int32_t>(d * b - lo - hi);
    }
  }
  if (toBatch)
    shape[0] = static_cast<int32_t>(in->shape[0] * prod);
  else {
    if (in->shape[0] % prod)
      return invalid("batch ", in->shape[0], " not divisible by ", prod);
    shape[0] = static_cast<int32_t>(in->shape[0] / prod);
  }
  return ctx.resizeOutput(0, shape);
}

absl::Status s2bEval(OpContext &ctx) {
  const Tensor &in = *ctx.input(0), &bs = *ctx.input(1), &pc = *ctx.input(2);
  Tensor &out = *ctx.output(0);
  bool toBatch = ctx.op().builtinCode == kOp_SPACE_TO_BATCH_ND;
  const size_t es = elementSize(in.type);
  int m = static_cast<int>(bs.numElements());
  // Iterate over the batch-side tensor; map to the space-side tensor.
  const Tensor &batchT = toBatch ? out : in, &spaceT = toBatch ? in : out;
  const int r = batchT.rank();
  int64_t rest = 1;
  for (int d = m + 1; d < r; ++d)
    rest *= batchT.shape[d];
  const int64_t N = spaceT.shape[0];
  std::vector<int64_t> block(m), pad(m);
  for (int i = 0; i < m; ++i)
    block[i] = readInt(bs, i), pad[i] = readInt(pc, 2 * i);
  std::vector<int64_t> sStride(r, 1);
  for (int d = r - 2; d >= 0; --d)
    sStride[d] = sStride[d + 1] * spaceT.shape[d + 1];
  if (toBatch) {
    // The padding is the real value 0: the output's zero point for uint8 /
    // int8 (TFLite's space_to_batch_nd.cc passes it as the pad value), a
    // zero element otherwise.
    const bool q8 =
        out.type == TensorType::kInt8 || out.type == TensorType::kUInt8;
    const int64_t zp =
        q8 && !out.quant.zeroPoint.empty() ? out.quant.zeroPoint[0] : 0;
    std::memset(out.data, static_cast<uint8_t>(zp), out.requiredBytes());
  }
  std::vector<int32_t> idx(m + 1, 0);
  int64_t outer = 1;
  for (int d = 0; d <= m; ++d)
    outer *= batchT.shape[d];
  for (int64_t i = 0; i < outer; ++i) {
    int64_t b = idx[0];
    int64_t n = b % N, off = b / N;
    bool inside = true;
    int64_t so = n * sStride[0];
    for (int k = m - 1; k >= 0; --k) {
      int64_t bo = off % block[k];
      off /= block[k];
      int64_t sp = idx[k + 1] * block[k] + bo - pad[k];
      if (sp < 0 || sp >= spaceT.shape[k + 1]) {
        inside = false;
        break;
      }
      so += sp * sStride[k + 1];
    }
    if (inside) {
      uint8_t *bp = batchT.data + i * rest * es;
      uint8_t *sp = spaceT.data + so * es;
      if (toBatch)
        std::memcpy(bp, sp, rest * es);
      else
        std::memcpy(sp, bp, rest * es);
    }
    for (int d = m; d >= 0; --d) {
      if (++idx[d] < batchT.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

} // namespace

void registerImageOps(MutableOpResolver &r) {
  // Input types: RESIZE_BILINEAR interpolates float32 and quantized int8 /
  // uint8 / int16 (bilinearTypedPrepare); the others move elements as bytes, so
  // they take every fixed-size type (resizePrepareImpl, d2sPrepare,
  // s2bPrepare).
  const TypeSet f32 = typeSet(TensorType::kFloat32);
  const TypeSet any = kFixedSizeTypes;
  r.addBuiltin(kOp_RESIZE_BILINEAR,
               {bilinearTypedPrepare, bilinearTypedEval,
                f32 | typeSet(TensorType::kInt8, TensorType::kUInt8,
                              TensorType::kInt16)},
               1, 4);
  r.addBuiltin(kOp_RESIZE_NEAREST_NEIGHBOR, {nearestPrepare, nearestEval, any},
               1, 4);
  r.addBuiltin(kOp_DEPTH_TO_SPACE, {d2sPrepare, d2sEval, any}, 1, 2);
  r.addBuiltin(kOp_SPACE_TO_DEPTH, {d2sPrepare, d2sEval, any}, 1, 2);
  r.addBuiltin(kOp_SPACE_TO_BATCH_ND, {s2bPrepare, s2bEval, any}, 1, 4);
  r.addBuiltin(kOp_BATCH_TO_SPACE_ND, {s2bPrepare, s2bEval, any}, 1, 4);
}

} // namespace tfmlir::lite::kernels
