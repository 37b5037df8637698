func.func @k(%out: memref<?xi32>, %trace: memref<?xi32>, %hist: memref<?xi32>, %data: memref<?xi32>) attributes {simt.kernel} {
  %tid = simt.thread_id x : i32
  %bid = simt.block_id x : i32
  %bdim = simt.block_dim x : i32
  %base = arith.muli %bid, %bdim : i32
  %gid = arith.addi %base, %tid : i32
  %idx = arith.index_cast %gid : i32 to index
  %v0 = memref.load %data[%idx] : memref<?xi32>
  %i0 = arith.constant 0 : index
  %u0 = memref.load %data[%i0] : memref<?xi32>
  %ub = arith.addi %bid, %bdim : i32
  %z = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %seven = arith.constant 7 : i32
  %three = arith.constant 3 : i32
  %bins = arith.constant 15 : i32
  %loc = memref.alloca() : memref<2xi32>
  %li0 = arith.constant 0 : index
  memref.store %v0, %loc[%li0] : memref<2xi32>
  %li1 = arith.constant 1 : index
  memref.store %v0, %loc[%li1] : memref<2xi32>
  %pos = arith.cmpi sgt, %v0, %z : i32
  %any = simt.vote_any %pos
  %anyi = arith.extui %any : i1 to i32
  simt.barrier
  %acc0 = arith.addi %v0, %anyi : i32
  %t1 = arith.andi %ub, %three : i32
  %c2 = arith.constant 7 : i32
  %fuel0 = arith.addi %t1, %c2 : i32
  cf.br ^b0(%acc0, %fuel0 : i32, i32)
^b0(%acc_0: i32, %fuel_0: i32):
  %c3 = arith.constant 31 : i32
  %t4 = arith.muli %acc_0, %c3 : i32
  %t5 = arith.addi %t4, %one : i32
  %t6 = arith.subi %fuel_0, %one : i32
  %alive7 = arith.cmpi sgt, %t6, %z : i32
  cf.br ^b1(%t5, %t6 : i32, i32)
^b1(%acc_1: i32, %fuel_1: i32):
  %c8 = arith.constant 33 : i32
  %t9 = arith.muli %acc_1, %c8 : i32
  %t10 = arith.addi %t9, %one : i32
  %ld11 = memref.load %loc[%li1] : memref<2xi32>
  %t12 = arith.xori %t10, %ld11 : i32
  memref.store %t12, %loc[%li1] : memref<2xi32>
  %t13 = arith.subi %fuel_1, %one : i32
  %alive14 = arith.cmpi sgt, %t13, %z : i32
  %t15 = arith.andi %tid, %seven : i32
  %c17 = arith.constant 3 : i32
  %d16 = arith.cmpi ult, %t15, %c17 : i32
  %t18 = arith.andi %d16, %alive14 : i1
  cf.cond_br %t18, ^b1(%t12, %t13 : i32, i32), ^b2(%t12, %t13 : i32, i32)
^b2(%acc_2: i32, %fuel_2: i32):
  %c19 = arith.constant 35 : i32
  %t20 = arith.muli %acc_2, %c19 : i32
  %t21 = arith.addi %t20, %one : i32
  %ld22 = memref.load %loc[%li1] : memref<2xi32>
  %t23 = arith.xori %t21, %ld22 : i32
  memref.store %t23, %loc[%li1] : memref<2xi32>
  memref.store %t23, %trace[%idx] : memref<?xi32>
  %t24 = arith.subi %fuel_2, %one : i32
  %alive25 = arith.cmpi sgt, %t24, %z : i32
  %c26 = arith.constant 2 : i32
  %t27 = arith.addi %ub, %c26 : i32
  %t28 = arith.andi %t27, %three : i32
  %c30 = arith.constant 99 : i32
  %flag29 = arith.select %alive25, %t28, %c30 : i32
  %c31 = arith.constant 0 : i32
  %t32 = arith.addi %t23, %c31 : i32
  %c33 = arith.constant 2 : i32
  %t34 = arith.addi %t23, %c33 : i32
  cf.switch %flag29 : i32, [
    default: ^x1(%t23, %t24 : i32, i32),
    0: ^b0(%t32, %t24 : i32, i32),
    1: ^b1(%t23, %t24 : i32, i32),
    2: ^b0(%t34, %t24 : i32, i32)
  ]
^x0(%accx_0: i32, %fuelx_0: i32):
  memref.store %accx_0, %out[%idx] : memref<?xi32>
  %nt0 = arith.index_cast %bdim : i32 to index
  %gd0 = simt.grid_dim x : i32
  %gdi0 = arith.index_cast %gd0 : i32 to index
  %all0 = arith.muli %nt0, %gdi0 : index
  %fi0 = arith.addi %all0, %idx : index
  memref.store %fuelx_0, %out[%fi0] : memref<?xi32>
  func.return
^x1(%accx_1: i32, %fuelx_1: i32):
  memref.store %accx_1, %out[%idx] : memref<?xi32>
  %nt1 = arith.index_cast %bdim : i32 to index
  %gd1 = simt.grid_dim x : i32
  %gdi1 = arith.index_cast %gd1 : i32 to index
  %all1 = arith.muli %nt1, %gdi1 : index
  %fi1 = arith.addi %all1, %idx : index
  memref.store %fuelx_1, %out[%fi1] : memref<?xi32>
  func.return
}
