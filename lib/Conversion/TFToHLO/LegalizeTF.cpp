//===- LegalizeTF.cpp - the xla-legalize-tf pass and its driver -----------===//
//
// Walks each function body in order and replaces every tf op that has a
// converter (Convert*.cpp) by hlo ops; operands defined by already
// converted ops are hlo values, so converters see hlo constants for shape
// operands. Ops left over are collected into one histogram.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "lib/Transforms/ShapeInference.h"

#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFDiagnostics.h"
#include "runtime/cpu/IndexCheck.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Transforms/FoldUtils.h"

#include <algorithm>
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

#define GEN_PASS_DEF_LEGALIZETFTOHLO
#include "lib/Conversion/TFToHLO/Passes.h.inc"

namespace {


/// The node name of `op` for the report (see nodeNameOf).
std::string nodeName(Operation *op) { return nodeNameOf(op->getLoc()); }

/// The converter families and the file each lives in (one entry per
/// tohlo::add*Converters; listConverters() and docs/OpCoverage.md read it).
struct ConverterFamily {
  void (*add)(llvm::StringMap<tohlo::Converter> &);
  const char *file;
};
const ConverterFamily kFamilies[] = {
    {tohlo::addElementwiseConverters, "ConvertElementwise.cpp"},
    {tohlo::addContractionConverters, "ConvertContraction.cpp"},
    {tohlo::addReduceConverters, "ConvertReduce.cpp"},
    {tohlo::addShapeConverters, "ConvertShape.cpp"},
    {tohlo::addMiscConverters, "ConvertMisc.cpp"},
    {tohlo::addExtraConverters, "ConvertExtra.cpp"},
    {tohlo::addLinalgConverters, "ConvertLinalg.cpp"},
    {tohlo::addSpecialConverters, "ConvertSpecial.cpp"},
    {tohlo::addRandomConverters, "ConvertRandom.cpp"},
    {tohlo::addPhiloxRandomConverters, "ConvertPhiloxRandom.cpp"},
    {tohlo::addFakeQuantConverters, "ConvertFakeQuant.cpp"},
    {tohlo::addImageBoxConverters, "ConvertImageBoxes.cpp"},
    {tohlo::addDiagConverters, "ConvertDiag.cpp"},
    {tohlo::addLRNConverters, "ConvertLRN.cpp"},
    {tohlo::addRaggedConverters, "ConvertRagged.cpp"},
};

const llvm::StringMap<tohlo::Converter> &converters() {
  static const llvm::StringMap<tohlo::Converter> table = [] {
    llvm::StringMap<tohlo::Converter> t;
    for (const ConverterFamily &f : kFamilies)
      f.add(t);
    return t;
  }();
  return table;
}

/// True when every operand and result of `op` is a tensor of integers or
/// floats (the element types the converters build hlo for; strings,
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
/// compiled). Erases the Asserts of `block` and then the constants and
/// identities that only fed them (e.g. the string messages), last first.
void dropAsserts(Block &block) {
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  for (Operation *op : llvm::reverse(ops)) {
    StringRef n = op->getName().getStringRef();
    if ((n == "tf.Assert" && op->getNumResults() == 0) ||
        (isPureValueOp(op) && op->use_empty()))
      op->erase();
  }
}

/// Converts the tf ops of `block` in order, recording the ones left. The
/// hlo ops each converter builds are folded right away (OperationFolder),
/// so shape computations on constants (e.g. a perm built by ConcatV2 of
/// constants) are constants for the converters of later ops.
void legalizeBlock(Block &block, LegalizeHLOReport &report) {
  dropAsserts(block);
  tohlo::lowerTensorArrays(block);
  SmallVector<Operation *> ops;
  for (Operation &op : block)
    ops.push_back(&op);
  OpBuilder b(block.getParentOp()->getContext());
  OperationFolder folder(block.getParentOp()->getContext());
  for (Operation *op : ops) {
    StringRef name = op->getName().getStringRef();
    if (!name.starts_with("tf."))
      continue;
    if (name == "tf.NoOp" && op->use_empty()) {
      op->erase();
      continue;
    }
    b.setInsertionPoint(op);
    Operation *before = op->getPrevNode();
    // The ops this conversion built so far, last first.
    auto createdOps = [&]() {
      SmallVector<Operation *> created;
      for (Operation *n = op->getPrevNode(); n && n != before;
           n = n->getPrevNode())
        created.push_back(n);
      return created;
    };
    // Operands may have become static since shape inference ran (hlo
    // values, an inlined constant-predicate If): refine the result types
    // by the op's TF shape function first.
    if (llvm::any_of(op->getResultTypes(), [](Type t) {
          auto r = dyn_cast<RankedTensorType>(t);
          return isa<TensorType>(t) && (!r || !r.hasStaticShape());
        }))
      (void)refineResultTypes(op);
    SmallVector<Value> results;
    std::string why;
    bool ok = false;
    auto it = converters().find(name);
    tohlo::BlockLegalizer nested = [&report](Block &inner) {
      legalizeBlock(inner, report);
    };
    if (op->hasAttr(kKeepOnHostAttr))
      why = "kept on the host (in a cluster below the minimum cluster size)";
    else if (op->getNumRegions() != 0)
      why = "ops with regions are not lowered yet";
    else if (!hasHLOTypes(op))
      why = "an operand or result is not an integer or float tensor";
    else if (name == "tf.If" || name == "tf.StatelessIf")
      ok = succeeded(tohlo::convertIf(op, b, results, why, nested)) &&
           results.size() == op->getNumResults();
    else if (name == "tf.While" || name == "tf.StatelessWhile")
      ok = succeeded(tohlo::convertWhile(op, b, results, why, nested)) &&
           results.size() == op->getNumResults();
    else if (it != converters().end())
      ok = succeeded(it->second(op, b, results, why)) &&
           results.size() == op->getNumResults();
    if (ok) {
      // A converter bug or an op whose tf types disagree with what the hlo
      // rules compute must not leave invalid IR: verify what was built and
      // otherwise report the op (with the verifier's message).
      std::string diag;
      ScopedDiagnosticHandler capture(op->getContext(), [&](Diagnostic &d) {
        if (diag.empty())
          diag = d.str();
        return success();
      });
      for (Operation *n : createdOps())
        if (failed(verify(n))) {
          ok = false;
          why = "the hlo built for it does not verify: " + diag;
          break;
        }
    }
    if (!ok) {
      // Drop what the converter built before failing (last first).
      for (Operation *n : createdOps()) {
        n->dropAllUses();
        n->erase();
      }
      report.failed[op->getName().getIdentifier().getValue()].push_back(
          nodeName(op));
      if (!why.empty())
        op->emitRemark() << "not legalized to hlo: " << why;
      continue;
    }
    SmallVector<Operation *> created = createdOps();
    for (auto [from, to] : llvm::zip(op->getResults(), results))
      from.replaceAllUsesWith(to);
    op->erase();
    for (Operation *n : llvm::reverse(created))
      if (!n->hasTrait<OpTrait::ConstantLike>())
        (void)folder.tryToFold(n);
  }
}

/// Makes a function's result types those of its return operands (hlo
/// results may be more static than the tf types they replace).
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
  return s;
}

