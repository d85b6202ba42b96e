package jobapi

import (
	"errors"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// PreparePodForCreate does to a new Pod what a v1.36 API server's generic
// store does to any object on create, and the parts of the Pod strategy a
// validation depends on, and returns what the user should know. It takes
// [PrepareForCreate]'s options (the label key options are checked and
// otherwise ignored); its error is for misuse (a nil p, a bad option, a
// failing WithRandom reader, a namespace that contradicts WithNamespace),
// and then p is unchanged.
//
//   - The namespace, uid, creation time, name from `generateName`, and
//     the unknown members (dropped quietly) as for a Job;
//     `generation` 1.
//   - The core/v1 defaults ([core.SetDefaultsPod], which never overwrite:
//     a Pod conversion decoded is unchanged).
//   - The status reset to phase Pending, and the fields whose feature
//     gate is off dropped ([core.DropDisabledPodSpecFields]).
//
// Not modelled, so the result is the Pod validation sees, not the one the
// server stores: the status's `qosClass`, the SchedulingGated condition,
// and the Pod strategy's rewrites of affinity and topology spread
// selectors (matchLabelKeys) and of AppArmor annotations into fields.
func PreparePodForCreate(p *core.Pod, opts ...CreateOption) (meta.Warnings, error) {
	if p == nil {
		return nil, errors.New("jobapi: PreparePodForCreate needs a Pod, not nil")
	}
	w, err := prepareObjectForCreate(p, &p.ObjectMeta, "Pod", opts, func() { core.SetDefaultsPod(p) })
	if err != nil {
		return nil, err
	}
	p.Status = core.PodStatus{Phase: core.PodPending}
	core.DropDisabledPodSpecFields(&p.Spec, nil)
	return w, nil
}

// ValidatePod checks a new Pod as a v1.36 API server does, after
// [PreparePodForCreate]: [core.ValidatePodCreate] with the options of a
// create. The error is for misuse only (a nil p).
func ValidatePod(p *core.Pod) (field.ErrorList, error) {
	if p == nil {
		return nil, errors.New("jobapi: ValidatePod needs a Pod, not nil")
	}
	return core.ValidatePodCreate(p, core.JobPodValidationOptions()), nil
}

// PreparePodTemplateForCreate does to a new PodTemplate what a v1.36 API
// server does on create (the generic store and the PodTemplate
// strategy): the namespace, uid, creation time, name from
// `generateName` and unknown members as for a Job, `generation` 1, the
// template's core/v1 defaults ([core.SetDefaultsPodTemplateSpec], which
// never overwrite) and the template's fields whose feature gate is off
// dropped ([core.DropDisabledTemplateFields]). Its error is for misuse,
// as [PreparePodForCreate]'s. The warnings Kubernetes derives from the
// template itself are not modelled.
func PreparePodTemplateForCreate(t *core.PodTemplate, opts ...CreateOption) (meta.Warnings, error) {
	if t == nil {
		return nil, errors.New("jobapi: PreparePodTemplateForCreate needs a PodTemplate, not nil")
	}
	w, err := prepareObjectForCreate(t, &t.ObjectMeta, "PodTemplate", opts, func() { core.SetDefaultsPodTemplateSpec(&t.Template) })
	if err != nil {
		return nil, err
	}
	core.DropDisabledTemplateFields(&t.Template, nil)
	return w, nil
}

// ValidatePodTemplate checks a new PodTemplate as a v1.36 API server
// does, after [PreparePodTemplateForCreate] (Kubernetes' ValidatePodTemplate):
// its metadata as [meta.ValidateObjectMeta] checks it and its template as
// [core.ValidatePodTemplateSpec] does at `template`, with the options of
// a create. Unlike a Job's, a PodTemplate's template may have any
// restartPolicy. The error is for misuse only (a nil t).
func ValidatePodTemplate(t *core.PodTemplate) (field.ErrorList, error) {
	if t == nil {
		return nil, errors.New("jobapi: ValidatePodTemplate needs a PodTemplate, not nil")
	}
	errs := meta.ValidateObjectMeta(&t.ObjectMeta, field.NewPath("metadata"), meta.ObjectMetaOptions{})
	return append(errs, core.ValidatePodTemplateSpec(&t.Template, field.NewPath("template"), core.JobPodValidationOptions())...), nil
}
