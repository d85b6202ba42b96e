// Package controlplane runs a real Kubernetes control plane inside the
// calling process: an etcd server (go.etcd.io/etcd/server/v3/embed, the
// version Kubernetes v1.36.3 pins) and a v1.36.3 kube-apiserver
// (k8s.io/kubernetes/cmd/kube-apiserver/app/testing.StartTestServer, as
// Kubernetes' own test/utils/apiserver and integration tests start it),
// both listening on loopback addresses only, with their data in temporary
// directories. [Start] returns a [*ControlPlane] whose Config is a
// *rest.Config for client-go with the rights of a cluster administrator;
// [ControlPlane.Stop] shuts both servers down and removes their files.
//
// The model is one control plane per test binary: start it in TestMain,
// share it among the package's tests, stop it before os.Exit. Starting
// takes a few seconds; building a test binary that imports this package
// takes minutes the first time, as it compiles most of kube-apiserver.
//
// Non-goals: no kube-controller-manager, scheduler or kubelet run here (a
// Job gets no pods unless a test's own controller makes them, and nothing
// garbage-collects: delete with propagationPolicy=Background); no
// downloaded binaries; no TLS or authentication choices beyond what
// StartTestServer sets up; no addresses other than loopback. Some of
// kube-apiserver's settings are process-global — the capabilities that
// --allow-privileged sets, feature gates, klog's output — so they are
// those of the first control plane a process starts, and they apply to
// any other Kubernetes code in the same process.
package controlplane

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/url"
	"os"
	"path"
	"strconv"
	"sync"
	"time"

	"go.etcd.io/etcd/server/v3/embed"
	"go.uber.org/zap"
	"google.golang.org/grpc/grpclog"
	"k8s.io/apiserver/pkg/storage/storagebackend"
	"k8s.io/client-go/rest"
	"k8s.io/klog/v2"
	kubeapiservertesting "k8s.io/kubernetes/cmd/kube-apiserver/app/testing"
)

// DefaultFlags returns the kube-apiserver flags [Start] passes unless
// [WithFlags] replaces them: --allow-privileged=true, what jobkit's
// validation models (a cluster that admits privileged containers, as most
// clusters' API servers are configured; kube-apiserver's own default is
// false). The setting is process-global: the first server's wins.
func DefaultFlags() []string { return []string{"--allow-privileged=true"} }

// Option changes how [Start] starts the control plane.
type Option func(*options)

type options struct {
	flags []string
	log   io.Writer
}

// WithFlags replaces [DefaultFlags] with flags: kube-apiserver's command
// line flags (--feature-gates=..., --admission-control-config-file=...).
// Feature gates are process-global. Disabling broad sets of admission
// plugins can keep the server from ever becoming ready.
func WithFlags(flags ...string) Option {
	return func(o *options) { o.flags = append([]string(nil), flags...) }
}

// WithLog sends what the servers and StartTestServer log to w (by default
// it is discarded). klog's global output is always discarded: it would
// otherwise print kube-apiserver's chatter to standard error.
func WithLog(w io.Writer) Option {
	return func(o *options) { o.log = w }
}

// ControlPlane is a running etcd and kube-apiserver. Its methods are safe
// to call from several goroutines.
type ControlPlane struct {
	// Config reaches the API server as a cluster administrator. Copy it
	// (rest.CopyConfig) before changing it.
	Config *rest.Config
	// EtcdURL is etcd's client URL (http://127.0.0.1:PORT).
	EtcdURL string
	// Started is how long Start took: etcd, then kube-apiserver until
	// /healthz answers ok and the default namespace exists.
	Started time.Duration
	// EtcdStarted is how long etcd took to become ready, part of Started.
	EtcdStarted time.Duration

	etcd     *embed.Etcd
	server   kubeapiservertesting.TestServer
	tb       *processTB
	stopOnce sync.Once
	stopErr  error
}

// quietOnce silences the process-global loggers once.
var quietOnce sync.Once

// silence discards klog's and gRPC's global output.
func silence() {
	quietOnce.Do(func() {
		fs := flag.NewFlagSet("klog", flag.ContinueOnError)
		klog.InitFlags(fs)
		_ = fs.Set("logtostderr", "false")
		_ = fs.Set("alsologtostderr", "false")
		_ = fs.Set("stderrthreshold", "FATAL")
		klog.SetOutput(io.Discard)
		klog.LogToStderr(false)
		grpclog.SetLoggerV2(grpclog.NewLoggerV2(io.Discard, io.Discard, io.Discard))
	})
}

