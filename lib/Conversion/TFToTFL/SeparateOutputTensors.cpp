//===- SeparateOutputTensors.cpp - one tensor per requested output --------===//
//
// tfl-separate-output-tensors (see Passes.td): a result of an entry function
// that is one of its arguments, or a value returned earlier, gets a
// `tfl.reshape` to its own shape, named (NameLoc) after its output array, so
// that the exporter gives each output a tensor of its own with the name TF's
// converter gives it.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"

#include "dialects/tfl/TFLOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Quant/IR/QuantTypes.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace tfmlir {
#define GEN_PASS_DEF_SEPARATEOUTPUTTENSORS
#include "lib/Conversion/TFToTFL/Passes.h.inc"

namespace {

/// The tensor names `key` ("inputs" or "outputs") of `fn`'s
/// `tf.entry_function` (":0" dropped), one per argument or result (`count`);
/// empty when absent or of another count.
SmallVector<std::string> entryNames(func::FuncOp fn, StringRef key,
                                    unsigned count) {
  SmallVector<std::string> names;
  auto entry = fn->getAttrOfType<DictionaryAttr>("tf.entry_function");
  auto outs = entry ? entry.getAs<StringAttr>(key) : StringAttr();
  if (!outs || outs.getValue().empty())
    return names;
  SmallVector<StringRef> parts;
  outs.getValue().split(parts, ',');
  if (parts.size() != count)
    return names;
  for (StringRef p : parts) {
    p = p.trim();
    p.consume_back(":0");
    names.push_back(p.str());
  }
  return names;
}

/// Element types a TFLite RESHAPE copies (numeric, bool, quantized).
bool copyable(Type t) {
  auto st = dyn_cast<ShapedType>(t);
  if (!st)
    return false;
  Type e = st.getElementType();
  return e.isIntOrFloat() || isa<quant::QuantizedType>(e);
}

struct SeparateOutputTensorsPass
    : public impl::SeparateOutputTensorsBase<SeparateOutputTensorsPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      SmallVector<std::string> names =
          entryNames(fn, "outputs", fn.getNumResults());
      if (names.empty())
        continue;
      SmallVector<std::string> inputs =
          entryNames(fn, "inputs", fn.getNumArguments());
      auto ret = dyn_cast<func::ReturnOp>(fn.getBody().back().getTerminator());
      if (!ret)
        continue;
      OpBuilder b(ret);
      llvm::DenseSet<Value> returned;
      // Output name -> (the value asked for, the tensor that holds it).
      llvm::StringMap<std::pair<Value, Value>> byName;
      for (OpOperand &operand : ret->getOpOperands()) {
        Value v = operand.get();
        const std::string &name = names[operand.getOperandNumber()];
        // The same output array asked for twice is one tensor.
        if (auto it = byName.find(name);
            it != byName.end() && it->second.first == v) {
          operand.set(it->second.second);
          continue;
        }
        bool first = returned.insert(v).second;
        byName.try_emplace(name, v, v);
        if ((first && !isa<BlockArgument>(v)) || !copyable(v.getType()))
          continue;
        // An input array also requested as an output is that same tensor.
        if (auto a = dyn_cast<BlockArgument>(v);
            a && a.getArgNumber() < inputs.size() &&
            inputs[a.getArgNumber()] == name)
          continue;
        Location loc = NameLoc::get(b.getStringAttr(name), v.getLoc());
        Location shapeLoc =
            NameLoc::get(b.getStringAttr(name + "/shape"), v.getLoc());
        auto t = cast<ShapedType>(v.getType());
        Value shape;
        SmallVector<int32_t> newShape;
        if (t.hasStaticShape()) {
          shape = conv::i32Vector(b, shapeLoc, t.getShape());
          newShape.assign(t.getShape().begin(), t.getShape().end());
        } else {
          Type st = RankedTensorType::get(
              {t.hasRank() ? t.getRank() : ShapedType::kDynamic},
              b.getI32Type());
          shape = conv::create1(b, shapeLoc, "tfl.shape", {v}, st,
                                {conv::strA(b, "out_type", "INT32")});
        }
        Value copy = conv::create1(
            b, loc, "tfl.reshape", {v, shape}, v.getType(),
            {b.getNamedAttr("new_shape", b.getDenseI32ArrayAttr(newShape))});
        operand.set(copy);
        byName[name] = {v, copy};
      }
    }
  }
};

} // namespace
} // namespace tfmlir
