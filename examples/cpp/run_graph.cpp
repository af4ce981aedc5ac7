//===- run_graph.cpp - run a GraphDef with tfmlir's Session from C++ ------===//
//
// An application outside the tfmlir tree, built against an installed tfmlir
// (find_package(TFMLIR), target TFMLIR::Session). It loads a TensorFlow
// model with tfmlir::loadModel (a GraphDef; SavedModel and TF.js where
// those loaders are built), feeds one float32 input to a
// tfmlir::session::Session and prints the fetched tensors:
//
//   run_graph MODEL INPUT D0,D1,... VALUES.txt FETCH...
//
// VALUES.txt holds D0*D1*... numbers separated by whitespace or commas (row
// major). Each fetch is printed as tf-run prints it:
//   # output <node:idx> <numpy dtype> <d0,d1,...>
// then one float32 element per line (%.9g). The compile and run times go to
// stderr. Exit status 0 on success, 1 with a message naming the file or
// tensor otherwise.
//===----------------------------------------------------------------------===//
#include "runtime/session/Session.h"

#include "lib/Translate/ModelLoader.h"

#include "ValuesFile.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using tfmlir::session::DT_FLOAT;
using tfmlir::session::Session;
using tfmlir::session::Tensor;

namespace {

int fail(const std::string &msg) {
  std::fprintf(stderr, "run_graph: %s\n", msg.c_str());
  return 1;
}

/// "1,28,28,1" -> {1, 28, 28, 1}; false on anything but non-negative ints.
bool parseDims(const std::string &s, std::vector<int64_t> &dims) {
  std::stringstream ss(s);
  std::string tok;
  while (std::getline(ss, tok, ',')) {
    if (tok.empty() ||
        tok.find_first_not_of("0123456789") != std::string::npos ||
        tok.size() > 12)
      return false;
    dims.push_back(std::stoll(tok));
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 6)
    return fail("usage: run_graph MODEL INPUT D0,D1,... VALUES.txt FETCH...\n"
                "  MODEL: a GraphDef (.pb, .pbtxt), a SavedModel directory or "
                "a TF.js model.json");
  std::string graphPath = argv[1], input = argv[2], valuesPath = argv[4];
  std::vector<std::string> fetches(argv + 5, argv + argc);

  // tfmlir::loadModel reads a GraphDef (binary or text), and a SavedModel
  // directory or a TF.js model.json where those loaders are built in; any
  // tensorflow::GraphDef (e.g. parsed with protobuf directly) works as well.
  absl::StatusOr<tfmlir::LoadedModel> model = tfmlir::loadModel(graphPath);
  if (!model.ok())
    return fail(std::string(model.status().message()));
  std::vector<int64_t> dims;
  if (!parseDims(argv[3], dims))
    return fail(std::string("bad dims '") + argv[3] + "'");
  absl::StatusOr<Tensor> x = Tensor::Create(DT_FLOAT, dims);
  if (!x.ok())
    return fail(std::string(x.status().message()));
  std::vector<float> values;
  if (std::string err = examples::readValuesFile(valuesPath, values);
      !err.empty())
    return fail(err);
  if (static_cast<int64_t>(values.size()) != x->NumElements())
    return fail(valuesPath + ": has " + std::to_string(values.size()) +
                " values, input '" + input + "' of shape " +
                x->shape().DebugString() + " needs " +
                std::to_string(x->NumElements()));
  std::copy(values.begin(), values.end(), x->flat<float>());

  tfmlir::session::SessionOptions options;
  options.graphName = graphPath;
  absl::StatusOr<std::unique_ptr<Session>> session =
      Session::Create(model->graph, options);
  if (!session.ok())
    return fail(session.status().ToString());
  // A SavedModel's init op (table initializers, ...) runs once first.
  if (!model->initTargets.empty()) {
    std::vector<Tensor> none;
    if (absl::Status st = (*session)->Run({}, {}, model->initTargets, &none);
        !st.ok())
      return fail(st.ToString());
  }

  std::vector<Tensor> outputs;
  auto t0 = std::chrono::steady_clock::now();
  absl::Status st = (*session)->Run({{input, *x}}, fetches, {}, &outputs);
  auto t1 = std::chrono::steady_clock::now();
  if (!st.ok())
    return fail(st.ToString());
  // A second Run hits the compile cache: its time is the run time alone.
  std::vector<Tensor> again;
  st = (*session)->Run({{input, *x}}, fetches, {}, &again);
  auto t2 = std::chrono::steady_clock::now();
  if (!st.ok())
    return fail(st.ToString());

  for (size_t i = 0; i < fetches.size(); ++i) {
    const Tensor &t = outputs[i];
    std::string name = fetches[i];
    if (name.find(':') == std::string::npos)
      name += ":0";
    std::string shape;
    for (int d = 0; d < t.dims(); ++d)
      shape += (d ? "," : "") + std::to_string(t.dim_size(d));
    std::printf("# output %s %s %s\n", name.c_str(),
                tfmlir::session::DataTypeNumpyName(t.dtype()).c_str(),
                shape.c_str());
    if (t.dtype() != DT_FLOAT)
      return fail("fetch " + name + " is " +
                  tfmlir::session::DataTypeString(t.dtype()) +
                  "; this example prints float tensors only");
    for (int64_t k = 0; k < t.NumElements(); ++k)
      std::printf("%.9g\n", t.flat<float>()[k]);
  }
  using ms = std::chrono::duration<double, std::milli>;
  std::fprintf(stderr,
               "# first Run (compile + run): %.1f ms, second Run: %.3f ms\n",
               ms(t1 - t0).count(), ms(t2 - t1).count());
  return 0;
}
