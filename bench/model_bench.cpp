//===- model_bench.cpp - compile and run time of whole TF graphs ----------===//
//
// usage: tfmlir-model-bench [--model
// mlp|convnet|resnet|mobilenet|mobilenet025|chain|bigconst|all]
//                           [--runs N] [--threads N]
//                           [--chain-ops N,N,...] [--peak-gflops G]
//                           [--dump-hlo DIR] [--write-graphs DIR]
//                           [--write-graph DIR]
//
// Builds each model here as a tensorflow::GraphDef with fixed weights
// (deterministic LCG, seed per tensor), then times the whole compile:
// importGraphDef -> tf-standard-pipeline -> xla-legalize-tf ->
// CpuExecutable::compile (hlo-to-llvm-pipeline + ORC JIT at -O3). It then
// runs the executable 3 times to warm up and N times (default 20), and
// prints the median wall time, the median CPU time of the calling thread
// (the generated code is single-threaded; on a loaded machine this is the
// closer measure of the work), GFLOP/s from the wall time (FLOPs counted
// analytically: 2 per multiply-add of convolutions and matmuls; bias,
// activations and pooling are not counted) and the fraction of the peak.
//
// Models:
//  - mlp: x[64,784] -> 1024 -> 1024 -> 10, MatMul + BiasAdd + Relu.
//  - mobilenet (not part of `all`): MobileNetV1 1.0 and 0.25 on
//    x[1,224,224,3] (BatchNorm folded, 1000 logits).
//  - convnet: MobileNet-like on x[1,128,128,3]: Conv2D 3x3 s2 (32) + Relu6,
//    then 6 depthwise-separable blocks (DepthwiseConv2dNative 3x3 s1/s2 +
//    BiasAdd + Relu6, 1x1 Conv2D + BiasAdd + Relu6) to 8x8x512, global
//    average pool (Mean over H, W) and a 512 -> 10 dense layer.
//  - resnet (not part of `all`): ResNet-like 3x3 convolutions with
//    unfolded FusedBatchNormV3 on x[1,112,112,3] (buildResNetLike).
//  - bigconst: x[1,4096] MatMul a 4096x4096 Const (64 MiB): compile time
//    and peak RSS only (not part of `all`).
//  - chain: for each N of --chain-ops (default 100,200,400,800,1600), a
//    chain of N element-wise ops (Add/Mul/Maximum/Tanh in turn, each with
//    its own [64,64] constant operand) on x[64,64]: compile time only.
//
// --threads N runs the executables on an intra-op pool of N threads
// (tfmlir_rt_parallel_for; default: serial).
// --write-graphs DIR writes MobileNetV1 1.0/0.25, MobileNetV2 1.0, the MLP at
// batch 64 and 1
// and MatMul 256/1024/2048 as GraphDefs with their weights and inputs as
// .npy (see writeModel) for bench/peers/run_peers.py, and exits.
// --write-graph DIR writes the GraphDef of each selected model (mlp,
// convnet, bigconst, resnet, mobilenet = MobileNetV1 1.0) to DIR/<stem>.pb and
// exits without compiling: the graphs bench/aot_bench compiles with tf-compile.
// --dump-hlo DIR writes each model's hlo module (after xla-legalize-tf) to
// DIR/<model>.hlo.mlir, for tf-opt -hlo-to-llvm-pipeline -mlir-timing.
// Peak: --peak-gflops, else cores x GHz x 64 (two 512-bit FMA units: 2 x 16
// f32 lanes x 2 FLOPs per cycle) with GHz the "cpu MHz" of /proc/cpuinfo;
// printed per core too (the generated code runs on one thread).
//===----------------------------------------------------------------------===//
#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"
#include "lib/Codegen/CPU/Pipeline.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Translate/GraphDefImporter.h"
#include "runtime/cpu/ThreadPool.h"
#include "runtime/session/CpuExecutable.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <time.h>
#include <unistd.h>
#include <vector>

using namespace tfmlir;
using Clock = std::chrono::steady_clock;

