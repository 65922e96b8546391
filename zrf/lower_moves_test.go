// This file tests the classification of move-language statements and
// predicates into the typed move tree.

package zrf

import (
	"fmt"
	"strings"
	"testing"
)

// fmtStmts prints a move tree compactly: one "op[name](args)" item per
// statement, separated by spaces.
func fmtStmts(list []*Stmt) string {
	var out []string
	for _, s := range list {
		out = append(out, fmtStmt(s))
	}
	return strings.Join(out, " ")
}

func fmtStmt(s *Stmt) string {
	var b strings.Builder
	b.WriteString(s.Op.String())
	if s.Name != "" {
		fmt.Fprintf(&b, ":%s", s.Name)
	}
	if s.Player != "" {
		fmt.Fprintf(&b, ":player=%s", s.Player)
	}
	if len(s.Names) > 0 {
		fmt.Fprintf(&b, ":%s", strings.Join(s.Names, ","))
	}
	if s.MoveType != "" {
		fmt.Fprintf(&b, ":type=%s", s.MoveType)
	}
	b.WriteString(fmtArg(s.Arg))
	if s.Cond != nil {
		fmt.Fprintf(&b, "(%s)", fmtExpr(s.Cond))
	}
	if s.Op == StmtIf || s.Op == StmtWhile {
		fmt.Fprintf(&b, "{%s}", fmtStmts(s.Body))
	}
	if len(s.Else) > 0 {
		fmt.Fprintf(&b, "else{%s}", fmtStmts(s.Else))
	}
	return b.String()
}

func fmtArg(a LocArg) string {
	switch a.Kind {
	case ArgDir:
		return "@dir:" + a.Name
	case ArgPos:
		return "@pos:" + a.Name
	case ArgOpposite:
		return "@opp:" + a.Name
	}
	return ""
}

func fmtExpr(e *Expr) string {
	s := e.Op.String()
	if e.Name != "" {
		s += ":" + e.Name
	}
	s += fmtArg(e.Arg)
	if len(e.Args) > 0 {
		var args []string
		for _, a := range e.Args {
			args = append(args, fmtExpr(a))
		}
		s += "[" + strings.Join(args, " ") + "]"
	}
	return s
}

func TestMoveTree(t *testing.T) {
	gd := loadTestdata(t, "moves.zrf").Games[0]
	want := []string{
		0:  "step:n add",
		1:  "jump:hold mark back from to cascade add",
		2:  "opposite:n capture flip change-owner add",
		3:  "capture@dir:n capture@pos:a1 flip@opp:s change-owner@pos:b2 add",
		4:  "verify(not[empty?@dir:n]) add:King,Man",
		5:  "if(empty?){step:n}else{step:s} while(on-board?@dir:n){step:n} add",
		6:  "set-flag:f1(true) verify(flag?:f1) verify(not[flag?:f1]) add",
		7:  "set-position-flag:p1@pos:a1(friend?@dir:e) verify(position-flag?:p1@pos:a1) verify(not[position-flag?:p1]) add",
		8:  "verify(attribute:never-moved?) verify(not[attribute:never-moved?@dir:n]) set-attribute:never-moved?(false) add",
		9:  "verify(and[enemy? or[neutral? last-from? last-to?] not[attacked?] not[defended?]]) add",
		10: "verify(piece?:Man@pos:a1) verify(in-zone?:promo) verify(not[in-zone?:promo@opp:n]) add",
		11: "verify(position?@pos:a1) verify(not[position?@pos:hold]) verify(not[marked?]) verify(adjacent-to-enemy?) add",
		12: "create:Man create:player=Black:Man@pos:a1 change-type:Man change-type:Man@dir:n add",
		13: "go:from go:to go:last-from go:last-to go:mark add-copy add-copy:Man add",
		14: "add-partial:type=more add-partial:Man:type=more add-copy-partial:Man:type=more add-partial",
		15: "verify(true) verify(false) verify(goal-position?) add",
		16: "jump:n1 step:n add",
		17: "verify(empty?) step:n add",
	}
	defs := gd.Moves[0]
	if len(defs) != len(want) {
		t.Fatalf("%d move definitions, want %d", len(defs), len(want))
	}
	for i, d := range defs {
		if got := fmtStmts(d.Body); got != want[i] {
			t.Errorf("definition %d:\n got %s\nwant %s", i, got, want[i])
		}
	}
	if len(gd.Drops[1]) != 1 || fmtStmts(gd.Drops[1][0].Body) != "verify(empty?) add" {
		t.Errorf("Man drops = %v", gd.Drops[1])
	}
}

// TestMoveTreePositions checks that statements carry the use site of the
// macro they came from, as errors do.
func TestMoveTreePositions(t *testing.T) {
	gd := loadTestdata(t, "moves.zrf").Games[0]
	s := gd.Moves[0][0].Body[0]
	if s.Pos.Line != 12 || s.Pos.Col != 8 {
		t.Errorf("step n at %v, want line 12 col 8", s.Pos)
	}
}
