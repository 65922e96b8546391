package zrf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// secret stands for a file outside the rule file's folder such as
// /etc/passwd: issue #42's include of it was read and its lines quoted in
// the parse errors.
const secret = "root:x:0:0:root:/root:/bin/bash\n"

// confineTree makes dir/outside/secret.zrf, and dir/rules with a library
// in a subfolder, a symbolic link to the secret and one to the outside
// folder. It returns the rules folder.
func confineTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for name, src := range map[string]string{
		"outside/secret.zrf":    secret,
		"rules/sub/library.inc": "(define from-library x)\n",
		"rules/top.inc":         "(define from-top y)\n",
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	rules := filepath.Join(dir, "rules")
	if err := os.Symlink(filepath.Join("..", "outside", "secret.zrf"), filepath.Join(rules, "link.zrf")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if err := os.Symlink(filepath.Join("..", "outside"), filepath.Join(rules, "linkdir")); err != nil {
		t.Fatal(err)
	}
	return rules
}

// TestIncludeConfined: an include outside the rule file's folder tree (an
// absolute path, a ../ path, a symbolic link out, a path through a linked
// folder) is refused at the include's file:line:col, naming the flag and
// quoting nothing of the file; includes inside the tree (Zillions resolves
// them in the rule file's folder, and the published rule files include
// only there) still work, and Options.IncludeAnywhere lifts the bound.
func TestIncludeConfined(t *testing.T) {
	rules := confineTree(t)
	outside := filepath.Join(filepath.Dir(rules), "outside", "secret.zrf")
	tests := []struct {
		name, include string
		anywhere      bool
		want          string // the forms read, or "" for the refusal
	}{
		{"absolute", outside, false, ""},
		{"dot-dot", "../outside/secret.zrf", false, ""},
		{"dot-dot backslash", `..\outside\secret.zrf`, false, ""},
		{"deep dot-dot", "sub/../../outside/secret.zrf", false, ""},
		{"symlink out", "link.zrf", false, ""},
		{"through linked folder", "linkdir/secret.zrf", false, ""},
		{"missing outside", "/etc/no-such-file-zrun", false, ""},
		{"subfolder", "sub/library.inc", false, "(define from-library x)"},
		{"down and up", "sub/../top.inc", false, "(define from-top y)"},
		{"case and backslash", `SUB\Library.inc`, false, "(define from-library x)"},
		{"anywhere", "../outside/secret.zrf", true, "ok"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(rules, "game.zrf")
			src := "; rules\n  (include " + quoteZRF(tc.include) + ")\n"
			// The includer alone, as LoadWith runs it: macros are not
			// expanded, so the forms read show.
			forms, _, err := (&includer{anywhere: tc.anywhere}).readTop(path, []byte(src))
			switch {
			case tc.want == "":
				if err == nil {
					t.Fatalf("include %q accepted: %v", tc.include, forms)
				}
				msg := err.Error()
				if !strings.HasPrefix(msg, path+":2:3: ") || !strings.Contains(msg, "outside the rule file's folder") || !strings.Contains(msg, "--include-any") {
					t.Errorf("error %q, want %s:2:3: ... outside the rule file's folder ... --include-any", msg, path)
				}
				if strings.Contains(msg, "root:") || strings.Contains(msg, "bash") {
					t.Errorf("the refused file's content is in the error: %q", msg)
				}
			case tc.anywhere:
				var got []string
				for _, f := range forms {
					got = append(got, f.String())
				}
				if err != nil || !strings.Contains(strings.Join(got, " "), "root") {
					t.Errorf("with IncludeAnywhere: %v, %v; want the included file read", got, err)
				}
			default:
				if err != nil {
					t.Fatalf("include %q: %v", tc.include, err)
				}
				var got []string
				for _, f := range forms {
					got = append(got, f.String())
				}
				if s := strings.Join(got, " "); s != tc.want {
					t.Errorf("forms %s, want %s", s, tc.want)
				}
			}
		})
	}
}

// quoteZRF writes s as a ZRF string: ZRF strings have no escapes, a '\'
// is itself.
func quoteZRF(s string) string { return `"` + s + `"` }
