package conversion_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/selector"
)

// TestSelectorUnknownMemberFollowsFieldValidation: a member a label
// selector does not model is an unknown field like any other, as the API
// server's decoder treats it under its fieldValidation parameter, though
// selector.LabelSelector has no Unknown map to keep it in (package
// selector sits below the codec): an error under Strict, a warning and
// dropped under Warn, dropped quietly under Ignore (where other unknown
// members are kept).
func TestSelectorUnknownMemberFollowsFieldValidation(t *testing.T) {
	const job = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  manualSelector: true\n  backofLimit: 4\n" +
		"  selector: {matchLabels: {app: pi}, matchLabel: {app: pi}, matchExpressions: [{key: a, operator: Exists, value: x}]}\n" +
		"  template:\n    metadata: {labels: {app: pi}}\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n"
	const cronJob = "apiVersion: batch/v1\nkind: CronJob\nmetadata: {name: c}\nspec:\n  schedule: '@daily'\n  jobTemplate:\n    spec:\n" +
		"      selector: {matchLabels: {app: c}, matchLabel: {app: c}}\n      template: {spec: {restartPolicy: Never, containers: [{name: c, image: i}]}}\n"
	const pod = "apiVersion: v1\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers: [{name: c, image: i}]\n" +
		"  topologySpreadConstraints: [{maxSkew: 1, topologyKey: zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {a: b}, matchLabel: {a: b}}}]\n"
	jobUnknown := []string{`unknown field "spec.backofLimit"`, `unknown field "spec.selector.matchLabel"`, `unknown field "spec.selector.matchExpressions[0].value"`}
	tests := []struct {
		name      string
		in        string
		mode      conversion.FieldValidation
		wantErr   string
		wantWarn  []string
		wantKept  []string
		wantLabel map[string]string
	}{
		{"a Job under Strict: the refused members among the unknown fields, in document order", job, conversion.FieldValidationStrict,
			`strict decoding error: unknown field "spec.backofLimit", unknown field "spec.selector.matchLabel", unknown field "spec.selector.matchExpressions[0].value"`, nil, nil, nil},
		{"a Job under Warn: a warning each, all dropped", job, conversion.FieldValidationWarn, "", jobUnknown, nil, map[string]string{"app": "pi"}},
		{"a Job under Ignore: the selector's members dropped, the others kept", job, conversion.FieldValidationIgnore, "", nil, []string{"spec.backofLimit"}, map[string]string{"app": "pi"}},
		{"a CronJob's job template under Warn", cronJob, conversion.FieldValidationWarn, "", []string{`unknown field "spec.jobTemplate.spec.selector.matchLabel"`}, nil, nil},
		{"a CronJob's job template under Strict", cronJob, conversion.FieldValidationStrict, `strict decoding error: unknown field "spec.jobTemplate.spec.selector.matchLabel"`, nil, nil, nil},
		{"a Pod's topology spread selector under Warn", pod, conversion.FieldValidationWarn, "", []string{`unknown field "spec.topologySpreadConstraints[0].labelSelector.matchLabel"`}, nil, nil},
		{"a Pod's topology spread selector under Ignore", pod, conversion.FieldValidationIgnore, "", nil, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs, err := conversion.DecodeAll("job.yaml", []byte(tt.in), conversion.WithFieldValidation(tt.mode))
			if err != nil || len(docs) != 1 {
				t.Fatalf("DecodeAll: %v, %d documents", err, len(docs))
			}
			d := &docs[0]
			if tt.wantErr != "" {
				if d.Err == nil || d.Err.Error() != tt.wantErr {
					t.Fatalf("Err = %v, want %s", d.Err, tt.wantErr)
				}
				return
			}
			if d.Err != nil {
				t.Fatalf("Err = %v", d.Err)
			}
			if diff := cmp.Diff(tt.wantWarn, d.Warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantKept, jobapi.UnknownFields(d.Object(), "")); diff != "" {
				t.Errorf("kept unknown members (-want +got):\n%s", diff)
			}
			if tt.wantLabel != nil {
				want := &selector.LabelSelector{MatchLabels: tt.wantLabel, MatchExpressions: []selector.LabelSelectorRequirement{{Key: "a", Operator: selector.LabelSelectorOpExists}}}
				if diff := cmp.Diff(want, d.Job.Spec.Selector); diff != "" {
					t.Errorf("selector (-want +got):\n%s", diff)
				}
			}
		})
	}
}

// TestDecodeSelectorUnknownMember: Decode and DecodeWith treat a member a
// label selector does not model as DecodeAll does, one document at a
// time: refused under Strict, dropped otherwise.
func TestDecodeSelectorUnknownMember(t *testing.T) {
	const in = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  selector: {matchLabels: {app: pi}, matchLabel: {app: pi}}\n"
	tests := []struct {
		name    string
		opts    []conversion.Option
		wantErr string
	}{
		{"Decode keeps what it can and drops the rest", nil, ""},
		{"Warn drops it", []conversion.Option{conversion.WithFieldValidation(conversion.FieldValidationWarn)}, ""},
		{"Strict refuses it", []conversion.Option{conversion.WithFieldValidation(conversion.FieldValidationStrict)},
			`conversion: strict decoding error: unknown field "spec.selector.matchLabel"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, err := conversion.DecodeWith([]byte(in), tt.opts...)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("err = %v, want %s", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(&selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}}, job.Spec.Selector); diff != "" {
				t.Errorf("selector (-want +got):\n%s", diff)
			}
		})
	}
}
