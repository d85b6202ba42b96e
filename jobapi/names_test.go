package jobapi_test

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stretchr/testify/require"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestNameFromGenerateName(t *testing.T) {
	tests := []struct {
		name   string
		prefix string
		random []byte
		want   string
	}{
		// 243 and above would favour the first characters: they are skipped.
		{"biased bytes are skipped, and only the missing characters read again", "x-", []byte{255, 243, 26, 0, 1, 2, 3}, "x-9bcdf"},
		{"a long prefix is cut to leave 63 bytes", strings.Repeat("a", 70), make([]byte, 5), strings.Repeat("a", 58) + "bbbbb"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := jobapi.NameFromGenerateName(tt.prefix, bytes.NewReader(tt.random))
			require.NoError(t, err)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
			if !jobapi.IsGeneratedName(got, tt.prefix) {
				t.Errorf("IsGeneratedName(%q, %q) = false for a name it made", got, tt.prefix)
			}
		})
	}
	_, err := jobapi.NameFromGenerateName("x-", bytes.NewReader(nil))
	require.ErrorContains(t, err, "generating a name")
}

func TestIsGeneratedName(t *testing.T) {
	tests := []struct {
		name, generated, prefix string
		want                    bool
	}{
		{"prefix and five suffix characters", "pi-x7k2p", "pi-", true},
		{"a suffix character outside the alphabet", "pi-x7k2a", "pi-", false},
		{"a suffix of four", "pi-x7k2", "pi-", false},
		{"another prefix", "po-x7k2p", "pi-", false},
		{"no prefix means no generated name", "x7k2p", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := jobapi.IsGeneratedName(tt.generated, tt.prefix); got != tt.want {
				t.Errorf("IsGeneratedName(%q, %q) = %v, want %v", tt.generated, tt.prefix, got, tt.want)
			}
		})
	}
}

func TestObjectMetaPrepareForCreateNamesTheKind(t *testing.T) {
	m := meta.ObjectMeta{Name: "p", UID: "old", ResourceVersion: "7", Unknown: meta.Unknown{"selfLink": meta.RawJSON(`"/x"`)}}
	created := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	w := m.PrepareForCreate("Pod", "new", created)
	want := meta.Warnings{
		{Field: "metadata.uid", Message: `replaced "old" with the new Pod's uid "new": every object gets its own uid when it is created`},
		{Field: "metadata.resourceVersion", Message: `removed "7": a new object has no resourceVersion (was the manifest copied from an existing Pod?)`},
	}
	if diff := cmp.Diff(want, w); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
	wantMeta := meta.ObjectMeta{Name: "p", UID: "new", Generation: 1, CreationTimestamp: meta.NewTime(created)}
	if diff := cmp.Diff(wantMeta, m); diff != "" {
		t.Errorf("metadata (-want +got):\n%s", diff)
	}
}
