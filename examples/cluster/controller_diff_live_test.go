package cluster

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/informers"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	kubejob "k8s.io/kubernetes/pkg/controller/job"

	"github.com/jobkit/jobkit/examples/cluster/wirefault"
	jobcontroller "github.com/jobkit/jobkit/examples/controller"
	"github.com/jobkit/jobkit/examples/controller/kubelet"
)

// The live differential (issue 27 item 3): every scenario creates the
// same Job twice in a namespace of its own, one left to Kubernetes' v1.36
// Job controller (k8s.io/kubernetes/pkg/controller/job, started here with
// its informers as Kubernetes' test/integration/job starts it) and one
// whose spec.managedBy names jobkit's controller (examples/controller),
// and drives the pods of both with the same kubelet script, one kubelet
// per side, in lockstep. Before every kubelet step both sides must have
// settled to the same state (statuses with times and names normalized,
// and the pods), and so at the end.

const (
	// diffLabel marks the Jobs (and, through their templates, the pods)
	// of the differential: the real controller's informers see only
	// them, so it leaves the Jobs of the package's other tests alone.
	diffLabel = "jobkit.io/live-diff"
	// diffControllerName is the spec.managedBy of the jobkit side.
	diffControllerName = "jobkit.io/live-diff-controller"
	// settleFor is how long both sides must stay unchanged to count as
	// settled: longer than the controllers' batch period (1 s) plus a
	// sync.
	settleFor = 2500 * time.Millisecond
	// settleWithin bounds the wait for a settled state: longer than the
	// first pod-failure backoffs (10 s, 20 s).
	settleWithin = 45 * time.Second
	// diffPlays is how many times a scenario that differs is played.
	diffPlays = 3
)

// liveScenario is a Job spec and a kubelet script.
type liveScenario struct {
	name   string
	spec   func(*batchv1.JobSpec)
	script kubelet.Script
	// steps bounds the kubelet steps.
	steps int
}

func ptr[T any](v T) *T { return &v }

func specIndexed(s *batchv1.JobSpec) { s.CompletionMode = ptr(batchv1.IndexedCompletion) }

func specCounts(completions, parallelism int32) func(*batchv1.JobSpec) {
	return func(s *batchv1.JobSpec) {
		s.Completions, s.Parallelism = ptr(completions), ptr(parallelism)
	}
}

func specAll(fs ...func(*batchv1.JobSpec)) func(*batchv1.JobSpec) {
	return func(s *batchv1.JobSpec) {
		for _, f := range fs {
			f(s)
		}
	}
}

func specBackoffLimit(n int32) func(*batchv1.JobSpec) {
	return func(s *batchv1.JobSpec) { s.BackoffLimit = ptr(n) }
}

func specPerIndexLimit(n int32) func(*batchv1.JobSpec) {
	return func(s *batchv1.JobSpec) { s.BackoffLimitPerIndex, s.BackoffLimit = ptr(n), nil }
}

func specFailurePolicy(rules ...batchv1.PodFailurePolicyRule) func(*batchv1.JobSpec) {
	return func(s *batchv1.JobSpec) { s.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: rules} }
}

func onExitCodes(action batchv1.PodFailurePolicyAction, codes ...int32) batchv1.PodFailurePolicyRule {
	return batchv1.PodFailurePolicyRule{Action: action, OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{
		Operator: batchv1.PodFailurePolicyOnExitCodesOpIn, Values: codes}}
}

func onDisruption(action batchv1.PodFailurePolicyAction) batchv1.PodFailurePolicyRule {
	return batchv1.PodFailurePolicyRule{Action: action, OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{
		{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}}}
}

