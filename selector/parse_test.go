package selector

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// req builds an expected Requirement without validation.
func req(key string, op Operator, values ...string) Requirement {
	r := Requirement{key: key, op: opcodeOf(op), values: values}
	if op == GreaterThan || op == LessThan {
		r.num, _ = parseInt64(values[0])
	}
	return r
}

func sel(reqs ...Requirement) Selector { return Selector{reqs: reqs, selectable: true} }

func TestParseGrammar(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  Selector
		print string
	}{
		{name: "empty string selects everything", in: "", want: Everything(), print: ""},
		{name: "white space only selects everything", in: " \t\r\n", want: Everything(), print: ""},
		{name: "bare key requires the key to exist", in: "app", want: sel(req("app", Exists)), print: "app"},
		{name: "bang requires the key to be absent", in: "!legacy", want: sel(req("legacy", DoesNotExist)), print: "!legacy"},
		{name: "space after bang", in: "! legacy", want: sel(req("legacy", DoesNotExist)), print: "!legacy"},
		{name: "equals", in: "tier=web", want: sel(req("tier", Equals, "web")), print: "tier=web"},
		{name: "double equals is kept as written", in: "tier==web", want: sel(req("tier", DoubleEquals, "web")), print: "tier==web"},
		{name: "not equals", in: "tier!=web", want: sel(req("tier", NotEquals, "web")), print: "tier!=web"},
		{name: "equals with nothing after is the empty value", in: "a=", want: sel(req("a", Equals, "")), print: "a="},
		{name: "empty value before a comma", in: "a=,b", want: sel(req("a", Equals, ""), req("b", Exists)), print: "a=,b"},
		{name: "greater than", in: "replicas>2", want: sel(req("replicas", GreaterThan, "2")), print: "replicas>2"},
		{name: "less than", in: "replicas<10", want: sel(req("replicas", LessThan, "10")), print: "replicas<10"},
		{name: "integer with leading zeros is kept", in: "a>007", want: sel(req("a", GreaterThan, "007")), print: "a>007"},
		{name: "largest int64", in: "a<9223372036854775807", want: sel(req("a", LessThan, "9223372036854775807")), print: "a<9223372036854775807"},
		{name: "in", in: "env in (prod,staging)", want: sel(req("env", In, "prod", "staging")), print: "env in (prod,staging)"},
		{name: "notin", in: "env notin (prod)", want: sel(req("env", NotIn, "prod")), print: "env notin (prod)"},
		{name: "values are sorted and repeats removed", in: "env in (b,a,b,c)", want: sel(req("env", In, "a", "b", "c")), print: "env in (a,b,c)"},
		{name: "empty parentheses hold the empty value", in: "a in ()", want: sel(req("a", In, "")), print: "a in ()"},
		{name: "lone comma holds the empty value", in: "a in (,)", want: sel(req("a", In, "")), print: "a in ()"},
		{name: "trailing comma in a list adds the empty value", in: "a in (x,)", want: sel(req("a", In, "", "x")), print: "a in (,x)"},
		{name: "leading comma in a list adds the empty value", in: "a notin (,x)", want: sel(req("a", NotIn, "", "x")), print: "a notin (,x)"},
		{name: "doubled comma in a list adds the empty value", in: "x in (foo,,baz)", want: sel(req("x", In, "", "baz", "foo")), print: "x in (,baz,foo)"},
		{name: "in and notin are values inside a list", in: "a in (in,notin)", want: sel(req("a", In, "in", "notin")), print: "a in (in,notin)"},
		{name: "in is a key where a key is expected", in: "in in (in)", want: sel(req("in", In, "in")), print: "in in (in)"},
		{name: "notin is a key too", in: "notin", want: sel(req("notin", Exists)), print: "notin"},
		{name: "in is a value after equals", in: "a=in", want: sel(req("a", Equals, "in")), print: "a=in"},
		{name: "white space around every token", in: " a \t= \n b , ! c ,d in( x , y ) ", want: sel(req("a", Equals, "b"), req("c", DoesNotExist), req("d", In, "x", "y")), print: "a=b,!c,d in (x,y)"},
		{name: "no space needed around parentheses", in: "d notin(x)", want: sel(req("d", NotIn, "x")), print: "d notin (x)"},
		{name: "requirements sorted by key", in: "tier=web,app,env in (a)", want: sel(req("app", Exists), req("env", In, "a"), req("tier", Equals, "web")), print: "app,env in (a),tier=web"},
		{name: "same key twice keeps input order", in: "a!=1,a", want: sel(req("a", NotEquals, "1"), req("a", Exists)), print: "a!=1,a"},
		{name: "prefixed key", in: "batch.kubernetes.io/job-name=pi", want: sel(req("batch.kubernetes.io/job-name", Equals, "pi")), print: "batch.kubernetes.io/job-name=pi"},
		{name: "name of 63 bytes", in: strings.Repeat("k", 63), want: sel(req(strings.Repeat("k", 63), Exists)), print: strings.Repeat("k", 63)},
		{name: "prefix of 253 bytes", in: strings.Repeat("p", 253) + "/k", want: sel(req(strings.Repeat("p", 253)+"/k", Exists)), print: strings.Repeat("p", 253) + "/k"},
		{name: "value of 63 bytes", in: "a=" + strings.Repeat("v", 63), want: sel(req("a", Equals, strings.Repeat("v", 63))), print: "a=" + strings.Repeat("v", 63)},
		{name: "NUL after a token ends the token", in: "a=\x00b", want: sel(req("a", Equals, "b")), print: "a=b"},
		{name: "NUL where a token starts ends the selector", in: "a \x00 b c", want: sel(req("a", Exists)), print: "a"},
		{name: "leading NUL selects everything", in: "\x00a", want: Everything(), print: ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", tt.in, err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Parse(%q) (-want +got):\n%s", tt.in, diff)
			}
			if diff := cmp.Diff(tt.print, got.String()); diff != "" {
				t.Errorf("Parse(%q).String() (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		offset int
		detail string // a part of the detail that tells what to do
	}{
		{name: "leading comma", in: ",a", offset: 0, detail: "where a requirement must start"},
		{name: "trailing comma", in: "a,", offset: 2, detail: "remove the trailing ','"},
		{name: "doubled comma", in: "a,,b", offset: 2, detail: "remove the extra ','"},
		{name: "bang alone", in: "!", offset: 1, detail: "expected a label key"},
		{name: "double bang", in: "!!a", offset: 1, detail: "expected a label key"},
		{name: "bang key with an operator", in: "!a=b", offset: 2, detail: "expected ',' or the end"},
		{name: "bang after the key", in: "a!", offset: 1, detail: "write '!' before it"},
		{name: "two words", in: "a b", offset: 2, detail: "expected one of '='"},
		{name: "gt as a word", in: "a gt 1", offset: 2, detail: "write '>' instead of 'gt'"},
		{name: "lt as a word", in: "a lt 1", offset: 2, detail: "write '<' instead of 'lt'"},
		{name: "greater or equal", in: "a>=1", offset: 2, detail: "expected a value"},
		{name: "triple equals", in: "a===b", offset: 3, detail: "expected a value"},
		{name: "value in parentheses after equals", in: "a=(b)", offset: 2, detail: "expected a value"},
		{name: "second equals", in: "a=b=c", offset: 3, detail: "expected ',' or the end"},
		{name: "space inside a value", in: "a=b c", offset: 4, detail: "expected ',' or the end"},
		{name: "in without a list", in: "a in x", offset: 5, detail: "expected '('"},
		{name: "in at the end", in: "a in", offset: 4, detail: "expected '('"},
		{name: "unclosed list", in: "a in (x", offset: 7, detail: "close the list with ')'"},
		{name: "unclosed empty list", in: "a in (", offset: 6, detail: "expected a value, ',' or ')'"},
		{name: "unclosed list after a comma", in: "a in (x,", offset: 8, detail: "close the list with ')'"},
		{name: "two words in a list", in: "a in (x y)", offset: 8, detail: "expected ',' or ')'"},
		{name: "nested parentheses", in: "a in ((x))", offset: 6, detail: "expected a value, ',' or ')'"},
		{name: "operator inside a list", in: "a in (x,=)", offset: 8, detail: "expected a value or ','"},
		{name: "text after a list", in: "a in (x) b", offset: 9, detail: "expected ',' or the end"},
		{name: "closing parenthesis alone", in: ")", offset: 0, detail: "where a requirement must start"},
		{name: "key with two slashes", in: "a/b/c", offset: 0, detail: "a valid label key must consist of alphanumeric characters"},
		{name: "empty prefix", in: "/k", offset: 0, detail: "label key '/k': prefix part must be non-empty"},
		{name: "upper-case prefix", in: "Example.com/k", offset: 0, detail: "prefix part a lowercase RFC 1123 subdomain must consist of"},
		{name: "name of 64 bytes", in: strings.Repeat("k", 64), offset: 0, detail: "name part must be no more than 63 bytes"},
		{name: "prefix of 254 bytes", in: strings.Repeat("p", 254) + "/k", offset: 0, detail: "prefix part must be no more than 253 bytes"},
		{name: "key starting with a dash", in: "-a", offset: 0, detail: "name part must consist of alphanumeric characters"},
		{name: "key with a non-ASCII letter", in: "é=1", offset: 0, detail: "name part must consist of alphanumeric characters"},
		{name: "value of 64 bytes", in: "a=" + strings.Repeat("v", 64), offset: 1, detail: ": must be no more than 63 bytes"},
		{name: "value ending with a dot", in: "a in (b.)", offset: 2, detail: "a valid label must be an empty string or consist of"},
		{name: "greater than nothing", in: "a>", offset: 1, detail: "base-10 integer"},
		{name: "greater than a word", in: "a>b", offset: 1, detail: "base-10 integer"},
		{name: "negative integer is not a label value", in: "a<-1", offset: 1, detail: "a valid label must be an empty string or consist of"},
		{name: "integer out of range", in: "a>9223372036854775808", offset: 1, detail: "less than or equal to 9223372036854775807"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %q, want an error", tt.in, got.String())
			}
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error %T, want *ParseError", tt.in, err)
			}
			if diff := cmp.Diff(tt.offset, pe.Offset); diff != "" {
				t.Errorf("Parse(%q) offset (-want +got):\n%s", tt.in, diff)
			}
			if !strings.Contains(pe.Detail, tt.detail) {
				t.Errorf("Parse(%q) detail %q, want it to contain %q", tt.in, pe.Detail, tt.detail)
			}
			if diff := cmp.Diff(Nothing(), got); diff != "" {
				t.Errorf("Parse(%q) selector on error (-want +got):\n%s", tt.in, diff)
			}
		})
	}
}