namespace {

double msSince(Clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// Builds a GraphDef node by node.
class GraphBuilder {
public:
  tensorflow::NodeDef *node(const std::string &name, const std::string &op,
                            std::vector<std::string> inputs) {
    tensorflow::NodeDef *n = graph.add_node();
    n->set_name(name);
    n->set_op(op);
    for (auto &i : inputs)
      n->add_input(i);
    if (op != "Const" && op != "Placeholder")
      setType(n, "T");
    return n;
  }
  static void setType(tensorflow::NodeDef *n, const char *attr) {
    (*n->mutable_attr())[attr].set_type(tensorflow::DT_FLOAT);
  }
  static void setInts(tensorflow::NodeDef *n, const char *attr,
                      std::vector<int64_t> v) {
    auto *l = (*n->mutable_attr())[attr].mutable_list();
    for (int64_t x : v)
      l->add_i(x);
  }
  static void setString(tensorflow::NodeDef *n, const char *attr,
                        const std::string &s) {
    (*n->mutable_attr())[attr].set_s(s);
  }
  void placeholder(const std::string &name, std::vector<int64_t> shape) {
    tensorflow::NodeDef *n = node(name, "Placeholder", {});
    setType(n, "dtype");
    auto *s = (*n->mutable_attr())["shape"].mutable_shape();
    for (int64_t d : shape)
      s->add_dim()->set_size(d);
  }
  /// A float constant, uniform in [-scale, scale), from `seed`.
  std::string weights(const std::string &name, std::vector<int64_t> shape,
                      float scale) {
    tensorflow::NodeDef *n = node(name, "Const", {});
    setType(n, "dtype");
    tensorflow::TensorProto *t = (*n->mutable_attr())["value"].mutable_tensor();
    t->set_dtype(tensorflow::DT_FLOAT);
    int64_t count = 1;
    for (int64_t d : shape) {
      t->mutable_tensor_shape()->add_dim()->set_size(d);
      count *= d;
    }
    std::vector<float> v(count);
    uint32_t s = ++seed * 2654435761u + 12345u;
    for (float &x : v) {
      s = s * 1664525u + 1013904223u;
      x = static_cast<float>(((s >> 8) / double(1 << 24) * 2 - 1) * scale);
    }
    t->set_tensor_content(std::string(reinterpret_cast<char *>(v.data()),
                                      v.size() * sizeof(float)));
    return name;
  }
  std::string intConst(const std::string &name, std::vector<int32_t> v) {
    tensorflow::NodeDef *n = node(name, "Const", {});
    (*n->mutable_attr())["dtype"].set_type(tensorflow::DT_INT32);
    tensorflow::TensorProto *t = (*n->mutable_attr())["value"].mutable_tensor();
    t->set_dtype(tensorflow::DT_INT32);
    t->mutable_tensor_shape()->add_dim()->set_size(v.size());
    for (int32_t x : v)
      t->add_int_val(x);
    return name;
  }

  tensorflow::GraphDef graph;
  uint32_t seed = 0;
};

struct Model {
  std::string name;
  /// File name stem for --dump-hlo.
  std::string stem;
  tensorflow::GraphDef graph;
  std::vector<int64_t> inputShape;
  std::string output;
  double flops = 0;
  /// The layers in order, for bench/peers/run_peers.py (--write-graphs):
  /// "conv W B K STRIDE DEPTHWISE(0/1) ACT", "mean", "dense W B ACT" with
  /// ACT relu6/relu/none and W/B the Const node names (SAME padding, NHWC
  /// activations, HWIO / HW(C,1) kernels, [in, out] dense weights).
  std::vector<std::string> layers;
};

Model buildMlp(int64_t batch = 64) {
  Model m{"mlp (" + std::to_string(batch) + "x784-1024-1024-10)",
          batch == 64 ? "mlp" : "mlp-b" + std::to_string(batch),
          {},
          {batch, 784},
          "logits",
          0};
  GraphBuilder g;
  g.placeholder("x", m.inputShape);
  std::string h = "x";
  int64_t dims[] = {784, 1024, 1024, 10};
  for (int l = 0; l < 3; ++l) {
    std::string i = std::to_string(l);
    g.weights("w" + i, {dims[l], dims[l + 1]}, std::sqrt(3.0f / dims[l]));
    g.weights("b" + i, {dims[l + 1]}, 0.1f);
    auto *mm = g.node("mm" + i, "MatMul", {h, "w" + i});
    (*mm->mutable_attr())["transpose_a"].set_b(false);
    (*mm->mutable_attr())["transpose_b"].set_b(false);
    std::string out = l == 2 ? "logits" : "ba" + i;
    g.node(out, "BiasAdd", {"mm" + i, "b" + i});
    if (l < 2) {
      g.node("relu" + i, "Relu", {out});
      h = "relu" + i;
    }
    m.layers.push_back("dense w" + i + " b" + i + (l < 2 ? " relu" : " none"));
    m.flops += 2.0 * batch * dims[l] * dims[l + 1];
  }
  m.graph = std::move(g.graph);
  return m;
}

/// Appends conv layer number `idx` of a MobileNet-style network to `g` and
/// `m` (its layer list and FLOPs): Conv2D (or DepthwiseConv2dNative when
/// `depthwise`, multiplier 1) KxK, SAME, NHWC, on `in` of `hw` x `hw` x `c`
/// (both updated to the output's), + BiasAdd, + Relu6 when `relu6`. Returns
/// the output node's name.
std::string addConvLayer(GraphBuilder &g, Model &m, int &idx, int64_t &hw,
                         int64_t &c, const std::string &in, int64_t k,
                         int64_t cout, int64_t stride, bool depthwise,
                         bool relu6) {
  std::string i = std::to_string(idx++);
  int64_t cin = c;
  g.weights("k" + i, {k, k, cin, depthwise ? 1 : cout},
            std::sqrt(3.0f / (k * k * (depthwise ? 1 : cin))));
  auto *n = g.node("conv" + i, depthwise ? "DepthwiseConv2dNative" : "Conv2D",
                   {in, "k" + i});
  GraphBuilder::setInts(n, "strides", {1, stride, stride, 1});
  GraphBuilder::setInts(n, "dilations", {1, 1, 1, 1});
  GraphBuilder::setString(n, "padding", "SAME");
  GraphBuilder::setString(n, "data_format", "NHWC");
  hw = (hw + stride - 1) / stride;
  c = depthwise ? cin : cout;
  m.flops += 2.0 * hw * hw * k * k * (depthwise ? cin : cin * cout);
  g.weights("bias" + i, {c}, 0.1f);
  auto *b = g.node("biasadd" + i, "BiasAdd", {"conv" + i, "bias" + i});
  GraphBuilder::setString(b, "data_format", "NHWC");
  m.layers.push_back("conv k" + i + " bias" + i + " " + std::to_string(k) +
                     " " + std::to_string(stride) + " " +
                     (depthwise ? "1" : "0") + (relu6 ? " relu6" : " none"));
  if (!relu6)
    return "biasadd" + i;
  g.node("relu6_" + i, "Relu6", {"biasadd" + i});
  return "relu6_" + i;
}

/// MobileNet-style networks: depthwise-separable blocks of
/// (DepthwiseConv2dNative 3x3 + BiasAdd + Relu6, 1x1 Conv2D + BiasAdd +
/// Relu6) after a 3x3 stride-2 Conv2D, then Mean over H, W and a dense layer
/// (BatchNorm folded into the weights and biases, as in a frozen graph).
Model buildSeparableNet(Model m, int64_t stemChannels,
                        const std::vector<std::pair<int64_t, int64_t>> &blocks,
                        int64_t classes) {
  GraphBuilder g;
  g.placeholder("x", m.inputShape);
  int64_t hw = m.inputShape[1], c = m.inputShape[3];
  int idx = 0;
  auto conv = [&](const std::string &in, int64_t k, int64_t cout,
                  int64_t stride, bool depthwise) {
    return addConvLayer(g, m, idx, hw, c, in, k, cout, stride, depthwise,
                        /*relu6=*/true);
  };
  std::string h = conv("x", 3, stemChannels, 2, false);
  for (auto [stride, cout] : blocks) {
    h = conv(h, 3, 0, stride, true);
    h = conv(h, 1, cout, 1, false);
  }
  g.intConst("axes", {1, 2});
  auto *mean = g.node("pool", "Mean", {h, "axes"});
  (*mean->mutable_attr())["Tidx"].set_type(tensorflow::DT_INT32);
  (*mean->mutable_attr())["keep_dims"].set_b(false);
  m.layers.push_back("mean");
  g.weights("wd", {c, classes}, std::sqrt(3.0f / c));
  g.weights("bd", {classes}, 0.1f);
  auto *mm = g.node("dense", "MatMul", {"pool", "wd"});
  (*mm->mutable_attr())["transpose_a"].set_b(false);
  (*mm->mutable_attr())["transpose_b"].set_b(false);
  g.node("logits", "BiasAdd", {"dense", "bd"});
  m.layers.push_back("dense wd bd none");
  m.flops += 2.0 * c * classes;
  m.graph = std::move(g.graph);
  return m;
}

Model buildConvNet() {
  return buildSeparableNet(
      Model{"convnet (MobileNet-like, 1x128x128x3)",
            "convnet",
            {},
            {1, 128, 128, 3},
            "logits",
            0,
            {}},
      32, {{1, 64}, {2, 128}, {1, 128}, {2, 256}, {1, 256}, {2, 512}}, 10);
}

/// MobileNetV1 (Howard et al. 2017; Keras/TF-slim layer list) with width
/// multiplier `alpha` on x[1,224,224,3], 1000 classes, logits (no Softmax).
Model buildMobileNetV1(double alpha) {
  auto ch = [&](int64_t c) { return static_cast<int64_t>(c * alpha); };
  std::string a = alpha == 1.0    ? "1.0"
                  : alpha == 0.25 ? "0.25"
                                  : std::to_string(alpha);
  std::vector<std::pair<int64_t, int64_t>> blocks = {
      {1, ch(64)},  {2, ch(128)},  {1, ch(128)}, {2, ch(256)}, {1, ch(256)},
      {2, ch(512)}, {1, ch(512)},  {1, ch(512)}, {1, ch(512)}, {1, ch(512)},
      {1, ch(512)}, {2, ch(1024)}, {1, ch(1024)}};
  return buildSeparableNet(Model{"mobilenet_v1 " + a + " (1x224x224x3)",
                                 "mobilenet_v1_" + a,
                                 {},
                                 {1, 224, 224, 3},
                                 "logits",
                                 0,
                                 {}},
                           ch(32), blocks, 1000);
}

/// MobileNetV2 (Sandler et al. 2018; the Keras application's layer list,
/// width 1.0) on x[1,224,224,3], 1000 classes, logits (no Softmax):
/// a 3x3 stride-2 Conv2D (32) + Relu6, 17 inverted residual blocks (1x1
/// expansion by t + Relu6 except in the first block, depthwise 3x3 + Relu6,
/// linear 1x1 projection, AddV2 of the block input when the stride is 1 and
/// the channels agree), a 1x1 Conv2D (1280) + Relu6, Mean over H, W and a
/// dense layer. BatchNorm folded into the weights and biases, as in a
/// frozen graph; SAME padding, NHWC. Layer list entries: as
/// buildSeparableNet's, plus "save" (remember the block input) and "add"
/// (add it back).
Model buildMobileNetV2() {
  Model m{"mobilenet_v2 1.0 (1x224x224x3)",
          "mobilenet_v2_1.0",
          {},
          {1, 224, 224, 3},
          "logits",
          0,
          {}};
  GraphBuilder g;
  g.placeholder("x", m.inputShape);
  int64_t hw = 224, c = 3;
  int idx = 0;
  auto conv = [&](const std::string &in, int64_t k, int64_t cout,
                  int64_t stride, bool depthwise, bool relu6) {
    return addConvLayer(g, m, idx, hw, c, in, k, cout, stride, depthwise,
                        relu6);
  };
  std::string h = conv("x", 3, 32, 2, false, true);
  // (expansion t, output channels, repeats n, first stride s).
  const int64_t table[][4] = {{1, 16, 1, 1}, {6, 24, 2, 2}, {6, 32, 3, 2},
                              {6, 64, 4, 2}, {6, 96, 3, 1}, {6, 160, 3, 2},
                              {6, 320, 1, 1}};
  int block = 0;
  for (const auto &row : table)
    for (int64_t r = 0; r < row[2]; ++r) {
      const int64_t stride = r == 0 ? row[3] : 1, cin = c;
      const bool residual = stride == 1 && cin == row[1];
      if (residual)
        m.layers.push_back("save");
      std::string in = h;
      if (row[0] != 1)
        h = conv(h, 1, cin * row[0], 1, false, true);
      h = conv(h, 3, 0, stride, true, true);
      h = conv(h, 1, row[1], 1, false, false);
      if (residual) {
        std::string name = "add" + std::to_string(block);
        g.node(name, "AddV2", {in, h});
        m.layers.push_back("add");
        m.flops += static_cast<double>(hw) * hw * c;
        h = name;
      }
      ++block;
    }
  h = conv(h, 1, 1280, 1, false, true);
  g.intConst("axes", {1, 2});
  auto *mean = g.node("pool", "Mean", {h, "axes"});
  (*mean->mutable_attr())["Tidx"].set_type(tensorflow::DT_INT32);
  (*mean->mutable_attr())["keep_dims"].set_b(false);
  m.layers.push_back("mean");
  g.weights("wd", {c, 1000}, std::sqrt(3.0f / c));
  g.weights("bd", {1000}, 0.1f);
  auto *mm = g.node("dense", "MatMul", {"pool", "wd"});
  (*mm->mutable_attr())["transpose_a"].set_b(false);
  (*mm->mutable_attr())["transpose_b"].set_b(false);
  g.node("logits", "BiasAdd", {"dense", "bd"});
  m.layers.push_back("dense wd bd none");
  m.flops += 2.0 * c * 1000;
  m.graph = std::move(g.graph);
  return m;
}

/// A ResNet-like network of 3x3 convolutions on x[1,112,112,3], BatchNorm
/// NOT folded (Conv2D + FusedBatchNormV3 with is_training=false, as a
/// frozen Keras graph has it): a 3x3 stride-2 stem (32) + BN + Relu, then
/// three basic blocks (He et al. 2016: 3x3 conv + BN + Relu, 3x3 conv + BN,
/// plus the shortcut: a 1x1 stride-s Conv2D + BN projection, then Add and
/// Relu) of 64 (stride 1), 128 (stride 2) and 256 (stride 2) channels,
/// Mean over H, W and a 256 -> 10 dense layer.
Model buildResNetLike() {
  Model m{"resnet-like (3x3 convs + BatchNorm, 1x112x112x3)",
          "resnet_like",
          {},
          {1, 112, 112, 3},
          "logits",
          0,
          {}};
  GraphBuilder g;
  g.placeholder("x", m.inputShape);
  int64_t hw = 112, c = 3;
  int idx = 0;
  // Conv2D (SAME) + FusedBatchNormV3 [+ Relu]; updates hw and c.
  auto convBn = [&](const std::string &in, int64_t k, int64_t cout,
                    int64_t stride, bool relu) {
    std::string i = std::to_string(idx++);
    g.weights("k" + i, {k, k, c, cout}, std::sqrt(3.0f / (k * k * c)));
    auto *n = g.node("conv" + i, "Conv2D", {in, "k" + i});
    GraphBuilder::setInts(n, "strides", {1, stride, stride, 1});
    GraphBuilder::setInts(n, "dilations", {1, 1, 1, 1});
    GraphBuilder::setString(n, "padding", "SAME");
    GraphBuilder::setString(n, "data_format", "NHWC");
    int64_t ohw = (hw + stride - 1) / stride;
    m.flops += 2.0 * ohw * ohw * k * k * c * cout;
    // Statistics in sane ranges: scale ~1, variance in [0.5, 1.5].
    g.weights("gamma" + i, {cout}, 0.2f);
    g.weights("beta" + i, {cout}, 0.1f);
    g.weights("mean" + i, {cout}, 0.1f);
    g.weights("var" + i, {cout}, 0.5f);
    for (auto &node : *g.graph.mutable_node())
      if (node.name() == "gamma" + i || node.name() == "var" + i) {
        auto *t = (*node.mutable_attr())["value"].mutable_tensor();
        std::string content = t->tensor_content();
        float *f = reinterpret_cast<float *>(content.data());
        for (int64_t q = 0; q < cout; ++q)
          f[q] += 1.0f;
        t->set_tensor_content(content);
      }
    auto *bn =
        g.node("bn" + i, "FusedBatchNormV3",
               {"conv" + i, "gamma" + i, "beta" + i, "mean" + i, "var" + i});
    GraphBuilder::setType(bn, "U");
    (*bn->mutable_attr())["epsilon"].set_f(0.001f);
    (*bn->mutable_attr())["is_training"].set_b(false);
    GraphBuilder::setString(bn, "data_format", "NHWC");
    hw = ohw;
    c = cout;
    if (!relu)
      return "bn" + i;
    g.node("relu" + i, "Relu", {"bn" + i});
    return "relu" + i;
  };
  std::string h = convBn("x", 3, 32, 2, true);
  int blk = 0;
  for (auto [stride, cout] :
       std::vector<std::pair<int64_t, int64_t>>{{1, 64}, {2, 128}, {2, 256}}) {
    int64_t hw0 = hw, c0 = c;
    std::string a = convBn(h, 3, cout, stride, true);
    std::string b = convBn(a, 3, cout, 1, false);
    int64_t hw1 = hw, c1 = c;
    hw = hw0;
    c = c0;
    std::string sc = convBn(h, 1, cout, stride, false);
    hw = hw1;
    c = c1;
    std::string i = std::to_string(blk++);
    g.node("add" + i, "AddV2", {b, sc});
    g.node("out" + i, "Relu", {"add" + i});
    h = "out" + i;
  }
  g.intConst("axes", {1, 2});
  auto *mean = g.node("pool", "Mean", {h, "axes"});
  (*mean->mutable_attr())["Tidx"].set_type(tensorflow::DT_INT32);
  (*mean->mutable_attr())["keep_dims"].set_b(false);
  g.weights("wd", {c, 10}, std::sqrt(3.0f / c));
  g.weights("bd", {10}, 0.1f);
  auto *mm = g.node("dense", "MatMul", {"pool", "wd"});
  (*mm->mutable_attr())["transpose_a"].set_b(false);
  (*mm->mutable_attr())["transpose_b"].set_b(false);
  g.node("logits", "BiasAdd", {"dense", "bd"});
  m.flops += 2.0 * c * 10;
  m.graph = std::move(g.graph);
  return m;
}

/// C = A B, A and B [n, n] f32 placeholders ("a", "b"), for the peers.
Model buildMatMul(int64_t n) {
  Model m{"matmul " + std::to_string(n),
          "matmul_" + std::to_string(n),
          {},
          {n, n},
          "c",
          2.0 * n * n * n,
          {}};
  GraphBuilder g;
  g.placeholder("a", {n, n});
  g.placeholder("b", {n, n});
  auto *mm = g.node("c", "MatMul", {"a", "b"});
  (*mm->mutable_attr())["transpose_a"].set_b(false);
  (*mm->mutable_attr())["transpose_b"].set_b(false);
  m.graph = std::move(g.graph);
  return m;
}

Model buildChain(int64_t n) {
  Model m{"chain of " + std::to_string(n) + " ops",
          "chain-" + std::to_string(n),
          {},
          {64, 64},
          "",
          0};
  GraphBuilder g;
  g.placeholder("x", m.inputShape);
  std::string h = "x";
  const char *ops[] = {"Add", "Mul", "Maximum", "Tanh"};
  for (int64_t i = 0; i < n; ++i) {
    std::string name = "op" + std::to_string(i);
    const char *op = ops[i % 4];
    if (std::strcmp(op, "Tanh") == 0) {
      g.node(name, op, {h});
    } else {
      g.weights("c" + std::to_string(i), {64, 64}, 1.0f);
      g.node(name, op, {h, "c" + std::to_string(i)});
    }
    h = name;
  }
  m.output = h;
  m.graph = std::move(g.graph);
  return m;
}

/// x[1,4096] MatMul W[4096,4096]: 64 MiB of f32 weights in one Const.
Model buildBigConstant() {
  Model m{"bigconst (1x4096 * 4096x4096 Const, 64 MiB)",
          "bigconst",
          {},
          {1, 4096},
          "y",
          2.0 * 4096 * 4096};
  GraphBuilder g;
  g.placeholder("x", m.inputShape);
  g.weights("w", {4096, 4096}, 0.02f);
  auto *mm = g.node("y", "MatMul", {"x", "w"});
  (*mm->mutable_attr())["transpose_a"].set_b(false);
  (*mm->mutable_attr())["transpose_b"].set_b(false);
  m.graph = std::move(g.graph);
  return m;
}

/// Peak RSS of this process so far, MiB (VmHWM).
double peakRssMiB() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("VmHWM:", 0) == 0)
      return std::stod(line.substr(6)) / 1024.0;
  return 0;
}

