// This file defines the running figures of a run in progress: what a
// progress display ("zrun serve"'s Design tab) shows after each game.

package design

// Live is what the games played so far say, cheaply (no rule file, no
// fit): the results, the first player's score and the mean length, each
// share and mean with its 95% interval as the report gives them.
type Live struct {
	Games  int    `json:"games"`
	Wins   [2]int `json:"wins"` // by player
	Draws  int    `json:"draws"`
	Cut    int    `json:"cut"`    // games cut at the ply cap (not counted as draws)
	Score  Figure `json:"score"`  // the first player's score (a win 1, a draw or cut game ½)
	Draw   Figure `json:"draw"`   // the share of games drawn (cut games apart)
	Length Figure `json:"length"` // plies a game
}

// Running returns the running figures of recs (in any order).
func Running(recs []*GameRecord) Live {
	var l Live
	score := make([]float64, 0, len(recs))
	length := make([]float64, 0, len(recs))
	for _, r := range recs {
		s := 0.5
		switch {
		case r.Capped:
			l.Cut++
		case r.Winner == 0:
			l.Wins[0]++
			s = 1
		case r.Winner == 1:
			l.Wins[1]++
			s = 0
		default:
			l.Draws++
		}
		score = append(score, s)
		length = append(length, float64(r.Plies))
	}
	l.Games = len(recs)
	l.Score = MeanShare(score)
	l.Draw = Wilson(l.Draws, len(recs))
	l.Length = Mean(length)
	return l
}
