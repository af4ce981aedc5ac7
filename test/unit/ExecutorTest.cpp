//===- ExecutorTest.cpp - the Session's executor (runtime/session) --------===//
//
// Dependency order, inter-op parallelism (proved with a rendezvous kernel
// and the executor's concurrency counter, not with timing), node-named
// errors, the refused cycle and the missing-kernel / blocked-by report;
// edge cases and errors of the host kernels (StridedSlice masks, SplitV,
// Tile, Transpose, integer division, f16/bf16 rounding, Assert, Case).
//===----------------------------------------------------------------------===//
#include "runtime/session/Executor.h"
#include "runtime/session/kernels/HostKernel.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include "absl/strings/match.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <thread>

using namespace tfmlir::session;

namespace {

absl::StatusOr<std::unique_ptr<GraphExecutor>> build(const char *text,
                                                     ExecutorOptions opts) {
  mlir::DialectRegistry registry;
  tfmlir::registerTFDialects(registry);
  tfmlir::registerHLODialect(registry);
  registry.insert<mlir::func::FuncDialect>();
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  ctx->loadAllAvailableDialects();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, ctx.get());
  if (!module)
    return absl::InvalidArgumentError("test module does not parse");
  return GraphExecutor::create(std::move(ctx), std::move(module), opts);
}

HostTensor scalar(float v) {
  HostTensor t(DType::kF32, {});
  *t.data<float>() = v;
  return t;
}

/// tf.TestRendezvous: waits up to `wait` for a second invocation to arrive
/// and outputs whether it did (bool scalar).
std::atomic<int> arrivals{0};
std::chrono::milliseconds rendezvousWait{10000};

/// tf.TestRecord: appends its input's value to `order` and returns it.
std::mutex orderMu;
std::vector<float> order;

void registerTestKernels() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerHostKernel("tf.TestRendezvous", [](mlir::Operation *) {
      return absl::StatusOr<std::unique_ptr<HostKernel>>(
          std::make_unique<LambdaKernel>([](KernelContext &ctx) {
            ++arrivals;
            auto end = std::chrono::steady_clock::now() + rendezvousWait;
            while (arrivals < 2 && std::chrono::steady_clock::now() < end)
              std::this_thread::sleep_for(std::chrono::milliseconds(1));
            HostTensor met(DType::kBool, {});
            *met.data<uint8_t>() = arrivals >= 2;
            ctx.outputs.push_back(std::move(met));
            return absl::OkStatus();
          }));
    });
    registerHostKernel("tf.TestRecord", [](mlir::Operation *) {
      return absl::StatusOr<std::unique_ptr<HostKernel>>(
          std::make_unique<LambdaKernel>([](KernelContext &ctx) {
            std::lock_guard<std::mutex> l(orderMu);
            order.push_back(*ctx.inputs[0]->data<float>());
            ctx.outputs.push_back(ctx.inputs[0]->clone());
            return absl::OkStatus();
          }));
    });
  });
}

const char *kTwoIndependent = R"mlir(
func.func @main(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<i1>, tensor<i1>) {
  %0 = "tf.TestRendezvous"(%a) : (tensor<f32>) -> tensor<i1> loc("r1")
  %1 = "tf.TestRendezvous"(%b) : (tensor<f32>) -> tensor<i1> loc("r2")
  func.return %0, %1 : tensor<i1>, tensor<i1>
}
)mlir";

TEST(Executor, IndependentNodesOverlapOnTheInterOpPool) {
  registerTestKernels();
  ExecutorOptions opts;
  opts.interOpThreads = 2;
  auto exe = build(kTwoIndependent, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor a = scalar(1), b = scalar(2);
  for (int run = 0; run < 2; ++run) {
    arrivals = 0;
    rendezvousWait = std::chrono::milliseconds(10000);
    auto out = (*exe)->run({&a, &b});
    ASSERT_TRUE(out.ok()) << out.status();
    // Each node saw the other arrive while it was still running.
    EXPECT_EQ(*(*out)[0].data<uint8_t>(), 1);
    EXPECT_EQ(*(*out)[1].data<uint8_t>(), 1);
  }
  EXPECT_EQ((*exe)->stats().maxConcurrentNodes, 2);
  EXPECT_EQ((*exe)->stats().hostNodes, 2);
  EXPECT_EQ((*exe)->stats().runs, 2);
}

TEST(Executor, OneInterOpThreadRunsNodesOneAtATime) {
  registerTestKernels();
  ExecutorOptions opts;
  opts.interOpThreads = 1;
  auto exe = build(kTwoIndependent, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor a = scalar(1), b = scalar(2);
  arrivals = 0;
  rendezvousWait = std::chrono::milliseconds(200);
  auto out = (*exe)->run({&a, &b});
  ASSERT_TRUE(out.ok()) << out.status();
  // The first node timed out alone; the second found it already done.
  EXPECT_EQ(*(*out)[0].data<uint8_t>() + *(*out)[1].data<uint8_t>(), 1);
  EXPECT_EQ((*exe)->stats().maxConcurrentNodes, 1);
}

TEST(Executor, RunsNodesInDependencyOrder) {
  registerTestKernels();
  // A chain c = rec(rec(rec(x) + 1) * 2) with the clusters between the
  // host nodes compiled (x = 3: records 3, 4, 8; results 8 and 16).
  const char *text = R"mlir(
func.func @main(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %one = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %two = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.TestRecord"(%x) : (tensor<f32>) -> tensor<f32> loc("rec0")
  %1 = "tf.AddV2"(%0, %one) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("add")
  %2 = "tf.TestRecord"(%1) : (tensor<f32>) -> tensor<f32> loc("rec1")
  %3 = "tf.Mul"(%2, %two) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("mul")
  %4 = "tf.TestRecord"(%3) : (tensor<f32>) -> tensor<f32> loc("rec2")
  %5 = "tf.Mul"(%4, %two) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("mul2")
  func.return %4, %5 : tensor<f32>, tensor<f32>
}
)mlir";
  ExecutorOptions opts;
  opts.interOpThreads = 4;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ((*exe)->stats().clusters, 3);
  EXPECT_EQ((*exe)->stats().hostNodes, 3);
  HostTensor x = scalar(3);
  for (int run = 0; run < 2; ++run) {
    order.clear();
    auto out = (*exe)->run({&x});
    ASSERT_TRUE(out.ok()) << out.status();
    EXPECT_EQ(order, (std::vector<float>{3, 4, 8}));
    EXPECT_EQ(*(*out)[0].data<float>(), 8);
    EXPECT_EQ(*(*out)[1].data<float>(), 16);
  }
}

TEST(Executor, KernelErrorsNameTheNode) {
  const char *text = R"mlir(
func.func @main(%b: tensor<*xf32>, %s: tensor<*xf32>) -> tensor<*xi32> {
  %max = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %iou = "tf.Const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %thr = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %0 = "tf.NonMaxSuppressionV3"(%b, %s, %max, %iou, %thr) : (tensor<*xf32>, tensor<*xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<*xi32> loc("nms")
  func.return %0 : tensor<*xi32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor boxes(DType::kF32, {1, 3, 4}), scores(DType::kF32, {3});
  auto out = (*exe)->run({&boxes, &scores});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(
      out.status().message().find(
          "boxes must be 2-D[1,3,4] (Shape must be rank 2 but is rank 3)"),
      std::string::npos)
      << out.status();
  EXPECT_NE(out.status().message().find("[[{{node nms}}]]"), std::string::npos)
      << out.status();
}

TEST(Executor, RefusesACycle) {
  // A hand-made clustering: cluster_0 feeds tf.Unique and consumes its
  // result, so neither can run first.
  const char *text = R"mlir(
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.negate %x {_XlaCluster = "cluster_0"} : tensor<4xf32>
  %y, %idx = "tf.Unique"(%0) : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>) loc("u")
  %1 = hlo.convert %idx {_XlaCluster = "cluster_0"} : (tensor<4xi32>) -> tensor<4xf32>
  %2 = hlo.add %0, %1 {_XlaCluster = "cluster_0"} : tensor<4xf32>
  func.return %2 : tensor<4xf32>
}
)mlir";
  ExecutorOptions opts;
  opts.alreadyClustered = true;
  auto exe = build(text, opts);
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(exe.status().message().find("has a cycle through nodes"),
            std::string::npos)
      << exe.status();
}

