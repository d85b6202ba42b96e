package jobapi

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi/field"
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
	// totalAnnotationSizeLimit bounds the keys and values of an object's
	// annotations together.
	totalAnnotationSizeLimit = 256 * 1024
)

const nonNegative = "must be greater than or equal to 0"

// Validate checks a Job as an API server checks a new one, after
// [PrepareForCreate], and returns every problem as a field error with the
// type and field path Kubernetes uses (the messages are jobkit's, in the
// API conventions' wording). An empty list means the Job is valid.
//
// The options that matter are WithLabelKeys and WithUniqueLabelKey: in
// automatic mode they say which selector and template labels selector
// generation wrote. Bad options give a single InternalError.
//
// The rules:
//   - `metadata`: `name` (or, before PrepareForCreate, `generateName`)
//     set and a DNS subdomain; `namespace`, when set, a DNS label; label
//     keys and values valid (`metadata.labels`); annotation keys valid and
//     annotations at most 256 KiB (`metadata.annotations`).
//   - Automatic mode (`manualSelector` unset or false): `metadata.uid` set;
//     each generated key in the pod template's labels with the Job's uid
//     or name (`spec.template.metadata.labels[<key>]`); the selector
//     exactly the generated one — any other is refused with a message that
//     says to set `spec.manualSelector: true` or to remove `spec.selector`.
//   - `spec.selector` set, valid, and selecting the pod template's labels
//     (else the error is at `spec.template.metadata.labels`); in manual
//     mode it must not be empty, since an empty selector selects every pod
//     in the namespace (Kubernetes accepts it).
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
//     them; `podReplacementPolicy` 'TerminatingOrFailed' or 'Failed' (only
//     'Failed' with a pod failure policy).
//   - The pod template: valid labels and annotations, at least one
//     container, container and volume names DNS labels and unique;
//     `restartPolicy` 'OnFailure' or 'Never' (only 'Never' with a pod
//     failure policy).
//
// Non-goals: the rest of the pod spec, which jobkit keeps unmodeled
// (resources, probes, security contexts), and the downward API, which
// package downward validates (downward.ValidatePodSpec). Unlike
// Kubernetes, a missing `metadata.namespace` is allowed: it comes from
// the request, not the manifest.
func Validate(job *Job, opts ...Option) field.ErrorList {
	if job == nil {
		return field.ErrorList{field.InternalError(nil, errors.New("jobapi: Validate needs a Job, not nil"))}
	}
	_, keys, err := buildOptions(opts)
	if err != nil {
		return field.ErrorList{field.InternalError(field.NewPath("spec", "selector"), err)}
	}
	errs := validateObjectMeta(&job.ObjectMeta, field.NewPath("metadata"), nil)
	selectorReported := false
	if !isManual(job) {
		errs, selectorReported = validateGenerated(job, keys, errs)
	}
	spec := field.NewPath("spec")
	errs = validateSpec(&job.Spec, spec, errs)
	errs = validateSelector(job, keys, selectorReported, spec, errs)
	errs = validateIndexedHostname(job, errs)
	return errs
}

// ValidateObjectMeta checks the metadata a user writes on any object, as
// the API server does: `name` (or `generateName`) a DNS subdomain,
// `namespace` a DNS label, valid label keys and values, valid annotation
// keys and their total size. path is the metadata's path (`metadata`).
func ValidateObjectMeta(m *ObjectMeta, path *field.Path) field.ErrorList {
	return validateObjectMeta(m, path, nil)
}

// validateObjectMeta is [ValidateObjectMeta], appending to errs.
func validateObjectMeta(m *ObjectMeta, path *field.Path, errs field.ErrorList) field.ErrorList {
	if m.GenerateName != "" {
		for _, p := range dnsSubdomainProblems(maskTrailingDash(m.GenerateName)) {
			errs = append(errs, field.Invalid(path.Child("generateName"), m.GenerateName, p))
		}
	}
	if m.Name == "" {
		errs = append(errs, field.Required(path.Child("name"), "`name` or `generateName` must be specified"))
	} else {
		for _, p := range dnsSubdomainProblems(m.Name) {
			errs = append(errs, field.Invalid(path.Child("name"), m.Name, p))
		}
	}
	if m.Namespace != "" {
		for _, p := range dnsLabelProblems(m.Namespace) {
			errs = append(errs, field.Invalid(path.Child("namespace"), m.Namespace, p))
		}
	}
	if !labelsValid(m.Labels) {
		errs = validateLabelMap(m.Labels, path.Child("labels"), errs)
	}
	if len(m.Annotations) > 0 {
		errs = validateAnnotations(m.Annotations, path.Child("annotations"), errs)
	}
	return errs
}

