package fieldpath_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// The fieldPaths the API server's conversion of a v1 pod's fieldRef
// accepts (pkg/apis/core/pods ConvertDownwardAPIFieldLabel), and some it
// refuses.
func TestParseAcceptsWhatTheAPIServerConverts(t *testing.T) {
	tests := []struct {
		in      string
		printed string // "" for a refused path
	}{
		{"metadata.name", "metadata.name"},
		{"metadata.namespace", "metadata.namespace"},
		{"metadata.uid", "metadata.uid"},
		{"metadata.labels", "metadata.labels"},
		{"metadata.annotations", "metadata.annotations"},
		{"spec.nodeName", "spec.nodeName"},
		{"spec.host", "spec.nodeName"}, // the old v1 spelling, converted
		{"spec.serviceAccountName", "spec.serviceAccountName"},
		{"spec.restartPolicy", "spec.restartPolicy"},
		{"spec.schedulerName", "spec.schedulerName"},
		{"status.phase", "status.phase"},
		{"status.hostIP", "status.hostIP"},
		{"status.hostIPs", "status.hostIPs"},
		{"status.podIP", "status.podIP"},
		{"status.podIPs", "status.podIPs"},
		{"metadata.labels['app']", "metadata.labels['app']"},
		{"metadata.annotations['Example.COM/Key']", "metadata.annotations['Example.COM/Key']"},
		// Refused, as the API server refuses them.
		{"spec.terminationGracePeriodSeconds", ""}, // the kubelet could read it; the conversion does not accept it
		{"spec.hostNetwork", ""},                   // a field label of pod lists, not a fieldRef
		{"status.nominatedNodeName", ""},
		{"metadata.generation", ""},
		{"spec.nodeName['x']", ""},
		{"metadata.labels['']", ""},
		{"metadata.annotations[x]", ""},
		{"", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, err := fieldpath.Parse(tt.in)
			if tt.printed == "" {
				var perr *fieldpath.ParseError
				if !errors.As(err, &perr) || !p.IsZero() {
					t.Fatalf("Parse(%q) = %v, %v; want the zero Path and a *ParseError", tt.in, p, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.printed, p.String()); diff != "" {
				t.Errorf("String (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidateFieldRef(t *testing.T) {
	at := field.NewPath("spec", "containers").Index(0).Child("env").Index(0).Child("valueFrom", "fieldRef")
	type tf struct {
		Type  field.ErrorType
		Field string
	}
	tests := []struct {
		name       string
		apiVersion string
		fieldPath  string
		use        fieldpath.Use
		want       []tf
	}{
		{"env var reads the name", "v1", "metadata.name", fieldpath.EnvVar, nil},
		{"volume reads all labels", "v1", "metadata.labels", fieldpath.VolumeFile, nil},
		{"no apiVersion", "", "metadata.name", fieldpath.EnvVar, []tf{{field.ErrorTypeRequired, at.Child("apiVersion").String()}}},
		{"no fieldPath", "v1", "", fieldpath.EnvVar, []tf{{field.ErrorTypeRequired, at.Child("fieldPath").String()}}},
		{"another apiVersion", "v2", "metadata.name", fieldpath.EnvVar, []tf{{field.ErrorTypeInvalid, at.Child("fieldPath").String()}}},
		{"an unknown field", "v1", "metadata.bogus", fieldpath.EnvVar, []tf{{field.ErrorTypeInvalid, at.Child("fieldPath").String()}}},
		{"spec.terminationGracePeriodSeconds", "v1", "spec.terminationGracePeriodSeconds", fieldpath.EnvVar, []tf{{field.ErrorTypeInvalid, at.Child("fieldPath").String()}}},
		{"a field the use may not read", "v1", "metadata.labels", fieldpath.EnvVar, []tf{{field.ErrorTypeNotSupported, at.Child("fieldPath").String()}}},
		{"a bad key, one error per broken rule", "v1", "metadata.labels['']", fieldpath.EnvVar, []tf{{field.ErrorTypeInvalid, at.String()}, {field.ErrorTypeInvalid, at.String()}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []tf
			for _, e := range fieldpath.ValidateFieldRef(tt.apiVersion, tt.fieldPath, tt.use, at) {
				got = append(got, tf{e.Type, e.Field})
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// FuzzParse checks that Parse never panics, that what it accepts prints
// in a form it reads back to the same Path, and that ValidateFieldRef
// agrees with it.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"metadata.name", "spec.host", "metadata.labels['app']", "metadata.annotations['Example.COM/Key']",
		"spec.terminationGracePeriodSeconds", "metadata.labels['']", "metadata.annotations[x]", "['a']", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := fieldpath.Parse(s)
		errs := fieldpath.ValidateFieldRef("v1", s, fieldpath.VolumeFile, field.NewPath("fieldRef"))
		if err != nil {
			if !p.IsZero() {
				t.Fatalf("Parse(%q) returned %v with its error", s, p)
			}
			if len(errs) == 0 {
				t.Fatalf("ValidateFieldRef accepts %q, which Parse refuses: %v", s, err)
			}
			return
		}
		q, err := fieldpath.Parse(p.String())
		if err != nil || q != p {
			t.Fatalf("Parse(%q) = %v, and its String %q parses to %v, %v", s, p, p.String(), q, err)
		}
		if p.AllowedIn(fieldpath.VolumeFile) != (len(errs) == 0) {
			t.Fatalf("AllowedIn(VolumeFile) = %v but ValidateFieldRef gives %v for %q", p.AllowedIn(fieldpath.VolumeFile), errs, s)
		}
	})
}
