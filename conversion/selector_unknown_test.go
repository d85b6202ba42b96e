package conversion_test

import (
	"testing"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/field"
)

// TestSelectorUnknownMemberIsRefusedInEveryMode pins a known difference
// from Kubernetes: selector.LabelSelector has no Unknown field (package
// selector sits below the codec), so a member it does not model is an
// error under every field validation mode, where an API server drops it
// with a warning under Warn and silently under Ignore.
func TestSelectorUnknownMemberIsRefusedInEveryMode(t *testing.T) {
	const doc = "apiVersion: batch/v1\nkind: Job\nmetadata: {name: pi}\nspec:\n  manualSelector: true\n  selector: {matchLabels: {app: pi}, matchLabel: {app: pi}}\n  template:\n    metadata: {labels: {app: pi}}\n    spec: {restartPolicy: Never, containers: [{name: pi, image: perl}]}\n"
	for _, mode := range []conversion.FieldValidation{conversion.FieldValidationStrict, conversion.FieldValidationWarn, conversion.FieldValidationIgnore} {
		docs, err := conversion.DecodeAll("job.yaml", []byte(doc), conversion.WithFieldValidation(mode))
		if err != nil {
			t.Fatal(err)
		}
		errs := field.AsErrorList(docs[0].Err)
		if len(errs) != 1 || errs[0].Type != field.ErrorTypeNotSupported || errs[0].Field != "spec.selector.matchLabel" {
			t.Errorf("mode %v: Err = %v, want one NotSupported at spec.selector.matchLabel", mode, docs[0].Err)
		}
	}
}
