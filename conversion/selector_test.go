package conversion_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/selector"
)

// specSelector decodes the one document of doc under mode and returns
// its SpecSelector under the same mode.
func specSelector(t testing.TB, doc string, mode conversion.FieldValidation) (*selector.LabelSelector, []string, error) {
	t.Helper()
	docs, err := conversion.DecodeAll("in.yaml", []byte(doc), conversion.WithFieldValidation(mode))
	if err != nil {
		t.Fatalf("DecodeAll: %v", err)
	}
	if len(docs) != 1 {
		t.Fatalf("DecodeAll gave %d documents, want 1", len(docs))
	}
	return docs[0].SpecSelector(mode)
}

// errorText is what a test compares of an error: the field errors as
// "TYPE FIELD", else the message; "" for nil.
func errorText(err error) []string {
	if err == nil {
		return nil
	}
	if errs := field.AsErrorList(err); len(errs) > 0 {
		out := make([]string, len(errs))
		for i, e := range errs {
			out[i] = string(e.Type) + " " + e.Field
		}
		return out
	}
	return []string{err.Error()}
}

func TestSpecSelector(t *testing.T) {
	const deployment = "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\n"
	tests := []struct {
		name         string
		doc          string
		mode         conversion.FieldValidation
		want         *selector.LabelSelector
		wantWarnings []string
		wantErr      []string
	}{
		{
			name: "a Deployment's selector is decoded with both members",
			doc:  deployment + "spec:\n  selector:\n    matchLabels: {app: web}\n    matchExpressions: [{key: tier, operator: In, values: [fe, be]}]\n",
			mode: conversion.FieldValidationStrict,
			want: &selector.LabelSelector{
				MatchLabels:      map[string]string{"app": "web"},
				MatchExpressions: []selector.LabelSelectorRequirement{{Key: "tier", Operator: selector.LabelSelectorOpIn, Values: []string{"fe", "be"}}},
			},
		},
		{
			name: "an object without spec has no selector",
			doc:  "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c}\ndata: {a: b}\n",
			mode: conversion.FieldValidationStrict,
		},
		{
			name: "a spec without selector has no selector",
			doc:  deployment + "spec: {replicas: 2}\n",
			mode: conversion.FieldValidationStrict,
		},
		{
			name: "a null selector is no selector",
			doc:  deployment + "spec: {selector: null}\n",
			mode: conversion.FieldValidationStrict,
		},
		{
			name: "an empty selector selects everything and is not nil",
			doc:  deployment + "spec: {selector: {}}\n",
			mode: conversion.FieldValidationStrict,
			want: &selector.LabelSelector{},
		},
		{
			name:    "a spec that is not an object is an error at spec",
			doc:     deployment + "spec: 5\n",
			mode:    conversion.FieldValidationIgnore,
			wantErr: []string{"FieldValueTypeInvalid spec"},
		},
		{
			name:    "a label value of the wrong type is an error at its path",
			doc:     deployment + "spec:\n  selector: {matchLabels: {app: 1}}\n",
			mode:    conversion.FieldValidationIgnore,
			wantErr: []string{"FieldValueTypeInvalid spec.selector.matchLabels[app]"},
		},
		{
			name:    "a selector that is a list is an error at spec.selector",
			doc:     deployment + "spec:\n  selector: [app]\n",
			mode:    conversion.FieldValidationIgnore,
			wantErr: []string{"FieldValueTypeInvalid spec.selector"},
		},
		{
			name:    "member names are case-sensitive: strict refuses matchlabels",
			doc:     deployment + "spec:\n  selector: {matchlabels: {app: web}}\n",
			mode:    conversion.FieldValidationStrict,
			wantErr: []string{`strict decoding error: unknown field "spec.selector.matchlabels"`},
		},
		{
			name:         "warn drops an unknown member with a warning",
			doc:          deployment + "spec:\n  selector: {matchLabels: {app: web}, matchLabel: {app: db}}\n",
			mode:         conversion.FieldValidationWarn,
			want:         &selector.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
			wantWarnings: []string{`unknown field "spec.selector.matchLabel"`},
		},
		{
			name: "ignore drops an unknown member without a word",
			doc:  deployment + "spec:\n  selector: {matchLabels: {app: web}, matchLabel: {app: db}}\n",
			mode: conversion.FieldValidationIgnore,
			want: &selector.LabelSelector{MatchLabels: map[string]string{"app": "web"}},
		},
		{
			name:    "an unknown member of a requirement is named with its index",
			doc:     deployment + "spec:\n  selector:\n    matchExpressions: [{key: a, operator: Exists}, {key: b, operator: Exists, value: x}]\n",
			mode:    conversion.FieldValidationStrict,
			wantErr: []string{`strict decoding error: unknown field "spec.selector.matchExpressions[1].value"`},
		},
		{
			name:    "a wrong type is reported before unknown members",
			doc:     deployment + "spec:\n  selector: {matchLabels: {app: true}, matchlabels: {}}\n",
			mode:    conversion.FieldValidationStrict,
			wantErr: []string{"FieldValueTypeInvalid spec.selector.matchLabels[app]"},
		},
		{
			name: "of a member given twice the last wins",
			doc:  `{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"r"},"spec":{"selector":{"matchLabels":{"a":"1"},"matchLabels":{"a":"2","a":"3"}}}}`,
			mode: conversion.FieldValidationIgnore,
			want: &selector.LabelSelector{MatchLabels: map[string]string{"a": "3"}},
		},
		{
			name: "unknown members are named in the order the document gives them",
			doc:  `{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"r"},"spec":{"selector":{"zzz":1,"matchExpressions":[{"key":"a","operator":"Exists","value":"x"}],"aaa":2}}}`,
			mode: conversion.FieldValidationWarn,
			want: &selector.LabelSelector{MatchExpressions: []selector.LabelSelectorRequirement{{Key: "a", Operator: selector.LabelSelectorOpExists}}},
			wantWarnings: []string{
				`unknown field "spec.selector.zzz"`,
				`unknown field "spec.selector.matchExpressions[0].value"`,
				`unknown field "spec.selector.aaa"`,
			},
		},
		{
			name:    "a modeled name written with escape sequences is an error in every mode, as in a Job",
			doc:     `{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"r"},"spec":{"selector":{"match\u004cabels":{"a":"b"}}}}`,
			mode:    conversion.FieldValidationIgnore,
			wantErr: []string{"FieldValueInvalid spec.selector.matchLabels"},
		},
		{
			name: "a Job's selector is the decoded Job's",
			doc:  "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: pi}}\n  template:\n    metadata: {labels: {app: pi}}\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n",
			mode: conversion.FieldValidationStrict,
			want: &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}},
		},
		{
			name: "an extensions/v1beta1 Job without autoSelector selects by its template's labels",
			doc:  "apiVersion: extensions/v1beta1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    metadata: {labels: {app: pi}}\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n",
			mode: conversion.FieldValidationStrict,
			want: &selector.LabelSelector{MatchLabels: map[string]string{"app": "pi"}},
		},
		{
			name: "a Job without a selector has none",
			doc:  "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  template:\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n",
			mode: conversion.FieldValidationStrict,
		},
		{
			name:    "a Job that does not decode gives its error",
			doc:     "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec: {completions: many}\n",
			mode:    conversion.FieldValidationStrict,
			wantErr: []string{"FieldValueTypeInvalid spec.completions"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, warnings, err := specSelector(t, tt.doc, tt.mode)
			if diff := cmp.Diff(tt.wantErr, errorText(err)); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("selector (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantWarnings, warnings); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
		})
	}
}

