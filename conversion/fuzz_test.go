package conversion_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"sigs.k8s.io/yaml"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/jobtest"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// bothSet keeps yamlEqual off the empty values jobtest.EquateJSONRoundTrip
// compares.
func bothSet(a, b meta.RawJSON) bool { return len(a) > 0 && len(b) > 0 }

// eitherSet keeps unknownYAMLEqual off pairs of empty Unknowns.
func eitherSet(a, b meta.Unknown) bool { return len(a) > 0 || len(b) > 0 }

// unknownYAMLEqual is Unknown.Equal with values compared by yamlEqual.
func unknownYAMLEqual(a, b meta.Unknown) bool {
	if len(a) != len(b) {
		return false
	}
	for k, va := range a {
		vb, ok := b[k]
		if !ok || !yamlEqual(va, vb) {
			return false
		}
	}
	return true
}

// yamlEqual reports whether two JSON values are equal once each has been
// read as YAML, as Encode's output is.
func yamlEqual(a, b meta.RawJSON) bool {
	if a.Equal(b) {
		return true
	}
	ya, errA := yaml.YAMLToJSON(a)
	yb, errB := yaml.YAMLToJSON(b)
	return errA == nil && errB == nil && meta.RawJSON(ya).Equal(meta.RawJSON(yb))
}

// FuzzDecode: Decode never panics, and a Job it accepts encodes (in the
// version it was written in) to YAML that decodes to the same Job and
// encodes to the same bytes: Decode(Encode(x)) is stable.
//
// "The same" allows what YAML itself does to unknown members read from
// JSON input: a number beyond float64 (1e400, or an integer of 30 digits)
// comes back as YAML reads it back. yamlEqual compares unknown values
// after that normalization. It also allows what JSON does not keep
// (jobtest.EquateJSONRoundTrip): a pointer to the zero time is written
// null and comes back nil, so the second encoding leaves it out, and only
// from then on must the bytes stay the same.
func FuzzDecode(f *testing.F) {
	for _, name := range []string{"kubectl-indexed.yaml", "pi.yaml", "v1beta1-2016.yaml"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"apiVersion":"batch/v1","kind":"Job","spec":{"completions":"many"}}`))
	f.Add([]byte(`{"apiVersion":"extensions/v1beta1","kind":"Job","spec":{"autoSelector":false,"x":[1,{"y":null}]}}`))
	f.Add([]byte("apiVersion: batch/v1\nkind: Job\nmetadata: {labels: &l {a: b}}\nspec: {template: {metadata: {labels: *l}}}\n"))
	f.Add([]byte("apiVersion: batch/v1\nkind: Job\n---\n"))
	f.Add([]byte("- 1\n"))
	f.Add([]byte(""))
	f.Add([]byte(`{"apiVersion":"batch/v1","kind":"Job","x":[1e400,123456789012345678901234567890,"\ud800","\ud83d\ude00"]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 32<<10 {
			return
		}
		job, err := conversion.Decode(data)
		if err != nil {
			return
		}
		out, err := conversion.Encode(job, job.APIVersion)
		if err != nil {
			t.Fatalf("Encode of a decoded Job failed: %v", err)
		}
		again, err := conversion.Decode(out)
		if err != nil {
			t.Fatalf("Decode of Encode output failed: %v\n%s", err, out)
		}
		if diff := cmp.Diff(job, again, jobtest.EquateJSONRoundTrip(), cmp.FilterValues(bothSet, cmp.Comparer(yamlEqual)),
			cmp.FilterValues(eitherSet, cmp.Comparer(unknownYAMLEqual))); diff != "" {
			t.Fatalf("Decode(Encode(x)) differs from x (-x +again):\n%s\n%s", diff, out)
		}
		out2, err := conversion.Encode(again, again.APIVersion)
		if err != nil {
			t.Fatalf("Encode of a read-back Job failed: %v", err)
		}
		if bytes.Equal(out, out2) {
			return
		}
		// A zero time behind a pointer was written null and is now left
		// out: from here on the encoding must not change.
		third, err := conversion.Decode(out2)
		if err != nil {
			t.Fatalf("Decode of Encode output failed: %v\n%s", err, out2)
		}
		if out3, err := conversion.Encode(third, third.APIVersion); err != nil || !bytes.Equal(out2, out3) {
			t.Fatalf("Encode is not stable: %v\n%s\n---\n%s\n---\n%s", err, out, out2, out3)
		}
	})
}
