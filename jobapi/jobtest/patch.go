package jobtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
)

// PatchType is the media type of a PATCH body, which says how it is
// applied.
type PatchType string

// The patch types of the API server (server-side apply is not modelled).
const (
	// JSONPatchType is RFC 6902 JSON patch: a list of operations (add,
	// remove, replace, move, copy, test) on JSON pointers.
	JSONPatchType PatchType = "application/json-patch+json"
	// MergePatchType is RFC 7386 JSON merge patch: an object merged into
	// the object; null removes a member; lists are replaced whole.
	MergePatchType PatchType = "application/merge-patch+json"
	// StrategicMergePatchType is Kubernetes' strategic merge patch: a
	// merge patch in which lists with a merge key (containers by name, env
	// by name, conditions by type, ...) are merged element by element,
	// with the directives `$patch`, `$retainKeys`,
	// `$deleteFromPrimitiveList` and `$setElementOrder`.
	StrategicMergePatchType PatchType = "application/strategic-merge-patch+json"
)

// maxJSONPatchOperations is the API server's limit on the operations of
// a JSON patch.
const maxJSONPatchOperations = 10000

// Patch changes the object called name with a patch of type pt, as a
// PATCH does, and returns the object as stored. The patch applies to the
// object's JSON as the store holds it (in its batch/v1 or v1 form); the
// result is decoded with the version's defaults and goes through
// [Resource.Update]: the status is ignored, the generation counts spec
// changes, validation is the update's, and an update that removes the
// last finalizer of an object being deleted removes it. A
// `metadata.resourceVersion` the patch sets is a precondition (409
// Conflict when stale); otherwise the patch applies to the latest state,
// retried on a concurrent write, as the API server's GuaranteedUpdate does.
//
// The patch types:
//
//   - [JSONPatchType]: evanphx/json-patch v4's semantics (negative array
//     indexes count from the end, "-" appends). A body that is not a list
//     of operations is a 400 BadRequest with the decoder's message; more
//     than 10,000 operations a 413; an operation that does not apply
//     (a missing path, a failed test) is the API server's 422 Invalid
//     without details ("the server rejected our request due to an error
//     in our request").
//   - [MergePatchType]: RFC 7386. A body that is not JSON, or null, is a
//     400 BadRequest "Invalid JSON Patch".
//   - [StrategicMergePatchType]: with the patch strategies and merge keys
//     k8s.io/api declares for the fields of Jobs and Pods: containers,
//     initContainers, ephemeralContainers, volumes, imagePullSecrets and
//     schedulingGates by name, env by name, ports by containerPort,
//     volumeMounts by mountPath, volumeDevices by devicePath, hostAliases
//     by ip, topologySpreadConstraints by topologyKey, ownerReferences by
//     uid, pod and Job conditions by type, podIPs and hostIPs by ip,
//     finalizers as a set; every other list is replaced. A malformed
//     directive is a 400 BadRequest with apimachinery's message (`invalid
//     patch format of primitive list`, ...); a list of lists a 422;
//     other failures (a missing merge key: `map: ... does not contain
//     declared merge key: name`) a 500 with the message, as the API
//     server answers them.
//
// A result that does not decode into the kind (a wrong type) is a 422
// Invalid on the field `patch`, as the API server answers it (the cause's
// wording is jobkit's decoder's). Members the kind does not have are
// dropped, as by the API server's default field validation.
func (r *Resource[T]) Patch(name string, pt PatchType, patch []byte) (*T, error) {
	return r.patch(name, pt, patch, "Update")
}

// PatchStatus is [Resource.Patch] on the `/status` subresource: only the
// status of the result is kept, as by [Resource.UpdateStatus].
func (r *Resource[T]) PatchStatus(name string, pt PatchType, patch []byte) (*T, error) {
	return r.patch(name, pt, patch, "UpdateStatus")
}

func (r *Resource[T]) patch(name string, pt PatchType, patch []byte, verb string) (*T, error) {
	if err := r.needNamespace("Patch"); err != nil {
		return nil, err
	}
	if name == "" {
		return nil, field.NewBadRequest("resource name may not be empty")
	}
	switch pt {
	case JSONPatchType, MergePatchType, StrategicMergePatchType:
	default:
		return nil, &field.StatusError{ErrStatus: field.Status{
			Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Code: 415,
			Reason:  "UnsupportedMediaType",
			Message: fmt.Sprintf("the body of the request was in an unknown format - accepted media types include: %s, %s, %s", JSONPatchType, MergePatchType, StrategicMergePatchType),
		}}
	}
	var err error
	for range 16 {
		var cur *T
		if cur, err = r.Get(name); err != nil {
			return nil, err
		}
		curRV := r.t.kind.meta(cur).ResourceVersion
		var o *T
		if o, err = applyPatch(cur, pt, patch); err != nil {
			return nil, err
		}
		m := r.t.kind.meta(o)
		if m.Name == "" {
			m.Name = name
		}
		if m.Name != name {
			return nil, field.NewBadRequest(fmt.Sprintf("the name of the object (%s) does not match the name on the URL (%s)", m.Name, name))
		}
		var res *T
		res, err = r.update(o, verb)
		if field.ReasonOf(err) == field.StatusReasonConflict && m.ResourceVersion == curRV {
			continue // a concurrent write: apply the patch again
		}
		return res, err
	}
	return nil, err
}

