package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// runCreate implements `jobkit create [-f FILE]... [-R] [--validate
// strict|warn|ignore] [--strict-kinds] [-n NAMESPACE] [--uid UID]
// [--label-keys seed|kubernetes] [--unique-label-key KEY]`: for every
// object of the input jobkit judges it does what an API server does on
// create — create-time processing, then validation — and prints the
// result, in input order, so a whole manifest file goes through:
//   - a Job (batch/v1 or extensions/v1beta1, decoded with that version's
//     defaults): jobapi.PrepareForCreate (uid, selector and labels
//     generated, copied stale values replaced), jobapi.Validate, and the
//     Job as the API server returns it (jobapi.ReadBack), as batch/v1;
//   - a batch/v1 CronJob: jobapi.PrepareCronJobForCreate,
//     jobapi.ValidateCronJob (the schedule, time zone, policies, limits
//     and the job template), and the CronJob as the API server returns it
//     (jobapi.ReadBackCronJob);
//   - a Pod or a PodTemplate: jobapi.PreparePodForCreate and
//     jobapi.ValidatePod, or PreparePodTemplateForCreate and
//     ValidatePodTemplate; written back as given (jobkit does not model
//     all the API server writes into a new Pod);
//   - any other object: written back unchanged (with --strict-kinds, an
//     error).
//
// Warnings (each value create-time processing replaced, a name that is
// not a DNS label, unknown fields under --validate=warn) go to standard
// error and do not change the exit status. If any document is invalid,
// nothing is printed: every error goes to standard error, one per line,
// in kubectl's shape (`FILE: Job.batch "pi" is invalid: FIELD: ...`), and
// the exit status is 1. Bad flags, --uid for more than one object (two
// objects must never share a uid) and unreadable input exit 2.
func runCreate(s streams, args []string) int {
	fs := flag.NewFlagSet("create", flag.ContinueOnError)
	fs.SetOutput(s.err)
	in := addInputFlags(fs)
	cf := addCreateFlags(fs)
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit create [-f FILE]... [-R] [--validate strict|warn|ignore] [--strict-kinds] [-n NAMESPACE] [--uid UID] [--label-keys seed|kubernetes] [--unique-label-key KEY]")
		fs.PrintDefaults()
	}
	opts, status := parseCreateFlags(s, "create", fs, cf, args)
	if status != 0 {
		return status
	}
	checked, status := checkDocuments(s, "create", in, cf, opts, true)
	if status != 0 {
		return status
	}
	failed := false
	for _, c := range checked {
		printChecked(s, c)
		failed = failed || c.invalid()
	}
	if failed {
		return 1
	}
	var out strings.Builder
	for i, c := range checked {
		var y []byte
		var err error
		switch {
		case c.doc.Job != nil:
			y, err = conversion.Encode(c.doc.Job, "batch/v1")
		case c.doc.CronJob != nil:
			y, err = conversion.EncodeCronJob(c.doc.CronJob, "batch/v1")
		default:
			y, err = conversion.JSONToYAML(c.doc.JSON)
		}
		if err != nil {
			printDocError(s, c.doc, err)
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
	namespace *string
	// strictKinds makes an object of a kind jobkit does not judge an
	// error.
	strictKinds *bool
}

func addCreateFlags(fs *flag.FlagSet) createFlags {
	ns := new(string)
	const nsUsage = "the namespace of the request, as kubectl's -n: a Job without one gets it (none given: \"default\"), a Job that names another is refused"
	fs.StringVar(ns, "namespace", "", nsUsage)
	fs.StringVar(ns, "n", "", nsUsage+" (shorthand)")
	return createFlags{
		namespace:   ns,
		uid:         fs.String("uid", "", "the uid of the new object (only for a single Job, CronJob, Pod or PodTemplate); none: a random UUID"),
		labelKeys:   fs.String("label-keys", string(jobapi.SeedLabelKeys), "the label keys of the generated selector and labels: 'seed' (controller-uid, job-name) or 'kubernetes' (batch.kubernetes.io/controller-uid, batch.kubernetes.io/job-name and the seed keys)"),
		uniqueKey:   fs.String("unique-label-key", "", "a label key of your choice to select on instead of controller-uid (e.g. 'example.com/run-id')"),
		strictKinds: fs.Bool("strict-kinds", false, "make an object of a kind jobkit does not judge (anything but a Job, a batch/v1 CronJob, a Pod or a PodTemplate) an error instead of passing it over"),
	}
}

// parseCreateFlags parses args and turns the shared flags into options;
// a non-zero status means a usage error, already reported.
func parseCreateFlags(s streams, name string, fs *flag.FlagSet, cf createFlags, args []string) (labelKeys, int) {
	if err := fs.Parse(args); err != nil {
		return labelKeys{}, 2
	}
	if fs.NArg() > 0 {
		printCommandError(s, name, fmt.Errorf("unexpected argument %q; give the input with -f", fs.Arg(0)))
		return labelKeys{}, 2
	}
	policy := jobapi.LabelKeyPolicy(*cf.labelKeys)
	if policy != jobapi.SeedLabelKeys && policy != jobapi.KubernetesLabelKeys {
		printCommandError(s, name, fmt.Errorf("--label-keys must be '%s' or '%s', not %q", jobapi.SeedLabelKeys, jobapi.KubernetesLabelKeys, *cf.labelKeys))
		return labelKeys{}, 2
	}
	opts := labelKeys{keys: []jobapi.LabelKeyOption{jobapi.WithLabelKeys(policy)}}
	if *cf.uniqueKey != "" {
		opts.keys = append(opts.keys, jobapi.WithUniqueLabelKey(*cf.uniqueKey))
	}
	if *cf.namespace != "" {
		opts.create = append(opts.create, jobapi.WithNamespace(*cf.namespace))
	}
	// Misuse of the options is reported by PrepareForCreate; try them on
	// an empty Job so that it is a usage error, not a per-Job one.
	if _, err := jobapi.PrepareForCreate(&jobapi.Job{}, opts.createOptions("probe")...); err != nil {
		printCommandError(s, name, fmt.Errorf("--unique-label-key: %w", err))
		return labelKeys{}, 2
	}
	return opts, 0
}

// labelKeys are the options of create-time processing and validation:
// the label key options both take, and the create-only ones (the
// namespace). What happens to unknown fields is the decoder's business
// alone (--validate, conversion.WithFieldValidation).
type labelKeys struct {
	keys   []jobapi.LabelKeyOption
	create []jobapi.CreateOption
}

// create returns the options of PrepareForCreate, with the uid when it
// is not "".
func (k labelKeys) createOptions(uid meta.UID) []jobapi.CreateOption {
	out := make([]jobapi.CreateOption, 0, len(k.keys)+len(k.create)+1)
	for _, o := range k.keys {
		out = append(out, o)
	}
	out = append(out, k.create...)
	if uid != "" {
		out = append(out, jobapi.WithUID(uid))
	}
	return out
}

// validate returns the options of Validate.
func (k labelKeys) validate() []jobapi.ValidateOption {
	out := make([]jobapi.ValidateOption, 0, len(k.keys))
	for _, o := range k.keys {
		out = append(out, o)
	}
	return out
}

// prepare runs create-time processing and validation on job: its
// warnings, its errors (jobapi.Validate, the downward API included), and
// an error when the options are wrong (checked before; not expected).
func (k labelKeys) prepare(job *jobapi.Job, uid meta.UID) (meta.Warnings, field.ErrorList, error) {
	w, err := jobapi.PrepareForCreate(job, k.createOptions(uid)...)
	if err != nil {
		return nil, nil, err
	}
	errs, err := jobapi.Validate(job, k.validate()...)
	if err != nil {
		return nil, nil, err
	}
	// Validate checks the downward API too (package jobapi/fieldpath).
	return w, errs, nil
}

// checkedDoc is one document of the input after create-time processing
// and validation of its Job, if it holds one.
type checkedDoc struct {
	doc      *conversion.Document
	warnings meta.Warnings
	errs     field.ErrorList // validation errors, paths from the Job's root
	// err refuses the Job before validation, as kubectl does a Job whose
	// namespace is not the one asked for (*jobapi.NamespaceMismatchError).
	err error
	// lines report the document's errors (docErrorLines), found while its
	// text was at hand.
	lines []string
}

// invalid reports whether the document does not decode or its Job is
// invalid.
func (c checkedDoc) invalid() bool { return c.doc.Err != nil || c.err != nil || len(c.errs) > 0 }

// checkDocuments reads the input and runs create-time processing and
// validation on every object in it that jobkit judges (checkDocument). A
// non-zero status means the input could not be read or the flags do not
// fit it; the problem is reported. Unless keep is true, each document's
// Job and JSON are let go once it is checked, input by input, so that
// validating a large directory holds one file in memory at a time.
func checkDocuments(s streams, name string, in *inputFlags, cf createFlags, opts labelKeys, keep bool) ([]checkedDoc, int) {
	mode, ok := in.mode(s, name)
	if !ok {
		return nil, 2
	}
	var out []checkedDoc
	check := func(docs []conversion.Document) {
		for i := range docs {
			c := checkDocument(&docs[i], meta.UID(*cf.uid), opts, *cf.strictKinds)
			if c.err == nil {
				c.lines = docErrorLines(c.doc, c.errs)
			}
			if !keep {
				c.doc.Release()
			}
			out = append(out, c)
		}
	}
	var err error
	if *cf.uid == "" {
		err = eachInput(s, in, mode, check)
	} else {
		// --uid is for one object only: count them before creating any.
		var docs []conversion.Document
		docs, err = readObjects(s, in, mode)
		objects := 0
		for i := range docs {
			if docs[i].IsTyped() {
				objects++
			}
		}
		if err == nil && objects > 1 {
			printCommandError(s, name, fmt.Errorf("--uid may only be given when the input holds a single object to create (a Job, CronJob, Pod or PodTemplate), and it holds %d: two objects never share a uid, and Jobs that do select each other's pods", objects))
			return nil, 2
		}
		check(docs)
	}
	if err != nil {
		printCommandError(s, name, err)
		return nil, 2
	}
	if len(out) == 0 {
		printCommandError(s, name, errNoInput)
		return nil, 1
	}
	return out, 0
}

// checkDocument runs create-time processing (with uid when it is not
// "") and validation on the object of one document, if it is of a kind
// jobkit judges: a Job, a CronJob, a Pod or a PodTemplate. Any other
// kind is passed over, or, with strictKinds, refused. A valid Job or
// CronJob is left as the API server returns it (read back from storage).
func checkDocument(d *conversion.Document, uid meta.UID, opts labelKeys, strictKinds bool) checkedDoc {
	c := checkedDoc{doc: d}
	if d.Err != nil {
		return c
	}
	create := opts.createOptions(uid)
	var (
		m    *meta.ObjectMeta
		w    meta.Warnings
		errs field.ErrorList
		err  error
	)
	switch {
	case d.Job != nil:
		m = &d.Job.ObjectMeta
		w, errs, err = opts.prepare(d.Job, uid)
		if err == nil && len(errs) == 0 {
			jobapi.ReadBack(d.Job)
		}
	case d.CronJob != nil:
		m = &d.CronJob.ObjectMeta
		if w, err = jobapi.PrepareCronJobForCreate(d.CronJob, create...); err == nil {
			errs, err = jobapi.ValidateCronJob(d.CronJob)
		}
		if err == nil && len(errs) == 0 {
			jobapi.ReadBackCronJob(d.CronJob)
		}
	case d.Pod != nil:
		m = &d.Pod.ObjectMeta
		if w, err = jobapi.PreparePodForCreate(d.Pod, create...); err == nil {
			errs, err = jobapi.ValidatePod(d.Pod)
		}
	case d.PodTemplate != nil:
		m = &d.PodTemplate.ObjectMeta
		if w, err = jobapi.PreparePodTemplateForCreate(d.PodTemplate, create...); err == nil {
			errs, err = jobapi.ValidatePodTemplate(d.PodTemplate)
		}
	default:
		if strictKinds {
			c.err = fmt.Errorf("%s %q is of a kind jobkit does not check (it judges Jobs, batch/v1 CronJobs, Pods and PodTemplates), and --strict-kinds refuses it", d.GroupKind(), d.Name)
		}
		return c
	}
	if err != nil {
		// A namespace mismatch; the options themselves were checked before.
		c.err = err
		return c
	}
	c.warnings, c.errs = w, errs
	d.Name = m.Name // generateName may have made it
	return c
}

// printChecked writes a document's warnings and errors to standard
// error, one per line, each starting with where it is (input.go: the one
// format of every subcommand).
func printChecked(s streams, c checkedDoc) {
	printDocWarnings(s, c.doc)
	for _, w := range c.warnings {
		printDocWarning(s, c.doc, w.String())
	}
	if c.err != nil {
		printDocError(s, c.doc, c.err)
		return
	}
	printLines(s, c.lines)
}
