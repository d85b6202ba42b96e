package resource_test

import (
	"encoding/json"
	"fmt"

	"github.com/jobkit/jobkit/jobapi/resource"
)

func Example() {
	for _, s := range []string{"0.5", "1000m", "1024Mi", "0.5Gi", "1e3", "1.5e3", "100m"} {
		q := resource.MustParse(s)
		fmt.Printf("%-6s → %-5s %-15s value %d, milli %d\n", s, q, q.Format, q.Value(), q.MilliValue())
	}

	// Requests add up exactly and compare across formats.
	total := resource.MustParse("250m")
	total.Add(resource.MustParse("0.75"))
	fmt.Println(total.String(), total.Cmp(resource.MustParse("1")) == 0)

	// JSON is the canonical string; a bare number is accepted, as
	// Kubernetes accepts it.
	var limits struct {
		CPU    resource.Quantity `json:"cpu"`
		Memory resource.Quantity `json:"memory"`
	}
	if err := json.Unmarshal([]byte(`{"cpu": 0.5, "memory": "1073741824"}`), &limits); err != nil {
		fmt.Println(err)
	}
	out, _ := json.Marshal(limits)
	fmt.Println(string(out))

	_, err := resource.ParseQuantity("200MB")
	fmt.Println(err)
	// Output:
	// 0.5    → 500m  DecimalSI       value 1, milli 500
	// 1000m  → 1     DecimalSI       value 1, milli 1000
	// 1024Mi → 1Gi   BinarySI        value 1073741824, milli 1073741824000
	// 0.5Gi  → 512Mi BinarySI        value 536870912, milli 536870912000
	// 1e3    → 1e3   DecimalExponent value 1000, milli 1000000
	// 1.5e3  → 1500  DecimalExponent value 1500, milli 1500000
	// 100m   → 100m  DecimalSI       value 1, milli 100
	// 1 true
	// {"cpu":"500m","memory":"1073741824"}
	// quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'
}
