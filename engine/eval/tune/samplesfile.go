// This file writes and reads self-play samples, so that shards of a tuning
// run played apart (GNU parallel, a Slurm array, a Kubernetes Indexed Job)
// merge into one fit.
//
//	# zrun tune data file=games/chess.zrf variant=Chess games=400 shard=3/8 depth=2 seed=1
//	result	Pawn	Knight	...	@placement	@shelter	...
//	1	0	1	...	34	15	...
//	# done games=50 positions=4321
//
// Columns named "@term" are the evaluation's terms unweighted
// (eval.Features), and "~mobility" the searcher's mobility term
// (Sample.Mobility); files written before the terms had neither, and fit
// piece values only.

package tune

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"zrun/engine/eval"
	"zrun/vm"
)

// SampleHeader says which run a samples file belongs to.
type SampleHeader struct {
	File, Variant           string
	Games, Shard, Of, Depth int
	Seed                    uint64
	Pieces                  []string
	// Terms names the "@term" columns (eval.Term names, without the @).
	Terms []string
}

// CheckPieces says whether g still has the pieces the samples were played
// with (same names, same order): samples index pieces by number, so a rule
// file whose pieces changed since would fit values to the wrong pieces.
func (h SampleHeader) CheckPieces(g *vm.Game) error {
	got := PieceNames(g)
	if slices.Equal(got, h.Pieces) {
		return nil
	}
	return fmt.Errorf("%s's pieces have changed since the games were played (then %s; now %s)",
		h.File, strings.Join(h.Pieces, " "), strings.Join(got, " "))
}

func (h SampleHeader) run() string {
	return fmt.Sprintf("file=%q variant=%q games=%d depth=%d seed=%d", h.File, h.Variant, h.Games, h.Depth, h.Seed)
}

// headerFields splits "k=v k2="quoted value" ..." (file names and titles
// are quoted: they may hold spaces).
func headerFields(s string) (map[string]string, error) {
	kv := map[string]string{}
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		k, rest, ok := strings.Cut(s, "=")
		if !ok {
			return nil, fmt.Errorf("bad header field %q", s)
		}
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, fmt.Errorf("bad quoted value of %s", k)
			}
			kv[k], _ = strconv.Unquote(q)
			s = rest[len(q):]
			continue
		}
		v, after, _ := strings.Cut(rest, " ")
		kv[k], s = v, after
	}
	return kv, nil
}

// mobilityColumn names the column of Sample.Mobility, the searcher's
// mobility term, which follows the @term columns.
const mobilityColumn = "~mobility"

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// WriteSamples writes a finished shard: header, samples, closing line.
func WriteSamples(w io.Writer, h SampleHeader, st SelfPlayStats, samples []Sample) error {
	bw := bufio.NewWriter(w)
	withTerms := len(samples) > 0 && samples[0].Terms != nil
	cols := strings.Join(h.Pieces, "\t")
	if withTerms {
		for _, n := range eval.TermNames() {
			cols += "\t@" + n
		}
		cols += "\t" + mobilityColumn
	}
	fmt.Fprintf(bw, "# zrun tune data %s shard=%d/%d\nresult\t%s\n", h.run(), h.Shard, h.Of, cols)
	for _, sm := range samples {
		bw.WriteString(strconv.FormatFloat(sm.Result, 'g', -1, 64))
		for _, d := range sm.Diff {
			bw.WriteByte('\t')
			bw.WriteString(strconv.Itoa(int(d)))
		}
		if withTerms {
			for _, x := range sm.Terms {
				bw.WriteByte('\t')
				bw.WriteString(strconv.Itoa(int(x)))
			}
			bw.WriteByte('\t')
			bw.WriteString(strconv.Itoa(int(sm.Mobility)))
		}
		bw.WriteByte('\n')
	}
	fmt.Fprintf(bw, "# done games=%d positions=%d\n", st.Games, len(samples))
	return bw.Flush()
}

// ReadSampleFiles reads shard outputs of one run: they must agree on the
// run, be finished, and together be every shard once.
func ReadSampleFiles(paths []string) (SampleHeader, []Sample, error) {
	var first SampleHeader
	var all []Sample
	seen := map[int]string{}
	for i, p := range paths {
		h, samples, err := readSampleFile(p)
		if err != nil {
			return first, nil, err
		}
		if i == 0 {
			first = h
		} else if h.run() != first.run() || h.Of != first.Of || strings.Join(h.Pieces, "\t") != strings.Join(first.Pieces, "\t") ||
			strings.Join(h.Terms, "\t") != strings.Join(first.Terms, "\t") {
			return first, nil, fmt.Errorf("%s: from another run (%s, %d shards) than %s (%s, %d shards)", p, h.run(), h.Of, paths[0], first.run(), first.Of)
		}
		if prev, dup := seen[h.Shard]; dup {
			return first, nil, fmt.Errorf("%s: shard %d/%d given twice (also %s)", p, h.Shard, h.Of, prev)
		}
		seen[h.Shard] = p
		all = append(all, samples...)
	}
	var missing []string
	for k := 1; k <= first.Of; k++ {
		if _, ok := seen[k]; !ok {
			missing = append(missing, strconv.Itoa(k))
		}
	}
	if len(missing) > 0 {
		return first, nil, fmt.Errorf("shards missing (of %d): %s", first.Of, strings.Join(missing, ","))
	}
	return first, all, nil
}