TEST(Executor, MissingKernelsAndBlockedOpsAreReportedApart) {
  const char *text = R"mlir(
func.func @main(%x: tensor<4xf32>) -> (tensor<?xf32>, tensor<4xf32>) {
  %y, %idx = "tf.Unique"(%x) : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>) loc("u")
  %t = "tf.Atan"(%y) : (tensor<?xf32>) -> tensor<?xf32> loc("t")
  %f = "tf.FooBar"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("foo")
  func.return %t, %f : tensor<?xf32>, tensor<4xf32>
}
)mlir";
  ExecutorOptions opts;
  opts.graphName = "g.pbtxt";
  opts.compileAtRunTime = false; // otherwise tf.Atan is compiled at run time
  auto exe = build(text, opts);
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(exe.status().message(),
            "g.pbtxt: no host kernel and cannot legalize: tf.FooBar (count 1: "
            "nodes foo); blocked by a node whose result shape is only known "
            "at run time (no host kernel either): tf.Atan (count 1: nodes t "
            "(by u))");
}

TEST(Executor, RunTimeClustersCompileOncePerInputShape) {
  // tf.Atan and tf.Sinh behind tf.Unique have lowerings but no host
  // kernel: they form one cluster compiled for each run-time shape of y.
  const char *text = R"mlir(
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y, %idx = "tf.Unique"(%x) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>) loc("u")
  %t = "tf.Atan"(%y) : (tensor<?xf32>) -> tensor<?xf32> loc("t")
  %s = "tf.Sinh"(%t) : (tensor<?xf32>) -> tensor<?xf32> loc("s")
  func.return %s : tensor<?xf32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ((*exe)->stats().runtimeClusters, 1);
  EXPECT_EQ((*exe)->stats().hostNodes, 1);
  auto check = [&](std::vector<float> in, std::vector<double> uniq) {
    HostTensor x(DType::kF32, {int64_t(in.size())});
    std::copy(in.begin(), in.end(), x.data<float>());
    auto out = (*exe)->run({&x});
    ASSERT_TRUE(out.ok()) << out.status();
    ASSERT_EQ((*out)[0].shape(), std::vector<int64_t>{int64_t(uniq.size())});
    for (size_t i = 0; i < uniq.size(); ++i)
      EXPECT_NEAR((*out)[0].data<float>()[i], std::sinh(std::atan(uniq[i])),
                  1e-5);
  };
  check({1, 2, 2, -3}, {1, 2, -3});
  check({0.5, 0.5}, {0.5});
  check({4, -1, 4, 4}, {4, -1});  // y has 2 elements: a new shape
  check({1, 2, 2, 3}, {1, 2, 3}); // y has 3 elements again: cached
  EXPECT_EQ((*exe)->stats().runtimeCompiles, 3);
  EXPECT_NE(
      (*exe)->describe().find("cluster_0 (tf ops compiled at run time: 2)"),
      std::string::npos)
      << (*exe)->describe();
}

TEST(Executor, RunTimeClusterThatDoesNotLowerFailsOnceAndSaysWhy) {
  // tf.MirrorPad's lowering needs constant paddings; here they are an argument,
  // so the run-time cluster cannot be compiled for any shape. The error
  // names the op, its node, the shapes and the cluster; it is cached.
  const char *text = R"mlir(
func.func @main(%x: tensor<2xf32>, %m: tensor<1x2xi32>) -> tensor<?xf32> {
  %0 = "tf.MirrorPad"(%x, %m) {mode = "REFLECT"} : (tensor<2xf32>, tensor<1x2xi32>) -> tensor<?xf32> loc("pad")
  func.return %0 : tensor<?xf32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ((*exe)->stats().runtimeClusters, 1);
  HostTensor x(DType::kF32, {2}), m(DType::kI32, {1, 2});
  m.data<int32_t>()[0] = 1;
  m.data<int32_t>()[1] = 1;
  for (int run = 0; run < 2; ++run) {
    auto out = (*exe)->run({&x, &m});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.status().code(), absl::StatusCode::kUnimplemented);
    std::string msg(out.status().message());
    EXPECT_NE(
        msg.find("compiled for the run-time input shapes f32[2];i32[1,2];"),
        std::string::npos)
        << msg;
    EXPECT_NE(msg.find("tf.MirrorPad (count 1: nodes pad)"), std::string::npos)
        << msg;
    EXPECT_NE(msg.find("[[{{node cluster_0}}]]"), std::string::npos) << msg;
  }
  EXPECT_EQ((*exe)->stats().runtimeCompiles, 0);
}

TEST(HostKernels, DataDependentSizesAreCheckedAllocations) {
  // DynamicStitch's output size comes from an index value: 2^45 rows of
  // f32 cannot be allocated, and the kernel says so instead of aborting.
  const auto &kernels = hostKernels();
  auto it = kernels.find("tf.DynamicStitch");
  ASSERT_NE(it, kernels.end());
  auto kernel = it->second(nullptr);
  ASSERT_TRUE(kernel.ok());
  HostTensor idx(DType::kI64, {1}), data(DType::kF32, {1});
  *idx.data<int64_t>() = int64_t(1) << 45;
  KernelContext ctx;
  ctx.inputs = {&idx, &data};
  absl::Status st = (*kernel)->compute(ctx);
  EXPECT_EQ(st.code(), absl::StatusCode::kResourceExhausted) << st;
  EXPECT_NE(st.message().find(
                "OOM when allocating tensor with shape[35184372088833]"),
            std::string::npos)
      << st;
}

// The executor's max_run_memory_bytes check before a node allocates: a
// HostAllocationLimit refuses a create() that does not fit, allocating
// nothing; what fits is taken from what is left; scopes nest and are per
// thread.
TEST(HostKernels, AllocationLimitRefusesBeforeAllocating) {
  {
    HostAllocationLimit limit(100);
    auto a = HostTensor::create(DType::kF32, {20}); // 80 bytes
    ASSERT_TRUE(a.ok()) << a.status();
    EXPECT_EQ(limit.allocatedBytes(), 80);
    // 2^40 f32 would need 4 TiB: refused, not attempted.
    auto big = HostTensor::create(DType::kF32, {int64_t(1) << 40});
    EXPECT_EQ(big.status().code(), absl::StatusCode::kResourceExhausted);
    EXPECT_NE(big.status().message().find("4398046511104 bytes, over what is "
                                          "left of the run's memory limit"),
              std::string::npos)
        << big.status();
    EXPECT_EQ(limit.refusedBytes(), int64_t(4) << 40);
    auto small = HostTensor::create(DType::kF32, {5}); // 20 of 20 left
    EXPECT_TRUE(small.ok());
    EXPECT_FALSE(HostTensor::create(DType::kI8, {1}).ok());
    EXPECT_EQ(limit.refusedBytes(), int64_t(4) << 40); // the first refusal
    {
      HostAllocationLimit inner(1000);
      EXPECT_TRUE(HostTensor::create(DType::kF32, {200}).ok());
      EXPECT_EQ(HostAllocationLimit::current(), &inner);
    }
    EXPECT_EQ(HostAllocationLimit::current(), &limit);
    std::thread other([] {
      EXPECT_EQ(HostAllocationLimit::current(), nullptr);
      EXPECT_TRUE(HostTensor::create(DType::kF32, {1000}).ok());
    });
    other.join();
  }
  EXPECT_EQ(HostAllocationLimit::current(), nullptr);
}

} // namespace

