package parity

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	utilfeature "k8s.io/apiserver/pkg/util/feature"
	featuregatetesting "k8s.io/component-base/featuregate/testing"
	"k8s.io/kubernetes/pkg/features"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// This is the differential test of jobkit's Job controller core
// (jobapi/controller) against Kubernetes' own Job controller
// (k8s.io/kubernetes/pkg/controller/job, v1.36, default feature gates):
// both run the same scripted scenarios — a named table covering each
// feature, and generated ones — in a world of their own, with the same
// fake clock; after every step both are synced until they settle, and
// their Job status and their pods must be the same.

// parityWorld is what a scripted event needs of either world.
type parityWorld interface {
	podList() []podView
	editPod(name string, edit func(*corev1.Pod))
	deletePod(name string)
	editJob(edit func(*batchv1.Job))
	advance(d time.Duration)
	now() time.Time
}

// podView is what the test compares of a pod, and what events select on.
type podView struct {
	Name, GenerateName  string
	Labels, Annotations map[string]string
	Finalizers          []string
	Owner               string
	Deleting            bool
	Phase               string
	Hostname, Subdomain string
	Env                 []string
	InitEnv             []string
	Index               int
}

// viewOfKube projects a Kubernetes pod.
func viewOfKube(p *corev1.Pod) podView {
	v := podView{Name: p.Name, GenerateName: p.GenerateName, Labels: p.Labels, Annotations: p.Annotations,
		Finalizers: p.Finalizers, Deleting: p.DeletionTimestamp != nil, Phase: string(p.Status.Phase),
		Hostname: p.Spec.Hostname, Subdomain: p.Spec.Subdomain, Index: -1}
	for _, r := range p.OwnerReferences {
		v.Owner += fmt.Sprintf("%s/%s/%s/%s/%v/%v;", r.APIVersion, r.Kind, r.Name, r.UID, *r.Controller, *r.BlockOwnerDeletion)
	}
	for _, c := range p.Spec.Containers {
		for _, e := range c.Env {
			v.Env = append(v.Env, c.Name+":"+e.Name+"="+e.Value+fieldPath(e.ValueFrom))
		}
	}
	for _, c := range p.Spec.InitContainers {
		for _, e := range c.Env {
			v.InitEnv = append(v.InitEnv, c.Name+":"+e.Name+"="+e.Value+fieldPath(e.ValueFrom))
		}
	}
	if ix, err := strconv.Atoi(p.Annotations[batchv1.JobCompletionIndexAnnotation]); err == nil {
		v.Index = ix
	}
	if len(v.Finalizers) == 0 {
		v.Finalizers = nil
	}
	if len(v.Labels) == 0 {
		v.Labels = nil
	}
	if len(v.Annotations) == 0 {
		v.Annotations = nil
	}
	return v
}

// fieldPath prints a fieldRef source.
func fieldPath(s *corev1.EnvVarSource) string {
	if s == nil || s.FieldRef == nil {
		return ""
	}
	return "<" + s.FieldRef.FieldPath + ">"
}

// viewOfKit projects a jobkit pod.
func viewOfKit(t *testing.T, p *core.Pod) podView {
	var kp corev1.Pod
	convert(t, p, &kp)
	return viewOfKube(&kp)
}

func (w *kubeWorld) podList() []podView {
	var out []podView
	for _, p := range w.pods() {
		out = append(out, viewOfKube(p))
	}
	return out
}

func (w *kubeWorld) deletePod(name string) {
	if err := w.client.CoreV1().Pods(w.ns).Delete(w.ctx, name, metav1.DeleteOptions{}); err != nil {
		w.t.Fatal(err)
	}
}

func (w *kubeWorld) advance(d time.Duration) { w.clock.Step(d) }
func (w *kubeWorld) now() time.Time          { return w.clock.Now() }

