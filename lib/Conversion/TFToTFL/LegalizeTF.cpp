//===- LegalizeTF.cpp - the tfl-legalize-tf pass and its driver -----------===//
//
// tfl-legalize-tf as MLIR's dialect conversion (see Patterns.h): in each
// func.func, applyPartialConversion runs every family's patterns
// (kFamilies: the DRR maps of LegalizePatterns.td, tf.Const here, and one
// populate per family file) on the tf ops right in the body, in program
// order, so operands defined by converted ops are tfl values and constant
// operands are tfl.pseudo_const. The tf ops left (the framework's
// unlegalized ops) make the report, in program order, with the reason each
// pattern gave, and become tfl.custom with allow-custom-ops. Then
// tfl-optimize's fusions run (the `fuse` option; Optimize/Optimize.cpp) and the
// builtins used are counted.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Conversion/TFToTFL/Patterns.h"
#include "lib/Conversion/TFToTFL/TypeLegality.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <limits>

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_LEGALIZETFTOTFL
#include "lib/Conversion/TFToTFL/Passes.h.inc"

namespace {

/// The DRR patterns of LegalizePatterns.td by root: tf op name -> the tfl
/// op its pattern generates. A root op whose types have no TFLite kernel
/// stays (the target rejects the tfl op its pattern builds, TypeLegality.h);
/// the report gives the reason (drrReason).
llvm::StringMap<StringRef> drrTFLNames(MLIRContext *ctx) {
  RewritePatternSet patterns(ctx);
  populateTFToTFLElementwisePatterns(patterns);
  llvm::StringMap<StringRef> names;
  for (const std::unique_ptr<RewritePattern> &p :
       patterns.getNativePatterns()) {
    std::optional<OperationName> root = p->getRootKind();
    assert(root && !p->getGeneratedOps().empty() &&
           "DRR patterns root on one op and generate one");
    names[root->getStringRef()] = p->getGeneratedOps().front().getStringRef();
  }
  return names;
}

/// For a tf op the DRR patterns left: why its builtin cannot take it, or ""
/// when the patterns do not handle this op.
std::string drrReason(const llvm::StringMap<StringRef> &drr, Operation *op) {
  auto it = drr.find(op->getName().getStringRef());
  if (it == drr.end())
    return "";
  Type t = conv::firstTypeWithoutKernel(op, it->second);
  return t ? conv::noKernelReason(it->second, t) : "";
}

/// A splat constant of at least this many bytes is written as a FILL: a
/// .tflite stores every element of a constant, so a folded tf.Fill or
/// ZerosLike of a large shape would otherwise grow the file by its size.
constexpr uint64_t kLargeSplatBytes = 1 << 20;

/// tfl.fill(shape, value) for a splat constant of at least kLargeSplatBytes
/// with int32 dims and an int/float/bool element type; null otherwise.
Value largeSplatAsFill(OpBuilder &b, Location loc, ElementsAttr v) {
  auto d = dyn_cast<DenseElementsAttr>(v);
  if (!d || !d.isSplat() || !d.getType().hasStaticShape())
    return {};
  Type e = d.getElementType();
  if (!isa<FloatType, IntegerType>(e))
    return {};
  uint64_t bytes = static_cast<uint64_t>(d.getNumElements()) *
                   std::max<uint64_t>(1, e.getIntOrFloatBitWidth() / 8);
  if (bytes < kLargeSplatBytes)
    return {};
  SmallVector<int64_t> dims(d.getType().getShape());
  for (int64_t x : dims)
    if (x > std::numeric_limits<int32_t>::max())
      return {};
  Value shape = conv::i32Vector(b, loc, dims);
  Value scalar =
      conv::constant(b, loc, d.resizeSplat(RankedTensorType::get({}, e)));
  return conv::create1(b, loc, "tfl.fill", {shape, scalar}, d.getType());
}

/// Counts one more `key` node named `node` in `m`.
void record(llvm::MapVector<StringRef, ConversionReport::Entry> &m,
            StringRef key, std::string node) {
  auto &e = m[key];
  ++e.count;
  e.nodes.push_back(std::move(node));
}

/// tf.Const -> tfl.pseudo_const, or tfl.fill for a large splat
/// (largeSplatAsFill). Built as the in-order driver did: no type check and
/// no report.produced entry (constants are not builtins).
struct ConstLowering : OpConversionPattern<TF::ConstOp> {
  ConstLowering(MLIRContext *ctx, conv::ConversionState &state)
      : OpConversionPattern(ctx), state(state) {}
  LogicalResult
  matchAndRewrite(TF::ConstOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto v = dyn_cast_or_null<ElementsAttr>(op->getAttr("value"));
    if (!v)
      return state.fail(op, rewriter, "constant value is not a tensor");
    rewriter.setInsertionPoint(op);
    Value c = largeSplatAsFill(rewriter, op.getLoc(), v);
    if (!c)
      c = conv::constant(rewriter, op.getLoc(), v);
    conv::ConversionState::replace(op, c, rewriter);
    return success();
  }
  conv::ConversionState &state;
};

void populateConstPatterns(RewritePatternSet &p, conv::ConversionState &s) {
  p.add<ConstLowering>(p.getContext(), s);
}

void populateDRRPatterns(RewritePatternSet &p, conv::ConversionState &) {
  populateTFToTFLElementwisePatterns(p);
}

/// The pattern families and the file (under lib/Conversion/TFToTFL/) each
/// lives in; listTFLConverters() and docs/OpCoverage.md read it. An op has
/// one pattern (duplicateTFLPatternRoots checks it).
struct PatternFamily {
  void (*populate)(RewritePatternSet &, conv::ConversionState &);
  const char *file;
};

const PatternFamily kFamilies[] = {
    {populateDRRPatterns, "LegalizePatterns.td"},
    {populateConstPatterns, "LegalizeTF.cpp"},
    {conv::populateControlControlFlowPatterns, "Control/ControlFlow.cpp"},
    {conv::populateImageResizePatterns, "Image/Resize.cpp"},
    {conv::populateIndexingGatherPatterns, "Indexing/Gather.cpp"},
    {conv::populateIndexingSpaceToBatchPatterns, "Indexing/SpaceToBatch.cpp"},
    {conv::populateIndexingReversePatterns, "Indexing/Reverse.cpp"},
    {conv::populateIndexingDiagPatterns, "Indexing/Diag.cpp"},
    {conv::populateMathElementwisePatterns, "Math/Elementwise.cpp"},
    {conv::populateMathCastPatterns, "Math/Cast.cpp"},
    {conv::populateNNConvPatterns, "NN/Conv.cpp"},
    {conv::populateNNPoolPatterns, "NN/Pool.cpp"},
    {conv::populateNNMatMulPatterns, "NN/MatMul.cpp"},
    {conv::populateNNNormalizationPatterns, "NN/Normalization.cpp"},
    {conv::populateNNActivationPatterns, "NN/Activation.cpp"},
    {conv::populateQuantFakeQuantPatterns, "Quant/FakeQuant.cpp"},
    {conv::populateRandomRandomPatterns, "Random/Random.cpp"},
    {conv::populateReduceReducePatterns, "Reduce/Reduce.cpp"},
    {conv::populateReduceSegmentPatterns, "Reduce/Segment.cpp"},
    {conv::populateShapeIdentityPatterns, "Shape/Identity.cpp"},
    {conv::populateShapeReshapePatterns, "Shape/Reshape.cpp"},
    {conv::populateShapeConcatPatterns, "Shape/Concat.cpp"},
    {conv::populateShapePadPatterns, "Shape/Pad.cpp"},
    {conv::populateShapeSlicePatterns, "Shape/Slice.cpp"},
    {conv::populateShapeBroadcastPatterns, "Shape/Broadcast.cpp"},
};

} // namespace

