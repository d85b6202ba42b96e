package jobtest

import "sync"

// EventType says what happened to the object of an [Event].
type EventType string

// The event types of a watch, as Kubernetes writes them.
const (
	// Added: the object was created, or (in a watch with a selector) it
	// changed so that it now matches.
	Added EventType = "ADDED"
	// Modified: the object was updated and still matches.
	Modified EventType = "MODIFIED"
	// Deleted: the object was deleted, or (in a watch with a selector) it
	// changed so that it no longer matches; Object is its last state that
	// matched, with the resourceVersion of the change.
	Deleted EventType = "DELETED"
)

// Event is one change a [Watcher] delivers. Object is the watcher's own
// copy: changing it changes nothing in the store.
type Event[T Object] struct {
	Type   EventType
	Object *T
}

// Watcher delivers the events of one watch, in the order of their
// resourceVersions, on [Watcher.ResultChan] until [Watcher.Stop] is
// called. It queues the events that its reader has not taken yet, without
// bound, so a slow reader never blocks the store (a Kubernetes API server
// would instead end the watch of a reader that falls too far behind).
//
// A Watcher holds a goroutine until it is stopped: always call Stop.
type Watcher[T Object] struct {
	t  *table[T]
	s  *Store
	ns string
	lo listOptions
	// after is the resourceVersion the watch starts after: it delivers no
	// event at or before it.
	after uint64
	ch    chan Event[T]
	stop  chan struct{}
	wake  chan struct{}
	once  sync.Once

	mu    sync.Mutex
	queue []pending[T]
}

// pending is a queued event whose object is a stored (immutable) object
// not yet copied for the reader.
type pending[T Object] struct {
	typ EventType
	obj *T
	rv  string // when not "", replaces the copy's resourceVersion
}

// ResultChan returns the channel the events arrive on. It is closed after
// Stop.
func (w *Watcher[T]) ResultChan() <-chan Event[T] { return w.ch }

// Stop ends the watch: no event is queued after it returns, and the
// channel of ResultChan is closed soon after (events still queued are
// dropped). Stop may be called more than once, from any goroutine.
func (w *Watcher[T]) Stop() {
	w.once.Do(func() {
		w.s.mu.Lock()
		delete(w.t.watchers, w)
		w.s.mu.Unlock()
		close(w.stop)
	})
}

// matches reports whether o is in the watch's namespace and matches its
// selector.
func (w *Watcher[T]) matches(o *T) bool {
	m := w.t.kind.meta(o)
	return (w.ns == "" || m.Namespace == w.ns) && matchObject(&w.lo, w.t.kind, o)
}

// offer queues what the watcher sees of ev, if anything: a MODIFIED event
// of an object that starts or stops matching the selector is an ADDED or a
// DELETED event. The caller holds the store's lock.
func (w *Watcher[T]) offer(ev event[T]) {
	if ev.rv <= w.after {
		return
	}
	var p pending[T]
	switch ev.typ {
	case Added, Deleted:
		if !w.matches(ev.obj) {
			return
		}
		p = pending[T]{typ: ev.typ, obj: ev.obj}
	case Modified:
		now, before := w.matches(ev.obj), w.matches(ev.prev)
		switch {
		case now && before:
			p = pending[T]{typ: Modified, obj: ev.obj}
		case now:
			p = pending[T]{typ: Added, obj: ev.obj}
		case before:
			p = pending[T]{typ: Deleted, obj: ev.prev, rv: formatRV(ev.rv)}
		default:
			return
		}
	}
	w.mu.Lock()
	w.queue = append(w.queue, p)
	w.mu.Unlock()
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// pump copies queued events to the channel until Stop.
func (w *Watcher[T]) pump() {
	defer close(w.ch)
	for {
		w.mu.Lock()
		if len(w.queue) == 0 {
			w.mu.Unlock()
			select {
			case <-w.wake:
				continue
			case <-w.stop:
				return
			}
		}
		p := w.queue[0]
		w.queue[0] = pending[T]{}
		w.queue = w.queue[1:]
		w.mu.Unlock()

		ev := Event[T]{Type: p.typ, Object: w.t.kind.copy(p.obj)}
		if p.rv != "" {
			w.t.kind.meta(ev.Object).ResourceVersion = p.rv
		}
		select {
		case w.ch <- ev:
		case <-w.stop:
			return
		}
	}
}

// event is one write, kept in a table's history for watches that start in
// the past. obj and prev are stored objects, never changed.
type event[T Object] struct {
	typ  EventType
	obj  *T // the object after the write; for Deleted, its last state with the deletion's resourceVersion
	prev *T // for Modified, the object before the write
	rv   uint64
}

// ring is the bounded history of a table: the latest events, oldest first.
type ring[T Object] struct {
	buf     []event[T]
	start   int
	evicted uint64 // the resourceVersion of the newest event dropped, 0 if none
}

func (r *ring[T]) add(ev event[T], capacity int) {
	if len(r.buf) < capacity {
		r.buf = append(r.buf, ev)
		return
	}
	r.evicted = r.buf[r.start].rv
	r.buf[r.start] = ev
	r.start = (r.start + 1) % len(r.buf)
}

// since returns the kept events whose resourceVersion is greater than rv,
// oldest first.
func (r *ring[T]) since(rv uint64) []event[T] {
	var out []event[T]
	for i := range r.buf {
		if ev := r.buf[(r.start+i)%len(r.buf)]; ev.rv > rv {
			out = append(out, ev)
		}
	}
	return out
}

// record adds ev to the history of t and offers it to every watcher. The
// caller holds the store's lock.
func (t *table[T]) record(ev event[T], capacity int) {
	t.history.add(ev, capacity)
	for w := range t.watchers {
		w.offer(ev)
	}
}
