package main

import (
	"bufio"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// loader parses the packages of one module on demand, by directory.
type loader struct {
	fset    *token.FileSet
	modRoot string // absolute directory of go.mod
	modPath string // the module path
	pkgs    map[string]*pkgInfo
}

// pkgInfo is what the generator knows of one package.
type pkgInfo struct {
	dir, path, name string
	// target: the package being generated. Its zz_generated files are
	// ignored, so that the output never depends on a previous run.
	target bool
	// managed: the package runs the generator (a go:generate line names
	// internal/gen), so its struct types have, or will have, the
	// generated methods. Its zz_generated files are ignored too.
	managed bool
	files   []*fileInfo
	types   map[string]*typeInfo
	order   []*typeInfo // in source order, by file name
	// methods declared by hand (outside zz_generated files), by receiver
	// type name and method name.
	methods map[string]map[string]*ast.FuncDecl
}

// fileInfo is one parsed file with its imports.
type fileInfo struct {
	pkg     *pkgInfo
	name    string
	file    *ast.File
	imports map[string]string // local name -> import path
}

// typeInfo is one type declaration.
type typeInfo struct {
	pkg  *pkgInfo
	file *fileInfo
	name string
	spec *ast.TypeSpec
	doc  string // the declaration's comments, for markers
}

// isAlias reports whether the declaration is `type A = B`.
func (t *typeInfo) isAlias() bool { return t.spec.Assign.IsValid() }

// marker reports whether the declaration's comments hold the line
// `+jobkit:<name>=false`.
func (t *typeInfo) marker(name string) bool {
	for _, line := range strings.Split(t.doc, "\n") {
		if strings.TrimSpace(line) == "+jobkit:"+name+"=false" {
			return true
		}
	}
	return false
}

// newLoader finds the module that holds dir.
func newLoader(dir string) (*loader, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	root := abs
	for {
		if _, err := os.Stat(filepath.Join(root, "go.mod")); err == nil {
			break
		}
		parent := filepath.Dir(root)
		if parent == root {
			return nil, fmt.Errorf("%s is not inside a Go module (no go.mod above it)", abs)
		}
		root = parent
	}
	modPath, err := modulePath(filepath.Join(root, "go.mod"))
	if err != nil {
		return nil, err
	}
	return &loader{fset: token.NewFileSet(), modRoot: root, modPath: modPath, pkgs: map[string]*pkgInfo{}}, nil
}

// modulePath reads the module directive of a go.mod file.
func modulePath(gomod string) (string, error) {
	f, err := os.Open(gomod)
	if err != nil {
		return "", err
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		line := strings.TrimSpace(s.Text())
		if rest, ok := strings.CutPrefix(line, "module"); ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			p := strings.TrimSpace(rest)
			if uq, err := strconv.Unquote(p); err == nil {
				p = uq
			}
			return p, nil
		}
	}
	if err := s.Err(); err != nil {
		return "", err
	}
	return "", fmt.Errorf("%s has no module directive", gomod)
}

// dirOf returns the directory of an import path inside the module.
func (l *loader) dirOf(path string) (string, bool) {
	if path == l.modPath {
		return l.modRoot, true
	}
	if rest, ok := strings.CutPrefix(path, l.modPath+"/"); ok {
		return filepath.Join(l.modRoot, filepath.FromSlash(rest)), true
	}
	return "", false
}

// pathOf returns the import path of a directory inside the module.
func (l *loader) pathOf(dir string) (string, error) {
	rel, err := filepath.Rel(l.modRoot, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return "", fmt.Errorf("%s is outside module %s", dir, l.modRoot)
	}
	if rel == "." {
		return l.modPath, nil
	}
	return l.modPath + "/" + filepath.ToSlash(rel), nil
}

// isGenerated reports whether a file name is one the generator writes.
func isGenerated(name string) bool { return strings.HasPrefix(name, "zz_generated.") }

