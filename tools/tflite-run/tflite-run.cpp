//===- tflite-run.cpp - Run a .tflite model with the lite interpreter -----===//
//
// Usage:
//   tflite-run --model m.tflite [--signature KEY] [--input NAME=in.npy]...
//              [--output NAME[:out.npy]]... [--threads N]
//              [--benchmark RUNS [--warmup N] [--profile]]
// NAME is a tensor name, a signature input/output name (with --signature),
// or a position (0, 1, ...). --dump prints the model's tensors and ops and
// exits. Inputs not given are zero-filled (reported on
// stderr). Without --output every output is printed. --benchmark prints the
// median, min and max Invoke latency in microseconds and the arena size;
// --profile adds the mean time per op type (an error without --benchmark).
// --reference runs every kernel's reference loops (ReferenceOpResolver,
// TFLite's BuiltinRefOpResolver) instead of the optimized paths. --float-copy
// runs a float32 twin of a quantized model (weights dequantized, float
// activations; see floatCopyOfQuantizedModel), for int8-vs-float benchmarks. An
// input file must have the input's shape, except in dims the model's
// shape_signature marks unknown (-1), as TFLite's ResizeInputTensorStrict;
// --allow-resize lets any shape through (TFLite's ResizeInputTensor).
// Exit status: 0 on success, 1 on any error (printed on stderr).
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/Interpreter.h"
#include "runtime/lite/Npy.h"
#include "tools/ToolVersion.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <map>
#include <string>
#include <vector>

using namespace tfmlir::lite;

