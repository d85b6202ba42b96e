package jobapi

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/scoreboard"
	"github.com/jobkit/jobkit/selector"
)

// The limits Kubernetes places on a Job.
const (
	// maxParallelismForIndexedJob caps the parallelism of an Indexed Job,
	// which bounds the length of status.completedIndexes.
	maxParallelismForIndexedJob = 100_000
	// maxFailedIndexesForIndexedJob caps maxFailedIndexes.
	maxFailedIndexesForIndexedJob = 100_000
	// Above completionsSoftLimit completions, a Job with a per-index
	// backoff limit needs maxFailedIndexes, and both it and parallelism
	// are capped lower.
	completionsSoftLimit                    = 100_000
	parallelismLimitForHighCompletions      = 10_000
	maxFailedIndexesLimitForHighCompletions = 10_000

	maxPodFailurePolicyRules                   = 20
	maxPodFailurePolicyOnExitCodesValues       = 255
	maxPodFailurePolicyOnPodConditionsPatterns = 20
	maxManagedByLength                         = 63
	maxSucceededIndexesLength                  = 64 * 1024
	maxSuccessPolicyRules                      = 20
)

const nonNegative = "must be greater than or equal to 0"

// Validate checks a Job as a v1.36 API server checks a new one, after
// [PrepareForCreate], and returns every problem as a field error with the
// type and field path Kubernetes uses (the messages are jobkit's, in the
// API conventions' wording, except those about index lists such as
// succeededIndexes, which are the API server's: see
// [scoreboard.ValidateIndexes]). An empty list means the Job is valid. The
// error is for misuse only: a nil job or a bad label key option.
//
// It is Kubernetes' ValidateJob as the Job strategy calls it on create,
// with the default feature gates of v1.36 and the options the strategy
// derives (prefixed label keys required under [KubernetesLabelKeys];
// relaxed env var names; invalid label values in a selector refused). The
// label key options (WithLabelKeys, WithUniqueLabelKey) say which keys
// selector generation wrote.
//
// The rules:
//   - `metadata` as [meta.ValidateObjectMeta] checks it: `name` set and a
//     DNS subdomain (`generateName` too, with a trailing '-' allowed);
//     `namespace`, when set, a DNS label; label keys and values valid
//     (`metadata.labels`, one error per broken rule); annotation keys
//     valid and annotations at most 256 KiB (`metadata.annotations`);
//     `generation` not negative; owner references, finalizers and
//     managedFields valid. Name errors carry Kubernetes' messages.
//   - Automatic mode (`manualSelector` unset or false) with a selector:
//     `metadata.uid` set; each generated key in the pod template's labels
//     with the Job's uid or name (`spec.template.metadata.labels[<key>]`);
//     the selector selecting the labels selector generation writes, under
//     the label keys given or the labels of both key families together, as
//     Kubernetes checks it, so that a Job stored by a v1.36 API server
//     (selector on `batch.kubernetes.io/controller-uid`) validates under
//     the default keys (else Invalid at `spec.selector`, with a message
//     that says to set `spec.manualSelector: true` or to remove
//     `spec.selector`).
//   - `spec.selector` set and valid (package selector's
//     ValidateLabelSelector); it must select the pod template's labels,
//     else Invalid at `spec.template.metadata.labels` (also when it is
//     missing: no selector selects nothing). An empty selector in manual
//     mode is valid, as in Kubernetes (PrepareForCreate warns that it
//     selects every pod in the namespace).
//   - `parallelism`, `completions`, `activeDeadlineSeconds`,
//     `backoffLimit`, `ttlSecondsAfterFinished`, `backoffLimitPerIndex`
//     and `maxFailedIndexes` greater than or equal to 0; `maxFailedIndexes`
//     only with `backoffLimitPerIndex`; `managedBy` a domain-prefixed path
//     of at most 63 bytes.
//   - `completionMode` 'NonIndexed' or 'Indexed'. Indexed: `completions`
//     set, `parallelism` at most 100000, `maxFailedIndexes` at most
//     `completions` and 100000; above 100000 completions with
//     `backoffLimitPerIndex`, `maxFailedIndexes` set and it and
//     `parallelism` at most 10000; `<name>-<completions-1>`, the hostname
//     of the last pod, a DNS label (at `metadata.name`). `backoffLimitPerIndex`,
//     `maxFailedIndexes` and `successPolicy` only for Indexed Jobs.
//   - `podFailurePolicy` and `successPolicy` rules as Kubernetes checks
//     them (`succeededIndexes` read as Kubernetes reads it: leading zeros
//     and a '+' sign are accepted); `podReplacementPolicy`
//     'TerminatingOrFailed' or 'Failed' (only 'Failed' with a pod failure
//     policy).
//   - The pod template: labels and annotations valid (reported at
//     `spec.template.labels` and `spec.template.annotations`, as
//     Kubernetes reports them), the pod spec as [core.ValidatePodSpec]
//     checks it with [core.JobPodValidationOptions], `restartPolicy`
//     'OnFailure' or 'Never' (only 'Never' with a pod failure policy).
//
// Unlike Kubernetes, a missing `metadata.namespace` is allowed: it comes
// from the request, not the manifest.
func Validate(job *Job, opts ...ValidateOption) (field.ErrorList, error) {
	if job == nil {
		return nil, errors.New("jobapi: Validate needs a Job, not nil")
	}
	keys, err := buildValidateOptions(opts)
	if err != nil {
		return nil, err
	}
	return validateJob(job, keys, core.JobPodValidationOptions(), nil), nil
}