namespace {
const char *kMinClusterGraph = R"mlir(
func.func @main(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %0 = "tf.TestRecord"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("rec0")
  %1 = "tf.AddV2"(%0, %0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("a")
  %2 = "tf.Mul"(%1, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("b")
  %3 = "tf.Sub"(%2, %0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("c")
  %4 = "tf.Maximum"(%3, %1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc("d")
  %5 = "tf.TestRecord"(%4) : (tensor<4xf32>) -> tensor<4xf32> loc("rec1")
  %6 = "tf.Atan"(%5) : (tensor<4xf32>) -> tensor<4xf32> loc("t")
  func.return %4, %6 : tensor<4xf32>, tensor<4xf32>
}
)mlir";
} // namespace

TEST(Executor, ClustersBelowTheMinimumSizeRunOnHostKernels) {
  // TF's tf_xla_min_cluster_size: the cluster a-d has 4 TF nodes, the
  // cluster t one (Atan has no host kernel, so it is compiled whatever the
  // minimum). The values do not depend on where the nodes run.
  registerTestKernels();
  HostTensor x(DType::kF32, {4});
  std::vector<float> in = {1.5f, -2.f, 0.25f, 3.f};
  std::copy(in.begin(), in.end(), x.data<float>());
  for (auto [minSize, clusters, hostNodes] :
       {std::tuple{1, 2, 2}, std::tuple{4, 2, 2}, std::tuple{5, 1, 6}}) {
    ExecutorOptions opts;
    opts.minClusterSize = minSize;
    auto exe = build(kMinClusterGraph, opts);
    ASSERT_TRUE(exe.ok()) << exe.status();
    EXPECT_EQ((*exe)->stats().clusters, clusters) << "min " << minSize;
    EXPECT_EQ((*exe)->stats().hostNodes, hostNodes) << "min " << minSize;
    auto out = (*exe)->run({&x});
    ASSERT_TRUE(out.ok()) << out.status();
    for (int i = 0; i < 4; ++i) {
      double a = 2.0 * in[i], d = std::max(a * a - in[i], a);
      EXPECT_EQ((*out)[0].data<float>()[i], static_cast<float>(d));
      EXPECT_NEAR((*out)[1].data<float>()[i], std::atan(d), 1e-6);
    }
  }
}

// TensorList kernels (ListKernels.cpp): TF's list_kernels errors, each
// naming the node.
TEST(HostKernels, TensorListErrorsAreTFs) {
  // @main(%shape: [3], %x: f32[3]) with `body` in between; returns %out.
  auto errorOf = [](const std::string &body, const std::string &outType) {
    std::string text =
        "func.func @main(%shape: tensor<1xi32>, %x: tensor<3xf32>) -> " +
        outType + R"mlir( {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %two = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %any = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
)mlir" + body +
        "  func.return %out : " + outType + "\n}\n";
    auto exe = build(text.c_str(), ExecutorOptions());
    if (!exe.ok())
      return std::string(exe.status().message());
    HostTensor shape(DType::kI32, {1}), x(DType::kF32, {3});
    shape.data<int32_t>()[0] = 3;
    auto out = (*exe)->run({&shape, &x});
    return out.ok() ? std::string("ok") : std::string(out.status().message());
  };
  // An unset element of a list whose element shape is unknown.
  EXPECT_EQ(errorOf(R"mlir(
  %u = "tf.TensorListReserve"(%any, %two) {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant> loc("unknown")
  %out = "tf.TensorListGetItem"(%u, %one, %any) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> tensor<3xf32> loc("get")
)mlir",
                    "tensor<3xf32>"),
            "Trying to read an uninitialized tensor but element_shape is not "
            "fully defined: <unknown> and no list element is set.\n\t "
            "[[{{node get}}]]");
  // Pushing past max_num_elements.
  EXPECT_EQ(errorOf(R"mlir(
  %e = "tf.EmptyTensorList"(%shape, %one) {element_dtype = f32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("empty")
  %p1 = "tf.TensorListPushBack"(%e, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("push1")
  %p2 = "tf.TensorListPushBack"(%p1, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("push2")
  %out = "tf.TensorListLength"(%p2) : (tensor<!tf_type.variant>) -> tensor<i32> loc("len")
)mlir",
                    "tensor<i32>"),
            "Tried to push item into a full list list size: 1 "
            "max_num_elements: 1\n\t [[{{node push2}}]]");
  // Popping from an empty list.
  EXPECT_EQ(errorOf(R"mlir(
  %e = "tf.EmptyTensorList"(%shape, %any) {element_dtype = f32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("empty")
  %l, %out = "tf.TensorListPopBack"(%e, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<1xi32>) -> (tensor<!tf_type.variant>, tensor<3xf32>) loc("pop")
)mlir",
                    "tensor<3xf32>"),
            "Trying to pop from an empty list.\n\t [[{{node pop}}]]");
  // Reading an int32 list as float.
  EXPECT_EQ(errorOf(R"mlir(
  %r = "tf.TensorListReserve"(%shape, %two) {element_dtype = i32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("ints")
  %out = "tf.TensorListGetItem"(%r, %one, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<1xi32>) -> tensor<3xf32> loc("get")
)mlir",
                    "tensor<3xf32>"),
            "Invalid data types; op elements float but list elements "
            "int32\n\t [[{{node get}}]]");
  // Setting an element of the wrong shape.
  EXPECT_EQ(errorOf(R"mlir(
  %r = "tf.TensorListReserve"(%two, %two) {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant> loc("r")
  %out = "tf.TensorListSetItem"(%r, %one, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("set")
)mlir",
                    "tensor<!tf_type.variant>"),
            "The only valid scalar shape tensor is the fully unknown shape "
            "specified as -1.\n\t [[{{node r}}]]");
}

TEST(HostKernels, TensorListUnsetElementsStackAsZeros) {
  const char *text = R"mlir(
func.func @main(%shape: tensor<1xi32>, %x: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<1xi32>, tensor<3xf32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %two = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.TensorListReserve"(%shape, %two) {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("reserve")
  %r1 = "tf.TensorListSetItem"(%r, %one, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("set")
  %s = "tf.TensorListStack"(%r1, %shape) {element_dtype = f32, num_elements = 2 : i64} : (tensor<!tf_type.variant>, tensor<1xi32>) -> tensor<2x3xf32> loc("stack")
  %es = "tf.TensorListElementShape"(%r1) : (tensor<!tf_type.variant>) -> tensor<1xi32> loc("eshape")
  %l, %t = "tf.TensorListPopBack"(%r1, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<1xi32>) -> (tensor<!tf_type.variant>, tensor<3xf32>) loc("pop")
  func.return %s, %es, %t : tensor<2x3xf32>, tensor<1xi32>, tensor<3xf32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor shape(DType::kI32, {1}), x(DType::kF32, {3});
  shape.data<int32_t>()[0] = 3;
  for (int i = 0; i < 3; ++i)
    x.data<float>()[i] = 1.5f * i - 1;
  auto out = (*exe)->run({&shape, &x});
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<float> want = {0, 0, 0, -1, 0.5f, 2};
  ASSERT_EQ((*out)[0].shape(), (std::vector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ((*out)[0].data<float>()[i], want[i]);
  EXPECT_EQ((*out)[1].data<int32_t>()[0], 3);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ((*out)[2].data<float>()[i], want[3 + i]);
  // A wrong num_elements attr is TF's error.
  std::string bad = text;
  bad.replace(bad.find("num_elements = 2"), 16, "num_elements = 5");
  auto exe2 = build(bad.c_str(), ExecutorOptions());
  ASSERT_TRUE(exe2.ok()) << exe2.status();
  auto out2 = (*exe2)->run({&shape, &x});
  ASSERT_FALSE(out2.ok());
  EXPECT_NE(out2.status().message().find(
                "Operation expected a list with 5 elements but got a list "
                "with 2 elements.\n\t [[{{node stack}}]]"),
            std::string::npos)
      << out2.status();
}

// The TensorList kernels that tf-tensor-array-ops-decomposition's
// list-fallback writes for TF1 TensorArrays: ScatterIntoExistingList
// (grows the list), Gather (unset elements read as zeros), ConcatV2 with
// its lengths, Split, SetItem with resize_if_index_out_of_bounds, and
// GetItem of an unset element whose shape comes from a set one (TF's
// TensorListGetItem inference).
TEST(HostKernels, TensorListGatherScatterConcatSplit) {
  const char *text = R"mlir(
func.func @main(%x: tensor<2x3xf32>, %idx: tensor<2xi32>, %lens: tensor<2xi64>) -> (tensor<3x3xf32>, tensor<9xf32>, tensor<3xi64>, tensor<?x3xf32>, tensor<2xi64>, tensor<i32>, tensor<3xf32>) {
  %shape = "tf.Const"() {value = dense<3> : tensor<1xi32>} : () -> tensor<1xi32>
  %cshape = "tf.Const"() {value = dense<[-1, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %vshape = "tf.Const"() {value = dense<-1> : tensor<1xi32>} : () -> tensor<1xi32>
  %any = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %two = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %all = "tf.Const"() {value = dense<[0, 1, 2]> : tensor<3xi32>} : () -> tensor<3xi32>
  %none = "tf.Const"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  %r = "tf.TensorListReserve"(%shape, %one) {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("reserve")
  %s = "tf.TensorListScatterIntoExistingList"(%r, %x, %idx) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<2x3xf32>, tensor<2xi32>) -> tensor<!tf_type.variant> loc("scatter")
  %g = "tf.TensorListGather"(%s, %all, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<3xi32>, tensor<1xi32>) -> tensor<3x3xf32> loc("gather")
  %c:2 = "tf.TensorListConcatV2"(%s, %vshape, %none) {element_dtype = f32, shape_type = i32} : (tensor<!tf_type.variant>, tensor<1xi32>, tensor<0xi64>) -> (tensor<9xf32>, tensor<3xi64>) loc("concat")
  %sp = "tf.TensorListSplit"(%x, %cshape, %lens) {element_dtype = f32, shape_type = i32} : (tensor<2x3xf32>, tensor<2xi32>, tensor<2xi64>) -> tensor<!tf_type.variant> loc("split")
  %sc:2 = "tf.TensorListConcatV2"(%sp, %cshape, %none) {element_dtype = f32, shape_type = i32} : (tensor<!tf_type.variant>, tensor<2xi32>, tensor<0xi64>) -> (tensor<?x3xf32>, tensor<2xi64>) loc("splitconcat")
  %e = "tf.TensorListReserve"(%any, %zero) {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant> loc("empty")
  %row = "tf.Const"() {value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %grown = "tf.TensorListSetItem"(%e, %two, %row) {element_dtype = f32, resize_if_index_out_of_bounds = true} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("grow")
  %len = "tf.TensorListLength"(%grown) : (tensor<!tf_type.variant>) -> tensor<i32> loc("len")
  %unset = "tf.TensorListGetItem"(%grown, %one, %any) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> tensor<3xf32> loc("unset")
  func.return %g, %c#0, %c#1, %sc#0, %sc#1, %len, %unset : tensor<3x3xf32>, tensor<9xf32>, tensor<3xi64>, tensor<?x3xf32>, tensor<2xi64>, tensor<i32>, tensor<3xf32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor x(DType::kF32, {2, 3}), idx(DType::kI32, {2}),
      lens(DType::kI64, {2});
  for (int i = 0; i < 6; ++i)
    x.data<float>()[i] = 0.5f * i - 1;
  // Row 0 to element 2, row 1 to element 0: the 1-element list grows to 3,
  // element 1 unset.
  idx.data<int32_t>()[0] = 2;
  idx.data<int32_t>()[1] = 0;
  lens.data<int64_t>()[0] = 1;
  lens.data<int64_t>()[1] = 1;
  auto run = [&](const HostTensor &i, const HostTensor &l) {
    return (*exe)->run({&x, &i, &l});
  };
  auto out = run(idx, lens);
  ASSERT_TRUE(out.ok()) << out.status();
  std::vector<float> want = {0.5f, 1, 1.5f, 0, 0, 0, -1, -0.5f, 0};
  ASSERT_EQ((*out)[0].shape(), (std::vector<int64_t>{3, 3}));
  ASSERT_EQ((*out)[1].shape(), (std::vector<int64_t>{9}));
  for (int i = 0; i < 9; ++i) {
    EXPECT_EQ((*out)[0].data<float>()[i], want[i]) << i;
    EXPECT_EQ((*out)[1].data<float>()[i], want[i]) << i;
  }
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ((*out)[2].data<int64_t>()[i], 3);
  ASSERT_EQ((*out)[3].shape(), (std::vector<int64_t>{2, 3}));
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ((*out)[3].data<float>()[i], x.data<float>()[i]);
  EXPECT_EQ((*out)[4].data<int64_t>()[0], 1);
  EXPECT_EQ((*out)[4].data<int64_t>()[1], 1);
  EXPECT_EQ((*out)[5].data<int32_t>()[0], 3);
  // Element 1 was never set and the list's shape is unknown: zeros of the
  // shape of the set element 2.
  ASSERT_EQ((*out)[6].shape(), (std::vector<int64_t>{3}));
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ((*out)[6].data<float>()[i], 0);

  // A split that leaves rows over, and a negative scatter index: TF's
  // errors, naming the node.
  HostTensor short_(DType::kI64, {2});
  short_.data<int64_t>()[0] = 1;
  short_.data<int64_t>()[1] = 0;
  auto bad = run(idx, short_);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "Unused values in tensor. Length of "
                                    "tensor: 2 Values used: 1\n\t "
                                    "[[{{node split}}]]");
  HostTensor neg(DType::kI32, {2});
  neg.data<int32_t>()[0] = -1;
  bad = run(neg, lens);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "Indices in TensorListScatter must all be non-negative.\n\t "
            "[[{{node scatter}}]]");
}

TEST(HostKernels, TensorListGatherAndConcatErrorsAreTFs) {
  // @main(%i: indices [2]) -> gather of a 2-element list.
  auto errorOf = [](const char *shape, const std::string &op) {
    std::string text = std::string(R"mlir(
func.func @main(%i: tensor<2xi32>) -> tensor<*xf32> {
  %shape = "tf.Const"() {value = dense<)mlir") +
                       shape + R"mlir(> : tensor<1xi32>} : () -> tensor<1xi32>
  %two = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %r = "tf.TensorListReserve"(%shape, %two) {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("reserve")
)mlir" + op + "  func.return %out : tensor<*xf32>\n}\n";
    auto exe = build(text.c_str(), ExecutorOptions());
    if (!exe.ok())
      return std::string(exe.status().message());
    HostTensor i(DType::kI32, {2});
    i.data<int32_t>()[0] = 0;
    i.data<int32_t>()[1] = 5;
    auto out = (*exe)->run({&i});
    return out.ok() ? std::string("ok") : std::string(out.status().message());
  };
  const std::string gather =
      R"mlir(  %out = "tf.TensorListGather"(%r, %i, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<2xi32>, tensor<1xi32>) -> tensor<*xf32> loc("pick")
)mlir";
  // TF's two messages: the list's element shape fully defined or not.
  EXPECT_EQ(errorOf("3", gather), "Index 5 out o range; list only has 2 "
                                  "elements.\n\t [[{{node pick}}]]");
  EXPECT_EQ(errorOf("-1", gather), "Trying to gather element 5 in a list "
                                   "with 2 elements.\n\t [[{{node pick}}]]");
  // Concatenating scalars.
  EXPECT_EQ(
      errorOf(
          "3",
          R"mlir(  %scalar = "tf.Const"() {value = dense<> : tensor<0xi32>} : () -> tensor<0xi32>
  %none = "tf.Const"() {value = dense<> : tensor<0xi64>} : () -> tensor<0xi64>
  %r0 = "tf.TensorListReserve"(%scalar, %two) {element_dtype = f32, shape_type = i32} : (tensor<0xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("scalars")
  %out, %lens = "tf.TensorListConcatV2"(%r0, %scalar, %none) {element_dtype = f32, shape_type = i32} : (tensor<!tf_type.variant>, tensor<0xi32>, tensor<0xi64>) -> (tensor<*xf32>, tensor<?xi64>) loc("cat")
)mlir"),
      "Concat requires elements to be at least vectors, found scalars "
      "instead.\n\t [[{{node cat}}]]");
  // Writing past the end without resize_if_index_out_of_bounds.
  EXPECT_EQ(
      errorOf(
          "3",
          R"mlir(  %v = "tf.Const"() {value = dense<1.0> : tensor<3xf32>} : () -> tensor<3xf32>
  %s = "tf.TensorListSetItem"(%r, %two, %v) {element_dtype = f32, resize_if_index_out_of_bounds = false} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("set")
  %out = "tf.TensorListStack"(%s, %shape) {element_dtype = f32, num_elements = -1 : i64} : (tensor<!tf_type.variant>, tensor<1xi32>) -> tensor<*xf32> loc("stack")
)mlir"),
      "Trying to modify element 2 in a list with 2 elements.\n\t "
      "[[{{node set}}]]");
}

// Slice and Pad with run-time begin/size/paddings (kernels/Slicing.cpp),
// against index arithmetic, and TF's errors.
TEST(HostKernels, SliceAndPadWithRunTimeOperands) {
  const char *text = R"mlir(
func.func @main(%x: tensor<2x3x4xi32>, %b: tensor<3xi64>, %s: tensor<3xi64>, %p: tensor<3x2xi32>, %c: tensor<i32>) -> (tensor<?x?x?xi32>, tensor<?x?x?xi32>) {
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<2x3x4xi32>, tensor<3xi64>, tensor<3xi64>) -> tensor<?x?x?xi32> loc("slice")
  %1 = "tf.PadV2"(%0, %p, %c) : (tensor<?x?x?xi32>, tensor<3x2xi32>, tensor<i32>) -> tensor<?x?x?xi32> loc("pad")
  func.return %0, %1 : tensor<?x?x?xi32>, tensor<?x?x?xi32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor x(DType::kI32, {2, 3, 4}), b(DType::kI64, {3}),
      s(DType::kI64, {3}), p(DType::kI32, {3, 2}), c(DType::kI32, {});
  for (int i = 0; i < 24; ++i)
    x.data<int32_t>()[i] = i;
  int64_t bv[] = {1, 1, 0}, sv[] = {1, -1, 3};
  int32_t pv[] = {0, 1, 1, 0, 2, 1};
  std::copy(bv, bv + 3, b.data<int64_t>());
  std::copy(sv, sv + 3, s.data<int64_t>());
  std::copy(pv, pv + 6, p.data<int32_t>());
  *c.data<int32_t>() = -7;
  auto out = (*exe)->run({&x, &b, &s, &p, &c});
  ASSERT_TRUE(out.ok()) << out.status();
  // x[1:2, 1:3, 0:3]: shape [1,2,3].
  ASSERT_EQ((*out)[0].shape(), (std::vector<int64_t>{1, 2, 3}));
  std::vector<int32_t> want = {16, 17, 18, 20, 21, 22};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ((*out)[0].data<int32_t>()[i], want[i]);
  // Padded by (0,1), (1,0), (2,1) with -7: shape [2,3,6].
  const HostTensor &padded = (*out)[1];
  ASSERT_EQ(padded.shape(), (std::vector<int64_t>{2, 3, 6}));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 6; ++k) {
        bool inside = i < 1 && j >= 1 && k >= 2 && k < 5;
        int32_t v = inside ? want[(j - 1) * 3 + (k - 2)] : -7;
        EXPECT_EQ(padded.data<int32_t>()[(i * 3 + j) * 6 + k], v)
            << i << "," << j << "," << k;
      }
  // size past the end; negative padding.
  sv[2] = 5;
  std::copy(sv, sv + 3, s.data<int64_t>());
  out = (*exe)->run({&x, &b, &s, &p, &c});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "Expected size[2] in [0, 4], but got 5\n\t [[{{node slice}}]]");
  sv[2] = 3;
  std::copy(sv, sv + 3, s.data<int64_t>());
  p.data<int32_t>()[3] = -1;
  out = (*exe)->run({&x, &b, &s, &p, &c});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "Paddings must be non-negative: 1 -1\n\t [[{{node pad}}]]");
}

TEST(Executor, SmallClustersTheHostCannotComputeStayCompiled) {
  // One f16 AddV2: below the minimum, but the elementwise host kernels have
  // no f16, so it is compiled as before.
  const char *text = R"mlir(
func.func @main(%h: tensor<2xf16>) -> tensor<2xf16> {
  %0 = "tf.AddV2"(%h, %h) : (tensor<2xf16>, tensor<2xf16>) -> tensor<2xf16> loc("add")
  func.return %0 : tensor<2xf16>
}
)mlir";
  ExecutorOptions opts;
  opts.minClusterSize = 4;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ((*exe)->stats().clusters, 1);
  EXPECT_EQ((*exe)->stats().hostNodes, 0);
  HostTensor h(DType::kF16, {2});
  h.data<uint16_t>()[0] = 0x3C00; // 1.0
  h.data<uint16_t>()[1] = 0xC000; // -2.0
  auto out = (*exe)->run({&h});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(halfToFloat((*out)[0].data<uint16_t>()[0]), 2.0f);
  EXPECT_EQ(halfToFloat((*out)[0].data<uint16_t>()[1]), -4.0f);
}

//===----------------------------------------------------------------------===//
// Data-movement, element-wise, Assert and Case host kernels: edge cases
// and errors (the NumPy comparisons are test/tools/host-*.test).
//===----------------------------------------------------------------------===//

namespace {

HostTensor i32Vector(std::vector<int32_t> v) {
  HostTensor t(DType::kI32, {int64_t(v.size())});
  std::copy(v.begin(), v.end(), t.data<int32_t>());
  return t;
}

HostTensor i32Scalar(int32_t v) {
  HostTensor t(DType::kI32, {});
  *t.data<int32_t>() = v;
  return t;
}

std::vector<int32_t> i32Values(const HostTensor &t) {
  return std::vector<int32_t>(t.data<int32_t>(),
                              t.data<int32_t>() + t.numElements());
}

} // namespace

TEST(HostKernels, StridedSliceMasksWithRunTimeOperands) {
  // x[..., new_axis, 2] (ellipsis, new axis, shrink) and x[::-1, 1:] with
  // begin_mask on dim 0 and end_mask on dim 1.
  const char *text = R"mlir(
func.func @main(%x: tensor<3x4xi32>, %b: tensor<3xi32>, %e: tensor<3xi32>, %s: tensor<?xi32>, %b2: tensor<2xi32>, %e2: tensor<2xi32>, %s2: tensor<2xi32>) -> (tensor<*xi32>, tensor<*xi32>) {
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 1 : i64, new_axis_mask = 2 : i64, shrink_axis_mask = 4 : i64} : (tensor<3x4xi32>, tensor<3xi32>, tensor<3xi32>, tensor<?xi32>) -> tensor<*xi32> loc("ss")
  %1 = "tf.StridedSlice"(%x, %b2, %e2, %s2) {begin_mask = 1 : i64, end_mask = 2 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<3x4xi32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xi32> loc("ss2")
  func.return %0, %1 : tensor<*xi32>, tensor<*xi32>
}
)mlir";
  ExecutorOptions opts;
  opts.compileClusters = false;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor x(DType::kI32, {3, 4});
  for (int i = 0; i < 12; ++i)
    x.data<int32_t>()[i] = i;
  HostTensor b = i32Vector({0, 0, 2}), e = i32Vector({0, 0, 3}),
             s = i32Vector({1, 1, 1});
  HostTensor b2 = i32Vector({7, 1}), e2 = i32Vector({-9, 0}),
             s2 = i32Vector({-1, 1});
  auto out = (*exe)->run({&x, &b, &e, &s, &b2, &e2, &s2});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].shape(), (std::vector<int64_t>{3, 1}));
  EXPECT_EQ(i32Values((*out)[0]), (std::vector<int32_t>{2, 6, 10}));
  // Rows 2, 1, 0 (begin masked; end -9 clamps before row 0), columns 1..3.
  EXPECT_EQ((*out)[1].shape(), (std::vector<int64_t>{3, 3}));
  EXPECT_EQ(i32Values((*out)[1]),
            (std::vector<int32_t>{9, 10, 11, 5, 6, 7, 1, 2, 3}));
  // A shrink index past the dim; begin/end/strides of different lengths.
  HostTensor bBad = i32Vector({0, 0, 4});
  out = (*exe)->run({&x, &bBad, &e, &s, &b2, &e2, &s2});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(std::string(out.status().message()),
            "slice index 4 of dimension 1 out of bounds\n\t [[{{node ss}}]]");
  HostTensor sShort = i32Vector({1, 1});
  out = (*exe)->run({&x, &b, &e, &sShort, &b2, &e2, &s2});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "Expected begin, end, and strides to be 1D equal size tensors, but "
            "got shapes [3], [3], and [2] instead.\n\t [[{{node ss}}]]");
}

TEST(HostKernels, SplitUnpackTileTransposeEdges) {
  const char *text = R"mlir(
func.func @main(%x: tensor<2x3xi32>, %sizes: tensor<3xi32>, %ax: tensor<i32>, %m: tensor<*xi32>, %p: tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) {
  %0:3 = "tf.SplitV"(%x, %sizes, %ax) {num_split = 3 : i64} : (tensor<2x3xi32>, tensor<3xi32>, tensor<i32>) -> (tensor<*xi32>, tensor<*xi32>, tensor<*xi32>) loc("splitv")
  %1:2 = "tf.Unpack"(%x) {num = 2 : i64, axis = 0 : i64} : (tensor<2x3xi32>) -> (tensor<*xi32>, tensor<*xi32>) loc("unpack")
  %2 = "tf.Tile"(%x, %m) : (tensor<2x3xi32>, tensor<*xi32>) -> tensor<*xi32> loc("tile")
  %3 = "tf.Transpose"(%2, %p) : (tensor<*xi32>, tensor<*xi32>) -> tensor<*xi32> loc("transpose")
  func.return %0#0, %0#1, %0#2, %1#1, %2, %3 : tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>, tensor<*xi32>
}
)mlir";
  ExecutorOptions opts;
  opts.compileClusters = false;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor x(DType::kI32, {2, 3});
  for (int i = 0; i < 6; ++i)
    x.data<int32_t>()[i] = i;
  // Sizes 0, -1 (the rest: 2), 1 along the last axis (-1).
  HostTensor sizes = i32Vector({0, -1, 1}), ax = i32Scalar(-1),
             m = i32Vector({2, 1}), p = i32Vector({1, 0});
  auto out = (*exe)->run({&x, &sizes, &ax, &m, &p});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ((*out)[0].shape(), (std::vector<int64_t>{2, 0}));
  EXPECT_EQ(i32Values((*out)[1]), (std::vector<int32_t>{0, 1, 3, 4}));
  EXPECT_EQ(i32Values((*out)[2]), (std::vector<int32_t>{2, 5}));
  EXPECT_EQ((*out)[3].shape(), (std::vector<int64_t>{3}));
  EXPECT_EQ(i32Values((*out)[3]), (std::vector<int32_t>{3, 4, 5}));
  EXPECT_EQ((*out)[4].shape(), (std::vector<int64_t>{4, 3}));
  EXPECT_EQ(i32Values((*out)[4]),
            (std::vector<int32_t>{0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}));
  EXPECT_EQ((*out)[5].shape(), (std::vector<int64_t>{3, 4}));
  EXPECT_EQ(i32Values((*out)[5]),
            (std::vector<int32_t>{0, 3, 0, 3, 1, 4, 1, 4, 2, 5, 2, 5}));
  // Errors, each naming its node.
  auto fails = [&](std::vector<const HostTensor *> in, const char *msg) {
    auto r = (*exe)->run(in);
    ASSERT_FALSE(r.ok()) << msg;
    EXPECT_EQ(r.status().message(), msg);
  };
  HostTensor big = i32Vector({1, 1, 2}), ax2 = i32Scalar(2),
             m3 = i32Vector({1, 1, 1}), p3 = i32Vector({0, 3});
  fails({&x, &big, &ax, &m, &p},
        "Determined shape must either match input shape along split_dim "
        "exactly if fully specified, or be less than the size of the input "
        "along split_dim if not fully specified.  Got: 4\n\t [[{{node "
        "splitv}}]]");
  fails({&x, &sizes, &ax2, &m, &p},
        "-input rank(-2) <= split_dim < input rank (2), but got 2\n\t "
        "[[{{node splitv}}]]");
  fails({&x, &sizes, &ax, &m3, &p},
        "Expected multiples argument to be a vector of length 2 but got "
        "length 3\n\t [[{{node tile}}]]");
  fails({&x, &sizes, &ax, &m, &p3},
        "3 is out of range [0 .. 2)\n\t [[{{node transpose}}]]");
}

TEST(HostKernels, IntegerDivisionEdgesAndHalfCasts) {
  const char *text = R"mlir(
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>, %f: tensor<6xf32>, %u: tensor<2xui8>, %v: tensor<2xui8>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<6xf16>, tensor<6xbf16>, tensor<6xi1>, tensor<2xui8>) {
  %0 = "tf.FloorDiv"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> loc("floordiv")
  %1 = "tf.FloorMod"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> loc("floormod")
  %2 = "tf.TruncateDiv"(%a, %b) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32> loc("truncdiv")
  %3 = "tf.Cast"(%f) {Truncate = false} : (tensor<6xf32>) -> tensor<6xf16> loc("half")
  %4 = "tf.Cast"(%f) {Truncate = false} : (tensor<6xf32>) -> tensor<6xbf16> loc("bhalf")
  %5 = "tf.Cast"(%3) {Truncate = false} : (tensor<6xf16>) -> tensor<6xi1> loc("tobool")
  %6 = "tf.FloorMod"(%u, %v) : (tensor<2xui8>, tensor<2xui8>) -> tensor<2xui8> loc("umod")
  func.return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<6xf16>, tensor<6xbf16>, tensor<6xi1>, tensor<2xui8>
}
)mlir";
  ExecutorOptions opts;
  opts.compileClusters = false;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  const int32_t kMin = std::numeric_limits<int32_t>::min();
  HostTensor a = i32Vector({kMin, kMin, -7, 7}), b = i32Vector({-1, 7, 7, -7});
  HostTensor f(DType::kF32, {6});
  // 1 + 2^-11 (a tie: even 1.0 in f16), 1 + 3 * 2^-11 (a tie: up to
  // 1 + 2^-9), 65519 (65504), 65520 (inf), 2^-25 (0 in f16: half the
  // smallest subnormal, ties to even), 1 + 2^-8 (a bf16 tie: even 1.0).
  float fv[] = {1.0f + 0x1p-11f, 1.0f + 3 * 0x1p-11f, 65519.0f, 65520.0f,
                0x1p-25f,        1.0f + 0x1p-8f};
  std::copy(fv, fv + 6, f.data<float>());
  HostTensor u(DType::kU8, {2}), v(DType::kU8, {2});
  u.data<uint8_t>()[0] = 250;
  u.data<uint8_t>()[1] = 7;
  v.data<uint8_t>()[0] = 7;
  v.data<uint8_t>()[1] = 250;
  auto out = (*exe)->run({&a, &b, &f, &u, &v});
  ASSERT_TRUE(out.ok()) << out.status();
  // INT32_MIN / -1 wraps to INT32_MIN, its remainder is 0 (as XLA).
  EXPECT_EQ(i32Values((*out)[0]),
            (std::vector<int32_t>{kMin, kMin / 7 - 1, -1, -1}));
  EXPECT_EQ(i32Values((*out)[1]), (std::vector<int32_t>{0, 5, 0, 0}));
  EXPECT_EQ(i32Values((*out)[2]),
            (std::vector<int32_t>{kMin, kMin / 7, -1, -1}));
  const uint16_t *h = (*out)[3].data<uint16_t>();
  EXPECT_EQ(h[0], 0x3C00);
  EXPECT_EQ(h[1], 0x3C02);
  EXPECT_EQ(h[2], 0x7BFF);
  EXPECT_EQ(h[3], 0x7C00);
  EXPECT_EQ(h[4], 0x0000);
  EXPECT_EQ(halfToFloat(h[5]), 1.0f + 0x1p-8f);
  EXPECT_EQ(bfloat16ToFloat((*out)[4].data<uint16_t>()[5]), 1.0f);
  EXPECT_EQ(bfloat16ToFloat((*out)[4].data<uint16_t>()[2]), 65536.0f);
  std::vector<uint8_t> nonzero((*out)[5].data<uint8_t>(),
                               (*out)[5].data<uint8_t>() + 6);
  EXPECT_EQ(nonzero, (std::vector<uint8_t>{1, 1, 1, 1, 0, 1}));
  EXPECT_EQ((*out)[6].data<uint8_t>()[0], 250 % 7);
  EXPECT_EQ((*out)[6].data<uint8_t>()[1], 7);
  // A zero divisor anywhere in b.
  HostTensor z = i32Vector({1, 0, 1, 1});
  out = (*exe)->run({&a, &z, &f, &u, &v});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(absl::StrContains(out.status().message(),
                                "Integer division by zero\n\t [[{{node "))
      << out.status();
}

TEST(HostKernels, AssertSummarizesItsDataAsTF) {
  const char *text = R"mlir(
func.func @main(%c: tensor<*xi1>, %x: tensor<2x2xf32>, %b: tensor<3xi1>) -> tensor<2x2xf32> {
  %m = "tf.Const"() {value = dense<["two", "tab\09"]> : tensor<2x!tf_type.string>} : () -> tensor<2x!tf_type.string> loc("m")
  "tf.Assert"(%c, %m, %x, %b) {summarize = -1 : i64} : (tensor<*xi1>, tensor<2x!tf_type.string>, tensor<2x2xf32>, tensor<3xi1>) -> () loc("check")
  "tf.Assert"(%c, %x) {summarize = 3 : i64} : (tensor<*xi1>, tensor<2x2xf32>) -> () loc("check3")
  func.return %x : tensor<2x2xf32>
}
)mlir";
  ExecutorOptions opts;
  opts.compileClusters = false;
  opts.sequential = true;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor c(DType::kBool, {}), x(DType::kF32, {2, 2}), b(DType::kBool, {3});
  float xv[] = {0.5f, -1e10f, std::nanf(""), 3.0f};
  std::copy(xv, xv + 4, x.data<float>());
  b.data<uint8_t>()[0] = 1;
  *c.data<uint8_t>() = 1;
  auto out = (*exe)->run({&c, &x, &b});
  ASSERT_TRUE(out.ok()) << out.status();
  *c.data<uint8_t>() = 0;
  out = (*exe)->run({&c, &x, &b});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().code(), absl::StatusCode::kInvalidArgument);
  // Either Assert may fail first; both messages are TF's.
  std::string msg(out.status().message());
  EXPECT_TRUE(msg == "assertion failed: [two tab\\t] [[0.5 -1e+10][nan 3]] "
                     "[1 0 0]\n\t [[{{node check}}]]" ||
              msg == "assertion failed: [[0.5 -1e+10][nan...]...]\n\t "
                     "[[{{node check3}}]]")
      << msg;
  // A condition that is not a (legacy) scalar.
  HostTensor c2(DType::kBool, {2});
  out = (*exe)->run({&c2, &x, &b});
  ASSERT_FALSE(out.ok());
  EXPECT_TRUE(
      absl::StartsWith(out.status().message(), "In[0] should be a scalar: [2]"))
      << out.status();
}

