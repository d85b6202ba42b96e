package cluster

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/jobkit/jobkit/examples/cluster/controlplane"
)

// cp is the control plane every test of the package shares.
var cp *controlplane.ControlPlane

func TestMain(m *testing.M) {
	var err error
	cp, err = controlplane.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Fprintf(os.Stderr, "control plane: etcd ready in %v, kube-apiserver ready %v after start\n", cp.EtcdStarted.Round(time.Millisecond), cp.Started.Round(time.Millisecond))
	code := m.Run()
	begin := time.Now()
	err = cp.Stop()
	fmt.Fprintf(os.Stderr, "control plane: stopped in %v\n", time.Since(begin).Round(time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, "stopping the control plane:", err)
		if code == 0 {
			code = 1
		}
	}
	os.Exit(code)
}
