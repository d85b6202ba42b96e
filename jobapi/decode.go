package jobapi

import (
	"errors"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/internal/codec"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// TypeMetaOf returns the top-level `apiVersion` and `kind` of the JSON
// object data without decoding the rest: it stops as soon as it has both.
// A member that is not a string is an error naming it; a missing one is
// left empty. It does not check that the rest of data is valid JSON.
func TypeMetaOf(data []byte) (meta.TypeMeta, error) {
	apiVersion, kind, err := codec.ReadTypeMeta(data)
	if errors.Is(err, codec.ErrNotObject) {
		return meta.TypeMeta{}, fmt.Errorf("jobapi.TypeMetaOf: %w", err)
	}
	return meta.TypeMeta{Kind: kind, APIVersion: apiVersion}, err
}
