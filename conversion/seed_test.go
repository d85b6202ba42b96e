package conversion_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
	"github.com/jobkit/jobkit/jobapi/v1beta1"
)

// The selector-generation design's conversion, case by case: both
// directions take unset as false, negate, and write false as unset.
func TestSelectorFlagConversion(t *testing.T) {
	tests := []struct {
		name string
		conv func(*bool) *bool
		in   *bool
		want *bool
	}{
		{"hub→v1beta1: manualSelector unset becomes autoSelector true", conversion.AutoFromManualSelector, nil, ptr(true)},
		{"hub→v1beta1: manualSelector false becomes autoSelector true", conversion.AutoFromManualSelector, ptr(false), ptr(true)},
		{"hub→v1beta1: manualSelector true becomes autoSelector unset", conversion.AutoFromManualSelector, ptr(true), nil},
		{"v1beta1→hub: autoSelector unset becomes manualSelector true", conversion.ManualFromAutoSelector, nil, ptr(true)},
		{"v1beta1→hub: autoSelector false becomes manualSelector true", conversion.ManualFromAutoSelector, ptr(false), ptr(true)},
		{"v1beta1→hub: autoSelector true becomes manualSelector unset", conversion.ManualFromAutoSelector, ptr(true), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in
			got := tt.conv(in)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if in != nil && got == in {
				t.Errorf("the result aliases the argument")
			}
		})
	}
}

func TestConvertersCarryTheSelectorFlag(t *testing.T) {
	hub := &jobapi.Job{Spec: jobapi.JobSpec{ManualSelector: ptr(true)}}
	if diff := cmp.Diff((*bool)(nil), conversion.ToV1beta1(hub).Spec.AutoSelector); diff != "" {
		t.Errorf("ToV1beta1 (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(ptr(true), conversion.ToV1(hub).Spec.ManualSelector); diff != "" {
		t.Errorf("ToV1 keeps manualSelector as it is (-want +got):\n%s", diff)
	}
	beta := &v1beta1.Job{}
	if diff := cmp.Diff(ptr(true), conversion.FromV1beta1(beta).Spec.ManualSelector); diff != "" {
		t.Errorf("FromV1beta1 (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff((*bool)(nil), conversion.FromV1(&v1.Job{}).Spec.ManualSelector); diff != "" {
		t.Errorf("FromV1 keeps manualSelector as it is (-want +got):\n%s", diff)
	}
}

func decode(t *testing.T, s string) *jobapi.Job {
	t.Helper()
	job, err := conversion.Decode([]byte(s))
	require.NoError(t, err)
	return job
}

func encode(t *testing.T, job *jobapi.Job, version string) string {
	t.Helper()
	b, err := conversion.Encode(job, version)
	require.NoError(t, err)
	return string(b)
}

const (
	v1beta1Job = `apiVersion: extensions/v1beta1
kind: Job
metadata:
  name: pi
spec:
  template:
    metadata:
      labels:
        app: pi
    spec:
      containers:
      - name: pi
        image: perl
      restartPolicy: Never
`
	v1Job = `apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl
      restartPolicy: Never
`
)

// Seed property 1: users that previously used v1beta1 do not start seeing
// a new field when they get objects back.
func TestSeedProperty1_V1beta1UsersSeeNoNewField(t *testing.T) {
	out := encode(t, decode(t, v1beta1Job), v1beta1.GroupVersion)
	for _, f := range []string{"autoSelector", "manualSelector"} {
		if strings.Contains(out, f) {
			t.Errorf("the v1beta1 Job came back with %s:\n%s", f, out)
		}
	}
}

// Seed property 2: the distinction between originally unset and
// explicitly false is not preserved.
func TestSeedProperty2_UnsetAndExplicitFalseAreNotDistinguished(t *testing.T) {
	explicitFalse := strings.Replace(v1beta1Job, "spec:\n  template:", "spec:\n  autoSelector: false\n  template:", 1)
	unset := decode(t, v1beta1Job)
	fromFalse := decode(t, explicitFalse)
	if diff := cmp.Diff(unset, fromFalse); diff != "" {
		t.Errorf("unset and false decode differently (-unset +false):\n%s", diff)
	}
	if out := encode(t, fromFalse, v1beta1.GroupVersion); strings.Contains(out, "autoSelector") {
		t.Errorf("autoSelector: false came back:\n%s", out)
	}
}

// Seed property 3: users who only write v1beta1 or only v1 Jobs never see
// either field.
func TestSeedProperty3_SingleVersionUsersNeverSeeEitherField(t *testing.T) {
	tests := []struct {
		name, in, version string
	}{
		{"extensions/v1beta1 only", v1beta1Job, v1beta1.GroupVersion},
		{"batch/v1 only", v1Job, v1.GroupVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := encode(t, decode(t, tt.in), tt.version)
			for _, f := range []string{"autoSelector", "manualSelector"} {
				if strings.Contains(out, f) {
					t.Errorf("%s appeared:\n%s", f, out)
				}
			}
		})
	}
}

// Seed property 4: v1beta1 and v1 convert to and from each other without
// loss, so the stored form need not change. (Decoding applies the
// version's defaults; the way back is decoded without them, so that only
// conversion is compared.)
func TestSeedProperty4_V1beta1AndV1ConvertBothWays(t *testing.T) {
	tests := []struct {
		name, in, from, to string
	}{
		{"extensions/v1beta1 through batch/v1", v1beta1Job, v1beta1.GroupVersion, v1.GroupVersion},
		{"batch/v1 through extensions/v1beta1", v1Job, v1.GroupVersion, v1beta1.GroupVersion},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hub := decode(t, tt.in)
			first := encode(t, hub, tt.from)
			other := encode(t, hub, tt.to)
			again, err := conversion.DecodeWith([]byte(other), conversion.WithoutDefaults())
			require.NoError(t, err)
			back := encode(t, again, tt.from)
			if diff := cmp.Diff(first, back); diff != "" {
				t.Errorf("(-direct +via %s):\n%s", tt.to, diff)
			}
		})
	}
}
