package forth

import (
	"os"
	"testing"
)

// decodeCases run words inside threads (where loop decodes them once and
// keeps what it decoded) before and after a store changes what a word is:
// a Forth system has no such cache, so each result is what standard Forth
// gives for the words as they stand when run.
var decodeCases = []langCase{
	// a one-value colon word whose literal is patched
	{src: ": five 5 ; : f five ; f 7 ' five CFA>PFA CELL+ ! f", want: []int32{5, 7}},
	// a deferred word given another word
	{src: ": a 1 ; : b 2 ; DEFER d ' a IS d : g d ; g ' b IS d g", want: []int32{1, 2}},
	// a variable read by a one-value colon word: the value is not decoded
	{src: "VARIABLE v : h v @ ; : k h ; 3 v ! k 4 v ! k", want: []int32{3, 4}},
	// a word forgotten and defined again at the same address
	{src: ": x 1 ; : y x ; ' y y ' x CFA>NFA DUP NFA>LFA @ CURRENT @ ! @ DP ! : x 9 ; SWAP EXECUTE", want: []int32{1, 9}},
	// the code field of a word patched: a variable made a constant
	{src: "5 CONSTANT k VARIABLE w 8 w ! : r w ; r w - ' k @ ' w ! r", want: []int32{0, 8}},
	// CONSTANT and [] as DOES> words and as the kernel's
	{src: ": con <BUILDS , DOES> @ ; 5 con c : m c ; m", want: []int32{5}},
	{src: ": arr <BUILDS CELLS ALLOT DOES> SWAP CELLS + ; 3 arr q 7 1 q ! : rd 1 q @ 0 q @ ; rd", want: []int32{7, 0}},
	{src: "3 [] q 7 2 q ! : rd 2 q @ ; rd", want: []int32{7}},
	// EXECUTE in a thread, of a colon word, a primitive and a variable
	{src: ": one 1 ; VARIABLE z : e EXECUTE ; ' one e 2 ' DUP e ' z e z -", want: []int32{1, 2, 2, 0}},
	// the return-stack words and loops in threads
	{src: ": t 0 5 0 DO I + LOOP 3 >R R@ R> ; t", want: []int32{10, 3, 3}},
	{src: ": t 1 2 3 ROT 2DUP 2DROP ?DUP 0 ?DUP ; t", want: []int32{2, 3, 1, 1, 0}},
	{src: ": t 3 4 MIN 3 4 MAX 5 NEGATE 0 0<> 7 0<> 12 10 XOR ; t", want: []int32{3, 4, -5, 0, -1, 6}},
	{src: "VARIABLE v : t 5 v ! 2 v +! v ++ v ++ v -- v @ ; t", want: []int32{8}},
	// words far up the dictionary, past the table's first size (it grows)
	{src: ": near 2 ; 1500000 ALLOT : far 5 ; : f far near + ; f ' far EXECUTE", want: []int32{7, 5}},
}

func TestDecodedWords(t *testing.T) {
	for _, c := range decodeCases {
		runCase(t, false, c)
	}
	if _, err := os.Stat(coreDir); err != nil {
		t.Skipf("corpus not found at %s: %v", coreDir, err)
	}
	for _, c := range decodeCases {
		runCase(t, true, c)
	}
}

// TestThreadErrors checks that a word failing inside a thread (done in
// line by loop) stops with its primitive's error.
func TestThreadErrors(t *testing.T) {
	wantErr(t, Config{}, ": t\n 123 EXECUTE ; t", "EXECUTE", "not an executable word", 2)
	wantErr(t, Config{}, ": t\n -5 @ ; t", "@", "outside memory", 2)
	wantErr(t, Config{}, ": t\n 1 -5 ! ; t", "!", "outside memory", 2)
	wantErr(t, Config{}, ": t\n SWAP ; t", "SWAP", "underflow", 2)
	wantErr(t, Config{}, ": t\n R> R> ; t", "R>", "underflow", 2)
	wantErr(t, Config{}, "DEFER d ' d IS d : u\n d ; u", "d", "nested", 2)
	wantErr(t, Config{StackDepth: 10}, ": t BEGIN 1 DUP 0 UNTIL ; t", "*", "data stack overflow", 1)
	wantErr(t, Config{StackDepth: 10}, "VARIABLE v : t BEGIN v 0 UNTIL ; t", "*", "data stack overflow", 1)
	wantErr(t, Config{StepLimit: 1000}, "DEFER d : u d ; ' u IS d u", "*", "", 1)
}
