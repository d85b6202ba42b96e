package jobapi_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	"github.com/jobkit/jobkit/selector"
)

// suspendedJob is a valid Job that is suspended and has never started.
func suspendedJob() *jobapi.Job {
	j := generatedJob()
	j.Spec.Suspend = ref(true)
	j.Spec.Template.Spec.NodeSelector = map[string]string{"disk": "ssd"}
	j.Spec.Template.Spec.Affinity = &core.Affinity{
		NodeAffinity: &core.NodeAffinity{PreferredDuringSchedulingIgnoredDuringExecution: []core.PreferredSchedulingTerm{}},
		PodAffinity:  &core.PodAffinity{Unknown: meta.Unknown{"x": meta.RawJSON(`1`)}},
	}
	return j
}

// startedJob is suspendedJob after it ran for a while.
func startedJob() *jobapi.Job {
	j := suspendedJob()
	j.Status.StartTime = &meta.Time{Time: time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)}
	return j
}

func TestValidateUpdate(t *testing.T) {
	const invalid = field.ErrorTypeInvalid
	tests := []struct {
		name   string
		old    func() *jobapi.Job
		change func(j *jobapi.Job)
		want   []typeAndField
	}{
		{"nothing changes", generatedJob, func(*jobapi.Job) {}, nil},
		{"mutable fields change", generatedJob, func(j *jobapi.Job) {
			j.Spec.Parallelism = ref[int32](5)
			j.Spec.ActiveDeadlineSeconds = ref[int64](60)
			j.Spec.Suspend = ref(true)
			j.ObjectMeta.Labels["team"] = "numerics"
		}, nil},
		{"unset completionMode means NonIndexed", generatedJob, func(j *jobapi.Job) { j.Spec.CompletionMode = nil }, nil},
		{"the same unmodeled members in another order", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Template.Spec.Containers[0].Unknown = meta.Unknown{"x-future": meta.RawJSON(`{"limits":{"cpu":"1","memory":"1Gi"}}`)}
			return j
		}, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Unknown["x-future"] = meta.RawJSON(`{"limits":{"memory":"1Gi","cpu":"1"}}`)
		}, nil},
		{"unmodeled members of a running Job", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Template.Spec.Containers[0].Unknown = meta.Unknown{"x-future": meta.RawJSON(`{"limits":{"cpu":"1"}}`)}
			return j
		}, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Unknown["x-future"] = meta.RawJSON(`{"limits":{"cpu":"2"}}`)
		}, []typeAndField{{invalid, "spec.template"}}},
		{"name", manualJob, func(j *jobapi.Job) { setName(j, "pi2") }, []typeAndField{{invalid, "metadata.name"}}},
		{"namespace", generatedJob, func(j *jobapi.Job) { j.ObjectMeta.Namespace = "other" }, []typeAndField{{invalid, "metadata.namespace"}}},
		{"uid", manualJob, func(j *jobapi.Job) { j.ObjectMeta.UID = oldUID }, []typeAndField{{invalid, "metadata.uid"}}},
		{"creationTimestamp", generatedJob, func(j *jobapi.Job) {
			j.ObjectMeta.CreationTimestamp = meta.NewTime(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC))
		}, []typeAndField{{invalid, "metadata.creationTimestamp"}}},
		{"deletionTimestamp", generatedJob, func(j *jobapi.Job) {
			j.ObjectMeta.DeletionTimestamp = &meta.Time{Time: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)}
		}, []typeAndField{{invalid, "metadata.deletionTimestamp"}}},
		{"selector", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector = &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "app", Operator: selector.LabelSelectorOpExists}}}
		}, []typeAndField{{invalid, "spec.selector"}}},
		{"completions of a NonIndexed Job", generatedJob, func(j *jobapi.Job) { j.Spec.Completions = ref[int32](3) }, []typeAndField{{invalid, "spec.completions"}}},
		{"completions of an Indexed Job with parallelism", indexedJob, func(j *jobapi.Job) {
			j.Spec.Completions, j.Spec.Parallelism = ref[int32](8), ref[int32](8)
		}, nil},
		{"completions of an Indexed Job alone", indexedJob, func(j *jobapi.Job) { j.Spec.Completions = ref[int32](8) }, []typeAndField{{invalid, "spec.completions"}}},
		{"completionMode", generatedJob, func(j *jobapi.Job) {
			j.Spec.CompletionMode = ref(jobapi.IndexedCompletion)
		}, []typeAndField{{invalid, "spec.completionMode"}}},
		{"podFailurePolicy", generatedJob, func(j *jobapi.Job) { withPodFailurePolicy(j) }, []typeAndField{{invalid, "spec.podFailurePolicy"}}},
		{"backoffLimitPerIndex", indexedJob, func(j *jobapi.Job) { j.Spec.BackoffLimitPerIndex = ref[int32](2) }, []typeAndField{{invalid, "spec.backoffLimitPerIndex"}}},
		{"managedBy", generatedJob, func(j *jobapi.Job) { j.Spec.ManagedBy = ref("example.com/x") }, []typeAndField{{invalid, "spec.managedBy"}}},
		{"successPolicy", func() *jobapi.Job { return withSuccessPolicy(indexedJob()) }, func(j *jobapi.Job) {
			j.Spec.SuccessPolicy.Rules = j.Spec.SuccessPolicy.Rules[:1]
		}, []typeAndField{{invalid, "spec.successPolicy"}}},
		{"template image", generatedJob, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Image = "perl:5.36" }, []typeAndField{{invalid, "spec.template"}}},
		{"template labels of a running Job", generatedJob, func(j *jobapi.Job) { j.Spec.Template.ObjectMeta.Labels["tier"] = "batch" }, []typeAndField{{invalid, "spec.template"}}},
		{"template labels of a suspended Job that never started", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Labels["tier"] = "batch"
			j.Spec.Template.ObjectMeta.Annotations = map[string]string{"note": "x"}
		}, nil},
		{"scheduling directives of a suspended Job that never started", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.NodeSelector = map[string]string{"disk": "hdd"}
			j.Spec.Template.Spec.Tolerations = []core.Toleration{{Operator: core.TolerationOpExists}}
			j.Spec.Template.Spec.Affinity.NodeAffinity = &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{
				NodeSelectorTerms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{{Key: "disk", Operator: core.NodeSelectorOpIn, Values: []string{"hdd"}}}}},
			}}
		}, nil},
		{"node affinity removed from a suspended Job that never started", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity.NodeAffinity = nil
		}, nil},
		{"pod affinity of a suspended Job that never started", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity.PodAffinity.Unknown["x"] = meta.RawJSON(`2`)
		}, []typeAndField{{invalid, "spec.template.spec"}}},
		{"scheduling directives of a Job that started", startedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.NodeSelector = map[string]string{"disk": "hdd"}
		}, []typeAndField{{invalid, "spec.template"}}},
		// MutablePodResourcesForSuspendedJobs (beta, on in v1.36)
		{"container resources of a suspended Job that never started", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Resources = cpu("2")
		}, nil},
		{"init container resources of a suspended Job that never started", func() *jobapi.Job {
			j := suspendedJob()
			j.Spec.Template.Spec.InitContainers = []core.Container{{Name: "setup", Image: "busybox"}}
			return j
		}, func(j *jobapi.Job) { j.Spec.Template.Spec.InitContainers[0].Resources = cpu("1") }, nil},
		{"container resources of a Job suspended by a condition after it started", func() *jobapi.Job {
			j := startedJob()
			j.Status.Conditions = []jobapi.JobCondition{{Type: jobapi.JobSuspended, Status: jobapi.ConditionTrue}}
			return j
		}, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Resources = cpu("2") }, nil},
		{"container resources of a running Job", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Resources = cpu("2")
		}, []typeAndField{{invalid, "spec.template"}}},
		{"container resources of a suspended Job that started", startedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Resources = cpu("2")
		}, []typeAndField{{invalid, "spec.template"}}},
		{"container resources of a suspended Job with active pods", func() *jobapi.Job {
			j := suspendedJob()
			j.Status.Active = 1
			return j
		}, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Resources = cpu("2") }, []typeAndField{{invalid, "spec.template"}}},
		{"container resources with a new container name, reported at spec.template.spec", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Resources = cpu("2")
			j.Spec.Template.Spec.Containers[0].Name = "renamed"
		}, []typeAndField{{invalid, "spec.template.spec"}}},
		{"container image of a suspended Job that never started, reported at spec.template.spec", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Image = "perl:6"
		}, []typeAndField{{invalid, "spec.template.spec"}}},
		{"an invalid new state is reported too", manualJob, func(j *jobapi.Job) { j.Spec.Parallelism = ref[int32](-1) }, []typeAndField{{invalid, "spec.parallelism"}}},
		// Values compare semantically (apiequality.Semantic).
		{"a quantity written another way is unchanged", func() *jobapi.Job {
			j := generatedJob()
			j.Spec.Template.Spec.Containers[0].Resources = cpu("1000m")
			return j
		}, func(j *jobapi.Job) { j.Spec.Template.Spec.Containers[0].Resources = cpu("1") }, nil},
		{"an empty list in place of a missing one is unchanged", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Tolerations = []core.Toleration{}
			j.Spec.Template.ObjectMeta.Annotations = map[string]string{}
		}, nil},
		{"a pointer to a zero value in place of a missing one is a change", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity = &core.Affinity{}
		}, []typeAndField{{invalid, "spec.template"}}},
		{"an unmodeled member of the template is a change", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Unknown = meta.Unknown{"x-future": meta.RawJSON(`true`)}
		}, []typeAndField{{invalid, "spec.template"}}},
		{"a selector written with its maps empty is unchanged", manualJob, func(j *jobapi.Job) {
			j.Spec.Selector.MatchExpressions = []selector.LabelSelectorRequirement{}
		}, nil},
		{"affinity cleared from a suspended Job whose old affinity held pod affinity too", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity = nil
		}, []typeAndField{{invalid, "spec.template.spec"}}},
		{"affinity cleared from a suspended Job whose old affinity was node affinity alone", func() *jobapi.Job {
			j := suspendedJob()
			j.Spec.Template.Spec.Affinity.PodAffinity = nil
			return j
		}, func(j *jobapi.Job) { j.Spec.Template.Spec.Affinity = nil }, nil},
		{"affinity added to a suspended Job with node affinity alone", generatedSuspendedWithoutAffinity, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity = &core.Affinity{NodeAffinity: &core.NodeAffinity{}}
		}, nil},
		{"affinity added to a suspended Job with pod affinity", generatedSuspendedWithoutAffinity, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity = &core.Affinity{PodAffinity: &core.PodAffinity{}}
		}, []typeAndField{{invalid, "spec.template.spec"}}},
		{"scheduling gates of a suspended Job that never started", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.SchedulingGates = []core.PodSchedulingGate{{Name: "example.com/gate"}}
		}, nil},
		{"template metadata other than labels and annotations of a suspended Job is not compared", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Finalizers = []string{"example.com/f"}
		}, nil},
		{"resources of containers whose count changed", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.Spec.Containers[0].Resources = cpu("2")
			j.Spec.Template.Spec.Containers = append(j.Spec.Template.Spec.Containers, core.Container{Name: "side", Image: "busybox"})
		}, []typeAndField{{invalid, "spec.template.spec"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := tt.old()
			job := old.DeepCopy()
			tt.change(job)
			errs := mustValidateUpdate(t, job, old)
			if diff := cmp.Diff(tt.want, typesAndFields(errs)); diff != "" {
				t.Errorf("ValidateUpdate (-want +got):\n%s\n%v", diff, errs.ToAggregate())
			}
		})
	}
}