// namedLiveScenarios are the features the parity module's controller
// test names, as live scenarios.
func namedLiveScenarios() []liveScenario {
	running := kubelet.Always(kubelet.Running())
	return []liveScenario{
		{name: "one pod succeeds", spec: specCounts(1, 1), script: kubelet.Always(kubelet.Succeed()), steps: 4},
		{name: "three completions two at a time", spec: specCounts(3, 2), script: kubelet.Always(kubelet.Succeed().WithReady()), steps: 8},
		{name: "work queue without completions", spec: func(s *batchv1.JobSpec) { s.Parallelism = ptr(int32(3)) },
			script: kubelet.Always(kubelet.Succeed()), steps: 4},
		{name: "indexed four completions", spec: specAll(specIndexed, specCounts(4, 4)), script: kubelet.Always(kubelet.Succeed()), steps: 4},
		{name: "indexed pods run a while ready", spec: specAll(specIndexed, specCounts(3, 2)), script: kubelet.Always(kubelet.Succeed().WithReady().For(2)), steps: 12},
		{name: "backoff limit zero fails at the first failure", spec: specAll(specCounts(2, 2), specBackoffLimit(0)),
			script: kubelet.Attempts(kubelet.Fail(1)), steps: 6},
		{name: "a failure retried then success", spec: specAll(specCounts(1, 1), specBackoffLimit(2)),
			script: kubelet.Attempts(kubelet.Fail(1), kubelet.Succeed()), steps: 8},
		{name: "indexed one index fails once", spec: specAll(specIndexed, specCounts(3, 3), specBackoffLimit(3)),
			script: kubelet.PerIndex(map[int]kubelet.Script{1: kubelet.Attempts(kubelet.Fail(2), kubelet.Succeed())}, nil), steps: 8},
		{name: "pod failure policy fails the Job on an exit code", spec: specAll(specCounts(2, 2), specBackoffLimit(6), specFailurePolicy(onExitCodes(batchv1.PodFailurePolicyActionFailJob, 42))),
			script: kubelet.Attempts(kubelet.Fail(42)), steps: 6},
		{name: "pod failure policy ignores disruptions", spec: specAll(specCounts(1, 1), specBackoffLimit(0), specFailurePolicy(onDisruption(batchv1.PodFailurePolicyActionIgnore))),
			script: kubelet.Attempts(kubelet.Disrupted(1), kubelet.Succeed()), steps: 8},
		{name: "pod failure policy counts an exit code", spec: specAll(specCounts(1, 1), specBackoffLimit(1), specFailurePolicy(onExitCodes(batchv1.PodFailurePolicyActionCount, 3))),
			script: kubelet.Attempts(kubelet.Fail(3), kubelet.Fail(3)), steps: 8},
		{name: "backoff limit per index", spec: specAll(specIndexed, specCounts(3, 3), specPerIndexLimit(0)),
			script: kubelet.PerIndex(map[int]kubelet.Script{0: kubelet.Attempts(kubelet.Fail(1))}, nil), steps: 8},
		{name: "max failed indexes", spec: specAll(specIndexed, specCounts(4, 4), specPerIndexLimit(0), func(s *batchv1.JobSpec) { s.MaxFailedIndexes = ptr(int32(1)) }),
			script: kubelet.PerIndex(map[int]kubelet.Script{0: kubelet.Attempts(kubelet.Fail(1)), 2: kubelet.Attempts(kubelet.Fail(1))}, nil), steps: 8},
		{name: "success policy on succeeded indexes", spec: specAll(specIndexed, specCounts(4, 4), func(s *batchv1.JobSpec) {
			s.SuccessPolicy = &batchv1.SuccessPolicy{Rules: []batchv1.SuccessPolicyRule{{SucceededIndexes: ptr("0,1")}}}
		}), script: kubelet.PerIndex(map[int]kubelet.Script{2: running, 3: running}, nil), steps: 8},
		{name: "success policy on a succeeded count", spec: specAll(specIndexed, specCounts(3, 3), func(s *batchv1.JobSpec) {
			s.SuccessPolicy = &batchv1.SuccessPolicy{Rules: []batchv1.SuccessPolicyRule{{SucceededCount: ptr(int32(1))}}}
		}), script: kubelet.PerIndex(map[int]kubelet.Script{0: kubelet.Always(kubelet.Succeed())}, running), steps: 8},
		{name: "pod replacement policy Failed", spec: specAll(specCounts(2, 2), specBackoffLimit(2), specFailurePolicy(onExitCodes(batchv1.PodFailurePolicyActionCount, 1)), func(s *batchv1.JobSpec) {
			s.PodReplacementPolicy = ptr(batchv1.Failed)
		}), script: kubelet.Attempts(kubelet.Fail(1), kubelet.Succeed()), steps: 10},
		{name: "suspended Job makes no pods", spec: specAll(specCounts(2, 2), func(s *batchv1.JobSpec) { s.Suspend = ptr(true) }),
			script: kubelet.Always(kubelet.Succeed()), steps: 2},
	}
}

