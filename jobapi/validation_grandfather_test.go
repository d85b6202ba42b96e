package jobapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// TestValidateMetadataSystemFields: Validate checks the metadata every
// object carries as the API server does (generation, owner references,
// finalizers, managedFields).
func TestValidateMetadataSystemFields(t *testing.T) {
	const invalid, tooLong = field.ErrorTypeInvalid, field.ErrorTypeTooLong
	tests := []struct {
		name   string
		change func(j *jobapi.Job)
		want   []typeAndField
	}{
		{"a controller's managedFields", func(j *jobapi.Job) {
			fields := meta.RawJSON(`{}`)
			at := meta.NewTime(time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC))
			j.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{Manager: "kubectl-client-side-apply", Operation: "Update", APIVersion: "batch/v1", Time: &at, FieldsType: "FieldsV1", FieldsV1: &fields}}
		}, nil},
		{"managedFields with placeholder values", func(j *jobapi.Job) {
			j.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{Manager: "managerValue", Operation: "operationValue", FieldsType: "fieldsTypeValue", Subresource: "subresourceValue"}}
		}, []typeAndField{{invalid, "metadata.managedFields[0].operation"}, {invalid, "metadata.managedFields[0].fieldsType"}}},
		{"managedFields manager too long", func(j *jobapi.Job) {
			j.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{Operation: "Apply", Manager: strings.Repeat("m", 129)}}
		}, []typeAndField{{tooLong, "metadata.managedFields[0].manager"}}},
		{"finalizers", func(j *jobapi.Job) { j.ObjectMeta.Finalizers = []string{"finalizersValue", "example.com/ok"} },
			[]typeAndField{{invalid, "metadata.finalizers[0]"}}},
		{"owner references", func(j *jobapi.Job) {
			j.ObjectMeta.OwnerReferences = []meta.OwnerReference{{APIVersion: "batch/v1", Kind: "CronJob", Name: "nightly"}}
		}, []typeAndField{{invalid, "metadata.ownerReferences.uid"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := generatedJob()
			tt.change(j)
			if diff := cmp.Diff(tt.want, typesAndFields(mustValidate(t, j))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestValidateUpdateKeepsWhatOldJobsHold: ValidateUpdate derives its pod
// validation options from the stored Job, as the Job strategy does, so a
// Job stored under laxer historical rules stays updatable; the same
// content brought into a Job that did not have it is refused.
func TestValidateUpdateKeepsWhatOldJobsHold(t *testing.T) {
	badAffinity := func(j *jobapi.Job) {
		j.Spec.Template.Spec.Affinity = &core.Affinity{PodAntiAffinity: &core.PodAntiAffinity{
			RequiredDuringSchedulingIgnoredDuringExecution: []core.PodAffinityTerm{{TopologyKey: "zone",
				LabelSelector: &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "app", Operator: selector.LabelSelectorOpIn, Values: []string{"-bad-"}}}}}},
		}}
	}
	tests := []struct {
		name     string
		old      func(j *jobapi.Job)
		refusals []typeAndField // of the content in a new Job
	}{
		{"invalid label value in a pod affinity selector", badAffinity, []typeAndField{
			{field.ErrorTypeInvalid, "spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values[0]"}}},
		{"invalid label value in a manual spec.selector", func(j *jobapi.Job) {
			j.Spec.ManualSelector = ref(true)
			j.Spec.Selector = &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "app", Operator: selector.LabelSelectorOpIn, Values: []string{"-bad-"}}}}
		}, []typeAndField{{field.ErrorTypeInvalid, "spec.selector.matchExpressions[0].values[0]"}}},
		{"absolute serviceAccountToken path", func(j *jobapi.Job) {
			j.Spec.Template.Spec.Volumes = []core.Volume{{Name: "t", VolumeSource: core.VolumeSource{Projected: &core.ProjectedVolumeSource{
				Sources: []core.VolumeProjection{{ServiceAccountToken: &core.ServiceAccountTokenProjection{Path: "/token"}}}}}}}
			// Kubernetes reports the path at `projected.path`.
		}, []typeAndField{{field.ErrorTypeInvalid, "spec.template.spec.volumes[0].projected.path"}}},
		{"seLinuxChangePolicy MountOption", func(j *jobapi.Job) {
			j.Spec.Template.Spec.SecurityContext = &core.PodSecurityContext{SELinuxChangePolicy: ref(core.SELinuxChangePolicyMountOption)}
		}, []typeAndField{{field.ErrorTypeNotSupported, "spec.template.spec.securityContext.seLinuxChangePolicy"}}},
		{"invalid pod deletion cost", func(j *jobapi.Job) {
			j.Spec.Template.ObjectMeta.Annotations = map[string]string{"controller.kubernetes.io/pod-deletion-cost": "high"}
		}, []typeAndField{{field.ErrorTypeInvalid, "spec.template.annotations[controller.kubernetes.io/pod-deletion-cost]"}}},
		{"Gt toleration", func(j *jobapi.Job) {
			j.Spec.Template.Spec.Tolerations = []core.Toleration{{Key: "n", Operator: core.TolerationOpGt, Value: "4"}}
		}, []typeAndField{{field.ErrorTypeNotSupported, "spec.template.spec.tolerations[0].operator"}}},
		{"invalid label value in the required node affinity", func(j *jobapi.Job) {
			j.Spec.Template.Spec.Affinity = &core.Affinity{NodeAffinity: &core.NodeAffinity{RequiredDuringSchedulingIgnoredDuringExecution: &core.NodeSelector{
				NodeSelectorTerms: []core.NodeSelectorTerm{{MatchExpressions: []core.NodeSelectorRequirement{{Key: "zone", Operator: core.NodeSelectorOpIn, Values: []string{"-bad-"}}}}}}}}
		}, []typeAndField{{field.ErrorTypeInvalid, "spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := generatedJob()
			tt.old(old)
			defaulted(old)
			if diff := cmp.Diff(tt.refusals, typesAndFields(mustValidate(t, old.DeepCopy()))); diff != "" {
				t.Fatalf("a new Job with the content: (-want +got):\n%s", diff)
			}
			job := old.DeepCopy()
			job.Spec.Parallelism = ref[int32](3)
			job.ObjectMeta.Labels["team"] = "b"
			if errs := mustValidateUpdate(t, job, old); len(errs) > 0 {
				t.Errorf("an update of the old Job: %v", errs)
			}
			// The same content brought in by an update is refused.
			valid := generatedJob()
			defaulted(valid)
			if errs := typesAndFields(mustValidateUpdate(t, old.DeepCopy(), valid)); len(errs) == 0 {
				t.Error("an update that brings the content in is accepted")
			}
		})
	}
}

