//===- GemmCodegenTest.cpp - hlo GEMMs through the runtime/cpu ukernel ----===//
//
// hlo-to-llvm-pipeline sends f32 dot_general / 1x1 convolutions (with
// BiasAdd, residual Add, Relu/Relu6 epilogues) to the packed GEMM of
// runtime/cpu (hlo-cpu-gemm-ukernel; constant weights packed at compile
// time). These tests compile such functions with CpuExecutable, run each
// twice (bit-identical) and compare with a float64 reference within the
// recursive-summation bound (K + 3) * 2^-24 * sum |terms|. The rewrite
// itself (the call and the packed constant) is checked by the lit test
// test/Codegen/CPU/gemm-ukernel.mlir.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"
#include "runtime/session/CpuExecutable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>

using namespace tfmlir::session;

namespace {

std::string ty(std::vector<int64_t> shape) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + "f32>";
}

/// Deterministic values in [-1, 1).
std::vector<float> values(int64_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 1;
  for (float &x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>((s >> 8) / double(1 << 24) * 2 - 1);
  }
  return v;
}

/// An hlo.constant of `v` in the hex form of a dense attribute.
std::string constant(const std::vector<float> &v, std::vector<int64_t> shape) {
  static const char *hex = "0123456789ABCDEF";
  std::string s = "hlo.constant dense<\"0x";
  const unsigned char *p = reinterpret_cast<const unsigned char *>(v.data());
  for (size_t i = 0; i < v.size() * 4; ++i) {
    s += hex[p[i] >> 4];
    s += hex[p[i] & 15];
  }
  return s + "\"> : " + ty(shape);
}

HostTensor tensor(const std::vector<float> &v, std::vector<int64_t> shape) {
  HostTensor t(DType::kF32, std::move(shape));
  std::memcpy(t.raw(), v.data(), v.size() * 4);
  return t;
}

enum Act { kNone, kRelu, kRelu6 };

/// The epilogue ops after %0 (shape `out`): optional bias (%b), residual
/// (%r), activation; returns the text and sets `last`.
std::string epilogue(const std::vector<int64_t> &out, bool bias, bool res,
                     Act act, std::string &last) {
  std::string t = ty(out), s;
  int64_t rank = out.size();
  last = "%0";
  if (bias) {
    s += "  %bb = hlo.broadcast_in_dim %b, dims = [" +
         std::to_string(rank - 1) + "] : (" + ty({out.back()}) + ") -> " + t +
         "\n";
    s += "  %1 = hlo.add " + last + ", %bb : " + t + "\n";
    last = "%1";
  }
  if (res) {
    s += "  %2 = hlo.add %r, " + last + " : " + t + "\n";
    last = "%2";
  }
  if (act != kNone) {
    s += "  %z = hlo.constant dense<0.0> : " + t + "\n";
    s += "  %3 = hlo.maximum " + last + ", %z : " + t + "\n";
    last = "%3";
  }
  if (act == kRelu6) {
    s += "  %six = hlo.constant dense<6.0> : " + t + "\n";
    s += "  %4 = hlo.minimum " + last + ", %six : " + t + "\n";
    last = "%4";
  }
  return s;
}

struct Case {
  int64_t m, k, n;
  bool constB, transB, bias, res;
  Act act;
  bool conv = false; ///< as a 1x1 NHWC convolution with M = 1*m*1 pixels
};

