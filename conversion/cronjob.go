package conversion

import (
	"encoding/json"
	"errors"

	"github.com/jobkit/jobkit/jobapi/field"
	v1 "github.com/jobkit/jobkit/jobapi/v1"
)

// jobTemplatePath is where a CronJob holds the Job it makes.
const jobTemplatePath = "spec.jobTemplate"

// decodeCronJob decodes the Job a batch/v1 CronJob's spec.jobTemplate
// makes into d, as the CronJob controller makes it: a batch/v1 Job with
// the template's metadata and spec, in the CronJob's namespace. The Job
// is named as the CronJob (the controller appends the scheduled time) so
// that errors name the CronJob. The CronJob's own fields are not checked,
// except the two rules Kubernetes has for its template: no `selector` and
// no `manualSelector: true` (the controller generates the selector);
// field errors and strict fields are reported under spec.jobTemplate.
func decodeCronJob(d *Document, j []byte, dups []string, o *streamState) {
	d.JobPath = jobTemplatePath
	d.Name, d.Namespace = readName(j)
	var cj struct {
		Spec struct {
			JobTemplate map[string]json.RawMessage `json:"jobTemplate"`
		} `json:"spec"`
	}
	if err := json.Unmarshal(j, &cj); err != nil {
		d.Err = field.Invalid(field.NewPath("spec", "jobTemplate"), "", "must be an object with `metadata` and `spec`")
		return
	}
	tmpl := cj.Spec.JobTemplate
	if tmpl == nil {
		d.Err = field.ErrorList{field.Required(field.NewPath("spec", "jobTemplate"), "must describe the Job the CronJob makes")}.ToAggregate()
		return
	}
	meta := map[string]json.RawMessage{}
	if m := tmpl["metadata"]; !isNull(m) {
		if err := json.Unmarshal(m, &meta); err != nil {
			d.Err = field.ErrorList{field.Invalid(field.NewPath("spec", "jobTemplate", "metadata"), string(m), "must be an object")}.ToAggregate()
			return
		}
	}
	for k, v := range map[string]string{"name": d.Name, "namespace": d.Namespace} {
		if _, ok := meta[k]; !ok && v != "" {
			meta[k], _ = json.Marshal(v)
		}
	}
	job := make(map[string]json.RawMessage, len(tmpl)+2)
	for k, v := range tmpl {
		job[k] = v
	}
	job["apiVersion"], _ = json.Marshal(v1.GroupVersion)
	job["kind"], _ = json.Marshal(v1.Kind)
	job["metadata"], _ = json.Marshal(meta)
	jj, err := json.Marshal(job)
	if err != nil {
		d.Err = errors.New("spec.jobTemplate: must be JSON")
		return
	}
	v, _ := lookup(v1.GroupVersion)
	hub, err := v.decode(jj, o.defaults)
	if err != nil {
		d.Err = prefixErrors(err, jobTemplatePath)
		return
	}
	d.Job = hub
	// The CronJob's own rules on its template, as the API server checks
	// them on create: the controller generates every Job's selector.
	var errs field.ErrorList
	spec := field.NewPath("spec", "jobTemplate", "spec")
	if hub.Spec.Selector != nil {
		errs = append(errs, field.Invalid(spec.Child("selector"), hub.Spec.Selector, "`selector` will be auto-generated"))
	}
	if m := hub.Spec.ManualSelector; m != nil && *m {
		errs = append(errs, field.NotSupported(spec.Child("manualSelector"), *m, []string{"nil", "false"}))
	}
	if len(errs) > 0 {
		d.Err = errs.ToAggregate()
		return
	}
	applyFieldValidation(d, strictFields(dups, prefixPaths(UnknownFields(hub, ""), jobTemplatePath)), o.validation)
}

// prefixPaths returns paths moved under prefix.
func prefixPaths(paths []string, prefix string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = joinPath(prefix, p)
	}
	return out
}
