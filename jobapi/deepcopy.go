package jobapi

// Deep copies. Every type has DeepCopy, which returns a new value sharing
// no memory with the receiver (nil stays nil), and DeepCopyInto, which
// writes that copy into out. They are written by hand; a test fills every
// field of every type and checks that nothing is shared.

func copyStrings(in []string) []string {
	if in == nil {
		return nil
	}
	return append(make([]string, 0, len(in)), in...)
}

func copyStringMap(in map[string]string) map[string]string {
	if in == nil {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		out[k] = v
	}
	return out
}

func copyPtr[T any](in *T) *T {
	if in == nil {
		return nil
	}
	out := *in
	return &out
}

// deepCopySlice copies a slice element by element with the element type's
// DeepCopyInto.
func deepCopySlice[T any](in []T, copyInto func(in, out *T)) []T {
	if in == nil {
		return nil
	}
	out := make([]T, len(in))
	for i := range in {
		copyInto(&in[i], &out[i])
	}
	return out
}

// DeepCopyInto copies in into out.
func (in *TypeMeta) DeepCopyInto(out *TypeMeta) { *out = *in }

// DeepCopyInto copies in into out.
func (in *ObjectMeta) DeepCopyInto(out *ObjectMeta) {
	*out = *in
	out.DeletionTimestamp = in.DeletionTimestamp.DeepCopy()
	out.Labels = copyStringMap(in.Labels)
	out.Annotations = copyStringMap(in.Annotations)
	out.OwnerReferences = deepCopySlice(in.OwnerReferences, (*OwnerReference).DeepCopyInto)
	out.Finalizers = copyStrings(in.Finalizers)
	out.ManagedFields = in.ManagedFields.DeepCopy()
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *ObjectMeta) DeepCopy() *ObjectMeta {
	if in == nil {
		return nil
	}
	out := new(ObjectMeta)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *OwnerReference) DeepCopyInto(out *OwnerReference) {
	*out = *in
	out.Controller = copyPtr(in.Controller)
	out.BlockOwnerDeletion = copyPtr(in.BlockOwnerDeletion)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *OwnerReference) DeepCopy() *OwnerReference {
	if in == nil {
		return nil
	}
	out := new(OwnerReference)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *Pod) DeepCopyInto(out *Pod) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *Pod) DeepCopy() *Pod {
	if in == nil {
		return nil
	}
	out := new(Pod)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodTemplateSpec) DeepCopyInto(out *PodTemplateSpec) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodTemplateSpec) DeepCopy() *PodTemplateSpec {
	if in == nil {
		return nil
	}
	out := new(PodTemplateSpec)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodSpec) DeepCopyInto(out *PodSpec) {
	*out = *in
	out.Volumes = deepCopySlice(in.Volumes, (*Volume).DeepCopyInto)
	out.InitContainers = deepCopySlice(in.InitContainers, (*Container).DeepCopyInto)
	out.Containers = deepCopySlice(in.Containers, (*Container).DeepCopyInto)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodSpec) DeepCopy() *PodSpec {
	if in == nil {
		return nil
	}
	out := new(PodSpec)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *Container) DeepCopyInto(out *Container) {
	*out = *in
	out.Command = copyStrings(in.Command)
	out.Args = copyStrings(in.Args)
	out.Env = deepCopySlice(in.Env, (*EnvVar).DeepCopyInto)
	out.VolumeMounts = deepCopySlice(in.VolumeMounts, (*VolumeMount).DeepCopyInto)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *Container) DeepCopy() *Container {
	if in == nil {
		return nil
	}
	out := new(Container)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *EnvVar) DeepCopyInto(out *EnvVar) {
	*out = *in
	out.ValueFrom = in.ValueFrom.DeepCopy()
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *EnvVar) DeepCopy() *EnvVar {
	if in == nil {
		return nil
	}
	out := new(EnvVar)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *EnvVarSource) DeepCopyInto(out *EnvVarSource) {
	*out = *in
	out.FieldRef = in.FieldRef.DeepCopy()
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *EnvVarSource) DeepCopy() *EnvVarSource {
	if in == nil {
		return nil
	}
	out := new(EnvVarSource)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *ObjectFieldSelector) DeepCopyInto(out *ObjectFieldSelector) {
	*out = *in
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *ObjectFieldSelector) DeepCopy() *ObjectFieldSelector {
	if in == nil {
		return nil
	}
	out := new(ObjectFieldSelector)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *Volume) DeepCopyInto(out *Volume) {
	*out = *in
	in.VolumeSource.DeepCopyInto(&out.VolumeSource)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *Volume) DeepCopy() *Volume {
	if in == nil {
		return nil
	}
	out := new(Volume)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *VolumeSource) DeepCopyInto(out *VolumeSource) {
	*out = *in
	out.DownwardAPI = in.DownwardAPI.DeepCopy()
	out.ConfigMap = in.ConfigMap.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *VolumeSource) DeepCopy() *VolumeSource {
	if in == nil {
		return nil
	}
	out := new(VolumeSource)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *DownwardAPIVolumeSource) DeepCopyInto(out *DownwardAPIVolumeSource) {
	*out = *in
	out.Items = deepCopySlice(in.Items, (*DownwardAPIVolumeFile).DeepCopyInto)
	out.DefaultMode = copyPtr(in.DefaultMode)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *DownwardAPIVolumeSource) DeepCopy() *DownwardAPIVolumeSource {
	if in == nil {
		return nil
	}
	out := new(DownwardAPIVolumeSource)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *DownwardAPIVolumeFile) DeepCopyInto(out *DownwardAPIVolumeFile) {
	*out = *in
	out.FieldRef = in.FieldRef.DeepCopy()
	out.Mode = copyPtr(in.Mode)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *DownwardAPIVolumeFile) DeepCopy() *DownwardAPIVolumeFile {
	if in == nil {
		return nil
	}
	out := new(DownwardAPIVolumeFile)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *LocalObjectReference) DeepCopyInto(out *LocalObjectReference) { *out = *in }

