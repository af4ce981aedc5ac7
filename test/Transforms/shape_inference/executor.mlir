// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s

// Types flow through islands (island results from their yields), the
// graph (results from the fetch) and @main's results; Switch/Enter/Exit
// pass types through; Merge takes the join of its inputs.

// CHECK-LABEL: func @main
// CHECK-SAME: -> (tensor<2x3xf32>, tensor<?x3xf32>, tensor<2x3xf32>)
func.func @main(%x: tensor<2x3xf32>, %y: tensor<4x3xf32>, %p: tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) {
  // CHECK: tf_executor.graph
  %0:3 = tf_executor.graph {
    // CHECK: tf_executor.island
    // CHECK: "tf.Relu"({{.*}}) -> tensor<2x3xf32>
    // CHECK: tf_executor.yield {{.*}} : tensor<2x3xf32>
    // CHECK-NEXT: } : tensor<2x3xf32>
    %r, %rc = tf_executor.island {
      %k = "tf.Relu"(%x) : (tensor<2x3xf32>) -> tensor<*xf32>
      tf_executor.yield %k : tensor<*xf32>
    } : tensor<*xf32>
    // CHECK: tf_executor.Switch {{.*}} -> (tensor<2x3xf32>, tensor<2x3xf32>, !tf_executor.control)
    %f, %t, %sc = tf_executor.Switch %r, %p : (tensor<*xf32>, tensor<i1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control)
    %n, %nc = tf_executor.island {
      %k = "tf.Neg"(%y) : (tensor<4x3xf32>) -> tensor<*xf32>
      tf_executor.yield %k : tensor<*xf32>
    } : tensor<*xf32>
    // CHECK: tf_executor.Merge {{.*}} -> (tensor<?x3xf32>, tensor<i32>, !tf_executor.control)
    %m, %mi, %mc = tf_executor.Merge %t, %n : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
    // CHECK: tf_executor.Merge {{.*}} -> (tensor<2x3xf32>, tensor<i32>, !tf_executor.control)
    %m2, %mi2, %mc2 = tf_executor.Merge %f, %t : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
    // CHECK: tf_executor.fetch {{.*}} : tensor<2x3xf32>, tensor<?x3xf32>, tensor<2x3xf32>
    tf_executor.fetch %r, %m, %m2 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  // CHECK: } : tensor<2x3xf32>, tensor<?x3xf32>, tensor<2x3xf32>
  } : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
  func.return %0#0, %0#1, %0#2 : tensor<*xf32>, tensor<*xf32>, tensor<*xf32>
}

// A TF1 while loop (Enter/Merge/Switch/Exit with NextIteration): the
// loop-carried types are assumed from the entry values and kept when the
// value fed back fits; a value that grows is widened (join).
// CHECK-LABEL: func private @loop
// CHECK-SAME: -> (tensor<i32>, tensor<?x3xf32>, tensor<2x3xf32>)
func.func private @loop(%x: tensor<2x3xf32>) -> (tensor<*xi32>, tensor<*xf32>, tensor<*xf32>) {
  %0:3 = tf_executor.graph {
    // CHECK: tf_executor.NextIteration.Source {{.*}} -> (tensor<i32>,
    %si, %ti, %ci = tf_executor.NextIteration.Source : () -> (tensor<*xi32>, !tf_executor.token, !tf_executor.control)
    // CHECK: tf_executor.NextIteration.Source {{.*}} -> (tensor<?x3xf32>,
    %sa, %ta, %ca = tf_executor.NextIteration.Source : () -> (tensor<*xf32>, !tf_executor.token, !tf_executor.control)
    // CHECK: tf_executor.NextIteration.Source {{.*}} -> (tensor<2x3xf32>,
    %sb, %tb, %cb = tf_executor.NextIteration.Source : () -> (tensor<*xf32>, !tf_executor.token, !tf_executor.control)
    %z, %zc = tf_executor.island {
      %k = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      tf_executor.yield %k : tensor<i32>
    } : tensor<i32>
    %ei, %eic = tf_executor.Enter %z {frame_name = "w"} : (tensor<i32>) -> (tensor<*xi32>, !tf_executor.control)
    %ea, %eac = tf_executor.Enter %x {frame_name = "w"} : (tensor<2x3xf32>) -> (tensor<*xf32>, !tf_executor.control)
    %eb, %ebc = tf_executor.Enter %x {frame_name = "w"} : (tensor<2x3xf32>) -> (tensor<*xf32>, !tf_executor.control)
    // CHECK: tf_executor.Merge {{.*}} -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %mi, %mii, %mic = tf_executor.Merge %ei, %si : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<i32>, !tf_executor.control)
    // CHECK: tf_executor.Merge {{.*}} -> (tensor<?x3xf32>, tensor<i32>, !tf_executor.control)
    %ma, %mai, %mac = tf_executor.Merge %ea, %sa : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
    // CHECK: tf_executor.Merge {{.*}} -> (tensor<2x3xf32>, tensor<i32>, !tf_executor.control)
    %mb, %mbi, %mbc = tf_executor.Merge %eb, %sb : (tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
    %c, %cc = tf_executor.island {
      %lim = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
      %k = "tf.Less"(%mi, %lim) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi1>
      tf_executor.yield %k : tensor<*xi1>
    } : tensor<*xi1>
    %lc, %lcc = tf_executor.LoopCond %c : (tensor<*xi1>) -> (tensor<*xi1>, !tf_executor.control)
    %fi, %ti2, %swc = tf_executor.Switch %mi, %lc : (tensor<*xi32>, tensor<*xi1>) -> (tensor<*xi32>, tensor<*xi32>, !tf_executor.control)
    %fa, %ta2, %swa = tf_executor.Switch %ma, %lc : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control)
    %fb, %tb2, %swb = tf_executor.Switch %mb, %lc : (tensor<*xf32>, tensor<*xi1>) -> (tensor<*xf32>, tensor<*xf32>, !tf_executor.control)
    %body:3, %bc = tf_executor.island {
      %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
      %i1 = "tf.AddV2"(%ti2, %one) : (tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
      %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      // The growing value: [n, 3] -> [2n, 3].
      %a1 = "tf.ConcatV2"(%ta2, %ta2, %ax) : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> tensor<*xf32>
      %b1 = "tf.Tanh"(%tb2) : (tensor<*xf32>) -> tensor<*xf32>
      tf_executor.yield %i1, %a1, %b1 : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
    } : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
    %k1 = tf_executor.NextIteration.Sink %ti, %body#0 : (!tf_executor.token, tensor<*xi32>) -> !tf_executor.control
    %k2 = tf_executor.NextIteration.Sink %ta, %body#1 : (!tf_executor.token, tensor<*xf32>) -> !tf_executor.control
    %k3 = tf_executor.NextIteration.Sink %tb, %body#2 : (!tf_executor.token, tensor<*xf32>) -> !tf_executor.control
    // CHECK: tf_executor.Exit {{.*}} -> (tensor<i32>, !tf_executor.control)
    %xi, %xic = tf_executor.Exit %fi : (tensor<*xi32>) -> (tensor<*xi32>, !tf_executor.control)
    // CHECK: tf_executor.Exit {{.*}} -> (tensor<?x3xf32>, !tf_executor.control)
    %xa, %xac = tf_executor.Exit %fa : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control)
    // CHECK: tf_executor.Exit {{.*}} -> (tensor<2x3xf32>, !tf_executor.control)
    %xb, %xbc = tf_executor.Exit %fb : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control)
    tf_executor.fetch %xi, %xa, %xb : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
  } : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
  func.return %0#0, %0#1, %0#2 : tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
}

