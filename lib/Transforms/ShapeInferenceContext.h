//===- ShapeInferenceContext.h - shape functions for tf-shape-inference --===//
//
// The interface-free core of `tf-shape-inference`: a registry that maps a TF
// op name ("MatMul", without the `tf.` prefix) to a shape function, so the
// same functions serve ODS-defined and unregistered (generic) tf ops.
//
// A shape function reads the op through an InferenceContext (input shapes,
// attrs by their TF names, and constant or partially known integer values of
// inputs, as TF's InferenceContext::input_tensor / MakeShapeFromShapeTensor)
// and sets output shapes. Semantics follow TF's C++ shape functions in
// tensorflow/core/ops/*.cc. A function that cannot infer anything leaves the
// outputs unknown; one that finds a static contradiction (MatMul inner dims
// 3 vs 4) returns ctx.error(...), which names the node and the input shapes.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_SHAPEINFERENCECONTEXT_H
#define TFMLIR_LIB_TRANSFORMS_SHAPEINFERENCECONTEXT_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tfmlir {
namespace shape_inference {

/// An unknown dimension (same value as ShapedType::kDynamic).
constexpr int64_t kDyn = mlir::ShapedType::kDynamic;
/// An unknown element of a partially known integer value.
constexpr int64_t kUnknownValue = std::numeric_limits<int64_t>::min() + 1;

inline bool isDyn(int64_t d) { return d == kDyn; }

/// A TF partial shape: unknown rank, or a rank with possibly unknown dims.
struct Shape {
  bool ranked = false;
  llvm::SmallVector<int64_t, 6> dims;

  static Shape unknown() { return Shape(); }
  static Shape ofRank(int64_t rank) {
    Shape s;
    s.ranked = true;
    s.dims.assign(rank, kDyn);
    return s;
  }
  static Shape of(llvm::ArrayRef<int64_t> dims) {
    Shape s;
    s.ranked = true;
    s.dims.assign(dims.begin(), dims.end());
    return s;
  }
  static Shape scalar() { return of({}); }
  static Shape vector(int64_t n) { return of({n}); }
  /// The shape of a shaped type (unknown for anything else).
  static Shape fromType(mlir::Type t);

  int64_t rank() const { return ranked ? (int64_t)dims.size() : -1; }
  bool hasRank() const { return ranked; }
  bool isStatic() const;
  /// Product of the dims, or kDyn.
  int64_t numElements() const;
  int64_t dim(int64_t i) const { return dims[i]; }
  /// "[2,?,3]", "[]" for a scalar, "<unknown>" for unknown rank.
  std::string str() const;
  bool operator==(const Shape &o) const {
    return ranked == o.ranked && dims == o.dims;
  }
};

//===----------------------------------------------------------------------===//
// Dimension and shape algebra (TF's InferenceContext::Merge etc.)
//===----------------------------------------------------------------------===//

/// Merges two dims: unknown + d = d; two static dims must be equal.
bool mergeDim(int64_t a, int64_t b, int64_t &out);
/// Merges two shapes (most specific shape compatible with both).
bool mergeShape(const Shape &a, const Shape &b, Shape &out);
/// The least specific shape both are instances of (unknown where they
/// differ); used for Merge, If results and While loop-carried values.
Shape joinShape(const Shape &a, const Shape &b);
/// Numpy/TF broadcasting. Fails when two static dims differ and neither is 1.
bool broadcastShape(const Shape &a, const Shape &b, Shape &out);
/// Arithmetic on dims that propagates unknown.
int64_t dimAdd(int64_t a, int64_t b);
int64_t dimSub(int64_t a, int64_t b);
int64_t dimMul(int64_t a, int64_t b);

/// A partially known integer tensor of static shape: each element is a value
/// or kUnknownValue. Used for shape tensors (TF's input_tensors_as_shapes).
struct IntValue {
  llvm::SmallVector<int64_t, 4> shape;
  llvm::SmallVector<int64_t, 8> values;
  bool fullyKnown() const;
  int64_t rank() const { return shape.size(); }
};

/// Computes partially known integer values of tensors: constants, Shape /
/// Size / Rank of ranked operands, and small integer computations on them
/// (Pack, ConcatV2, StridedSlice, Slice, Gather, Cast, arithmetic,
/// reductions, Reshape, Fill, Range, ...). Looks through islands and
/// identity-like ops.
class ValueEvaluator {
public:
  std::optional<IntValue> eval(mlir::Value v);
  /// Drops cached results (call after types change).
  void invalidate() { cache.clear(); }
  /// For a function argument: the values every caller passes for it (empty
  /// when not all callers are known). Set by the driver; lets constants
  /// flow into If/Case branches and called functions.
  std::function<llvm::SmallVector<mlir::Value>(mlir::BlockArgument)> argSources;
  /// The value an island result / identity-like op forwards.
  static mlir::Value lookThrough(mlir::Value v);
  /// The DenseElementsAttr of a tf.Const (after lookThrough), or null.
  static mlir::DenseElementsAttr getConstAttr(mlir::Value v);

private:
  std::optional<IntValue> evalImpl(mlir::Value v, int depth);
  std::optional<IntValue> evalOp(mlir::Operation *op, unsigned resultIndex,
                                 int depth);
  llvm::DenseMap<mlir::Value, std::optional<IntValue>> cache;
};

/// The GraphDef node name a location carries (NameLoc, also inside
/// CallSiteLoc/FusedLoc), or "".
std::string nodeNameOf(mlir::Location loc);

class InferenceContext;
using ShapeFn = mlir::LogicalResult (*)(InferenceContext &);

/// Op name (without "tf.") -> shape function.
class ShapeFnRegistry {
public:
  void add(llvm::StringRef name, ShapeFn fn) { map[name] = fn; }
  void add(std::initializer_list<llvm::StringRef> names, ShapeFn fn) {
    for (llvm::StringRef n : names)
      map[n] = fn;
  }
  ShapeFn lookup(llvm::StringRef name) const {
    auto it = map.find(name);
    return it == map.end() ? nullptr : it->second;
  }
  size_t size() const { return map.size(); }
  /// The registered op names (without "tf."), sorted; for listings such as
  /// docs/OpCoverage.md (tools/op-coverage).
  std::vector<llvm::StringRef> names() const {
    std::vector<llvm::StringRef> out;
    for (const auto &e : map)
      out.push_back(e.getKey());
    llvm::sort(out);
    return out;
  }

