package jobtest

import (
	"bytes"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/scoreboard"
	"github.com/jobkit/jobkit/selector"
)

// Pods are validated here, as far as jobkit models them; Jobs by package
// jobapi, except for their status.

const (
	dnsLabelMaxLength       = 63
	dnsSubdomainMaxLength   = 253
	annotationsMaxTotalSize = 256 * 1024

	dnsLabelRule     = "must be a DNS label: lower-case letters, digits and '-', starting and ending with a letter or digit (e.g. 'my-name', '123-abc')"
	dnsSubdomainRule = "must be a DNS subdomain: lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit (e.g. 'example.com')"
)

// dnsLabelShaped reports whether s is non-empty, made of lower-case letters,
// digits and '-', and starts and ends with a letter or digit.
func dnsLabelShaped(s string) bool {
	alnum := func(c byte) bool { return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' }
	if s == "" || !alnum(s[0]) || !alnum(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if !alnum(s[i]) && s[i] != '-' {
			return false
		}
	}
	return true
}

// dnsLabelProblems says what keeps s from being a DNS label.
func dnsLabelProblems(s string) []string {
	var p []string
	if len(s) > dnsLabelMaxLength {
		p = append(p, "must be no more than "+strconv.Itoa(dnsLabelMaxLength)+" bytes")
	}
	if !dnsLabelShaped(s) {
		p = append(p, dnsLabelRule)
	}
	return p
}

// dnsSubdomainProblems says what keeps s from being a DNS subdomain.
func dnsSubdomainProblems(s string) []string {
	var p []string
	if len(s) > dnsSubdomainMaxLength {
		p = append(p, "must be no more than "+strconv.Itoa(dnsSubdomainMaxLength)+" bytes")
	}
	ok := s != ""
	for part := range strings.SplitSeq(s, ".") {
		ok = ok && dnsLabelShaped(part)
	}
	if !ok {
		p = append(p, dnsSubdomainRule)
	}
	return p
}

// validateMeta checks the metadata of a new or updated pod as the API
// server checks every object's.
func validateMeta(m *jobapi.ObjectMeta, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if g := m.GenerateName; g != "" {
		// The random suffix follows: a trailing '-' is allowed.
		masked := g
		if len(g) > 1 && g[len(g)-1] == '-' {
			masked = g[:len(g)-1] + "a"
		}
		for _, p := range dnsSubdomainProblems(masked) {
			errs = append(errs, field.Invalid(path.Child("generateName"), g, p))
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
	errs = append(errs, selector.ValidateLabels(m.Labels, path.Child("labels"))...)
	size := 0
	for _, k := range sortedKeys(m.Annotations) {
		if e := selector.ValidateQualifiedName(strings.ToLower(k), nil); len(e) > 0 {
			errs = append(errs, field.Invalid(path.Child("annotations"), k, e[0].Detail))
		}
		size += len(k) + len(m.Annotations[k])
	}
	if size > annotationsMaxTotalSize {
		errs = append(errs, field.TooLong(path.Child("annotations"), "", annotationsMaxTotalSize))
	}
	return errs
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// restartPolicies are the values of `spec.restartPolicy`; "" is allowed
// too, because the store does not default pods.
var restartPolicies = []jobapi.RestartPolicy{jobapi.RestartPolicyAlways, jobapi.RestartPolicyNever, jobapi.RestartPolicyOnFailure}

// validatePod checks a pod as the API server checks a new one, as far as
// jobkit models pods: its metadata, its containers (at least one, each
// with a unique DNS-label name and an image), its volume names and its
// restart policy.
func validatePod(p *jobapi.Pod) field.ErrorList {
	errs := validateMeta(&p.ObjectMeta, field.NewPath("metadata"))
	spec := field.NewPath("spec")
	ps := &p.Spec
	if len(ps.Containers) == 0 {
		errs = append(errs, field.Required(spec.Child("containers"), "must have at least one container"))
	}
	seen := map[string]bool{}
	for _, list := range []struct {
		name string
		cs   []jobapi.Container
	}{{"initContainers", ps.InitContainers}, {"containers", ps.Containers}} {
		for i, c := range list.cs {
			path := spec.Child(list.name).Index(i)
			errs = validateUniqueName(c.Name, seen, path.Child("name"), errs)
			if c.Image == "" {
				errs = append(errs, field.Required(path.Child("image"), ""))
			}
		}
	}
	clear(seen)
	for i, v := range ps.Volumes {
		errs = validateUniqueName(v.Name, seen, spec.Child("volumes").Index(i).Child("name"), errs)
	}
	if rp := ps.RestartPolicy; rp != "" && !slices.Contains(restartPolicies, rp) {
		errs = append(errs, field.NotSupported(spec.Child("restartPolicy"), string(rp), restartPolicies))
	}
	return errs
}

// validateUniqueName checks a name that must be a DNS label unique among
// its siblings.
func validateUniqueName(name string, seen map[string]bool, path *field.Path, errs field.ErrorList) field.ErrorList {
	switch {
	case name == "":
		return append(errs, field.Required(path, ""))
	case seen[name]:
		return append(errs, field.Duplicate(path, name))
	}
	seen[name] = true
	for _, p := range dnsLabelProblems(name) {
		errs = append(errs, field.Invalid(path, name, p))
	}
	return errs
}

// podSpecMutable lists what an update may change in a pod's spec, as
// Kubernetes allows (it checks tolerations and the grace period more
// closely than this).
const podSpecMutable = "`spec.containers[*].image`, `spec.initContainers[*].image`, `spec.activeDeadlineSeconds`, `spec.tolerations` (only additions to existing tolerations) and `spec.terminationGracePeriodSeconds`"

// validatePodUpdate checks the new state p of the stored pod old: p must
// be valid, and its spec may change only where a running pod can.
func validatePodUpdate(p, old *jobapi.Pod) field.ErrorList {
	errs := validatePod(p)
	meta := field.NewPath("metadata")
	if p.ObjectMeta.UID != old.ObjectMeta.UID {
		errs = append(errs, field.Invalid(meta.Child("uid"), string(p.ObjectMeta.UID), "field is immutable"))
	}
	if a, b := p.ObjectMeta.DeletionTimestamp, old.ObjectMeta.DeletionTimestamp; (a == nil) != (b == nil) || a != nil && !a.Equal(*b) {
		errs = append(errs, field.Invalid(meta.Child("deletionTimestamp"), a, "field is immutable"))
	}
	a, errA := jobapi.Marshal(immutablePodSpec(&p.Spec))
	b, errB := jobapi.Marshal(immutablePodSpec(&old.Spec))
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		errs = append(errs, field.Forbidden(field.NewPath("spec"), "pod updates may not change fields other than "+podSpecMutable))
	}
	return errs
}

// immutablePodSpec returns a copy of s without what an update may change.
func immutablePodSpec(s *jobapi.PodSpec) *jobapi.PodSpec {
	c := s.DeepCopy()
	for i := range c.InitContainers {
		c.InitContainers[i].Image = ""
	}
	for i := range c.Containers {
		c.Containers[i].Image = ""
	}
	for _, k := range []string{"activeDeadlineSeconds", "tolerations", "terminationGracePeriodSeconds"} {
		delete(c.Unknown, k)
	}
	return c
}

// validateJobStatus checks a Job's status as Kubernetes checks a status
// update, in part: counts are not negative, and `completedIndexes` and
// `failedIndexes` are interval lists of indexes below `spec.completions`,
// set only for Indexed Jobs.
func validateJobStatus(j *jobapi.Job) field.ErrorList {
	var errs field.ErrorList
	st := field.NewPath("status")
	for _, c := range []struct {
		name string
		v    *int32
	}{
		{"active", &j.Status.Active}, {"succeeded", &j.Status.Succeeded}, {"failed", &j.Status.Failed},
		{"ready", j.Status.Ready}, {"terminating", j.Status.Terminating},
	} {
		if c.v != nil && *c.v < 0 {
			errs = append(errs, field.Invalid(st.Child(c.name), *c.v, "must be greater than or equal to 0"))
		}
	}
	errs = validateIndexes(j, j.Status.CompletedIndexes, st.Child("completedIndexes"), errs)
	if f := j.Status.FailedIndexes; f != nil {
		errs = validateIndexes(j, *f, st.Child("failedIndexes"), errs)
	}
	return errs
}

func validateIndexes(j *jobapi.Job, s string, path *field.Path, errs field.ErrorList) field.ErrorList {
	if s == "" {
		return errs
	}
	if m := j.Spec.CompletionMode; m == nil || *m != jobapi.IndexedCompletion {
		return append(errs, field.Invalid(path, s, "must be empty when `spec.completionMode` is not 'Indexed'"))
	}
	x, err := scoreboard.ParseIndexes(s)
	if err != nil {
		return append(errs, field.Invalid(path, s, err.Error()))
	}
	if last, ok := x.Max(); ok && j.Spec.Completions != nil && last >= int(*j.Spec.Completions) {
		errs = append(errs, field.Invalid(path, s, fmt.Sprintf("must hold only indexes less than `spec.completions` (%d)", *j.Spec.Completions)))
	}
	return errs
}
