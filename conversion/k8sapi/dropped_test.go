package k8sapi

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	kresource "k8s.io/apimachinery/pkg/api/resource"
)

func TestJobToAPIReportsUnknownMembers(t *testing.T) {
	job := &jobapi.Job{
		ObjectMeta: meta.ObjectMeta{Name: "pi", Unknown: meta.Unknown{"futureMeta": meta.RawJSON(`{"a":1}`)}},
		Spec: jobapi.JobSpec{
			Template: core.PodTemplateSpec{Spec: core.PodSpec{
				Containers: []core.Container{
					{Name: "a"},
					{Name: "b", Unknown: meta.Unknown{
						"futureField": meta.RawJSON(`"x"`),
						// A member the type models: invalid in an Unknown.
						"image": meta.RawJSON(`"busybox"`),
					}},
				},
				Overhead: core.ResourceList{"cpu": resource.MustParse("1")},
			}},
		},
		Unknown: meta.Unknown{"zzz": meta.RawJSON(`[1,2]`)},
	}
	got, err := JobToAPI(job)
	var de *DroppedError
	if !errors.As(err, &de) {
		t.Fatalf("JobToAPI error = %v, want a *DroppedError", err)
	}
	want := []DroppedMember{
		{Field: "metadata.futureMeta", Value: []byte(`{"a":1}`)},
		{Field: "spec.template.spec.containers[1].futureField", Value: []byte(`"x"`)},
		{Field: "spec.template.spec.containers[1].image", Value: []byte(`"busybox"`)},
		{Field: "zzz", Value: []byte(`[1,2]`)},
	}
	if diff := cmp.Diff(want, de.Members); diff != "" {
		t.Errorf("dropped members (-want +got):\n%s", diff)
	}
	if got == nil || got.Name != "pi" || len(got.Spec.Template.Spec.Containers) != 2 || got.Spec.Template.Spec.Containers[1].Name != "b" {
		t.Errorf("the object is not returned complete: %+v", got)
	}
	if got.Spec.Template.Spec.Containers[1].Image != "" {
		t.Errorf("an Unknown member that jobkit types was used: image %q", got.Spec.Template.Spec.Containers[1].Image)
	}
	const msg = "k8sapi: k8s.io/api cannot hold 4 unknown member(s): metadata.futureMeta, spec.template.spec.containers[1].futureField, spec.template.spec.containers[1].image, zzz"
	if err.Error() != msg {
		t.Errorf("Error() = %q, want %q", err.Error(), msg)
	}
}

func TestQuantityFormats(t *testing.T) {
	tests := []struct {
		name   string
		jobkit resource.Quantity
	}{
		{"BinarySI", resource.NewQuantity(1024, resource.BinarySI)},
		{"DecimalSI", resource.NewQuantity(1000, resource.DecimalSI)},
		{"DecimalExponent", resource.NewQuantity(1000, resource.DecimalExponent)},
		{"milli", resource.NewMilliQuantity(1500, resource.DecimalSI)},
		{"BinarySI below 1", resource.NewMilliQuantity(500, resource.BinarySI)},
		{"parsed non-canonical", resource.MustParse("1000m")},
		{"parsed canonical", resource.MustParse("1536Mi")},
		{"big", resource.MustParse("123456789123456789123456789")},
		{"negative", resource.MustParse("-1.5Gi")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			k, err := QuantityToAPI(tt.jobkit)
			if err != nil {
				t.Fatal(err)
			}
			if k.String() != tt.jobkit.String() || string(k.Format) != string(tt.jobkit.Format) {
				t.Errorf("to API: %q %s, want %q %s", k.String(), k.Format, tt.jobkit.String(), tt.jobkit.Format)
			}
			back, err := QuantityFromAPI(k)
			if err != nil {
				t.Fatal(err)
			}
			if !back.Equal(tt.jobkit) || back.String() != tt.jobkit.String() || back.Format != tt.jobkit.Format {
				t.Errorf("round trip: %q %s, want %q %s", back.String(), back.Format, tt.jobkit.String(), tt.jobkit.Format)
			}
			want := kresource.MustParse(tt.jobkit.String())
			if k.Cmp(want) != 0 {
				t.Errorf("value %v, want %v", k.String(), want.String())
			}
		})
	}
}
