// RUN: tf-opt %s -split-input-file -tf-functionalize-control-flow -mlir-print-local-scope | FileCheck %s

// A tf.cond: Switch(p, p) pivots, one Switch per input, a Merge.
// CHECK-LABEL: func @simple_cond
// CHECK-SAME: (%[[P:[^:]*]]: tensor<i1> {{.*}}, %[[X:[^:]*]]: tensor<f32>
// CHECK-NOT: tf_executor.Switch
// CHECK-NOT: tf_executor.Merge
// CHECK: %[[IF:.*]] = "tf.StatelessIf"(%[[P]], %[[X]], %[[P]]) {Tin = [f32, i1], Tout = [f32], else_branch = @cond_else, is_stateless = true, then_branch = @cond_then}
// CHECK-SAME: (tensor<i1>, tensor<f32>, tensor<i1>) -> tensor<f32>
// CHECK-NEXT: %[[ID:.*]] = "tf.Identity"(%[[IF]]) {T = f32} {{.*}} loc("cond/Merge")
// CHECK-NEXT: tf_executor.yield %[[ID]]
// CHECK-NEXT: } : tensor<f32> loc("cond/Merge")
// CHECK-NEXT: tf_executor.fetch %outputs_0
// CHECK: func private @cond_then(%[[A0:.*]]: tensor<f32> {{.*}}, %{{.*}}: tensor<i1>
// CHECK: tf.Const dense<2.000000e+00>
// CHECK: "tf.Mul"(%[[A0]]
// CHECK: func private @cond_else(%[[B0:.*]]: tensor<f32> {{.*}}, %{{.*}}: tensor<i1>
// CHECK: tf.Const dense<1.000000e+00>
// CHECK: "tf.AddV2"(%[[B0]]
func.func @simple_cond(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %sf, %st, %sc = tf_executor.Switch %arg0, %arg0 : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>, !tf_executor.control) loc("cond/Switch")
    %swt, %cswt = tf_executor.island {
      %0 = "tf.Identity"(%st) : (tensor<i1>) -> tensor<i1> loc("cond/switch_t")
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("cond/switch_t")
    %swf, %cswf = tf_executor.island {
      %0 = "tf.Identity"(%sf) : (tensor<i1>) -> tensor<i1> loc("cond/switch_f")
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("cond/switch_f")
    %pid, %cpid = tf_executor.island {
      %0 = "tf.Identity"(%arg0) : (tensor<i1>) -> tensor<i1> loc("cond/pred_id")
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("cond/pred_id")
    %s1f, %s1t, %s1c = tf_executor.Switch %arg1, %pid : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("cond/mul/Switch")
    %two, %ctwo = tf_executor.island(%cswt) {
      %0 = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32> loc("cond/mul/y")
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("cond/mul/y")
    %mul, %cmul = tf_executor.island {
      %0 = "tf.Mul"(%s1t, %two) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("cond/mul")
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("cond/mul")
    %s2f, %s2t, %s2c = tf_executor.Switch %arg1, %pid : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("cond/add/Switch")
    %one, %cone = tf_executor.island(%cswf) {
      %0 = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32> loc("cond/add/y")
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("cond/add/y")
    %add, %cadd = tf_executor.island {
      %0 = "tf.AddV2"(%s2f, %one) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc("cond/add")
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("cond/add")
    %m, %mi, %mc = tf_executor.Merge %add, %mul : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("cond/Merge")
    tf_executor.fetch %m : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// An assert guard (tf.Assert under a cond): the Merge is only used as a
// control input, and the else branch is stateful.
// CHECK-LABEL: func @assert_guard
// CHECK: %[[OUT:.*]], %[[CTL:.*]] = tf_executor.island {
// CHECK-NEXT: "tf.If"(%arg0, %arg0, %arg1) {Tin = [i1, f32], Tout = [i1], else_branch = @guard_else, is_stateless = false, then_branch = @guard_then}
// CHECK: tf_executor.island(%[[CTL]]) {
// CHECK-NEXT: "tf.Neg"
// CHECK: func private @guard_then(%{{.*}}: tensor<i1> {{.*}}, %{{.*}}: tensor<f32>
// CHECK-NOT: tf.Assert
// CHECK: return
// CHECK: func private @guard_else(%{{.*}}: tensor<i1> {{.*}}, %[[V:.*]]: tensor<f32>
// CHECK: "tf.Assert"({{.*}}, %[[V]])
func.func @assert_guard(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %sf, %st, %sc = tf_executor.Switch %arg0, %arg0 : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>, !tf_executor.control) loc("guard/Switch")
    %swt, %cswt = tf_executor.island {
      %0 = "tf.Identity"(%st) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("guard/switch_t")
    %swf, %cswf = tf_executor.island {
      %0 = "tf.Identity"(%sf) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("guard/switch_f")
    %noop = tf_executor.island(%cswt) {
      "tf.NoOp"() : () -> ()
      tf_executor.yield
    } loc("guard/NoOp")
    %cd, %ccd = tf_executor.island(%noop) {
      %0 = "tf.Identity"(%swt) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("guard/control_dependency")
    %s1f, %s1t, %s1c = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("guard/Assert/Switch")
    %msg, %cmsg = tf_executor.island(%cswf) {
      %0 = "tf.Const"() {value = dense<"x must be true"> : tensor<!tf_type.string>} : () -> tensor<!tf_type.string>
      tf_executor.yield %0 : tensor<!tf_type.string>
    } : tensor<!tf_type.string> loc("guard/Assert/data_0")
    %s2f, %s2t, %s2c = tf_executor.Switch %arg0, %arg0 : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>, !tf_executor.control) loc("guard/Assert/Switch_1")
    %assert = tf_executor.island {
      "tf.Assert"(%s2f, %msg, %s1f) {summarize = 3 : i64} : (tensor<i1>, tensor<!tf_type.string>, tensor<f32>) -> ()
      tf_executor.yield
    } loc("guard/Assert")
    %cd1, %ccd1 = tf_executor.island(%assert) {
      %0 = "tf.Identity"(%swf) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("guard/control_dependency_1")
    %m, %mi, %mc = tf_executor.Merge %cd1, %cd : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i32>, !tf_executor.control) loc("guard/Merge")
    %neg, %cneg = tf_executor.island(%mc) {
      %0 = "tf.Neg"(%arg1) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("neg")
    tf_executor.fetch %neg : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// The Merge's value_index is used: the If returns the index of the taken
// input as an extra result.
// CHECK-LABEL: func @value_index
// CHECK: %[[O:.*]]:2, %{{.*}} = tf_executor.island {
// CHECK-NEXT: %[[IF:.*]]:2 = "tf.StatelessIf"(%arg0, %arg1) {Tin = [f32], Tout = [f32, i32]
// CHECK-NEXT: %[[ID:.*]] = "tf.Identity"(%[[IF]]#0)
// CHECK-NEXT: tf_executor.yield %[[ID]], %[[IF]]#1
// CHECK: tf_executor.fetch %[[O]]#0, %[[O]]#1
// CHECK: func private @vi_then
// CHECK: tf.Const dense<1> : tensor<i32>
// CHECK: func private @vi_else
// CHECK: tf.Const dense<0> : tensor<i32>
func.func @value_index(%arg0: tensor<i1>, %arg1: tensor<f32>) -> (tensor<f32>, tensor<i32>) {
  %r:2 = tf_executor.graph {
    %sf, %st, %sc = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("vi/Switch")
    %neg, %cneg = tf_executor.island {
      %0 = "tf.Neg"(%st) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("vi/Neg")
    %m, %mi, %mc = tf_executor.Merge %sf, %neg : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("vi/Merge")
    tf_executor.fetch %m, %mi : tensor<f32>, tensor<i32>
  } : tensor<f32>, tensor<i32>
  return %r#0, %r#1 : tensor<f32>, tensor<i32>
}

// -----

// Nested conds: the inner one becomes an If inside the outer then branch;
// a value of the enclosing context read without a Switch becomes an operand.
// CHECK-LABEL: func @nested
// CHECK: "tf.StatelessIf"(%arg0, %arg2, %arg1) {{.*}}else_branch = @outer_else, is_stateless = true, then_branch = @outer_then}
// CHECK: func private @outer_then(%[[X:.*]]: tensor<f32> {{.*}}, %[[Q:.*]]: tensor<i1>
// CHECK: "tf.StatelessIf"(%[[Q]], %[[X]]) {{.*}}else_branch = @inner_else, is_stateless = true, then_branch = @inner_then}
// CHECK: func private @outer_else
// CHECK: tf.Exp
// CHECK: func private @inner_then
// CHECK: tf.Neg
// CHECK: func private @inner_else
// CHECK: tf.Abs
func.func @nested(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %of, %ot, %oc = tf_executor.Switch %arg2, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("outer/Switch")
    %qf, %qt, %qc = tf_executor.Switch %arg1, %arg0 : (tensor<i1>, tensor<i1>) -> (tensor<i1>, tensor<i1>, !tf_executor.control) loc("outer/Switch_1")
    %if, %it, %ic = tf_executor.Switch %ot, %qt : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("inner/Switch")
    %n, %cn = tf_executor.island {
      %0 = "tf.Neg"(%it) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("inner/Neg")
    %a, %ca = tf_executor.island {
      %0 = "tf.Abs"(%if) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("inner/Abs")
    %im, %imi, %imc = tf_executor.Merge %a, %n : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("inner/Merge")
    %e, %ce = tf_executor.island {
      %0 = "tf.Exp"(%of) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("outer/Exp")
    %om, %omi, %omc = tf_executor.Merge %e, %im : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("outer/Merge")
    tf_executor.fetch %om : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// A Switch on a predicate already decided on its path (gradient code makes
// these) is redundant: its taken side is forwarded, its other side is dead,
// and a Merge with a dead input forwards the live one.
// CHECK-LABEL: func @redundant_switch
// CHECK: "tf.StatelessIf"(%arg0, %arg1) {{.*}}else_branch = @red_else, is_stateless = true, then_branch = @red_then}
// CHECK-NOT: tf.Exp
// CHECK: func private @red_then(%[[X:[^:]*]]: tensor<f32>
// CHECK: %[[N:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Neg"(%[[X]])
// CHECK: %[[A:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Abs"(%[[N]])
// CHECK: tf_executor.fetch %[[A]]
// CHECK: func private @red_else(%[[Y:[^:]*]]: tensor<f32>
// CHECK-NEXT: tf_executor.graph
// CHECK-NEXT: tf_executor.fetch %[[Y]]
func.func @redundant_switch(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %sf, %st, %sc = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("red/Switch")
    %n, %cn = tf_executor.island {
      %0 = "tf.Neg"(%st) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("red/Neg")
    %rf, %rt, %rc = tf_executor.Switch %n, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("red/grad/Switch")
    %a, %ca = tf_executor.island {
      %0 = "tf.Abs"(%rt) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("red/grad/Abs")
    %e, %ce = tf_executor.island {
      %0 = "tf.Exp"(%rf) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("red/grad/Exp")
    %im, %imi, %imc = tf_executor.Merge %e, %a : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("red/grad/Merge")
    %m, %mi, %mc = tf_executor.Merge %sf, %im : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("red/Merge")
    tf_executor.fetch %m : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// The inner conditional's predicate comes from the enclosing context
// without a Switch of the outer one: it becomes an operand of the outer If.
// A Switch whose only users are stateless nodes that reach no Merge (like
// unused switch_t/switch_f pivots) is dead code and goes away.
// CHECK-LABEL: func @enclosing_and_dangling
// CHECK-NOT: tf_executor.Switch
// CHECK: "tf.StatelessIf"(%arg0, %arg2, %arg1) {{.*}}else_branch = @outer2_else, is_stateless = true, then_branch = @outer2_then}
// CHECK-NOT: tf.Sqrt
// CHECK: func private @outer2_then(%[[X:[^:]*]]: tensor<f32> {{.*}}, %[[Q:[^:]*]]: tensor<i1>
// CHECK: "tf.StatelessIf"(%[[Q]], %[[X]])
func.func @enclosing_and_dangling(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %of, %ot, %oc = tf_executor.Switch %arg2, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("outer2/Switch")
    %if, %it, %ic = tf_executor.Switch %ot, %arg1 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("inner2/Switch")
    %n, %cn = tf_executor.island {
      %0 = "tf.Neg"(%it) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("inner2/Neg")
    %a, %ca = tf_executor.island {
      %0 = "tf.Abs"(%if) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("inner2/Abs")
    %im, %imi, %imc = tf_executor.Merge %a, %n : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("inner2/Merge")
    %e, %ce = tf_executor.island {
      %0 = "tf.Exp"(%of) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("outer2/Exp")
    %om, %omi, %omc = tf_executor.Merge %e, %im : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("outer2/Merge")
    %df, %dt, %dc = tf_executor.Switch %arg2, %arg1 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("dangling/Switch")
    %s, %cs = tf_executor.island {
      %0 = "tf.Sqrt"(%dt) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("dangling/Sqrt")
    tf_executor.fetch %om : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}
