// RUN: tf-opt %s -tf-functionalize-control-flow -mlir-print-debuginfo=false | FileCheck %s

// Nested loops (an inner tf.while_loop in the body of an outer one, as TF1
// builds it; imported from a GraphDef): the inner loop becomes a tf.While in
// the outer body. The inner loop reads the outer loop variable both as a
// loop variable and as a loop invariant (is_constant Enter).
// CHECK-LABEL: func @main
// CHECK-NOT: tf_executor.{{Enter|Merge|Switch|Exit|NextIteration|LoopCond}}
// CHECK: "tf.StatelessWhile"(%{{.*}}, %{{.*}}) {T = [i32, f32], body = @outer_body, cond = @outer_cond, is_stateless = true, parallel_iterations = 10 : i64}
// CHECK: func private @outer_cond(%[[OI:.*]]: tensor<*xi32>, %{{.*}}: tensor<*xf32>) -> tensor<*xi1>
// CHECK: %[[THREE:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: tf.Const {dtype = i32} dense<3>
// CHECK: "tf.Less"(%[[OI]], %[[THREE]])
// CHECK: func private @outer_body(%[[I:.*]]: tensor<*xi32>, %[[X:.*]]: tensor<*xf32>)
// CHECK-NOT: tf_executor.{{Enter|Merge|Switch|Exit|NextIteration|LoopCond}}
// CHECK: tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%[[I]])
// CHECK: %[[XI:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%[[X]])
// CHECK: %[[J0:.*]], %{{.*}} = tf_executor.island({{.*}}) {
// CHECK-NEXT: tf.Const {dtype = i32} dense<0>
// CHECK: %[[IW:.*]]:3, %{{.*}} = tf_executor.island {
// CHECK-NEXT: %[[R:.*]]:3 = "tf.StatelessWhile"(%[[J0]], %[[XI]], %[[XI]]) {T = [i32, f32, f32], body = @outer_inner_body, cond = @outer_inner_cond, is_stateless = true, parallel_iterations = 10 : i64}
// CHECK-NEXT: %[[EX:.*]] = "tf.Identity"(%[[R]]#1)
// CHECK-NEXT: tf_executor.yield %[[R]]#0, %[[EX]], %[[R]]#2
// CHECK: tf_executor.fetch %{{.*}}, %[[IW]]#1
// CHECK: func private @outer_inner_cond(%[[J:.*]]: tensor<*xi32>, %{{.*}}: tensor<*xf32>, %{{.*}}: tensor<*xf32>) -> tensor<*xi1>
// CHECK: tf.Const {dtype = i32} dense<2>
// CHECK: "tf.Less"(%[[J]]
// CHECK: func private @outer_inner_body(%{{.*}}: tensor<*xi32>, %[[IX:.*]]: tensor<*xf32>, %[[INV:.*]]: tensor<*xf32>)
// CHECK: tf_executor.island {
// CHECK-NEXT: "tf.Identity"
// CHECK: %[[IXI:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Identity"(%[[IX]])
// CHECK: "tf.AddV2"
// CHECK: %[[MUL:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT: "tf.Mul"(%[[IXI]], %[[INV]])
// CHECK: tf_executor.fetch %{{.*}}, %[[MUL]], %[[INV]]

