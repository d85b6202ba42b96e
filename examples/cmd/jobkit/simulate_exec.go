package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/jobkit/jobkit/jobapi/kubelet"
)

// execRunner runs each container as a process of this machine, the way a
// container runtime would run it, minus the isolation: the command line
// and environment the kubelet computes (kubelet.Plan), the volumes written to
// a directory per pod and their mount paths rewritten to it, a clean
// environment but for PATH and HOME, a process group of its own so that
// stopping it stops everything it started, and its output, both streams
// together, as lines prefixed with the index or in a log file per pod.
type execRunner struct {
	root     string // a directory per pod is made in it
	logDir   string // "": output as progress notes
	progress *progress
	hostEnv  []kubelet.EnvVar // PATH and HOME of this machine
	workDir  string           // the working directory unless the container sets one
	// force is closed when stopping must not wait for the grace period
	// (a second interrupt).
	force <-chan struct{}

	mounts map[*kubelet.Container][]hostMount // the volumes of each container, once written

	mu      sync.Mutex
	procs   map[*kubelet.Container]*proc
	exits   []kubelet.Exit
	exited  chan struct{} // signalled (cap 1) when exits grows
	stopped map[*kubelet.Container]bool
}

// outputGrace is how long the output of a container is read after its
// main process and its process group are gone, for what escaped the group.
const outputGrace = 2 * time.Second

// proc is one running process.
type proc struct {
	cmd  *exec.Cmd
	done chan struct{} // closed once it has exited and its output is written
}

func newExecRunner(root, logDir, workDir string, p *progress, force <-chan struct{}) *execRunner {
	var env []kubelet.EnvVar
	for _, name := range []string{"PATH", "HOME"} {
		if v, ok := os.LookupEnv(name); ok {
			env = append(env, kubelet.EnvVar{Name: name, Value: v})
		}
	}
	return &execRunner{
		root: root, logDir: logDir, progress: p, hostEnv: env, workDir: workDir, force: force,
		mounts: map[*kubelet.Container][]hostMount{}, procs: map[*kubelet.Container]*proc{}, exited: make(chan struct{}, 1), stopped: map[*kubelet.Container]bool{},
	}
}

// Start writes the container's volumes (once) and starts it. A command
// that cannot be started is an exit with code 128, as a container runtime
// reports it; only a failure to write the volumes or the log is an error.
func (r *execRunner) Start(a *kubelet.Container) error {
	if err := r.start(a); err != nil {
		return fmt.Errorf("%s: %w", podLabel(a.Pod()), err)
	}
	return nil
}

func (r *execRunner) start(a *kubelet.Container) error {
	pod, plan := a.Pod(), a.Plan()
	// A container restarted in its pod finds the volumes as it left them,
	// emptyDir included, as in Kubernetes.
	mounts, ok := r.mounts[a]
	if !ok {
		var err error
		mounts, err = materialise(plan, filepath.Join(r.root, pod.ObjectMeta.Name))
		if err != nil {
			return fmt.Errorf("writing the volumes of pod %s: %w", pod.ObjectMeta.Name, err)
		}
		r.mounts[a] = mounts
	}
	argv := make([]string, len(plan.Argv))
	for i, s := range plan.Argv {
		argv[i] = rewriteMountPaths(s, mounts)
	}
	env := append([]kubelet.EnvVar(nil), r.hostEnv...)
	hostname := plan.Hostname
	if hostname == "" {
		hostname = pod.ObjectMeta.Name
	}
	env = append(env, kubelet.EnvVar{Name: "HOSTNAME", Value: hostname})
	for _, v := range plan.Env {
		env = append(env, kubelet.EnvVar{Name: v.Name, Value: rewriteMountPaths(v.Value, mounts)})
	}
	environ := make([]string, 0, len(env))
	seen := map[string]int{}
	for _, v := range env {
		if i, ok := seen[v.Name]; ok { // the container's value wins
			environ[i] = v.Name + "=" + v.Value
			continue
		}
		seen[v.Name] = len(environ)
		environ = append(environ, v.Name+"="+v.Value)
	}
	dir := r.workDir
	if plan.WorkingDir != "" {
		dir = rewriteMountPaths(plan.WorkingDir, mounts)
	}

	var out, pipe *os.File
	var lines *lineWriter
	var copyDone chan struct{}
	if r.logDir != "" {
		f, err := os.OpenFile(filepath.Join(r.logDir, pod.ObjectMeta.Name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		out = f
	} else {
		pr, pw, err := os.Pipe()
		if err != nil {
			return err
		}
		out, pipe = pw, pr
		lines = &lineWriter{p: r.progress, prefix: podLabel(pod) + " | "}
		copyDone = make(chan struct{})
		go func() {
			defer close(copyDone)
			io.Copy(lines, pr) // ends when every writer of the pipe is gone, or pr is closed
			lines.flush()
		}()
	}
	path, lookErr := lookPathIn(argv[0], envValue(environ, "PATH"), dir)
	cmd := &exec.Cmd{Path: path, Args: argv, Env: environ, Dir: dir, Stdout: out, Stderr: out}
	setProcessGroup(cmd)
	err := lookErr
	if err == nil {
		err = cmd.Start()
	}
	out.Close() // the child has its copy
	if err != nil {
		if copyDone != nil {
			<-copyDone
			pipe.Close()
		}
		r.report(a, kubelet.Exit{Container: a, Code: 128, Reason: "StartError: " + err.Error()})
		return nil
	}
	p := &proc{cmd: cmd, done: make(chan struct{})}
	r.mu.Lock()
	r.procs[a] = p
	r.mu.Unlock()
	go func() {
		defer close(p.done)
		cmd.Wait() // the exit status is in ProcessState
		// A container ends with its main process: stop what it left
		// running, which also closes the pipe it may hold.
		signalGroup(cmd, true)
		if copyDone != nil {
			// A process that left its group (setsid) may still hold the
			// pipe: stop reading it after a while.
			t := time.NewTimer(outputGrace)
			select {
			case <-copyDone:
			case <-t.C:
			}
			t.Stop()
			pipe.Close()
			<-copyDone
		}
		r.report(a, kubelet.Exit{Container: a, Code: exitCodeOf(cmd.ProcessState)})
	}()
	return nil
}

// report queues an exit for wait, unless its container was stopped. It
// forgets the process in the same step, so that stop either finds the
// process or finds its exit queued.
func (r *execRunner) report(a *kubelet.Container, ex kubelet.Exit) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.procs, a)
	if r.stopped[a] {
		delete(r.stopped, a)
		return
	}
	r.exits = append(r.exits, ex)
	select {
	case r.exited <- struct{}{}:
	default:
	}
}