// A Document built by hand may hold a member twice in its selector: the
// last wins, as DecodeAll keeps it, and SpecSelector does not report it.
func TestSpecSelectorDuplicateInJSON(t *testing.T) {
	d := conversion.Document{
		APIVersion: "apps/v1",
		Kind:       "ReplicaSet",
		JSON:       []byte(`{"apiVersion":"apps/v1","kind":"ReplicaSet","spec":{"selector":{"matchLabels":{"a":"1"},"matchExpressions":[{"key":"k","operator":"Exists","operator":"DoesNotExist"}],"matchLabels":{"a":"2"}}}}`),
	}
	for _, mode := range []conversion.FieldValidation{conversion.FieldValidationStrict, conversion.FieldValidationWarn, conversion.FieldValidationIgnore} {
		got, warnings, err := d.SpecSelector(mode)
		if err != nil || len(warnings) > 0 {
			t.Fatalf("mode %v: warnings %q, error %v; want neither", mode, warnings, err)
		}
		want := &selector.LabelSelector{
			MatchLabels:      map[string]string{"a": "2"},
			MatchExpressions: []selector.LabelSelectorRequirement{{Key: "k", Operator: selector.LabelSelectorOpDoesNotExist}},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("mode %v (-want +got):\n%s", mode, diff)
		}
	}
}