void run(const Case &c) {
  SCOPED_TRACE("M=" + std::to_string(c.m) + " K=" + std::to_string(c.k) +
               " N=" + std::to_string(c.n) +
               " constB=" + std::to_string(c.constB) + " transB=" +
               std::to_string(c.transB) + " conv=" + std::to_string(c.conv));
  std::vector<float> a = values(c.m * c.k, 1), w = values(c.k * c.n, 2),
                     bias = values(c.n, 3), r = values(c.m * c.n, 4);
  for (float &x : bias)
    x *= 4;
  std::vector<int64_t> aShape = c.conv ? std::vector<int64_t>{1, c.m, 1, c.k}
                                       : std::vector<int64_t>{c.m, c.k};
  std::vector<int64_t> outShape = c.conv ? std::vector<int64_t>{1, c.m, 1, c.n}
                                         : std::vector<int64_t>{c.m, c.n};
  std::vector<int64_t> wShape =
      c.conv ? std::vector<int64_t>{1, 1, c.k, c.n}
             : (c.transB ? std::vector<int64_t>{c.n, c.k}
                         : std::vector<int64_t>{c.k, c.n});
  // w holds B[k][n] row-major; transposed B is stored [n][k].
  std::vector<float> wStored = w;
  if (c.transB)
    for (int64_t q = 0; q < c.k; ++q)
      for (int64_t j = 0; j < c.n; ++j)
        wStored[j * c.k + q] = w[q * c.n + j];
  std::string args = "%a: " + ty(aShape);
  if (!c.constB)
    args += ", %w: " + ty(wShape);
  if (c.bias)
    args += ", %b: " + ty({c.n});
  if (c.res)
    args += ", %r: " + ty(outShape);
  std::string body;
  if (c.constB)
    body += "  %w = " + constant(wStored, wShape) + "\n";
  if (c.conv)
    body += "  %0 = hlo.convolution %a, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, "
            "0, 1, f]> : (" +
            ty(aShape) + ", " + ty(wShape) + ") -> " + ty(outShape) + "\n";
  else
    body += "  %0 = hlo.dot_general %a, %w, <lhs_batch = [], rhs_batch = [], "
            "lhs_contract = [1], rhs_contract = [" +
            std::string(c.transB ? "1" : "0") + "]> : (" + ty(aShape) + ", " +
            ty(wShape) + ") -> " + ty(outShape) + "\n";
  std::string last;
  body += epilogue(outShape, c.bias, c.res, c.act, last);
  std::string text = "func.func @main(" + args + ") -> " + ty(outShape) +
                     " {\n" + body + "  return " + last + " : " + ty(outShape) +
                     "\n}\n";
  auto exe = CpuExecutable::compile(text, "main");
  ASSERT_TRUE(exe.ok()) << exe.status() << "\n" << text.substr(0, 2000);
  HostTensor ta = tensor(a, aShape), tw = tensor(wStored, wShape),
             tb = tensor(bias, {c.n}), tr = tensor(r, outShape);
  std::vector<const HostTensor *> in = {&ta};
  if (!c.constB)
    in.push_back(&tw);
  if (c.bias)
    in.push_back(&tb);
  if (c.res)
    in.push_back(&tr);
  auto r1 = (*exe)->run(in);
  auto r2 = (*exe)->run(in);
  ASSERT_TRUE(r1.ok()) << r1.status();
  ASSERT_TRUE(r2.ok()) << r2.status();
  const float *got = (*r1)[0].data<float>();
  ASSERT_EQ(0, std::memcmp(got, (*r2)[0].raw(), (*r1)[0].byteSize()))
      << "two runs differ";
  int bad = 0;
  for (int64_t i = 0; i < c.m && bad < 5; ++i)
    for (int64_t j = 0; j < c.n && bad < 5; ++j) {
      double ref = 0, mag = 0;
      for (int64_t q = 0; q < c.k; ++q) {
        double p = double(a[i * c.k + q]) * w[q * c.n + j];
        ref += p;
        mag += std::fabs(p);
      }
      if (c.bias) {
        ref += bias[j];
        mag += std::fabs(bias[j]);
      }
      if (c.res) {
        ref += r[i * c.n + j];
        mag += std::fabs(r[i * c.n + j]);
      }
      if (c.act != kNone)
        ref = std::max(ref, 0.0);
      if (c.act == kRelu6)
        ref = std::min(ref, 6.0);
      double tol = (c.k + 3) * std::ldexp(1.0, -24) * mag + 1e-30;
      if (std::fabs(got[i * c.n + j] - ref) > tol) {
        ++bad;
        ADD_FAILURE() << "(" << i << ", " << j << "): got " << got[i * c.n + j]
                      << ", want " << ref << " +- " << tol;
      }
    }
}

TEST(GemmCodegen, DotConstantWeightsBiasRelu) {
  for (Case c : {Case{64, 784, 100, true, false, true, false, kRelu},
                 Case{65, 255, 33, true, false, true, false, kRelu},
                 Case{1, 1024, 1000, true, false, true, false, kNone},
                 Case{17, 63, 65, true, false, false, false, kNone}})
    run(c);
}

TEST(GemmCodegen, DotTransposedAndRuntimeWeights) {
  for (Case c : {Case{63, 300, 47, true, true, true, false, kRelu6},
                 Case{33, 257, 70, false, false, false, true, kRelu},
                 Case{40, 129, 31, false, true, true, true, kRelu6}})
    run(c);
}

TEST(GemmCodegen, Conv1x1BiasResidualRelu6) {
  for (Case c : {Case{49, 64, 128, true, false, true, false, kRelu6, true},
                 Case{30, 17, 40, true, false, true, true, kNone, true},
                 Case{100, 32, 7, false, false, true, false, kRelu, true}})
    run(c);
}

} // namespace

