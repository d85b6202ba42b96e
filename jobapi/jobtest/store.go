package jobtest

import (
	"crypto/rand"
	"io"
	"slices"
	"sync"
	"time"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// Object is the set of types a Store keeps: Jobs and Pods, in their hub
// form.
type Object interface {
	jobapi.Job | core.Pod
}

// Store is an in-memory API server for Jobs and Pods: what a controller's
// unit test talks to instead of a cluster. Reach a resource in a namespace
// with [Store.Jobs] and [Store.Pods]; each verb behaves as the API server's
// does (see [Resource]), including the Status errors it returns.
//
// A Store is safe for concurrent use. Every write takes the next value of one
// store-wide resourceVersion counter, as etcd's revision does, so
// resourceVersions order all writes of both kinds. The zero Store is not
// usable: call [NewStore].
type Store struct {
	mu      sync.RWMutex
	rv      uint64 // the resourceVersion of the latest write
	random  io.Reader
	now     func() time.Time
	jobOpts []jobapi.LabelKeyOption
	history int

	jobs *table[jobapi.Job]
	pods *table[core.Pod]

	// gone holds the uids of the objects the store has removed: the
	// garbage collector's knowledge of absent owners.
	gone map[meta.UID]struct{}
	// gcPending is set by a write the garbage collector must look at.
	gcPending bool
}

// StoreOption changes how a Store works. Pass them to [NewStore].
type StoreOption func(*Store)

// WithClock makes the store read the time of `metadata.creationTimestamp`
// from now instead of the system clock (a nil now keeps the system clock).
// A fixed clock makes created objects, and the output of examples,
// reproducible.
func WithClock(now func() time.Time) StoreOption {
	return func(s *Store) {
		if now != nil {
			s.now = now
		}
	}
}

// WithRandom makes the store read the randomness of uids and of names made
// from `metadata.generateName` from r instead of crypto/rand. A seeded
// source, such as math/rand/v2's ChaCha8, makes them reproducible. The store
// reads r only while it holds its lock, so r need not be safe for concurrent
// use. When r fails, the write fails with a 500 InternalError.
func WithRandom(r io.Reader) StoreOption {
	return func(s *Store) {
		if r != nil {
			s.random = r
		}
	}
}

// WithJobOptions gives the label key options opts (jobapi.WithLabelKeys,
// jobapi.WithUniqueLabelKey) to the create-time processing and the
// validation of Jobs (jobapi.PrepareForCreate, Validate and
// ValidateUpdate). The store sets the uid and the creation time itself
// (see [WithRandom] and [WithClock]). A bad option makes every Job create
// fail with a 500 InternalError that names it.
func WithJobOptions(opts ...jobapi.LabelKeyOption) StoreOption {
	return func(s *Store) { s.jobOpts = append(s.jobOpts, opts...) }
}

// DefaultWatchHistory is the number of events per kind a Store keeps for
// watches that start from a past resourceVersion, unless
// [WithWatchHistory] says otherwise.
const DefaultWatchHistory = 1024

// WithWatchHistory makes the store keep the last n events of each kind for
// [Resource.Watch] (at least 1). A watch from a resourceVersion older than
// the history fails with 410 Gone, reason `Expired`, as Kubernetes' watch
// cache does; a small n lets a test provoke it.
func WithWatchHistory(n int) StoreOption {
	return func(s *Store) { s.history = max(n, 1) }
}

// NewStore returns an empty store. Its resourceVersion starts at 1, like a
// new etcd's revision: the first write gets "2".
func NewStore(opts ...StoreOption) *Store {
	s := &Store{rv: 1, random: rand.Reader, now: time.Now, history: DefaultWatchHistory, gone: map[meta.UID]struct{}{}}
	for _, opt := range opts {
		if opt != nil {
			opt(s)
		}
	}
	s.jobOpts = slices.Clip(s.jobOpts)
	s.jobs = newTable(jobKind(s))
	s.pods = newTable(podKind())
	return s
}

// Jobs returns the Jobs of namespace, or of every namespace when namespace
// is "" (for List and Watch only; the other verbs need a namespace).
func (s *Store) Jobs(namespace string) *Resource[jobapi.Job] {
	return &Resource[jobapi.Job]{s: s, t: s.jobs, ns: namespace}
}

// Pods returns the Pods of namespace, or of every namespace when namespace
// is "" (for List and Watch only; the other verbs need a namespace).
func (s *Store) Pods(namespace string) *Resource[core.Pod] {
	return &Resource[core.Pod]{s: s, t: s.pods, ns: namespace}
}

// ResourceVersion returns the store's current resourceVersion: that of its
// latest write, "1" when there has been none.
func (s *Store) ResourceVersion() string {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return formatRV(s.rv)
}

// table holds the objects of one kind, their recent events and the
// watches on them. The Store's lock guards it. Stored objects are
// immutable: every write stores a new object, so an object read under the
// lock may be copied after it is released.
type table[T Object] struct {
	kind     *kind[T]
	objects  map[string]map[string]*T // namespace → name → object
	count    int
	history  ring[T]
	watchers map[*Watcher[T]]struct{}
}

func newTable[T Object](k *kind[T]) *table[T] {
	return &table[T]{
		kind:     k,
		objects:  map[string]map[string]*T{},
		watchers: map[*Watcher[T]]struct{}{},
	}
}

func (t *table[T]) get(ns, name string) (*T, bool) {
	o, ok := t.objects[ns][name]
	return o, ok
}

func (t *table[T]) put(ns, name string, o *T) {
	byName := t.objects[ns]
	if byName == nil {
		byName = map[string]*T{}
		t.objects[ns] = byName
	}
	if _, ok := byName[name]; !ok {
		t.count++
	}
	byName[name] = o
}

func (t *table[T]) remove(ns, name string) {
	byName := t.objects[ns]
	if _, ok := byName[name]; !ok {
		return
	}
	delete(byName, name)
	t.count--
	if len(byName) == 0 {
		delete(t.objects, ns)
	}
}

// sorted returns the objects of namespace ns (every namespace when ns is
// "") that keep returns true for, in the order etcd lists keys: by
// namespace, then by name.
func (t *table[T]) sorted(ns string, keep func(*T) bool) []*T {
	var namespaces []string
	if ns != "" {
		namespaces = []string{ns}
	} else {
		namespaces = make([]string, 0, len(t.objects))
		for n := range t.objects {
			namespaces = append(namespaces, n)
		}
		slices.Sort(namespaces)
	}
	var out []*T
	for _, n := range namespaces {
		byName := t.objects[n]
		names := make([]string, 0, len(byName))
		for name := range byName {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if o := byName[name]; keep(o) {
				out = append(out, o)
			}
		}
	}
	return out
}