namespace conv {

LogicalResult ConversionState::prepare(Operation *op, ValueRange operands,
                                       ConversionPatternRewriter &rewriter) {
  if (op->getNumRegions() != 0)
    return fail(op, rewriter, "ops with regions have no TFLite builtin here");
  // The conversion reads the converted operands from the op itself too.
  setOperands(op, operands, rewriter);
  return success();
}

std::string ConversionState::resultCountReason(Operation *, size_t) const {
  return "";
}

LogicalResult ConversionState::finish(Operation *op,
                                      ArrayRef<Operation *> built,
                                      SmallVectorImpl<Value> &,
                                      ConversionPatternRewriter &rewriter) {
  for (Operation *c : built)
    if (std::string r = kernelTypeReason(c); !r.empty())
      return fail(op, rewriter, r);
  std::set<std::string> &produced =
      report.produced[op->getName().getStringRef().str()];
  for (Operation *c : built) {
    StringRef n = c->getName().getStringRef();
    if (n == "tfl.pseudo_const" || n == "tfl.no_value" ||
        !n.starts_with("tfl."))
      continue;
    if (auto generic = c->getAttrOfType<StringAttr>("name");
        generic && n == "tfl.builtin_op")
      produced.insert("tfl." + generic.getValue().lower());
    else
      produced.insert(n.str());
  }
  return success();
}

void populateTFToTFLPatterns(RewritePatternSet &patterns,
                             ConversionState &state) {
  for (const PatternFamily &f : kFamilies)
    f.populate(patterns, state);
}

} // namespace conv

