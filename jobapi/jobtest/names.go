package jobtest

import (
	"fmt"
	"io"

	"github.com/google/uuid"

	"github.com/jobkit/jobkit/jobapi"
)

// Names made from `metadata.generateName`, as Kubernetes makes them: the
// prefix, cut to leave room in a 63-byte DNS label, and five characters
// from an alphabet without vowels (no words) and without look-alikes
// ('0' and 'o', '1' and 'l').
const (
	nameSuffixAlphabet = "bcdfghjklmnpqrstvwxz2456789"
	nameSuffixLength   = 5
	maxGeneratedPrefix = dnsLabelMaxLength - nameSuffixLength
	// nameAttempts is how many names the store tries for one create
	// before it gives up with AlreadyExists, as Kubernetes does (it
	// retries a generated name that is taken up to 8 times in all).
	nameAttempts = 8
)

// generateName returns prefix, cut to maxGeneratedPrefix bytes, followed by
// nameSuffixLength characters drawn uniformly from nameSuffixAlphabet with
// the randomness of r.
func generateName(prefix string, r io.Reader) (string, error) {
	if len(prefix) > maxGeneratedPrefix {
		prefix = prefix[:maxGeneratedPrefix]
	}
	out := make([]byte, len(prefix), len(prefix)+nameSuffixLength)
	copy(out, prefix)
	// Rejection sampling: bytes at or above limit would favour the first
	// characters of the alphabet.
	const limit = 256 - 256%len(nameSuffixAlphabet)
	var buf [nameSuffixLength]byte
	for len(out) < len(prefix)+nameSuffixLength {
		if _, err := io.ReadFull(r, buf[:]); err != nil {
			return "", fmt.Errorf("jobtest: generating a name from `metadata.generateName`: %w", err)
		}
		for _, b := range buf {
			if int(b) < limit && len(out) < len(prefix)+nameSuffixLength {
				out = append(out, nameSuffixAlphabet[int(b)%len(nameSuffixAlphabet)])
			}
		}
	}
	return string(out), nil
}

// newUID returns a random (version 4) UUID read from r.
func newUID(r io.Reader) (jobapi.UID, error) {
	u, err := uuid.NewRandomFromReader(r)
	if err != nil {
		return "", fmt.Errorf("jobtest: generating a uid: %w", err)
	}
	return jobapi.UID(u.String()), nil
}
