package conversion

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ManifestExtensions are the file name extensions [ManifestFiles] reads in
// a directory, those kubectl reads.
func ManifestExtensions() []string { return []string{".json", ".yaml", ".yml"} }

// ManifestFiles expands the paths given to `-f` into the files to read,
// as kubectl does: a file is read whatever its name; a directory
// contributes its files whose names end in .json, .yaml or .yml, in
// lexical order, and, when recursive is true (kubectl's -R), those of its
// subdirectories, else none of them. A path that does not exist is an
// error.
func ManifestFiles(paths []string, recursive bool) ([]string, error) {
	var out []string
	for _, root := range paths {
		fi, err := os.Stat(root)
		if err != nil {
			if os.IsNotExist(err) {
				return nil, fmt.Errorf("the path %q does not exist", root)
			}
			return nil, err
		}
		if !fi.IsDir() {
			out = append(out, root)
			continue
		}
		err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if path != root && !recursive {
					return filepath.SkipDir
				}
				return nil
			}
			if isManifestName(path) {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func isManifestName(path string) bool {
	ext := filepath.Ext(path)
	for _, e := range ManifestExtensions() {
		if ext == e {
			return true
		}
	}
	return false
}
