package downward_test

import (
	"fmt"

	"github.com/jobkit/jobkit/downward"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
	"github.com/jobkit/jobkit/jobapi/meta"
)

func ExampleParse() {
	p, err := fieldpath.Parse("metadata.annotations['batch.kubernetes.io/job-completion-index']")
	if err != nil {
		panic(err)
	}
	key, _ := p.Key()
	fmt.Println(p.Field(), key)
	fmt.Println("env var:", p.AllowedIn(fieldpath.EnvVar), "volume:", p.AllowedIn(fieldpath.VolumeFile))

	// The unquoted form of early designs was never valid; the error says
	// what to write.
	_, err = fieldpath.Parse("metadata.annotations[batch.kubernetes.io/job-completion-index]")
	fmt.Println(err)
	// Output:
	// metadata.annotations batch.kubernetes.io/job-completion-index
	// env var: true volume: true
	// invalid fieldPath "metadata.annotations[batch.kubernetes.io/job-completion-index]": must quote the key in single quotes inside square brackets: write metadata.annotations['batch.kubernetes.io/job-completion-index']
}

func ExamplePath_String() {
	// The legacy spelling spec.host is converted, as the API server does;
	// String prints the canonical form, which parses back to an equal Path.
	p := fieldpath.MustParse("spec.host")
	fmt.Println(p)
	fmt.Println(fieldpath.MustParse(p.String()).Equals(p))
	// Output:
	// spec.nodeName
	// true
}

func ExampleResolve() {
	pod := &core.Pod{
		ObjectMeta: meta.ObjectMeta{
			Name:        "say-fruit-1-x7k2p",
			Annotations: map[string]string{"batch.kubernetes.io/job-completion-index": "1"},
		},
		Status: core.PodStatus{PodIPs: []core.PodIP{{IP: "10.244.1.9"}, {IP: "fd00::9"}}},
	}
	for _, s := range []string{
		"metadata.name",
		"metadata.annotations['batch.kubernetes.io/job-completion-index']",
		"status.podIPs",
		"metadata.labels['tier']",
	} {
		v, err := downward.Resolve(fieldpath.MustParse(s), pod)
		fmt.Printf("%s = %q %v\n", s, v, err)
	}
	_, err := downward.Resolve(fieldpath.MustParse("metadata.labels['tier']"), pod, downward.Strict())
	fmt.Println(err)
	// Output:
	// metadata.name = "say-fruit-1-x7k2p" <nil>
	// metadata.annotations['batch.kubernetes.io/job-completion-index'] = "1" <nil>
	// status.podIPs = "10.244.1.9,fd00::9" <nil>
	// metadata.labels['tier'] = "" <nil>
	// downward: resolve metadata.labels['tier']: the pod has no label 'tier'
}

func ExampleFormatMap() {
	fmt.Println(downward.FormatMap(map[string]string{
		"job-name": "say-fruit",
		"note":     "say \"hi\"\nbye",
		"App":      "web",
	}))
	// Output:
	// App="web"
	// job-name="say-fruit"
	// note="say \"hi\"\nbye"
}

func ExampleParseMap() {
	m, err := downward.ParseMap("a=\"x=y\"\nb=\"\\xff\\n\"")
	fmt.Printf("%q %v\n", m, err)
	// Output:
	// map["a":"x=y" "b":"\xff\n"] <nil>
}

func ExampleValidateFieldRef() {
	at := field.NewPath("spec", "containers").Index(0).Child("env").Index(1).Child("valueFrom", "fieldRef")
	for _, e := range fieldpath.ValidateFieldRef("v1", "metadata.labels", fieldpath.EnvVar, at) {
		fmt.Println(e)
	}
	// Output:
	// spec.containers[0].env[1].valueFrom.fieldRef.fieldPath: Unsupported value: "metadata.labels": supported values: "metadata.name", "metadata.namespace", "metadata.uid", "spec.nodeName", "spec.serviceAccountName", "status.hostIP", "status.hostIPs", "status.podIP", "status.podIPs"
}

func ExampleAnnotation() {
	p, err := fieldpath.Annotation("batch.kubernetes.io/job-completion-index")
	fmt.Println(p, err)
	_, err = fieldpath.Label("Example.com/app")
	fmt.Println(err != nil)
	// Output:
	// metadata.annotations['batch.kubernetes.io/job-completion-index'] <nil>
	// true
}
