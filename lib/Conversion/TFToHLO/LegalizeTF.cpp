//===- LegalizeTF.cpp - the xla-legalize-tf pass and its driver -----------===//
//
// xla-legalize-tf as MLIR's dialect conversion (see Patterns.h): each
// func.func (not the callees of functional control flow, which are inlined
// into the hlo regions) gets its Asserts dropped and its straight-line
// TensorArrays lowered, then applyPartialConversion runs every family's
// patterns (kFamilies) in program order, so operands defined by converted
// ops are hlo values and shape operands are hlo constants. The tf ops left
// (the framework's unlegalized ops) make one histogram, with the reason
// each pattern gave as a remark on the op.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Conversion/TFToHLO/Patterns.h"

#include "lib/Transforms/ShapeInference.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "lib/Support/ABI/IndexCheck.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/FoldUtils.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_LEGALIZETFTOHLO
#include "lib/Conversion/TFToHLO/Passes.h.inc"

namespace {

/// The pattern files, by tf dialect family, each with its populate function
/// (listHLOConverters() and docs/OpCoverage.md read the op -> file map from
/// here). An op has one pattern (duplicateHLOPatternRoots checks it).
struct PatternFamily {
  void (*populate)(RewritePatternSet &, tohlo::ConversionState &);
  const char *file;
};

const PatternFamily kFamilies[] = {
    // Control (dialects/tf/TFOpsControl.td).
    {tohlo::populateControlFlowPatterns, "Control/ControlFlow.cpp"},
    // Image (dialects/tf/TFOpsImage.td).
    {tohlo::populateImageBoxesPatterns, "Image/Boxes.cpp"},
    {tohlo::populateImageColorPatterns, "Image/Color.cpp"},
    {tohlo::populateImageNonMaxSuppressionPatterns,
     "Image/NonMaxSuppression.cpp"},
    {tohlo::populateImagePatchesPatterns, "Image/Patches.cpp"},
    {tohlo::populateImageResizePatterns, "Image/Resize.cpp"},
    // Indexing (dialects/tf/TFOpsIndexing.td).
    {tohlo::populateIndexingGatherPatterns, "Indexing/Gather.cpp"},
    {tohlo::populateIndexingScatterPatterns, "Indexing/Scatter.cpp"},
    {tohlo::populateIndexingStitchPatterns, "Indexing/Stitch.cpp"},
    {tohlo::populateIndexingDiagPatterns, "Indexing/Diag.cpp"},
    {tohlo::populateIndexingSelectPatterns, "Indexing/Select.cpp"},
    {tohlo::populateIndexingSortPatterns, "Indexing/Sort.cpp"},
    {tohlo::populateIndexingSpacePatterns, "Indexing/Space.cpp"},
    {tohlo::populateIndexingSequencePatterns, "Indexing/Sequence.cpp"},
    {tohlo::populateIndexingReversePatterns, "Indexing/Reverse.cpp"},
    {tohlo::populateIndexingBincountPatterns, "Indexing/Bincount.cpp"},
    // Linalg (dialects/tf/TFOpsLinalg.td).
    {tohlo::populateLinalgDecompositionsPatterns, "Linalg/Decompositions.cpp"},
    {tohlo::populateLinalgSolvePatterns, "Linalg/Solve.cpp"},
    {tohlo::populateLinalgCrossPatterns, "Linalg/Cross.cpp"},
    // Math (dialects/tf/TFOpsMath.td).
    {tohlo::populateMathElementwisePatterns, "Math/Elementwise.cpp"},
    {tohlo::populateMathSpecialPatterns, "Math/Special.cpp"},
    {tohlo::populateMathBitpackPatterns, "Math/Bitpack.cpp"},
    // NN (dialects/tf/TFOpsNN.td).
    {tohlo::populateNNMatMulPatterns, "NN/MatMul.cpp"},
    {tohlo::populateNNConvPatterns, "NN/Conv.cpp"},
    {tohlo::populateNNActivationPatterns, "NN/Activation.cpp"},
    {tohlo::populateNNPoolingPatterns, "NN/Pooling.cpp"},
    {tohlo::populateNNNormalizationPatterns, "NN/Normalization.cpp"},
    {tohlo::populateNNLossPatterns, "NN/Loss.cpp"},
    // Quant (dialects/tf/TFOpsQuant.td).
    {tohlo::populateQuantFakeQuantPatterns, "Quant/FakeQuant.cpp"},
    // Random (dialects/tf/TFOpsRandom.td).
    {tohlo::populateRandomSamplingPatterns, "Random/Sampling.cpp"},
    {tohlo::populateRandomPhiloxPatterns, "Random/Philox.cpp"},
    // Reduce (dialects/tf/TFOpsReduce.td).
    {tohlo::populateReduceReductionPatterns, "Reduce/Reduction.cpp"},
    {tohlo::populateReduceScanPatterns, "Reduce/Scan.cpp"},
    {tohlo::populateReduceSegmentPatterns, "Reduce/Segment.cpp"},
    {tohlo::populateReduceHistogramPatterns, "Reduce/Histogram.cpp"},
    // Shape (dialects/tf/TFOpsShape.td and TFOps.td).
    {tohlo::populateShapeReshapePatterns, "Shape/Reshape.cpp"},
    {tohlo::populateShapeConcatPatterns, "Shape/Concat.cpp"},
    {tohlo::populateShapeSlicePatterns, "Shape/Slice.cpp"},
    {tohlo::populateShapePadPatterns, "Shape/Pad.cpp"},
    {tohlo::populateShapeTransposePatterns, "Shape/Transpose.cpp"},
    {tohlo::populateShapeFillPatterns, "Shape/Fill.cpp"},
    {tohlo::populateShapeIdentityPatterns, "Shape/Identity.cpp"},
    {tohlo::populateShapeConstPatterns, "Shape/Const.cpp"},
};

/// The root op name of each pattern `populate` adds.
SmallVector<StringRef> rootsOf(const PatternFamily &f, MLIRContext *ctx,
                               tohlo::ConversionState &state) {
  RewritePatternSet p(ctx);
  f.populate(p, state);
  SmallVector<StringRef> names;
  for (const std::unique_ptr<RewritePattern> &pat : p.getNativePatterns())
    if (std::optional<OperationName> root = pat->getRootKind())
      names.push_back(root->getStringRef());
  return names;
}

/// A context with the tf and hlo dialects, for the questions about the
/// pattern set that come without one (hasHLOConverter, listHLOConverters).
/// Never destroyed: it is process-wide and asked from several threads.
MLIRContext &patternContext() {
  static MLIRContext *ctx = [] {
    auto *c = new MLIRContext(MLIRContext::Threading::DISABLED);
    c->getOrLoadDialect<TF::TFDialect>();
    c->getOrLoadDialect<hlo::HLODialect>();
    return c;
  }();
  return *ctx;
}

/// The file of the family that lowers each op name.
const llvm::StringMap<std::string> &familyFileOf() {
  static const llvm::StringMap<std::string> table = [] {
    llvm::StringMap<std::string> t;
    MLIRContext &ctx = patternContext();
    OwningOpRef<ModuleOp> m = ModuleOp::create(UnknownLoc::get(&ctx));
    LegalizeHLOReport r;
    tohlo::ConversionState s(*m, r);
    for (const PatternFamily &f : kFamilies)
      for (StringRef n : rootsOf(f, &ctx, s))
        t[n] = f.file;
    return t;
  }();
  return table;
}

/// True when every operand and result of `op` is a tensor of integers or
/// floats (the element types the patterns build hlo for; strings,
/// resources, variants, complex and quantized types are not handled).
bool hasHLOTypes(Operation *op) {
  auto ok = [](Type t) {
    auto tt = dyn_cast<TensorType>(t);
    return tt && (isa<IntegerType>(tt.getElementType()) ||
                  isa<FloatType>(tt.getElementType()));
  };
  return llvm::all_of(op->getOperandTypes(), ok) &&
         llvm::all_of(op->getResultTypes(), ok);
}

/// True for tf ops that only compute a value (erasable when unused).
bool isPureValueOp(Operation *op) {
  StringRef n = op->getName().getStringRef();
  return n == "tf.Const" || n == "tf.Identity" || n == "tf.IdentityN" ||
         n == "tf.StopGradient" || n == "tf.Snapshot";
}

/// XLA drops tf.Assert (its tf2xla kernel is a no-op; the check is not
/// compiled). Erases the Asserts of `block`, the unused tf.NoOps, and then
/// the constants and identities that only fed them (e.g. the string
/// messages), last first.
void dropAsserts(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops)) {
    StringRef n = op->getName().getStringRef();
    if ((n == "tf.Assert" && op->getNumResults() == 0) ||
        (n == "tf.NoOp" && op->use_empty()) ||
        (isPureValueOp(op) && op->use_empty()))
      op->erase();
  }
}