// validateJob is Validate with resolved options: keys are the label keys,
// pod the options of the pod template's validation (its
// AllowInvalidLabelValueInSelector relaxes `spec.selector` too, as in
// Kubernetes, where the Job's options embed the pod's); oldTemplate is the
// stored Job's template on an update (nil on create), whose grandfathered
// contents stay acceptable (core.ValidatePodTemplateSpecUpdate).
func validateJob(job *Job, keys labelKeys, pod core.PodValidationOptions, oldTemplate *core.PodTemplateSpec) field.ErrorList {
	errs := meta.ValidateObjectMeta(&job.ObjectMeta, field.NewPath("metadata"), meta.ObjectMetaOptions{})
	if !isManual(job) && job.Spec.Selector != nil {
		errs = validateGenerated(job, keys, errs)
	}
	spec := field.NewPath("spec")
	errs = validateSpec(&job.Spec, spec, pod, oldTemplate, errs)
	errs = validateSelector(job, spec, pod.AllowInvalidLabelValueInSelector, errs)
	errs = validateIndexedHostname(job, errs)
	return errs
}

// validateGenerated checks automatic mode with a selector, as
// Kubernetes does: the uid, the generated template labels, and a selector
// that selects the labels selector generation writes.
func validateGenerated(job *Job, keys labelKeys, errs field.ErrorList) field.ErrorList {
	uid, name := job.ObjectMeta.UID, job.ObjectMeta.Name
	if uid == "" {
		errs = append(errs, field.Required(field.NewPath("metadata", "uid"), "must be set when the selector is generated: it is the value the selector selects on"))
	}
	tmpl := job.Spec.Template.ObjectMeta.Labels
	for _, k := range keys.uidKeys {
		if k != "" {
			errs = validateHasLabel(tmpl, k, string(uid), errs)
		}
	}
	for _, k := range keys.nameKeys {
		if k != "" {
			errs = validateHasLabel(tmpl, k, name, errs)
		}
	}
	sel := job.Spec.Selector
	if keys.isGenerated(sel, uid) {
		return errs
	}
	s, err := selector.FromLabelSelector(sel)
	if err != nil || s.Matches(keys.expectedLabels(uid, name)) || s.Matches(anyFamilyLabels(uid, name)) {
		return errs
	}
	return append(errs, field.Invalid(field.NewPath("spec", "selector"), sel,
		"must select the labels selector generation writes ("+keys.expectedLabels(uid, name).String()+") when `spec.manualSelector` is unset or false: remove `spec.selector` to have one generated, or set `spec.manualSelector: true` to choose the selector yourself"))
}

