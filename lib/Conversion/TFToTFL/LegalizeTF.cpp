//===- LegalizeTF.cpp - the tfl-legalize-tf pass and its driver -----------===//
#include "lib/Conversion/TFToTFL/Helpers.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFExecutor.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

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


/// The node name of `op` for the report (see nodeNameOf).
std::string nodeName(Operation *op) { return nodeNameOf(op->getLoc()); }

/// The converter families and the file each lives in (one entry per
/// conv::add*Converters; listTFLConverters() reads it too).
struct ConverterFamily {
  void (*add)(llvm::StringMap<conv::Converter> &);
  const char *file;
};
const ConverterFamily kFamilies[] = {
    {conv::addGenericConverters, "ConvertOps.cpp"},
    {conv::addNNConverters, "ConvertNN.cpp"},
    {conv::addControlFlowConverters, "ConvertControlFlow.cpp"},
    {conv::addFakeQuantConverters, "ConvertFakeQuant.cpp"},
    {conv::addExtraBuiltinConverters, "ConvertExtraBuiltins.cpp"},
    {conv::addLRNConverters, "ConvertLRN.cpp"},
};

const llvm::StringMap<conv::Converter> &converters() {
  static const llvm::StringMap<conv::Converter> table = [] {
    llvm::StringMap<conv::Converter> t;
    for (const ConverterFamily &f : kFamilies)
      f.add(t);
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

/// Whether `tflName`'s kernels take 8/16-bit integers only quantized.
bool quantizedOnlyNarrowInts(StringRef tflName) {
  return tflName == "tfl.add" || tflName == "tfl.sub" ||
         tflName == "tfl.mul" || tflName == "tfl.div";
}

/// The first operand type, else result type, of `op` that the builtin
/// `tflName` has no TFLite kernel for (see hasTFLiteKernelType and
/// hasTFLiteArithmeticKernelType), or null.
Type firstTypeWithoutKernel(Operation *op, StringRef tflName) {
  auto ok = quantizedOnlyNarrowInts(tflName) ? hasTFLiteArithmeticKernelType
                                             : hasTFLiteKernelType;
  for (Type t : op->getOperandTypes())
    if (!ok(t))
      return t;
  for (Type t : op->getResultTypes())
    if (!ok(t))
      return t;
  return {};
}

/// The reason a builtin cannot take `t`, as the report prints it.
std::string noKernelReason(StringRef tflName, Type t) {
  std::string ts;
  llvm::raw_string_ostream(ts) << t;
  if (hasTFLiteKernelType(t))
    return (tflName + " has no kernel for " + ts +
            " without quantization (TFLite runs it on 8/16-bit integers only "
            "quantized: Cast to int32 first)")
        .str();
  return (tflName + " has no kernel for " + ts +
          " (TFLite computes in float32: Cast first)")
      .str();
}

/// The DRR stage of the legalization (LegalizePatterns.td): runs the
/// element-wise patterns with applyPartialConversion on the ops directly in
/// a function body (ops nested in other ops' regions are left, as the
/// string driver leaves them). A root op of these patterns is illegal
/// unless one of its types has no TFLite kernel; such an op stays a tf op
/// and the string driver reports it with the reason (`reasonFor`). Ops
/// the patterns do not root on are left to the string driver.
class ElementwiseStage {
public:
  explicit ElementwiseStage(MLIRContext *ctx) : target(*ctx) {
    RewritePatternSet patterns(ctx);
    populateTFToTFLElementwisePatterns(patterns);
    target.addLegalDialect<tfl::TFLDialect>();
    for (const std::unique_ptr<RewritePattern> &p :
         patterns.getNativePatterns()) {
      std::optional<OperationName> root = p->getRootKind();
      assert(root && !p->getGeneratedOps().empty() &&
             "DRR patterns root on one op and generate one");
      tflNameOf[root->getStringRef()] =
          p->getGeneratedOps().front().getStringRef();
      StringRef tflName = p->getGeneratedOps().front().getStringRef();
      target.addDynamicallyLegalOp(
          *root, [tflName](Operation *op) -> std::optional<bool> {
            return !isa_and_nonnull<func::FuncOp>(op->getParentOp()) ||
                   firstTypeWithoutKernel(op, tflName) != nullptr;
          });
    }
    frozen = FrozenRewritePatternSet(std::move(patterns));
  }

  /// Converts the ops of `fn`'s body that the patterns handle. Fails only if
  /// a pattern does not apply to an op marked illegal (a bug: the legality
  /// rule above must mirror the patterns' constraints).
  /// Records in `report.produced` the tfl op of each tf op it converts.
  LogicalResult run(func::FuncOp fn, ConversionReport &report) {
    for (Operation &op : fn.getOps()) {
      auto it = tflNameOf.find(op.getName().getStringRef());
      if (it != tflNameOf.end() && !firstTypeWithoutKernel(&op, it->second))
        report.produced[it->first().str()].insert(it->second.str());
    }
    ConversionConfig config;
    // The string driver folds nothing; neither does this stage.
    config.foldingMode = DialectConversionFoldingMode::Never;
    return applyPartialConversion(fn, target, frozen, config);
  }

  /// For a tf op this stage left in a function body: why its builtin cannot
  /// take it, or "" when the patterns do not handle this op.
  std::string reasonFor(Operation *op) const {
    auto it = tflNameOf.find(op->getName().getStringRef());
    if (it == tflNameOf.end())
      return "";
    Type t = firstTypeWithoutKernel(op, it->second);
    return t ? noKernelReason(it->second, t) : "";
  }

private:
  ConversionTarget target;
  FrozenRewritePatternSet frozen;
  /// tf op name -> the tfl op its pattern generates.
  llvm::StringMap<StringRef> tflNameOf;
};

/// TFLite's builtin kernels compute in float32 and the integer types; they
/// have no float64, float16, bfloat16 or complex arithmetic. Those types are
/// taken only by ops that move data without computing on it (CAST converts
/// them; RESHAPE and friends copy bytes; BITCAST reinterprets them).
/// Returns a tensor type of `op` that its builtin cannot take, or null.
/// TF's converter rejects the same ops
/// (they stay TF ops and need Flex).
Type unsupportedFloatType(Operation *op) {
  static const llvm::StringSet<> typeAgnostic = {
      "tfl.cast",        "tfl.reshape", "tfl.squeeze",     "tfl.expand_dims",
      "tfl.pseudo_const", "tfl.no_value", "tfl.shape", "tfl.rank",
      "tfl.bitcast"};
  if (typeAgnostic.contains(op->getName().getStringRef()))
    return {};
  return firstTypeWithoutKernel(op, op->getName().getStringRef());
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
  Value scalar = conv::constant(b, loc, d.resizeSplat(RankedTensorType::get({}, e)));
  return conv::create1(b, loc, "tfl.fill", {shape, scalar}, d.getType());
}

/// Converts the tf ops of one function body left by the DRR stage
/// (`elementwise`) in order, through the string-keyed converters(). The ops
/// left unsupported are recorded in `report`.
void legalizeBlock(Block &block, bool allowCustomOps,
                   const ElementwiseStage &elementwise,
                   ConversionReport &report) {
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
        Value c = largeSplatAsFill(b, op->getLoc(), v);
        if (!c)
          c = conv::constant(b, op->getLoc(), v);
        results.push_back(c);
        ok = true;
      } else {
        why = "constant value is not a tensor";
      }
    } else if (op->getNumRegions() != 0) {
      why = "ops with regions have no TFLite builtin here";
    } else {
      auto it = converters().find(name);
      if (it != converters().end()) {
        Operation *before = op->getPrevNode();
        ok = succeeded(it->second(op, b, results, why)) &&
             results.size() == op->getNumResults();
        // The ops just created sit between `before` and `op`.
        SmallVector<Operation *> created;
        for (Operation *c = before ? before->getNextNode() : &block.front();
             c && c != op; c = c->getNextNode())
          created.push_back(c);
        if (ok)
          for (Operation *c : created)
            if (Type t = unsupportedFloatType(c)) {
              ok = false;
              why = noKernelReason(c->getName().getStringRef(), t);
              break;
            }
        if (ok) {
          std::set<std::string> &built = report.produced[name.str()];
          for (Operation *c : created) {
            StringRef n = c->getName().getStringRef();
            if (n == "tfl.pseudo_const" || n == "tfl.no_value" ||
                !n.starts_with("tfl."))
              continue;
            if (auto generic = c->getAttrOfType<StringAttr>("name");
                generic && n == "tfl.builtin_op")
              built.insert("tfl." + generic.getValue().lower());
            else
              built.insert(n.str());
          }
        }
        if (!ok) {
          // Undo the partial conversion: the new ops are used only by each
          // other, so erase them latest first.
          results.clear();
          for (Operation *c : llvm::reverse(created))
            if (c->use_empty())
              c->erase();
        }
      } else {
        why = elementwise.reasonFor(op);
        if (why.empty())
          why = "no TFLite builtin";
      }
    }
    if (!ok) {
      // Keep the op's name alive: the report's keys point into the context.
      StringRef key = op->getName().getIdentifier().getValue();
      if (why.empty() || why == "no TFLite builtin") {
        record(report.unsupported, key, op);
      } else {
        record(report.unconvertible, key, op);
        report.unconvertible[key].reasons.push_back(why);
      }
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
      // One reason for all nodes is printed once, at the end.
      bool oneReason = !e.reasons.empty() &&
                       llvm::all_equal(llvm::ArrayRef(e.reasons));
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
       << (customOpsEmitted
               ? "), emitted as custom ops:\n"
               : "); convert with " + customOpsFlag +
                     " to emit them as custom ops:\n");
    list(unsupported);
  }
  if (!unconvertible.empty()) {
    os << "Ops whose TFLite builtin cannot take them as they are ("
       << unconvertible.size()
       << (customOpsEmitted ? "), emitted as custom ops:\n"
                            : "); " + customOpsFlag +
                                  " emits them as custom ops:\n");
    list(unconvertible);
  }
  return s;
}

