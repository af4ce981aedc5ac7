//===- main.cpp - use a tf-compile'd graph with no MLIR/LLVM at run time --===//
//
// classifier.h and its object file come from tfmlir_aot_library() (see
// CMakeLists.txt): the class example::Classifier computes
// logits = relu(x W + b) and probs = softmax(logits) for x of shape [2,4].
// This program fills x, runs it, prints the results and checks them
// against the same formula in double precision (|got - ref| <= 1e-6).
// Exit status 0 when they agree, 1 otherwise.
//
// Built with AOT_EXAMPLE_GPU (aot_example_gpu), the same program runs
// example::ClassifierGpu, the graph compiled by tf-compile --target=cuda
// (classifier_gpu.h); without a CUDA driver or GPU it prints why and exits
// with 77 (ctest's skip code).
//===----------------------------------------------------------------------===//
#ifdef AOT_EXAMPLE_GPU
#include "classifier_gpu.h"
using Model = example::ClassifierGpu;
#else
#include "classifier.h"
using Model = example::Classifier;
#endif

#include <cmath>
#include <cstdio>
#include <string>

int main() {
  // The weights of classifier.pbtxt, for the reference computation.
  const double W[4][3] = {{0.5, -0.25, 0.125},
                          {1.0, 0.75, -0.5},
                          {-1.5, 0.25, 2.0},
                          {0.0625, -2.0, 0.375}};
  const double b[3] = {0.1, -0.2, 0.3};
  const float x[2][4] = {{1.0f, 2.0f, 0.5f, -1.0f}, {-0.5f, 0.25f, 1.5f, 2.0f}};

  Model model;
  static_assert(Model::kArg0Elements == 8, "x is [2,4]");
  static_assert(Model::kResult1Shape[1] == 3, "3 classes");
  float *in = model.arg_x_data();
  if (!in) {
    std::fprintf(stderr, "%s\n", model.error_msg().c_str());
    return 1;
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 4; ++j)
      in[i * 4 + j] = x[i][j];
  if (!model.Run()) {
    std::fprintf(stderr, "Run failed: %s\n", model.error_msg().c_str());
#ifdef AOT_EXAMPLE_GPU
    const std::string &e = model.error_msg();
    if (e.find("FAILED_PRECONDITION") != std::string::npos ||
        e.find("UNAVAILABLE") != std::string::npos)
      return 77; // no CUDA driver or no GPU here
#endif
    return 1;
  }

  int bad = 0;
  for (int i = 0; i < 2; ++i) {
    double logits[3], sum = 0;
    for (int k = 0; k < 3; ++k) {
      double acc = b[k];
      for (int j = 0; j < 4; ++j)
        acc += x[i][j] * W[j][k];
      logits[k] = acc > 0 ? acc : 0;
    }
    double mx = std::fmax(logits[0], std::fmax(logits[1], logits[2]));
    for (int k = 0; k < 3; ++k)
      sum += std::exp(logits[k] - mx);
    for (int k = 0; k < 3; ++k) {
      double p = std::exp(logits[k] - mx) / sum;
      float gotL = model.result_logits_data()[i * 3 + k];
      float gotP = model.result_probs_data()[i * 3 + k];
      std::printf("row %d class %d: logit %.6f (ref %.6f)  prob %.6f (ref "
                  "%.6f)\n",
                  i, k, gotL, logits[k], gotP, p);
      bad += std::fabs(gotL - logits[k]) > 1e-6 || std::fabs(gotP - p) > 1e-6;
    }
  }
  std::printf(bad ? "MISMATCH\n" : "OK\n");
  return bad ? 1 : 0;
}
