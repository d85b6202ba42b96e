package jobtest

import (
	"fmt"

	"github.com/jobkit/jobkit/jobapi/field"
)

// optimisticLockMessage is the reason Kubernetes gives for a Conflict on an
// update with a stale resourceVersion, word for word, so that code matching
// on it (it should not, but some does) behaves as against a real server.
const optimisticLockMessage = "the object has been modified; please apply your changes to the latest version and try again"

// newExpired returns the 410 Gone error with reason Expired that Kubernetes'
// watch cache returns for a resourceVersion older than the history it keeps:
// "too old resource version: <asked> (<oldest it can serve>)".
func newExpired(asked, oldest uint64) *field.StatusError {
	return field.NewResourceExpired(fmt.Sprintf("too old resource version: %d (%d)", asked, oldest))
}
