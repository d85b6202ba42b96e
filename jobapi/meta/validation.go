package meta

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/validation"
	"github.com/jobkit/jobkit/selector"
)

// The limits Kubernetes places on the metadata every object carries.
const (
	// FieldManagerMaxLength is the longest `manager` of a managedFields
	// entry, in bytes.
	FieldManagerMaxLength = 128
	// SubresourceMaxLength is the longest `subresource` of a managedFields
	// entry, in bytes.
	SubresourceMaxLength = 256
)

// TotalAnnotationSizeLimit is the most bytes an object's annotations may
// hold, keys and values together (256 KiB).
const TotalAnnotationSizeLimit = 256 * 1024

// ObjectMetaOptions are what [ValidateObjectMeta] needs to know of the
// kind, as Kubernetes' ValidateObjectMeta takes it in arguments. The zero
// value suits a Job, a CronJob or a PodTemplate.
//
// +jobkit:deepcopy=false
type ObjectMetaOptions struct {
	// RequireNamespace refuses an empty `namespace` (Required), as for a
	// pod, which jobkit validates as the API server stores it. Without
	// it an empty namespace is accepted: for the kinds jobkit creates
	// from manifests, it comes from the request. Either way a namespace
	// that is set must be a DNS label. (jobkit models no cluster-scoped
	// kind, so there is no option to forbid a namespace.)
	RequireNamespace bool
	// Name checks `name`, and `generateName` as a prefix; nil means
	// [NameIsDNSSubdomain], the rule of every kind jobkit models.
	Name NameFunc
}

// ValidateObjectMeta checks the metadata of a new object (at path,
// `metadata`) as a v1.36 API server does (apimachinery's
// ValidateObjectMeta):
//   - `generateName`, when set, by opts.Name as a prefix; `name` set
//     (Required, even with a generateName: the name is drawn before
//     validation) and valid by opts.Name (Invalid, one error per
//     problem, in Kubernetes' words);
//   - `namespace` a DNS label, and set when opts.RequireNamespace;
//   - `labels` as package selector's ValidateLabels checks them;
//   - `annotations` as [ValidateAnnotations] checks them;
//   - the system fields as [ValidateSystemFields] checks them
//     (`generation`, `ownerReferences`, `finalizers`, `managedFields`).
//
// Valid metadata costs no allocation.
func ValidateObjectMeta(m *ObjectMeta, path *field.Path, opts ObjectMetaOptions) field.ErrorList {
	nameFn := opts.Name
	if nameFn == nil {
		nameFn = NameIsDNSSubdomain
	}
	var errs field.ErrorList
	if m.GenerateName != "" {
		for _, p := range nameFn(m.GenerateName, true) {
			errs = append(errs, field.Invalid(path.Child("generateName"), m.GenerateName, p))
		}
	}
	if m.Name == "" {
		errs = append(errs, field.Required(path.Child("name"), "`name` or `generateName` must be specified"))
	} else {
		for _, p := range nameFn(m.Name, false) {
			errs = append(errs, field.Invalid(path.Child("name"), m.Name, p))
		}
	}
	switch {
	case m.Namespace != "":
		for _, p := range validation.DNSLabelProblems(m.Namespace) {
			errs = append(errs, field.Invalid(path.Child("namespace"), m.Namespace, p))
		}
	case opts.RequireNamespace:
		errs = append(errs, field.Required(path.Child("namespace"), "must be set: the object lives in a namespace"))
	}
	if len(m.Labels) > 0 && len(selector.ValidateLabels(m.Labels, nil)) > 0 {
		errs = append(errs, selector.ValidateLabels(m.Labels, path.Child("labels"))...)
	}
	if len(m.Annotations) > 0 && !annotationsValid(m.Annotations) {
		errs = append(errs, ValidateAnnotations(m.Annotations, path.Child("annotations"))...)
	}
	if m.Generation < 0 || len(m.OwnerReferences) > 0 || len(m.Finalizers) > 0 || len(m.ManagedFields) > 0 {
		errs = append(errs, ValidateSystemFields(m, path)...)
	}
	return errs
}

