// Package kubelet models what a kubelet does with the pods of a Job,
// without running anything.
//
// A kubelet takes a pod bound to its node and runs its containers: the
// init containers one after the other, each of which must exit 0 before
// the next starts; sidecars (init containers with restartPolicy Always),
// started in their turn and kept running beside the main containers; then
// every main container at once. It computes what each container runs —
// the environment (literal values with `$(VAR)` expanded over the
// variables before them, `valueFrom.fieldRef` through the downward API),
// the command and args expanded over the whole environment, the working
// directory, and the files of the volumes it mounts (configMap,
// downwardAPI, projected, emptyDir) — and it reports, as containers exit,
// the pod status the Job controller reads: the phase, every container's
// state, exit code, restart count, started and ready flags and container
// ID, and the pod conditions a v1.36 kubelet computes in every status it
// writes (k8s.io/kubernetes pkg/kubelet/status/generate.go): after the
// conditions others own, PodReadyToStartContainers (True while the pod's
// sandbox exists: from the start to the end of the pod), Initialized,
// Ready, ContainersReady (with the kubelet's reasons and messages:
// ContainersNotInitialized, ContainersNotReady, ReadinessGatesNotReady,
// PodCompleted, PodFailed) and PodScheduled, which the scheduler sets
// when it binds the pod and the kubelet reports True again; each one's
// lastTransitionTime moves only when its status changes. With
// restartPolicy OnFailure a failed container restarts in its pod; a pod is
// Succeeded when every main container exited 0, else Failed. A deleted
// pod's containers get SIGTERM and, past the grace period, SIGKILL: the
// caller, who knows how its processes end, gives the exit code they
// report (143 or 137).
//
// The package holds that model in three layers, each usable alone:
//
//   - [PlanPod] turns a pod (and the ConfigMaps it mounts) into a [Plan]
//     per container: argv, environment in the kubelet's order, working
//     directory, mounts with their files. [Expand] is the kubelet's
//     `$(VAR)` expansion.
//   - [Pod] is the pod state machine: [Pod.Start] says which containers
//     start now, [Pod.Exited] takes an exit code and says what starts,
//     restarts or stops next, [Pod.Delete] stops the pod, [Pod.SetReady]
//     plays a readiness probe, [Pod.SetCondition] sets a condition the
//     kubelet does not own (DisruptionTarget), [Pod.Object] is the pod
//     with the status the kubelet reports and [Pod.WriteStatus] merges
//     that status into the pod as stored, as the kubelet's status manager
//     does. [NewScriptedPod] makes one without plans, for fake kubelets
//     that run nothing (jobtest's, and the one over client-go in
//     examples/controller/kubelet).
//   - [RunJob] runs a Job: the decisions are jobkit's Job controller core
//     ([controller.Sync]); RunJob carries them out — pods named as the API
//     server names them, placed on the node, run through [Pod] — against
//     a [Runner] that starts containers and reports their exits. A
//     [Runner] may run processes (the jobkit CLI's `simulate` does) or
//     script exit codes (a test's fake kubelet does).
//
// Non-goals: the package starts no process, writes no file, reads no
// clock but the one it is given, and sends no signal; those are a
// Runner's business. It models no image pulls (and reports no image ID),
// probes (readiness is the caller's, [Pod.SetReady]; startup is at once),
// resource limits, container runtime, CrashLoopBackOff delay, lastState
// or feature-gated conditions (AllContainersRestarting), and no volume
// kind but configMap, downwardAPI, projected (configMap and downwardAPI
// sources) and emptyDir; env vars come from `env` only (no `envFrom`, no
// secrets). Images are a container runtime's: a plan without a command
// follows the image's entrypoint, which the package does not know.
package kubelet
