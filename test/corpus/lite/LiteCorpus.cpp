//===- LiteCorpus.cpp - The lite interpreter on the real-model corpus -----===//
//
// Usage: tfmlir-lite-corpus <corpus dir> [report.md]. Exits 77 (skipped)
// when the corpus is absent. Checks:
//  (d) hello_world_float.tflite: y ~ sin(x) at 1000 points of [0, 2pi],
//      max |y - sin x| <= kHelloTol = 0.1 (the model's own fit error:
//      we measure max 0.050, mean 0.012).
//  (b) every .tflite under npm/ and litert/: loads, and where all ops and
//      types are supported, allocates and runs twice on deterministic inputs
//      with bit-identical, finite outputs; the optimized kernels agree with
//      the reference ones (ReferenceOpResolver) within kOptTol = 1e-4 of
//      max(1, max |output|) (float rounding only; integer outputs exactly),
//      and 2 threads reproduce 1 thread bit for bit. Counts and the
//      unsupported op / type list are reported.
//  (e) TFLite's edge-case models: nested_while (x=1 gives 2),
//      multi_signatures (every signature runs), multi_subgraphs_while.
//  (6) empty_model, test_model_broken and segment_sum_invalid_buffer fail
//      with a status (never crash); 20 random mutations of every corpus
//      .tflite / .bin model never crash (see mutations()).
// Any other failure makes the exit status 1.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Interpreter.h"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <sstream>

using namespace tfmlir::lite;
namespace fs = std::filesystem;