namespace {

/// Converts the tf ops right in `fn`'s body with one applyPartialConversion
/// (ops nested in other ops' regions are left as they are), then lists the
/// tf ops left (the framework's unlegalized ops), in program order, in
/// `report` with their reasons and, with `allowCustomOps`, replaces them by
/// tfl.custom.
void legalizeFunction(func::FuncOp fn, const FrozenRewritePatternSet &patterns,
                      const llvm::StringMap<StringRef> &drr,
                      conv::ConversionState &state, bool allowCustomOps,
                      ConversionReport &report) {
  MLIRContext *ctx = fn.getContext();
  // The DRR patterns build their tfl op whenever the types have a kernel.
  for (Operation &op : fn.getOps()) {
    auto it = drr.find(op.getName().getStringRef());
    if (it != drr.end() && !conv::firstTypeWithoutKernel(&op, it->second))
      report.produced[it->first().str()].insert(it->second.str());
  }
  ConversionTarget target(*ctx);
  // A tfl op is legal when TFLite has a kernel for its types (TypeLegality.h):
  // a pattern that builds one without is rolled back and the op reported
  // with noKernelReason. tfl ops the function had before are left alone.
  DenseSet<Operation *> before;
  fn.walk([&](Operation *op) {
    if (isa_and_nonnull<tfl::TFLDialect>(op->getDialect()))
      before.insert(op);
  });
  target.addDynamicallyLegalDialect<tfl::TFLDialect>(
      [&before](Operation *op) -> std::optional<bool> {
        return before.contains(op) || conv::isLegalTFLOp(op);
      });
  // The tf ops right in the body are tried by the patterns and may stay
  // (partial conversion); everything else is left alone.
  Operation *root = fn;
  target.markUnknownOpDynamicallyLegal(
      [root](Operation *op) -> std::optional<bool> {
        if (op->getParentOp() != root ||
            !op->getName().getStringRef().starts_with("tf."))
          return true;
        return std::nullopt;
      });
  DenseSet<Operation *> unlegalized;
  ConversionConfig config;
  config.unlegalizedOps = &unlegalized;
  // The in-order driver folded nothing; neither does the conversion.
  config.foldingMode = DialectConversionFoldingMode::Never;
  (void)applyPartialConversion(fn, target, patterns, config);

  OpBuilder b(ctx);
  for (conversion::UnlegalizedOp &u :
       conversion::collectUnlegalizedOps(fn, unlegalized, state)) {
    Operation *op = u.op;
    std::string why;
    if (u.reason)
      why = *u.reason;
    else if (op->getNumRegions() != 0)
      why = "ops with regions have no TFLite builtin here";
    else if ((why = drrReason(drr, op)).empty())
      why = "no TFLite builtin";
    // u.name is interned in the context: the report's keys point to it.
    StringRef key = u.name;
    if (why.empty() || why == "no TFLite builtin") {
      record(report.unsupported, key, u.node);
    } else {
      record(report.unconvertible, key, u.node);
      report.unconvertible[key].reasons.push_back(why);
    }
    if (!allowCustomOps)
      continue;
    b.setInsertionPoint(op);
    Operation *c = conv::create(
        b, op->getLoc(), "tfl.custom", op->getOperands(), op->getResultTypes(),
        {conv::strA(b, "custom_code", key.drop_front(3)),
         conv::i32A(b, "version", 1), conv::strA(b, "custom_option", "")});
    op->replaceAllUsesWith(c->getResults());
    op->erase();
  }
  state.clearReasons();
}

} // namespace

std::string ConversionReport::format() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  auto list = [&](const llvm::MapVector<StringRef, Entry> &m) {
    for (auto &[k, e] : m) {
      os << "  " << k << " x" << e.count << ":";
      // One reason for all nodes is printed once, at the end.
      bool oneReason =
          !e.reasons.empty() && llvm::all_equal(llvm::ArrayRef(e.reasons));
      size_t shown = std::min(e.nodes.size(), maxNodesPerOp);
      for (size_t i = 0; i < shown; ++i) {
        os << (i ? ", " : " ") << e.nodes[i];
        if (!oneReason && i < e.reasons.size())
          os << " (" << e.reasons[i] << ")";
      }
      if (shown < e.nodes.size())
        os << ", and " << e.nodes.size() - shown << " more";
      if (oneReason)
        os << " (" << e.reasons.front() << ")";
      os << "\n";
    }
  };
  os << "TFLite builtin ops used (" << builtins.size() << "):\n";
  list(builtins);
  if (!unsupported.empty()) {
    os << "Ops with no TFLite builtin (" << unsupported.size()
       << (customOpsEmitted ? "), emitted as custom ops:\n"
                            : "); convert with " + customOpsFlag +
                                  " to emit them as custom ops:\n");
    list(unsupported);
  }
  if (!unconvertible.empty()) {
    os << "Ops whose TFLite builtin cannot take them as they are ("
       << unconvertible.size()
       << (customOpsEmitted
               ? "), emitted as custom ops:\n"
               : "); " + customOpsFlag + " emits them as custom ops:\n");
    list(unconvertible);
  }
  return s;
}