/// Marks the constants ConversionState::legalize materializes for folded
/// ops (hoisted and uniqued by hoistFoldedConstants, then removed).
constexpr StringLiteral kFoldedAttr = "_tfmlir_hlo_folded";

/// Hoists the folded constants of `fn` to the start of its body and
/// uniques them, as the OperationFolder of the in-order driver did.
void hoistFoldedConstants(func::FuncOp fn) {
  SmallVector<Operation *> folded;
  fn.walk([&](Operation *op) {
    if (op->hasAttr(kFoldedAttr))
      folded.push_back(op);
  });
  // Later ones first: each goes to the front, so the last-folded constant
  // ends up first, as the in-order driver's OperationFolder placed them.
  OperationFolder folder(fn.getContext());
  for (Operation *op : llvm::reverse(folded)) {
    op->removeAttr(kFoldedAttr);
    (void)folder.tryToFold(op);
  }
}

/// The block folded constants of `op` go to: the entry block of the region
/// right under `root` that holds `op`.
Block *constantBlockFor(Operation *op, Operation *root) {
  Region *region = op->getParentRegion();
  while (region && region->getParentOp() != root &&
         !region->getParentOp()->hasTrait<OpTrait::IsIsolatedFromAbove>())
    region = region->getParentOp()->getParentRegion();
  return region ? &region->front() : op->getBlock();
}

} // namespace