double cpuGHz() {
  std::ifstream f("/proc/cpuinfo");
  std::string line;
  while (std::getline(f, line))
    if (line.rfind("cpu MHz", 0) == 0)
      return std::stod(line.substr(line.find(':') + 1)) / 1000.0;
  return 0;
}

/// --dump-hlo DIR: where to write each model's hlo module (for tf-opt).
std::string dumpDir;
/// --threads N: the intra-op pool the runs use (null: serial).
std::unique_ptr<cpu::ThreadPool> pool;

/// Writes a row-major f32 array as a NumPy .npy file (format 1.0).
bool writeNpyF32(const std::string &path, const std::vector<int64_t> &shape,
                 const float *data) {
  std::string dims;
  int64_t n = 1;
  for (int64_t d : shape) {
    dims += std::to_string(d) + ",";
    n *= d;
  }
  if (shape.size() > 1)
    dims.pop_back();
  std::string header =
      "{'descr': '<f4', 'fortran_order': False, 'shape': (" + dims + "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream f(path, std::ios::binary);
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  f.write(reinterpret_cast<const char *>(&len), 2);
  f << header;
  f.write(reinterpret_cast<const char *>(data), n * sizeof(float));
  return static_cast<bool>(f);
}

/// The deterministic input of a model (the same for every engine).
std::vector<float> modelInput(const std::vector<int64_t> &shape, int which) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = static_cast<float>(((i + 17 * which) * 37) % 101) / 101.0f - 0.5f;
  return v;
}