// applyPatch returns the object cur becomes under the patch.
func applyPatch[T Object](cur *T, pt PatchType, patch []byte) (*T, error) {
	data, err := json.Marshal(cur)
	if err != nil {
		return nil, errNotEncodable(err)
	}
	v, err := decodeJSON(data)
	if err != nil {
		return nil, errNotEncodable(err)
	}
	out, err := applyToDoc(clipAll(v).(map[string]any), pt, patch, reflect.TypeFor[T]())
	if err != nil {
		return nil, err
	}
	patched, err := json.Marshal(out)
	if err != nil {
		return nil, errNotEncodable(err)
	}
	o := new(T)
	if err := any(o).(json.Unmarshaler).UnmarshalJSON(patched); err != nil {
		return nil, field.NewInvalid(field.GroupKind{}, "", field.ErrorList{
			field.Invalid(field.NewPath("patch"), string(patched), err.Error()),
		})
	}
	jobapi.DropUnknown(any(o).(jobapi.UnknownFieldHolder), "")
	return o, nil
}

// applyToDoc applies a patch of type pt to doc, the decoded JSON of an
// object of type t.
func applyToDoc(doc map[string]any, pt PatchType, patch []byte, t reflect.Type) (any, error) {
	var out any
	var err error
	switch pt {
	case JSONPatchType:
		ops, err := decodeJSONPatch(patch)
		if err != nil {
			return nil, field.NewBadRequest(err.Error())
		}
		if len(ops) > maxJSONPatchOperations {
			return nil, &field.StatusError{ErrStatus: field.Status{
				Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Code: 413,
				Reason:  "RequestEntityTooLarge",
				Message: fmt.Sprintf("Request entity too large: The allowed maximum operations in a JSON patch is %d, got %d", maxJSONPatchOperations, len(ops)),
			}}
		}
		if out, err = jsonPatch(doc, ops); err != nil {
			return nil, errPatchRejected()
		}
	case MergePatchType:
		if out, err = mergePatch(doc, patch); err != nil {
			return nil, field.NewBadRequest(err.Error())
		}
	case StrategicMergePatchType:
		var pm map[string]any
		if err := json.Unmarshal(patch, &pm); err != nil {
			return nil, field.NewBadRequest(err.Error())
		}
		pv, err := decodeJSON(patch)
		if err != nil {
			return nil, field.NewBadRequest(err.Error())
		}
		if pv == nil {
			pv = map[string]any{}
		}
		if out, err = strategicMergePatch(doc, pv.(map[string]any), schema{t}); err != nil {
			return nil, smpError(err)
		}
	}
	return out, nil
}

// errPatchRejected is the API server's answer to a JSON patch that does
// not apply: NewGenericServerResponse(422) without its cause.
func errPatchRejected() error {
	return &field.StatusError{ErrStatus: field.Status{
		Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Code: 422,
		Reason:  field.StatusReasonInvalid,
		Message: "the server rejected our request due to an error in our request",
		Details: &field.StatusDetails{},
	}}
}

// smpError is interpretStrategicMergePatchError, then the API server's
// treatment of an error that is not a Status (500, no reason).
func smpError(err error) error {
	switch {
	case errors.Is(err, errSMPBadPrimitiveList), errors.Is(err, errSMPBadRetainKeys), errors.Is(err, errSMPBadSetOrder):
		return field.NewBadRequest(err.Error())
	case errors.Is(err, errSMPNoListOfLists):
		return errPatchRejected()
	}
	return &field.StatusError{ErrStatus: field.Status{
		Kind: "Status", APIVersion: "v1", Status: field.StatusFailure, Code: 500,
		Message: err.Error(),
	}}
}

// clipAll gives every list of v a capacity equal to its length, as the
// lists of apimachinery's unstructured converter have (strategic merge
// patch appends to them).
func clipAll(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			v[k] = clipAll(x)
		}
	case []any:
		c := make([]any, len(v))
		for i, x := range v {
			c[i] = clipAll(x)
		}
		return c
	}
	return v
}

// PatchJSON applies a patch of type pt to doc, the JSON of an object of
// kind T (a Job or a Pod, in its batch/v1 or v1 form), and returns the
// patched JSON, as the API server's patch handler computes it before it
// decodes the result: the appliers of [Resource.Patch], without the
// update that follows. Its errors are the Status errors Patch returns for
// the patch (see there). For fixtures (a patch a controller would send,
// applied to a stored object) and for comparisons with other
// implementations.
func PatchJSON[T Object](doc []byte, pt PatchType, patch []byte) ([]byte, error) {
	v, err := decodeJSON(doc)
	if err != nil {
		return nil, field.NewBadRequest(fmt.Sprintf("the object is not JSON: %v", err))
	}
	m, ok := clipAll(v).(map[string]any)
	if !ok {
		return nil, field.NewBadRequest("the object is not a JSON object")
	}
	out, err := applyToDoc(m, pt, patch, reflect.TypeFor[T]())
	if err != nil {
		return nil, err
	}
	return json.Marshal(out)
}
