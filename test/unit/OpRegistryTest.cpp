//===- OpRegistryTest.cpp - tests for the built-in op registry ------------===//
//
// Checks the op table parses cleanly, that every op used by the corpus is
// registered, and that output/input dtypes and default attrs are resolved the
// way TensorFlow's registry resolves them.
//
//===----------------------------------------------------------------------===//

#include "lib/Translate/OpRegistry.h"

#include "lib/Translate/proto/attr_value.pb.h"
#include "lib/Translate/proto/tensor.pb.h"
#include "lib/Translate/proto/tensor_shape.pb.h"

#include "llvm/ADT/STLExtras.h"

#include <gtest/gtest.h>

#include <atomic>
#include <initializer_list>
#include <string>
#include <thread>
#include <vector>

using namespace tensorflow;
using tfmlir::addDefaultAttrs;
using tfmlir::lookupOpDef;
using tfmlir::resolveInputTypes;
using tfmlir::resolveOutputTypes;

namespace {

NodeDef makeNode(const std::string &name, const std::string &op) {
  NodeDef n;
  n.set_name(name);
  n.set_op(op);
  return n;
}

void setType(NodeDef &n, const std::string &attr, DataType t) {
  (*n.mutable_attr())[attr].set_type(t);
}

void setInt(NodeDef &n, const std::string &attr, int64_t i) {
  (*n.mutable_attr())[attr].set_i(i);
}

void setTypeList(NodeDef &n, const std::string &attr,
                 std::initializer_list<DataType> types) {
  auto *list = (*n.mutable_attr())[attr].mutable_list();
  for (DataType t : types)
    list->add_type(t);
}

std::vector<DataType> outputs(const NodeDef &n) {
  const OpDef *def = lookupOpDef(n.op());
  EXPECT_NE(def, nullptr) << n.op();
  llvm::SmallVector<DataType> types;
  if (!def)
    return {};
  if (auto e = resolveOutputTypes(n, *def, types)) {
    ADD_FAILURE() << llvm::toString(std::move(e));
    return {};
  }
  return {types.begin(), types.end()};
}

std::vector<DataType> inputs(const NodeDef &n) {
  const OpDef *def = lookupOpDef(n.op());
  EXPECT_NE(def, nullptr) << n.op();
  llvm::SmallVector<DataType> types;
  if (!def)
    return {};
  if (auto e = resolveInputTypes(n, *def, types)) {
    ADD_FAILURE() << llvm::toString(std::move(e));
    return {};
  }
  return {types.begin(), types.end()};
}

std::string outputError(const NodeDef &n, const OpDef &def) {
  llvm::SmallVector<DataType> types;
  llvm::Error e = resolveOutputTypes(n, def, types);
  if (!e)
    return "";
  return llvm::toString(std::move(e));
}

using Types = std::vector<DataType>;

//===----------------------------------------------------------------------===//
// The table as a whole
//===----------------------------------------------------------------------===//

TEST(OpRegistry, TableParsesWithoutErrors) {
  for (const std::string &e : tfmlir::opRegistryErrors())
    ADD_FAILURE() << e;
  EXPECT_TRUE(tfmlir::opRegistryErrors().empty());
  EXPECT_GT(tfmlir::numRegisteredOps(), 500u);
  std::vector<llvm::StringRef> names = tfmlir::registeredOpNames();
  EXPECT_EQ(names.size(), tfmlir::numRegisteredOps());
  EXPECT_TRUE(llvm::is_sorted(names));
  for (llvm::StringRef name : names) {
    const OpDef *def = lookupOpDef(name);
    ASSERT_NE(def, nullptr) << name.str();
    EXPECT_EQ(def->name(), name.str());
  }
}

// Every op that a GraphDef in shared/corpus uses (the `op:` fields of the
// text GraphDefs and the ops column of dl4j_tf_graphs/INDEX.tsv), except
// library function names, the deliberately unregistered ops of the importer
// tests, and Google-internal LegacyFedInput (which the importer turns into a
// Placeholder).
const char *const kCorpusOps[] = {
    "Abs",
    "AccumulateNV2",
    "Acos",
    "Acosh",
    "Add",
    "AddN",
    "AddV2",
    "AdjustContrastv2",
    "AdjustHue",
    "AdjustSaturation",
    "All",
    "Any",
    "ApplyGradientDescent",
    "ArgMax",
    "ArgMin",
    "Asin",
    "Asinh",
    "Assert",
    "Assign",
    "AssignAdd",
    "AssignAddVariableOp",
    "AssignVariableOp",
    "Atan",
    "Atan2",
    "Atanh",
    "AvgPool",
    "AvgPool3D",
    "BatchDatasetV2",
    "BatchFunction",
    "BatchMatMul",
    "BatchMatMulV2",
    "BatchNormWithGlobalNormalization",
    "BatchToSpaceND",
    "Betainc",
    "BiasAdd",
    "BiasAddGrad",
    "Bincount",
    "Bitcast",
    "BitwiseAnd",
    "BitwiseOr",
    "BitwiseXor",
    "BlockLSTM",
    "BroadcastArgs",
    "BroadcastGradientArgs",
    "BroadcastTo",
    "Case",
    "Cast",
    "CheckNumerics",
    "Cholesky",
    "ChooseFastestBranchDataset",
    "CompareAndBitpack",
    "ConcatV2",
    "ConfigureDistributedTPU",
    "Const",
    "Conv2D",
    "Conv2DBackpropInput",
    "Conv3D",
    "Conv3DBackpropInputV2",
    "Cos",
    "Cosh",
    "CropAndResize",
    "Cross",
    "Cumprod",
    "Cumsum",
    "DeepCopy",
    "DepthToSpace",
    "DepthwiseConv2dNative",
    "DeserializeIterator",
    "Diag",
    "DiagPart",
    "Digamma",
    "Div",
    "DivNoNan",
    "DrawBoundingBoxesV2",
    "DynamicPartition",
    "Elu",
    "Empty",
    "Enter",
    "Equal",
    "Erf",
    "Erfc",
    "Exit",
    "Exp",
    "ExpandDims",
    "Expm1",
    "ExtractImagePatches",
    "FIFOQueueV2",
    "FakeQuantWithMinMaxArgs",
    "FakeQuantWithMinMaxVars",
    "FakeQuantWithMinMaxVarsPerChannel",
    "Fill",
    "Floor",
    "FloorDiv",
    "FloorMod",
    "FusedBatchNorm",
    "FusedBatchNormV3",
    "GRUBlockCell",
    "Gather",
    "GatherNd",
    "GatherV2",
    "Greater",
    "GreaterEqual",
    "HSVToRGB",
    "HashTableV2",
    "HistogramFixedWidth",
    "Identity",
    "IdentityN",
    "If",
    "Igamma",
    "Igammac",
    "ImageSummary",
    "InTopKV2",
    "InfeedDequeue",
    "InfeedDequeueTuple",
    "Invert",
    "InvertPermutation",
    "IsFinite",
    "IsInf",
    "IsNan",
    "IsVariableInitialized",
    "IteratorGetNext",
    "IteratorGetNextSync",
    "IteratorToStringHandle",
    "IteratorV2",
    "L2Loss",
    "LSTMBlockCell",
    "LeakyRelu",
    "LeftShift",
    "Less",
    "LessEqual",
    "Lgamma",
    "LinSpace",
    "Log",
    "Log1p",
    "LogMatrixDeterminant",
    "LogSoftmax",
    "LogicalAnd",
    "LogicalNot",
    "LogicalOr",
    "LoopCond",
    "Lu",
    "MakeIterator",
    "MapDataset",
    "MatMul",
    "MatrixBandPart",
    "MatrixDeterminant",
    "MatrixDiag",
    "MatrixDiagPart",
    "MatrixInverse",
    "MatrixSetDiag",
    "MatrixSolve",
    "MatrixTriangularSolve",
    "Max",
    "MaxPool",
    "MaxPool3D",
    "MaxPoolWithArgmax",
    "Maximum",
    "Mean",
    "Merge",
    "MergeV2Checkpoints",
    "Min",
    "Minimum",
    "MirrorPad",
    "MlirPassthroughOp",
    "Mod",
    "ModelDataset",
    "Mul",
    "MulNoNan",
    "MultiDeviceIteratorGetNextFromShard",
    "Multinomial",
    "MutableHashTableV2",
    "Neg",
    "NextIteration",
    "NoOp",
    "NonMaxSuppression",
    "NonMaxSuppressionV2",
    "NonMaxSuppressionV3",
    "NonMaxSuppressionV4",
    "NonMaxSuppressionV5",
    "NotEqual",
    "NthElement",
    "OneHot",
    "OnesLike",
    "Pack",
    "PadV2",
    "ParallelConcat",
    "ParallelDynamicStitch",
    "ParseExample",
    "ParseExampleV2",
    "PartitionedCall",
    "Placeholder",
    "PlaceholderV2",
    "PlaceholderWithDefault",
    "Pow",
    "Print",
    "Prod",
    "QuantizeAndDequantizeV2",
    "QueueDequeueV2",
    "QueueEnqueueV2",
    "RGBToHSV",
    "RaggedTensorToTensor",
    "RandomGamma",
    "RandomPoissonV2",
    "RandomShuffle",
    "RandomStandardNormal",
    "RandomUniform",
    "RandomUniformInt",
    "Range",
    "RangeDataset",
    "Rank",
    "ReadVariableOp",
    "RealDiv",
    "Reciprocal",
    "RefSwitch",
    "Relu",
    "Relu6",
    "Reshape",
    "ResizeArea",
    "ResizeBicubic",
    "ResizeBilinear",
    "ResizeNearestNeighbor",
    "RestoreV2",
    "ReverseSequence",
    "ReverseV2",
    "RightShift",
    "Rint",
    "Roll",
    "Round",
    "Rsqrt",
    "SaveV2",
    "ScatterAdd",
    "ScatterDiv",
    "ScatterMin",
    "ScatterMul",
    "ScatterNd",
    "ScatterNdAdd",
    "ScatterNdSub",
    "ScatterNdUpdate",
    "ScatterSub",
    "ScatterUpdate",
    "SegmentMax",
    "SegmentMean",
    "SegmentMin",
    "SegmentProd",
    "SegmentSum",
    "Select",
    "Selu",
    "SerializeIterator",
    "Shape",
    "ShapeN",
    "ShardedFilename",
    "Sigmoid",
    "SigmoidGrad",
    "Sign",
    "Sin",
    "Sinh",
    "Slice",
    "Softmax",
    "SoftmaxCrossEntropyWithLogits",
    "Softplus",
    "Softsign",
    "SpaceToBatchND",
    "SpaceToDepth",
    "SparseSoftmaxCrossEntropyWithLogits",
    "SparseTensorDenseAdd",
    "Split",
    "SplitV",
    "Sqrt",
    "Square",
    "SquaredDifference",
    "Squeeze",
    "StatefulPartitionedCall",
    "StatelessCase",
    "StatelessIf",
    "StatelessWhile",
    "StaticRegexFullMatch",
    "StopGradient",
    "StridedSlice",
    "StringJoin",
    "Sub",
    "Sum",
    "Svd",
    "Switch",
    "TPUCompilationResult",
    "TPUOrdinalSelector",
    "TPUPartitionedCall",
    "TPUReplicateMetadata",
    "TPUReplicatedInput",
    "TPUReplicatedOutput",
    "Tan",
    "Tanh",
    "TensorArrayConcatV3",
    "TensorArrayGatherV3",
    "TensorArrayReadV3",
    "TensorArrayScatterV3",
    "TensorArraySizeV3",
    "TensorArraySplitV3",
    "TensorArrayV3",
    "TensorArrayWriteV3",
    "TensorListReserve",
    "TensorListSetItem",
    "TensorListStack",
    "TensorSliceDataset",
    "Tile",
    "TopKV2",
    "Transpose",
    "TruncateDiv",
    "TruncateMod",
    "UniqueWithCounts",
    "Unpack",
    "UnsortedSegmentMax",
    "UnsortedSegmentMin",
    "UnsortedSegmentProd",
    "UnsortedSegmentSum",
    "VarHandleOp",
    "VarIsInitializedOp",
    "Variable",
    "VariableV2",
    "Where",
    "While",
    "ZerosLike",
    "Zeta",
    "_Arg",
    "_Retval",
    "_SwitchN",
};

TEST(OpRegistry, EveryCorpusOpIsRegistered) {
  EXPECT_GT(std::size(kCorpusOps), 300u);
  for (const char *op : kCorpusOps)
    EXPECT_NE(lookupOpDef(op), nullptr) << "op not registered: " << op;
}

TEST(OpRegistry, CommonModelOpsAreRegistered) {
  // MobileNet / ResNet / BlazeFace / MediaPipe graphs and the TF MLIR
  // importer tests.
  for (const char *op : {"Conv2D",
                         "DepthwiseConv2dNative",
                         "Conv2DBackpropInput",
                         "Conv2DBackpropFilter",
                         "FusedBatchNorm",
                         "FusedBatchNormV2",
                         "FusedBatchNormV3",
                         "Relu",
                         "Relu6",
                         "Pad",
                         "PadV2",
                         "MirrorPad",
                         "AvgPool",
                         "MaxPool",
                         "Mean",
                         "Squeeze",
                         "Reshape",
                         "Softmax",
                         "BiasAdd",
                         "MatMul",
                         "BatchMatMulV2",
                         "BatchMatMulV3",
                         "Einsum",
                         "ResizeBilinear",
                         "ResizeNearestNeighbor",
                         "ConcatV2",
                         "Concat",
                         "SelectV2",
                         "Sigmoid",
                         "Tanh",
                         "Size",
                         "Snapshot",
                         "EnsureShape",
                         "PreventGradient",
                         "QuantizeV2",
                         "Dequantize",
                         "LRN",
                         "CombinedNonMaxSuppression",
                         "FakeQuantWithMinMaxVars",
                         "EmptyTensorList",
                         "TensorListFromTensor",
                         "TensorListGetItem",
                         "TensorListLength",
                         "TensorListPushBack",
                         "TensorListPopBack",
                         "StatelessRandomUniform",
                         "TruncatedNormal",
                         "DynamicStitch",
                         "Unique",
                         "ClipByValue",
                         "Ceil",
                         "NoOp",
                         "Const",
                         "Identity",
                         "Placeholder",
                         "_Arg",
                         "_Retval",
                         "If",
                         "While",
                         "Case"})
    EXPECT_NE(lookupOpDef(op), nullptr) << "op not registered: " << op;
}

TEST(OpRegistry, UnknownOp) {
  EXPECT_EQ(lookupOpDef("NoSuchOp"), nullptr);
  EXPECT_EQ(lookupOpDef(""), nullptr);
  EXPECT_FALSE(tfmlir::isStateful("NoSuchOp"));
}

TEST(OpRegistry, ConcurrentLookups) {
  std::atomic<int> found{0};
  std::vector<std::thread> threads;
  for (int i = 0; i < 8; ++i)
    threads.emplace_back([&] {
      if (lookupOpDef("Conv2D") && lookupOpDef("While"))
        ++found;
    });
  for (std::thread &t : threads)
    t.join();
  EXPECT_EQ(found.load(), 8);
}

//===----------------------------------------------------------------------===//
// Signatures
//===----------------------------------------------------------------------===//

TEST(OpRegistry, Conv2DSignature) {
  const OpDef *def = lookupOpDef("Conv2D");
  ASSERT_NE(def, nullptr);
  ASSERT_EQ(def->input_arg_size(), 2);
  EXPECT_EQ(def->input_arg(0).name(), "input");
  EXPECT_EQ(def->input_arg(1).name(), "filter");
  ASSERT_EQ(def->output_arg_size(), 1);
  EXPECT_EQ(def->output_arg(0).name(), "output");
  EXPECT_EQ(def->output_arg(0).type_attr(), "T");
  EXPECT_FALSE(def->is_stateful());

  NodeDef n = makeNode("conv", "Conv2D");
  setType(n, "T", DT_FLOAT);
  EXPECT_EQ(outputs(n), Types({DT_FLOAT}));
  EXPECT_EQ(inputs(n), Types({DT_FLOAT, DT_FLOAT}));
}

TEST(OpRegistry, Conv2DDefaultAttrs) {
  const OpDef *def = lookupOpDef("Conv2D");
  ASSERT_NE(def, nullptr);
  NodeDef n = makeNode("conv", "Conv2D");
  setType(n, "T", DT_FLOAT);
  (*n.mutable_attr())["padding"].set_s("SAME");
  addDefaultAttrs(n, *def);
  const auto &attrs = n.attr();
  ASSERT_TRUE(attrs.count("data_format"));
  EXPECT_EQ(attrs.at("data_format").s(), "NHWC");
  ASSERT_TRUE(attrs.count("dilations"));
  EXPECT_EQ(attrs.at("dilations").list().i_size(), 4);
  for (int64_t d : attrs.at("dilations").list().i())
    EXPECT_EQ(d, 1);
  ASSERT_TRUE(attrs.count("explicit_paddings"));
  EXPECT_TRUE(attrs.at("explicit_paddings").has_list());
  EXPECT_EQ(attrs.at("explicit_paddings").list().i_size(), 0);
  ASSERT_TRUE(attrs.count("use_cudnn_on_gpu"));
  EXPECT_TRUE(attrs.at("use_cudnn_on_gpu").b());
  // Attrs without a default are not invented; existing ones are kept.
  EXPECT_FALSE(attrs.count("strides"));
  EXPECT_EQ(attrs.at("padding").s(), "SAME");
  EXPECT_EQ(attrs.at("T").type(), DT_FLOAT);

  NodeDef nchw = makeNode("conv2", "Conv2D");
  (*nchw.mutable_attr())["data_format"].set_s("NCHW");
  addDefaultAttrs(nchw, *def);
  EXPECT_EQ(nchw.attr().at("data_format").s(), "NCHW");
}

TEST(OpRegistry, SplitNumSplit) {
  NodeDef n = makeNode("split", "Split");
  setType(n, "T", DT_HALF);
  setInt(n, "num_split", 3);
  EXPECT_EQ(outputs(n), Types({DT_HALF, DT_HALF, DT_HALF}));
  EXPECT_EQ(inputs(n), Types({DT_INT32, DT_HALF}));

  NodeDef v = makeNode("splitv", "SplitV");
  setType(v, "T", DT_FLOAT);
  setInt(v, "num_split", 2);
  // Tlen defaults to int64.
  EXPECT_EQ(inputs(v), Types({DT_FLOAT, DT_INT64, DT_INT32}));
  EXPECT_EQ(outputs(v), Types({DT_FLOAT, DT_FLOAT}));
}

TEST(OpRegistry, UnpackNum) {
  NodeDef n = makeNode("unstack", "Unpack");
  setType(n, "T", DT_INT32);
  setInt(n, "num", 4);
  EXPECT_EQ(outputs(n), Types(4, DT_INT32));
  setInt(n, "num", 0);
  EXPECT_EQ(outputs(n), Types());
}

TEST(OpRegistry, PackAndConcatNumberInputs) {
  NodeDef n = makeNode("concat", "ConcatV2");
  setType(n, "T", DT_FLOAT);
  setInt(n, "N", 3);
  // Tidx defaults to int32.
  EXPECT_EQ(inputs(n), Types({DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_INT32}));
  EXPECT_EQ(outputs(n), Types({DT_FLOAT}));
}

TEST(OpRegistry, IdentityNTypeList) {
  NodeDef n = makeNode("idn", "IdentityN");
  setTypeList(n, "T", {DT_FLOAT, DT_INT32, DT_BOOL});
  EXPECT_EQ(outputs(n), Types({DT_FLOAT, DT_INT32, DT_BOOL}));
  EXPECT_EQ(inputs(n), Types({DT_FLOAT, DT_INT32, DT_BOOL}));
}

TEST(OpRegistry, TopKV2) {
  NodeDef n = makeNode("topk", "TopKV2");
  setType(n, "T", DT_FLOAT);
  EXPECT_EQ(outputs(n), Types({DT_FLOAT, DT_INT32}));
  EXPECT_EQ(inputs(n), Types({DT_FLOAT, DT_INT32}));
}

TEST(OpRegistry, FusedBatchNormV3) {
  NodeDef n = makeNode("bn", "FusedBatchNormV3");
  setType(n, "T", DT_HALF);
  setType(n, "U", DT_FLOAT);
  EXPECT_EQ(outputs(n),
            Types({DT_HALF, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT}));
  EXPECT_EQ(inputs(n),
            Types({DT_HALF, DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_FLOAT}));
  const OpDef *def = lookupOpDef("FusedBatchNormV3");
  ASSERT_NE(def, nullptr);
  addDefaultAttrs(n, *def);
  EXPECT_FLOAT_EQ(n.attr().at("epsilon").f(), 0.0001f);
  EXPECT_TRUE(n.attr().at("is_training").b());
}

TEST(OpRegistry, RefVariables) {
  NodeDef v = makeNode("var", "VariableV2");
  setType(v, "dtype", DT_FLOAT);
  EXPECT_EQ(outputs(v), Types({DT_FLOAT_REF}));
  EXPECT_TRUE(tfmlir::isStateful("VariableV2"));

  NodeDef a = makeNode("assign", "Assign");
  setType(a, "T", DT_FLOAT);
  EXPECT_EQ(inputs(a), Types({DT_FLOAT_REF, DT_FLOAT}));
  EXPECT_EQ(outputs(a), Types({DT_FLOAT_REF}));
  EXPECT_TRUE(lookupOpDef("Assign")->allows_uninitialized_input());

  NodeDef s = makeNode("refswitch", "RefSwitch");
  setType(s, "T", DT_INT32);
  EXPECT_EQ(outputs(s), Types({DT_INT32_REF, DT_INT32_REF}));
}

TEST(OpRegistry, SwitchAndMerge) {
  NodeDef s = makeNode("switch", "Switch");
  setType(s, "T", DT_FLOAT);
  EXPECT_EQ(outputs(s), Types({DT_FLOAT, DT_FLOAT}));
  EXPECT_EQ(inputs(s), Types({DT_FLOAT, DT_BOOL}));

  NodeDef m = makeNode("merge", "Merge");
  setType(m, "T", DT_FLOAT);
  setInt(m, "N", 2);
  EXPECT_EQ(outputs(m), Types({DT_FLOAT, DT_INT32}));
  EXPECT_EQ(inputs(m), Types({DT_FLOAT, DT_FLOAT}));

  NodeDef e = makeNode("enter", "Enter");
  setType(e, "T", DT_INT32);
  EXPECT_EQ(outputs(e), Types({DT_INT32}));
  const OpDef *def = lookupOpDef("Enter");
  ASSERT_NE(def, nullptr);
  addDefaultAttrs(e, *def);
  EXPECT_EQ(e.attr().at("parallel_iterations").i(), 10);
  EXPECT_FALSE(e.attr().at("is_constant").b());
  EXPECT_FALSE(e.attr().count("frame_name"));

  NodeDef c = makeNode("cond", "LoopCond");
  EXPECT_EQ(outputs(c), Types({DT_BOOL}));
}

TEST(OpRegistry, FunctionalControlFlow) {
  NodeDef w = makeNode("while", "While");
  setTypeList(w, "T", {DT_INT32, DT_RESOURCE, DT_FLOAT});
  EXPECT_EQ(outputs(w), Types({DT_INT32, DT_RESOURCE, DT_FLOAT}));
  EXPECT_TRUE(tfmlir::isStateful("While"));
  EXPECT_FALSE(tfmlir::isStateful("StatelessWhile"));

  NodeDef i = makeNode("if", "StatelessIf");
  setType(i, "Tcond", DT_BOOL);
  setTypeList(i, "Tin", {DT_FLOAT});
  setTypeList(i, "Tout", {DT_FLOAT, DT_INT64});
  EXPECT_EQ(inputs(i), Types({DT_BOOL, DT_FLOAT}));
  EXPECT_EQ(outputs(i), Types({DT_FLOAT, DT_INT64}));

  NodeDef c = makeNode("call", "StatefulPartitionedCall");
  setTypeList(c, "Tin", {});
  setTypeList(c, "Tout", {DT_HALF});
  EXPECT_EQ(inputs(c), Types());
  EXPECT_EQ(outputs(c), Types({DT_HALF}));

  NodeDef arg = makeNode("arg0", "_Arg");
  setType(arg, "T", DT_RESOURCE);
  setInt(arg, "index", 0);
  EXPECT_EQ(outputs(arg), Types({DT_RESOURCE}));
  NodeDef ret = makeNode("ret0", "_Retval");
  setType(ret, "T", DT_FLOAT);
  EXPECT_EQ(inputs(ret), Types({DT_FLOAT}));
  EXPECT_EQ(outputs(ret), Types());
}

TEST(OpRegistry, ResourceOpsAndTensorArrays) {
  NodeDef r = makeNode("read", "ReadVariableOp");
  setType(r, "dtype", DT_FLOAT);
  EXPECT_EQ(inputs(r), Types({DT_RESOURCE}));
  EXPECT_EQ(outputs(r), Types({DT_FLOAT}));

  NodeDef ta = makeNode("ta", "TensorArrayV3");
  setType(ta, "dtype", DT_FLOAT);
  EXPECT_EQ(outputs(ta), Types({DT_RESOURCE, DT_FLOAT}));
  NodeDef rd = makeNode("ta_read", "TensorArrayReadV3");
  setType(rd, "dtype", DT_INT32);
  EXPECT_EQ(inputs(rd), Types({DT_RESOURCE, DT_INT32, DT_FLOAT}));
  EXPECT_EQ(outputs(rd), Types({DT_INT32}));

  NodeDef tl = makeNode("list", "TensorListReserve");
  setType(tl, "element_dtype", DT_FLOAT);
  setType(tl, "shape_type", DT_INT32);
  EXPECT_EQ(outputs(tl), Types({DT_VARIANT}));
}

TEST(OpRegistry, Statefulness) {
  for (const char *op :
       {"VarHandleOp", "RandomUniform", "RandomStandardNormal", "Assert",
        "StatefulPartitionedCall", "If", "Case", "_Arg", "_Retval",
        "VariableV2", "TensorArrayV3", "HashTableV2", "IteratorGetNext",
        // Stateful because of a resource argument, as in TensorFlow.
        "ReadVariableOp", "AssignVariableOp", "VarIsInitializedOp",
        "TensorArrayReadV3", "QueueDequeueV2"})
    EXPECT_TRUE(tfmlir::isStateful(op)) << op;
  for (const char *op :
       {"Add", "Conv2D", "Const", "Identity", "PartitionedCall", "StatelessIf",
        "StatelessWhile", "Switch", "Merge", "Enter", "StatelessRandomUniform",
        "TensorListReserve", "Placeholder"})
    EXPECT_FALSE(tfmlir::isStateful(op)) << op;
  const OpDef *add = lookupOpDef("AddV2");
  ASSERT_NE(add, nullptr);
  EXPECT_TRUE(add->is_commutative());
  EXPECT_TRUE(add->is_aggregate());
}

TEST(OpRegistry, DefaultValuesOfEveryKind) {
  const OpDef *ph = lookupOpDef("Placeholder");
  ASSERT_NE(ph, nullptr);
  NodeDef p = makeNode("x", "Placeholder");
  setType(p, "dtype", DT_FLOAT);
  addDefaultAttrs(p, *ph);
  EXPECT_TRUE(p.attr().at("shape").shape().unknown_rank());

  const OpDef *summary = lookupOpDef("ImageSummary");
  ASSERT_NE(summary, nullptr);
  NodeDef s = makeNode("img", "ImageSummary");
  addDefaultAttrs(s, *summary);
  const TensorProto &color = s.attr().at("bad_color").tensor();
  EXPECT_EQ(color.dtype(), DT_UINT8);
  ASSERT_EQ(color.tensor_shape().dim_size(), 1);
  EXPECT_EQ(color.tensor_shape().dim(0).size(), 4);
  ASSERT_EQ(color.int_val_size(), 4);
  EXPECT_EQ(color.int_val(0), 255);
  EXPECT_EQ(color.int_val(3), 255);
  EXPECT_EQ(s.attr().at("T").type(), DT_FLOAT);
  EXPECT_EQ(s.attr().at("max_images").i(), 3);

  const OpDef *fq = lookupOpDef("FakeQuantWithMinMaxArgs");
  ASSERT_NE(fq, nullptr);
  NodeDef f = makeNode("fq", "FakeQuantWithMinMaxArgs");
  addDefaultAttrs(f, *fq);
  EXPECT_FLOAT_EQ(f.attr().at("min").f(), -6.0f);
  EXPECT_FLOAT_EQ(f.attr().at("max").f(), 6.0f);
  EXPECT_EQ(f.attr().at("num_bits").i(), 8);

  const OpDef *squeeze = lookupOpDef("Squeeze");
  ASSERT_NE(squeeze, nullptr);
  for (const auto &a : squeeze->attr())
    if (a.name() == "squeeze_dims") {
      EXPECT_EQ(a.type(), "list(int)");
      EXPECT_TRUE(a.has_minimum());
      EXPECT_EQ(a.minimum(), 0);
      EXPECT_TRUE(a.default_value().has_list());
    }
  const OpDef *table = lookupOpDef("InitializeTableFromTextFileV2");
  ASSERT_NE(table, nullptr);
  for (const auto &a : table->attr()) {
    if (a.name() == "delimiter")
      EXPECT_EQ(a.default_value().s(), "\t");
    if (a.name() == "key_index")
      EXPECT_EQ(a.minimum(), -2);
  }
}

TEST(OpRegistry, ListSizeAttrsGetMinimumOne) {
  // As TensorFlow's OpDefBuilder does: an attr that sizes an argument and
  // has no explicit minimum gets minimum 1; an explicit one is kept.
  auto minimumOf = [](const char *op, const char *attr) -> int64_t {
    const OpDef *def = lookupOpDef(op);
    EXPECT_NE(def, nullptr) << op;
    if (def)
      for (const auto &a : def->attr())
        if (a.name() == attr && a.has_minimum())
          return a.minimum();
    return -100;
  };
  EXPECT_EQ(minimumOf("ShapeN", "N"), 1);
  EXPECT_EQ(minimumOf("IdentityN", "T"), 1);
  EXPECT_EQ(minimumOf("Unpack", "num"), 0);
  EXPECT_EQ(minimumOf("While", "T"), 0);
  EXPECT_EQ(minimumOf("ConcatV2", "N"), 2);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(OpRegistry, MissingTypeAttrNamesTheNode) {
  const OpDef *def = lookupOpDef("Conv2D");
  ASSERT_NE(def, nullptr);
  NodeDef n = makeNode("model/conv1", "Conv2D");
  std::string msg = outputError(n, *def);
  EXPECT_NE(msg.find("'model/conv1'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Conv2D"), std::string::npos) << msg;
  EXPECT_NE(msg.find("'T'"), std::string::npos) << msg;

  llvm::SmallVector<DataType> types;
  llvm::Error e = resolveInputTypes(n, *def, types);
  ASSERT_TRUE(static_cast<bool>(e));
  llvm::consumeError(std::move(e));
}

TEST(OpRegistry, WrongAttrKinds) {
  const OpDef *split = lookupOpDef("Split");
  ASSERT_NE(split, nullptr);
  NodeDef n = makeNode("s", "Split");
  setInt(n, "T", 1); // an int where a type is required
  setInt(n, "num_split", 2);
  std::string msg = outputError(n, *split);
  EXPECT_NE(msg.find("'T'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("must be a type"), std::string::npos) << msg;

  setType(n, "T", DT_FLOAT);
  setInt(n, "num_split", -1);
  msg = outputError(n, *split);
  EXPECT_NE(msg.find("num_split"), std::string::npos) << msg;
  EXPECT_NE(msg.find("negative"), std::string::npos) << msg;

  setInt(n, "num_split", int64_t(1) << 40);
  msg = outputError(n, *split);
  EXPECT_NE(msg.find("too large"), std::string::npos) << msg;

  // Inside a function body an attr may be a placeholder for a function attr.
  (*n.mutable_attr())["T"].set_placeholder("dtype");
  setInt(n, "num_split", 2);
  msg = outputError(n, *split);
  EXPECT_NE(msg.find("placeholder"), std::string::npos) << msg;

  NodeDef c = makeNode("c", "Cast");
  setType(c, "SrcT", DT_FLOAT);
  setType(c, "DstT", DT_INVALID);
  msg = outputError(c, *lookupOpDef("Cast"));
  EXPECT_NE(msg.find("DstT"), std::string::npos) << msg;
}

//===----------------------------------------------------------------------===//
// Library function signatures
//===----------------------------------------------------------------------===//

TEST(OpRegistry, FunctionSignature) {
  // signature { name: "MyFunc" input_arg { name: "x" type: DT_FLOAT }
  //   input_arg { name: "y" type_attr: "T" }
  //   output_arg { name: "z" type_attr: "T" }
  //   output_arg { name: "n" type: DT_INT64 } attr { name: "T" type: "type" } }
  OpDef sig;
  sig.set_name("MyFunc");
  auto *x = sig.add_input_arg();
  x->set_name("x");
  x->set_type(DT_FLOAT);
  auto *y = sig.add_input_arg();
  y->set_name("y");
  y->set_type_attr("T");
  auto *z = sig.add_output_arg();
  z->set_name("z");
  z->set_type_attr("T");
  auto *cnt = sig.add_output_arg();
  cnt->set_name("n");
  cnt->set_type(DT_INT64);
  auto *t = sig.add_attr();
  t->set_name("T");
  t->set_type("type");

  NodeDef call = makeNode("call", "MyFunc");
  setType(call, "T", DT_HALF);
  llvm::SmallVector<DataType> types;
  ASSERT_FALSE(static_cast<bool>(resolveOutputTypes(call, sig, types)));
  EXPECT_EQ(Types(types.begin(), types.end()), Types({DT_HALF, DT_INT64}));
  ASSERT_FALSE(static_cast<bool>(resolveInputTypes(call, sig, types)));
  EXPECT_EQ(Types(types.begin(), types.end()), Types({DT_FLOAT, DT_HALF}));

  NodeDef bad = makeNode("call2", "MyFunc");
  std::string msg = outputError(bad, sig);
  EXPECT_NE(msg.find("'call2'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("MyFunc"), std::string::npos) << msg;
}

TEST(OpRegistry, PlaceholderValuesInFunctionBodies) {
  // node_def { name: "y" op: "Cast" attr { key: "DstT" value { placeholder:
  // "T" } } attr { key: "SrcT" value { type: DT_INT64 } } }
  NodeDef cast = makeNode("y", "Cast");
  (*cast.mutable_attr())["DstT"].set_placeholder("T");
  setType(cast, "SrcT", DT_INT64);
  const OpDef *def = lookupOpDef("Cast");
  ASSERT_NE(def, nullptr);
  EXPECT_NE(outputError(cast, *def).find("placeholder 'T'"), std::string::npos);
  tfmlir::AttrMap funcAttrs;
  funcAttrs["T"].set_type(DT_DOUBLE);
  llvm::SmallVector<DataType> types;
  ASSERT_FALSE(
      static_cast<bool>(resolveOutputTypes(cast, *def, types, &funcAttrs)));
  EXPECT_EQ(Types(types.begin(), types.end()), Types({DT_DOUBLE}));
  ASSERT_FALSE(
      static_cast<bool>(resolveInputTypes(cast, *def, types, &funcAttrs)));
  EXPECT_EQ(Types(types.begin(), types.end()), Types({DT_INT64}));
  tfmlir::AttrMap other;
  other["U"].set_type(DT_DOUBLE);
  llvm::Error e = resolveOutputTypes(cast, *def, types, &other);
  ASSERT_TRUE(static_cast<bool>(e));
  llvm::consumeError(std::move(e));
}

TEST(OpRegistry, InferAttrsFromInputTypes) {
  auto infer = [](const char *op, std::initializer_list<DataType> in,
                  tfmlir::AttrMap &attrs) -> std::string {
    const OpDef *def = lookupOpDef(op);
    EXPECT_NE(def, nullptr) << op;
    if (!def)
      return "no op";
    std::vector<DataType> types(in);
    if (llvm::Error e = tfmlir::inferAttrsFromInputTypes(*def, types, attrs))
      return llvm::toString(std::move(e));
    return "";
  };

  tfmlir::AttrMap concat;
  EXPECT_EQ(infer("ConcatV2", {DT_FLOAT, DT_FLOAT, DT_FLOAT, DT_INT64}, concat),
            "");
  EXPECT_EQ(concat["N"].i(), 3);
  EXPECT_EQ(concat["T"].type(), DT_FLOAT);
  EXPECT_EQ(concat["Tidx"].type(), DT_INT64); // the input wins over the default

  tfmlir::AttrMap idn;
  EXPECT_EQ(infer("IdentityN", {DT_FLOAT, DT_INT32}, idn), "");
  ASSERT_EQ(idn["T"].list().type_size(), 2);
  EXPECT_EQ(idn["T"].list().type(1), DT_INT32);

  tfmlir::AttrMap sw;
  EXPECT_EQ(infer("RefSwitch", {DT_FLOAT_REF, DT_BOOL}, sw), "");
  EXPECT_EQ(sw["T"].type(), DT_FLOAT);

  tfmlir::AttrMap dyn; // N * int32 indices, then N * T data
  EXPECT_EQ(infer("DynamicStitch", {DT_INT32, DT_INT32, DT_HALF, DT_HALF}, dyn),
            "");
  EXPECT_EQ(dyn["N"].i(), 2);
  EXPECT_EQ(dyn["T"].type(), DT_HALF);

  tfmlir::AttrMap bad;
  EXPECT_NE(infer("AddV2", {DT_FLOAT, DT_INT32}, bad).find("'T'"),
            std::string::npos);
  tfmlir::AttrMap many;
  EXPECT_NE(infer("Identity", {DT_FLOAT, DT_FLOAT}, many).find("2 inputs"),
            std::string::npos);
  tfmlir::AttrMap fixed;
  EXPECT_NE(infer("LogicalNot", {DT_FLOAT}, fixed).find("DT_BOOL"),
            std::string::npos);
  tfmlir::AttrMap conflict;
  conflict["T"].set_type(DT_INT32);
  EXPECT_NE(infer("Relu", {DT_FLOAT}, conflict).find("attr 'T'"),
            std::string::npos);
  tfmlir::AttrMap ambiguous; // Nsparse and Ndense both unknown
  EXPECT_NE(infer("ParseExample",
                  {DT_STRING, DT_STRING, DT_STRING, DT_STRING, DT_FLOAT},
                  ambiguous)
                .find("cannot infer"),
            std::string::npos);

  // A generic library function called without attrs, as an If branch.
  OpDef sig;
  sig.set_name("XTimesTwo");
  auto *x = sig.add_input_arg();
  x->set_name("x");
  x->set_type_attr("T");
  auto *y = sig.add_output_arg();
  y->set_name("y");
  y->set_type_attr("T");
  sig.add_attr()->set_name("T");
  sig.mutable_attr(0)->set_type("type");
  tfmlir::AttrMap instance;
  std::vector<DataType> in = {DT_INT32};
  ASSERT_FALSE(
      static_cast<bool>(tfmlir::inferAttrsFromInputTypes(sig, in, instance)));
  EXPECT_EQ(instance["T"].type(), DT_INT32);
}

//===----------------------------------------------------------------------===//
// The DSL
//===----------------------------------------------------------------------===//

TEST(OpRegistryDsl, ParsesAllForms) {
  auto ops = tfmlir::parseOpDefTable(R"(
# a comment
typeset small = {int8, int16}
Foo(a: T, b: N * T, c: N * int32, d: Tlist, e: Ref(T), f: resource)
    -> (out: Ref(dtype), rest: Tout);   # continuation line
  T: {small, float} = float; N: int >= 1; Tlist: list(type) >= 0;
  dtype: type; Tout: list({float, int64}); s: {'A', 'B'} = 'B';
  shp: shape = [2, -1]; shps: list(shape) = []; ints: list(int) = [1, 2];
  fl: float = 1e-05; neg: int = -3; flag: bool = false;
  names: list(string) = ['x', 'y\'z']; fn: func; fns: list(func);
  tens: tensor = float[1.5, 2]; commutative
Bar() -> ()
)");
  ASSERT_TRUE(static_cast<bool>(ops)) << llvm::toString(ops.takeError());
  ASSERT_EQ(ops->size(), 2u);
  const OpDef &foo = (*ops)[0];
  EXPECT_EQ(foo.name(), "Foo");
  ASSERT_EQ(foo.input_arg_size(), 6);
  EXPECT_EQ(foo.input_arg(0).type_attr(), "T");
  EXPECT_EQ(foo.input_arg(1).number_attr(), "N");
  EXPECT_EQ(foo.input_arg(1).type_attr(), "T");
  EXPECT_EQ(foo.input_arg(2).number_attr(), "N");
  EXPECT_EQ(foo.input_arg(2).type(), DT_INT32);
  EXPECT_EQ(foo.input_arg(3).type_list_attr(), "Tlist");
  EXPECT_TRUE(foo.input_arg(4).is_ref());
  EXPECT_EQ(foo.input_arg(5).type(), DT_RESOURCE);
  ASSERT_EQ(foo.output_arg_size(), 2);
  EXPECT_TRUE(foo.output_arg(0).is_ref());
  EXPECT_EQ(foo.output_arg(0).type_attr(), "dtype");
  EXPECT_EQ(foo.output_arg(1).type_list_attr(), "Tout");
  EXPECT_TRUE(foo.is_stateful()); // resource argument
  EXPECT_TRUE(foo.is_commutative());

  auto attr = [&](const std::string &name) -> const OpDef::AttrDef & {
    for (const auto &a : foo.attr())
      if (a.name() == name)
        return a;
    static OpDef::AttrDef none;
    ADD_FAILURE() << "no attr " << name;
    return none;
  };
  EXPECT_EQ(attr("T").type(), "type");
  EXPECT_EQ(attr("T").allowed_values().list().type_size(), 3);
  EXPECT_EQ(attr("T").default_value().type(), DT_FLOAT);
  EXPECT_EQ(attr("N").minimum(), 1);
  EXPECT_EQ(attr("Tout").type(), "list(type)");
  EXPECT_EQ(attr("Tout").allowed_values().list().type_size(), 2);
  EXPECT_EQ(attr("s").type(), "string");
  EXPECT_EQ(attr("s").default_value().s(), "B");
  EXPECT_EQ(attr("shp").default_value().shape().dim_size(), 2);
  EXPECT_EQ(attr("shp").default_value().shape().dim(1).size(), -1);
  EXPECT_TRUE(attr("shps").default_value().has_list());
  EXPECT_EQ(attr("ints").default_value().list().i_size(), 2);
  EXPECT_FLOAT_EQ(attr("fl").default_value().f(), 1e-5f);
  EXPECT_EQ(attr("neg").default_value().i(), -3);
  EXPECT_FALSE(attr("flag").default_value().b());
  ASSERT_EQ(attr("names").default_value().list().s_size(), 2);
  EXPECT_EQ(attr("names").default_value().list().s(1), "y'z");
  EXPECT_EQ(attr("fn").type(), "func");
  EXPECT_EQ(attr("fns").type(), "list(func)");
  EXPECT_EQ(attr("tens").default_value().tensor().float_val_size(), 2);
  EXPECT_EQ((*ops)[1].name(), "Bar");
}

TEST(OpRegistryDsl, ReportsErrorsWithLineNumbers) {
  struct Case {
    const char *text;
    const char *expect;
  };
  const Case cases[] = {
      {"A(x: T) -> ()", "neither a dtype nor a declared attr"},
      {"A(x: N * T) -> (); T: type", "undeclared attr 'N'"},
      {"A(x: N * T) -> (); T: type; N: string", "must have type int"},
      {"A(x: T) -> (); T: int", "expected type or list(type)"},
      {"A() -> (); T: {float, half} = int32", "not among its allowed values"},
      {"A() -> (); p: {'X', 'Y'} = 'Z'", "not among its allowed values"},
      {"A() -> (); l: list(int) >= 2 = [1]", "below its minimum"},
      {"A() -> (); b: bool = 1", "expected true or false"},
      {"A() -> (); t: blob", "unknown attr type 'blob'"},
      {"A() -> (); t: {float, 'x'}", "mixes strings and dtypes"},
      {"A() -> (); t: {nosuchtype}", "neither a dtype nor a type set"},
      {"A() -> (); stateless", "unknown flag 'stateless'"},
      {"A() -> (); x: int; x: int", "duplicate attr 'x'"},
      {"A(x: float, x: float) -> ()", "duplicate input 'x'"},
      {"A() -> (); s: string = 'open", "unterminated string"},
      {"A(x: float -> ()", "expected"},
      {"A() -> (); f: func = 'g'", "cannot have a default"},
      {"A() -> (); s: string >= 1", "cannot have a minimum"},
      {"typeset float = {half}", "is a dtype name"},
  };
  for (const Case &c : cases) {
    std::string text = std::string("\n\n") + c.text + "\n";
    auto ops = tfmlir::parseOpDefTable(text, "t.ops");
    ASSERT_FALSE(static_cast<bool>(ops)) << c.text;
    std::string msg = llvm::toString(ops.takeError());
    EXPECT_NE(msg.find(c.expect), std::string::npos)
        << c.text << "\n  gave: " << msg;
    EXPECT_NE(msg.find("t.ops:3:"), std::string::npos) << msg;
  }
}

} // namespace