// FuzzSpecSelector: SpecSelector never panics; a selector it accepts
// without unknown members under Warn is accepted with no error under
// Strict and the same under Ignore; warnings under Warn are exactly the
// unknown fields Strict refuses; and an accepted selector, written as
// JSON into a fresh Deployment, decodes to itself.
func FuzzSpecSelector(f *testing.F) {
	for _, s := range []string{
		`{"matchLabels":{"app":"web"}}`,
		`{"matchExpressions":[{"key":"a","operator":"In","values":["x","y"]}]}`,
		`{"matchlabels":{"app":"web"},"matchExpressions":[{"key":"a","operator":"Exists","value":1}]}`,
		`{"matchLabels":{"a":1}}`,
		`[1]`,
		`null`,
		`{}`,
		`{"matchLabels":{"a":"1"},"matchLabels":{"a":"2"}}`,
		`{"match\u004cabels":{"a":"b"}}`,
	} {
		f.Add(s)
	}
	doc := func(sel string) string {
		return `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web"},"spec":{"selector":` + sel + `}}`
	}
	f.Fuzz(func(t *testing.T, sel string) {
		if len(sel) > 4096 || !json.Valid([]byte(sel)) {
			return
		}
		docs, err := conversion.DecodeAll("in.json", []byte(doc(sel)), conversion.WithFieldValidation(conversion.FieldValidationIgnore))
		if err != nil || len(docs) != 1 || docs[0].Err != nil {
			return
		}
		d := &docs[0]
		strict, _, strictErr := d.SpecSelector(conversion.FieldValidationStrict)
		warned, warnings, warnErr := d.SpecSelector(conversion.FieldValidationWarn)
		ignored, none, ignoreErr := d.SpecSelector(conversion.FieldValidationIgnore)
		if len(none) != 0 {
			t.Fatalf("Ignore gave warnings %q", none)
		}
		if (warnErr == nil) != (ignoreErr == nil) {
			t.Fatalf("Warn error %v, Ignore error %v: one mode refused what the other took", warnErr, ignoreErr)
		}
		if warnErr != nil {
			return
		}
		if diff := cmp.Diff(warned, ignored); diff != "" {
			t.Fatalf("Warn and Ignore differ (-warn +ignore):\n%s", diff)
		}
		var strictFields []string
		if se, ok := strictErr.(*conversion.StrictError); ok {
			for _, f := range se.Fields {
				strictFields = append(strictFields, f.String())
			}
		} else if strictErr != nil {
			t.Fatalf("Strict refused with %v where Warn took it", strictErr)
		} else if diff := cmp.Diff(warned, strict); diff != "" {
			t.Fatalf("Warn and Strict differ (-warn +strict):\n%s", diff)
		}
		if diff := cmp.Diff(strictFields, warnings); diff != "" {
			t.Fatalf("Warn's warnings are not Strict's fields (-strict +warn):\n%s", diff)
		}
		if warned == nil {
			return
		}
		again, err := json.Marshal(warned)
		if err != nil {
			t.Fatalf("encoding the selector: %v", err)
		}
		docs, err = conversion.DecodeAll("again.json", []byte(doc(string(again))))
		if err != nil || len(docs) != 1 {
			t.Fatalf("DecodeAll of the selector written again: %v", err)
		}
		round, _, err := docs[0].SpecSelector(conversion.FieldValidationStrict)
		if err != nil {
			t.Fatalf("the selector written again (%s) does not decode: %v", again, err)
		}
		if diff := cmp.Diff(warned, round, cmpopts.EquateEmpty()); diff != "" {
			t.Fatalf("round trip through %s (-first +again):\n%s", again, diff)
		}
	})
}
