//===- TFLiteOptions.cpp - TFLite operator table and generic options -----===//
#include "lib/Translate/TFLiteOptions.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <cmath>

using namespace mlir;
using namespace tfmlir::tflite_io;

namespace {
#define OP(CODE, NAME, OPTS) {tflite::BuiltinOperator_##CODE, "tfl." NAME, OPTS}
const BuiltinOpInfo kOps[] = {
    OP(ADD, "add", "AddOptions"),
    OP(AVERAGE_POOL_2D, "average_pool_2d", "Pool2DOptions"),
    OP(CONCATENATION, "concatenation", "ConcatenationOptions"),
    OP(CONV_2D, "conv_2d", "Conv2DOptions"),
    OP(DEPTHWISE_CONV_2D, "depthwise_conv_2d", "DepthwiseConv2DOptions"),
    OP(DEPTH_TO_SPACE, "depth_to_space", "DepthToSpaceOptions"),
    OP(DEQUANTIZE, "dequantize", "DequantizeOptions"),
    OP(FLOOR, "floor", ""),
    OP(FULLY_CONNECTED, "fully_connected", "FullyConnectedOptions"),
    OP(L2_NORMALIZATION, "l2_normalization", "L2NormOptions"),
    OP(L2_POOL_2D, "l2_pool_2d", "Pool2DOptions"),
    OP(LOGISTIC, "logistic", ""),
    OP(MAX_POOL_2D, "max_pool_2d", "Pool2DOptions"),
    OP(MUL, "mul", "MulOptions"),
    OP(RELU, "relu", ""),
    OP(RELU_N1_TO_1, "relu_n1_to_1", ""),
    OP(RELU6, "relu6", ""),
    OP(RESHAPE, "reshape", "ReshapeOptions"),
    OP(RESIZE_BILINEAR, "resize_bilinear", "ResizeBilinearOptions"),
    OP(SOFTMAX, "softmax", "SoftmaxOptions"),
    OP(SPACE_TO_DEPTH, "space_to_depth", "SpaceToDepthOptions"),
    OP(TANH, "tanh", ""),
    OP(CALL_ONCE, "call_once", "CallOnceOptions"),
    OP(PAD, "pad", "PadOptions"),
    OP(GATHER, "gather", "GatherOptions"),
    OP(BATCH_TO_SPACE_ND, "batch_to_space_nd", "BatchToSpaceNDOptions"),
    OP(SPACE_TO_BATCH_ND, "space_to_batch_nd", "SpaceToBatchNDOptions"),
    OP(TRANSPOSE, "transpose", "TransposeOptions"),
    OP(MEAN, "mean", "ReducerOptions"),
    OP(SUB, "sub", "SubOptions"),
    OP(DIV, "div", "DivOptions"),
    OP(SQUEEZE, "squeeze", "SqueezeOptions"),
    OP(STRIDED_SLICE, "strided_slice", "StridedSliceOptions"),
    OP(EXP, "exp", "ExpOptions"),
    OP(TOPK_V2, "topk_v2", "TopKV2Options"),
    OP(SPLIT, "split", "SplitOptions"),
    OP(LOG_SOFTMAX, "log_softmax", "LogSoftmaxOptions"),
    OP(CAST, "cast", "CastOptions"),
    OP(PRELU, "prelu", ""),
    OP(MAXIMUM, "maximum", "MaximumMinimumOptions"),
    OP(ARG_MAX, "arg_max", "ArgMaxOptions"),
    OP(MINIMUM, "minimum", "MaximumMinimumOptions"),
    OP(LESS, "less", "LessOptions"),
    OP(NEG, "neg", "NegOptions"),
    OP(PADV2, "padv2", "PadV2Options"),
    OP(GREATER, "greater", "GreaterOptions"),
    OP(GREATER_EQUAL, "greater_equal", "GreaterEqualOptions"),
    OP(LESS_EQUAL, "less_equal", "LessEqualOptions"),
    OP(SELECT, "select", "SelectOptions"),
    OP(SLICE, "slice", "SliceOptions"),
    OP(SIN, "sin", ""),
    OP(TRANSPOSE_CONV, "transpose_conv", "TransposeConvOptions"),
    OP(TILE, "tile", "TileOptions"),
    OP(EXPAND_DIMS, "expand_dims", "ExpandDimsOptions"),
    OP(EQUAL, "equal", "EqualOptions"),
    OP(NOT_EQUAL, "not_equal", "NotEqualOptions"),
    OP(LOG, "log", ""),
    OP(SUM, "sum", "ReducerOptions"),
    OP(SQRT, "sqrt", ""),
    OP(RSQRT, "rsqrt", ""),
    OP(SHAPE, "shape", "ShapeOptions"),
    OP(POW, "pow", "PowOptions"),
    OP(ARG_MIN, "arg_min", "ArgMinOptions"),
    OP(REDUCE_PROD, "reduce_prod", "ReducerOptions"),
    OP(REDUCE_MAX, "reduce_max", "ReducerOptions"),
    OP(PACK, "pack", "PackOptions"),
    OP(LOGICAL_OR, "logical_or", "LogicalOrOptions"),
    OP(LOGICAL_AND, "logical_and", "LogicalAndOptions"),
    OP(LOGICAL_NOT, "logical_not", "LogicalNotOptions"),
    OP(UNPACK, "unpack", "UnpackOptions"),
    OP(REDUCE_MIN, "reduce_min", "ReducerOptions"),
    OP(FLOOR_DIV, "floor_div", "FloorDivOptions"),
    OP(REDUCE_ANY, "reduce_any", "ReducerOptions"),
    OP(SQUARE, "square", "SquareOptions"),
    OP(FILL, "fill", "FillOptions"),
    OP(FLOOR_MOD, "floor_mod", "FloorModOptions"),
    OP(RANGE, "range", "RangeOptions"),
    OP(RESIZE_NEAREST_NEIGHBOR, "resize_nearest_neighbor",
       "ResizeNearestNeighborOptions"),
    OP(LEAKY_RELU, "leaky_relu", "LeakyReluOptions"),
    OP(SQUARED_DIFFERENCE, "squared_difference", "SquaredDifferenceOptions"),
    OP(MIRROR_PAD, "mirror_pad", "MirrorPadOptions"),
    OP(ABS, "abs", "AbsOptions"),
    OP(SPLIT_V, "split_v", "SplitVOptions"),
    OP(CEIL, "ceil", ""),
    OP(GATHER_ND, "gather_nd", "GatherNdOptions"),
    OP(COS, "cos", "CosOptions"),
    OP(ELU, "elu", ""),
    OP(QUANTIZE, "quantize", "QuantizeOptions"),
    OP(ROUND, "round", ""),
    OP(HARD_SWISH, "hard_swish", "HardSwishOptions"),
    OP(IF, "if", "IfOptions"),
    OP(WHILE, "while", "WhileOptions"),
    OP(SCATTER_ND, "scatter_nd", "ScatterNdOptions"),
    OP(SELECT_V2, "select_v2", "SelectV2Options"),
    OP(DENSIFY, "densify", "DensifyOptions"),
    OP(SEGMENT_SUM, "segment_sum", "SegmentSumOptions"),
    OP(BATCH_MATMUL, "batch_matmul", "BatchMatMulOptions"),
    OP(BROADCAST_TO, "broadcast_to", "BroadcastToOptions"),
    OP(REDUCE_ALL, "reduce_all", "ReducerOptions"),
    OP(VAR_HANDLE, "var_handle", "VarHandleOptions"),
    OP(READ_VARIABLE, "read_variable", "ReadVariableOptions"),
    OP(ASSIGN_VARIABLE, "assign_variable", "AssignVariableOptions"),
    OP(GELU, "gelu", "GeluOptions"),
    OP(RELU_0_TO_1, "relu_0_to_1", ""),
    OP(SIGN, "sign", "SignOptions"),
    OP(LSTM, "lstm", "LSTMOptions"),
    OP(UNIDIRECTIONAL_SEQUENCE_LSTM, "unidirectional_sequence_lstm",
       "UnidirectionalSequenceLSTMOptions"),
    OP(BIDIRECTIONAL_SEQUENCE_LSTM, "bidirectional_sequence_lstm",
       "BidirectionalSequenceLSTMOptions"),
    OP(SVDF, "svdf", "SVDFOptions"),
    OP(RNN, "rnn", "RNNOptions"),
    OP(UNIDIRECTIONAL_SEQUENCE_RNN, "unidirectional_sequence_rnn",
       "SequenceRNNOptions"),
    OP(BIDIRECTIONAL_SEQUENCE_RNN, "bidirectional_sequence_rnn",
       "BidirectionalSequenceRNNOptions"),
    OP(ADD_N, "add_n", "AddNOptions"),
    OP(ZEROS_LIKE, "zeros_like", "ZerosLikeOptions"),
    OP(ONE_HOT, "one_hot", "OneHotOptions"),
    OP(REVERSE_V2, "reverse_v2", "ReverseV2Options"),
    OP(CUMSUM, "cumsum", "CumsumOptions"),
    OP(WHERE, "where", "WhereOptions"),
    OP(UNIQUE, "unique", "UniqueOptions"),
    OP(EMBEDDING_LOOKUP, "embedding_lookup", ""),
    OP(LOCAL_RESPONSE_NORMALIZATION, "local_response_normalization",
       "LocalResponseNormalizationOptions"),
    OP(RANK, "rank", "RankOptions"),
    OP(REVERSE_SEQUENCE, "reverse_sequence", "ReverseSequenceOptions"),
    OP(MATRIX_DIAG, "matrix_diag", "MatrixDiagOptions"),
    OP(MATRIX_SET_DIAG, "matrix_set_diag", "MatrixSetDiagOptions"),
    OP(FAKE_QUANT, "fake_quant", "FakeQuantOptions"),
    OP(SPARSE_TO_DENSE, "sparse_to_dense", "SparseToDenseOptions"),
    OP(DYNAMIC_UPDATE_SLICE, "dynamic_update_slice",
       "DynamicUpdateSliceOptions"),
    OP(BUCKETIZE, "bucketize", "BucketizeOptions"),
    OP(RANDOM_UNIFORM, "random_uniform", "RandomOptions"),
    OP(RANDOM_STANDARD_NORMAL, "random_standard_normal", "RandomOptions"),
    OP(MULTINOMIAL, "multinomial", "RandomOptions"),
    OP(NON_MAX_SUPPRESSION_V4, "non_max_suppression_v4",
       "NonMaxSuppressionV4Options"),
    OP(NON_MAX_SUPPRESSION_V5, "non_max_suppression_v5",
       "NonMaxSuppressionV5Options"),
    OP(ATAN2, "atan2", "ATan2Options"),
    OP(BROADCAST_ARGS, "broadcast_args", ""),
    OP(CONV_3D, "conv_3d", "Conv3DOptions"),
    OP(CONV_3D_TRANSPOSE, "conv_3d_transpose", "Conv3DOptions"),
    OP(UNSORTED_SEGMENT_SUM, "unsorted_segment_sum",
       "UnsortedSegmentSumOptions"),
    OP(UNSORTED_SEGMENT_PROD, "unsorted_segment_prod",
       "UnsortedSegmentProdOptions"),
    OP(UNSORTED_SEGMENT_MAX, "unsorted_segment_max",
       "UnsortedSegmentMaxOptions"),
    OP(UNSORTED_SEGMENT_MIN, "unsorted_segment_min",
       "UnsortedSegmentMinOptions"),
    OP(BITCAST, "bitcast", "BitcastOptions"),
    OP(BITWISE_XOR, "bitwise_xor", "BitwiseXorOptions"),
    OP(RIGHT_SHIFT, "right_shift", "RightShiftOptions"),
};
#undef OP

/// Fields whose schema default is not zero ("Table.field" -> default).
const llvm::StringMap<double> &nonZeroDefaults() {
  static const llvm::StringMap<double> m = {
      {"Conv2DOptions.dilation_w_factor", 1},
      {"Conv2DOptions.dilation_h_factor", 1},
      {"Conv3DOptions.dilation_d_factor", 1},
      {"Conv3DOptions.dilation_w_factor", 1},
      {"Conv3DOptions.dilation_h_factor", 1},
      {"DepthwiseConv2DOptions.dilation_w_factor", 1},
      {"DepthwiseConv2DOptions.dilation_h_factor", 1},
      {"AddOptions.pot_scale_int16", 1},
      {"SubOptions.pot_scale_int16", 1},
      {"BidirectionalSequenceLSTMOptions.time_major", 1},
      {"UniqueOptions.idx_out_type", tflite::TensorType_INT32},
  };
  return m;
}

/// Deprecated fields: never read or written.
bool isDeprecated(StringRef table, StringRef field) {
  return table == "ResizeBilinearOptions" &&
         (field == "new_height" || field == "new_width");
}

bool isSubgraphField(StringRef table, StringRef field) {
  return field.ends_with("subgraph_index") ||
         (table == "CallOptions" && field == "subgraph");
}
bool isSubgraphVectorField(StringRef field) {
  return field == "branch_subgraph_indices" || field == "called_computations";
}

double defaultOf(StringRef table, StringRef field) {
  auto it = nonZeroDefaults().find((table + "." + field).str());
  return it == nonZeroDefaults().end() ? 0.0 : it->second;
}

/// Enumerator name of `value` in enum table `et`, or empty.
StringRef enumName(const flatbuffers::TypeTable *et, int64_t value) {
  for (size_t i = 0; i < et->num_elems; ++i) {
    int64_t v = et->values ? et->values[i] : static_cast<int64_t>(i);
    if (v == value)
      return et->names[i];
  }
  return {};
}
std::optional<int64_t> enumValue(const flatbuffers::TypeTable *et,
                                 StringRef name) {
  for (size_t i = 0; i < et->num_elems; ++i)
    if (name == et->names[i])
      return et->values ? et->values[i] : static_cast<int64_t>(i);
  return std::nullopt;
}

bool isIntegral(flatbuffers::ElementaryType t) {
  switch (t) {
  case flatbuffers::ET_UTYPE:
  case flatbuffers::ET_BOOL:
  case flatbuffers::ET_CHAR:
  case flatbuffers::ET_UCHAR:
  case flatbuffers::ET_SHORT:
  case flatbuffers::ET_USHORT:
  case flatbuffers::ET_INT:
  case flatbuffers::ET_UINT:
  case flatbuffers::ET_LONG:
  case flatbuffers::ET_ULONG:
    return true;
  default:
    return false;
  }
}

/// Reads a scalar integral field of elementary type `t` at `off`.
int64_t readInt(const flatbuffers::Table *tab, flatbuffers::voffset_t off,
                flatbuffers::ElementaryType t, int64_t def) {
  if (!tab)
    return def;
  switch (t) {
  case flatbuffers::ET_BOOL:
  case flatbuffers::ET_UTYPE:
  case flatbuffers::ET_UCHAR:
    return tab->GetField<uint8_t>(off, static_cast<uint8_t>(def));
  case flatbuffers::ET_CHAR:
    return tab->GetField<int8_t>(off, static_cast<int8_t>(def));
  case flatbuffers::ET_SHORT:
    return tab->GetField<int16_t>(off, static_cast<int16_t>(def));
  case flatbuffers::ET_USHORT:
    return tab->GetField<uint16_t>(off, static_cast<uint16_t>(def));
  case flatbuffers::ET_INT:
    return tab->GetField<int32_t>(off, static_cast<int32_t>(def));
  case flatbuffers::ET_UINT:
    return tab->GetField<uint32_t>(off, static_cast<uint32_t>(def));
  case flatbuffers::ET_LONG:
    return tab->GetField<int64_t>(off, def);
  case flatbuffers::ET_ULONG:
    return static_cast<int64_t>(
        tab->GetField<uint64_t>(off, static_cast<uint64_t>(def)));
  default:
    return def;
  }
}

void addInt(flatbuffers::FlatBufferBuilder &fbb, flatbuffers::voffset_t off,
            flatbuffers::ElementaryType t, int64_t v, int64_t def) {
  switch (t) {
  case flatbuffers::ET_BOOL:
  case flatbuffers::ET_UTYPE:
  case flatbuffers::ET_UCHAR:
    fbb.AddElement<uint8_t>(off, static_cast<uint8_t>(v),
                            static_cast<uint8_t>(def));
    return;
  case flatbuffers::ET_CHAR:
    fbb.AddElement<int8_t>(off, static_cast<int8_t>(v),
                           static_cast<int8_t>(def));
    return;
  case flatbuffers::ET_SHORT:
    fbb.AddElement<int16_t>(off, static_cast<int16_t>(v),
                            static_cast<int16_t>(def));
    return;
  case flatbuffers::ET_USHORT:
    fbb.AddElement<uint16_t>(off, static_cast<uint16_t>(v),
                             static_cast<uint16_t>(def));
    return;
  case flatbuffers::ET_INT:
    fbb.AddElement<int32_t>(off, static_cast<int32_t>(v),
                            static_cast<int32_t>(def));
    return;
  case flatbuffers::ET_UINT:
    fbb.AddElement<uint32_t>(off, static_cast<uint32_t>(v),
                             static_cast<uint32_t>(def));
    return;
  case flatbuffers::ET_LONG:
    fbb.AddElement<int64_t>(off, v, def);
    return;
  case flatbuffers::ET_ULONG:
    fbb.AddElement<uint64_t>(off, static_cast<uint64_t>(v),
                             static_cast<uint64_t>(def));
    return;
  default:
    return;
  }
}

/// The TypeTable of the enum a field refers to, or null.
const flatbuffers::TypeTable *enumRef(const flatbuffers::TypeTable *tt,
                                      const flatbuffers::TypeCode &tc) {
  if (tc.sequence_ref < 0 || !tt->type_refs)
    return nullptr;
  const flatbuffers::TypeTable *ref = tt->type_refs[tc.sequence_ref]();
  return ref->st == flatbuffers::ST_ENUM ? ref : nullptr;
}
} // namespace