TEST(HostKernels, CaseRunsTheIndexedBranch) {
  const char *text = R"mlir(
func.func @main(%i: tensor<*xi32>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Case"(%i, %x) {branches = [@neg, @twice]} : (tensor<*xi32>, tensor<2xf32>) -> tensor<2xf32> loc("case")
  func.return %0 : tensor<2xf32>
}
func.func private @neg(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.Neg"(%x) : (tensor<2xf32>) -> tensor<2xf32> loc("n")
  func.return %0 : tensor<2xf32>
}
func.func private @twice(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.AddV2"(%x, %x) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("t")
  func.return %0 : tensor<2xf32>
}
)mlir";
  for (bool compile : {false, true}) {
    ExecutorOptions opts;
    opts.compileClusters = compile;
    auto exe = build(text, opts);
    ASSERT_TRUE(exe.ok()) << exe.status();
    EXPECT_EQ((*exe)->stats().hostNodes, 1);
    HostTensor x(DType::kF32, {2});
    x.data<float>()[0] = 1.5f;
    x.data<float>()[1] = -2.0f;
    for (int32_t k : {0, 1, -1, 2, 100}) {
      HostTensor i = i32Scalar(k);
      auto out = (*exe)->run({&i, &x});
      ASSERT_TRUE(out.ok()) << out.status();
      float m = k == 0 ? -1.0f : 2.0f; // out of range: the last branch
      EXPECT_EQ((*out)[0].data<float>()[0], 1.5f * m) << k;
      EXPECT_EQ((*out)[0].data<float>()[1], -2.0f * m) << k;
    }
    HostTensor iv = i32Vector({0, 1});
    auto out = (*exe)->run({&iv, &x});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.status().message(),
              "branch_index must be scalar\n\t [[{{node case}}]]");
  }
}