// A TensorArray without element_shape: reads get the shape of the writes.
// CHECK-LABEL: func private @tensor_array
func.func private @tensor_array(%x: tensor<2x3xf32>) -> () {
  tf_executor.graph {
    %r:4, %c = tf_executor.island {
      %size = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
      // CHECK: "tf.TensorArrayV3"({{.*}}) -> (tensor<!tf_type.resource>, tensor<f32>)
      %ta:2 = "tf.TensorArrayV3"(%size) {dtype = f32, dynamic_size = false, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<*x!tf_type.resource>, tensor<*xf32>)
      %i = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      %w = "tf.TensorArrayWriteV3"(%ta#0, %i, %x, %ta#1) : (tensor<*x!tf_type.resource>, tensor<i32>, tensor<2x3xf32>, tensor<*xf32>) -> tensor<*xf32>
      // CHECK: "tf.TensorArrayReadV3"({{.*}}) -> tensor<2x3xf32>
      %rd = "tf.TensorArrayReadV3"(%ta#0, %i, %w) {dtype = f32} : (tensor<*x!tf_type.resource>, tensor<i32>, tensor<*xf32>) -> tensor<*xf32>
      // CHECK: "tf.TensorArraySizeV3"({{.*}}) -> tensor<i32>
      %sz = "tf.TensorArraySizeV3"(%ta#0, %w) : (tensor<*x!tf_type.resource>, tensor<*xf32>) -> tensor<*xi32>
      %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
      %idx = "tf.Range"(%zero, %sz, %one) : (tensor<i32>, tensor<*xi32>, tensor<i32>) -> tensor<*xi32>
      // CHECK: "tf.TensorArrayGatherV3"({{.*}}) -> tensor<2x2x3xf32>
      %g = "tf.TensorArrayGatherV3"(%ta#0, %idx, %w) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<*x!tf_type.resource>, tensor<*xi32>, tensor<*xf32>) -> tensor<*xf32>
      tf_executor.yield %rd, %sz, %g, %w : tensor<*xf32>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
    } : tensor<*xf32>, tensor<*xi32>, tensor<*xf32>, tensor<*xf32>
    tf_executor.fetch
  }
  func.return
}

// Resource subtypes: VarHandleOp's dtype/shape give ReadVariableOp's type.
// CHECK-LABEL: func private @variables
func.func private @variables() -> () {
  // CHECK: "tf.VarHandleOp"() {{.*}} -> tensor<!tf_type.resource<tensor<3x4xf32>>>
  %h = "tf.VarHandleOp"() {dtype = f32, shape = #tf_type.shape<3x4>, container = "", shared_name = "v"} : () -> tensor<*x!tf_type.resource>
  // CHECK: "tf.ReadVariableOp"({{.*}}) -> tensor<3x4xf32>
  %v = "tf.ReadVariableOp"(%h) {dtype = f32} : (tensor<*x!tf_type.resource>) -> tensor<*xf32>
  func.return
}