// Start starts etcd and kube-apiserver on loopback ports, waits until the
// API server is ready (/healthz ok, the default namespace created) and
// returns them. On error nothing is left running. Call Stop when done.
func Start(opts ...Option) (cp *ControlPlane, err error) {
	o := options{flags: DefaultFlags(), log: io.Discard}
	for _, opt := range opts {
		opt(&o)
	}
	silence()
	tb, err := newProcessTB("controlplane", o.log)
	if err != nil {
		return nil, err
	}
	cp = &ControlPlane{tb: tb}
	defer func() {
		if err != nil {
			_ = cp.Stop()
			cp = nil
		}
	}()

	begin := time.Now()
	if err := cp.startEtcd(); err != nil {
		return cp, err
	}
	cp.EtcdStarted = time.Since(begin)

	storage := storagebackend.NewDefaultConfig(path.Join("jobkit", "registry"), nil)
	storage.Transport.ServerList = []string{cp.EtcdURL}
	if err := tb.run(func() {
		cp.server, err = kubeapiservertesting.StartTestServer(tb, nil, o.flags, storage)
	}); err != nil {
		return cp, fmt.Errorf("controlplane: starting kube-apiserver: %w", err)
	}
	if err != nil {
		return cp, fmt.Errorf("controlplane: starting kube-apiserver: %w", err)
	}
	cp.Started = time.Since(begin)
	cp.Config = rest.CopyConfig(cp.server.ClientConfig)
	return cp, nil
}

// startEtcd starts a single-member etcd on two free loopback ports,
// without fsync (its data never outlives the process).
func (cp *ControlPlane) startEtcd() error {
	const attempts = 5
	var err error
	for range attempts {
		// Free ports are found by listening and closing; another process
		// may take one in between, so try again on failure.
		var ports [2]int
		if ports, err = freePorts(); err != nil {
			return err
		}
		cfg := embed.NewConfig()
		cfg.Name = "jobkit"
		cfg.Dir = path.Join(cp.tb.dir, "etcd")
		cfg.UnsafeNoFsync = true
		cfg.ZapLoggerBuilder = embed.NewZapLoggerBuilder(zap.NewNop())
		clientURL := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[0]))}
		peerURL := url.URL{Scheme: "http", Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(ports[1]))}
		cfg.ListenClientUrls = []url.URL{clientURL}
		cfg.AdvertiseClientUrls = []url.URL{clientURL}
		cfg.ListenPeerUrls = []url.URL{peerURL}
		cfg.AdvertisePeerUrls = []url.URL{peerURL}
		cfg.InitialCluster = cfg.InitialClusterFromName(cfg.Name)
		var e *embed.Etcd
		if e, err = embed.StartEtcd(cfg); err != nil {
			_ = os.RemoveAll(cfg.Dir)
			continue
		}
		select {
		case <-e.Server.ReadyNotify():
		case <-time.After(time.Minute):
			e.Close()
			return errors.New("controlplane: etcd did not become ready within a minute")
		}
		cp.etcd = e
		cp.EtcdURL = clientURL.String()
		return nil
	}
	return fmt.Errorf("controlplane: starting etcd (%d attempts): %w", attempts, err)
}

// freePorts returns two loopback ports nothing listens on.
func freePorts() (ports [2]int, err error) {
	var ls [2]net.Listener
	for i := range ls {
		if ls[i], err = net.Listen("tcp", "127.0.0.1:0"); err != nil {
			break
		}
		ports[i] = ls[i].Addr().(*net.TCPAddr).Port
	}
	for _, l := range ls {
		if l != nil {
			l.Close()
		}
	}
	return ports, err
}

// Stop shuts down kube-apiserver, then etcd, and removes their temporary
// files. It returns the first problem met; calling it again returns the
// same.
func (cp *ControlPlane) Stop() error {
	cp.stopOnce.Do(func() {
		var errs []error
		if cp.server.TearDownFn != nil {
			if err := cp.tb.run(cp.server.TearDownFn); err != nil {
				errs = append(errs, err)
			}
		}
		errs = append(errs, cp.tb.cleanup())
		if cp.etcd != nil {
			cp.etcd.Close()
			select {
			case err := <-cp.etcd.Err():
				if err != nil {
					errs = append(errs, fmt.Errorf("etcd: %w", err))
				}
			default:
			}
		}
		errs = append(errs, os.RemoveAll(cp.tb.dir))
		cp.stopErr = errors.Join(errs...)
	})
	return cp.stopErr
}