namespace {

struct DwCase {
  int64_t h, w, c, k, stride, dil;
  int64_t padT, padB, padL, padR;
  bool bias;
  Act act;
};

/// A depthwise convolution (feature_group_count = C, kernel [K,K,1,C]) with
/// BiasAdd + activation, through the runtime/cpu direct kernel, vs
/// float64 with zero padding, under the microkernel ISA `isa`.
void runDepthwise(const DwCase &c, int32_t isa) {
  ASSERT_TRUE(tfmlir_rt_sgemm_set_isa(isa));
  SCOPED_TRACE("depthwise H=" + std::to_string(c.h) +
               " W=" + std::to_string(c.w) + " C=" + std::to_string(c.c) +
               " K=" + std::to_string(c.k) +
               " stride=" + std::to_string(c.stride) +
               " dil=" + std::to_string(c.dil) + " isa=" + std::to_string(isa));
  int64_t span = c.dil * (c.k - 1) + 1;
  int64_t oh = (c.h + c.padT + c.padB - span) / c.stride + 1;
  int64_t ow = (c.w + c.padL + c.padR - span) / c.stride + 1;
  std::vector<float> in = values(c.h * c.w * c.c, 5),
                     f = values(c.k * c.k * c.c, 6), bias = values(c.c, 7);
  std::vector<int64_t> inShape = {1, c.h, c.w, c.c},
                       fShape = {c.k, c.k, 1, c.c}, outShape = {1, oh, ow, c.c};
  std::string last;
  std::string text =
      "func.func @main(%a: " + ty(inShape) + ", %w: " + ty(fShape) +
      (c.bias ? ", %b: " + ty({c.c}) : std::string()) + ") -> " + ty(outShape) +
      " {\n  %0 = hlo.convolution %a, %w, <[b, 0, 1, f]x[0, "
      "1, i, o]->[b, 0, 1, f]> {feature_group_count = " +
      std::to_string(c.c) + " : i64, padding = dense<[[" +
      std::to_string(c.padT) + ", " + std::to_string(c.padB) + "], [" +
      std::to_string(c.padL) + ", " + std::to_string(c.padR) +
      "]]> : tensor<2x2xi64>, window_strides = array<i64: " +
      std::to_string(c.stride) + ", " + std::to_string(c.stride) +
      ">, rhs_dilation = array<i64: " + std::to_string(c.dil) + ", " +
      std::to_string(c.dil) + ">} : (" + ty(inShape) + ", " + ty(fShape) +
      ") -> " + ty(outShape) + "\n" +
      epilogue(outShape, c.bias, false, c.act, last) + "  return " + last +
      " : " + ty(outShape) + "\n}\n";
  auto exe = CpuExecutable::compile(text, "main");
  ASSERT_TRUE(exe.ok()) << exe.status() << "\n" << text;
  HostTensor ti = tensor(in, inShape), tf = tensor(f, fShape),
             tb = tensor(bias, {c.c});
  std::vector<const HostTensor *> args = {&ti, &tf};
  if (c.bias)
    args.push_back(&tb);
  auto r1 = (*exe)->run(args), r2 = (*exe)->run(args);
  ASSERT_TRUE(r1.ok()) << r1.status();
  ASSERT_TRUE(r2.ok()) << r2.status();
  ASSERT_EQ(0,
            std::memcmp((*r1)[0].raw(), (*r2)[0].raw(), (*r1)[0].byteSize()));
  const float *got = (*r1)[0].data<float>();
  int bad = 0;
  for (int64_t y = 0; y < oh; ++y)
    for (int64_t x = 0; x < ow; ++x)
      for (int64_t ch = 0; ch < c.c && bad < 5; ++ch) {
        double ref = 0, mag = 0;
        for (int64_t i = 0; i < c.k; ++i)
          for (int64_t j = 0; j < c.k; ++j) {
            int64_t iy = y * c.stride - c.padT + i * c.dil;
            int64_t ix = x * c.stride - c.padL + j * c.dil;
            if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w)
              continue;
            double p = double(in[(iy * c.w + ix) * c.c + ch]) *
                       f[(i * c.k + j) * c.c + ch];
            ref += p;
            mag += std::fabs(p);
          }
        if (c.bias) {
          ref += bias[ch];
          mag += std::fabs(bias[ch]);
        }
        if (c.act != kNone)
          ref = std::max(ref, 0.0);
        if (c.act == kRelu6)
          ref = std::min(ref, 6.0);
        double tol = (c.k * c.k + 3) * std::ldexp(1.0, -24) * mag + 1e-30;
        float g = got[(y * ow + x) * c.c + ch];
        if (std::fabs(g - ref) > tol) {
          ++bad;
          ADD_FAILURE() << "(" << y << ", " << x << ", " << ch << "): got " << g
                        << ", want " << ref;
        }
      }
}

