package jobapi_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/selector"
)

// FuzzPrepareAndValidate runs create-time processing and validation on
// every manifest that decodes, checking that neither panics and that:
//   - PrepareForCreate never fails on input (only on misuse);
//   - every field error names its field;
//   - create-time processing is idempotent: a second run changes nothing
//     (except empty Job labels, which, as in Kubernetes, a second create
//     points at the template's) and has nothing new to warn about;
//   - in automatic mode the result has the generated selector, or one
//     that selects the generated labels, or is refused at `spec.selector`;
//   - a Job is a valid update of itself exactly when it is valid.
func FuzzPrepareAndValidate(f *testing.F) {
	seeds := []string{
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:" + podSpec,
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi, labels: {controller-uid: x, job-name: old}}\nspec:\n  selector: {matchLabels: {controller-uid: x}}\n  template:\n    metadata: {labels: {controller-uid: x, job-name: old, batch.kubernetes.io/controller-uid: x}}" + podSpec,
		"apiVersion: batch/v1\nkind: Job\nmetadata: {generateName: pi-}\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n    metadata: {labels: {app: pi}}" + podSpec,
		"apiVersion: extensions/v1beta1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    metadata: {labels: {app: pi}}" + podSpec,
		"apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  selector: {}\n  template:" + podSpec,
		`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"idx"},"spec":{"completionMode":"Indexed","completions":3,"parallelism":100001,"backoffLimitPerIndex":1,"maxFailedIndexes":4,"successPolicy":{"rules":[{"succeededIndexes":"0-2,1"}]},"podFailurePolicy":{"rules":[{"action":"FailIndex","onExitCodes":{"operator":"In","values":[0,2,2,1]}}]},"template":{"spec":{"containers":[{"name":"c"}],"restartPolicy":"OnFailure"}}}}`,
		`{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"Bad_Name","namespace":"x.y","uid":"u","resourceVersion":"1","annotations":{"a/b/c":""}},"spec":{"manualSelector":false,"selector":{"matchExpressions":[{"key":"k","operator":"Foo"}]},"template":{"metadata":{"labels":{"-":"-"}},"spec":{"containers":[]}}}}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	opts := []jobapi.CreateOption{jobapi.WithUID(newUID), jobapi.WithCreationTime(createdAt)}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 16<<10 {
			return
		}
		job, err := conversion.Decode(data)
		if err != nil {
			return
		}
		random := jobapi.WithRandom(bytes.NewReader(bytes.Repeat([]byte{7}, 64)))
		if _, err := jobapi.PrepareForCreate(job, append(opts, random)...); err != nil {
			t.Fatalf("PrepareForCreate failed on input: %v", err)
		}
		errs := mustValidate(t, job)
		for _, e := range errs {
			if e.Field == "" {
				t.Fatalf("error without a field: %v", e)
			}
		}

		again := job.DeepCopy()
		w, err := jobapi.PrepareForCreate(again, opts...)
		if err != nil {
			t.Fatalf("second PrepareForCreate: %v", err)
		}
		for _, x := range w {
			if x.Field != "metadata.name" {
				t.Errorf("second PrepareForCreate warns: %v", x)
			}
		}
		if len(job.ObjectMeta.Labels) == 0 && !(job.Spec.ManualSelector != nil && *job.Spec.ManualSelector && job.Spec.Template.ObjectMeta.Labels == nil) {
			// Like Kubernetes, a second create points empty Job labels at
			// the template's, which the first create gave labels.
			again.ObjectMeta.Labels = job.ObjectMeta.Labels
		}
		if diff := cmp.Diff(job, again); diff != "" {
			t.Fatalf("second PrepareForCreate changed the Job (-first +second):\n%s", diff)
		}

		if job.Spec.ManualSelector == nil || !*job.Spec.ManualSelector {
			generated := len(job.Spec.Selector.MatchLabels) == 1 && len(job.Spec.Selector.MatchExpressions) == 0 &&
				job.Spec.Selector.MatchLabels[jobapi.ControllerUIDLabel] == newUID
			refused := false
			for _, e := range errs {
				refused = refused || strings.HasPrefix(e.Field, "spec.selector")
			}
			// As in Kubernetes, a selector the user wrote is kept (with the
			// uid term added) when it selects the labels generation writes.
			s, err := selector.FromLabelSelector(job.Spec.Selector)
			selectsGenerated := err == nil && s.Matches(selector.Set{jobapi.ControllerUIDLabel: newUID, jobapi.JobNameLabel: job.ObjectMeta.Name})
			if !generated && !refused && !selectsGenerated {
				t.Fatalf("automatic mode kept a selector that does not select the generated labels without refusing it: %+v", job.Spec.Selector)
			}
		}

		if (len(mustValidateUpdate(t, job, job.DeepCopy())) == 0) != (len(errs) == 0) {
			t.Fatalf("ValidateUpdate of a Job against itself disagrees with Validate (%d errors)", len(errs))
		}
	})
}