llvm::ArrayRef<BuiltinOpInfo> tfmlir::tflite_io::builtinOpTable() {
  return kOps;
}

const BuiltinOpInfo *tfmlir::tflite_io::lookupBuiltin(int32_t code) {
  for (const BuiltinOpInfo &i : kOps)
    if (i.code == code)
      return &i;
  return nullptr;
}

const BuiltinOpInfo *tfmlir::tflite_io::lookupBuiltin(StringRef opName) {
  for (const BuiltinOpInfo &i : kOps)
    if (opName == i.opName)
      return &i;
  return nullptr;
}

std::string tfmlir::tflite_io::builtinName(int32_t code) {
  if (code >= tflite::BuiltinOperator_MIN &&
      code <= tflite::BuiltinOperator_MAX)
    if (const char *n = tflite::EnumNameBuiltinOperator(
            static_cast<tflite::BuiltinOperator>(code));
        n && *n)
      return n;
  return "BUILTIN_" + std::to_string(code);
}

std::optional<OptionsTable>
tfmlir::tflite_io::optionsTableForUnion(uint8_t type, bool second) {
  const flatbuffers::TypeTable *u = second ? tflite::BuiltinOptions2TypeTable()
                                           : tflite::BuiltinOptionsTypeTable();
  if (type == 0 || type >= u->num_elems)
    return std::nullopt;
  const flatbuffers::TypeCode &tc = u->type_codes[type];
  if (tc.sequence_ref < 0)
    return std::nullopt;
  OptionsTable t;
  t.table = u->type_refs[tc.sequence_ref]();
  t.unionType = type;
  t.second = second;
  t.name = u->names[type];
  return t;
}

