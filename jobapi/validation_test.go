package jobapi_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

func ref[T any](v T) *T { return &v }

// generatedJob is a valid Job in automatic mode, as PrepareForCreate and
// batch/v1 defaulting leave it.
// storedByKubernetes is generatedJob as a v1.36 API server stores it:
// the selector on the prefixed uid key, both key families in the pod
// template's labels and in the Job's.
func storedByKubernetes() *jobapi.Job {
	j := generatedJob()
	j.Spec.Selector.MatchLabels = map[string]string{jobapi.KubernetesControllerUIDLabel: newUID}
	for _, l := range []map[string]string{j.ObjectMeta.Labels, j.Spec.Template.ObjectMeta.Labels} {
		l[jobapi.KubernetesControllerUIDLabel] = newUID
		l[jobapi.KubernetesJobNameLabel] = "pi"
	}
	return j
}

func generatedJob() *jobapi.Job {
	labels := map[string]string{jobapi.ControllerUIDLabel: newUID, jobapi.JobNameLabel: "pi"}
	return &jobapi.Job{
		TypeMeta: meta.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
		ObjectMeta: meta.ObjectMeta{
			Name: "pi", Namespace: "default", UID: newUID, Generation: 1,
			Labels: map[string]string{jobapi.ControllerUIDLabel: newUID, jobapi.JobNameLabel: "pi"},
		},
		Spec: jobapi.JobSpec{
			Parallelism:    ref[int32](1),
			Completions:    ref[int32](1),
			BackoffLimit:   ref[int32](6),
			CompletionMode: ref(jobapi.NonIndexedCompletion),
			Suspend:        ref(false),
			Selector:       &selector.LabelSelector{MatchLabels: map[string]string{jobapi.ControllerUIDLabel: newUID}},
			Template: core.PodTemplateSpec{
				ObjectMeta: meta.ObjectMeta{Labels: labels},
				Spec: core.PodSpec{
					Containers:    []core.Container{{Name: "pi", Image: "perl:5.34.0"}},
					RestartPolicy: core.RestartPolicyNever,
				},
			},
		},
	}
}

// manualJob is a valid Job in manual mode.
func manualJob() *jobapi.Job {
	j := generatedJob()
	j.Spec.ManualSelector = ref(true)
	j.Spec.Selector = &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}}
	j.Spec.Template.ObjectMeta.Labels = map[string]string{"app": "pi"}
	j.ObjectMeta.Labels = map[string]string{"app": "pi"}
	return j
}

// indexedJob is a valid Indexed Job in manual mode (so that its name can
// change freely).
func indexedJob() *jobapi.Job {
	j := manualJob()
	j.Spec.CompletionMode = ref(jobapi.IndexedCompletion)
	j.Spec.Completions = ref[int32](5)
	j.Spec.Parallelism = ref[int32](2)
	return j
}

// withPodFailurePolicy gives j a valid pod failure policy.
func withPodFailurePolicy(j *jobapi.Job) *jobapi.Job {
	j.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{
		{Action: jobapi.PodFailurePolicyActionFailJob, OnExitCodes: &jobapi.PodFailurePolicyOnExitCodesRequirement{
			ContainerName: ref("pi"), Operator: jobapi.PodFailurePolicyOnExitCodesOpIn, Values: []int32{1, 2, 42},
		}},
		{Action: jobapi.PodFailurePolicyActionIgnore, OnPodConditions: []jobapi.PodFailurePolicyOnPodConditionsPattern{
			{Type: jobapi.DisruptionTarget, Status: jobapi.ConditionTrue},
		}},
	}}
	return j
}

// withSuccessPolicy gives an Indexed Job of 10 completions a valid success
// policy.
func withSuccessPolicy(j *jobapi.Job) *jobapi.Job {
	j.Spec.Completions = ref[int32](10)
	j.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{
		{SucceededIndexes: ref("0,2-4,9"), SucceededCount: ref[int32](5)},
		{SucceededCount: ref[int32](10)},
	}}
	return j
}

// setName renames a manual-mode Job.
func setName(j *jobapi.Job, name string) { j.ObjectMeta.Name = name }

