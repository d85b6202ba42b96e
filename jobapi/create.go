package jobapi

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// CreateOption changes how [PrepareForCreate] works: WithUID,
// WithCreationTime, WithRandom, WithNamespace, and the label key options
// WithLabelKeys and WithUniqueLabelKey. Validate takes [ValidateOption]s instead, so
// an option that means nothing to a function does not compile there.
type CreateOption interface {
	applyCreate(*createOptions)
}

// ValidateOption changes how [Validate] and [ValidateUpdate] work: the
// label key options WithLabelKeys and WithUniqueLabelKey, which say which
// labels selector generation wrote.
type ValidateOption interface {
	applyValidate(*validateOptions)
}

// LabelKeyOption chooses the label keys of selector generation. It is
// both a [CreateOption] and a [ValidateOption]: give the same one to
// PrepareForCreate and to Validate.
//
// +jobkit:deepcopy=false
type LabelKeyOption struct {
	policy    LabelKeyPolicy
	unique    string
	setPolicy bool
	setUnique bool
}

func (l LabelKeyOption) applyCreate(o *createOptions)     { l.apply(&o.keys) }
func (l LabelKeyOption) applyValidate(o *validateOptions) { l.apply(&o.keys) }

func (l LabelKeyOption) apply(k *keyOptions) {
	if l.setPolicy {
		k.policy = l.policy
	}
	if l.setUnique {
		k.unique = l.unique
	}
}

// keyOptions are the label key choices, before they are resolved.
type keyOptions struct {
	policy LabelKeyPolicy
	unique string
}

// createOption is a CreateOption that only PrepareForCreate reads.
type createOption func(*createOptions)

func (f createOption) applyCreate(o *createOptions) { f(o) }

type createOptions struct {
	keys      keyOptions
	uid       meta.UID
	created   time.Time
	random    io.Reader
	hasRandom bool
	namespace string
}

// DefaultNamespace is the namespace [PrepareForCreate] gives a Job that
// names none, when no WithNamespace says otherwise: the namespace kubectl
// sends a request to when neither the manifest nor the kubeconfig
// context names one.
const DefaultNamespace = "default"

// WithNamespace makes [PrepareForCreate] create the Job in namespace ns,
// as the namespace of the request (kubectl's `--namespace`/`-n`) does: a
// Job without `metadata.namespace` gets ns, and a Job that names another
// namespace is an error, worded as kubectl words it. An empty ns is the
// same as no WithNamespace: the manifest's namespace, or
// [DefaultNamespace].
func WithNamespace(ns string) CreateOption {
	return createOption(func(o *createOptions) { o.namespace = ns })
}

// NamespaceMismatchError is the error of [PrepareForCreate] for a Job
// whose `metadata.namespace` differs from the namespace of WithNamespace.
//
// +jobkit:deepcopy=false
type NamespaceMismatchError struct {
	// Object is the namespace the Job names; Request is WithNamespace's.
	Object, Request string
}

// Error words the error as kubectl does: `the namespace from the provided
// object "a" does not match the namespace "b". You must pass
// '--namespace=a' to perform this operation.`
func (e *NamespaceMismatchError) Error() string {
	return fmt.Sprintf("the namespace from the provided object %q does not match the namespace %q. You must pass '--namespace=%s' to perform this operation.", e.Object, e.Request, e.Object)
}

type validateOptions struct {
	keys keyOptions
}

// WithUID makes [PrepareForCreate] give the Job this uid instead of a new
// random one. Two Jobs must never share a uid: their generated selectors
// would select each other's pods.
func WithUID(uid meta.UID) CreateOption { return createOption(func(o *createOptions) { o.uid = uid }) }

// WithLabelKeys chooses the label keys selector generation writes (and
// Validate expects): [SeedLabelKeys], the default, or [KubernetesLabelKeys].
// Another value makes PrepareForCreate and Validate return an error.
func WithLabelKeys(p LabelKeyPolicy) LabelKeyOption {
	return LabelKeyOption{policy: p, setPolicy: true}
}

// WithUniqueLabelKey makes selector generation select on key, a label key
// the user chooses (such as `example.com/run-id`), instead of the
// policy's controller-uid key: the generated selector is
// `matchLabels: {<key>: <uid>}` and the pod template gets `<key>=<uid>`
// and the policy's job-name keys. It is the `uniqueLabelKey` of the API
// conventions. key must be a valid label key other than a job-name key,
// or PrepareForCreate and Validate return an error.
func WithUniqueLabelKey(key string) LabelKeyOption {
	return LabelKeyOption{unique: key, setUnique: true}
}

