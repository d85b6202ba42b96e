package parity

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/types"
	kfield "k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	api "k8s.io/kubernetes/pkg/apis/core"
	podregistry "k8s.io/kubernetes/pkg/registry/core/pod"
	podtemplateregistry "k8s.io/kubernetes/pkg/registry/core/podtemplate"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// The Pod and PodTemplate create tests judge generated objects, as
// `jobkit validate` judges them, with the API server's create path and
// with jobkit's, and compare the verdicts as multisets of (error type,
// field path).
//
// Kubernetes' side: the JSON decoded into k8s.io/api's type, the legacy
// scheme's defaults, conversion to the internal type, the system fields
// the generic store sets, the Pod (PodTemplate) strategy's PrepareForCreate
// and Validate under v1.36's default feature gates. jobkit's side: what
// `jobkit validate` does: conversion.DecodeAll, jobapi.PreparePodForCreate
// and jobapi.ValidatePod (PreparePodTemplateForCreate and
// ValidatePodTemplate).

// podKitVerdict reduces jobkit's errors.
func podKitVerdict(errs field.ErrorList) verdict {
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys)
}

// podKubeVerdict reduces Kubernetes' errors, leaving out what depends on
// cluster policy (--allow-privileged), as the pod validation parity test
// does; a panic is reported apart.
func podKubeVerdict(validate func() kfield.ErrorList) (v verdict, panicked bool) {
	defer func() {
		if recover() != nil {
			v, panicked = nil, true
		}
	}()
	errs := validate()
	keys := make([]errKey, 0, len(errs))
	for _, e := range errs {
		if strings.Contains(e.Detail, "by cluster policy") {
			continue
		}
		keys = append(keys, errKey{string(e.Type), e.Field})
	}
	return newVerdict(keys), false
}

// podCtx is the context of a create request to the namespace default.
func podCtx(resource string) *genericapirequest.RequestInfo {
	return &genericapirequest.RequestInfo{IsResourceRequest: true, Verb: "create", APIPrefix: "api", APIVersion: "v1", Namespace: "default", Resource: resource}
}

// kubePodCreate is the API server's verdict on a Pod manifest.
func kubePodCreate(data []byte, uid string) (verdict, bool, error) {
	return kubeCoreCreate(data, uid, "pods", &corev1.Pod{}, &api.Pod{}, podregistry.Strategy)
}

// kubePodTemplateCreate is the API server's verdict on a PodTemplate
// manifest.
func kubePodTemplateCreate(data []byte, uid string) (verdict, bool, error) {
	return kubeCoreCreate(data, uid, "podtemplates", &corev1.PodTemplate{}, &api.PodTemplate{}, podtemplateregistry.Strategy)
}

// kubeCoreCreate is the API server's create of a core/v1 manifest of
// resource: decoded into in, defaulted, converted into the internal out,
// given the system fields a create sets (namespace default, uid, creation
// time, a name from generateName ending in "bbbbb"), then the strategy's
// PrepareForCreate and Validate.
func kubeCoreCreate(data []byte, uid, resource string, in runtime.Object, out interface {
	runtime.Object
	metav1.Object
}, strategy rest.RESTCreateStrategy) (verdict, bool, error) {
	if err := json.Unmarshal(data, in); err != nil {
		return nil, false, err
	}
	legacyscheme.Scheme.Default(in)
	if err := legacyscheme.Scheme.Convert(in, out, nil); err != nil {
		return nil, false, err
	}
	if out.GetNamespace() == "" {
		out.SetNamespace("default")
	}
	rest.WipeObjectMetaSystemFields(out)
	out.SetUID(types.UID(uid))
	out.SetCreationTimestamp(metav1.NewTime(cjCreatedAt))
	if out.GetName() == "" && out.GetGenerateName() != "" {
		out.SetName(out.GetGenerateName() + "bbbbb")
	}
	ctx := genericapirequest.WithRequestInfo(genericapirequest.WithNamespace(genericapirequest.NewContext(), "default"), podCtx(resource))
	strategy.PrepareForCreate(ctx, out)
	v, panicked := podKubeVerdict(func() kfield.ErrorList { return strategy.Validate(ctx, out) })
	return v, panicked, nil
}

// kitPodCreate is `jobkit validate`'s verdict on a Pod or PodTemplate
// manifest; a name from generateName ends in "bbbbb", as on Kubernetes'
// side above.
func kitPodCreate(data []byte, uid string) (verdict, error) {
	docs, err := conversion.DecodeAll("pod", data, conversion.WithFieldValidation(conversion.FieldValidationIgnore))
	if err != nil {
		return nil, err
	}
	if len(docs) != 1 || docs[0].Err != nil {
		return nil, fmt.Errorf("decoding: %d documents, %v", len(docs), docs[0].Err)
	}
	d := &docs[0]
	opts := []jobapi.CreateOption{jobapi.WithUID(meta.UID(uid)), jobapi.WithCreationTime(cjCreatedAt), jobapi.WithRandom(cjConstReader(0))}
	var errs field.ErrorList
	switch {
	case d.Pod != nil:
		if _, err := jobapi.PreparePodForCreate(d.Pod, opts...); err != nil {
			return nil, err
		}
		errs, err = jobapi.ValidatePod(d.Pod)
	case d.PodTemplate != nil:
		if _, err := jobapi.PreparePodTemplateForCreate(d.PodTemplate, opts...); err != nil {
			return nil, err
		}
		errs, err = jobapi.ValidatePodTemplate(d.PodTemplate)
	default:
		return nil, fmt.Errorf("DecodeAll did not decode a %s", d.Kind)
	}
	return podKitVerdict(errs), err
}

