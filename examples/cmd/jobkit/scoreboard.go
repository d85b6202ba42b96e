package main

import (
	"flag"
	"fmt"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/scoreboard"
)

// scoreboardOutput is what `jobkit scoreboard` prints.
type scoreboardOutput struct {
	Completions      int                 `json:"completions"`
	Parallelism      int                 `json:"parallelism"`
	CompletedIndexes string              `json:"completedIndexes"`
	Counts           scoreboardCounts    `json:"counts"`
	Done             bool                `json:"done"`
	Next             []int               `json:"next"`
	Problems         []scoreboardProblem `json:"problems"`
}

type scoreboardCounts struct {
	NotStarted int `json:"notStarted"`
	Running    int `json:"running"`
	Complete   int `json:"complete"`
}

type scoreboardProblem struct {
	Source string                   `json:"source"`
	Pod    string                   `json:"pod,omitempty"`
	Reason controller.ProblemReason `json:"reason"`
	Index  *int                     `json:"index,omitempty"`
	Delete bool                     `json:"delete"`
	Error  string                   `json:"error"`
}

// runScoreboard implements `jobkit scoreboard --completions N
// [--parallelism P] [--completed-indexes S] [-f PODS]... [-R] [--validate
// strict|warn|ignore]`: the scoreboard of an Indexed Job rebuilt from its
// pods and previous completedIndexes, with the indexes to start next and
// what could not be used. The pods (such as `kubectl get pods -o yaml`
// prints them: a List) are decoded as create decodes them, with core/v1's
// defaults and --validate as kubectl's (default strict: an unknown or
// duplicate field is an error; --validate=ignore reads pods from a newer
// cluster); a document that does not decode or is not a v1 Pod exits 1.
func runScoreboard(s streams, args []string) int {
	fs := flag.NewFlagSet("scoreboard", flag.ContinueOnError)
	fs.SetOutput(s.err)
	completions := fs.Int("completions", -1, "`N`, the Job's spec.completions (required)")
	parallelism := fs.Int("parallelism", 1, "`P`, the Job's spec.parallelism: how many indexes may run at once")
	completed := fs.String("completed-indexes", "", "the previous status.completedIndexes, such as `1,3-5,7`")
	in := addInputFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit scoreboard --completions N [--parallelism P] [--completed-indexes S] [-f PODS]... [-R] [--validate strict|warn|ignore]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	usageError := func(format string, a ...any) int {
		printCommandError(s, "scoreboard", fmt.Errorf(format, a...))
		return 2
	}
	switch {
	case fs.NArg() > 0:
		return usageError("unexpected argument %q", fs.Arg(0))
	case *completions < 0:
		return usageError("--completions: must be given, greater than or equal to 0")
	case *completions > scoreboard.MaxIndex:
		return usageError("--completions: must be less than or equal to %d", scoreboard.MaxIndex)
	case *parallelism < 0:
		return usageError("--parallelism: must be greater than or equal to 0")
	}
	if _, err := scoreboard.ParseIndexes(*completed); err != nil {
		return usageError("--completed-indexes: %v", err)
	}

	mode, ok := in.mode(s, "scoreboard")
	if !ok {
		return 2
	}
	docs, err := readObjects(s, in, mode)
	if err != nil {
		printCommandError(s, "scoreboard", err)
		return 2
	}
	pods := make([]*core.Pod, 0, len(docs))
	failed := false
	for i := range docs {
		p, ok := readPod(s, &docs[i])
		if !ok {
			failed = true
			continue
		}
		pods = append(pods, p)
	}
	if failed {
		return 1
	}

	board, report := controller.RebuildScoreboard(*completions, *completed, pods)
	out := scoreboardOutput{
		Completions:      board.Len(),
		Parallelism:      *parallelism,
		CompletedIndexes: board.Completed().String(),
		Counts: scoreboardCounts{
			NotStarted: board.Count(scoreboard.NotStarted),
			Running:    board.Count(scoreboard.Running),
			Complete:   board.Count(scoreboard.Complete),
		},
		Done:     board.Done(),
		Next:     board.Next(*parallelism),
		Problems: []scoreboardProblem{},
	}
	if out.Next == nil {
		out.Next = []int{}
	}
	for _, p := range report.Problems {
		sp := scoreboardProblem{Source: "--completed-indexes", Reason: p.Reason, Delete: p.Delete, Error: p.Err.Error()}
		if p.Position >= 0 {
			sp.Source = docs[p.Position].Source.String()
			sp.Pod = podDisplayName(p.Pod)
		}
		if p.Index >= 0 {
			sp.Index = &p.Index
		}
		out.Problems = append(out.Problems, sp)
	}
	y, err := conversion.MarshalYAML(out)
	if err != nil {
		printCommandError(s, "scoreboard", err)
		return 1
	}
	s.out.Write(y)
	return 0
}

// podDisplayName returns "namespace/name", or the generateName when the
// pod has no name yet.
func podDisplayName(p *core.Pod) string {
	name := p.ObjectMeta.Name
	if name == "" && p.ObjectMeta.GenerateName != "" {
		name = p.ObjectMeta.GenerateName + "<generated>"
	}
	if p.ObjectMeta.Namespace != "" {
		name = p.ObjectMeta.Namespace + "/" + name
	}
	return name
}

// readPod returns the Pod a document holds, as conversion.DecodeAll
// decoded it (with core/v1's defaults), or false after printing why there
// is none: the document does not decode, or is not a v1 Pod.
func readPod(s streams, d *conversion.Document) (*core.Pod, bool) {
	if printDocument(s, d, nil) {
		return nil, false
	}
	switch {
	case d.Pod != nil:
		return d.Pod, true
	case d.Kind == "Pod":
		printDocError(s, d, field.NotSupported(field.NewPath("apiVersion"), d.APIVersion, []string{"v1"}))
	default:
		printDocError(s, d, field.NotSupported(field.NewPath("kind"), d.Kind, []string{"Pod"}))
	}
	return nil, false
}
