package jobtest

import (
	"fmt"
	"io"

	"github.com/google/uuid"

	"github.com/jobkit/jobkit/jobapi/meta"
)

// nameAttempts is how many names the store tries for one create before
// it gives up with AlreadyExists, as Kubernetes does (it retries a
// generated name that is taken up to 8 times in all).
const nameAttempts = 8

// newUID returns a random (version 4) UUID read from r.
func newUID(r io.Reader) (meta.UID, error) {
	u, err := uuid.NewRandomFromReader(r)
	if err != nil {
		return "", fmt.Errorf("jobtest: generating a uid: %w", err)
	}
	return meta.UID(u.String()), nil
}