namespace {

struct Options {
  std::string model, signature;
  std::vector<std::pair<std::string, std::string>> inputs;  // name, file
  std::vector<std::pair<std::string, std::string>> outputs; // name, file
  int threads = 1, benchmark = 0, warmup = 1;
  bool dump = false, profile = false, floatCopy = false, allowResize = false;
  bool reference = false;
};

/// Prints the model's subgraphs, tensors and ops (for --dump).
void dumpModel(const ModelDef &def) {
  for (size_t s = 0; s < def.subgraphs.size(); ++s) {
    const SubgraphDef &sg = def.subgraphs[s];
    std::cout << "subgraph " << s << " '" << sg.name
              << "': " << sg.tensors.size() << " tensors, " << sg.ops.size()
              << " ops\n";
    for (size_t t = 0; t < sg.tensors.size(); ++t) {
      const TensorDef &td = sg.tensors[t];
      std::cout << "  tensor " << t << " '" << td.name << "' "
                << typeName(td.type) << " " << shapeToString(td.shape)
                << (td.data ? " const " + std::to_string(td.dataSize) + "B"
                            : "")
                << (td.sparsity ? " sparse" : "")
                << (td.isVariable ? " variable" : "");
      // Quantization: "q scale zp" per tensor, or "q[N] axis D" per axis.
      if (td.quant.scale.size() == 1)
        std::cout << " q " << td.quant.scale[0] << " "
                  << (td.quant.zeroPoint.empty() ? 0 : td.quant.zeroPoint[0]);
      else if (td.quant.scale.size() > 1)
        std::cout << " q[" << td.quant.scale.size() << "] axis "
                  << td.quant.quantizedDimension;
      std::cout << "\n";
    }
    for (size_t i = 0; i < sg.ops.size(); ++i) {
      const OperatorDef &op = sg.ops[i];
      std::cout << "  op " << i << " "
                << (op.builtinCode == kOp_CUSTOM
                        ? "CUSTOM:" + op.customName
                        : builtinOpName(op.builtinCode))
                << " v" << op.version << " in " << shapeToString(op.inputs)
                << " out " << shapeToString(op.outputs) << "\n";
    }
  }
}

const char *kUsage =
    "usage: tflite-run [--model] m.tflite [--signature KEY] "
    "[--input NAME=file.npy]... [--output NAME[:file.npy]]... "
    "[--threads N] [--benchmark RUNS (or --runs RUNS) [--warmup N] "
    "[--profile]] [--float-copy] [--reference] [--allow-resize] [--dump]\n";

/// --help: the usage line and what each flag does (stdout, exit 0).
const char *kHelp =
    "Runs a .tflite model with tfmlir's lite interpreter (runtime/lite).\n"
    "  --model FILE       the .tflite model\n"
    "  --signature KEY    bind NAMEs to the inputs/outputs of this "
    "SignatureDef\n"
    "  --input NAME=FILE  an input from an .npy file; NAME is a tensor name, a "
    "signature name or a position (0, 1, ...); inputs not given are "
    "zero-filled\n"
    "  --output NAME[:FILE]  print this output (or write it to an .npy "
    "file); without --output every output is printed\n"
    "  --threads N        intra-op threads (default 1)\n"
    "  --benchmark RUNS   time RUNS Invokes (median, min, max in "
    "microseconds; --runs is the same); --warmup N runs first (default 1)\n"
    "  --profile          with --benchmark: the mean time per op type\n"
    "  --float-copy       run the float32 twin of a quantized model\n"
    "  --reference        run the reference kernels (TFLite's "
    "BuiltinRefOpResolver)\n"
    "  --allow-resize     accept inputs of any shape (TFLite's "
    "ResizeInputTensor; default: only dims that shape_signature marks -1)\n"
    "  --dump             print the model's tensors and ops and exit\n"
    "  --version, --help\n";

/// Prints `msg` and the usage line on stderr; returns the exit status 1.
int usage(const std::string &msg) {
  std::cerr << "tflite-run: " << msg << "\n" << kUsage;
  return 1;
}

bool parseInt(const std::string &s, int &out) {
  if (s.empty() || s.size() > 9 ||
      !std::all_of(s.begin(), s.end(), [](char c) { return isdigit(c); }))
    return false;
  out = std::stoi(s);
  return true;
}

/// Binding of user-visible names to tensors of one subgraph.
struct Binding {
  Subgraph *sg;
  std::vector<std::pair<std::string, int32_t>> inputs, outputs;
};

absl::StatusOr<int32_t>
lookup(const std::vector<std::pair<std::string, int32_t>> &list, Subgraph &sg,
       const std::string &name, const char *what) {
  for (auto &[n, t] : list)
    if (n == name)
      return t;
  int idx;
  if (parseInt(name, idx)) {
    if (idx < static_cast<int>(list.size()))
      return list[idx].second;
    return absl::InvalidArgumentError(absl::StrCat(
        what, " #", idx, " out of range (", list.size(), " ", what, "s)"));
  }
  std::string names;
  for (auto &[n, t] : list)
    names += (names.empty() ? "" : ", ") + n;
  return absl::NotFoundError(absl::StrCat("no ", what, " named '", name, "' (",
                                          what, "s: ", names, ")"));
}

void printTensor(const std::string &name, const Tensor &t) {
  std::cout << name << ": " << typeName(t.type) << " "
            << shapeToString(t.shape);
  int64_t n = t.numElements();
  std::cout << " =";
  const int64_t kMax = 64;
  for (int64_t i = 0; i < std::min(n, kMax); ++i) {
    std::cout << " ";
    switch (t.type) {
    case TensorType::kFloat32:
      std::printf("%.7g", t.as<float>()[i]);
      std::fflush(stdout);
      break;
    case TensorType::kInt32:
      std::cout << t.as<int32_t>()[i];
      break;
    case TensorType::kInt64:
      std::cout << t.as<int64_t>()[i];
      break;
    case TensorType::kInt8:
      std::cout << int(t.as<int8_t>()[i]);
      break;
    case TensorType::kUInt8:
      std::cout << int(t.as<uint8_t>()[i]);
      break;
    case TensorType::kBool:
      std::cout << (t.as<bool>()[i] ? "true" : "false");
      break;
    case TensorType::kFloat64:
      std::printf("%.15g", t.as<double>()[i]);
      std::fflush(stdout);
      break;
    case TensorType::kFloat16:
      std::printf("%.5g", halfToFloat(t.as<uint16_t>()[i]));
      std::fflush(stdout);
      break;
    case TensorType::kBFloat16: {
      // bfloat16 is the top half of a float32.
      uint32_t bits = static_cast<uint32_t>(t.as<uint16_t>()[i]) << 16;
      float f;
      std::memcpy(&f, &bits, sizeof f);
      std::printf("%.4g", f);
      std::fflush(stdout);
      break;
    }
    case TensorType::kInt16:
      std::cout << t.as<int16_t>()[i];
      break;
    case TensorType::kUInt16:
      std::cout << t.as<uint16_t>()[i];
      break;
    case TensorType::kUInt32:
      std::cout << t.as<uint32_t>()[i];
      break;
    case TensorType::kUInt64:
      std::cout << t.as<uint64_t>()[i];
      break;
    default:
      // Strings, complex, resource and variant tensors are not printed.
      std::cout << "?";
    }
  }
  if (n > kMax)
    std::cout << " ... (" << n << " values)";
  std::cout << "\n";
}

int fail(const absl::Status &s) {
  std::cerr << "tflite-run: " << s.message() << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string &out) {
      if (i + 1 >= argc)
        return false;
      out = argv[++i];
      return true;
    };
    std::string v;
    if (a == "--model") {
      if (!value(v))
        return usage("--model needs a file");
      if (!opt.model.empty())
        return usage("the model is given twice: '" + opt.model + "' and '" + v +
                     "'");
      opt.model = v;
    } else if (a == "--signature") {
      if (!value(opt.signature))
        return usage("--signature needs a key");
    } else if (a == "--input") {
      if (!value(v))
        return usage("--input needs NAME=file.npy");
      size_t eq = v.rfind('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == v.size())
        return usage("--input '" + v + "' is not NAME=file.npy");
      for (auto &[prev, file] : opt.inputs)
        if (prev == v.substr(0, eq))
          return usage("--input '" + prev + "' is given twice");
      opt.inputs.push_back({v.substr(0, eq), v.substr(eq + 1)});
    } else if (a == "--output") {
      if (!value(v))
        return usage("--output needs NAME[:file.npy]");
      size_t c = v.rfind(':');
      if (c == std::string::npos)
        opt.outputs.push_back({v, ""});
      else
        opt.outputs.push_back({v.substr(0, c), v.substr(c + 1)});
    } else if (a == "--threads") {
      if (!value(v) || !parseInt(v, opt.threads) || opt.threads < 1)
        return usage("--threads needs a positive integer");
    } else if (a == "--benchmark" || a == "--runs") {
      if (!value(v) || !parseInt(v, opt.benchmark) || opt.benchmark < 1)
        return usage(a + " needs a positive integer");
    } else if (a == "--warmup") {
      if (!value(v) || !parseInt(v, opt.warmup))
        return usage("--warmup needs a non-negative integer");
    } else if (a == "--profile") {
      opt.profile = true;
    } else if (a == "--allow-resize") {
      opt.allowResize = true;
    } else if (a == "--float-copy") {
      opt.floatCopy = true;
    } else if (a == "--reference") {
      opt.reference = true;
    } else if (a == "--dump") {
      opt.dump = true;
    } else if (a == "--version") {
      std::fputs(tfmlir::toolVersion("tflite-run").c_str(), stdout);
      return 0;
    } else if (a == "--help" || a == "-h") {
      std::cout << kUsage << kHelp;
      return 0;
    } else if (!a.empty() && a[0] != '-') {
      if (!opt.model.empty())
        return usage("the model is given twice: '" + opt.model + "' and '" + a +
                     "'");
      opt.model = a; // `tflite-run m.tflite`: the model, as --model
    } else {
      return usage("unknown argument '" + a + "'");
    }
  }
  if (opt.model.empty())
    return usage("--model is required");
  // --profile times the ops of the --benchmark runs; alone it would be
  // ignored silently.
  if (opt.profile && opt.benchmark == 0)
    return usage("--profile needs --benchmark RUNS (it reports the mean time "
                 "per op type over the benchmark runs)");