// ValidateAnnotations checks an object's annotations (at path,
// `metadata.annotations`) as Kubernetes does: each key a qualified name
// once lower-cased (jobapi/validation's rule for label keys, case aside:
// Invalid at path, with the key as written, one error per problem, keys
// in increasing order), and keys and values together at most
// [TotalAnnotationSizeLimit] bytes (TooLong at path). Valid annotations
// cost no allocation, so a caller may call it with a nil path first and
// build the path only when there are errors.
func ValidateAnnotations(a map[string]string, path *field.Path) field.ErrorList {
	if annotationsValid(a) {
		return nil
	}
	keys := make([]string, 0, len(a))
	size := 0
	for k, v := range a {
		keys = append(keys, k)
		size += len(k) + len(v)
	}
	slices.Sort(keys)
	var errs field.ErrorList
	for _, k := range keys {
		for _, p := range validation.QualifiedNameProblems(strings.ToLower(k)) {
			errs = append(errs, field.Invalid(path, k, p))
		}
	}
	if size > TotalAnnotationSizeLimit {
		errs = append(errs, field.TooLong(path, "", TotalAnnotationSizeLimit))
	}
	return errs
}

// annotationsValid reports whether ValidateAnnotations finds nothing
// wrong, without allocating when every key is lower-case (strings.ToLower
// returns such a key as it is).
func annotationsValid(a map[string]string) bool {
	size := 0
	for k, v := range a {
		size += len(k) + len(v)
		if !validation.IsQualifiedName(strings.ToLower(k)) {
			return false
		}
	}
	return size <= TotalAnnotationSizeLimit
}

// The standard finalizers: the garbage collector's (an object may not
// have both) and the namespace controller's. Any other finalizer must be
// domain-prefixed ('example.com/cleanup').
const (
	FinalizerOrphanDependents = "orphan"
	FinalizerDeleteDependents = "foregroundDeletion"
	FinalizerKubernetes       = "kubernetes"
)

// ValidateManagedFields checks `metadata.managedFields` (at path) as a
// v1.36 API server does on create and on update (apimachinery's
// ValidateManagedFields): each entry's `operation` 'Apply' or 'Update'
// (Invalid at `[i].operation`), its `fieldsType`, when set, 'FieldsV1'
// (Invalid at `[i].fieldsType`), its `manager` at most 128 bytes (TooLong)
// and made of printable characters (Invalid, one error per other
// character), its `subresource` at most 256 bytes (TooLong). Valid
// entries cost no allocation.
func ValidateManagedFields(entries []ManagedFieldsEntry, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i := range entries {
		if e := &entries[i]; !e.valid() {
			errs = appendManagedFieldsEntryErrors(errs, e, path.Index(i))
		}
	}
	return errs
}

// managedFieldsValid reports, without allocating, whether
// ValidateManagedFields finds nothing wrong with entries.
func managedFieldsValid(entries []ManagedFieldsEntry) bool {
	for i := range entries {
		if !entries[i].valid() {
			return false
		}
	}
	return true
}

