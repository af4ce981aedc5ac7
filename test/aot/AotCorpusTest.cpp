//===- AotCorpusTest.cpp - tf-compile'd corpus graphs vs tf-run and TF ----===//
//
// usage: tfmlir-aot-corpus-test <dl4j examples dir, or "none" without the
//        corpus (then only the generated cases are compiled in)>
//
// For every case compiled into this program (aot_corpus_cases.inc,
// and aot_corpus_includes.inc, written by test/aot/CMakeLists.txt from
// test/aot/configs/*.config.pbtxt):
//  1. the feeds: <node>.placeholder.csv when the case has one, else the
//     value of the fed node (a Const in_k) as the Session computes it;
//  2. the AOT class runs twice: both runs must give identical bytes;
//  3. the Session (the JIT, what tf-run runs) runs the same feeds and
//     fetches: its results must equal the AOT results byte for byte (the
//     same compiler, the same CPU);
//  4. both are compared with TensorFlow's <node>.prediction.csv:
//     |got - ref| <= 1e-5 + 1e-4 |ref| (f16: 1e-3 + 1e-3 |ref|), NaN and
//     Inf exactly.
// Besides corpus cases, a generated graph with 128 KiB of weights
// (make_bigconst.py, float64 reference) checks constants kept in rodata.
// Prints one line per case; exit status 1 when any case fails.
//===----------------------------------------------------------------------===//
#include "runtime/aot/CompiledFunction.h"
#include "runtime/session/Session.h"

#include "lib/Support/Float16.h"
#include "lib/Translate/ModelLoader.h"
#include "lib/Translate/proto/tf2xla.pb.h"

#include <google/protobuf/text_format.h>

#include "aot_corpus_includes.inc"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

using tfmlir::aot::CompiledCpuFunction;
using namespace tfmlir::session;