/// --write-graphs DIR: the GraphDef (<stem>.pb), its layer list
/// (<stem>.layers), FLOPs and output node (<stem>.info), every float Const
/// (<stem>/<node>.npy) and the inputs
/// (<stem>.<placeholder>.npy) of `m`, for bench/peers/run_peers.py.
void writeModel(const Model &m, const std::string &dir) {
  std::string stem = dir + "/" + m.stem;
  {
    std::ofstream f(stem + ".pb", std::ios::binary);
    f << m.graph.SerializeAsString();
  }
  {
    std::ofstream f(stem + ".layers");
    for (const std::string &l : m.layers)
      f << l << "\n";
  }
  {
    // FLOPs per run (2 per multiply-add) and the fetched node.
    std::ofstream f(stem + ".info");
    f << "flops " << static_cast<int64_t>(m.flops) << "\noutput " << m.output
      << "\n";
  }
  std::filesystem::create_directories(stem);
  int which = 0;
  for (const tensorflow::NodeDef &n : m.graph.node()) {
    if (n.op() == "Placeholder") {
      std::vector<int64_t> shape;
      for (const auto &d : n.attr().at("shape").shape().dim())
        shape.push_back(d.size());
      writeNpyF32(stem + "." + n.name() + ".npy", shape,
                  modelInput(shape, which++).data());
      continue;
    }
    if (n.op() != "Const" ||
        n.attr().at("dtype").type() != tensorflow::DT_FLOAT)
      continue;
    const tensorflow::TensorProto &t = n.attr().at("value").tensor();
    std::vector<int64_t> shape;
    for (const auto &d : t.tensor_shape().dim())
      shape.push_back(d.size());
    writeNpyF32(stem + "/" + n.name() + ".npy", shape,
                reinterpret_cast<const float *>(t.tensor_content().data()));
  }
  std::printf("wrote %s.pb (%s)\n", stem.c_str(), m.name.c_str());
}

