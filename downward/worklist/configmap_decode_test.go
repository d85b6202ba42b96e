package worklist_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/jobkit/jobkit/downward/worklist"
)

func TestDecodeConfigMap(t *testing.T) {
	yes := true
	tests := []struct {
		name    string
		in      string
		want    *worklist.ConfigMap
		wantErr string
	}{
		{
			name: "every modelled member",
			in:   `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"p","namespace":"ns","labels":{"a":"b"}},"immutable":true,"data":{"k":"v"},"binaryData":{"b":"/wA="}}`,
			want: &worklist.ConfigMap{APIVersion: "v1", Kind: "ConfigMap", Metadata: worklist.ConfigMapMeta{Name: "p", Namespace: "ns"},
				Immutable: &yes, Data: map[string]string{"k": "v"}, BinaryData: map[string][]byte{"b": {0xff, 0}}},
		},
		{
			name: "member names match exactly, unlike encoding/json's struct decoding",
			in:   `{"Data":{"k":"v"},"METADATA":{"name":"x"},"metadata":{"Name":"y"}}`,
			want: &worklist.ConfigMap{},
		},
		{
			name: "null members are absent",
			in:   `{"data":null,"metadata":null,"binaryData":null}`,
			want: &worklist.ConfigMap{},
		},
		{name: "a data value that is not a string", in: `{"data":{"k":1}}`, wantErr: "ConfigMap: data[k]: cannot decode a JSON number into string"},
		{name: "a name that is not a string", in: `{"metadata":{"name":true}}`, wantErr: "ConfigMap: metadata.name: cannot decode a JSON bool into string"},
		{name: "data that is not an object", in: `{"data":"x"}`, wantErr: "ConfigMap: data: cannot decode a JSON string into map[string]json.RawMessage"},
		{name: "binaryData that is not base64", in: `{"binaryData":{"b":"!!"}}`, wantErr: "ConfigMap: binaryData[b]: illegal base64 data at input byte 0"},
		{name: "not an object", in: `[1]`, wantErr: "ConfigMap: json: cannot unmarshal array into Go value of type map[string]json.RawMessage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := worklist.DecodeConfigMap([]byte(tt.in))
			var gotErr string
			if err != nil {
				gotErr = err.Error()
			}
			if gotErr != tt.wantErr {
				t.Fatalf("error %q, want %q", gotErr, tt.wantErr)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("ConfigMap (-want +got):\n%s", diff)
			}
		})
	}
}

func FuzzDecodeConfigMap(f *testing.F) {
	for _, s := range []string{`{}`, `{"data":{"a":"b"}}`, `{"binaryData":{"b":"/wA="}}`, `{"metadata":{"name":"x"}}`, `null`, `[`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return
		}
		cm, err := worklist.DecodeConfigMap(data)
		if (cm == nil) == (err == nil) {
			t.Fatalf("DecodeConfigMap(%q) = %v, %v: exactly one must be set", data, cm, err)
		}
	})
}
