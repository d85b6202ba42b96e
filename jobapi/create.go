package jobapi

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/jobkit/jobkit/selector"
)

// Warning is something create-time processing changed, or noticed, that
// the user should know about but that does not make the Job invalid: the
// field it is about (a path such as `spec.selector`) and what happened.
type Warning struct {
	Field   string
	Message string
}

// String prints the warning as an API server sends it: `<field>: <message>`.
func (w Warning) String() string { return w.Field + ": " + w.Message }

// Warnings is the list of warnings of one operation, in a fixed order.
type Warnings []Warning

// Option changes how [PrepareForCreate], [Validate] and [ValidateUpdate]
// work. Each function reads the options that concern it and ignores the
// others, so one list can be passed to all three.
type Option func(*options)

type options struct {
	uid       UID
	policy    LabelKeyPolicy
	unique    string
	created   time.Time
	random    io.Reader
	hasRandom bool
}

// WithUID makes [PrepareForCreate] give the Job this uid instead of a new
// random one. Two Jobs must never share a uid: their generated selectors
// would select each other's pods.
func WithUID(uid UID) Option { return func(o *options) { o.uid = uid } }

// WithLabelKeys chooses the label keys selector generation writes (and
// Validate expects): [SeedLabelKeys], the default, or [KubernetesLabelKeys].
func WithLabelKeys(p LabelKeyPolicy) Option { return func(o *options) { o.policy = p } }

// WithUniqueLabelKey makes selector generation select on key, a label key
// the user chooses (such as `example.com/run-id`), instead of the
// policy's controller-uid key: the generated selector is
// `matchLabels: {<key>: <uid>}` and the pod template gets `<key>=<uid>`
// and the policy's job-name keys. It is the `uniqueLabelKey` of the API
// conventions. key must be a valid label key other than a job-name key.
func WithUniqueLabelKey(key string) Option { return func(o *options) { o.unique = key } }

// WithCreationTime sets the `metadata.creationTimestamp` [PrepareForCreate]
// writes, instead of the current time.
func WithCreationTime(t time.Time) Option { return func(o *options) { o.created = t } }

// WithRandom makes [PrepareForCreate] read the randomness of a generated
// uid and of a name made from `metadata.generateName` from r instead of
// crypto/rand, for reproducible results in tests.
func WithRandom(r io.Reader) Option {
	return func(o *options) { o.random, o.hasRandom = r, true }
}

func buildOptions(opts []Option) (options, labelKeys, error) {
	if len(opts) == 0 {
		return options{}, labelKeys{uidKeys: [2]string{ControllerUIDLabel}, nameKeys: [2]string{JobNameLabel}}, nil
	}
	var o options
	for _, opt := range opts {
		if opt != nil {
			opt(&o)
		}
	}
	if o.hasRandom && o.random == nil {
		return o, labelKeys{}, errors.New("jobapi: WithRandom needs a non-nil reader")
	}
	keys, err := resolveLabelKeys(o.policy, o.unique)
	return o, keys, err
}

// Name generation as Kubernetes does it for `metadata.generateName`: the
// prefix, cut to leave room, and five characters from an alphabet without
// vowels (no words) and without look-alikes.
const (
	nameSuffixAlphabet = "bcdfghjklmnpqrstvwxz2456789"
	nameSuffixLength   = 5
	maxGeneratedPrefix = dns1123LabelMaxLength - nameSuffixLength
)

