//===- TFLiteExporter.cpp - tfl dialect -> .tflite FlatBuffer -------------===//
#include "lib/Translate/TFLiteExporter.h"

#include "dialects/tfl/TFLOps.h"
#include "lib/Translate/TFLiteOpVersion.h"
#include "lib/Translate/TFLiteOptions.h"
#include "lib/Translate/tflite/Schema.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

#include <limits>
#include <map>
#include <tuple>

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::tflite_io;

namespace {

using flatbuffers::Offset;
using flatbuffers::Vector;

/// Compares "a.b.c" version strings numerically.
bool versionLess(StringRef a, StringRef b) {
  SmallVector<StringRef> pa, pb;
  a.split(pa, '.');
  b.split(pb, '.');
  for (size_t i = 0; i < std::max(pa.size(), pb.size()); ++i) {
    unsigned x = 0, y = 0;
    if (i < pa.size())
      pa[i].getAsInteger(10, x);
    if (i < pb.size())
      pb[i].getAsInteger(10, y);
    if (x != y)
      return x < y;
  }
  return false;
}

class Exporter {
public:
  Exporter(ModuleOp module) : module(module), fbb(1 << 16) {}
  LogicalResult run(std::string &out);

private:
  InFlightDiagnostic error(Operation *op) { return op->emitError(); }
  FailureOr<tflite::TensorType> tensorType(Type elem, Location loc);
  FailureOr<int32_t> addTensor(Value v,
                               std::vector<Offset<tflite::Tensor>> &tensors,
                               uint32_t buffer, bool isVariable, StringRef name,
                               DictionaryAttr sparsity = {});
  /// A tensor of `type` (no SSA value: operator intermediates).
  FailureOr<int32_t> addTensorOfType(
      Type type, Location loc, std::vector<Offset<tflite::Tensor>> &tensors,
      uint32_t buffer, bool isVariable, StringRef name, DictionaryAttr minMax,
      DictionaryAttr sparsity = {}, DictionaryAttr quantParams = {});
  /// The `tfl.min_max` calibration range (or, with `attrName`, the
  /// `tfl.quant_params`) recorded for `v`, or null.
  DictionaryAttr minMaxOf(Value v, StringRef attrName = "tfl.min_max");
  FailureOr<uint32_t> addBuffer(Operation *constOp, Attribute value);
  FailureOr<uint32_t> opcodeIndex(int32_t code, StringRef custom,
                                  int32_t version);
  LogicalResult exportFunction(func::FuncOp fn, int index);
  /// The tensor name for `v`: its override (a returned value named by the
  /// function's `tf.entry_function` outputs), else the NameLoc of its
  /// definition, else a generated name ("arg<i>" or the op's name, with
  /// "_<k>" for repeats).
  std::string nameOf(Value v);

