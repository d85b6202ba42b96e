package jobtest_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/jobtest"
)

// TestFieldSelectors pins the field selectors the API server supports
// (the Job strategy's JobToSelectableFields, the pod strategy's
// ToSelectableFields on the pod as stored with its defaults, and the
// field label conversions of batch/v1 and core/v1), with
// fields.ParseSelector's syntax.
func TestFieldSelectors(t *testing.T) {
	s := newStore()
	pods := s.Pods("ns")
	for _, p := range []*core.Pod{
		jobtest.Pod("a", jobtest.NodeName("node-1")),
		jobtest.Pod("b", jobtest.NodeName("node-2"), jobtest.RestartPolicy(core.RestartPolicyOnFailure)),
		jobtest.Pod("c", jobtest.PodFunc(func(p *core.Pod) { p.Spec.HostNetwork = true; p.Spec.SchedulerName = "mine" })),
	} {
		mustCreate(t, pods, p)
	}
	c := must(pods.Get("c"))
	c.Status.Phase = core.PodRunning
	c.Status.PodIPs = []core.PodIP{{IP: "10.0.0.7"}}
	c.Status.PodIP = "10.0.0.7"
	if _, err := pods.UpdateStatus(c); err != nil {
		t.Fatal(err)
	}
	mustCreate(t, s.Pods("other"), jobtest.Pod("d", jobtest.NodeName("node-1")))
	jobs := s.Jobs("ns")
	mustCreate(t, jobs, jobtest.Job("j1"))
	j2 := mustCreate(t, jobs, jobtest.Job("j2"))
	j2.Status.Succeeded = 1
	if _, err := jobs.UpdateStatus(j2); err != nil {
		t.Fatal(err)
	}

	podTests := []struct {
		name, expr string
		all        bool
		want       []string
	}{
		{"spec.nodeName", "spec.nodeName=node-1", false, []string{"a"}},
		{"every namespace", "spec.nodeName=node-1", true, []string{"a", "d"}},
		{"spec.host is spec.nodeName", "spec.host==node-2", false, []string{"b"}},
		{"unscheduled", "spec.nodeName=", false, []string{"c"}},
		{"not equal", "spec.nodeName!=node-1", false, []string{"b", "c"}},
		{"status.phase", "status.phase=Pending", false, []string{"a", "b"}},
		{"status.podIP", "status.podIP=10.0.0.7", false, []string{"c"}},
		{"spec.restartPolicy", "spec.restartPolicy=OnFailure", false, []string{"b"}},
		{"spec.schedulerName defaulted", "spec.schedulerName=default-scheduler", false, []string{"a", "b"}},
		{"spec.hostNetwork", "spec.hostNetwork=false", false, []string{"a", "b"}},
		{"spec.serviceAccountName unset", "spec.serviceAccountName=", false, []string{"a", "b", "c"}},
		{"several terms", "metadata.name!=a,status.phase=Pending", false, []string{"b"}},
		{"status.podIPs reads as empty", "status.podIPs=", false, []string{"a", "b", "c"}},
		{"empty selects everything", "", false, []string{"a", "b", "c"}},
	}
	for _, tt := range podTests {
		t.Run("pods: "+tt.name, func(t *testing.T) {
			r := pods
			if tt.all {
				r = s.Pods("")
			}
			list, err := r.List(jobtest.MatchingFields(tt.expr))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range list.Items {
				got = append(got, p.ObjectMeta.Name)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("List(%q) (-want +got):\n%s", tt.expr, diff)
			}
		})
	}
	for _, tt := range []struct{ expr, want string }{
		{"status.successful=1", "j2"},
		{"status.successful=0", "j1"},
		{"metadata.name=j1", "j1"},
		{"metadata.namespace=ns,metadata.name!=j1", "j2"},
	} {
		t.Run("jobs: "+tt.expr, func(t *testing.T) {
			list, err := jobs.List(jobtest.MatchingFields(tt.expr))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, j := range list.Items {
				got = append(got, j.ObjectMeta.Name)
			}
			if diff := cmp.Diff([]string{tt.want}, got); diff != "" {
				t.Errorf("List(%q) (-want +got):\n%s", tt.expr, diff)
			}
		})
	}
}

// TestFieldSelectorErrors pins the 400 BadRequest answers to field
// selectors, in the API server's words.
func TestFieldSelectorErrors(t *testing.T) {
	s := newStore()
	tests := []struct {
		name string
		list func() error
		want string
	}{
		{"an unsupported Pod field", func() error { _, err := s.Pods("ns").List(jobtest.MatchingFields("spec.priority=1")); return err },
			"field label not supported: spec.priority"},
		{"an unsupported Job field", func() error { _, err := s.Jobs("ns").List(jobtest.MatchingFields("status.failed=1")); return err },
			`field label "status.failed" not supported for Job`},
		{"no operator", func() error { _, err := s.Jobs("ns").List(jobtest.MatchingFields("metadata.name")); return err },
			"invalid selector: 'metadata.name'; can't understand 'metadata.name'"},
		{"a bad escape", func() error { _, err := s.Jobs("ns").List(jobtest.MatchingFields(`metadata.name=a\b`)); return err },
			`invalid field selector: invalid escape sequence: \b`},
		{"watch too", func() error { _, err := s.Pods("ns").Watch("", jobtest.MatchingFields("spec.x=1")); return err },
			"field label not supported: spec.x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.list()
			jobtest.RequireStatusReason(t, err, field.StatusReasonBadRequest)
			if err.Error() != tt.want {
				t.Errorf("message %q, want %q", err.Error(), tt.want)
			}
		})
	}
}