LogicalResult legalizeTFToTFL(ModuleOp module, bool allowCustomOps, bool fuse,
                              ConversionReport &report) {
  MLIRContext *ctx = module.getContext();
  ctx->getOrLoadDialect<tfl::TFLDialect>();
  report.customOpsEmitted = allowCustomOps;
  ElementwiseStage elementwise(ctx);
  for (auto fn : module.getOps<func::FuncOp>()) {
    if (fn.isExternal())
      continue;
    // The DRR patterns first, then the string driver for the rest (the
    // adapter while the converters move to the conversion framework).
    if (failed(elementwise.run(fn, report)))
      return fn.emitError(
          "tfl-legalize-tf: element-wise patterns left an illegal op");
    for (Block &block : fn.getBody())
      legalizeBlock(block, allowCustomOps, elementwise, report);
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
    if (!n.starts_with("tfl.") || n == "tfl.pseudo_const" || n == "tfl.no_value" ||
        n == "tfl.custom")
      return;
    StringRef key = op->getName().getIdentifier().getValue();
    // A generic builtin is listed under its builtin's name (interned in the
    // context, so the key outlives this walk).
    if (auto generic = op->getAttrOfType<StringAttr>("name");
        generic && n == "tfl.builtin_op")
      key = StringAttr::get(ctx, "tfl." + generic.getValue().lower()).getValue();
    record(report.builtins, key, op);
  });
  if (!report.complete() && !allowCustomOps) {
    module.emitError() << "some ops cannot be converted to TFLite builtins\n"
                       << report.format();
    return failure();
  }
  return success();
}

