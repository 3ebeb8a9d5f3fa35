mov_imm r0, 1, 0b0 ; iadd r1, r0, 2
# comment
stop