struct Compiled {
  std::unique_ptr<session::CpuExecutable> exe;
  double frontendMs = 0, codegenMs = 0;
};

/// GraphDef -> tf -> hlo -> executable, timed. Exits on failure.
Compiled compileModel(const Model &m, mlir::DialectRegistry &registry) {
  Compiled c;
  auto t0 = Clock::now();
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  GraphImportConfig config;
  config.inputArrays = {"x"};
  config.outputArrays = {m.output};
  mlir::OwningOpRef<mlir::ModuleOp> module =
      importGraphDef(m.graph, config, &ctx, m.name);
  if (!module) {
    std::fprintf(stderr, "%s: import failed\n", m.name.c_str());
    std::exit(1);
  }
  mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName());
  buildTFStandardPipeline(pm, StandardPipelineOptions());
  pm.addPass(createLegalizeTFToHLO());
  if (mlir::failed(pm.run(*module))) {
    std::fprintf(stderr, "%s: tf-standard-pipeline/xla-legalize-tf failed\n",
                 m.name.c_str());
    std::exit(1);
  }
  c.frontendMs = msSince(t0);
  if (!dumpDir.empty()) {
    std::string path = dumpDir + "/" + m.stem + ".hlo.mlir";
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    if (!ec) {
      mlir::OpPrintingFlags flags;
      flags.enableDebugInfo(false);
      module->print(os, flags);
    }
  }
  auto t1 = Clock::now();
  auto exe = session::CpuExecutable::compile(*module, "main");
  if (!exe.ok()) {
    std::fprintf(stderr, "%s: %s\n", m.name.c_str(),
                 exe.status().ToString().c_str());
    std::exit(1);
  }
  c.codegenMs = msSince(t1);
  c.exe = std::move(*exe);
  return c;
}