std::optional<OptionsTable>
tfmlir::tflite_io::findOptionsTable(StringRef name) {
  for (bool second : {false, true}) {
    const flatbuffers::TypeTable *u = second
                                          ? tflite::BuiltinOptions2TypeTable()
                                          : tflite::BuiltinOptionsTypeTable();
    for (size_t i = 1; i < u->num_elems; ++i)
      if (name == u->names[i])
        return optionsTableForUnion(static_cast<uint8_t>(i), second);
  }
  return std::nullopt;
}

LogicalResult tfmlir::tflite_io::readOptions(
    const flatbuffers::Table *tab, const OptionsTable &info, Builder &b,
    const SubgraphToSymbol &subgraphs, SmallVectorImpl<NamedAttribute> &out,
    std::string &err) {
  const flatbuffers::TypeTable *tt = info.table;
  for (size_t i = 0; i < tt->num_elems; ++i) {
    StringRef field = tt->names[i];
    if (isDeprecated(info.name, field))
      continue;
    const flatbuffers::TypeCode &tc = tt->type_codes[i];
    auto et = static_cast<flatbuffers::ElementaryType>(tc.base_type);
    auto off =
        flatbuffers::FieldIndexToOffset(static_cast<flatbuffers::voffset_t>(i));
    const flatbuffers::TypeTable *en = enumRef(tt, tc);
    Attribute attr;
    if (!tc.is_repeating) {
      if (et == flatbuffers::ET_STRING) {
        auto *s =
            tab ? tab->GetPointer<const flatbuffers::String *>(off) : nullptr;
        attr = b.getStringAttr(s ? s->string_view() : std::string_view());
      } else if (et == flatbuffers::ET_FLOAT) {
        attr = b.getF32FloatAttr(
            tab ? tab->GetField<float>(
                      off, static_cast<float>(defaultOf(info.name, field)))
                : static_cast<float>(defaultOf(info.name, field)));
      } else if (et == flatbuffers::ET_DOUBLE) {
        attr = b.getF64FloatAttr(
            tab ? tab->GetField<double>(off, defaultOf(info.name, field))
                : defaultOf(info.name, field));
      } else if (isIntegral(et)) {
        int64_t v = readInt(tab, off, et,
                            static_cast<int64_t>(defaultOf(info.name, field)));
        if (en) {
          StringRef n = enumName(en, v);
          if (n.empty()) {
            err = (info.name + "." + field + " has value " + std::to_string(v) +
                   " outside its enum")
                      .str();
            return failure();
          }
          attr = b.getStringAttr(n);
        } else if (et == flatbuffers::ET_BOOL) {
          attr = b.getBoolAttr(v != 0);
        } else if (isSubgraphField(info.name, field)) {
          auto sym = subgraphs(v, err);
          if (failed(sym)) {
            err = (info.name + "." + field + ": " + err).str();
            return failure();
          }
          attr = *sym;
        } else if (et == flatbuffers::ET_LONG || et == flatbuffers::ET_ULONG) {
          attr = b.getI64IntegerAttr(v);
        } else {
          attr = b.getI32IntegerAttr(static_cast<int32_t>(v));
        }
      } else {
        err = (info.name + "." + field +
               " has a type the converter does not handle")
                  .str();
        return failure();
      }
    } else {
      // Vectors. Absent vectors read as empty.
      auto *raw = tab ? tab->GetPointer<const flatbuffers::VectorOfAny *>(off)
                      : nullptr;
      size_t n = raw ? raw->size() : 0;
      const uint8_t *data = raw ? raw->Data() : nullptr;
      if (en) {
        SmallVector<Attribute> names;
        for (size_t k = 0; k < n; ++k) {
          int64_t v;
          switch (et) {
          case flatbuffers::ET_UINT:
            v = flatbuffers::ReadScalar<uint32_t>(data + 4 * k);
            break;
          case flatbuffers::ET_INT:
            v = flatbuffers::ReadScalar<int32_t>(data + 4 * k);
            break;
          case flatbuffers::ET_CHAR:
            v = flatbuffers::ReadScalar<int8_t>(data + k);
            break;
          case flatbuffers::ET_UCHAR:
            v = flatbuffers::ReadScalar<uint8_t>(data + k);
            break;
          default:
            err = (info.name + "." + field + ": unsupported enum vector").str();
            return failure();
          }
          StringRef name = enumName(en, v);
          if (name.empty()) {
            err = (info.name + "." + field + " holds " + std::to_string(v) +
                   ", outside its enum")
                      .str();
            return failure();
          }
          names.push_back(b.getStringAttr(name));
        }
        attr = b.getArrayAttr(names);
      } else if (isSubgraphVectorField(field) && et == flatbuffers::ET_INT) {
        SmallVector<Attribute> syms;
        for (size_t k = 0; k < n; ++k) {
          auto sym =
              subgraphs(flatbuffers::ReadScalar<int32_t>(data + 4 * k), err);
          if (failed(sym)) {
            err = (info.name + "." + field + ": " + err).str();
            return failure();
          }
          syms.push_back(*sym);
        }
        attr = b.getArrayAttr(syms);
      } else {
        switch (et) {
        case flatbuffers::ET_INT: {
          SmallVector<int32_t> v(n);
          for (size_t k = 0; k < n; ++k)
            v[k] = flatbuffers::ReadScalar<int32_t>(data + 4 * k);
          attr = b.getDenseI32ArrayAttr(v);
          break;
        }
        case flatbuffers::ET_LONG: {
          SmallVector<int64_t> v(n);
          for (size_t k = 0; k < n; ++k)
            v[k] = flatbuffers::ReadScalar<int64_t>(data + 8 * k);
          attr = b.getDenseI64ArrayAttr(v);
          break;
        }
        case flatbuffers::ET_FLOAT: {
          SmallVector<float> v(n);
          for (size_t k = 0; k < n; ++k)
            v[k] = flatbuffers::ReadScalar<float>(data + 4 * k);
          attr = b.getDenseF32ArrayAttr(v);
          break;
        }
        case flatbuffers::ET_BOOL: {
          SmallVector<bool> v(n);
          for (size_t k = 0; k < n; ++k)
            v[k] = data[k] != 0;
          attr = b.getDenseBoolArrayAttr(v);
          break;
        }
        case flatbuffers::ET_UCHAR:
          attr = b.getStringAttr(
              StringRef(reinterpret_cast<const char *>(data), n));
          break;
        default:
          err = (info.name + "." + field +
                 " is a vector type the converter does not handle")
                    .str();
          return failure();
        }
      }
    }
    out.push_back(b.getNamedAttr(field, attr));
  }
  return success();
}

