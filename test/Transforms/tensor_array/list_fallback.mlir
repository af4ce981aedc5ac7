// RUN: tf-opt %s -split-input-file -tf-tensor-array-ops-decomposition -mlir-print-debuginfo=false | FileCheck %s

// list-fallback: TF1 TensorArrays without a constant size become TF2's
// TensorList form (tensor_array_ops.py's _GraphTensorArrayV2), the flow a
// variant carried by the loop. dynamic_rnn's shape with a fed size %n: the
// input array is scattered (ScatterIntoExistingList), read in the loop
// (GetItem), the output array written (SetItem), gathered, sized and
// concatenated after it. The output array's element shape [3] comes from
// its writes once the input array is a list (lists of a static element
// shape go first).
// CHECK-LABEL: func.func @main
// CHECK-NOT: TensorArray
// CHECK-DAG: %[[NONE:.*]] = tf.Const dense<> : tensor<0xi64>
// CHECK-DAG: %[[ANY:.*]] = tf.Const dense<-1> : tensor<1xi32>
// CHECK-DAG: %[[E3:.*]] = tf.Const dense<3> : tensor<1xi32>
// CHECK: %[[RANGE:.*]] = "tf.Range"
// CHECK: %[[IN:.*]] = "tf.TensorListReserve"(%[[E3]], %arg1) {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>) -> tensor<!tf_type.variant>
// CHECK: %[[OUT:.*]] = "tf.TensorListReserve"(%[[E3]], %arg1) {element_dtype = f32, shape_type = i32}
// CHECK: %[[SC:.*]] = "tf.TensorListScatterIntoExistingList"(%[[IN]], %arg0, %[[RANGE]]) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<?x3xf32>, tensor<?xi32>) -> tensor<!tf_type.variant>
// CHECK: %[[W:.*]]:3 = "tf.While"(%{{.*}}, %[[SC]], %[[OUT]]) {T = [i32, !tf_type.variant, !tf_type.variant], {{.*}}: (tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>) -> (tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>)
// CHECK: %[[G:.*]] = "tf.TensorListGather"(%[[W]]#2, %[[RANGE]], %[[E3]]) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<?xi32>, tensor<1xi32>) -> tensor<?x3xf32>
// CHECK: %[[N:.*]] = "tf.TensorListLength"(%[[W]]#2) : (tensor<!tf_type.variant>) -> tensor<i32>
// CHECK: %[[C:.*]]:2 = "tf.TensorListConcatV2"(%[[W]]#2, %[[ANY]], %[[NONE]]) {element_dtype = f32, shape_type = i32} : (tensor<!tf_type.variant>, tensor<1xi32>, tensor<0xi64>) -> (tensor<?xf32>, tensor<?xi64>)
// CHECK: return %[[G]], %[[N]], %[[C]]#0, %[[C]]#1
// CHECK-LABEL: func.func private @cond
// CHECK-SAME: (%arg0: tensor<i32>, %arg1: tensor<!tf_type.variant>, %arg2: tensor<!tf_type.variant>) -> tensor<i1>
// CHECK-LABEL: func.func private @body
// CHECK-SAME: (%arg0: tensor<i32>, %arg1: tensor<!tf_type.variant>, %arg2: tensor<!tf_type.variant>) -> (tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>)
// CHECK-NOT: TensorArray
// CHECK: %[[R:.*]] = "tf.TensorListGetItem"(%arg1, %arg0, %{{.*}}) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<1xi32>) -> tensor<3xf32>
// CHECK: %[[V:.*]] = "tf.Neg"(%[[R]])
// CHECK: %[[S:.*]] = "tf.TensorListSetItem"(%arg2, %arg0, %[[V]]) {element_dtype = f32, resize_if_index_out_of_bounds = false} : (tensor<!tf_type.variant>, tensor<i32>, tensor<3xf32>) -> tensor<!tf_type.variant>
// CHECK: return %{{.*}}, %arg1, %[[S]] : tensor<i32>, tensor<!tf_type.variant>, tensor<!tf_type.variant>

