package core

import "github.com/jobkit/jobkit/jobapi/meta"

// Probe is a periodic check of a container: a handler and when and how
// often it runs. Zero thresholds and periods are left for defaulting.
type Probe struct {
	ProbeHandler `json:""`
	// InitialDelaySeconds is how long after the container starts the
	// first probe runs.
	InitialDelaySeconds int32 `json:"initialDelaySeconds,omitempty"`
	// TimeoutSeconds is how long one probe may take (default 1).
	TimeoutSeconds int32 `json:"timeoutSeconds,omitempty"`
	// PeriodSeconds is the time between probes (default 10).
	PeriodSeconds int32 `json:"periodSeconds,omitempty"`
	// SuccessThreshold is how many successes in a row, after a failure,
	// count as success (default 1; must be 1 for liveness and startup).
	SuccessThreshold int32 `json:"successThreshold,omitempty"`
	// FailureThreshold is how many failures in a row count as failure
	// (default 3).
	FailureThreshold int32 `json:"failureThreshold,omitempty"`
	// TerminationGracePeriodSeconds replaces the pod's grace period when
	// this probe's failure kills the container.
	TerminationGracePeriodSeconds *int64 `json:"terminationGracePeriodSeconds,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// ProbeHandler is the action a [Probe] runs; exactly one member is set. It
// only appears inline in a Probe, whose Unknown keeps unmodeled members.
type ProbeHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	GRPC      *GRPCAction      `json:"grpc,omitempty"`
}

// ExecAction runs a command inside the container, without a shell; exit
// status 0 is success.
type ExecAction struct {
	Command []string `json:"command,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// HTTPGetAction sends an HTTP GET request; a status from 200 to 399 is
// success.
type HTTPGetAction struct {
	Path string `json:"path,omitempty"`
	// Port is a port number or the name of a container port.
	Port IntOrString `json:"port"`
	// Host defaults to the pod's IP address.
	Host        string       `json:"host,omitempty"`
	Scheme      URIScheme    `json:"scheme,omitempty"`
	HTTPHeaders []HTTPHeader `json:"httpHeaders,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// HTTPHeader is one header of an [HTTPGetAction] request.
type HTTPHeader struct {
	Name  string `json:"name"`
	Value string `json:"value"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// URIScheme is the scheme of an [HTTPGetAction].
type URIScheme string

// The URI schemes.
const (
	URISchemeHTTP  URIScheme = "HTTP"
	URISchemeHTTPS URIScheme = "HTTPS"
)

// TCPSocketAction opens a TCP connection; connecting is success.
type TCPSocketAction struct {
	// Port is a port number or the name of a container port.
	Port IntOrString `json:"port"`
	// Host defaults to the pod's IP address.
	Host string `json:"host,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// GRPCAction calls the gRPC health checking protocol on a port.
type GRPCAction struct {
	Port int32 `json:"port"`
	// Service is the service name sent in the health check request;
	// nil sends the empty name.
	Service *string `json:"service"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// SleepAction pauses for Seconds.
type SleepAction struct {
	Seconds int64 `json:"seconds"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// LifecycleHandler is the action of a lifecycle hook; exactly one member
// is set.
type LifecycleHandler struct {
	Exec      *ExecAction      `json:"exec,omitempty"`
	HTTPGet   *HTTPGetAction   `json:"httpGet,omitempty"`
	TCPSocket *TCPSocketAction `json:"tcpSocket,omitempty"`
	Sleep     *SleepAction     `json:"sleep,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// Lifecycle holds a container's lifecycle hooks and the signal that stops
// it.
type Lifecycle struct {
	// PostStart runs right after the container is created; the container
	// is restarted if it fails.
	PostStart *LifecycleHandler `json:"postStart,omitempty"`
	// PreStop runs before the container is stopped, within the grace
	// period.
	PreStop *LifecycleHandler `json:"preStop,omitempty"`
	// StopSignal replaces the image's stop signal; the pod must name its
	// OS.
	StopSignal *Signal `json:"stopSignal,omitempty"`

	// Unknown holds the members this package does not model.
	Unknown meta.Unknown `json:"-"`
}

// Signal is the name of a POSIX signal a container can be stopped with.
type Signal string

// The signals, named as Kubernetes names them: the real-time signals are
// SIGRTMIN+n and SIGRTMAX-n.
const (
	SIGABRT         Signal = "SIGABRT"
	SIGALRM         Signal = "SIGALRM"
	SIGBUS          Signal = "SIGBUS"
	SIGCHLD         Signal = "SIGCHLD"
	SIGCLD          Signal = "SIGCLD"
	SIGCONT         Signal = "SIGCONT"
	SIGFPE          Signal = "SIGFPE"
	SIGHUP          Signal = "SIGHUP"
	SIGILL          Signal = "SIGILL"
	SIGINT          Signal = "SIGINT"
	SIGIO           Signal = "SIGIO"
	SIGIOT          Signal = "SIGIOT"
	SIGKILL         Signal = "SIGKILL"
	SIGPIPE         Signal = "SIGPIPE"
	SIGPOLL         Signal = "SIGPOLL"
	SIGPROF         Signal = "SIGPROF"
	SIGPWR          Signal = "SIGPWR"
	SIGQUIT         Signal = "SIGQUIT"
	SIGSEGV         Signal = "SIGSEGV"
	SIGSTKFLT       Signal = "SIGSTKFLT"
	SIGSTOP         Signal = "SIGSTOP"
	SIGSYS          Signal = "SIGSYS"
	SIGTERM         Signal = "SIGTERM"
	SIGTRAP         Signal = "SIGTRAP"
	SIGTSTP         Signal = "SIGTSTP"
	SIGTTIN         Signal = "SIGTTIN"
	SIGTTOU         Signal = "SIGTTOU"
	SIGURG          Signal = "SIGURG"
	SIGUSR1         Signal = "SIGUSR1"
	SIGUSR2         Signal = "SIGUSR2"
	SIGVTALRM       Signal = "SIGVTALRM"
	SIGWINCH        Signal = "SIGWINCH"
	SIGXCPU         Signal = "SIGXCPU"
	SIGXFSZ         Signal = "SIGXFSZ"
	SIGRTMIN        Signal = "SIGRTMIN"
	SIGRTMINPLUS1   Signal = "SIGRTMIN+1"
	SIGRTMINPLUS2   Signal = "SIGRTMIN+2"
	SIGRTMINPLUS3   Signal = "SIGRTMIN+3"
	SIGRTMINPLUS4   Signal = "SIGRTMIN+4"
	SIGRTMINPLUS5   Signal = "SIGRTMIN+5"
	SIGRTMINPLUS6   Signal = "SIGRTMIN+6"
	SIGRTMINPLUS7   Signal = "SIGRTMIN+7"
	SIGRTMINPLUS8   Signal = "SIGRTMIN+8"
	SIGRTMINPLUS9   Signal = "SIGRTMIN+9"
	SIGRTMINPLUS10  Signal = "SIGRTMIN+10"
	SIGRTMINPLUS11  Signal = "SIGRTMIN+11"
	SIGRTMINPLUS12  Signal = "SIGRTMIN+12"
	SIGRTMINPLUS13  Signal = "SIGRTMIN+13"
	SIGRTMINPLUS14  Signal = "SIGRTMIN+14"
	SIGRTMINPLUS15  Signal = "SIGRTMIN+15"
	SIGRTMAXMINUS14 Signal = "SIGRTMAX-14"
	SIGRTMAXMINUS13 Signal = "SIGRTMAX-13"
	SIGRTMAXMINUS12 Signal = "SIGRTMAX-12"
	SIGRTMAXMINUS11 Signal = "SIGRTMAX-11"
	SIGRTMAXMINUS10 Signal = "SIGRTMAX-10"
	SIGRTMAXMINUS9  Signal = "SIGRTMAX-9"
	SIGRTMAXMINUS8  Signal = "SIGRTMAX-8"
	SIGRTMAXMINUS7  Signal = "SIGRTMAX-7"
	SIGRTMAXMINUS6  Signal = "SIGRTMAX-6"
	SIGRTMAXMINUS5  Signal = "SIGRTMAX-5"
	SIGRTMAXMINUS4  Signal = "SIGRTMAX-4"
	SIGRTMAXMINUS3  Signal = "SIGRTMAX-3"
	SIGRTMAXMINUS2  Signal = "SIGRTMAX-2"
	SIGRTMAXMINUS1  Signal = "SIGRTMAX-1"
	SIGRTMAX        Signal = "SIGRTMAX"
)
