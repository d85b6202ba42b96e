package controller_test

import (
	"fmt"

	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/controller"
	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/meta"
	"github.com/jobkit/jobkit/scoreboard"
	"github.com/jobkit/jobkit/selector"
)

// The loop of an Indexed Job's controller: ask the scoreboard which
// indexes to start, build their pods, and record what happens to them.
func ExampleNewPod() {
	indexed, completions := jobapi.IndexedCompletion, int32(3)
	job := &jobapi.Job{
		ObjectMeta: meta.ObjectMeta{Name: "render", Namespace: "default"},
		Spec: jobapi.JobSpec{
			CompletionMode: &indexed,
			Completions:    &completions,
			Selector:       &selector.LabelSelector{MatchLabels: map[string]string{"job-name": "render"}},
			Template: core.PodTemplateSpec{
				ObjectMeta: meta.ObjectMeta{Labels: map[string]string{"job-name": "render"}},
				Spec:       core.PodSpec{Containers: []core.Container{{Name: "r", Image: "blender"}}},
			},
		},
	}
	s := scoreboard.New(int(completions))
	for _, ix := range s.Next(2) { // parallelism 2
		pod, err := controller.NewPod(job, ix, nil)
		if err != nil {
			panic(err)
		}
		_ = s.Set(ix, scoreboard.Running)
		env := pod.Spec.Containers[0].Env[0]
		fmt.Println(pod.ObjectMeta.GenerateName, pod.ObjectMeta.Annotations[jobapi.CompletionIndexAnnotation],
			env.Name, env.ValueFrom.FieldRef.FieldPath)
	}
	_ = s.Set(1, scoreboard.Complete) // index 1's pod succeeded
	fmt.Println("next:", s.Next(2), "completedIndexes:", s.Completed())
	// Output:
	// render-0- 0 JOB_COMPLETION_INDEX metadata.labels['batch.kubernetes.io/job-completion-index']
	// render-1- 1 JOB_COMPLETION_INDEX metadata.labels['batch.kubernetes.io/job-completion-index']
	// next: [2] completedIndexes: 1
}
