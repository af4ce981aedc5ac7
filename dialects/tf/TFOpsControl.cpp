//===- TFOpsControl.cpp - functional control flow, calls, Assert ---------===//
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsUtils.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace mlir;
using namespace tfmlir;
using namespace tfmlir::TF;

//===----------------------------------------------------------------------===//
// Function references
//===----------------------------------------------------------------------===//

SymbolRefAttr tfmlir::TF::getFuncAttrSymbol(Attribute attr) {
  if (auto f = dyn_cast_or_null<tf_type::FuncAttr>(attr))
    return f.getName();
  return dyn_cast_or_null<SymbolRefAttr>(attr);
}

std::string tfmlir::TF::recursionPath(FunctionOpInterface fn) {
  StringRef target = fn.getName();
  Operation *table = SymbolTable::getNearestSymbolTable(fn);
  if (!table)
    return "";
  SmallVector<std::string> path;
  llvm::DenseSet<Operation *> done{fn.getOperation()};
  // Depth-first; `path` holds the names from `fn` to the function visited.
  std::function<bool(FunctionOpInterface)> visit = [&](FunctionOpInterface f) {
    path.push_back(f.getName().str());
    auto reaches = [&](Attribute a) {
      SymbolRefAttr s = getFuncAttrSymbol(a);
      if (!s)
        return false;
      if (s.getRootReference() == target) {
        path.push_back(target.str());
        return true;
      }
      auto callee = dyn_cast_or_null<FunctionOpInterface>(
          SymbolTable::lookupSymbolIn(table, s.getRootReference()));
      return callee && done.insert(callee).second && visit(callee);
    };
    WalkResult r = f->walk([&](Operation *op) {
      for (NamedAttribute na : op->getAttrs()) {
        bool found = false;
        if (auto list = dyn_cast<ArrayAttr>(na.getValue()))
          found = llvm::any_of(list, reaches);
        else
          found = reaches(na.getValue());
        if (found)
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (!r.wasInterrupted())
      path.pop_back();
    return r.wasInterrupted();
  };
  return visit(fn) ? llvm::join(path, " -> ") : "";
}

/// Looks up the function named by the attr `attrName`.
static FunctionOpInterface lookupFunction(Operation *op,
                                          SymbolTableCollection &symbols,
                                          Attribute attr, StringRef attrName) {
  SymbolRefAttr sym = getFuncAttrSymbol(attr);
  if (!sym) {
    op->emitOpError() << "requires '" << attrName
                      << "' to reference a function";
    return {};
  }
  auto fn = symbols.lookupNearestSymbolFrom<FunctionOpInterface>(op, sym);
  if (!fn) {
    // The GraphDef importer keeps library functions it could not import
    // (and that nothing imported uses) as bytes; TF resolves calls lazily.
    auto module = op->getParentOfType<ModuleOp>();
    if (module && module->hasAttr("tf._unimported_functions"))
      return {};
    op->emitOpError() << "'" << attrName << "' references " << sym
                      << ", which is not a function in the module";
  }
  return fn;
}

/// Why the function's `what` types ("argument"/"result") do not correspond
/// to the op's `opWhat` types, or "" when they do: same count and element
/// types (shapes may be refined differently on each side, so only dtypes are
/// compared; variants match anything).
static std::string typeListMismatch(StringRef what, ArrayRef<Type> fnTypes,
                                    StringRef opWhat, TypeRange opTypes) {
  std::string why;
  llvm::raw_string_ostream os(why);
  if (fnTypes.size() != opTypes.size()) {
    os << "has " << fnTypes.size() << " " << what << "s but the op has "
       << opTypes.size() << " " << opWhat << "s";
    return why;
  }
  for (size_t i = 0; i < fnTypes.size(); ++i) {
    Type f = fnTypes[i], o = opTypes[i];
    bool unknown =
        isa<tf_type::VariantType>(tf_type::getElementTypeOrSelf(f)) ||
        isa<tf_type::VariantType>(tf_type::getElementTypeOrSelf(o));
    if (!unknown && !elementTypesMatch(f, o)) {
      os << what << " #" << i << " has type '" << f << "' but the op's "
         << opWhat << " #" << i << " has type '" << o << "'";
      return why;
    }
  }
  return why;
}

std::string tfmlir::TF::calleeSignatureMismatch(FunctionOpInterface fn,
                                                TypeRange inputs,
                                                TypeRange results,
                                                bool isWhileCond) {
  // Generic (polymorphic) library functions are typed per call in TF; their
  // imported signature has placeholder types, so only calls of concrete
  // functions are checked.
  for (unsigned i = 0, e = fn.getNumArguments(); i < e; ++i)
    if (fn.getArgAttr(i, "tf._type_attr"))
      return "";
  for (unsigned i = 0, e = fn.getNumResults(); i < e; ++i)
    if (fn.getResultAttr(i, "tf._type_attr"))
      return "";
  std::string why =
      typeListMismatch("argument", fn.getArgumentTypes(), "input", inputs);
  if (!why.empty())
    return why;
  if (isWhileCond) {
    if (fn.getResultTypes().size() != 1)
      return "must return one value, got " +
             std::to_string(fn.getResultTypes().size());
    return "";
  }
  return typeListMismatch("result", fn.getResultTypes(), "result", results);
}

/// `attr` names a function taking `inputs` and returning `results` (for a
/// While's cond: returning one value).
static LogicalResult verifyCallee(Operation *op, SymbolTableCollection &symbols,
                                  Attribute attr, StringRef attrName,
                                  TypeRange inputs, TypeRange results,
                                  bool isWhileCond = false) {
  FunctionOpInterface fn = lookupFunction(op, symbols, attr, attrName);
  if (!fn) {
    auto module = op->getParentOfType<ModuleOp>();
    return success(module && module->hasAttr("tf._unimported_functions"));
  }
  std::string why = calleeSignatureMismatch(fn, inputs, results, isWhileCond);
  if (why.empty())
    return success();
  return op->emitOpError() << "'" << attrName << "' function @" << fn.getName()
                           << " " << why;
}

//===----------------------------------------------------------------------===//
// If / Case
//===----------------------------------------------------------------------===//

template <typename OpTy>
static LogicalResult verifyIfUses(OpTy op, SymbolTableCollection &symbols) {
  TypeRange inputs = op.getInput().getTypes();
  TypeRange results = op->getResultTypes();
  if (failed(verifyCallee(op, symbols, op.getThenBranch(), "then_branch",
                          inputs, results)))
    return failure();
  return verifyCallee(op, symbols, op.getElseBranch(), "else_branch", inputs,
                      results);
}

LogicalResult IfOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyIfUses(*this, symbols);
}
LogicalResult StatelessIfOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyIfUses(*this, symbols);
}

template <typename OpTy> static LogicalResult verifyCase(OpTy op) {
  if (op.getBranches().empty())
    return op.emitOpError() << "requires at least one branch";
  return verifyScalar(op, op.getBranchIndex(), "branch_index");
}

template <typename OpTy>
static LogicalResult verifyCaseUses(OpTy op, SymbolTableCollection &symbols) {
  for (auto [i, branch] : llvm::enumerate(op.getBranches())) {
    std::string name = "branches[" + std::to_string(i) + "]";
    if (failed(verifyCallee(op, symbols, branch, name, op.getInput().getTypes(),
                            op->getResultTypes())))
      return failure();
  }
  return success();
}

LogicalResult CaseOp::verify() { return verifyCase(*this); }
LogicalResult StatelessCaseOp::verify() { return verifyCase(*this); }
LogicalResult CaseOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyCaseUses(*this, symbols);
}
LogicalResult
StatelessCaseOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyCaseUses(*this, symbols);
}

