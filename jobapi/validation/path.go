package validation

import (
	"path"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
)

// Kubernetes' messages, word for word (pkg/apis/core/validation's
// validateLocalDescendingPath and validatePathNoBacksteps).
const (
	relativePathProblem = "must be a relative path"
	backstepProblem     = "must not contain '..'"
)

// HasBackstep reports whether p has a '..' element between slashes, which
// would lead out of the directory p is joined to. Kubernetes rejects it
// in every path a pod names inside a volume or the node (its
// validatePathNoBacksteps). It does not allocate.
func HasBackstep(p string) bool {
	for p != "" {
		elem := p
		if i := strings.IndexByte(p, '/'); i >= 0 {
			elem, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		if elem == ".." {
			return true
		}
	}
	return false
}

// IsLocalDescendingPath reports whether p, joined to a directory, names
// something inside it: p is relative and has no '..' element ([HasBackstep]).
// The empty path passes (it names the directory itself); fields that must
// not be empty check that first. It does not allocate.
func IsLocalDescendingPath(p string) bool { return !path.IsAbs(p) && !HasBackstep(p) }

// LocalDescendingPathProblems says what keeps p from being a local
// descending path, in Kubernetes' words (its validateLocalDescendingPath):
// absolute, has a '..' element, or both. It returns nil, without
// allocating, when [IsLocalDescendingPath] holds.
func LocalDescendingPathProblems(p string) []string {
	if IsLocalDescendingPath(p) {
		return nil
	}
	var problems []string
	if path.IsAbs(p) {
		problems = append(problems, relativePathProblem)
	}
	if HasBackstep(p) {
		problems = append(problems, backstepProblem)
	}
	return problems
}

// ValidateLocalDescendingPath checks that p is a local descending path:
// one Invalid error at path per problem [LocalDescendingPathProblems]
// finds, or nil.
func ValidateLocalDescendingPath(p string, path *field.Path) field.ErrorList {
	return invalidEach(LocalDescendingPathProblems(p), p, path)
}
