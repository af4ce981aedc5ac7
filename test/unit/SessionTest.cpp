//===- SessionTest.cpp - tfmlir::session::Session end to end -----------===//
//
// Graphs are written here as GraphDef text; expected values are computed
// independently in the test (C++ double arithmetic or the stated
// definition), compared exactly for integers, bools, NaN and Inf and with
// the stated tolerance for floats. Every compiled graph is run twice and
// must give identical bytes.
//===----------------------------------------------------------------------===//
#include "runtime/session/Session.h"

#include "lib/Translate/GraphDefImporter.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <limits>
#include <thread>

using namespace tfmlir::session;

namespace {

const float kNaN = std::numeric_limits<float>::quiet_NaN();

// --- GraphDef text helpers -------------------------------------------------
std::string typeAttr(const std::string &key, const std::string &dt) {
  return "attr { key: '" + key + "' value { type: " + dt + " } } ";
}
std::string shapeAttr(const std::vector<int64_t> &dims, bool unknown = false) {
  std::string s = "attr { key: 'shape' value { shape { ";
  if (unknown)
    s += "unknown_rank: true ";
  for (int64_t d : dims)
    s += "dim { size: " + std::to_string(d) + " } ";
  return s + "} } } ";
}
std::string node(const std::string &name, const std::string &op,
                 const std::vector<std::string> &inputs,
                 const std::string &attrs = "") {
  std::string s = "node { name: '" + name + "' op: '" + op + "' ";
  for (const auto &i : inputs)
    s += "input: '" + i + "' ";
  return s + attrs + "} ";
}
std::string placeholder(const std::string &name, const std::string &dt,
                        const std::vector<int64_t> &dims) {
  return node(name, "Placeholder", {}, typeAttr("dtype", dt) + shapeAttr(dims));
}
/// A float Const with values `v` and shape `dims`.
std::string constF(const std::string &name, const std::vector<float> &v,
                   const std::vector<int64_t> &dims) {
  std::string s = typeAttr("dtype", "DT_FLOAT") +
                  "attr { key: 'value' value { tensor { dtype: DT_FLOAT "
                  "tensor_shape { ";
  for (int64_t d : dims)
    s += "dim { size: " + std::to_string(d) + " } ";
  s += "} ";
  for (float f : v)
    s += "float_val: " + std::to_string(f) + " ";
  s += "} } } ";
  return node(name, "Const", {}, s);
}
std::string constI(const std::string &name, const std::vector<int> &v,
                   const std::vector<int64_t> &dims) {
  std::string s = typeAttr("dtype", "DT_INT32") +
                  "attr { key: 'value' value { tensor { dtype: DT_INT32 "
                  "tensor_shape { ";
  for (int64_t d : dims)
    s += "dim { size: " + std::to_string(d) + " } ";
  s += "} ";
  for (int f : v)
    s += "int_val: " + std::to_string(f) + " ";
  s += "} } } ";
  return node(name, "Const", {}, s);
}
std::string tF() { return typeAttr("T", "DT_FLOAT"); }

tensorflow::GraphDef parse(const std::string &text) {
  tensorflow::GraphDef g;
  std::string err;
  EXPECT_TRUE(tfmlir::parseGraphDef(text, "test.pbtxt", g, err)) << err;
  return g;
}

std::unique_ptr<Session> makeSession(const std::string &text) {
  auto s = Session::Create(parse(text));
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? std::move(*s) : nullptr;
}

Tensor floats(const std::vector<int64_t> &dims, const std::vector<float> &v) {
  Tensor t(DT_FLOAT, TensorShape(dims));
  EXPECT_EQ(static_cast<size_t>(t.NumElements()), v.size());
  std::memcpy(t.data(), v.data(), v.size() * sizeof(float));
  return t;
}
template <typename T>
Tensor ints(DataType dt, const std::vector<int64_t> &dims,
            const std::vector<T> &v) {
  Tensor t(dt, TensorShape(dims));
  std::memcpy(t.data(), v.data(), v.size() * sizeof(T));
  return t;
}

/// Runs twice, requires OK and identical bytes, returns the outputs.
std::vector<Tensor>
run2(Session &s, const std::vector<std::pair<std::string, Tensor>> &feeds,
     const std::vector<std::string> &fetches,
     const std::vector<std::string> &targets = {}) {
  std::vector<Tensor> a, b;
  absl::Status st = s.Run(feeds, fetches, targets, &a);
  EXPECT_TRUE(st.ok()) << st;
  st = s.Run(feeds, fetches, targets, &b);
  EXPECT_TRUE(st.ok()) << st;
  EXPECT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    EXPECT_EQ(a[i].shape(), b[i].shape());
    EXPECT_EQ(0, std::memcmp(a[i].data(), b[i].data(), a[i].TotalBytes()))
        << "run " << i << " is not deterministic";
  }
  return a;
}

void expectFloats(const Tensor &t, const std::vector<float> &want,
                  float tol = 1e-6f) {
  ASSERT_EQ(t.dtype(), DT_FLOAT);
  ASSERT_EQ(static_cast<size_t>(t.NumElements()), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    float g = t.flat<float>()[i];
    if (std::isnan(want[i]))
      EXPECT_TRUE(std::isnan(g)) << "element " << i << " = " << g;
    else if (std::isinf(want[i]))
      EXPECT_EQ(g, want[i]) << "element " << i;
    else
      EXPECT_NEAR(g, want[i], tol * (1 + std::fabs(want[i])))
          << "element " << i;
  }
}

// --- Tensor ----------------------------------------------------------------