void benchModel(const Model &m, mlir::DialectRegistry &registry, int runs,
                double peak, double peakCore) {
  Compiled c = compileModel(m, registry);
  session::HostTensor x(session::DType::kF32, m.inputShape);
  std::vector<float> input = modelInput(m.inputShape, 0);
  std::copy(input.begin(), input.end(), x.data<float>());
  std::vector<double> times, cpuTimes;
  auto threadCpuMs = [] {
    timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
  };
  for (int k = 0; k < runs + 3; ++k) {
    double c0 = threadCpuMs();
    auto t0 = Clock::now();
    auto r = c.exe->run({&x}, pool.get());
    double ms = msSince(t0);
    double cpuMs = threadCpuMs() - c0;
    if (!r.ok()) {
      std::fprintf(stderr, "%s: %s\n", m.name.c_str(),
                   r.status().ToString().c_str());
      std::exit(1);
    }
    if (k >= 3) {
      times.push_back(ms);
      cpuTimes.push_back(cpuMs);
    }
  }
  std::sort(times.begin(), times.end());
  std::sort(cpuTimes.begin(), cpuTimes.end());
  double med = times[times.size() / 2];
  double cpuMed = cpuTimes[cpuTimes.size() / 2];
  double gflops = m.flops / (med * 1e6);
  std::printf("| %s | %.0f + %.0f | %.3f | %.3f | %.2f | %.1f | %.1f%% | "
              "%.1f%% |\n",
              m.name.c_str(), c.frontendMs, c.codegenMs, med, cpuMed,
              m.flops / 1e6, gflops, 100 * gflops / peakCore,
              100 * gflops / peak);
  std::fflush(stdout);
}

} // namespace

