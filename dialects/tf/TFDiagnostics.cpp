//===- TFDiagnostics.cpp - diagnostics that name the GraphDef node --------===//
#include "dialects/tf/TFDiagnostics.h"

#include "dialects/tf/TFOps.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include <memory>

using namespace mlir;

DiagnosticEngine::HandlerID
tfmlir::registerNodeNameDiagnostics(MLIRContext *ctx) {
  // Set while the rewritten diagnostic travels down the handler chain, so
  // that this handler lets it pass.
  auto reemitting = std::make_shared<bool>(false);
  return ctx->getDiagEngine().registerHandler(
      [ctx, reemitting](Diagnostic &d) -> LogicalResult {
        if (*reemitting)
          return failure();
        auto name = dyn_cast<NameLoc>(d.getLocation());
        std::string msg = d.str();
        if (!name || llvm::StringRef(msg).starts_with("node '") ||
            llvm::StringRef(msg).starts_with("function '"))
          return failure();
        // Messages of our passes often name the node themselves.
        std::string quoted = "'" + name.getName().str() + "'";
        if (llvm::StringRef(msg).contains(quoted))
          return failure();
        Diagnostic re(d.getLocation(), d.getSeverity());
        re << "node '" << name.getName().getValue() << "': " << msg;
        for (Diagnostic &note : d.getNotes())
          re.attachNote(note.getLocation()) << note.str();
        *reemitting = true;
        ctx->getDiagEngine().emit(std::move(re));
        *reemitting = false;
        return success();
      });
}

void tfmlir::addNodeNameDiagnosticsExtension(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, TF::TFDialect *) {
    registerNodeNameDiagnostics(ctx);
  });
}

std::string tfmlir::nodeNameOf(Location loc) {
  std::string out;
  loc->walk([&](Location l) {
    if (auto n = dyn_cast<NameLoc>(l)) {
      out = n.getName().str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return out.empty() ? "<unnamed>" : out;
}