func (w *kitWorld) podList() []podView {
	var out []podView
	for _, p := range w.pods {
		out = append(out, viewOfKit(w.t, p))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (w *kitWorld) deletePod(name string) {
	if p := w.find(name); p != nil && p.ObjectMeta.DeletionTimestamp == nil {
		p.ObjectMeta.DeletionTimestamp = &meta.Time{Time: w.now()}
	}
}

func (w *kitWorld) advance(d time.Duration) { w.clock = w.clock.Add(d) }
func (w *kitWorld) now() time.Time          { return w.clock }

// event is one scripted change to a world.
type event struct {
	name  string
	apply func(w parityWorld)
}

// active returns the pods that are pending or running, not deleted.
func active(w parityWorld) []podView {
	var out []podView
	for _, p := range w.podList() {
		if !p.Deleting && (p.Phase == "Pending" || p.Phase == "Running") {
			out = append(out, p)
		}
	}
	return out
}

// target picks the active pod of index sel (Indexed), or the sel-th
// active pod by name (NonIndexed); false when there is none.
func target(w parityWorld, sel int) (string, bool) {
	ps := active(w)
	if len(ps) == 0 {
		return "", false
	}
	for _, p := range ps {
		if p.Index >= 0 && p.Index == sel {
			return p.Name, true
		}
	}
	if ps[0].Index >= 0 {
		return "", false
	}
	return ps[sel%len(ps)].Name, true
}

// timeOf is a Kubernetes time.
func timeOf(t time.Time) metav1.Time { return metav1.NewTime(t) }

// run marks every pending pod running and ready.
func run() event {
	return event{"run", func(w parityWorld) {
		for _, p := range w.podList() {
			if p.Phase == "Pending" && !p.Deleting {
				now := timeOf(w.now())
				w.editPod(p.Name, func(kp *corev1.Pod) {
					kp.Status.Phase = corev1.PodRunning
					kp.Spec.NodeName = "node-1"
					kp.Status.Conditions = []corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionTrue, LastTransitionTime: now}}
					kp.Status.ContainerStatuses = nil
					for _, c := range kp.Spec.Containers {
						kp.Status.ContainerStatuses = append(kp.Status.ContainerStatuses, corev1.ContainerStatus{
							Name: c.Name, Ready: true, State: corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: now}}})
					}
				})
			}
		}
	}}
}

// terminate writes the status of a pod whose containers ended: the first
// with code, the others with 0 (a pod being deleted fails).
func terminate(kp *corev1.Pod, code int32, at time.Time, extra ...corev1.PodCondition) {
	now := timeOf(at)
	kp.Status.Phase = corev1.PodSucceeded
	if code != 0 || kp.DeletionTimestamp != nil {
		kp.Status.Phase = corev1.PodFailed
	}
	kp.Status.ContainerStatuses = nil
	for i, c := range kp.Spec.Containers {
		ec := int32(0)
		if i == 0 {
			ec = code
		}
		kp.Status.ContainerStatuses = append(kp.Status.ContainerStatuses, corev1.ContainerStatus{
			Name: c.Name, State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: ec, FinishedAt: now}}})
	}
	// Init containers ended before; a sidecar is stopped 2s after the
	// main containers, and the pod failure backoff counts from then.
	kp.Status.InitContainerStatuses = nil
	for _, c := range kp.Spec.InitContainers {
		end := timeOf(at.Add(-5 * time.Second))
		if c.RestartPolicy != nil && *c.RestartPolicy == corev1.ContainerRestartPolicyAlways {
			end = timeOf(at.Add(2 * time.Second))
		}
		kp.Status.InitContainerStatuses = append(kp.Status.InitContainerStatuses, corev1.ContainerStatus{
			Name: c.Name, State: corev1.ContainerState{Terminated: &corev1.ContainerStateTerminated{ExitCode: 0, FinishedAt: end}}})
	}
	kp.Status.Conditions = append([]corev1.PodCondition{{Type: corev1.PodReady, Status: corev1.ConditionFalse, LastTransitionTime: now}}, extra...)
}

// exit ends the pod selected by sel with code.
func exit(sel int, code int32) event {
	return event{fmt.Sprintf("exit(%d,%d)", sel, code), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			at := w.now()
			w.editPod(name, func(kp *corev1.Pod) { terminate(kp, code, at) })
		}
	}}
}