module attributes {tf.versions = {bad_consumers = array<i32>, min_consumer = 0 : i32, producer = 27 : i32}} {
  func.func @main() attributes {tf.entry_function = {control_outputs = "", inputs = "", outputs = ""}} {
    tf_executor.graph {
      %output, %token, %control = tf_executor.NextIteration.Source  {T = i32} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control) loc("outer/inner/NextIteration")
      %output_0, %token_1, %control_2 = tf_executor.NextIteration.Source  {T = f32} : () -> (tensor<*xf32>, !tf_executor.token, !tf_executor.control) loc("outer/inner/NextIteration_1")
      %output_3, %token_4, %control_5 = tf_executor.NextIteration.Source  {T = i32} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control) loc("outer/NextIteration")
      %output_6, %token_7, %control_8 = tf_executor.NextIteration.Source  {T = f32} : () -> (tensor<*xf32>, !tf_executor.token, !tf_executor.control) loc("outer/NextIteration_1")
      %outputs, %control_9 = tf_executor.island {
        %4 = "tf.Placeholder"() {dtype = f32, shape = #tf_type.shape<>} : () -> tensor<f32> loc("x")
        tf_executor.yield %4 : tensor<f32>
      } : tensor<f32> loc("x")
      %outputs_10, %control_11 = tf_executor.island {
        %4 = tf.Const {dtype = i32} dense<0> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32> loc("i0")
      %output_12, %control_13 = tf_executor.Enter %outputs_10 {T = i32, frame_name = "outer/while_context"} : (tensor<i32>) -> (tensor<*xi32>, !tf_executor.control) loc("outer/Enter")
      %output_14, %control_15 = tf_executor.Enter %outputs {T = f32, frame_name = "outer/while_context"} : (tensor<f32>) -> (tensor<*xf32>, !tf_executor.control) loc("outer/Enter_1")
      %output_16, %value_index, %control_17 = tf_executor.Merge %output_12, %output_3 {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control) loc("outer/Merge")
      %output_18, %value_index_19, %control_20 = tf_executor.Merge %output_14, %output_6 {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control) loc("outer/Merge_1")
      %outputs_21, %control_22 = tf_executor.island(%control_17) {
        %4 = tf.Const {dtype = i32} dense<3> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32> loc("outer/Less/y")
      %outputs_23, %control_24 = tf_executor.island {
        %4 = "tf.Less"(%output_16, %outputs_21) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1> loc("outer/Less")
        tf_executor.yield %4 : tensor<*xi1>
      } : tensor<*xi1> loc("outer/Less")
      %output_25, %control_26 = tf_executor.LoopCond %outputs_23 : (tensor<*xi1>) -> (tensor<*xi1>, !tf_executor.control) loc("outer/LoopCond")
      %falseOutput, %trueOutput, %control_27 = tf_executor.Switch %output_16, %output_25 {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control) loc("outer/Switch")
      %falseOutput_28, %trueOutput_29, %control_30 = tf_executor.Switch %output_18, %output_25 {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control) loc("outer/Switch_1")
      %outputs_31, %control_32 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput) {T = i32} : (tensor<*xi32>) -> tensor<*xi32> loc("outer/Identity")
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32> loc("outer/Identity")
      %outputs_33, %control_34 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput_29) {T = f32} : (tensor<*xf32>) -> tensor<*xf32> loc("outer/Identity_1")
        tf_executor.yield %4 : tensor<*xf32>
      } : tensor<*xf32> loc("outer/Identity_1")
      %outputs_35, %control_36 = tf_executor.island(%control_32) {
        %4 = tf.Const {dtype = i32} dense<0> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32> loc("outer/j0")
      %output_37, %control_38 = tf_executor.Enter %outputs_35 {T = i32, frame_name = "outer/inner/while_context"} : (tensor<i32>) -> (tensor<*xi32>, !tf_executor.control) loc("outer/inner/Enter")
      %output_39, %control_40 = tf_executor.Enter %outputs_33 {T = f32, frame_name = "outer/inner/while_context"} : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control) loc("outer/inner/Enter_1")
      %output_41, %control_42 = tf_executor.Enter %outputs_33 {T = f32, frame_name = "outer/inner/while_context", is_constant = true} : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control) loc("outer/inner/Enter_inv_0")
      %output_43, %value_index_44, %control_45 = tf_executor.Merge %output_37, %output {N = 2 : i64, T = i32} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control) loc("outer/inner/Merge")
      %output_46, %value_index_47, %control_48 = tf_executor.Merge %output_39, %output_0 {N = 2 : i64, T = f32} : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control) loc("outer/inner/Merge_1")
      %outputs_49, %control_50 = tf_executor.island(%control_45) {
        %4 = tf.Const {dtype = i32} dense<2> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32> loc("outer/inner/Less/y")
      %outputs_51, %control_52 = tf_executor.island {
        %4 = "tf.Less"(%output_43, %outputs_49) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1> loc("outer/inner/Less")
        tf_executor.yield %4 : tensor<*xi1>
      } : tensor<*xi1> loc("outer/inner/Less")
      %output_53, %control_54 = tf_executor.LoopCond %outputs_51 : (tensor<*xi1>) -> (tensor<*xi1>, !tf_executor.control) loc("outer/inner/LoopCond")
      %falseOutput_55, %trueOutput_56, %control_57 = tf_executor.Switch %output_43, %output_53 {T = i32} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control) loc("outer/inner/Switch")
      %falseOutput_58, %trueOutput_59, %control_60 = tf_executor.Switch %output_46, %output_53 {T = f32} : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control) loc("outer/inner/Switch_1")
      %outputs_61, %control_62 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput_56) {T = i32} : (tensor<*xi32>) -> tensor<*xi32> loc("outer/inner/Identity")
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32> loc("outer/inner/Identity")
      %outputs_63, %control_64 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput_59) {T = f32} : (tensor<*xf32>) -> tensor<*xf32> loc("outer/inner/Identity_1")
        tf_executor.yield %4 : tensor<*xf32>
      } : tensor<*xf32> loc("outer/inner/Identity_1")
      %outputs_65, %control_66 = tf_executor.island(%control_62) {
        %4 = tf.Const {dtype = i32} dense<1> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32> loc("outer/inner/add/y")
      %outputs_67, %control_68 = tf_executor.island {
        %4 = "tf.AddV2"(%outputs_61, %outputs_65) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32> loc("outer/inner/add")
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32> loc("outer/inner/add")
      %outputs_69, %control_70 = tf_executor.island {
        %4 = "tf.Mul"(%outputs_63, %output_41) {T = f32} : (tensor<*xf32>, tensor<*xf32>) -> tensor<*xf32> loc("outer/inner/mul")
        tf_executor.yield %4 : tensor<*xf32>
      } : tensor<*xf32> loc("outer/inner/mul")
      %0 = tf_executor.NextIteration.Sink %token, %outputs_67 {T = i32} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control loc("outer/inner/NextIteration")
      %1 = tf_executor.NextIteration.Sink %token_1, %outputs_69 {T = f32} : (!tf_executor.token, tensor<*xf32>) -> !tf_executor.control loc("outer/inner/NextIteration_1")
      %output_71, %control_72 = tf_executor.Exit %falseOutput_58 {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control) loc("outer/inner/Exit_1")
      %outputs_73, %control_74 = tf_executor.island(%control_32) {
        %4 = tf.Const {dtype = i32} dense<1> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32> loc("outer/add/y")
      %outputs_75, %control_76 = tf_executor.island {
        %4 = "tf.AddV2"(%outputs_31, %outputs_73) {T = i32} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32> loc("outer/add")
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32> loc("outer/add")
      %2 = tf_executor.NextIteration.Sink %token_4, %outputs_75 {T = i32} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control loc("outer/NextIteration")
      %3 = tf_executor.NextIteration.Sink %token_7, %output_71 {T = f32} : (!tf_executor.token, tensor<*xf32>) -> !tf_executor.control loc("outer/NextIteration_1")
      %output_77, %control_78 = tf_executor.Exit %falseOutput {T = i32} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control) loc("outer/Exit")
      %output_79, %control_80 = tf_executor.Exit %falseOutput_28 {T = f32} : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control) loc("outer/Exit_1")
      %outputs_81, %control_82 = tf_executor.island {
        %4 = "tf.Identity"(%output_79) {T = f32} : (tensor<*xf32>) -> tensor<*xf32> loc("out")
        tf_executor.yield %4 : tensor<*xf32>
      } : tensor<*xf32> loc("out")
      tf_executor.fetch
    }
    return
  }
}
