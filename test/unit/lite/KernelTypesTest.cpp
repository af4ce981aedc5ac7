//===- KernelTypesTest.cpp - Declared input types of the lite kernels -----===//
//
// KernelRegistration::inputTypes (what op-coverage lists as a builtin's
// input types) against the kernels: every builtin and custom registration
// of BuiltinOpResolver declares its input types, except the builtins
// without inputs listed in undeclaredBuiltins(); and for a sample of
// kernels (ADD, CONV_2D, RESHAPE, GATHER, CAST, SHAPE, SPLIT, the
// quantized-input DEQUANTIZE and RSQRT, whose one registration covers its
// float32 and int8 / int16 forms) Prepare
// accepts exactly the declared types: each of the 19 TensorTypes goes
// through AllocateTensors on a one-op model, and an accepted one must also
// Invoke (Eval handles what Prepare accepts).
//
//===----------------------------------------------------------------------===//
#include "test/unit/LiteTestUtil.h"

#include <functional>
#include <map>
#include <set>

namespace tfmlir::lite::testing {
namespace {

constexpr int kNumTypes = static_cast<int>(TensorType::kBFloat16) + 1;
constexpr int32_t kMaxVersion = 32;

/// Builtins whose registration cannot declare input types, each with the
/// reason (the test also checks that each is registered and declares
/// none, so that the list does not go stale).
const std::map<int32_t, std::string> &undeclaredBuiltins() {
  static const std::map<int32_t, std::string> m = {
      {kOp_CALL_ONCE, "takes no inputs: it runs its init subgraph once"},
      {kOp_VAR_HANDLE, "takes no inputs: its output is the resource handle"},
  };
  return m;
}

std::vector<int32_t> allBuiltinCodes() {
  std::vector<int32_t> codes;
#define TFMLIR_X(NAME, VALUE) codes.push_back(VALUE);
  TFMLIR_LITE_BUILTIN_OPS(TFMLIR_X)
#undef TFMLIR_X
  return codes;
}

TEST(LiteKernelTypes, EveryRegistrationDeclaresInputTypes) {
  BuiltinOpResolver r;
  int registrations = 0;
  std::set<int32_t> builtins, undeclaredSeen;
  for (int32_t code : allBuiltinCodes())
    for (int32_t v = 1; v <= kMaxVersion; ++v) {
      const KernelRegistration *k = r.findBuiltin(code, v);
      if (!k)
        continue;
      ++registrations;
      builtins.insert(code);
      const std::string what = builtinOpName(code) + " v" + std::to_string(v);
      auto it = undeclaredBuiltins().find(code);
      if (it != undeclaredBuiltins().end()) {
        EXPECT_EQ(k->inputTypes, 0u)
            << what << " is listed as unable to declare (" << it->second
            << ") but declares " << typeSetName(k->inputTypes);
        undeclaredSeen.insert(code);
        continue;
      }
      EXPECT_NE(k->inputTypes, 0u) << what << " declares no input types";
      EXPECT_EQ(k->inputTypes & ~kAllTypes, 0u)
          << what << " declares bits outside TensorType";
      EXPECT_GE(k->typedInput, 0) << what;
      EXPECT_LE(k->typedInput, 2) << what;
    }
  // The resolver registers about 140 builtins; the sweep must have seen
  // them (a broken TFMLIR_LITE_BUILTIN_OPS would make the test vacuous).
  EXPECT_GE(builtins.size(), 140u);
  EXPECT_GT(registrations, 300);
  for (const auto &[code, why] : undeclaredBuiltins())
    EXPECT_TRUE(undeclaredSeen.count(code))
        << builtinOpName(code) << " is listed as unable to declare (" << why
        << ") but is not registered";
  for (const char *custom :
       {"TFLite_Detection_PostProcess", "Convolution2DTransposeBias"}) {
    const KernelRegistration *k = r.findCustom(custom, 1);
    ASSERT_NE(k, nullptr) << custom;
    EXPECT_NE(k->inputTypes, 0u) << custom << " declares no input types";
  }
}

TEST(LiteKernelTypes, FixedSizeTypesAreThoseWithAnElementSize) {
  for (int t = 0; t < kNumTypes; ++t) {
    const bool inSet = kFixedSizeTypes & (TypeSet(1) << t);
    EXPECT_EQ(inSet, elementSize(static_cast<TensorType>(t)) != 0)
        << typeName(static_cast<TensorType>(t));
    EXPECT_TRUE(kAllTypes & (TypeSet(1) << t));
  }
  EXPECT_EQ(kAllTypes >> kNumTypes, 0u);
}

bool isQuantizable(TensorType t) {
  return t == TensorType::kInt8 || t == TensorType::kUInt8 ||
         t == TensorType::kInt16 || t == TensorType::kInt32;
}

/// A non-constant tensor of `t`; int8 / uint8 / int16 / int32 ones carry a
/// per-tensor scale 0.5 and zero point 0 (so that the quantized kernels,
/// which need one, can accept them; the plain integer kernels ignore it).
int typed(ModelBuilder &b, TensorType t, std::vector<int32_t> shape) {
  const int i = b.tensor(t, std::move(shape));
  if (isQuantizable(t))
    b.def.subgraphs[0].tensors[i].quant = {{0.5f}, {0}, 0};
  return i;
}

/// A constant tensor of `t` whose elements are all zero bytes.
int zeros(ModelBuilder &b, TensorType t, std::vector<int32_t> shape) {
  int64_t n = 1;
  for (int32_t d : shape)
    n *= d;
  return b.constant(t, std::move(shape),
                    std::vector<uint8_t>(n * elementSize(t), 0));
}

/// Builds a one-op model (op 0) whose typed input has element type `t`;
/// its non-constant inputs are the subgraph's inputs.
using ModelFn = std::function<void(ModelBuilder &, TensorType)>;

/// For every TensorType: builds the model, runs AllocateTensors (Prepare)
/// and expects it to succeed exactly for the types the registration of
/// (code, version) declares; an accepted type must also Invoke on
/// zero-filled inputs. Returns the number of accepted types.
int expectPrepareMatchesDeclared(int32_t code, int32_t version,
                                 const ModelFn &build) {
  static BuiltinOpResolver resolver;
  const KernelRegistration *k = resolver.findBuiltin(code, version);
  EXPECT_NE(k, nullptr) << builtinOpName(code) << " v" << version;
  if (!k)
    return 0;
  int accepted = 0;
  for (int ti = 0; ti < kNumTypes; ++ti) {
    const TensorType t = static_cast<TensorType>(ti);
    const std::string what = builtinOpName(code) + " v" +
                             std::to_string(version) + " on " + typeName(t);
    ModelBuilder b;
    build(b, t);
    SubgraphDef &sg = b.def.subgraphs[0];
    sg.ops[0].version = version;
    // The builder put `t` where the registration says the types are.
    const int32_t typedIdx = sg.ops[0].inputs[k->typedInput];
    EXPECT_EQ(sg.tensors[typedIdx].type, t)
        << what << ": typedInput " << k->typedInput;
    auto in = Interpreter::create(b.def, resolver, "types");
    EXPECT_TRUE(in.ok()) << what << ": " << in.status();
    if (!in.ok())
      continue;
    const absl::Status s = (*in)->allocateTensors();
    const bool declared = k->inputTypes & (TypeSet(1) << ti);
    EXPECT_EQ(s.ok(), declared)
        << what << ": the registration " << (declared ? "declares" : "omits")
        << " it; Prepare says " << s;
    if (!s.ok())
      continue;
    ++accepted;
    for (size_t i = 0; i < (*in)->inputs().size(); ++i) {
      Tensor *x = (*in)->inputTensor(static_cast<int>(i));
      if (x->data && x->requiredBytes())
        std::memset(x->data, 0, x->requiredBytes());
    }
    const absl::Status e = (*in)->invoke();
    EXPECT_TRUE(e.ok()) << what << ": Prepare accepts it, Eval says " << e;
  }
  return accepted;
}

TEST(LiteKernelTypes, AddPrepareAcceptsItsDeclaredTypes) {
  // float32 / int32 / int64 and quantized int8 / uint8 / int16, all in
  // Elementwise.cpp's one registration.
  EXPECT_EQ(6, expectPrepareMatchesDeclared(
                   kOp_ADD, 1, [](ModelBuilder &b, TensorType t) {
                     int x = typed(b, t, {2, 3}), y = typed(b, t, {2, 3}),
                         o = typed(b, t, {2, 3});
                     b.op(kOp_ADD, {x, y}, {o});
                     b.io({x, y}, {o});
                   }));
}

TEST(LiteKernelTypes, Conv2DPrepareAcceptsItsDeclaredTypes) {
  // float32, int8 / uint8 (same-type filter) and int16 with an int8
  // filter (TFLite's 16x8 scheme); no bias.
  EXPECT_EQ(4, expectPrepareMatchesDeclared(
                   kOp_CONV_2D, 1, [](ModelBuilder &b, TensorType t) {
                     const TensorType ft =
                         t == TensorType::kInt16 ? TensorType::kInt8
                         : t == TensorType::kInt8 || t == TensorType::kUInt8
                             ? t
                             : TensorType::kFloat32;
                     int x = typed(b, t, {1, 3, 3, 2});
                     int f = zeros(b, ft, {2, 1, 1, 2});
                     if (ft != TensorType::kFloat32)
                       b.def.subgraphs[0].tensors[f].quant = {{0.5f}, {0}, 0};
                     int o = typed(b, t, {1, 3, 3, 2});
                     b.op(kOp_CONV_2D, {x, f, -1}, {o});
                     b.io({x}, {o});
                   }));
}

TEST(LiteKernelTypes, ReshapeGatherSplitTakeEveryFixedSizeType) {
  const int fixedSize = __builtin_popcount(kFixedSizeTypes);
  EXPECT_EQ(fixedSize, expectPrepareMatchesDeclared(
                           kOp_RESHAPE, 1, [](ModelBuilder &b, TensorType t) {
                             int x = typed(b, t, {2, 3});
                             int s = b.ci32({2}, {3, 2});
                             int o = typed(b, t, {3, 2});
                             b.op(kOp_RESHAPE, {x, s}, {o});
                             b.io({x}, {o});
                           }));
  EXPECT_EQ(fixedSize, expectPrepareMatchesDeclared(
                           kOp_GATHER, 1, [](ModelBuilder &b, TensorType t) {
                             int p = typed(b, t, {3, 2});
                             int i = b.ci32({2}, {0, 2});
                             int o = typed(b, t, {2, 2});
                             b.op(kOp_GATHER, {p, i}, {o});
                             b.io({p}, {o});
                           }));
  // SPLIT's input 0 is the axis; its value (input 1) is the typed input.
  EXPECT_EQ(fixedSize, expectPrepareMatchesDeclared(
                           kOp_SPLIT, 1, [](ModelBuilder &b, TensorType t) {
                             int axis = b.ci32({}, {0});
                             int x = typed(b, t, {2, 2});
                             int o0 = typed(b, t, {1, 2}),
                                 o1 = typed(b, t, {1, 2});
                             OpOptions opt;
                             opt.numSplits = 2;
                             b.op(kOp_SPLIT, {axis, x}, {o0, o1}, opt);
                             b.io({x}, {o0, o1});
                           }));
}

TEST(LiteKernelTypes, ShapeTakesEveryType) {
  EXPECT_EQ(kNumTypes, expectPrepareMatchesDeclared(
                           kOp_SHAPE, 1, [](ModelBuilder &b, TensorType t) {
                             int x = typed(b, t, {2, 3});
                             int o = b.tensor(TensorType::kInt32, {2});
                             b.op(kOp_SHAPE, {x}, {o});
                             b.io({x}, {o});
                           }));
}

TEST(LiteKernelTypes, CastPrepareAcceptsItsDeclaredTypes) {
  EXPECT_GE(expectPrepareMatchesDeclared(kOp_CAST, 1,
                                         [](ModelBuilder &b, TensorType t) {
                                           int x = typed(b, t, {4});
                                           int o = b.f32({4});
                                           b.op(kOp_CAST, {x}, {o});
                                           b.io({x}, {o});
                                         }),
            10);
}

TEST(LiteKernelTypes, UnaryKernelsAcceptTheirDeclaredTypes) {
  // Same-type unary builtins, float and integer (Elementwise.cpp), with
  // the 8- / 16-bit forms of ElementwiseInteger.cpp (LOGISTIC and TANH
  // take int16, HARD_SWISH and the RELUs only 8-bit).
  for (int32_t code :
       {kOp_ABS,   kOp_NEG,          kOp_EXP,         kOp_LOG,
        kOp_SQRT,  kOp_SQUARE,       kOp_SIN,         kOp_COS,
        kOp_FLOOR, kOp_CEIL,         kOp_ROUND,       kOp_SIGN,
        kOp_TANH,  kOp_LOGISTIC,     kOp_RELU,        kOp_RELU6,
        kOp_ELU,   kOp_RELU_N1_TO_1, kOp_RELU_0_TO_1, kOp_HARD_SWISH,
        kOp_GELU,  kOp_LEAKY_RELU,   kOp_LOGICAL_NOT, kOp_ZEROS_LIKE})
    EXPECT_GE(expectPrepareMatchesDeclared(
                  code, 1,
                  [code](ModelBuilder &b, TensorType t) {
                    int x = typed(b, t, {4}), o = typed(b, t, {4});
                    // int16 LOGISTIC / TANH need the output scale 2^-15.
                    if (t == TensorType::kInt16)
                      b.def.subgraphs[0].tensors[o].quant.scale = {1.f / 32768};
                    b.op(code, {x}, {o});
                    b.io({x}, {o});
                  }),
              1)
        << builtinOpName(code);
}

TEST(LiteKernelTypes, QuantizedInputKernelsAcceptTheirDeclaredTypes) {
  // DEQUANTIZE: float16 and the quantized integers, never float32.
  EXPECT_EQ(5, expectPrepareMatchesDeclared(kOp_DEQUANTIZE, 1,
                                            [](ModelBuilder &b, TensorType t) {
                                              int x = typed(b, t, {4});
                                              int o = b.f32({4});
                                              b.op(kOp_DEQUANTIZE, {x}, {o});
                                              b.io({x}, {o});
                                            }));
  // RSQRT: float32 and (ElementwiseInteger.cpp) int8 and int16 (uint8 has
  // no kernel).
  EXPECT_EQ(3, expectPrepareMatchesDeclared(
                   kOp_RSQRT, 1, [](ModelBuilder &b, TensorType t) {
                     int x = typed(b, t, {4}), o = typed(b, t, {4});
                     b.op(kOp_RSQRT, {x}, {o});
                     b.io({x}, {o});
                   }));
  BuiltinOpResolver r;
  EXPECT_EQ(
      r.findBuiltin(kOp_RSQRT, 1)->inputTypes,
      typeSet(TensorType::kFloat32, TensorType::kInt8, TensorType::kInt16));
}

} // namespace
} // namespace tfmlir::lite::testing
