package controller

import "github.com/jobkit/jobkit/jobapi"

// Option changes what Sync does. Pass options to [Sync].
type Option func(*Input)

// WithControllerName makes Sync act as the controller called name: it
// manages exactly the Jobs whose spec.managedBy is name, and leaves the
// others alone (Skipped: ManagedElsewhere). The default, ControllerName
// ("kubernetes.io/job-controller"), also manages the Jobs without
// spec.managedBy, as Kubernetes' Job controller does; an external Job
// controller (or a test environment without kube-controller-manager that
// must act as it) passes its own name, or ControllerName.
func WithControllerName(name string) Option {
	return func(in *Input) { in.ControllerName = name }
}

// WithExpectations makes Sync consult e, the writes of earlier syncs
// that the caller's informer has not seen yet, as Kubernetes' controller
// consults its expectations: while pod creations or deletions of the Job
// are in flight it neither creates nor deletes pods (nor declares the
// Job finished), and pods whose finalizer removal is in flight count as
// already without it. Sync only reads e; [Apply] and the caller's
// informer handlers update it. A nil e is none in flight.
func WithExpectations(e *Expectations) Option {
	return func(in *Input) { in.Expectations = e }
}

// manages reports whether the controller of in manages job.
func (in *Input) manages(job *jobapi.Job) bool {
	name := in.ControllerName
	if name == "" {
		name = ControllerName
	}
	managedBy := ControllerName
	if m := job.Spec.ManagedBy; m != nil && *m != "" {
		managedBy = *m
	}
	return managedBy == name
}
