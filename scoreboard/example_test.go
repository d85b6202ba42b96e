package scoreboard_test

import (
	"fmt"

	"github.com/jobkit/jobkit/scoreboard"
)

func ExampleParseIndexes() {
	x, err := scoreboard.ParseIndexes("1,3-5,7")
	if err != nil {
		panic(err)
	}
	fmt.Println(x.Count(), x.Has(4), x.Has(6))
	for iv := range x.Intervals() {
		fmt.Printf("[%d %d]", iv.First, iv.Last)
	}
	fmt.Println()

	// Kubernetes' controller would accept these and miscount them.
	for _, bad := range []string{"5,3", "2,2", "0-3,2-6", "3-1", "1,,2", "+1"} {
		_, err := scoreboard.ParseIndexes(bad)
		fmt.Println(err)
	}
	// Output:
	// 5 true false
	// [1 1][3 5][7 7]
	// fragment '3' at offset 2: must be greater than the previous fragment '5': indexes must be in increasing order
	// fragment '2' at offset 2: must not overlap the previous fragment '2'
	// fragment '2-6' at offset 4: must not overlap the previous fragment '0-3'
	// fragment '3-1' at offset 0: must have its first index (3) less than its last (1)
	// fragment '' at offset 2: must not be empty: indexes are separated by a single ','
	// fragment '+1' at offset 0: must not have a sign
}

func ExampleIndexes_String() {
	for _, list := range [][]int{{1, 3, 4, 5, 7}, {3, 4}, {0, 1, 2}, {}} {
		x, err := scoreboard.IndexesOf(list...)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%q\n", x.String())
	}
	// Output:
	// "1,3-5,7"
	// "3,4"
	// "0-2"
	// ""
}

func ExampleScoreboard_Next() {
	s := scoreboard.New(6)
	fmt.Println(s.Next(2)) // the lowest NotStarted indexes, parallelism 2

	// The controller created pods for 0 and 1; 0 succeeds.
	_ = s.Set(0, scoreboard.Running)
	_ = s.Set(1, scoreboard.Running)
	_ = s.Set(0, scoreboard.Complete)
	fmt.Println(s.Next(2)) // one slot free

	// Index 1's pod fails: the index is NotStarted again.
	_ = s.Set(1, scoreboard.NotStarted)
	fmt.Println(s.Next(2), s.Completed(), s.Done())

	fmt.Println(s.Set(6, scoreboard.Running))
	// Output:
	// [0 1]
	// [2]
	// [1 2] 0 false
	// index 6: must be less than 6, the number of completions
}

// The three readings of one list: strict, the API server's, and the Job
// controller's.
func ExampleValidateIndexes() {
	for _, list := range []string{"1,3-5,7", "+1,03", "5,3", "1,7"} {
		strict, err := scoreboard.ParseIndexes(list)
		if err != nil {
			fmt.Printf("%-8s strict: %v\n", list, err)
		} else {
			fmt.Printf("%-8s strict: %v\n", list, strict)
		}
		count, err := scoreboard.ValidateIndexes(list, 6) // spec.completions 6
		fmt.Printf("%-8s API server: %d indexes, error: %v\n", list, count, err)
		fmt.Printf("%-8s controller: %q\n", list, scoreboard.ParseIndexesLenient(list, 6))
	}
	// Output:
	// 1,3-5,7  strict: 1,3-5,7
	// 1,3-5,7  API server: 0 indexes, error: too large index: "7"
	// 1,3-5,7  controller: "1,3-5"
	// +1,03    strict: fragment '+1' at offset 0: must not have a sign
	// +1,03    API server: 2 indexes, error: <nil>
	// +1,03    controller: "1,3"
	// 5,3      strict: fragment '3' at offset 2: must be greater than the previous fragment '5': indexes must be in increasing order
	// 5,3      API server: 0 indexes, error: non-increasing order, previous: 5, current: 3
	// 5,3      controller: "3,5"
	// 1,7      strict: 1,7
	// 1,7      API server: 0 indexes, error: too large index: "7"
	// 1,7      controller: "1"
}

// The API server refuses failedIndexes that share an index with
// completedIndexes.
func ExampleIndexesOverlap() {
	at, ok := scoreboard.IndexesOverlap("0-4,8", "6,8,9", 10)
	fmt.Println(at, ok)
	// Output:
	// 8 true
}