  ModuleOp module;
  /// Tensor names that win over locations, for the function being exported.
  llvm::DenseMap<Value, std::string> nameOverride;
  /// Uses of each fallback name base in the function being exported.
  llvm::StringMap<unsigned> fallbackCount;
  flatbuffers::FlatBufferBuilder fbb;
  std::vector<Offset<tflite::Buffer>> buffers;
  llvm::StringMap<uint32_t> bufferIndex;
  std::vector<Offset<tflite::OperatorCode>> opcodes;
  std::map<std::tuple<int32_t, std::string, int32_t>, uint32_t> opcodeMap;
  std::vector<Offset<tflite::SubGraph>> subgraphs;
  std::vector<Offset<tflite::SignatureDef>> signatures;
  llvm::StringMap<int32_t> funcIndex;
  std::string minRuntime = "1.5.0";
  llvm::MapVector<StringRef, unsigned> unsupported;
};

DictionaryAttr Exporter::minMaxOf(Value v, StringRef attrName) {
  if (auto a = dyn_cast<BlockArgument>(v)) {
    auto fn = dyn_cast<func::FuncOp>(a.getOwner()->getParentOp());
    return fn ? fn.getArgAttrOfType<DictionaryAttr>(a.getArgNumber(), attrName)
              : DictionaryAttr();
  }
  auto r = cast<OpResult>(v);
  auto arr = r.getOwner()->getAttrOfType<ArrayAttr>(attrName);
  if (!arr || arr.size() != r.getOwner()->getNumResults())
    return {};
  return dyn_cast<DictionaryAttr>(arr[r.getResultNumber()]);
}

std::string Exporter::nameOf(Value v) {
  if (auto it = nameOverride.find(v); it != nameOverride.end())
    return it->second;
  Location loc = v.getLoc();
  if (auto r = dyn_cast<OpResult>(v)) {
    loc = r.getOwner()->getLoc();
    if (auto f = dyn_cast<FusedLoc>(loc);
        f && f.getLocations().size() == r.getOwner()->getNumResults())
      loc = f.getLocations()[r.getResultNumber()];
  }
  if (auto n = dyn_cast<NameLoc>(loc))
    return n.getName().str();
  // No name in the IR (hand-written MLIR, or a function other than the
  // importer's): name the tensor after its function argument or defining op,
  // so every tensor can be found by name ("arg0", "add", "add_1", ...).
  std::string base;
  if (auto a = dyn_cast<BlockArgument>(v))
    base = "arg" + std::to_string(a.getArgNumber());
  else
    base = cast<OpResult>(v).getOwner()->getName().stripDialect().str();
  unsigned &k = fallbackCount[base];
  std::string name = k ? base + "_" + std::to_string(k) : base;
  ++k;
  nameOverride[v] = name;
  return name;
}

FailureOr<tflite::TensorType> Exporter::tensorType(Type e, Location loc) {
  if (auto t = toTFLiteTensorType(e))
    return *t;
  emitError(loc) << "element type " << e << " has no TFLite TensorType";
  return failure();
}

FailureOr<int32_t>
Exporter::addTensor(Value v, std::vector<Offset<tflite::Tensor>> &tensors,
                    uint32_t buffer, bool isVariable, StringRef name,
                    DictionaryAttr sparsity) {
  return addTensorOfType(v.getType(), v.getLoc(), tensors, buffer, isVariable,
                         name, minMaxOf(v), sparsity,
                         minMaxOf(v, "tfl.quant_params"));
}

FailureOr<int32_t> Exporter::addTensorOfType(
    Type type, Location loc, std::vector<Offset<tflite::Tensor>> &tensors,
    uint32_t buffer, bool isVariable, StringRef name, DictionaryAttr minMax,
    DictionaryAttr sparsity, DictionaryAttr quantParams) {
  auto st = dyn_cast<ShapedType>(type);
  if (!st) {
    emitError(loc) << "value of type " << type
                   << " is not a tensor and cannot be exported";
    return failure();
  }
  Type elem = st.getElementType();
  auto tt = tensorType(elem, loc);
  if (failed(tt))
    return failure();
  std::vector<int32_t> shape, signature;
  bool dynamic = false;
  if (st.hasRank())
    for (int64_t d : st.getShape()) {
      // TFLite stores dims as int32; a larger dim would silently wrap.
      if (!ShapedType::isDynamic(d) &&
          d > std::numeric_limits<int32_t>::max()) {
        emitError(loc) << "tensor" << (name.empty() ? "" : " '") << name
                       << (name.empty() ? "" : "'") << " of type " << type
                       << " has dimension " << d
                       << ", larger than TFLite's int32 limit 2147483647";
        return failure();
      }
      dynamic |= ShapedType::isDynamic(d);
      shape.push_back(ShapedType::isDynamic(d) ? 1 : static_cast<int32_t>(d));
      signature.push_back(ShapedType::isDynamic(d) ? -1
                                                   : static_cast<int32_t>(d));
    }
  Offset<tflite::QuantizationParameters> quant = 0;
  Offset<Vector<float>> qmin = 0, qmax = 0;
  if (DictionaryAttr mm = minMax) {
    auto lo = mm.getAs<DenseF32ArrayAttr>("min");
    auto hi = mm.getAs<DenseF32ArrayAttr>("max");
    if (lo && hi) {
      qmin = fbb.CreateVector(lo.asArrayRef().data(), lo.size());
      qmax = fbb.CreateVector(hi.asArrayRef().data(), hi.size());
    }
  }
  if (auto q = dyn_cast<quant::UniformQuantizedType>(elem)) {
    std::vector<float> scale = {static_cast<float>(q.getScale())};
    std::vector<int64_t> zp = {q.getZeroPoint()};
    quant = tflite::CreateQuantizationParameters(
        fbb, qmin, qmax, fbb.CreateVector(scale), fbb.CreateVector(zp));
  } else if (auto q = dyn_cast<quant::UniformQuantizedPerAxisType>(elem)) {
    std::vector<float> scale;
    for (double s : q.getScales())
      scale.push_back(static_cast<float>(s));
    std::vector<int64_t> zp(q.getZeroPoints().begin(), q.getZeroPoints().end());
    quant = tflite::CreateQuantizationParameters(
        fbb, qmin, qmax, fbb.CreateVector(scale), fbb.CreateVector(zp),
        tflite::QuantizationDetails_NONE, 0, q.getQuantizedDimension());
  } else if (quantParams) {
    auto sc = quantParams.getAs<DenseF32ArrayAttr>("scale");
    auto zp = quantParams.getAs<DenseI64ArrayAttr>("zero_point");
    auto dim = quantParams.getAs<IntegerAttr>("quantized_dimension");
    if (!sc || !zp || !dim) {
      emitError(loc) << "tfl.quant_params needs scale, zero_point and "
                        "quantized_dimension";
      return failure();
    }
    quant = tflite::CreateQuantizationParameters(
        fbb, qmin, qmax, fbb.CreateVector(sc.asArrayRef().data(), sc.size()),
        fbb.CreateVector(zp.asArrayRef().data(), zp.size()),
        tflite::QuantizationDetails_NONE, 0,
        static_cast<int32_t>(dim.getInt()));
  } else if (!qmin.IsNull()) {
    quant = tflite::CreateQuantizationParameters(fbb, qmin, qmax);
  }
  Offset<tflite::SparsityParameters> sp = 0;
  if (sparsity) {
    auto ints = [&](StringRef n) {
      std::vector<int32_t> v;
      if (auto a = sparsity.getAs<DenseI32ArrayAttr>(n))
        v.assign(a.asArrayRef().begin(), a.asArrayRef().end());
      return fbb.CreateVector(v);
    };
    auto order = ints("traversal_order");
    auto blockMap = ints("block_map");
    std::vector<Offset<tflite::DimensionMetadata>> dims;
    if (auto arr = sparsity.getAs<ArrayAttr>("dim_metadata"))
      for (Attribute a : arr) {
        auto d = dyn_cast<DictionaryAttr>(a);
        if (!d)
          continue;
        auto idxVec = [&](StringRef n,
                          tflite::SparseIndexVector &ty) -> Offset<void> {
          ty = tflite::SparseIndexVector_NONE;
          auto dd = d.getAs<DictionaryAttr>(n);
          if (!dd)
            return 0;
          auto kind = dd.getAs<StringAttr>("type");
          auto vals = dd.getAs<DenseI32ArrayAttr>("values");
          if (!kind || !vals)
            return 0;
          ArrayRef<int32_t> v = vals.asArrayRef();
          if (kind.getValue() == "int32") {
            ty = tflite::SparseIndexVector_Int32Vector;
            return tflite::CreateInt32Vector(
                       fbb, fbb.CreateVector(v.data(), v.size()))
                .Union();
          }
          if (kind.getValue() == "uint16") {
            ty = tflite::SparseIndexVector_Uint16Vector;
            std::vector<uint16_t> w(v.begin(), v.end());
            fbb.ForceVectorAlignment(w.size(), sizeof(uint16_t), 4);
            return tflite::CreateUint16Vector(fbb, fbb.CreateVector(w)).Union();
          }
          if (kind.getValue() == "uint8") {
            ty = tflite::SparseIndexVector_Uint8Vector;
            std::vector<uint8_t> w(v.begin(), v.end());
            fbb.ForceVectorAlignment(w.size(), sizeof(uint8_t), 4);
            return tflite::CreateUint8Vector(fbb, fbb.CreateVector(w)).Union();
          }
          return 0;
        };
        tflite::SparseIndexVector segTy, idxTy;
        auto seg = idxVec("array_segments", segTy);
        auto idx = idxVec("array_indices", idxTy);
        auto fmt = d.getAs<StringAttr>("format");
        auto dense = d.getAs<IntegerAttr>("dense_size");
        dims.push_back(tflite::CreateDimensionMetadata(
            fbb,
            fmt && fmt.getValue() == "SPARSE_CSR"
                ? tflite::DimensionType_SPARSE_CSR
                : tflite::DimensionType_DENSE,
            dense ? static_cast<int32_t>(dense.getInt()) : 0, segTy, seg, idxTy,
            idx));
      }
    sp = tflite::CreateSparsityParameters(fbb, order, blockMap,
                                          fbb.CreateVector(dims));
  }
  auto shapeOff = fbb.CreateVector(shape);
  auto sigOff = dynamic ? fbb.CreateVector(signature) : 0;
  auto nameOff = fbb.CreateString(name.data(), name.size());
  tensors.push_back(tflite::CreateTensor(fbb, shapeOff, *tt, buffer, nameOff,
                                         quant, isVariable, sp, sigOff,
                                         st.hasRank()));
  return static_cast<int32_t>(tensors.size() - 1);
}

/// Writes the strings of `strs` (a tf.Const / tfl.pseudo_const of
/// !tf_type.string) in TFLite's STRING tensor layout (tensorflow/lite/
/// string_util.h): the int32 count N, N + 1 int32 offsets from the start of
/// the buffer (the last one its end), then the bytes of every string;
/// little-endian. Fails on `op` when the buffer would not fit int32
/// offsets.
static LogicalResult stringBuffer(Operation *op, DenseStringElementsAttr strs,
                                  std::string &bytes) {
  int64_t n = strs.getNumElements();
  uint64_t size = 4 * (uint64_t(n) + 2);
  for (StringRef v : strs.getValues<StringRef>())
    size += v.size();
  if (size > uint64_t(std::numeric_limits<int32_t>::max()))
    return op->emitError("string constant of ")
           << size << " bytes is too large for a TFLite STRING tensor";
  auto put = [&](uint64_t v) {
    for (int i = 0; i < 4; ++i)
      bytes.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
  };
  bytes.reserve(size);
  put(uint64_t(n));
  uint64_t offset = 4 * (uint64_t(n) + 2);
  for (StringRef v : strs.getValues<StringRef>()) {
    put(offset);
    offset += v.size();
  }
  put(offset);
  for (StringRef v : strs.getValues<StringRef>())
    bytes.append(v.data(), v.size());
  return success();
}

FailureOr<uint32_t> Exporter::addBuffer(Operation *constOp, Attribute value) {
  std::string bytes;
  if (auto s = dyn_cast<StringAttr>(value)) {
    bytes = s.getValue().str();
  } else if (auto strs = dyn_cast<DenseStringElementsAttr>(value)) {
    if (failed(stringBuffer(constOp, strs, bytes)))
      return failure();
  } else if (auto d = dyn_cast<DenseElementsAttr>(value)) {
    Type e = d.getElementType();
    // A FlatBuffer is addressed with 32-bit offsets: refuse a constant that
    // cannot fit before building gigabytes (a splat is cheap in MLIR but is
    // written element by element).
    {
      // Bytes per written element: bools are written one byte each; a
      // splat's raw data is one element; a dense constant's is all of them.
      uint64_t n = static_cast<uint64_t>(d.getNumElements());
      uint64_t raw = d.getRawData().size();
      uint64_t elemBytes = e.isInteger(1) ? 1
                           : d.isSplat()  ? raw
                                          : raw / std::max<uint64_t>(n, 1);
      uint64_t limit = (uint64_t(1) << 31) - 1;
      uint64_t room = limit - std::min<uint64_t>(fbb.GetSize(), limit);
      if (elemBytes && n > room / elemBytes) {
        constOp->emitError("constant of type ")
            << d.getType() << " needs " << n * elemBytes
            << " bytes; a .tflite file (a FlatBuffer) holds at most 2 GiB";
        return failure();
      }
    }
    if (e.isInteger(1)) {
      for (bool v : d.getValues<bool>())
        bytes.push_back(v ? 1 : 0);
    } else if (d.isSplat()) {
      ArrayRef<char> raw = d.getRawData();
      int64_t n = d.getNumElements();
      bytes.reserve(raw.size() * n);
      for (int64_t i = 0; i < n; ++i)
        bytes.append(raw.data(), raw.size());
    } else {
      ArrayRef<char> raw = d.getRawData();
      bytes.assign(raw.data(), raw.size());
    }
  } else if (auto r = dyn_cast<DenseResourceElementsAttr>(value)) {
    auto blob = r.getRawHandle().getBlob();
    if (!blob) {
      constOp->emitError("constant's resource blob is missing");
      return failure();
    }
    ArrayRef<char> raw = blob->getData();
    bytes.assign(raw.data(), raw.size());
  } else {
    constOp->emitError("constant value ") << value << " cannot be exported";
    return failure();
  }
  auto it = bufferIndex.find(bytes);
  if (it != bufferIndex.end())
    return it->second;
  fbb.ForceVectorAlignment(bytes.size(), sizeof(uint8_t), 16);
  auto data = fbb.CreateVector(reinterpret_cast<const uint8_t *>(bytes.data()),
                               bytes.size());
  buffers.push_back(tflite::CreateBuffer(fbb, data));
  uint32_t idx = static_cast<uint32_t>(buffers.size() - 1);
  bufferIndex[bytes] = idx;
  return idx;
}

FailureOr<uint32_t> Exporter::opcodeIndex(int32_t code, StringRef custom,
                                          int32_t version) {
  auto key = std::make_tuple(code, custom.str(), version);
  auto it = opcodeMap.find(key);
  if (it != opcodeMap.end())
    return it->second;
  int8_t deprecated = static_cast<int8_t>(std::min<int32_t>(
      code, tflite::BuiltinOperator_PLACEHOLDER_FOR_GREATER_OP_CODES));
  auto customOff = custom.empty() && code != tflite::BuiltinOperator_CUSTOM
                       ? Offset<flatbuffers::String>(0)
                       : fbb.CreateString(custom.data(), custom.size());
  opcodes.push_back(
      tflite::CreateOperatorCode(fbb, deprecated, customOff, version,
                                 static_cast<tflite::BuiltinOperator>(code)));
  uint32_t idx = static_cast<uint32_t>(opcodes.size() - 1);
  opcodeMap[key] = idx;
  // Pairs missing from TFLite's runtime table are skipped, as TFLite does.
  std::string rt = minimumRuntimeVersion(code, version);
  if (!rt.empty() && versionLess(minRuntime, rt))
    minRuntime = rt;
  return idx;
}

LogicalResult Exporter::exportFunction(func::FuncOp fn, int index) {
  std::vector<Offset<tflite::Tensor>> tensors;
  std::vector<Offset<tflite::Operator>> operators;
  llvm::DenseMap<Value, int32_t> tensorOf;
  std::vector<int32_t> inputs, outputs;
  if (fn.isExternal())
    return fn.emitError("function without a body cannot be exported to TFLite");
  if (!fn.getBody().hasOneBlock())
    return fn.emitError("functions exported to TFLite must have one block");
  Block &block = fn.getBody().front();
  // The outputs the user asked for keep the names they were asked by, as
  // TF's converter does: `tf.entry_function = {outputs = "a,b:1"}` names the
  // returned values (a ":0" suffix dropped), even when the value is computed
  // by an op of another name (an Identity folded away, a fused conv).
  nameOverride.clear();
  fallbackCount.clear();
  if (auto entry = fn->getAttrOfType<DictionaryAttr>("tf.entry_function"))
    if (auto outs = entry.getAs<StringAttr>("outputs");
        outs && !outs.getValue().empty())
      if (auto ret = dyn_cast<func::ReturnOp>(block.getTerminator())) {
        SmallVector<StringRef> names;
        outs.getValue().split(names, ',');
        if (names.size() == ret.getNumOperands())
          for (auto [v, n] : llvm::zip(ret.getOperands(), names)) {
            n = n.trim();
            n.consume_back(":0");
            // An input keeps its own name; a value returned twice keeps the
            // first.
            if (!isa<BlockArgument>(v) && !n.empty())
              nameOverride.try_emplace(v, n.str());
          }
      }
  for (BlockArgument a : block.getArguments()) {
    uint32_t buffer = 0;
    if (auto init = fn.getArgAttrOfType<StringAttr>(a.getArgNumber(),
                                                    "tfl.initial_data")) {
      auto buf = addBuffer(fn, init);
      if (failed(buf))
        return failure();
      buffer = *buf;
    }
    auto t = addTensor(a, tensors, buffer, false, nameOf(a));
    if (failed(t))
      return failure();
    tensorOf[a] = *t;
    inputs.push_back(*t);
  }
  auto symToIndex = [&](FlatSymbolRefAttr s,
                        std::string &err) -> FailureOr<int32_t> {
    auto it = funcIndex.find(s.getValue());
    if (it == funcIndex.end()) {
      err = "unknown function @" + s.getValue().str();
      return failure();
    }
    return it->second;
  };
  auto indexOf = [&](Value v) -> int32_t {
    auto it = tensorOf.find(v);
    return it == tensorOf.end() ? -1 : it->second;
  };
  for (Operation &op : block) {
    StringRef opName = op.getName().getStringRef();
    if (auto c = dyn_cast<tfl::PseudoConstOp>(op)) {
      auto buf = addBuffer(&op, c.getValue());
      if (failed(buf))
        return failure();
      auto t =
          addTensor(c.getResult(), tensors, *buf, op.hasAttr("tfl.is_variable"),
                    nameOf(c.getResult()), c.getSparsityAttr());
      if (failed(t))
        return failure();
      tensorOf[c.getResult()] = *t;
      continue;
    }
    if (isa<tfl::NoValueOp>(op)) {
      tensorOf[op.getResult(0)] = -1;
      continue;
    }
    if (auto p = dyn_cast<tfl::PseudoTensorOp>(op)) {
      auto t = addTensor(p.getResult(), tensors, 0, p.getIsVariable(),
                         nameOf(p.getResult()));
      if (failed(t))
        return failure();
      tensorOf[p.getResult()] = *t;
      continue;
    }
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands()) {
        int32_t i = indexOf(v);
        if (i < 0)
          return ret.emitError("returns a value without a tensor");
        outputs.push_back(i);
      }
      continue;
    }
    int32_t code;
    std::string custom;
    int32_t version;
    Offset<void> options = 0, options2 = 0;
    uint8_t optType = 0, optType2 = 0;
    Offset<Vector<uint8_t>> customOptions = 0;
    std::string err;
    if (auto c = dyn_cast<tfl::CustomOp>(op)) {
      code = tflite::BuiltinOperator_CUSTOM;
      custom = c.getCustomCode().str();
      version = c.getVersion();
      StringRef o = c.getCustomOption();
      if (!o.empty())
        customOptions = fbb.CreateVector(
            reinterpret_cast<const uint8_t *>(o.data()), o.size());
    } else if (auto g = dyn_cast<tfl::BuiltinOp>(op)) {
      code = g.getBuiltinCode();
      version = g.getVersion();
      for (bool second : {false, true}) {
        auto tyName = second ? g.getBuiltinOptions_2TypeAttr()
                             : g.getBuiltinOptionsTypeAttr();
        if (!tyName)
          continue;
        auto table = findOptionsTable(tyName.getValue());
        if (!table || table->second != second)
          return op.emitError("unknown options table ") << tyName;
        DictionaryAttr dict =
            second ? g.getBuiltinOptions_2Attr() : g.getBuiltinOptionsAttr();
        auto get = [&](StringRef n) -> Attribute {
          return dict ? dict.get(n) : Attribute();
        };
        auto off = writeOptions(fbb, *table, get, symToIndex, err);
        if (failed(off))
          return op.emitError("cannot write options: ") << err;
        (second ? options2 : options) = *off;
        (second ? optType2 : optType) = table->unionType;
      }
    } else if (const BuiltinOpInfo *info = lookupBuiltin(opName)) {
      code = info->code;
      version = minimalOpVersion(&op, code);
      if (*info->options) {
        auto table = findOptionsTable(info->options);
        if (!table)
          return op.emitError("internal error: options table ")
                 << info->options << " not found";
        auto get = [&](StringRef n) -> Attribute { return op.getAttr(n); };
        auto off = writeOptions(fbb, *table, get, symToIndex, err);
        if (failed(off))
          return op.emitError("cannot write options: ") << err;
        options = *off;
        optType = table->unionType;
      }
    } else {
      unsupported[opName]++;
      continue;
    }
    std::vector<int32_t> in, out;
    for (Value v : op.getOperands()) {
      auto it = tensorOf.find(v);
      if (it == tensorOf.end())
        return op.emitError("operand defined outside this function or by an "
                            "unsupported op");
      in.push_back(it->second);
    }
    for (Value r : op.getResults()) {
      auto t = addTensor(r, tensors, 0, false, nameOf(r));
      if (failed(t))
        return failure();
      tensorOf[r] = *t;
      out.push_back(*t);
    }
    std::vector<int32_t> intermediates;
    if (auto arr = op.getAttrOfType<ArrayAttr>("tfl.intermediates"))
      for (Attribute a : arr) {
        auto d = dyn_cast<DictionaryAttr>(a);
        auto ty = d ? d.getAs<TypeAttr>("type") : TypeAttr();
        if (!ty)
          return op.emitError("tfl.intermediates entries need a 'type'");
        auto nm = d.getAs<StringAttr>("name");
        auto t = addTensorOfType(ty.getValue(), op.getLoc(), tensors, 0, false,
                                 nm ? nm.getValue() : StringRef(),
                                 d.getAs<DictionaryAttr>("min_max"));
        if (failed(t))
          return failure();
        intermediates.push_back(*t);
      }
    auto oc = opcodeIndex(code, custom, version);
    if (failed(oc))
      return failure();
    Offset<Vector<uint8_t>> mutating = 0;
    if (auto m = op.getAttrOfType<DenseBoolArrayAttr>(
            "tfl.mutating_variable_inputs")) {
      std::vector<uint8_t> v(m.asArrayRef().begin(), m.asArrayRef().end());
      mutating = fbb.CreateVector(v);
    }
    auto inOff = fbb.CreateVector(in);
    auto outOff = fbb.CreateVector(out);
    auto interOff = intermediates.empty() ? 0 : fbb.CreateVector(intermediates);
    tflite::OperatorBuilder ob(fbb);
    if (!interOff.IsNull())
      ob.add_intermediates(interOff);
    ob.add_opcode_index(*oc);
    ob.add_inputs(inOff);
    ob.add_outputs(outOff);
    if (optType) {
      ob.add_builtin_options_type(static_cast<tflite::BuiltinOptions>(optType));
      ob.add_builtin_options(options);
    }
    if (optType2) {
      ob.add_builtin_options_2_type(
          static_cast<tflite::BuiltinOptions2>(optType2));
      ob.add_builtin_options_2(options2);
    }
    if (!customOptions.IsNull())
      ob.add_custom_options(customOptions);
    if (!mutating.IsNull())
      ob.add_mutating_variable_inputs(mutating);
    operators.push_back(ob.Finish());
  }
  std::string sgName = fn.getSymName().str();
  if (auto n = fn->getAttrOfType<StringAttr>("tfl.subgraph_name"))
    sgName = n.getValue().str();
  auto tensorsOff = fbb.CreateVector(tensors);
  auto inOff = fbb.CreateVector(inputs);
  auto outOff = fbb.CreateVector(outputs);
  auto opsOff = fbb.CreateVector(operators);
  auto nameOff = fbb.CreateString(sgName);
  subgraphs.push_back(
      tflite::CreateSubGraph(fbb, tensorsOff, inOff, outOff, opsOff, nameOff));

  // Signature def.
  if (auto key = fn->getAttrOfType<StringAttr>("tfl.signature_key")) {
    auto maps = [&](bool isArg) {
      std::vector<Offset<tflite::TensorMap>> v;
      unsigned n = isArg ? fn.getNumArguments() : fn.getNumResults();
      for (unsigned i = 0; i < n; ++i) {
        auto name =
            isArg ? fn.getArgAttrOfType<StringAttr>(i, "tfl.signature_name")
                  : fn.getResultAttrOfType<StringAttr>(i, "tfl.signature_name");
        if (!name)
          continue;
        v.push_back(tflite::CreateTensorMap(
            fbb, fbb.CreateString(name.getValue().str()),
            isArg ? inputs[i] : outputs[i]));
      }
      return fbb.CreateVector(v);
    };
    auto sin = maps(true);
    auto sout = maps(false);
    auto skey = fbb.CreateString(key.getValue().str());
    signatures.push_back(
        tflite::CreateSignatureDef(fbb, sin, sout, skey, index));
  }
  return success();
}

