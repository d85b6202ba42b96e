package fieldpath

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/jobapi/validation"
)

// Field is a pod field that a fieldPath names, without any subscript.
type Field string

// The fields the API server accepts in a v1 pod's fieldPath. Which of them a
// pod may actually read, and where, is decided by [Path.AllowedIn].
const (
	MetadataName      Field = "metadata.name"
	MetadataNamespace Field = "metadata.namespace"
	MetadataUID       Field = "metadata.uid"
	// MetadataLabels is the whole label map, or one label with a subscript.
	MetadataLabels Field = "metadata.labels"
	// MetadataAnnotations is the whole annotation map, or one annotation
	// with a subscript.
	MetadataAnnotations Field = "metadata.annotations"

	SpecNodeName           Field = "spec.nodeName"
	SpecServiceAccountName Field = "spec.serviceAccountName"
	// SpecRestartPolicy, SpecSchedulerName and StatusPhase are field
	// labels the API server converts, but no env var or volume item may
	// read them. (`spec.terminationGracePeriodSeconds` is not one: the API
	// server refuses it in a fieldRef, whatever the kubelet would do.)
	SpecRestartPolicy Field = "spec.restartPolicy"
	SpecSchedulerName Field = "spec.schedulerName"
	StatusPhase       Field = "status.phase"

	StatusHostIP  Field = "status.hostIP"
	StatusHostIPs Field = "status.hostIPs"
	StatusPodIP   Field = "status.podIP"
	StatusPodIPs  Field = "status.podIPs"
)

// legacyNodeName is the old v1 spelling of spec.nodeName, converted by the
// API server.
const legacyNodeName = "spec.host"

// lookupField returns the Field spelled s, converting the legacy spelling
// `spec.host` to [SpecNodeName] as the API server does.
func lookupField(s string) (Field, bool) {
	switch Field(s) {
	case MetadataName, MetadataNamespace, MetadataUID, MetadataLabels, MetadataAnnotations,
		SpecNodeName, SpecServiceAccountName, SpecRestartPolicy, SpecSchedulerName,
		StatusPhase,
		StatusHostIP, StatusHostIPs, StatusPodIP, StatusPodIPs:
		return Field(s), true
	}
	if s == legacyNodeName {
		return SpecNodeName, true
	}
	return "", false
}

// allFields lists every Field in byte order, for error messages.
func allFields() []Field {
	return []Field{
		MetadataAnnotations, MetadataLabels, MetadataName, MetadataNamespace, MetadataUID,
		SpecNodeName, SpecRestartPolicy, SpecSchedulerName, SpecServiceAccountName,
		StatusHostIP, StatusHostIPs, StatusPhase, StatusPodIP, StatusPodIPs,
	}
}

// subscriptable reports whether f takes a `['KEY']` subscript.
func (f Field) subscriptable() bool {
	return f == MetadataLabels || f == MetadataAnnotations
}

// Use is where a fieldPath is read.
type Use uint8

const (
	// EnvVar is a container env var's `valueFrom.fieldRef`.
	EnvVar Use = iota + 1
	// VolumeFile is an item of a downwardAPI volume (or of the downwardAPI
	// source of a projected volume).
	VolumeFile
)

// String names the use as error messages do.
func (u Use) String() string {
	switch u {
	case EnvVar:
		return "env var"
	case VolumeFile:
		return "downwardAPI volume item"
	}
	return fmt.Sprintf("Use(%d)", uint8(u))
}

// Fields returns, in byte order, the fields that u may read without a
// subscript. Any use may read one label or annotation with a subscript.
func (u Use) Fields() []Field {
	switch u {
	case EnvVar:
		return []Field{
			MetadataName, MetadataNamespace, MetadataUID,
			SpecNodeName, SpecServiceAccountName,
			StatusHostIP, StatusHostIPs, StatusPodIP, StatusPodIPs,
		}
	case VolumeFile:
		return []Field{
			MetadataAnnotations, MetadataLabels, MetadataName, MetadataNamespace, MetadataUID,
		}
	}
	return nil
}

// Path is a parsed fieldPath: a [Field], with a key when it names one label
// or annotation. Paths are comparable values; the zero Path is no path and
// prints as "".
type Path struct {
	field Field
	key   string
	sub   bool
}

