//===- LiteQuantCorpus.cpp - Integer kernels on the corpus's int models ---===//
//
// Usage: tfmlir-lite-quant-corpus <corpus dir> [report.md]. Exits 77
// (skipped) when the corpus is absent. Every model is invoked twice and the
// two results must be bit-identical. Checks:
//  - person_detect.tflite (int8): person.bmp scores person > no_person and
//    no_person.bmp the reverse (8-bit grayscale BMP read here; the pixel
//    bytes, top-down, are copied into the int8 input as they are, as TFLite
//    Micro's person_detection_test does with the arrays that
//    generate_cc_arrays.py makes from PIL's tobytes()).
//  - hello_world_int8.tflite: dequantized output within kHelloInt8Tol of
//    sin(x) at 1000 points of [0, 2pi], and within kHelloVsFloat of the
//    float model.
//  - every seanet model (int16 activations, int8 weights): each output
//    element within +-1 of its golden csv (TFLite's reference kernels).
//  - micro_speech_quantized.tflite, TFLite quantizer testdata (*.bin) and
//    lite/testdata quantized models: load and run twice identically where
//    every op has a kernel, and match the reference kernels
//    (ReferenceOpResolver) on the same inputs: integer outputs bit-exact,
//    float outputs within kOptTol of max(1, max |reference|); models that
//    need a missing kernel are listed with the reason and do not fail.
//  - litert's int16 x int8 einsum models (BATCH_MATMUL with per-column
//    weight scales): within kEinsumSteps output steps of their float32
//    twin on the dequantized input.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Interpreter.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>

using namespace tfmlir::lite;
namespace fs = std::filesystem;