// anyFamilyLabels are the labels of both key families for a Job with
// this uid and name: the unprefixed ones and the `batch.kubernetes.io/`
// ones. A selector that selects them is one that selector generation of
// either family could have written, so a Job stored by a v1.36 API server
// (selector on `batch.kubernetes.io/controller-uid`) validates under the
// design documents' keys, and one created by jobkit under them validates
// under [KubernetesLabelKeys]: Kubernetes too checks a selector against
// the union of both families (validateGeneratedSelector).
func anyFamilyLabels(uid meta.UID, name string) selector.Set {
	return selector.Set{
		ControllerUIDLabel:           string(uid),
		JobNameLabel:                 name,
		KubernetesControllerUIDLabel: string(uid),
		KubernetesJobNameLabel:       name,
	}
}

// validateHasLabel checks that the pod template's labels hold key with
// value want.
func validateHasLabel(labels map[string]string, key, want string, errs field.ErrorList) field.ErrorList {
	got, ok := labels[key]
	if ok && got == want {
		return errs
	}
	path := field.NewPath("spec", "template", "metadata", "labels").Key(key)
	if !ok {
		return append(errs, field.Required(path, "must be '"+want+"'"))
	}
	return append(errs, field.Invalid(path, got, "must be '"+want+"'"))
}

// validateSelector checks that the selector is set and valid, and that it
// selects the pod template's labels. allowInvalidValues accepts invalid
// label values in `matchExpressions` (an update of a Job that already had
// them); such a selector selects nothing, so the template check is
// skipped, as Kubernetes skips it.
func validateSelector(job *Job, spec *field.Path, allowInvalidValues bool, errs field.ErrorList) field.ErrorList {
	path := spec.Child("selector")
	sel := job.Spec.Selector
	tmpl := job.Spec.Template.ObjectMeta.Labels
	if sel == nil {
		detail := "must be specified when `manualSelector` is true"
		if !isManual(job) {
			detail = "is generated when the Job is created (PrepareForCreate)"
		}
		return append(errs,
			field.Required(path, detail),
			field.Invalid(spec.Child("template", "metadata", "labels"), tmpl, "must be selected by `spec.selector`, which is missing and selects nothing"))
	}
	lsOpts := selector.LabelSelectorValidationOptions{AllowInvalidLabelValueInSelector: allowInvalidValues}
	if e := selector.ValidateLabelSelector(sel, lsOpts, path); len(e) > 0 {
		return append(errs, e...)
	}
	if len(sel.MatchExpressions) == 0 && len(sel.MatchLabels) == 1 {
		for k, v := range sel.MatchLabels {
			if got, ok := tmpl[k]; ok && got == v {
				return errs // selected, without building the selector
			}
		}
	}
	s, err := selector.FromLabelSelector(sel)
	if err == nil && !s.Matches(selector.Set(tmpl)) {
		errs = append(errs, field.Invalid(spec.Child("template", "metadata", "labels"), tmpl,
			"must be selected by `spec.selector`, or the Job would not find the pods it creates"))
	}
	return errs
}

// validateIndexedHostname checks that the pod with the highest completion
// index of an Indexed Job gets a valid hostname, `<name>-<index>`.
func validateIndexedHostname(job *Job, errs field.ErrorList) field.ErrorList {
	spec := &job.Spec
	name := job.ObjectMeta.Name
	if !isIndexed(spec) || spec.Completions == nil || *spec.Completions <= 0 {
		return errs
	}
	if indexedHostnameValid(name, *spec.Completions-1) {
		return errs
	}
	host := name + "-" + itoa32(*spec.Completions-1)
	if !validation.IsDNSLabel(host) {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), name, fmt.Sprintf(
			"must make '%s', the hostname of the pod with the highest completion index, a DNS label (at most 63 lower-case letters, digits and '-')", host)))
	}
	return errs
}

// indexedHostnameValid reports, without allocating, that
// `<name>-<index>` is a DNS label when name is one and the whole fits in
// 63 bytes: the usual case. When it returns false the caller builds the
// hostname and asks validation.IsDNSLabel.
func indexedHostnameValid(name string, index int32) bool {
	digits := 1
	for n := index; n >= 10; n /= 10 {
		digits++
	}
	return index >= 0 && len(name)+1+digits <= validation.DNSLabelMaxLength && validation.IsDNSLabel(name)
}

