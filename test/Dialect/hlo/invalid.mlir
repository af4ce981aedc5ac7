// RUN: tf-opt %s -split-input-file -verify-diagnostics
// Each hlo verifier / type-inference rule rejects invalid IR with a message
// that says what is wrong.

func.func @binary_types(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = "hlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @int_only(%a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{must be ranked tensor of integer values}}
  %0 = "hlo.shift_left"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @float_only(%a: tensor<2xi32>) -> tensor<2xi32> {
  // expected-error @+1 {{must be ranked tensor of}}
  %0 = "hlo.exp"(%a) : (tensor<2xi32>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

func.func @iota_dim() -> tensor<2x3xf32> {
  // expected-error @+1 {{iota_dimension 2 out of range for rank 2}}
  %0 = hlo.iota dim = 2 : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @compare_type(%a: tensor<2xi32>) -> tensor<2xi1> {
  // expected-error @+1 {{compare_type FLOAT needs float operands}}
  %0 = hlo.compare LT, %a, %a, FLOAT : (tensor<2xi32>, tensor<2xi32>) -> tensor<2xi1>
  return %0 : tensor<2xi1>
}

// -----

func.func @compare_result(%a: tensor<2xf32>) -> tensor<3xi1> {
  // expected-error @+2 {{inferred type(s) 'tensor<2xi1>' are incompatible with return type(s) of operation 'tensor<3xi1>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = "hlo.compare"(%a, %a) {comparison_direction = #hlo<comparison_direction EQ>} : (tensor<2xf32>, tensor<2xf32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

func.func @select_pred(%p: tensor<3xi1>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{pred shape [3] must be scalar or equal to the operand shape [2]}}
  %0 = hlo.select %p, %a, %a : tensor<3xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @clamp_bounds(%m: tensor<3xf32>, %a: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{min shape [3] must be scalar or equal to the operand shape [2]}}
  %0 = hlo.clamp %m, %a, %a : tensor<3xf32>, tensor<2xf32>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @convert_shape(%a: tensor<2xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{requires the same shape for all operands and results}}
  %0 = hlo.convert %a : (tensor<2xf32>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @bitcast_narrow(%a: tensor<2xf32>) -> tensor<2x2xi8> {
  // expected-error @+1 {{bitcast from 32 to 8 bits needs result shape [2] + [4], got [2, 2]}}
  %0 = hlo.bitcast_convert %a : (tensor<2xf32>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}

// -----

func.func @bcast_rank(%a: tensor<2x3xf32>) -> tensor<4x2x3xf32> {
  // expected-error @+1 {{broadcast_dimensions has 1 entries for an operand of rank 2}}
  %0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %0 : tensor<4x2x3xf32>
}

// -----

func.func @bcast_order(%a: tensor<2x3xf32>) -> tensor<3x3x2xf32> {
  // expected-error @+1 {{broadcast_dimensions must be strictly increasing, got [2, 1]}}
  %0 = hlo.broadcast_in_dim %a, dims = [2, 1] : (tensor<2x3xf32>) -> tensor<3x3x2xf32>
  return %0 : tensor<3x3x2xf32>
}

// -----

func.func @bcast_range(%a: tensor<2xf32>) -> tensor<4x2xf32> {
  // expected-error @+1 {{broadcast_dimensions[0] = 2 out of range for result rank 2}}
  %0 = hlo.broadcast_in_dim %a, dims = [2] : (tensor<2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

func.func @bcast_size(%a: tensor<2xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{operand dim 0 of size 2 cannot broadcast to result dim 1 of size 3}}
  %0 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<2xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) -> tensor<7xf32> {
  // expected-error @+1 {{element count changes: [2, 3] (6) vs [7] (7)}}
  %0 = hlo.reshape %a : (tensor<2x3xf32>) -> tensor<7xf32>
  return %0 : tensor<7xf32>
}

// -----

func.func @transpose_perm(%a: tensor<2x3xf32>) -> tensor<3x2xf32> {
  // expected-error @+2 {{permutation has dim 1 twice}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.transpose %a, dims = [1, 1] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_result(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{inferred type(s) 'tensor<3x2xf32>' are incompatible}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.transpose %a, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reverse_dims(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{dimensions has dim 2 out of range [0, 2)}}
  %0 = hlo.reverse %a, dims = [2] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_limit(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{dim 1: need 0 <= start (0) <= limit (4) <= size (3)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.slice %a, start = [0, 0], limit = [2, 4], strides = [1, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @slice_stride(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{stride 0 in dim 1 must be >= 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.slice %a, start = [0, 0], limit = [2, 3], strides = [1, 0] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @dynamic_slice_count(%a: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<1x1xf32> {
  // expected-error @+2 {{expected 2 start indices, got 1}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a[%i], sizes = [1, 1] : (tensor<2x3xf32>, tensor<i32>) -> tensor<1x1xf32>
  return %0 : tensor<1x1xf32>
}

// -----

func.func @dynamic_slice_size(%a: tensor<2x3xf32>, %i: tensor<i32>) -> tensor<1x4xf32> {
  // expected-error @+2 {{slice size 4 in dim 1 must be in [0, dim size]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.dynamic_slice %a[%i, %i], sizes = [1, 4] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @dus_size(%a: tensor<2x3xf32>, %u: tensor<3x1xf32>, %i: tensor<i32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{update dim 0 (3) exceeds the operand's (2)}}
  %0 = hlo.dynamic_update_slice %a, %u[%i, %i] : (tensor<2x3xf32>, tensor<3x1xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

func.func @concat_dims(%a: tensor<2x3xf32>, %b: tensor<2x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+2 {{operand 1 has size 4 in dim 1, expected 3}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.concatenate(%a, %b) dim = 0 : (tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @pad_negative(%a: tensor<2xf32>, %z: tensor<f32>) -> tensor<0xf32> {
  // expected-error @+2 {{padding makes dim 0 negative (-1)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %z, low = [-2], high = [-1], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

func.func @pad_interior(%a: tensor<2xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+2 {{interior padding -1 in dim 0 must be >= 0}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.pad %a, %z, low = [0], high = [0], interior = [-1] : (tensor<2xf32>, tensor<f32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @gather_collapsed(%t: tensor<10x4xf32>, %i: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // expected-error @+2 {{collapsed slice dim 0 must have slice size 1, got 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.gather %t, %i, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [2, 4] : (tensor<10x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @gather_index_map(%t: tensor<10x4xf32>, %i: tensor<5x2xi32>) -> tensor<5x4xf32> {
  // expected-error @+2 {{start_index_map has 1 entries but index vectors have 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.gather %t, %i, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 4] : (tensor<10x4xf32>, tensor<5x2xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

func.func @scatter_region(%t: tensor<10x4xf32>, %i: tensor<5x1xi32>, %u: tensor<5x4xf32>) -> tensor<10x4xf32> {
  // expected-error @+1 {{update_computation region takes 1 arguments, expected 2}}
  %0 = hlo.scatter(%t) indices(%i) updates(%u) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<10x4xf32>, tensor<5x1xi32>, tensor<5x4xf32>) -> tensor<10x4xf32> {
  ^bb0(%a: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %0 : tensor<10x4xf32>
}

// -----

func.func @scatter_window(%t: tensor<10x4xf32>, %i: tensor<5x1xi32>, %u: tensor<5x4xf32>) -> tensor<10x4xf32> {
  // expected-error @+1 {{must cover the operand rank 2, got 1}}
  %0 = hlo.scatter(%t) indices(%i) updates(%u) <update_window_dims = [1], inserted_window_dims = [], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<10x4xf32>, tensor<5x1xi32>, tensor<5x4xf32>) -> tensor<10x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %b : tensor<f32>
  }
  return %0 : tensor<10x4xf32>
}

// -----

func.func @dot_contract(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{contracting dims lhs 1 (size 3) and rhs 0 (size 4) differ}}
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_range(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{lhs batching+contracting dims has dim 2 out of range [0, 2)}}
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [2], rhs_contract = [0]> : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_batch_count(%a: tensor<2x3xf32>, %b: tensor<2x3x5xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{lhs and rhs batching dims differ in number: 0 vs 1}}
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [0], lhs_contract = [1], rhs_contract = [1]> : (tensor<2x3xf32>, tensor<2x3x5xf32>) -> tensor<2x5xf32>
  return %0 : tensor<2x5xf32>
}

// -----

func.func @dot_result(%a: tensor<2x3xf32>, %b: tensor<3x5xf32>) -> tensor<5x2xf32> {
  // expected-error @+1 {{result shape [5, 2] differs from the inferred [2, 5]}}
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<2x3xf32>, tensor<3x5xf32>) -> tensor<5x2xf32>
  return %0 : tensor<5x2xf32>
}

// -----

func.func @conv_out(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32> {
  // VALID: 8 - 3 + 1 = 6, not 8.
  // expected-error @+1 {{result shape [1, 8, 8, 16] differs from the inferred [1, 6, 6, 16]}}
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x8x16xf32>
  return %0 : tensor<1x8x8x16xf32>
}

// -----

func.func @conv_features(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{input features (4) must equal kernel input features (3) * feature_group_count (1)}}
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x8x8x4xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @conv_groups(%x: tensor<1x8x8x4xf32>, %k: tensor<3x3x2x5xf32>) -> tensor<1x6x6x5xf32> {
  // expected-error @+1 {{kernel output features (5) must be divisible by feature_group_count (2)}}
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 2 : i64} : (tensor<1x8x8x4xf32>, tensor<3x3x2x5xf32>) -> tensor<1x6x6x5xf32>
  return %0 : tensor<1x6x6x5xf32>
}

// -----

func.func @conv_strides(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{window_strides has 1 entries, expected 2}}
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {window_strides = array<i64: 1>} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @conv_dnums(%x: tensor<1x8x8x3xf32>, %k: tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32> {
  // expected-error @+1 {{layout must contain 'i' and 'o'}}
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, 2]->[b, 0, 1, f]> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>
  return %0 : tensor<1x6x6x16xf32>
}

// -----

func.func @reduce_dims(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+2 {{dimensions has dim 2 out of range [0, 2)}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reduce(%x) init(%z) dims = [2] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_init(%x: tensor<2x3xf32>, %z: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+2 {{init value 0 must be a 0-d tensor of input 0's element type}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reduce(%x) init(%z) dims = [1] : (tensor<2x3xf32>, tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_body(%x: tensor<2x3xf32>, %z: tensor<f32>) -> tensor<2xf32> {
  // expected-error @+1 {{body region argument 1 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = hlo.reduce(%x) init(%z) dims = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<i32>):
    hlo.return %a : tensor<f32>
  }
  return %0 : tensor<2xf32>
}

// -----

func.func @reduce_window_dims(%x: tensor<2x6xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{window_dimensions has 1 entries for rank 2}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reduce_window(%x) init(%z) {window_dimensions = array<i64: 2>} : (tensor<2x6xf32>, tensor<f32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

func.func @reduce_window_padding(%x: tensor<2x6xf32>, %z: tensor<f32>) -> tensor<2x3xf32> {
  // expected-error @+2 {{padding must have shape [2, 2], got [1, 2]}}
  // expected-error @+1 {{failed to infer returned types}}
  %0 = hlo.reduce_window(%x) init(%z) {window_dimensions = array<i64: 1, 2>, padding = dense<0> : tensor<1x2xi64>} : (tensor<2x6xf32>, tensor<f32>) -> tensor<2x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %0 : tensor<2x3xf32>
}

// -----

func.func @sort_comparator(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{comparator region result 0 has type 'tensor<f32>', expected 'tensor<i1>'}}
  %0 = hlo.sort(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    hlo.return %a : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_dim(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 out of range for rank 1}}
  %0 = hlo.sort(%x) {dimension = 1 : i64} : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @while_body(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{body region result 0 has type 'tensor<4xf32>', expected 'tensor<3xf32>'}}
  %0 = hlo.while(%x) : tensor<3xf32> {
  ^bb0(%a: tensor<3xf32>):
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } do {
  ^bb0(%a: tensor<3xf32>):
    %c = hlo.constant dense<0.0> : tensor<4xf32>
    hlo.return %c : tensor<4xf32>
  }
  return %0 : tensor<3xf32>
}

// -----

func.func @if_branch(%p: tensor<i1>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{false_branch region returns 0 values, expected 1}}
  %0 = hlo.if %p : (tensor<i1>) -> tensor<3xf32> {
    hlo.return %x : tensor<3xf32>
  } else {
    hlo.return
  }
  return %0 : tensor<3xf32>
}

// -----

func.func @case_branch(%i: tensor<i32>, %x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{branch 1 region result 0 has type 'tensor<3xi32>', expected 'tensor<3xf32>'}}
  %0 = hlo.case %i : (tensor<i32>) -> tensor<3xf32> {
    hlo.return %x : tensor<3xf32>
  }, {
    %c = hlo.constant dense<0> : tensor<3xi32>
    hlo.return %c : tensor<3xi32>
  }
  return %0 : tensor<3xf32>
}

// -----

func.func @fusion_args(%x: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{fused_computation region takes 0 arguments, expected 1}}
  %0 = hlo.fusion loop(%x) : (tensor<3xf32>) -> tensor<3xf32> {
    %c = hlo.constant dense<0.0> : tensor<3xf32>
    hlo.return %c : tensor<3xf32>
  }
  return %0 : tensor<3xf32>
}

// -----

func.func @sort_results(%x: tensor<4xf32>, %y: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{has 1 results for 2 inputs}}
  %0 = "hlo.sort"(%x, %y) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %p = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %p : tensor<i1>
  }) : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