// WithCreationTime sets the `metadata.creationTimestamp` [PrepareForCreate]
// writes, instead of the current time.
func WithCreationTime(t time.Time) CreateOption {
	return createOption(func(o *createOptions) { o.created = t })
}

// WithRandom makes [PrepareForCreate] read the randomness of a generated
// uid and of a name made from `metadata.generateName` from r instead of
// crypto/rand, for reproducible results in tests. A nil r is an error.
func WithRandom(r io.Reader) CreateOption {
	return createOption(func(o *createOptions) { o.random, o.hasRandom = r, true })
}

// defaultKeys are the keys of SeedLabelKeys, resolved.
var defaultKeys = labelKeys{uidKeys: [2]string{ControllerUIDLabel}, nameKeys: [2]string{JobNameLabel}}

func buildCreateOptions(opts []CreateOption) (createOptions, labelKeys, error) {
	var o createOptions
	if len(opts) == 0 {
		return o, defaultKeys, nil
	}
	for _, opt := range opts {
		if opt != nil {
			opt.applyCreate(&o)
		}
	}
	if o.hasRandom && o.random == nil {
		return o, labelKeys{}, errors.New("jobapi: WithRandom needs a non-nil reader")
	}
	keys, err := resolveLabelKeys(o.keys.policy, o.keys.unique)
	return o, keys, err
}

func buildValidateOptions(opts []ValidateOption) (labelKeys, error) {
	if len(opts) == 0 {
		return defaultKeys, nil
	}
	var keys keyOptions
	for _, opt := range opts {
		// LabelKeyOption is the only ValidateOption (the interface is
		// sealed); calling it directly keeps the options off the heap.
		if l, ok := opt.(LabelKeyOption); ok {
			l.apply(&keys)
		}
	}
	return resolveLabelKeys(keys.policy, keys.unique)
}

// Name generation as Kubernetes does it for `metadata.generateName`: the
// prefix, cut to leave room, and five characters from an alphabet without
// vowels (no words) and without look-alikes.
const (
	nameSuffixAlphabet = "bcdfghjklmnpqrstvwxz2456789"
	nameSuffixLength   = 5
	maxGeneratedPrefix = validation.DNSLabelMaxLength - nameSuffixLength
)