namespace tohlo {

void ConversionState::refineWith(Operation *op, ValueRange operands,
                                 ConversionPatternRewriter &rewriter) {
  setOperands(op, operands, rewriter);
  // Operands may have become static since shape inference ran (hlo values,
  // an inlined constant-predicate If): refine the result types by the op's
  // TF shape function. The new types stay when the op is not legalized
  // (the framework rolls back operands, not result types), as the ops
  // after it saw them.
  if (llvm::any_of(op->getResultTypes(), [](Type t) {
        auto r = dyn_cast<RankedTensorType>(t);
        return isa<TensorType>(t) && (!r || !r.hasStaticShape());
      }))
    (void)refineResultTypes(op);
}

namespace {
/// Tried last on every tf op (benefit 0): refines the result types of an op
/// no lowering legalizes (ConversionState::refineWith) and fails, so that
/// the ops after it see the types the in-order driver gave them.
struct RefineOnlyPattern : public ConversionPattern {
  RefineOnlyPattern(MLIRContext *ctx, ConversionState &state)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/0, ctx),
        state(state) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (op->getName().getDialectNamespace() != "tf")
      return failure();
    state.refineWith(op, operands, rewriter);
    return failure();
  }
  ConversionState &state;
};
} // namespace

LogicalResult ConversionState::prepare(Operation *op, ValueRange operands,
                                       ConversionPatternRewriter &rewriter) {
  // The lowering reads the converted (hlo) operands from the op itself too;
  // the result types are refined first, as for an op without a lowering.
  refineWith(op, operands, rewriter);
  if (op->hasAttr(kKeepOnHostAttr))
    return fail(
        op, rewriter,
        "kept on the host (in a cluster below the minimum cluster size, or "
        "its shapes are only known at run time)");
  if (op->getNumRegions() != 0)
    return fail(op, rewriter, "ops with regions are not lowered yet");
  if (!hasHLOTypes(op))
    return fail(op, rewriter,
                "an operand or result is not an integer or float tensor");
  return success();
}