TEST(HostKernels, ShapeKernelsMoveHalfTypesAsBits) {
  // The shape kernels copy f16/bf16 elements as bytes (NaN payloads kept);
  // broadcasting arithmetic on f16 rounds once per op.
  const char *text = R"mlir(
func.func @main(%h: tensor<2xf16>, %b: tensor<2xbf16>, %s: tensor<2xi32>, %ax: tensor<i32>) -> (tensor<*xf16>, tensor<*xbf16>, tensor<*xf16>, tensor<2x2xf16>) {
  %0 = "tf.ConcatV2"(%h, %h, %ax) : (tensor<2xf16>, tensor<2xf16>, tensor<i32>) -> tensor<*xf16> loc("concat")
  %1 = "tf.Reshape"(%b, %s) : (tensor<2xbf16>, tensor<2xi32>) -> tensor<*xbf16> loc("reshape")
  %2 = "tf.Pack"(%h, %h) {axis = 1 : i64} : (tensor<2xf16>, tensor<2xf16>) -> tensor<*xf16> loc("pack")
  %3 = "tf.Reshape"(%h, %s) : (tensor<2xf16>, tensor<2xi32>) -> tensor<*xf16> loc("col")
  %4 = "tf.Mul"(%3, %h) : (tensor<*xf16>, tensor<2xf16>) -> tensor<2x2xf16> loc("outer")
  func.return %0, %1, %2, %4 : tensor<*xf16>, tensor<*xbf16>, tensor<*xf16>, tensor<2x2xf16>
}
)mlir";
  ExecutorOptions opts;
  opts.compileClusters = false;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor h(DType::kF16, {2}), b(DType::kBF16, {2});
  h.data<uint16_t>()[0] = 0x7E01; // a NaN with a payload
  h.data<uint16_t>()[1] = 0x3C01; // 1 + 2^-10
  b.data<uint16_t>()[0] = 0xFF81;
  b.data<uint16_t>()[1] = 0x3F80;
  HostTensor s = i32Vector({2, 1}), ax = i32Scalar(0);
  auto out = (*exe)->run({&h, &b, &s, &ax});
  ASSERT_TRUE(out.ok()) << out.status();
  auto bits = [](const HostTensor &t) {
    return std::vector<uint16_t>(t.data<uint16_t>(),
                                 t.data<uint16_t>() + t.numElements());
  };
  EXPECT_EQ(bits((*out)[0]),
            (std::vector<uint16_t>{0x7E01, 0x3C01, 0x7E01, 0x3C01}));
  EXPECT_EQ((*out)[1].shape(), (std::vector<int64_t>{2, 1}));
  EXPECT_EQ(bits((*out)[1]), (std::vector<uint16_t>{0xFF81, 0x3F80}));
  EXPECT_EQ(bits((*out)[2]),
            (std::vector<uint16_t>{0x7E01, 0x7E01, 0x3C01, 0x3C01}));
  // [NaN, x] (column) * [NaN, x] (row): NaN except x * x = 1 + 2^-9 +
  // 2^-20, rounded once to 1 + 2^-9 (0x3C02).
  std::vector<uint16_t> o = bits((*out)[3]);
  EXPECT_TRUE(std::isnan(halfToFloat(o[0])) && std::isnan(halfToFloat(o[1])) &&
              std::isnan(halfToFloat(o[2])));
  EXPECT_EQ(o[3], 0x3C02);
}

