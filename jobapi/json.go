package jobapi

// The JSON hooks. Every object type has the same two one-line methods,
// which hand the work to the shared, reflection-driven Unmarshal and
// Marshal: they keep unknown members in the Unknown field, so no type
// needs code of its own for it.

// UnmarshalJSON decodes j with [Unmarshal], keeping unmodeled members in
// Unknown.
func (j *Job) UnmarshalJSON(data []byte) error { return Unmarshal(data, j) }

// MarshalJSON encodes j with [Marshal], Unknown members included.
func (j Job) MarshalJSON() ([]byte, error) { return Marshal(&j) }

// UnmarshalJSON decodes j with [Unmarshal], keeping unmodeled members in
// Unknown.
func (j *JobSpec) UnmarshalJSON(data []byte) error { return Unmarshal(data, j) }

// MarshalJSON encodes j with [Marshal], Unknown members included.
func (j JobSpec) MarshalJSON() ([]byte, error) { return Marshal(&j) }

// UnmarshalJSON decodes j with [Unmarshal], keeping unmodeled members in
// Unknown.
func (j *JobStatus) UnmarshalJSON(data []byte) error { return Unmarshal(data, j) }

// MarshalJSON encodes j with [Marshal], Unknown members included.
func (j JobStatus) MarshalJSON() ([]byte, error) { return Marshal(&j) }

// UnmarshalJSON decodes j with [Unmarshal], keeping unmodeled members in
// Unknown.
func (j *JobCondition) UnmarshalJSON(data []byte) error { return Unmarshal(data, j) }

// MarshalJSON encodes j with [Marshal], Unknown members included.
func (j JobCondition) MarshalJSON() ([]byte, error) { return Marshal(&j) }

// UnmarshalJSON decodes u with [Unmarshal], keeping unmodeled members in
// Unknown.
func (u *UncountedTerminatedPods) UnmarshalJSON(data []byte) error { return Unmarshal(data, u) }

// MarshalJSON encodes u with [Marshal], Unknown members included.
func (u UncountedTerminatedPods) MarshalJSON() ([]byte, error) { return Marshal(&u) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodFailurePolicy) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodFailurePolicy) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodFailurePolicyRule) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodFailurePolicyRule) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodFailurePolicyOnExitCodesRequirement) UnmarshalJSON(data []byte) error {
	return Unmarshal(data, p)
}

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodFailurePolicyOnExitCodesRequirement) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodFailurePolicyOnPodConditionsPattern) UnmarshalJSON(data []byte) error {
	return Unmarshal(data, p)
}

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodFailurePolicyOnPodConditionsPattern) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes s with [Unmarshal], keeping unmodeled members in
// Unknown.
func (s *SuccessPolicy) UnmarshalJSON(data []byte) error { return Unmarshal(data, s) }

// MarshalJSON encodes s with [Marshal], Unknown members included.
func (s SuccessPolicy) MarshalJSON() ([]byte, error) { return Marshal(&s) }

// UnmarshalJSON decodes s with [Unmarshal], keeping unmodeled members in
// Unknown.
func (s *SuccessPolicyRule) UnmarshalJSON(data []byte) error { return Unmarshal(data, s) }

// MarshalJSON encodes s with [Marshal], Unknown members included.
func (s SuccessPolicyRule) MarshalJSON() ([]byte, error) { return Marshal(&s) }

// UnmarshalJSON decodes o with [Unmarshal], keeping unmodeled members in
// Unknown.
func (o *ObjectMeta) UnmarshalJSON(data []byte) error { return Unmarshal(data, o) }

// MarshalJSON encodes o with [Marshal], Unknown members included.
func (o ObjectMeta) MarshalJSON() ([]byte, error) { return Marshal(&o) }

// UnmarshalJSON decodes o with [Unmarshal], keeping unmodeled members in
// Unknown.
func (o *OwnerReference) UnmarshalJSON(data []byte) error { return Unmarshal(data, o) }

// MarshalJSON encodes o with [Marshal], Unknown members included.
func (o OwnerReference) MarshalJSON() ([]byte, error) { return Marshal(&o) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *Pod) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p Pod) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodTemplateSpec) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodTemplateSpec) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodSpec) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodSpec) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes c with [Unmarshal], keeping unmodeled members in
// Unknown.
func (c *Container) UnmarshalJSON(data []byte) error { return Unmarshal(data, c) }