// PrepareForCreate does to job what an API server does to a new Job
// before it validates and stores it, and returns what the user should
// know about the changes. It never rejects input: call [Validate] next.
// Its error is reserved for misuse (a nil job, a bad option, a failing
// WithRandom reader); then job is unchanged.
//
// The system fields, as the API server sets them:
//   - `metadata.uid` becomes the uid of WithUID, or a new random
//     (version 4) UUID. A uid the manifest carried is replaced, with a
//     warning: it belongs to the object the manifest was copied from.
//   - `metadata.resourceVersion` is removed, with a warning (Kubernetes
//     refuses to create an object that has one).
//   - `metadata.creationTimestamp` is set (WithCreationTime, or now),
//     `metadata.generation` becomes 1, `metadata.deletionTimestamp`,
//     `selfLink` and `deletionGracePeriodSeconds` are removed, and the
//     status is cleared.
//   - An empty `metadata.name` is made from `metadata.generateName` plus
//     five random characters.
//
// Manual mode (`spec.manualSelector: true`): the selector and labels are
// left exactly as they are.
//
// Automatic mode (`manualSelector` unset or false), with the keys of the
// label key policy (WithLabelKeys, WithUniqueLabelKey):
//   - The pod template's labels get the uid keys set to the uid and the
//     name keys set to the name. Every system-owned key already in the
//     template — `controller-uid`, `job-name`, their `batch.kubernetes.io/`
//     forms, and the unique key — gets the new Job's value; each value
//     that changes is reported as a warning. (Kubernetes keeps such stale
//     values and then rejects the Job.)
//   - A missing selector becomes the generated one,
//     `matchLabels: {<uid key>: <uid>}`. A selector that has the shape of
//     a generated one — a single `matchLabels` entry on a uid key, such as
//     one copied from `kubectl get job -o yaml` — is regenerated, with a
//     warning. Any other selector is left as written, and [Validate]
//     refuses it: choosing a selector needs `manualSelector: true`.
//   - The Job's own labels: when they were empty (or, because batch/v1
//     defaulting copies the template's labels into empty Job labels, when
//     they equal the template's labels as they were before generation),
//     they become a copy of the template's final labels, generated keys
//     included, so that `kubectl get jobs -l job-name=pi` finds the Job.
//     Otherwise they are kept, except that system-owned keys in them get
//     the new Job's values (each change a warning). They never share the
//     template's map (in manual mode too).
//
// After this, the Job selects its own pods only: no pod of another Job
// carries its uid.
//
// Finally a name that is a valid DNS subdomain but not a DNS label gets a
// warning: it becomes part of pod names and hostnames.
func PrepareForCreate(job *Job, opts ...Option) (Warnings, error) {
	if job == nil {
		return nil, errors.New("jobapi: PrepareForCreate needs a Job, not nil")
	}
	o, keys, err := buildOptions(opts)
	if err != nil {
		return nil, err
	}
	random := o.random
	if random == nil {
		random = rand.Reader
	}
	uid := o.uid
	if uid == "" {
		u, err := uuid.NewRandomFromReader(random)
		if err != nil {
			return nil, fmt.Errorf("jobapi: generating a uid: %w", err)
		}
		uid = UID(u.String())
	}
	name := job.ObjectMeta.Name
	if name == "" && job.ObjectMeta.GenerateName != "" {
		if name, err = NameFromGenerateName(job.ObjectMeta.GenerateName, random); err != nil {
			return nil, err
		}
	}

	// Nothing fails from here on.
	job.ObjectMeta.Name = name
	created := o.created
	if created.IsZero() {
		created = time.Now()
	}
	w := job.ObjectMeta.PrepareForCreate("Job", uid, created)
	job.Status = JobStatus{}

	if !isManual(job) {
		w = generate(job, keys, w)
	} else if labels := job.ObjectMeta.Labels; labels != nil && sameMap(labels, job.Spec.Template.ObjectMeta.Labels) {
		job.ObjectMeta.Labels = maps.Clone(labels)
	}
	if len(name) > 0 && len(dnsSubdomainProblems(name)) == 0 && len(dnsLabelProblems(name)) > 0 {
		w = append(w, Warning{"metadata.name", "is used in the names and hostnames of the Job's pods, which must be DNS labels; a DNS label (at most 63 lower-case letters, digits and '-') is recommended"})
	}
	return w, nil
}

// PrepareForCreate sets the system fields of the metadata of a new object
// of the given kind ("Job", "Pod", ...), as the API server does for every
// kind: the uid, the creation time, generation 1, no resourceVersion,
// deletionTimestamp, selfLink or deletionGracePeriodSeconds. A uid or
// resourceVersion copied from an existing object is replaced with a
// warning. The name must already be set (see [PrepareForCreate] for
// `generateName`).
func (m *ObjectMeta) PrepareForCreate(kind string, uid UID, created time.Time) Warnings {
	var w Warnings
	if m.UID != "" && m.UID != uid {
		w = append(w, Warning{"metadata.uid", fmt.Sprintf("replaced %q with the new %s's uid %q: every object gets its own uid when it is created", string(m.UID), kind, string(uid))})
	}
	m.UID = uid
	if m.ResourceVersion != "" {
		w = append(w, Warning{"metadata.resourceVersion", fmt.Sprintf("removed %q: a new object has no resourceVersion (was the manifest copied from an existing %s?)", m.ResourceVersion, kind)})
		m.ResourceVersion = ""
	}
	m.CreationTimestamp = NewTime(created)
	m.Generation = 1
	m.DeletionTimestamp = nil
	delete(m.Unknown, "selfLink")
	delete(m.Unknown, "deletionGracePeriodSeconds")
	if len(m.Unknown) == 0 {
		m.Unknown = nil
	}
	return w
}