// generatedLiveScenarios returns n random scenarios from seed.
func generatedLiveScenarios(seed uint64, n int) []liveScenario {
	r := rand.New(rand.NewPCG(seed, 27))
	outcomes := []func() kubelet.Outcome{
		kubelet.Succeed,
		func() kubelet.Outcome { return kubelet.Succeed().WithReady() },
		func() kubelet.Outcome { return kubelet.Succeed().For(1) },
		func() kubelet.Outcome { return kubelet.Fail(1) },
		func() kubelet.Outcome { return kubelet.Fail(42) },
		func() kubelet.Outcome { return kubelet.Disrupted(1) },
	}
	var out []liveScenario
	for i := range n {
		isIndexed := r.IntN(2) == 0
		completions := int32(1 + r.IntN(4))
		parallelism := int32(1 + r.IntN(int(completions)))
		fs := []func(*batchv1.JobSpec){specCounts(completions, parallelism)}
		desc := []string{fmt.Sprintf("c%d p%d", completions, parallelism)}
		if isIndexed {
			fs = append(fs, specIndexed)
			desc = append(desc, "indexed")
		}
		if isIndexed && r.IntN(4) == 0 {
			per := int32(r.IntN(2))
			fs = append(fs, specPerIndexLimit(per))
			desc = append(desc, fmt.Sprintf("perIndex%d", per))
		} else {
			bl := int32(r.IntN(3))
			fs = append(fs, specBackoffLimit(bl))
			desc = append(desc, fmt.Sprintf("backoff%d", bl))
		}
		if r.IntN(3) == 0 {
			var rules []batchv1.PodFailurePolicyRule
			if r.IntN(2) == 0 {
				rules = append(rules, onDisruption(batchv1.PodFailurePolicyActionIgnore))
			}
			action := []batchv1.PodFailurePolicyAction{batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyActionCount, batchv1.PodFailurePolicyActionIgnore}[r.IntN(3)]
			rules = append(rules, onExitCodes(action, 42))
			fs = append(fs, specFailurePolicy(rules...))
			desc = append(desc, "podFailurePolicy")
		}
		// Per index (per attempt for NonIndexed) at most one outcome
		// before success: most pods succeed, and a failing attempt is
		// followed by a success, so a scenario ends within a backoff or
		// two.
		scripts := map[int]kubelet.Script{}
		for ix := range int(completions) {
			if r.IntN(3) != 0 {
				continue
			}
			first := outcomes[r.IntN(len(outcomes))]()
			if !isIndexed {
				scripts[kubelet.NoIndex] = kubelet.Attempts(first, kubelet.Succeed())
				break
			}
			scripts[ix] = kubelet.Attempts(first, kubelet.Succeed())
		}
		out = append(out, liveScenario{
			name:   fmt.Sprintf("generated %03d %s", i, strings.Join(desc, " ")),
			spec:   specAll(fs...),
			script: kubelet.PerIndex(scripts, nil),
			steps:  14,
		})
	}
	return out
}

// startKubeJobController starts Kubernetes' Job controller on the pods
// and Jobs labelled diffLabel, as test/integration/job does, and returns
// the function that stops it and waits for it.
func startKubeJobController(t *testing.T, cfg *rest.Config) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	tweak := informers.WithTweakListOptions(func(o *metav1.ListOptions) { o.LabelSelector = diffLabel + "=true" })
	factory := informers.NewSharedInformerFactoryWithOptions(kubernetes.NewForConfigOrDie(rest.AddUserAgent(cfg, "job-informers")), 0, tweak)
	jc, err := kubejob.NewController(ctx, kubernetes.NewForConfigOrDie(rest.AddUserAgent(cfg, "job-controller")),
		factory.Core().V1().Pods(), factory.Batch().V1().Jobs(), nil, nil)
	if err != nil {
		cancel()
		t.Fatal(err)
	}
	factory.Start(ctx.Done())
	done := make(chan struct{})
	go func() {
		defer close(done)
		jc.Run(ctx, 5)
	}()
	factory.WaitForCacheSync(ctx.Done())
	return func() {
		cancel()
		<-done
		factory.Shutdown()
	}
}

