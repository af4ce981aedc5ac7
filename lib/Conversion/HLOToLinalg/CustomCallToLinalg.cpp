//===- CustomCallToLinalg.cpp - hlo.custom_call -> runtime/cpu calls ------===//
//
// The custom calls that hlo-cpu-gemm-ukernel (lib/Codegen/CPU) emits become
// a func.call of the runtime/cpu GEMM entry on memrefs, in
// destination-passing style around bufferization:
//   %a_m = bufferization.to_buffer %a read_only   (any strides)
//   %c_m = memref.alloc() {alignment = 64} : memref<MxNxf32>
//   func.call @tfmlir_rt_sgemm_packed_memref(%a_m, %b_m, %bias_m, %res_m,
//                                            %c_m, flags...)
//   %c = bufferization.to_tensor %c_m restrict writable
// The callee is declared with llvm.emit_c_interface, so the call goes to
// _mlir_ciface_tfmlir_rt_sgemm[_packed]_memref with descriptor pointers
// (lib/Support/ABI/Gemm.h); the memrefs stay operands of the call, so buffer
// deallocation keeps them alive across it. The index checks of
// xla-legalize-tf (tfmlir_rt_check_indices) become a call of
// lib/Support/ABI/IndexCheck.h whose result is its operand. Other call targets
// are refused.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "lib/Codegen/CPU/Passes.h"
#include "lib/Support/ABI/Conv2d.h"
#include "lib/Support/ABI/Gemm.h"
#include "lib/Support/ABI/IndexCheck.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace tfmlir::tolinalg {
namespace {

/// memref<?x...xELT, strided<[?, ...], offset: ?>> of `rank` (f32 unless
/// given).
MemRefType dynamicMemRef(MLIRContext *ctx, int64_t rank, Type elt = {}) {
  SmallVector<int64_t> dyn(rank, ShapedType::kDynamic);
  return MemRefType::get(
      dyn, elt ? elt : Float32Type::get(ctx),
      StridedLayoutAttr::get(ctx, ShapedType::kDynamic, dyn));
}

/// `t` as a memref of the fully dynamic type of its rank (read-only).
Value asMemRef(OpBuilder &b, Location loc, Value t) {
  auto tt = cast<RankedTensorType>(t.getType());
  MLIRContext *ctx = b.getContext();
  SmallVector<int64_t> dyn(tt.getRank(), ShapedType::kDynamic);
  auto mt =
      MemRefType::get(tt.getShape(), tt.getElementType(),
                      StridedLayoutAttr::get(ctx, ShapedType::kDynamic, dyn));
  Value m = bufferization::ToBufferOp::create(b, loc, mt, t, /*readOnly=*/true);
  return memref::CastOp::create(
      b, loc, dynamicMemRef(ctx, tt.getRank(), tt.getElementType()), m);
}

/// An empty f32 buffer of `rank` dimensions as the fully dynamic memref type:
/// the argument for an absent optional operand (bias, residual), never read.
Value absentOperand(OpBuilder &b, Location loc, int64_t rank) {
  SmallVector<int64_t> zeros(rank, 0);
  Value m =
      memref::AllocaOp::create(b, loc, MemRefType::get(zeros, b.getF32Type()));
  return memref::CastOp::create(b, loc, dynamicMemRef(b.getContext(), rank), m);
}

/// The destination of a runtime call: a 64-byte aligned f32 buffer of `t`'s
/// static shape (`alloc`) and the same buffer as the fully dynamic memref
/// type the entry point takes (`arg`).
struct OutputBuffer {
  Value alloc;
  Value arg;
};
OutputBuffer allocOutput(OpBuilder &b, Location loc, RankedTensorType t) {
  Value alloc = memref::AllocOp::create(
      b, loc, MemRefType::get(t.getShape(), b.getF32Type()), ValueRange{},
      b.getI64IntegerAttr(64));
  return {alloc,
          memref::CastOp::create(
              b, loc, dynamicMemRef(b.getContext(), t.getRank()), alloc)};
}

/// An integer constant of `width` bits (the scalar flags of the entries).
Value intConst(OpBuilder &b, Location loc, int64_t v, unsigned width) {
  return arith::ConstantIntOp::create(b, loc, v, width).getResult();
}

/// The private declaration of `name` in the module of `op` (created once).
func::FuncOp declare(Operation *op, StringRef name, FunctionType type) {
  auto module = op->getParentOfType<ModuleOp>();
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder mb(module.getBodyRegion());
  mb.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(mb, module.getLoc(), name, type);
  f.setPrivate();
  f->setAttr("llvm.emit_c_interface", mb.getUnitAttr());
  return f;
}

/// Calls the runtime entry `callee` (declared from the types of `args`) and
/// returns the output buffer `out` as a tensor of type `t`.
Value callWithOutput(Operation *op, OpBuilder &b, StringRef callee,
                     ArrayRef<Value> args, const OutputBuffer &out,
                     RankedTensorType t) {
  Location loc = op->getLoc();
  func::FuncOp decl = declare(
      op, callee,
      FunctionType::get(b.getContext(), ValueRange(args).getTypes(), {}));
  func::CallOp::create(b, loc, decl, args);
  return bufferization::ToTensorOp::create(b, loc, t, out.alloc,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// tfmlir_rt_depthwise_conv2d(input [N,H,W,C], filter [KH,KW,C][, bias [C]])
/// -> [N,OH,OW,C].
LogicalResult lowerDepthwise(hlo::CustomCallOp cc, OpBuilder &b,
                             SmallVectorImpl<Value> &results,
                             std::string &why) {
  Operation *op = cc;
  GemmCallConfig cfg;
  if (!parseGemmCallConfig(cc.getBackendConfig(), cfg, why))
    return failure();
  if (cfg.residual || cfg.transposeB) {
    why = "custom_call tfmlir_rt_depthwise_conv2d takes no residual or "
          "transpose_b";
    return failure();
  }
  size_t want = 2 + cfg.bias;
  if (op->getNumOperands() != want || op->getNumResults() != 1) {
    why = "custom_call tfmlir_rt_depthwise_conv2d expects " +
          std::to_string(want) +
          " operands (input, filter, [bias]) and one "
          "result";
    return failure();
  }
  auto f32 = [](Type t, int64_t rank) {
    auto r = dyn_cast<RankedTensorType>(t);
    return r && r.getElementType().isF32() && r.getRank() == rank ? r : nullptr;
  };
  RankedTensorType it = f32(op->getOperand(0).getType(), 4),
                   ft = f32(op->getOperand(1).getType(), 3),
                   ot = f32(op->getResult(0).getType(), 4);
  RankedTensorType bt =
      cfg.bias ? f32(op->getOperand(2).getType(), 1) : nullptr;
  bool ok = it && ft && ot && (!cfg.bias || bt);
  if (ok) {
    int64_t c = it.getDimSize(3);
    ok = ot.getDimSize(0) == it.getDimSize(0) && ot.getDimSize(3) == c &&
         ft.getDimSize(2) == c && (!bt || bt.getDimSize(0) == c);
    // Any OH/OW is memory-safe: the kernel bounds-checks every tap.
  }
  if (!ok) {
    why = "custom_call tfmlir_rt_depthwise_conv2d: expected f32 input "
          "[N,H,W,C], filter [KH,KW,C], bias [C] and output [N,OH,OW,C]";
    return failure();
  }
  Location loc = op->getLoc();
  Value inM = asMemRef(b, loc, op->getOperand(0));
  Value fM = asMemRef(b, loc, op->getOperand(1));
  Value biasM =
      cfg.bias ? asMemRef(b, loc, op->getOperand(2)) : absentOperand(b, loc, 1);
  OutputBuffer out = allocOutput(b, loc, ot);
  auto i64 = [&](int64_t v) { return intConst(b, loc, v, 64); };
  auto i32 = [&](int64_t v) { return intConst(b, loc, v, 32); };
  SmallVector<Value> args = {inM,
                             fM,
                             biasM,
                             out.arg,
                             i64(cfg.strides[0]),
                             i64(cfg.strides[1]),
                             i64(cfg.dilations[0]),
                             i64(cfg.dilations[1]),
                             i64(cfg.pad[0]),
                             i64(cfg.pad[1]),
                             i32(cfg.bias),
                             i32(cfg.activation)};
  results.push_back(callWithOutput(op, b, "tfmlir_rt_depthwise_conv2d_memref",
                                   args, out, ot));
  return success();
}

/// tfmlir_rt_conv2d_packed(input [N,H,W,C], filter packed
/// [ceil(O/32), KH*KW*C, 32][, bias [O]][, residual [N,OH,OW,O]])
/// -> [N,OH,OW,O].
LogicalResult lowerConv2d(hlo::CustomCallOp cc, OpBuilder &b,
                          SmallVectorImpl<Value> &results, std::string &why) {
  Operation *op = cc;
  GemmCallConfig cfg;
  if (!parseGemmCallConfig(cc.getBackendConfig(), cfg, why))
    return failure();
  if (cfg.transposeB) {
    why = "custom_call tfmlir_rt_conv2d_packed takes no transpose_b";
    return failure();
  }
  size_t want = 2 + cfg.bias + cfg.residual;
  if (op->getNumOperands() != want || op->getNumResults() != 1) {
    why = "custom_call tfmlir_rt_conv2d_packed expects " +
          std::to_string(want) +
          " operands (input, packed filter, [bias], [residual]) and one "
          "result";
    return failure();
  }
  auto f32 = [](Type t, int64_t rank) {
    auto r = dyn_cast<RankedTensorType>(t);
    return r && r.getElementType().isF32() && r.getRank() == rank &&
                   r.hasStaticShape()
               ? r
               : nullptr;
  };
  RankedTensorType it = f32(op->getOperand(0).getType(), 4),
                   ft = f32(op->getOperand(1).getType(), 3),
                   ot = f32(op->getResult(0).getType(), 4);
  unsigned next = 2;
  RankedTensorType bt =
      cfg.bias ? f32(op->getOperand(next++).getType(), 1) : nullptr;
  RankedTensorType rt =
      cfg.residual ? f32(op->getOperand(next++).getType(), 4) : nullptr;
  bool ok = it && ft && ot && (!cfg.bias || bt) && (!cfg.residual || rt);
  if (ok) {
    int64_t o = ot.getDimSize(3);
    int64_t taps = cfg.window[0] * cfg.window[1];
    ok = ot.getDimSize(0) == it.getDimSize(0) &&
         taps <= TFMLIR_RT_CONV2D_MAX_TAPS &&
         ft.getDimSize(0) ==
             (o + TFMLIR_RT_SGEMM_PANEL - 1) / TFMLIR_RT_SGEMM_PANEL &&
         ft.getDimSize(1) == taps * it.getDimSize(3) &&
         ft.getDimSize(2) == TFMLIR_RT_SGEMM_PANEL &&
         (!bt || bt.getDimSize(0) == o) && (!rt || rt == ot);
    // Any OH/OW is memory-safe: every tap is bounds-checked.
  }
  if (!ok) {
    why = "custom_call tfmlir_rt_conv2d_packed: expected static f32 input "
          "[N,H,W,C], packed filter [ceil(O/32), KH*KW*C, 32] with KH*KW <= " +
          std::to_string(TFMLIR_RT_CONV2D_MAX_TAPS) +
          " (backend_config window), bias [O], residual and output "
          "[N,OH,OW,O]";
    return failure();
  }
  Location loc = op->getLoc();
  Value inM = asMemRef(b, loc, op->getOperand(0));
  Value fM = asMemRef(b, loc, op->getOperand(1));
  next = 2;
  Value biasM = cfg.bias ? asMemRef(b, loc, op->getOperand(next++)) : Value();
  Value resM =
      cfg.residual ? asMemRef(b, loc, op->getOperand(next++)) : Value();
  // Absent bias / residual: empty buffers, never read.
  if (!biasM)
    biasM = absentOperand(b, loc, 1);
  if (!resM)
    resM = absentOperand(b, loc, 4);
  OutputBuffer out = allocOutput(b, loc, ot);
  auto i64 = [&](int64_t v) { return intConst(b, loc, v, 64); };
  auto i32 = [&](int64_t v) { return intConst(b, loc, v, 32); };
  SmallVector<Value> args = {inM,
                             fM,
                             biasM,
                             resM,
                             out.arg,
                             i64(cfg.window[0]),
                             i64(cfg.window[1]),
                             i64(cfg.strides[0]),
                             i64(cfg.strides[1]),
                             i64(cfg.dilations[0]),
                             i64(cfg.dilations[1]),
                             i64(cfg.pad[0]),
                             i64(cfg.pad[1]),
                             i32(cfg.bias),
                             i32(cfg.residual),
                             i32(cfg.activation)};
  results.push_back(
      callWithOutput(op, b, "tfmlir_rt_conv2d_packed_memref", args, out, ot));
  return success();
}

/// tfmlir_rt_check_indices(indices [N] i32/i64) -> the same indices: a
/// call of _mlir_ciface_tfmlir_rt_check_indices_{i32,i64}_memref
/// (lib/Support/ABI/IndexCheck.h) with the indices and the backend_config as
/// an i8 buffer (a constant global after bufferization); the result is the
/// operand. The call has effects, so it stays where the custom call was.
LogicalResult lowerCheckIndices(hlo::CustomCallOp cc, OpBuilder &b,
                                SmallVectorImpl<Value> &results,
                                std::string &why) {
  Operation *op = cc;
  auto it = op->getNumOperands() == 1
                ? dyn_cast<RankedTensorType>(op->getOperand(0).getType())
                : RankedTensorType();
  if (!it || it.getRank() != 1 || op->getNumResults() != 1 ||
      op->getResult(0).getType() != it ||
      !(it.getElementType().isInteger(32) ||
        it.getElementType().isInteger(64))) {
    why = "custom_call " TFMLIR_RT_CHECK_INDICES_TARGET
          " expects one rank-1 i32/i64 operand and a result of its type";
    return failure();
  }
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  StringRef config = cc.getBackendConfig();
  auto i8 = IntegerType::get(ctx, 8);
  auto cfgType =
      RankedTensorType::get({static_cast<int64_t>(config.size())}, i8);
  Value cfg = arith::ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(
          cfgType,
          ArrayRef<int8_t>(reinterpret_cast<const int8_t *>(config.data()),
                           config.size())));
  Value idxM = asMemRef(b, loc, op->getOperand(0));
  Value cfgM = asMemRef(b, loc, cfg);
  SmallVector<Value> args = {idxM, cfgM};
  std::string callee = std::string(TFMLIR_RT_CHECK_INDICES_TARGET) +
                       (it.getElementType().isInteger(32) ? "_i32" : "_i64") +
                       "_memref";
  func::FuncOp decl = declare(
      op, callee, FunctionType::get(ctx, ValueRange(args).getTypes(), {}));
  func::CallOp::create(b, loc, decl, args);
  results.push_back(op->getOperand(0));
  return success();
}

LogicalResult lowerCustomCall(Operation *op, OpBuilder &b,
                              SmallVectorImpl<Value> &results,
                              std::string &why) {
  auto cc = cast<hlo::CustomCallOp>(op);
  StringRef target = cc.getCallTargetName();
  if (target == kDepthwiseTarget)
    return lowerDepthwise(cc, b, results, why);
  if (target == kConv2dTarget)
    return lowerConv2d(cc, b, results, why);
  if (target == TFMLIR_RT_CHECK_INDICES_TARGET)
    return lowerCheckIndices(cc, b, results, why);
  bool packed = target == kSgemmPackedTarget;
  if (!packed && target != kSgemmTarget) {
    why = ("custom_call target '" + target + "' has no CPU lowering").str();
    return failure();
  }
  GemmCallConfig cfg;
  if (!parseGemmCallConfig(cc.getBackendConfig(), cfg, why))
    return failure();
  size_t want = 2 + cfg.bias + cfg.residual;
  if (op->getNumOperands() != want || op->getNumResults() != 1) {
    why = "custom_call " + target.str() + " expects " + std::to_string(want) +
          " operands (a, b, [bias], [residual]) and one result";
    return failure();
  }
  auto f32 = [](Value v, int64_t rank) {
    auto t = dyn_cast<RankedTensorType>(v.getType());
    return t && t.getElementType().isF32() && t.getRank() == rank ? t : nullptr;
  };
  RankedTensorType at = f32(op->getOperand(0), 2),
                   bt = f32(op->getOperand(1), packed ? 3 : 2),
                   ct = f32(op->getResult(0), 2);
  if (!at || !bt || !ct) {
    why = "custom_call " + target.str() +
          ": operands and result must be f32 tensors of rank 2 (b: rank " +
          (packed ? "3" : "2") + ")";
    return failure();
  }
  int64_t m = ct.getDimSize(0), n = ct.getDimSize(1), k = at.getDimSize(1);
  bool shapesOk = at.getDimSize(0) == m;
  if (packed)
    shapesOk &= bt.getDimSize(0) ==
                    (n + TFMLIR_RT_SGEMM_PANEL - 1) / TFMLIR_RT_SGEMM_PANEL &&
                bt.getDimSize(1) == k &&
                bt.getDimSize(2) == TFMLIR_RT_SGEMM_PANEL;
  else
    shapesOk &= cfg.transposeB ? bt.getDimSize(0) == n && bt.getDimSize(1) == k
                               : bt.getDimSize(0) == k && bt.getDimSize(1) == n;
  unsigned next = 2;
  if (cfg.bias) {
    auto t = f32(op->getOperand(next++), 1);
    shapesOk &= t && t.getDimSize(0) == n;
  }
  if (cfg.residual) {
    auto t = f32(op->getOperand(next++), 2);
    shapesOk &= t && t.getShape() == ct.getShape();
  }
  if (!shapesOk) {
    why = "custom_call " + target.str() +
          ": operand shapes do not match a [M,K] x B -> [M,N] GEMM";
    return failure();
  }

  Location loc = op->getLoc();
  Value aM = asMemRef(b, loc, op->getOperand(0));
  Value bM = asMemRef(b, loc, op->getOperand(1));
  next = 2;
  Value biasM, resM;
  if (cfg.bias)
    biasM = asMemRef(b, loc, op->getOperand(next++));
  if (cfg.residual)
    resM = asMemRef(b, loc, op->getOperand(next++));
  // Absent bias / residual: empty buffers, never read.
  if (!biasM)
    biasM = absentOperand(b, loc, 1);
  if (!resM)
    resM = absentOperand(b, loc, 2);
  OutputBuffer c = allocOutput(b, loc, ct);
  auto i32 = [&](int64_t v) { return intConst(b, loc, v, 32); };
  SmallVector<Value> args = {aM, bM, biasM, resM, c.arg};
  if (!packed)
    args.push_back(i32(cfg.transposeB));
  args.append({i32(cfg.bias), i32(cfg.residual), i32(cfg.activation)});
  std::string callee =
      packed ? "tfmlir_rt_sgemm_packed_memref" : "tfmlir_rt_sgemm_memref";
  results.push_back(callWithOutput(op, b, callee, args, c, ct));
  return success();
}

} // namespace

void addCustomCallLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.custom_call"] = lowerCustomCall;
}

} // namespace tfmlir::tolinalg