TEST(GemmCodegen, ChainedLayersConstantWeights) {
  // x[m,k] -> Relu(x W1 + b1) -> (.) W2: the second GEMM reads the first
  // one's fused result (an MLP as TF writes it).
  const int64_t m = 33, k = 70, h = 50, n = 40;
  std::vector<float> x = values(m * k, 11), w1 = values(k * h, 12),
                     b1 = values(h, 13), w2 = values(h * n, 14);
  std::string text =
      "func.func @main(%a: " + ty({m, k}) + ", %b: " + ty({h}) + ") -> " +
      ty({m, n}) + " {\n  %w1 = " + constant(w1, {k, h}) +
      "\n  %w2 = " + constant(w2, {h, n}) +
      "\n  %0 = hlo.dot_general %a, %w1, <lhs_batch = [], rhs_batch = [], "
      "lhs_contract = [1], rhs_contract = [0]> : (" +
      ty({m, k}) + ", " + ty({k, h}) + ") -> " + ty({m, h}) +
      "\n  %bb = hlo.broadcast_in_dim %b, dims = [1] : (" + ty({h}) + ") -> " +
      ty({m, h}) + "\n  %1 = hlo.add %0, %bb : " + ty({m, h}) +
      "\n  %z = hlo.constant dense<0.0> : " + ty({m, h}) +
      "\n  %2 = hlo.maximum %1, %z : " + ty({m, h}) +
      "\n  %3 = hlo.dot_general %2, %w2, <lhs_batch = [], rhs_batch = [], "
      "lhs_contract = [1], rhs_contract = [0]> : (" +
      ty({m, h}) + ", " + ty({h, n}) + ") -> " + ty({m, n}) +
      "\n  return %3 : " + ty({m, n}) + "\n}\n";
  auto exe = CpuExecutable::compile(text, "main");
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor tx = tensor(x, {m, k}), tb = tensor(b1, {h});
  auto r = (*exe)->run({&tx, &tb});
  ASSERT_TRUE(r.ok()) << r.status();
  const float *got = (*r)[0].data<float>();
  double eps = std::ldexp(1.0, -24);
  int bad = 0;
  for (int64_t i = 0; i < m && bad < 5; ++i) {
    // Hidden layer in float64 with its own error bound.
    std::vector<double> hid(h), hidErr(h);
    for (int64_t j = 0; j < h; ++j) {
      double v = b1[j], mag = std::fabs(b1[j]);
      for (int64_t q = 0; q < k; ++q) {
        v += double(x[i * k + q]) * w1[q * h + j];
        mag += std::fabs(double(x[i * k + q]) * w1[q * h + j]);
      }
      hid[j] = std::max(v, 0.0);
      hidErr[j] = (k + 3) * eps * mag;
    }
    for (int64_t j = 0; j < n && bad < 5; ++j) {
      double ref = 0, mag = 0, prop = 0;
      for (int64_t q = 0; q < h; ++q) {
        ref += hid[q] * w2[q * n + j];
        mag += std::fabs(hid[q] * w2[q * n + j]);
        prop += hidErr[q] * std::fabs(w2[q * n + j]);
      }
      double tol = (h + 3) * eps * mag + prop + 1e-30;
      if (std::fabs(got[i * n + j] - ref) > tol) {
        ++bad;
        ADD_FAILURE() << "(" << i << ", " << j << "): got " << got[i * n + j]
                      << ", want " << ref << " +- " << tol;
      }
    }
  }
}

