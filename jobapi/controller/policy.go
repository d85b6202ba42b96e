package controller

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/scoreboard"
)

// policyResult is what the pod failure policy says about a failed pod.
type policyResult struct {
	// action is the action of the first matching rule; "" when no rule
	// matches (the failure counts).
	action jobapi.PodFailurePolicyAction
	// counts: the failure counts toward backoffLimit (every action but
	// Ignore).
	counts bool
	// failJobMessage is the message of the Job's failure, for FailJob.
	failJobMessage string
}

// matchPolicy applies the Job's pod failure policy to the failed pod p:
// the rules in order, the first match decides. A rule with onExitCodes
// matches when a terminated container (of ContainerName, when set; the
// main containers before the init containers) has a non-zero exit code
// In, or NotIn, the values; a rule with onPodConditions matches when the
// pod has a condition of one of the patterns' type and status.
func matchPolicy(policy *jobapi.PodFailurePolicy, p *core.Pod) policyResult {
	if policy == nil {
		return policyResult{counts: true}
	}
	var v podStatusView
	read := false
	for i := range policy.Rules {
		r := &policy.Rules[i]
		if r.OnExitCodes == nil && r.OnPodConditions == nil {
			continue
		}
		if !read {
			v, read = statusOf(p), true
		}
		var what string
		if r.OnExitCodes != nil {
			c := matchExitCodes(v, r.OnExitCodes)
			if c == nil {
				continue
			}
			what = fmt.Sprintf("Container %s for pod %s/%s failed with exit code %d matching %s rule at index %d",
				c.Name, p.ObjectMeta.Namespace, p.ObjectMeta.Name, c.State.Terminated.ExitCode, r.Action, i)
		} else {
			c := matchPodConditions(v, r.OnPodConditions)
			if c == nil {
				continue
			}
			what = fmt.Sprintf("Pod %s/%s has condition %s matching %s rule at index %d",
				p.ObjectMeta.Namespace, p.ObjectMeta.Name, c.Type, r.Action, i)
		}
		switch r.Action {
		case jobapi.PodFailurePolicyActionIgnore:
			return policyResult{action: r.Action}
		case jobapi.PodFailurePolicyActionFailIndex, jobapi.PodFailurePolicyActionCount:
			return policyResult{action: r.Action, counts: true}
		case jobapi.PodFailurePolicyActionFailJob:
			return policyResult{action: r.Action, counts: true, failJobMessage: what}
		}
		// An action this version does not know: the next rule decides.
	}
	return policyResult{counts: true}
}

// matchExitCodes returns the first terminated container of v whose exit
// code matches req.
func matchExitCodes(v podStatusView, req *jobapi.PodFailurePolicyOnExitCodesRequirement) *core.ContainerStatus {
	for _, list := range [][]core.ContainerStatus{v.containers, v.inits} {
		for i := range list {
			c := &list[i]
			t := c.State.Terminated
			if t == nil || t.ExitCode == 0 {
				continue
			}
			if req.ContainerName != nil && *req.ContainerName != c.Name {
				continue
			}
			in := slices.Contains(req.Values, t.ExitCode)
			switch req.Operator {
			case jobapi.PodFailurePolicyOnExitCodesOpIn:
				if in {
					return c
				}
			case jobapi.PodFailurePolicyOnExitCodesOpNotIn:
				if !in {
					return c
				}
			}
		}
	}
	return nil
}

// matchPodConditions returns the first condition of v that matches one of
// the patterns.
func matchPodConditions(v podStatusView, patterns []jobapi.PodFailurePolicyOnPodConditionsPattern) *core.PodCondition {
	for i := range v.conditions {
		c := &v.conditions[i]
		for _, pat := range patterns {
			if string(c.Type) == string(pat.Type) && string(c.Status) == string(pat.Status) {
				return c
			}
		}
	}
	return nil
}

// successPolicyMet returns the message of the first rule of the success
// policy that the succeeded indexes meet.
func successPolicyMet(sp *jobapi.SuccessPolicy, completions int, succeeded scoreboard.Indexes) (string, bool) {
	if sp == nil || succeeded.Empty() {
		return "", false
	}
	for i, r := range sp.Rules {
		switch {
		case r.SucceededIndexes != nil:
			req := scoreboard.ParseIndexesLenient(*r.SucceededIndexes, completions)
			if req.Empty() {
				continue
			}
			n := req.IntersectionCount(succeeded)
			if n == req.Count() || (r.SucceededCount != nil && n >= int(*r.SucceededCount)) {
				return "Matched rules at index " + strconv.Itoa(i), true
			}
		case r.SucceededCount != nil:
			if succeeded.Count() >= int(*r.SucceededCount) {
				return "Matched rules at index " + strconv.Itoa(i), true
			}
		}
	}
	return "", false
}
