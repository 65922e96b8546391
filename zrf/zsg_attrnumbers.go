// This file defines the numbers Zillions gives piece attributes in saved
// games ("@ sq N value"), so move text matches what Zillions writes.

package zrf

import "zrun/vm"

// numberAttributes fills g.AttributeNumbers from the game's sections (a
// variant's already merged with its game, macros expanded). Zillions numbers
// attribute names from 0 in the order it meets their declarations reading
// the piece sections backwards: from the last piece section to the first,
// each piece's (attribute ...) forms from its last to its first.
//
// Evidence: in one-piece games that is the declarations' reverse order
// (YoninShogi.zsg: the King's South West North East are 3 2 1 0;
// bolotoudou.zsg: the Man's is-capturing?, declared after in-line?, is 0);
// Elementals.zsg writes frozen-e?, fifth of eight in every piece, as 3; and
// KoShogi.zsg writes enemy-pass? as 4: reading backwards, the last pieces
// declare step-mover?, then igui?, from-enemy? (CA), is-bow? (EC) and, last
// met, enemy-pass? (EC), though the first pieces declare igui? and step-mover?
// first.
func numberAttributes(g *vm.Game, secs []*Node) {
	if len(g.Attributes) == 0 {
		return
	}
	g.AttributeNumbers, _ = numberByMeeting(g.Attributes, 0, 0, func(meet func(string) bool) {
		for i := len(secs) - 1; i >= 0; i-- {
			if secs[i].Head() != "piece" {
				continue
			}
			forms := secs[i].Args()
			for j := len(forms) - 1; j >= 0; j-- {
				if a := forms[j].Args(); forms[j].Head() == "attribute" && len(a) > 0 && a[0].Kind == Atom {
					meet(a[0].Text)
				}
			}
		}
	})
}
