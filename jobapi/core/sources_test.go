package core_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/jobapi/core"
)

// TestSourcesNameEverySource sets each pointer member of the source types
// in turn and checks Sources names it with its JSON name, so a source
// added to the type without its name in Sources is caught.
func TestSourcesNameEverySource(t *testing.T) {
	check := func(t *testing.T, typ reflect.Type, sources func(v reflect.Value) []string) {
		for i := 0; i < typ.NumField(); i++ {
			sf := typ.Field(i)
			name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
			if sf.Type.Kind() != reflect.Pointer || name == "-" {
				continue
			}
			v := reflect.New(typ)
			v.Elem().Field(i).Set(reflect.New(sf.Type.Elem()))
			if diff := cmp.Diff([]string{name}, sources(v)); diff != "" {
				t.Errorf("%s.%s set: Sources (-want +got):\n%s", typ.Name(), sf.Name, diff)
			}
		}
		if got := sources(reflect.New(typ)); got != nil {
			t.Errorf("empty %s: Sources = %v, want nil", typ.Name(), got)
		}
	}
	check(t, reflect.TypeFor[core.VolumeSource](), func(v reflect.Value) []string {
		return v.Interface().(*core.VolumeSource).Sources()
	})
	check(t, reflect.TypeFor[core.EnvVarSource](), func(v reflect.Value) []string {
		return v.Interface().(*core.EnvVarSource).Sources()
	})
}

func TestSourcesListSeveralInFieldOrder(t *testing.T) {
	var v core.Volume
	if err := json.Unmarshal([]byte(`{"name":"v","secret":{},"emptyDir":{},"image":{}}`), &v); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"emptyDir", "secret", "image"}, v.Sources()); diff != "" {
		t.Errorf("Sources (-want +got):\n%s", diff)
	}
}