namespace {

struct Case {
  const char *dir;    // relative to the dl4j examples folder, or absolute
  const char *graph;  // the GraphDef file in `dir`
  const char *config; // absolute path of the tf2xla.Config
  std::function<std::unique_ptr<CompiledCpuFunction>()> make;
};

#include "aot_corpus_cases.inc"

std::string readText(const std::string &path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

/// The file of a corpus value: `node` with '/' as sub-folders, or '____'.
std::string corpusFile(const std::string &dir, const std::string &node,
                       const std::string &suffix) {
  std::string a = dir + "/" + node + suffix;
  if (std::filesystem::exists(a))
    return a;
  std::string flat = node;
  for (size_t p; (p = flat.find('/')) != std::string::npos;)
    flat.replace(p, 1, "____");
  return dir + "/" + flat + suffix;
}

std::vector<double> readValues(const std::string &path) {
  std::vector<double> v;
  std::ifstream f(path);
  std::string tok;
  while (f >> tok) {
    for (char &c : tok)
      if (c == ',')
        c = ' ';
    std::istringstream is(tok);
    std::string t;
    while (is >> t)
      v.push_back(std::strtod(t.c_str(), nullptr));
  }
  return v;
}

double toDouble(const void *data, int dtype, int64_t i) {
  switch (dtype) {
  case DT_FLOAT:
    return static_cast<const float *>(data)[i];
  case DT_DOUBLE:
    return static_cast<const double *>(data)[i];
  case DT_HALF:
    return tfmlir::halfToFloat(static_cast<const uint16_t *>(data)[i]);
  case DT_BFLOAT16:
    return tfmlir::bfloat16ToFloat(static_cast<const uint16_t *>(data)[i]);
  case DT_INT32:
    return static_cast<const int32_t *>(data)[i];
  case DT_INT64:
    return static_cast<double>(static_cast<const int64_t *>(data)[i]);
  case DT_INT8:
    return static_cast<const int8_t *>(data)[i];
  case DT_UINT8:
    return static_cast<const uint8_t *>(data)[i];
  case DT_INT16:
    return static_cast<const int16_t *>(data)[i];
  case DT_UINT16:
    return static_cast<const uint16_t *>(data)[i];
  case DT_BOOL:
    return static_cast<const uint8_t *>(data)[i] ? 1.0 : 0.0;
  default:
    return NAN;
  }
}

void fromDouble(const std::vector<double> &v, int dtype, void *out) {
  for (size_t i = 0; i < v.size(); ++i) {
    switch (dtype) {
    case DT_FLOAT:
      static_cast<float *>(out)[i] = static_cast<float>(v[i]);
      break;
    case DT_DOUBLE:
      static_cast<double *>(out)[i] = v[i];
      break;
    case DT_INT32:
      static_cast<int32_t *>(out)[i] = static_cast<int32_t>(v[i]);
      break;
    case DT_INT64:
      static_cast<int64_t *>(out)[i] = static_cast<int64_t>(v[i]);
      break;
    case DT_BOOL:
      static_cast<uint8_t *>(out)[i] = v[i] != 0;
      break;
    default:
      break;
    }
  }
}

/// Runs one case; returns "" when it passes, else what failed.
std::string runCase(const std::string &root, const Case &c) {
  std::string dir = c.dir[0] == '/' ? c.dir : root + "/" + c.dir;
  tensorflow::tf2xla::Config config;
  if (!google::protobuf::TextFormat::ParseFromString(readText(c.config),
                                                     &config))
    return std::string("cannot parse ") + c.config;
  auto model = tfmlir::loadGraphDefFile(dir + "/" + c.graph);
  if (!model.ok())
    return std::string(model.status().message());
  auto session = Session::Create(model->graph, SessionOptions());
  if (!session.ok())
    return std::string(session.status().message());
  std::unique_ptr<CompiledCpuFunction> aot = c.make();

  // 1. Feeds.
  std::vector<std::pair<std::string, Tensor>> feeds;
  for (int i = 0; i < config.feed_size(); ++i) {
    const auto &f = config.feed(i);
    std::string name =
        f.id().node_name() + ":" + std::to_string(f.id().output_index());
    const auto &info = aot->arg_info(i);
    std::vector<int64_t> shape(info.shape, info.shape + info.rank);
    Tensor t(static_cast<DataType>(info.dtype), TensorShape(shape));
    std::string csv = corpusFile(dir, f.id().node_name(), ".placeholder.csv");
    if (std::filesystem::exists(csv)) {
      std::vector<double> v = readValues(csv);
      if (static_cast<int64_t>(v.size()) != info.numElements)
        return csv + ": " + std::to_string(v.size()) + " values, expected " +
               std::to_string(info.numElements);
      fromDouble(v, info.dtype, t.data());
    } else {
      std::vector<Tensor> out;
      absl::Status s = (*session)->Run({}, {name}, {}, &out);
      if (!s.ok())
        return "cannot evaluate the feed " + name + ": " +
               std::string(s.message());
      if (out[0].TotalBytes() != static_cast<size_t>(aot->arg_size(i)))
        return "feed " + name + " has " + std::to_string(out[0].TotalBytes()) +
               " bytes in the graph, the config says " +
               std::to_string(aot->arg_size(i));
      t = out[0];
    }
    std::memcpy(aot->arg_data(i), t.data(), aot->arg_size(i));
    feeds.push_back({name, t});
  }

  // 2. AOT twice.
  if (!aot->Run())
    return "AOT Run failed: " + aot->error_msg();
  std::vector<std::string> first;
  for (int i = 0; i < aot->num_results(); ++i)
    first.emplace_back(static_cast<const char *>(aot->result_data(i)),
                       aot->result_size(i));
  if (!aot->Run())
    return "second AOT Run failed: " + aot->error_msg();
  for (int i = 0; i < aot->num_results(); ++i)
    if (std::memcmp(first[i].data(), aot->result_data(i), first[i].size()))
      return "result " + std::to_string(i) + " differs between two AOT runs";

  // 3. The Session (tf-run's path): identical bytes.
  std::vector<std::string> fetches;
  for (const auto &f : config.fetch())
    fetches.push_back(f.id().node_name() + ":" +
                      std::to_string(f.id().output_index()));
  std::vector<Tensor> jit;
  if (absl::Status s = (*session)->Run(feeds, fetches, {}, &jit); !s.ok())
    return "Session Run failed: " + std::string(s.message());
  for (int i = 0; i < aot->num_results(); ++i) {
    if (jit[i].TotalBytes() != static_cast<size_t>(aot->result_size(i)) ||
        jit[i].dtype() != aot->result_info(i).dtype)
      return "result " + fetches[i] + ": Session gives " +
             DataTypeString(jit[i].dtype()) + " " +
             jit[i].shape().DebugString() + ", AOT a different dtype or size";
    if (std::memcmp(jit[i].data(), aot->result_data(i), aot->result_size(i)))
      return "result " + fetches[i] + " differs from the Session's (JIT) bytes";
  }

  // 4. TensorFlow's values.
  for (int i = 0; i < aot->num_results(); ++i) {
    const auto &id = config.fetch(i).id();
    std::string suffix =
        id.output_index() == 0
            ? std::string(".prediction.csv")
            : "." + std::to_string(id.output_index()) + ".prediction.csv";
    std::string ref = corpusFile(dir, id.node_name(), suffix);
    std::vector<double> want = readValues(ref);
    const auto &info = aot->result_info(i);
    if (static_cast<int64_t>(want.size()) != info.numElements)
      return ref + ": " + std::to_string(want.size()) + " values, AOT has " +
             std::to_string(info.numElements);
    bool half = info.dtype == DT_HALF || info.dtype == DT_BFLOAT16;
    double atol = half ? 1e-3 : 1e-5, rtol = half ? 1e-3 : 1e-4;
    for (int64_t k = 0; k < info.numElements; ++k) {
      double got = toDouble(aot->result_data(i), info.dtype, k), r = want[k];
      bool ok = std::isnan(r) ? std::isnan(got)
                : std::isinf(r)
                    ? got == r
                    : std::fabs(got - r) <= atol + rtol * std::fabs(r);
      if (!ok)
        return "result " + fetches[i] + "[" + std::to_string(k) +
               "] = " + std::to_string(got) + ", TensorFlow " +
               std::to_string(r);
    }
  }
  return "";
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <dl4j_tf_graphs/examples dir>\n", argv[0]);
    return 2;
  }
  int failed = 0;
  for (const Case &c : kCases) {
    std::string err = runCase(argv[1], c);
    std::printf("%s %s%s%s\n", err.empty() ? "PASS" : "FAIL", c.dir,
                err.empty() ? "" : ": ", err.c_str());
    failed += !err.empty();
  }
  std::printf("%d of %zu cases passed\n",
              static_cast<int>(std::size(kCases)) - failed, std::size(kCases));
  return failed ? 1 : 0;
}
