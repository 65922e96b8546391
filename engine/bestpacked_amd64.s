#include "textflag.h"

// func maxPackedVector(rest []int64) int64
// len(rest) >= 4. Y0 keeps the four lanes' maxima (starting from rest[0]
// in every lane); the len%4 scores after the last whole four are compared
// one by one at the end.
TEXT ·maxPackedVector(SB), NOSPLIT, $0-32
	MOVQ rest_base+0(FP), SI
	MOVQ rest_len+8(FP), CX
	VPBROADCASTQ (SI), Y0
	MOVQ CX, DX
	SHRQ $2, DX
loop:
	VMOVDQU (SI), Y1
	VPCMPGTQ Y0, Y1, Y2         // Y2 = Y1 > Y0, lane by lane
	VPBLENDVB Y2, Y1, Y0, Y0    // Y0 = Y2 ? Y1 : Y0
	ADDQ $32, SI
	DECQ DX
	JNZ loop
	VEXTRACTI128 $1, Y0, X1
	VPCMPGTQ X0, X1, X2
	VPBLENDVB X2, X1, X0, X0
	VPSHUFD $0x4e, X0, X1       // the other 64-bit half
	VPCMPGTQ X0, X1, X2
	VPBLENDVB X2, X1, X0, X0
	VMOVQ X0, AX
	VZEROUPPER
	ANDQ $3, CX
	JZ done
tail:
	MOVQ (SI), BX
	CMPQ BX, AX
	CMOVQGT BX, AX
	ADDQ $8, SI
	DECQ CX
	JNZ tail
done:
	MOVQ AX, ret+24(FP)
	RET