// controllerPair is the two controllers of the differential, each with
// its own client (and its own fault injector, when given rules).
type controllerPair struct {
	t                *testing.T
	kubeCfg, jkCfg   *rest.Config
	kubeInj, jkInj   *wirefault.Injector
	stopKube         func()
	jk               *jobcontroller.Controller
	restarts, syncs  int
	writes, failures int64
}

// startControllers starts both controllers; with rules, each one's
// client fails the requests they pick, counted apart for each side.
func startControllers(t *testing.T, cfg *rest.Config, rules ...wirefault.Rule) *controllerPair {
	p := &controllerPair{t: t, kubeCfg: rest.CopyConfig(cfg), jkCfg: rest.CopyConfig(cfg)}
	if len(rules) > 0 {
		p.kubeInj, p.jkInj = wirefault.New(rules...), wirefault.New(rules...)
		p.kubeCfg.Wrap(p.kubeInj.Wrap)
		p.jkCfg.Wrap(p.jkInj.Wrap)
	}
	p.start()
	t.Cleanup(p.stop)
	return p
}

func (p *controllerPair) start() {
	p.stopKube = startKubeJobController(p.t, p.kubeCfg)
	jk, err := jobcontroller.Start(context.Background(), p.jkCfg, jobcontroller.WithName(diffControllerName))
	if err != nil {
		p.t.Fatal(err)
	}
	p.jk = jk
}

func (p *controllerPair) stop() {
	if p.jk == nil {
		return
	}
	p.stopKube()
	p.jk.Stop()
	st := p.jk.Stats()
	p.syncs += int(st.Syncs)
	p.writes += st.Writes
	p.failures += st.Failures
	p.jk = nil
}

// restart stops both controllers, as a crash of kube-controller-manager
// and of jobkit's controller would, and starts new ones: what they knew
// (expectations, failure records, queues) is lost; what they wrote stays.
func (p *controllerPair) restart() {
	p.stop()
	p.start()
	p.restarts++
}

// sideState is one side of a scenario as compared: the Job's status with
// its times reduced to whether they are set and the uids of uncounted
// pods to their number, and the Job's pods reduced to what the two
// controllers must agree on.
type sideState struct {
	Status             batchv1.JobStatus
	Started, Completed bool
	UncountedSucceeded int
	UncountedFailed    int
	Pods               []podState
}

// podState is a pod as compared.
type podState struct {
	Index        string
	Phase        corev1.PodPhase
	Finalizer    bool
	Terminating  bool
	FailureCount string
	IgnoredCount string
}

// podName matches a pod of the differential, named from its Job's
// name, in a message.
var podName = regexp.MustCompile(`(live-[a-z]+-[0-9]+-[0-9]+)/(?:kube|jobkit)-[a-z0-9]{5}`)

