package interop

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/jobkit/jobkit/selector"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metavalidation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/selection"
	"k8s.io/apimachinery/pkg/util/validation"
	kfield "k8s.io/apimachinery/pkg/util/validation/field"

	jfield "github.com/jobkit/jobkit/jobapi/field"
	jvalidation "github.com/jobkit/jobkit/jobapi/validation"
)

// The generator's seed is fixed: every run compares the same inputs.
const seed = 20240601

// Minimum sizes of the comparison, as issue 2 requires.
const (
	minSelectorStrings = 20000
	minLabelSelectors  = 5000
)

// onlyLabels hides Set's Lookup, so that Matches takes its path for any
// Labels (Has and Get).
type onlyLabels struct{ s selector.Set }

func (l onlyLabels) Has(k string) bool   { return l.s.Has(k) }
func (l onlyLabels) Get(k string) string { return l.s.Get(k) }

// differ collects disagreements, printing the first few in full.
type differ struct {
	t     *testing.T
	count int
}

func (d *differ) errorf(format string, args ...any) {
	d.t.Helper()
	d.count++
	if d.count <= 25 {
		d.t.Errorf(format, args...)
	}
}

// stats counts what a comparison covered.
type stats struct {
	inputs, accepted, rejected, labelSets, matchChecks, matched int
}

// labelSetsFor builds label sets that exercise sel: sets made from its own
// keys and values (so that requirements hold and fail by a hair), sets
// without its keys, the empty set, and random sets.
func labelSetsFor(g *gen, reqs []requirement) []map[string]string {
	sets := []map[string]string{{}}
	for i := 0; i < 6; i++ {
		m := map[string]string{}
		for _, r := range reqs {
			switch g.intn(5) {
			case 0: // leave the key out
			case 1, 2:
				if len(r.values) > 0 {
					m[r.key] = pick(g, r.values)
				} else {
					m[r.key] = g.value()
				}
			case 3:
				if n, err := strconv.ParseInt(firstOr(r.values, "x"), 10, 64); err == nil {
					m[r.key] = strconv.FormatInt(n+int64(g.intn(3))-1, 10)
				} else {
					m[r.key] = pick(g, labelValueVariants)
				}
			default:
				m[r.key] = pick(g, labelValueVariants)
			}
		}
		if g.chance(0.3) {
			m[g.key()] = g.value()
		}
		sets = append(sets, m)
	}
	for i := 0; i < 2; i++ {
		m := map[string]string{}
		for j := g.intn(4); j > 0; j-- {
			m[pick(g, commonKeys)] = pick(g, commonValues)
		}
		sets = append(sets, m)
	}
	return sets
}

func firstOr(xs []string, def string) string {
	if len(xs) > 0 {
		return xs[0]
	}
	return def
}

// requirement is a Kubernetes requirement in plain fields.
type requirement struct {
	key    string
	op     string
	values []string
}

func k8sRequirements(sel labels.Selector) []requirement {
	reqs, _ := sel.Requirements()
	out := make([]requirement, len(reqs))
	for i, r := range reqs {
		out[i] = requirement{key: r.Key(), op: string(r.Operator()), values: r.Values().List()}
	}
	return out
}

func jobkitRequirements(sel selector.Selector) []requirement {
	reqs, _ := sel.Requirements()
	out := make([]requirement, len(reqs))
	for i, r := range reqs {
		vals := r.Values()
		if vals == nil {
			vals = []string{}
		}
		out[i] = requirement{key: r.Key(), op: string(r.Operator()), values: vals}
	}
	return out
}