LogicalResult ConversionState::finish(Operation *op,
                                      ArrayRef<Operation *> built,
                                      SmallVectorImpl<Value> &results,
                                      ConversionPatternRewriter &rewriter) {
  // A lowering bug, or an op whose tf types disagree with what the hlo
  // rules compute, must not leave invalid IR: verify what was built and
  // otherwise refuse the op with the verifier's message.
  {
    std::string diag;
    ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &d) {
      if (diag.empty())
        diag = d.str();
      return success();
    });
    for (Operation *n : built)
      if (failed(verify(n)))
        return fail(op, rewriter,
                    "the hlo built for it does not verify: " + diag);
  }
  // Fold what was built, first first, so that later patterns see constants
  // (a perm built by ConcatV2 of constants). Only ops of this pattern are
  // touched: their uses are among themselves and in `results`.
  llvm::DenseMap<Value, Attribute> known;
  Block *constBlock =
      constantBlockFor(op, roots.empty() ? nullptr : roots.back());
  Dialect *hloDialect = op->getContext()->getLoadedDialect<hlo::HLODialect>();
  for (Operation *n : built) {
    if (n->hasTrait<OpTrait::ConstantLike>() || n->getNumRegions() != 0)
      continue;
    SmallVector<Attribute> in;
    for (Value v : n->getOperands()) {
      Attribute a = known.lookup(v);
      if (!a)
        (void)matchPattern(v, m_Constant(&a));
      in.push_back(a);
    }
    SmallVector<OpFoldResult> folded;
    if (failed(n->fold(in, folded)) || folded.empty())
      continue;
    SmallVector<Value> repl;
    for (auto [r, f] : llvm::zip(n->getResults(), folded)) {
      if (auto v = dyn_cast<Value>(f)) {
        repl.push_back(v);
        continue;
      }
      OpBuilder::InsertionGuard g(rewriter);
      rewriter.setInsertionPointToStart(constBlock);
      Operation *c = hloDialect->materializeConstant(
          rewriter, cast<Attribute>(f), r.getType(), n->getLoc());
      if (!c) {
        repl.clear();
        break;
      }
      c->setAttr(kFoldedAttr, rewriter.getUnitAttr());
      known[c->getResult(0)] = cast<Attribute>(f);
      repl.push_back(c->getResult(0));
    }
    if (repl.size() != n->getNumResults())
      continue;
    for (auto [r, v] : llvm::zip(n->getResults(), repl)) {
      r.replaceAllUsesWith(v);
      for (Value &res : results)
        if (res == r)
          res = v;
    }
  }
  // TFConversionState::legalize then replaces the op, the tf result types
  // becoming the hlo ones (possibly more static).
  return success();
}

void populateTFToHLOPatterns(RewritePatternSet &patterns,
                             ConversionState &state) {
  for (const PatternFamily &f : kFamilies)
    f.populate(patterns, state);
  patterns.add<RefineOnlyPattern>(patterns.getContext(), state);
}

void ConversionState::build(MLIRContext *ctx) {
  RewritePatternSet set(ctx);
  populateTFToHLOPatterns(set, *this);
  patterns = std::make_shared<FrozenRewritePatternSet>(std::move(set));
}

