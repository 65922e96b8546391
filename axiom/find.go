package axiom

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"zrun/forth"
)

// FrameworkEnv is the environment variable that names a folder holding the
// framework files (axiom.4th and CORE.4TH) for the games whose own Axiom
// folder lacks them (17 of the corpus's GlukKazan+ZoG/Axiom/<Game>/
// folders: their source repository never had them).
const FrameworkEnv = "ZRUN_AXIOM_FRAMEWORK"

var (
	fwMu  sync.Mutex
	fwDir string
)

// SetFrameworkDir names the framework folder (the command's
// --axiom-framework flag); it takes precedence over FrameworkEnv.
func SetFrameworkDir(dir string) {
	fwMu.Lock()
	fwDir = dir
	fwMu.Unlock()
}

// FrameworkDir is the framework folder the user named (SetFrameworkDir,
// else FrameworkEnv), or "".
func FrameworkDir() string { return frameworkDir() }

func frameworkDir() string {
	fwMu.Lock()
	defer fwMu.Unlock()
	if fwDir != "" {
		return fwDir
	}
	return os.Getenv(FrameworkEnv)
}

// Files are the ForthScript files of one game: the framework pair and the
// game's script, which LOADs the rest from Dir.
type Files struct {
	Dir    string // the game's Axiom folder
	Script string // <title with spaces as dashes>.4th in Dir
	Core   string // CORE.4TH
	Axiom  string // axiom.4th
}

// Locate finds the scripts of the game titled title whose rule file at
// rulePath names engine ("../Axiom/GoL/axiom.dll"). The engine's folder is
// looked for relative to the rule file's folder and then to its parent (a
// Zillions install keeps Rules/ beside Axiom/; GlukKazan+ZoG's
// Axiomatic.7kingdoms.zrf names "Axiom/7Kingdoms/axiom.dll" from Rules/),
// names matched in any case, backslashes read as slashes. The framework
// pair comes from that folder, or from the framework folder the user names
// (SetFrameworkDir, FrameworkEnv) when it lacks them.
func Locate(rulePath, engine, title string) (Files, error) {
	var f Files
	ruleDir := filepath.Dir(rulePath)
	eng := path.Dir(strings.ReplaceAll(engine, `\`, "/"))
	var tried []string
	for _, base := range []string{ruleDir, filepath.Dir(ruleDir)} {
		cand := filepath.Join(base, filepath.FromSlash(eng))
		tried = append(tried, cand)
		if p, ok := forth.FoldPath(cand); ok {
			if fi, err := os.Stat(p); err == nil && fi.IsDir() {
				f.Dir = p
				break
			}
		}
	}
	if f.Dir == "" {
		return f, fmt.Errorf("Axiom folder of engine %q not found (looked for %s)", engine, strings.Join(tried, ", "))
	}
	name := strings.ReplaceAll(title, " ", "-") + ".4th"
	p, ok := forth.FoldPath(filepath.Join(f.Dir, name))
	if !ok {
		return f, fmt.Errorf("game script %s not found", filepath.Join(f.Dir, name))
	}
	f.Script = p
	core, ok1 := forth.FoldPath(filepath.Join(f.Dir, "CORE.4TH"))
	ax, ok2 := forth.FoldPath(filepath.Join(f.Dir, "axiom.4th"))
	if !ok1 || !ok2 {
		fw := frameworkDir()
		if fw == "" {
			return f, fmt.Errorf("framework file %s not found: this Axiom folder lacks axiom.4th and CORE.4TH; name a folder holding them with --axiom-framework or %s",
				filepath.Join(f.Dir, missing(ok1, ok2)), FrameworkEnv)
		}
		core, ok1 = forth.FoldPath(filepath.Join(fw, "CORE.4TH"))
		ax, ok2 = forth.FoldPath(filepath.Join(fw, "axiom.4th"))
		if !ok1 || !ok2 {
			return f, fmt.Errorf("framework file %s not found (the framework folder named by --axiom-framework or %s)",
				filepath.Join(fw, missing(ok1, ok2)), FrameworkEnv)
		}
	}
	f.Core, f.Axiom = core, ax
	return f, nil
}

func missing(coreOK, axiomOK bool) string {
	if !axiomOK {
		return "axiom.4th"
	}
	return "CORE.4TH"
}