// observe reads a side from the observer's caches, and the uids of its
// pods.
func observe(f informers.SharedInformerFactory, ns, name string) (sideState, map[types.UID]bool) {
	job, err := f.Batch().V1().Jobs().Lister().Jobs(ns).Get(name)
	if err != nil {
		return sideState{}, nil
	}
	uids := map[types.UID]bool{}
	st := job.Status.DeepCopy()
	out := sideState{Started: st.StartTime != nil, Completed: st.CompletionTime != nil}
	st.StartTime, st.CompletionTime = nil, nil
	for i := range st.Conditions {
		c := &st.Conditions[i]
		c.LastProbeTime, c.LastTransitionTime = metav1.Time{}, metav1.Time{}
		// Messages name pods, which are named after their Job.
		c.Message = podName.ReplaceAllString(c.Message, "$1/<pod>")
	}
	if u := st.UncountedTerminatedPods; u != nil {
		out.UncountedSucceeded, out.UncountedFailed = len(u.Succeeded), len(u.Failed)
		st.UncountedTerminatedPods = nil
	}
	out.Status = *st
	pods, _ := f.Core().V1().Pods().Lister().Pods(ns).List(labels.Everything())
	for _, p := range pods {
		ref := metav1.GetControllerOfNoCopy(p)
		if ref == nil || ref.UID != job.UID {
			continue
		}
		uids[p.UID] = true
		out.Pods = append(out.Pods, podState{
			Index:        p.Annotations[batchv1.JobCompletionIndexAnnotation],
			Phase:        p.Status.Phase,
			Finalizer:    slices.Contains(p.Finalizers, batchv1.JobTrackingFinalizer),
			Terminating:  p.DeletionTimestamp != nil,
			FailureCount: p.Annotations["batch.kubernetes.io/job-index-failure-count"],
			IgnoredCount: p.Annotations["batch.kubernetes.io/job-index-ignored-failure-count"],
		})
	}
	slices.SortFunc(out.Pods, func(a, b podState) int { return strings.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
	return out, uids
}

// finished reports whether a side is done: a terminal condition, and no
// pod left running or holding the tracking finalizer.
func (s sideState) finished() bool {
	terminal := slices.ContainsFunc(s.Status.Conditions, func(c batchv1.JobCondition) bool {
		return (c.Type == batchv1.JobComplete || c.Type == batchv1.JobFailed) && c.Status == corev1.ConditionTrue
	})
	if !terminal {
		return false
	}
	return !slices.ContainsFunc(s.Pods, func(p podState) bool {
		return p.Finalizer || (p.Phase != corev1.PodSucceeded && p.Phase != corev1.PodFailed)
	})
}

// diffRun is one scenario being played.
type diffRun struct {
	sc                     liveScenario
	ns                     string
	kube, jk               *batchv1.Job
	kubeKubelet, jkKubelet *kubelet.Kubelet
	// kubePods and jkPods are the pods of each side when they were last
	// found equal: the pods the next step moves.
	kubePods, jkPods map[types.UID]bool
	steps            int
	diffs            []string
}

func TestControllerLiveDifferential(t *testing.T) {
	if testing.Short() {
		t.Skip("the live differential plays every scenario on the real API server for minutes")
	}
	scenarios := append(namedLiveScenarios(), generatedLiveScenarios(27, 100)...)
	playDifferential(t, "live-diff", scenarios, 0)
}

// TestControllerLiveDifferentialFaults plays the named scenarios and 40
// generated ones with both controllers' clients failing requests on the
// wire (each side its own injector with the same rules: 500s, 409s, 504s
// and connection resets, before and after the server writes, counted per
// namespace, so that the twins of a scenario meet the same faults as long
// as their controllers make the same requests) and both
// controllers restarted every restartEvery, as crashes would: the sides
// must still settle to the same state before every step and at the end,
// so neither loses nor counts twice a finished pod.
func TestControllerLiveDifferentialFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("the live differential plays every scenario on the real API server for minutes")
	}
	scenarios := append(namedLiveScenarios(), generatedLiveScenarios(2700, 40)...)
	rules := []wirefault.Rule{
		{Verb: "create", Resource: "pods", Every: 3, Fault: wirefault.InternalError, PerNamespace: true},
		{Verb: "create", Resource: "pods", Every: 4, Fault: wirefault.Timeout, When: wirefault.After, PerNamespace: true},
		{Verb: "update", Resource: "jobs/status", Every: 2, Fault: wirefault.Conflict, PerNamespace: true},
		{Verb: "update", Resource: "jobs/status", Every: 5, Fault: wirefault.Timeout, When: wirefault.After, PerNamespace: true},
		{Verb: "patch", Resource: "pods", Every: 3, Fault: wirefault.ConnectionReset, When: wirefault.After, PerNamespace: true},
		{Verb: "patch", Resource: "pods", Every: 4, Fault: wirefault.InternalError, PerNamespace: true},
		{Verb: "delete", Resource: "pods", Every: 2, Fault: wirefault.InternalError, PerNamespace: true},
	}
	playDifferential(t, "live-fault", scenarios, 20*time.Second, rules...)
}