void ConversionState::run(Operation *root) {
  MLIRContext *ctx = root->getContext();
  if (!patterns)
    build(ctx);
  // Pre-steps on the blocks right under `root`: drop Asserts, lower the
  // straight-line TensorArrays.
  for (Region &r : root->getRegions())
    for (Block &b : r) {
      dropAsserts(b);
      lowerTensorArrays(b);
    }
  ConversionTarget target(*ctx);
  target.addLegalDialect<hlo::HLODialect, func::FuncDialect>();
  // tf ops are tried by the patterns and may stay (partial conversion);
  // ops nested in a tf op that stays (a region op) are left alone, and so
  // is everything else (tf_executor has been removed before).
  target.markUnknownOpDynamicallyLegal(
      [root](Operation *op) -> std::optional<bool> {
        if (op->getName().getDialectNamespace() != "tf")
          return true;
        for (Operation *p = op->getParentOp(); p && p != root;
             p = p->getParentOp())
          if (p->getName().getDialectNamespace() == "tf")
            return true;
        return std::nullopt;
      });
  DenseSet<Operation *> unlegalized;
  ConversionConfig config;
  config.unlegalizedOps = &unlegalized;
  // The patterns fold what they build (with hlo semantics); tf folders
  // must not run in between.
  config.foldingMode = DialectConversionFoldingMode::Never;
  roots.push_back(root);
  LogicalResult converted =
      applyPartialConversion(root, target, *patterns, config);
  roots.pop_back();
  (void)converted; // no tf op is illegal: ops left are listed below
  // Drop hlo ops left unused by folding (the ops folded into constants,
  // the constants a folded shape computation consumed), later ones first.
  SmallVector<Operation *> all;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != root)
      all.push_back(op);
  });
  for (Operation *op : llvm::reverse(all))
    if (op->getName().getDialectNamespace() == "hlo" && isOpTriviallyDead(op))
      op->erase();
  // The report: the tf ops left, in order, each with the reason its
  // pattern gave (as a remark on the op).
  for (const conversion::UnlegalizedOp &u :
       conversion::collectUnlegalizedOps(root, unlegalized, *this)) {
    report.failed[u.name].push_back(u.node);
    if (u.reason && !u.reason->empty()) {
      u.op->emitRemark() << "not legalized to hlo: " << *u.reason;
      report.reasons.try_emplace(u.name, *u.reason);
    }
  }
  reasons.clear();
}

void ConversionState::legalizeNested(Operation *root) {
  // The enclosing conversion's reasons belong to its ops: keep them.
  llvm::DenseMap<Operation *, std::string> outer = std::move(reasons);
  reasons.clear();
  run(root);
  reasons = std::move(outer);
}

} // namespace tohlo

std::string LegalizeHLOReport::format() const {
  if (failed.empty())
    return "";
  SmallVector<std::pair<StringRef, const std::vector<std::string> *>> rows;
  for (auto &[k, v] : failed)
    rows.push_back({k, &v});
  llvm::sort(rows, [](auto &a, auto &b) {
    if (a.second->size() != b.second->size())
      return a.second->size() > b.second->size();
    return a.first < b.first;
  });
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "cannot legalize: ";
  for (auto [i, row] : llvm::enumerate(rows)) {
    if (i)
      os << "; ";
    os << row.first << " (count " << row.second->size() << ": nodes ";
    size_t shown = std::min(row.second->size(), maxNodesPerOp);
    for (size_t j = 0; j < shown; ++j)
      os << (j ? ", " : "") << (*row.second)[j];
    if (shown < row.second->size())
      os << ", and " << row.second->size() - shown << " more";
    os << ")";
  }
  if (!explain)
    return s;
  os << ". Why: ";
  for (auto [i, row] : llvm::enumerate(rows)) {
    os << (i ? "; " : "") << row.first << ": ";
    if (auto it = reasons.find(row.first); it != reasons.end())
      os << it->second;
    else if (hasHLOConverter(row.first))
      os << "its lowering does not apply";
    else
      os << "no lowering to hlo";
  }
  return s;
}

std::vector<std::pair<std::string, std::string>> listHLOConverters() {
  llvm::StringMap<std::string> fileOf = familyFileOf();
  // Lowered before the patterns run (lowerTensorArrays), when every use of
  // the handle is one of these.
  for (const char *n :
       {"tf.TensorArrayV3", "tf.TensorArrayWriteV3", "tf.TensorArrayScatterV3",
        "tf.TensorArrayReadV3", "tf.TensorArrayGatherV3",
        "tf.TensorArraySplitV3", "tf.TensorArrayConcatV3",
        "tf.TensorArraySizeV3", "tf.TensorArrayCloseV3"})
    fileOf[n] = "TensorArray/TensorArrays.cpp";
  // Dropped (tf2xla compiles neither): see dropAsserts.
  fileOf["tf.Assert"] = "LegalizeTF.cpp";
  fileOf["tf.NoOp"] = "LegalizeTF.cpp";
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &e : fileOf)
    out.emplace_back(e.getKey().str(), e.getValue());
  llvm::sort(out);
  return out;
}