namespace {
struct LegalizeTFToTFLPass : public impl::LegalizeTFToTFLBase<LegalizeTFToTFLPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(tfmlir::tf_executor::requireFunctionalForm(getOperation(), "tfl-legalize-tf")))
      return signalPassFailure();
    ConversionReport report;
    report.customOpsFlag = "-tfl-legalize-tf=allow-custom-ops";
    if (failed(legalizeTFToTFL(getOperation(), allowCustomOps, enableFusions, report)))
      signalPassFailure();
  }
};
} // namespace

std::vector<std::pair<std::string, std::string>> listTFLConverters() {
  llvm::StringMap<std::string> fileOf;
  for (const ConverterFamily &f : kFamilies) {
    llvm::StringMap<conv::Converter> t;
    f.add(t);
    for (const auto &e : t)
      fileOf[e.getKey()] = f.file; // a later family replaces, as in converters()
  }
  // legalizeBlock builds constants itself, before it consults the table.
  fileOf["tf.Const"] = "LegalizeTF.cpp";
  // The DRR stage's root ops (ElementwiseStage), by pattern.
  MLIRContext ctx;
  RewritePatternSet drr(&ctx);
  populateTFToTFLElementwisePatterns(drr);
  for (const std::unique_ptr<RewritePattern> &p : drr.getNativePatterns())
    if (std::optional<OperationName> root = p->getRootKind())
      fileOf[root->getStringRef()] = "LegalizePatterns.td";
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &e : fileOf)
    out.emplace_back(e.getKey().str(), e.getValue());
  llvm::sort(out);
  return out;
}

} // namespace tfmlir
