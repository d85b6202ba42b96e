package parity

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// TestStoreFieldSelectorsDiff compares the field-selector verdicts of
// jobtest.Store's pod List with Kubernetes': the pod as the API server
// stores it (the legacy scheme's defaults, converted to the internal
// type), the pod strategy's ToSelectableFields, fields.ParseSelector and
// core/v1's field label conversion. For generated pods and generated
// selectors (supported and unsupported paths, the three operators,
// escapes), the pods each selects, or the refusal, must agree; a refusal
// by the label conversion must have the same message.
func TestStoreFieldSelectorsDiff(t *testing.T) {
	r := rand.New(rand.NewPCG(2026, 1127))
	pick := func(vs ...string) string { return vs[r.IntN(len(vs))] }
	store := jobtest.NewStore()
	pods := store.Pods("ns")
	var kube []*api.Pod
	for i := range 60 {
		p := corev1.Pod{
			TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "Pod"},
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("p%d", i), Namespace: "ns"},
			Spec: corev1.PodSpec{
				NodeName:           pick("", "n1", "n2"),
				RestartPolicy:      corev1.RestartPolicy(pick("Always", "OnFailure", "Never")),
				SchedulerName:      pick("", "default-scheduler", "other"),
				ServiceAccountName: pick("", "sa"),
				HostNetwork:        r.IntN(2) == 0,
				Containers:         []corev1.Container{{Name: "c", Image: "busybox"}},
			},
		}
		data, _ := json.Marshal(&p)
		var jp core.Pod
		if err := json.Unmarshal(data, &jp); err != nil {
			t.Fatal(err)
		}
		created, _, err := pods.Create(&jp)
		if err != nil {
			t.Fatalf("create %s: %v", p.Name, err)
		}
		p.Status = corev1.PodStatus{Phase: corev1.PodPhase(pick("Pending", "Running", "Succeeded", "Failed"))}
		if p.Spec.NodeName == "" {
			p.Status.NominatedNodeName = pick("", "n3")
		}
		if ip := pick("", "10.0.0.1", "10.0.0.2"); ip != "" {
			p.Status.PodIP, p.Status.PodIPs = ip, []corev1.PodIP{{IP: ip}}
		}
		created.Status.Phase = core.PodPhase(p.Status.Phase)
		created.Status.NominatedNodeName = p.Status.NominatedNodeName
		created.Status.PodIP = p.Status.PodIP
		if p.Status.PodIP != "" {
			created.Status.PodIPs = []core.PodIP{{IP: p.Status.PodIP}}
		}
		if _, err := pods.UpdateStatus(created); err != nil {
			t.Fatalf("status of %s: %v", p.Name, err)
		}
		legacyscheme.Scheme.Default(&p)
		var ip api.Pod
		if err := legacyscheme.Scheme.Convert(&p, &ip, nil); err != nil {
			t.Fatal(err)
		}
		kube = append(kube, &ip)
	}
	paths := []string{"metadata.name", "metadata.namespace", "spec.nodeName", "spec.host", "spec.restartPolicy", "spec.schedulerName",
		"spec.serviceAccountName", "spec.hostNetwork", "status.phase", "status.podIP", "status.podIPs", "status.nominatedNodeName", "spec.priority", "status.qosClass"}
	values := []string{"", "n1", "n2", "n3", "Always", "Never", "OnFailure", "default-scheduler", "other", "sa", "true", "false",
		"Pending", "Running", "Failed", "10.0.0.1", "p3", "ns", `a\,b`, `x\=y`, `bad\q`, "a,b"}
	ops := []string{"=", "==", "!="}
	convert := func(label, value string) (string, string, error) {
		return legacyscheme.Scheme.ConvertFieldLabel(corev1.SchemeGroupVersion.WithKind("Pod"), label, value)
	}
	var same, refused, differences int
	for range 3000 {
		var terms []string
		for range 1 + r.IntN(3) {
			terms = append(terms, pick(paths...)+pick(ops...)+pick(values...))
		}
		if r.IntN(20) == 0 {
			terms = append(terms, "noop")
		}
		expr := strings.Join(terms, ",")

		var want []string
		var wantErr error
		sel, err := fields.ParseSelector(expr)
		if err == nil {
			sel, err = sel.Transform(convert)
		}
		if err != nil {
			wantErr = err
		} else {
			for _, p := range kube {
				if sel.Matches(podregistry.ToSelectableFields(p)) {
					want = append(want, p.Name)
				}
			}
		}
		list, gotErr := pods.List(jobtest.MatchingFields(expr))
		var got []string
		if gotErr == nil {
			for _, p := range list.Items {
				got = append(got, p.ObjectMeta.Name)
			}
		}
		slices.Sort(want)
		slices.Sort(got)
		switch {
		case (wantErr == nil) != (gotErr == nil):
			differences++
			t.Errorf("%q: Kubernetes error %v, jobkit error %v", expr, wantErr, gotErr)
		case wantErr != nil:
			if field.ReasonOf(gotErr) != field.StatusReasonBadRequest {
				differences++
				t.Errorf("%q: jobkit's refusal is not a BadRequest: %v", expr, gotErr)
			} else if strings.HasPrefix(wantErr.Error(), "field label") && gotErr.Error() != wantErr.Error() {
				differences++
				t.Errorf("%q: message %q, Kubernetes' %q", expr, gotErr.Error(), wantErr.Error())
			} else {
				refused++
			}
		case !slices.Equal(want, got):
			differences++
			t.Errorf("%q: Kubernetes selects %v, jobkit %v", expr, want, got)
		default:
			same++
		}
	}
	t.Logf("3000 generated field selectors on 60 pods: %d select the same pods, %d refused by both, %d differences", same, refused, differences)
}