TEST(GemmCodegen, DepthwiseDirectKernelEveryIsa) {
  for (int32_t isa :
       {TFMLIR_RT_ISA_PORTABLE, TFMLIR_RT_ISA_AVX2, TFMLIR_RT_ISA_AVX512}) {
    if (!tfmlir_rt_sgemm_set_isa(isa))
      continue;
    for (DwCase c : {DwCase{9, 7, 37, 3, 1, 1, 1, 1, 1, 1, true, kRelu6},
                     DwCase{12, 11, 64, 3, 2, 1, 0, 1, 0, 1, true, kRelu},
                     DwCase{8, 8, 100, 5, 1, 2, 4, 4, 4, 4, false, kNone},
                     DwCase{5, 6, 130, 3, 2, 1, 1, 1, 1, 1, true, kRelu6},
                     // 3x3 / 5x5 by 16-channel tiles (rowTiles): channel
                     // counts below, at and past a tile, TF's SAME at
                     // stride 2 (pad 0 before, 1 after), VALID, dilation,
                     // rows narrower than the window (no interior pixel).
                     DwCase{10, 10, 8, 3, 1, 1, 1, 1, 1, 1, true, kRelu6},
                     DwCase{16, 16, 16, 3, 2, 1, 0, 1, 0, 1, true, kRelu6},
                     DwCase{13, 17, 32, 3, 1, 1, 0, 0, 0, 0, true, kNone},
                     DwCase{9, 20, 48, 3, 1, 2, 2, 2, 2, 2, false, kRelu},
                     DwCase{7, 2, 40, 3, 1, 1, 1, 1, 1, 1, true, kRelu6},
                     DwCase{11, 12, 24, 5, 2, 1, 1, 2, 1, 2, true, kRelu6},
                     DwCase{6, 3, 16, 5, 1, 1, 2, 2, 2, 2, true, kNone},
                     DwCase{14, 15, 35, 5, 1, 1, 2, 2, 2, 2, false, kRelu},
                     // 8- and 4-channel tiles after the 16-channel ones
                     // (12 = 8 + 4, 29 = 16 + 8 + 4 + 1, 4, 7 = 4 + 3).
                     DwCase{9, 9, 12, 3, 1, 1, 1, 1, 1, 1, true, kRelu6},
                     DwCase{10, 7, 29, 3, 2, 1, 0, 1, 0, 1, true, kRelu},
                     DwCase{6, 6, 4, 5, 1, 1, 2, 2, 2, 2, true, kNone},
                     DwCase{8, 5, 7, 3, 1, 2, 2, 2, 2, 2, false, kRelu6}})
      runDepthwise(c, isa);
  }
  tfmlir_rt_sgemm_set_isa(TFMLIR_RT_ISA_AUTO);
}

} // namespace