func TestValidateUpdateListsTheChangedPartsOfTheTemplate(t *testing.T) {
	old := generatedJob()
	job := old.DeepCopy()
	job.Spec.Template.Spec.Containers[0].Image = "perl:5.36"
	job.Spec.Template.ObjectMeta.Annotations = map[string]string{"note": "x"}
	errs := mustValidateUpdate(t, job, old)
	if diff := cmp.Diff([]typeAndField{{field.ErrorTypeInvalid, "spec.template"}}, typesAndFields(errs)); diff != "" {
		t.Fatalf("(-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"spec.template.metadata.annotations", "spec.template.spec.containers"}, errs[0].BadValue); diff != "" {
		t.Errorf("changed parts (-want +got):\n%s", diff)
	}
}

// generatedSuspendedWithoutAffinity is suspendedJob without an affinity.
func generatedSuspendedWithoutAffinity() *jobapi.Job {
	j := suspendedJob()
	j.Spec.Template.Spec.Affinity = nil
	return j
}

// TestValidateUpdateChangedParts checks the value of the template error:
// the paths of the members that changed, by their JSON names, unmodeled
// members by theirs, sorted.
func TestValidateUpdateChangedParts(t *testing.T) {
	tests := []struct {
		name   string
		old    func() *jobapi.Job
		change func(j *jobapi.Job)
		want   []string
	}{
		{"members of the metadata and spec of a running Job's template", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Annotations = map[string]string{"note": "x"}
			j.Spec.Template.Spec.Containers[0].Image = "perl:5.36"
			j.Spec.Template.Spec.NodeSelector = map[string]string{"disk": "ssd"}
		}, []string{"spec.template.metadata.annotations", "spec.template.spec.containers", "spec.template.spec.nodeSelector"}},
		{"unmodeled members at each level", generatedJob, func(j *jobapi.Job) {
			j.Spec.Template.Unknown = meta.Unknown{"x-template": meta.RawJSON(`1`)}
			j.Spec.Template.ObjectMeta.Unknown = meta.Unknown{"x-meta": meta.RawJSON(`1`)}
			j.Spec.Template.Spec.Unknown = meta.Unknown{"x-spec": meta.RawJSON(`1`)}
		}, []string{"spec.template.metadata.x-meta", "spec.template.spec.x-spec", "spec.template.x-template"}},
		{"a suspended Job's spec, its allowed changes left out", suspendedJob, func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Labels["tier"] = "batch"
			j.Spec.Template.Spec.NodeSelector = nil
			j.Spec.Template.Spec.Containers[0].Resources = cpu("2")
			j.Spec.Template.Spec.Containers[0].Image = "perl:6"
			j.Spec.Template.Spec.Affinity.PodAffinity = nil
			j.Spec.Template.Spec.HostNetwork = true
		}, []string{"spec.template.spec.affinity", "spec.template.spec.containers", "spec.template.spec.hostNetwork"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := tt.old()
			job := old.DeepCopy()
			tt.change(job)
			var got any
			for _, e := range mustValidateUpdate(t, job, old) {
				if e.Field == "spec.template" || e.Field == "spec.template.spec" {
					got = e.BadValue
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("changed parts (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateUpdateWithoutOldJobIsAnError(t *testing.T) {
	errs, err := jobapi.ValidateUpdate(generatedJob(), nil)
	if err == nil || errs != nil {
		t.Errorf("ValidateUpdate(job, nil) = %v, %v; want no list and an error", errs, err)
	}
}

// cpu is container resources with a CPU request.
func cpu(q string) core.ResourceRequirements {
	return core.ResourceRequirements{Requests: core.ResourceList{"cpu": resource.MustParse(q)}}
}
