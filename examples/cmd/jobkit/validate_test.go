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
				"STDIN: Warning: metadata.uid: ",
				"STDIN: Warning: metadata.resourceVersion: ",
				"STDIN: Warning: spec.template.metadata.labels[controller-uid]: ",
				"STDIN: Warning: spec.selector: ",
				"STDIN: Warning: metadata.labels[controller-uid]: ",
			},
		},
		{
			name:  "a manual selector is valid: -o json says Success",
			args:  []string{"-o", "json"},
			stdin: strings.Replace(createPiJob, "  template:\n", "  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n", 1),
			wantOut: `{
    "kind": "Status",
    "apiVersion": "v1",
    "metadata": {},
    "status": "Success",
    "details": {
        "name": "pi",
        "group": "batch",
        "kind": "Job"
    },
    "code": 200
}
`,
		},
		{
			name:  "-n: a Job of another namespace is refused before validation, and -o json says BadRequest",
			args:  []string{"-n", "team-b", "-o", "json"},
			stdin: strings.Replace(createPiJob, "  name: pi\n", "  name: pi\n  namespace: team-a\n", 1),
			wantOut: `{
    "kind": "Status",
    "apiVersion": "v1",
    "metadata": {},
    "status": "Failure",
    "message": "the namespace from the provided object \"team-a\" does not match the namespace \"team-b\". You must pass '--namespace=team-a' to perform this operation.",
    "reason": "BadRequest",
    "details": {
        "name": "pi",
        "group": "batch",
        "kind": "Job"
    },
    "code": 400
}
`,
			wantErr:    []string{`STDIN: the namespace from the provided object "team-a" does not match the namespace "team-b". `},
			wantStatus: 1,
		},
		{
			name:  "text: errors on standard error",
			stdin: userSelector,
			wantErr: []string{
				`STDIN:7:3: Job.batch "pi" is invalid: spec.selector: Invalid value: `,
				`STDIN:6:3: Job.batch "pi" is invalid: spec.parallelism: Invalid value: -1: must be greater than or equal to 0`,
			},
			wantStatus: 1,
		},
		{
			name:  "json: the Status object on standard output",
			args:  []string{"-o", "json"},
			stdin: strings.Replace(createPiJob, "  template:\n", "  parallelism: -1\n  template:\n", 1),
			wantOut: `{
    "kind": "Status",
    "apiVersion": "v1",
    "metadata": {},
    "status": "Failure",
    "message": "Job.batch \"pi\" is invalid: spec.parallelism: Invalid value: -1: must be greater than or equal to 0",
    "reason": "Invalid",
    "details": {
        "name": "pi",
        "group": "batch",
        "kind": "Job",
        "causes": [
            {
                "reason": "FieldValueInvalid",
                "message": "Invalid value: -1: must be greater than or equal to 0",
                "field": "spec.parallelism"
            }
        ]
    },
    "code": 422
}
`,
			wantErr:    []string{`STDIN:6:3: Job.batch "pi" is invalid: spec.parallelism: `},
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

// TestValidateJSONList checks the exact text of -o json for several
// documents: a List, indented as kubectl prints it (four spaces a level),
// each Status at its place in items.
func TestValidateJSONList(t *testing.T) {
	notJob := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n"
	out, _, code := runCommand(t, runValidate, createPiJob+"---\n"+notJob, "-o", "json")
	if code != 0 {
		t.Fatalf("status %d, want 0", code)
	}
	want := `{
    "kind": "List",
    "apiVersion": "v1",
    "metadata": {},
    "items": [
        {
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Success",
            "details": {
                "name": "pi",
                "group": "batch",
                "kind": "Job"
            },
            "code": 200
        },
        {
            "kind": "Status",
            "apiVersion": "v1",
            "metadata": {},
            "status": "Success",
            "message": "ConfigMap \"cm\" is of a kind jobkit does not check: not validated",
            "details": {
                "name": "cm",
                "kind": "ConfigMap"
            },
            "code": 200
        }
    ]
}
`
	if diff := cmp.Diff(want, out); diff != "" {
		t.Errorf("standard output (-want +got):\n%s", diff)
	}
}

// TestValidateJSONStatus checks the List of Status objects of several
// documents: one per document, in order, each about its own object.
func TestValidateJSONStatus(t *testing.T) {
	bad := strings.Replace(createPiJob, "  template:\n", "  completionMode: Sometimes\n  template:\n", 1)
	notJob := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n"
	undecodable := "apiVersion: batch/v1\nkind: Job\nmetadata: {name: typo}\nspec: {backofLimit: 1}\n"
	out, _, code := runCommand(t, runValidate, createPiJob+"---\n"+bad+"---\n"+notJob+"---\n"+undecodable, "-o", "json")
	if code != 1 {
		t.Fatalf("status %d, want 1", code)
	}
	type cause struct{ Reason, Field string }
	type status struct {
		Kind, APIVersion, Status, Reason, Message string
		Code                                      int
		Details                                   *struct {
			Name, Group, Kind string
			Causes            []cause
		}
	}
	var got struct {
		Kind, APIVersion string
		Items            []status
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v:\n%s", err, out)
	}
	details := func(name, group, kind string, causes ...cause) *struct {
		Name, Group, Kind string
		Causes            []cause
	} {
		return &struct {
			Name, Group, Kind string
			Causes            []cause
		}{name, group, kind, causes}
	}
	want := []status{
		{Kind: "Status", APIVersion: "v1", Status: "Success", Code: 200, Details: details("pi", "batch", "Job")},
		{Kind: "Status", APIVersion: "v1", Status: "Failure", Reason: "Invalid", Code: 422,
			Message: `Job.batch "pi" is invalid: spec.completionMode: Unsupported value: "Sometimes": supported values: "NonIndexed", "Indexed"`,
			Details: details("pi", "batch", "Job", cause{"FieldValueNotSupported", "spec.completionMode"})},
		{Kind: "Status", APIVersion: "v1", Status: "Success", Code: 200, Message: `ConfigMap "cm" is of a kind jobkit does not check: not validated`, Details: details("cm", "", "ConfigMap")},
		{Kind: "Status", APIVersion: "v1", Status: "Failure", Reason: "BadRequest", Code: 400,
			Message: `Job in version "v1" cannot be handled as a Job: strict decoding error: unknown field "spec.backofLimit"`,
			Details: details("typo", "batch", "Job")},
	}
	if got.Kind != "List" || got.APIVersion != "v1" {
		t.Errorf("got kind %q apiVersion %q, want a v1 List", got.Kind, got.APIVersion)
	}
	if diff := cmp.Diff(want, got.Items); diff != "" {
		t.Errorf("Status objects (-want +got):\n%s", diff)
	}
}
