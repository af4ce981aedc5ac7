//===- TypeLegality.cpp - which types TFLite's builtin kernels take -------===//
#include "lib/Conversion/TFToTFL/TypeLegality.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// Element types TFLite's kernels do not compute in.
bool isUncomputedFloat(Type e) {
  return e.isF64() || e.isF16() || e.isBF16() || isa<ComplexType>(e);
}

/// Plain 8/16-bit integers (int8, uint8, int16, uint16): ADD/SUB/MUL/DIV
/// take them only quantized.
bool isNarrowInt(Type e) {
  auto i = dyn_cast<IntegerType>(e);
  return i && (i.getWidth() == 8 || i.getWidth() == 16);
}

/// Whether the tfl op `tflName`'s kernels take 8/16-bit integers only
/// quantized.
bool quantizedOnlyNarrowInts(StringRef tflName) {
  return tflName == "tfl.add" || tflName == "tfl.sub" || tflName == "tfl.mul" ||
         tflName == "tfl.div";
}

} // namespace

TFLiteKernelTypeConverter::TFLiteKernelTypeConverter(bool arithmetic) {
  addConversion([arithmetic](Type t) -> std::optional<Type> {
    Type e = getElementTypeOrSelf(t);
    if (isUncomputedFloat(e) || (arithmetic && isNarrowInt(e)))
      return Type(); // no kernel: fails to convert
    return t;
  });
}

TFLiteKernelTypeConverter TFLiteKernelTypeConverter::forOp(StringRef tflName) {
  // A new converter each time, not a static one: a TypeConverter caches
  // its answers by Type, and a Type dies with its MLIRContext, so a cache
  // kept across contexts (tf-opt -split-input-file makes one per chunk)
  // could answer for a new type at a dead one's address (the flaky
  // Elementwise-drr.mlir report: f64 judged by a cached f32 answer).
  return TFLiteKernelTypeConverter(quantizedOnlyNarrowInts(tflName));
}

bool takesAnyType(StringRef tflName) {
  static const llvm::StringSet<> anyType = {
      "tfl.cast",        "tfl.reshape",      "tfl.squeeze",
      "tfl.expand_dims", "tfl.pseudo_const", "tfl.no_value",
      "tfl.shape",       "tfl.rank",         "tfl.bitcast"};
  return anyType.contains(tflName);
}

Type firstTypeWithoutKernel(Operation *op, StringRef tflName) {
  const TFLiteKernelTypeConverter c = TFLiteKernelTypeConverter::forOp(tflName);
  for (Type t : op->getOperandTypes())
    if (!c.isLegal(t))
      return t;
  for (Type t : op->getResultTypes())
    if (!c.isLegal(t))
      return t;
  return {};
}

std::string noKernelReason(StringRef tflName, Type t) {
  std::string ts;
  llvm::raw_string_ostream(ts) << t;
  if (TFLiteKernelTypeConverter::forOp("").isLegal(t))
    return (tflName + " has no kernel for " + ts +
            " without quantization (TFLite runs it on 8/16-bit integers only "
            "quantized: Cast to int32 first)")
        .str();
  return (tflName + " has no kernel for " + ts +
          " (TFLite computes in float32: Cast first)")
      .str();
}

std::string kernelTypeReason(Operation *op) {
  StringRef n = op->getName().getStringRef();
  if (takesAnyType(n))
    return "";
  Type t = firstTypeWithoutKernel(op, n);
  return t ? noKernelReason(n, t) : "";
}

bool isLegalTFLOp(Operation *op) {
  StringRef n = op->getName().getStringRef();
  return takesAnyType(n) || !firstTypeWithoutKernel(op, n);
}

} // namespace tfmlir::conv