namespace {

/// hello_world_int8 is its own fit of sin: we measure max |y - sin x| =
/// 0.118 and max |y_int8 - y_float| = 0.113 (the worst point is x = 2pi,
/// q = 127, where the int8 model gives -0.116 and Arm NN's CpuRef gives the
/// same int8 value), so the bars are 0.15.
constexpr double kHelloInt8Tol = 0.15;
constexpr double kHelloVsFloat = 0.15;
/// Optimized vs reference kernels on a float output of a quantized model
/// (the float kernels' summation order differs), relative to max(1, max
/// |reference|), as corpus-lite's kOptTol.
constexpr double kOptTol = 1e-4;
int failures = 0;
std::ostringstream report;

void fail(const std::string &msg) {
  ++failures;
  std::fprintf(stderr, "FAIL: %s\n", msg.c_str());
  report << "- FAIL: " << msg << "\n";
}

std::vector<uint8_t> bytesOf(const Tensor *t) {
  return std::vector<uint8_t>(t->data, t->data + t->requiredBytes());
}

std::vector<std::vector<uint8_t>> outputsOf(Interpreter &in) {
  std::vector<std::vector<uint8_t>> r;
  for (int i = 0, n = static_cast<int>(in.primary().outputs().size()); i < n;
       ++i)
    r.push_back(bytesOf(in.outputTensor(i)));
  return r;
}

/// Invokes twice from the initial state (variable tensors such as SVDF
/// state are reset before each run, as TFLite's ResetVariableTensors);
/// returns "" when both succeed with identical outputs.
std::string invokeTwice(Interpreter &in) {
  in.resetVariableTensors();
  if (auto s = in.invoke(); !s.ok())
    return std::string(s.message());
  auto a = outputsOf(in);
  in.resetVariableTensors();
  if (auto s = in.invoke(); !s.ok())
    return std::string(s.message());
  if (a != outputsOf(in))
    return "two Invoke calls gave different outputs";
  return "";
}

struct Loaded {
  std::unique_ptr<FlatBufferModel> model;
  std::unique_ptr<Interpreter> interp;
};

BuiltinOpResolver &resolver() {
  static BuiltinOpResolver r;
  return r;
}

/// Loads `p` and allocates; "" on success, else the error.
std::string load(const fs::path &p, Loaded &l) {
  auto m = FlatBufferModel::buildFromFile(p.string());
  if (!m.ok())
    return std::string(m.status().message());
  l.model = std::move(*m);
  auto in = Interpreter::create(*l.model, resolver());
  if (!in.ok())
    return std::string(in.status().message());
  l.interp = std::move(*in);
  if (auto s = l.interp->allocateTensors(); !s.ok())
    return std::string(s.message());
  return "";
}

double quantScale(const Tensor *t) {
  return t->quant.scale.empty() ? 1.0 : t->quant.scale[0];
}
int64_t quantZp(const Tensor *t) {
  return t->quant.zeroPoint.empty() ? 0 : t->quant.zeroPoint[0];
}

//===----------------------------------------------------------------------===//
// person_detect
//===----------------------------------------------------------------------===//

/// Reads an uncompressed 8-bit palettized or 24-bit BMP into top-down
/// grayscale bytes (palette / channel average). Empty on malformed files.
std::vector<uint8_t> readBmpGray(const fs::path &p, int &w, int &h) {
  std::ifstream f(p, std::ios::binary);
  std::vector<uint8_t> b((std::istreambuf_iterator<char>(f)), {});
  auto u32 = [&](size_t o) {
    return uint32_t(b[o]) | uint32_t(b[o + 1]) << 8 | uint32_t(b[o + 2]) << 16 |
           uint32_t(b[o + 3]) << 24;
  };
  auto u16 = [&](size_t o) { return uint16_t(b[o] | b[o + 1] << 8); };
  if (b.size() < 54 || b[0] != 'B' || b[1] != 'M')
    return {};
  const uint32_t dataOff = u32(10), hdr = u32(14);
  w = static_cast<int32_t>(u32(18));
  int32_t hs = static_cast<int32_t>(u32(22));
  const int bpp = u16(28);
  if (u32(30) != 0 || w <= 0 || hs == 0 || (bpp != 8 && bpp != 24) ||
      w > 4096 || std::abs(hs) > 4096)
    return {};
  h = std::abs(hs);
  const size_t rowBytes = ((static_cast<size_t>(w) * bpp / 8) + 3) & ~size_t(3);
  if (dataOff + rowBytes * h > b.size())
    return {};
  const size_t palOff = 14 + hdr;
  std::vector<uint8_t> out(static_cast<size_t>(w) * h);
  for (int y = 0; y < h; ++y) {
    const int srcRow = hs > 0 ? h - 1 - y : y; // positive height: bottom-up
    const uint8_t *row = b.data() + dataOff + rowBytes * srcRow;
    for (int x = 0; x < w; ++x) {
      int g;
      if (bpp == 8) {
        size_t e = palOff + 4 * size_t(row[x]);
        if (e + 3 > b.size())
          return {};
        g = (b[e] + b[e + 1] + b[e + 2]) / 3;
      } else {
        g = (row[3 * x] + row[3 * x + 1] + row[3 * x + 2]) / 3;
      }
      out[static_cast<size_t>(y) * w + x] = static_cast<uint8_t>(g);
    }
  }
  return out;
}

void personDetect(const fs::path &corpus) {
  const fs::path base = corpus / "tflite_micro/tensorflow/lite/micro";
  Loaded l;
  if (std::string e = load(base / "models/person_detect.tflite", l); !e.empty())
    return fail("person_detect: " + e);
  report << "## person_detect.tflite (int8)\n\n| image | no_person | person "
            "|\n|---|---|---|\n";
  for (const char *img : {"person", "no_person"}) {
    int w = 0, h = 0;
    auto gray = readBmpGray(base / "examples/person_detection/testdata" /
                                (std::string(img) + ".bmp"),
                            w, h);
    Tensor *x = l.interp->inputTensor(0);
    if (gray.empty() || static_cast<int64_t>(w) * h != x->numElements() ||
        x->type != TensorType::kInt8)
      return fail(std::string("person_detect: cannot read ") + img + ".bmp");
    for (int64_t i = 0; i < x->numElements(); ++i)
      std::memcpy(x->as<int8_t>() + i, &gray[i], 1);
    if (std::string e = invokeTwice(*l.interp); !e.empty())
      return fail(std::string("person_detect ") + img + ": " + e);
    const Tensor *y = l.interp->outputTensor(0);
    const int noPerson = y->as<int8_t>()[0], person = y->as<int8_t>()[1];
    report << "| " << img << ".bmp | " << noPerson << " | " << person << " |\n";
    std::printf("person_detect %s.bmp: no_person %d person %d\n", img, noPerson,
                person);
    const bool isPerson = std::string(img) == "person";
    if (isPerson ? !(person > noPerson) : !(noPerson > person))
      fail(std::string("person_detect: wrong class for ") + img + ".bmp");
  }
  report << "\n";
}

//===----------------------------------------------------------------------===//
// hello_world int8 vs sin and the float model
//===----------------------------------------------------------------------===//

void helloWorld(const fs::path &corpus) {
  const fs::path dir =
      corpus / "tflite_micro/tensorflow/lite/micro/examples/hello_world/models";
  Loaded q, f;
  if (std::string e = load(dir / "hello_world_int8.tflite", q); !e.empty())
    return fail("hello_world_int8: " + e);
  if (std::string e = load(dir / "hello_world_float.tflite", f); !e.empty())
    return fail("hello_world_float: " + e);
  Tensor *qx = q.interp->inputTensor(0);
  const Tensor *qy = q.interp->outputTensor(0);
  const double sx = quantScale(qx), sy = quantScale(qy);
  const int64_t zx = quantZp(qx), zy = quantZp(qy);
  double maxSin = 0, maxFloat = 0, sum = 0;
  const int n = 1000;
  for (int i = 0; i < n; ++i) {
    const double xv = 2 * M_PI * i / (n - 1);
    const int32_t xq = static_cast<int32_t>(
        std::clamp<double>(std::round(xv / sx) + zx, -128, 127));
    qx->as<int8_t>()[0] = static_cast<int8_t>(xq);
    if (std::string e = invokeTwice(*q.interp); !e.empty())
      return fail("hello_world_int8: " + e);
    const double y = sy * (qy->as<int8_t>()[0] - zy);
    // The float model at the same (quantized) x.
    const float xr = static_cast<float>(sx * (xq - zx));
    f.interp->inputTensor(0)->as<float>()[0] = xr;
    if (auto s = f.interp->invoke(); !s.ok())
      return fail("hello_world_float: " + std::string(s.message()));
    const double yf = f.interp->outputTensor(0)->as<float>()[0];
    maxSin = std::max(maxSin, std::fabs(y - std::sin(xr)));
    maxFloat = std::max(maxFloat, std::fabs(y - yf));
    sum += std::fabs(y - std::sin(xr));
  }
  report << "## hello_world_int8.tflite\n\n1000 points in [0, 2pi]: max "
            "|y - sin x| = "
         << maxSin << " (tolerance " << kHelloInt8Tol << "), mean " << sum / n
         << "; max |y_int8 - y_float| = " << maxFloat << " (tolerance "
         << kHelloVsFloat << ")\n\n";
  std::printf("hello_world_int8: max |y-sin| %.4f mean %.4f max |y-yfloat| "
              "%.4f\n",
              maxSin, sum / n, maxFloat);
  if (maxSin > kHelloInt8Tol)
    fail("hello_world_int8: error vs sin(x) above tolerance");
  if (maxFloat > kHelloVsFloat)
    fail("hello_world_int8: error vs the float model above tolerance");
}

//===----------------------------------------------------------------------===//
// seanet
//===----------------------------------------------------------------------===//

std::vector<int64_t> readCsv(const fs::path &p) {
  std::ifstream f(p);
  std::vector<int64_t> v;
  std::string tok;
  while (std::getline(f, tok, ',')) {
    std::stringstream ss(tok);
    int64_t x;
    if (ss >> x)
      v.push_back(x);
  }
  return v;
}

bool storeInt(Tensor *t, const std::vector<int64_t> &v) {
  if (static_cast<int64_t>(v.size()) != t->numElements())
    return false;
  for (size_t i = 0; i < v.size(); ++i) {
    switch (t->type) {
    case TensorType::kInt8:
      t->as<int8_t>()[i] = static_cast<int8_t>(v[i]);
      break;
    case TensorType::kInt16:
      t->as<int16_t>()[i] = static_cast<int16_t>(v[i]);
      break;
    case TensorType::kInt32:
      t->as<int32_t>()[i] = static_cast<int32_t>(v[i]);
      break;
    default:
      return false;
    }
  }
  return true;
}

int64_t loadInt(const Tensor *t, int64_t i) {
  switch (t->type) {
  case TensorType::kInt8:
    return t->as<int8_t>()[i];
  case TensorType::kInt16:
    return t->as<int16_t>()[i];
  case TensorType::kInt32:
    return t->as<int32_t>()[i];
  default:
    return 0;
  }
}

void seanet(const fs::path &corpus) {
  const fs::path dir =
      corpus / "tflite_micro/tensorflow/lite/micro/integration_tests/seanet";
  if (!fs::exists(dir))
    return fail("seanet folder missing");
  std::vector<fs::path> models;
  for (auto &e : fs::recursive_directory_iterator(dir))
    if (e.path().extension() == ".tflite")
      models.push_back(e.path());
  std::sort(models.begin(), models.end());
  report << "## seanet (int16 activations, int8 weights)\n\n| model | "
            "elements | exact | max |diff| |\n|---|---|---|---|\n";
  int passed = 0;
  int64_t totalElems = 0, totalExact = 0;
  std::map<std::string, std::pair<int, int>> perOp;
  for (const fs::path &m : models) {
    const std::string stem = m.stem().string();
    const std::string rel = fs::relative(m, dir).string();
    const std::string op = m.parent_path().filename().string();
    Loaded l;
    if (std::string e = load(m, l); !e.empty()) {
      fail("seanet " + rel + ": " + e);
      continue;
    }
    bool ok = true;
    const int nIn = static_cast<int>(l.interp->primary().inputs().size());
    for (int i = 0; i < nIn && ok; ++i) {
      Tensor *t = l.interp->inputTensor(i);
      fs::path csv =
          m.parent_path() / (stem + "_input" + std::to_string(i) + "_" +
                             (t->type == TensorType::kInt32  ? "int32"
                              : t->type == TensorType::kInt8 ? "int8"
                                                             : "int16") +
                             ".csv");
      if (!storeInt(t, readCsv(csv))) {
        fail("seanet " + rel + ": cannot read " + csv.filename().string());
        ok = false;
      }
    }
    if (!ok)
      continue;
    if (std::string e = invokeTwice(*l.interp); !e.empty()) {
      fail("seanet " + rel + ": " + e);
      continue;
    }
    const Tensor *y = l.interp->outputTensor(0);
    fs::path golden;
    for (const char *ty : {"int16", "int8", "int32"})
      if (fs::exists(m.parent_path() / (stem + "_golden_" + ty + ".csv")))
        golden = m.parent_path() / (stem + "_golden_" + ty + ".csv");
    std::vector<int64_t> g = readCsv(golden);
    if (static_cast<int64_t>(g.size()) != y->numElements()) {
      fail("seanet " + rel + ": golden has " + std::to_string(g.size()) +
           " values, output " + std::to_string(y->numElements()));
      continue;
    }
    int64_t exact = 0, maxDiff = 0;
    for (int64_t i = 0; i < y->numElements(); ++i) {
      int64_t d = std::llabs(loadInt(y, i) - g[i]);
      exact += d == 0;
      maxDiff = std::max(maxDiff, d);
    }
    totalElems += y->numElements();
    totalExact += exact;
    report << "| " << rel << " | " << y->numElements() << " | " << exact
           << " | " << maxDiff << " |\n";
    perOp[op].second++;
    if (maxDiff > 1) {
      fail("seanet " + rel + ": max |diff| " + std::to_string(maxDiff) +
           " from the golden (bar: 1)");
      continue;
    }
    perOp[op].first++;
    ++passed;
  }
  report << "\n"
         << passed << "/" << models.size()
         << " seanet models within +-1 of the golden; " << totalExact << "/"
         << totalElems << " output elements bit-exact.\n\n";
  std::printf("seanet: %d/%zu models within +-1; %lld/%lld elements exact\n",
              passed, models.size(), static_cast<long long>(totalExact),
              static_cast<long long>(totalElems));
  for (auto &[op, c] : perOp)
    std::printf("  seanet %-15s %d/%d\n", op.c_str(), c.first, c.second);
}

//===----------------------------------------------------------------------===//
// Load-and-run sweep of the other quantized models
//===----------------------------------------------------------------------===//

/// Fills integer inputs with a deterministic ramp inside the type's range
/// and float inputs with [0, 1).
void fillInputs(Interpreter &in, bool nonNegative = false) {
  std::mt19937 g(7);
  for (int i = 0, n = static_cast<int>(in.primary().inputs().size()); i < n;
       ++i) {
    Tensor *t = in.inputTensor(i);
    for (int64_t k = 0, m = t->numElements(); k < m; ++k) {
      switch (t->type) {
      case TensorType::kFloat32:
        t->as<float>()[k] = std::uniform_real_distribution<float>(0, 1)(g);
        break;
      case TensorType::kInt8:
        t->as<int8_t>()[k] = static_cast<int8_t>(g() % 256 - 128);
        break;
      case TensorType::kUInt8:
        t->as<uint8_t>()[k] = static_cast<uint8_t>(g() % 256);
        break;
      case TensorType::kInt16:
        t->as<int16_t>()[k] = static_cast<int16_t>(
            static_cast<int32_t>(g() % 2001) - (nonNegative ? 0 : 1000));
        break;
      case TensorType::kInt32:
        t->as<int32_t>()[k] = static_cast<int32_t>(g() % 5);
        break;
      default:
        if (t->data)
          std::memset(t->data, 0, t->requiredBytes());
      }
    }
  }
}

/// Runs `p` with the reference kernels on fillInputs(nonNegative) and
/// compares every output with `opt`'s current outputs: "" when integer
/// outputs are identical and float outputs within kOptTol.
std::string vsReference(const fs::path &p, bool nonNegative, Interpreter &opt) {
  static ReferenceOpResolver rr;
  auto m = FlatBufferModel::buildFromFile(p.string());
  if (!m.ok())
    return "reference: " + std::string(m.status().message());
  auto ref = Interpreter::create(**m, rr);
  if (!ref.ok())
    return "reference: " + std::string(ref.status().message());
  if (auto s = (*ref)->allocateTensors(); !s.ok())
    return "reference: " + std::string(s.message());
  fillInputs(**ref, nonNegative);
  if (auto s = (*ref)->invoke(); !s.ok())
    return "reference: " + std::string(s.message());
  for (int i = 0, n = static_cast<int>(opt.primary().outputs().size()); i < n;
       ++i) {
    const Tensor *a = opt.outputTensor(i), *b = (*ref)->outputTensor(i);
    if (a->type != b->type || a->shape != b->shape)
      return "optimized and reference output " + std::to_string(i) +
             " differ in type or shape";
    if (a->type != TensorType::kFloat32) {
      if (bytesOf(a) != bytesOf(b))
        return "optimized and reference integer output " + std::to_string(i) +
               " differ";
      continue;
    }
    double maxRef = 1, maxErr = 0;
    for (int64_t k = 0, e = b->numElements(); k < e; ++k)
      maxRef = std::max(maxRef, std::fabs(double(b->as<float>()[k])));
    for (int64_t k = 0, e = b->numElements(); k < e; ++k) {
      const float x = a->as<float>()[k], y = b->as<float>()[k];
      if (std::isnan(x) != std::isnan(y) ||
          (!std::isfinite(y) && !std::isnan(y) && x != y))
        return "optimized and reference output " + std::to_string(i) +
               " differ in NaN / Inf";
      if (std::isfinite(y))
        maxErr = std::max(maxErr, std::fabs(double(x) - y));
    }
    if (maxErr > kOptTol * maxRef)
      return "optimized differs from reference by " + std::to_string(maxErr) +
             " on output " + std::to_string(i);
  }
  return "";
}

bool hasIntTensors(const FlatBufferModel &m) {
  for (const SubgraphDef &sg : m.def().subgraphs)
    for (const TensorDef &t : sg.tensors)
      if ((t.type == TensorType::kInt8 || t.type == TensorType::kUInt8 ||
           t.type == TensorType::kInt16) &&
          !t.quant.scale.empty())
        return true;
  return false;
}

void sweep(const fs::path &corpus) {
  std::vector<fs::path> files;
  for (const char *d : {"tensorflow/tensorflow/compiler/mlir/lite/quantization/"
                        "lite/testdata",
                        "tensorflow/tensorflow/lite/testdata"})
    if (fs::exists(corpus / d))
      for (auto &e : fs::directory_iterator(corpus / d))
        if (e.path().extension() == ".bin" || e.path().extension() == ".tflite")
          files.push_back(e.path());
  for (const char *d : {"tflite_micro", "litert"})
    if (fs::exists(corpus / d))
      for (auto &e : fs::recursive_directory_iterator(corpus / d))
        if (e.path().extension() == ".tflite" &&
            e.path().string().find("seanet") == std::string::npos)
          files.push_back(e.path());
  std::sort(files.begin(), files.end());
  report << "## Other quantized models: load and run twice\n\n| model | result "
            "|\n|---|---|\n";
  // Models that TFLite's own interpreter rejects: we must reject them too,
  // for the same reason (the expected text of our error).
  static const std::map<std::string, std::string> kRejectedByTflite = {
      // A quantizer test input whose SVDF state is [1,9] while memory 7 x
      // filters 6 needs [1,42]: TFLite's SVDF Prepare fails the same check.
      {"svdf_quantized.bin",
       "activation state [1,9] must be [batch, memory * filters] = [1,42]"},
  };
  int ran = 0, missing = 0, total = 0, rejected = 0, byDesign = 0;
  for (const fs::path &p : files) {
    const std::string rel = fs::relative(p, corpus).string();
    auto m = FlatBufferModel::buildFromFile(p.string());
    if (!m.ok())
      continue; // broken-on-purpose models are covered by corpus-lite
    if (!hasIntTensors(**m))
      continue;
    ++total;
    Loaded l;
    std::string e = load(p, l);
    bool madeNonNegative = false;
    if (e.empty()) {
      fillInputs(*l.interp);
      e = invokeTwice(*l.interp);
      // RSQRT is defined on x >= 0 only (TFLite fails on a negative int16
      // input as we do): rerun with |x|.
      if (e.find("only defined for non-negative") != std::string::npos) {
        fillInputs(*l.interp, /*nonNegative=*/true);
        e = invokeTwice(*l.interp);
        madeNonNegative = true;
      }
    }
    if (e.empty()) {
      if (std::string r = vsReference(p, madeNonNegative, *l.interp);
          !r.empty()) {
        fail(rel + ": " + r);
        report << "| " << rel << " | FAIL: " << r << " |\n";
        continue;
      }
      ++ran;
      report << "| " << rel
             << " | ran twice, identical, matches the "
                "reference kernels"
             << (madeNonNegative ? " (inputs >= 0: RSQRT's domain)" : "")
             << " |\n";
      continue;
    }
    std::string shortE = e.substr(0, 200);
    for (char &c : shortE)
      if (c == '|' || c == '\n')
        c = ' ';
    if (auto it = kRejectedByTflite.find(p.filename().string());
        it != kRejectedByTflite.end()) {
      if (e.find(it->second) == std::string::npos) {
        fail(rel + ": expected the error '" + it->second + "', got: " + e);
      } else {
        ++rejected;
        report << "| " << rel << " | rejected, as TFLite rejects it: " << shortE
               << " |\n";
      }
      continue;
    }
    // Vela-compiled graphs: the ethos-u custom op is an NPU command stream
    // that no CPU runtime can execute. The error must name the op.
    if (p.filename().string().find("_vela") != std::string::npos) {
      if (e.find("CUSTOM 'ethos-u'") == std::string::npos ||
          e.find("NPU") == std::string::npos) {
        fail(rel + ": the error must name the ethos-u NPU op, got: " + e);
      } else {
        ++byDesign;
        report << "| " << rel
               << " | not runnable by design (NPU op): " << shortE << " |\n";
      }
      continue;
    }
    // A missing kernel (no kernel / unsupported / unimplemented) is
    // reported; any other error is a failure.
    const bool notImplemented =
        e.find("unsupported ops") != std::string::npos ||
        e.find("no kernel") != std::string::npos ||
        e.find("unimplemented") != std::string::npos ||
        e.find("not implemented") != std::string::npos ||
        e.find(" type ") != std::string::npos ||
        e.find("needs one per-tensor") != std::string::npos ||
        e.find("on int16") != std::string::npos;
    report << "| " << rel << " | " << (notImplemented ? "not run: " : "FAIL: ")
           << shortE << " |\n";
    if (notImplemented)
      ++missing;
    else
      fail(rel + ": " + e);
  }
  report << "\n"
         << ran << "/" << total
         << " quantized models ran and matched the reference kernels; "
         << rejected << " rejected as TFLite rejects them; " << byDesign
         << " not runnable by design (NPU op); " << missing
         << " need a kernel we do not have.\n\n";
  std::printf("quantized sweep: %d/%d ran twice identically and matched the "
              "reference kernels, %d rejected as "
              "TFLite rejects them, %d not runnable by design, %d need a "
              "missing kernel\n",
              ran, total, rejected, byDesign, missing);
}

//===----------------------------------------------------------------------===//
// int16 x int8 BATCH_MATMUL models (no other oracle: Arm NN cannot parse
// them) against their float32 twin
//===----------------------------------------------------------------------===//

/// Runs the int16 model on a deterministic input and its float copy
/// (floatCopyOfQuantizedModel) on the dequantized input: one-op models must
/// agree within kEinsumSteps output steps (one requantization rounding plus
/// the float twin's own float32 summation error).
constexpr double kEinsumSteps = 1.5;

void einsumVsFloat(const fs::path &corpus) {
  const fs::path dir = corpus / "litert/litert/test/testdata";
  report << "## int16 x int8 einsum models vs their float32 twin\n\n| model | "
            "max diff (output steps) |\n|---|---|\n";
  for (const char *name :
       {"static_w8_a16_quantized_k_einsum", "static_w8_a16_quantized_v_einsum",
        "static_w8_a16_quantized_attn_vec_einsum"}) {
    const fs::path p = dir / (std::string(name) + ".tflite");
    if (!fs::exists(p))
      continue;
    Loaded q;
    if (std::string e = load(p, q); !e.empty()) {
      fail(std::string(name) + ": " + e);
      continue;
    }
    std::deque<std::vector<uint8_t>> storage;
    auto fdef = floatCopyOfQuantizedModel(q.model->def(), storage);
    if (!fdef.ok()) {
      fail(std::string(name) + ": " + std::string(fdef.status().message()));
      continue;
    }
    auto fin = Interpreter::create(*fdef, resolver(), name);
    if (!fin.ok() || !(*fin)->allocateTensors().ok()) {
      fail(std::string(name) + ": float twin does not build");
      continue;
    }
    Tensor *xq = q.interp->inputTensor(0), *xf = (*fin)->inputTensor(0);
    const double sx = quantScale(xq);
    std::mt19937 g(5);
    for (int64_t i = 0; i < xq->numElements(); ++i) {
      const int16_t v = static_cast<int16_t>(int(g() % 40001) - 20000);
      xq->as<int16_t>()[i] = v;
      xf->as<float>()[i] = static_cast<float>(sx * v);
    }
    if (std::string e = invokeTwice(*q.interp); !e.empty()) {
      fail(std::string(name) + ": " + e);
      continue;
    }
    if (auto st = (*fin)->invoke(); !st.ok()) {
      fail(std::string(name) + ": " + std::string(st.message()));
      continue;
    }
    const Tensor *yq = q.interp->outputTensor(0), *yf = (*fin)->outputTensor(0);
    const double sy = quantScale(yq);
    double worst = 0;
    for (int64_t i = 0; i < yq->numElements(); ++i)
      worst =
          std::max(worst, std::fabs(sy * (yq->as<int16_t>()[i] - quantZp(yq)) -
                                    yf->as<float>()[i]) /
                              sy);
    report << "| " << name << " | " << worst << " |\n";
    std::printf("%s vs float twin: max diff %.2f output steps\n", name, worst);
    if (worst > kEinsumSteps)
      fail(std::string(name) + ": int16 result off the float twin by " +
           std::to_string(worst) + " output steps");
  }
  report << "\n";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s <corpus dir> [report.md]\n", argv[0]);
    return 2;
  }
  fs::path corpus = argv[1];
  if (!fs::exists(corpus / "tflite_micro")) {
    std::printf("corpus not found at %s: skipped\n", corpus.c_str());
    return 77;
  }
  report << "# Integer kernels on the corpus\n\n";
  personDetect(corpus);
  helloWorld(corpus);
  seanet(corpus);
  sweep(corpus);
  einsumVsFloat(corpus);
  if (argc > 2) {
    std::ofstream f(argv[2]);
    f << report.str();
  }
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures ? 1 : 0;
}
