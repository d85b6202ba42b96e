package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/kubelet"
)

// runSimulate implements `jobkit simulate [-f FILE]... [-R] [--validate
// strict|warn|ignore] [--parallelism N] [--fail-rate P] [--seed S] [--logs
// DIR] [--label-keys seed|kubernetes] [--skip-backoff-wait]`: it runs a Job
// on this machine, its pods created, deleted and counted by jobkit's Job
// controller core (jobapi/controller, Kubernetes' v1.36 Job controller as
// a library) and run as the kubelet runs them (jobapi/kubelet), so that a
// Job can be tried before it goes to a cluster. simulate itself only
// starts and stops processes, writes the volumes' files, keeps the clock
// and prints.
//
// The input, read as every subcommand reads it (-f, -R, --validate), holds
// one Job (batch/v1 or extensions/v1beta1) and the ConfigMaps its pods
// mount, such as the stream `jobkit run` prints; other objects are ignored
// with a warning. The Job is created as `jobkit create` does (defaults,
// selector generation with the label keys of --label-keys, validation;
// warnings and errors on standard error as create prints them, errors exit
// 1). Indexed and NonIndexed Jobs run; --parallelism overrides
// `spec.parallelism`. Each pod the controller creates is named as the API
// server names it, put on this machine, and run as the kubelet runs it:
// init containers one after the other (each must exit 0 before the next
// starts), sidecars (init containers with `restartPolicy: Always`) beside
// the main containers until these have ended, and every main container at
// once. The pod Succeeded when every main container exited 0, else
// Failed; with restartPolicy OnFailure a failed container restarts in its
// pod. Each container runs as a process:
//
//   - env vars as the kubelet computes them: literal values with `$(VAR)`
//     expanded over the variables before them, `valueFrom.fieldRef`
//     through the downward API (the completion index annotation and label
//     included); the command and args expanded over all of them (`$(VAR)`
//     replaced when VAR is defined, left as written when not, `$$` for a
//     literal `$`). The process gets these, HOSTNAME, and PATH and HOME
//     from this machine, nothing else.
//   - every configMap, downwardAPI, projected and emptyDir volume the
//     container mounts is written to a temporary directory of the pod
//     (shared by its containers), and each mount path is rewritten to that directory
//     wherever it appears as a path of its own (`/etc/jobkit/params.sh`,
//     `--dir=/etc/jobkit`, but not `/etc/jobkit2`) in the command, the
//     args, the env values and workingDir. Files are not rewritten.
//   - the command runs as it is (no shell unless it names one), in the
//     current directory unless workingDir is set, in a process group of its
//     own. Its output goes to standard error, each line after
//     "index N | " (NonIndexed: "pod NAME | "), or with --logs to
//     DIR/POD-NAME.log.
//
// Everything else is the controller's (jobapi/kubelet.RunJob carries its
// decisions out): failed pods count toward backoffLimit (or
// backoffLimitPerIndex and maxFailedIndexes), unless the podFailurePolicy ignores them or fails the Job or the index at once
// (exit codes and pod conditions are the ones the pods report); a
// successPolicy ends the Job early; activeDeadlineSeconds is enforced;
// and a failed pod is replaced only after the pod failure backoff (10 s,
// doubling with every further failure, up to 10 minutes). With
// --skip-backoff-wait the clock moves past the backoff at once instead of
// waiting, as if the time had passed.
//
// --fail-rate P makes each container run fail with exit code 137 instead
// of running, with probability P, decided by --seed, the index (the pod,
// for a NonIndexed Job) and the run alone, so that a run is reproducible
// whatever the timing.
//
// Progress goes to standard error: on a terminal one status line that
// updates in place, with failures and output above it; otherwise one line
// per event, such as `[3/10 complete, 2 running] index 4 succeeded in
// 0.2s`. At the end the Job's status, as Kubernetes would report it, goes
// to standard output as YAML (`status:` with startTime, completionTime,
// succeeded, failed, completedIndexes, failedIndexes, conditions), and
// the exit status is 0 when the Job is Complete and 1 when it Failed.
//
// Ctrl-C (SIGINT) or SIGTERM stops the running processes — SIGTERM to
// their process groups, SIGKILL after the pods' grace period or at a
// second Ctrl-C — prints the status so far and exits 130.
func runSimulate(s streams, args []string) int {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	force := make(chan struct{})
	finished := make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-sigs:
			fmt.Fprintln(s.err, "jobkit simulate: interrupted: stopping the running pods (Ctrl-C again to kill them at once)")
			cancel()
		case <-finished:
			return
		}
		select {
		case <-sigs:
			close(force)
		case <-finished:
		}
	}()
	wd, err := os.Getwd()
	if err != nil {
		printCommandError(s, "simulate", err)
		return 1
	}
	node, err := os.Hostname()
	if err != nil {
		node = "localhost"
	}
	return simulate(ctx, s, args, simulateEnv{
		now:      time.Now,
		live:     isTerminal(s.err),
		width:    terminalWidth(),
		workDir:  wd,
		nodeName: node,
		force:    force,
	})
}

