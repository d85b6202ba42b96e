package downward

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jobkit/jobkit/jobapi/core"
	"github.com/jobkit/jobkit/jobapi/fieldpath"
)

// ResolveOption changes how Resolve treats values the pod does not have.
type ResolveOption func(*resolveOptions)

type resolveOptions struct {
	strict bool
}

// Strict makes Resolve fail when the pod has no label or annotation of the
// requested key, where the kubelet (and Resolve by default) gives "".
func Strict() ResolveOption {
	return func(o *resolveOptions) { o.strict = true }
}

// Resolve returns the value the kubelet exposes for p in pod, as an env var
// value or a volume file's content:
//
//   - metadata.name, metadata.namespace, metadata.uid, spec.nodeName,
//     spec.serviceAccountName: the field, "" when unset;
//   - metadata.labels['KEY'], metadata.annotations['KEY']: the value, ""
//     when the pod has no such key (an error with Strict);
//   - metadata.labels, metadata.annotations: the whole map in the file
//     format of FormatMap;
//   - status.podIP, status.hostIP: the address, or the first of the list
//     when only the list is set; status.podIPs, status.hostIPs: the
//     addresses joined by ",", or the single address when only it is set.
//     The kubelet reads these from the node and the runtime; Resolve reads
//     them from the pod's status, where the kubelet reports the same
//     addresses.
//
// The field labels spec.restartPolicy, spec.schedulerName and status.phase
// are refused, as the kubelet refuses them: no pod may read them.
func Resolve(p fieldpath.Path, pod *core.Pod, opts ...ResolveOption) (string, error) {
	strict := false
	if len(opts) > 0 {
		// Only here, so that resolving without options does not allocate.
		var o resolveOptions
		for _, opt := range opts {
			opt(&o)
		}
		strict = o.strict
	}
	if pod == nil {
		return "", errors.New("downward: resolve: the pod must not be nil")
	}
	if key, sub := p.Key(); sub {
		m, kind := pod.ObjectMeta.Labels, "label"
		if p.Field() == fieldpath.MetadataAnnotations {
			m, kind = pod.ObjectMeta.Annotations, "annotation"
		}
		v, ok := m[key]
		if !ok && strict {
			return "", fmt.Errorf("downward: resolve %s: the pod has no %s '%s'", p, kind, key)
		}
		return v, nil
	}
	switch p.Field() {
	case fieldpath.MetadataName:
		return pod.ObjectMeta.Name, nil
	case fieldpath.MetadataNamespace:
		return pod.ObjectMeta.Namespace, nil
	case fieldpath.MetadataUID:
		return string(pod.ObjectMeta.UID), nil
	case fieldpath.MetadataLabels:
		return FormatMap(pod.ObjectMeta.Labels), nil
	case fieldpath.MetadataAnnotations:
		return FormatMap(pod.ObjectMeta.Annotations), nil
	case fieldpath.SpecNodeName:
		return pod.Spec.NodeName, nil
	case fieldpath.SpecServiceAccountName:
		return pod.Spec.ServiceAccountName, nil
	case fieldpath.StatusPodIP:
		return firstIP(pod.Status.PodIP, podIPs(pod)), nil
	case fieldpath.StatusPodIPs:
		return joinIPs(pod.Status.PodIP, podIPs(pod)), nil
	case fieldpath.StatusHostIP:
		return firstIP(pod.Status.HostIP, hostIPs(pod)), nil
	case fieldpath.StatusHostIPs:
		return joinIPs(pod.Status.HostIP, hostIPs(pod)), nil
	case "":
		return "", errors.New("downward: resolve: the path must not be empty")
	}
	return "", fmt.Errorf("downward: resolve %s: the kubelet does not expose this field to pods", p)
}

func podIPs(pod *core.Pod) []string {
	out := make([]string, len(pod.Status.PodIPs))
	for i, ip := range pod.Status.PodIPs {
		out[i] = ip.IP
	}
	return out
}

func hostIPs(pod *core.Pod) []string {
	out := make([]string, len(pod.Status.HostIPs))
	for i, ip := range pod.Status.HostIPs {
		out[i] = ip.IP
	}
	return out
}

func firstIP(single string, list []string) string {
	if single == "" && len(list) > 0 {
		return list[0]
	}
	return single
}

func joinIPs(single string, list []string) string {
	if len(list) == 0 {
		return single
	}
	return strings.Join(list, ",")
}
