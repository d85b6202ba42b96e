package k8sapi

import (
	"reflect"
	"testing"

	"github.com/jobkit/jobkit/jobapi"
	batchv1 "k8s.io/api/batch/v1"
)

// TestJobLabelsSharedWithTemplate checks that a Job whose labels are its
// pod template's label map itself (as batch/v1's defaulting leaves a Job
// without labels) converts to a Job whose labels are the converted
// template's, both ways, so that jobapi.PrepareForCreate gives the Job
// the generated labels as Kubernetes' create does; and that the result
// shares no map with the input.
func TestJobLabelsSharedWithTemplate(t *testing.T) {
	tests := []struct {
		name   string
		labels func(job *batchv1.Job)
		shared bool
		// jobName: the Job has the generated job-name label after
		// PrepareForCreate (which defaults empty Job labels to the
		// template's first).
		jobName bool
	}{
		{"shared map", func(job *batchv1.Job) { job.Labels = job.Spec.Template.Labels }, true, true},
		{"shared empty map", func(job *batchv1.Job) {
			job.Spec.Template.Labels = map[string]string{}
			job.Labels = job.Spec.Template.Labels
		}, true, true},
		{"equal maps", func(job *batchv1.Job) {
			job.Labels = map[string]string{}
			for k, v := range job.Spec.Template.Labels {
				job.Labels[k] = v
			}
		}, false, false},
		{"no Job labels", func(job *batchv1.Job) { job.Labels = nil }, false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := readFixture[batchv1.Job](t, "kubectl-job.json")
			tt.labels(in)
			j, err := JobFromAPI(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := sameMap(j.ObjectMeta.Labels, j.Spec.Template.ObjectMeta.Labels); got != tt.shared {
				t.Errorf("FromAPI: labels shared %v, want %v", got, tt.shared)
			}
			if sameMap(j.ObjectMeta.Labels, in.Labels) || sameMap(j.Spec.Template.ObjectMeta.Labels, in.Spec.Template.Labels) {
				t.Error("FromAPI: the result shares a map with the input")
			}
			tmpl, err := JobTemplateSpecFromAPI(&batchv1.JobTemplateSpec{ObjectMeta: in.ObjectMeta, Spec: in.Spec})
			if err != nil {
				t.Fatal(err)
			}
			if got := sameMap(tmpl.ObjectMeta.Labels, tmpl.Spec.Template.ObjectMeta.Labels); got != tt.shared {
				t.Errorf("JobTemplateSpecFromAPI: labels shared %v, want %v", got, tt.shared)
			}
			back, err := JobToAPI(j)
			if err != nil {
				t.Fatal(err)
			}
			if got := sameMap(back.Labels, back.Spec.Template.Labels); got != tt.shared {
				t.Errorf("ToAPI: labels shared %v, want %v", got, tt.shared)
			}
			if !reflect.DeepEqual(in, back) {
				t.Errorf("round trip not equal")
			}
			bt, err := JobTemplateSpecToAPI(tmpl)
			if err != nil {
				t.Fatal(err)
			}
			if got := sameMap(bt.Labels, bt.Spec.Template.Labels); got != tt.shared {
				t.Errorf("JobTemplateSpecToAPI: labels shared %v, want %v", got, tt.shared)
			}
			// What the sharing is for: create-time processing gives the Job
			// the generated labels when its labels came from the template.
			if _, err := jobapi.PrepareForCreate(j, jobapi.WithUID("0f6f3a0e-3c0e-4d39-9d4b-6f3ad7e3e2a1"), jobapi.WithLabelKeys(jobapi.KubernetesLabelKeys)); err != nil {
				t.Fatal(err)
			}
			_, hasJobName := j.ObjectMeta.Labels["batch.kubernetes.io/job-name"]
			if hasJobName != tt.jobName {
				t.Errorf("after PrepareForCreate, the Job has the job-name label: %v, want %v (labels %v)", hasJobName, tt.jobName, j.ObjectMeta.Labels)
			}
		})
	}
}

// TestValidateReadsServiceAccountAsTheAPIServer checks that the old
// spelling serviceAccount is read as the API server's conversion reads
// it: an update that leaves out the serviceAccount the API server wrote
// back does not change the pod template, and a template that names its
// service account only by the old spelling is judged by it.
func TestValidateReadsServiceAccountAsTheAPIServer(t *testing.T) {
	kj, _, _, _, _ := syncFixture(t)
	stored := kj.DeepCopy()
	stored.Spec.Template.Spec.ServiceAccountName = "builder"
	stored.Spec.Template.Spec.DeprecatedServiceAccount = "builder"
	tests := []struct {
		name       string
		name_, old string // the new Job's serviceAccountName and serviceAccount
		fields     []string
	}{
		{"both as stored", "builder", "builder", nil},
		{"serviceAccount left out", "builder", "", nil},
		{"only serviceAccount", "", "builder", nil},
		{"another service account", "other", "", []string{"spec.template"}},
		{"another one by the old spelling", "", "other", []string{"spec.template"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job := stored.DeepCopy()
			job.Spec.Template.Spec.ServiceAccountName, job.Spec.Template.Spec.DeprecatedServiceAccount = tt.name_, tt.old
			orig := job.DeepCopy()
			errs, err := ValidateJobUpdate(job, stored)
			if err != nil {
				t.Fatal(err)
			}
			var fields []string
			for _, e := range errs {
				fields = append(fields, e.Field)
			}
			if !reflect.DeepEqual(fields, tt.fields) {
				t.Errorf("fields %v, want %v", fields, tt.fields)
			}
			if !reflect.DeepEqual(orig, job) {
				t.Error("ValidateJobUpdate changed its input")
			}
		})
	}
	bad := kj.DeepCopy()
	bad.Spec.Template.Spec.DeprecatedServiceAccount = "Not_A_Name"
	errs, err := ValidateJob(bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(errs) != 1 || errs[0].Field != "spec.template.spec.serviceAccountName" {
		t.Errorf("a bad name by the old spelling: %v, want one error at spec.template.spec.serviceAccountName", errs)
	}
}
