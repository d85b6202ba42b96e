package downward

import "github.com/jobkit/jobkit/jobapi/fieldpath"

// Field is a pod field that a fieldPath names, without any subscript. It
// is package fieldpath's Field: the grammar lives there so that package
// jobapi validates fieldRefs with the same rules.
type Field = fieldpath.Field

// The fields the API server accepts in a v1 pod's fieldPath. Which of them a
// pod may actually read, and where, is decided by [Path.AllowedIn].
const (
	MetadataName      = fieldpath.MetadataName
	MetadataNamespace = fieldpath.MetadataNamespace
	MetadataUID       = fieldpath.MetadataUID
	// MetadataLabels is the whole label map, or one label with a subscript.
	MetadataLabels = fieldpath.MetadataLabels
	// MetadataAnnotations is the whole annotation map, or one annotation
	// with a subscript.
	MetadataAnnotations = fieldpath.MetadataAnnotations

	SpecNodeName           = fieldpath.SpecNodeName
	SpecServiceAccountName = fieldpath.SpecServiceAccountName
	// SpecRestartPolicy, SpecSchedulerName and StatusPhase are field labels
	// the API server converts, but no env var or volume item may read them.
	SpecRestartPolicy = fieldpath.SpecRestartPolicy
	SpecSchedulerName = fieldpath.SpecSchedulerName
	StatusPhase       = fieldpath.StatusPhase

	StatusHostIP  = fieldpath.StatusHostIP
	StatusHostIPs = fieldpath.StatusHostIPs
	StatusPodIP   = fieldpath.StatusPodIP
	StatusPodIPs  = fieldpath.StatusPodIPs
)

// SpecTerminationGracePeriodSeconds names a pod field that is not a
// fieldPath: the API server's conversion of fieldRefs refuses it, so
// [Parse] and [NewPath] refuse it too.
//
// Deprecated: kept so that code naming it compiles; no Path holds it.
const SpecTerminationGracePeriodSeconds Field = "spec.terminationGracePeriodSeconds"

// Use is where a fieldPath is read.
type Use = fieldpath.Use

const (
	// EnvVar is a container env var's `valueFrom.fieldRef`.
	EnvVar = fieldpath.EnvVar
	// VolumeFile is an item of a downwardAPI volume (or of the downwardAPI
	// source of a projected volume).
	VolumeFile = fieldpath.VolumeFile
)

// ParseError is a fieldPath that Parse refused (package fieldpath's).
type ParseError = fieldpath.ParseError

// Path is a parsed fieldPath: a [Field], with a key when it names one label
// or annotation. Paths are comparable values; the zero Path is no path and
// prints as "". It is a [fieldpath.Path] that can also [Path.Resolve]
// itself against a pod.
type Path struct {
	p fieldpath.Path
}

// Parse parses a fieldPath as the API server converts it for a v1 pod (see
// [fieldpath.Parse] for the grammar). Errors are *ParseError.
func Parse(s string) (Path, error) {
	p, err := fieldpath.Parse(s)
	if err != nil {
		return Path{}, err
	}
	return Path{p}, nil
}

// MustParse is Parse for fieldPaths written in the program: it panics when s
// is not valid. Never call it on input.
func MustParse(s string) Path { return Path{fieldpath.MustParse(s)} }

// NewPath returns the path of a field without a subscript. f must be one of
// the Field constants.
func NewPath(f Field) (Path, error) {
	p, err := fieldpath.NewPath(f)
	if err != nil {
		return Path{}, err
	}
	return Path{p}, nil
}

// Label returns the path of the label key, `metadata.labels['KEY']`.
func Label(key string) (Path, error) {
	p, err := fieldpath.Label(key)
	if err != nil {
		return Path{}, err
	}
	return Path{p}, nil
}

// Annotation returns the path of the annotation key,
// `metadata.annotations['KEY']`.
func Annotation(key string) (Path, error) {
	p, err := fieldpath.Annotation(key)
	if err != nil {
		return Path{}, err
	}
	return Path{p}, nil
}

// FieldPath returns p as package fieldpath's Path.
func (p Path) FieldPath() fieldpath.Path { return p.p }

// Field returns the field p names, without its subscript.
func (p Path) Field() Field { return p.p.Field() }

// Key returns the label or annotation key of a subscripted path, and whether
// p has one.
func (p Path) Key() (key string, ok bool) { return p.p.Key() }

// IsZero reports whether p is the zero Path.
func (p Path) IsZero() bool { return p.p.IsZero() }

// String prints p in the canonical form that Parse reads back to an equal
// Path: `metadata.labels['app']`, `spec.nodeName`.
func (p Path) String() string { return p.p.String() }

// Equals reports whether p and q are the same path.
func (p Path) Equals(q Path) bool { return p == q }

// Compare orders paths by field, then the whole map before any of its keys,
// then by key; it returns -1, 0 or +1.
func (p Path) Compare(q Path) int { return p.p.Compare(q.p) }

// AllowedIn reports whether the API server lets u read p: an env var may read
// one label or annotation and the identity, node and IP fields; a volume item
// may read one label or annotation, the whole label and annotation maps, and
// the name, namespace and uid.
func (p Path) AllowedIn(u Use) bool { return p.p.AllowedIn(u) }
