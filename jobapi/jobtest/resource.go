package jobtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/selector"
)

// Resource is one kind of object, Jobs or Pods, in one namespace of a
// [Store] (or in all of them), with the verbs of the API server. Get one
// with [Store.Jobs] or [Store.Pods]; it is a cheap handle, safe for
// concurrent use.
//
// Every verb follows the API conventions as Kubernetes implements them:
//
//   - Objects go in and come out as copies: changing an object passed to or
//     returned by a verb never changes the store. They are stored as they
//     would come back from the API server's JSON: empty lists and maps
//     become nil, times are cut to the second, raw JSON is compacted, and
//     `apiVersion` and `kind` are `batch/v1` Job or `v1` Pod.
//   - Every write (create, update, status update, delete) gives the object
//     the next resourceVersion of the store; an update or status update that
//     changes nothing is not a write (the resourceVersion stays, no event).
//   - Every error is a *field.StatusError with the reason and HTTP code a
//     Kubernetes API server returns: 400 BadRequest, 404 NotFound,
//     409 AlreadyExists, 409 Conflict, 410 Expired (from Watch),
//     422 Invalid (with a cause per field error), the errors of PATCH
//     (see [Resource.Patch]) and, for a failing store option, 500
//     InternalError.
//
// What the store does besides (defaults, graceful deletion, finalizers,
// garbage collection, PATCH, field selectors) and does not do is in the
// package documentation.
type Resource[T Object] struct {
	s  *Store
	t  *table[T]
	ns string
}

// List is the result of [Resource.List]: the matching objects, ordered by
// namespace and name, and the store's resourceVersion when it was taken
// (from which a [Resource.Watch] misses nothing).
type List[T Object] struct {
	ResourceVersion string
	Items           []*T
}

// ListOption narrows a [Resource.List] or a [Resource.Watch]. Given
// several, an object must match them all.
type ListOption func(*listOptions)

type listOptions struct {
	selectors  []selector.Selector
	fieldExprs []string
	fields     []fieldTerm
	err        error
}

// MatchingSelector keeps the objects whose labels sel matches.
func MatchingSelector(sel selector.Selector) ListOption {
	return func(o *listOptions) { o.selectors = append(o.selectors, sel) }
}

// MatchingLabels keeps the objects whose labels match expr, a selector in
// the syntax of `kubectl get -l` (selector.Parse). An expr that does not
// parse makes the List or Watch fail with 400 BadRequest, as the API
// server's `labelSelector` parameter does.
func MatchingLabels(expr string) ListOption {
	return func(o *listOptions) {
		sel, err := selector.Parse(expr)
		if err != nil {
			if o.err == nil {
				o.err = field.NewBadRequest(fmt.Sprintf("unable to parse the label selector %q: %v", expr, err))
			}
			return
		}
		o.selectors = append(o.selectors, sel)
	}
}

func buildListOptions[T Object](opts []ListOption, k *kind[T]) (listOptions, error) {
	var lo listOptions
	for _, opt := range opts {
		if opt != nil {
			opt(&lo)
		}
	}
	if lo.err == nil {
		lo.err = compileFields(&lo, k)
	}
	return lo, lo.err
}

// matchObject reports whether o, of kind k, matches the label and field
// selectors of lo.
func matchObject[T Object](lo *listOptions, k *kind[T], o *T) bool {
	labels := k.meta(o).Labels
	for _, sel := range lo.selectors {
		if !sel.Matches(selector.Set(labels)) {
			return false
		}
	}
	return len(lo.fields) == 0 || matchFields(lo.fields, k.fields(o))
}

func formatRV(rv uint64) string { return strconv.FormatUint(rv, 10) }

// plural names the Store method that returns r's kind, for messages.
func (r *Resource[T]) plural() string {
	if r.t.kind.resource == jobsResource {
		return "Jobs"
	}
	return "Pods"
}

// needNamespace refuses a verb on a single object of a Resource of every
// namespace.
func (r *Resource[T]) needNamespace(verb string) error {
	if r.ns != "" {
		return nil
	}
	return field.NewBadRequest(fmt.Sprintf("jobtest: %s needs a namespace: use Store.%s(namespace) with a namespace; Store.%s(\"\") is for listing and watching every namespace", verb, r.plural(), r.plural()))
}

// claimNamespace gives m the Resource's namespace, or refuses an object
// from another one, as the API server does.
func (r *Resource[T]) claimNamespace(m *meta.ObjectMeta) error {
	switch m.Namespace {
	case "":
		m.Namespace = r.ns
	case r.ns:
	default:
		return field.NewBadRequest("the namespace of the provided object does not match the namespace sent on the request")
	}
	return nil
}