// TestValidateUpdateMetadata: the rules of an update's metadata.
func TestValidateUpdateMetadata(t *testing.T) {
	deleting := func() *jobapi.Job {
		j := generatedJob()
		j.ObjectMeta.DeletionTimestamp = &meta.Time{Time: time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)}
		j.ObjectMeta.DeletionGracePeriodSeconds = ref[int64](0)
		j.ObjectMeta.Finalizers = []string{"batch.kubernetes.io/job-tracking"}
		return j
	}
	tests := []struct {
		name   string
		old    func() *jobapi.Job
		change func(j *jobapi.Job)
		want   []typeAndField
	}{
		{"generation decremented", generatedJob, func(j *jobapi.Job) { j.ObjectMeta.Generation = 0 },
			[]typeAndField{{field.ErrorTypeInvalid, "metadata.generation"}}},
		{"deletionGracePeriodSeconds set", generatedJob, func(j *jobapi.Job) { j.ObjectMeta.DeletionGracePeriodSeconds = ref[int64](30) },
			[]typeAndField{{field.ErrorTypeInvalid, "metadata.deletionGracePeriodSeconds"}}},
		{"finalizer added while deleting", deleting, func(j *jobapi.Job) { j.ObjectMeta.Finalizers = append(j.ObjectMeta.Finalizers, "example.com/x") },
			[]typeAndField{{field.ErrorTypeForbidden, "metadata.finalizers"}}},
		{"finalizer removed while deleting", deleting, func(j *jobapi.Job) { j.ObjectMeta.Finalizers = nil }, nil},
		{"invalid managedFields", generatedJob, func(j *jobapi.Job) { j.ObjectMeta.ManagedFields = []meta.ManagedFieldsEntry{{}} },
			[]typeAndField{{field.ErrorTypeInvalid, "metadata.managedFields[0].operation"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old := tt.old()
			job := old.DeepCopy()
			tt.change(job)
			if diff := cmp.Diff(tt.want, typesAndFields(mustValidateUpdate(t, job, old))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
