// Package wirefault fails chosen requests on the wire between a
// Kubernetes client and its API server: an [http.RoundTripper] wrapper
// (give [Injector.Wrap] to rest.Config.Wrap) that answers a request
// matching a [Rule] with the failure the rule names — a 500, a 409
// Conflict or a 504 timeout in the Status shape an API server answers
// with, or a connection reset — either before the request reaches the
// server (nothing was written) or after the server has carried it out
// (the write happened; the client never hears of it), the case that
// tests whether a controller counts a write twice.
//
// Requests are matched by Kubernetes verb (create, update, patch,
// delete, deletecollection, get, list, watch), resource and subresource
// ("pods", "jobs/status"), read from the request's path and method as
// the API server's request-info resolver reads them, and by how many
// matching requests came before. The injector records every failure it
// injects.
//
// Non-goals: no delays or slow responses, no partial bodies, no
// failures inside a watch stream once it is open; paths outside /api and
// /apis (discovery, /healthz) are never failed.
package wirefault

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"syscall"
)

// Fault is a failure to inject.
type Fault uint8

const (
	// InternalError answers 500 with reason InternalError.
	InternalError Fault = iota + 1
	// Conflict answers 409 with reason Conflict, as an update with a
	// stale resourceVersion gets.
	Conflict
	// Timeout answers 504 with reason Timeout, as the API server does
	// when storage does not answer in time.
	Timeout
	// ConnectionReset fails the round trip with a connection reset: the
	// client gets no response at all.
	ConnectionReset
)