// MarshalJSON encodes c with [Marshal], Unknown members included.
func (c Container) MarshalJSON() ([]byte, error) { return Marshal(&c) }

// UnmarshalJSON decodes e with [Unmarshal], keeping unmodeled members in
// Unknown.
func (e *EnvVar) UnmarshalJSON(data []byte) error { return Unmarshal(data, e) }

// MarshalJSON encodes e with [Marshal], Unknown members included.
func (e EnvVar) MarshalJSON() ([]byte, error) { return Marshal(&e) }

// UnmarshalJSON decodes e with [Unmarshal], keeping unmodeled members in
// Unknown.
func (e *EnvVarSource) UnmarshalJSON(data []byte) error { return Unmarshal(data, e) }

// MarshalJSON encodes e with [Marshal], Unknown members included.
func (e EnvVarSource) MarshalJSON() ([]byte, error) { return Marshal(&e) }

// UnmarshalJSON decodes o with [Unmarshal], keeping unmodeled members in
// Unknown.
func (o *ObjectFieldSelector) UnmarshalJSON(data []byte) error { return Unmarshal(data, o) }

// MarshalJSON encodes o with [Marshal], Unknown members included.
func (o ObjectFieldSelector) MarshalJSON() ([]byte, error) { return Marshal(&o) }

// UnmarshalJSON decodes v with [Unmarshal], keeping unmodeled members in
// Unknown.
func (v *Volume) UnmarshalJSON(data []byte) error { return Unmarshal(data, v) }

// MarshalJSON encodes v with [Marshal], Unknown members included.
func (v Volume) MarshalJSON() ([]byte, error) { return Marshal(&v) }

// UnmarshalJSON decodes d with [Unmarshal], keeping unmodeled members in
// Unknown.
func (d *DownwardAPIVolumeSource) UnmarshalJSON(data []byte) error { return Unmarshal(data, d) }

// MarshalJSON encodes d with [Marshal], Unknown members included.
func (d DownwardAPIVolumeSource) MarshalJSON() ([]byte, error) { return Marshal(&d) }

// UnmarshalJSON decodes d with [Unmarshal], keeping unmodeled members in
// Unknown.
func (d *DownwardAPIVolumeFile) UnmarshalJSON(data []byte) error { return Unmarshal(data, d) }

// MarshalJSON encodes d with [Marshal], Unknown members included.
func (d DownwardAPIVolumeFile) MarshalJSON() ([]byte, error) { return Marshal(&d) }

// UnmarshalJSON decodes c with [Unmarshal], keeping unmodeled members in
// Unknown.
func (c *ConfigMapVolumeSource) UnmarshalJSON(data []byte) error { return Unmarshal(data, c) }

// MarshalJSON encodes c with [Marshal], Unknown members included.
func (c ConfigMapVolumeSource) MarshalJSON() ([]byte, error) { return Marshal(&c) }

// UnmarshalJSON decodes k with [Unmarshal], keeping unmodeled members in
// Unknown.
func (k *KeyToPath) UnmarshalJSON(data []byte) error { return Unmarshal(data, k) }

// MarshalJSON encodes k with [Marshal], Unknown members included.
func (k KeyToPath) MarshalJSON() ([]byte, error) { return Marshal(&k) }

// UnmarshalJSON decodes v with [Unmarshal], keeping unmodeled members in
// Unknown.
func (v *VolumeMount) UnmarshalJSON(data []byte) error { return Unmarshal(data, v) }

// MarshalJSON encodes v with [Marshal], Unknown members included.
func (v VolumeMount) MarshalJSON() ([]byte, error) { return Marshal(&v) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodStatus) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodStatus) MarshalJSON() ([]byte, error) { return Marshal(&p) }

// UnmarshalJSON decodes h with [Unmarshal], keeping unmodeled members in
// Unknown.
func (h *HostIP) UnmarshalJSON(data []byte) error { return Unmarshal(data, h) }

// MarshalJSON encodes h with [Marshal], Unknown members included.
func (h HostIP) MarshalJSON() ([]byte, error) { return Marshal(&h) }

// UnmarshalJSON decodes p with [Unmarshal], keeping unmodeled members in
// Unknown.
func (p *PodIP) UnmarshalJSON(data []byte) error { return Unmarshal(data, p) }

// MarshalJSON encodes p with [Marshal], Unknown members included.
func (p PodIP) MarshalJSON() ([]byte, error) { return Marshal(&p) }
