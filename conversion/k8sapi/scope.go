package k8sapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/jobapi/resource"
	batchv1 "k8s.io/api/batch/v1"
	kresource "k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/intstr"
	utiljson "k8s.io/apimachinery/pkg/util/json"
)

// This file holds what the generated conversions call: the state of one
// conversion (scope), the path of the member being converted (path), and
// the leaves converted by hand (times, quantities, IntOrString,
// managedFields' fieldsV1, Unknown members).

// scope is the state of one top-level conversion.
type scope struct {
	dropped []DroppedMember
	errs    []error
}

// path is the location of a member, built on the stack as the
// conversion descends and printed only when something is reported. It
// is a member name (name), or a list index or map key (elem) of its
// parent.
type path struct {
	parent *path
	name   string
	key    string
	index  int
	elem   bool
}

// String prints p as Kubernetes prints field paths:
// `spec.template.spec.containers[0].image`.
func (p *path) String() string {
	return string(p.appendTo(nil))
}

// appendTo appends the printed p to b. It keeps no pointer to p (nor
// to its parents), so that the paths the conversions build stay on the
// stack.
func (p *path) appendTo(b []byte) []byte {
	if p == nil {
		return b
	}
	b = p.parent.appendTo(b)
	switch {
	case p.elem && p.key != "":
		b = append(append(append(b, '['), p.key...), ']')
	case p.elem:
		b = append(strconv.AppendInt(append(b, '['), int64(p.index), 10), ']')
	default:
		if len(b) > 0 {
			b = append(b, '.')
		}
		b = append(b, p.name...)
	}
	return b
}

// member returns the path of member name below p.
func (p *path) member(name string) string {
	if s := p.String(); s != "" {
		return s + "." + name
	}
	return name
}

// fail records a conversion failure at p.
func (s *scope) fail(p *path, err error) {
	s.errs = append(s.errs, fmt.Errorf("%s: %w", p.String(), err))
}

// drop records the member name of an Unknown at p that k8s.io/api
// cannot hold.
func (s *scope) drop(p *path, name string, raw meta.RawJSON) {
	s.dropped = append(s.dropped, DroppedMember{Field: p.member(name), Value: bytes.Clone(raw)})
}

// err returns what the conversion reports: nil, an error of a failed
// conversion, or a *DroppedError.
func (s *scope) err() error {
	if len(s.errs) > 0 {
		return errors.Join(s.errs...)
	}
	if len(s.dropped) > 0 {
		sort.Slice(s.dropped, func(i, j int) bool { return s.dropped[i].Field < s.dropped[j].Field })
		return &DroppedError{Members: s.dropped}
	}
	return nil
}

// putUnknown stores v, a member that k8s.io/api types and jobkit does
// not, in *u under name, JSON-encoded as encoding/json writes it.
func (s *scope) putUnknown(u *meta.Unknown, p *path, name string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		s.fail(&path{parent: p, name: name}, err)
		return
	}
	if *u == nil {
		*u = meta.Unknown{}
	}
	(*u)[name] = meta.RawJSON(b)
}

// decodeMember decodes the Unknown member raw into v, as the API machinery
// decodes (case-sensitively), and reports whether v holds all of it: its
// JSON encoding is the same value.
func decodeMember(raw meta.RawJSON, v any) bool {
	if err := utiljson.Unmarshal(raw, v); err != nil {
		return false
	}
	back, err := json.Marshal(v)
	return err == nil && raw.Equal(meta.RawJSON(back))
}

// timeFromAPI returns t as jobkit keeps it: in UTC, to the second, as the
// API's JSON writes it.
func timeFromAPI(t metav1.Time) meta.Time {
	return meta.NewTime(t.Time)
}

// timeToAPI returns t in the local time zone, as metav1.Time's JSON
// decoding (and so every client-go informer) returns it.
func timeToAPI(t meta.Time) metav1.Time {
	if t.IsZero() {
		return metav1.Time{}
	}
	return metav1.Time{Time: t.Time.Local()}
}

// quantityFromAPI returns q as a jobkit quantity of the same value,
// canonical text and format. q is not changed: its String would cache the
// text in it, which an informer's shared object must not see.
func (s *scope) quantityFromAPI(q *kresource.Quantity, p *path) resource.Quantity {
	c := *q
	out, err := resource.ParseQuantity(c.String())
	if err != nil {
		s.fail(p, err)
		return resource.Quantity{}
	}
	out.Format = resource.Format(q.Format)
	return out
}

// quantityToAPI returns q as an apimachinery quantity of the same value,
// canonical text and format.
func (s *scope) quantityToAPI(q resource.Quantity, p *path) kresource.Quantity {
	out, err := kresource.ParseQuantity(q.String())
	if err != nil {
		s.fail(p, err)
		return kresource.Quantity{}
	}
	out.Format = kresource.Format(q.Format)
	return out
}

func intOrStringFromAPI(v intstr.IntOrString) core.IntOrString {
	return core.IntOrString{Type: core.IntOrStringType(v.Type), IntVal: v.IntVal, StrVal: v.StrVal}
}

func intOrStringToAPI(v core.IntOrString) intstr.IntOrString {
	return intstr.IntOrString{Type: intstr.Type(v.Type), IntVal: v.IntVal, StrVal: v.StrVal}
}

// fieldsV1FromAPI copies a managedFields entry's fieldsV1.
func fieldsV1FromAPI(f *metav1.FieldsV1) *meta.RawJSON {
	if f == nil {
		return nil
	}
	r := meta.RawJSON(bytes.Clone(f.GetRawBytes()))
	return &r
}

// fieldsV1ToAPI copies a managedFields entry's fieldsV1.
func fieldsV1ToAPI(r *meta.RawJSON) *metav1.FieldsV1 {
	if r == nil {
		return nil
	}
	f := new(metav1.FieldsV1)
	if *r != nil {
		f.SetRawBytes(*r)
	}
	return f
}

// sameMap reports whether a and b are the same map (not nil), as a Job's
// defaulting makes its labels the pod template's label map itself.
func sameMap[M ~map[string]string](a, b M) bool {
	return a != nil && b != nil && reflect.ValueOf(a).UnsafePointer() == reflect.ValueOf(b).UnsafePointer()
}

// jobLabelsFromAPI makes the converted Job's labels its pod template's
// label map when in's are its template's (a Job defaulted in the same
// process: batch/v1's defaulting shares the map, and create-time
// processing, Kubernetes' and jobkit's alike, then gives the Job the
// labels it generates for the template). Maps shared only within the
// result, never with in.
func jobLabelsFromAPI(in *batchv1.Job, out *jobapi.Job) {
	if sameMap(in.Labels, in.Spec.Template.Labels) {
		out.ObjectMeta.Labels = out.Spec.Template.ObjectMeta.Labels
	}
}

// jobLabelsToAPI is jobLabelsFromAPI the other way.
func jobLabelsToAPI(in *jobapi.Job, out *batchv1.Job) {
	if sameMap(in.ObjectMeta.Labels, in.Spec.Template.ObjectMeta.Labels) {
		out.Labels = out.Spec.Template.Labels
	}
}
