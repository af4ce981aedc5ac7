// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @no_fetch() {
  // expected-error@+1 {{expects a tf_executor.fetch terminator}}
  tf_executor.graph {
    %c = tf_executor.island {
      tf_executor.yield
    }
    "tf_executor.yield"() : () -> ()
  }
  return
}

// -----

func.func @op_outside_island(%arg0: tensor<f32>) {
  tf_executor.graph {
    // expected-error@+1 {{is not allowed directly inside tf_executor.graph}}
    %0 = "tf.Identity"(%arg0) : (tensor<f32>) -> tensor<f32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @fetch_count_mismatch(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{has 1 results but its fetch returns 0 values}}
  %r = tf_executor.graph {
    tf_executor.fetch
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @control_before_data(%arg0: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %a, %c = tf_executor.island {
      tf_executor.yield %arg0 : tensor<f32>
    } : tensor<f32>
    // expected-error@+1 {{data fetches must precede control fetches}}
    tf_executor.fetch %c, %a : !tf_executor.control, tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

func.func @island_yield_mismatch(%arg0: tensor<f32>) {
  tf_executor.graph {
    // expected-error@+1 {{has 2 outputs but yields 1 values}}
    %a:2, %c = tf_executor.island {
      tf_executor.yield %arg0 : tensor<f32>
    } : tensor<f32>, tensor<f32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @island_yield_type(%arg0: tensor<f32>) {
  tf_executor.graph {
    // expected-error@+1 {{output #0 type 'tensor<i32>' is incompatible with yielded type 'tensor<f32>'}}
    %a, %c = tf_executor.island {
      tf_executor.yield %arg0 : tensor<f32>
    } : tensor<i32>
    tf_executor.fetch
  }
  return
}

// -----

func.func @switch_pred(%arg0: tensor<f32>) {
  tf_executor.graph {
    // expected-error@+1 {{predicate must be a scalar tensor<i1>}}
    %f, %t, %c = tf_executor.Switch %arg0, %arg0 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @merge_no_data(%arg0: tensor<f32>) {
  tf_executor.graph {
    %c = tf_executor.island {
      tf_executor.yield
    }
    // expected-error@+1 {{expects at least 1 data operand(s), got 0}}
    %m, %i, %mc = tf_executor.Merge %c : (!tf_executor.control) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}

// -----

func.func @enter_control_first(%arg0: tensor<f32>) {
  tf_executor.graph {
    %c = tf_executor.island {
      tf_executor.yield
    }
    // expected-error@+1 {{data operands must precede control operands}}
    %e, %ec = tf_executor.Enter %c, %arg0 {frame_name = "f"} : (!tf_executor.control, tensor<f32>) -> (tensor<f32>, !tf_executor.control)
    tf_executor.fetch
  }
  return
}