// simulateEnv is what simulate takes from the machine; tests give their
// own.
type simulateEnv struct {
	now      func() time.Time
	live     bool // progress as a live status line
	width    int
	workDir  string
	nodeName string
	force    <-chan struct{}
	// newRunner, when set, replaces the process runner.
	newRunner func(root, logDir string, p *progress) kubelet.Runner
}

// simulateFlags are the command line of `jobkit simulate`.
type simulateFlags struct {
	in          *inputFlags
	parallelism int
	failRate    float64
	seed        uint64
	logs        string
	skipBackoff bool
	labelKeys   string
}

func parseSimulateFlags(s streams, args []string) (simulateFlags, bool) {
	var f simulateFlags
	fs := flag.NewFlagSet("simulate", flag.ContinueOnError)
	fs.SetOutput(s.err)
	f.in = addInputFlags(fs)
	fs.IntVar(&f.parallelism, "parallelism", 0, "how many pods run at once, instead of `N` = spec.parallelism")
	fs.Float64Var(&f.failRate, "fail-rate", 0, "the probability `P` (0 to 1) that a container run fails with exit code 137 instead of running")
	fs.Uint64Var(&f.seed, "seed", 0, "the `S`eed of --fail-rate and of the pods' random names")
	fs.StringVar(&f.logs, "logs", "", "write each pod's output to `DIR`/POD-NAME.log instead of standard error")
	fs.BoolVar(&f.skipBackoff, "skip-backoff-wait", false, "do not wait out the pod failure backoff (10s, 20s, ...): move the clock past it at once")
	fs.StringVar(&f.labelKeys, "label-keys", string(jobapi.SeedLabelKeys), "the label keys of the generated selector and pod labels: 'seed' (controller-uid, job-name) or 'kubernetes' (batch.kubernetes.io/controller-uid, batch.kubernetes.io/job-name and the seed keys)")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit simulate [-f FILE]... [-R] [--validate strict|warn|ignore] [--parallelism N] [--fail-rate P] [--seed S] [--logs DIR] [--label-keys seed|kubernetes] [--skip-backoff-wait]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return f, false
	}
	bad := func(format string, a ...any) (simulateFlags, bool) {
		printCommandError(s, "simulate", fmt.Errorf(format, a...))
		return f, false
	}
	switch {
	case fs.NArg() > 0:
		return bad("unexpected argument %q; give the input with -f", fs.Arg(0))
	case f.parallelism < 0 || f.parallelism > worklist.MaxIndexedParallelism:
		return bad("--parallelism must be between 1 and %d, not %d", worklist.MaxIndexedParallelism, f.parallelism)
	case isSet(fs, "parallelism") && f.parallelism == 0:
		return bad("--parallelism must be between 1 and %d, not 0", worklist.MaxIndexedParallelism)
	case !(f.failRate >= 0 && f.failRate <= 1): // NaN too
		return bad("--fail-rate must be between 0 and 1, not %v", f.failRate)
	case f.labelKeys != string(jobapi.SeedLabelKeys) && f.labelKeys != string(jobapi.KubernetesLabelKeys):
		return bad("--label-keys must be '%s' or '%s', not %q", jobapi.SeedLabelKeys, jobapi.KubernetesLabelKeys, f.labelKeys)
	}
	return f, true
}

