package jobtest

import (
	"bytes"
	"errors"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/field"
)

// script returns a reader of the bytes the store reads, in order, for a
// create with generateName: 5 bytes per name it tries (byte b gives the
// character nameSuffixAlphabet[b]), then 16 bytes of uid.
func script(names ...[]byte) []byte {
	var b []byte
	for _, n := range names {
		b = append(b, n...)
	}
	return b
}

func repeat(c byte, n int) []byte { return bytes.Repeat([]byte{c}, n) }

func TestGenerateNameRetriesATakenName(t *testing.T) {
	uid := repeat(7, 16)
	r := bytes.NewReader(script(
		repeat(0, 5), uid, // first pod: "p-bbbbb"
		repeat(0, 5), repeat(1, 5), uid, // second: "p-bbbbb" is taken, then "p-ccccc"
	))
	s := NewStore(WithRandom(r))
	var names []string
	for range 2 {
		p, _, err := s.Pods("ns").Create(Pod("", GenerateName("p-")))
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, p.ObjectMeta.Name)
	}
	if diff := cmp.Diff([]string{"p-bbbbb", "p-ccccc"}, names); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestGenerateNameGivesUpWithAlreadyExists(t *testing.T) {
	zeros := iotest.OneByteReader(bytes.NewReader(make([]byte, 1000)))
	s := NewStore(WithRandom(zeros))
	if _, _, err := s.Pods("ns").Create(Pod("", GenerateName("p-"))); err != nil {
		t.Fatal(err)
	}
	_, _, err := s.Pods("ns").Create(Pod("", GenerateName("p-")))
	se := RequireStatusReason(t, err, field.StatusReasonAlreadyExists)
	if se.Error() != `pods "p-bbbbb" already exists` {
		t.Errorf("message %q", se.Error())
	}
}

func TestAFailingRandomSourceIsAnInternalError(t *testing.T) {
	s := NewStore(WithRandom(iotest.ErrReader(errors.New("no entropy"))))
	_, _, err := s.Jobs("ns").Create(Job("pi"))
	se := RequireStatusReason(t, err, field.StatusReasonInternalError)
	if se.Code() != 500 {
		t.Errorf("code %d, want 500", se.Code())
	}
	if n := len(must(s.Jobs("ns").List()).Items); n != 0 {
		t.Errorf("%d Jobs stored", n)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// The store detects writes that change nothing with reflect.DeepEqual on
// normalized objects (see same). That is exact only if normalizing is
// idempotent and deep copies keep normalized objects as they are: checked
// here on random Jobs and Pods.
func TestNormalizedObjectsCompareExactly(t *testing.T) {
	for seed := range uint64(100) {
		var j jobapi.Job
		Fill(t, &j, seed)
		checkNormalized(t, &j, seed)
		var p core.Pod
		Fill(t, &p, seed)
		checkNormalized(t, &p, seed)
	}
}

func checkNormalized[T Object](t *testing.T, o *T, seed uint64) {
	t.Helper()
	once, err := normalize(o)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	twice, err := normalize(once)
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	if !same(once, twice) {
		t.Fatalf("seed %d: normalizing a normalized %T changes it:\n%s", seed, o, cmp.Diff(once, twice))
	}
	var copied *T
	switch v := any(once).(type) {
	case *jobapi.Job:
		copied = any(v.DeepCopy()).(*T)
	case *core.Pod:
		copied = any(v.DeepCopy()).(*T)
	}
	if !same(once, copied) {
		t.Fatalf("seed %d: a deep copy of a normalized %T differs from it:\n%s", seed, o, cmp.Diff(once, copied))
	}
}