namespace {

/// A k x k convolution (one feature group) with BiasAdd, residual Add and
/// an activation.
struct ConvCase {
  int64_t n, h, w, c, o, kh, kw, sh, sw, dh, dw;
  int64_t padT, padB, padL, padR;
  bool bias, res;
  Act act;
};

std::string describe(const ConvCase &c) {
  auto s = [](int64_t v) { return std::to_string(v); };
  return "conv N=" + s(c.n) + " H=" + s(c.h) + " W=" + s(c.w) + " C=" + s(c.c) +
         " O=" + s(c.o) + " K=" + s(c.kh) + "x" + s(c.kw) +
         " strides=" + s(c.sh) + "," + s(c.sw) + " dil=" + s(c.dh) + "," +
         s(c.dw) + " pad=" + s(c.padT) + "," + s(c.padB) + "," + s(c.padL) +
         "," + s(c.padR) + " bias=" + s(c.bias) + " res=" + s(c.res) +
         " act=" + s(c.act);
}

/// Compiles the convolution of `c` with the filter as a constant (so
/// hlo-cpu-gemm-ukernel sends it to the implicit GEMM of
/// runtime/cpu/Conv2d.h) or as an argument (the generated linalg loops).
std::unique_ptr<CpuExecutable> compileConv(const ConvCase &c, bool constFilter,
                                           const std::vector<float> &f) {
  int64_t oh = (c.h + c.padT + c.padB - (c.dh * (c.kh - 1) + 1)) / c.sh + 1;
  int64_t ow = (c.w + c.padL + c.padR - (c.dw * (c.kw - 1) + 1)) / c.sw + 1;
  std::vector<int64_t> inShape = {c.n, c.h, c.w, c.c},
                       fShape = {c.kh, c.kw, c.c, c.o},
                       outShape = {c.n, oh, ow, c.o};
  std::string args = "%a: " + ty(inShape);
  if (!constFilter)
    args += ", %w: " + ty(fShape);
  if (c.bias)
    args += ", %b: " + ty({c.o});
  if (c.res)
    args += ", %r: " + ty(outShape);
  std::string body;
  if (constFilter)
    body += "  %w = " + constant(f, fShape) + "\n";
  auto s = [](int64_t v) { return std::to_string(v); };
  body += "  %0 = hlo.convolution %a, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, "
          "0, 1, f]> {padding = dense<[[" +
          s(c.padT) + ", " + s(c.padB) + "], [" + s(c.padL) + ", " + s(c.padR) +
          "]]> : tensor<2x2xi64>, window_strides = array<i64: " + s(c.sh) +
          ", " + s(c.sw) + ">, rhs_dilation = array<i64: " + s(c.dh) + ", " +
          s(c.dw) + ">} : (" + ty(inShape) + ", " + ty(fShape) + ") -> " +
          ty(outShape) + "\n";
  std::string last;
  body += epilogue(outShape, c.bias, c.res, c.act, last);
  std::string text = "func.func @main(" + args + ") -> " + ty(outShape) +
                     " {\n" + body + "  return " + last + " : " + ty(outShape) +
                     "\n}\n";
  auto exe = CpuExecutable::compile(text, "main");
  EXPECT_TRUE(exe.ok()) << exe.status();
  return exe.ok() ? std::move(*exe) : nullptr;
}

/// Runs `exe` (from compileConv) twice, expecting bit-identical results.
std::vector<float> runConv(CpuExecutable &exe, const ConvCase &c,
                           bool constFilter, const std::vector<float> &in,
                           const std::vector<float> &f,
                           const std::vector<float> &bias,
                           const std::vector<float> &r,
                           const std::vector<int64_t> &outShape) {
  HostTensor ti = tensor(in, {c.n, c.h, c.w, c.c}),
             tf = tensor(f, {c.kh, c.kw, c.c, c.o}), tb = tensor(bias, {c.o}),
             tr = tensor(r, outShape);
  std::vector<const HostTensor *> inputs = {&ti};
  if (!constFilter)
    inputs.push_back(&tf);
  if (c.bias)
    inputs.push_back(&tb);
  if (c.res)
    inputs.push_back(&tr);
  auto r1 = exe.run(inputs), r2 = exe.run(inputs);
  EXPECT_TRUE(r1.ok() && r2.ok());
  if (!r1.ok() || !r2.ok())
    return {};
  EXPECT_EQ(0, std::memcmp((*r1)[0].raw(), (*r2)[0].raw(), (*r1)[0].byteSize()))
      << "two runs differ";
  const float *p = (*r1)[0].data<float>();
  return std::vector<float>(p, p + (*r1)[0].numElements());
}

/// The implicit-GEMM convolution, under each microkernel of `isas` the
/// host has, vs (1) a float64 reference, within the recursive-summation
/// bound (KH*KW*C + 3) * 2^-24 * sum |terms|, and (2) the generated linalg
/// loops on the same inputs, within twice that bound (both are within it
/// of the reference; their summation orders differ, so they are close,
/// not bit-identical).
void checkConv(const ConvCase &c, std::vector<int32_t> isas) {
  SCOPED_TRACE(describe(c));
  std::vector<float> in = values(c.n * c.h * c.w * c.c, 21),
                     f = values(c.kh * c.kw * c.c * c.o, 22),
                     bias = values(c.o, 23);
  int64_t oh = (c.h + c.padT + c.padB - (c.dh * (c.kh - 1) + 1)) / c.sh + 1;
  int64_t ow = (c.w + c.padL + c.padR - (c.dw * (c.kw - 1) + 1)) / c.sw + 1;
  std::vector<int64_t> outShape = {c.n, oh, ow, c.o};
  std::vector<float> r = values(c.n * oh * ow * c.o, 24);
  std::unique_ptr<CpuExecutable> gemmExe = compileConv(c, true, f),
                                 loopsExe = compileConv(c, false, f);
  ASSERT_TRUE(gemmExe && loopsExe);
  std::vector<float> loops =
      runConv(*loopsExe, c, false, in, f, bias, r, outShape);
  ASSERT_EQ(loops.size(), size_t(c.n * oh * ow * c.o));
  int64_t kdepth = c.kh * c.kw * c.c;
  for (int32_t isa : isas) {
    if (!tfmlir_rt_sgemm_set_isa(isa))
      continue;
    SCOPED_TRACE("isa=" + std::to_string(isa));
    std::vector<float> got =
        runConv(*gemmExe, c, true, in, f, bias, r, outShape);
    ASSERT_EQ(loops.size(), got.size());
    int bad = 0;
    for (int64_t b = 0; b < c.n; ++b)
      for (int64_t y = 0; y < oh; ++y)
        for (int64_t x = 0; x < ow; ++x)
          for (int64_t j = 0; j < c.o && bad < 5; ++j) {
            double ref = 0, mag = 0;
            for (int64_t i = 0; i < c.kh; ++i)
              for (int64_t q = 0; q < c.kw; ++q) {
                int64_t iy = y * c.sh - c.padT + i * c.dh;
                int64_t ix = x * c.sw - c.padL + q * c.dw;
                if (iy < 0 || iy >= c.h || ix < 0 || ix >= c.w)
                  continue;
                for (int64_t ch = 0; ch < c.c; ++ch) {
                  double p =
                      double(in[((b * c.h + iy) * c.w + ix) * c.c + ch]) *
                      f[((i * c.kw + q) * c.c + ch) * c.o + j];
                  ref += p;
                  mag += std::fabs(p);
                }
              }
            int64_t idx = ((b * oh + y) * ow + x) * c.o + j;
            if (c.bias) {
              ref += bias[j];
              mag += std::fabs(bias[j]);
            }
            if (c.res) {
              ref += r[idx];
              mag += std::fabs(r[idx]);
            }
            if (c.act != kNone)
              ref = std::max(ref, 0.0);
            if (c.act == kRelu6)
              ref = std::min(ref, 6.0);
            double tol = (kdepth + 3) * std::ldexp(1.0, -24) * mag + 1e-30;
            if (std::fabs(got[idx] - ref) > tol ||
                std::fabs(got[idx] - loops[idx]) > 2 * tol) {
              ++bad;
              ADD_FAILURE() << "(" << b << ", " << y << ", " << x << ", " << j
                            << "): got " << got[idx] << ", loops " << loops[idx]
                            << ", float64 " << ref << " +- " << tol;
            }
          }
  }
  tfmlir_rt_sgemm_set_isa(TFMLIR_RT_ISA_AUTO);
}

TEST(GemmCodegen, ConvKxKImplicitGemm) {
  // The shapes of ResNet/VGG-style layers, scaled down: 3x3 SAME stride 1
  // and 2 (TF's SAME: the extra pad row/column at the bottom/right),
  // VALID, dilation 2, a 1x1 stride-2 projection, a 7x7 window, batch 2,
  // K > 256 (several K blocks) and O > 32 (several panels, a partial
  // one); a 3-channel stem (kept in the generated loops by the pass).
  for (ConvCase c : {
           ConvCase{1, 14, 14, 32, 64, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, true,
                    false, kRelu},
           ConvCase{1, 15, 16, 16, 40, 3, 3, 2, 2, 1, 1, 0, 1, 0, 1, true, true,
                    kRelu6},
           ConvCase{2, 9, 11, 8, 24, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, true, false,
                    kRelu},
           ConvCase{1, 9, 11, 3, 24, 3, 3, 2, 2, 1, 1, 1, 1, 1, 1, true, false,
                    kRelu},
           ConvCase{1, 12, 10, 40, 33, 3, 3, 1, 1, 2, 2, 2, 2, 2, 2, false,
                    true, kNone},
           ConvCase{1, 8, 8, 48, 70, 1, 1, 2, 2, 1, 1, 0, 0, 0, 0, true, false,
                    kNone},
           ConvCase{1, 13, 9, 9, 16, 7, 7, 2, 2, 1, 1, 3, 3, 3, 3, true, false,
                    kRelu},
           ConvCase{1, 6, 7, 64, 20, 3, 2, 1, 1, 1, 1, 0, 0, 0, 0, true, true,
                    kRelu},
       })
    checkConv(c, {TFMLIR_RT_ISA_AUTO});
}

TEST(GemmCodegen, ConvKxKRandomShapesEveryIsa) {
  // Random windows, strides, dilations and paddings (seeded), each under
  // every microkernel the host has.
  uint32_t s = 12345;
  auto next = [&](int64_t lo, int64_t hi) {
    s = s * 1664525u + 1013904223u;
    return lo + int64_t((s >> 8) % uint32_t(hi - lo + 1));
  };
  std::vector<ConvCase> cases;
  while (cases.size() < 8) {
    ConvCase c{};
    c.n = next(1, 2);
    c.h = next(1, 13);
    c.w = next(1, 13);
    c.c = next(8, 37);
    c.o = next(1, 50);
    c.kh = next(1, 4);
    c.kw = next(1, 4);
    c.sh = next(1, 2);
    c.sw = next(1, 2);
    c.dh = next(1, 2);
    c.dw = next(1, 2);
    c.padT = next(0, 2);
    c.padB = next(0, 2);
    c.padL = next(0, 2);
    c.padR = next(0, 2);
    c.bias = next(0, 1);
    c.res = next(0, 1);
    c.act = Act(next(0, 2));
    if (c.h + c.padT + c.padB < c.dh * (c.kh - 1) + 1 ||
        c.w + c.padL + c.padR < c.dw * (c.kw - 1) + 1)
      continue;
    cases.push_back(c);
  }
  for (const ConvCase &c : cases)
    checkConv(
        c, {TFMLIR_RT_ISA_PORTABLE, TFMLIR_RT_ISA_AVX2, TFMLIR_RT_ISA_AVX512});
}

} // namespace