func readSampleFile(path string) (SampleHeader, []Sample, error) {
	var h SampleHeader
	f, err := os.Open(path)
	if err != nil {
		return h, nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 1<<20)
	line, done := 0, false
	var out []Sample
	var termAt []int // the eval.Term of each @ column
	mobCol := false  // the last column is the searcher's mobility
	for sc.Scan() {
		line++
		text := sc.Text()
		switch {
		case line == 1:
			rest, ok := strings.CutPrefix(text, "# zrun tune data ")
			if !ok {
				return h, nil, fmt.Errorf("%s:1: not a zrun tune data file", path)
			}
			kv, err := headerFields(rest)
			if err != nil {
				return h, nil, fmt.Errorf("%s:1: %v", path, err)
			}
			h.File, h.Variant = kv["file"], kv["variant"]
			var e [4]error
			h.Games, e[0] = strconv.Atoi(kv["games"])
			h.Depth, e[1] = strconv.Atoi(kv["depth"])
			h.Seed, e[2] = strconv.ParseUint(kv["seed"], 10, 64)
			a, b, _ := strings.Cut(kv["shard"], "/")
			h.Shard, e[3] = strconv.Atoi(a)
			of, err := strconv.Atoi(b)
			h.Of = of
			if e[0] != nil || e[1] != nil || e[2] != nil || e[3] != nil || err != nil || h.Shard < 1 || h.Shard > h.Of {
				return h, nil, fmt.Errorf("%s:1: bad header", path)
			}
		case line == 2:
			cols := strings.Split(text, "\t")
			if cols[0] != "result" {
				return h, nil, fmt.Errorf("%s:2: want the column line \"result\\t<pieces>\"", path)
			}
			h.Pieces = cols[1:]
			if n := len(h.Pieces); n > 0 && h.Pieces[n-1] == mobilityColumn {
				h.Pieces, mobCol = h.Pieces[:n-1], true
			}
			for len(h.Pieces) > 0 && strings.HasPrefix(h.Pieces[len(h.Pieces)-1], "@") {
				h.Pieces = h.Pieces[:len(h.Pieces)-1]
			}
			for _, c := range cols[1+len(h.Pieces) : len(cols)-b2i(mobCol)] {
				k, ok := eval.TermByName(c[1:])
				if !ok {
					return h, nil, fmt.Errorf("%s:2: no evaluation term %q", path, c)
				}
				h.Terms = append(h.Terms, c[1:])
				termAt = append(termAt, int(k))
			}
		case strings.HasPrefix(text, "# done "):
			done = true
		case done:
			return h, nil, fmt.Errorf("%s:%d: a line after \"# done\"", path, line)
		default:
			cols := strings.Split(text, "\t")
			if want := len(h.Pieces) + len(termAt) + b2i(mobCol) + 1; len(cols) != want {
				return h, nil, fmt.Errorf("%s:%d: %d columns, want %d", path, line, len(cols), want)
			}
			r, err := strconv.ParseFloat(cols[0], 64)
			if err != nil || r < 0 || r > 1 {
				return h, nil, fmt.Errorf("%s:%d: bad result %q", path, line, cols[0])
			}
			sm := Sample{Result: r, Diff: make([]int16, len(h.Pieces))}
			for j, c := range cols[1 : 1+len(h.Pieces)] {
				d, err := strconv.Atoi(c)
				if err != nil {
					return h, nil, fmt.Errorf("%s:%d: bad count %q", path, line, c)
				}
				sm.Diff[j] = int16(d)
			}
			if len(termAt) > 0 {
				sm.Terms = make([]int32, eval.NumTerms)
				for j, c := range cols[1+len(h.Pieces) : 1+len(h.Pieces)+len(termAt)] {
					x, err := strconv.ParseInt(c, 10, 32)
					if err != nil {
						return h, nil, fmt.Errorf("%s:%d: bad term %q", path, line, c)
					}
					sm.Terms[termAt[j]] = int32(x)
				}
			}
			if mobCol {
				x, err := strconv.ParseInt(cols[len(cols)-1], 10, 32)
				if err != nil {
					return h, nil, fmt.Errorf("%s:%d: bad mobility %q", path, line, cols[len(cols)-1])
				}
				sm.Mobility = int32(x)
			}
			out = append(out, sm)
		}
	}
	if err := sc.Err(); err != nil {
		return h, nil, fmt.Errorf("%s: %v", path, err)
	}
	if !done {
		return h, nil, fmt.Errorf("%s: unfinished shard (no \"# done\" line): run it again", path)
	}
	return h, out, nil
}
