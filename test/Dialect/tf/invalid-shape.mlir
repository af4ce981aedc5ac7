// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @reshape_count(%x: tensor<2x3xf32>) {
  %s = "tf.Const"() {value = dense<[4, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.Reshape' op cannot reshape a tensor with 6 elements to shape [4, 2] (8 elements)}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @reshape_two_unknown(%x: tensor<2x3xf32>) {
  %s = "tf.Const"() {value = dense<[-1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.Reshape' op can only infer one dimension of 'shape' (-1), got 2}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @reshape_infer(%x: tensor<2x3xf32>) {
  %s = "tf.Const"() {value = dense<[-1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.Reshape' op result type 'tensor<2x2xf32>' does not match the expected shape [3, 2]}}
  %0 = "tf.Reshape"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @squeeze_not_one(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Squeeze' op cannot squeeze dim 1, expected a dimension of 1, got 3}}
  %0 = "tf.Squeeze"(%x) {squeeze_dims = [1]} : (tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @squeeze_range(%x: tensor<2x1xf32>) {
  // expected-error @+1 {{'tf.Squeeze' op requires 'squeeze_dims' in [-2, 2), got 2}}
  %0 = "tf.Squeeze"(%x) {squeeze_dims = [2]} : (tensor<2x1xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @expand_dims_range(%x: tensor<2x3xf32>) {
  %d = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.ExpandDims' op requires 'dim' in [-3, 2], got 4}}
  %0 = "tf.ExpandDims"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @transpose_perm(%x: tensor<2x3x4xf32>) {
  %p = "tf.Const"() {value = dense<[0, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error @+1 {{'tf.Transpose' op requires 'perm' to be a permutation of [0, 3), got [0, 0, 1]}}
  %0 = "tf.Transpose"(%x, %p) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @transpose_result(%x: tensor<2x3x4xf32>) {
  %p = "tf.Const"() {value = dense<[2, 0, 1]> : tensor<3xi32>} : () -> tensor<3xi32>
  // expected-error @+1 {{'tf.Transpose' op result type 'tensor<2x3x4xf32>' does not match the expected shape [4, 2, 3]}}
  %0 = "tf.Transpose"(%x, %p) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @concat_one_input(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.ConcatV2' op requires at least 2 inputs, got 1}}
  %0 = "tf.ConcatV2"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @concat_dims(%x: tensor<2x3xf32>, %y: tensor<4x3xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.ConcatV2' op requires inputs to agree except along axis 1, but dim 0 of input #1 is 4 and not 2}}
  %0 = "tf.ConcatV2"(%x, %y, %a) : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @concat_rank(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.ConcatV2' op requires inputs of the same rank, got 2 and 1 (input #1)}}
  %0 = "tf.ConcatV2"(%x, %y, %a) : (tensor<2x3xf32>, tensor<3xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @concat_result(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Concat' op result type 'tensor<2x6xf32>' does not match the expected shape [4, 3]}}
  %0 = "tf.Concat"(%a, %x, %x) : (tensor<i32>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  return
}

// -----

func.func @pack_shapes(%x: tensor<2x3xf32>, %y: tensor<3x3xf32>) {
  // expected-error @+1 {{'tf.Pack' op requires inputs of the same shape, but input #1 is 'tensor<3x3xf32>'}}
  %0 = "tf.Pack"(%x, %y) : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @unpack_count(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Unpack' op requires dim 0 of 'value' (2) to equal the number of results 3}}
  %0:3 = "tf.Unpack"(%x) : (tensor<2x3xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @split_uneven(%x: tensor<2x5xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Split' op number of ways to split (2) must evenly divide the split dimension 1 of size 5}}
  %0:2 = "tf.Split"(%a, %x) {num_split = 2 : i64} : (tensor<i32>, tensor<2x5xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @split_num(%x: tensor<2x4xf32>, %a: tensor<i32>) {
  // expected-error @+1 {{'tf.Split' op has 2 results but attr 'num_split' is 4}}
  %0:2 = "tf.Split"(%a, %x) {num_split = 4 : i64} : (tensor<i32>, tensor<2x4xf32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @splitv_sum(%x: tensor<2x5xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %s = "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.SplitV' op 'size_splits' sum to 4 but the split dimension has size 5}}
  %0:2 = "tf.SplitV"(%x, %s, %a) : (tensor<2x5xf32>, tensor<2xi32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @slice_bounds(%x: tensor<4x5xf32>) {
  %b = "tf.Const"() {value = dense<[3, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[2, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.Slice' op requires begin[0] + size[0] <= 4, got 3 + 2}}
  %0 = "tf.Slice"(%x, %b, %s) : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @slice_length(%x: tensor<4x5xf32>, %b: tensor<3xi32>) {
  // expected-error @+1 {{'tf.Slice' op requires dim 0 of 'begin' to be 2, got 'tensor<3xi32>'}}
  %0 = "tf.Slice"(%x, %b, %b) : (tensor<4x5xf32>, tensor<3xi32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @strided_slice_ellipsis(%x: tensor<4x5xf32>, %b: tensor<2xi32>) {
  // expected-error @+1 {{'tf.StridedSlice' op allows at most one ellipsis ('ellipsis_mask' = 3)}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %b) {ellipsis_mask = 3 : i64} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @strided_slice_stride(%x: tensor<4x5xf32>, %b: tensor<1xi32>) {
  %s = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op requires non-zero strides, got strides[0] = 0}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %s) : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @strided_slice_shrink_oob(%x: tensor<4x5xf32>) {
  %b = "tf.Const"() {value = dense<4> : tensor<1xi32>} : () -> tensor<1xi32>
  %e = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op slice index 4 of dimension 0 out of bounds}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) {shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  return
}

// -----

// A shrink reads begin even under begin_mask (TF's ValidateStridedSliceOp).
func.func @strided_slice_shrink_masked_oob(%x: tensor<4x5xf32>) {
  %b = "tf.Const"() {value = dense<-5> : tensor<1xi32>} : () -> tensor<1xi32>
  %s = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.StridedSlice' op slice index -5 of dimension 0 out of bounds}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %s) {begin_mask = 1 : i64, shrink_axis_mask = 1 : i64} : (tensor<4x5xf32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @strided_slice_too_many(%x: tensor<4xf32>) {
  %b = "tf.Const"() {value = dense<0> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<1> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.StridedSlice' op index out of range using input dim 1; input has only 1 dims}}
  %0 = "tf.StridedSlice"(%x, %b, %b, %s) : (tensor<4xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @strided_slice_result(%x: tensor<4x5xf32>) {
  %b = "tf.Const"() {value = dense<[1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  %e = "tf.Const"() {value = dense<[3, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %s = "tf.Const"() {value = dense<[1, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.StridedSlice' op result type 'tensor<2x2xf32>' does not match the expected shape [2, 3]}}
  %0 = "tf.StridedSlice"(%x, %b, %e, %s) : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>, tensor<2xi32>) -> tensor<2x2xf32>
  return
}

// -----

func.func @pad_shape(%x: tensor<2x3xf32>, %p: tensor<3x2xi32>) {
  // expected-error @+1 {{'tf.Pad' op requires dim 0 of 'paddings' to be 2, got 'tensor<3x2xi32>'}}
  %0 = "tf.Pad"(%x, %p) : (tensor<2x3xf32>, tensor<3x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @mirror_pad_reflect(%x: tensor<2x3xf32>) {
  %p = "tf.Const"() {value = dense<[[2, 0], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error @+1 {{'tf.MirrorPad' op requires 'paddings' of dim 0 to be less than the dim size 2 in REFLECT mode, got [2, 0]}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "REFLECT"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @mirror_pad_mode(%x: tensor<2x3xf32>, %p: tensor<2x2xi32>) {
  // expected-error @+1 {{'tf.MirrorPad' op has invalid 'mode' "EDGE"; expected "REFLECT", "SYMMETRIC"}}
  %0 = "tf.MirrorPad"(%x, %p) {mode = "EDGE"} : (tensor<2x3xf32>, tensor<2x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @tile_length(%x: tensor<2x3xf32>, %m: tensor<3xi32>) {
  // expected-error @+1 {{'tf.Tile' op requires dim 0 of 'multiples' to be 2, got 'tensor<3xi32>'}}
  %0 = "tf.Tile"(%x, %m) : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @broadcast_to(%x: tensor<2x3xf32>) {
  %s = "tf.Const"() {value = dense<[4, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.BroadcastTo' op cannot broadcast 'tensor<2x3xf32>' to shape [4, 3]}}
  %0 = "tf.BroadcastTo"(%x, %s) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @fill_value(%d: tensor<2xi32>, %v: tensor<2xf32>) {
  // expected-error @+1 {{'tf.Fill' op requires 'value' to be a scalar, got 'tensor<2xf32>'}}
  %0 = "tf.Fill"(%d, %v) : (tensor<2xi32>, tensor<2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @shape_result(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Shape' op requires dim 0 of 'output' to be 2, got 'tensor<3xi32>'}}
  %0 = "tf.Shape"(%x) : (tensor<2x3xf32>) -> tensor<3xi32>
  return
}

// -----

func.func @ensure_shape(%x: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.EnsureShape' op input type 'tensor<2x3xf32>' is incompatible with the 'shape' attr #tf_type.shape<2x4>}}
  %0 = "tf.EnsureShape"(%x) {shape = #tf_type.shape<2x4>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// TF's Fill refuses dims whose element count overflows int64 (TensorShape:
// "Encountered overflow when multiplying"); this aborted in SmallVector.
func.func @fill_count_overflow(%v: tensor<f32>) {
  %d = "tf.Const"() {value = dense<[4294967296, 4294967296, 16]> : tensor<3xi64>} : () -> tensor<3xi64>
  // expected-error @+1 {{'tf.Fill' op 'dims' [4294967296, 4294967296, 16] overflow: the element count exceeds 2^63 - 1}}
  %0 = "tf.Fill"(%d, %v) : (tensor<3xi64>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

// TF's Shape and Size kernels refuse a 32-bit out_type that cannot hold a
// dimension or the element count (shape_ops.h); the result used to wrap
// (-1294967296 for a dim of 3e9).
func.func @shape_i32_overflow(%x: tensor<3000000000xf32>) {
  // expected-error @+1 {{'tf.Shape' op Shape output type is 32-bit but dim 0 is 3000000000}}
  %0 = "tf.Shape"(%x) : (tensor<3000000000xf32>) -> tensor<1xi32>
  return
}

// -----

func.func @shapen_i32_overflow(%x: tensor<2xf32>, %y: tensor<4x3000000000xf32>) {
  // expected-error @+1 {{'tf.ShapeN' op Shape output type is 32-bit but dim 1 is 3000000000}}
  %0:2 = "tf.ShapeN"(%x, %y) {N = 2 : i64} : (tensor<2xf32>, tensor<4x3000000000xf32>) -> (tensor<1xi32>, tensor<2xi32>)
  return
}

// -----

func.func @size_i32_overflow(%x: tensor<100000x100000xf32>) {
  // expected-error @+1 {{'tf.Size' op Number of elements was larger than representable by 32-bit output type}}
  %0 = "tf.Size"(%x) : (tensor<100000x100000xf32>) -> tensor<i32>
  return
}

// -----

// A 64-bit out_type holds them.
func.func @shape_size_i64_ok(%x: tensor<100000x100000xf32>) -> (tensor<2xi64>, tensor<i64>) {
  %0 = "tf.Shape"(%x) : (tensor<100000x100000xf32>) -> tensor<2xi64>
  %1 = "tf.Size"(%x) : (tensor<100000x100000xf32>) -> tensor<i64>
  return %0, %1 : tensor<2xi64>, tensor<i64>
}
