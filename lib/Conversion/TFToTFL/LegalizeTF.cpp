//===- LegalizeTF.cpp - the tfl-legalize-tf pass and its driver -----------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"

#include "dialects/tfl/TFLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_LEGALIZETFTOTFL
#include "lib/Conversion/TFToTFL/Passes.h.inc"

void populateFuseActivationPatterns(RewritePatternSet &p);
void populateFuseBiasPatterns(RewritePatternSet &p);
void populateFuseMulPatterns(RewritePatternSet &p);
void populateFuseDilatedConvPatterns(RewritePatternSet &p);
void populateFoldConstShapeOpsPatterns(RewritePatternSet &p);

void populateTFLFusionPatterns(RewritePatternSet &patterns) {
  populateFoldConstShapeOpsPatterns(patterns);
  populateFuseDilatedConvPatterns(patterns);
  populateFuseMulPatterns(patterns);
  populateFuseBiasPatterns(patterns);
  populateFuseActivationPatterns(patterns);
}

namespace {

/// The node name of an op: its NameLoc, looked for through fused and
/// callsite locations.
std::string nodeName(Operation *op) {
  std::string out;
  op->getLoc()->walk([&](Location l) {
    if (auto n = dyn_cast<NameLoc>(l)) {
      out = n.getName().str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out.empty() ? "<unnamed>" : out;
}

const llvm::StringMap<conv::Converter> &converters() {
  static const llvm::StringMap<conv::Converter> table = [] {
    llvm::StringMap<conv::Converter> t;
    conv::addGenericConverters(t);
    conv::addNNConverters(t);
    conv::addControlFlowConverters(t);
    conv::addFakeQuantConverters(t);
    return t;
  }();
  return table;
}

void record(llvm::MapVector<StringRef, ConversionReport::Entry> &m, StringRef key,
            Operation *op) {
  auto &e = m[key];
  ++e.count;
  e.nodes.push_back(nodeName(op));
}

/// Converts the ops of one function body in order. Returns the ops left
/// unsupported (already recorded in `report`).
void legalizeBlock(Block &block, bool allowCustomOps, ConversionReport &report) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  OpBuilder b(block.getParentOp()->getContext());
  for (Operation *op : ops) {
    StringRef name = op->getName().getStringRef();
    if (!name.starts_with("tf."))
      continue;
    b.setInsertionPoint(op);
    SmallVector<Value> results;
    std::string why;
    bool ok = false;
    if (name == "tf.Const") {
      if (auto v = dyn_cast_or_null<ElementsAttr>(op->getAttr("value"))) {
        Value c = conv::constant(b, op->getLoc(), v);
        results.push_back(c);
        ok = true;
      } else {
        why = "constant value is not a tensor";
      }
    } else if (op->getNumRegions() != 0) {
      why = "ops with regions have no TFLite builtin here";
    } else {
      auto it = converters().find(name);
      if (it != converters().end())
        ok = succeeded(it->second(op, b, results, why)) &&
             results.size() == op->getNumResults();
      else
        why = "no TFLite builtin";
    }
    if (!ok) {
      // Keep the op's name alive: the report's keys point into the context.
      StringRef key = op->getName().getIdentifier().getValue();
      record(report.unsupported, key, op);
      if (!why.empty() && why != "no TFLite builtin")
        op->emitRemark() << "not converted to TFLite: " << why;
      if (!allowCustomOps)
        continue;
      b.setInsertionPoint(op);
      Operation *c = conv::create(
          b, op->getLoc(), "tfl.custom", op->getOperands(), op->getResultTypes(),
          {conv::strA(b, "custom_code", name.drop_front(3)), conv::i32A(b, "version", 1),
           conv::strA(b, "custom_option", "")});
      results.assign(c->result_begin(), c->result_end());
    }
    for (auto [from, to] : llvm::zip(op->getResults(), results))
      from.replaceAllUsesWith(to);
    op->erase();
  }
}

/// Makes each function's result types those of its return operands
/// (removing Identity or folding a constant can refine them).
void syncFunctionType(func::FuncOp fn) {
  if (fn.isExternal())
    return;
  auto ret = dyn_cast<func::ReturnOp>(fn.getBody().back().getTerminator());
  if (!ret)
    return;
  SmallVector<Type> res(ret.getOperandTypes());
  fn.setType(FunctionType::get(fn.getContext(), fn.getArgumentTypes(), res));
}

} // namespace

std::string ConversionReport::format() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto list = [&](const llvm::MapVector<StringRef, Entry> &m) {
    for (auto &[k, e] : m) {
      os << "  " << k << " x" << e.count << ":";
      for (size_t i = 0; i < e.nodes.size(); ++i)
        os << (i ? ", " : " ") << e.nodes[i];
      os << "\n";
    }
  };
  os << "TFLite builtin ops used (" << builtins.size() << "):\n";
  list(builtins);
  if (!unsupported.empty()) {
    os << "Ops with no TFLite builtin (" << unsupported.size()
       << "); convert with --allow-custom-ops to emit them as custom ops:\n";
    list(unsupported);
  }
  return s;
}

LogicalResult legalizeTFToTFL(ModuleOp module, bool allowCustomOps, bool fuse,
                              ConversionReport &report) {
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<tfl::TFLDialect>();
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    for (Block &block : fn.getBody())
      legalizeBlock(block, allowCustomOps, report);
    syncFunctionType(fn);
  }
  RewritePatternSet patterns(ctx);
  if (fuse)
    populateTFLFusionPatterns(patterns);
  FrozenRewritePatternSet frozen(std::move(patterns));
  for (auto fn : module.getOps<func::FuncOp>())
    if (failed(applyPatternsGreedily(fn, frozen)))
      return fn.emitError("tfl-legalize-tf: fusion patterns did not converge");
  module.walk([&](Operation *op) {
    StringRef n = op->getName().getStringRef();
    if (n.starts_with("tfl.") && n != "tfl.pseudo_const" && n != "tfl.no_value" &&
        n != "tfl.custom")
      record(report.builtins, op->getName().getIdentifier().getValue(), op);
  });
  if (!report.unsupported.empty() && !allowCustomOps) {
    module.emitError() << "some ops have no TFLite builtin\n" << report.format();
    return failure();
  }
  return success();
}

namespace {
struct LegalizeTFToTFLPass : public impl::LegalizeTFToTFLBase<LegalizeTFToTFLPass> {
  using Base::Base;
  void runOnOperation() override {
    ConversionReport report;
    if (failed(legalizeTFToTFL(getOperation(), allowCustomOps, enableFusions, report)))
      signalPassFailure();
  }
};
} // namespace

} // namespace tfmlir
