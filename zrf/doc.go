// Package zrf reads Zillions of Games rule files (.zrf): it parses the
// S-expression text (with participle), splices includes, expands (define ...)
// macros, lowers each (game ...) and (variant ...) into a *vm.Game and compiles
// every move and drop definition to vm bytecode.
package zrf
