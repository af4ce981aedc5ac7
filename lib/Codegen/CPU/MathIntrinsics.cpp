//===- MathIntrinsics.cpp - exact math ops to LLVM intrinsics -------------===//
//
// hlo-cpu-math-intrinsics (see Passes.td): upstream convert-math-to-llvm's
// patterns, applied by a partial conversion in which only the math ops that
// are exact as LLVM intrinsics are illegal, so only they are rewritten.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Transforms/DialectConversion.h"

namespace tfmlir {

#define GEN_PASS_DEF_CPUMATHINTRINSICS
#include "lib/Codegen/CPU/Passes.h.inc"

namespace {
struct CpuMathIntrinsicsPass
    : impl::CpuMathIntrinsicsBase<CpuMathIntrinsicsPass> {
  void runOnOperation() override {
    mlir::MLIRContext *ctx = &getContext();
    mlir::LLVMTypeConverter converter(ctx);
    mlir::RewritePatternSet patterns(ctx);
    mlir::populateMathToLLVMConversionPatterns(converter, patterns);
    mlir::ConversionTarget target(*ctx);
    // Everything is legal except the exact ops; a partial conversion only
    // rewrites illegal ops, so the other math patterns never apply.
    target.markUnknownOpDynamicallyLegal(
        [](mlir::Operation *) { return true; });
    target.addLegalDialect<mlir::LLVM::LLVMDialect>();
    // Only on a float scalar or 1-D vector (what the pipeline leaves at this
    // point); anything else stays for the later passes.
    auto scalarOrVector = [](mlir::Operation *op) {
      mlir::Type t = op->getResult(0).getType();
      if (auto v = mlir::dyn_cast<mlir::VectorType>(t))
        return v.getRank() == 1 && !v.isScalable() &&
               mlir::isa<mlir::FloatType>(v.getElementType());
      return mlir::isa<mlir::FloatType>(t);
    };
    auto legal = [scalarOrVector](mlir::Operation *op) {
      return !scalarOrVector(op);
    };
    target.addDynamicallyLegalOp<
        mlir::math::AbsFOp, mlir::math::CopySignOp, mlir::math::CeilOp,
        mlir::math::FloorOp, mlir::math::TruncOp, mlir::math::RoundOp,
        mlir::math::RoundEvenOp, mlir::math::SqrtOp, mlir::math::FmaOp>(legal);
    if (mlir::failed(mlir::applyPartialConversion(getOperation(), target,
                                                  std::move(patterns))))
      signalPassFailure();
  }
};
} // namespace

} // namespace tfmlir
