//===- run_tflite.cpp - run a .tflite model with tfmlir's interpreter -----===//
//
// An application outside the tfmlir tree, built against an installed tfmlir
// (find_package(TFMLIR COMPONENTS Lite), target TFMLIR::Lite; no MLIR
// needed). It loads a .tflite model, fills its first input (float32) and
// prints every output in tf-run's format:
//
//   run_tflite MODEL.tflite VALUES.txt
//
// VALUES.txt holds as many numbers as the input has elements, separated by
// whitespace or commas. Outputs are printed as
//   # output <tensor name> float32 <d0,d1,...>
// then one element per line (%.9g). Exit status 0 on success, 1 with a
// message naming the file or tensor otherwise.
//===----------------------------------------------------------------------===//
#include "runtime/lite/Interpreter.h"

#include "ValuesFile.h"

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

using namespace tfmlir::lite;

static int fail(const std::string &msg) {
  std::fprintf(stderr, "run_tflite: %s\n", msg.c_str());
  return 1;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return fail("usage: run_tflite MODEL.tflite VALUES.txt");
  std::string modelPath = argv[1], valuesPath = argv[2];

  // The model is memory-mapped and verified; it must outlive the interpreter.
  absl::StatusOr<std::unique_ptr<FlatBufferModel>> model =
      FlatBufferModel::buildFromFile(modelPath);
  if (!model.ok())
    return fail(std::string(model.status().message()));
  BuiltinOpResolver resolver;
  absl::StatusOr<std::unique_ptr<Interpreter>> interp =
      Interpreter::create(**model, resolver);
  if (!interp.ok())
    return fail(std::string(interp.status().message()));
  if (absl::Status st = (*interp)->allocateTensors(); !st.ok())
    return fail(std::string(st.message()));

  Tensor *in = (*interp)->inputTensor(0);
  if (in->type != TensorType::kFloat32)
    return fail(modelPath + ": input '" + in->name + "' is " +
                typeName(in->type) + "; this example feeds float32 only");
  std::vector<float> values;
  if (std::string err = examples::readValuesFile(valuesPath, values);
      !err.empty())
    return fail(err);
  if (static_cast<int64_t>(values.size()) != in->numElements())
    return fail(valuesPath + ": has " + std::to_string(values.size()) +
                " values, input '" + in->name + "' " +
                shapeToString(in->shape) + " needs " +
                std::to_string(in->numElements()));
  std::copy(values.begin(), values.end(), in->as<float>());

  if (absl::Status st = (*interp)->invoke(); !st.ok())
    return fail(std::string(st.message()));

  for (size_t i = 0; i < (*interp)->outputs().size(); ++i) {
    const Tensor *out = (*interp)->outputTensor(i);
    if (out->type != TensorType::kFloat32)
      return fail(modelPath + ": output '" + out->name + "' is " +
                  typeName(out->type) + "; this example prints float32 only");
    std::string shape;
    for (int d = 0; d < out->rank(); ++d)
      shape += (d ? "," : "") + std::to_string(out->dim(d));
    std::printf("# output %s float32 %s\n", out->name.c_str(), shape.c_str());
    for (int64_t k = 0; k < out->numElements(); ++k)
      std::printf("%.9g\n", out->as<float>()[k]);
  }
  return 0;
}
