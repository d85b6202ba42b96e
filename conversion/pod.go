package conversion

import (
	"github.com/jobkit/jobkit/jobapi/core"
)

// decodePodKind decodes the v1 Pod or PodTemplate j of a stream into d,
// with core/v1's defaults (unless the stream's options say otherwise:
// core.SetDefaultsPod, or core.SetDefaultsPodTemplateSpec on a
// PodTemplate's template), and applies the stream's field validation to
// it as to a Job. A value that does not decode (a wrong type, a quantity
// that does not parse) is a field error in d.Err, which [Document.Status]
// words as the API server's 400.
func decodePodKind(d *Document, j []byte, dups []string, o *streamState) {
	var refused []string
	var err error
	if d.Kind == "Pod" {
		var p core.Pod
		if refused, err = splitRefused(p.UnmarshalNewJSON(j)); err != nil {
			d.Err = err
			d.Name, d.Namespace = readName(j)
			return
		}
		if o.defaults {
			core.SetDefaultsPod(&p)
		}
		d.Pod = &p
	} else {
		var t core.PodTemplate
		if refused, err = splitRefused(t.UnmarshalNewJSON(j)); err != nil {
			d.Err = err
			d.Name, d.Namespace = readName(j)
			return
		}
		if o.defaults {
			core.SetDefaultsPodTemplateSpec(&t.Template)
		}
		d.PodTemplate = &t
	}
	m := d.objectMeta()
	d.Name, d.Namespace = m.Name, m.Namespace
	applyFieldValidation(d, dups, refused, o.validation)
}