namespace {

/// A 3x3 SAME convolution + BiasAdd + inference FusedBatchNormV3 (in the
/// form xla-legalize-tf writes: (x - mean) * rsqrt(var + eps) * scale +
/// offset) + Relu6, with constant filter and statistics: the BatchNorm is
/// folded into the filter and bias at compile time and the whole chain is
/// one implicit-GEMM call. Compared with the unfolded formula in float64
/// within (K + 6) * 2^-24 * sum |terms| (folding rounds each scaled weight
/// once more).
TEST(GemmCodegen, ConvBatchNormFoldedIntoWeights) {
  const int64_t h = 9, w = 8, c = 12, o = 40, k = 3;
  std::vector<float> in = values(h * w * c, 31), f = values(k * k * c * o, 32),
                     bias = values(o, 33), mean = values(o, 34),
                     var = values(o, 35), scale = values(o, 36),
                     offset = values(o, 37);
  for (float &v : var)
    v = v * v + 0.1f;
  const float eps = 0.001f;
  std::vector<int64_t> inShape = {1, h, w, c}, fShape = {k, k, c, o},
                       outShape = {1, h, w, o};
  std::string t = ty(outShape), v = ty({o});
  auto bc = [&](const std::string &name, const std::string &src) {
    return "  " + name + " = hlo.broadcast_in_dim " + src + ", dims = [3] : (" +
           v + ") -> " + t + "\n";
  };
  std::string text =
      "func.func @main(%a: " + ty(inShape) + ") -> " + t + " {\n" +
      "  %w = " + constant(f, fShape) + "\n  %b = " + constant(bias, {o}) +
      "\n  %mean = " + constant(mean, {o}) +
      "\n  %var = " + constant(var, {o}) +
      "\n  %scale = " + constant(scale, {o}) +
      "\n  %offset = " + constant(offset, {o}) +
      "\n  %0 = hlo.convolution %a, %w, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, "
      "1, f]> {padding = dense<1> : tensor<2x2xi64>} : (" +
      ty(inShape) + ", " + ty(fShape) + ") -> " + t + "\n" + bc("%bb", "%b") +
      "  %1 = hlo.add %0, %bb : " + t + "\n" + bc("%vb", "%var") +
      "  %eps = hlo.constant dense<1.000000e-03> : " + t +
      "\n  %ve = hlo.add %vb, %eps : " + t + "\n  %inv = hlo.rsqrt %ve : " + t +
      "\n" + bc("%mb", "%mean") + "  %2 = hlo.subtract %1, %mb : " + t +
      "\n  %3 = hlo.multiply %2, %inv : " + t + "\n" + bc("%sb", "%scale") +
      "  %4 = hlo.multiply %3, %sb : " + t + "\n" + bc("%ob", "%offset") +
      "  %5 = hlo.add %4, %ob : " + t +
      "\n  %z = hlo.constant dense<0.0> : " + t +
      "\n  %six = hlo.constant dense<6.0> : " + t +
      "\n  %6 = hlo.clamp %z, %5, %six : " + t + ", " + t + ", " + t +
      "\n  return %6 : " + t + "\n}\n";
  auto exe = CpuExecutable::compile(text, "main");
  ASSERT_TRUE(exe.ok()) << exe.status() << "\n" << text.substr(0, 3000);
  HostTensor ti = tensor(in, inShape);
  auto r = (*exe)->run({&ti});
  ASSERT_TRUE(r.ok()) << r.status();
  const float *got = (*r)[0].data<float>();
  int bad = 0;
  for (int64_t y = 0; y < h; ++y)
    for (int64_t x = 0; x < w; ++x)
      for (int64_t j = 0; j < o && bad < 5; ++j) {
        double s = double(scale[j]) / std::sqrt(double(var[j]) + eps);
        double acc = 0, mag = 0;
        for (int64_t i = 0; i < k; ++i)
          for (int64_t q = 0; q < k; ++q) {
            int64_t iy = y - 1 + i, ix = x - 1 + q;
            if (iy < 0 || iy >= h || ix < 0 || ix >= w)
              continue;
            for (int64_t ch = 0; ch < c; ++ch) {
              double p = double(in[(iy * w + ix) * c + ch]) *
                         f[((i * k + q) * c + ch) * o + j];
              acc += p;
              mag += std::fabs(p * s);
            }
          }
        double ref = (acc + bias[j] - mean[j]) * s + offset[j];
        mag +=
            std::fabs((double(bias[j]) - mean[j]) * s) + std::fabs(offset[j]);
        ref = std::min(std::max(ref, 0.0), 6.0);
        double tol = (k * k * c + 6) * std::ldexp(1.0, -24) * mag + 1e-30;
        float g = got[(y * w + x) * o + j];
        if (std::fabs(g - ref) > tol) {
          ++bad;
          ADD_FAILURE() << "(" << y << ", " << x << ", " << j << "): got " << g
                        << ", want " << ref << " +- " << tol;
        }
      }
}

} // namespace
