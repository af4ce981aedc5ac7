// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s

// Nested TF1 while loops (the corpus' nested_while.pb.txt as imported):
// the inner loop's entry value comes from the outer loop, so both loops
// settle together; every type ends up known.
// CHECK-LABEL: func @main
// CHECK-NOT: tensor<*x
// CHECK: tf_executor.Exit {{.*}} : (tensor<2x2xi32>) -> (tensor<2x2xi32>
// CHECK-NOT: tensor<*x
module attributes {tf.versions = {bad_consumers = array<i32>, min_consumer = 0 : i32, producer = 24 : i32}} {
  func.func @main() attributes {tf.entry_function = {control_outputs = "", inputs = "", outputs = ""}} {
    tf_executor.graph {
      %output, %token, %control = tf_executor.NextIteration.Source  {T = i32, device = ""} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control)
      %output_0, %token_1, %control_2 = tf_executor.NextIteration.Source  {T = i32, device = ""} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control)
      %output_3, %token_4, %control_5 = tf_executor.NextIteration.Source  {T = i32, device = ""} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control)
      %output_6, %token_7, %control_8 = tf_executor.NextIteration.Source  {T = i32, device = ""} : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control)
      %outputs, %control_9 = tf_executor.island {
        %4 = tf.Const {device = "", dtype = i32} dense<0> : tensor<2x2xi32>
        tf_executor.yield %4 : tensor<2x2xi32>
      } : tensor<2x2xi32>
      %outputs_10, %control_11 = tf_executor.island {
        %4 = "tf.VariableV2"() {container = "", device = "", dtype = i32, shape = #tf_type.shape<2x2>, shared_name = ""} : () -> tensor<*x!tf_type.ref<i32>>
        tf_executor.yield %4 : tensor<*x!tf_type.ref<i32>>
      } : tensor<*x!tf_type.ref<i32>>
      %outputs_12, %control_13 = tf_executor.island {
        %4 = "tf.Assign"(%outputs_10, %outputs) {T = i32, _class = ["loc:@phi"], device = "", use_locking = true, validate_shape = true} : (tensor<*x!tf_type.ref<i32>>, tensor<2x2xi32>) -> tensor<*x!tf_type.ref<i32>>
        tf_executor.yield %4 : tensor<*x!tf_type.ref<i32>>
      } : tensor<*x!tf_type.ref<i32>>
      %outputs_14, %control_15 = tf_executor.island {
        %4 = "tf.Identity"(%outputs_10) {T = i32, _class = ["loc:@phi"], device = ""} : (tensor<*x!tf_type.ref<i32>>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_16, %control_17 = tf_executor.island {
        %4 = tf.Const {device = "", dtype = i32} dense<0> : tensor<2x2xi32>
        tf_executor.yield %4 : tensor<2x2xi32>
      } : tensor<2x2xi32>
      %outputs_18, %control_19 = tf_executor.island {
        %4 = "tf.VariableV2"() {container = "", device = "", dtype = i32, shape = #tf_type.shape<2x2>, shared_name = ""} : () -> tensor<*x!tf_type.ref<i32>>
        tf_executor.yield %4 : tensor<*x!tf_type.ref<i32>>
      } : tensor<*x!tf_type.ref<i32>>
      %outputs_20, %control_21 = tf_executor.island {
        %4 = "tf.Assign"(%outputs_18, %outputs_16) {T = i32, _class = ["loc:@alpha"], device = "", use_locking = true, validate_shape = true} : (tensor<*x!tf_type.ref<i32>>, tensor<2x2xi32>) -> tensor<*x!tf_type.ref<i32>>
        tf_executor.yield %4 : tensor<*x!tf_type.ref<i32>>
      } : tensor<*x!tf_type.ref<i32>>
      %outputs_22, %control_23 = tf_executor.island {
        %4 = "tf.Identity"(%outputs_18) {T = i32, _class = ["loc:@alpha"], device = ""} : (tensor<*x!tf_type.ref<i32>>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_24, %control_25 = tf_executor.island {
        %4 = tf.Const {device = "", dtype = i32} dense<0> : tensor<2x2xi32>
        tf_executor.yield %4 : tensor<2x2xi32>
      } : tensor<2x2xi32>
      %outputs_26, %control_27 = tf_executor.island {
        %4 = "tf.VariableV2"() {container = "", device = "", dtype = i32, shape = #tf_type.shape<2x2>, shared_name = ""} : () -> tensor<*x!tf_type.ref<i32>>
        tf_executor.yield %4 : tensor<*x!tf_type.ref<i32>>
      } : tensor<*x!tf_type.ref<i32>>
      %outputs_28, %control_29 = tf_executor.island {
        %4 = "tf.Assign"(%outputs_26, %outputs_24) {T = i32, _class = ["loc:@omega"], device = "", use_locking = true, validate_shape = true} : (tensor<*x!tf_type.ref<i32>>, tensor<2x2xi32>) -> tensor<*x!tf_type.ref<i32>>
        tf_executor.yield %4 : tensor<*x!tf_type.ref<i32>>
      } : tensor<*x!tf_type.ref<i32>>
      %outputs_30, %control_31 = tf_executor.island {
        %4 = "tf.Identity"(%outputs_26) {T = i32, _class = ["loc:@omega"], device = ""} : (tensor<*x!tf_type.ref<i32>>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %control_32 = tf_executor.island(%control_13, %control_21, %control_29) {
        tf.NoOp {device = ""}
        tf_executor.yield
      }
      %output_33, %control_34 = tf_executor.Enter %outputs_22 {T = i32, device = "", frame_name = "while/while/"} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %output_35, %control_36 = tf_executor.Enter %outputs_14 {T = i32, device = "", frame_name = "while/while/"} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %output_37, %control_38 = tf_executor.Enter %outputs_30 {T = i32, device = "", frame_name = "while/while/"} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %output_39, %value_index, %control_40 = tf_executor.Merge %output_33, %output_0 {N = 2 : i64, T = i32, device = ""} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control)
      %output_41, %value_index_42, %control_43 = tf_executor.Merge %output_35, %output_3 {N = 2 : i64, T = i32, device = ""} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control)
      %output_44, %value_index_45, %control_46 = tf_executor.Merge %output_37, %output_6 {N = 2 : i64, T = i32, device = ""} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control)
      %outputs_47, %control_48 = tf_executor.island(%control_40) {
        %4 = tf.Const {device = "", dtype = i32} dense<[0, 1]> : tensor<2xi32>
        tf_executor.yield %4 : tensor<2xi32>
      } : tensor<2xi32>
      %outputs_49, %control_50 = tf_executor.island {
        %4 = "tf.Sum"(%output_39, %outputs_47) {T = i32, Tidx = i32, device = "", keep_dims = false} : (tensor<*xi32>, tensor<2xi32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_51, %control_52 = tf_executor.island(%control_40) {
        %4 = tf.Const {device = "", dtype = i32} dense<400> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_53, %control_54 = tf_executor.island {
        %4 = "tf.Less"(%outputs_49, %outputs_51) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
        tf_executor.yield %4 : tensor<*xi1>
      } : tensor<*xi1>
      %output_55, %control_56 = tf_executor.LoopCond %outputs_53 {device = ""} : (tensor<*xi1>) -> (tensor<*xi1>, !tf_executor.control)
      %falseOutput, %trueOutput, %control_57 = tf_executor.Switch %output_39, %output_55 {T = i32, _class = ["loc:@while/Merge"], device = ""} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control)
      %falseOutput_58, %trueOutput_59, %control_60 = tf_executor.Switch %output_41, %output_55 {T = i32, _class = ["loc:@while/Merge_1"], device = ""} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control)
      %falseOutput_61, %trueOutput_62, %control_63 = tf_executor.Switch %output_44, %output_55 {T = i32, _class = ["loc:@while/Merge_2"], device = ""} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control)
      %outputs_64, %control_65 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput) {T = i32, device = ""} : (tensor<*xi32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_66, %control_67 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput_59) {T = i32, device = ""} : (tensor<*xi32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_68, %control_69 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput_62) {T = i32, device = ""} : (tensor<*xi32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_70, %control_71 = tf_executor.island(%control_65) {
        %4 = tf.Const {device = "", dtype = i32} dense<25> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_72, %control_73 = tf_executor.island {
        %4 = "tf.Add"(%outputs_64, %outputs_70) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_74, %control_75 = tf_executor.island(%control_65) {
        %4 = tf.Const {device = "", dtype = i32} dense<7> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_76, %control_77 = tf_executor.island {
        %4 = "tf.Add"(%outputs_66, %outputs_74) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %output_78, %control_79 = tf_executor.Enter %outputs_68 {T = i32, device = "", frame_name = "while/while/while/while/"} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %output_80, %value_index_81, %control_82 = tf_executor.Merge %output_78, %output {N = 2 : i64, T = i32, device = ""} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control)
      %outputs_83, %control_84 = tf_executor.island(%control_82) {
        %4 = tf.Const {device = "", dtype = i32} dense<[0, 1]> : tensor<2xi32>
        tf_executor.yield %4 : tensor<2xi32>
      } : tensor<2xi32>
      %outputs_85, %control_86 = tf_executor.island {
        %4 = "tf.Sum"(%output_80, %outputs_83) {T = i32, Tidx = i32, device = "", keep_dims = false} : (tensor<*xi32>, tensor<2xi32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_87, %control_88 = tf_executor.island(%control_82) {
        %4 = tf.Const {device = "", dtype = i32} dense<100> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_89, %control_90 = tf_executor.island {
        %4 = "tf.Less"(%outputs_85, %outputs_87) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
        tf_executor.yield %4 : tensor<*xi1>
      } : tensor<*xi1>
      %output_91, %control_92 = tf_executor.LoopCond %outputs_89 {device = ""} : (tensor<*xi1>) -> (tensor<*xi1>, !tf_executor.control)
      %falseOutput_93, %trueOutput_94, %control_95 = tf_executor.Switch %output_80, %output_91 {T = i32, _class = ["loc:@while/while/Merge"], device = ""} : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control)
      %outputs_96, %control_97 = tf_executor.island {
        %4 = "tf.Identity"(%trueOutput_94) {T = i32, device = ""} : (tensor<*xi32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_98, %control_99 = tf_executor.island(%control_97) {
        %4 = tf.Const {device = "", dtype = i32} dense<10> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_100, %control_101 = tf_executor.island {
        %4 = "tf.Add"(%outputs_96, %outputs_98) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %0 = tf_executor.NextIteration.Sink %token, %outputs_100 {T = i32, device = ""} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control
      %output_102, %control_103 = tf_executor.Exit %falseOutput_93 {T = i32, device = ""} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %1 = tf_executor.NextIteration.Sink %token_1, %outputs_72 {T = i32, device = ""} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control
      %2 = tf_executor.NextIteration.Sink %token_4, %outputs_76 {T = i32, device = ""} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control
      %3 = tf_executor.NextIteration.Sink %token_7, %output_102 {T = i32, device = ""} : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control
      %output_104, %control_105 = tf_executor.Exit %falseOutput {T = i32, device = ""} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %output_106, %control_107 = tf_executor.Exit %falseOutput_58 {T = i32, device = ""} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %output_108, %control_109 = tf_executor.Exit %falseOutput_61 {T = i32, device = ""} : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
      %outputs_110, %control_111 = tf_executor.island {
        %4 = tf.Const {device = "", dtype = i32} dense<10> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_112, %control_113 = tf_executor.island {
        %4 = "tf.Add"(%output_104, %outputs_110) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %outputs_114, %control_115 = tf_executor.island {
        %4 = tf.Const {device = "", dtype = i32} dense<5> : tensor<i32>
        tf_executor.yield %4 : tensor<i32>
      } : tensor<i32>
      %outputs_116, %control_117 = tf_executor.island {
        %4 = "tf.Add"(%output_106, %outputs_114) {T = i32, device = ""} : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
        tf_executor.yield %4 : tensor<*xi32>
      } : tensor<*xi32>
      %control_118 = tf_executor.island(%control_13, %control_21, %control_29) {
        tf.NoOp {device = ""}
        tf_executor.yield
      }
      tf_executor.fetch
    }
    return
  }
}
