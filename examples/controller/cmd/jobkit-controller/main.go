// Command jobkit-controller runs jobkit's Job controller against the
// cluster of a kubeconfig (or, with none, the cluster it runs in) until
// it receives SIGINT or SIGTERM.
//
//	jobkit-controller [--kubeconfig FILE] [--name NAME] [--workers N] [--namespace NS] [--manage-unmanaged] [-v]
//
// It manages the Jobs whose spec.managedBy is --name
// (jobkit.io/job-controller by default); with --manage-unmanaged also
// those kube-controller-manager would manage, for clusters without one.
// Exit codes: 0 after a signal, 1 when the controller cannot start or
// fails, 2 for bad flags.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	jobcontroller "github.com/jobkit/jobkit/examples/controller"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stderr))
}

// run is the command: it parses args, runs the controller until ctx is
// done, and returns the exit code.
func run(ctx context.Context, args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("jobkit-controller", flag.ContinueOnError)
	fs.SetOutput(stderr)
	kubeconfig := fs.String("kubeconfig", os.Getenv("KUBECONFIG"), "the kubeconfig `file` (default $KUBECONFIG; none: the in-cluster configuration)")
	name := fs.String("name", jobcontroller.DefaultName, "the controller's `name`: it manages the Jobs whose spec.managedBy is this")
	workers := fs.Int("workers", jobcontroller.DefaultWorkers, "how many Jobs to sync at once")
	namespace := fs.String("namespace", "", "manage only the Jobs of this `namespace` (default: all)")
	unmanaged := fs.Bool("manage-unmanaged", false, "also manage the Jobs without spec.managedBy (a cluster without kube-controller-manager's Job controller)")
	verbose := fs.Bool("v", false, "log every sync")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "jobkit-controller: unexpected arguments %q\n", fs.Args())
		return 2
	}
	if *workers < 1 {
		fmt.Fprintf(stderr, "jobkit-controller: --workers must be at least 1, not %d\n", *workers)
		return 2
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))

	cfg, err := config(*kubeconfig)
	if err != nil {
		log.Error("reading the kubeconfig", "err", err)
		return 1
	}
	if cfg.QPS == 0 {
		cfg.QPS, cfg.Burst = jobcontroller.DefaultQPS, jobcontroller.DefaultBurst
	}
	client, err := kubernetes.NewForConfig(rest.AddUserAgent(cfg, "jobkit-job-controller"))
	if err != nil {
		log.Error("making the client", "err", err)
		return 1
	}
	opts := []jobcontroller.Option{jobcontroller.WithName(*name), jobcontroller.WithNamespace(*namespace), jobcontroller.WithLogger(log)}
	if *unmanaged {
		opts = append(opts, jobcontroller.ManageUnmanaged())
	}
	c, err := jobcontroller.New(client, opts...)
	if err != nil {
		log.Error("making the controller", "err", err)
		return 1
	}
	if err := c.Run(ctx, *workers); err != nil {
		log.Error("running the controller", "err", err)
		return 1
	}
	st := c.Stats()
	log.Info("stopped", "syncs", st.Syncs, "failedSyncs", st.Failures, "writes", st.Writes)
	return 0
}

// config reads the kubeconfig file, or the in-cluster configuration when
// file is empty.
func config(file string) (*rest.Config, error) {
	if file == "" {
		return rest.InClusterConfig()
	}
	return clientcmd.BuildConfigFromFlags("", file)
}