func.func @main(%x: tensor<?x3xf32>, %n: tensor<i32>) -> (tensor<*xf32>, tensor<i32>, tensor<*xf32>, tensor<*xi64>) {
  %zero = tf.Const dense<0> : tensor<i32>
  %one = tf.Const dense<1> : tensor<i32>
  %range = "tf.Range"(%zero, %n, %one) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %hin, %fin = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta_in")
  %hout, %fout = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<*>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta_out")
  %f1 = "tf.TensorArrayScatterV3"(%hin, %range, %x, %fin) : (tensor<!tf_type.resource>, tensor<?xi32>, tensor<?x3xf32>, tensor<f32>) -> tensor<f32> loc("scatter")
  %w:5 = "tf.While"(%zero, %f1, %fout, %hin, %hout) {T = [i32, f32, f32, !tf_type.resource, !tf_type.resource], body = @body, cond = @cond, is_stateless = false, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>)
  %g = "tf.TensorArrayGatherV3"(%hout, %range, %w#2) {dtype = f32} : (tensor<!tf_type.resource>, tensor<?xi32>, tensor<f32>) -> tensor<*xf32> loc("gather")
  %s = "tf.TensorArraySizeV3"(%hout, %w#2) : (tensor<!tf_type.resource>, tensor<f32>) -> tensor<i32> loc("size")
  %c:2 = "tf.TensorArrayConcatV3"(%hout, %w#2) {dtype = f32} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<*xf32>, tensor<*xi64>) loc("concat")
  "tf.TensorArrayCloseV3"(%hin) : (tensor<!tf_type.resource>) -> ()
  func.return %g, %s, %c#0, %c#1 : tensor<*xf32>, tensor<i32>, tensor<*xf32>, tensor<*xi64>
}
func.func private @cond(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %h1: tensor<!tf_type.resource>, %h2: tensor<!tf_type.resource>) -> tensor<i1> {
  %c = tf.Const dense<4> : tensor<i32>
  %lt = "tf.Less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %lt : tensor<i1>
}
func.func private @body(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %h1: tensor<!tf_type.resource>, %h2: tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) {
  %r = "tf.TensorArrayReadV3"(%h1, %i, %a) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32> loc("read")
  %v = "tf.Neg"(%r) : (tensor<*xf32>) -> tensor<*xf32>
  %b2 = "tf.TensorArrayWriteV3"(%h2, %i, %v, %b) : (tensor<!tf_type.resource>, tensor<i32>, tensor<*xf32>, tensor<f32>) -> tensor<f32> loc("write")
  %one = tf.Const dense<1> : tensor<i32>
  %i2 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %i2, %a, %b2, %h1, %h2 : tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>
}

// -----

// Rounds: the input array (fed size) becomes a list; then the output
// array, of constant size 4, has the element shape of the list's reads
// and is still decomposed into a [4, 3] tensor.
// CHECK-LABEL: func.func @rounds
// CHECK-NOT: TensorArray
// CHECK: %[[L:.*]] = "tf.TensorListReserve"
// CHECK: %[[SC:.*]] = "tf.TensorListScatterIntoExistingList"(%[[L]]
// CHECK: %[[W:.*]]:3 = "tf.While"(%{{.*}}, %[[SC]], %{{.*}}) {T = [i32, !tf_type.variant, f32], {{.*}}: (tensor<i32>, tensor<!tf_type.variant>, tensor<4x3xf32>)
// CHECK: "tf.GatherV2"(%[[W]]#2, {{.*}} -> tensor<4x3xf32>
// CHECK-LABEL: func.func private @body3
// CHECK: %[[R:.*]] = "tf.TensorListGetItem"(%arg1, %arg0, %{{.*}}) {{.*}} -> tensor<3xf32>
// CHECK: "tf.TensorScatterUpdate"(%arg2,

func.func @rounds(%x: tensor<?x3xf32>, %n: tensor<i32>) -> tensor<*xf32> {
  %zero = tf.Const dense<0> : tensor<i32>
  %size = tf.Const dense<4> : tensor<i32>
  %range = tf.Const dense<[0, 1, 2, 3]> : tensor<4xi32>
  %rin = "tf.Range"(%zero, %n, %size) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %hin, %fin = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta_in")
  %hout, %fout = "tf.TensorArrayV3"(%size) {dtype = f32} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta_out")
  %f1 = "tf.TensorArrayScatterV3"(%hin, %rin, %x, %fin) : (tensor<!tf_type.resource>, tensor<?xi32>, tensor<?x3xf32>, tensor<f32>) -> tensor<f32>
  %w:5 = "tf.While"(%zero, %f1, %fout, %hin, %hout) {T = [i32, f32, f32, !tf_type.resource, !tf_type.resource], body = @body3, cond = @cond3, is_stateless = false, parallel_iterations = 32 : i64} : (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>)
  %g = "tf.TensorArrayGatherV3"(%hout, %range, %w#2) {dtype = f32} : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<f32>) -> tensor<*xf32>
  func.return %g : tensor<*xf32>
}
func.func private @cond3(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %h1: tensor<!tf_type.resource>, %h2: tensor<!tf_type.resource>) -> tensor<i1> {
  %c = tf.Const dense<4> : tensor<i32>
  %lt = "tf.Less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %lt : tensor<i1>
}
func.func private @body3(%i: tensor<i32>, %a: tensor<f32>, %b: tensor<f32>, %h1: tensor<!tf_type.resource>, %h2: tensor<!tf_type.resource>) -> (tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>) {
  %r = "tf.TensorArrayReadV3"(%h1, %i, %a) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %b2 = "tf.TensorArrayWriteV3"(%h2, %i, %r, %b) : (tensor<!tf_type.resource>, tensor<i32>, tensor<*xf32>, tensor<f32>) -> tensor<f32>
  %one = tf.Const dense<1> : tensor<i32>
  %i2 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %i2, %a, %b2, %h1, %h2 : tensor<i32>, tensor<f32>, tensor<f32>, tensor<!tf_type.resource>, tensor<!tf_type.resource>
}

// -----

// dynamic_size written at the loop index: a list created with the size 0
// that SetItem grows (resize_if_index_out_of_bounds).
// CHECK-LABEL: func.func @dynamic_size_in_loop
// CHECK-NOT: TensorArray
// CHECK: %[[L:.*]] = "tf.TensorListReserve"(%{{.*}}, %{{.*}}) {element_dtype = f32, shape_type = i32} : (tensor<1xi32>, tensor<i32>)
// CHECK: %[[W:.*]]:3 = "tf.While"(%{{.*}}, %[[L]], %arg0)
// CHECK: "tf.TensorListGather"(%[[W]]#1, {{.*}} -> tensor<4x3xf32>
// CHECK: "tf.TensorListLength"(%[[W]]#1)
// CHECK-LABEL: func.func private @body2
// CHECK: "tf.TensorListSetItem"(%arg1, %arg0, %arg2) {element_dtype = f32, resize_if_index_out_of_bounds = true}

func.func @dynamic_size_in_loop(%x: tensor<3xf32>) -> (tensor<*xf32>, tensor<i32>) {
  %size = tf.Const dense<0> : tensor<i32>
  %zero = tf.Const dense<0> : tensor<i32>
  %range = tf.Const dense<[0, 1, 2, 3]> : tensor<4xi32>
  %h, %f = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<3>, dynamic_size = true} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta")
  %w:4 = "tf.While"(%zero, %f, %h, %x) {body = @body2, cond = @cond2, is_stateless = false} : (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>, tensor<3xf32>) -> (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>, tensor<3xf32>)
  %g = "tf.TensorArrayGatherV3"(%h, %range, %w#1) {dtype = f32} : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<f32>) -> tensor<*xf32>
  %s = "tf.TensorArraySizeV3"(%h, %w#1) : (tensor<!tf_type.resource>, tensor<f32>) -> tensor<i32>
  func.return %g, %s : tensor<*xf32>, tensor<i32>
}
func.func private @cond2(%i: tensor<i32>, %f: tensor<f32>, %h: tensor<!tf_type.resource>, %x: tensor<3xf32>) -> tensor<i1> {
  %c = tf.Const dense<4> : tensor<i32>
  %lt = "tf.Less"(%i, %c) : (tensor<i32>, tensor<i32>) -> tensor<i1>
  func.return %lt : tensor<i1>
}
func.func private @body2(%i: tensor<i32>, %f: tensor<f32>, %h: tensor<!tf_type.resource>, %x: tensor<3xf32>) -> (tensor<i32>, tensor<f32>, tensor<!tf_type.resource>, tensor<3xf32>) {
  %f2 = "tf.TensorArrayWriteV3"(%h, %i, %x, %f) : (tensor<!tf_type.resource>, tensor<i32>, tensor<3xf32>, tensor<f32>) -> tensor<f32> loc("write")
  %one = tf.Const dense<1> : tensor<i32>
  %i2 = "tf.AddV2"(%i, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
  func.return %i2, %f2, %h, %x : tensor<i32>, tensor<f32>, tensor<!tf_type.resource>, tensor<3xf32>
}

// -----

// No element shape at all: the scalar -1 (unknown rank) for the list and
// the read.
// CHECK-LABEL: func.func @unknown_element
// CHECK: %[[SIZE:.*]] = tf.Const dense<2> : tensor<i32>
// CHECK: %[[ANY:.*]] = tf.Const dense<-1> : tensor<i32>
// CHECK: %[[L:.*]] = "tf.TensorListReserve"(%[[ANY]], %[[SIZE]]) {element_dtype = f32, shape_type = i32} : (tensor<i32>, tensor<i32>) -> tensor<!tf_type.variant>
// CHECK: "tf.TensorListGetItem"(%[[L]], %arg0, %[[ANY]]) {element_dtype = f32} : (tensor<!tf_type.variant>, tensor<i32>, tensor<i32>) -> tensor<*xf32>

func.func @unknown_element(%i: tensor<i32>) -> tensor<*xf32> {
  %size = tf.Const dense<2> : tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%size) {dtype = f32} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta3")
  %r = "tf.TensorArrayReadV3"(%h, %i, %f) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32> loc("read3")
  func.return %r : tensor<*xf32>
}

// -----

// A split by run-time lengths makes a new list (the reserved one goes);
// the concat's element_shape is [?, 2].
// CHECK-LABEL: func.func @split_by_lengths
// CHECK-NOT: TensorListReserve
// CHECK: %[[E:.*]] = tf.Const dense<[-1, 2]> : tensor<2xi32>
// CHECK: %[[S:.*]] = "tf.TensorListSplit"(%arg0, %[[E]], %arg1) {element_dtype = i32, shape_type = i32} : (tensor<5x2xi32>, tensor<2xi32>, tensor<?xi64>) -> tensor<!tf_type.variant>
// CHECK: "tf.TensorListConcatV2"(%[[S]], %[[E]], %{{.*}}) {element_dtype = i32, shape_type = i32} : (tensor<!tf_type.variant>, tensor<2xi32>, tensor<0xi64>) -> (tensor<?x2xi32>, tensor<?xi64>)

func.func @split_by_lengths(%x: tensor<5x2xi32>, %lens: tensor<?xi64>) -> (tensor<*xi32>, tensor<*xi64>) {
  %n = "tf.Size"(%lens) : (tensor<?xi64>) -> tensor<i32>
  %h, %f = "tf.TensorArrayV3"(%n) {dtype = i32, element_shape = #tf_type.shape<?x2>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("ta_sp")
  %f1 = "tf.TensorArraySplitV3"(%h, %x, %lens, %f) : (tensor<!tf_type.resource>, tensor<5x2xi32>, tensor<?xi64>, tensor<f32>) -> tensor<f32> loc("split")
  %c:2 = "tf.TensorArrayConcatV3"(%h, %f1) {dtype = i32, element_shape_except0 = #tf_type.shape<2>} : (tensor<!tf_type.resource>, tensor<f32>) -> (tensor<*xi32>, tensor<*xi64>) loc("concat")
  func.return %c#0, %c#1 : tensor<*xi32>, tensor<*xi64>
}

// -----

// The static array is still decomposed into a tensor; only the one of fed
// size becomes a list.
// CHECK-LABEL: func.func @mixed
// CHECK: "tf.TensorScatterUpdate"
// CHECK: "tf.GatherV2"
// CHECK: "tf.TensorListReserve"
// CHECK: "tf.TensorListScatterIntoExistingList"
// CHECK: "tf.TensorListGetItem"

func.func @mixed(%x: tensor<4x3xf32>, %n: tensor<i32>, %i: tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>) {
  %size = tf.Const dense<4> : tensor<i32>
  %range = tf.Const dense<[0, 1, 2, 3]> : tensor<4xi32>
  %hs, %fs = "tf.TensorArrayV3"(%size) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("static")
  %fs1 = "tf.TensorArrayScatterV3"(%hs, %range, %x, %fs) : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
  %rs = "tf.TensorArrayReadV3"(%hs, %i, %fs1) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  %hd, %fd = "tf.TensorArrayV3"(%n) {dtype = f32, element_shape = #tf_type.shape<3>} : (tensor<i32>) -> (tensor<!tf_type.resource>, tensor<f32>) loc("fed")
  %fd1 = "tf.TensorArrayScatterV3"(%hd, %range, %x, %fd) : (tensor<!tf_type.resource>, tensor<4xi32>, tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
  %rd = "tf.TensorArrayReadV3"(%hd, %i, %fd1) {dtype = f32} : (tensor<!tf_type.resource>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  func.return %rs, %rd : tensor<*xf32>, tensor<*xf32>
}
