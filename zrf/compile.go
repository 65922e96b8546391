// This file compiles typed move trees to vm programs.

package zrf

// compileGame compiles every move and drop definition of gd into gd.Game's
// pieces. (Being written by the VM work; until then it compiles nothing.)
func compileGame(gd *GameDef) ErrorList { return nil }
