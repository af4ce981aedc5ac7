//===- TFConversion.cpp - the base shared by tf -> hlo and tf -> tfl ------===//
//
// See TFConversion.h.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/Common/TFConversion.h"

#include "dialects/tf/TFDiagnostics.h"
#include "llvm/ADT/StringMap.h"

#include <algorithm>

using namespace mlir;

namespace tfmlir::conversion {

namespace {
/// The ops `op`'s pattern built so far: those between `before` (exclusive;
/// null: the block's start) and `op`, first first.
SmallVector<Operation *> builtBetween(Operation *before, Operation *op) {
  SmallVector<Operation *> built;
  for (Operation *n = op->getPrevNode(); n && n != before; n = n->getPrevNode())
    built.push_back(n);
  std::reverse(built.begin(), built.end());
  return built;
}
} // namespace

TFConversionState::~TFConversionState() = default;

LogicalResult TFConversionState::fail(Operation *op,
                                      ConversionPatternRewriter &rewriter,
                                      const Twine &why) {
  std::string text = why.str();
  reasons[op] = text;
  return rewriter.notifyMatchFailure(op, text);
}

void TFConversionState::setOperands(Operation *op, ValueRange operands,
                                    ConversionPatternRewriter &rewriter) {
  if (!llvm::equal(op->getOperands(), operands))
    rewriter.modifyOpInPlace(op, [&] { op->setOperands(operands); });
}

std::string TFConversionState::resultCountReason(Operation *op,
                                                 size_t built) const {
  return ("the lowering built " + Twine(built) + " values for " +
          Twine(op->getNumResults()) + " results")
      .str();
}

void TFConversionState::replace(Operation *op, ValueRange results,
                                ConversionPatternRewriter &rewriter) {
  for (auto [r, v] : llvm::zip(op->getResults(), results))
    if (r.getType() != v.getType())
      r.setType(v.getType());
  rewriter.replaceOp(op, results);
}

LogicalResult TFConversionState::legalize(
    Operation *op, ValueRange operands, ConversionPatternRewriter &rewriter,
    function_ref<LogicalResult(SmallVectorImpl<Value> &, std::string &)>
        build) {
  if (failed(prepare(op, operands, rewriter)))
    return failure();
  rewriter.setInsertionPoint(op);
  Operation *before = op->getPrevNode();
  SmallVector<Value> results;
  std::string why;
  reasons.erase(op);
  if (failed(build(results, why))) {
    // A failure without fail() (or with `why`) still gets a reason entry
    // (possibly empty), which the reports read.
    if (!why.empty() || !reasons.count(op))
      return fail(op, rewriter, why);
    return failure();
  }
  if (results.size() != op->getNumResults())
    return fail(op, rewriter, resultCountReason(op, results.size()));
  SmallVector<Operation *> built = builtBetween(before, op);
  if (failed(finish(op, built, results, rewriter)))
    return failure();
  replace(op, results, rewriter);
  return success();
}

void syncFunctionType(func::FuncOp fn) {
  if (fn.isExternal())
    return;
  auto ret = dyn_cast<func::ReturnOp>(fn.getBody().back().getTerminator());
  if (!ret)
    return;
  SmallVector<Type> res(ret.getOperandTypes());
  fn.setType(FunctionType::get(fn.getContext(), fn.getArgumentTypes(), res));
}

std::vector<UnlegalizedOp>
collectUnlegalizedOps(Operation *root,
                      const llvm::DenseSet<Operation *> &unlegalized,
                      const TFConversionState &state) {
  std::vector<UnlegalizedOp> out;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == root)
      return WalkResult::advance();
    if (!unlegalized.contains(op) ||
        op->getName().getDialectNamespace() != "tf")
      return WalkResult::advance();
    std::optional<std::string> reason;
    if (const std::string *r = state.reasonFor(op))
      reason = *r;
    out.push_back({op, op->getName().getIdentifier().getValue(),
                   nodeNameOf(op->getLoc()), std::move(reason)});
    return WalkResult::skip();
  });
  return out;
}

std::vector<std::string> duplicateRootOps(RewritePatternSet &patterns) {
  llvm::StringMap<unsigned> count;
  for (const std::unique_ptr<RewritePattern> &p : patterns.getNativePatterns())
    if (std::optional<OperationName> root = p->getRootKind())
      ++count[root->getStringRef()];
  std::vector<std::string> out;
  for (const auto &e : count)
    if (e.getValue() > 1)
      out.push_back(e.getKey().str());
  std::sort(out.begin(), out.end());
  return out;
}

} // namespace tfmlir::conversion