LogicalResult convertTFToTFL(ModuleOp module, bool allowCustomOps,
                             ConversionReport &report) {
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<tfl::TFLDialect>();
  report.customOpsEmitted = allowCustomOps;
  conv::ConversionState state(report);
  RewritePatternSet set(ctx);
  conv::populateTFToTFLPatterns(set, state);
  FrozenRewritePatternSet frozen(std::move(set));
  llvm::StringMap<StringRef> drr = drrTFLNames(ctx);
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    legalizeFunction(fn, frozen, drr, state, allowCustomOps, report);
    conversion::syncFunctionType(fn);
  }
  return success();
}

LogicalResult legalizeTFToTFL(ModuleOp module, bool allowCustomOps, bool fuse,
                              ConversionReport &report) {
  if (failed(convertTFToTFL(module, allowCustomOps, report)) ||
      failed(optimizeTFL(module, fuse)))
    return failure();
  return reportTFLConversion(module, allowCustomOps, report);
}

LogicalResult reportTFLConversion(ModuleOp module, bool allowCustomOps,
                                  ConversionReport &report) {
  MLIRContext *ctx = module.getContext();
  module.walk([&](Operation *op) {
    StringRef n = op->getName().getStringRef();
    if (!n.starts_with("tfl.") || n == "tfl.pseudo_const" ||
        n == "tfl.no_value" || n == "tfl.custom")
      return;
    StringRef key = op->getName().getIdentifier().getValue();
    // A generic builtin is listed under its builtin's name (interned in the
    // context, so the key outlives this walk).
    if (auto generic = op->getAttrOfType<StringAttr>("name");
        generic && n == "tfl.builtin_op")
      key =
          StringAttr::get(ctx, "tfl." + generic.getValue().lower()).getValue();
    record(report.builtins, key, nodeNameOf(op->getLoc()));
  });
  if (!report.complete() && !allowCustomOps) {
    module.emitError() << "some ops cannot be converted to TFLite builtins\n"
                       << report.format();
    return failure();
  }
  return success();
}

namespace {
struct LegalizeTFToTFLPass
    : public impl::LegalizeTFToTFLBase<LegalizeTFToTFLPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(tfmlir::tf_executor::requireFunctionalForm(getOperation(),
                                                          "tfl-legalize-tf")))
      return signalPassFailure();
    ConversionReport report;
    report.customOpsFlag = "-tfl-legalize-tf=allow-custom-ops";
    if (failed(legalizeTFToTFL(getOperation(), allowCustomOps, enableFusions,
                               report)))
      signalPassFailure();
  }
};
} // namespace

std::vector<std::string> duplicateTFLPatternRoots() {
  MLIRContext ctx;
  ctx.getOrLoadDialect<TF::TFDialect>();
  ctx.getOrLoadDialect<tfl::TFLDialect>();
  ConversionReport report;
  conv::ConversionState state(report);
  RewritePatternSet set(&ctx);
  conv::populateTFToTFLPatterns(set, state);
  return conversion::duplicateRootOps(set);
}

std::vector<std::pair<std::string, std::string>> listTFLConverters() {
  MLIRContext ctx;
  ctx.getOrLoadDialect<TF::TFDialect>();
  ctx.getOrLoadDialect<tfl::TFLDialect>();
  ConversionReport report;
  conv::ConversionState state(report);
  llvm::StringMap<std::string> fileOf;
  for (const PatternFamily &f : kFamilies) {
    RewritePatternSet p(&ctx);
    f.populate(p, state);
    for (const std::unique_ptr<RewritePattern> &pat : p.getNativePatterns())
      if (std::optional<OperationName> root = pat->getRootKind())
        fileOf[root->getStringRef()] = f.file;
  }
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &e : fileOf)
    out.emplace_back(e.getKey().str(), e.getValue());
  llvm::sort(out);
  return out;
}

} // namespace tfmlir