// disrupt fails the pod selected by sel with a DisruptionTarget condition.
func disrupt(sel int) event {
	return event{fmt.Sprintf("disrupt(%d)", sel), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			at := w.now()
			w.editPod(name, func(kp *corev1.Pod) {
				terminate(kp, 137, at, corev1.PodCondition{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue, LastTransitionTime: timeOf(at)})
			})
		}
	}}
}

// restart sets the restart count of the selected pod's first container.
func restart(sel int, n int32) event {
	return event{fmt.Sprintf("restart(%d,%d)", sel, n), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			w.editPod(name, func(kp *corev1.Pod) {
				if len(kp.Status.ContainerStatuses) == 0 {
					kp.Status.ContainerStatuses = []corev1.ContainerStatus{{Name: kp.Spec.Containers[0].Name}}
				}
				kp.Status.ContainerStatuses[0].RestartCount = n
			})
		}
	}}
}

// kill ends the pods being deleted, as the kubelet would.
func kill() event {
	return event{"kill", func(w parityWorld) {
		for _, p := range w.podList() {
			if p.Deleting && (p.Phase == "Pending" || p.Phase == "Running") {
				at := w.now()
				w.editPod(p.Name, func(kp *corev1.Pod) { terminate(kp, 137, at) })
			}
		}
	}}
}

// userDelete deletes the selected pod.
func userDelete(sel int) event {
	return event{fmt.Sprintf("delete(%d)", sel), func(w parityWorld) {
		if name, ok := target(w, sel); ok {
			w.deletePod(name)
		}
	}}
}

// wait advances the clock.
func wait(d time.Duration) event {
	return event{"wait(" + d.String() + ")", func(w parityWorld) { w.advance(d) }}
}

// suspend sets spec.suspend.
func suspend(b bool) event {
	return event{fmt.Sprintf("suspend(%v)", b), func(w parityWorld) {
		w.editJob(func(j *batchv1.Job) { j.Spec.Suspend = &b })
	}}
}

// parallelism sets spec.parallelism.
func parallelism(n int32) event {
	return event{fmt.Sprintf("parallelism(%d)", n), func(w parityWorld) {
		w.editJob(func(j *batchv1.Job) { j.Spec.Parallelism = &n })
	}}
}

// ptrTo returns a pointer to v.
func ptrTo[T any](v T) *T { return &v }

// newJob returns a batch/v1 Job as the API server stores it, with every
// default set: Indexed when completions > 0 and indexed.
func newJob(indexed bool, completions *int32, par int32, edit func(*batchv1.Job)) *batchv1.Job {
	uid := types.UID("0b6c6a5e-job")
	mode := batchv1.NonIndexedCompletion
	if indexed {
		mode = batchv1.IndexedCompletion
	}
	lbls := map[string]string{
		batchv1.ControllerUidLabel: string(uid), batchv1.JobNameLabel: "pi",
		"controller-uid": string(uid), "job-name": "pi",
	}
	j := &batchv1.Job{
		TypeMeta:   metav1.TypeMeta{Kind: "Job", APIVersion: "batch/v1"},
		ObjectMeta: metav1.ObjectMeta{Name: "pi", Namespace: "ns", UID: uid, CreationTimestamp: timeOf(t0)},
		Spec: batchv1.JobSpec{
			Parallelism: &par, Completions: completions, CompletionMode: &mode,
			BackoffLimit: ptrTo(int32(6)), Suspend: ptrTo(false), ManualSelector: nil,
			PodReplacementPolicy: ptrTo(batchv1.TerminatingOrFailed),
			Selector:             &metav1.LabelSelector{MatchLabels: map[string]string{batchv1.ControllerUidLabel: string(uid)}},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: lbls},
				Spec: corev1.PodSpec{
					RestartPolicy: corev1.RestartPolicyNever,
					Containers:    []corev1.Container{{Name: "main", Image: "busybox"}},
				},
			},
		},
	}
	if edit != nil {
		edit(j)
	}
	if j.Spec.PodFailurePolicy != nil {
		j.Spec.PodReplacementPolicy = ptrTo(batchv1.Failed)
	}
	if j.Spec.BackoffLimitPerIndex != nil && j.Spec.BackoffLimit != nil && *j.Spec.BackoffLimit == 6 {
		j.Spec.BackoffLimit = ptrTo(int32(1<<31 - 1))
	}
	return j
}