// sameMap reports whether a and b are the same map, not merely equal.
func sameMap(a, b map[string]string) bool {
	return reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// isManual reports whether the user chose the selector.
func isManual(job *Job) bool {
	return job.Spec.ManualSelector != nil && *job.Spec.ManualSelector
}

// generate is automatic mode: selector and labels from the uid and name.
func generate(job *Job, keys labelKeys, w Warnings) Warnings {
	uid, name := job.ObjectMeta.UID, job.ObjectMeta.Name
	tmpl := &job.Spec.Template.ObjectMeta
	jobLabelsDefaulted := len(job.ObjectMeta.Labels) == 0 || maps.Equal(job.ObjectMeta.Labels, tmpl.Labels)

	if tmpl.Labels == nil {
		tmpl.Labels = make(map[string]string, 4)
	}
	w = refreshSystemLabels(tmpl.Labels, keys, uid, name, "spec.template.metadata.labels", w)
	for _, k := range keys.uidKeys {
		if k != "" {
			tmpl.Labels[k] = string(uid)
		}
	}
	for _, k := range keys.nameKeys {
		if k != "" {
			tmpl.Labels[k] = name
		}
	}

	switch sel := job.Spec.Selector; {
	case sel == nil:
		job.Spec.Selector = keys.generatedSelector(uid)
	case keys.isGenerated(sel, uid):
	default:
		if k, v, ok := keys.staleKey(sel); ok {
			job.Spec.Selector = keys.generatedSelector(uid)
			w = append(w, Warning{"spec.selector", fmt.Sprintf("replaced the selector generated for another Job (%s=%s) with this Job's (%s=%s); set `spec.manualSelector: true` to choose the selector yourself", k, v, keys.selectorKey(), uid)})
		}
		// Any other selector was written by the user without
		// manualSelector: Validate refuses it.
	}

	if jobLabelsDefaulted {
		job.ObjectMeta.Labels = maps.Clone(tmpl.Labels)
	} else {
		w = refreshSystemLabels(job.ObjectMeta.Labels, keys, uid, name, "metadata.labels", w)
	}
	return w
}

// refreshSystemLabels gives every system-owned key of labels the value of
// this Job, with a warning for each value that changes, in key order.
func refreshSystemLabels(labels map[string]string, keys labelKeys, uid UID, name, path string, w Warnings) Warnings {
	var stale []string
	for k, v := range labels {
		if want, ok := keys.systemValue(k, uid, name); ok && v != want {
			stale = append(stale, k)
		}
	}
	slices.Sort(stale)
	for _, k := range stale {
		want, _ := keys.systemValue(k, uid, name)
		what := "the Job's uid"
		if isNameKey(k) {
			what = "the Job's name"
		}
		w = append(w, Warning{path + "[" + k + "]", fmt.Sprintf("replaced %q with %q: the key is owned by the system and holds %s (the copied value would tie the Job to another Job's pods)", labels[k], want, what)})
		labels[k] = want
	}
	return w
}

// NameFromGenerateName makes a name from a `metadata.generateName`
// prefix as the API server does: the prefix, cut so that the result is at
// most 63 bytes, and five characters drawn uniformly, with the randomness
// of random, from an alphabet without vowels (no words) and without
// look-alikes ('0' and 'o', '1' and 'l').
func NameFromGenerateName(prefix string, random io.Reader) (string, error) {
	if len(prefix) > maxGeneratedPrefix {
		prefix = prefix[:maxGeneratedPrefix]
	}
	suffix := make([]byte, 0, nameSuffixLength)
	// Read only as many bytes as characters are missing, so a caller that
	// scripts the random source (a test) knows what each name consumes.
	var buf [nameSuffixLength]byte
	// Rejection sampling keeps every character equally likely.
	const limit = 256 - 256%len(nameSuffixAlphabet)
	for len(suffix) < nameSuffixLength {
		missing := buf[:nameSuffixLength-len(suffix)]
		if _, err := io.ReadFull(random, missing); err != nil {
			return "", fmt.Errorf("jobapi: generating a name from `metadata.generateName`: %w", err)
		}
		for _, b := range missing {
			if int(b) < limit {
				suffix = append(suffix, nameSuffixAlphabet[int(b)%len(nameSuffixAlphabet)])
			}
		}
	}
	return prefix + string(suffix), nil
}

// IsGeneratedName reports whether name could have been made from prefix
// by [NameFromGenerateName]: tests use it to accept any generated name.
func IsGeneratedName(name, prefix string) bool {
	if prefix == "" {
		return false
	}
	if len(prefix) > maxGeneratedPrefix {
		prefix = prefix[:maxGeneratedPrefix]
	}
	suffix, ok := strings.CutPrefix(name, prefix)
	if !ok || len(suffix) != nameSuffixLength {
		return false
	}
	for i := range len(suffix) {
		if strings.IndexByte(nameSuffixAlphabet, suffix[i]) < 0 {
			return false
		}
	}
	return true
}

// generatedSelectorString prints the selector generated for uid, for
// messages.
func (k labelKeys) generatedSelectorString(uid UID) string {
	return selector.Set{k.selectorKey(): string(uid)}.String()
}

// itoa32 prints an int32.
func itoa32(n int32) string { return strconv.FormatInt(int64(n), 10) }