// playDifferential plays scenarios, each in a namespace named from
// prefix, against both controllers (their clients failing what rules
// pick), restarting the controllers every restartEvery when it is not
// zero.
func playDifferential(t *testing.T, prefix string, scenarios []liveScenario, restartEvery time.Duration, rules ...wirefault.Rule) {
	cfg := rest.CopyConfig(cp.Config)
	cfg.QPS, cfg.Burst = 500, 1000
	client := kubernetes.NewForConfigOrDie(cfg)
	ctrls := startControllers(t, cfg, rules...)
	tweak := informers.WithTweakListOptions(func(o *metav1.ListOptions) { o.LabelSelector = diffLabel + "=true" })
	obs := informers.NewSharedInformerFactoryWithOptions(client, 0, tweak)
	obs.Batch().V1().Jobs().Informer()
	obs.Core().V1().Pods().Informer()
	octx, ocancel := context.WithCancel(context.Background())
	obs.Start(octx.Done())
	obs.WaitForCacheSync(octx.Done())
	t.Cleanup(func() { ocancel(); obs.Shutdown() })

	// Every scenario is played at once; one that differs is played
	// again, up to diffPlays times in all. The kubelet writes the pods
	// of a step one after the other, so a controller can sync between
	// two of them, and which it sees first can decide the outcome (a pod
	// that succeeds in the same step as another's fatal failure is
	// counted, or killed first): such a scenario agrees on a replay and
	// is reported as unstable, not as different. One that differs in
	// every play is a difference.
	plays := make([][]*diffRun, len(scenarios))
	pending := make([]int, len(scenarios))
	for i := range pending {
		pending[i] = i
	}
	for play := 0; play < diffPlays && len(pending) > 0; play++ {
		var wg sync.WaitGroup
		for _, i := range pending {
			run := &diffRun{sc: scenarios[i], ns: fmt.Sprintf("%s-%03d-%d", prefix, i, play)}
			plays[i] = append(plays[i], run)
			wg.Go(func() { run.play(t.Context(), client, obs) })
		}
		done := make(chan struct{})
		restarted := make(chan struct{})
		go func() {
			defer close(restarted)
			if restartEvery <= 0 {
				return
			}
			tick := time.NewTicker(restartEvery)
			defer tick.Stop()
			for {
				select {
				case <-done:
					return
				case <-tick.C:
					ctrls.restart()
				}
			}
		}()
		wg.Wait()
		close(done)
		<-restarted
		var again []int
		for _, i := range pending {
			if last := plays[i][len(plays[i])-1]; len(last.diffs) > 0 {
				again = append(again, i)
			}
		}
		pending = again
	}
	ctrls.stop()
	var played, steps, unstable int
	for i, runs := range plays {
		for _, run := range runs {
			played++
			steps += run.steps
		}
		switch last := runs[len(runs)-1]; {
		case len(last.diffs) > 0:
			t.Errorf("%s: differs in all %d plays; the last: %s", scenarios[i].name, len(runs), strings.Join(last.diffs, "\n"))
		case len(runs) > 1:
			unstable++
			t.Logf("%s: unstable: agreed at play %d; the first: %s", scenarios[i].name, len(runs), strings.Join(runs[0].diffs, "\n"))
		}
	}
	if limit := 3 + len(scenarios)/20; unstable > limit {
		t.Errorf("%d unstable scenarios, more than the %d a replay may absorb: the differential no longer tells controllers apart", unstable, limit)
	}
	faults := ""
	if ctrls.kubeInj != nil {
		kf, jf := len(ctrls.kubeInj.Fired()), len(ctrls.jkInj.Fired())
		if kf == 0 || jf == 0 {
			t.Errorf("faults injected: %d into Kubernetes' controller, %d into jobkit's; want some into each", kf, jf)
		}
		faults = fmt.Sprintf(", faults injected: %d into Kubernetes' controller, %d into jobkit's", kf, jf)
	}
	t.Logf("live differential %s: %d scenarios, %d plays, %d kubelet steps, %d unstable, %d controller restarts%s; jobkit's controller: %d syncs, %d writes, %d failed syncs",
		prefix, len(scenarios), played, steps, unstable, ctrls.restarts, faults, ctrls.syncs, ctrls.writes, ctrls.failures)
}

