package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestValidate(t *testing.T) {
	userSelector := strings.Replace(createPiJob, "  template:\n", "  parallelism: -1\n  selector: {matchLabels: {app: pi}}\n  template:\n", 1)
	tests := []struct {
		name       string
		args       []string
		stdin      string
		wantOut    string
		wantErr    []string // prefixes of the lines of standard error
		wantStatus int
	}{
		{
			name:  "a Job without selector is valid: the selector is generated on create",
			stdin: createPiJob,
		},
		{
			name:  "a copied Job is valid, with warnings",
			stdin: createCopiedJob,
			wantErr: []string{
				"jobkit validate: <stdin>: document 1: warning: metadata.uid: ",
				"jobkit validate: <stdin>: document 1: warning: metadata.resourceVersion: ",
				"jobkit validate: <stdin>: document 1: warning: spec.template.metadata.labels[controller-uid]: ",
				"jobkit validate: <stdin>: document 1: warning: spec.selector: ",
			},
		},
		{
			name:  "a manual selector is valid",
			args:  []string{"-o", "json"},
			stdin: strings.Replace(createPiJob, "  template:\n", "  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n", 1),
		},
		{
			name:  "text: errors on standard error",
			stdin: userSelector,
			wantErr: []string{
				"jobkit validate: <stdin>: document 1: spec.selector: Invalid value: ",
				"jobkit validate: <stdin>: document 1: spec.parallelism: Invalid value: -1: must be greater than or equal to 0",
			},
			wantStatus: 1,
		},
		{
			name:       "json: the Status object on standard output",
			args:       []string{"-o", "json"},
			stdin:      strings.Replace(createPiJob, "  template:\n", "  parallelism: -1\n  template:\n", 1),
			wantOut:    `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure","message":"Job.batch \"pi\" is invalid: spec.parallelism: Invalid value: -1: must be greater than or equal to 0","reason":"Invalid","details":{"name":"pi","group":"batch","kind":"Job","causes":[{"reason":"FieldValueInvalid","message":"Invalid value: -1: must be greater than or equal to 0","field":"spec.parallelism"}]},"code":422}` + "\n",
			wantErr:    []string{"jobkit validate: <stdin>: document 1: spec.parallelism: "},
			wantStatus: 1,
		},
		{
			name:       "unknown output format",
			args:       []string{"-o", "yaml"},
			stdin:      createPiJob,
			wantErr:    []string{`jobkit validate: -o must be 'text' or 'json', not "yaml"`},
			wantStatus: 2,
		},
		{
			name:       "the label key policy is checked too",
			args:       []string{"--label-keys", "legacy"},
			stdin:      createPiJob,
			wantErr:    []string{`jobkit validate: --label-keys must be 'seed' or 'kubernetes', not "legacy"`},
			wantStatus: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, errLines, code := runCommand(t, runValidate, tt.stdin, tt.args...)
			if code != tt.wantStatus {
				t.Errorf("status %d, want %d; standard error:\n%s", code, tt.wantStatus, strings.Join(errLines, "\n"))
			}
			if tt.wantOut != "" || tt.wantStatus == 0 {
				if diff := cmp.Diff(tt.wantOut, out); diff != "" {
					t.Errorf("standard output (-want +got):\n%s", diff)
				}
			}
			requireLines(t, tt.wantErr, errLines)
		})
	}
}

// TestValidateJSONStatus checks the Status objects of several invalid
// documents: one per line, each with the causes of its own Job.
func TestValidateJSONStatus(t *testing.T) {
	bad := strings.Replace(createPiJob, "  template:\n", "  completionMode: Sometimes\n  template:\n", 1)
	notJob := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n"
	out, _, code := runCommand(t, runValidate, createPiJob+"---\n"+bad+"---\n"+notJob, "-o", "json")
	if code != 1 {
		t.Fatalf("status %d, want 1", code)
	}
	type cause struct{ Reason, Field string }
	type status struct {
		Kind, APIVersion, Status, Reason string
		Code                             int
		Details                          struct {
			Name, Group, Kind string
			Causes            []cause
		}
	}
	var got []status
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var st status
		if err := json.Unmarshal([]byte(line), &st); err != nil {
			t.Fatalf("line %q: %v", line, err)
		}
		got = append(got, st)
	}
	want := []status{
		{Kind: "Status", APIVersion: "v1", Status: "Failure", Reason: "Invalid", Code: 422},
		{Kind: "Status", APIVersion: "v1", Status: "Failure", Reason: "Invalid", Code: 422},
	}
	want[0].Details.Name, want[0].Details.Group, want[0].Details.Kind = "pi", "batch", "Job"
	want[0].Details.Causes = []cause{{"FieldValueNotSupported", "spec.completionMode"}}
	want[1].Details.Name, want[1].Details.Group, want[1].Details.Kind = "cm", "batch", "Job"
	want[1].Details.Causes = []cause{{"FieldValueNotSupported", "apiVersion"}, {"FieldValueNotSupported", "kind"}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Status objects (-want +got):\n%s", diff)
	}
}
