//===- TFLiteOpTableTest.cpp - tfl ops agree with the TFLite schema -------===//
//
// The .tflite importer/exporter convert options generically by field name,
// so every dedicated tfl op must declare exactly the fields of its options
// table as attributes (deprecated fields excepted). This test checks that
// for every entry of the operator table, and that option tables round-trip
// through writeOptions/readOptions.
//===----------------------------------------------------------------------===//
#include "dialects/tfl/TFLOps.h"
#include "lib/Translate/TFLiteExporter.h"
#include "lib/Translate/TFLiteImporter.h"
#include "lib/Translate/TFLiteOptions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tflite_io;

namespace {

TEST(TFLiteOpTable, OpAttributesMatchOptionFields) {
  MLIRContext ctx;
  ctx.loadDialect<tfl::TFLDialect>();
  int checked = 0;
  for (const BuiltinOpInfo &info : builtinOpTable()) {
    auto name = RegisteredOperationName::lookup(info.opName, &ctx);
    ASSERT_TRUE(name.has_value()) << info.opName << " is not registered";
    std::set<std::string> attrs;
    for (StringAttr a : name->getAttributeNames())
      attrs.insert(a.str());
    std::set<std::string> fields;
    if (*info.options) {
      auto table = findOptionsTable(info.options);
      ASSERT_TRUE(table.has_value()) << info.options;
      for (size_t i = 0; i < table->table->num_elems; ++i) {
        std::string f = table->table->names[i];
        if (StringRef(info.options) == "ResizeBilinearOptions" &&
            (f == "new_height" || f == "new_width"))
          continue;
        fields.insert(f);
      }
    }
    EXPECT_EQ(attrs, fields) << info.opName << " vs " << info.options;
    EXPECT_EQ(builtinName(info.code).empty(), false);
    ++checked;
  }
  EXPECT_GE(checked, 100);
}

TEST(TFLiteOpTable, CodesAndNamesAreUnique) {
  std::set<int32_t> codes;
  std::set<std::string> names;
  for (const BuiltinOpInfo &info : builtinOpTable()) {
    EXPECT_TRUE(codes.insert(info.code).second) << info.code;
    EXPECT_TRUE(names.insert(info.opName).second) << info.opName;
    EXPECT_EQ(lookupBuiltin(info.code), &info);
    EXPECT_EQ(lookupBuiltin(StringRef(info.opName)), &info);
  }
  EXPECT_EQ(builtinName(3), "CONV_2D");
  EXPECT_EQ(builtinName(5000), "BUILTIN_5000");
}

/// Every options table of both unions: defaults read from a missing table
/// are written and read back unchanged, and a non-default value survives.
TEST(TFLiteOpTable, EveryOptionsTableRoundTrips) {
  MLIRContext ctx;
  Builder b(&ctx);
  auto sym = [&](int64_t i, std::string &) -> FailureOr<FlatSymbolRefAttr> {
    return FlatSymbolRefAttr::get(&ctx, "f" + std::to_string(i));
  };
  auto index = [&](FlatSymbolRefAttr s, std::string &) -> FailureOr<int32_t> {
    return std::stoi(s.getValue().drop_front(1).str());
  };
  int tables = 0;
  for (bool second : {false, true})
    for (uint8_t ty = 1; ty < 200; ++ty) {
      auto t = optionsTableForUnion(ty, second);
      if (!t)
        continue;
      ++tables;
      SmallVector<NamedAttribute> attrs;
      std::string err;
      ASSERT_TRUE(succeeded(readOptions(nullptr, *t, b, sym, attrs, err)))
          << t->name.str() << ": " << err;
      // Change every integer (not enum) field to 7 so that non-defaults are
      // exercised too.
      for (NamedAttribute &a : attrs)
        if (auto i = dyn_cast<IntegerAttr>(a.getValue()))
          a.setValue(IntegerAttr::get(i.getType(), 7));
      DictionaryAttr dict = b.getDictionaryAttr(attrs);
      flatbuffers::FlatBufferBuilder fbb;
      auto off = writeOptions(
          fbb, *t, [&](StringRef n) { return dict.get(n); }, index, err);
      ASSERT_TRUE(succeeded(off)) << t->name.str() << ": " << err;
      fbb.Finish(*off);
      auto *tab =
          flatbuffers::GetRoot<flatbuffers::Table>(fbb.GetBufferPointer());
      SmallVector<NamedAttribute> back;
      ASSERT_TRUE(succeeded(readOptions(tab, *t, b, sym, back, err))) << err;
      EXPECT_EQ(b.getDictionaryAttr(back), dict) << t->name.str();
    }
  EXPECT_GE(tables, 140);
}
} // namespace

