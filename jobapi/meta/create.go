package meta

import (
	"fmt"
	"time"
)

// Warning is something create-time processing changed, or noticed, that
// the user should know about but that does not make the object invalid:
// the field it is about (a path such as `spec.selector`) and what
// happened.
type Warning struct {
	Field   string
	Message string
}

// String prints the warning as an API server sends it: `<field>: <message>`,
// or the message alone when the warning names no field.
func (w Warning) String() string {
	if w.Field == "" {
		return w.Message
	}
	return w.Field + ": " + w.Message
}

// Warnings is the list of warnings of one operation, in a fixed order.
type Warnings []Warning

// PrepareForCreate sets the system fields of the metadata of a new object
// of the given kind ("Job", "Pod", ...), as the API server does for every
// kind: the uid, the creation time, generation 1, no resourceVersion,
// deletionTimestamp, selfLink or deletionGracePeriodSeconds. A uid or
// resourceVersion copied from an existing object is replaced with a
// warning. The name must already be set (see jobapi.PrepareForCreate for
// `generateName`).
func (m *ObjectMeta) PrepareForCreate(kind string, uid UID, created time.Time) Warnings {
	var w Warnings
	if m.UID != "" && m.UID != uid {
		w = append(w, Warning{Field: "metadata.uid", Message: fmt.Sprintf("replaced %q with the new %s's uid %q: every object gets its own uid when it is created", string(m.UID), kind, string(uid))})
	}
	m.UID = uid
	if m.ResourceVersion != "" {
		w = append(w, Warning{Field: "metadata.resourceVersion", Message: fmt.Sprintf("removed %q: a new object has no resourceVersion (was the manifest copied from an existing %s?)", m.ResourceVersion, kind)})
		m.ResourceVersion = ""
	}
	m.CreationTimestamp = NewTime(created)
	m.Generation = 1
	m.DeletionTimestamp = nil
	m.DeletionGracePeriodSeconds = nil
	m.SelfLink = ""
	delete(m.Unknown, "selfLink")
	delete(m.Unknown, "deletionGracePeriodSeconds")
	if len(m.Unknown) == 0 {
		m.Unknown = nil
	}
	return w
}