std::vector<std::pair<std::string, std::string>> listHLOConverters() {
  llvm::StringMap<std::string> fileOf;
  for (const ConverterFamily &f : kFamilies) {
    llvm::StringMap<tohlo::Converter> t;
    f.add(t);
    for (const auto &e : t)
      fileOf[e.getKey()] = f.file; // a later family replaces, as in converters()
  }
  // The ops legalizeBlock handles before it consults the table. Functional
  // control flow: ConvertControlFlow.cpp (its regions need the callees
  // inlined).
  for (const char *n : {"tf.If", "tf.StatelessIf", "tf.While", "tf.StatelessWhile"})
    fileOf[n] = "ConvertControlFlow.cpp";
  // Lowered before the table runs (lowerTensorArrays), when every use of the
  // handle is one of these.
  for (const char *n :
       {"tf.TensorArrayV3", "tf.TensorArrayWriteV3", "tf.TensorArrayScatterV3",
        "tf.TensorArrayReadV3", "tf.TensorArrayGatherV3", "tf.TensorArraySplitV3",
        "tf.TensorArrayConcatV3", "tf.TensorArraySizeV3", "tf.TensorArrayCloseV3"})
    fileOf[n] = "ConvertTensorArray.cpp";
  // Dropped (tf2xla compiles neither): see dropAsserts and legalizeBlock.
  fileOf["tf.Assert"] = "LegalizeTF.cpp";
  fileOf["tf.NoOp"] = "LegalizeTF.cpp";
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &e : fileOf)
    out.emplace_back(e.getKey().str(), e.getValue());
  llvm::sort(out);
  return out;
}

bool hasHLOConverter(StringRef opName) {
  return opName == "tf.If" || opName == "tf.StatelessIf" ||
         opName == "tf.While" || opName == "tf.StatelessWhile" ||
         converters().count(opName);
}

LogicalResult legalizeTFToHLO(ModuleOp module, bool allowPartial,
                              LegalizeHLOReport &report, bool clampIndices) {
  module.getContext()->getOrLoadDialect<hlo::HLODialect>();
  // Functions called by functional control flow are inlined into the hlo
  // regions (ConvertControlFlow.cpp); only the others are legalized here.
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
  SmallVector<func::FuncOp> fns(module.getOps<func::FuncOp>());
  for (auto fn : fns) {
    if (fn.isExternal() || callees.contains(fn))
      continue;
    for (Block &block : fn.getBody())
      legalizeBlock(block, report);
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
    // Drop hlo ops left unused by folding (e.g. the constants a folded
    // shape computation consumed).
    for (Block &block : fn.getBody()) {
      SmallVector<Operation *> ops;
      for (Operation &op : block)
        ops.push_back(&op);
      for (Operation *op : llvm::reverse(ops))
        if (op->getName().getDialectNamespace() == "hlo" &&
            isOpTriviallyDead(op))
          op->erase();
    }
    syncFunctionType(fn);
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
    if (failed(tf_executor::requireFunctionalForm(getOperation(), "xla-legalize-tf")))
      return signalPassFailure();
    LegalizeHLOReport report;
    if (failed(legalizeTFToHLO(getOperation(), allowPartial, report,
                               clampIndices)))
      signalPassFailure();
  }
};
} // namespace

} // namespace tfmlir