// isSet reports whether the flag name was given.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// simulate is runSimulate with the machine's parts given.
func simulate(ctx context.Context, s streams, args []string, env simulateEnv) int {
	f, ok := parseSimulateFlags(s, args)
	if !ok {
		return 2
	}
	job, configMaps, status := readSimulateInput(s, f.in, labelKeys{keys: []jobapi.LabelKeyOption{jobapi.WithLabelKeys(jobapi.LabelKeyPolicy(f.labelKeys))}})
	if status != 0 {
		return status
	}
	if errs := needCommands(&job.Spec.Template.Spec); len(errs) > 0 {
		printCommandError(s, "simulate", errs.ToAggregate())
		return 1
	}
	if f.logs != "" {
		if err := os.MkdirAll(f.logs, 0o755); err != nil {
			printCommandError(s, "simulate", fmt.Errorf("--logs: %w", err))
			return 1
		}
	}
	root, err := os.MkdirTemp("", "jobkit-simulate-")
	if err != nil {
		printCommandError(s, "simulate", err)
		return 1
	}
	defer os.RemoveAll(root)

	p := newProgress(s.err, env.live, env.width)
	var r kubelet.Runner
	if env.newRunner != nil {
		r = env.newRunner(root, f.logs, p)
	} else {
		r = newExecRunner(root, f.logs, env.workDir, p, env.force)
	}
	res, err := kubelet.RunJob(ctx, job, kubelet.Config{
		Runner: r, Now: env.now, ConfigMaps: configMaps,
		Parallelism: f.parallelism, FailRate: f.failRate, Seed: f.seed, NodeName: env.nodeName, SkipBackoffWait: f.skipBackoff,
		OnEvent: func(e kubelet.Event) { reportEvent(p, job, e) },
	})
	p.done()
	if err != nil {
		if ke, ok := err.(*kubelet.Error); ok {
			err = ke.Errs.ToAggregate()
		}
		printCommandError(s, "simulate", err)
		return 1
	}
	out, err := conversion.MarshalYAML(struct {
		Status jobapi.JobStatus `json:"status"`
	}{res.Status})
	if err != nil {
		printCommandError(s, "simulate", err)
		return 1
	}
	s.out.Write(out)
	switch res.Finished {
	case jobapi.JobComplete:
		return 0
	case jobapi.JobFailed:
		return 1
	}
	fmt.Fprintf(s.err, "jobkit simulate: interrupted: stopped %d running pods; the Job did not finish\n", res.Interrupted)
	return 130
}

// needCommands requires a command of every container of spec, the pod
// template of the Job: a process runs a command, and the image's
// entrypoint is only known to a container runtime.
func needCommands(spec *core.PodSpec) field.ErrorList {
	var errs field.ErrorList
	specPath := field.NewPath("spec", "template", "spec")
	for _, cs := range []struct {
		name string
		list []core.Container
	}{{"initContainers", spec.InitContainers}, {"containers", spec.Containers}} {
		for i, c := range cs.list {
			if len(c.Command) == 0 {
				errs = append(errs, field.Required(specPath.Child(cs.name).Index(i).Child("command"),
					"must be set to simulate: the image's entrypoint is only known to a container runtime"))
			}
		}
	}
	return errs
}

// reportEvent prints an event of the run: a pod that succeeded as a
// routine step, failures and restarts as notes, each after the Job's
// counts ("[3/10 complete, 2 running]").
func reportEvent(p *progress, job *jobapi.Job, e kubelet.Event) {
	total := "?"
	if c := job.Spec.Completions; c != nil {
		total = strconv.Itoa(int(*c))
	}
	counts := fmt.Sprintf("[%d/%s complete, %d running]", e.Succeeded, total, e.Active)
	took := formatDuration(e.Took)
	switch e.Type {
	case kubelet.PodSucceeded:
		p.event(counts + " " + podLabel(e.Exit.Container.Pod()) + " succeeded in " + took)
	case kubelet.PodFailed:
		p.note(counts + " " + describeFailure(e.Exit, took))
	case kubelet.ContainerRestarted:
		p.note(fmt.Sprintf("%s %s; restarting the container (restart %d)", counts, describeFailure(e.Exit, took), e.Exit.Container.Restarts()))
	case kubelet.JobFailed:
		p.note(fmt.Sprintf("%s the Job failed: %s: %s", counts, e.Condition.Reason, e.Condition.Message))
	}
}

