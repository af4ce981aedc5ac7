// RUN: tf-opt %s -split-input-file -tf-functionalize-control-flow -mlir-print-local-scope | FileCheck %s

// for (x = 0; x < n; x += 1) {}; the loop variables are in Enter-name order.
// CHECK-LABEL: func @simple_while
// CHECK-NOT: tf_executor.{{Enter|Merge|Switch|Exit|NextIteration|LoopCond}}
// CHECK: %[[W:.*]]:2 = "tf.StatelessWhile"(%{{.*}}, %{{.*}}) {T = [f32, f32], body = @while_body, cond = @while_cond, is_stateless = true, parallel_iterations = 10 : i64} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>) loc("while/LoopCond")
// CHECK-NEXT: %[[E0:.*]] = "tf.Identity"(%[[W]]#0) {T = f32} {{.*}} loc("while/Exit")
// CHECK-NEXT: %[[E1:.*]] = "tf.Identity"(%[[W]]#1) {T = f32} {{.*}} loc("while/Exit_1")
// CHECK-NEXT: tf_executor.yield %[[E0]], %[[E1]]
// CHECK: tf_executor.fetch %outputs_{{[0-9]+}}#0, %outputs_{{[0-9]+}}#1
// CHECK: func private @while_cond(%[[C0:[^:]*]]: tensor<f32> {{.*}}, %[[C1:[^:]*]]: tensor<f32> {{.*}}) -> tensor<i1>
// CHECK: "tf.Less"(%[[C0]], %[[C1]])
// CHECK: tf_executor.fetch %outputs : tensor<i1>
// CHECK: func private @while_body(%[[B0:[^:]*]]: tensor<f32> {{.*}}, %[[B1:[^:]*]]: tensor<f32> {{.*}}) -> (tensor<f32>, tensor<f32>)
// CHECK: %[[I0:.*]], %[[CI0:.*]] = tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%[[B0]])
// CHECK: %[[I1:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%[[B1]])
// CHECK: %[[ONE:.*]], %{{.*}} = tf_executor.island(%[[CI0]]) {
// CHECK-NEXT: tf.Const dense<1.000000e+00>
// CHECK: %[[ADD:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Add"(%[[I0]], %[[ONE]])
// CHECK: tf_executor.fetch %[[ADD]], %[[I1]]
func.func @simple_while() -> (tensor<f32>, tensor<f32>) {
  %r:2 = tf_executor.graph {
    %c0, %cc0 = tf_executor.island {
      %0 = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("while/Const")
    %in, %cin = tf_executor.island {
      %0 = "tf.Const"() {value = dense<3.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("in_0")
    %e0, %ce0 = tf_executor.Enter %c0 {frame_name = "while/while_context"} : (tensor<f32>) -> (tensor<f32>, !tf_executor.control) loc("while/Enter")
    %e1, %ce1 = tf_executor.Enter %in {frame_name = "while/while_context"} : (tensor<f32>) -> (tensor<f32>, !tf_executor.control) loc("while/Enter_1")
    %m0, %mi0, %mc0 = tf_executor.Merge %e0, %ni0 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("while/Merge")
    %m1, %mi1, %mc1 = tf_executor.Merge %e1, %ni1 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("while/Merge_1")
    %less, %cl = tf_executor.island {
      %0 = "tf.Less"(%m0, %m1) : (tensor<f32>, tensor<f32>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("while/Less")
    %lc, %clc = tf_executor.LoopCond %less : (tensor<i1>) -> (tensor<i1>, !tf_executor.control) loc("while/LoopCond")
    %sf0, %st0, %sc0 = tf_executor.Switch %m0, %lc : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("while/Switch")
    %sf1, %st1, %sc1 = tf_executor.Switch %m1, %lc : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("while/Switch_1")
    %id0, %cid0 = tf_executor.island {
      %0 = "tf.Identity"(%st0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("while/Identity")
    %id1, %cid1 = tf_executor.island {
      %0 = "tf.Identity"(%st1) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("while/Identity_1")
    %y, %cy = tf_executor.island(%cid0) {
      %0 = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("while/add/y")
    %add, %cadd = tf_executor.island {
      %0 = "tf.Add"(%id0, %y) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("while/add")
    %ni0, %tok0, %cni0 = tf_executor.NextIteration.Source : () -> (tensor<f32>, !tf_executor.token, !tf_executor.control) loc("while/NextIteration")
    %ni1, %tok1, %cni1 = tf_executor.NextIteration.Source : () -> (tensor<f32>, !tf_executor.token, !tf_executor.control) loc("while/NextIteration_1")
    %sk0 = tf_executor.NextIteration.Sink %tok0, %add : (!tf_executor.token, tensor<f32>) -> !tf_executor.control loc("while/NextIteration")
    %sk1 = tf_executor.NextIteration.Sink %tok1, %id1 : (!tf_executor.token, tensor<f32>) -> !tf_executor.control loc("while/NextIteration_1")
    %x0, %cx0 = tf_executor.Exit %sf0 : (tensor<f32>) -> (tensor<f32>, !tf_executor.control) loc("while/Exit")
    %x1, %cx1 = tf_executor.Exit %sf1 : (tensor<f32>) -> (tensor<f32>, !tf_executor.control) loc("while/Exit_1")
    tf_executor.fetch %x0, %x1 : tensor<f32>, tensor<f32>
  } : tensor<f32>, tensor<f32>
  return %r#0, %r#1 : tensor<f32>, tensor<f32>
}

// -----

// A loop-invariant Enter (is_constant) is an extra loop variable that the
// body returns unchanged; a loop variable without Exit leaves its result
// unused; control inputs of the Enters become control inputs of the While;
// the Exit's control output leaves from the While island; Identity nodes
// between a Switch and its Exit are allowed; a Const without inputs used in
// the loop is copied into it.
// CHECK-LABEL: func @invariant_exitless_ctl
// CHECK: %[[INIT:.*]] = tf_executor.island {
// CHECK-NEXT: tf.NoOp
// CHECK: %[[W:.*]]:3, %[[WC:.*]] = tf_executor.island(%[[INIT]]) {
// CHECK-NEXT: %[[R:.*]]:3 = "tf.StatelessWhile"(%arg0, %arg1, %arg2) {T = [i32, f32, i32], body = @loop_body, cond = @loop_cond, is_stateless = true, parallel_iterations = 32 : i64}
// CHECK-SAME: (tensor<i32>, tensor<f32>, tensor<i32>) -> (tensor<i32>, tensor<f32>, tensor<i32>)
// CHECK-NEXT: %[[E:.*]] = "tf.Identity"(%[[R]]#0) {{.*}} loc("loop/Exit")
// CHECK-NEXT: tf_executor.yield %[[E]], %[[R]]#1, %[[R]]#2
// CHECK: tf_executor.island(%[[WC]]) {
// CHECK-NEXT: "tf.Neg"(%[[W]]#0)
// CHECK: func private @loop_cond(%[[I:[^:]*]]: tensor<i32> {{.*}}, %{{[^:]*}}: tensor<f32> {{.*}}, %[[N:[^:]*]]: tensor<i32> {{.*}})
// CHECK: "tf.Less"(%[[I]], %[[N]])
// CHECK: func private @loop_body(%[[BI:[^:]*]]: tensor<i32> {{.*}}, %[[BA:[^:]*]]: tensor<f32> {{.*}}, %[[BN:[^:]*]]: tensor<i32> {{.*}})
// CHECK: %[[K:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: tf.Const dense<1> : tensor<i32>
// CHECK: %[[INC:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.AddV2"(%[[BI]], %[[K]])
// CHECK: %[[CAST:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Cast"(%[[BI]])
// CHECK: %[[ACC:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.AddV2"(%[[BA]], %[[CAST]])
// CHECK: tf_executor.fetch %[[INC]], %[[ACC]], %[[BN]] : tensor<i32>, tensor<f32>, tensor<i32>
func.func @invariant_exitless_ctl(%arg0: tensor<i32>, %arg1: tensor<f32>, %arg2: tensor<i32>) -> tensor<i32> {
  %r = tf_executor.graph {
    %init = tf_executor.island {
      "tf.NoOp"() : () -> ()
      tf_executor.yield
    } loc("init")
    %one, %cone = tf_executor.island {
      %0 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("one")
    %ei, %cei = tf_executor.Enter %arg0, %init {frame_name = "loop/ctx", parallel_iterations = 32 : i64} : (tensor<i32>, !tf_executor.control) -> (tensor<i32>, !tf_executor.control) loc("loop/Enter")
    %ea, %cea = tf_executor.Enter %arg1, %init {frame_name = "loop/ctx", parallel_iterations = 32 : i64} : (tensor<f32>, !tf_executor.control) -> (tensor<f32>, !tf_executor.control) loc("loop/Enter_1")
    %en, %cen = tf_executor.Enter %arg2 {frame_name = "loop/ctx", is_constant = true, parallel_iterations = 32 : i64} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("loop/Enter_2")
    %mi, %mii, %mic = tf_executor.Merge %ei, %nii : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("loop/Merge")
    %ma, %mai, %mac = tf_executor.Merge %ea, %nia : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("loop/Merge_1")
    %less, %cl = tf_executor.island {
      %0 = "tf.Less"(%mi, %en) : (tensor<i32>, tensor<i32>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("loop/Less")
    %lc, %clc = tf_executor.LoopCond %less : (tensor<i1>) -> (tensor<i1>, !tf_executor.control) loc("loop/LoopCond")
    %sfi, %sti, %sci = tf_executor.Switch %mi, %lc : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("loop/Switch")
    %sfa, %sta, %sca = tf_executor.Switch %ma, %lc : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("loop/Switch_1")
    %inc, %cinc = tf_executor.island {
      %0 = "tf.AddV2"(%sti, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("loop/add")
    %cast, %ccast = tf_executor.island {
      %0 = "tf.Cast"(%sti) : (tensor<i32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("loop/Cast")
    %acc, %cacc = tf_executor.island {
      %0 = "tf.AddV2"(%sta, %cast) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("loop/add_1")
    %nii, %toki, %cnii = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control) loc("loop/NextIteration")
    %nia, %toka, %cnia = tf_executor.NextIteration.Source : () -> (tensor<f32>, !tf_executor.token, !tf_executor.control) loc("loop/NextIteration_1")
    %ski = tf_executor.NextIteration.Sink %toki, %inc : (!tf_executor.token, tensor<i32>) -> !tf_executor.control loc("loop/NextIteration")
    %ska = tf_executor.NextIteration.Sink %toka, %acc : (!tf_executor.token, tensor<f32>) -> !tf_executor.control loc("loop/NextIteration_1")
    %idx, %cidx = tf_executor.island {
      %0 = "tf.Identity"(%sfi) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("loop/Identity_exit")
    %xi, %cxi = tf_executor.Exit %idx : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("loop/Exit")
    %neg, %cneg = tf_executor.island(%cxi) {
      %0 = "tf.Neg"(%xi) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("neg")
    tf_executor.fetch %neg : tensor<i32>
  } : tensor<i32>
  return %r : tensor<i32>
}
