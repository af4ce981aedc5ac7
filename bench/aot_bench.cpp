//===- aot_bench.cpp - tf-compile'd (AOT) vs Session (JIT) run time ------===//
//
// usage: tfmlir-aot-bench GRAPH_DIR [--runs N]
//
// The MobileNet-like convnet and the MLP of model_bench.cpp (their GraphDefs
// written by `tfmlir-model-bench --write-graph`, compiled at build time by
// tfmlir_aot_library for the build machine's CPU) run through
//  - AOT: the generated class's Run() (the copy of the result included), and
//  - JIT: tfmlir::session::Session::Run on GRAPH_DIR/<model>.pb, the path
//    tf-run takes (feeds/fetches by name, result Tensors).
// Both get the same input; after checking that their results are identical
// bytes, 3 warm-up runs each, then N (default 30) rounds alternating AOT and
// JIT runs. Prints, per model, the median and minimum wall time of each and
// the ratio of the medians (JIT / AOT).
//===----------------------------------------------------------------------===//
#include "aot_bench_convnet.h"
#include "aot_bench_mlp.h"

#include "lib/Translate/ModelLoader.h"
#include "runtime/session/Session.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace tfmlir::session;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

template <typename Aot>
int bench(const char *name, const std::string &graph, int runs) {
  auto model = tfmlir::loadGraphDefFile(graph);
  if (!model.ok()) {
    std::fprintf(stderr, "%s\n", std::string(model.status().message()).c_str());
    return 1;
  }
  auto session = Session::Create(model->graph, SessionOptions());
  if (!session.ok())
    return 1;
  Aot aot;
  std::vector<int64_t> shape(Aot::kArg0Shape, Aot::kArg0Shape + Aot::kArg0Rank);
  Tensor x(DT_FLOAT, TensorShape(shape));
  for (int64_t i = 0; i < Aot::kArg0Elements; ++i)
    x.flat<float>()[i] = static_cast<float>((i * 37) % 101) / 101.0f - 0.5f;
  std::memcpy(aot.arg0_data(), x.data(), Aot::kArg0Bytes);

  std::vector<Tensor> out;
  auto runJit = [&] {
    absl::Status s = (*session)->Run({{"x:0", x}}, {"logits:0"}, {}, &out);
    if (!s.ok()) {
      std::fprintf(stderr, "%s\n", std::string(s.message()).c_str());
      std::exit(1);
    }
  };
  auto runAot = [&] {
    if (!aot.Run()) {
      std::fprintf(stderr, "%s\n", aot.error_msg().c_str());
      std::exit(1);
    }
  };
  runJit();
  runAot();
  bool same =
      out[0].TotalBytes() == static_cast<size_t>(Aot::kResult0Bytes) &&
      std::memcmp(out[0].data(), aot.result0_data(), Aot::kResult0Bytes) == 0;
  for (int k = 0; k < 3; ++k) {
    runAot();
    runJit();
  }
  std::vector<double> ta, tj;
  for (int k = 0; k < runs; ++k) {
    auto t0 = Clock::now();
    runAot();
    ta.push_back(msSince(t0));
    t0 = Clock::now();
    runJit();
    tj.push_back(msSince(t0));
  }
  std::sort(ta.begin(), ta.end());
  std::sort(tj.begin(), tj.end());
  double ma = ta[ta.size() / 2], mj = tj[tj.size() / 2];
  std::printf("| %s | %.3f / %.3f | %.3f / %.3f | %.2f | %s |\n", name, ma,
              ta[0], mj, tj[0], mj / ma, same ? "yes" : "NO");
  return same ? 0 : 1;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s GRAPH_DIR [--runs N]\n", argv[0]);
    return 2;
  }
  std::string dir = argv[1];
  int runs = 30;
  if (argc == 4 && std::string(argv[2]) == "--runs")
    runs = std::max(1, std::atoi(argv[3]));
  std::printf("| model | AOT median / min ms | JIT (Session) median / min ms "
              "| JIT/AOT | identical |\n|---|---|---|---|---|\n");
  int rc = bench<aot_bench::ConvNet>("convnet (MobileNet-like)",
                                     dir + "/convnet.pb", runs);
  rc |=
      bench<aot_bench::Mlp>("mlp (64x784-1024-1024-10)", dir + "/mlp.pb", runs);
  return rc;
}