namespace {
/// The exporter writes buffer 0 as the empty sentinel, shares one buffer
/// between equal constants, writes min_runtime_version, and the result
/// verifies and re-imports.
TEST(TFLiteExport, SentinelDedupAndMetadata) {
  MLIRContext ctx;
  ctx.loadDialect<tfl::TFLDialect, func::FuncDialect>();
  const char *src = R"mlir(
    func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
      %a = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
      %b = "tfl.pseudo_const"() {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
      %0 = "tfl.add"(%x, %a) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      %1 = "tfl.add"(%0, %b) {fused_activation_function = "RELU", pot_scale_int16 = true} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      return %1 : tensor<2xf32>
    })mlir";
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(src, &ctx);
  ASSERT_TRUE(m);
  std::string out;
  ASSERT_TRUE(succeeded(exportTFLite(*m, out)));
  flatbuffers::Verifier v(reinterpret_cast<const uint8_t *>(out.data()),
                          out.size());
  ASSERT_TRUE(tflite::VerifyModelBuffer(v));
  const tflite::Model *model = tflite::GetModel(out.data());
  // Buffers: sentinel, the one shared constant, min_runtime_version.
  ASSERT_EQ(model->buffers()->size(), 3u);
  EXPECT_TRUE(!model->buffers()->Get(0)->data() ||
              model->buffers()->Get(0)->data()->size() == 0);
  const tflite::SubGraph *g = model->subgraphs()->Get(0);
  EXPECT_EQ(g->tensors()->Get(1)->buffer(), g->tensors()->Get(2)->buffer());
  EXPECT_EQ(model->operator_codes()->size(), 1u); // one ADD opcode, version 1
  EXPECT_EQ(model->operator_codes()->Get(0)->version(), 1);
  ASSERT_TRUE(model->metadata() && model->metadata()->size() == 1);
  EXPECT_EQ(model->metadata()->Get(0)->name()->str(), "min_runtime_version");
  EXPECT_EQ(std::string(tflite::ModelIdentifier()), out.substr(4, 4));
  // Re-import, export, import: the two imports print the same.
  OwningOpRef<ModuleOp> back = importTFLite(out, "test.tflite", &ctx);
  ASSERT_TRUE(back);
  std::string again;
  ASSERT_TRUE(succeeded(exportTFLite(*back, again)));
  OwningOpRef<ModuleOp> back2 = importTFLite(again, "test.tflite", &ctx);
  ASSERT_TRUE(back2);
  std::string p1, p2;
  llvm::raw_string_ostream o1(p1), o2(p2);
  back->print(o1, OpPrintingFlags().enableDebugInfo());
  back2->print(o2, OpPrintingFlags().enableDebugInfo());
  EXPECT_EQ(p1, p2);
}
} // namespace

namespace {

/// A one-op model: y = ADD(x, x) on float32 [2] tensors, with knobs for the
/// malformations the importer must reject (or read safely).
struct TinyModel {
  uint32_t outputBuffer = 0;            // buffer index of the output tensor
  bool outputHasData = false;           // give the output tensor constant bytes
  std::vector<int32_t> outputSignature; // shape_signature of the output
  std::vector<int32_t> inputShape = {2};
  // Operator options: declared union type, and whether an AddOptions table
  // (with RELU) is attached regardless of the type.
  tflite::BuiltinOptions optionsType = tflite::BuiltinOptions_AddOptions;
  bool attachAddOptions = true;

