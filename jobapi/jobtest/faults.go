package jobtest

import (
	"context"
	"errors"
	"fmt"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// Verb names a method of [controller.Writer], for [Fault].
type Verb string

// The verbs of a controller.Writer.
const (
	VerbCreatePod       Verb = "CreatePod"
	VerbDeletePod       Verb = "DeletePod"
	VerbRemoveFinalizer Verb = "RemoveFinalizer"
	VerbAdoptPod        Verb = "AdoptPod"
	VerbReleasePod      Verb = "ReleasePod"
	VerbUpdateJobStatus Verb = "UpdateJobStatus"
)

// Verbs lists every Verb.
var Verbs = []Verb{VerbCreatePod, VerbDeletePod, VerbRemoveFinalizer, VerbAdoptPod, VerbReleasePod, VerbUpdateJobStatus}

// ErrCrashed is what every call returns once a [Fault] with Crash has
// fired: the controller process is gone.
var ErrCrashed = errors.New("jobtest: the controller crashed")

// Fault is one failure to inject: the Nth call (from 1) of Verb, or of
// any verb when Verb is "", fails with Err without reaching the store;
// with Crash, the call reaches the store and the process "dies" after it:
// it and every later call return ErrCrashed.
type Fault struct {
	Verb  Verb
	N     int
	Err   error
	Crash bool
}

// Conflict returns the 409 Conflict an API server returns for a write
// with a stale resourceVersion.
func Conflict() error {
	return field.NewConflict(field.GroupResource{Group: "batch", Resource: "jobs"}, "job", errors.New(optimisticLockMessage))
}

// ServerTimeout returns the 500 ServerTimeout an API server returns when
// a write of a pod did not finish in time ([field.NewServerTimeout]).
func ServerTimeout() error {
	return field.NewServerTimeout(field.GroupResource{Resource: "pods"}, "create", 0)
}

// InternalError returns a 500 InternalError.
func InternalError() error {
	return field.NewInternalError(errors.New("jobtest: injected failure"))
}

// FaultyWriter is a [controller.Writer] that injects failures into the
// calls it passes on to another Writer: a Job controller's test makes its
// writes fail, or its process die, at chosen points. It is not safe for
// concurrent use.
type FaultyWriter struct {
	w       controller.Writer
	faults  []Fault
	calls   map[Verb]int
	all     int
	crashed bool
	log     []string
	fired   []Fault
}

// NewFaultyWriter returns a Writer that passes calls to w, failing those
// that faults name.
func NewFaultyWriter(w controller.Writer, faults ...Fault) *FaultyWriter {
	return &FaultyWriter{w: w, faults: faults, calls: map[Verb]int{}}
}

var _ controller.Writer = (*FaultyWriter)(nil)

// Crashed reports whether a Crash fault fired.
func (f *FaultyWriter) Crashed() bool { return f.crashed }

// Fired returns, in order, the faults that fired: a test whose fault
// never fires passes without testing anything.
func (f *FaultyWriter) Fired() []Fault { return f.fired }

// Calls returns, in order, the calls made: "Verb name" and, for those
// that failed, ": error".
func (f *FaultyWriter) Calls() []string { return f.log }

// do runs call unless a fault says otherwise.
func (f *FaultyWriter) do(v Verb, name string, call func() error) error {
	f.calls[v]++
	f.all++
	err := f.fault(v, call)
	entry := string(v) + " " + name
	if err != nil {
		entry += ": " + err.Error()
	}
	f.log = append(f.log, entry)
	return err
}

func (f *FaultyWriter) fault(v Verb, call func() error) error {
	if f.crashed {
		return ErrCrashed
	}
	for _, ft := range f.faults {
		n := f.all
		if ft.Verb != "" {
			if ft.Verb != v {
				continue
			}
			n = f.calls[v]
		}
		if ft.N != n {
			continue
		}
		f.fired = append(f.fired, ft)
		if ft.Crash {
			_ = call()
			f.crashed = true
			return ErrCrashed
		}
		if ft.Err == nil {
			return fmt.Errorf("jobtest: fault %s #%d with no error", ft.Verb, ft.N)
		}
		return ft.Err
	}
	return call()
}

// CreatePod passes the call on unless a fault fires.
func (f *FaultyWriter) CreatePod(ctx context.Context, pod *core.Pod) error {
	return f.do(VerbCreatePod, pod.ObjectMeta.GenerateName, func() error { return f.w.CreatePod(ctx, pod) })
}

// DeletePod passes the call on unless a fault fires.
func (f *FaultyWriter) DeletePod(ctx context.Context, pod *core.Pod) error {
	return f.do(VerbDeletePod, pod.ObjectMeta.Name, func() error { return f.w.DeletePod(ctx, pod) })
}

// RemoveFinalizer passes the call on unless a fault fires.
func (f *FaultyWriter) RemoveFinalizer(ctx context.Context, pod *core.Pod) error {
	return f.do(VerbRemoveFinalizer, pod.ObjectMeta.Name, func() error { return f.w.RemoveFinalizer(ctx, pod) })
}

// AdoptPod passes the call on unless a fault fires.
func (f *FaultyWriter) AdoptPod(ctx context.Context, job *jobapi.Job, pod *core.Pod) error {
	return f.do(VerbAdoptPod, pod.ObjectMeta.Name, func() error { return f.w.AdoptPod(ctx, job, pod) })
}

// ReleasePod passes the call on unless a fault fires.
func (f *FaultyWriter) ReleasePod(ctx context.Context, job *jobapi.Job, pod *core.Pod) error {
	return f.do(VerbReleasePod, pod.ObjectMeta.Name, func() error { return f.w.ReleasePod(ctx, job, pod) })
}

// UpdateJobStatus passes the call on unless a fault fires.
func (f *FaultyWriter) UpdateJobStatus(ctx context.Context, job *jobapi.Job) (*jobapi.Job, error) {
	var got *jobapi.Job
	err := f.do(VerbUpdateJobStatus, job.ObjectMeta.Name, func() error {
		var err error
		got, err = f.w.UpdateJobStatus(ctx, job)
		return err
	})
	if err != nil {
		return nil, err
	}
	return got, nil
}
