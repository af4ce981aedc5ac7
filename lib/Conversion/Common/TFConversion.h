//===- TFConversion.h - the base shared by tf -> hlo and tf -> tfl --------===//
//
// xla-legalize-tf (lib/Conversion/TFToHLO) and tfl-legalize-tf
// (lib/Conversion/TFToTFL) are both MLIR dialect conversions whose patterns
// are typed OpConversionPatterns on tf ops with one `convert` method each.
// This library holds what the two share:
//
//  - TFConversionState: the state one conversion run shares with its
//    patterns. It records the reason each refused op was given (`fail`:
//    notifyMatchFailure plus a record the report reads, because LLVM's
//    release builds drop notifyMatchFailure's text) and runs the body of
//    every pattern (`legalize`): the target's checks and operand update
//    (`prepare`), the pattern's `convert`, the result count check, the
//    target's checks/rewrites of what was built (`finish`: hlo verifies and
//    folds; tfl checks kernel types and records the builtins), then the
//    result types synced and the op replaced (`replace`).
//  - TFOpConversionPattern<OpTy, StateT>: the base of the typed patterns
//    (HLOPattern and TFLPattern derive from it), with `fail` and the
//    matchAndRewrite that calls StateT::legalize around `convert`.
//  - syncFunctionType, the unlegalized-op collection both reports are built
//    from (program order, op name, node name, reason), and the check that no
//    two patterns of a set share a root op.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_CONVERSION_COMMON_TFCONVERSION_H
#define TFMLIR_LIB_CONVERSION_COMMON_TFCONVERSION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <optional>
#include <string>
#include <vector>

namespace tfmlir::conversion {

/// The state one tf -> <target> conversion run shares with its patterns: the
/// reason each refused op was given, and the steps every pattern runs
/// around its `convert` (see the file comment). A target (tohlo::
/// ConversionState, conv::ConversionState) derives from it and implements
/// `prepare` and `finish`.
class TFConversionState {
public:
  virtual ~TFConversionState();

  /// Records `why` as the reason `op` was not converted (the report's
  /// reason; last one wins) and returns rewriter.notifyMatchFailure(op,
  /// why), i.e. failure.
  mlir::LogicalResult fail(mlir::Operation *op,
                           mlir::ConversionPatternRewriter &rewriter,
                           const llvm::Twine &why);

  /// The body every pattern runs: `prepare` (the target's checks, and
  /// `operands`, the adaptor's converted values, put into the op itself),
  /// then, with the insertion point before `op`, `build` (which appends one
  /// value per result, or returns failure with `why` set / after fail()),
  /// then the result count check (resultCountReason), `finish` on the ops
  /// `build` created (first first) and `replace`. Failure leaves the IR as
  /// it was (the framework rolls the pattern back).
  mlir::LogicalResult
  legalize(mlir::Operation *op, mlir::ValueRange operands,
           mlir::ConversionPatternRewriter &rewriter,
           llvm::function_ref<mlir::LogicalResult(
               llvm::SmallVectorImpl<mlir::Value> &results, std::string &why)>
               build);

  /// Replaces `op` by `results` (one per result), first giving `op`'s
  /// results the types of `results` (possibly more static), so that the ops
  /// left as tf and func.return take the new values as they are (the
  /// framework would otherwise insert casts between the two).
  static void replace(mlir::Operation *op, mlir::ValueRange results,
                      mlir::ConversionPatternRewriter &rewriter);

  /// Puts `operands` into `op` (in place, through the rewriter, so that a
  /// rolled-back pattern restores them) when they differ from its operands.
  static void setOperands(mlir::Operation *op, mlir::ValueRange operands,
                          mlir::ConversionPatternRewriter &rewriter);

  /// The reason recorded for `op` (nullptr when no pattern gave one).
  const std::string *reasonFor(mlir::Operation *op) const {
    auto it = reasons.find(op);
    return it == reasons.end() ? nullptr : &it->second;
  }
  /// Forgets every recorded reason (after a report has read them).
  void clearReasons() { reasons.clear(); }

protected:
  /// The target's checks before `build`, and `operands` put into `op`
  /// (setOperands). Returns failure after fail() to refuse the op.
  virtual mlir::LogicalResult
  prepare(mlir::Operation *op, mlir::ValueRange operands,
          mlir::ConversionPatternRewriter &rewriter) = 0;