func TestParseErrorMessage(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{
			name: "short selector is shown whole",
			in:   "a in (x",
			want: `invalid selector "a in (x" at byte 7: found the end of the selector after the value 'x', expected ',' or ')'; close the list with ')'`,
		},
		{
			name: "non-printing bytes are escaped",
			in:   "a b\x01",
			want: `invalid selector "a b\x01" at byte 2: found 'b\x01' after the key 'a', expected one of '=', '==', '!=', 'in', 'notin', '>', '<', or ',' or the end of the selector to require only that the key exists`,
		},
		{
			name: "long selector is shown around the problem",
			in:   strings.Repeat("a=b,", 40) + "!",
			want: `invalid selector "...,a=b,a=b,a=b,a=b,a=b,a=b,a=b,a=b,a=b,a=b,a=b,a=b,!" at byte 161: found the end of the selector after '!', expected a label key (e.g. '!legacy')`,
		},
		{
			name: "key problems in Kubernetes' words, joined as Kubernetes joins them",
			in:   "Ex/-a=b",
			want: `invalid selector "Ex/-a=b" at byte 0: label key 'Ex/-a': prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'); name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
		},
		{
			name: "value problems in Kubernetes' words, joined as Kubernetes joins them",
			in:   "a=" + strings.Repeat("v", 63) + "-",
			want: `invalid selector "a=` + strings.Repeat("v", 63) + `-" at byte 1: value '` + strings.Repeat("v", 63) + `-' for key 'a': must be no more than 63 bytes; a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) succeeded", tt.in)
			}
			if diff := cmp.Diff(tt.want, err.Error()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestMustParse(t *testing.T) {
	t.Run("valid selector", func(t *testing.T) {
		if diff := cmp.Diff(sel(req("a", Equals, "b")), MustParse("a=b")); diff != "" {
			t.Errorf("(-want +got):\n%s", diff)
		}
	})
	t.Run("invalid selector panics", func(t *testing.T) {
		defer func() {
			if recover() == nil {
				t.Error("MustParse(\"a in\") did not panic")
			}
		}()
		MustParse("a in")
	})
}

func TestParseAllocations(t *testing.T) {
	tests := []struct {
		name string
		in   string
		max  float64
	}{
		{name: "empty selector", in: "", max: 0},
		{name: "exists only needs the requirements array", in: "app,!legacy", max: 1},
		{name: "one requirement", in: "job-name=myjob", max: 2},
		{name: "set-based selector", in: "environment in (production,staging),tier notin (frontend),!legacy,app", max: 2},
		{name: "many values", in: "a in (" + strings.Repeat("x,", 200) + "y)", max: 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := testing.AllocsPerRun(100, func() {
				if _, err := Parse(tt.in); err != nil {
					t.Fatal(err)
				}
			})
			if got > tt.max {
				t.Errorf("Parse(%q) allocates %v times, want at most %v", tt.in, got, tt.max)
			}
		})
	}
}

// TestParseOrdersEqualKeysAsKubernetes pins the order of requirements with
// equal keys past 12 requirements, where Kubernetes' sort is not stable;
// the expected strings are what k8s.io/apimachinery v0.37.2 prints.
func TestParseOrdersEqualKeysAsKubernetes(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{
			name: "twelve equal keys after a greater one",
			in:   "z,a=1,a=2,a=3,a=4,a=5,a=6,a=7,a=8,a=9,a=10,a=11,a=12",
			want: "a=6,a=1,a=2,a=3,a=4,a=5,a=7,a=8,a=9,a=10,a=11,a=12,z",
		},
		{
			name: "three keys mixed",
			in:   "b,a=1,b=2,a=2,a!=3,c,a,b!=1,a=4,c=1,a in (x),b=3,!a",
			want: "a,a=1,a=2,a!=3,a=4,a in (x),!a,b=2,b,b!=1,b=3,c,c=1",
		},
		{
			name: "up to twelve requirements keep input order",
			in:   "b,a=1,b=2,a=2,a!=3,c,a,b!=1,a=4,c=1,a in (x),b=3",
			want: "a=1,a=2,a!=3,a,a=4,a in (x),b,b=2,b!=1,b=3,c,c=1",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, MustParse(tt.in).String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
