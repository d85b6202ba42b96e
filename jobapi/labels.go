package jobapi

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// The label keys selector generation writes. The unprefixed keys are the
// ones the selector-generation design names; the `batch.kubernetes.io/`
// keys are the ones Kubernetes 1.27 and later write as well.
const (
	// ControllerUIDLabel holds the Job's uid: unique across Jobs and time,
	// so a selector on it selects the pods of one Job only.
	ControllerUIDLabel = "controller-uid"
	// JobNameLabel holds the Job's name, so that
	// `kubectl get pods -l job-name=pi` finds the pods of Job pi.
	JobNameLabel = "job-name"
	// KubernetesControllerUIDLabel is the prefixed form of
	// ControllerUIDLabel that Kubernetes 1.27 and later select on.
	KubernetesControllerUIDLabel = "batch.kubernetes.io/controller-uid"
	// KubernetesJobNameLabel is the prefixed form of JobNameLabel that
	// Kubernetes 1.27 and later write.
	KubernetesJobNameLabel = "batch.kubernetes.io/job-name"
)

// LabelKeyPolicy says which label keys selector generation writes. Give
// it to [PrepareForCreate] and [Validate] with [WithLabelKeys].
type LabelKeyPolicy string

// The label key policies.
const (
	// SeedLabelKeys, the default, is the selector-generation design: the
	// selector is `matchLabels: {controller-uid: <uid>}` and the pod
	// template gets `controller-uid=<uid>` and `job-name=<name>`.
	SeedLabelKeys LabelKeyPolicy = "seed"
	// KubernetesLabelKeys is what Kubernetes 1.27 and later write: the
	// selector is `matchLabels: {batch.kubernetes.io/controller-uid: <uid>}`
	// and the pod template gets `batch.kubernetes.io/controller-uid`,
	// `batch.kubernetes.io/job-name`, `controller-uid` and `job-name`.
	KubernetesLabelKeys LabelKeyPolicy = "kubernetes"
)

// labelKeys is a resolved policy: which keys the generated selector and
// the pod template get. Fixed-size arrays keep it free of allocation; an
// empty string is an unused slot.
type labelKeys struct {
	// uidKeys get the Job's uid in the pod template; the generated
	// selector selects on uidKeys[0].
	uidKeys [2]string
	// nameKeys get the Job's name in the pod template.
	nameKeys [2]string
	// unique is the user-chosen unique label key, or "".
	unique string
}

// resolveLabelKeys turns a policy and an optional user-chosen unique key
// into the keys to write. A unique key replaces the policy's uid keys;
// the policy's name keys stay.
func resolveLabelKeys(p LabelKeyPolicy, unique string) (labelKeys, error) {
	var k labelKeys
	switch p {
	case SeedLabelKeys, "":
		k = labelKeys{uidKeys: [2]string{ControllerUIDLabel}, nameKeys: [2]string{JobNameLabel}}
	case KubernetesLabelKeys:
		k = labelKeys{
			uidKeys:  [2]string{KubernetesControllerUIDLabel, ControllerUIDLabel},
			nameKeys: [2]string{KubernetesJobNameLabel, JobNameLabel},
		}
	default:
		return labelKeys{}, fmt.Errorf("label key policy must be '%s' or '%s', not %q", SeedLabelKeys, KubernetesLabelKeys, string(p))
	}
	if unique == "" {
		return k, nil
	}
	if problems := validation.QualifiedNameProblems(unique); problems != nil {
		return labelKeys{}, fmt.Errorf("unique label key %q: %s", unique, strings.Join(problems, "; "))
	}
	if isNameKey(unique) {
		return labelKeys{}, errors.New("unique label key must not be '" + unique + "', which holds the Job's name; choose a key of your own, such as 'example.com/run-id'")
	}
	k.uidKeys = [2]string{unique}
	k.unique = unique
	return k, nil
}

// selectorKey is the key the generated selector selects on.
func (k labelKeys) selectorKey() string { return k.uidKeys[0] }

// isNameKey reports whether key is one of the keys that hold a Job's name.
func isNameKey(key string) bool {
	return key == JobNameLabel || key == KubernetesJobNameLabel
}

// isUIDKey reports whether key is one of the keys that hold a Job's uid
// under any policy, or the user-chosen unique key of k.
func (k labelKeys) isUIDKey(key string) bool {
	return key == ControllerUIDLabel || key == KubernetesControllerUIDLabel || (k.unique != "" && key == k.unique)
}

// systemValue returns the value the system owns for key in a Job with
// this uid and name, and whether key is system-owned at all.
func (k labelKeys) systemValue(key string, uid meta.UID, name string) (string, bool) {
	switch {
	case k.isUIDKey(key):
		return string(uid), true
	case isNameKey(key):
		return name, true
	}
	return "", false
}

// generatedSelector returns the selector selector generation writes for a
// Job with this uid.
func (k labelKeys) generatedSelector(uid meta.UID) *selector.LabelSelector {
	return &selector.LabelSelector{MatchLabels: map[string]string{k.selectorKey(): string(uid)}}
}

// isGenerated reports whether ls is exactly the selector generated for
// uid.
func (k labelKeys) isGenerated(ls *selector.LabelSelector, uid meta.UID) bool {
	if ls == nil || len(ls.MatchExpressions) > 0 || len(ls.MatchLabels) != 1 {
		return false
	}
	v, ok := ls.MatchLabels[k.selectorKey()]
	return ok && v == string(uid)
}

// staleKey returns the key and value of ls when it has the shape of a
// generated selector — one `matchLabels` entry on a uid key and nothing
// else — whatever the uid, such as a selector copied from
// `kubectl get job -o yaml`.
func (k labelKeys) staleKey(ls *selector.LabelSelector) (key, value string, ok bool) {
	if ls == nil || len(ls.MatchExpressions) > 0 || len(ls.MatchLabels) != 1 {
		return "", "", false
	}
	for key, value := range ls.MatchLabels {
		if k.isUIDKey(key) {
			return key, value, true
		}
	}
	return "", "", false
}

// expectedLabels are the labels selector generation writes into the pod
// template for a Job with this uid and name: a selector chosen in
// automatic mode must select them.
func (k labelKeys) expectedLabels(uid meta.UID, name string) selector.Set {
	set := make(selector.Set, 4)
	for _, key := range k.uidKeys {
		if key != "" {
			set[key] = string(uid)
		}
	}
	for _, key := range k.nameKeys {
		if key != "" {
			set[key] = name
		}
	}
	return set
}

// CompletionIndexAnnotation is the pod annotation, and since Kubernetes
// 1.28 also the pod label, that holds an Indexed Job's pod's completion
// index. Packages that read or write it (scoreboard, downward/worklist,
// the controller) share this one constant. The original design names it
// `kubernetes.io/job/completion-index`, which is not a valid key (a prefix
// may not hold a '/' of its own); Kubernetes uses this one.
const CompletionIndexAnnotation = "batch.kubernetes.io/job-completion-index"

// JobTrackingFinalizer is the finalizer the Job controller puts on every
// pod it creates, so that a pod is not removed before the Job's status
// counts it (batch/v1's JobTrackingFinalizer).
const JobTrackingFinalizer = "batch.kubernetes.io/job-tracking"

// CompletionIndexEnvName is the environment variable through which the
// Job controller gives every container of an Indexed Job's pod its
// completion index (batch/v1's JobCompletionIndexEnvName).
const CompletionIndexEnvName = "JOB_COMPLETION_INDEX"