// compareSelectors checks that the two selectors agree on everything a
// caller can observe: String (exactly, or as a multiset of requirements
// when orderFree), Empty, the requirements, RequiresExactMatch and Matches
// over label sets.
func compareSelectors(d *differ, g *gen, st *stats, input string, k labels.Selector, j selector.Selector, orderFree bool) {
	kr, jr := k8sRequirements(k), jobkitRequirements(j)
	if orderFree {
		ks, js := reqStrings(k), reqStrings2(j)
		if !slices.Equal(ks, js) {
			d.errorf("%s: requirements differ (order aside):\n k8s:    %q\n jobkit: %q", input, ks, js)
		}
		sortReqs(kr)
		sortReqs(jr)
	} else if ks, js := k.String(), j.String(); ks != js {
		d.errorf("%s: String differs:\n k8s:    %q\n jobkit: %q", input, ks, js)
	}
	if k.Empty() != j.Empty() {
		d.errorf("%s: Empty: k8s %v, jobkit %v", input, k.Empty(), j.Empty())
	}
	if fmt.Sprint(kr) != fmt.Sprint(jr) {
		d.errorf("%s: requirements differ:\n k8s:    %v\n jobkit: %v", input, kr, jr)
	}
	keys := []string{"absent-key"}
	uses := map[string]int{}
	for _, r := range kr {
		keys = append(keys, r.key)
		uses[r.key]++
	}
	for _, key := range keys {
		if orderFree && uses[key] > 1 {
			// Which requirement about key comes first is up to map
			// iteration in Kubernetes, and so is its answer.
			continue
		}
		kv, kok := k.RequiresExactMatch(key)
		jv, jok := j.RequiresExactMatch(key)
		if kv != jv || kok != jok {
			d.errorf("%s: RequiresExactMatch(%q): k8s (%q, %v), jobkit (%q, %v)", input, key, kv, kok, jv, jok)
		}
	}
	for _, m := range labelSetsFor(g, kr) {
		st.labelSets++
		km := k.Matches(labels.Set(m))
		jm := j.Matches(selector.Set(m))
		jg := j.Matches(onlyLabels{selector.Set(m)})
		st.matchChecks += 2
		if km {
			st.matched++
		}
		if km != jm || km != jg {
			d.errorf("%s: Matches(%v): k8s %v, jobkit %v (any Labels: %v)", input, m, km, jm, jg)
		}
	}
}

func reqStrings(sel labels.Selector) []string {
	reqs, _ := sel.Requirements()
	out := make([]string, len(reqs))
	for i := range reqs {
		out[i] = reqs[i].String()
	}
	sort.Strings(out)
	return out
}

func reqStrings2(sel selector.Selector) []string {
	reqs, _ := sel.Requirements()
	out := make([]string, len(reqs))
	for i := range reqs {
		out[i] = reqs[i].String()
	}
	sort.Strings(out)
	return out
}

func sortReqs(rs []requirement) {
	slices.SortFunc(rs, func(a, b requirement) int {
		return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
	})
}

// selectorStrings returns the inputs of the Parse comparison: fixed edge
// cases, valid selectors, mutations of them, and short random strings.
func selectorStrings(g *gen) []string {
	inputs := []string{
		"", " ", "\t\r\n", "\x00", "\x00a", "a\x00", "a\x00b", "a \x00b", "a=\x00b", "a=b\x00,c",
		",", "a,", ",a", "a,,b", "a, ,b", "!", "!a", "!!a", "! a", "a!", "a!b", "!a=b", "!a in (x)",
		"a=", "a==", "a!=", "a=,b", "a>", "a<", "a>1", "a<1", "a>-1", "a>+1", "a>007", "a gt 1", "a lt 1",
		"a>=1", "a<=1", "a=>1", "a===b", "a!==b", "a=!b", "a=(b)", "a in", "a in ()", "a in (,)",
		"a in (,,)", "a in (x,)", "a in (,x)", "a in (x,,y)", "a in (x y)", "a in (x", "a in x", "a in (x))",
		"a in ((x))", "a notin ()", "a notin (x,x,y)", "in", "notin", "in in (in)", "notin notin (notin)",
		"in=in", "a=in", "a in (in,notin)", "in,notin", "!in", "a,in", "x in (foo,,baz),y,z notin ()",
		"a>9223372036854775807", "a>9223372036854775808", "a<-9223372036854775808",
		"job-name=myjob", "controller-uid=0f6bb3b2-6a36-4c6b-9f2e-4d0c1a3e7b11,job-name=myjob",
		"environment in (production,staging),tier notin (frontend),!legacy,app",
		"b,a,b=1,a!=2,a,b in (x),a", strings.Repeat("a,", 20) + "a",
		strings.Repeat("k", 63) + "=v", strings.Repeat("k", 64) + "=v",
		"a=" + strings.Repeat("v", 63), "a=" + strings.Repeat("v", 64),
		strings.Repeat("p", 253) + "/k", strings.Repeat("p", 254) + "/k",
		"/k", "p/", "p//k", "a/b/c", "Example.com/k", "example.com/K", "-a", "a-", "a_b", "_a", "a.b",
		"example..com/k", "-example.com/k", "example-.com/k", "example.com./k",
		"a=b c", "a = b", "a\t=\nb", "a=b,", "(a)", ")", "a)", "a=b)", "a in (b),", "é=1", "a=é",
	}
	for i := 0; i < 8000; i++ {
		inputs = append(inputs, g.validSelector())
	}
	for i := 0; i < 9000; i++ {
		inputs = append(inputs, g.mutate(g.validSelector()))
	}
	for i := 0; i < 4000; i++ {
		inputs = append(inputs, g.randomString())
	}
	return inputs
}

func TestParseAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed)
	d := &differ{t: t}
	var st stats
	inputs := selectorStrings(g)
	messages := 0
	for _, in := range inputs {
		st.inputs++
		ksel, kerr := labels.Parse(in)
		jsel, jerr := selector.Parse(in)
		if (kerr == nil) != (jerr == nil) {
			d.errorf("Parse(%q): k8s error %v, jobkit error %v", in, kerr, jerr)
			continue
		}
		if kerr != nil {
			st.rejected++
			// When jobkit rejects a key or a value, Kubernetes rejects the
			// same one with the same problems, joined the same way.
			if problems, ok := labelProblems(jerr); ok {
				messages++
				if !strings.Contains(kerr.Error(), problems) {
					d.errorf("Parse(%q): jobkit's problems are not Kubernetes':\n k8s:    %v\n jobkit: %v", in, kerr, jerr)
				}
			}
			continue
		}
		st.accepted++
		compareSelectors(d, g, &st, fmt.Sprintf("Parse(%q)", in), ksel, jsel, false)
		// Printing and parsing again gives an equal selector.
		again, err := selector.Parse(jsel.String())
		if err != nil || !again.Equal(jsel) || again.String() != jsel.String() {
			d.errorf("Parse(%q): Parse(String()) = %q, %v; want %q", in, again.String(), err, jsel.String())
		}
	}
	t.Logf("selector strings: %d (%d accepted, %d rejected by both, %d of them for a key or value whose problems were compared word for word); label sets: %d; Matches comparisons: %d (%d matching); disagreements: %d",
		st.inputs, st.accepted, st.rejected, messages, st.labelSets, st.matchChecks, st.matched, d.count)
	if messages < st.rejected/10 {
		t.Errorf("compared the problems of %d rejected keys and values of %d rejections: the generator must produce more", messages, st.rejected)
	}
	if st.inputs < minSelectorStrings {
		t.Errorf("compared %d selector strings, want at least %d", st.inputs, minSelectorStrings)
	}
	if st.accepted < st.inputs/4 || st.rejected < st.inputs/4 {
		t.Errorf("accepted %d and rejected %d of %d: the generator must produce plenty of both", st.accepted, st.rejected, st.inputs)
	}
}

// labelProblems returns the problems of the key or value a jobkit Parse
// error rejects, as joined in its detail ("label key 'K': P" or "value 'V'
// for key 'K': P"), and whether the error is of that kind.
func labelProblems(err error) (string, bool) {
	var pe *selector.ParseError
	if !errors.As(err, &pe) {
		return "", false
	}
	isValue := strings.HasPrefix(pe.Detail, "value ") && strings.Contains(pe.Detail, "' for key '")
	if !strings.HasPrefix(pe.Detail, "label key ") && !isValue {
		return "", false
	}
	i := strings.Index(pe.Detail, "': ")
	if i < 0 {
		return "", false
	}
	return pe.Detail[i+len("': "):], true
}