  /// The registry with every family registered.
  static const ShapeFnRegistry &get();

private:
  llvm::StringMap<ShapeFn> map;
};

// One per tf family (lib/Transforms/ShapeFns/<Family>.cpp): adds the shape
// functions of the ops of dialects/tf/TFOps<Family>.td and of the ops without
// an ODS definition that TF's op library groups with them. Each op is
// registered by exactly one family.
void registerControlShapeFns(ShapeFnRegistry &r);
void registerImageShapeFns(ShapeFnRegistry &r);
void registerIndexingShapeFns(ShapeFnRegistry &r);
void registerLinalgShapeFns(ShapeFnRegistry &r);
void registerMathShapeFns(ShapeFnRegistry &r);
void registerNNShapeFns(ShapeFnRegistry &r);
void registerQuantShapeFns(ShapeFnRegistry &r);
void registerRNNShapeFns(ShapeFnRegistry &r);
void registerRandomShapeFns(ShapeFnRegistry &r);
void registerReduceShapeFns(ShapeFnRegistry &r);
void registerShapeShapeFns(ShapeFnRegistry &r);
void registerTensorArrayShapeFns(ShapeFnRegistry &r);
void registerVariablesShapeFns(ShapeFnRegistry &r);

/// What a shape function sees of one op.
class InferenceContext {
public:
  InferenceContext(mlir::Operation *op, ValueEvaluator &evaluator);

  mlir::Operation *getOp() const { return op; }
  ValueEvaluator &getEvaluator() const { return evaluator; }
  /// The TF op name, e.g. "MatMul".
  llvm::StringRef opName() const;
  /// The GraphDef node name from the op's location ("" if none).
  std::string nodeName() const;

  // Inputs are the op's data operands (control tokens excluded).
  unsigned numInputs() const { return inputs.size(); }
  mlir::Value input(unsigned i) const { return inputs[i]; }
  Shape inputShape(unsigned i) const;
  int64_t inputRank(unsigned i) const { return inputShape(i).rank(); }
  mlir::Type inputElementType(unsigned i) const;

  /// The (partially known) integer value of input `i`.
  std::optional<IntValue> inputValue(unsigned i) const;
  /// All values of input `i` when every one is known (row-major).
  std::optional<llvm::SmallVector<int64_t>> inputInts(unsigned i) const;
  /// The value of a scalar (or one-element) input when known.
  std::optional<int64_t> inputScalar(unsigned i) const;
  /// Scalar float/int constant input as double (tf.Const only).
  std::optional<double> inputScalarDouble(unsigned i) const;
  /// TF's MakeShapeFromShapeTensor: a 1-D shape tensor (elements -1 or
  /// unknown are unknown dims) or a scalar -1 (unknown rank).
  mlir::FailureOr<Shape> inputAsShape(unsigned i);

  // Attrs by their TF names.
  mlir::Attribute attr(llvm::StringRef name) const;
  bool hasAttr(llvm::StringRef name) const { return (bool)attr(name); }
  std::optional<int64_t> intAttr(llvm::StringRef name) const;
  int64_t intAttr(llvm::StringRef name, int64_t dflt) const {
    return intAttr(name).value_or(dflt);
  }
  bool boolAttr(llvm::StringRef name, bool dflt = false) const;
  std::optional<double> floatAttr(llvm::StringRef name) const;
  llvm::StringRef strAttr(llvm::StringRef name,
                          llvm::StringRef dflt = "") const;
  std::optional<llvm::SmallVector<int64_t>>
  intListAttr(llvm::StringRef name) const;
  std::optional<Shape> shapeAttr(llvm::StringRef name) const;
  mlir::Type typeAttr(llvm::StringRef name) const;

