package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
)

// runCreate implements `jobkit create [-f FILE] [--uid UID]
// [--label-keys seed|kubernetes] [--unique-label-key KEY]`: for every Job
// of the input (batch/v1 or extensions/v1beta1, decoded with that
// version's defaults) it does what an API server does on create —
// create-time processing (jobapi.PrepareForCreate: uid, selector and
// labels generated, copied stale values replaced), validation
// (jobapi.Validate, and downward.ValidatePodSpec for the downward API) —
// and prints the Job as it would be stored, as batch/v1 YAML, several
// Jobs as a YAML stream in input order.
//
// Warnings (each value create-time processing replaced, a name that is
// not a DNS label) go to standard error and do not change the exit
// status. If any Job is invalid, nothing is printed: every error goes to
// standard error, one per line, naming the document and the field, and
// the exit status is 1. Bad flags, and --uid for more than one Job (two
// Jobs must never share a uid), exit 2.
func runCreate(s streams, args []string) int {
	fs := flag.NewFlagSet("create", flag.ContinueOnError)
	fs.SetOutput(s.err)
	file := fs.String("f", "", "the file to read Jobs from; '-' or none: standard input")
	cf := addCreateFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit create [-f FILE] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]")
		fs.PrintDefaults()
	}
	opts, status := parseCreateFlags(s, "create", fs, cf, args)
	if status != 0 {
		return status
	}
	jobs, status := prepareJobs(s, "create", *file, cf, opts)
	if status != 0 {
		return status
	}
	failed := false
	for _, j := range jobs {
		printWarnings(s, "create", j)
		failed = printFieldErrors(s, "create", j) || failed
	}
	if failed {
		return 1
	}
	var out strings.Builder
	for i, j := range jobs {
		y, err := conversion.Encode(j.job, "batch/v1")
		if err != nil {
			fmt.Fprintf(s.err, "jobkit create: %s: %v\n", j.source, err)
			return 1
		}
		if i > 0 {
			out.WriteString("---\n")
		}
		out.Write(y)
	}
	fmt.Fprint(s.out, out.String())
	return 0
}

// createFlags are the flags create and validate share: how create-time
// processing runs.
type createFlags struct {
	uid       *string
	labelKeys *string
	uniqueKey *string
}

func addCreateFlags(fs *flag.FlagSet) createFlags {
	return createFlags{
		uid:       fs.String("uid", "", "the uid of the new Job (only for a single Job); none: a random UUID"),
		labelKeys: fs.String("label-keys", string(jobapi.SeedLabelKeys), "the label keys of the generated selector and labels: 'seed' (controller-uid, job-name) or 'kubernetes' (batch.kubernetes.io/controller-uid, batch.kubernetes.io/job-name and the seed keys)"),
		uniqueKey: fs.String("unique-label-key", "", "a label key of your choice to select on instead of controller-uid (e.g. 'example.com/run-id')"),
	}
}

// parseCreateFlags parses args and turns the shared flags into options;
// a non-zero status means a usage error, already reported.
func parseCreateFlags(s streams, name string, fs *flag.FlagSet, cf createFlags, args []string) ([]jobapi.Option, int) {
	if err := fs.Parse(args); err != nil {
		return nil, 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(s.err, "jobkit %s: unexpected argument %q; give the input with -f\n", name, fs.Arg(0))
		return nil, 2
	}
	policy := jobapi.LabelKeyPolicy(*cf.labelKeys)
	if policy != jobapi.SeedLabelKeys && policy != jobapi.KubernetesLabelKeys {
		fmt.Fprintf(s.err, "jobkit %s: --label-keys must be '%s' or '%s', not %q\n", name, jobapi.SeedLabelKeys, jobapi.KubernetesLabelKeys, *cf.labelKeys)
		return nil, 2
	}
	opts := []jobapi.Option{jobapi.WithLabelKeys(policy)}
	if *cf.uniqueKey != "" {
		opts = append(opts, jobapi.WithUniqueLabelKey(*cf.uniqueKey))
	}
	// Misuse of the options is reported by PrepareForCreate; try them on
	// an empty Job so that it is a usage error, not a per-Job one.
	if _, err := jobapi.PrepareForCreate(&jobapi.Job{}, append(opts, jobapi.WithUID("probe"))...); err != nil {
		fmt.Fprintf(s.err, "jobkit %s: --unique-label-key: %v\n", name, strings.TrimPrefix(err.Error(), "jobapi: "))
		return nil, 2
	}
	if *cf.uid != "" {
		opts = append(opts, jobapi.WithUID(jobapi.UID(*cf.uid)))
	}
	return opts, 0
}