// accept copies an object a caller passes in, so that the result shares
// nothing with obj, and puts it in r's namespace. With normalized, the copy
// is what the API server would decode from the object's JSON: empty lists
// and maps are nil, times are whole seconds, raw JSON is compact.
func (r *Resource[T]) accept(obj *T, verb string, normalized bool) (*T, error) {
	if obj == nil {
		return nil, field.NewBadRequest(fmt.Sprintf("jobtest: %s needs an object, not nil", verb))
	}
	if err := r.needNamespace(verb); err != nil {
		return nil, err
	}
	o := r.t.kind.copy(obj)
	if normalized {
		var err error
		if o, err = normalize(o); err != nil {
			return nil, errNotEncodable(err)
		}
	}
	if err := r.claimNamespace(r.t.kind.meta(o)); err != nil {
		return nil, err
	}
	return o, nil
}

func errNotEncodable(err error) error {
	return field.NewBadRequest(fmt.Sprintf("the object cannot be encoded: %v", err))
}

// normalize returns o as it comes back from a JSON round trip.
func normalize[T Object](o *T) (*T, error) {
	data, err := json.Marshal(o)
	if err != nil {
		return nil, err
	}
	out := new(T)
	if err := any(out).(json.Unmarshaler).UnmarshalJSON(data); err != nil {
		return nil, err
	}
	return out, nil
}

// same reports whether two normalized objects (or parts of objects) are
// equal, and so encode to the same JSON: whether a write of a over b would
// change what the store holds. Normalized objects hold no empty lists or
// maps, only compact raw JSON and times in UTC, and deep copies keep them
// so, which makes reflect.DeepEqual exact.
func same(a, b any) bool { return reflect.DeepEqual(a, b) }

// Create stores a new object, as a POST does, and returns it as stored with
// the warnings of the create-time processing.
//
//   - The namespace is the Resource's (an object naming another one is a
//     400 BadRequest).
//   - An empty `metadata.name` is made from `metadata.generateName` and five
//     random characters; a name that is taken is drawn again, up to 8 times
//     in all, before the create fails with AlreadyExists.
//   - The store sets `metadata.uid`, `creationTimestamp`, `generation: 1` and
//     `resourceVersion`, and ignores the status: a Job's is cleared, a Pod's
//     becomes `phase: Pending`. A uid or resourceVersion the object carried
//     is replaced with a warning.
//   - The members that jobkit does not model are dropped with a warning
//     `unknown field "PATH"` each (jobapi.DropUnknownFields), as the API
//     server's request decoder does under its default field validation
//     (Warn); these warnings come first.
//   - A Job gets batch/v1's defaults, goes through jobapi.PrepareForCreate
//     (the generated selector and labels, with the options of
//     [WithJobOptions]) and jobapi.Validate, and is stored and returned as
//     jobapi.ReadBack leaves it (what the API server returns); a Pod goes
//     through the pod validation the store has. Failing validation is a
//     422 Invalid error with a cause per field error.
//   - A name that is taken is a 409 AlreadyExists error.
func (r *Resource[T]) Create(obj *T) (*T, meta.Warnings, error) {
	k := r.t.kind
	o, err := r.accept(obj, "Create", false)
	if err != nil {
		return nil, nil, err
	}
	m := k.meta(o)

	// As the API server decodes the request body.
	var warnings meta.Warnings
	if k.decode != nil {
		warnings = k.decode(o)
	}
	if k.defaults != nil {
		k.defaults(o)
	}

	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	if m.Name == "" && m.GenerateName != "" {
		// The generic store's generate-name retry creates from a deep
		// copy, which separates maps the defaults shared (a Job's labels
		// from its template's).
		o = k.copy(o)
		m = k.meta(o)
		if m.Name, err = r.freeName(m.GenerateName); err != nil {
			return nil, nil, err
		}
	}
	uid, err := newUID(r.s.random)
	if err != nil {
		return nil, nil, field.NewInternalError(err)
	}
	created, err := k.prepareCreate(o, uid, r.s.now())
	if err != nil {
		return nil, nil, field.NewInternalError(err)
	}
	warnings = append(warnings, created...)
	if errs := k.validate(o); len(errs) > 0 {
		return nil, nil, field.NewInvalid(k.kindName, m.Name, errs)
	}
	if _, taken := r.t.get(r.ns, m.Name); taken {
		return nil, nil, field.NewAlreadyExists(k.resource, m.Name)
	}
	if k.readBack != nil {
		k.readBack(o)
	}
	rv := r.s.rv + 1
	m.ResourceVersion = formatRV(rv)
	*k.typeMeta(o) = k.apiType
	stored, err := normalize(o)
	if err != nil {
		return nil, nil, errNotEncodable(err)
	}
	r.s.rv = rv
	r.t.put(r.ns, m.Name, stored)
	r.t.record(event[T]{typ: Added, obj: stored, rv: rv}, r.s.history)
	return k.copy(stored), warnings, nil
}

