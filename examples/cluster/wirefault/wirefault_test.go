package wirefault_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"syscall"
	"testing"

	"github.com/google/go-cmp/cmp"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/jobkit/jobkit/examples/cluster/wirefault"
)

func TestReadRequest(t *testing.T) {
	tests := []struct {
		name         string
		method, path string
		watch        string
		want         wirefault.Request
		notAResource bool
	}{
		{name: "pod create", method: "POST", path: "/api/v1/namespaces/ns/pods",
			want: wirefault.Request{Method: "POST", Verb: "create", Namespace: "ns", Resource: "pods"}},
		{name: "job status update", method: "PUT", path: "/apis/batch/v1/namespaces/ns/jobs/pi/status",
			want: wirefault.Request{Method: "PUT", Verb: "update", Namespace: "ns", Resource: "jobs/status", Name: "pi"}},
		{name: "pod patch", method: "PATCH", path: "/api/v1/namespaces/ns/pods/pi-abc",
			want: wirefault.Request{Method: "PATCH", Verb: "patch", Namespace: "ns", Resource: "pods", Name: "pi-abc"}},
		{name: "pod delete", method: "DELETE", path: "/api/v1/namespaces/ns/pods/pi-abc",
			want: wirefault.Request{Method: "DELETE", Verb: "delete", Namespace: "ns", Resource: "pods", Name: "pi-abc"}},
		{name: "delete collection", method: "DELETE", path: "/api/v1/namespaces/ns/pods",
			want: wirefault.Request{Method: "DELETE", Verb: "deletecollection", Namespace: "ns", Resource: "pods"}},
		{name: "list across namespaces", method: "GET", path: "/apis/batch/v1/jobs",
			want: wirefault.Request{Method: "GET", Verb: "list", Resource: "jobs"}},
		{name: "watch by parameter", method: "GET", path: "/api/v1/namespaces/ns/pods", watch: "true",
			want: wirefault.Request{Method: "GET", Verb: "watch", Namespace: "ns", Resource: "pods"}},
		{name: "watch by legacy prefix", method: "GET", path: "/api/v1/watch/namespaces/ns/pods",
			want: wirefault.Request{Method: "GET", Verb: "watch", Namespace: "ns", Resource: "pods"}},
		{name: "get", method: "GET", path: "/apis/batch/v1/namespaces/ns/jobs/pi",
			want: wirefault.Request{Method: "GET", Verb: "get", Namespace: "ns", Resource: "jobs", Name: "pi"}},
		{name: "a namespace itself", method: "GET", path: "/api/v1/namespaces/ns",
			want: wirefault.Request{Method: "GET", Verb: "get", Resource: "namespaces", Name: "ns"}},
		{name: "namespace list", method: "GET", path: "/api/v1/namespaces",
			want: wirefault.Request{Method: "GET", Verb: "list", Resource: "namespaces"}},
		{name: "discovery is not a resource", method: "GET", path: "/apis/batch/v1", notAResource: true},
		{name: "healthz is not a resource", method: "GET", path: "/healthz", notAResource: true},
		{name: "api versions are not a resource", method: "GET", path: "/api", notAResource: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := wirefault.ReadRequest(tt.method, tt.path, tt.watch)
			if ok == tt.notAResource {
				t.Fatalf("ReadRequest(%s %s) ok = %v, want %v", tt.method, tt.path, ok, !tt.notAResource)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ReadRequest(%s %s) (-want +got):\n%s", tt.method, tt.path, diff)
			}
		})
	}
}

// server is an API server stand-in that counts the requests it carries
// out and answers every pod create with the pod it was sent, in the
// content type it was sent in.
type server struct {
	mu      sync.Mutex
	created int
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.created++
	s.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", r.Header.Get("Content-Type"))
	w.WriteHeader(http.StatusCreated)
	_, _ = w.Write(body)
}

func (s *server) count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.created
}

// TestFaultsThroughClientGo sends pod creations through client-go with
// the injector in its transport and checks what client-go makes of each
// fault, and whether the request reached the server.
func TestFaultsThroughClientGo(t *testing.T) {
	tests := []struct {
		name        string
		rule        wirefault.Rule
		wantServed  int
		wantErr     func(error) bool
		wantErrName string
	}{
		{name: "conflict before the server", rule: wirefault.Rule{Verb: "create", Resource: "pods", Nth: 1, Fault: wirefault.Conflict},
			wantServed: 0, wantErr: apierrors.IsConflict, wantErrName: "IsConflict"},
		{name: "internal error after the server wrote", rule: wirefault.Rule{Verb: "create", Resource: "pods", Nth: 1, Fault: wirefault.InternalError, When: wirefault.After},
			wantServed: 1, wantErr: apierrors.IsInternalError, wantErrName: "IsInternalError"},
		{name: "timeout after the server wrote", rule: wirefault.Rule{Verb: "create", Fault: wirefault.Timeout, When: wirefault.After},
			wantServed: 1, wantErr: apierrors.IsTimeout, wantErrName: "IsTimeout"},
		{name: "connection reset before the server", rule: wirefault.Rule{Resource: "pods", Fault: wirefault.ConnectionReset},
			wantServed: 0, wantErr: func(err error) bool { return errors.Is(err, syscall.ECONNRESET) }, wantErrName: "ECONNRESET"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := &server{}
			hs := httptest.NewServer(srv)
			defer hs.Close()
			inj := wirefault.New(tt.rule)
			cfg := &rest.Config{Host: hs.URL}
			cfg.Wrap(inj.Wrap)
			cs, err := kubernetes.NewForConfig(cfg)
			if err != nil {
				t.Fatal(err)
			}
			pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns"}}
			_, err = cs.CoreV1().Pods("ns").Create(context.Background(), pod, metav1.CreateOptions{})
			if err == nil || !tt.wantErr(err) {
				t.Fatalf("Create error = %v, want one for which %s holds", err, tt.wantErrName)
			}
			if got := srv.count(); got != tt.wantServed {
				t.Errorf("server carried out %d requests, want %d", got, tt.wantServed)
			}
			fired := inj.Fired()
			if len(fired) != 1 || fired[0].Fault != tt.rule.Fault || fired[0].Request.Verb != "create" {
				t.Errorf("Fired() = %+v, want one %v on a create", fired, tt.rule.Fault)
			}
		})
	}
}