TEST(TensorTest, SliceAndBitcastShareTheBuffer) {
  Tensor t = floats({3, 2}, {0, 1, 2, 3, 4, 5});
  EXPECT_EQ(reinterpret_cast<uintptr_t>(t.data()) % 64, 0u);
  auto s = t.Slice(1, 3);
  ASSERT_TRUE(s.ok());
  EXPECT_TRUE(s->SharesBufferWith(t));
  EXPECT_EQ(s->shape(), TensorShape({2, 2}));
  EXPECT_EQ(s->flat<float>()[0], 2.0f);
  s->flat<float>()[0] = 42;
  EXPECT_EQ(t.flat<float>()[2], 42.0f);
  auto b = t.Bitcast(DT_INT32, TensorShape({6}));
  ASSERT_TRUE(b.ok());
  EXPECT_TRUE(b->SharesBufferWith(t));
  float f = 42;
  int32_t bits;
  std::memcpy(&bits, &f, 4);
  EXPECT_EQ(b->flat<int32_t>()[2], bits);
  EXPECT_FALSE(t.Bitcast(DT_INT64, TensorShape({6})).ok());
  EXPECT_FALSE(t.Slice(2, 4).ok());
  Tensor c = t.DeepCopy();
  EXPECT_FALSE(c.SharesBufferWith(t));
  EXPECT_EQ(Tensor::Create(DT_STRING, {1}).status().code(),
            absl::StatusCode::kUnimplemented);
  EXPECT_EQ(Tensor::Create(DT_FLOAT, {-1}).status().code(),
            absl::StatusCode::kInvalidArgument);
}

// A ref variable with an initializer, an AssignAdd and reads.
std::string refVariableGraph() {
  return node("v", "VariableV2", {},
              typeAttr("dtype", "DT_FLOAT") + shapeAttr({2})) +
         constF("init_val", {1, 2}, {2}) +
         node("init", "Assign", {"v", "init_val"}, tF()) +
         constF("one", {1, 10}, {2}) +
         node("inc", "AssignAdd", {"v", "one"}, tF()) +
         node("read", "Identity", {"v"}, tF()) +
         // `after` reads v with a control dependency on `inc`.
         node("after", "Identity", {"v", "^inc"}, tF()) +
         placeholder("x", "DT_FLOAT", {2}) +
         node("fwd", "Mul", {"read", "x"}, tF());
}

// --- Basic runs, pruning, feeds ------------------------------------------

TEST(SessionTest, RunsAFedGraph) {
  auto s = makeSession(
      placeholder("x", "DT_FLOAT", {3}) + constF("c", {0.5f}, {}) +
      node("y", "Mul", {"x", "c"}, tF()) + node("z", "Neg", {"y"}, tF()));
  auto out = run2(*s, {{"x", floats({3}, {1, -2, 4})}}, {"z:0", "y"});
  ASSERT_EQ(out.size(), 2u);
  expectFloats(out[0], {-0.5f, 1.0f, -2.0f});
  expectFloats(out[1], {0.5f, -1.0f, 2.0f});
  // A sliced (offset) feed is passed without a copy and read correctly.
  Tensor big = floats({2, 3}, {9, 9, 9, 1, 2, 3});
  Tensor row = *big.Slice(1, 2);
  auto r = row.Bitcast(DT_FLOAT, TensorShape({3}));
  ASSERT_TRUE(r.ok());
  auto out2 = run2(*s, {{"x:0", *r}}, {"z"});
  expectFloats(out2[0], {-0.5f, -1.0f, -1.5f});
}