func isIndexed(spec *JobSpec) bool {
	return spec.CompletionMode != nil && *spec.CompletionMode == IndexedCompletion
}

// validateSpec checks the fields of the spec other than the selector.
func validateSpec(spec *JobSpec, path *field.Path, pod core.PodValidationOptions, oldTemplate *core.PodTemplateSpec, errs field.ErrorList) field.ErrorList {
	errs = nonNegative32(spec.Parallelism, path, "parallelism", errs)
	errs = nonNegative32(spec.Completions, path, "completions", errs)
	if v := spec.ActiveDeadlineSeconds; v != nil && *v < 0 {
		errs = append(errs, field.Invalid(path.Child("activeDeadlineSeconds"), *v, nonNegative))
	}
	errs = nonNegative32(spec.BackoffLimit, path, "backoffLimit", errs)
	errs = nonNegative32(spec.TTLSecondsAfterFinished, path, "ttlSecondsAfterFinished", errs)
	errs = nonNegative32(spec.BackoffLimitPerIndex, path, "backoffLimitPerIndex", errs)
	if spec.MaxFailedIndexes != nil {
		errs = nonNegative32(spec.MaxFailedIndexes, path, "maxFailedIndexes", errs)
		if spec.BackoffLimitPerIndex == nil {
			errs = append(errs, field.Required(path.Child("backoffLimitPerIndex"), "must be specified when `maxFailedIndexes` is specified"))
		}
	}
	if spec.ManagedBy != nil {
		errs = validateManagedBy(*spec.ManagedBy, path.Child("managedBy"), errs)
	}
	errs = validateCompletionMode(spec, path, errs)
	if spec.PodFailurePolicy != nil {
		errs = validatePodFailurePolicy(spec, path.Child("podFailurePolicy"), errs)
	}
	if spec.SuccessPolicy != nil {
		if !isIndexed(spec) {
			errs = append(errs, field.Invalid(path.Child("successPolicy"), spec.SuccessPolicy, "may only be specified when `completionMode` is 'Indexed'"))
		} else {
			errs = validateSuccessPolicy(spec, path.Child("successPolicy"), errs)
		}
	}
	if p := spec.PodReplacementPolicy; p != nil {
		switch {
		case spec.PodFailurePolicy != nil && *p != Failed:
			errs = append(errs, field.NotSupported(path.Child("podReplacementPolicy"), *p, []PodReplacementPolicy{Failed}))
		case *p != Failed && *p != TerminatingOrFailed:
			errs = append(errs, field.NotSupported(path.Child("podReplacementPolicy"), *p, []PodReplacementPolicy{Failed, TerminatingOrFailed}))
		}
	}
	errs = validatePodTemplate(&spec.Template, oldTemplate, path, pod, errs)
	rp := spec.Template.Spec.RestartPolicy
	rpPath := func() *field.Path { return path.Child("template", "spec", "restartPolicy") }
	switch {
	case rp == "" || rp == core.RestartPolicyAlways:
		errs = append(errs, field.Required(rpPath(), "must be 'OnFailure' or 'Never' for the pods of a Job"))
	case rp != core.RestartPolicyOnFailure && rp != core.RestartPolicyNever:
		errs = append(errs, field.NotSupported(rpPath(), rp, []core.RestartPolicy{core.RestartPolicyOnFailure, core.RestartPolicyNever}))
	case spec.PodFailurePolicy != nil && rp != core.RestartPolicyNever:
		errs = append(errs, field.Invalid(rpPath(), rp, "must be 'Never' when `podFailurePolicy` is specified"))
	}
	return errs
}

// nonNegative32 checks the field name of path, when set.
func nonNegative32(v *int32, path *field.Path, name string, errs field.ErrorList) field.ErrorList {
	if v != nil && *v < 0 {
		errs = append(errs, field.Invalid(path.Child(name), *v, nonNegative))
	}
	return errs
}