TEST(HostKernels, SelectByRowScalarAndElementAndDivNoNan) {
  const char *text = R"mlir(
func.func @main(%c: tensor<*xi1>, %t: tensor<2x2xf32>, %e: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %0 = "tf.Select"(%c, %t, %e) : (tensor<*xi1>, tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("select")
  %1 = "tf.DivNoNan"(%t, %e) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32> loc("divnonan")
  func.return %0, %1 : tensor<2x2xf32>, tensor<2x2xf32>
}
)mlir";
  ExecutorOptions opts;
  opts.compileClusters = false;
  auto exe = build(text, opts);
  ASSERT_TRUE(exe.ok()) << exe.status();
  HostTensor t(DType::kF32, {2, 2}), e(DType::kF32, {2, 2});
  float tv[] = {1, 2, 3, 4}, ev[] = {0, -2, 8, 0};
  std::copy(tv, tv + 4, t.data<float>());
  std::copy(ev, ev + 4, e.data<float>());
  auto values = [](const HostTensor &x) {
    return std::vector<float>(x.data<float>(), x.data<float>() + 4);
  };
  HostTensor row(DType::kBool, {2}), all(DType::kBool, {}),
      each(DType::kBool, {2, 2}), bad(DType::kBool, {3});
  row.data<uint8_t>()[1] = 1;
  *all.data<uint8_t>() = 1;
  each.data<uint8_t>()[0] = each.data<uint8_t>()[3] = 1;
  auto out = (*exe)->run({&row, &t, &e});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(values((*out)[0]), (std::vector<float>{0, -2, 3, 4}));
  EXPECT_EQ(values((*out)[1]), (std::vector<float>{0, -1, 3.0f / 8, 0}));
  out = (*exe)->run({&all, &t, &e});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(values((*out)[0]), (std::vector<float>{1, 2, 3, 4}));
  out = (*exe)->run({&each, &t, &e});
  ASSERT_TRUE(out.ok()) << out.status();
  EXPECT_EQ(values((*out)[0]), (std::vector<float>{1, -2, 8, 4}));
  out = (*exe)->run({&bad, &t, &e});
  ASSERT_FALSE(out.ok());
  EXPECT_EQ(out.status().message(),
            "Number of batches of 'then' must match size of 'cond', but saw: "
            "2 vs. 3\n\t [[{{node select}}]]");
}
