//===- ExternalizeConstants.cpp - large constants as function arguments ---===//
//
// A large constant (a weight matrix) written into the IR is carried through
// every pass, printed and re-parsed, copied into an LLVM global initializer
// and emitted into the JIT's object code. Instead, externalizeLargeConstants
// turns each one into a leading argument of the entry function; the caller
// (CpuExecutable) keeps the bytes in a host buffer and passes it at run time.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"

namespace tfmlir {
#define GEN_PASS_DEF_EXTERNALIZELARGECONSTANTS
#include "lib/Conversion/HLOToLinalg/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {

std::optional<ArrayRef<char>> constantBytes(Attribute value) {
  auto type = dyn_cast<RankedTensorType>(cast<TypedAttr>(value).getType());
  if (!type || !type.hasStaticShape())
    return std::nullopt;
  Type et = type.getElementType();
  bool supported = et.isF16() || et.isBF16() || et.isF32() || et.isF64() ||
                   et.isSignlessInteger(8) || et.isSignlessInteger(16) ||
                   et.isSignlessInteger(32) || et.isSignlessInteger(64);
  if (!supported)
    return std::nullopt;
  int64_t bytes = type.getNumElements() *
                  (type.getElementType().getIntOrFloatBitWidth() / 8);
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.isSplat())
      return std::nullopt;
    ArrayRef<char> raw = dense.getRawData();
    if (static_cast<int64_t>(raw.size()) != bytes)
      return std::nullopt;
    return raw;
  }
  if (auto res = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = res.getRawHandle().getBlob();
    if (!blob || static_cast<int64_t>(blob->getData().size()) != bytes)
      return std::nullopt;
    return blob->getData();
  }
  return std::nullopt;
}

unsigned externalizeLargeConstants(func::FuncOp func, int64_t thresholdBytes,
                                   SmallVectorImpl<ExternalConstant> &out) {
  if (func.isExternal())
    return 0;
  MLIRContext *ctx = func.getContext();
  auto marker = StringAttr::get(ctx, kExternalConstantAttr);
  // New arguments go after the ones an earlier call made.
  unsigned pos = 0;
  while (pos < func.getNumArguments() && func.getArgAttr(pos, marker))
    ++pos;
  Block &body = func.getBody().front();
  SmallVector<Operation *> constants;
  for (Operation &op : body) {
    if (op.getNumResults() != 1 || !op.hasTrait<OpTrait::ConstantLike>())
      continue;
    auto value = op.getAttrOfType<ElementsAttr>("value");
    if (!value)
      continue;
    std::optional<ArrayRef<char>> bytes = constantBytes(value);
    if (!bytes || static_cast<int64_t>(bytes->size()) < thresholdBytes ||
        op.getResult(0).getType() != value.getType())
      continue;
    constants.push_back(&op);
  }
  unsigned added = 0;
  for (Operation *op : constants) {
    auto value = op->getAttrOfType<ElementsAttr>("value");
    unsigned index = pos + added;
    if (failed(func.insertArgument(
            index, op->getResult(0).getType(),
            DictionaryAttr::get(
                ctx, {NamedAttribute(
                         marker,
                         IntegerAttr::get(IntegerType::get(ctx, 64), index))}),
            op->getLoc())))
      break;
    op->getResult(0).replaceAllUsesWith(body.getArgument(index));
    out.push_back({value, *constantBytes(value)});
    op->erase();
    ++added;
  }
  return added;
}

namespace {
struct ExternalizeLargeConstantsPass
    : impl::ExternalizeLargeConstantsBase<ExternalizeLargeConstantsPass> {
  using Base::Base;
  void runOnOperation() override {
    SmallVector<ExternalConstant> values;
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (func.isPublic())
        externalizeLargeConstants(func, thresholdBytes, values);
  }
};
} // namespace

} // namespace tfmlir