// validateManagedBy checks a domain-prefixed path such as
// 'kueue.x-k8s.io/multikueue'.
func validateManagedBy(s string, path *field.Path, errs field.ErrorList) field.ErrorList {
	if s == "" {
		return append(errs, field.Required(path, "must be a domain-prefixed path (e.g. 'example.com/controller')"))
	}
	domain, rest, ok := strings.Cut(s, "/")
	if !ok || domain == "" || rest == "" {
		errs = append(errs, field.Invalid(path, s, "must be a domain-prefixed path (e.g. 'example.com/controller')"))
	} else {
		errs = append(errs, validation.ValidateDNSSubdomain(domain, path)...)
		for i := 0; i < len(rest); i++ {
			if !isHTTPPathByte(rest[i]) {
				errs = append(errs, field.Invalid(path, rest, "must consist of letters, digits and the characters '/-._~%!$&'()*+,;=:' after the domain"))
				break
			}
		}
	}
	if len(s) > maxManagedByLength {
		errs = append(errs, field.TooLong(path, s, maxManagedByLength))
	}
	return errs
}

// isHTTPPathByte reports whether c may appear in the path part of a
// domain-prefixed path such as `spec.managedBy`.
func isHTTPPathByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("/-._~%!$&'()*+,;=:", c) >= 0
}

// validateCompletionMode checks the completion mode and the rules that
// depend on it.
func validateCompletionMode(spec *JobSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
	mode := spec.CompletionMode
	if mode != nil && *mode != NonIndexedCompletion && *mode != IndexedCompletion {
		errs = append(errs, field.NotSupported(path.Child("completionMode"), *mode, []CompletionMode{NonIndexedCompletion, IndexedCompletion}))
	}
	if mode == nil || *mode == NonIndexedCompletion {
		if v := spec.BackoffLimitPerIndex; v != nil {
			errs = append(errs, field.Invalid(path.Child("backoffLimitPerIndex"), *v, "may only be specified when `completionMode` is 'Indexed'"))
		}
		if v := spec.MaxFailedIndexes; v != nil {
			errs = append(errs, field.Invalid(path.Child("maxFailedIndexes"), *v, "may only be specified when `completionMode` is 'Indexed'"))
		}
		return errs
	}
	if *mode != IndexedCompletion {
		return errs
	}
	completions, parallelism, maxFailed := spec.Completions, spec.Parallelism, spec.MaxFailedIndexes
	if completions == nil {
		errs = append(errs, field.Required(path.Child("completions"), "must be specified when `completionMode` is 'Indexed'"))
	}
	if parallelism != nil && *parallelism > maxParallelismForIndexedJob {
		errs = append(errs, field.Invalid(path.Child("parallelism"), *parallelism, "must be less than or equal to 100000 when `completionMode` is 'Indexed'"))
	}
	if completions != nil && maxFailed != nil && *maxFailed > *completions {
		errs = append(errs, field.Invalid(path.Child("maxFailedIndexes"), *maxFailed, "must be less than or equal to `completions`"))
	}
	if maxFailed != nil && *maxFailed > maxFailedIndexesForIndexedJob {
		errs = append(errs, field.Invalid(path.Child("maxFailedIndexes"), *maxFailed, "must be less than or equal to 100000"))
	}
	if completions != nil && *completions > completionsSoftLimit && spec.BackoffLimitPerIndex != nil {
		const when = " when `completions` is greater than 100000 and `backoffLimitPerIndex` is specified"
		if maxFailed == nil {
			errs = append(errs, field.Required(path.Child("maxFailedIndexes"), "must be specified"+when))
		}
		if parallelism != nil && *parallelism > parallelismLimitForHighCompletions {
			errs = append(errs, field.Invalid(path.Child("parallelism"), *parallelism, "must be less than or equal to 10000"+when))
		}
		if maxFailed != nil && *maxFailed > maxFailedIndexesLimitForHighCompletions {
			errs = append(errs, field.Invalid(path.Child("maxFailedIndexes"), *maxFailed, "must be less than or equal to 10000"+when))
		}
	}
	return errs
}

