//===- hlo-jit-run.cpp - JIT-run an hlo function on the host CPU ----------===//
//
// usage: hlo-jit-run FILE.mlir [--entry NAME] [--benchmark N]
// Compiles function NAME (default main) of an hlo-dialect module with
// CpuExecutable and runs it. The function must take no arguments (graphs
// whose inputs are constants). Prints each result as a header line
// `# result <i> <dtype> <d0,d1,...>` followed by its elements, one per line,
// row-major (floats, f16 and bf16 with %.9g: nan, inf, -inf as printf writes
// them; bools and integers as integers). With --benchmark N, runs N more times
// and prints `# benchmark: N runs, mean <ms> ms, min <ms> ms` on stderr.
// --help prints the usage, --version the version (tools/ToolVersion.h).
// Exit status: 0 on success, 1 with the error on stderr otherwise.
//===----------------------------------------------------------------------===//
#include "runtime/session/CpuExecutable.h"
#include "tools/ToolVersion.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

using namespace tfmlir::session;

namespace {

void printTensor(size_t index, const HostTensor &t) {
  std::printf("# result %zu %s ", index, dtypeName(t.dtype()));
  for (size_t d = 0; d < t.shape().size(); ++d)
    std::printf("%s%" PRId64, d ? "," : "", t.shape()[d]);
  std::printf("\n");
  for (int64_t i = 0; i < t.numElements(); ++i) {
    switch (t.dtype()) {
    case DType::kF32:
      std::printf("%.9g\n", double(t.data<float>()[i]));
      break;
    case DType::kF64:
      std::printf("%.17g\n", t.data<double>()[i]);
      break;
    case DType::kBool:
      std::printf("%d\n", int(t.data<uint8_t>()[i]));
      break;
    case DType::kI8:
      std::printf("%d\n", int(t.data<int8_t>()[i]));
      break;
    case DType::kI32:
      std::printf("%d\n", t.data<int32_t>()[i]);
      break;
    case DType::kI64:
      std::printf("%" PRId64 "\n", t.data<int64_t>()[i]);
      break;
    case DType::kI16:
      std::printf("%d\n", int(t.data<int16_t>()[i]));
      break;
    case DType::kU8:
      std::printf("%u\n", unsigned(t.data<uint8_t>()[i]));
      break;
    case DType::kU16:
      std::printf("%u\n", unsigned(t.data<uint16_t>()[i]));
      break;
    case DType::kU32:
      std::printf("%u\n", t.data<uint32_t>()[i]);
      break;
    case DType::kU64:
      std::printf("%" PRIu64 "\n", t.data<uint64_t>()[i]);
      break;
    case DType::kF16:
      std::printf("%.9g\n", double(halfToFloat(t.data<uint16_t>()[i])));
      break;
    case DType::kBF16:
      std::printf("%.9g\n", double(bfloat16ToFloat(t.data<uint16_t>()[i])));
      break;
    }
  }
}

} // namespace

int main(int argc, char **argv) {
  std::string file, entry = "main";
  long bench = 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--version") {
      std::fputs(tfmlir::toolVersion("hlo-jit-run").c_str(), stdout);
      return 0;
    }
    if (a == "--help" || a == "-h") {
      std::fputs(
          "usage: hlo-jit-run FILE.mlir [--entry NAME] [--benchmark N]\n",
          stdout);
      return 0;
    }
    if (a == "--entry" && i + 1 < argc)
      entry = argv[++i];
    else if (a == "--benchmark" && i + 1 < argc)
      bench = std::strtol(argv[++i], nullptr, 10);
    else if (file.empty() && !a.empty() && a[0] != '-')
      file = a;
    else {
      std::fprintf(
          stderr,
          "usage: hlo-jit-run FILE.mlir [--entry NAME] [--benchmark N]\n");
      return 1;
    }
  }
  if (file.empty()) {
    std::fprintf(
        stderr,
        "usage: hlo-jit-run FILE.mlir [--entry NAME] [--benchmark N]\n");
    return 1;
  }
  std::ifstream in(file);
  if (!in) {
    std::fprintf(stderr, "hlo-jit-run: cannot read %s\n", file.c_str());
    return 1;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  auto exe = CpuExecutable::compile(ss.str(), entry);
  if (!exe.ok()) {
    std::fprintf(stderr, "hlo-jit-run: %s: %s\n", file.c_str(),
                 exe.status().ToString().c_str());
    return 1;
  }
  if (!(*exe)->inputSpecs().empty()) {
    std::fprintf(stderr,
                 "hlo-jit-run: %s: @%s takes %zu arguments; only "
                 "functions without arguments can be run\n",
                 file.c_str(), entry.c_str(), (*exe)->inputSpecs().size());
    return 1;
  }
  auto results = (*exe)->run({});
  if (!results.ok()) {
    std::fprintf(stderr, "hlo-jit-run: %s: %s\n", file.c_str(),
                 results.status().ToString().c_str());
    return 1;
  }
  for (size_t i = 0; i < results->size(); ++i)
    printTensor(i, (*results)[i]);
  if (bench > 0) {
    double total = 0, best = 1e300;
    for (long k = 0; k < bench; ++k) {
      auto t0 = std::chrono::steady_clock::now();
      auto r = (*exe)->run({});
      auto t1 = std::chrono::steady_clock::now();
      if (!r.ok()) {
        std::fprintf(stderr, "hlo-jit-run: %s\n",
                     r.status().ToString().c_str());
        return 1;
      }
      double ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
      total += ms;
      best = std::min(best, ms);
    }
    std::fprintf(stderr, "# benchmark: %ld runs, mean %.4f ms, min %.4f ms\n",
                 bench, total / bench, best);
  }
  return 0;
}