// Wait returns the next exit of a process.
func (r *execRunner) Wait(ctx context.Context, deadline time.Time) (kubelet.Exit, kubelet.WaitResult) {
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	for {
		r.mu.Lock()
		if len(r.exits) > 0 {
			ex := r.exits[0]
			r.exits = r.exits[1:]
			r.mu.Unlock()
			return ex, kubelet.Exited
		}
		r.mu.Unlock()
		select {
		case <-r.exited:
		case <-ctx.Done():
			return kubelet.Exit{}, kubelet.Canceled
		case <-timeout:
			return kubelet.Exit{}, kubelet.DeadlineReached
		}
	}
}

// Stop sends SIGTERM to the process groups of the containers, waits for
// them for the longest of their pods' terminationGracePeriodSeconds (30
// seconds by default, as in Kubernetes) or until force is closed, then
// sends SIGKILL to what is left, and waits until every one has exited.
func (r *execRunner) Stop(as []*kubelet.Container) {
	var procs []*proc
	grace := time.Duration(0)
	r.mu.Lock()
	for _, a := range as {
		r.stopped[a] = true
		if p, ok := r.procs[a]; ok {
			procs = append(procs, p)
			grace = max(grace, gracePeriod(a))
		} else {
			delete(r.stopped, a) // it has exited, or never started
		}
	}
	// Drop exits already queued for them.
	kept := r.exits[:0]
	for _, ex := range r.exits {
		if !slices.Contains(as, ex.Container) {
			kept = append(kept, ex)
		}
	}
	r.exits = kept
	r.mu.Unlock()
	if len(procs) == 0 {
		return
	}
	for _, p := range procs {
		signalGroup(p.cmd, false)
	}
	all := make(chan struct{})
	go func() {
		for _, p := range procs {
			<-p.done
		}
		close(all)
	}()
	t := time.NewTimer(grace)
	defer t.Stop()
	select {
	case <-all:
		return
	case <-t.C:
	case <-r.force:
	}
	for _, p := range procs {
		signalGroup(p.cmd, true)
	}
	<-all
}

// Release removes the directory of a's pod: its volumes.
func (r *execRunner) Release(a *kubelet.Container) {
	if _, ok := r.mounts[a]; ok {
		delete(r.mounts, a)
		_ = os.RemoveAll(filepath.Join(r.root, a.Pod().ObjectMeta.Name)) // the whole root goes at the end anyway
	}
}

// gracePeriod is the pod's terminationGracePeriodSeconds, 30 seconds when
// unset.
func gracePeriod(a *kubelet.Container) time.Duration {
	var s int64 = 30
	if v := a.Pod().Spec.TerminationGracePeriodSeconds; v != nil && *v >= 0 {
		s = *v
	}
	return time.Duration(s) * time.Second
}

// envValue returns the value of name in an environment list.
func envValue(environ []string, name string) string {
	for _, kv := range environ {
		if v, ok := strings.CutPrefix(kv, name+"="); ok {
			return v
		}
	}
	return ""
}

// lookPathIn finds the executable a container runtime would run for
// name: name itself when it holds a '/' (relative to dir when relative),
// else the first executable regular file called name in the directories of
// path, the container's PATH.
func lookPathIn(name, path, dir string) (string, error) {
	if name == "" {
		return "", errors.New("the command is empty")
	}
	if strings.Contains(name, "/") {
		return name, nil // exec.Cmd resolves it relative to Dir
	}
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, name)
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("exec: %q: executable file not found in $PATH", name)
}