  auto model = FlatBufferModel::buildFromFile(opt.model);
  if (!model.ok())
    return fail(model.status());
  if (opt.dump) {
    dumpModel((*model)->def());
    return 0;
  }
  BuiltinOpResolver builtins;
  ReferenceOpResolver references;
  const OpResolver &resolver =
      opt.reference ? static_cast<const OpResolver &>(references) : builtins;
  std::deque<std::vector<uint8_t>> floatStorage;
  ModelDef floatDef;
  if (opt.floatCopy) {
    auto d = floatCopyOfQuantizedModel((*model)->def(), floatStorage);
    if (!d.ok())
      return fail(d.status());
    floatDef = std::move(*d);
  }
  auto interp = opt.floatCopy
                    ? Interpreter::create(floatDef, resolver, opt.model)
                    : Interpreter::create(**model, resolver);
  if (!interp.ok())
    return fail(interp.status());
  Interpreter &in = **interp;
  if (opt.threads > Interpreter::maxThreads()) {
    std::fprintf(stderr,
                 "tflite-run: note: --threads %d is above the %d cores of "
                 "this machine; using %d\n",
                 opt.threads, Interpreter::maxThreads(),
                 Interpreter::maxThreads());
    opt.threads = Interpreter::maxThreads();
  }
  in.setNumThreads(opt.threads);