// freeName returns a name made from prefix that no object in r's
// namespace has. The caller holds the lock.
func (r *Resource[T]) freeName(prefix string) (string, error) {
	var name string
	for range nameAttempts {
		var err error
		if name, err = jobapi.NameFromGenerateName(prefix, r.s.random); err != nil {
			return "", field.NewInternalError(err)
		}
		if _, taken := r.t.get(r.ns, name); !taken {
			return name, nil
		}
	}
	return "", field.NewAlreadyExists(r.t.kind.resource, name)
}

// Get returns the object called name, or a 404 NotFound error.
func (r *Resource[T]) Get(name string) (*T, error) {
	if err := r.needNamespace("Get"); err != nil {
		return nil, err
	}
	if name == "" {
		return nil, field.NewBadRequest("resource name may not be empty")
	}
	r.s.mu.RLock()
	o, ok := r.t.get(r.ns, name)
	r.s.mu.RUnlock()
	if !ok {
		return nil, field.NewNotFound(r.t.kind.resource, name)
	}
	return r.t.kind.copy(o), nil
}

// List returns the objects that match opts (all of them when there is no
// option), ordered by namespace and name, with the store's resourceVersion
// at the time. It reads the latest state (Kubernetes' `resourceVersion`
// and `resourceVersionMatch` list parameters are not modelled). Its only
// error is a 400 BadRequest for a [MatchingLabels] or [MatchingFields]
// that does not parse or names an unsupported field.
func (r *Resource[T]) List(opts ...ListOption) (*List[T], error) {
	k := r.t.kind
	lo, err := buildListOptions(opts, k)
	if err != nil {
		return nil, err
	}
	r.s.mu.RLock()
	objs := r.t.sorted(r.ns, func(o *T) bool { return matchObject(&lo, k, o) })
	rv := r.s.rv
	r.s.mu.RUnlock()
	items := make([]*T, len(objs))
	for i, o := range objs {
		items[i] = k.copy(o)
	}
	return &List[T]{ResourceVersion: formatRV(rv), Items: items}, nil
}

// Update replaces the object, as a PUT does, and returns it as stored.
//
//   - `metadata.resourceVersion` is the precondition of optimistic
//     concurrency: when it is set and is not the stored object's, the
//     update fails with 409 Conflict ("the object has been modified; please
//     apply your changes to the latest version and try again"): get the
//     object again, apply the change again and retry. When it is empty the
//     update is unconditional, as Kubernetes allows for Jobs and Pods: it
//     may silently overwrite a concurrent change.
//   - The status is ignored: the stored one is kept (use UpdateStatus).
//     So are `generation`, `creationTimestamp` and `deletionTimestamp`
//     (and an unset `deletionGracePeriodSeconds`); an empty `uid` means
//     the stored one. A Job gets batch/v1's defaults, as a decoded PUT
//     body does.
//   - An update that leaves an object being deleted (with no grace period
//     left) without finalizers removes it, and returns the object as
//     sent.
//   - `metadata.generation` is incremented when the spec changes, and only
//     then.
//   - A Job must pass jobapi.ValidateUpdate (what may not change has not);
//     a Pod must pass core.ValidatePodUpdate (only images, a closer
//     activeDeadlineSeconds, added tolerations, removed scheduling gates
//     and, while gated, added node constraints). Else 422 Invalid.
//   - An object that does not exist is a 404 NotFound: Update never
//     creates.
//
// An update that leaves the stored object as it was is not a write: the
// resourceVersion stays and watchers see no event, as with etcd.
func (r *Resource[T]) Update(obj *T) (*T, error) { return r.update(obj, "Update") }

// UpdateStatus replaces the status of the object, as a PUT to the `/status`
// subresource does, and returns the object as stored. Everything but the
// status is ignored, the stored spec and metadata are kept and the
// generation does not change. `metadata.resourceVersion` is checked as by
// Update (409 Conflict when stale). A Job's new status must have no negative
// counts and, in `completedIndexes` and `failedIndexes`, only well-formed
// interval lists of indexes below `spec.completions`, set only in an Indexed
// Job; else 422 Invalid. A Pod's must pass core.ValidatePodStatusUpdate
// (no container back from terminated unless it restarts, valid IPs and
// conditions, an unchanged qosClass, ...).
func (r *Resource[T]) UpdateStatus(obj *T) (*T, error) { return r.update(obj, "UpdateStatus") }

