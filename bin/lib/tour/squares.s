# Each of the 32 lanes stores lane*lane + u4 into element `lane` of the
# 32-bit array whose address is in u0_u1.
get_sr r5, sr80
imadd r2, r5, r5, 0
iadd r3, r2, u4
device_store 0, i32, x, r3, u0_u1, r5, unsigned, 0
stop
