package scoreboard

import "strconv"

// State is the state of one completion index.
type State uint8

// The states of a completion index. The zero value is NotStarted.
const (
	// NotStarted: no pod for the index is pending, running or succeeded; a
	// controller should start one (again, after a failure).
	NotStarted State = iota
	// Running: a pod for the index exists and has not finished (its phase
	// is Pending or Running).
	Running
	// Complete: a pod for the index succeeded.
	Complete
)

// numStates is the number of valid states.
const numStates = 3

// String returns "NotStarted", "Running" or "Complete", and "State(N)" for
// any other value.
func (s State) String() string {
	switch s {
	case NotStarted:
		return "NotStarted"
	case Running:
		return "Running"
	case Complete:
		return "Complete"
	}
	return "State(" + strconv.Itoa(int(s)) + ")"
}

// valid reports whether s is one of the three states.
func (s State) valid() bool { return s < numStates }