func TestValidateAcceptsValidJobs(t *testing.T) {
	tests := []struct {
		name string
		job  *jobapi.Job
		opts []jobapi.ValidateOption
	}{
		{"generated selector", generatedJob(), nil},
		{"manual selector", manualJob(), nil},
		{"manual selector with matchExpressions", func() *jobapi.Job {
			j := manualJob()
			j.Spec.Selector = &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "app", Operator: selector.LabelSelectorOpExists}}}
			return j
		}(), nil},
		{"generateName with a trailing dash next to the name", func() *jobapi.Job {
			j := manualJob()
			j.ObjectMeta.GenerateName = "pi-"
			return j
		}(), nil},
		{"no namespace", func() *jobapi.Job { j := generatedJob(); j.ObjectMeta.Namespace = ""; return j }(), nil},
		// Kubernetes accepts these: an empty selector in manual mode selects
		// every pod of the namespace (PrepareForCreate warns), and in
		// automatic mode selector generation adds the uid term to it.
		{"empty selector in manual mode", func() *jobapi.Job { j := manualJob(); j.Spec.Selector = &selector.LabelSelector{}; return j }(), nil},
		{"empty selector in automatic mode before PrepareForCreate's uid term", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Selector = &selector.LabelSelector{}
			return j
		}(), nil},
		{"selector on the job-name label in automatic mode", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Selector = &selector.LabelSelector{MatchLabels: map[string]string{jobapi.JobNameLabel: "pi"}}
			return j
		}(), nil},
		// Kubernetes reads succeededIndexes with Atoi: leading zeros and a
		// '+' sign are accepted.
		{"succeededIndexes with leading zeros and a sign", func() *jobapi.Job {
			j := withSuccessPolicy(indexedJob())
			j.Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("00,+2-04,9")
			return j
		}(), nil},
		{"Indexed with parallelism 100000", func() *jobapi.Job { j := indexedJob(); j.Spec.Parallelism = ref[int32](100000); return j }(), nil},
		{"Indexed whose last hostname is exactly 63 bytes", func() *jobapi.Job {
			j := indexedJob()
			setName(j, strings.Repeat("a", 58))
			j.Spec.Completions = ref[int32](10000)
			return j
		}(), nil},
		{"Indexed with per-index limits", func() *jobapi.Job {
			j := indexedJob()
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](5)
			return j
		}(), nil},
		{"Indexed with more than 100000 completions and small limits", func() *jobapi.Job {
			j := indexedJob()
			j.Spec.Completions = ref[int32](1_000_000)
			j.Spec.Parallelism = ref[int32](10_000)
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](10_000)
			return j
		}(), nil},
		{"pod failure policy", withPodFailurePolicy(generatedJob()), nil},
		{"FailIndex with a per-index backoff limit", func() *jobapi.Job {
			j := indexedJob()
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.PodFailurePolicy = &jobapi.PodFailurePolicy{Rules: []jobapi.PodFailurePolicyRule{{
				Action:      jobapi.PodFailurePolicyActionFailIndex,
				OnExitCodes: &jobapi.PodFailurePolicyOnExitCodesRequirement{Operator: jobapi.PodFailurePolicyOnExitCodesOpNotIn, Values: []int32{0}},
			}}}
			return j
		}(), nil},
		{"success policy", withSuccessPolicy(indexedJob()), nil},
		{"pod replacement policy Failed with a pod failure policy", func() *jobapi.Job {
			j := withPodFailurePolicy(generatedJob())
			j.Spec.PodReplacementPolicy = ref(jobapi.Failed)
			return j
		}(), nil},
		{"managedBy", func() *jobapi.Job { j := generatedJob(); j.Spec.ManagedBy = ref("kueue.x-k8s.io/multikueue"); return j }(), nil},
		{"zero values", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Parallelism, j.Spec.Completions, j.Spec.BackoffLimit = ref[int32](0), ref[int32](0), ref[int32](0)
			j.Spec.ActiveDeadlineSeconds, j.Spec.TTLSecondsAfterFinished = ref[int64](0), ref[int32](0)
			return j
		}(), nil},
		{"kubernetes label keys", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Selector.MatchLabels = map[string]string{jobapi.KubernetesControllerUIDLabel: newUID}
			j.Spec.Template.ObjectMeta.Labels[jobapi.KubernetesControllerUIDLabel] = newUID
			j.Spec.Template.ObjectMeta.Labels[jobapi.KubernetesJobNameLabel] = "pi"
			return j
		}(), []jobapi.ValidateOption{jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)}},
		// A Job read back from a v1.36 API server: its selector is on the
		// prefixed key and its template carries both key families.
		// Kubernetes checks the selector against both families together,
		// so the default (design documents') keys accept it too.
		{"a Job as a v1.36 API server stores it, under the default keys", storedByKubernetes(), nil},
		{"a Job as a v1.36 API server stores it, under kubernetes label keys", storedByKubernetes(), []jobapi.ValidateOption{jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)}},
		{"volumes and init containers", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Template.Spec.InitContainers = []core.Container{{Name: "setup", Image: "busybox"}}
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work"}, {Name: "podinfo"}}
			return j
		}(), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if errs := mustValidate(t, tt.job, tt.opts...); len(errs) > 0 {
				t.Errorf("Validate: %v", errs.ToAggregate())
			}
		})
	}
}