// validatePodTemplate checks a Job's pod template; spec is the path of the
// Job's spec. Like Kubernetes, it reports the template's labels and
// annotations at `spec.template.labels` and `spec.template.annotations`.
func validatePodTemplate(t, old *core.PodTemplateSpec, spec *field.Path, opts core.PodValidationOptions, errs field.ErrorList) field.ErrorList {
	if old != nil {
		return append(errs, core.ValidatePodTemplateSpecUpdate(t, old, spec.Child("template"), opts)...)
	}
	return append(errs, core.ValidatePodTemplateSpec(t, spec.Child("template"), opts)...)
}

// containerNamed reports whether one of cs is named name. A linear scan:
// pods have a handful of containers, and it allocates nothing.
func containerNamed(cs []core.Container, name string) bool {
	for i := range cs {
		if cs[i].Name == name {
			return true
		}
	}
	return false
}

// The values a pod failure policy may use, sorted as Kubernetes lists
// them.
func podFailurePolicyActions() []PodFailurePolicyAction {
	return []PodFailurePolicyAction{
		PodFailurePolicyActionCount, PodFailurePolicyActionFailIndex, PodFailurePolicyActionFailJob, PodFailurePolicyActionIgnore,
	}
}

func exitCodeOperators() []PodFailurePolicyOnExitCodesOperator {
	return []PodFailurePolicyOnExitCodesOperator{PodFailurePolicyOnExitCodesOpIn, PodFailurePolicyOnExitCodesOpNotIn}
}

func conditionStatuses() []ConditionStatus {
	return []ConditionStatus{ConditionFalse, ConditionTrue, ConditionUnknown}
}

// validatePodFailurePolicy checks the rules of a pod failure policy. Field
// paths are built only for errors.
func validatePodFailurePolicy(spec *JobSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
	rules := spec.PodFailurePolicy.Rules
	rulesPath := func() *field.Path { return path.Child("rules") }
	if len(rules) > maxPodFailurePolicyRules {
		errs = append(errs, field.TooMany(rulesPath(), len(rules), maxPodFailurePolicyRules))
	}
	ps := &spec.Template.Spec
	for i := range rules {
		r := &rules[i]
		p := func() *field.Path { return rulesPath().Index(i) }
		switch {
		case r.Action == "":
			errs = append(errs, field.Required(p().Child("action"), "must be 'Count', 'FailIndex', 'FailJob' or 'Ignore'"))
		case r.Action == PodFailurePolicyActionFailIndex:
			if spec.BackoffLimitPerIndex == nil {
				errs = append(errs, field.Invalid(p().Child("action"), r.Action, "may only be 'FailIndex' when `backoffLimitPerIndex` is specified"))
			}
		case !slices.Contains(podFailurePolicyActions(), r.Action):
			errs = append(errs, field.NotSupported(p().Child("action"), r.Action, podFailurePolicyActions()))
		}
		if r.OnExitCodes != nil {
			errs = validateOnExitCodes(r.OnExitCodes, func() *field.Path { return p().Child("onExitCodes") }, ps, errs)
		}
		if len(r.OnPodConditions) > 0 {
			errs = validateOnPodConditions(r.OnPodConditions, func() *field.Path { return p().Child("onPodConditions") }, errs)
		}
		if (r.OnExitCodes != nil) == (len(r.OnPodConditions) > 0) {
			errs = append(errs, field.Invalid(p(), r, "must specify exactly one of `onExitCodes` and `onPodConditions`"))
		}
	}
	return errs
}

