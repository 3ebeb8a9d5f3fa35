loop: fadd32 r0, r1, r2
jmp_exec_any loop
stop
