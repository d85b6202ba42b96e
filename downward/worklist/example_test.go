package worklist_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/jobkit/jobkit/downward/worklist"
)

func ExampleParseParam() {
	p, err := worklist.ParseParam("FRUIT=apple banana  cherry")
	fmt.Printf("%s %q %v\n", p.Name, p.Values, err)

	files := worklist.WithOpenFile(func(name string) (io.ReadCloser, error) {
		return io.NopCloser(strings.NewReader(" two words\n\nit's\n")), nil
	})
	p, err = worklist.ParseParam("LINE=@lines.txt", files)
	fmt.Printf("%s %q %v\n", p.Name, p.Values, err)
	// Output:
	// FRUIT ["apple" "banana" "cherry"] <nil>
	// LINE [" two words" "" "it's"] <nil>
}

func ExampleScript() {
	script, err := worklist.Script("I", []worklist.Param{{Name: "F", Values: []string{"it's", "$(rm -rf /)"}}})
	if err != nil {
		panic(err)
	}
	// The selecting case: every value single-quoted.
	start := strings.Index(string(script), "case \"$I\" in\n0)")
	end := strings.Index(string(script), "*)\n  printf '%s: I must be less")
	fmt.Print(string(script[start:end]))
	// Output:
	// case "$I" in
	// 0)
	//   F='it'\''s'
	//   ;;
	// 1)
	//   F='$(rm -rf /)'
	//   ;;
}

func ExampleBuild() {
	job, cm, err := worklist.Build(worklist.Spec{
		Name:    "say-fruit",
		Image:   "busybox",
		Command: []string{"sh", "-c", `echo "Have a nice $COLOR $FRUIT"`},
		Params: []worklist.Param{
			{Name: "FRUIT", Values: []string{"apple", "banana", "cherry"}},
			{Name: "COLOR", Values: []string{"green", "yellow", "red"}},
		},
	})
	if err != nil {
		panic(err)
	}
	c := job.Spec.Template.Spec.Containers[0]
	fmt.Println(*job.Spec.CompletionMode, *job.Spec.Completions, *job.Spec.Parallelism, job.Spec.Template.Spec.RestartPolicy)
	fmt.Printf("%q\n", c.Command)
	fmt.Println(c.Env[0].Name, c.Env[0].ValueFrom.FieldRef.FieldPath)
	fmt.Println(cm.Metadata.Name, len(cm.Data["params.sh"]) > 0, *cm.Immutable)
	// Output:
	// Indexed 3 3 OnFailure
	// ["/bin/sh" "/etc/jobkit/params.sh" "sh" "-c" "echo \"Have a nice $COLOR $FRUIT\""]
	// JOB_COMPLETION_INDEX metadata.annotations['batch.kubernetes.io/job-completion-index']
	// say-fruit-params true true
}
