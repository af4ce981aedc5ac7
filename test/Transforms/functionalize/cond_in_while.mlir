// RUN: tf-opt %s -tf-functionalize-control-flow -mlir-print-debuginfo=false | FileCheck %s

// A tf.cond in the body of a tf.while_loop (TF1 form, imported from a
// GraphDef): the loop becomes a tf.While and the conditional, now in the
// loop body function, a tf.If there.
// CHECK-LABEL: func @main
// CHECK-NOT: tf_executor.{{Enter|Merge|Switch|Exit|NextIteration|LoopCond}}
// CHECK: "tf.StatelessWhile"(%{{.*}}, %{{.*}}) {T = [i32, f32], body = @while_body, cond = @while_cond, is_stateless = true, parallel_iterations = 10 : i64}
// CHECK: func private @while_cond(%[[I:.*]]: tensor<*xi32>, %{{.*}}: tensor<*xf32>) -> tensor<*xi1>
// CHECK: "tf.Less"(%[[I]],
// CHECK: func private @while_body(%{{.*}}: tensor<*xi32>, %[[X:.*]]: tensor<*xf32>)
// CHECK-NOT: tf_executor.{{Merge|Switch}}
// CHECK: tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%arg0)
// CHECK-NEXT: tf_executor.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[XI:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%[[X]])
// CHECK: tf.Const {dtype = i32} dense<2>
// CHECK: %[[P:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Less"
// CHECK: "tf.Identity"
// CHECK: %[[C:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: %[[IF:.*]] = "tf.StatelessIf"(%[[P]], %[[XI]], %[[P]]) {Tin = [f32, i1], Tout = [f32], else_branch = @while_cond_else, is_stateless = true, then_branch = @while_cond_then}
// CHECK-NEXT: "tf.Identity"(%[[IF]])
// CHECK: tf_executor.fetch %{{.*}}, %[[C]] : tensor<*xi32>, tensor<*xf32>
// CHECK: func private @while_cond_then(%[[T0:.*]]: tensor<*xf32>, %{{.*}}: tensor<*xi1>)
// CHECK: "tf.AddV2"(%[[T0]],
// CHECK: func private @while_cond_else(%[[E0:.*]]: tensor<*xf32>, %{{.*}}: tensor<*xi1>)
// CHECK: "tf.Mul"(%[[E0]],