func validateOnExitCodes(r *PodFailurePolicyOnExitCodesRequirement, path func() *field.Path, ps *core.PodSpec, errs field.ErrorList) field.ErrorList {
	switch {
	case r.Operator == "":
		errs = append(errs, field.Required(path().Child("operator"), "must be 'In' or 'NotIn'"))
	case !slices.Contains(exitCodeOperators(), r.Operator):
		errs = append(errs, field.NotSupported(path().Child("operator"), r.Operator, exitCodeOperators()))
	}
	if c := r.ContainerName; c != nil && !containerNamed(ps.Containers, *c) && !containerNamed(ps.InitContainers, *c) {
		errs = append(errs, field.Invalid(path().Child("containerName"), *c, "must be the name of a container or init container of the pod template"))
	}
	values := func() *field.Path { return path().Child("values") }
	switch {
	case len(r.Values) == 0:
		errs = append(errs, field.Invalid(values(), r.Values, "must have at least one value"))
	case len(r.Values) > maxPodFailurePolicyOnExitCodesValues:
		errs = append(errs, field.TooMany(values(), len(r.Values), maxPodFailurePolicyOnExitCodesValues))
	}
	ordered := true
	for j, v := range r.Values {
		if r.Operator == PodFailurePolicyOnExitCodesOpIn && v == 0 {
			errs = append(errs, field.Invalid(values().Index(j), v, "must not be 0 when `operator` is 'In'"))
		}
		if slices.Contains(r.Values[:j], v) {
			errs = append(errs, field.Duplicate(values().Index(j), v))
		}
		if j > 0 && r.Values[j-1] > v {
			ordered = false
		}
	}
	if !ordered {
		errs = append(errs, field.Invalid(values(), r.Values, "must be sorted in increasing order"))
	}
	return errs
}

func validateOnPodConditions(ps []PodFailurePolicyOnPodConditionsPattern, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	if len(ps) > maxPodFailurePolicyOnPodConditionsPatterns {
		errs = append(errs, field.TooMany(path(), len(ps), maxPodFailurePolicyOnPodConditionsPatterns))
	}
	for j := range ps {
		p := func() *field.Path { return path().Index(j) }
		if !validation.IsQualifiedName(string(ps[j].Type)) {
			errs = append(errs, validation.ValidateQualifiedName(string(ps[j].Type), p().Child("type"))...)
		}
		switch st := ps[j].Status; {
		case st == "":
			errs = append(errs, field.Required(p().Child("status"), "must be 'False', 'True' or 'Unknown'"))
		case !slices.Contains(conditionStatuses(), st):
			errs = append(errs, field.NotSupported(p().Child("status"), st, conditionStatuses()))
		}
	}
	return errs
}

// validateSuccessPolicy checks the rules of an Indexed Job's success
// policy.
func validateSuccessPolicy(spec *JobSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
	rules := spec.SuccessPolicy.Rules
	rulesPath := path.Child("rules")
	if len(rules) == 0 {
		errs = append(errs, field.Required(rulesPath, "must have at least one rule when `successPolicy` is specified"))
	}
	if len(rules) > maxSuccessPolicyRules {
		errs = append(errs, field.TooMany(rulesPath, len(rules), maxSuccessPolicyRules))
	}
	for i := range rules {
		r := &rules[i]
		p := rulesPath.Index(i)
		if r.SucceededCount == nil && r.SucceededIndexes == nil {
			errs = append(errs, field.Required(p, "must specify `succeededCount`, `succeededIndexes` or both"))
		}
		var total int64
		if r.SucceededIndexes != nil {
			ip := p.Child("succeededIndexes")
			s := *r.SucceededIndexes
			if len(s) > maxSucceededIndexesLength {
				errs = append(errs, field.TooLong(ip, "", maxSucceededIndexesLength))
			}
			if spec.Completions != nil {
				n, err := scoreboard.ValidateIndexes(s, int(*spec.Completions))
				if err != nil {
					errs = append(errs, field.Invalid(ip, s, "error parsing succeededIndexes: "+err.Error()))
				}
				total = int64(n)
			}
		}
		if r.SucceededCount != nil {
			cp := p.Child("succeededCount")
			n := *r.SucceededCount
			if n < 0 {
				errs = append(errs, field.Invalid(cp, n, nonNegative))
			}
			if spec.Completions != nil && n > *spec.Completions {
				errs = append(errs, field.Invalid(cp, n, "must be less than or equal to `completions` ("+itoa32(*spec.Completions)+")"))
			}
			if r.SucceededIndexes != nil && spec.Completions != nil && int64(n) > total {
				errs = append(errs, field.Invalid(cp, n, "must be less than or equal to the number of indexes in `succeededIndexes` ("+strconv.FormatInt(total, 10)+")"))
			}
		}
	}
	return errs
}
