//===- TFJSModelTest.cpp - the TF.js graph-model loader and f16 widening --===//
//
// loadTFJSModel on the committed synthetic model
// (test/Translate/tfjs/Inputs/synthetic, written by make_synthetic.py): the
// signature, the weights bound as Const values in the dtypes the graph
// declares (int64 widened from the converter's int32, bool, string, a
// library function's constant), loadModel's detection of model.json; and
// halfToFloat against LLVM's APFloat for all 65536 half values.
//===----------------------------------------------------------------------===//
#include "lib/Translate/TFJSModel.h"
#include "lib/Support/Float16.h"
#include "lib/Translate/ModelLoader.h"

#include "llvm/ADT/APFloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace {

const std::string kModel = std::string(TFMLIR_SOURCE_DIR) +
                           "/test/Translate/tfjs/Inputs/synthetic/model.json";

const tensorflow::NodeDef *findNode(const tensorflow::GraphDef &g,
                                    const std::string &name) {
  for (const tensorflow::NodeDef &n : g.node())
    if (n.name() == name)
      return &n;
  return nullptr;
}

template <typename T>
std::vector<T> contentOf(const tensorflow::TensorProto &t) {
  std::vector<T> v(t.tensor_content().size() / sizeof(T));
  std::memcpy(v.data(), t.tensor_content().data(), v.size() * sizeof(T));
  return v;
}

TEST(Float16, MatchesAPFloatForEveryHalf) {
  for (uint32_t bits = 0; bits < 65536; ++bits) {
    llvm::APFloat ref(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
    bool lost = false;
    ref.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
                &lost);
    ASSERT_FALSE(lost);
    float got = tfmlir::halfToFloat(uint16_t(bits));
    if (ref.isNaN()) {
      // APFloat quiets signalling NaNs; we keep the payload bit-exact.
      EXPECT_TRUE(std::isnan(got)) << bits;
      EXPECT_EQ(std::signbit(got), ref.isNegative()) << bits;
      continue;
    }
    uint32_t gotBits;
    std::memcpy(&gotBits, &got, 4);
    EXPECT_EQ(gotBits, uint32_t(ref.bitcastToAPInt().getZExtValue())) << bits;
  }
}

TEST(TFJSModel, LoadsTheSyntheticModel) {
  EXPECT_EQ(tfmlir::detectModelFormat(kModel), tfmlir::ModelFormat::TFJS);
  absl::StatusOr<tfmlir::LoadedModel> m = tfmlir::loadModel(kModel);
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ(m->format, tfmlir::ModelFormat::TFJS);
  EXPECT_EQ(m->sourceName, kModel);

  // Signature: one, "serving_default", tensors sorted by key.
  ASSERT_EQ(m->signatures.size(), 1u);
  const tfmlir::ModelSignature &sig = m->signatures[0];
  EXPECT_EQ(sig.key, "serving_default");
  ASSERT_EQ(sig.inputs.size(), 1u);
  EXPECT_EQ(sig.inputs[0].name, "x");
  EXPECT_EQ(sig.inputs[0].tensor, "x:0");
  EXPECT_EQ(sig.inputs[0].dtype, tensorflow::DT_FLOAT);
  ASSERT_TRUE(sig.inputs[0].shape.has_value());
  EXPECT_EQ(*sig.inputs[0].shape, (std::vector<int64_t>{2, 4}));
  ASSERT_EQ(sig.outputs.size(), 2u);
  EXPECT_EQ(sig.outputs[0].name, "total");
  EXPECT_EQ(sig.outputs[1].name, "y");
  EXPECT_EQ(sig.outputs[1].tensor, "y:0");
  ASSERT_TRUE(m->signature("serving_default").ok());

  const tensorflow::GraphDef &g = m->graph;
  // uint8 affine: q * scale + min; the generator quantized
  // (i - 5.5) / 4 on the grid min + k * 2.75/255, so the ends are exact.
  const tensorflow::NodeDef *w = findNode(g, "w");
  ASSERT_NE(w, nullptr);
  std::vector<float> wv = contentOf<float>(w->attr().at("value").tensor());
  ASSERT_EQ(wv.size(), 12u);
  EXPECT_EQ(wv.front(), -1.375f);
  EXPECT_EQ(wv.back(), 1.375f);
  // w[1] = -1.125 was stored as q = round(0.25 / (2.75 / 255)) = 23.
  EXPECT_EQ(wv[1], float(double(23) * (2.75 / 255) + -1.375));
  // float16: 0.1 -> 0.0999755859375 (the nearest half).
  std::vector<float> bv =
      contentOf<float>(findNode(g, "b")->attr().at("value").tensor());
  ASSERT_EQ(bv.size(), 3u);
  EXPECT_EQ(bv[0], 0.0999755859375f);
  EXPECT_EQ(bv[1], -0.25f);
  // int32 weight bound to an int64 Const: widened back.
  const tensorflow::NodeDef *shape = findNode(g, "shape");
  EXPECT_EQ(shape->attr().at("dtype").type(), tensorflow::DT_INT64);
  EXPECT_EQ(shape->attr().at("value").tensor().dtype(), tensorflow::DT_INT64);
  EXPECT_EQ(contentOf<int64_t>(shape->attr().at("value").tensor()),
            (std::vector<int64_t>{3, 2}));
  // uint16-quantized int32: 3 * 0.5 - 0.4 = 1.1 rounds to 1.
  EXPECT_EQ(
      contentOf<int32_t>(findNode(g, "axis")->attr().at("value").tensor()),
      (std::vector<int32_t>{1}));
  // bool and string weights.
  EXPECT_EQ(findNode(g, "mask")->attr().at("value").tensor().tensor_content(),
            std::string("\1\0\1", 3));
  const tensorflow::TensorProto &labels =
      findNode(g, "labels")->attr().at("value").tensor();
  ASSERT_EQ(labels.string_val_size(), 2);
  EXPECT_EQ(labels.string_val(0), "cat");
  EXPECT_EQ(labels.string_val(1), "\xc3\xa9t\xc3\xa9");
  // A Const inside a library function, named "<function>/<node>".
  ASSERT_EQ(g.library().function_size(), 1);
  const tensorflow::NodeDef &c = g.library().function(0).node_def(0);
  EXPECT_EQ(c.name(), "scale_fn/c");
  EXPECT_EQ(contentOf<float>(c.attr().at("value").tensor()),
            (std::vector<float>{2.0f, 0.5f, -1.0f}));
}

TEST(TFJSModel, ShardPathsResolveAgainstModelJsonsFolder) {
  // The JSON text given directly: shards are found next to modelJsonPath.
  absl::StatusOr<tfmlir::LoadedModel> m =
      tfmlir::loadTFJSModel(kModel); // reads the file itself
  ASSERT_TRUE(m.ok()) << m.status();
  absl::StatusOr<tfmlir::LoadedModel> bad =
      tfmlir::loadTFJSModelFromJson(R"({"format": "graph-model",
        "modelTopology": {"node": [{"name": "c", "op": "Const",
          "attr": {"dtype": {"type": "DT_FLOAT"}}}]},
        "weightsManifest": [{"paths": ["nosuch.bin"],
          "weights": [{"name": "c", "shape": [1], "dtype": "float32"}]}]})",
                                    "/nonexistent/dir/model.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kNotFound);
  EXPECT_NE(bad.status().message().find("/nonexistent/dir/nosuch.bin"),
            std::string::npos)
      << bad.status();
}

} // namespace