module attributes {tf.versions = {bad_consumers = array<i32>, min_consumer = 0 : i32, producer = 27 : i32}} {
  func.func @main() attributes {tf.entry_function = {control_outputs = "", inputs = "", outputs = ""}} {
    tf_executor.graph {
      %output, %token, %control = tf_executor.NextIteration.Source  {T = i32} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control) loc("while/NextIteration")
      %output_0, %token_1, %control_2 = tf_executor.NextIteration.Source  {T = f32} : () -> (tensor<*xf32>, !tf_executor.token, !tf_executor.control) loc("while/NextIteration_1")
      %outputs, %control_3 = tf_executor.island {
        %2 = "tf.Placeholder"() {dtype = f32, shape = #tf_type.shape<>} : () -> tensor<f32> loc("x")
        tf_executor.yield %2 : tensor<f32>
      } : tensor<f32> loc("x")
      %outputs_4, %control_5 = tf_executor.island {
        %2 = tf.Const {dtype = i32} dense<0> : tensor<i32>
        tf_executor.yield %2 : tensor<i32>
      } : tensor<i32> loc("i0")
      %output_6, %control_7 = tf_executor.Enter %outputs_4 {T = i32, frame_name = "while/while_context"} : (tensor<i32>) -> (tensor<*xi32>, !tf_executor.control) loc("while/Enter")
      %output_8, %control_9 = tf_executor.Enter %outputs {T = f32, frame_name = "while/while_context"} : (tensor<f32>) -> (tensor<*xf32>, !tf_executor.control) loc("while/Enter_1")
      %output_10, %value_index, %control_11 = tf_executor.Merge %output_6, %output {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control) loc("while/Merge")
      %output_12, %value_index_13, %control_14 = tf_executor.Merge %output_8, %output_0 {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control) loc("while/Merge_1")
      %outputs_15, %control_16 = tf_executor.island(%control_11) {
        %2 = tf.Const {dtype = i32} dense<4> : tensor<i32>
        tf_executor.yield %2 : tensor<i32>
      } : tensor<i32> loc("while/Less/y")
      %outputs_17, %control_18 = tf_executor.island {
        %2 = "tf.Less"(%output_10, %outputs_15) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1> loc("while/Less")
        tf_executor.yield %2 : tensor<*xi1>
      } : tensor<*xi1> loc("while/Less")
      %output_19, %control_20 = tf_executor.LoopCond %outputs_17 : (tensor<*xi1>) -> (tensor<*xi1>, !tf_executor.control) loc("while/LoopCond")
      %falseOutput, %trueOutput, %control_21 = tf_executor.Switch %output_10, %output_19 {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control) loc("while/Switch")
      %falseOutput_22, %trueOutput_23, %control_24 = tf_executor.Switch %output_12, %output_19 {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control) loc("while/Switch_1")
      %outputs_25, %control_26 = tf_executor.island {
        %2 = "tf.Identity"(%trueOutput) {T = i32} : (tensor<*xi32>) -> tensor<*xi32> loc("while/Identity")
        tf_executor.yield %2 : tensor<*xi32>
      } : tensor<*xi32> loc("while/Identity")
      %outputs_27, %control_28 = tf_executor.island {
        %2 = "tf.Identity"(%trueOutput_23) {T = f32} : (tensor<*xf32>) -> tensor<*xf32> loc("while/Identity_1")
        tf_executor.yield %2 : tensor<*xf32>
      } : tensor<*xf32> loc("while/Identity_1")
      %outputs_29, %control_30 = tf_executor.island(%control_26) {
        %2 = tf.Const {dtype = i32} dense<2> : tensor<i32>
        tf_executor.yield %2 : tensor<i32>
      } : tensor<i32> loc("while/Less_1/y")
      %outputs_31, %control_32 = tf_executor.island {
        %2 = "tf.Less"(%outputs_25, %outputs_29) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1> loc("while/Less_1")
        tf_executor.yield %2 : tensor<*xi1>
      } : tensor<*xi1> loc("while/Less_1")
      %falseOutput_33, %trueOutput_34, %control_35 = tf_executor.Switch %outputs_31, %outputs_31 {T = i1} : (tensor<*xi1>, tensor<*xi1>) -> (tensor<*xi1>, tensor<*xi1>, !tf_executor.control) loc("while/cond/Switch")
      %outputs_36, %control_37 = tf_executor.island {
        %2 = "tf.Identity"(%trueOutput_34) {T = i1} : (tensor<*xi1>) -> tensor<*xi1> loc("while/cond/switch_t")
        tf_executor.yield %2 : tensor<*xi1>
      } : tensor<*xi1> loc("while/cond/switch_t")
      %outputs_38, %control_39 = tf_executor.island {
        %2 = "tf.Identity"(%falseOutput_33) {T = i1} : (tensor<*xi1>) -> tensor<*xi1> loc("while/cond/switch_f")
        tf_executor.yield %2 : tensor<*xi1>
      } : tensor<*xi1> loc("while/cond/switch_f")
      %outputs_40, %control_41 = tf_executor.island {
        %2 = "tf.Identity"(%outputs_31) {T = i1} : (tensor<*xi1>) -> tensor<*xi1> loc("while/cond/pred_id")
        tf_executor.yield %2 : tensor<*xi1>
      } : tensor<*xi1> loc("while/cond/pred_id")
      %falseOutput_42, %trueOutput_43, %control_44 = tf_executor.Switch %outputs_27, %outputs_40 {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control) loc("while/cond/Switch_1")
      %falseOutput_45, %trueOutput_46, %control_47 = tf_executor.Switch %outputs_27, %outputs_40 {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control) loc("while/cond/Switch_2")
      %outputs_48, %control_49 = tf_executor.island(%control_37) {
        %2 = tf.Const {dtype = f32} dense<1.000000e+00> : tensor<f32>
        tf_executor.yield %2 : tensor<f32>
      } : tensor<f32> loc("while/cond/add/y")
      %outputs_50, %control_51 = tf_executor.island {
        %2 = "tf.AddV2"(%trueOutput_43, %outputs_48) {T = f32} : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32> loc("while/cond/add")
        tf_executor.yield %2 : tensor<*xf32>
      } : tensor<*xf32> loc("while/cond/add")
      %outputs_52, %control_53 = tf_executor.island(%control_39) {
        %2 = tf.Const {dtype = f32} dense<3.000000e+00> : tensor<f32>
        tf_executor.yield %2 : tensor<f32>
      } : tensor<f32> loc("while/cond/mul/y")
      %outputs_54, %control_55 = tf_executor.island {
        %2 = "tf.Mul"(%falseOutput_45, %outputs_52) {T = f32} : (tensor<*xf32>, tensor<f32>) -> tensor<*xf32> loc("while/cond/mul")
        tf_executor.yield %2 : tensor<*xf32>
      } : tensor<*xf32> loc("while/cond/mul")
      %output_56, %value_index_57, %control_58 = tf_executor.Merge %outputs_54, %outputs_50 {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control) loc("while/cond/Merge")
      %outputs_59, %control_60 = tf_executor.island(%control_26) {
        %2 = tf.Const {dtype = i32} dense<1> : tensor<i32>
        tf_executor.yield %2 : tensor<i32>
      } : tensor<i32> loc("while/add/y")
      %outputs_61, %control_62 = tf_executor.island {
        %2 = "tf.AddV2"(%outputs_25, %outputs_59) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32> loc("while/add")
        tf_executor.yield %2 : tensor<*xi32>
      } : tensor<*xi32> loc("while/add")
      %0 = tf_executor.NextIteration.Sink %token, %outputs_61 {T = i32} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control loc("while/NextIteration")
      %1 = tf_executor.NextIteration.Sink %token_1, %output_56 {T = f32} : (!tf_executor.token, tensor<*xf32>) -> !tf_executor.control loc("while/NextIteration_1")
      %output_63, %control_64 = tf_executor.Exit %falseOutput {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control) loc("while/Exit")
      %output_65, %control_66 = tf_executor.Exit %falseOutput_22 {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control) loc("while/Exit_1")
      %outputs_67, %control_68 = tf_executor.island {
        %2 = "tf.Identity"(%output_65) {T = f32} : (tensor<*xf32>) -> tensor<*xf32> loc("out")
        tf_executor.yield %2 : tensor<*xf32>
      } : tensor<*xf32> loc("out")
      tf_executor.fetch
    }
    return
  }
}