  // Outputs. Indices past the op's results are ignored (the importer makes
  // only as many results as consumers use for unknown ops).
  unsigned numOutputs() const { return outputs.size(); }
  mlir::Type outputType(unsigned i) const;
  void setOutput(unsigned i, const Shape &s);
  /// Sets a full type (e.g. a resource subtype); must keep the dtype.
  void setOutputType(unsigned i, mlir::Type t);
  const std::optional<Shape> &getOutput(unsigned i) const { return outputs[i]; }
  mlir::Type getOutputFullType(unsigned i) const { return outputFullTypes[i]; }

  /// Emits "node 'n' (tf.Op): <msg>; input shapes: [..], [..]" at the op
  /// and returns failure.
  mlir::LogicalResult error(const llvm::Twine &msg);

  // Helpers that fail through error() on a static contradiction.
  mlir::FailureOr<Shape> withRank(const Shape &s, int64_t rank,
                                  llvm::StringRef what);
  mlir::FailureOr<Shape> withRankAtLeast(const Shape &s, int64_t rank,
                                         llvm::StringRef what);
  mlir::FailureOr<Shape> withRankAtMost(const Shape &s, int64_t rank,
                                        llvm::StringRef what);
  mlir::FailureOr<int64_t> merge(int64_t a, int64_t b, llvm::StringRef what);
  mlir::FailureOr<Shape> merge(const Shape &a, const Shape &b,
                               llvm::StringRef what);
  /// Normalizes a possibly negative axis against `rank`.
  mlir::FailureOr<int64_t> canonicalAxis(int64_t axis, int64_t rank,
                                         llvm::StringRef what = "axis");

private:
  mlir::Operation *op;
  ValueEvaluator &evaluator;
  llvm::SmallVector<mlir::Value, 4> inputs;
  llvm::SmallVector<std::optional<Shape>, 2> outputs;
  llvm::SmallVector<mlir::Type, 2> outputFullTypes;
};

//===----------------------------------------------------------------------===//
// Shared pieces of shape functions.
//===----------------------------------------------------------------------===//

/// Output 0 = input 0 (UnchangedShape).
mlir::LogicalResult unchangedShape(InferenceContext &c);
/// Output i = input i for every i.
mlir::LogicalResult forwardEachShape(InferenceContext &c);
/// Output 0 = broadcast of inputs 0 and 1.
mlir::LogicalResult broadcastBinaryShape(InferenceContext &c);

/// Parses a data_format ("NHWC", "NCHW", "NDHWC", "NCDHW", ...) into the
/// index of the batch, feature and spatial dims for a tensor of `rank`.
struct Layout {
  int64_t batch = 0;
  int64_t feature = 0;
  llvm::SmallVector<int64_t, 3> spatial;
};
bool parseLayout(llvm::StringRef format, int64_t rank, Layout &out);

/// TF's GetWindowedOutputSize (with dilation, lib/Support/WindowGeometry):
/// the output size of a window op along one dim, or kDyn when `in` (or, for
/// VALID/EXPLICIT, `window`) is unknown or the arithmetic overflows int64.
/// Fails (returns false) on a non-positive stride or dilation, or if the
/// output would be negative.
bool windowedOutputSize(int64_t in, int64_t window, int64_t dilation,
                        int64_t stride, llvm::StringRef padding,
                        int64_t padBefore, int64_t padAfter, int64_t &out);

/// The result of TF's ValidateStridedSliceOp on a partially known input
/// shape with constant begin/end/strides.
struct StridedSliceInfo {
  Shape processingShape; // before shrink/new-axis handling
  Shape finalShape;
  /// For each processing dim: begin, stride and size (size kDyn if unknown).
  llvm::SmallVector<int64_t, 6> begin, stride, size;
  /// For each final dim: the processing dim it comes from, or -1 (new axis).
  llvm::SmallVector<int64_t, 6> finalToProcessing;
};
/// `begin`/`end`/`strides` may be null (unknown); then only the ranks are
/// derived where possible. Returns failure with a message in `err` on a
/// static contradiction.
mlir::LogicalResult stridedSlice(const Shape &input,
                                 const std::optional<IntValue> &begin,
                                 const std::optional<IntValue> &end,
                                 const std::optional<IntValue> &strides,
                                 int64_t sparseLen, int64_t beginMask,
                                 int64_t endMask, int64_t ellipsisMask,
                                 int64_t newAxisMask, int64_t shrinkAxisMask,
                                 StridedSliceInfo &out, std::string &err);

} // namespace shape_inference
} // namespace tfmlir

#endif