// PrepareForCreate does to job what an API server does to a new Job
// before it validates and stores it, and returns what the user should
// know about the changes. It never rejects input: call [Validate] next.
// Its error is reserved for misuse (a nil job, a bad option, a failing
// WithRandom reader, a namespace that contradicts WithNamespace); then job
// is unchanged.
//
// The request's part, checked first:
//   - `metadata.namespace`: an empty one becomes the namespace of
//     WithNamespace, or [DefaultNamespace]. A namespace that differs from
//     WithNamespace's is an error (`the namespace from the provided object
//     "a" does not match the namespace "b". You must pass
//     '--namespace=a' to perform this operation.`, as kubectl says it; a
//     [*NamespaceMismatchError]).
//   - Members jobkit does not model that are still held in an Unknown
//     map are dropped, without a warning: the typed object an API
//     server's strategy sees has no place for them. Refusing them, or
//     warning about each, is the request decoder's part, as on the
//     server: decode with conversion.WithFieldValidation
//     (FieldValidationWarn drops them with one warning each,
//     [DropUnknownFields]; FieldValidationStrict refuses them).
//   - The pod template gets the core/v1 defaults the API server applies
//     while decoding ([core.SetDefaultsPodTemplateSpec]: imagePullPolicy,
//     dnsPolicy, terminationMessagePath, ...), which Validate then
//     requires. They never overwrite a value, so a Job conversion.Decode
//     read is unchanged; a Job built in Go gets them here.
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
// Manual mode (`spec.manualSelector: true`): the selector and the
// template's labels are left exactly as they are.
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
//     warning. Any other selector gets the uid term added to its
//     `matchLabels` when it lacks one, as Kubernetes does; [Validate]
//     accepts it only if it selects the labels generation writes.
//   - The Job's own labels, as Kubernetes leaves them: batch/v1 defaulting
//     points empty Job labels at the template's label map (when the
//     template has one), so they end up a copy of the template's final
//     labels, generated keys included, and `kubectl get jobs -l
//     job-name=pi` finds the Job. That happens when the Job's labels are
//     empty or share the template's map, and the template has a label map.
//     Otherwise they are kept as written (no generated labels are added),
//     except that system-owned keys in them get the new Job's values (each
//     change a warning). They never share the template's map afterwards
//     (in manual mode too).
//   - A Job whose name is made from `metadata.generateName` is created, as
//     the API server's generate-name retry does, from a deep copy: Job
//     labels that are empty or shared with a template that has a label
//     map become a copy of the template's labels as written, before
//     selector generation, and get no generated labels.
//
// What the server returns is the Job read back from storage, decoded with
// batch/v1's defaults again: call [ReadBack] after Validate for it (in
// automatic mode, a Job with no labels whose template had none gets the
// generated labels there, as `kubectl get job -o yaml` shows them).
//
// In manual mode an empty selector is left alone (Kubernetes accepts it)
// with a warning: it selects every pod in the namespace.
//
// Under [KubernetesLabelKeys] an unset `spec.manualSelector` becomes
// false, as Kubernetes' batch/v1 defaults store it; under [SeedLabelKeys]
// it stays unset (the selector-generation design: unset and false mean
// the same, and the stored Job says only what the user wrote).
//
// Then the pod template's fields whose feature gate is off by default in
// Kubernetes v1.36 are dropped ([core.DropDisabledTemplateFields]), as the
// Job strategy does after generating the selector.
//
// After this, the Job selects its own pods only: no pod of another Job
// carries its uid.
//
// Finally a name that is a valid DNS subdomain but not a DNS label gets a
// warning: it becomes part of pod names and hostnames.
func PrepareForCreate(job *Job, opts ...CreateOption) (meta.Warnings, error) {
	if job == nil {
		return nil, errors.New("jobapi: PrepareForCreate needs a Job, not nil")
	}
	o, keys, err := buildCreateOptions(opts)
	if err != nil {
		return nil, err
	}
	generatedName := job.ObjectMeta.Name == "" && job.ObjectMeta.GenerateName != ""
	// The API server defaults the template while decoding the request;
	// a Job built in Go gets the same defaults here (they never
	// overwrite, so a decoded Job is unchanged).
	w, err := prepareObject(job, &job.ObjectMeta, "Job", o, func() { core.SetDefaultsPodTemplateSpec(&job.Spec.Template) })
	if err != nil {
		return nil, err
	}
	job.Status = JobStatus{}

	if generatedName && jobLabelsFromTemplate(job) {
		// The API server creates a Job with a generated name from a deep
		// copy of the decoded one (its generate-name retry): the Job's
		// labels become a copy of the template's as the user wrote them,
		// and the generated labels do not reach them.
		job.ObjectMeta.Labels = maps.Clone(job.Spec.Template.ObjectMeta.Labels)
	}
	if !isManual(job) {
		w = generate(job, keys, w)
	} else {
		if jobLabelsFromTemplate(job) {
			job.ObjectMeta.Labels = maps.Clone(job.Spec.Template.ObjectMeta.Labels)
		}
		if sel := job.Spec.Selector; sel != nil && len(sel.MatchLabels) == 0 && len(sel.MatchExpressions) == 0 {
			w = append(w, meta.Warning{Field: "spec.selector", Message: "is empty and selects every pod in the namespace: the Job will adopt, count and delete pods it did not create; select on labels that only this Job's pod template has"})
		}
	}
	if job.Spec.ManualSelector == nil && o.keys.policy == KubernetesLabelKeys {
		manual := false
		job.Spec.ManualSelector = &manual
	}
	core.DropDisabledTemplateFields(&job.Spec.Template, nil)
	if name := job.ObjectMeta.Name; validation.IsDNSSubdomain(name) && !validation.IsDNSLabel(name) {
		w = append(w, meta.Warning{Field: "metadata.name", Message: "is used in the names and hostnames of the Job's pods, which must be DNS labels; a DNS label (at most 63 lower-case letters, digits and '-') is recommended"})
	}
	return w, nil
}

