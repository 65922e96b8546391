package play

import (
	"strings"
	"testing"

	"zrun/vm"
)

// TestGameEngine checks the player a game's script asks for, as axiom.4th
// defines the kinds ({random}: $RandomMoveEngine, {first}:
// $FirstMoveEngine, {UCT}, {search-engine} WORD), with the dice player
// left out, and that a searcher is made for each.
func TestGameEngine(t *testing.T) {
	dice := vm.Player{Name: "?Dice", Random: true, Engine: vm.PlayerRandom}
	for _, c := range []struct {
		engines  []string
		want     string
		whyHas   string
		withDice bool
	}{
		{[]string{"", ""}, "", "", true},
		{[]string{vm.PlayerRandom, vm.PlayerRandom}, PlayerRandom, "{random}", true},
		{[]string{vm.PlayerFirst, vm.PlayerFirst}, PlayerFirst, "{first}", true},
		{[]string{vm.PlayerUCT, vm.PlayerUCT}, PlayerMCTS, "{UCT}", false},
		{[]string{"search-engine AI", "search-engine AI"}, PlayerAlphaBeta, "AI ({search-engine}) is not run", true},
		{[]string{vm.PlayerRandom, ""}, "", "", false}, // sides differ: the host chooses
	} {
		g := &vm.Game{}
		if c.withDice {
			g.Players = append(g.Players, dice)
		}
		for i, e := range c.engines {
			g.Players = append(g.Players, vm.Player{Name: string(rune('A' + i)), Engine: e})
		}
		kind, why := GameEngine(g)
		if kind != c.want || !strings.Contains(why, c.whyHas) {
			t.Errorf("%v: %q (%s), want %q (…%s…)", c.engines, kind, why, c.want, c.whyHas)
		}
	}
}
