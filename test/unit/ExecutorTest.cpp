//===- ExecutorTest.cpp - the Session's executor (runtime/session) --------===//
//
// Dependency order, inter-op parallelism (proved with a rendezvous kernel
// and the executor's concurrency counter, not with timing), node-named
// errors, the refused cycle and the missing-kernel / blocked-by report.
//===----------------------------------------------------------------------===//
#include "runtime/session/Executor.h"
#include "runtime/session/kernels/HostKernel.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
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
  %t = "tf.Tanh"(%y) : (tensor<?xf32>) -> tensor<?xf32> loc("t")
  %f = "tf.FooBar"(%x) : (tensor<4xf32>) -> tensor<4xf32> loc("foo")
  func.return %t, %f : tensor<?xf32>, tensor<4xf32>
}
)mlir";
  ExecutorOptions opts;
  opts.graphName = "g.pbtxt";
  opts.compileAtRunTime = false; // otherwise tf.Tanh is compiled at run time
  auto exe = build(text, opts);
  ASSERT_FALSE(exe.ok());
  EXPECT_EQ(exe.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(exe.status().message(),
            "g.pbtxt: no host kernel and cannot legalize: tf.FooBar (count 1: "
            "nodes foo); blocked by a node whose result shape is only known "
            "at run time (no host kernel either): tf.Tanh (count 1: nodes t "
            "(by u))");
}

TEST(Executor, RunTimeClustersCompileOncePerInputShape) {
  // tf.Tanh and tf.Square behind tf.Unique have lowerings but no host
  // kernel: they form one cluster compiled for each run-time shape of y.
  const char *text = R"mlir(
func.func @main(%x: tensor<?xf32>) -> tensor<?xf32> {
  %y, %idx = "tf.Unique"(%x) : (tensor<?xf32>) -> (tensor<?xf32>, tensor<?xi32>) loc("u")
  %t = "tf.Tanh"(%y) : (tensor<?xf32>) -> tensor<?xf32> loc("t")
  %s = "tf.Square"(%t) : (tensor<?xf32>) -> tensor<?xf32> loc("s")
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
      EXPECT_NEAR((*out)[0].data<float>()[i],
                  std::tanh(uniq[i]) * std::tanh(uniq[i]), 1e-6);
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
  // tf.Tile's lowering needs constant multiples; here they are an argument,
  // so the run-time cluster cannot be compiled for any shape. The error
  // names the op, its node, the shapes and the cluster; it is cached.
  const char *text = R"mlir(
func.func @main(%x: tensor<2xf32>, %m: tensor<1xi32>) -> tensor<?xf32> {
  %0 = "tf.Tile"(%x, %m) : (tensor<2xf32>, tensor<1xi32>) -> tensor<?xf32> loc("tile")
  func.return %0 : tensor<?xf32>
}
)mlir";
  auto exe = build(text, ExecutorOptions());
  ASSERT_TRUE(exe.ok()) << exe.status();
  EXPECT_EQ((*exe)->stats().runtimeClusters, 1);
  HostTensor x(DType::kF32, {2}), m(DType::kI32, {1});
  *m.data<int32_t>() = 3;
  for (int run = 0; run < 2; ++run) {
    auto out = (*exe)->run({&x, &m});
    ASSERT_FALSE(out.ok());
    EXPECT_EQ(out.status().code(), absl::StatusCode::kUnimplemented);
    std::string msg(out.status().message());
    EXPECT_NE(msg.find("compiled for the run-time input shapes f32[2];i32[1];"),
              std::string::npos)
        << msg;
    EXPECT_NE(msg.find("tf.Tile (count 1: nodes tile)"), std::string::npos)
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
  %6 = "tf.Tanh"(%5) : (tensor<4xf32>) -> tensor<4xf32> loc("t")
  func.return %4, %6 : tensor<4xf32>, tensor<4xf32>
}
)mlir";
} // namespace

TEST(Executor, ClustersBelowTheMinimumSizeRunOnHostKernels) {
  // TF's tf_xla_min_cluster_size: the cluster a-d has 4 TF nodes, the
  // cluster t one (Tanh has no host kernel, so it is compiled whatever the
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
      EXPECT_NEAR((*out)[1].data<float>()[i], std::tanh(d), 1e-6);
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
)mlir" + body + "  func.return %out : " + outType + "\n}\n";
    auto exe = build(text.c_str(), ExecutorOptions());
    if (!exe.ok())
      return std::string(exe.status().message());
    HostTensor shape(DType::kI32, {1}), x(DType::kF32, {3});
    shape.data<int32_t>()[0] = 3;
    auto out = (*exe)->run({&shape, &x});
    return out.ok() ? std::string("ok")
                    : std::string(out.status().message());
  };
  // An unset element of a list whose element shape is unknown.
  EXPECT_EQ(errorOf(R"mlir(
  %u = "tf.TensorListReserve"(%any, %two) {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant> loc("unknown")
  %out = "tf.TensorListGetItem"(%u, %one, %any) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> tensor<3xf32> loc("get")
)mlir", "tensor<3xf32>"),
            "Trying to read an uninitialized tensor but element_shape: "
            "<unknown> is not fully defined.\n\t [[{{node get}}]]");
  // Pushing past max_num_elements.
  EXPECT_EQ(errorOf(R"mlir(
  %e = "tf.EmptyTensorList"(%shape, %one) {element_dtype = f32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("empty")
  %p1 = "tf.TensorListPushBack"(%e, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("push1")
  %p2 = "tf.TensorListPushBack"(%p1, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("push2")
  %out = "tf.TensorListLength"(%p2) : (tensor<!tf_type.variant>) -> tensor<i32> loc("len")
)mlir", "tensor<i32>"),
            "Tried to push item into a full list list size: 1 "
            "max_num_elements: 1\n\t [[{{node push2}}]]");
  // Popping from an empty list.
  EXPECT_EQ(errorOf(R"mlir(
  %e = "tf.EmptyTensorList"(%shape, %any) {element_dtype = f32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("empty")
  %l, %out = "tf.TensorListPopBack"(%e, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<1xi32>) -> (tensor<!tf_type.variant>, tensor<3xf32>) loc("pop")
)mlir", "tensor<3xf32>"),
            "Trying to pop from an empty list.\n\t [[{{node pop}}]]");
  // Reading an int32 list as float.
  EXPECT_EQ(errorOf(R"mlir(
  %r = "tf.TensorListReserve"(%shape, %two) {element_dtype = i32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant> loc("ints")
  %out = "tf.TensorListGetItem"(%r, %one, %shape) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<1xi32>) -> tensor<3xf32> loc("get")
)mlir", "tensor<3xf32>"),
            "Invalid data types; op elements float but list elements "
            "int32\n\t [[{{node get}}]]");
  // Setting an element of the wrong shape.
  EXPECT_EQ(errorOf(R"mlir(
  %r = "tf.TensorListReserve"(%two, %two) {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant> loc("r")
  %out = "tf.TensorListSetItem"(%r, %one, %x) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant> loc("set")
)mlir", "tensor<!tf_type.variant>"),
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
  HostTensor x(DType::kI32, {2, 3, 4}), b(DType::kI64, {3}), s(DType::kI64, {3}),
      p(DType::kI32, {3, 2}), c(DType::kI32, {});
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
