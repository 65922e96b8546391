// This file defines Write, the one way zrun's commands replace an output
// file.

package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
)

// Write replaces the file at path with what write writes, atomically: it
// writes a temporary file in path's folder (a rename is atomic only within
// one file system), syncs it to disk, and renames it over path. On any
// error the temporary file is removed and path is left as it was. A new
// file gets perm; a file replaced keeps its mode.
func Write(path string, perm os.FileMode, write func(io.Writer) error) (err error) {
	if fi, serr := os.Stat(path); serr == nil {
		perm = fi.Mode().Perm()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err := write(tmp); err != nil {
		return err
	}
	// CreateTemp makes the file 0600, whatever the umask lets through.
	if err := tmp.Chmod(perm); err != nil {
		return err
	}
	// Synced before the rename: after a crash the name may point at the
	// new file only once its content is on disk.
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return errors.Join(err, os.Remove(tmp.Name()))
	}
	return nil
}

// WriteBytes is Write of b.
func WriteBytes(path string, perm os.FileMode, b []byte) error {
	return Write(path, perm, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}
