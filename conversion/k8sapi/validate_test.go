package k8sapi

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jobkit/jobkit/jobapi/controller"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestValidateJob(t *testing.T) {
	kj, _, _, _, _ := syncFixture(t)
	tests := []struct {
		name   string
		mutate func(*corev1.PodTemplateSpec)
		opts   []ValidateOption
		want   field.ErrorList
	}{
		{"valid", func(*corev1.PodTemplateSpec) {}, nil, nil},
		{"restartPolicy Always", func(p *corev1.PodTemplateSpec) { p.Spec.RestartPolicy = corev1.RestartPolicyAlways }, nil,
			field.ErrorList{field.Required(field.NewPath("spec", "template", "spec", "restartPolicy"), "must be 'OnFailure' or 'Never' for the pods of a Job")}},
		{"with a path prefix", func(p *corev1.PodTemplateSpec) { p.Spec.RestartPolicy = corev1.RestartPolicyAlways },
			[]ValidateOption{WithPathPrefix(field.NewPath("spec", "replicatedJobs").Index(0).Child("template"))},
			field.ErrorList{field.Required(field.NewPath("spec", "replicatedJobs").Index(0).Child("template", "spec", "template", "spec", "restartPolicy"), "must be 'OnFailure' or 'Never' for the pods of a Job")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := kj.DeepCopy()
			tt.mutate(&job.Spec.Template)
			got, err := ValidateJob(job, tt.opts...)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateJobUpdate(t *testing.T) {
	kj, _, _, _, _ := syncFixture(t)
	tests := []struct {
		name   string
		mutate func(*corev1.PodTemplateSpec)
		fields []string
	}{
		{"unchanged", func(*corev1.PodTemplateSpec) {}, nil},
		{"image changed in a running Job", func(p *corev1.PodTemplateSpec) { p.Spec.Containers[0].Image = "perl:5.36" }, []string{"spec.template"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := kj.DeepCopy()
			tt.mutate(&job.Spec.Template)
			got, err := ValidateJobUpdate(job, kj)
			if err != nil {
				t.Fatal(err)
			}
			var fields []string
			for _, e := range got {
				fields = append(fields, e.Field)
			}
			if diff := cmp.Diff(tt.fields, fields); diff != "" {
				t.Errorf("fields (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSyncAgreesWithController checks that Sync through the bridge decides
// what controller.Sync decides on the same objects, and hands back the
// caller's own pods.
func TestSyncAgreesWithController(t *testing.T) {
	kj, kpods, j, pods, now := syncFixture(t)
	// A pod too many, so that one is deleted.
	extra := kpods[len(kpods)-1].DeepCopy()
	extra.Name, extra.UID = "pi-extra", "uid-extra"
	kpods = append(kpods, extra)
	jextra, err := PodFromAPI(extra)
	if err != nil {
		t.Fatal(err)
	}
	pods = append(pods, jextra)

	want := controller.Sync(j, pods, now, controller.Backoff{})
	got, err := Sync(kj, kpods, now, controller.Backoff{})
	if err != nil {
		t.Fatal(err)
	}
	wantStatus, err := JobToAPI(j)
	if err != nil {
		t.Fatal(err)
	}
	convert_jobapi_JobStatus_To_batchv1_JobStatus(&want.Status, &wantStatus.Status, &scope{}, nil)
	if diff := cmp.Diff(wantStatus.Status, got.Status); diff != "" {
		t.Errorf("status (-controller +bridge):\n%s", diff)
	}
	if got.UpdateStatus != want.UpdateStatus || got.RequeueAfter != want.RequeueAfter || got.Skipped != want.Skipped {
		t.Errorf("decision differs: bridge %v %v %q, controller %v %v %q", got.UpdateStatus, got.RequeueAfter, got.Skipped, want.UpdateStatus, want.RequeueAfter, want.Skipped)
	}
	if len(got.Create) != len(want.Create) {
		t.Errorf("%d pods to create, controller %d", len(got.Create), len(want.Create))
	}
	names := func(ps []*corev1.Pod) (out []string) {
		for _, p := range ps {
			out = append(out, p.Name)
		}
		return out
	}
	var wantDeleted, wantRemoved []string
	for _, p := range want.Delete {
		wantDeleted = append(wantDeleted, p.ObjectMeta.Name)
	}
	for _, p := range want.RemoveFinalizer {
		wantRemoved = append(wantRemoved, p.ObjectMeta.Name)
	}
	if diff := cmp.Diff(wantDeleted, names(got.Delete)); diff != "" {
		t.Errorf("Delete (-controller +bridge):\n%s", diff)
	}
	if diff := cmp.Diff(wantRemoved, names(got.RemoveFinalizer)); diff != "" {
		t.Errorf("RemoveFinalizer (-controller +bridge):\n%s", diff)
	}
	for _, p := range append(append([]*corev1.Pod{}, got.Delete...), got.RemoveFinalizer...) {
		found := false
		for _, in := range kpods {
			found = found || in == p
		}
		if !found {
			t.Errorf("pod %s is not one of Sync's inputs", p.Name)
		}
	}
	if len(wantDeleted)+len(wantRemoved) == 0 {
		t.Error("the fixture deletes nothing and removes no finalizer: the mapping is not exercised")
	}
}