// ReadBack does to a created Job what the API server does between
// storing it and answering the create: it reads the Job back from
// storage, decoding it with batch/v1's defaults again. Call it after
// [PrepareForCreate] and [Validate] accepted the Job (validation sees the
// Job before the read back, as the API server's does); the result is the
// Job the server returns, and later returns from a get or a list.
//
// Storage keeps built-in objects as protobuf, which has no empty lists
// or maps: every empty list or map of the Job becomes nil (so a list the
// API always writes, such as a podFailurePolicy rule's `values`, comes
// back as `null`, not `[]`). Members held in an Unknown map (none after
// PrepareForCreate) are left as they are.
//
// The only default that can change a created Job is the copy of the pod
// template's labels: Job labels that are empty (an empty map is not even
// stored) become a copy of the template's labels when it has some. So in
// automatic mode a Job with no labels whose template had no labels gets
// the generated labels, as `kubectl get job -o yaml` shows them. A nil
// job is left alone.
func ReadBack(job *Job) {
	if job == nil {
		return
	}
	nilEmpty(reflect.ValueOf(job).Elem())
	if tl := job.Spec.Template.ObjectMeta.Labels; len(job.ObjectMeta.Labels) == 0 && len(tl) > 0 {
		job.ObjectMeta.Labels = maps.Clone(tl)
	}
}

// nilEmpty sets every empty slice and map reachable from v (addressable)
// to nil, as a protobuf round trip does, except in the members jobkit
// does not model (unknownType).
func nilEmpty(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			nilEmpty(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				nilEmpty(f)
			}
		}
	case reflect.Slice:
		if v.IsNil() {
			return
		}
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		for i := range v.Len() {
			nilEmpty(v.Index(i))
		}
	case reflect.Map:
		if v.IsNil() || v.Type() == unknownType {
			return
		}
		if v.Len() == 0 {
			v.SetZero()
			return
		}
		// Map values are not addressable: rewrite those that change.
		if k := v.Type().Elem().Kind(); k == reflect.Slice || k == reflect.Map || k == reflect.Struct || k == reflect.Pointer {
			for _, key := range v.MapKeys() {
				e := reflect.New(v.Type().Elem()).Elem()
				e.Set(v.MapIndex(key))
				nilEmpty(e)
				v.SetMapIndex(key, e)
			}
		}
	}
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
func generate(job *Job, keys labelKeys, w meta.Warnings) meta.Warnings {
	uid, name := job.ObjectMeta.UID, job.ObjectMeta.Name
	tmpl := &job.Spec.Template.ObjectMeta
	labelsFromTemplate := jobLabelsFromTemplate(job)

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
			w = append(w, meta.Warning{Field: "spec.selector", Message: fmt.Sprintf("replaced the selector generated for another Job (%s=%s) with this Job's (%s=%s); set `spec.manualSelector: true` to choose the selector yourself", k, v, keys.selectorKey(), uid)})
			break
		}
		// A selector the user wrote without manualSelector: like
		// Kubernetes, add the uid term when it is missing; Validate
		// accepts the result only if it selects the generated labels.
		if _, ok := sel.MatchLabels[keys.selectorKey()]; !ok {
			if sel.MatchLabels == nil {
				sel.MatchLabels = make(map[string]string, 1)
			}
			sel.MatchLabels[keys.selectorKey()] = string(uid)
		}
	}

	if labelsFromTemplate {
		job.ObjectMeta.Labels = maps.Clone(tmpl.Labels)
	} else if len(job.ObjectMeta.Labels) > 0 {
		w = refreshSystemLabels(job.ObjectMeta.Labels, keys, uid, name, "metadata.labels", w)
	}
	return w
}

// jobLabelsFromTemplate reports whether the Job's labels are the pod
// template's, as batch/v1 defaulting makes them: Kubernetes points empty
// Job labels at the template's label map when the template has one, so
// that selector generation, which writes into that map, labels the Job
// too. That is the case when the two share their map (as decoding leaves
// them), or when the Job has no labels and the template has a label map.
func jobLabelsFromTemplate(job *Job) bool {
	jl, tl := job.ObjectMeta.Labels, job.Spec.Template.ObjectMeta.Labels
	if tl == nil {
		return false
	}
	return len(jl) == 0 || sameMap(jl, tl)
}

// refreshSystemLabels gives every system-owned key of labels the value of
// this Job, with a warning for each value that changes, in key order.
func refreshSystemLabels(labels map[string]string, keys labelKeys, uid meta.UID, name, path string, w meta.Warnings) meta.Warnings {
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
		w = append(w, meta.Warning{Field: path + "[" + k + "]", Message: fmt.Sprintf("replaced %q with %q: the key is owned by the system and holds %s (the copied value would tie the Job to another Job's pods)", labels[k], want, what)})
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
func (k labelKeys) generatedSelectorString(uid meta.UID) string {
	return selector.Set{k.selectorKey(): string(uid)}.String()
}

// itoa32 prints an int32.
func itoa32(n int32) string { return strconv.FormatInt(int64(n), 10) }