// labelSelectorPair is the same generated selector in both type systems.
type labelSelectorPair struct {
	k *metav1.LabelSelector
	j *selector.LabelSelector
}

func (g *gen) labelSelector() labelSelectorPair {
	switch g.intn(40) {
	case 0:
		return labelSelectorPair{}
	case 1:
		return labelSelectorPair{k: &metav1.LabelSelector{}, j: &selector.LabelSelector{}}
	case 2:
		return labelSelectorPair{
			k: &metav1.LabelSelector{MatchLabels: map[string]string{}, MatchExpressions: []metav1.LabelSelectorRequirement{}},
			j: &selector.LabelSelector{MatchLabels: map[string]string{}, MatchExpressions: []selector.LabelSelectorRequirement{}},
		}
	}
	nl, ne := g.intn(4), g.intn(4)
	keys := commonKeys
	if g.chance(0.15) {
		// Past 12 requirements Kubernetes' sort is no longer stable.
		nl, ne = g.intn(3), 11+g.intn(10)
		keys = []string{g.key(), g.key(), "a", "b"}
	}
	k, j := &metav1.LabelSelector{}, &selector.LabelSelector{}
	for i := 0; i < nl; i++ {
		key, val := pick(g, keys), g.value()
		if g.chance(0.3) {
			key = g.key()
		}
		if k.MatchLabels == nil {
			k.MatchLabels, j.MatchLabels = map[string]string{}, map[string]string{}
		}
		k.MatchLabels[key], j.MatchLabels[key] = val, val
	}
	for i := 0; i < ne; i++ {
		key := pick(g, keys)
		if g.chance(0.3) {
			key = g.key()
		}
		op := pick(g, []string{"In", "NotIn", "Exists", "DoesNotExist"})
		if g.chance(0.04) {
			op = pick(g, []string{"in", "Gt", "", "exists", "Equals", "NotExists"})
		}
		var vals []string
		nv := 1 + g.intn(3)
		if op == "Exists" || op == "DoesNotExist" {
			nv = 0
		}
		if g.chance(0.05) {
			nv = g.intn(3)
		}
		for v := 0; v < nv; v++ {
			vals = append(vals, g.value())
		}
		if len(vals) > 0 && g.chance(0.2) {
			vals = append(vals, vals[0]) // repeated value
		}
		if vals == nil && g.chance(0.5) {
			vals = []string{}
		}
		k.MatchExpressions = append(k.MatchExpressions, metav1.LabelSelectorRequirement{Key: key, Operator: metav1.LabelSelectorOperator(op), Values: slices.Clone(vals)})
		j.MatchExpressions = append(j.MatchExpressions, selector.LabelSelectorRequirement{Key: key, Operator: selector.LabelSelectorOperator(op), Values: slices.Clone(vals)})
	}
	return labelSelectorPair{k: k, j: j}
}

// orderFree reports whether Kubernetes' order of requirements with equal
// keys depends on map iteration for ls: two or more matchLabels, more
// than 12 requirements, and a key used twice.
func orderFree(ls *metav1.LabelSelector) bool {
	if ls == nil || len(ls.MatchLabels) < 2 || len(ls.MatchLabels)+len(ls.MatchExpressions) <= 12 {
		return false
	}
	seen := map[string]bool{}
	for k := range ls.MatchLabels {
		seen[k] = true
	}
	for _, e := range ls.MatchExpressions {
		if seen[e.Key] {
			return true
		}
		seen[e.Key] = true
	}
	return false
}

func TestFromLabelSelectorAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 1)
	d := &differ{t: t}
	var st stats
	unordered := 0
	for i := 0; i < 6000; i++ {
		p := g.labelSelector()
		st.inputs++
		in := fmt.Sprintf("LabelSelector %+v", p.k)
		ksel, kerr := metav1.LabelSelectorAsSelector(p.k)
		jsel, jerr := selector.FromLabelSelector(p.j)
		kval := metavalidation.ValidateLabelSelector(p.k, metavalidation.LabelSelectorValidationOptions{}, kfield.NewPath("spec", "selector"))
		jval := selector.ValidateLabelSelector(p.j, selector.LabelSelectorValidationOptions{}, jfield.NewPath("spec", "selector"))
		// The options an update of an old object brings: invalid values in
		// matchExpressions accepted.
		kallow := metavalidation.ValidateLabelSelector(p.k, metavalidation.LabelSelectorValidationOptions{AllowInvalidLabelValueInSelector: true}, kfield.NewPath("spec", "selector"))
		jallow := selector.ValidateLabelSelector(p.j, selector.LabelSelectorValidationOptions{AllowInvalidLabelValueInSelector: true}, jfield.NewPath("spec", "selector"))
		if (len(kallow) == 0) != (len(jallow) == 0) {
			d.errorf("%s: ValidateLabelSelector allowing invalid values: k8s %v, jobkit %v", in, kallow, jallow)
		}
		if (kerr == nil) != (jerr == nil) {
			d.errorf("%s: k8s error %v, jobkit error %v", in, kerr, jerr)
			continue
		}
		// The same errors, word for word; Kubernetes reports matchLabels
		// in map order, so they are compared sorted.
		if ks, js := kErrorStrings(kval), jErrorStrings(jval); !slices.Equal(sorted(ks), sorted(js)) {
			d.errorf("%s: ValidateLabelSelector:\n k8s:    %q\n jobkit: %q", in, ks, js)
		}
		if (jerr == nil) != (len(jval) == 0) {
			d.errorf("%s: FromLabelSelector error %v but ValidateLabelSelector %v", in, jerr, jval)
		}
		if kerr != nil {
			st.rejected++
			continue
		}
		st.accepted++
		free := orderFree(p.k)
		if free {
			unordered++
		}
		compareSelectors(d, g, &st, in, ksel, jsel, free)
	}
	t.Logf("LabelSelectors: %d (%d accepted, %d rejected by both, with ValidateLabelSelector's errors compared word for word; %d where Kubernetes' order of equal keys follows map iteration, compared as multisets); label sets: %d; Matches comparisons: %d (%d matching); disagreements: %d",
		st.inputs, st.accepted, st.rejected, unordered, st.labelSets, st.matchChecks, st.matched, d.count)
	if st.inputs < minLabelSelectors {
		t.Errorf("compared %d LabelSelectors, want at least %d", st.inputs, minLabelSelectors)
	}
	if st.accepted < st.inputs/4 || st.rejected < st.inputs/10 {
		t.Errorf("accepted %d and rejected %d of %d: the generator must produce plenty of both", st.accepted, st.rejected, st.inputs)
	}
}

func TestNothingAndEverythingAgreeWithKubernetes(t *testing.T) {
	tests := []struct {
		name string
		k    labels.Selector
		j    selector.Selector
	}{
		{name: "Nothing", k: labels.Nothing(), j: selector.Nothing()},
		{name: "zero Selector is Nothing", k: labels.Nothing(), j: selector.Selector{}},
		{name: "Everything", k: labels.Everything(), j: selector.Everything()},
	}
	g := newGen(seed + 2)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &differ{t: t}
			var st stats
			compareSelectors(d, g, &st, tt.name, tt.k, tt.j, false)
			_, ksel := tt.k.Requirements()
			_, jsel := tt.j.Requirements()
			if ksel != jsel {
				t.Errorf("selectable: k8s %v, jobkit %v", ksel, jsel)
			}
		})
	}
}

func TestSelectorFromSetAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 3)
	d := &differ{t: t}
	var st stats
	for i := 0; i < 2000; i++ {
		m := map[string]string{}
		for n := g.intn(15); n > 0; n-- {
			m[g.key()] = g.value()
		}
		st.inputs++
		in := fmt.Sprintf("Set %v", m)
		if ks, js := labels.Set(m).String(), selector.Set(m).String(); ks != js {
			d.errorf("%s: Set.String: k8s %q, jobkit %q", in, ks, js)
		}
		compareSelectors(d, g, &st, "SelectorFromSet "+in, labels.SelectorFromSet(m), selector.SelectorFromSet(m), false)
		ksel, kerr := labels.ValidatedSelectorFromSet(m)
		jsel, jerr := selector.ValidatedSelectorFromSet(m)
		if (kerr == nil) != (jerr == nil) {
			d.errorf("%s: ValidatedSelectorFromSet: k8s error %v, jobkit error %v", in, kerr, jerr)
			continue
		}
		if kerr == nil {
			compareSelectors(d, g, &st, "ValidatedSelectorFromSet "+in, ksel, jsel, false)
		}
	}
	t.Logf("label sets converted: %d; Matches comparisons: %d; disagreements: %d", st.inputs, st.matchChecks, d.count)
}

func TestValidationAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 4)
	d := &differ{t: t}
	n := 0
	for i := 0; i < 20000; i++ {
		var s string
		switch i % 3 {
		case 0:
			s = g.key()
		case 1:
			s = g.value()
		default:
			s = g.mutate(g.key())
		}
		n++
		// The same problems, word for word, in the same order.
		if k, j := validation.IsQualifiedName(s), jvalidation.QualifiedNameProblems(s); !slices.Equal(k, j) {
			d.errorf("key %q:\n k8s:    %q\n jobkit: %q", s, k, j)
		}
		if k, j := validation.IsValidLabelValue(s), jvalidation.LabelValueProblems(s); !slices.Equal(k, j) {
			d.errorf("value %q:\n k8s:    %q\n jobkit: %q", s, k, j)
		}
		if k, j := len(validation.IsQualifiedName(s)) == 0, jvalidation.IsQualifiedName(s); k != j {
			d.errorf("key %q: valid for k8s %v, IsQualifiedName %v", s, k, j)
		}
		if k, j := len(validation.IsValidLabelValue(s)) == 0, jvalidation.IsLabelValue(s); k != j {
			d.errorf("value %q: valid for k8s %v, IsLabelValue %v", s, k, j)
		}
		m := map[string]string{s: g.value()}
		kLabels := kErrorStrings(metavalidation.ValidateLabels(m, kfield.NewPath("labels")))
		jLabels := jErrorStrings(selector.ValidateLabels(m, jfield.NewPath("labels")))
		if !slices.Equal(kLabels, jLabels) {
			d.errorf("labels %v:\n k8s:    %q\n jobkit: %q", m, kLabels, jLabels)
		}
	}
	t.Logf("strings validated as keys, values and label maps, messages compared word for word: %d; disagreements: %d", n, d.count)
}

// kErrorStrings and jErrorStrings print field errors as their Error
// methods do, to compare type, path, value and message at once.
func kErrorStrings(errs kfield.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

// sorted returns xs sorted, in place.
func sorted(xs []string) []string {
	slices.Sort(xs)
	return xs
}

func jErrorStrings(errs jfield.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func TestNewRequirementAgreesWithKubernetes(t *testing.T) {
	g := newGen(seed + 5)
	d := &differ{t: t}
	var st stats
	ops := []string{"=", "==", "in", "!=", "notin", "exists", "!", "gt", "lt", "", "In", ">"}
	for i := 0; i < 5000; i++ {
		key := g.key()
		op := pick(g, ops)
		var vals []string
		for n := g.intn(3); n > 0; n-- {
			if op == "gt" || op == "lt" {
				vals = append(vals, g.integer())
			} else {
				vals = append(vals, g.value())
			}
		}
		st.inputs++
		in := fmt.Sprintf("NewRequirement(%q, %q, %q)", key, op, vals)
		kr, kerr := labels.NewRequirement(key, selection.Operator(op), slices.Clone(vals))
		jr, jerr := selector.NewRequirement(key, selector.Operator(op), vals)
		if (kerr == nil) != (jerr == nil) {
			d.errorf("%s: k8s error %v, jobkit error %v", in, kerr, jerr)
			continue
		}
		if kerr != nil {
			st.rejected++
			continue
		}
		st.accepted++
		compareSelectors(d, g, &st, in, labels.NewSelector().Add(*kr), selector.Everything().Add(jr), false)
	}
	t.Logf("requirements: %d (%d accepted, %d rejected by both); disagreements: %d", st.inputs, st.accepted, st.rejected, d.count)
}