namespace {

constexpr double kHelloTol = 0.1;
int failures = 0;
std::ostringstream report;

void fail(const std::string &msg) {
  ++failures;
  std::fprintf(stderr, "FAIL: %s\n", msg.c_str());
  report << "- FAIL: " << msg << "\n";
}

/// Fills every input of `sg` deterministically: floats in [0, 1), ints
/// 1..5 (or all `intFill` when >= 0), bools false.
void fillInputs(Subgraph &sg, int intFill) {
  std::mt19937 g(42);
  std::uniform_real_distribution<float> d(0.f, 1.f);
  for (int32_t t : sg.inputs()) {
    Tensor *x = sg.tensor(t);
    if (x->type != TensorType::kFloat32 && x->type != TensorType::kInt32 &&
        x->type != TensorType::kInt64) {
      // Other types (int8, uint8, int16, bool, ...) are zero-filled once.
      if (x->data)
        std::memset(x->data, 0, x->requiredBytes());
      continue;
    }
    for (int64_t i = 0, n = x->numElements(); i < n; ++i) {
      switch (x->type) {
      case TensorType::kFloat32:
        x->as<float>()[i] = d(g);
        break;
      case TensorType::kInt32:
        x->as<int32_t>()[i] =
            intFill >= 0 ? intFill : static_cast<int32_t>(i % 5 + 1);
        break;
      case TensorType::kInt64:
        x->as<int64_t>()[i] = intFill >= 0 ? intFill : i % 5 + 1;
        break;
      default:
        if (x->data)
          std::memset(x->data, 0, x->requiredBytes());
      }
    }
  }
}

std::vector<std::vector<uint8_t>> snapshot(Subgraph &sg) {
  std::vector<std::vector<uint8_t>> r;
  for (int32_t t : sg.outputs()) {
    const Tensor *x = sg.tensor(t);
    r.emplace_back(x->data, x->data + x->requiredBytes());
  }
  return r;
}

bool allFinite(Subgraph &sg) {
  for (int32_t t : sg.outputs()) {
    const Tensor *x = sg.tensor(t);
    if (x->type == TensorType::kFloat32)
      for (int64_t i = 0, n = x->numElements(); i < n; ++i)
        if (!std::isfinite(x->as<float>()[i]))
          return false;
  }
  return true;
}

/// Runs `sg` twice; returns "" on success or the problem. Integer inputs
/// are 1..5 first; when that makes an index input out of range
/// (InvalidArgument at Invoke), they are retried as all zeros.
std::string runTwiceIdentical(Subgraph &sg) {
  if (auto s = sg.allocateTensors(); !s.ok())
    return std::string(s.message());
  fillInputs(sg, -1);
  if (auto s = sg.invoke(); !s.ok()) {
    if (s.code() != absl::StatusCode::kInvalidArgument)
      return std::string(s.message());
    fillInputs(sg, 0);
    if (auto s2 = sg.invoke(); !s2.ok())
      return std::string(s2.message());
  }
  auto a = snapshot(sg);
  if (auto s = sg.invoke(); !s.ok())
    return std::string(s.message());
  if (a != snapshot(sg))
    return "two Invoke calls gave different outputs";
  if (!allFinite(sg))
    return "non-finite outputs";
  return "";
}

/// Optimized vs reference kernels (ReferenceOpResolver) on the inputs `opt`
/// last ran with: float outputs agree within kOptTol * max(1, max |ref|),
/// other outputs exactly; then `opt` on 2 threads must reproduce its
/// 1-thread outputs bit for bit. Returns "" or the problem; `maxErr` gets
/// the largest scaled float difference.
constexpr double kOptTol = 1e-4;
std::string crossCheck(const FlatBufferModel &m, Interpreter &opt,
                       double &maxErr) {
  maxErr = 0;
  ReferenceOpResolver rr;
  auto ref = Interpreter::create(m, rr);
  if (!ref.ok())
    return "reference: " + std::string(ref.status().message());
  Subgraph &rs = (*ref)->primary(), &os = opt.primary();
  if (auto s = rs.allocateTensors(); !s.ok())
    return "reference: " + std::string(s.message());
  for (size_t i = 0; i < os.inputs().size(); ++i) {
    const Tensor *a = os.tensor(os.inputs()[i]);
    Tensor *b = rs.tensor(rs.inputs()[i]);
    if (a->data && b->data)
      std::memcpy(b->data, a->data, std::min(a->bytes, b->bytes));
  }
  if (auto s = rs.invoke(); !s.ok())
    return "reference: " + std::string(s.message());
  for (size_t i = 0; i < os.outputs().size(); ++i) {
    const Tensor *a = os.tensor(os.outputs()[i]);
    const Tensor *b = rs.tensor(rs.outputs()[i]);
    if (a->shape != b->shape || a->type != b->type)
      return "optimized and reference output shapes differ";
    if (a->type != TensorType::kFloat32) {
      if (std::memcmp(a->data, b->data, a->requiredBytes()) != 0)
        return "optimized and reference integer outputs differ";
      continue;
    }
    const float *x = a->as<float>(), *y = b->as<float>();
    double scale = 1;
    for (int64_t k = 0, n = b->numElements(); k < n; ++k)
      scale = std::max(scale, double(std::fabs(y[k])));
    for (int64_t k = 0, n = b->numElements(); k < n; ++k)
      maxErr = std::max(maxErr, std::fabs(double(x[k]) - y[k]) / scale);
  }
  if (maxErr > kOptTol)
    return "optimized differs from reference by " + std::to_string(maxErr) +
           " (scaled), above " + std::to_string(kOptTol);
  auto one = snapshot(os);
  opt.setNumThreads(2);
  auto s = os.invoke();
  opt.setNumThreads(1);
  if (!s.ok())
    return "2 threads: " + std::string(s.message());
  if (snapshot(os) != one)
    return "2 threads gave different outputs than 1 thread";
  return "";
}

void helloWorld(const fs::path &corpus) {
  fs::path p = corpus /
               "tflite_micro/tensorflow/lite/micro/examples/hello_world/"
               "models/hello_world_float.tflite";
  if (!fs::exists(p))
    p = corpus /
        "tflite_micro/examples/hello_world/models/hello_world_float.tflite";
  auto m = FlatBufferModel::buildFromFile(p.string());
  if (!m.ok())
    return fail(std::string(m.status().message()));
  BuiltinOpResolver r;
  auto in = Interpreter::create(**m, r);
  if (!in.ok() || !(*in)->allocateTensors().ok())
    return fail("hello_world_float: cannot build the interpreter");
  double maxErr = 0, sumErr = 0;
  const int n = 1000;
  for (int i = 0; i < n; ++i) {
    float x = static_cast<float>(2 * M_PI * i / (n - 1));
    (*in)->inputTensor(0)->as<float>()[0] = x;
    if (auto s = (*in)->invoke(); !s.ok())
      return fail(std::string(s.message()));
    double e = std::fabs((*in)->outputTensor(0)->as<float>()[0] - std::sin(x));
    maxErr = std::max(maxErr, e);
    sumErr += e;
  }
  report
      << "## hello_world_float\n\n1000 points in [0, 2pi]: max |y - sin x| = "
      << maxErr << ", mean = " << sumErr / n << " (tolerance " << kHelloTol
      << ")\n\n";
  std::printf("hello_world_float: max err %.4f mean err %.4f\n", maxErr,
              sumErr / n);
  if (maxErr > kHelloTol)
    fail("hello_world_float: max error above tolerance");
}

void modelSweep(const fs::path &corpus) {
  std::vector<fs::path> files;
  for (const char *dir : {"npm", "litert"})
    if (fs::exists(corpus / dir))
      for (auto &e : fs::recursive_directory_iterator(corpus / dir))
        if (e.path().extension() == ".tflite")
          files.push_back(e.path());
  std::sort(files.begin(), files.end());
  int loaded = 0, ran = 0, unsupportedOps = 0, unsupportedTypes = 0;
  std::map<std::string, int> opHist;
  report << "## npm/ and litert/ models\n\n| model | result |\n|---|---|\n";
  BuiltinOpResolver r;
  for (const fs::path &p : files) {
    std::string rel = fs::relative(p, corpus).string();
    auto m = FlatBufferModel::buildFromFile(p.string());
    if (!m.ok()) {
      fail(rel + ": does not load: " + std::string(m.status().message()));
      continue;
    }
    ++loaded;
    auto in = Interpreter::create(**m, r);
    if (!in.ok()) {
      if (in.status().code() == absl::StatusCode::kNotFound) {
        ++unsupportedOps;
        std::string msg(in.status().message());
        size_t k = msg.find("unsupported ops: ");
        std::string ops = k == std::string::npos ? msg : msg.substr(k + 17);
        // One histogram entry per op name.
        std::stringstream ss(ops);
        std::string item;
        while (std::getline(ss, item, ';')) {
          item = item.substr(item.find_first_not_of(' '));
          opHist[item.substr(0, item.find(" ("))]++;
        }
        report << "| " << rel << " | unsupported ops: " << ops << " |\n";
      } else {
        fail(rel + ": " + std::string(in.status().message()));
      }
      continue;
    }
    std::string err = runTwiceIdentical((*in)->primary());
    double optErr = 0;
    if (err.empty())
      err = crossCheck(**m, **in, optErr);
    if (err.empty()) {
      ++ran;
      report << "| " << rel << " | ran twice, identical, finite; arena "
             << (*in)->arenaBytes() << " B; optimized vs reference " << optErr
             << ", 2 threads identical |\n";
    } else if (err.find("type") != std::string::npos &&
               (err.find("INT8") != std::string::npos ||
                err.find("INT16") != std::string::npos ||
                err.find("UINT8") != std::string::npos ||
                err.find("INT4") != std::string::npos ||
                err.find("STRING") != std::string::npos)) {
      ++unsupportedTypes;
      report << "| " << rel << " | unsupported type: " << err << " |\n";
    } else {
      fail(rel + ": " + err);
      report << "| " << rel << " | FAILED: " << err << " |\n";
    }
  }
  report << "\nmodels: " << files.size() << ", loaded: " << loaded
         << ", ran: " << ran << ", unsupported ops: " << unsupportedOps
         << ", unsupported (quantized/string) types: " << unsupportedTypes
         << "\n\nunsupported op histogram:";
  for (auto &[k, v] : opHist)
    report << " " << k << " x" << v << ";";
  report << "\n\n";
  std::printf("npm+litert: %zu models, loaded %d, ran %d, unsupported ops %d, "
              "unsupported types %d\n",
              files.size(), loaded, ran, unsupportedOps, unsupportedTypes);
}

void edgeCases(const fs::path &corpus) {
  fs::path td = corpus / "tensorflow/tensorflow/lite/testdata";
  BuiltinOpResolver r;
  report << "## TFLite testdata\n\n";
  // nested_while: x = 1 -> 2.
  {
    auto m = FlatBufferModel::buildFromFile((td / "nested_while.bin").string());
    if (!m.ok())
      return fail(std::string(m.status().message()));
    auto in = Interpreter::create(**m, r);
    if (!in.ok() || !(*in)->allocateTensors().ok())
      return fail("nested_while: cannot build");
    Tensor *x = (*in)->inputTensor(0);
    if (x->type != TensorType::kFloat32 && x->type != TensorType::kInt32)
      return fail("nested_while: unexpected input type");
    for (int run = 0; run < 2; ++run) {
      if (x->type == TensorType::kFloat32)
        x->as<float>()[0] = 1.f;
      else
        x->as<int32_t>()[0] = 1;
      if (auto s = (*in)->invoke(); !s.ok())
        return fail(std::string(s.message()));
      const Tensor *y = (*in)->outputTensor(0);
      double v = y->type == TensorType::kFloat32 ? y->as<float>()[0]
                                                 : y->as<int32_t>()[0];
      if (v != 2)
        fail("nested_while: x=1 gave " + std::to_string(v) + ", want 2");
    }
    report << "- nested_while: x=1 gives 2 (twice)\n";
  }
  // call_once_mul: CALL_ONCE initializes a resource variable v; each Invoke
  // returns v * x and then sets v = x. With x = 3 the second Invoke gives 9.
  {
    auto m =
        FlatBufferModel::buildFromFile((td / "call_once_mul.bin").string());
    auto in = m.ok() ? Interpreter::create(**m, r)
                     : absl::StatusOr<std::unique_ptr<Interpreter>>(m.status());
    if (!in.ok() || !(*in)->allocateTensors().ok()) {
      fail("call_once_mul: cannot build");
    } else {
      float got[2] = {0, 0};
      for (int run = 0; run < 2; ++run) {
        (*in)->inputTensor(0)->as<float>()[0] = 3.f;
        if (auto s = (*in)->invoke(); !s.ok()) {
          fail(std::string(s.message()));
          break;
        }
        got[run] = (*in)->outputTensor(0)->as<float>()[0];
      }
      if (got[1] != 9.f || !std::isfinite(got[0]))
        fail("call_once_mul: second Invoke gave " + std::to_string(got[1]) +
             ", want 9");
      else
        report << "- call_once_mul: x=3 gives " << got[0] << " then 9\n";
    }
  }
  for (const char *name : {"multi_signatures.bin", "multi_subgraphs_while.bin",
                           "no_signatures.bin", "zero_size_constant.bin",
                           "add.bin", "multi_add.bin", "dynamic_shapes.bin"}) {
    auto m = FlatBufferModel::buildFromFile((td / name).string());
    if (!m.ok()) {
      fail(std::string(m.status().message()));
      continue;
    }
    auto in = Interpreter::create(**m, r);
    if (!in.ok()) {
      fail(std::string(in.status().message()));
      continue;
    }
    std::string err = runTwiceIdentical((*in)->primary());
    int sigs = 0;
    for (const std::string &key : (*in)->signatureKeys()) {
      auto runner = (*in)->signatureRunner(key);
      if (!runner.ok()) {
        err = std::string(runner.status().message());
        break;
      }
      std::string e = runTwiceIdentical((*runner)->subgraph());
      if (!e.empty())
        err = key + ": " + e;
      ++sigs;
    }
    if (!err.empty())
      fail(std::string(name) + ": " + err);
    else
      report << "- " << name << ": runs twice identically (" << sigs
             << " signatures run)\n";
  }
  for (const char *name : {"empty_model.bin", "test_model_broken.bin",
                           "segment_sum_invalid_buffer.bin"}) {
    auto m = FlatBufferModel::buildFromFile((td / name).string());
    absl::Status s = m.status();
    if (m.ok()) {
      auto in = Interpreter::create(**m, r);
      s = in.status();
      if (in.ok())
        s = (*in)->allocateTensors();
    }
    if (s.ok())
      fail(std::string(name) + ": was accepted");
    else
      report << "- " << name << " rejected: " << s.message() << "\n";
  }
  report << "\n";
}

bool hasWhile(const ModelDef &def) {
  for (const SubgraphDef &sg : def.subgraphs)
    for (const OperatorDef &op : sg.ops)
      if (op.builtinCode == kOp_WHILE)
        return true;
  return false;
}

/// Random byte mutations and truncations of every corpus model: each mutant
/// must load or fail with a status; mutants that load are built, allocated
/// (arena limit 256 MiB) and, unless they contain a WHILE (a mutated loop
/// bound may never end), invoked. Nothing may crash.
void mutations(const fs::path &corpus) {
  std::vector<fs::path> files;
  for (const char *dir :
       {"npm", "litert", "tensorflow/tensorflow/lite/testdata",
        "tensorflow/tensorflow/compiler/mlir/lite/quantization/lite/testdata",
        "tflite_micro"})
    if (fs::exists(corpus / dir))
      for (auto &e : fs::recursive_directory_iterator(corpus / dir))
        if (e.path().extension() == ".tflite" || e.path().extension() == ".bin")
          files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::mt19937 g(7);
  BuiltinOpResolver r;
  const int kPerModel = 20;
  int total = 0, loaded = 0, allocated = 0, ran = 0;
  for (const fs::path &p : files) {
    std::ifstream f(p, std::ios::binary);
    std::vector<uint8_t> good((std::istreambuf_iterator<char>(f)),
                              std::istreambuf_iterator<char>());
    if (good.size() < 16 || good.size() > (size_t(8) << 20))
      continue;
    for (int i = 0; i < kPerModel; ++i, ++total) {
      std::vector<uint8_t> b = good;
      for (int k = 0, n = 1 + g() % 8; k < n; ++k)
        b[g() % b.size()] = static_cast<uint8_t>(g());
      if (i % 5 == 4)
        b.resize(g() % b.size());
      auto m = FlatBufferModel::buildFromBuffer(b.data(), b.size(), "mutant");
      if (!m.ok())
        continue;
      ++loaded;
      auto in = Interpreter::create(**m, r);
      if (!in.ok())
        continue;
      (*in)->setMaxTensorBytes(size_t(256) << 20);
      if (!(*in)->allocateTensors().ok())
        continue;
      ++allocated;
      if (!hasWhile((*m)->def()) && (*in)->invoke().ok())
        ++ran;
    }
  }
  report << "## Mutations\n\n"
         << total << " random byte mutations / "
         << "truncations of " << files.size() << " corpus models (" << kPerModel
         << " each): " << loaded << " still load, " << allocated
         << " allocate, " << ran << " run; no crash\n";
  std::printf("mutations: %d of %zu models, loaded %d, allocated %d, ran %d\n",
              total, files.size(), loaded, allocated, ran);
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || !fs::exists(argv[1])) {
    std::printf("corpus not found: skipped\n");
    return 77;
  }
  fs::path corpus = argv[1];
  report << "# Lite interpreter on the corpus\n\n";
  helloWorld(corpus);
  modelSweep(corpus);
  edgeCases(corpus);
  mutations(corpus);
  if (argc > 2) {
    std::ofstream out(argv[2]);
    out << report.str();
  }
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures ? 1 : 0;
}