// Parse parses a fieldPath as the API server converts it for a v1 pod:
//
//	fieldPath  = field | mapField "['" key "']"
//	field      = one of the Field constants, or "spec.host" (spec.nodeName)
//	mapField   = "metadata.labels" | "metadata.annotations"
//	key        = a qualified name: [prefix "/"] name, where prefix is a DNS
//	             subdomain of at most 253 bytes and name is at most 63 bytes
//	             of [A-Za-z0-9_.-] starting and ending alphanumeric.
//
// An annotation key is checked lower-cased, as Kubernetes does, so
// `metadata.annotations['Example.COM/Key']` is valid; the key keeps its case
// for the lookup. The subscript is split at the first "['" and the final
// "']". Nothing else is accepted: not surrounding spaces, not double quotes,
// and not the unquoted `metadata.annotations[KEY]`, which the error answers
// with the form to write.
//
// Errors are *ParseError.
func Parse(s string) (Path, error) {
	p, perr := parse(s)
	if perr != nil {
		return Path{}, perr
	}
	return p, nil
}

// MustParse is Parse for fieldPaths written in the program: it panics when s
// is not valid. Never call it on input.
func MustParse(s string) Path {
	p, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return p
}

// NewPath returns the path of a field without a subscript. f must be one of
// the Field constants.
func NewPath(f Field) (Path, error) {
	if _, ok := lookupField(string(f)); !ok || string(f) == legacyNodeName {
		return Path{}, &ParseError{FieldPath: string(f), reason: reasonUnknown, Detail: unknownDetail()}
	}
	return Path{field: f}, nil
}

// Label returns the path of the label key, `metadata.labels['KEY']`.
func Label(key string) (Path, error) {
	return subscripted(MetadataLabels, key)
}

// Annotation returns the path of the annotation key,
// `metadata.annotations['KEY']`.
func Annotation(key string) (Path, error) {
	return subscripted(MetadataAnnotations, key)
}

func subscripted(f Field, key string) (Path, error) {
	if msgs := keyErrors(f, key); len(msgs) != 0 {
		return Path{}, keyError(string(f)+"['"+key+"']", f, key, msgs)
	}
	return Path{field: f, key: key, sub: true}, nil
}

// Field returns the field p names, without its subscript.
func (p Path) Field() Field { return p.field }

// Key returns the label or annotation key of a subscripted path, and whether
// p has one.
func (p Path) Key() (key string, ok bool) { return p.key, p.sub }

// IsZero reports whether p is the zero Path.
func (p Path) IsZero() bool { return p == Path{} }

// String prints p in the canonical form that Parse reads back to an equal
// Path: `metadata.labels['app']`, `spec.nodeName`.
func (p Path) String() string {
	if !p.sub {
		return string(p.field)
	}
	return string(p.field) + "['" + p.key + "']"
}

// Equals reports whether p and q are the same path.
func (p Path) Equals(q Path) bool { return p == q }

// Compare orders paths by field, then the whole map before any of its keys,
// then by key; it returns -1, 0 or +1.
func (p Path) Compare(q Path) int {
	if c := cmp.Compare(p.field, q.field); c != 0 {
		return c
	}
	switch {
	case p.sub == q.sub:
		return cmp.Compare(p.key, q.key)
	case !p.sub:
		return -1
	default:
		return 1
	}
}

// AllowedIn reports whether the API server lets u read p: an env var may read
// one label or annotation and the identity, node and IP fields; a volume item
// may read one label or annotation, the whole label and annotation maps, and
// the name, namespace and uid.
func (p Path) AllowedIn(u Use) bool {
	if p.IsZero() {
		return false
	}
	if p.sub {
		return u == EnvVar || u == VolumeFile
	}
	for _, f := range u.Fields() {
		if f == p.field {
			return true
		}
	}
	return false
}

// ParseError is a fieldPath that Parse refused.
type ParseError struct {
	// FieldPath is the refused input.
	FieldPath string
	// Detail says what is wrong, in the API conventions' wording.
	Detail string

	reason  parseReason
	key     string   // for reasonKey: the key as validated (annotation keys lower-cased)
	keyMsgs []string // for reasonKey: one message per broken rule
}

// Error prints `invalid fieldPath "...": <detail>`, the fieldPath cut
// after maxQuotedFieldPath bytes (no valid fieldPath is that long).
func (e *ParseError) Error() string {
	fp := e.FieldPath
	if len(fp) > maxQuotedFieldPath {
		return fmt.Sprintf("invalid fieldPath %q... (%d bytes): %s", fp[:maxQuotedFieldPath], len(fp), e.Detail)
	}
	return fmt.Sprintf("invalid fieldPath %q: %s", fp, e.Detail)
}

// maxQuotedFieldPath bounds how much of a fieldPath an error repeats:
// more than the longest valid one, `metadata.annotations['` with a key of
// 253 + 1 + 63 bytes and `']` (341 bytes).
const maxQuotedFieldPath = 400