  /// The reason recorded when `build` returned `built` values for `op`'s
  /// results (a lowering bug). Default: "the lowering built N values for M
  /// results".
  virtual std::string resultCountReason(mlir::Operation *op,
                                        size_t built) const;

  /// The target's checks and rewrites of the ops `build` created for `op`
  /// (`built`, first first; `results` may be updated, e.g. to folded
  /// values). Returns failure after fail() to refuse the op.
  virtual mlir::LogicalResult
  finish(mlir::Operation *op, llvm::ArrayRef<mlir::Operation *> built,
         llvm::SmallVectorImpl<mlir::Value> &results,
         mlir::ConversionPatternRewriter &rewriter) = 0;

  /// The reason given for each op a pattern refused (last one wins).
  llvm::DenseMap<mlir::Operation *, std::string> reasons;
};

/// Base of the typed tf -> <target> patterns: an OpConversionPattern on the
/// tf op `OpTy` whose `convert` builds the replacement values, run inside
/// `StateT::legalize` (StateT derives from TFConversionState). Subclasses
/// implement `convert` and fail through `fail` (notifyMatchFailure with the
/// reason the report shows).
template <typename OpTy, typename StateT>
class TFOpConversionPattern : public mlir::OpConversionPattern<OpTy> {
public:
  using OpAdaptor = typename mlir::OpConversionPattern<OpTy>::OpAdaptor;

  TFOpConversionPattern(mlir::MLIRContext *ctx, StateT &state,
                        mlir::PatternBenefit benefit = 1)
      : mlir::OpConversionPattern<OpTy>(ctx, benefit), state(state) {}

  /// Builds one value per result of `op` into `results` (insertion point
  /// before `op`), or returns `fail(op, rewriter, why)`. `adaptor`'s
  /// operands are `op`'s operands (both the converted values).
  virtual mlir::LogicalResult
  convert(OpTy op, OpAdaptor adaptor, mlir::ConversionPatternRewriter &rewriter,
          llvm::SmallVectorImpl<mlir::Value> &results) const = 0;

  mlir::LogicalResult
  matchAndRewrite(OpTy op, OpAdaptor adaptor,
                  mlir::ConversionPatternRewriter &rewriter) const final {
    return state.legalize(
        op, adaptor.getOperands(), rewriter,
        [&](llvm::SmallVectorImpl<mlir::Value> &results, std::string &) {
          return convert(op, adaptor, rewriter, results);
        });
  }

protected:
  /// notifyMatchFailure(op, why), with `why` kept for the report.
  mlir::LogicalResult fail(OpTy op, mlir::ConversionPatternRewriter &rewriter,
                           const llvm::Twine &why) const {
    return state.fail(op, rewriter, why);
  }

  StateT &state;
};

/// Makes `fn`'s result types those of its return operands (converted values
/// may be more static than the tf types they replace). External functions
/// and bodies not ending in func.return are left as they are.
void syncFunctionType(mlir::func::FuncOp fn);

/// One op a conversion left unconverted.
struct UnlegalizedOp {
  mlir::Operation *op;
  /// The op's name, interned in the context (outlives `op`).
  llvm::StringRef name;
  /// Its node name (nodeNameOf its location).
  std::string node;
  /// The reason its pattern recorded (TFConversionState::fail; possibly
  /// empty), or none when no pattern recorded one.
  std::optional<std::string> reason;
};

/// The tf ops under `root` (not `root` itself) that are in `unlegalized`
/// (ConversionConfig::unlegalizedOps of the conversion), in program order
/// (pre-order walk; the ops nested in a listed op are not visited), each
/// with its node name and the reason `state` recorded for it. The two
/// reports (LegalizeHLOReport's histogram, ConversionReport's lists) are
/// built from this.
std::vector<UnlegalizedOp>
collectUnlegalizedOps(mlir::Operation *root,
                      const llvm::DenseSet<mlir::Operation *> &unlegalized,
                      const TFConversionState &state);

/// The root op names that more than one pattern of `patterns` matches
/// (native patterns with a root kind; patterns matching any op are not
/// counted), sorted. The tf -> hlo and tf -> tfl sets keep one pattern per
/// root op: a second one would make which applies depend on the order of
/// registration (test/unit/ConversionPatternsTest.cpp checks both sets).
std::vector<std::string> duplicateRootOps(mlir::RewritePatternSet &patterns);

} // namespace tfmlir::conversion

#endif