// labelsValid reports whether every key and value of labels is valid,
// without allocating.
func labelsValid(labels map[string]string) bool {
	return len(selector.ValidateLabels(labels, nil)) == 0
}

// validateLabelMap appends the errors of a label map, reported at path as
// Kubernetes does.
func validateLabelMap(labels map[string]string, path *field.Path, errs field.ErrorList) field.ErrorList {
	return append(errs, selector.ValidateLabels(labels, path)...)
}

// validateAnnotations checks annotation keys (label keys, case aside) and
// the total size.
func validateAnnotations(a map[string]string, path *field.Path, errs field.ErrorList) field.ErrorList {
	size := 0
	for _, k := range sortedKeys(a) {
		if e := selector.ValidateQualifiedName(strings.ToLower(k), nil); len(e) > 0 {
			errs = append(errs, field.Invalid(path, k, e[0].Detail))
		}
		size += len(k) + len(a[k])
	}
	if size > totalAnnotationSizeLimit {
		errs = append(errs, field.TooLong(path, "", totalAnnotationSizeLimit))
	}
	return errs
}

// validateGenerated checks automatic mode: the uid, the generated template
// labels and the generated selector. It reports whether it found the
// selector to be wrong.
func validateGenerated(job *Job, keys labelKeys, errs field.ErrorList) (field.ErrorList, bool) {
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
	if sel == nil || keys.isGenerated(sel, uid) {
		return errs, false
	}
	errs = append(errs, field.Invalid(field.NewPath("spec", "selector"), sel,
		"may not be chosen when `spec.manualSelector` is unset or false: remove `spec.selector` to have one generated that selects this Job's pods only (by their '"+keys.selectorKey()+"' label), or set `spec.manualSelector: true` to choose the selector yourself"))
	return errs, true
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

// validateSelector checks that the selector is set, valid, not empty in
// manual mode, and selects the pod template.
func validateSelector(job *Job, keys labelKeys, reported bool, spec *field.Path, errs field.ErrorList) field.ErrorList {
	path := spec.Child("selector")
	sel := job.Spec.Selector
	manual := isManual(job)
	if sel == nil {
		detail := "must be specified when `manualSelector` is true"
		if !manual {
			detail = "is generated when the Job is created (PrepareForCreate): " + keys.generatedSelectorString(job.ObjectMeta.UID)
		}
		return append(errs, field.Required(path, detail))
	}
	valid := true
	if !labelsValid(sel.MatchLabels) {
		valid = false
		errs = validateLabelMap(sel.MatchLabels, path.Child("matchLabels"), errs)
	}
	if len(sel.MatchExpressions) > 0 {
		if e := selector.ValidateLabelSelector(&selector.LabelSelector{MatchExpressions: sel.MatchExpressions}, path); len(e) > 0 {
			valid = false
			errs = append(errs, e...)
		}
	}
	if reported {
		return errs
	}
	if manual && len(sel.MatchLabels) == 0 && len(sel.MatchExpressions) == 0 {
		return append(errs, field.Invalid(path, sel, "must not be empty: an empty selector selects every pod in the namespace; select on labels that only this Job's pod template has"))
	}
	if !valid {
		return errs
	}
	if uid := job.ObjectMeta.UID; !manual && keys.isGenerated(sel, uid) {
		if v, ok := job.Spec.Template.ObjectMeta.Labels[keys.selectorKey()]; ok && v == string(uid) {
			return errs // selected, without building the selector
		}
	}
	s, err := selector.FromLabelSelector(sel)
	if err == nil && !s.Matches(selector.Set(job.Spec.Template.ObjectMeta.Labels)) {
		errs = append(errs, field.Invalid(spec.Child("template", "metadata", "labels"), job.Spec.Template.ObjectMeta.Labels,
			"must be selected by `spec.selector`, or the Job would not find the pods it creates"))
	}
	return errs
}

// validateIndexedHostname checks that the pod with the highest completion
// index of an Indexed Job gets a valid hostname, `<name>-<index>`.
func validateIndexedHostname(job *Job, errs field.ErrorList) field.ErrorList {
	spec := &job.Spec
	name := job.ObjectMeta.Name
	if name == "" || !isIndexed(spec) || spec.Completions == nil || *spec.Completions <= 0 {
		return errs
	}
	host := name + "-" + itoa32(*spec.Completions-1)
	if len(dnsLabelProblems(host)) > 0 {
		errs = append(errs, field.Invalid(field.NewPath("metadata", "name"), name, fmt.Sprintf(
			"must make '%s', the hostname of the pod with the highest completion index, a DNS label (at most 63 lower-case letters, digits and '-')", host)))
	}
	return errs
}

func isIndexed(spec *JobSpec) bool {
	return spec.CompletionMode != nil && *spec.CompletionMode == IndexedCompletion
}

// validateSpec checks the fields of the spec other than the selector.
func validateSpec(spec *JobSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
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
	errs = validatePodTemplate(&spec.Template, path, errs)
	rp := spec.Template.Spec.RestartPolicy
	rpPath := func() *field.Path { return path.Child("template", "spec", "restartPolicy") }
	switch {
	case rp == "" || rp == RestartPolicyAlways:
		errs = append(errs, field.Required(rpPath(), "must be 'OnFailure' or 'Never' for the pods of a Job"))
	case rp != RestartPolicyOnFailure && rp != RestartPolicyNever:
		errs = append(errs, field.NotSupported(rpPath(), rp, []RestartPolicy{RestartPolicyOnFailure, RestartPolicyNever}))
	case spec.PodFailurePolicy != nil && rp != RestartPolicyNever:
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
		for _, p := range dnsSubdomainProblems(domain) {
			errs = append(errs, field.Invalid(path, domain, p))
		}
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

// ValidatePodSpec checks the parts of a pod spec jobkit models, as the API
// server checks a pod's or a pod template's: at least one container;
// container and init container names DNS labels, unique among both; every
// container an image; volume names DNS labels, unique. path is the spec's
// own path: `spec` for a pod, `spec.template.spec` for a Job. It does not
// check `restartPolicy`, whose allowed values depend on the owner.
func ValidatePodSpec(ps *PodSpec, path *field.Path) field.ErrorList {
	return validatePodSpec(ps, func() *field.Path { return path }, nil)
}

// validatePodTemplate checks the parts of the pod template jobkit models;
// spec is the path of the Job's spec.
func validatePodTemplate(t *PodTemplateSpec, spec *field.Path, errs field.ErrorList) field.ErrorList {
	tmpl := func(names ...string) *field.Path { return spec.Child("template", names...) }
	if !labelsValid(t.ObjectMeta.Labels) {
		errs = validateLabelMap(t.ObjectMeta.Labels, tmpl("metadata", "labels"), errs)
	}
	if len(t.ObjectMeta.Annotations) > 0 {
		errs = validateAnnotations(t.ObjectMeta.Annotations, tmpl("metadata", "annotations"), errs)
	}
	return validatePodSpec(&t.Spec, func() *field.Path { return tmpl("spec") }, errs)
}

// validatePodSpec is [ValidatePodSpec]; path makes the spec's path only
// when there is an error, so that a valid spec costs no allocation.
func validatePodSpec(ps *PodSpec, path func() *field.Path, errs field.ErrorList) field.ErrorList {
	if len(ps.Containers) == 0 {
		errs = append(errs, field.Required(path().Child("containers"), "must have at least one container"))
	}
	seen := make(map[string]bool, len(ps.InitContainers)+len(ps.Containers))
	for _, list := range [2]struct {
		name string
		cs   []Container
	}{{"initContainers", ps.InitContainers}, {"containers", ps.Containers}} {
		for i := range list.cs {
			c := &list.cs[i]
			at := func() *field.Path { return path().Child(list.name).Index(i) }
			errs = validateUniqueName(c.Name, seen, errs, func() *field.Path { return at().Child("name") })
			if c.Image == "" {
				errs = append(errs, field.Required(at().Child("image"), ""))
			}
		}
	}
	clear(seen)
	for i := range ps.Volumes {
		errs = validateUniqueName(ps.Volumes[i].Name, seen, errs, func() *field.Path { return path().Child("volumes").Index(i).Child("name") })
	}
	return errs
}

// validateUniqueName checks a name that must be a DNS label unique among
// its siblings (seen); path makes the field's path when there is an error.
func validateUniqueName(name string, seen map[string]bool, errs field.ErrorList, path func() *field.Path) field.ErrorList {
	switch {
	case name == "":
		return append(errs, field.Required(path(), ""))
	case seen[name]:
		return append(errs, field.Duplicate(path(), name))
	}
	seen[name] = true
	if len(name) <= dns1123LabelMaxLength && isDNSLabelShape(name) {
		return errs
	}
	p := path()
	for _, msg := range dnsLabelProblems(name) {
		errs = append(errs, field.Invalid(p, name, msg))
	}
	return errs
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

// validatePodFailurePolicy checks the rules of a pod failure policy.
func validatePodFailurePolicy(spec *JobSpec, path *field.Path, errs field.ErrorList) field.ErrorList {
	rules := spec.PodFailurePolicy.Rules
	rulesPath := path.Child("rules")
	if len(rules) > maxPodFailurePolicyRules {
		errs = append(errs, field.TooMany(rulesPath, len(rules), maxPodFailurePolicyRules))
	}
	names := make(map[string]bool, len(spec.Template.Spec.Containers)+len(spec.Template.Spec.InitContainers))
	for _, c := range spec.Template.Spec.InitContainers {
		names[c.Name] = true
	}
	for _, c := range spec.Template.Spec.Containers {
		names[c.Name] = true
	}
	for i := range rules {
		r := &rules[i]
		p := rulesPath.Index(i)
		action := p.Child("action")
		switch {
		case r.Action == "":
			errs = append(errs, field.Required(action, "must be 'Count', 'FailIndex', 'FailJob' or 'Ignore'"))
		case r.Action == PodFailurePolicyActionFailIndex:
			if spec.BackoffLimitPerIndex == nil {
				errs = append(errs, field.Invalid(action, r.Action, "may only be 'FailIndex' when `backoffLimitPerIndex` is specified"))
			}
		case !slices.Contains(podFailurePolicyActions(), r.Action):
			errs = append(errs, field.NotSupported(action, r.Action, podFailurePolicyActions()))
		}
		if r.OnExitCodes != nil {
			errs = validateOnExitCodes(r.OnExitCodes, p.Child("onExitCodes"), names, errs)
		}
		if len(r.OnPodConditions) > 0 {
			errs = validateOnPodConditions(r.OnPodConditions, p.Child("onPodConditions"), errs)
		}
		if (r.OnExitCodes != nil) == (len(r.OnPodConditions) > 0) {
			errs = append(errs, field.Invalid(p, r, "must specify exactly one of `onExitCodes` and `onPodConditions`"))
		}
	}
	return errs
}

func validateOnExitCodes(r *PodFailurePolicyOnExitCodesRequirement, path *field.Path, containers map[string]bool, errs field.ErrorList) field.ErrorList {
	op := path.Child("operator")
	switch {
	case r.Operator == "":
		errs = append(errs, field.Required(op, "must be 'In' or 'NotIn'"))
	case !slices.Contains(exitCodeOperators(), r.Operator):
		errs = append(errs, field.NotSupported(op, r.Operator, exitCodeOperators()))
	}
	if r.ContainerName != nil && !containers[*r.ContainerName] {
		errs = append(errs, field.Invalid(path.Child("containerName"), *r.ContainerName, "must be the name of a container or init container of the pod template"))
	}
	values := path.Child("values")
	switch {
	case len(r.Values) == 0:
		errs = append(errs, field.Invalid(values, r.Values, "must have at least one value"))
	case len(r.Values) > maxPodFailurePolicyOnExitCodesValues:
		errs = append(errs, field.TooMany(values, len(r.Values), maxPodFailurePolicyOnExitCodesValues))
	}
	seen := make(map[int32]bool, len(r.Values))
	ordered := true
	for j, v := range r.Values {
		if r.Operator == PodFailurePolicyOnExitCodesOpIn && v == 0 {
			errs = append(errs, field.Invalid(values.Index(j), v, "must not be 0 when `operator` is 'In'"))
		}
		if seen[v] {
			errs = append(errs, field.Duplicate(values.Index(j), v))
		}
		seen[v] = true
		if j > 0 && r.Values[j-1] > v {
			ordered = false
		}
	}
	if !ordered {
		errs = append(errs, field.Invalid(values, r.Values, "must be sorted in increasing order"))
	}
	return errs
}

func validateOnPodConditions(ps []PodFailurePolicyOnPodConditionsPattern, path *field.Path, errs field.ErrorList) field.ErrorList {
	if len(ps) > maxPodFailurePolicyOnPodConditionsPatterns {
		errs = append(errs, field.TooMany(path, len(ps), maxPodFailurePolicyOnPodConditionsPatterns))
	}
	for j := range ps {
		p := path.Index(j)
		errs = append(errs, selector.ValidateQualifiedName(string(ps[j].Type), p.Child("type"))...)
		switch st := ps[j].Status; {
		case st == "":
			errs = append(errs, field.Required(p.Child("status"), "must be 'False', 'True' or 'Unknown'"))
		case !slices.Contains(conditionStatuses(), st):
			errs = append(errs, field.NotSupported(p.Child("status"), st, conditionStatuses()))
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
		total, parsed := int64(0), false
		if r.SucceededIndexes != nil {
			ip := p.Child("succeededIndexes")
			s := *r.SucceededIndexes
			if len(s) > maxSucceededIndexesLength {
				errs = append(errs, field.TooLong(ip, s, maxSucceededIndexesLength))
			} else if spec.Completions != nil {
				var err error
				if total, err = countIndexes(s, *spec.Completions); err != nil {
					errs = append(errs, field.Invalid(ip, s, err.Error()))
				} else {
					parsed = true
				}
			}
		}
		if r.SucceededCount != nil {
			cp := p.Child("succeededCount")
			n := *r.SucceededCount
			switch {
			case n < 0:
				errs = append(errs, field.Invalid(cp, n, nonNegative))
			case spec.Completions != nil && n > *spec.Completions:
				errs = append(errs, field.Invalid(cp, n, "must be less than or equal to `completions` ("+itoa32(*spec.Completions)+")"))
			case parsed && int64(n) > total:
				errs = append(errs, field.Invalid(cp, n, "must be less than or equal to the number of indexes in `succeededIndexes` ("+strconv.FormatInt(total, 10)+")"))
			}
		}
	}
	return errs
}

// countIndexes reads a list of completion indexes in the form of
// `status.completedIndexes` ("1,3-5,7": intervals in increasing order,
// not overlapping, every index less than completions) and returns how
// many indexes it holds.
func countIndexes(s string, completions int32) (int64, error) {
	if s == "" {
		return 0, nil
	}
	var total int64
	last := int64(-1)
	for part := range strings.SplitSeq(s, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := parseIndex(lo, completions)
		if err != nil {
			return 0, err
		}
		b := a
		if isRange {
			if b, err = parseIndex(hi, completions); err != nil {
				return 0, err
			}
			if b <= a {
				return 0, fmt.Errorf("must list intervals 'a-b' with a less than b, not '%s'", part)
			}
		}
		if a <= last {
			return 0, fmt.Errorf("must list indexes in increasing order without overlap: '%s' follows %d", part, last)
		}
		total += b - a + 1
		last = b
	}
	return total, nil
}

// parseIndex reads one completion index.
func parseIndex(s string, completions int32) (int64, error) {
	if s == "" || len(s) > 10 || strings.Trim(s, "0123456789") != "" {
		return 0, fmt.Errorf("must be a comma-separated list of indexes and intervals such as '1,3-5,7', not '%s'", s)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("must be a comma-separated list of indexes and intervals such as '1,3-5,7', not '%s'", s)
	}
	if n >= int64(completions) {
		return 0, fmt.Errorf("must hold indexes less than `completions` (%d), not %d", completions, n)
	}
	return n, nil
}

// sortedKeys returns the keys of m in increasing order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