  Binding b;
  if (!opt.signature.empty()) {
    auto r = in.signatureRunner(opt.signature);
    if (!r.ok())
      return fail(r.status());
    b.sg = &(*r)->subgraph();
    const ModelDef &def = (*model)->def();
    for (auto &s : def.signatures)
      if (s.key == opt.signature) {
        b.inputs = s.inputs;
        b.outputs = s.outputs;
      }
  } else {
    b.sg = &in.primary();
    for (int32_t t : b.sg->inputs())
      b.inputs.push_back({b.sg->tensor(t)->name, t});
    for (int32_t t : b.sg->outputs())
      b.outputs.push_back({b.sg->tensor(t)->name, t});
  }
  Subgraph &sg = *b.sg;

  // Read inputs and resize where the file's shape differs.
  std::vector<std::pair<int32_t, NpyArray>> feeds;
  for (auto &[name, file] : opt.inputs) {
    auto t = lookup(b.inputs, sg, name, "input");
    if (!t.ok())
      return fail(t.status());
    auto arr = readNpy(file);
    if (!arr.ok())
      return fail(arr.status());
    const Tensor *ten = sg.tensor(*t);
    if (arr->type != ten->type)
      return fail(absl::InvalidArgumentError(absl::StrCat(
          file, ": dtype ", typeName(arr->type), " does not match input '",
          name, "' of type ", typeName(ten->type))));
    if (arr->shape != ten->shape) {
      // Only dims the model marks unknown may change, unless --allow-resize.
      const std::vector<int32_t> &sig = sg.def().tensors[*t].shapeSignature;
      bool fits = arr->shape.size() == ten->shape.size() && !sig.empty() &&
                  sig.size() == ten->shape.size();
      for (size_t d = 0; fits && d < sig.size(); ++d)
        fits = sig[d] == -1 || sig[d] == arr->shape[d];
      if (!fits && !opt.allowResize)
        return fail(absl::InvalidArgumentError(absl::StrCat(
            file, ": shape ", shapeToString(arr->shape),
            " does not fit input '", name, "' of shape ",
            shapeToString(ten->shape),
            sig.empty() ? std::string(" (no unknown dims)")
                        : " (signature " + shapeToString(sig) + ")",
            "; pass --allow-resize to resize the input anyway")));
      auto &ins = sg.inputs();
      auto it = std::find(ins.begin(), ins.end(), *t);
      if (it == ins.end())
        return fail(absl::InvalidArgumentError("input is not resizable"));
      if (auto s = sg.resizeInputTensor(static_cast<int>(it - ins.begin()),
                                        arr->shape);
          !s.ok())
        return fail(s);
    }
    feeds.push_back({*t, std::move(*arr)});
  }
  if (auto s = sg.allocateTensors(); !s.ok())
    return fail(s);
  for (auto &[name, t] : b.inputs) {
    bool fed = false;
    for (auto &f : feeds)
      fed |= f.first == t;
    if (!fed)
      std::cerr << "tflite-run: note: input '" << name
                << "' not given; using zeros "
                << shapeToString(sg.tensor(t)->shape) << "\n";
  }
  for (auto &[t, arr] : feeds) {
    Tensor *ten = sg.tensor(t);
    if (ten->requiredBytes() != arr.bytes.size())
      return fail(absl::InternalError("input size mismatch"));
    std::memcpy(ten->data, arr.bytes.data(), arr.bytes.size());
  }
  if (auto s = sg.invoke(); !s.ok())
    return fail(s);

