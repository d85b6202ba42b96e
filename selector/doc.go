// Package selector implements Kubernetes label selectors: label sets, the
// selector grammar, matching, printing, the LabelSelector wire struct and
// its validation, with exactly the behaviour of k8s.io/apimachinery v0.36
// (pkg/labels and the LabelSelector helpers of pkg/apis/meta/v1).
//
// A [Selector] is an immutable value: a list of requirements
// ([Requirement]), all of which must hold for a label set to match. Each requirement names a label
// key, an [Operator] and the values it compares with. Selectors come from
// [Parse] (the string form `kubectl -l` takes), from [FromLabelSelector]
// (the `spec.selector` of an API object), from [SelectorFromSet] (exact
// matches), or from [NewRequirement] and [Selector.Add].
//
// Two selectors are special. [Everything] has no requirements and matches
// every label set. [Nothing] matches no label set at all; it is what a nil
// *LabelSelector means, and it is also the zero value of Selector, so a
// Selector that was never set fails closed.
//
// [Selector.String] prints the canonical form Kubernetes prints:
// requirements sorted by key, values sorted, operators as written ('=' and
// '==' are kept apart). Parsing that form gives back an equal selector.
//
// Beyond Kubernetes, [Overlaps] decides exactly whether two selectors can
// match the same valid label set, and [Witness] returns one such set; an
// [Index] holds many selectors and finds the ones a label set matches
// without trying each of them.
//
// Keys and values are validated as the API server validates labels, by
// the rules of package jobapi/validation (its IsQualifiedName and
// IsLabelValue) and in Kubernetes' words: a key is a name of at most 63
// bytes (letters, digits, '-', '_' and '.', starting and ending with a
// letter or digit), optionally preceded by a lower-case DNS subdomain of at
// most 253 bytes and '/'; a value is empty or follows the rules of a name.
// [ValidateLabels] and [ValidateLabelSelector] report problems as field
// errors at the paths an API server names; [Parse] reports them as
// apimachinery's selector parser does, the problems of a key or value
// joined by "; "; [LabelSelectorValidationOptions] say what an update of
// an older object keeps accepting, as apimachinery's options do.
//
// Non-goals: field selectors, kubectl's looser string helpers (such as
// ConvertSelectorToLabelsMap), logging, and changing a selector in place.
package selector
