package meta_test

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/meta"
)

func TestPrepareForCreate(t *testing.T) {
	created := time.Date(2024, 5, 1, 14, 0, 0, 500, time.FixedZone("CEST", 2*3600))
	deleted := meta.NewTime(created)
	tests := []struct {
		name     string
		in       meta.ObjectMeta
		want     meta.ObjectMeta
		wantWarn meta.Warnings
	}{
		{"a fresh object gets its system fields, without warnings",
			meta.ObjectMeta{Name: "p", Labels: map[string]string{"a": "b"}},
			meta.ObjectMeta{Name: "p", Labels: map[string]string{"a": "b"}, UID: "new", Generation: 1, CreationTimestamp: meta.NewTime(created)},
			nil},
		{"copied system fields are replaced or dropped, with warnings naming the kind",
			meta.ObjectMeta{Name: "p", UID: "old", ResourceVersion: "7", Generation: 4, DeletionTimestamp: &deleted,
				Unknown: meta.Unknown{"selfLink": meta.RawJSON(`"/x"`), "deletionGracePeriodSeconds": meta.RawJSON("30"), "x-keep": meta.RawJSON("1")}},
			meta.ObjectMeta{Name: "p", UID: "new", Generation: 1, CreationTimestamp: meta.NewTime(created), Unknown: meta.Unknown{"x-keep": meta.RawJSON("1")}},
			meta.Warnings{
				{Field: "metadata.uid", Message: `replaced "old" with the new Pod's uid "new": every object gets its own uid when it is created`},
				{Field: "metadata.resourceVersion", Message: `removed "7": a new object has no resourceVersion (was the manifest copied from an existing Pod?)`},
			}},
		{"the object's own uid is kept silently",
			meta.ObjectMeta{Name: "p", UID: "new", Unknown: meta.Unknown{"selfLink": meta.RawJSON(`"/x"`)}},
			meta.ObjectMeta{Name: "p", UID: "new", Generation: 1, CreationTimestamp: meta.NewTime(created)},
			nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.in
			w := m.PrepareForCreate("Pod", "new", created)
			if diff := cmp.Diff(tt.wantWarn, w); diff != "" {
				t.Errorf("warnings (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.want, m); diff != "" {
				t.Errorf("metadata (-want +got):\n%s", diff)
			}
		})
	}
}

func TestWarningString(t *testing.T) {
	got := meta.Warning{Field: "spec.selector", Message: "replaced"}.String()
	if diff := cmp.Diff("spec.selector: replaced", got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}