FailureOr<flatbuffers::Offset<void>> tfmlir::tflite_io::writeOptions(
    flatbuffers::FlatBufferBuilder &fbb, const OptionsTable &info,
    const std::function<Attribute(StringRef)> &get,
    const SymbolToSubgraph &subgraphs, std::string &err) {
  const flatbuffers::TypeTable *tt = info.table;
  auto fail = [&](StringRef field, const Twine &what) {
    err = (info.name + "." + field + ": " + what).str();
    return failure();
  };
  // Vectors and strings are serialized before the table starts.
  SmallVector<flatbuffers::uoffset_t> offsets(tt->num_elems, 0);
  for (size_t i = 0; i < tt->num_elems; ++i) {
    StringRef field = tt->names[i];
    const flatbuffers::TypeCode &tc = tt->type_codes[i];
    auto et = static_cast<flatbuffers::ElementaryType>(tc.base_type);
    if (isDeprecated(info.name, field) ||
        (!tc.is_repeating && et != flatbuffers::ET_STRING))
      continue;
    Attribute a = get(field);
    if (!a)
      continue;
    if (!tc.is_repeating) {
      auto s = dyn_cast<StringAttr>(a);
      if (!s)
        return fail(field, "expected a string attribute");
      if (!s.getValue().empty())
        offsets[i] = fbb.CreateString(s.getValue().data(), s.size()).o;
      continue;
    }
    const flatbuffers::TypeTable *en = enumRef(tt, tc);
    if (en) {
      auto arr = dyn_cast<ArrayAttr>(a);
      if (!arr)
        return fail(field, "expected an array of enumerator names");
      std::vector<uint32_t> vals;
      for (Attribute e : arr) {
        auto s = dyn_cast<StringAttr>(e);
        std::optional<int64_t> v =
            s ? enumValue(en, s.getValue()) : std::nullopt;
        if (!v)
          return fail(field, "unknown enumerator");
        vals.push_back(static_cast<uint32_t>(*v));
      }
      if (et != flatbuffers::ET_UINT && et != flatbuffers::ET_INT)
        return fail(field, "unsupported enum vector");
      offsets[i] = fbb.CreateVector(vals).o;
      continue;
    }
    if (isSubgraphVectorField(field)) {
      auto arr = dyn_cast<ArrayAttr>(a);
      if (!arr)
        return fail(field, "expected an array of function symbols");
      std::vector<int32_t> vals;
      for (Attribute e : arr) {
        auto sym = dyn_cast<FlatSymbolRefAttr>(e);
        if (!sym)
          return fail(field, "expected a function symbol");
        auto idx = subgraphs(sym, err);
        if (failed(idx))
          return fail(field, err);
        vals.push_back(*idx);
      }
      offsets[i] = fbb.CreateVector(vals).o;
      continue;
    }
    switch (et) {
    case flatbuffers::ET_INT:
      if (auto v = dyn_cast<DenseI32ArrayAttr>(a)) {
        offsets[i] = fbb.CreateVector(v.asArrayRef().data(), v.size()).o;
        continue;
      }
      break;
    case flatbuffers::ET_LONG:
      if (auto v = dyn_cast<DenseI64ArrayAttr>(a)) {
        offsets[i] = fbb.CreateVector(v.asArrayRef().data(), v.size()).o;
        continue;
      }
      break;
    case flatbuffers::ET_FLOAT:
      if (auto v = dyn_cast<DenseF32ArrayAttr>(a)) {
        offsets[i] = fbb.CreateVector(v.asArrayRef().data(), v.size()).o;
        continue;
      }
      break;
    case flatbuffers::ET_BOOL:
      if (auto v = dyn_cast<DenseBoolArrayAttr>(a)) {
        std::vector<uint8_t> bytes(v.asArrayRef().begin(),
                                   v.asArrayRef().end());
        offsets[i] = fbb.CreateVector(bytes).o;
        continue;
      }
      break;
    case flatbuffers::ET_UCHAR:
      if (auto v = dyn_cast<StringAttr>(a)) {
        offsets[i] = fbb.CreateVector(reinterpret_cast<const uint8_t *>(
                                          v.getValue().data()),
                                      v.size())
                         .o;
        continue;
      }
      break;
    default:
      break;
    }
    return fail(field, "attribute kind does not match the field's vector type");
  }

  flatbuffers::uoffset_t start = fbb.StartTable();
  for (size_t i = 0; i < tt->num_elems; ++i) {
    StringRef field = tt->names[i];
    if (isDeprecated(info.name, field))
      continue;
    const flatbuffers::TypeCode &tc = tt->type_codes[i];
    auto et = static_cast<flatbuffers::ElementaryType>(tc.base_type);
    auto off =
        flatbuffers::FieldIndexToOffset(static_cast<flatbuffers::voffset_t>(i));
    if (tc.is_repeating || et == flatbuffers::ET_STRING) {
      if (offsets[i])
        fbb.AddOffset(off, flatbuffers::Offset<void>(offsets[i]));
      continue;
    }
    Attribute a = get(field);
    if (!a)
      continue;
    double def = defaultOf(info.name, field);
    if (et == flatbuffers::ET_FLOAT || et == flatbuffers::ET_DOUBLE) {
      auto f = dyn_cast<FloatAttr>(a);
      if (!f)
        return fail(field, "expected a float attribute");
      if (et == flatbuffers::ET_FLOAT)
        fbb.AddElement<float>(off, static_cast<float>(f.getValueAsDouble()),
                              static_cast<float>(def));
      else
        fbb.AddElement<double>(off, f.getValueAsDouble(), def);
      continue;
    }
    if (!isIntegral(et))
      return fail(field, "unsupported field type");
    int64_t v;
    if (const flatbuffers::TypeTable *en = enumRef(tt, tc)) {
      auto s = dyn_cast<StringAttr>(a);
      std::optional<int64_t> ev =
          s ? enumValue(en, s.getValue()) : std::nullopt;
      if (!ev)
        return fail(field, "expected an enumerator name");
      v = *ev;
    } else if (auto bo = dyn_cast<BoolAttr>(a)) {
      v = bo.getValue();
    } else if (auto sym = dyn_cast<FlatSymbolRefAttr>(a)) {
      auto idx = subgraphs(sym, err);
      if (failed(idx))
        return fail(field, err);
      v = *idx;
    } else if (auto in = dyn_cast<IntegerAttr>(a)) {
      v = in.getValue().getSExtValue();
    } else {
      return fail(field, "expected an integer, bool or symbol attribute");
    }
    addInt(fbb, off, et, v, static_cast<int64_t>(def));
  }
  return flatbuffers::Offset<void>(fbb.EndTable(start));
}
