// Package doccheck holds one test, which keeps every package's file list
// true: a newcomer reads a package's doc.go to learn what the package owns
// and which file does what, and the list must not leave a file out or name
// one that is gone.
//
// The rule, for every directory of the module that holds .go files
// (directories named testdata, and those whose name starts with "." or
// "_", are skipped with everything under them):
//
//   - the directory has a doc.go;
//   - the comments of doc.go above its package clause (the package
//     comment, or for command zrun, whose doc.go is also the "zrun doc"
//     command, the file's leading comment) have a "# Files" heading line;
//   - the Files section (from that heading to the next "# " heading or the
//     end of the comment) names every .go and .s file of the directory
//     except doc.go itself, _test.go files and generated files ("// Code
//     generated ... DO NOT EDIT."), build-constrained files (tt_linux.go,
//     *_amd64.go, *_amd64.s) included;
//   - every name of the form "name.go" or "name.s" in the section (not one
//     preceded by "/", which is a path into another directory) is a file
//     of the directory.
//
// # Files
//
//	doc.go  this description (the package has no other non-test file; the
//	        test is docs_test.go)
package doccheck