TEST(SessionTest, AFeedCutsTheGraph) {
  // `p` is an unfed placeholder and `bad` an op we cannot compile; both sit
  // behind the fed tensor `mid`, so neither runs nor is compiled.
  auto s = makeSession(placeholder("p", "DT_FLOAT", {2}) +
                       node("bad", "NoSuchOpAnywhere", {"p"}, tF()) +
                       node("mid", "Neg", {"bad"}, tF()) +
                       node("out", "Abs", {"mid"}, tF()) +
                       node("other", "NoSuchOpAnywhere", {"out"}, tF()));
  auto out = run2(*s, {{"mid", floats({2}, {-3, 4})}}, {"out"});
  ASSERT_EQ(out.size(), 1u);
  expectFloats(out[0], {3, 4});
  // Fetching the fed tensor returns the fed value.
  out = run2(*s, {{"mid", floats({2}, {-3, 4})}}, {"mid"});
  expectFloats(out[0], {-3, 4});
  // Without the feed the placeholder is needed.
  std::vector<Tensor> o;
  absl::Status st = s->Run({}, {"out"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(st.message().find(
                "You must feed a value for placeholder tensor 'p' with dtype "
                "float and shape [2]"),
            std::string::npos)
      << st;
}

// TF's FeedInputs (subgraph.cc) moves a fed Placeholder's outgoing control
// edges to the feed: `^input` on the Const no longer needs the placeholder.
TEST(SessionTest, ControlEdgesOutOfAFedPlaceholder) {
  auto s = makeSession(
      node("input", "Placeholder", {},
           typeAttr("dtype", "DT_FLOAT") + shapeAttr({-1, 3})) +
      node("y", "Const", {"^input"},
           typeAttr("dtype", "DT_FLOAT") +
               "attr { key: 'value' value { tensor { dtype: DT_FLOAT "
               "tensor_shape { } float_val: 2.5 } } } ") +
      node("Mul", "Mul", {"y", "input"}, tF()) +
      node("Neg", "Neg", {"Mul", "^input", "^y"}, tF()));
  // Fetches through both control edges, and the fed tensor itself.
  auto out = run2(*s, {{"input", floats({2, 3}, {1, -2, 3, 0.5f, 4, -8})}},
                  {"Mul", "Neg:0", "input:0"});
  ASSERT_EQ(out.size(), 3u);
  expectFloats(out[0], {2.5f, -5, 7.5f, 1.25f, 10, -20});
  expectFloats(out[1], {-2.5f, 5, -7.5f, -1.25f, -10, 20});
  expectFloats(out[2], {1, -2, 3, 0.5f, 4, -8});
  // The edit applies to this request only: unfed, the placeholder is needed
  // again through the control edge alone.
  std::vector<Tensor> o;
  absl::Status st = s->Run({}, {"y"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
  EXPECT_NE(st.message().find("You must feed a value for placeholder tensor "
                              "'input' with dtype float and shape [?,3]"),
            std::string::npos)
      << st;
}

// With variables the plan orders the needed nodes topologically: an edge
// from the fed (so unneeded) Placeholder must not count there either.
TEST(SessionTest, ControlEdgeFromAFedPlaceholderWithVariables) {
  auto s = makeSession(
      placeholder("x", "DT_FLOAT", {2}) +
      node("v", "VariableV2", {},
           typeAttr("dtype", "DT_FLOAT") + shapeAttr({2})) +
      node("c", "Const", {"^x"},
           typeAttr("dtype", "DT_FLOAT") +
               "attr { key: 'value' value { tensor { dtype: DT_FLOAT "
               "tensor_shape { dim { size: 2 } } float_val: 4 float_val: -1 "
               "} } } ") +
      node("assign", "Assign", {"v", "c"}, tF()) +
      node("read", "Identity", {"v", "^assign"}, tF()) +
      node("out", "AddV2", {"read", "x"}, tF()));
  auto out = run2(*s, {{"x", floats({2}, {0.5f, 2})}}, {"out"});
  ASSERT_EQ(out.size(), 1u);
  expectFloats(out[0], {4.5f, 1});
  expectFloats(*s->variableValue("localhost/v"), {4, -1});
}

// Feeding output 1 of a two-output node cuts the graph at that tensor; its
// other output (not fed) still needs the node and its inputs. A control
// edge out of a fed node that is not a Placeholder still runs the node, as
// in TF.
TEST(SessionTest, FeedingANonPlaceholderTensor) {
  auto s = makeSession(
      placeholder("p", "DT_FLOAT", {2, 2}) +
      node("u", "Unpack", {"p"},
           tF() + "attr { key: 'num' value { i: 2 } } "
                  "attr { key: 'axis' value { i: 0 } } ") +
      node("second", "Abs", {"u:1"}, tF()) +
      node("first", "Abs", {"u:0"}, tF()) +
      node("k", "Const", {"^u"},
           typeAttr("dtype", "DT_FLOAT") +
               "attr { key: 'value' value { tensor { dtype: DT_FLOAT "
               "tensor_shape { } float_val: 3 } } } ") +
      node("scaled", "Mul", {"k", "u:1"}, tF()));
  // `p` is unfed but behind the feed: fine.
  auto out = run2(*s, {{"u:1", floats({2}, {-1.5f, 2})}}, {"second", "u:1"});
  ASSERT_EQ(out.size(), 2u);
  expectFloats(out[0], {1.5f, 2});
  expectFloats(out[1], {-1.5f, 2});
  // u:0 is not fed, so `first` needs u and p.
  std::vector<Tensor> o;
  absl::Status st =
      s->Run({{"u:1", floats({2}, {-1.5f, 2})}}, {"first"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
  EXPECT_NE(st.message().find("placeholder tensor 'p'"), std::string::npos)
      << st;
  // `k` has a control edge from u, which is fed but not a Placeholder: u
  // still runs (TF keeps that edge), so p must be fed.
  st = s->Run({{"u:1", floats({2}, {-1.5f, 2})}}, {"scaled"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
  EXPECT_NE(st.message().find("placeholder tensor 'p'"), std::string::npos)
      << st;
  out = run2(*s, {{"p", floats({2, 2}, {1, -2, 3, -4})}}, {"scaled", "first"});
  expectFloats(out[0], {9, -12});
  expectFloats(out[1], {1, 2});
}

// A target that reaches an assign only through control edges runs it.
TEST(SessionTest, TargetReachedThroughControlEdges) {
  auto s = makeSession(
      node("v", "VariableV2", {},
           typeAttr("dtype", "DT_FLOAT") + shapeAttr({2})) +
      constF("c", {7, -3}, {2}) + node("assign", "Assign", {"v", "c"}, tF()) +
      node("group", "NoOp", {"^assign"}) + node("init", "NoOp", {"^group"}) +
      node("read", "Identity", {"v"}, tF()));
  std::vector<Tensor> o;
  ASSERT_TRUE(s->Run({}, {}, {"init"}, &o).ok());
  EXPECT_TRUE(o.empty());
  auto v = s->variableValue("localhost/v");
  ASSERT_TRUE(v.ok()) << v.status();
  expectFloats(*v, {7, -3});
  auto out = run2(*s, {}, {"read"});
  expectFloats(out[0], {7, -3});
}

// DirectSession runs every node of the pruned subgraph: a target (or a
// control input) whose value nobody fetches still executes, so its errors
// fail the Run, and a target that succeeds returns nothing.
TEST(SessionTest, TargetsWithoutEffectStillRun) {
  auto s = makeSession(
      placeholder("x", "DT_FLOAT", {4}) + placeholder("i", "DT_INT32", {1}) +
      constI("axis", {0}, {}) +
      node("g", "GatherV2", {"x", "i", "axis"},
           typeAttr("Tparams", "DT_FLOAT") + typeAttr("Tindices", "DT_INT32") +
               typeAttr("Taxis", "DT_INT32")) +
      node("u", "NoSuchOpAnywhere", {"x"}, tF()) +
      node("after", "Neg", {"x", "^g"}, tF()) + node("group", "NoOp", {"^g"}));
  Tensor x = floats({4}, {1, 2, 3, 4});
  std::vector<Tensor> o;
  // In range: the target runs and nothing is returned.
  ASSERT_TRUE(s->Run({{"x", x}, {"i", ints<int32_t>(DT_INT32, {1}, {3})}}, {},
                     {"g"}, &o)
                  .ok());
  EXPECT_TRUE(o.empty());
  // Out of range, through the target itself, a NoOp's control edge, or a
  // fetch's control edge: TF's GatherV2 error.
  for (auto [fetches, targets] : std::vector<
           std::pair<std::vector<std::string>, std::vector<std::string>>>{
           {{}, {"g"}}, {{}, {"group"}}, {{"after"}, {}}}) {
    absl::Status st =
        s->Run({{"x", x}, {"i", ints<int32_t>(DT_INT32, {1}, {7})}}, fetches,
               targets, &o);
    EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
    EXPECT_NE(st.message().find("indices[0] = 7 is not in [0, 4)"),
              std::string::npos)
        << st;
  }
  // An unsupported op as a target is compiled, so it is named.
  absl::Status st = s->Run({{"x", x}}, {}, {"u"}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kUnimplemented) << st;
  EXPECT_NE(st.message().find("nodes u"), std::string::npos) << st;
}

// Leaves inside a TF1 while loop (a body Identity whose only consumers are
// control edges, as TF2's exported loops have) and on a cond branch are not
// added as values to compute: they have no value outside the loop, and a
// branch may be dead. The loop counts to 5.
TEST(SessionTest, LeavesInsideTF1ControlFlowAreNotFetched) {
  auto tI = typeAttr("T", "DT_INT32");
  auto frame =
      std::string("attr { key: 'frame_name' value { s: 'loop' } } "
                  "attr { key: 'parallel_iterations' value { i: 10 } } ");
  auto isConst = [](bool b) {
    return std::string("attr { key: 'is_constant' value { b: ") +
           (b ? "true" : "false") + " } } ";
  };
  auto s = makeSession(
      constI("c0", {0}, {}) + constI("limit", {5}, {}) +
      node("enter", "Enter", {"c0"}, tI + frame + isConst(false)) +
      node("merge", "Merge", {"enter", "next"},
           tI + "attr { key: 'N' value { i: 2 } } ") +
      node("lim_e", "Enter", {"limit"}, tI + frame + isConst(true)) +
      node("less", "Less", {"merge", "lim_e"}, tI) +
      node("cond", "LoopCond", {"less"}) +
      node("sw", "Switch", {"merge", "cond"}, tI) +
      node("ident", "Identity", {"sw:1"}, tI) +
      node("ctl", "Identity", {"sw:1"}, tI) +
      node("one", "Const", {"^ctl"},
           typeAttr("dtype", "DT_INT32") +
               "attr { key: 'value' value { tensor { dtype: DT_INT32 "
               "tensor_shape { } int_val: 1 } } } ") +
      node("add", "AddV2", {"ident", "one"}, tI) +
      node("next", "NextIteration", {"add"}, tI) +
      node("exit", "Exit", {"sw"}, tI) +
      node("done", "Identity", {"exit"}, tI));
  auto out = run2(*s, {}, {"done"});
  ASSERT_EQ(out.size(), 1u);
  ASSERT_EQ(out[0].dtype(), DT_INT32);
  EXPECT_EQ(out[0].flat<int32_t>()[0], 5);
}

TEST(SessionTest, UnsupportedOpIsNamed) {
  auto s = makeSession(placeholder("x", "DT_FLOAT", {2}) +
                       node("weird", "NoSuchOpAnywhere", {"x"}, tF()) +
                       node("y", "Neg", {"weird"}, tF()));
  std::vector<Tensor> o;
  absl::Status st = s->Run({{"x", floats({2}, {1, 2})}}, {"y"}, {}, &o);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("weird"), std::string::npos) << st;
  // The failure is cached: no second compile.
  st = s->Run({{"x", floats({2}, {1, 2})}}, {"y"}, {}, &o);
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(s->stats().compiles, 1);
}

TEST(SessionTest, GlobalJitLevelAutoRunsDataDependentOps) {
  // y = Unique(x); t = Tanh(y) * 2: kWholeGraph (the default) refuses the
  // graph with the histogram; kAuto runs Unique on a host kernel and
  // compiles the rest (Tanh at run time for y's shape, Mul with it).
  std::string g =
      placeholder("x", "DT_FLOAT", {-1}) +
      node("u", "Unique", {"x"}, tF() + typeAttr("out_idx", "DT_INT32")) +
      node("t", "Tanh", {"u"}, tF()) + constF("two", {2}, {}) +
      node("m", "Mul", {"t", "two"}, tF());
  auto whole = makeSession(g);
  std::vector<Tensor> o;
  absl::Status st = whole->Run({{"x", floats({3}, {1, 1, 2})}}, {"m"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kUnimplemented);
  EXPECT_NE(st.message().find("tf.Unique (count 1: nodes u)"),
            std::string::npos)
      << st;

  SessionOptions opts;
  opts.global_jit_level = SessionOptions::GlobalJitLevel::kAuto;
  opts.inter_op_parallelism_threads = 2;
  auto s = Session::Create(parse(g), opts);
  ASSERT_TRUE(s.ok()) << s.status();
  auto out = run2(**s, {{"x", floats({4}, {1, 1, 2, -0.5f})}}, {"m", "u:1"});
  ASSERT_EQ(out.size(), 2u);
  expectFloats(out[0], {float(2 * std::tanh(1.0)), float(2 * std::tanh(2.0)),
                        float(2 * std::tanh(-0.5))});
  ASSERT_EQ(out[1].dtype(), DT_INT32);
  EXPECT_EQ(
      std::vector<int32_t>(out[1].flat<int32_t>(), out[1].flat<int32_t>() + 4),
      (std::vector<int32_t>{0, 0, 1, 2}));
  // One executor per feed shape (the Session's cache), reused.
  EXPECT_EQ((*s)->stats().compiles, 1);
  out = run2(**s, {{"x", floats({2}, {3, 3})}}, {"m", "u:1"});
  expectFloats(out[0], {float(2 * std::tanh(3.0))});
  EXPECT_EQ((*s)->stats().compiles, 2);
  // TF's default tf_xla_min_cluster_size; every size gives the same values,
  // and less than 1 is refused.
  EXPECT_EQ(SessionOptions().tf_xla_min_cluster_size, 4);
  for (int minSize : {1, 100}) {
    opts.tf_xla_min_cluster_size = minSize;
    auto sm = Session::Create(parse(g), opts);
    ASSERT_TRUE(sm.ok()) << sm.status();
    out = run2(**sm, {{"x", floats({2}, {3, 3})}}, {"m"});
    expectFloats(out[0], {float(2 * std::tanh(3.0))});
  }
  opts.tf_xla_min_cluster_size = 0;
  auto bad = Session::Create(parse(g), opts);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(),
            "tf_xla_min_cluster_size must be >= 1, got 0");
}

// --- Errors ----------------------------------------------------------------

TEST(SessionTest, BadRequestsGiveTFErrors) {
  auto s = makeSession(placeholder("x", "DT_FLOAT", {2}) +
                       node("y", "Neg", {"x"}, tF()));
  std::vector<Tensor> o;
  Tensor x = floats({2}, {1, 2});
  auto expect = [&](absl::Status st, absl::StatusCode code,
                    const std::string &text) {
    EXPECT_EQ(st.code(), code) << st;
    EXPECT_NE(st.message().find(text), std::string::npos) << st;
  };
  expect(s->Run({{"nope", x}}, {"y"}, {}, &o), absl::StatusCode::kNotFound,
         "FeedInputs: unable to find feed output nope");
  expect(s->Run({{"x", x}}, {"nope:0"}, {}, &o), absl::StatusCode::kNotFound,
         "FetchOutputs node nope:0: not found");
  expect(s->Run({{"x", x}}, {"y"}, {"t1", "y", "t2"}, &o),
         absl::StatusCode::kNotFound,
         "PruneForTargets: Some target nodes not found: t1, t2");
  expect(s->Run({{"x", x}}, {"y:1"}, {}, &o),
         absl::StatusCode::kInvalidArgument,
         "FetchOutputs y:1 should have output index < 1");
  expect(s->Run({{"x:3", x}}, {"y"}, {}, &o),
         absl::StatusCode::kInvalidArgument,
         "FeedInputs: x:3 should have output index < 1");
  expect(s->Run({{"x", ints<int32_t>(DT_INT32, {2}, {1, 2})}}, {"y"}, {}, &o),
         absl::StatusCode::kInvalidArgument,
         "Cannot feed value of type int32 for tensor 'x:0' (node x), which "
         "has type float");
  expect(s->Run({{"x", floats({3}, {1, 2, 3})}}, {"y"}, {}, &o),
         absl::StatusCode::kInvalidArgument,
         "Cannot feed value of shape [3] for tensor 'x:0' (node x), which "
         "has shape [2]");
  expect(s->Run({{"x", x}, {"x:0", x}}, {"y"}, {}, &o),
         absl::StatusCode::kInvalidArgument, "fed more than once");
  expect(s->Run({}, {"y"}, {}, &o), absl::StatusCode::kInvalidArgument,
         "You must feed a value for placeholder tensor 'x'");
  // Extend with a duplicate name; then a valid Extend.
  expect(s->Extend(parse(node("y", "Abs", {"x"}, tF()))),
         absl::StatusCode::kInvalidArgument,
         "GraphDef argument to Extend includes node 'y', which was created by "
         "a previous call to Create or Extend in this session.");
  ASSERT_TRUE(s->Extend(parse(node("w", "Abs", {"y"}, tF()))).ok());
  auto out = run2(*s, {{"x", x}}, {"w"});
  expectFloats(out[0], {1, 2});
  // Close.
  ASSERT_TRUE(s->Close().ok());
  expect(s->Run({{"x", x}}, {"y"}, {}, &o), absl::StatusCode::kCancelled,
         "Session has been closed.");
  // Create with duplicate names.
  auto bad = Session::Create(parse(placeholder("x", "DT_FLOAT", {2}) +
                                   placeholder("x", "DT_FLOAT", {2})));
  EXPECT_EQ(bad.status().code(), absl::StatusCode::kInvalidArgument);
}

TEST(SessionTest, DeadAndResourceFetchesAreNamed) {
  auto s = makeSession(
      placeholder("x", "DT_FLOAT", {2}) +
      node("yes", "Const", {},
           typeAttr("dtype", "DT_BOOL") +
               "attr { key: 'value' value { tensor { dtype: DT_BOOL "
               "tensor_shape { } bool_val: true } } } ") +
      node("sw", "Switch", {"x", "yes"}, tF()) +
      node("dead", "Neg", {"sw:0"}, tF()) +
      node("live", "Abs", {"sw:1"}, tF()) +
      node("h", "VarHandleOp", {},
           typeAttr("dtype", "DT_FLOAT") + shapeAttr({2})) +
      node("hid", "Identity", {"h"}, typeAttr("T", "DT_RESOURCE")) +
      node("r", "ReadVariableOp", {"hid"}, typeAttr("dtype", "DT_FLOAT")));
  Tensor x = floats({2}, {-1, 2});
  auto out = run2(*s, {{"x", x}}, {"live"});
  expectFloats(out[0], {1, 2});
  std::vector<Tensor> o;
  absl::Status st = s->Run({{"x", x}}, {"live", "dead"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
  EXPECT_NE(
      st.message().find("Retval[1] does not have value: the fetch dead:0"),
      std::string::npos)
      << st;
  st = s->Run({}, {"h"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kUnimplemented) << st;
  EXPECT_NE(st.message().find("node h (VarHandleOp)"), std::string::npos) << st;
  st = s->Run({}, {"r"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kUnimplemented) << st;
  EXPECT_NE(st.message().find("node r (ReadVariableOp)"), std::string::npos)
      << st;
}

TEST(SessionTest, ExtendDropsExecutablesAndKeepsVariables) {
  auto s = makeSession(refVariableGraph());
  std::vector<Tensor> o;
  ASSERT_TRUE(s->Run({}, {}, {"init"}, &o).ok());
  ASSERT_TRUE(s->Run({}, {"read"}, {}, &o).ok());
  ASSERT_TRUE(s->Run({}, {"read"}, {}, &o).ok());
  EXPECT_EQ(s->stats().compiles, 2);
  EXPECT_EQ(s->stats().cacheHits, 1);
  ASSERT_TRUE(
      s->Extend(parse(node("twice", "Add", {"read", "read"}, tF()))).ok());
  ASSERT_TRUE(s->Run({}, {"twice", "read"}, {}, &o).ok());
  expectFloats(o[0], {2, 4});
  expectFloats(o[1], {1, 2});
  ASSERT_TRUE(s->Run({}, {"read"}, {}, &o).ok());
  EXPECT_EQ(s->stats().compiles, 4); // the graph changed: "read" recompiles
}

TEST(SessionTest, HoldsBufferNamesFetchesThatAreVariableStorage) {
  auto s = makeSession(refVariableGraph());
  std::vector<Tensor> o;
  // The assign's result is what the session stores as v's value.
  ASSERT_TRUE(s->Run({}, {"init"}, {}, &o).ok());
  expectFloats(o[0], {1, 2});
  EXPECT_TRUE(s->HoldsBuffer(o[0]));
  EXPECT_FALSE(s->HoldsBuffer(o[0].DeepCopy()));
  ASSERT_TRUE(s->Run({{"x", floats({2}, {3, 4})}}, {"fwd"}, {}, &o).ok());
  expectFloats(o[0], {3, 8});
  EXPECT_FALSE(s->HoldsBuffer(o[0]));
  EXPECT_FALSE(s->HoldsBuffer(Tensor()));
}

// --- Compile cache and concurrency ----------------------------------------

TEST(SessionTest, CompileCacheIsKeyedByShapes) {
  auto s = makeSession(node("x", "Placeholder", {},
                            typeAttr("dtype", "DT_FLOAT") + shapeAttr({-1})) +
                       node("y", "Square", {"x"}, tF()));
  std::vector<Tensor> o;
  ASSERT_TRUE(s->Run({{"x", floats({2}, {1, 2})}}, {"y"}, {}, &o).ok());
  ASSERT_TRUE(s->Run({{"x", floats({2}, {3, 4})}}, {"y"}, {}, &o).ok());
  expectFloats(o[0], {9, 16});
  EXPECT_EQ(s->stats().compiles, 1);
  EXPECT_EQ(s->stats().cacheHits, 1);
  ASSERT_TRUE(s->Run({{"x", floats({3}, {1, 2, 3})}}, {"y"}, {}, &o).ok());
  expectFloats(o[0], {1, 4, 9});
  EXPECT_EQ(s->stats().compiles, 2);
  EXPECT_EQ(s->stats().cacheHits, 1);
}

TEST(SessionTest, ConcurrentRunsAgree) {
  auto s = makeSession(placeholder("x", "DT_FLOAT", {4}) +
                       node("y", "Square", {"x"}, tF()) +
                       node("z", "Add", {"y", "x"}, tF()));
  constexpr int kThreads = 8, kRuns = 40;
  std::vector<int> bad(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int r = 0; r < kRuns; ++r) {
        float v = static_cast<float>(t * 100 + r);
        std::vector<Tensor> o;
        absl::Status st =
            s->Run({{"x", floats({4}, {v, -v, 0.5f, 2})}}, {"z"}, {}, &o);
        if (!st.ok() || o.size() != 1) {
          ++bad[t];
          continue;
        }
        const float *z = o[0].flat<float>();
        double want[4] = {double(v) * v + v, double(v) * v - v, 0.75, 6};
        for (int i = 0; i < 4; ++i)
          if (std::fabs(z[i] - want[i]) > 1e-6 * (1 + std::fabs(want[i])))
            ++bad[t];
      }
    });
  for (auto &th : threads)
    th.join();
  for (int t = 0; t < kThreads; ++t)
    EXPECT_EQ(bad[t], 0) << "thread " << t;
  EXPECT_EQ(s->stats().compiles, 1);
  EXPECT_EQ(s->stats().cacheHits, kThreads * kRuns - 1);
}

TEST(SessionTest, ConcurrentRunsWithDifferentKeys) {
  // Four shapes from eight threads: four compiles, every result right.
  auto s = makeSession(node("x", "Placeholder", {},
                            typeAttr("dtype", "DT_FLOAT") + shapeAttr({-1})) +
                       node("y", "Square", {"x"}, tF()));
  std::atomic<int> bad{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int r = 0; r < 10; ++r) {
        int n = 1 + (t + r) % 4;
        std::vector<float> v(n);
        for (int i = 0; i < n; ++i)
          v[i] = static_cast<float>(t - i + r);
        std::vector<Tensor> o;
        if (!s->Run({{"x", floats({n}, v)}}, {"y"}, {}, &o).ok() ||
            o.size() != 1 || o[0].NumElements() != n) {
          ++bad;
          continue;
        }
        for (int i = 0; i < n; ++i)
          if (o[0].flat<float>()[i] != v[i] * v[i]) // exact: small integers
            ++bad;
      }
    });
  for (auto &th : threads)
    th.join();
  EXPECT_EQ(bad, 0);
  EXPECT_EQ(s->stats().compiles, 4);
  EXPECT_EQ(s->stats().cacheHits, 80 - 4);
}

// --- Variables -------------------------------------------------------------

TEST(SessionTest, RefVariablesPersistAcrossRuns) {
  auto s = makeSession(refVariableGraph());
  std::vector<Tensor> o;
  absl::Status st = s->Run({}, {"read"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition) << st;
  EXPECT_NE(st.message().find("Attempting to use uninitialized value v"),
            std::string::npos)
      << st;
  ASSERT_TRUE(s->Run({}, {}, {"init"}, &o).ok());
  EXPECT_TRUE(o.empty());
  auto v = s->variableValue("localhost/v");
  ASSERT_TRUE(v.ok()) << v.status();
  expectFloats(*v, {1, 2});
  // Forward pass that uses the variable.
  ASSERT_TRUE(s->Run({{"x", floats({2}, {3, 4})}}, {"fwd"}, {}, &o).ok());
  expectFloats(o[0], {3, 8});
  // AssignAdd twice; `after` (control-dependent on inc) sees the new value,
  // `read` (no dependency) the value at the start of the Run.
  ASSERT_TRUE(s->Run({}, {"inc"}, {}, &o).ok());
  expectFloats(o[0], {2, 12});
  ASSERT_TRUE(s->Run({}, {"after", "read"}, {}, &o).ok());
  expectFloats(o[0], {3, 22});
  expectFloats(o[1], {2, 12});
  expectFloats(*s->variableValue("localhost/v"), {3, 22});
  // Re-initialise.
  ASSERT_TRUE(s->Run({}, {"read"}, {"init"}, &o).ok());
  expectFloats(*s->variableValue("localhost/v"), {1, 2});
}

TEST(SessionTest, ResourceVariables) {
  auto s = makeSession(
      node("h", "VarHandleOp", {},
           typeAttr("dtype", "DT_FLOAT") + shapeAttr({2}) +
               "attr { key: 'shared_name' value { s: 'myvar' } } ") +
      constF("init_val", {5, -1}, {2}) +
      node("init", "AssignVariableOp", {"h", "init_val"},
           typeAttr("dtype", "DT_FLOAT")) +
      constF("d", {0.5f, 0.5f}, {2}) +
      node("add", "AssignAddVariableOp", {"h", "d"},
           typeAttr("dtype", "DT_FLOAT")) +
      node("sub", "AssignSubVariableOp", {"h", "d", "^add"},
           typeAttr("dtype", "DT_FLOAT")) +
      node("read", "ReadVariableOp", {"h"}, typeAttr("dtype", "DT_FLOAT")) +
      node("read_after_add", "ReadVariableOp", {"h", "^add"},
           typeAttr("dtype", "DT_FLOAT")) +
      node("read_after_sub", "ReadVariableOp", {"h", "^sub"},
           typeAttr("dtype", "DT_FLOAT")));
  std::vector<Tensor> o;
  absl::Status st = s->Run({}, {"read"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kFailedPrecondition) << st;
  EXPECT_NE(st.message().find("Error while reading resource variable myvar"),
            std::string::npos)
      << st;
  ASSERT_TRUE(s->Run({}, {}, {"init"}, &o).ok());
  ASSERT_TRUE(s->Run({}, {"read_after_add"}, {}, &o).ok());
  expectFloats(o[0], {5.5f, -0.5f});
  ASSERT_TRUE(s->Run({}, {"read_after_add"}, {}, &o).ok());
  expectFloats(o[0], {6, 0});
  // add then sub (ordered by the control edge): net zero; the read
  // between sees the intermediate value.
  ASSERT_TRUE(
      s->Run({}, {"read", "read_after_add", "read_after_sub"}, {}, &o).ok());
  expectFloats(o[0], {6, 0});
  expectFloats(o[1], {6.5f, 0.5f});
  expectFloats(o[2], {6, 0});
  expectFloats(*s->variableValue("localhost/myvar"), {6, 0});
}

TEST(SessionTest, ConcurrentAssignAddIsAtomicPerRun) {
  auto s = makeSession(refVariableGraph());
  std::vector<Tensor> o;
  ASSERT_TRUE(s->Run({}, {}, {"init"}, &o).ok());
  constexpr int kThreads = 8, kRuns = 25;
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&] {
      for (int r = 0; r < kRuns; ++r) {
        std::vector<Tensor> out;
        if (!s->Run({}, {}, {"inc"}, &out).ok())
          ++failures;
      }
    });
  for (auto &th : threads)
    th.join();
  EXPECT_EQ(failures, 0);
  // Every increment is kept: 1 + 200 * 1, 2 + 200 * 10.
  expectFloats(*s->variableValue("localhost/v"),
               {1 + kThreads * kRuns * 1.0f, 2 + kThreads * kRuns * 10.0f});
}

TEST(SessionTest, RefScatterOpsUpdateTheVariable) {
  // v = [[1,2],[3,4],[5,6]]; ScatterAdd(v, [2,0,2], [[1,1],[2,2],[10,10]])
  // -> [[3,4],[3,4],[16,17]] (duplicates accumulate, as TF's kernel).
  auto s = makeSession(node("v", "VariableV2", {},
                            typeAttr("dtype", "DT_FLOAT") + shapeAttr({3, 2})) +
                       constF("init_val", {1, 2, 3, 4, 5, 6}, {3, 2}) +
                       node("init", "Assign", {"v", "init_val"}, tF()) +
                       constI("idx", {2, 0, 2}, {3}) +
                       constF("upd", {1, 1, 2, 2, 10, 10}, {3, 2}) +
                       node("sadd", "ScatterAdd", {"v", "idx", "upd"},
                            tF() + typeAttr("Tindices", "DT_INT32")) +
                       node("smax", "ScatterMax", {"v", "idx", "upd"},
                            tF() + typeAttr("Tindices", "DT_INT32")));
  std::vector<Tensor> o;
  ASSERT_TRUE(s->Run({}, {}, {"init"}, &o).ok());
  absl::Status st = s->Run({}, {"sadd"}, {}, &o);
  if (!st.ok() &&
      st.message().find("cannot lower hlo.scatter") != std::string::npos)
    GTEST_SKIP() << "codegen has no hlo.scatter lowering yet: " << st;
  ASSERT_TRUE(st.ok()) << st;
  expectFloats(o[0], {3, 4, 3, 4, 16, 17});
  expectFloats(*s->variableValue("localhost/v"), {3, 4, 3, 4, 16, 17});
  ASSERT_TRUE(s->Run({}, {"smax"}, {}, &o).ok());
  expectFloats(o[0], {3, 4, 3, 4, 16, 17});
}

// --- Section 7: NaN, integer division, empty tensors ----------------------

TEST(SessionTest, NaNPropagation) {
  // TF 2.x CPU: Maximum/Minimum propagate NaN (Eigen scalar_max_op with
  // PropagateNaN), Relu/Relu6 keep NaN (cwiseMax(0) returns its NaN first
  // operand), reduce_max/min propagate NaN (Eigen MaxReducer<PropagateNaN>),
  // ArgMax skips NaNs (Eigen's ArgMaxPairReducer takes an element only when
  // it is strictly greater), so it answers 3 for {1, NaN, -3, 8}.
  auto s = makeSession(
      placeholder("a", "DT_FLOAT", {4}) + placeholder("b", "DT_FLOAT", {4}) +
      node("max", "Maximum", {"a", "b"}, tF()) +
      node("min", "Minimum", {"a", "b"}, tF()) +
      node("relu", "Relu", {"a"}, tF()) + node("relu6", "Relu6", {"a"}, tF()) +
      constI("axis", {0}, {}) +
      node("rmax", "Max", {"a", "axis"}, tF() + typeAttr("Tidx", "DT_INT32")) +
      node("rmin", "Min", {"a", "axis"}, tF() + typeAttr("Tidx", "DT_INT32")) +
      node("amax", "ArgMax", {"a", "axis"},
           tF() + typeAttr("Tidx", "DT_INT32") +
               typeAttr("output_type", "DT_INT64")));
  auto out = run2(*s,
                  {{"a", floats({4}, {1, kNaN, -3, 8})},
                   {"b", floats({4}, {kNaN, 2, -4, 7})}},
                  {"max", "min", "relu", "relu6", "rmax", "rmin", "amax"});
  ASSERT_EQ(out.size(), 7u);
  expectFloats(out[0], {kNaN, kNaN, -3, 8});
  expectFloats(out[1], {kNaN, kNaN, -4, 7});
  expectFloats(out[2], {1, kNaN, 0, 8});
  expectFloats(out[3], {1, kNaN, 0, 6});
  expectFloats(out[4], {kNaN});
  expectFloats(out[5], {kNaN});
  ASSERT_EQ(out[6].dtype(), DT_INT64);
  EXPECT_EQ(out[6].flat<int64_t>()[0], 3);
}

TEST(SessionTest, IntegerDivisionOnNegatives) {
  // FloorDiv/FloorMod round toward -inf (NumPy // and %), TruncateDiv
  // toward zero (C++ /).
  std::vector<int32_t> x = {7, -7, 7, -7, 0, -1, 5, -6};
  std::vector<int32_t> y = {2, 2, -2, -2, 3, 4, -3, 3};
  auto s = makeSession(
      placeholder("x", "DT_INT32", {8}) + placeholder("y", "DT_INT32", {8}) +
      node("fd", "FloorDiv", {"x", "y"}, typeAttr("T", "DT_INT32")) +
      node("fm", "FloorMod", {"x", "y"}, typeAttr("T", "DT_INT32")) +
      node("td", "TruncateDiv", {"x", "y"}, typeAttr("T", "DT_INT32")));
  auto out = run2(*s,
                  {{"x", ints<int32_t>(DT_INT32, {8}, x)},
                   {"y", ints<int32_t>(DT_INT32, {8}, y)}},
                  {"fd", "fm", "td"});
  ASSERT_EQ(out.size(), 3u);
  for (int i = 0; i < 8; ++i) {
    int32_t q = static_cast<int32_t>(std::floor(double(x[i]) / y[i]));
    EXPECT_EQ(out[0].flat<int32_t>()[i], q) << x[i] << " // " << y[i];
    EXPECT_EQ(out[1].flat<int32_t>()[i], x[i] - q * y[i])
        << x[i] << " % " << y[i];
    EXPECT_EQ(out[2].flat<int32_t>()[i], x[i] / y[i]) << x[i] << " / " << y[i];
  }
}

TEST(SessionTest, EmptyTensors) {
  auto s = makeSession(
      node("x", "Placeholder", {},
           typeAttr("dtype", "DT_FLOAT") + shapeAttr({-1, 3})) +
      node("y", "Add", {"x", "x"}, tF()) + constI("axis", {0}, {1}) +
      node("sum", "Sum", {"x", "axis"}, tF() + typeAttr("Tidx", "DT_INT32")));
  Tensor empty(DT_FLOAT, TensorShape({0, 3}));
  auto out = run2(*s, {{"x", empty}}, {"y", "sum"});
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0].shape(), TensorShape({0, 3}));
  EXPECT_EQ(out[0].NumElements(), 0);
  EXPECT_EQ(out[1].shape(), TensorShape({3}));
  expectFloats(out[1], {0, 0, 0});
}

} // namespace
