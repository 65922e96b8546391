// This file defines shards: disjoint parts of a table's rows.

package perftable

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is part I (1-based) of N.
type Shard struct{ I, N int }

// All is the one shard that holds every row.
var All = Shard{1, 1}

// ParseShard reads "i/n" with 1 <= i <= n.
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 1 || i > n {
		return Shard{}, fmt.Errorf("bad shard %q: want i/n with 1 <= i <= n", s)
	}
	return Shard{i, n}, nil
}

func (sh Shard) String() string { return fmt.Sprintf("%d/%d", sh.I, sh.N) }

// Rows returns the rows of the shard: those at positions i-1, i-1+n, ... of
// rows, so the shards of one table are disjoint and together hold every row.
func (sh Shard) Rows(rows []Row) []Row {
	var out []Row
	for k := sh.I - 1; k < len(rows); k += sh.N {
		out = append(out, rows[k])
	}
	return out
}