// parseReason classifies a ParseError the way the API server's validation
// does: by which error type and field it reports.
type parseReason uint8

const (
	reasonEmpty     parseReason = iota + 1 // Required fieldPath
	reasonUnknown                          // Invalid fieldPath: field label not supported
	reasonSubscript                        // Invalid fieldPath: field label does not support subscript
	reasonUnquoted                         // Invalid fieldPath (Kubernetes: not supported); with a hint
	reasonKey                              // Invalid fieldRef, one per message, value the key
)

// parse is Parse without the interface conversion, so that callers keep the
// reason.
func parse(s string) (Path, *ParseError) {
	if s == "" {
		return Path{}, &ParseError{reason: reasonEmpty, Detail: "must not be empty"}
	}
	if head, key, ok := splitSubscript(s); ok {
		f, known := lookupField(head)
		if !known || !f.subscriptable() {
			return Path{}, &ParseError{
				FieldPath: s, reason: reasonSubscript,
				Detail: "may not have a subscript: only 'metadata.labels' and 'metadata.annotations' take one, as metadata.labels['KEY']",
			}
		}
		if msgs := keyErrors(f, key); len(msgs) != 0 {
			return Path{}, keyError(s, f, key, msgs)
		}
		return Path{field: f, key: key, sub: true}, nil
	}
	if f, ok := lookupField(s); ok {
		return Path{field: f}, nil
	}
	if hint, ok := quoteHint(s); ok {
		return Path{}, &ParseError{FieldPath: s, reason: reasonUnquoted, Detail: hint}
	}
	return Path{}, &ParseError{FieldPath: s, reason: reasonUnknown, Detail: unknownDetail()}
}

// splitSubscript splits `head['key']` at the first "['" and the final "']",
// as Kubernetes' SplitMaybeSubscriptedPath does; an empty head is no
// subscript.
func splitSubscript(s string) (head, key string, ok bool) {
	body, found := strings.CutSuffix(s, "']")
	if !found {
		return "", "", false
	}
	i := strings.Index(body, "['")
	if i <= 0 {
		return "", "", false
	}
	return body[:i], body[i+2:], true
}

// keyErrors validates a subscript key of f: a qualified name, lower-cased
// first for annotations. It returns Kubernetes' message for each problem
// ([validation.QualifiedNameProblems]), or nil.
func keyErrors(f Field, key string) []string {
	if f == MetadataAnnotations {
		key = strings.ToLower(key)
	}
	return validation.QualifiedNameProblems(key)
}

func keyError(input string, f Field, key string, msgs []string) *ParseError {
	validated := key
	if f == MetadataAnnotations {
		validated = strings.ToLower(key)
	}
	shown := key
	if len(shown) > maxQuotedFieldPath {
		shown = shown[:maxQuotedFieldPath] + "..."
	}
	return &ParseError{
		FieldPath: input, reason: reasonKey, key: validated, keyMsgs: msgs,
		Detail: fmt.Sprintf("key '%s' must be a qualified name: %s", shown, strings.Join(msgs, "; ")),
	}
}

func unknownDetail() string {
	var b strings.Builder
	b.WriteString("must be one of ")
	for i, f := range allFields() {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("'" + string(f) + "'")
	}
	b.WriteString(", or metadata.labels['KEY'] or metadata.annotations['KEY']")
	return b.String()
}

// quoteHint recognises a label or annotation key written without single
// quotes (`metadata.annotations[KEY]`, `metadata.annotations["KEY"]`,
// `metadata.annotations.KEY`) and returns a detail that shows the form to
// write.
func quoteHint(s string) (string, bool) {
	for _, f := range []Field{MetadataAnnotations, MetadataLabels} {
		rest, ok := strings.CutPrefix(s, string(f))
		if !ok || rest == "" {
			continue
		}
		var inner string
		switch {
		case rest[0] == '[' && len(rest) >= 2 && rest[len(rest)-1] == ']':
			inner = rest[1 : len(rest)-1]
		case rest[0] == '.':
			inner = rest[1:]
		default:
			continue
		}
		if len(inner) >= 2 && (inner[0] == '"' || inner[0] == '\'') && inner[len(inner)-1] == inner[0] {
			inner = inner[1 : len(inner)-1]
		}
		want := string(f) + "['KEY']"
		if inner != "" && len(keyErrors(f, inner)) == 0 {
			want = string(f) + "['" + inner + "']"
		}
		return "must quote the key in single quotes inside square brackets: write " + want, true
	}
	return "", false
}