int main(int argc, char **argv) {
  std::string which = "all";
  std::string writeDir;
  std::string graphDir; // --write-graph DIR (the AOT benchmark's graphs)
  int runs = 20;
  double peakArg = 0;
  std::vector<int64_t> chain = {100, 200, 400, 800, 1600};
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--model" && i + 1 < argc)
      which = argv[++i];
    else if (a == "--runs" && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (a == "--dump-hlo" && i + 1 < argc)
      dumpDir = argv[++i];
    else if (a == "--write-graphs" && i + 1 < argc)
      writeDir = argv[++i];
    else if (a == "--write-graph" && i + 1 < argc)
      graphDir = argv[++i];
    else if (a == "--threads" && i + 1 < argc) {
      int t = 1;
      if (std::string e = cpu::validateThreadCount(
              "--threads", std::atoll(argv[++i]), false, t, nullptr);
          !e.empty()) {
        std::fprintf(stderr, "tfmlir-model-bench: %s\n", e.c_str());
        return 1;
      }
      pool = std::make_unique<cpu::ThreadPool>(t);
    } else if (a == "--peak-gflops" && i + 1 < argc)
      peakArg = std::atof(argv[++i]);
    else if (a == "--chain-ops" && i + 1 < argc) {
      chain.clear();
      for (const std::string &s : splitFlagList(argv[++i]))
        chain.push_back(std::atoll(s.c_str()));
    } else {
      std::fprintf(
          stderr,
          "usage: tfmlir-model-bench [--model "
          "mlp|convnet|resnet|mobilenet|mobilenet025|chain|bigconst|all] "
          "[--runs N] [--threads N] [--chain-ops N,N,...] "
          "[--peak-gflops G] [--dump-hlo DIR] [--write-graphs DIR] "
          "[--write-graph DIR]\n");
      return 1;
    }
  }
  if (!graphDir.empty()) {
    // The GraphDefs bench/aot_bench compiles with tf-compile: DIR/<stem>.pb
    // (input "x"; output "logits", for bigconst "y"), no compile.
    std::vector<Model> models;
    if (which == "all" || which == "mlp")
      models.push_back(buildMlp());
    if (which == "all" || which == "convnet")
      models.push_back(buildConvNet());
    if (which == "bigconst")
      models.push_back(buildBigConstant());
    if (which == "resnet")
      models.push_back(buildResNetLike());
    if (which == "mobilenet")
      models.push_back(buildMobileNetV1(1.0));
    for (const Model &m : models) {
      std::string path = graphDir + "/" + m.stem + ".pb";
      std::ofstream f(path, std::ios::binary);
      if (!f || !m.graph.SerializeToOstream(&f)) {
        std::fprintf(stderr, "cannot write %s\n", path.c_str());
        return 1;
      }
    }
    return 0;
  }
  if (!writeDir.empty()) {
    std::filesystem::create_directories(writeDir);
    for (const Model &m :
         {buildMobileNetV1(1.0), buildMobileNetV1(0.25), buildMobileNetV2(),
          buildMlp(64), buildMlp(1), buildMatMul(256), buildMatMul(1024),
          buildMatMul(2048)})
      writeModel(m, writeDir);
    return 0;
  }
  mlir::registerAllPasses();
  registerTFPasses();
  registerTFToHLOPasses();
  registerHLOCodegenPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerTFDialects(registry);
  registerHLODialect(registry);

  long cores = std::max(1L, sysconf(_SC_NPROCESSORS_ONLN));
  double ghz = cpuGHz();
  double peakCore = ghz * 64;
  double peak = peakArg > 0 ? peakArg : cores * peakCore;
  if (peakArg > 0)
    peakCore = peakArg / cores;
  std::printf("# peak: %ld cores x %.2f GHz x 64 FLOP/cycle (AVX-512, 2 FMA "
              "units) = %.1f GFLOP/s; per core %.1f GFLOP/s\n",
              cores, ghz, peak, peakCore);
  if (which == "all" || which == "mlp" || which == "convnet") {
    std::printf("| model | compile ms (import+tf->hlo + codegen/JIT) | "
                "median run ms | median thread CPU ms | MFLOP | GFLOP/s | of "
                "1-core peak | of machine peak |\n|---|---|---|---|---|---|"
                "---|---|\n");
    if (which == "all" || which == "mlp")
      benchModel(buildMlp(), registry, runs, peak, peakCore);
    if (which == "all" || which == "convnet")
      benchModel(buildConvNet(), registry, runs, peak, peakCore);
  }
  if (which == "resnet") {
    std::printf("| model | compile ms (import+tf->hlo + codegen/JIT) | "
                "median run ms | median thread CPU ms | MFLOP | GFLOP/s | of "
                "1-core peak | of machine peak |\n|---|---|---|---|---|---|"
                "---|---|\n");
    benchModel(buildResNetLike(), registry, runs, peak, peakCore);
  }
  if (which == "mobilenet" || which == "mobilenet025") {
    std::printf("| model | compile ms (import+tf->hlo + codegen/JIT) | "
                "median run ms | median thread CPU ms | MFLOP | GFLOP/s | of "
                "1-core peak | of machine peak |\n|---|---|---|---|---|---|"
                "---|---|\n");
    if (which == "mobilenet")
      benchModel(buildMobileNetV1(1.0), registry, runs, peak, peakCore);
    benchModel(buildMobileNetV1(0.25), registry, runs, peak, peakCore);
  }
  if (which == "bigconst") {
    // Peak RSS before and after the compile: the GraphDef and the imported
    // module hold the weights before it starts.
    Model m = buildBigConstant();
    double rss0 = peakRssMiB();
    Compiled c = compileModel(m, registry);
    std::printf("| model | import+tf->hlo ms | codegen/JIT ms | peak RSS "
                "before compile MiB | peak RSS after MiB |\n|---|---|---|---|"
                "---|\n| %s | %.0f | %.0f | %.0f | %.0f |\n",
                m.name.c_str(), c.frontendMs, c.codegenMs, rss0, peakRssMiB());
    return 0;
  }
  if (which == "all" || which == "chain") {
    std::printf("\n| ops | compile ms (import+tf->hlo) | codegen/JIT ms | "
                "total ms | ms per op | peak RSS MiB |\n|---|---|---|---|---|"
                "---|\n");
    for (int64_t n : chain) {
      Compiled c = compileModel(buildChain(n), registry);
      double total = c.frontendMs + c.codegenMs;
      std::printf("| %lld | %.0f | %.0f | %.0f | %.2f | %.0f |\n",
                  static_cast<long long>(n), c.frontendMs, c.codegenMs, total,
                  total / n, peakRssMiB());
      std::fflush(stdout);
    }
  }
  return 0;
}