bool hasHLOConverter(StringRef opName) {
  return familyFileOf().count(opName) != 0;
}

std::vector<std::string> duplicateHLOPatternRoots() {
  MLIRContext ctx(MLIRContext::Threading::DISABLED);
  ctx.getOrLoadDialect<TF::TFDialect>();
  ctx.getOrLoadDialect<hlo::HLODialect>();
  OwningOpRef<ModuleOp> m = ModuleOp::create(UnknownLoc::get(&ctx));
  LegalizeHLOReport r;
  tohlo::ConversionState s(*m, r);
  RewritePatternSet set(&ctx);
  tohlo::populateTFToHLOPatterns(set, s);
  return conversion::duplicateRootOps(set);
}

LogicalResult legalizeTFToHLO(ModuleOp module, bool allowPartial,
                              LegalizeHLOReport &report, bool clampIndices) {
  module.getContext()->getOrLoadDialect<hlo::HLODialect>();
  // Functions called by functional control flow are inlined into the hlo
  // regions (Control/ControlFlow.cpp); only the others are legalized here.
  llvm::DenseSet<Operation *> callees;
  module.walk([&](Operation *op) {
    StringRef n = op->getName().getStringRef();
    if (n != "tf.If" && n != "tf.StatelessIf" && n != "tf.While" &&
        n != "tf.StatelessWhile")
      return;
    for (NamedAttribute a : op->getAttrs())
      if (SymbolRefAttr sym = TF::getFuncAttrSymbol(a.getValue()))
        if (Operation *f = SymbolTable::lookupSymbolIn(module, sym))
          callees.insert(f);
  });
  report.explain = true;
  tohlo::ConversionState state(module, report);
  SmallVector<func::FuncOp> fns(module.getOps<func::FuncOp>());
  for (auto fn : fns) {
    if (fn.isExternal() || callees.contains(fn))
      continue;
    state.run(fn);
    if (clampIndices) {
      // XLA's semantics: no run-time index checks (checkIndices); the hlo
      // gathers clamp and the scatters drop out-of-range indices.
      SmallVector<Operation *> checks;
      fn.walk([&](hlo::CustomCallOp cc) {
        if (cc.getCallTargetName() == TFMLIR_RT_CHECK_INDICES_TARGET)
          checks.push_back(cc);
      });
      for (Operation *c : checks) {
        c->getResult(0).replaceAllUsesWith(c->getOperand(0));
        c->erase();
      }
    }
    // Drop hlo ops left unused by folding (the ops folded into constants,
    // the constants a folded shape computation consumed), later ones
    // first, then hoist and unique the folded constants.
    SmallVector<Operation *> ops;
    fn.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op != fn)
        ops.push_back(op);
    });
    for (Operation *op : llvm::reverse(ops))
      if (op->getName().getDialectNamespace() == "hlo" && isOpTriviallyDead(op))
        op->erase();
    hoistFoldedConstants(fn);
    conversion::syncFunctionType(fn);
  }
  // Inlined callees that nothing references any more are dropped. Callees
  // of control flow that could not be legalized stay as they are (still
  // tf): the failing If/While is reported, and so are the ops of its
  // branches that failed while it was tried.
  for (auto fn : fns)
    if (callees.contains(fn) && SymbolTable::symbolKnownUseEmpty(fn, module))
      fn.erase();
  if (report.failed.empty())
    return success();
  if (allowPartial) {
    module.emitWarning() << report.format();
    return success();
  }
  module.emitError() << report.format();
  return failure();
}

namespace {
struct LegalizeTFToHLOPass
    : public impl::LegalizeTFToHLOBase<LegalizeTFToHLOPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(tf_executor::requireFunctionalForm(getOperation(),
                                                  "xla-legalize-tf")))
      return signalPassFailure();
    LegalizeHLOReport report;
    if (failed(legalizeTFToHLO(getOperation(), allowPartial, report,
                               clampIndices)))
      signalPassFailure();
  }
};
} // namespace

} // namespace tfmlir