func (r *Resource[T]) update(obj *T, verb string) (*T, error) {
	k := r.t.kind
	o, err := r.accept(obj, verb, true)
	if err != nil {
		return nil, err
	}
	m := k.meta(o)
	if m.Name == "" {
		return nil, field.NewBadRequest("resource name may not be empty")
	}

	r.s.mu.Lock()
	defer r.s.mu.Unlock()
	old, ok := r.t.get(r.ns, m.Name)
	if !ok {
		return nil, field.NewNotFound(k.resource, m.Name)
	}
	om := k.meta(old)
	if m.ResourceVersion != "" && m.ResourceVersion != om.ResourceVersion {
		return nil, field.NewConflict(k.resource, m.Name, errors.New(optimisticLockMessage))
	}

	var errs field.ErrorList
	if verb == "UpdateStatus" {
		n := k.copy(old)
		k.takeStatus(n, o)
		o, m = n, k.meta(n)
		errs = k.validateStatus(o, old)
	} else {
		// What the request may not set, as the API server's BeforeUpdate
		// and the kinds' update strategies ignore it.
		*k.typeMeta(o) = k.apiType
		m.Generation = om.Generation
		if m.UID == "" {
			m.UID = om.UID
		}
		m.CreationTimestamp = om.CreationTimestamp
		if om.DeletionTimestamp != nil {
			m.DeletionTimestamp = om.DeletionTimestamp.DeepCopy()
		}
		if om.DeletionGracePeriodSeconds != nil && m.DeletionGracePeriodSeconds == nil {
			g := *om.DeletionGracePeriodSeconds
			m.DeletionGracePeriodSeconds = &g
		}
		if k.defaults != nil {
			// The body of a PUT is decoded with the version's defaults.
			k.defaults(o)
			if o, err = normalize(o); err != nil {
				return nil, errNotEncodable(err)
			}
			m = k.meta(o)
		}
		k.keepStatus(o, old)
		if !same(k.spec(o), k.spec(old)) {
			m.Generation++
		}
		errs = k.validateUpdate(o, old)
	}
	if len(errs) > 0 {
		return nil, field.NewInvalid(k.kindName, m.Name, errs)
	}

	if shouldDeleteDuringUpdate(m, om) {
		// The last finalizer of an object being deleted is gone: the
		// generic store deletes it instead of writing the update, and
		// answers with the object of the request.
		removeLocked(r.s, r.t, old)
		r.s.collectGarbage()
		m.ResourceVersion = om.ResourceVersion
		return k.copy(o), nil
	}
	stored := writeLocked(r.s, r.t, o, old)
	r.s.collectGarbage()
	return k.copy(stored), nil
}

// Watch starts a watch on the objects that match opts and returns its
// [Watcher]. resourceVersion says where it starts, as in Kubernetes:
//
//   - "" or "0": at the current state, delivered first as an ADDED event
//     for every matching object (ordered by namespace and name), then every
//     later change;
//   - a resourceVersion, such as a [List]'s: every change after it, so that
//     a List followed by a Watch from its resourceVersion misses nothing.
//     When the store no longer keeps the history back to it (see
//     [WithWatchHistory]), Watch fails with 410 Gone, reason `Expired`:
//     list again and watch from the new list's resourceVersion. A
//     resourceVersion not yet reached is waited for.
//
// A resourceVersion that is not a number is a 400 BadRequest, and so is a
// [MatchingLabels] that does not parse.
func (r *Resource[T]) Watch(resourceVersion string, opts ...ListOption) (*Watcher[T], error) {
	lo, err := buildListOptions(opts, r.t.kind)
	if err != nil {
		return nil, err
	}
	fromNow := resourceVersion == "" || resourceVersion == "0"
	var from uint64
	if !fromNow {
		if from, err = strconv.ParseUint(resourceVersion, 10, 64); err != nil {
			return nil, field.NewBadRequest(fmt.Sprintf("invalid resourceVersion %q: must be a decimal integer", resourceVersion))
		}
	}
	w := &Watcher[T]{
		t: r.t, s: r.s, ns: r.ns, lo: lo,
		ch:   make(chan Event[T]),
		stop: make(chan struct{}),
		wake: make(chan struct{}, 1),
	}
	r.s.mu.Lock()
	if fromNow {
		w.after = r.s.rv
		for _, o := range r.t.sorted(r.ns, w.matches) {
			w.queue = append(w.queue, pending[T]{typ: Added, obj: o})
		}
	} else {
		if oldest := r.t.history.evicted; from < oldest {
			r.s.mu.Unlock()
			return nil, newExpired(from, oldest)
		}
		w.after = from
		for _, ev := range r.t.history.since(from) {
			w.offer(ev)
		}
	}
	r.t.watchers[w] = struct{}{}
	r.s.mu.Unlock()
	go w.pump()
	return w, nil
}