// play creates the scenario's namespace and two Jobs and steps both
// kubelets until both sides have finished or the steps run out,
// comparing the settled sides before every step and at the end.
func (r *diffRun) play(ctx context.Context, client kubernetes.Interface, obs informers.SharedInformerFactory) {
	fail := func(format string, args ...any) { r.diffs = append(r.diffs, fmt.Sprintf(format, args...)) }
	if _, err := client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: r.ns}}, metav1.CreateOptions{}); err != nil {
		fail("creating the namespace: %v", err)
		return
	}
	if _, err := client.CoreV1().ServiceAccounts(r.ns).Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "default"}}, metav1.CreateOptions{}); err != nil {
		fail("creating the service account: %v", err)
		return
	}
	newJob := func(name string, managedBy *string) *batchv1.Job {
		job := &batchv1.Job{
			ObjectMeta: metav1.ObjectMeta{Name: name, Namespace: r.ns, Labels: map[string]string{diffLabel: "true"}},
			Spec: batchv1.JobSpec{
				ManagedBy: managedBy,
				Template: corev1.PodTemplateSpec{
					ObjectMeta: metav1.ObjectMeta{Labels: map[string]string{diffLabel: "true"}},
					Spec: corev1.PodSpec{
						RestartPolicy: corev1.RestartPolicyNever,
						Containers:    []corev1.Container{{Name: "main", Image: "busybox", Command: []string{"true"}}},
					},
				},
			},
		}
		r.sc.spec(&job.Spec)
		created, err := client.BatchV1().Jobs(r.ns).Create(ctx, job, metav1.CreateOptions{})
		if err != nil {
			fail("creating Job %s: %v", name, err)
			return nil
		}
		return created
	}
	if r.kube = newJob("kube", nil); r.kube == nil {
		return
	}
	if r.jk = newJob("jobkit", ptr(diffControllerName)); r.jk == nil {
		return
	}
	r.kubeKubelet, r.jkKubelet = kubelet.New(client), kubelet.New(client)
	if err := r.kubeKubelet.Manage(r.kube, r.sc.script); err != nil {
		fail("%v", err)
		return
	}
	if err := r.jkKubelet.Manage(r.jk, r.sc.script); err != nil {
		fail("%v", err)
		return
	}
	for step := 0; ; step++ {
		a, b, ok := r.settle(ctx, obs)
		if !ok {
			fail("after %d steps the sides differ (-kubernetes +jobkit):\n%s", step, cmp.Diff(a, b))
			return
		}
		if a.finished() || step >= r.sc.steps {
			return
		}
		// Each side's kubelet moves only the pods that were compared: a
		// pod one controller makes a moment before the step and its twin
		// a moment after wait for the next step together.
		r.steps++
		if _, err := r.kubeKubelet.StepPods(ctx, func(p *corev1.Pod) bool { return r.kubePods[p.UID] }); err != nil {
			fail("kubelet (kubernetes side): %v", err)
		}
		if _, err := r.jkKubelet.StepPods(ctx, func(p *corev1.Pod) bool { return r.jkPods[p.UID] }); err != nil {
			fail("kubelet (jobkit side): %v", err)
		}
	}
}

// settle waits until both sides are unchanged for settleFor and equal,
// and returns them; ok is false when they are not by settleWithin.
func (r *diffRun) settle(ctx context.Context, obs informers.SharedInformerFactory) (a, b sideState, ok bool) {
	deadline := time.Now().Add(settleWithin)
	var lastA, lastB sideState
	stableSince := time.Now()
	for {
		a, r.kubePods = observe(obs, r.ns, r.kube.Name)
		b, r.jkPods = observe(obs, r.ns, r.jk.Name)
		if !cmp.Equal(a, lastA) || !cmp.Equal(b, lastB) {
			lastA, lastB, stableSince = a, b, time.Now()
		}
		if time.Since(stableSince) >= settleFor && cmp.Equal(a, b) {
			return a, b, true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return a, b, false
		}
		time.Sleep(200 * time.Millisecond)
	}
}