LogicalResult Exporter::run(std::string &out) {
  SmallVector<func::FuncOp> fns;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto fn = dyn_cast<func::FuncOp>(op))
      fns.push_back(fn);
    else
      return op.emitError("only func.func ops can be exported to TFLite, got ")
             << op.getName();
  }
  if (fns.empty())
    return module.emitError("the module has no function to export to TFLite");
  for (auto [i, fn] : llvm::enumerate(fns))
    funcIndex[fn.getSymName()] = static_cast<int32_t>(i);
  // Buffer 0: the empty sentinel.
  buffers.push_back(tflite::CreateBuffer(fbb));
  for (auto [i, fn] : llvm::enumerate(fns))
    if (failed(exportFunction(fn, static_cast<int>(i))))
      return failure();
  if (!unsupported.empty()) {
    auto diag = module.emitError("cannot export to TFLite: ");
    bool first = true;
    for (auto &[name, count] : unsupported) {
      diag << (first ? "" : "; ") << name << " (count " << count << ")";
      first = false;
    }
    return failure();
  }
  // Metadata: kept entries, then min_runtime_version (16 bytes, NUL padded).
  std::vector<Offset<tflite::Metadata>> metadata;
  auto addMeta = [&](StringRef name, StringRef data) {
    fbb.ForceVectorAlignment(data.size(), sizeof(uint8_t), 16);
    auto d = fbb.CreateVector(reinterpret_cast<const uint8_t *>(data.data()),
                              data.size());
    buffers.push_back(tflite::CreateBuffer(fbb, d));
    metadata.push_back(
        tflite::CreateMetadata(fbb, fbb.CreateString(name.str()),
                               static_cast<uint32_t>(buffers.size() - 1)));
  };
  if (auto md = module->getAttrOfType<ArrayAttr>("tfl.metadata"))
    for (Attribute a : md) {
      auto d = dyn_cast<DictionaryAttr>(a);
      auto name = d ? d.getAs<StringAttr>("name") : StringAttr();
      auto data = d ? d.getAs<StringAttr>("data") : StringAttr();
      if (!name || !data)
        return module.emitError(
            "tfl.metadata entries need string 'name' and 'data'");
      addMeta(name.getValue(), data.getValue());
    }
  std::string rt = minRuntime;
  rt.resize(16, '\0');
  addMeta("min_runtime_version", rt);

  std::string desc;
  if (auto d = module->getAttrOfType<StringAttr>("tfl.description"))
    desc = d.getValue().str();
  auto codesOff = fbb.CreateVector(opcodes);
  auto sgOff = fbb.CreateVector(subgraphs);
  auto descOff =
      desc.empty() ? Offset<flatbuffers::String>(0) : fbb.CreateString(desc);
  auto bufOff = fbb.CreateVector(buffers);
  auto mdOff = fbb.CreateVector(metadata);
  auto sigOff = fbb.CreateVector(signatures);
  auto model = tflite::CreateModel(fbb, 3, codesOff, sgOff, descOff, bufOff, 0,
                                   mdOff, sigOff);
  tflite::FinishModelBuffer(fbb, model);
  flatbuffers::Verifier v(fbb.GetBufferPointer(), fbb.GetSize());
  if (!tflite::VerifyModelBuffer(v))
    return module.emitError(
        "internal error: the written FlatBuffer does not verify");
  out.assign(reinterpret_cast<const char *>(fbb.GetBufferPointer()),
             fbb.GetSize());
  return success();
}
} // namespace

LogicalResult tfmlir::exportTFLite(ModuleOp module, std::string &out) {
  Exporter e(module);
  return e.run(out);
}