// scenario is a Job and a script.
type scenario struct {
	name   string
	job    *batchv1.Job
	events []event
}

// compareWorlds runs sc in both worlds and returns the differences
// found after each step.
func compareWorlds(t *testing.T, sc scenario) []string {
	kube := newKubeWorld(t, sc.job.DeepCopy())
	var kj jobapi.Job
	convert(t, sc.job, &kj)
	kit := &kitWorld{t: t, job: &kj, clock: t0}
	var diffs []string
	check := func(step string) bool {
		var kubeStatus, kitStatus jobapi.JobStatus
		convert(t, kube.job().Status, &kubeStatus)
		convert(t, kit.job.Status, &kitStatus)
		if d := cmp.Diff(kubeStatus, kitStatus); d != "" {
			diffs = append(diffs, fmt.Sprintf("%s: after %s, status (-kubernetes +jobkit):\n%s", sc.name, step, d))
		}
		if d := cmp.Diff(kube.podList(), kit.podList()); d != "" {
			diffs = append(diffs, fmt.Sprintf("%s: after %s, pods (-kubernetes +jobkit):\n%s", sc.name, step, d))
		}
		return len(diffs) == 0
	}
	kube.settle()
	kit.settle()
	if !check("start") {
		return diffs
	}
	for i, ev := range sc.events {
		ev.apply(kube)
		ev.apply(kit)
		kube.settle()
		kit.settle()
		if !check(fmt.Sprintf("step %d %s", i, ev.name)) {
			return diffs
		}
	}
	return diffs
}

// exitRule is a pod failure policy rule on exit codes.
func exitRule(action batchv1.PodFailurePolicyAction, op batchv1.PodFailurePolicyOnExitCodesOperator, container *string, codes ...int32) batchv1.PodFailurePolicyRule {
	return batchv1.PodFailurePolicyRule{Action: action, OnExitCodes: &batchv1.PodFailurePolicyOnExitCodesRequirement{ContainerName: container, Operator: op, Values: codes}}
}