  if (opt.benchmark > 0) {
    for (int i = 0; i < opt.warmup; ++i)
      if (auto s = sg.invoke(); !s.ok())
        return fail(s);
    std::vector<double> us;
    if (opt.profile)
      sg.setProfiling(true);
    for (int i = 0; i < opt.benchmark; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      if (auto s = sg.invoke(); !s.ok())
        return fail(s);
      auto t1 = std::chrono::steady_clock::now();
      us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    std::sort(us.begin(), us.end());
    if (opt.profile) {
      // Per op type: total time over the benchmark runs, largest first.
      std::map<std::string, std::pair<double, int>> byType;
      const SubgraphDef &sd = sg.def();
      for (size_t i = 0; i < sd.ops.size(); ++i) {
        const OperatorDef &op = sd.ops[i];
        std::string name = op.builtinCode == kOp_CUSTOM
                               ? "CUSTOM:" + op.customName
                               : builtinOpName(op.builtinCode);
        byType[name].first += sg.opTimesUs()[i] / opt.benchmark;
        byType[name].second++;
      }
      std::vector<std::pair<double, std::string>> rows;
      for (auto &[k, v] : byType)
        rows.push_back({v.first, k + " x" + std::to_string(v.second)});
      std::sort(rows.rbegin(), rows.rend());
      for (auto &[t, k] : rows)
        std::printf("profile: %-40s %10.1f us/run\n", k.c_str(), t);
    }
    std::printf("benchmark: runs=%d warmup=%d threads=%d median_us=%.1f "
                "min_us=%.1f max_us=%.1f arena_bytes=%zu "
                "(tensors without reuse: %zu)\n",
                opt.benchmark, opt.warmup, opt.threads, us[us.size() / 2],
                us.front(), us.back(), in.arenaBytes(), sg.arenaTensorBytes());
  }

  if (opt.outputs.empty()) {
    if (opt.benchmark == 0)
      for (auto &[name, t] : b.outputs)
        printTensor(name, *sg.tensor(t));
  } else {
    for (auto [name, file] : opt.outputs) {
      auto t = lookup(b.outputs, sg, name, "output");
      // "NAME:0" is an output named with TF's ":0" suffix when NAME alone is
      // not one (the ":" split took "0" as a file name).
      if (!t.ok() && !file.empty()) {
        if (auto whole = lookup(b.outputs, sg, name + ":" + file, "output");
            whole.ok()) {
          name += ":" + file;
          file.clear();
          t = whole;
        }
      }
      if (!t.ok())
        return fail(t.status());
      if (file.empty())
        printTensor(name, *sg.tensor(*t));
      else if (auto s = writeNpy(file, *sg.tensor(*t)); !s.ok())
        return fail(s);
    }
  }
  return 0;
}