  std::string build() const {
    flatbuffers::FlatBufferBuilder fbb;
    std::vector<flatbuffers::Offset<tflite::Buffer>> buffers = {
        tflite::CreateBuffer(fbb)};
    if (outputHasData) {
      std::vector<uint8_t> bytes(8, 0);
      buffers.push_back(tflite::CreateBuffer(fbb, fbb.CreateVector(bytes)));
    }
    auto tensor = [&](const char *name, std::vector<int32_t> shape,
                      uint32_t buffer, std::vector<int32_t> sig) {
      return tflite::CreateTensor(fbb, fbb.CreateVector(shape),
                                  tflite::TensorType_FLOAT32, buffer,
                                  fbb.CreateString(name), 0, false, 0,
                                  sig.empty() ? 0 : fbb.CreateVector(sig));
    };
    std::vector<flatbuffers::Offset<tflite::Tensor>> tensors = {
        tensor("x", inputShape, 0, {}),
        tensor("y", {2}, outputBuffer, outputSignature)};
    auto opts =
        tflite::CreateAddOptions(fbb, tflite::ActivationFunctionType_RELU);
    std::vector<int32_t> in = {0, 0}, out = {1};
    flatbuffers::Offset<tflite::Operator> op;
    {
      auto i = fbb.CreateVector(in);
      auto o = fbb.CreateVector(out);
      tflite::OperatorBuilder b(fbb);
      b.add_opcode_index(0);
      b.add_inputs(i);
      b.add_outputs(o);
      b.add_builtin_options_type(optionsType);
      if (attachAddOptions)
        b.add_builtin_options(opts.Union());
      op = b.Finish();
    }
    std::vector<flatbuffers::Offset<tflite::Operator>> ops = {op};
    std::vector<int32_t> gin = {0}, gout = {1};
    auto sg =
        tflite::CreateSubGraph(fbb, fbb.CreateVector(tensors),
                               fbb.CreateVector(gin), fbb.CreateVector(gout),
                               fbb.CreateVector(ops), fbb.CreateString("main"));
    std::vector<flatbuffers::Offset<tflite::OperatorCode>> codes = {
        tflite::CreateOperatorCode(fbb, tflite::BuiltinOperator_ADD, 0, 1,
                                   tflite::BuiltinOperator_ADD)};
    std::vector<flatbuffers::Offset<tflite::SubGraph>> sgs = {sg};
    auto model = tflite::CreateModel(fbb, 3, fbb.CreateVector(codes),
                                     fbb.CreateVector(sgs), 0,
                                     fbb.CreateVector(buffers));
    tflite::FinishModelBuffer(fbb, model);
    return std::string(reinterpret_cast<const char *>(fbb.GetBufferPointer()),
                       fbb.GetSize());
  }
};

/// Imports `bytes`; returns the printed module, or the error text.
std::string importOrError(const std::string &bytes, bool &ok) {
  MLIRContext ctx;
  std::string errors;
  ScopedDiagnosticHandler h(&ctx, [&](Diagnostic &d) {
    errors += d.str() + "\n";
    return success();
  });
  OwningOpRef<ModuleOp> m = importTFLite(bytes, "tiny.tflite", &ctx);
  ok = static_cast<bool>(m);
  if (!m)
    return errors;
  std::string s;
  llvm::raw_string_ostream os(s);
  m->print(os);
  return s;
}

TEST(TFLiteImport, TinyModelImports) {
  bool ok;
  std::string s = importOrError(TinyModel().build(), ok);
  ASSERT_TRUE(ok) << s;
  EXPECT_NE(s.find("fused_activation_function = \"RELU\""), std::string::npos)
      << s;
}

// TFLite's loader rejects these; so does the importer, naming the tensor.
TEST(TFLiteImport, RejectsBadTensors) {
  bool ok;
  TinyModel oob;
  oob.outputBuffer = 7;
  std::string e = importOrError(oob.build(), ok);
  EXPECT_FALSE(ok);
  EXPECT_NE(
      e.find("tensor 1 ('y') refers to buffer 7, but the model has 1 buffers"),
      std::string::npos)
      << e;

  TinyModel data;
  data.outputHasData = true;
  data.outputBuffer = 1;
  e = importOrError(data.build(), ok);
  EXPECT_FALSE(ok);
  EXPECT_NE(
      e.find("is written by operator 0 but also has 8 bytes of constant data"),
      std::string::npos)
      << e;

  TinyModel sig;
  sig.outputSignature = {-1, 2};
  e = importOrError(sig.build(), ok);
  EXPECT_FALSE(ok);
  EXPECT_NE(e.find("has a shape_signature of rank 2 but a shape of rank 1"),
            std::string::npos)
      << e;

  TinyModel neg;
  neg.inputShape = {-1};
  e = importOrError(neg.build(), ok);
  EXPECT_FALSE(ok);
  EXPECT_NE(e.find("has dimension -1 in shape"), std::string::npos) << e;
}

// With builtin_options_type NONE the verifier checks no options table, so the
// importer must not read one, whatever the offset holds: the op gets the
// schema defaults (activation NONE), not the attached table's RELU.
TEST(TFLiteImport, OptionsOfTypeNoneAreNotRead) {
  bool ok;
  TinyModel m;
  m.optionsType = tflite::BuiltinOptions_NONE;
  std::string s = importOrError(m.build(), ok);
  ASSERT_TRUE(ok) << s;
  EXPECT_NE(s.find("fused_activation_function = \"NONE\""), std::string::npos)
      << s;
}

} // namespace