// cjConstReader reads the byte b forever: names from generateName end in
// "bbbbb".
type cjConstReader byte

func (c cjConstReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(c)
	}
	return len(p), nil
}

// podManifest makes a Pod or a PodTemplate manifest of a generated pod
// template, named or from generateName, sometimes with metadata of its
// own that breaks the rules.
func podManifest(g *templateGen, kind string) []byte {
	tmpl := g.template()
	md := toJSONValue(tmpl.ObjectMeta).(map[string]any)
	delete(md, "creationTimestamp")
	name := g.oneOf("web", "worker-0", "a.b", "Bad_Name", strings.Repeat("p", 64))
	if g.chance(0.1) {
		md["generateName"] = g.oneOf("web-", "Bad-")
	} else {
		md["name"] = name
	}
	if g.chance(0.1) {
		md["namespace"] = g.oneOf("default", "Bad_NS")
	}
	spec := toJSONValue(tmpl.Spec)
	if kind == "Pod" && g.chance(0.3) {
		claimEphemeralVolume(spec.(map[string]any), name)
	}
	if kind == "Pod" {
		return mustJSON(obj{"apiVersion": "v1", "kind": "Pod", "metadata": md, "spec": spec})
	}
	inner := obj{"spec": spec}
	if labels, ok := md["labels"]; ok && g.chance(0.7) {
		inner["metadata"] = obj{"labels": labels}
	}
	outer := obj{}
	for _, k := range []string{"name", "generateName", "namespace", "annotations"} {
		if v, ok := md[k]; ok {
			outer[k] = v
		}
	}
	return mustJSON(obj{"apiVersion": "v1", "kind": "PodTemplate", "metadata": outer, "template": inner})
}

// claimEphemeralVolume adds to spec, when it has an ephemeral volume, a
// persistentVolumeClaim volume naming the claim Kubernetes creates for it
// in the pod podName, which a Pod may not do.
func claimEphemeralVolume(spec map[string]any, podName string) {
	vols, _ := spec["volumes"].([]any)
	for _, v := range vols {
		vol, _ := v.(map[string]any)
		if _, ok := vol["ephemeral"]; !ok {
			continue
		}
		name, _ := vol["name"].(string)
		spec["volumes"] = append(vols, obj{"name": "claims-" + name, "persistentVolumeClaim": obj{"claimName": podName + "-" + name}})
		return
	}
}

// TestPodAndPodTemplateCreateDiffGenerated compares the create verdicts
// on generated Pods and PodTemplates, sparse (mostly valid) and dense
// (every field set in some, mostly invalid), with the rules that hold for
// a Pod only: image volumes need a reference, an ephemeral volume's claim
// `<pod>-<volume>` must be a valid name and no persistentVolumeClaim volume
// may name it, host ports match container ports under hostNetwork.
func TestPodAndPodTemplateCreateDiffGenerated(t *testing.T) {
	const seed, n = 20261130, 3000
	for _, kind := range []string{"Pod", "PodTemplate"} {
		sparse, dense := newTemplateGen(seed), newTemplateGen(seed+1)
		sparse.pSet = 0.1
		var compared, valid, panics, differences int
		for i := range n {
			g := sparse
			if i%3 == 0 {
				g = dense
			}
			data := podManifest(g, kind)
			uid := fmt.Sprintf("66666666-%04d-4000-8000-000000000000", i)
			kube := kubePodCreate
			if kind == "PodTemplate" {
				kube = kubePodTemplateCreate
			}
			kv, panicked, kerr := kube(data, uid)
			jv, jerr := kitPodCreate(data, uid)
			if kerr != nil || jerr != nil {
				if (kerr == nil) != (jerr == nil) {
					differences++
					t.Errorf("%s %d: decoding: Kubernetes %v, jobkit %v\n%s", kind, i, kerr, jerr, data)
				}
				continue
			}
			compared++
			if panicked {
				panics++
				continue
			}
			if len(kv) == 0 {
				valid++
			}
			if !kv.equalCounts(jv) {
				differences++
				if differences <= 8 {
					konly, jonly := verdictMinus(kv, jv), verdictMinus(jv, kv)
					t.Errorf("%s %d: verdicts differ\n  Kubernetes only: %s\n  jobkit only:     %s\ninput: %s", kind, i, konly, jonly, data)
				}
			}
		}
		t.Logf("%s: seed %d, %d generated, %d compared (%d valid), %d where Kubernetes' validation panics, %d differences", kind, seed, n, compared, valid, panics, differences)
		if valid == 0 || valid == compared {
			t.Errorf("%s: %d of %d valid: the comparison needs both verdicts", kind, valid, compared)
		}
	}
}

// verdictMinus returns the keys of a that b does not hold as often.
func verdictMinus(a, b verdict) verdict {
	left := map[errKey]int{}
	for _, k := range b {
		left[k]++
	}
	var out verdict
	for _, k := range a {
		if left[k] > 0 {
			left[k]--
			continue
		}
		out = append(out, k)
	}
	return out
}