// namedScenarios covers each feature of the controller.
func namedScenarios() []scenario {
	c := func(n int32) *int32 { return &n }
	s10 := 10 * time.Second
	return []scenario{
		{"indexed completes", newJob(true, c(3), 2, nil), []event{run(), exit(0, 0), exit(1, 0), wait(time.Second), exit(2, 0)}},
		{"nonindexed completes", newJob(false, c(3), 2, nil), []event{run(), exit(0, 0), exit(0, 0), exit(0, 0)}},
		{"nonindexed without completions", newJob(false, nil, 2, nil), []event{run(), exit(0, 0), exit(0, 0)}},
		{"backoff delays and doubles", newJob(false, c(2), 1, nil), []event{
			exit(0, 1), wait(5 * time.Second), wait(5 * time.Second), run(), exit(0, 1), wait(s10), wait(s10), exit(0, 1), wait(39 * time.Second), wait(time.Second), exit(0, 0), exit(0, 0)}},
		{"backoffLimit exceeded", newJob(true, c(4), 2, func(j *batchv1.Job) { j.Spec.BackoffLimit = c(1) }), []event{
			run(), exit(0, 1), wait(s10), exit(1, 1), kill()}},
		{"backoffLimit 0 with restartPolicy OnFailure", newJob(true, c(2), 2, func(j *batchv1.Job) {
			j.Spec.BackoffLimit = c(0)
			j.Spec.Template.Spec.RestartPolicy = corev1.RestartPolicyOnFailure
		}), []event{run(), restart(0, 1), kill()}},
		{"restartPolicy OnFailure restarts reach backoffLimit", newJob(true, c(2), 2, func(j *batchv1.Job) {
			j.Spec.BackoffLimit = c(3)
			j.Spec.Template.Spec.RestartPolicy = corev1.RestartPolicyOnFailure
		}), []event{run(), restart(0, 1), restart(1, 1), restart(0, 2), kill()}},
		{"backoffLimitPerIndex", newJob(true, c(3), 3, func(j *batchv1.Job) { j.Spec.BackoffLimitPerIndex = c(1) }), []event{
			run(), exit(1, 1), wait(5 * time.Second), wait(5 * time.Second), run(), exit(1, 1), exit(0, 0), exit(2, 0)}},
		{"backoffLimitPerIndex backoff per index", newJob(true, c(3), 3, func(j *batchv1.Job) { j.Spec.BackoffLimitPerIndex = c(3) }), []event{
			exit(0, 1), wait(time.Second), exit(1, 2), wait(9 * time.Second), exit(0, 1), wait(s10), wait(s10), exit(0, 0), exit(1, 0), exit(2, 0)}},
		{"maxFailedIndexes", newJob(true, c(4), 4, func(j *batchv1.Job) { j.Spec.BackoffLimitPerIndex = c(0); j.Spec.MaxFailedIndexes = c(1) }), []event{
			run(), exit(0, 1), exit(1, 1), kill()}},
		{"podFailurePolicy FailJob on exit code of a container", newJob(true, c(2), 2, func(j *batchv1.Job) {
			j.Spec.Template.Spec.Containers = append(j.Spec.Template.Spec.Containers, corev1.Container{Name: "side", Image: "busybox"})
			j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
				exitRule(batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyOnExitCodesOpIn, ptrTo("side"), 42),
				exitRule(batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyOnExitCodesOpIn, ptrTo("main"), 42),
			}}
		}), []event{run(), exit(1, 3), wait(s10), exit(0, 42), kill()}},
		{"podFailurePolicy Ignore DisruptionTarget", newJob(false, c(2), 1, func(j *batchv1.Job) {
			j.Spec.BackoffLimit = c(0)
			j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{{
				Action:          batchv1.PodFailurePolicyActionIgnore,
				OnPodConditions: []batchv1.PodFailurePolicyOnPodConditionsPattern{{Type: corev1.DisruptionTarget, Status: corev1.ConditionTrue}},
			}}}
		}), []event{run(), disrupt(0), wait(s10), disrupt(0), exit(0, 0), exit(0, 1)}},
		{"podFailurePolicy NotIn and Count", newJob(false, c(3), 2, func(j *batchv1.Job) {
			j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
				exitRule(batchv1.PodFailurePolicyActionCount, batchv1.PodFailurePolicyOnExitCodesOpIn, nil, 2),
				exitRule(batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyOnExitCodesOpNotIn, nil, 1, 2),
			}}
		}), []event{run(), exit(0, 2), exit(0, 1), wait(20 * time.Second), exit(1, 5), kill()}},
		{"podFailurePolicy FailIndex", newJob(true, c(3), 3, func(j *batchv1.Job) {
			j.Spec.BackoffLimitPerIndex = c(2)
			j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: []batchv1.PodFailurePolicyRule{
				exitRule(batchv1.PodFailurePolicyActionFailIndex, batchv1.PodFailurePolicyOnExitCodesOpIn, nil, 7),
				exitRule(batchv1.PodFailurePolicyActionIgnore, batchv1.PodFailurePolicyOnExitCodesOpIn, nil, 8),
			}}
		}), []event{run(), exit(0, 7), exit(1, 8), wait(s10), exit(1, 1), wait(20 * time.Second), exit(1, 0), exit(2, 0)}},
		{"successPolicy succeededIndexes", newJob(true, c(4), 4, func(j *batchv1.Job) {
			j.Spec.SuccessPolicy = &batchv1.SuccessPolicy{Rules: []batchv1.SuccessPolicyRule{{SucceededIndexes: ptrTo("0,2")}}}
		}), []event{run(), exit(0, 0), exit(1, 1), exit(2, 0), kill()}},
		{"successPolicy succeededCount", newJob(true, c(5), 2, func(j *batchv1.Job) {
			j.Spec.SuccessPolicy = &batchv1.SuccessPolicy{Rules: []batchv1.SuccessPolicyRule{{SucceededIndexes: ptrTo("1-4"), SucceededCount: c(2)}}}
		}), []event{run(), exit(0, 0), run(), exit(1, 0), run(), exit(2, 0), kill()}},
		{"podReplacementPolicy Failed", newJob(false, c(3), 2, func(j *batchv1.Job) {
			j.Spec.PodReplacementPolicy = ptrTo(batchv1.Failed)
		}), []event{run(), userDelete(0), kill(), wait(s10), exit(0, 0)}},
		{"podReplacementPolicy TerminatingOrFailed", newJob(true, c(3), 2, nil), []event{run(), userDelete(0), wait(s10), kill(), exit(0, 0)}},
		{"suspend and resume", newJob(true, c(3), 2, nil), []event{run(), exit(0, 0), wait(time.Second), suspend(true), kill(), wait(time.Minute), suspend(false), run(), exit(1, 0), exit(2, 0)}},
		{"created suspended", newJob(false, c(1), 1, func(j *batchv1.Job) { j.Spec.Suspend = ptrTo(true) }), []event{wait(time.Minute), suspend(false), exit(0, 0)}},
		{"activeDeadlineSeconds", newJob(true, c(3), 2, func(j *batchv1.Job) { j.Spec.ActiveDeadlineSeconds = ptrTo(int64(30)) }), []event{
			run(), exit(0, 0), wait(29 * time.Second), wait(time.Second), kill()}},
		{"parallelism shrinks and grows", newJob(false, c(6), 3, nil), []event{run(), parallelism(1), kill(), parallelism(4), run(), exit(0, 0)}},
		{"managedBy another controller", newJob(true, c(2), 2, func(j *batchv1.Job) { j.Spec.ManagedBy = ptrTo("example.com/queue") }), []event{wait(s10)}},
		{"init containers get the index", newJob(true, c(2), 2, func(j *batchv1.Job) {
			j.Spec.Template.Spec.InitContainers = []corev1.Container{{Name: "init", Image: "busybox", Env: []corev1.EnvVar{{Name: "A", Value: "b"}}}}
			j.Spec.Template.Spec.Subdomain = "svc"
			j.Spec.Template.Annotations = map[string]string{"note": "x"}
		}), []event{run(), exit(0, 0), exit(1, 0)}},
	}
}

