package cluster

import (
	"maps"
	"slices"
	"testing"
)

// TestCreateLiveCases sends one minimal manifest per class of difference
// the generated corpus has found, and a few that agree, each with why.
// Every case must agree with the server, but for the explained classes
// (known, documented); a case that fails names the open class it shows.
func TestCreateLiveCases(t *testing.T) {
	const pod = `"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox"}]}}`
	tests := []struct {
		name, reason, given, body string
	}{{
		name:   "valid",
		reason: "the smallest valid Job: stored identically (but for the known label read-back)",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"valid"},"spec":{` + pod + `}}`,
	}, {
		name:   "labels given",
		reason: "Job labels of its own are kept as written",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"labelled","labels":{"team":"blue"}},"spec":{` + pod + `}}`,
	}, {
		name:   "generateName with template labels",
		reason: "a name from generateName; template labels the Job's labels default to",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"generateName":"gen-"},"spec":{"template":{"metadata":{"labels":{"app":"x"}},"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox"}]}}}}`,
	}, {
		name:   "namespace mismatch",
		reason: "the manifest names another namespace than the request's: 400 on both sides",
		given:  "team-a",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"elsewhere","namespace":"default"},"spec":{` + pod + `}}`,
	}, {
		name:   "unknown field",
		reason: "Strict: 400; Warn: dropped with a warning",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"typo"},"spec":{"backofLimit":3,` + pod + `}}`,
	}, {
		name:   "unknown selector members",
		reason: "members a label selector does not model are unknown fields like any other: Strict: 400 naming them in document order; Warn: dropped with a warning each",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"selector-typo"},"spec":{"manualSelector":true,"selector":{"matchLabels":{"app":"x"},"matchLabel":{"app":"x"},"matchExpressions":[{"key":"k","operator":"Exists","value":"v"}]},"template":{"metadata":{"labels":{"app":"x","k":"v"}},"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox"}]}}}}`,
	}, {
		name:   "invalid",
		reason: "422 with one cause",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"negative"},"spec":{"completions":-1,` + pod + `}}`,
	}, {
		name:   "wrong JSON type",
		reason: "a value of the wrong JSON type does not decode: 400 BadRequest with encoding/json's words, before validation, on both sides",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"wrong-type"},"spec":{"completions":"3",` + pod + `}}`,
	}, {
		name:   "bad quantity",
		reason: "a quantity that does not parse: 400 BadRequest, before validation, on both sides",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"bad-quantity"},"spec":{"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"main","image":"busybox","resources":{"requests":{"cpu":"lots"}}}]}}}}`,
	}, {
		name:   "unknown and duplicate fields",
		reason: "strict errors and warnings in document order, a duplicate where its key is given again, on both sides",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"name":"both","labelz":{}},"spec":{"parallelism":1,"parallelism":2,` + pod + `}}`,
	}, {
		name:   "invalid with generateName",
		reason: "the 422 names the Job by the name generated from generateName, on both sides",
		body:   `{"apiVersion":"batch/v1","kind":"Job","metadata":{"generateName":"neg-"},"spec":{"completions":-1,` + pod + `}}`,
	}}
	lc := newLiveClient(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newTally()
			c.compare(t, lc, manifest{name: tt.name, data: []byte(tt.body), given: tt.given})
			for _, class := range slices.Sorted(maps.Keys(c.explained)) {
				t.Logf("explained: %s", class)
			}
			for _, class := range slices.Sorted(maps.Keys(c.classes)) {
				t.Errorf("%s (%s)\n%s", class, tt.reason, c.examples[class])
			}
		})
	}
}