// TestNthCountsMatchingRequestsOnly checks that a rule counts only the
// requests it matches, fires on exactly its Nth, and that Set starts the
// counts again.
func TestNthCountsMatchingRequestsOnly(t *testing.T) {
	srv := &server{}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	inj := wirefault.New(wirefault.Rule{Verb: "create", Resource: "pods", Namespace: "a", Nth: 2, Fault: wirefault.InternalError})
	cfg := &rest.Config{Host: hs.URL}
	cfg.Wrap(inj.Wrap)
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	create := func(ns string) bool {
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: ns}}
		_, err := cs.CoreV1().Pods(ns).Create(context.Background(), pod, metav1.CreateOptions{})
		if err != nil && !apierrors.IsInternalError(err) && !apierrors.IsConflict(err) {
			t.Errorf("Create in %s: %v, not an injected fault", ns, err)
		}
		return err == nil
	}
	var got []bool
	for _, ns := range []string{"b", "a", "b", "a", "a"} {
		got = append(got, create(ns))
	}
	inj.Set(wirefault.Rule{Verb: "create", Nth: 1, Fault: wirefault.Conflict})
	got = append(got, create("b"), create("b"))
	want := []bool{true, true, true, false, true, false, true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("which creates succeeded (-want +got):\n%s", diff)
	}
	var faults []string
	for _, f := range inj.Fired() {
		faults = append(faults, f.Fault.String()+" "+f.Request.Namespace)
	}
	if diff := cmp.Diff([]string{"InternalError a", "Conflict b"}, faults); diff != "" {
		t.Errorf("Fired (-want +got):\n%s", diff)
	}
	if got := srv.count(); got != 5 {
		t.Errorf("server carried out %d requests, want 5", got)
	}
}

// TestEveryFailsEveryKth checks that a rule with Every fails the k-th,
// 2k-th, ... request it matches.
func TestEveryFailsEveryKth(t *testing.T) {
	srv := &server{}
	hs := httptest.NewServer(srv)
	defer hs.Close()
	inj := wirefault.New(wirefault.Rule{Verb: "create", Every: 3, Fault: wirefault.Conflict})
	cfg := &rest.Config{Host: hs.URL}
	cfg.Wrap(inj.Wrap)
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var got []bool
	for range 7 {
		pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: "ns"}}
		_, err := cs.CoreV1().Pods("ns").Create(context.Background(), pod, metav1.CreateOptions{})
		got = append(got, err == nil)
	}
	want := []bool{true, true, false, true, true, false, true}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("which creates succeeded (-want +got):\n%s", diff)
	}
}

// TestPerNamespaceCountsEachNamespaceApart checks that a rule counting
// per namespace fails the same requests in each namespace, however the
// namespaces' requests interleave.
func TestPerNamespaceCountsEachNamespaceApart(t *testing.T) {
	tests := []struct {
		name string
		rule wirefault.Rule
		want []bool
	}{
		{"per namespace", wirefault.Rule{Verb: "create", Every: 2, PerNamespace: true, Fault: wirefault.InternalError}, []bool{true, true, false, false, true, true}},
		{"across namespaces", wirefault.Rule{Verb: "create", Every: 2, Fault: wirefault.InternalError}, []bool{true, false, true, false, true, false}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hs := httptest.NewServer(&server{})
			defer hs.Close()
			inj := wirefault.New(tt.rule)
			cfg := &rest.Config{Host: hs.URL}
			cfg.Wrap(inj.Wrap)
			cs, err := kubernetes.NewForConfig(cfg)
			if err != nil {
				t.Fatal(err)
			}
			var got []bool
			for _, ns := range []string{"a", "b", "a", "b", "a", "b"} {
				pod := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Name: "p", Namespace: ns}}
				_, err := cs.CoreV1().Pods(ns).Create(context.Background(), pod, metav1.CreateOptions{})
				got = append(got, err == nil)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("which creates succeeded (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFaultString(t *testing.T) {
	var got []string
	for _, f := range []wirefault.Fault{wirefault.InternalError, wirefault.Conflict, wirefault.Timeout, wirefault.ConnectionReset, 9} {
		got = append(got, f.String())
	}
	want := []string{"InternalError", "Conflict", "Timeout", "ConnectionReset", "Fault(9)"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	if !strings.HasPrefix(wirefault.Fault(0).String(), "Fault(") {
		t.Errorf("the zero Fault has a name")
	}
}