// valid reports, without allocating, whether e breaks none of the rules.
func (e *ManagedFieldsEntry) valid() bool {
	if e.Operation != "Apply" && e.Operation != "Update" ||
		e.FieldsType != "" && e.FieldsType != "FieldsV1" ||
		len(e.Manager) > FieldManagerMaxLength || len(e.Subresource) > SubresourceMaxLength {
		return false
	}
	for _, r := range e.Manager {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// appendManagedFieldsEntryErrors appends the errors of one entry, at ep.
func appendManagedFieldsEntryErrors(errs field.ErrorList, e *ManagedFieldsEntry, ep *field.Path) field.ErrorList {
	if e.Operation != "Apply" && e.Operation != "Update" {
		errs = append(errs, field.Invalid(ep.Child("operation"), e.Operation, "must be 'Apply' or 'Update'"))
	}
	if e.FieldsType != "" && e.FieldsType != "FieldsV1" {
		errs = append(errs, field.Invalid(ep.Child("fieldsType"), e.FieldsType, "must be 'FieldsV1'"))
	}
	errs = append(errs, ValidateFieldManager(e.Manager, ep.Child("manager"))...)
	if len(e.Subresource) > SubresourceMaxLength {
		errs = append(errs, field.TooLong(ep.Child("subresource"), "", SubresourceMaxLength))
	}
	return errs
}

// ValidateFieldManager checks the name of a field manager (the `manager`
// of a managedFields entry, or a request's fieldManager): at most 128
// bytes, every character printable.
func ValidateFieldManager(m string, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if len(m) > FieldManagerMaxLength {
		errs = append(errs, field.TooLong(path, "", FieldManagerMaxLength))
	}
	for i, r := range m {
		if !unicode.IsPrint(r) {
			errs = append(errs, field.Invalid(path, m, fmt.Sprintf("must hold printable characters only, not %#U (at byte %d)", r, i)))
		}
	}
	return errs
}

// ValidateOwnerReferences checks `metadata.ownerReferences` (at path) as
// a v1.36 API server does: each reference with an `apiVersion` that has a
// version ('v1', 'batch/v1'), a `kind`, a `name` and a `uid` (Invalid at
// `apiVersion`, `kind`, `name`, `uid` under path — like Kubernetes, the
// path does not say which reference), no Event as an owner, and at most
// one reference with `controller: true` (Invalid at path).
func ValidateOwnerReferences(refs []OwnerReference, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	firstController := ""
	for i := range refs {
		r := &refs[i]
		group, version := splitAPIVersion(r.APIVersion)
		if version == "" {
			errs = append(errs, field.Invalid(path.Child("apiVersion"), r.APIVersion, "must have a version, such as 'v1' or 'batch/v1'"))
		}
		if r.Kind == "" {
			errs = append(errs, field.Invalid(path.Child("kind"), r.Kind, "must not be empty"))
		}
		if r.Name == "" {
			errs = append(errs, field.Invalid(path.Child("name"), r.Name, "must not be empty"))
		}
		if r.UID == "" {
			errs = append(errs, field.Invalid(path.Child("uid"), string(r.UID), "must not be empty"))
		}
		if group == "" && version == "v1" && r.Kind == "Event" {
			errs = append(errs, field.Invalid(path, r.Kind, "must not name an Event: events may not own objects"))
		}
		if r.Controller != nil && *r.Controller {
			name := r.Kind + "/" + r.Name
			if firstController != "" {
				errs = append(errs, field.Invalid(path, name, "must have at most one reference with `controller: true`: "+firstController+" has it already"))
			} else {
				firstController = name
			}
		}
	}
	return errs
}

// splitAPIVersion splits an apiVersion as Kubernetes' ParseGroupVersion
// does: 'v1' has no group, 'batch/v1' has one; a value with more than
// one '/' has neither.
func splitAPIVersion(v string) (group, version string) {
	if v == "" || v == "/" {
		return "", ""
	}
	switch strings.Count(v, "/") {
	case 0:
		return "", v
	case 1:
		g, ver, _ := strings.Cut(v, "/")
		return g, ver
	}
	return "", ""
}

// ValidateFinalizers checks `metadata.finalizers` (at path): each a
// qualified name (Invalid at path, as Kubernetes reports it), a standard
// finalizer or domain-prefixed (Invalid at `finalizers[i]`, see
// [ValidateFinalizerNames]), and not both 'orphan' and
// 'foregroundDeletion'.
func ValidateFinalizers(fs []string, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	orphan, foreground := false, false
	for _, f := range fs {
		errs = append(errs, validation.ValidateQualifiedName(f, path)...)
		orphan = orphan || f == FinalizerOrphanDependents
		foreground = foreground || f == FinalizerDeleteDependents
	}
	if orphan && foreground {
		errs = append(errs, field.Invalid(path, fs, "must not hold both 'orphan' and 'foregroundDeletion'"))
	}
	return append(errs, ValidateFinalizerNames(fs, path)...)
}

// ValidateFinalizerNames checks, as the v1.36 API server does for the
// objects of its core groups (pods and Jobs among them) on create and on
// update, that each finalizer without a '/' is a standard one
// ('kubernetes', 'orphan', 'foregroundDeletion'): else Invalid at
// `<path>[i]`.
func ValidateFinalizerNames(fs []string, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, f := range fs {
		if strings.Contains(f, "/") {
			continue
		}
		switch f {
		case FinalizerKubernetes, FinalizerOrphanDependents, FinalizerDeleteDependents:
		default:
			errs = append(errs, field.Invalid(path.Index(i), f, "must be a standard finalizer ('kubernetes', 'orphan', 'foregroundDeletion') or domain-prefixed, such as 'example.com/cleanup'"))
		}
	}
	return errs
}

// ValidateSystemFields checks the parts of an object's metadata that
// are neither its name nor its labels and annotations, as a v1.36 API
// server does on create: `generation` not negative, then
// [ValidateOwnerReferences], [ValidateFinalizers] and
// [ValidateManagedFields]. path is the metadata's path (`metadata`).
func ValidateSystemFields(m *ObjectMeta, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if m.Generation < 0 {
		errs = append(errs, field.Invalid(path.Child("generation"), m.Generation, "must be greater than or equal to 0"))
	}
	if len(m.OwnerReferences) > 0 && !ownerReferencesValid(m.OwnerReferences) {
		errs = append(errs, ValidateOwnerReferences(m.OwnerReferences, path.Child("ownerReferences"))...)
	}
	if len(m.Finalizers) > 0 && !finalizersValid(m.Finalizers) {
		errs = append(errs, ValidateFinalizers(m.Finalizers, path.Child("finalizers"))...)
	}
	if len(m.ManagedFields) > 0 && !managedFieldsValid(m.ManagedFields) {
		errs = append(errs, ValidateManagedFields(m.ManagedFields, path.Child("managedFields"))...)
	}
	return errs
}

// ObjectMetaUpdateOptions says what the caller of
// [ValidateObjectMetaUpdate] has checked already.
//
// +jobkit:deepcopy=false
type ObjectMetaUpdateOptions struct {
	// ValidatedAsNew is true when the new metadata has been checked with
	// the create rules, [ValidateObjectMeta], as a Job's or a Pod's
	// update does before its update rules.
	ValidatedAsNew bool
}

// ValidateObjectMetaUpdate checks the metadata of an update of an object
// of the given kind ("Job", "Pod"), as a v1.36 API server's strategies do
// (core's ValidateObjectMetaUpdate: apimachinery's
// ValidateObjectMetaAccessorUpdate, then the finalizer-name rule), in its
// order:
//   - no finalizer added once the object is being deleted (Forbidden at
//     `finalizers`);
//   - `generation` not decremented (Invalid);
//   - `name`, `namespace`, `uid`, `creationTimestamp` unchanged, and
//     `deletionTimestamp`, `deletionGracePeriodSeconds` unchanged: only a
//     delete sets them (Invalid);
//   - the new labels and annotations valid ([ValidateAnnotations]), owner
//     references ([ValidateOwnerReferences]) and managedFields
//     ([ValidateManagedFields]) valid;
//   - each finalizer a standard or domain-prefixed name
//     ([ValidateFinalizerNames]).
//
// With opts.ValidatedAsNew, set by an update that has checked m with the
// create rules ([ValidateObjectMeta]) as a Job's and a Pod's update do,
// only what may not change is checked: the create rules have said all
// there is to say of m's validity, and each problem is reported once,
// where Kubernetes reports it twice (as it reports such an update's spec
// errors twice: jobkit keeps one of each). The resourceVersion is not
// checked: the API server fills it in for an unconditional update. path
// is the metadata's path (`metadata`).
func ValidateObjectMetaUpdate(m, old *ObjectMeta, path *field.Path, kind string, opts ObjectMetaUpdateOptions) field.ErrorList {
	var errs field.ErrorList
	immutable := "may not be changed once the " + kind + " is created"
	if old.DeletionTimestamp != nil {
		var added []string
		for _, f := range m.Finalizers {
			if !slices.Contains(old.Finalizers, f) && !slices.Contains(added, f) {
				added = append(added, f)
			}
		}
		if len(added) > 0 {
			slices.Sort(added)
			errs = append(errs, field.Forbidden(path.Child("finalizers"), fmt.Sprintf("may not gain finalizers while the %s is being deleted: remove %q", kind, added)))
		}
	}
	if m.Generation < old.Generation {
		errs = append(errs, field.Invalid(path.Child("generation"), m.Generation, fmt.Sprintf("must not be decremented (it was %d)", old.Generation)))
	}
	if m.Name != old.Name {
		errs = append(errs, field.Invalid(path.Child("name"), m.Name, immutable))
	}
	if m.Namespace != old.Namespace {
		errs = append(errs, field.Invalid(path.Child("namespace"), m.Namespace, immutable))
	}
	if m.UID != old.UID {
		errs = append(errs, field.Invalid(path.Child("uid"), string(m.UID), immutable))
	}
	if !m.CreationTimestamp.Equal(old.CreationTimestamp) {
		errs = append(errs, field.Invalid(path.Child("creationTimestamp"), m.CreationTimestamp, immutable))
	}
	if a, b := m.DeletionTimestamp, old.DeletionTimestamp; (a == nil) != (b == nil) || a != nil && !a.Equal(*b) {
		errs = append(errs, field.Invalid(path.Child("deletionTimestamp"), a, "may only be set by deleting the "+kind))
	}
	if a, b := m.DeletionGracePeriodSeconds, old.DeletionGracePeriodSeconds; (a == nil) != (b == nil) || a != nil && *a != *b {
		errs = append(errs, field.Invalid(path.Child("deletionGracePeriodSeconds"), a, "may only be set by deleting the "+kind))
	}
	if opts.ValidatedAsNew {
		return errs
	}
	if len(m.Labels) > 0 && len(selector.ValidateLabels(m.Labels, nil)) > 0 {
		errs = append(errs, selector.ValidateLabels(m.Labels, path.Child("labels"))...)
	}
	if len(m.Annotations) > 0 && !annotationsValid(m.Annotations) {
		errs = append(errs, ValidateAnnotations(m.Annotations, path.Child("annotations"))...)
	}
	if len(m.OwnerReferences) > 0 && !ownerReferencesValid(m.OwnerReferences) {
		errs = append(errs, ValidateOwnerReferences(m.OwnerReferences, path.Child("ownerReferences"))...)
	}
	if len(m.ManagedFields) > 0 && !managedFieldsValid(m.ManagedFields) {
		errs = append(errs, ValidateManagedFields(m.ManagedFields, path.Child("managedFields"))...)
	}
	if len(m.Finalizers) > 0 && !finalizerNamesValid(m.Finalizers) {
		errs = append(errs, ValidateFinalizerNames(m.Finalizers, path.Child("finalizers"))...)
	}
	return errs
}

// ownerReferencesValid reports, without allocating, whether
// ValidateOwnerReferences finds nothing wrong.
func ownerReferencesValid(refs []OwnerReference) bool {
	controllers := 0
	for i := range refs {
		r := &refs[i]
		group, version := splitAPIVersion(r.APIVersion)
		if version == "" || r.Kind == "" || r.Name == "" || r.UID == "" || group == "" && version == "v1" && r.Kind == "Event" {
			return false
		}
		if r.Controller != nil && *r.Controller {
			controllers++
		}
	}
	return controllers <= 1
}

// finalizersValid reports, without allocating, whether ValidateFinalizers
// finds nothing wrong.
func finalizersValid(fs []string) bool {
	orphan, foreground := false, false
	for _, f := range fs {
		if !validation.IsQualifiedName(f) {
			return false
		}
		orphan = orphan || f == FinalizerOrphanDependents
		foreground = foreground || f == FinalizerDeleteDependents
	}
	return !(orphan && foreground) && finalizerNamesValid(fs)
}

// finalizerNamesValid reports, without allocating, whether
// ValidateFinalizerNames finds nothing wrong.
func finalizerNamesValid(fs []string) bool {
	for _, f := range fs {
		if !strings.Contains(f, "/") && f != FinalizerKubernetes && f != FinalizerOrphanDependents && f != FinalizerDeleteDependents {
			return false
		}
	}
	return true
}