// String returns the fault's name.
func (f Fault) String() string {
	switch f {
	case InternalError:
		return "InternalError"
	case Conflict:
		return "Conflict"
	case Timeout:
		return "Timeout"
	case ConnectionReset:
		return "ConnectionReset"
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// When says whether a fault is injected before the request reaches the
// server or after the server has answered it.
type When uint8

const (
	// Before fails the request without sending it: nothing is written.
	Before When = iota
	// After sends the request, discards the server's answer and fails
	// instead: the write happened and the client does not know it.
	After
)

// Rule picks the requests to fail. Empty fields match anything.
type Rule struct {
	// Verb is the Kubernetes verb: create, update, patch, delete,
	// deletecollection, get, list or watch.
	Verb string
	// Resource is the resource, with its subresource after a slash:
	// "pods", "jobs", "jobs/status".
	Resource string
	// Namespace restricts the rule to one namespace.
	Namespace string
	// Nth fails the Nth request the rule matches (1 is the first); 0
	// fails every one, unless Every is set.
	Nth int
	// Every, when Nth is 0, fails every Every-th request the rule
	// matches (the Every-th, the 2·Every-th, ...).
	Every int
	// Fault is what the request gets.
	Fault Fault
	// When is whether the server carries the request out first.
	When When
	// PerNamespace counts the requests the rule matches in each
	// namespace apart (Nth and Every then apply per namespace): two
	// clients that make the same requests in a namespace meet the same
	// faults there, whatever they do elsewhere.
	PerNamespace bool
}

// Request is a request as the injector reads it.
type Request struct {
	Method    string
	Verb      string
	Namespace string
	// Resource is the resource with its subresource after a slash.
	Resource string
	Name     string
}

// Firing is one injected failure.
type Firing struct {
	// Rule is the index of the rule that fired.
	Rule    int
	Request Request
	Fault   Fault
	When    When
}

// Injector holds the rules and counts the requests they match. It is
// safe for use by several goroutines; the zero value injects nothing.
type Injector struct {
	mu      sync.Mutex
	rules   []Rule
	matched map[counter]int
	fired   []Firing
}

// counter names what a rule's matches are counted in: the rule, and the
// namespace for a rule that counts per namespace.
type counter struct {
	rule      int
	namespace string
}

// New returns an injector with rules.
func New(rules ...Rule) *Injector {
	i := &Injector{}
	i.Set(rules...)
	return i
}

// Set replaces the rules and starts their counts again; the firings
// recorded so far are kept.
func (i *Injector) Set(rules ...Rule) {
	i.mu.Lock()
	defer i.mu.Unlock()
	i.rules = append([]Rule(nil), rules...)
	i.matched = map[counter]int{}
}

// Fired returns the failures injected so far, in order.
func (i *Injector) Fired() []Firing {
	i.mu.Lock()
	defer i.mu.Unlock()
	return append([]Firing(nil), i.fired...)
}

// Wrap returns rt with the injector in front of it; it has the type of
// client-go's transport.WrapperFunc, for rest.Config.Wrap.
func (i *Injector) Wrap(rt http.RoundTripper) http.RoundTripper {
	return &transport{inj: i, next: rt}
}

// pick returns the rule that fires for r, counting r against every rule
// it matches, and records the firing.
func (i *Injector) pick(q Request) (Rule, bool) {
	i.mu.Lock()
	defer i.mu.Unlock()
	fire := -1
	for n, rule := range i.rules {
		if !rule.matches(q) {
			continue
		}
		c := counter{rule: n}
		if rule.PerNamespace {
			c.namespace = q.Namespace
		}
		i.matched[c]++
		if fire < 0 && rule.fires(i.matched[c]) {
			fire = n
		}
	}
	if fire < 0 {
		return Rule{}, false
	}
	rule := i.rules[fire]
	i.fired = append(i.fired, Firing{Rule: fire, Request: q, Fault: rule.Fault, When: rule.When})
	return rule, true
}

// fires reports whether the rule fails the n-th request it matches.
func (r Rule) fires(n int) bool {
	switch {
	case r.Nth > 0:
		return n == r.Nth
	case r.Every > 0:
		return n%r.Every == 0
	}
	return true
}

func (r Rule) matches(q Request) bool {
	return (r.Verb == "" || r.Verb == q.Verb) &&
		(r.Resource == "" || r.Resource == q.Resource) &&
		(r.Namespace == "" || r.Namespace == q.Namespace)
}

type transport struct {
	inj  *Injector
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (t *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	info, ok := ReadRequest(req.Method, req.URL.Path, req.URL.Query().Get("watch"))
	if !ok {
		return t.next.RoundTrip(req)
	}
	rule, fire := t.inj.pick(info)
	if !fire {
		return t.next.RoundTrip(req)
	}
	if rule.When == After {
		resp, err := t.next.RoundTrip(req)
		if err != nil {
			return nil, err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
	} else if req.Body != nil {
		_ = req.Body.Close()
	}
	return failure(req, rule.Fault, info)
}

// failure builds the response (or error) a fault gives req.
func failure(req *http.Request, f Fault, info Request) (*http.Response, error) {
	var code int
	var reason, msg string
	switch f {
	case InternalError:
		code, reason, msg = http.StatusInternalServerError, "InternalError", "Internal error occurred: injected by wirefault"
	case Conflict:
		code, reason = http.StatusConflict, "Conflict"
		msg = fmt.Sprintf("Operation cannot be fulfilled on %s %q: injected by wirefault", info.Resource, info.Name)
	case Timeout:
		code, reason, msg = http.StatusGatewayTimeout, "Timeout", "Timeout: request did not complete within requested timeout - injected by wirefault"
	case ConnectionReset:
		return nil, &net.OpError{Op: "read", Net: "tcp", Err: syscall.ECONNRESET}
	default:
		return nil, fmt.Errorf("wirefault: unknown fault %d", f)
	}
	body, err := json.Marshal(status{Kind: "Status", APIVersion: "v1", Status: "Failure", Message: msg, Reason: reason, Code: code})
	if err != nil {
		return nil, err
	}
	return &http.Response{
		Status:        strconv.Itoa(code) + " " + http.StatusText(code),
		StatusCode:    code,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        http.Header{"Content-Type": []string{"application/json"}},
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)),
		Request:       req,
	}, nil
}

// status is the part of metav1.Status a failure carries.
type status struct {
	Kind       string `json:"kind"`
	APIVersion string `json:"apiVersion"`
	Status     string `json:"status"`
	Message    string `json:"message"`
	Reason     string `json:"reason"`
	Code       int    `json:"code"`
}

// ReadRequest reads the Kubernetes verb, namespace, resource and name of
// a request from its method, URL path and `watch` query parameter, as the
// API server's request-info resolver does for resource requests
// (/api/v1/... and /apis/GROUP/VERSION/...). ok is false for any other
// path.
func ReadRequest(method, path, watch string) (r Request, ok bool) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	switch {
	case len(parts) >= 3 && parts[0] == "api":
		parts = parts[2:]
	case len(parts) >= 4 && parts[0] == "apis":
		parts = parts[3:]
	default:
		return Request{}, false
	}
	r.Method = method
	if parts[0] == "watch" {
		// The legacy /watch/ prefix.
		watch = "true"
		parts = parts[1:]
	}
	if len(parts) >= 2 && parts[0] == "namespaces" {
		if len(parts) == 2 {
			// A namespace itself: /api/v1/namespaces/NAME.
			r.Resource, r.Name = "namespaces", parts[1]
		} else {
			r.Namespace = parts[1]
			parts = parts[2:]
		}
	}
	if r.Resource == "" {
		if len(parts) == 0 || parts[0] == "" {
			return Request{}, false
		}
		r.Resource = parts[0]
		if len(parts) > 1 {
			r.Name = parts[1]
		}
		if len(parts) > 2 {
			r.Resource += "/" + parts[2]
		}
	}
	watching := watch == "true" || watch == "1"
	switch method {
	case http.MethodPost:
		r.Verb = "create"
	case http.MethodPut:
		r.Verb = "update"
	case http.MethodPatch:
		r.Verb = "patch"
	case http.MethodDelete:
		r.Verb = "delete"
		if r.Name == "" {
			r.Verb = "deletecollection"
		}
	case http.MethodGet, http.MethodHead:
		switch {
		case watching:
			r.Verb = "watch"
		case r.Name == "":
			r.Verb = "list"
		default:
			r.Verb = "get"
		}
	default:
		r.Verb = strings.ToLower(method)
	}
	return r, true
}