//===----------------------------------------------------------------------===//
// While
//===----------------------------------------------------------------------===//

template <typename OpTy> static LogicalResult verifyWhile(OpTy op) {
  if (op.getInput().size() != op.getOutput().size())
    return op.emitOpError()
           << "has " << op.getInput().size() << " loop inputs but "
           << op.getOutput().size() << " results";
  for (auto [i, types] : llvm::enumerate(
           llvm::zip(op.getInput().getTypes(), op.getOutput().getTypes()))) {
    auto [in, out] = types;
    if (!elementTypesMatch(in, out))
      return op.emitOpError() << "loop variable #" << i << " has input type "
                              << in << " but result type " << out;
  }
  return success();
}

template <typename OpTy>
static LogicalResult verifyWhileUses(OpTy op, SymbolTableCollection &symbols) {
  TypeRange inputs = op.getInput().getTypes();
  if (failed(verifyCallee(op, symbols, op.getCond(), "cond", inputs, {},
                          /*isWhileCond=*/true)))
    return failure();
  return verifyCallee(op, symbols, op.getBody(), "body", inputs, inputs);
}

LogicalResult WhileOp::verify() { return verifyWhile(*this); }
LogicalResult StatelessWhileOp::verify() { return verifyWhile(*this); }
LogicalResult WhileOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyWhileUses(*this, symbols);
}
LogicalResult
StatelessWhileOp::verifySymbolUses(SymbolTableCollection &symbols) {
  return verifyWhileUses(*this, symbols);
}

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

template <typename OpTy>
static void setCallee(OpTy op, CallInterfaceCallable callee) {
  auto sym = cast<SymbolRefAttr>(callee);
  if (auto f = dyn_cast<tf_type::FuncAttr>(op.getF()))
    op.setFAttr(tf_type::FuncAttr::get(op.getContext(), sym, f.getAttrs()));
  else
    op.setFAttr(sym);
}

#define TFMLIR_CALL_OP(OP)                                                     \
  CallInterfaceCallable OP::getCallableForCallee() {                           \
    return getFuncAttrSymbol(getF());                                          \
  }                                                                            \
  void OP::setCalleeFromCallable(CallInterfaceCallable callee) {               \
    setCallee(*this, callee);                                                  \
  }                                                                            \
  Operation::operand_range OP::getArgOperands() { return getArgs(); }          \
  MutableOperandRange OP::getArgOperandsMutable() { return getArgsMutable(); } \
  LogicalResult OP::verifySymbolUses(SymbolTableCollection &symbols) {         \
    return verifyCallee(*this, symbols, getF(), "f", getArgs().getTypes(),     \
                        getOperation()->getResultTypes());                     \
  }
TFMLIR_CALL_OP(PartitionedCallOp)
TFMLIR_CALL_OP(StatefulPartitionedCallOp)
TFMLIR_CALL_OP(LegacyCallOp)
#undef TFMLIR_CALL_OP

//===----------------------------------------------------------------------===//
// Assert
//===----------------------------------------------------------------------===//

LogicalResult AssertOp::verify() {
  return verifyScalar(*this, getCondition(), "condition");
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "dialects/tf/TFOpsControl.cpp.inc"

void tfmlir::TF::registerControlOps(TFDialect &dialect) {
  dialect.addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOpsControl.cpp.inc"
      >();
}
