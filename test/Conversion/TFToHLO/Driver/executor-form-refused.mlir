// RUN: not tf-opt -xla-legalize-tf %s 2>&1 | FileCheck %s --check-prefix=HLO
// RUN: not tf-opt -tfl-legalize-tf %s 2>&1 | FileCheck %s --check-prefix=TFL
// RUN: tf-opt -tf-standard-pipeline -xla-legalize-tf %s | FileCheck %s --check-prefix=OK

// The importer's tf_executor form is refused by both conversions with a
// pointer to tf-standard-pipeline (they used to exit 0 having converted
// nothing); after the pipeline the same module legalizes.
// HLO: error: -xla-legalize-tf needs the functional tf form, but the module still holds a tf_executor.graph (the importer's output): run -tf-standard-pipeline first
// TFL: error: -tfl-legalize-tf needs the functional tf form, but the module still holds a tf_executor.graph (the importer's output): run -tf-standard-pipeline first
// OK: hlo.negate
func.func @main(%arg0: tensor<2xf32>) -> tensor<2xf32> {
  %0 = tf_executor.graph {
    %1, %c = tf_executor.island {
      %2 = "tf.Neg"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
      tf_executor.yield %2 : tensor<2xf32>
    } : tensor<2xf32>
    tf_executor.fetch %1 : tensor<2xf32>
  } : tensor<2xf32>
  return %0 : tensor<2xf32>
}