// load parses the package in dir (absolute).
func (l *loader) load(dir string, target bool) (*pkgInfo, error) {
	if p, ok := l.pkgs[dir]; ok {
		return p, nil
	}
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		return nil, fmt.Errorf("reading package %s: %w", dir, err)
	}
	path, err := l.pathOf(dir)
	if err != nil {
		return nil, err
	}
	p := &pkgInfo{dir: dir, path: path, name: bp.Name, target: target,
		types: map[string]*typeInfo{}, methods: map[string]map[string]*ast.FuncDecl{}}
	l.pkgs[dir] = p
	var all []*fileInfo
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(l.fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		fi := &fileInfo{pkg: p, name: name, file: f, imports: map[string]string{}}
		for _, imp := range f.Imports {
			ipath, _ := strconv.Unquote(imp.Path.Value)
			local := ipath[strings.LastIndex(ipath, "/")+1:]
			if imp.Name != nil {
				local = imp.Name.Name
			} else if d, ok := l.dirOf(ipath); ok {
				if ib, err := build.Default.ImportDir(d, 0); err == nil {
					local = ib.Name
				}
			}
			fi.imports[local] = ipath
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if l.runsGenerator(dir, c.Text) {
					p.managed = true
				}
			}
		}
		all = append(all, fi)
	}
	for _, fi := range all {
		if (p.target || p.managed) && isGenerated(fi.name) {
			continue
		}
		p.files = append(p.files, fi)
		for _, decl := range fi.file.Decls {
			switch d := decl.(type) {
			case *ast.GenDecl:
				if d.Tok != token.TYPE {
					continue
				}
				for _, s := range d.Specs {
					ts := s.(*ast.TypeSpec)
					doc := ""
					if ts.Doc != nil {
						doc = ts.Doc.Text()
					} else if d.Doc != nil && len(d.Specs) == 1 {
						doc = d.Doc.Text()
					}
					ti := &typeInfo{pkg: p, file: fi, name: ts.Name.Name, spec: ts, doc: doc}
					p.types[ti.name] = ti
					p.order = append(p.order, ti)
				}
			case *ast.FuncDecl:
				if d.Recv == nil || len(d.Recv.List) != 1 {
					continue
				}
				recv := receiverName(d.Recv.List[0].Type)
				if recv == "" {
					continue
				}
				if p.methods[recv] == nil {
					p.methods[recv] = map[string]*ast.FuncDecl{}
				}
				p.methods[recv][d.Name.Name] = d
			}
		}
	}
	return p, nil
}

// genDir is the generator's directory, relative to the module root.
const genDir = "jobapi/internal/gen"

// runsGenerator reports whether comment is a go:generate line of the
// package in dir that runs this generator: `go run <dir of gen>`.
func (l *loader) runsGenerator(dir, comment string) bool {
	args := strings.Fields(strings.TrimPrefix(comment, "//go:generate"))
	if !strings.HasPrefix(comment, "//go:generate ") || len(args) < 3 || args[0] != "go" || args[1] != "run" {
		return false
	}
	target := args[2]
	if !strings.HasPrefix(target, ".") {
		return target == l.modPath+"/"+genDir
	}
	return filepath.Clean(filepath.Join(dir, target)) == filepath.Join(l.modRoot, filepath.FromSlash(genDir))
}

// receiverName returns T for a receiver of type T or *T.
func receiverName(e ast.Expr) string {
	if s, ok := e.(*ast.StarExpr); ok {
		e = s.X
	}
	if id, ok := e.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// errExternal marks a named type outside the module, which the generator
// cannot read.
var errExternal = errors.New("outside the module")

// lookup resolves a type name used in file: an identifier of the file's
// package or a qualified name. It follows aliases to the declaration they
// name. It returns errExternal for a type outside the module and nil, nil
// for a predeclared type.
func (l *loader) lookup(e ast.Expr, file *fileInfo) (*typeInfo, error) {
	var ti *typeInfo
	switch e := e.(type) {
	case *ast.Ident:
		t, ok := file.pkg.types[e.Name]
		if !ok {
			if predeclared(e.Name) {
				return nil, nil
			}
			return nil, fmt.Errorf("%s: type %s is not declared in package %s", file.name, e.Name, file.pkg.path)
		}
		ti = t
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		if !ok {
			return nil, fmt.Errorf("%s: unexpected type expression", file.name)
		}
		path, ok := file.imports[x.Name]
		if !ok {
			return nil, fmt.Errorf("%s: package %s is not imported", file.name, x.Name)
		}
		dir, ok := l.dirOf(path)
		if !ok {
			return nil, errExternal
		}
		p, err := l.load(dir, false)
		if err != nil {
			return nil, err
		}
		t, ok := p.types[e.Sel.Name]
		if !ok {
			return nil, fmt.Errorf("type %s is not declared in package %s", e.Sel.Name, path)
		}
		ti = t
	default:
		return nil, fmt.Errorf("%s: not a type name", file.name)
	}
	if ti.isAlias() {
		switch ti.spec.Type.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			return l.lookup(ti.spec.Type, ti.file)
		}
		return nil, fmt.Errorf("%s: alias %s must name a type (aliases of type literals are not supported)", ti.file.name, ti.name)
	}
	return ti, nil
}

// predeclared reports whether name is one of Go's predeclared types.
func predeclared(name string) bool {
	switch name {
	case "bool", "string", "byte", "rune", "int", "int8", "int16", "int32", "int64",
		"uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64",
		"complex64", "complex128":
		return true
	}
	return false
}
