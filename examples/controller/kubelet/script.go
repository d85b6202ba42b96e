package kubelet

import (
	"github.com/jobkit/jobkit/jobapi/core"
)

// NoIndex is the index a Script is given for the pods of a NonIndexed
// Job.
const NoIndex = -1

// Forever, as Outcome.RunFor, keeps a pod running until it is deleted.
const Forever = -1

// Script decides how each pod of a Job ends. It is given the pod's
// completion index (NoIndex for a NonIndexed Job) and its attempt: how
// many pods of the same index the kubelet saw before it (for a NonIndexed
// Job, how many pods of the Job), counting from 0. It is called once per
// pod, when the kubelet first sees it; it must not keep the Outcome's
// Conditions it returns.
type Script func(index, attempt int) Outcome

// Outcome is what becomes of a pod: how long it runs, whether it is
// ready meanwhile, and how it ends.
type Outcome struct {
	// ExitCode is the exit code of the pod's containers: 0 makes the pod
	// Succeeded, anything else Failed.
	ExitCode int32
	// Conditions are set on the pod when it finishes (DisruptionTarget,
	// for one), as on a pod the kubelet terminates: every container
	// stops with ExitCode, sidecars included, and restartPolicy
	// OnFailure restarts none. A condition without LastTransitionTime
	// gets the time of the update; conditions of the types the kubelet
	// owns (Ready, ContainersReady, Initialized, PodScheduled,
	// PodReadyToStartContainers) are not set: jobapi/kubelet computes
	// them.
	Conditions []core.PodCondition
	// Ready makes the pod Ready (its Ready and ContainersReady
	// conditions True) while it runs.
	Ready bool
	// RunFor is how many Steps the pod stays running after the Step that
	// started it, before it finishes; Forever: until it is deleted.
	RunFor int
}

// Succeed is a pod that exits with 0 at the Step after the one that
// starts it.
func Succeed() Outcome { return Outcome{} }

// Fail is a pod that exits with code (not 0) at the Step after the one
// that starts it.
func Fail(code int32) Outcome { return Outcome{ExitCode: code} }

// Disrupted is a pod that fails (with code) because it was disrupted: it
// gets the condition DisruptionTarget True, reason TerminationByKubelet,
// as a kubelet's node-pressure eviction gives it. A podFailurePolicy rule
// onPodConditions DisruptionTarget matches it.
func Disrupted(code int32) Outcome {
	return Outcome{ExitCode: code, Conditions: []core.PodCondition{{
		Type: core.DisruptionTarget, Status: core.ConditionTrue,
		Reason: "TerminationByKubelet", Message: "Pod was terminated in response to imminent node shutdown.",
	}}}
}

// Running is a pod that runs, and is ready, until it is deleted.
func Running() Outcome { return Outcome{Ready: true, RunFor: Forever} }

// WithReady returns o with Ready set: the pod is ready while it runs.
func (o Outcome) WithReady() Outcome {
	o.Ready = true
	return o
}

// For returns o running for steps Steps after the one that starts it.
func (o Outcome) For(steps int) Outcome {
	o.RunFor = steps
	return o
}

// Always is the Script that gives every pod o.
func Always(o Outcome) Script {
	return func(int, int) Outcome { return o }
}

// Attempts is the Script that gives the attempt n of every index
// outcomes[n], and every later attempt the last of outcomes (Succeed
// when outcomes is empty).
func Attempts(outcomes ...Outcome) Script {
	return func(_ int, attempt int) Outcome {
		switch {
		case len(outcomes) == 0:
			return Succeed()
		case attempt < len(outcomes):
			return outcomes[attempt]
		}
		return outcomes[len(outcomes)-1]
	}
}

// PerIndex is the Script that runs the pods of index i with scripts[i],
// and those of an index scripts lacks (NoIndex too) with other (Succeed
// when nil).
func PerIndex(scripts map[int]Script, other Script) Script {
	return func(index, attempt int) Outcome {
		if s := scripts[index]; s != nil {
			return s(index, attempt)
		}
		if other != nil {
			return other(index, attempt)
		}
		return Succeed()
	}
}
