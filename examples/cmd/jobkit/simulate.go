package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/downward/worklist"
	"github.com/jobkit/jobkit/jobapi"
)

// runSimulate implements `jobkit simulate [-f FILE] [--parallelism N]
// [--fail-rate P] [--seed S] [--logs DIR] [--label-keys seed|kubernetes]
// [--skip-backoff-wait]`: it runs a Job on this machine, its pods created,
// deleted and counted by jobkit's Job controller core (jobapi/controller,
// Kubernetes' v1.36 Job controller as a library), so that a Job can be
// tried before it goes to a cluster. simulate itself only carries the
// decisions out: it starts and stops processes, keeps the clock and prints.
//
// The input holds one Job (batch/v1 or extensions/v1beta1) and the
// ConfigMaps its pods mount, such as the stream `jobkit run` prints; other
// objects are ignored with a warning. The Job is created as `jobkit create`
// does (defaults, selector generation with the label keys of
// --label-keys, validation; warnings on standard error, errors exit 1).
// Indexed and NonIndexed Jobs run; --parallelism overrides
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
//   - every configMap, downwardAPI and emptyDir volume the container mounts
//     is written to a temporary directory of the pod (shared by its
//     containers), and each mount path is rewritten to that directory
//     wherever it appears as a path of its own (`/etc/jobkit/params.sh`,
//     `--dir=/etc/jobkit`, but not `/etc/jobkit2`) in the command, the
//     args, the env values and workingDir. Files are not rewritten.
//   - the command runs as it is (no shell unless it names one), in the
//     current directory unless workingDir is set, in a process group of its
//     own. Its output goes to standard error, each line after
//     "index N | " (NonIndexed: "pod NAME | "), or with --logs to
//     DIR/POD-NAME.log.
//
// Everything else is the controller's: failed pods count toward
// backoffLimit (or backoffLimitPerIndex and maxFailedIndexes), unless the
// podFailurePolicy ignores them or fails the Job or the index at once
// (exit codes and pod conditions are the ones the pods report); a
// successPolicy ends the Job early; activeDeadlineSeconds is enforced;
// and a failed pod is replaced only after the pod failure backoff (10 s,
// doubling with every further failure, up to 10 minutes). With
// --skip-backoff-wait the clock moves past the backoff at once instead of
// waiting, as if the time had passed.
//
// --fail-rate P makes each container run fail with exit code 137 instead
// of running, with probability P, decided by --seed, the index and the
// attempt alone, so that a run is reproducible whatever the timing.
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
		fmt.Fprintf(s.err, "jobkit simulate: %v\n", err)
		return 1
	}
	node, err := os.Hostname()
	if err != nil {
		node = "localhost"
	}
	return simulate(ctx, s, args, simulateEnv{
		clock:    realClock{},
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
	clock    clock
	live     bool // progress as a live status line
	width    int
	workDir  string
	nodeName string
	force    <-chan struct{}
	// newRunner, when set, replaces the process runner.
	newRunner func(root, logDir string, p *progress) runner
}

// simulateFlags are the command line of `jobkit simulate`.
type simulateFlags struct {
	file        string
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
	fs.StringVar(&f.file, "f", "", "the file to read the Job and its ConfigMaps from; '-' or none: standard input")
	fs.IntVar(&f.parallelism, "parallelism", 0, "how many pods run at once, instead of `N` = spec.parallelism")
	fs.Float64Var(&f.failRate, "fail-rate", 0, "the probability `P` (0 to 1) that a container run fails with exit code 137 instead of running")
	fs.Uint64Var(&f.seed, "seed", 0, "the `S`eed of --fail-rate and of the pods' random names")
	fs.StringVar(&f.logs, "logs", "", "write each pod's output to `DIR`/POD-NAME.log instead of standard error")
	fs.BoolVar(&f.skipBackoff, "skip-backoff-wait", false, "do not wait out the pod failure backoff (10s, 20s, ...): move the clock past it at once")
	fs.StringVar(&f.labelKeys, "label-keys", string(jobapi.SeedLabelKeys), "the label keys of the generated selector and pod labels: 'seed' (controller-uid, job-name) or 'kubernetes' (batch.kubernetes.io/controller-uid, batch.kubernetes.io/job-name and the seed keys)")
	fs.Usage = func() {
		fmt.Fprintln(s.err, "usage: jobkit simulate [-f FILE] [--parallelism N] [--fail-rate P] [--seed S] [--logs DIR] [--label-keys seed|kubernetes] [--skip-backoff-wait]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return f, false
	}
	bad := func(format string, a ...any) (simulateFlags, bool) {
		fmt.Fprintf(s.err, "jobkit simulate: "+format+"\n", a...)
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
	job, configMaps, status := readSimulateInput(s, f.file, labelKeys{keys: []jobapi.LabelKeyOption{jobapi.WithLabelKeys(jobapi.LabelKeyPolicy(f.labelKeys))}})
	if status != 0 {
		return status
	}
	if f.logs != "" {
		if err := os.MkdirAll(f.logs, 0o755); err != nil {
			fmt.Fprintf(s.err, "jobkit simulate: --logs: %v\n", err)
			return 1
		}
	}
	root, err := os.MkdirTemp("", "jobkit-simulate-")
	if err != nil {
		fmt.Fprintf(s.err, "jobkit simulate: %v\n", err)
		return 1
	}
	defer os.RemoveAll(root)

	p := newProgress(s.err, env.live, env.width)
	var r runner
	if env.newRunner != nil {
		r = env.newRunner(root, f.logs, p)
	} else {
		r = newExecRunner(root, f.logs, env.workDir, p, env.force)
	}
	e, errs := newEngine(job, configMaps, engineConfig{
		parallelism: f.parallelism, failRate: f.failRate, seed: f.seed, nodeName: env.nodeName, skipBackoff: f.skipBackoff,
		clock: env.clock, runner: r, progress: p,
	})
	if len(errs) > 0 {
		for _, e := range errs {
			fmt.Fprintf(s.err, "jobkit simulate: %v\n", e)
		}
		return 1
	}
	res, err := e.run(ctx)
	p.done()
	if err != nil {
		if errs, ok := isSimulationError(err); ok {
			for _, e := range errs {
				fmt.Fprintf(s.err, "jobkit simulate: %v\n", e)
			}
		} else {
			fmt.Fprintf(s.err, "jobkit simulate: %v\n", err)
		}
		return 1
	}
	out, err := conversion.MarshalYAML(struct {
		Status jobapi.JobStatus `json:"status"`
	}{res.status})
	if err != nil {
		fmt.Fprintf(s.err, "jobkit simulate: %v\n", err)
		return 1
	}
	s.out.Write(out)
	switch res.finished {
	case jobapi.JobComplete:
		return 0
	case jobapi.JobFailed:
		return 1
	}
	fmt.Fprintf(s.err, "jobkit simulate: interrupted: stopped %d running pods; the Job did not finish\n", res.interrupted)
	return 130
}

// readSimulateInput reads the Job and the ConfigMaps of the input, and
// creates the Job as the API server would. A non-zero status means the
// input was wrong; the problems are reported.
func readSimulateInput(s streams, file string, keys labelKeys) (*jobapi.Job, map[string]*worklist.ConfigMap, int) {
	docs, err := readDocuments(s, file)
	if err != nil {
		fmt.Fprintf(s.err, "jobkit simulate: %v\n", err)
		return nil, nil, 1
	}
	var jobDocs []document
	var cmDocs []document
	for _, d := range docs {
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		_ = json.Unmarshal(d.json, &head) // readDocuments checked it is an object
		switch {
		case head.Kind == "Job":
			jobDocs = append(jobDocs, d)
		case head.Kind == "ConfigMap" && head.APIVersion == "v1":
			cmDocs = append(cmDocs, d)
		default:
			fmt.Fprintf(s.err, "jobkit simulate: %s: warning: ignored: kind '%s' (apiVersion '%s') is neither a Job nor a v1 ConfigMap\n", d.source, head.Kind, head.APIVersion)
		}
	}
	if len(jobDocs) != 1 {
		fmt.Fprintf(s.err, "jobkit simulate: the input must hold exactly one Job, not %d\n", len(jobDocs))
		return nil, nil, 1
	}
	pj := prepareJob(jobDocs[0], keys)
	printWarnings(s, "simulate", pj)
	if printFieldErrors(s, "simulate", pj) {
		return nil, nil, 1
	}
	job := pj.job
	if job.ObjectMeta.Namespace == "" {
		job.ObjectMeta.Namespace = "default" // as kubectl creates it
	}
	configMaps := map[string]*worklist.ConfigMap{}
	for _, d := range cmDocs {
		var cm worklist.ConfigMap
		if err := json.Unmarshal(d.json, &cm); err != nil {
			fmt.Fprintf(s.err, "jobkit simulate: %s: %v\n", d.source, err)
			return nil, nil, 1
		}
		ns := cm.Metadata.Namespace
		if ns == "" {
			ns = "default"
		}
		if ns != job.ObjectMeta.Namespace {
			fmt.Fprintf(s.err, "jobkit simulate: %s: warning: ignored: ConfigMap '%s' is in namespace '%s', the Job in '%s'\n", d.source, cm.Metadata.Name, ns, job.ObjectMeta.Namespace)
			continue
		}
		if _, dup := configMaps[cm.Metadata.Name]; dup {
			fmt.Fprintf(s.err, "jobkit simulate: %s: ConfigMap '%s' must be given once\n", d.source, cm.Metadata.Name)
			return nil, nil, 1
		}
		configMaps[cm.Metadata.Name] = &cm
	}
	return job, configMaps, 0
}
