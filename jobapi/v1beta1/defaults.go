package v1beta1

import (
	"maps"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/selector"
)

// SetDefaults fills in what an extensions/v1beta1 Job leaves unset, as the
// API server of Kubernetes 1.2 to 1.5 did. It never overwrites a value
// the user set.
//
//   - When the pod template has labels: unless autoSelector is true, an
//     unset selector becomes `matchLabels` with a copy of the template's
//     labels (the behaviour from before selector generation, which
//     v1beta1 keeps); empty Job labels become a copy of the template's
//     labels. Kubernetes shared the map; jobkit copies, so changing one
//     never changes another.
//   - Neither completions nor parallelism: both 1. Parallelism alone
//     unset: 1.
//
// Then the pod template gets the core/v1 defaults
// ([core.SetDefaultsPodTemplateSpec]), as Kubernetes' defaulter for
// extensions/v1beta1 gave it, with today's values.
//
// autoSelector itself stays unset, and the fields batch/v1 added later get
// no defaults here.
func SetDefaults(job *Job) {
	spec := &job.Spec
	if labels := spec.Template.ObjectMeta.Labels; len(labels) > 0 {
		auto := spec.AutoSelector != nil && *spec.AutoSelector
		if !auto && spec.Selector == nil {
			spec.Selector = &selector.LabelSelector{MatchLabels: maps.Clone(labels)}
		}
		if len(job.ObjectMeta.Labels) == 0 {
			job.ObjectMeta.Labels = maps.Clone(labels)
		}
	}
	if spec.Completions == nil && spec.Parallelism == nil {
		spec.Completions = ptr[int32](1)
		spec.Parallelism = ptr[int32](1)
	}
	if spec.Parallelism == nil {
		spec.Parallelism = ptr[int32](1)
	}
	core.SetDefaultsPodTemplateSpec(&spec.Template)
}

func ptr[T any](v T) *T { return &v }
