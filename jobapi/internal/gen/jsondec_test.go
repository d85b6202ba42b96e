package main

import (
	"regexp"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Only the document types, those whose `kind` member comes from an
// embedded TypeMeta, get an UnmarshalNewJSON method: in the fixture,
// Widget, and none of the types it holds.
func TestUnmarshalNewJSONIsForDocuments(t *testing.T) {
	files, err := generate("fixture")
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`func \(\w+ \*(\w+)\) UnmarshalNewJSON\(data \[\]byte\) error \{`)
	var got []string
	for _, m := range re.FindAllSubmatch(files[jsonFile], -1) {
		got = append(got, string(m[1]))
	}
	if diff := cmp.Diff([]string{"Widget"}, got); diff != "" {
		t.Errorf("types with UnmarshalNewJSON (-want +got):\n%s", diff)
	}
}