func TestValidateRejects(t *testing.T) {
	const (
		invalid      = field.ErrorTypeInvalid
		required     = field.ErrorTypeRequired
		notSupported = field.ErrorTypeNotSupported
		tooLong      = field.ErrorTypeTooLong
		tooMany      = field.ErrorTypeTooMany
		duplicate    = field.ErrorTypeDuplicate
		forbidden    = field.ErrorTypeForbidden
		notFound     = field.ErrorTypeNotFound
	)
	tmplLabels := "spec.template.metadata.labels"
	succeededIndexesAndCount := []typeAndField{{invalid, "spec.successPolicy.rules[0].succeededIndexes"}, {invalid, "spec.successPolicy.rules[0].succeededCount"}}
	tests := []struct {
		name   string
		base   func() *jobapi.Job
		change func(j *jobapi.Job)
		opts   []jobapi.ValidateOption
		want   []typeAndField
	}{
		// metadata
		{"no name", manualJob, func(j *jobapi.Job) { setName(j, "") }, nil, []typeAndField{{required, "metadata.name"}}},
		// Kubernetes' two errors: the name is required, and "-<index>" is
		// not the hostname of a pod.
		{"no name in an Indexed Job", func() *jobapi.Job { j := indexedJob(); setName(j, ""); return j }, func(*jobapi.Job) {}, nil, []typeAndField{{required, "metadata.name"}, {invalid, "metadata.name"}}},
		{"name not a DNS subdomain", manualJob, func(j *jobapi.Job) { setName(j, "Pi_1") }, nil, []typeAndField{{invalid, "metadata.name"}}},
		{"name longer than 253 bytes", manualJob, func(j *jobapi.Job) { setName(j, strings.Repeat("a", 254)) }, nil, []typeAndField{{invalid, "metadata.name"}}},
		{"generateName not a DNS subdomain", manualJob, func(j *jobapi.Job) { j.ObjectMeta.GenerateName = "Pi-" }, nil, []typeAndField{{invalid, "metadata.generateName"}}},
		{"namespace not a DNS label", manualJob, func(j *jobapi.Job) { j.ObjectMeta.Namespace = "my.ns" }, nil, []typeAndField{{invalid, "metadata.namespace"}}},
		{"Job label key invalid", manualJob, func(j *jobapi.Job) { j.ObjectMeta.Labels["bad key"] = "x" }, nil, []typeAndField{{invalid, "metadata.labels"}}},
		{"Job label value invalid", manualJob, func(j *jobapi.Job) { j.ObjectMeta.Labels["app"] = "-pi" }, nil, []typeAndField{{invalid, "metadata.labels"}}},
		{"annotation key invalid", manualJob, func(j *jobapi.Job) { j.ObjectMeta.Annotations = map[string]string{"a/b/c": ""} }, nil, []typeAndField{{invalid, "metadata.annotations"}}},
		{"annotations larger than 256 KiB", manualJob, func(j *jobapi.Job) {
			j.ObjectMeta.Annotations = map[string]string{"big": strings.Repeat("x", 256*1024)}
		}, nil, []typeAndField{{tooLong, "metadata.annotations"}}},
		// the pod template's metadata
		// Kubernetes reports the template's labels and annotations at
		// spec.template.labels and spec.template.annotations.
		{"template label key invalid", manualJob, func(j *jobapi.Job) { j.Spec.Template.ObjectMeta.Labels["-x"] = "y" }, nil, []typeAndField{{invalid, "spec.template.labels"}}},
		{"template label value invalid", manualJob, func(j *jobapi.Job) { j.Spec.Template.ObjectMeta.Labels["x"] = strings.Repeat("y", 64) }, nil, []typeAndField{{invalid, "spec.template.labels"}}},
		{"template annotation key empty gets two errors", manualJob, func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Annotations = map[string]string{"": "x"}
		}, nil, []typeAndField{{invalid, "spec.template.annotations"}, {invalid, "spec.template.annotations"}}},
		// automatic mode
		{"no uid", generatedJob, func(j *jobapi.Job) {
			j.ObjectMeta.UID = ""
			j.Spec.Selector.MatchLabels[jobapi.ControllerUIDLabel] = ""
			j.Spec.Template.ObjectMeta.Labels[jobapi.ControllerUIDLabel] = ""
		}, nil, []typeAndField{{required, "metadata.uid"}}},
		{"template lacks the uid label", generatedJob, func(j *jobapi.Job) {
			delete(j.Spec.Template.ObjectMeta.Labels, jobapi.ControllerUIDLabel)
		}, nil, []typeAndField{{required, tmplLabels + "[controller-uid]"}, {invalid, tmplLabels}}},
		{"template has another Job's name", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Labels[jobapi.JobNameLabel] = "old"
		}, nil, []typeAndField{{invalid, tmplLabels + "[job-name]"}}},
		{"selector written by the user that does not select the generated labels", generatedJob, func(j *jobapi.Job) {
			j.Spec.Selector = &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}}
		}, nil, []typeAndField{{invalid, "spec.selector"}, {invalid, tmplLabels}}},
		{"selector generated for another uid", generatedJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchLabels[jobapi.ControllerUIDLabel] = oldUID
		}, nil, []typeAndField{{invalid, "spec.selector"}, {invalid, tmplLabels}}},
		// Kubernetes reports the template's labels too: no selector
		// selects nothing.
		{"no selector in automatic mode", generatedJob, func(j *jobapi.Job) { j.Spec.Selector = nil }, nil, []typeAndField{{required, "spec.selector"}, {invalid, tmplLabels}}},
		{"no uid and no selector", generatedJob, func(j *jobapi.Job) { j.Spec.Selector = nil; j.ObjectMeta.UID = "" }, nil, []typeAndField{{required, "spec.selector"}, {invalid, tmplLabels}}},
		{"prefixed selector for another uid, under the default keys", storedByKubernetes, func(j *jobapi.Job) {
			j.Spec.Selector.MatchLabels[jobapi.KubernetesControllerUIDLabel] = oldUID
		}, nil, []typeAndField{{invalid, "spec.selector"}, {invalid, tmplLabels}}},
		{"prefixed selector that excludes the unprefixed family, under the default keys", storedByKubernetes, func(j *jobapi.Job) {
			j.Spec.Selector.MatchExpressions = []selector.LabelSelectorRequirement{{Key: jobapi.JobNameLabel, Operator: selector.LabelSelectorOpDoesNotExist}}
		}, nil, []typeAndField{{invalid, "spec.selector"}, {invalid, tmplLabels}}},
		{"seed Job checked with kubernetes label keys", generatedJob, func(*jobapi.Job) {}, []jobapi.ValidateOption{jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)}, []typeAndField{
			{required, tmplLabels + "[batch.kubernetes.io/controller-uid]"},
			{required, tmplLabels + "[batch.kubernetes.io/job-name]"},
		}},
		// manual mode
		{"no selector in manual mode", manualJob, func(j *jobapi.Job) { j.Spec.Selector = nil }, nil, []typeAndField{{required, "spec.selector"}, {invalid, tmplLabels}}},
		{"selector does not select the template", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchLabels["app"] = "other"
		}, nil, []typeAndField{{invalid, tmplLabels}}},
		{"selector with an invalid key", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchLabels["a b"] = "c"
		}, nil, []typeAndField{{invalid, "spec.selector.matchLabels"}}},
		{"selector with an invalid value", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchLabels["app"] = "p i"
		}, nil, []typeAndField{{invalid, "spec.selector.matchLabels"}}},
		{"selector with an unknown operator", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchExpressions = []selector.LabelSelectorRequirement{{Key: "app", Operator: "Equals", Values: []string{"pi"}}}
		}, nil, []typeAndField{{invalid, "spec.selector.matchExpressions[0].operator"}}},
		{"selector Exists with values", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchExpressions = []selector.LabelSelectorRequirement{{Key: "app", Operator: selector.LabelSelectorOpExists, Values: []string{"pi"}}}
		}, nil, []typeAndField{{forbidden, "spec.selector.matchExpressions[0].values"}}},
		{"selector with an empty matchLabels key gets two errors", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchLabels[""] = "pi"
		}, nil, []typeAndField{{invalid, "spec.selector.matchLabels"}, {invalid, "spec.selector.matchLabels"}}},
		{"selector In without values", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchExpressions = []selector.LabelSelectorRequirement{{Key: "app", Operator: selector.LabelSelectorOpIn}}
		}, nil, []typeAndField{{required, "spec.selector.matchExpressions[0].values"}}},
		// numbers
		{"negative parallelism", manualJob, func(j *jobapi.Job) { j.Spec.Parallelism = ref[int32](-1) }, nil, []typeAndField{{invalid, "spec.parallelism"}}},
		{"negative completions", manualJob, func(j *jobapi.Job) { j.Spec.Completions = ref[int32](-1) }, nil, []typeAndField{{invalid, "spec.completions"}}},
		{"negative activeDeadlineSeconds", manualJob, func(j *jobapi.Job) { j.Spec.ActiveDeadlineSeconds = ref[int64](-1) }, nil, []typeAndField{{invalid, "spec.activeDeadlineSeconds"}}},
		{"negative backoffLimit", manualJob, func(j *jobapi.Job) { j.Spec.BackoffLimit = ref[int32](-1) }, nil, []typeAndField{{invalid, "spec.backoffLimit"}}},
		{"negative ttlSecondsAfterFinished", manualJob, func(j *jobapi.Job) { j.Spec.TTLSecondsAfterFinished = ref[int32](-1) }, nil, []typeAndField{{invalid, "spec.ttlSecondsAfterFinished"}}},
		{"negative backoffLimitPerIndex", indexedJob, func(j *jobapi.Job) { j.Spec.BackoffLimitPerIndex = ref[int32](-1) }, nil, []typeAndField{{invalid, "spec.backoffLimitPerIndex"}}},
		{"negative maxFailedIndexes", indexedJob, func(j *jobapi.Job) {
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](-1)
		}, nil, []typeAndField{{invalid, "spec.maxFailedIndexes"}}},
		{"maxFailedIndexes without backoffLimitPerIndex", indexedJob, func(j *jobapi.Job) { j.Spec.MaxFailedIndexes = ref[int32](1) }, nil, []typeAndField{{required, "spec.backoffLimitPerIndex"}}},
		// managedBy
		{"managedBy empty", manualJob, func(j *jobapi.Job) { j.Spec.ManagedBy = ref("") }, nil, []typeAndField{{required, "spec.managedBy"}}},
		{"managedBy without a domain", manualJob, func(j *jobapi.Job) { j.Spec.ManagedBy = ref("kueue") }, nil, []typeAndField{{invalid, "spec.managedBy"}}},
		{"managedBy with a bad domain", manualJob, func(j *jobapi.Job) { j.Spec.ManagedBy = ref("Example.com/x") }, nil, []typeAndField{{invalid, "spec.managedBy"}}},
		{"managedBy with a bad path", manualJob, func(j *jobapi.Job) { j.Spec.ManagedBy = ref("example.com/a b") }, nil, []typeAndField{{invalid, "spec.managedBy"}}},
		{"managedBy longer than 63 bytes", manualJob, func(j *jobapi.Job) {
			j.Spec.ManagedBy = ref("example.com/" + strings.Repeat("x", 60))
		}, nil, []typeAndField{{tooLong, "spec.managedBy"}}},
		// completion mode
		{"unknown completion mode", manualJob, func(j *jobapi.Job) { j.Spec.CompletionMode = ref(jobapi.CompletionMode("Sometimes")) }, nil, []typeAndField{{notSupported, "spec.completionMode"}}},
		{"Indexed without completions", indexedJob, func(j *jobapi.Job) { j.Spec.Completions = nil }, nil, []typeAndField{{required, "spec.completions"}}},
		{"Indexed with parallelism above 100000", indexedJob, func(j *jobapi.Job) { j.Spec.Parallelism = ref[int32](100001) }, nil, []typeAndField{{invalid, "spec.parallelism"}}},
		{"Indexed with maxFailedIndexes above completions", indexedJob, func(j *jobapi.Job) {
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](6)
		}, nil, []typeAndField{{invalid, "spec.maxFailedIndexes"}}},
		{"Indexed with maxFailedIndexes above 100000", indexedJob, func(j *jobapi.Job) {
			j.Spec.Completions = ref[int32](100000)
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](100001)
		}, nil, []typeAndField{{invalid, "spec.maxFailedIndexes"}, {invalid, "spec.maxFailedIndexes"}}},
		{"above 100000 completions a per-index limit needs maxFailedIndexes and lower parallelism", indexedJob, func(j *jobapi.Job) {
			j.Spec.Completions = ref[int32](100001)
			j.Spec.Parallelism = ref[int32](10001)
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
		}, nil, []typeAndField{{required, "spec.maxFailedIndexes"}, {invalid, "spec.parallelism"}}},
		{"above 100000 completions maxFailedIndexes is at most 10000", indexedJob, func(j *jobapi.Job) {
			j.Spec.Completions = ref[int32](100001)
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](10001)
		}, nil, []typeAndField{{invalid, "spec.maxFailedIndexes"}}},
		{"backoffLimitPerIndex without Indexed", manualJob, func(j *jobapi.Job) { j.Spec.BackoffLimitPerIndex = ref[int32](1) }, nil, []typeAndField{{invalid, "spec.backoffLimitPerIndex"}}},
		{"maxFailedIndexes without Indexed", manualJob, func(j *jobapi.Job) {
			j.Spec.CompletionMode = nil
			j.Spec.BackoffLimitPerIndex = ref[int32](1)
			j.Spec.MaxFailedIndexes = ref[int32](1)
		}, nil, []typeAndField{{invalid, "spec.backoffLimitPerIndex"}, {invalid, "spec.maxFailedIndexes"}}},
		{"Indexed whose last hostname is longer than 63 bytes", indexedJob, func(j *jobapi.Job) {
			setName(j, strings.Repeat("a", 59))
			j.Spec.Completions = ref[int32](10000)
		}, nil, []typeAndField{{invalid, "metadata.name"}}},
		{"Indexed whose last hostname is not a DNS label", indexedJob, func(j *jobapi.Job) { setName(j, "pi.v2") }, nil, []typeAndField{{invalid, "metadata.name"}}},
		// success policy
		{"success policy without Indexed", manualJob, func(j *jobapi.Job) {
			j.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{{SucceededCount: ref[int32](1)}}}
		}, nil, []typeAndField{{invalid, "spec.successPolicy"}}},
		{"success policy without rules", indexedJob, func(j *jobapi.Job) { j.Spec.SuccessPolicy = &jobapi.SuccessPolicy{} }, nil, []typeAndField{{required, "spec.successPolicy.rules"}}},
		{"success policy with too many rules", indexedJob, func(j *jobapi.Job) {
			j.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: make([]jobapi.SuccessPolicyRule, 21)}
			for i := range j.Spec.SuccessPolicy.Rules {
				j.Spec.SuccessPolicy.Rules[i].SucceededCount = ref[int32](1)
			}
		}, nil, []typeAndField{{tooMany, "spec.successPolicy.rules"}}},
		{"success policy rule without a criterion", indexedJob, func(j *jobapi.Job) {
			j.Spec.SuccessPolicy = &jobapi.SuccessPolicy{Rules: []jobapi.SuccessPolicyRule{{}}}
		}, nil, []typeAndField{{required, "spec.successPolicy.rules[0]"}}},
		// A list Kubernetes cannot read counts 0 indexes, so a
		// succeededCount above 0 is refused too, as Kubernetes does.
		{"succeededIndexes malformed", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("1,x") }, nil, succeededIndexesAndCount},
		{"succeededIndexes out of range", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("0-10") }, nil, succeededIndexesAndCount},
		{"succeededIndexes out of order", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("3,1") }, nil, succeededIndexesAndCount},
		{"succeededIndexes interval backwards", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("5-5") }, nil, succeededIndexesAndCount},
		{"succeededIndexes with a negative bound", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("-1") }, nil, succeededIndexesAndCount},
		{"succeededIndexes with three bounds", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref("0-1-2") }, nil, succeededIndexesAndCount},
		{"succeededIndexes over-long and malformed gets both errors", indexedJob, func(j *jobapi.Job) {
			withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededIndexes = ref(strings.Repeat("1", 64*1024+1))
		}, nil, []typeAndField{{tooLong, "spec.successPolicy.rules[0].succeededIndexes"}, {invalid, "spec.successPolicy.rules[0].succeededIndexes"}, {invalid, "spec.successPolicy.rules[0].succeededCount"}}},
		{"succeededCount negative", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[1].SucceededCount = ref[int32](-1) }, nil, []typeAndField{{invalid, "spec.successPolicy.rules[1].succeededCount"}}},
		{"succeededCount above completions", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[1].SucceededCount = ref[int32](11) }, nil, []typeAndField{{invalid, "spec.successPolicy.rules[1].succeededCount"}}},
		{"succeededCount above the listed indexes", indexedJob, func(j *jobapi.Job) { withSuccessPolicy(j).Spec.SuccessPolicy.Rules[0].SucceededCount = ref[int32](6) }, nil, []typeAndField{{invalid, "spec.successPolicy.rules[0].succeededCount"}}},
		// pod failure policy
		{"pod failure policy with restartPolicy OnFailure", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.Template.Spec.RestartPolicy = core.RestartPolicyOnFailure
		}, nil, []typeAndField{{invalid, "spec.template.spec.restartPolicy"}}},
		{"pod failure policy with too many rules", generatedJob, func(j *jobapi.Job) {
			p := withPodFailurePolicy(j).Spec.PodFailurePolicy
			for len(p.Rules) <= 20 {
				p.Rules = append(p.Rules, p.Rules[0])
			}
		}, nil, []typeAndField{{tooMany, "spec.podFailurePolicy.rules"}}},
		{"rule without action", generatedJob, func(j *jobapi.Job) { withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].Action = "" }, nil, []typeAndField{{required, "spec.podFailurePolicy.rules[0].action"}}},
		{"rule with unknown action", generatedJob, func(j *jobapi.Job) { withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].Action = "Retry" }, nil, []typeAndField{{notSupported, "spec.podFailurePolicy.rules[0].action"}}},
		{"FailIndex without backoffLimitPerIndex", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].Action = jobapi.PodFailurePolicyActionFailIndex
		}, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[0].action"}}},
		{"rule with both requirements", generatedJob, func(j *jobapi.Job) {
			p := withPodFailurePolicy(j).Spec.PodFailurePolicy
			p.Rules[0].OnPodConditions = p.Rules[1].OnPodConditions
		}, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[0]"}}},
		{"rule with neither requirement", generatedJob, func(j *jobapi.Job) { withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[1].OnPodConditions = nil }, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[1]"}}},
		{"exit code operator missing", generatedJob, func(j *jobapi.Job) { withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Operator = "" }, nil, []typeAndField{{required, "spec.podFailurePolicy.rules[0].onExitCodes.operator"}}},
		{"exit code operator unknown", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Operator = "Equals"
		}, nil, []typeAndField{{notSupported, "spec.podFailurePolicy.rules[0].onExitCodes.operator"}}},
		{"exit code container unknown", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.ContainerName = ref("sidecar")
		}, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[0].onExitCodes.containerName"}}},
		{"exit codes empty", generatedJob, func(j *jobapi.Job) { withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values = nil }, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[0].onExitCodes.values"}}},
		{"exit code 0 with In", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values = []int32{0, 1}
		}, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[0].onExitCodes.values[0]"}}},
		{"exit code repeated", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values = []int32{1, 1}
		}, nil, []typeAndField{{duplicate, "spec.podFailurePolicy.rules[0].onExitCodes.values[1]"}}},
		{"exit codes unordered", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values = []int32{2, 1}
		}, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[0].onExitCodes.values"}}},
		{"more than 255 exit codes", generatedJob, func(j *jobapi.Job) {
			vs := make([]int32, 256)
			for i := range vs {
				vs[i] = int32(i + 1)
			}
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[0].OnExitCodes.Values = vs
		}, nil, []typeAndField{{tooMany, "spec.podFailurePolicy.rules[0].onExitCodes.values"}}},
		{"pod condition without status", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[1].OnPodConditions[0].Status = ""
		}, nil, []typeAndField{{required, "spec.podFailurePolicy.rules[1].onPodConditions[0].status"}}},
		{"pod condition with unknown status", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[1].OnPodConditions[0].Status = "Maybe"
		}, nil, []typeAndField{{notSupported, "spec.podFailurePolicy.rules[1].onPodConditions[0].status"}}},
		{"pod condition with invalid type", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[1].OnPodConditions[0].Type = "not a type"
		}, nil, []typeAndField{{invalid, "spec.podFailurePolicy.rules[1].onPodConditions[0].type"}}},
		{"more than 20 pod condition patterns", generatedJob, func(j *jobapi.Job) {
			r := &withPodFailurePolicy(j).Spec.PodFailurePolicy.Rules[1]
			for len(r.OnPodConditions) <= 20 {
				r.OnPodConditions = append(r.OnPodConditions, r.OnPodConditions[0])
			}
		}, nil, []typeAndField{{tooMany, "spec.podFailurePolicy.rules[1].onPodConditions"}}},
		// pod replacement policy
		{"unknown pod replacement policy", generatedJob, func(j *jobapi.Job) { j.Spec.PodReplacementPolicy = ref(jobapi.PodReplacementPolicy("Never")) }, nil, []typeAndField{{notSupported, "spec.podReplacementPolicy"}}},
		{"TerminatingOrFailed with a pod failure policy", generatedJob, func(j *jobapi.Job) {
			withPodFailurePolicy(j).Spec.PodReplacementPolicy = ref(jobapi.TerminatingOrFailed)
		}, nil, []typeAndField{{notSupported, "spec.podReplacementPolicy"}}},
		// the pod template's spec
		{"restartPolicy missing", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.RestartPolicy = "" }, nil, []typeAndField{{required, "spec.template.spec.restartPolicy"}}},
		{"restartPolicy Always", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.RestartPolicy = core.RestartPolicyAlways }, nil, []typeAndField{{required, "spec.template.spec.restartPolicy"}}},
		// Twice, as Kubernetes reports it: once by the pod template's
		// rules (Always, OnFailure, Never), once by the Job's (OnFailure,
		// Never).
		{"restartPolicy unknown", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.RestartPolicy = "Sometimes" }, nil, []typeAndField{{notSupported, "spec.template.spec.restartPolicy"}, {notSupported, "spec.template.spec.restartPolicy"}}},
		{"no containers", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers = nil }, nil, []typeAndField{{required, "spec.template.spec.containers"}}},
		{"container without a name", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Name = "" }, nil, []typeAndField{{required, "spec.template.spec.containers[0].name"}}},
		{"container name not a DNS label", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Name = "Pi" }, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].name"}}},
		{"container without an image", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Image = "" }, nil, []typeAndField{{required, "spec.template.spec.containers[0].image"}}},
		{"init container without an image", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.InitContainers = []core.Container{{Name: "setup"}}
		}, nil, []typeAndField{{required, "spec.template.spec.initContainers[0].image"}}},
		{"container name also an init container's", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.InitContainers = []core.Container{{Name: "pi", Image: "busybox"}}
		}, nil, []typeAndField{{duplicate, "spec.template.spec.initContainers[0].name"}}},
		// the typed pod fields, as v1.36 checks them
		{"env var name empty", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Value: "v"}}
		}, nil, []typeAndField{{required, "spec.template.spec.containers[0].env[0].name"}}},
		{"env var name with '='", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "A=B", Value: "v"}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].env[0].name"}}},
		{"env valueFrom without a source", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "A", ValueFrom: &core.EnvVarSource{}}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].env[0].valueFrom"}}},
		{"env with value and valueFrom", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "A", Value: "v", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.name"}}}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].env[0].valueFrom"}}},
		{"env fieldRef to an unknown field (the store checks it too)", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "A", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.bogus"}}}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath"}}},
		{"env fieldRef to spec.terminationGracePeriodSeconds, which the API server does not convert", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "A", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "spec.terminationGracePeriodSeconds"}}}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath"}}},
		{"env fieldRef to a field an env var may not read", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Env = []core.EnvVar{{Name: "A", ValueFrom: &core.EnvVarSource{FieldRef: &core.ObjectFieldSelector{FieldPath: "metadata.labels"}}}}
		}, nil, []typeAndField{{notSupported, "spec.template.spec.containers[0].env[0].valueFrom.fieldRef.fieldPath"}}},
		{"volume mount of an undeclared volume", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].VolumeMounts = []core.VolumeMount{{Name: "nowhere", MountPath: "/data"}}
		}, nil, []typeAndField{{notFound, "spec.template.spec.containers[0].volumeMounts[0].name"}}},
		{"volume mount of an invalid volume", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "Work"}}
			j.Spec.Template.Spec.Containers[0].VolumeMounts = []core.VolumeMount{{Name: "Work", MountPath: "/data"}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.volumes[0].name"}, {notFound, "spec.template.spec.containers[0].volumeMounts[0].name"}}},
		{"volume mount paths repeated or empty", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work"}}
			j.Spec.Template.Spec.Containers[0].VolumeMounts = []core.VolumeMount{{Name: "work", MountPath: "/data"}, {Name: "work", MountPath: "/data"}, {Name: "work"}}
		}, nil, []typeAndField{
			{invalid, "spec.template.spec.containers[0].volumeMounts[1].mountPath"},
			{required, "spec.template.spec.containers[0].volumeMounts[2].mountPath"},
		}},
		{"absolute subPath, reported without the mount's index as Kubernetes does", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work"}}
			j.Spec.Template.Spec.Containers[0].VolumeMounts = []core.VolumeMount{{Name: "work", MountPath: "/data", SubPath: "/abs"}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.containers[0].volumeMounts.subPath"}}},
		{"volume with two sources", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work", VolumeSource: core.VolumeSource{
				DownwardAPI: &core.DownwardAPIVolumeSource{}, ConfigMap: &core.ConfigMapVolumeSource{LocalObjectReference: core.LocalObjectReference{Name: "c"}},
			}}}
		}, nil, []typeAndField{{forbidden, "spec.template.spec.volumes[0].configMap"}}},
		{"configMap volume without a name, items without key or with '..'", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work", VolumeSource: core.VolumeSource{
				ConfigMap: &core.ConfigMapVolumeSource{Items: []core.KeyToPath{{Path: "a"}, {Key: "k", Path: "../up"}}, DefaultMode: ref[int32](0o1000)},
			}}}
		}, nil, []typeAndField{
			{required, "spec.template.spec.volumes[0].configMap.name"},
			{invalid, "spec.template.spec.volumes[0].configMap.defaultMode"},
			{required, "spec.template.spec.volumes[0].configMap.items[0].key"},
			{invalid, "spec.template.spec.volumes[0].configMap.items[1].path"},
		}},
		{"downwardAPI volume item reading a field a volume may not read", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work", VolumeSource: core.VolumeSource{
				DownwardAPI: &core.DownwardAPIVolumeSource{Items: []core.DownwardAPIVolumeFile{{Path: "node", FieldRef: &core.ObjectFieldSelector{FieldPath: "spec.nodeName"}}}},
			}}}
		}, nil, []typeAndField{{notSupported, "spec.template.spec.volumes[0].downwardAPI.fieldRef.fieldPath"}}},
		{"serviceAccountName, nodeName, hostname and subdomain not DNS names", generatedJob, func(j *jobapi.Job) {
			ps := &j.Spec.Template.Spec
			ps.ServiceAccountName, ps.NodeName, ps.Hostname, ps.Subdomain = "Builder", "node_1", "a.b", "Svc"
		}, nil, []typeAndField{
			{invalid, "spec.template.spec.serviceAccountName"},
			{invalid, "spec.template.spec.nodeName"},
			{invalid, "spec.template.spec.hostname"},
			{invalid, "spec.template.spec.subdomain"},
		}},
		{"volume name repeated", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work"}, {Name: "work"}}
		}, nil, []typeAndField{{duplicate, "spec.template.spec.volumes[1].name"}}},
		{"volume name not a DNS label", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "work_dir"}}
		}, nil, []typeAndField{{invalid, "spec.template.spec.volumes[0].name"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := tt.base()
			tt.change(job)
			errs := mustValidate(t, job, tt.opts...)
			if diff := cmp.Diff(tt.want, typesAndFields(errs)); diff != "" {
				t.Errorf("Validate (-want +got):\n%s\n%v", diff, errs.ToAggregate())
			}
			for _, e := range errs {
				if e.Type != field.ErrorTypeInternal && !strings.Contains(e.Error(), e.Field+": ") {
					t.Errorf("error %q does not start with its field path", e.Error())
				}
			}
		})
	}
}

func TestValidateBadOptionsAreAnError(t *testing.T) {
	for _, opt := range []jobapi.ValidateOption{
		jobapi.WithUniqueLabelKey("no spaces allowed"),
		jobapi.WithUniqueLabelKey(jobapi.JobNameLabel),
		jobapi.WithLabelKeys("k8s"),
	} {
		errs, err := jobapi.Validate(generatedJob(), opt)
		if err == nil || errs != nil {
			t.Errorf("Validate with %+v = %v, %v; want no list and an error", opt, errs, err)
		}
	}
}

func TestValidateNilJobIsAnError(t *testing.T) {
	errs, err := jobapi.Validate(nil)
	if err == nil || errs != nil {
		t.Errorf("Validate(nil) = %v, %v; want no list and an error", errs, err)
	}
}