// DeepCopyInto copies in into out.
func (in *ConfigMapVolumeSource) DeepCopyInto(out *ConfigMapVolumeSource) {
	*out = *in
	out.Items = deepCopySlice(in.Items, (*KeyToPath).DeepCopyInto)
	out.DefaultMode = copyPtr(in.DefaultMode)
	out.Optional = copyPtr(in.Optional)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *ConfigMapVolumeSource) DeepCopy() *ConfigMapVolumeSource {
	if in == nil {
		return nil
	}
	out := new(ConfigMapVolumeSource)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *KeyToPath) DeepCopyInto(out *KeyToPath) {
	*out = *in
	out.Mode = copyPtr(in.Mode)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *KeyToPath) DeepCopy() *KeyToPath {
	if in == nil {
		return nil
	}
	out := new(KeyToPath)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *VolumeMount) DeepCopyInto(out *VolumeMount) {
	*out = *in
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *VolumeMount) DeepCopy() *VolumeMount {
	if in == nil {
		return nil
	}
	out := new(VolumeMount)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodStatus) DeepCopyInto(out *PodStatus) {
	*out = *in
	out.HostIPs = deepCopySlice(in.HostIPs, (*HostIP).DeepCopyInto)
	out.PodIPs = deepCopySlice(in.PodIPs, (*PodIP).DeepCopyInto)
	out.StartTime = in.StartTime.DeepCopy()
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodStatus) DeepCopy() *PodStatus {
	if in == nil {
		return nil
	}
	out := new(PodStatus)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *HostIP) DeepCopyInto(out *HostIP) {
	*out = *in
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *HostIP) DeepCopy() *HostIP {
	if in == nil {
		return nil
	}
	out := new(HostIP)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodIP) DeepCopyInto(out *PodIP) {
	*out = *in
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodIP) DeepCopy() *PodIP {
	if in == nil {
		return nil
	}
	out := new(PodIP)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *Job) DeepCopyInto(out *Job) {
	*out = *in
	in.ObjectMeta.DeepCopyInto(&out.ObjectMeta)
	in.Spec.DeepCopyInto(&out.Spec)
	in.Status.DeepCopyInto(&out.Status)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *Job) DeepCopy() *Job {
	if in == nil {
		return nil
	}
	out := new(Job)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *JobSpec) DeepCopyInto(out *JobSpec) {
	*out = *in
	out.Parallelism = copyPtr(in.Parallelism)
	out.Completions = copyPtr(in.Completions)
	out.ActiveDeadlineSeconds = copyPtr(in.ActiveDeadlineSeconds)
	out.PodFailurePolicy = in.PodFailurePolicy.DeepCopy()
	out.SuccessPolicy = in.SuccessPolicy.DeepCopy()
	out.BackoffLimit = copyPtr(in.BackoffLimit)
	out.BackoffLimitPerIndex = copyPtr(in.BackoffLimitPerIndex)
	out.MaxFailedIndexes = copyPtr(in.MaxFailedIndexes)
	out.Selector = in.Selector.DeepCopy()
	out.ManualSelector = copyPtr(in.ManualSelector)
	in.Template.DeepCopyInto(&out.Template)
	out.TTLSecondsAfterFinished = copyPtr(in.TTLSecondsAfterFinished)
	out.CompletionMode = copyPtr(in.CompletionMode)
	out.Suspend = copyPtr(in.Suspend)
	out.PodReplacementPolicy = copyPtr(in.PodReplacementPolicy)
	out.ManagedBy = copyPtr(in.ManagedBy)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *JobSpec) DeepCopy() *JobSpec {
	if in == nil {
		return nil
	}
	out := new(JobSpec)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodFailurePolicy) DeepCopyInto(out *PodFailurePolicy) {
	*out = *in
	out.Rules = deepCopySlice(in.Rules, (*PodFailurePolicyRule).DeepCopyInto)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodFailurePolicy) DeepCopy() *PodFailurePolicy {
	if in == nil {
		return nil
	}
	out := new(PodFailurePolicy)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodFailurePolicyRule) DeepCopyInto(out *PodFailurePolicyRule) {
	*out = *in
	out.OnExitCodes = in.OnExitCodes.DeepCopy()
	out.OnPodConditions = deepCopySlice(in.OnPodConditions, (*PodFailurePolicyOnPodConditionsPattern).DeepCopyInto)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodFailurePolicyRule) DeepCopy() *PodFailurePolicyRule {
	if in == nil {
		return nil
	}
	out := new(PodFailurePolicyRule)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodFailurePolicyOnExitCodesRequirement) DeepCopyInto(out *PodFailurePolicyOnExitCodesRequirement) {
	*out = *in
	out.ContainerName = copyPtr(in.ContainerName)
	if in.Values != nil {
		out.Values = append(make([]int32, 0, len(in.Values)), in.Values...)
	}
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodFailurePolicyOnExitCodesRequirement) DeepCopy() *PodFailurePolicyOnExitCodesRequirement {
	if in == nil {
		return nil
	}
	out := new(PodFailurePolicyOnExitCodesRequirement)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *PodFailurePolicyOnPodConditionsPattern) DeepCopyInto(out *PodFailurePolicyOnPodConditionsPattern) {
	*out = *in
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *PodFailurePolicyOnPodConditionsPattern) DeepCopy() *PodFailurePolicyOnPodConditionsPattern {
	if in == nil {
		return nil
	}
	out := new(PodFailurePolicyOnPodConditionsPattern)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *SuccessPolicy) DeepCopyInto(out *SuccessPolicy) {
	*out = *in
	out.Rules = deepCopySlice(in.Rules, (*SuccessPolicyRule).DeepCopyInto)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *SuccessPolicy) DeepCopy() *SuccessPolicy {
	if in == nil {
		return nil
	}
	out := new(SuccessPolicy)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *SuccessPolicyRule) DeepCopyInto(out *SuccessPolicyRule) {
	*out = *in
	out.SucceededIndexes = copyPtr(in.SucceededIndexes)
	out.SucceededCount = copyPtr(in.SucceededCount)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *SuccessPolicyRule) DeepCopy() *SuccessPolicyRule {
	if in == nil {
		return nil
	}
	out := new(SuccessPolicyRule)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *JobStatus) DeepCopyInto(out *JobStatus) {
	*out = *in
	out.Conditions = deepCopySlice(in.Conditions, (*JobCondition).DeepCopyInto)
	out.StartTime = in.StartTime.DeepCopy()
	out.CompletionTime = in.CompletionTime.DeepCopy()
	out.Terminating = copyPtr(in.Terminating)
	out.FailedIndexes = copyPtr(in.FailedIndexes)
	out.UncountedTerminatedPods = in.UncountedTerminatedPods.DeepCopy()
	out.Ready = copyPtr(in.Ready)
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *JobStatus) DeepCopy() *JobStatus {
	if in == nil {
		return nil
	}
	out := new(JobStatus)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *UncountedTerminatedPods) DeepCopyInto(out *UncountedTerminatedPods) {
	*out = *in
	if in.Succeeded != nil {
		out.Succeeded = append(make([]UID, 0, len(in.Succeeded)), in.Succeeded...)
	}
	if in.Failed != nil {
		out.Failed = append(make([]UID, 0, len(in.Failed)), in.Failed...)
	}
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *UncountedTerminatedPods) DeepCopy() *UncountedTerminatedPods {
	if in == nil {
		return nil
	}
	out := new(UncountedTerminatedPods)
	in.DeepCopyInto(out)
	return out
}

// DeepCopyInto copies in into out.
func (in *JobCondition) DeepCopyInto(out *JobCondition) {
	*out = *in
	out.Unknown = in.Unknown.DeepCopy()
}

// DeepCopy returns a copy of in that shares nothing with it.
func (in *JobCondition) DeepCopy() *JobCondition {
	if in == nil {
		return nil
	}
	out := new(JobCondition)
	in.DeepCopyInto(out)
	return out
}