// preparedJob is one Job of the input after create-time processing and
// validation.
type preparedJob struct {
	source   string
	name     string // metadata.name, for the Status object
	job      *jobapi.Job
	warnings jobapi.Warnings
	errs     field.ErrorList // validation errors, or decoding errors with a field
	err      error           // a decoding error without a field
}

// prepareJobs reads the Jobs of the input and runs create-time processing
// and validation on each. A non-zero status means the input could not be
// read or the flags do not fit it; the problem is reported.
func prepareJobs(s streams, name, file string, cf createFlags, opts []jobapi.Option) ([]preparedJob, int) {
	docs, err := readDocuments(s, file)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit %s: %v\n", name, err)
		return nil, 1
	}
	if len(docs) == 0 {
		fmt.Fprintf(s.err, "jobkit %s: %v\n", name, errNoInput)
		return nil, 1
	}
	if *cf.uid != "" && len(docs) > 1 {
		fmt.Fprintf(s.err, "jobkit %s: --uid may only be given for a single Job, and the input holds %d objects: Jobs that share a uid select each other's pods\n", name, len(docs))
		return nil, 2
	}
	jobs := make([]preparedJob, 0, len(docs))
	for _, d := range docs {
		jobs = append(jobs, prepareJob(d, opts))
	}
	return jobs, 0
}

// prepareJob decodes one document and does to it what an API server does
// on create.
func prepareJob(d document, opts []jobapi.Option) preparedJob {
	p := preparedJob{source: d.source, name: documentName(d.json)}
	job, err := conversion.Decode(d.json)
	if err != nil {
		if errs := field.AsErrorList(err); len(errs) > 0 {
			p.errs = errs
		} else {
			p.err = err
		}
		return p
	}
	p.warnings, err = jobapi.PrepareForCreate(job, opts...)
	if err != nil {
		p.err = err // the options were checked before; not expected
		return p
	}
	p.job, p.name = job, job.ObjectMeta.Name
	p.errs = append(jobapi.Validate(job, opts...),
		downward.ValidatePodSpec(&job.Spec.Template.Spec, field.NewPath("spec", "template", "spec"))...)
	return p
}

// documentName reads metadata.name, or returns "".
func documentName(doc []byte) string {
	var head struct {
		Metadata struct {
			Name string `json:"name"`
		} `json:"metadata"`
	}
	_ = json.Unmarshal(doc, &head) // a malformed document has no name
	return head.Metadata.Name
}

// printWarnings writes the warnings of one Job to standard error.
func printWarnings(s streams, name string, j preparedJob) {
	for _, w := range j.warnings {
		fmt.Fprintf(s.err, "jobkit %s: %s: warning: %s\n", name, j.source, w)
	}
}

// printFieldErrors writes the errors of one Job to standard error, one per
// line, and reports whether there were any.
func printFieldErrors(s streams, name string, j preparedJob) bool {
	if j.err != nil {
		fmt.Fprintf(s.err, "jobkit %s: %s: %v\n", name, j.source, j.err)
		return true
	}
	for _, e := range j.errs {
		fmt.Fprintf(s.err, "jobkit %s: %s: %v\n", name, j.source, e)
	}
	return len(j.errs) > 0
}