// withoutStaleCacheGuard turns off the feature gate
// StaleControllerConsistencyJob (beta, on by default in v1.36). It makes
// the controller refuse to sync until its informers report having seen
// the resource version of its own last writes; the fake clientset gives
// objects no resource versions of its own, so that report never comes.
// The test gives the same guarantee itself: it waits until the informers
// hold exactly what the cluster holds before every sync. The gate
// changes nothing else of what the controller decides.
func withoutStaleCacheGuard(t *testing.T) {
	featuregatetesting.SetFeatureGateDuringTest(t, utilfeature.DefaultFeatureGate, features.StaleControllerConsistencyJob, false)
}

func TestControllerMatchesKubernetesOnNamedScenarios(t *testing.T) {
	withoutStaleCacheGuard(t)
	for _, sc := range namedScenarios() {
		t.Run(sc.name, func(t *testing.T) {
			for _, d := range compareWorlds(t, sc) {
				t.Error(d)
			}
		})
	}
}

// generated returns a random scenario drawn from seed.
func generated(seed uint64) scenario {
	r := rand.New(rand.NewPCG(seed, 14))
	indexed := r.IntN(2) == 0
	var comp *int32
	if !indexed && r.IntN(4) == 0 {
		comp = nil
	} else {
		comp = ptrTo(int32(1 + r.IntN(5)))
	}
	par := int32(r.IntN(4))
	job := newJob(indexed, comp, par, func(j *batchv1.Job) {
		if r.IntN(2) == 0 {
			j.Spec.BackoffLimit = ptrTo(int32(r.IntN(4)))
		}
		if indexed && r.IntN(3) == 0 {
			j.Spec.BackoffLimitPerIndex = ptrTo(int32(r.IntN(3)))
			if r.IntN(2) == 0 {
				j.Spec.MaxFailedIndexes = ptrTo(int32(r.IntN(3)))
			}
		}
		if r.IntN(3) == 0 {
			rules := []batchv1.PodFailurePolicyRule{
				exitRule(batchv1.PodFailurePolicyActionIgnore, batchv1.PodFailurePolicyOnExitCodesOpIn, nil, 3),
				exitRule(batchv1.PodFailurePolicyActionFailJob, batchv1.PodFailurePolicyOnExitCodesOpIn, nil, 4),
				exitRule(batchv1.PodFailurePolicyActionCount, batchv1.PodFailurePolicyOnExitCodesOpNotIn, nil, 5),
			}
			if j.Spec.BackoffLimitPerIndex != nil {
				rules = append([]batchv1.PodFailurePolicyRule{exitRule(batchv1.PodFailurePolicyActionFailIndex, batchv1.PodFailurePolicyOnExitCodesOpIn, nil, 5)}, rules...)
			}
			j.Spec.PodFailurePolicy = &batchv1.PodFailurePolicy{Rules: rules}
		}
		if indexed && r.IntN(4) == 0 {
			j.Spec.SuccessPolicy = &batchv1.SuccessPolicy{Rules: []batchv1.SuccessPolicyRule{{SucceededCount: ptrTo(int32(1 + r.IntN(3)))}}}
		}
		if r.IntN(4) == 0 {
			j.Spec.PodReplacementPolicy = ptrTo(batchv1.Failed)
		}
		if r.IntN(5) == 0 {
			j.Spec.ActiveDeadlineSeconds = ptrTo(int64(20 + r.IntN(60)))
		}
		if r.IntN(4) == 0 {
			j.Spec.Template.Spec.RestartPolicy = corev1.RestartPolicyOnFailure
		}
		if r.IntN(4) == 0 {
			j.Spec.Template.Spec.Containers = append(j.Spec.Template.Spec.Containers, corev1.Container{Name: "second", Image: "busybox"})
		}
		if r.IntN(4) == 0 {
			always := corev1.ContainerRestartPolicyAlways
			j.Spec.Template.Spec.InitContainers = []corev1.Container{{Name: "init", Image: "busybox"}, {Name: "sidecar", Image: "busybox", RestartPolicy: &always}}
		}
	})
	var evs []event
	for range 8 + r.IntN(25) {
		sel := r.IntN(5)
		switch k := r.IntN(20); {
		case k < 4:
			evs = append(evs, run())
		case k < 8:
			evs = append(evs, exit(sel, 0))
		case k < 11:
			evs = append(evs, exit(sel, int32(1+r.IntN(5))))
		case k < 12:
			evs = append(evs, disrupt(sel))
		case k < 13:
			evs = append(evs, userDelete(sel))
		case k < 14:
			evs = append(evs, kill())
		case k < 17:
			evs = append(evs, wait(time.Duration(1+r.IntN(25))*time.Second))
		case k < 18:
			evs = append(evs, suspend(r.IntN(2) == 0))
		case k < 19:
			evs = append(evs, parallelism(int32(r.IntN(4))))
		default:
			evs = append(evs, restart(sel, int32(1+r.IntN(3))))
		}
	}
	return scenario{name: fmt.Sprintf("seed %d", seed), job: job, events: evs}
}

func TestControllerMatchesKubernetesOnGeneratedScenarios(t *testing.T) {
	withoutStaleCacheGuard(t)
	n := 300
	if testing.Short() {
		n = 20
	}
	failed := 0
	for seed := range uint64(n) {
		sc := generated(seed)
		if diffs := compareWorlds(t, sc); len(diffs) > 0 {
			failed++
			if failed <= 5 {
				var names []string
				for _, e := range sc.events {
					names = append(names, e.name)
				}
				t.Errorf("%s\njob spec: %+v\nevents: %v", diffs[0], sc.job.Spec, names)
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d generated scenarios differ", failed, n)
	}
	t.Logf("%d generated scenarios, %d differ", n, failed)
}
