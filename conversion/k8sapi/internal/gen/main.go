// Command gen writes zz_generated.conversion.go of package k8sapi: one
// typed function per pair of types and per direction, converting a
// k8s.io/api object into its jobkit counterpart field by field and back.
// The package runs it with
//
//	//go:generate go run ./internal/gen
//
// The model: the generator walks both type trees with reflection, at
// generation time only, starting from the root pairs listed in roots
// (batch/v1 Job and its parts, core/v1 Pod and its parts, metav1
// ObjectMeta). It flattens inline members (`json:",inline"` in k8s.io/api,
// `json:""` embedded in jobkit) and pairs the members of the two structs
// by JSON name. Members are converted by kind:
//
//   - basic values (strings, numbers, booleans) of either named type are
//     assigned with a conversion;
//   - pointers, slices and maps keep nil as nil and empty as empty, and
//     their elements are converted one by one (slices of identical types
//     are copied with copy);
//   - struct pairs get a function of their own, named as Kubernetes names
//     its generated conversions:
//     convert_<pkg>_<Type>_To_<pkg>_<Type>;
//   - leaves with a representation of their own are converted by
//     hand-written helpers of package k8sapi: metav1.Time and meta.Time,
//     the two resource.Quantity types, intstr.IntOrString and
//     core.IntOrString, *metav1.FieldsV1 and *meta.RawJSON.
//
// A member that k8s.io/api types and jobkit does not goes, JSON-encoded,
// into the jobkit struct's Unknown on the way in, and is decoded back from
// it on the way out. Any other member of an Unknown is one k8s.io/api
// cannot hold: the generated code reports it (see package k8sapi's
// DroppedError). A member jobkit types and k8s.io/api does not, or a pair
// of types the rules above do not cover, stops the generator with an
// error: the mirror is out of date and needs a decision.
//
// Flags: -o names the output file (default zz_generated.conversion.go in
// the current directory); -check compares instead of writing and exits 1
// when the file is stale.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("o", "zz_generated.conversion.go", "output file")
	check := flag.Bool("check", false, "exit 1 if the output file differs from what would be generated")
	flag.Parse()
	src, err := Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
	if *check {
		old, err := os.ReadFile(*out)
		if err != nil || !bytes.Equal(old, src) {
			fmt.Fprintf(os.Stderr, "gen: %s is stale; run go generate\n", *out)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(2)
	}
}