// podLabel names a pod in the progress and before its output lines:
// "index N", or "pod NAME" for a NonIndexed Job.
func podLabel(pod *core.Pod) string {
	if ix := controller.CompletionIndex(pod); ix >= 0 {
		return "index " + strconv.Itoa(ix)
	}
	return "pod " + pod.ObjectMeta.Name
}

// describeFailure says how a container run failed.
func describeFailure(ex kubelet.Exit, took string) string {
	pod := ex.Container.Pod()
	how := fmt.Sprintf("%s failed with exit code %d", podLabel(pod), ex.Code)
	if len(pod.Spec.Containers)+len(pod.Spec.InitContainers) > 1 {
		how = fmt.Sprintf("%s: container %s failed with exit code %d", podLabel(pod), ex.Container.Name(), ex.Code)
	}
	if ex.Reason != "" {
		how += " (" + ex.Reason + ")"
	}
	return how + " in " + took
}

// formatDuration prints d in seconds with one decimal: "0.2s".
func formatDuration(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + "s"
}

// readSimulateInput reads the input as create does (checkDocuments: the
// one reader and checker of every subcommand), and returns its one Job,
// created as the API server would, and its ConfigMaps in the Job's
// namespace. A non-zero status means the input was wrong; the problems
// are reported.
func readSimulateInput(s streams, in *inputFlags, keys labelKeys) (*jobapi.Job, map[string]*worklist.ConfigMap, int) {
	noUID, notStrict := "", false
	checked, status := checkDocuments(s, "simulate", in, createFlags{uid: &noUID, strictKinds: &notStrict}, keys, true)
	if status != 0 {
		return nil, nil, status
	}
	var jobs []checkedDoc
	var cms []*conversion.Document
	for _, c := range checked {
		d := c.doc
		switch {
		case d.IsJob():
			jobs = append(jobs, c)
		case d.Err != nil:
			printChecked(s, c) // a document that does not parse
			return nil, nil, 1
		case d.Kind == "ConfigMap" && d.APIVersion == "v1":
			printDocWarnings(s, d)
			cms = append(cms, d)
		default:
			printDocWarning(s, d, fmt.Sprintf("ignored: kind '%s' (apiVersion '%s') is neither a Job nor a v1 ConfigMap", d.Kind, d.APIVersion))
		}
	}
	if len(jobs) != 1 {
		printCommandError(s, "simulate", fmt.Errorf("the input must hold exactly one Job, not %d", len(jobs)))
		return nil, nil, 1
	}
	printChecked(s, jobs[0])
	if jobs[0].invalid() {
		return nil, nil, 1
	}
	job := jobs[0].doc.Job
	if job.ObjectMeta.Namespace == "" {
		job.ObjectMeta.Namespace = "default" // as kubectl creates it
	}
	configMaps := map[string]*worklist.ConfigMap{}
	for _, d := range cms {
		cm, err := worklist.DecodeConfigMap(d.JSON)
		if err != nil {
			printDocError(s, d, err)
			return nil, nil, 1
		}
		ns := cm.Metadata.Namespace
		if ns == "" {
			ns = "default"
		}
		if ns != job.ObjectMeta.Namespace {
			printDocWarning(s, d, fmt.Sprintf("ignored: ConfigMap '%s' is in namespace '%s', the Job in '%s'", cm.Metadata.Name, ns, job.ObjectMeta.Namespace))
			continue
		}
		if _, dup := configMaps[cm.Metadata.Name]; dup {
			printDocError(s, d, fmt.Errorf("ConfigMap '%s' must be given once", cm.Metadata.Name))
			return nil, nil, 1
		}
		configMaps[cm.Metadata.Name] = cm
	}
	return job, configMaps, 0
}
