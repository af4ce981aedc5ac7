//===- AllocSites.cpp - hlo-cpu-name-alloc-sites --------------------------===//
//
// Names the TF node of every heap allocation of generated CPU code for the
// runtime (tfmlir_rt_alloc_site, runtime/cpu/Alloc.h), so that a failed
// allocation names the node. See Passes.td.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Passes.h"

#include "lib/Transforms/ShapeInferenceContext.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace tfmlir {
#define GEN_PASS_DEF_NAMEALLOCSITES
#include "lib/Codegen/CPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// The runtime entry that records the site (runtime/cpu/Alloc.h; tf-compile
/// renames it to runtime/aot's).
constexpr char kAllocSiteFn[] = "tfmlir_rt_alloc_site";

struct NameAllocSitesPass : impl::NameAllocSitesBase<NameAllocSitesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // Allocations already named (the pass ran before) are skipped.
    auto named = [](memref::AllocOp op) {
      auto call = dyn_cast_or_null<LLVM::CallOp>(op->getPrevNode());
      return call && call.getCallee() == StringRef(kAllocSiteFn);
    };
    SmallVector<memref::AllocOp> allocs;
    module.walk([&](memref::AllocOp op) {
      if (!named(op))
        allocs.push_back(op);
    });
    if (allocs.empty())
      return;
    OpBuilder top(module.getBodyRegion());
    top.setInsertionPointToStart(module.getBody());
    auto ptrTy = LLVM::LLVMPointerType::get(ctx);
    auto fnTy =
        LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {ptrTy});
    Location unknown = UnknownLoc::get(ctx);
    if (!module.lookupSymbol(kAllocSiteFn))
      LLVM::LLVMFuncOp::create(top, unknown, kAllocSiteFn, fnTy);
    // The site constants there are already, by name.
    llvm::StringMap<LLVM::GlobalOp> globals;
    module.walk([&](LLVM::GlobalOp g) {
      auto value = dyn_cast_or_null<StringAttr>(g.getValueOrNull());
      if (g.getSymName().starts_with("__tfmlir_site_") && value &&
          value.getValue().ends_with(StringRef("\0", 1)))
        globals[value.getValue().drop_back()] = g;
    });
    SymbolTable symbols(module);
    unsigned next = 0;
    for (memref::AllocOp op : allocs) {
      std::string name = shape_inference::nodeNameOf(op.getLoc());
      OpBuilder b(op);
      Value site;
      if (name.empty()) {
        site = LLVM::ZeroOp::create(b, op.getLoc(), ptrTy);
      } else {
        LLVM::GlobalOp &g = globals[name];
        if (!g) {
          std::string text = name;
          text.push_back('\0');
          auto arrTy =
              LLVM::LLVMArrayType::get(IntegerType::get(ctx, 8), text.size());
          std::string sym;
          do
            sym = ("__tfmlir_site_" + llvm::Twine(next++)).str();
          while (symbols.lookup(sym));
          g = LLVM::GlobalOp::create(top, unknown, arrTy, /*isConstant=*/true,
                                     LLVM::Linkage::Internal, sym,
                                     b.getStringAttr(text));
          symbols.insert(g);
        }
        site = LLVM::AddressOfOp::create(b, op.getLoc(), g);
      }
      LLVM::CallOp::create(b, op.getLoc(), TypeRange(), kAllocSiteFn,
                           ValueRange{site});
    }
  }
};

} // namespace
} // namespace tfmlir
