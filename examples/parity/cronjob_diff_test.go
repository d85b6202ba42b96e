package parity

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	kjson "k8s.io/apimachinery/pkg/runtime/serializer/json"
	"k8s.io/apimachinery/pkg/types"
	kfield "k8s.io/apimachinery/pkg/util/validation/field"
	genericapirequest "k8s.io/apiserver/pkg/endpoints/request"
	"k8s.io/apiserver/pkg/registry/rest"
	"k8s.io/kubernetes/pkg/api/legacyscheme"
	"k8s.io/kubernetes/pkg/apis/batch"
	cronjobregistry "k8s.io/kubernetes/pkg/registry/batch/cronjob"
	sigsjson "sigs.k8s.io/json"

	"github.com/jobkit/jobkit/conversion"
	"github.com/jobkit/jobkit/jobapi"
	"github.com/jobkit/jobkit/jobapi/field"
	"github.com/jobkit/jobkit/jobapi/meta"
)

// The CronJob differential tests send the same batch/v1 CronJob manifest
// through a v1.36 API server's create (and update) path and through
// jobkit's, and compare what each would store, the errors and the
// warnings.
//
// Kubernetes' side: the JSON decoded into k8s.io/api's batch/v1 CronJob as
// the API server's default field validation (Warn) does it (unknown fields
// dropped, each a warning), the legacy scheme's defaults (batch/v1's
// SetObjectDefaults_CronJob), conversion to the internal type, the system
// fields the generic store sets (namespace, uid, creation time, a name
// from generateName), the CronJob strategy's PrepareForCreate, Validate
// and WarningsOnCreate with v1.36's default feature gates; the CronJob
// converted back to batch/v1 through the storage round trip (protobuf,
// then decoded with batch/v1's defaults) and marshalled. An update decodes
// the new manifest the same way, gives it what the generic store's
// BeforeUpdate gives it from the stored CronJob, and runs the strategy's
// PrepareForUpdate, ValidateUpdate and WarningsOnUpdate.
//
// jobkit's side: conversion.DecodeAll in Warn mode (whose warnings are the
// unknown-field ones), jobapi.PrepareCronJobForCreate
// with the same uid and time, jobapi.ValidateCronJob,
// jobapi.ReadBackCronJob, conversion.EncodeCronJobJSON; for an update
// jobapi.PrepareCronJobForUpdate and jobapi.ValidateCronJobUpdate.
//
// Errors compare as multisets of (type, field path, detail); the detail
// is compared for the CronJob's own rules (schedule, time zone, deadline,
// concurrency policy, history limits, the template's selector and
// manualSelector, the 52-character name), whose messages jobkit gives in
// Kubernetes' words. The messages of the metadata and job template rules
// are jobkit's own (as for Jobs), so there only type and path count.
// Warnings compare by the field they name (the indexed-tracking warning
// word for word); the warnings Kubernetes derives from the pod template
// itself (pod.GetWarningsForPodTemplate) are not modelled by jobkit and
// are counted apart.

// cjErr is one error reduced to what the comparison looks at.
type cjErr struct{ Type, Field, Detail string }

func (e cjErr) String() string {
	if e.Detail == "" {
		return e.Type + " " + e.Field
	}
	return e.Type + " " + e.Field + ": " + e.Detail
}

// cjOwnFields are the fields whose error messages jobkit words as
// Kubernetes does.
var cjOwnFields = []string{
	"spec.schedule", "spec.timeZone", "spec.startingDeadlineSeconds", "spec.concurrencyPolicy",
	"spec.successfulJobsHistoryLimit", "spec.failedJobsHistoryLimit",
	"spec.jobTemplate.spec.selector", "spec.jobTemplate.spec.manualSelector",
}

const cjNameLimitDetail = "must be no more than 52 characters"

// cjKey reduces an error: the detail is kept only for the CronJob's own
// rules.
func cjKey(typ, fieldPath, detail string) cjErr {
	if !slices.Contains(cjOwnFields, fieldPath) && detail != cjNameLimitDetail {
		detail = ""
	}
	return cjErr{Type: typ, Field: fieldPath, Detail: detail}
}

// cjVerdict is a sorted multiset of errors.
type cjVerdict []cjErr

func cjNewVerdict(keys []cjErr) cjVerdict {
	slices.SortFunc(keys, func(a, b cjErr) int {
		return strings.Compare(a.String(), b.String())
	})
	return keys
}

func (v cjVerdict) String() string {
	if len(v) == 0 {
		return "accepted"
	}
	parts := make([]string, len(v))
	for i, k := range v {
		parts[i] = k.String()
	}
	return strings.Join(parts, "; ")
}

func cjKubeVerdict(errs []*cjKubeErr) cjVerdict {
	keys := make([]cjErr, 0, len(errs))
	for _, e := range errs {
		if strings.Contains(e.Detail, "by cluster policy") {
			continue // --allow-privileged, as in the pod validation parity test
		}
		keys = append(keys, cjKey(e.Type, e.Field, e.Detail))
	}
	return cjNewVerdict(keys)
}

func cjKitVerdict(errs field.ErrorList) cjVerdict {
	keys := make([]cjErr, 0, len(errs))
	for _, e := range errs {
		keys = append(keys, cjKey(string(e.Type), e.Field, e.Detail))
	}
	return cjNewVerdict(keys)
}

// cjKubeErr is a Kubernetes field error with its type as a string.
type cjKubeErr struct{ Type, Field, Detail string }

// cjResult is one side's answer for a create or an update.
type cjResult struct {
	// unknown lists the unknown-field warnings, sorted.
	unknown []string
	// errs are the validation errors.
	errs cjVerdict
	// object is the CronJob's JSON after create-time (update-time)
	// processing: for a create, as storage returns it.
	object []byte
	// warnings are the strategy's warnings but the pod template's, each
	// reduced to its field (the indexed-tracking one in full), sorted.
	warnings []string
	// podWarnings counts Kubernetes' pod template warnings.
	podWarnings int
	// panicked is set when Kubernetes' validation panics (the API server
	// answers 500).
	panicked bool
}

// cjCtx is the context of a request (verb create or update) to the
// CronJobs of the namespace "default", as the API server's handler chain
// makes it: declarative validation names the request by its RequestInfo.
func cjCtx(verb string) context.Context {
	ctx := genericapirequest.WithNamespace(genericapirequest.NewContext(), "default")
	return genericapirequest.WithRequestInfo(ctx, &genericapirequest.RequestInfo{
		IsResourceRequest: true, Verb: verb, APIPrefix: "apis", APIGroup: "batch", APIVersion: "v1",
		Namespace: "default", Resource: "cronjobs",
	})
}

// cjKubeValidate runs a strategy validation, which panics on some
// invalid job templates (Indexed, with a success policy, without
// completions): the API server answers 500 and stores nothing.
func cjKubeValidate(validate func() kfield.ErrorList) (v cjVerdict, panicked bool) {
	defer func() {
		if recover() != nil {
			v, panicked = nil, true
		}
	}()
	return cjKubeVerdict(cjKubeErrs(validate())), false
}

// kubeCronDecode decodes a batch/v1 CronJob as the API server does on
// create or update, into the internal type, and returns the unknown-field
// warnings.
func kubeCronDecode(data []byte) (*batch.CronJob, []string, error) {
	var in batchv1.CronJob
	strictErrs, err := sigsjson.UnmarshalStrict(data, &in)
	if err != nil {
		return nil, nil, err
	}
	var unknown []string
	for _, e := range strictErrs {
		if msg := e.Error(); strings.HasPrefix(msg, "unknown field ") {
			unknown = append(unknown, msg)
		}
	}
	sort.Strings(unknown)
	legacyscheme.Scheme.Default(&in)
	var cj batch.CronJob
	if err := legacyscheme.Scheme.Convert(&in, &cj, nil); err != nil {
		return nil, nil, err
	}
	if cj.Namespace == "" {
		cj.Namespace = "default"
	}
	return &cj, unknown, nil
}

// cjKubeWarnings splits the strategy's warnings into those jobkit models
// (reduced as cjResult.warnings) and a count of the others, which
// pod.GetWarningsForPodTemplate derives from the pod template.
func cjKubeWarnings(ws []string) (out []string, pod int) {
	for _, w := range ws {
		path, msg, _ := strings.Cut(w, ": ")
		switch {
		case path == "metadata.name" && strings.HasPrefix(msg, "this is used in Pod names and hostnames"):
			out = append(out, path)
		case path == "spec.jobTemplate.spec" && msg == cjIndexedWarning:
			out = append(out, w)
		case strings.HasPrefix(w, "cannot use TZ or CRON_TZ in "):
			out = append(out, w)
		default:
			pod++
		}
	}
	sort.Strings(out)
	return out, pod
}

// cjIndexedWarning is the API server's warning about Indexed Jobs
// beyond the limits of failed-index tracking, which jobkit gives word for
// word.
const cjIndexedWarning = "In Indexed Jobs with a number of completions higher than 10^5 and a parallelism higher than 10^4, Kubernetes might not be able to track completedIndexes when a big number of indexes fail"

// cjKitWarnings reduces jobkit's warnings as cjKubeWarnings does. (The
// unknown-field warnings are the decoder's: see kitDecodeWarn.)
func cjKitWarnings(ws meta.Warnings) []string {
	var out []string
	for _, w := range ws {
		switch {
		case w.Field == "metadata.uid" || w.Field == "metadata.resourceVersion":
			// jobkit's own notes on copied system fields.
		case w.Message == cjIndexedWarning || w.Field == "":
			out = append(out, w.String())
		default:
			out = append(out, w.Field)
		}
	}
	sort.Strings(out)
	return out
}

// cjStoredJSON is what storage returns for an internal CronJob: it is
// converted to batch/v1, written as protobuf, read back with batch/v1's
// defaults, and marshalled.
func cjStoredJSON(cj *batch.CronJob) ([]byte, *batch.CronJob, error) {
	var out batchv1.CronJob
	if err := legacyscheme.Scheme.Convert(cj, &out, nil); err != nil {
		return nil, nil, err
	}
	data, err := out.Marshal()
	if err != nil {
		return nil, nil, err
	}
	back := new(batchv1.CronJob)
	if err := back.Unmarshal(data); err != nil {
		return nil, nil, err
	}
	legacyscheme.Scheme.Default(back)
	var stored batch.CronJob
	if err := legacyscheme.Scheme.Convert(back, &stored, nil); err != nil {
		return nil, nil, err
	}
	back.APIVersion, back.Kind = "batch/v1", "CronJob"
	j, err := json.Marshal(back)
	return j, &stored, err
}

// cjJSON marshals an internal CronJob as batch/v1, without the storage
// round trip.
func cjJSON(cj *batch.CronJob) ([]byte, error) {
	var out batchv1.CronJob
	if err := legacyscheme.Scheme.Convert(cj, &out, nil); err != nil {
		return nil, err
	}
	out.APIVersion, out.Kind = "batch/v1", "CronJob"
	return json.Marshal(&out)
}

// cjKubeErrs converts Kubernetes' field errors.
func cjKubeErrs(errs kfield.ErrorList) []*cjKubeErr {
	out := make([]*cjKubeErr, 0, len(errs))
	for _, e := range errs {
		out = append(out, &cjKubeErr{Type: string(e.Type), Field: e.Field, Detail: e.Detail})
	}
	return out
}

// cjCreatedAt is the creation time both sides give every CronJob.
var cjCreatedAt = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

// kubeCronCreate is Kubernetes' create path; it also returns the stored
// CronJob (internal), as a later read returns it.
func kubeCronCreate(data []byte, uid string) (cjResult, *batch.CronJob, error) {
	var res cjResult
	cj, unknown, err := kubeCronDecode(data)
	if err != nil {
		return res, nil, err
	}
	res.unknown = unknown
	rest.WipeObjectMetaSystemFields(cj)
	cj.UID = types.UID(uid)
	cj.CreationTimestamp = metav1.NewTime(cjCreatedAt)
	if cj.Name == "" && cj.GenerateName != "" {
		cj.Name = cronjobregistry.Strategy.GenerateName(cj.GenerateName)
	}
	ctx := cjCtx("create")
	cronjobregistry.Strategy.PrepareForCreate(ctx, cj)
	res.errs, res.panicked = cjKubeValidate(func() kfield.ErrorList { return cronjobregistry.Strategy.Validate(ctx, cj) })
	if len(res.errs) == 0 && !res.panicked {
		res.warnings, res.podWarnings = cjKubeWarnings(cronjobregistry.Strategy.WarningsOnCreate(ctx, cj))
	}
	object, stored, err := cjStoredJSON(cj)
	res.object = object
	return res, stored, err
}

// kitCronCreate is jobkit's create path; it also returns the CronJob as a
// later read returns it.
func kitCronCreate(data []byte, uid string) (cjResult, *jobapi.CronJob, error) {
	var res cjResult
	d, unknown, err := kitDecodeWarn(data)
	if err != nil {
		return res, nil, err
	}
	cj := d.CronJob
	if cj == nil {
		return res, nil, fmt.Errorf("not a CronJob: %s %s", d.APIVersion, d.Kind)
	}
	res.unknown = unknown
	w, err := jobapi.PrepareCronJobForCreate(cj, jobapi.WithUID(meta.UID(uid)), jobapi.WithCreationTime(cjCreatedAt))
	if err != nil {
		return res, nil, err
	}
	errs, err := jobapi.ValidateCronJob(cj)
	if err != nil {
		return res, nil, err
	}
	res.errs = cjKitVerdict(errs)
	if len(res.errs) == 0 {
		res.warnings = cjKitWarnings(w)
	}
	jobapi.ReadBackCronJob(cj)
	res.object, err = conversion.EncodeCronJobJSON(cj, "batch/v1")
	return res, cj, err
}

// cjTally counts the outcomes of a comparison run.
type cjTally struct {
	compared, valid, invalid, decodeErrors, warned, podWarned, panics, differences int
	// rules counts, by field, the errors both sides reported; details,
	// the CronJob's own rules by message (numbers and quoted values
	// aside); warnings, the warnings both sides gave.
	rules, details, warnings map[string]int
	samples                  []string
}

func cjNewTally() *cjTally {
	return &cjTally{rules: map[string]int{}, details: map[string]int{}, warnings: map[string]int{}}
}

// cjRuleOf names the rule of an error message: its text before the
// first value it quotes or counts.
func cjRuleOf(detail string) string {
	if i := strings.IndexAny(detail, "\"(0123456789:"); i > 0 {
		detail = detail[:i]
	}
	return strings.TrimSpace(detail)
}

func (c *cjTally) differ(format string, args ...any) {
	c.differences++
	if len(c.samples) < 8 {
		c.samples = append(c.samples, fmt.Sprintf(format, args...))
	}
}

// compare records one comparison of results k (Kubernetes) and j
// (jobkit) for input data.
func (c *cjTally) compare(name string, data []byte, k, j cjResult) {
	c.compared++
	if !slices.Equal(k.unknown, j.unknown) {
		c.differ("%s: unknown-field warnings differ (-kubernetes +jobkit):\n%s\ninput: %s", name, cmp.Diff(k.unknown, j.unknown), data)
	}
	if len(k.unknown) > 0 {
		c.warned++
	}
	if k.panicked {
		// The API server answers 500 Internal error; jobkit must refuse
		// the CronJob all the same.
		c.panics++
		if len(j.errs) == 0 {
			c.differ("%s: Kubernetes' validation panics and jobkit accepts\ninput: %s", name, data)
		}
		if d := cmp.Diff(cjNormalizeJSON(k.object), cjNormalizeJSON(j.object)); d != "" {
			c.differ("%s: object differs (-kubernetes +jobkit):\n%s\ninput: %s", name, d, data)
		}
		return
	}
	if !slices.Equal(k.errs, j.errs) {
		c.differ("%s: errors differ\n  k8s:    %s\n  jobkit: %s\ninput: %s", name, k.errs, j.errs, data)
	}
	for _, e := range k.errs {
		c.rules[e.Field]++
		if e.Detail != "" {
			c.details[cjRuleOf(e.Detail)]++
		}
	}
	for _, w := range k.warnings {
		c.warnings[cjRuleOf(w)]++
	}
	if len(k.errs) == 0 {
		c.valid++
	} else {
		c.invalid++
	}
	if !slices.Equal(k.warnings, j.warnings) {
		c.differ("%s: warnings differ (-kubernetes +jobkit):\n%s\ninput: %s", name, cmp.Diff(k.warnings, j.warnings), data)
	}
	if k.podWarnings > 0 {
		c.podWarned++
	}
	if d := cmp.Diff(cjNormalizeJSON(k.object), cjNormalizeJSON(j.object)); d != "" {
		c.differ("%s: object differs (-kubernetes +jobkit):\n%s\ninput: %s", name, d, data)
	}
}

// cjNormalizeJSON parses a CronJob's JSON for comparison, removing the
// creation times (the CronJob's, and the null ones of templates) and
// managedFields, and the resourceVersion.
func cjNormalizeJSON(data []byte) map[string]any {
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return map[string]any{"unparsable": string(data)}
	}
	if md, ok := m["metadata"].(map[string]any); ok {
		// A resourceVersion in a create is refused by Kubernetes' storage
		// and removed, with a warning, by jobkit (as for Jobs).
		delete(md, "creationTimestamp")
		delete(md, "resourceVersion")
		delete(md, "managedFields")
	}
	dropNullTimestamps(m)
	return m
}

func (c *cjTally) report(t *testing.T, what string) {
	t.Helper()
	t.Logf("%s: %d compared (%d valid, %d invalid on both sides, %d where Kubernetes' validation panics and jobkit refuses), %d refused at decoding by both, %d with unknown fields, %d with pod template warnings (not modelled), %d differences",
		what, c.compared, c.valid, c.invalid, c.panics, c.decodeErrors, c.warned, c.podWarned, c.differences)
	var b strings.Builder
	others := 0
	for f, n := range c.rules {
		if !slices.Contains(cjOwnFields, f) && f != "metadata.name" {
			others += n
		}
	}
	for _, f := range append([]string{"metadata.name"}, cjOwnFields...) {
		fmt.Fprintf(&b, " %s=%d", f, c.rules[f])
	}
	t.Logf("%s: errors reported by both at the CronJob's own fields:%s; %d errors at other fields (metadata, job template)", what, b.String(), others)
	t.Logf("%s: the CronJob's own rules met (by message): %v", what, c.details)
	t.Logf("%s: warnings given by both: %v", what, c.warnings)
	if c.differences > 0 {
		t.Errorf("%d differences; first:\n%s", c.differences, strings.Join(c.samples, "\n\n"))
	}
}

// cjSameGeneratedName makes j's name k's when both were made from the same
// generateName (randomly, on each side).
func cjSameGeneratedName(k, j *cjResult) bool {
	var km, jm struct {
		Metadata struct {
			Name         string `json:"name"`
			GenerateName string `json:"generateName"`
		} `json:"metadata"`
	}
	if json.Unmarshal(k.object, &km) != nil || json.Unmarshal(j.object, &jm) != nil {
		return true
	}
	gen := km.Metadata.GenerateName
	if gen == "" || km.Metadata.Name == jm.Metadata.Name {
		return true
	}
	if !jobapi.IsGeneratedName(km.Metadata.Name, gen) || !jobapi.IsGeneratedName(jm.Metadata.Name, gen) {
		return false
	}
	j.object = []byte(strings.ReplaceAll(string(j.object), strconv.Quote(jm.Metadata.Name), strconv.Quote(km.Metadata.Name)))
	return true
}

// cronJobGen makes batch/v1 CronJob manifests: schedules good, bad and with
// TZ, time zones good and bad, deadlines, policies and history limits in
// and out of range, names around the 52-character limit, job templates
// from the Job generators (valid and not, with and without a selector),
// unknown fields and a status to clear.
type cronJobGen struct {
	jobs  *createGen
	count int
}

func newCronJobGen(seed uint64) *cronJobGen { return &cronJobGen{jobs: newCreateGen(seed)} }

func (g *cronJobGen) r() *jobGen { return g.jobs.jobs }

// cjGoodSchedules parse and hold no "TZ".
var cjGoodSchedules = []string{
	"*/5 * * * *", "0 0 * * *", "@daily", "@hourly", "@weekly", "@monthly", "@yearly", "@annually", "@midnight",
	"@every 1h30m", "@every 90s", "0 9 * * MON-FRI", "15 3 1 JAN,JUL *", "? * * * *", "0 0 31 2 *",
	"0-59/15 0-23/2 1-31 1-12 0-6", "5,10,15 * * * SUN", "0 12 * * 7", "0 0 1 */3 *", "30 4 * * mon",
	"0 0 * * sun-sat", "1-5/2 * * * *", "0 0 29 feb *", " 0  0 * * * ", "0\t0 * * *",
}

// cjBadSchedules do not parse, or hold "TZ".
var cjBadSchedules = []string{
	"61 * * * *", "* * * *", "* * * * * *", "@yearlyx", "*/0 * * * *", "5-1 * * * *", "@every -1s",
	"@every", "@every 1x", "0 24 * * *", "0 0 0 * *", "0 0 * 13 *", "0 0 * * 8", "a b c d e", "1-2-3 * * * *",
	"*/ * * * *", "0 0 * JANUARY *", "0 0 L * *", "0 0 * * 1#2", "TZ=UTC 0 0 * * *", "CRON_TZ=Europe/Berlin 0 9 * * *",
	"TZ=Mars/Olympus 0 0 * * *", "TZ=", "TZ=UTC", "CRON_TZ=UTC @daily", "0 0 * * * TZ", "@every 0s", "@every 1h TZ",
	"-1 * * * *", "1,,2 * * * *", ",* * * * *", "0 0 ? ? *", "0 0 1/0 * *", "9999999999999999999 * * * *", "@reboot",
}

var cjGoodTimeZones = []string{"UTC", "Europe/Berlin", "America/New_York", "Etc/GMT+5", "Asia/Kolkata", "EST5EDT", "America/Argentina/Buenos_Aires", "GMT", "Etc/UTC"}

var cjBadTimeZones = []string{
	"", "Local", "local", "LOCAL", "Mars/Olympus", "../etc/passwd", "-foo", "Europe/Ber lin", "a//b", "/UTC", "UTC/",
	"Aaaaaaaaaaaaaaa/Berlin", "Europe/.", "Europe/..", "Europe/-Berlin", "utc", "europe/berlin", "Europe/Berlin ", "UTC+1", "Foo",
	"America/Argentina/ComodRivadavia", "Europe\\Berlin", "Etc/GMT+15",
}

func (g *cronJobGen) name() (string, bool) {
	r := g.r()
	if r.chance(0.1) {
		return pick(r, "nightly-", "Bad-", "x.", strings.Repeat("g", 50)), true
	}
	if !r.mistake() {
		return pick(r, "nightly", "hourly-report", "a", strings.Repeat("c", 52), "backup.db", strings.Repeat("d", 40)), false
	}
	switch r.r.IntN(6) {
	case 0:
		return strings.Repeat("c", 53), false
	case 1:
		return strings.Repeat("e", 63), false
	case 2:
		return strings.Repeat("long-cron-name-", 5), false // 75: a subdomain, not a label
	case 3:
		return "Nightly", false
	case 4:
		return "", false
	}
	return strings.Repeat("x", 254), false
}

// manifest returns one CronJob manifest.
func (g *cronJobGen) manifest() []byte {
	g.count++
	r := g.r()
	// The Job generator's manifests are mostly valid templates; the
	// CronJob's own mistakes are added on top.
	job := cjMustObj(g.jobs.manifest())
	r.bad = pick(r, 0.0, 0.0, 0.02, 0.05, 0.1, 0.3)
	jspec := job["spec"].(obj)
	// The controller generates each Job's selector: a template has none,
	// unless a mistake is due.
	if !r.mistake() {
		delete(jspec, "selector")
		if m, ok := jspec["manualSelector"].(bool); ok && m {
			delete(jspec, "manualSelector")
		}
	}
	tmpl := obj{"spec": jspec}
	if r.chance(0.3) {
		md := obj{}
		if r.chance(0.7) {
			md["labels"] = r.labelMap(r.mistake())
		}
		if r.chance(0.3) {
			md["annotations"] = obj{pick(r, "example.com/x", "bad key"): "v"}
		}
		if r.chance(0.1) {
			md["name"] = "ignored"
		}
		tmpl["metadata"] = md
	}
	spec := obj{"jobTemplate": tmpl}
	switch {
	case r.chance(0.02):
		// no schedule
	case r.mistake() || r.chance(0.1):
		spec["schedule"] = pick(r, cjBadSchedules...)
	case r.chance(0.15):
		spec["schedule"] = g.randomSchedule()
	default:
		spec["schedule"] = pick(r, cjGoodSchedules...)
	}
	if r.chance(0.3) {
		if r.mistake() || r.chance(0.2) {
			spec["timeZone"] = pick(r, cjBadTimeZones...)
		} else {
			spec["timeZone"] = pick(r, cjGoodTimeZones...)
		}
	}
	if r.chance(0.03) {
		// Beyond the limits of failed-index tracking: valid, with a
		// warning.
		jspec["completionMode"], jspec["completions"], jspec["parallelism"] = "Indexed", 200000, 20000
		for _, k := range []string{"backoffLimitPerIndex", "maxFailedIndexes", "successPolicy"} {
			delete(jspec, k)
		}
	}
	if r.chance(0.3) {
		spec["startingDeadlineSeconds"] = either(r, []int{0, 10, 200, 3600}, -1, -100)
	}
	if r.chance(0.5) {
		spec["concurrencyPolicy"] = either(r, []string{"Allow", "Forbid", "Replace"}, "", "forbid", "Never", "allow")
	}
	if r.chance(0.3) {
		spec["suspend"] = r.chance(0.5)
	}
	if r.chance(0.3) {
		spec["successfulJobsHistoryLimit"] = either(r, []int{0, 3, 10}, -1)
	}
	if r.chance(0.3) {
		spec["failedJobsHistoryLimit"] = either(r, []int{0, 1, 5}, -1, -7)
	}
	meta := obj{}
	name, gen := g.name()
	if gen {
		meta["generateName"] = name
	} else {
		meta["name"] = name
	}
	if r.chance(0.2) {
		meta["labels"] = r.labelMap(false)
	}
	if r.chance(0.2) {
		meta["namespace"] = pick(r, "default", "Bad_NS")
	}
	m := obj{"apiVersion": "batch/v1", "kind": "CronJob", "metadata": meta, "spec": spec}
	if r.chance(0.05) {
		m["status"] = obj{"lastScheduleTime": "2026-11-01T00:00:00Z", "active": []any{obj{"kind": "Job", "name": "x", "namespace": "default"}}}
	}
	if r.chance(0.08) {
		switch r.r.IntN(4) {
		case 0:
			spec["concurrencyPolity"] = "Forbid"
		case 1:
			jspec["completionz"] = 2
		case 2:
			tmpl["spec2"] = obj{}
		case 3:
			m["colour"] = "blue"
		}
	}
	return mustJSON(m)
}

// randomSchedule builds a five-field schedule from random parts: values,
// ranges, steps, names and lists, in and out of range.
func (g *cronJobGen) randomSchedule() string {
	r := g.r()
	limits := [5][2]int{{0, 59}, {0, 23}, {1, 31}, {1, 12}, {0, 6}}
	names := [5][]string{nil, nil, nil, {"JAN", "feb", "Mar", "DEC"}, {"SUN", "mon", "Fri", "sat"}}
	fields := make([]string, 5)
	for i, lim := range limits {
		val := func() string {
			if len(names[i]) > 0 && r.chance(0.3) {
				return pick(r, names[i]...)
			}
			return strconv.Itoa(lim[0] + r.r.IntN(lim[1]-lim[0]+2) - r.r.IntN(2))
		}
		var parts []string
		for range 1 + r.r.IntN(2) {
			switch r.r.IntN(6) {
			case 0:
				parts = append(parts, "*")
			case 1:
				parts = append(parts, val())
			case 2:
				parts = append(parts, val()+"-"+val())
			case 3:
				parts = append(parts, "*/"+strconv.Itoa(r.r.IntN(lim[1]+2)))
			case 4:
				parts = append(parts, val()+"-"+val()+"/"+strconv.Itoa(1+r.r.IntN(5)))
			case 5:
				parts = append(parts, pick(r, "?", val()+"/"+strconv.Itoa(r.r.IntN(3))))
			}
		}
		fields[i] = strings.Join(parts, ",")
	}
	return strings.Join(fields, " ")
}

func cjMustObj(data []byte, _ string) obj {
	var m obj
	if err := json.Unmarshal(data, &m); err != nil {
		panic(err)
	}
	return m
}

// TestCronJobCreateDiffGenerated compares the create path on generated
// CronJobs: the stored object, the errors and the warnings.
func TestCronJobCreateDiffGenerated(t *testing.T) {
	const seed, n = 20261128, 6000
	g := newCronJobGen(seed)
	c := cjNewTally()
	for i := range n {
		data := g.manifest()
		uid := fmt.Sprintf("33333333-%04d-4000-8000-000000000000", i)
		name := fmt.Sprintf("cronjob %d", i)
		k, _, kerr := kubeCronCreate(data, uid)
		j, _, jerr := kitCronCreate(data, uid)
		if kerr != nil || jerr != nil {
			if (kerr == nil) != (jerr == nil) {
				c.differ("%s: decoding: Kubernetes %v, jobkit %v\n%s", name, kerr, jerr, data)
			}
			c.decodeErrors++
			continue
		}
		if !cjSameGeneratedName(&k, &j) {
			c.differ("%s: generated names differ in shape\n%s\n%s", name, k.object, j.object)
			continue
		}
		c.compare(name, data, k, j)
	}
	c.report(t, fmt.Sprintf("seed %d, %d generated CronJobs", seed, n))
	if c.valid < n/8 || c.invalid < n/8 {
		t.Errorf("the generator made %d valid and %d invalid CronJobs: both must be common", c.valid, c.invalid)
	}
	for _, f := range append(slices.Clone(cjOwnFields), "metadata.name", "spec.jobTemplate.spec.completions", "spec.jobTemplate.spec.template.spec.restartPolicy") {
		if c.rules[f] == 0 {
			t.Errorf("no generated CronJob was refused for %s", f)
		}
	}
	for _, rule := range []string{
		"cannot use TZ or CRON_TZ in schedule, use timeZone field instead", "expected exactly", "provided bad location",
		"unknown time zone", "timeZone must be nil or non-empty string", "timeZone must be an explicit time zone as defined in https",
		"must be no more than", "`selector` will be auto-generated", "supported values", "must be greater than or equal to",
	} {
		met := false
		for d := range c.details {
			met = met || strings.HasPrefix(d, rule)
		}
		if !met {
			t.Errorf("no generated CronJob met the rule %q", rule)
		}
	}
	if c.warnings["metadata.name"] == 0 || c.warnings["spec.jobTemplate.spec"] == 0 {
		t.Errorf("the name and the indexed-tracking warnings were not both given: %v", c.warnings)
	}
}

// TestCronJobCreateDiffFixture compares the create path on k8s.io/api's
// every-field CronJob: invalid (its values are placeholders), but what
// create makes of every field must agree.
func TestCronJobCreateDiffFixture(t *testing.T) {
	data := apiFixture(t, "batch.v1.CronJob.json")
	c := cjNewTally()
	k, _, kerr := kubeCronCreate(data, "44444444-0000-4000-8000-000000000000")
	j, _, jerr := kitCronCreate(data, "44444444-0000-4000-8000-000000000000")
	if kerr != nil || jerr != nil {
		t.Fatalf("decoding: Kubernetes %v, jobkit %v", kerr, jerr)
	}
	c.compare("batch.v1.CronJob.json", data, k, j)
	c.report(t, "k8s.io/api testdata/HEAD/batch.v1.CronJob.json")
}

// cjUpdate is one update of a stored CronJob: a change to its manifest,
// and optionally a schedule with TZ that the stored CronJob had (an
// older API server accepted them).
type cjUpdate struct {
	change  func(m obj)
	oldTZ   string
	oldZone *string
}

// updates makes the change of an update of the manifest m.
func (g *cronJobGen) update() cjUpdate {
	r := g.r()
	var u cjUpdate
	if r.chance(0.25) {
		u.oldTZ = pick(r, "TZ=UTC 0 * * * *", "CRON_TZ=Europe/Berlin 0 9 * * *", "0 0 * * * TZ")
		if r.chance(0.3) {
			u.oldZone = ptrTo(pick(r, "UTC", "Mars/Olympus"))
		}
	}
	kind := r.r.IntN(12)
	u.change = func(m obj) {
		spec := m["spec"].(obj)
		tmpl := spec["jobTemplate"].(obj)
		jspec := tmpl["spec"].(obj)
		switch kind {
		case 0:
			spec["schedule"] = pick(r, cjGoodSchedules...)
		case 1:
			spec["schedule"] = pick(r, cjBadSchedules...)
		case 2:
			spec["timeZone"] = pick(r, append(slices.Clone(cjGoodTimeZones), cjBadTimeZones...)...)
		case 3:
			delete(spec, "timeZone")
		case 4:
			spec["concurrencyPolicy"] = pick(r, "Allow", "Forbid", "Replace", "", "never")
		case 5:
			jspec["completions"] = pick(r, 1, 7, -1)
			jspec["parallelism"] = pick(r, 1, 20000, -3)
			if r.chance(0.3) {
				jspec["completionMode"] = "Indexed"
				jspec["completions"] = 200000
			}
		case 6:
			jspec["selector"] = obj{"matchLabels": obj{"a": "b"}}
		case 7:
			m["metadata"].(obj)["name"] = "renamed"
		case 8:
			spec["successfulJobsHistoryLimit"] = pick(r, 5, -1)
			spec["startingDeadlineSeconds"] = pick(r, 30, -2)
		case 9:
			if ts, ok := jspec["template"].(obj)["spec"].(obj); ok {
				ts["restartPolicy"] = pick(r, "Never", "Always")
			}
		case 10:
			m["metadata"].(obj)["labels"] = r.labelMap(r.chance(0.3))
		case 11:
			spec["suspend"] = true
		}
	}
	return u
}

// TestCronJobUpdateDiffGenerated compares updates of the generated
// CronJobs both sides store: the object after update-time processing
// (generation and status included), the errors and the warnings.
func TestCronJobUpdateDiffGenerated(t *testing.T) {
	const seed, n = 20261129, 6000
	g := newCronJobGen(seed)
	c := cjNewTally()
	for i := range n {
		data := g.manifest()
		u := g.update()
		uid := fmt.Sprintf("55555555-%04d-4000-8000-000000000000", i)
		name := fmt.Sprintf("update %d", i)
		k, kold, kerr := kubeCronCreate(data, uid)
		j, jold, jerr := kitCronCreate(data, uid)
		if kerr != nil || jerr != nil || k.panicked || len(k.errs) > 0 || len(j.errs) > 0 {
			continue // not stored
		}
		// A name made from generateName is random on each side.
		jold.ObjectMeta.Name = kold.Name
		if u.oldTZ != "" {
			kold.Spec.Schedule, jold.Spec.Schedule = u.oldTZ, u.oldTZ
			kold.Spec.TimeZone, jold.Spec.TimeZone = u.oldZone, u.oldZone
		}
		m := cjMustObj(data, "")
		m["metadata"].(obj)["name"] = kold.Name
		delete(m["metadata"].(obj), "generateName")
		if u.oldTZ != "" {
			// The body of an update is the stored CronJob changed: it
			// carries the stored schedule and time zone.
			spec := m["spec"].(obj)
			spec["schedule"] = u.oldTZ
			delete(spec, "timeZone")
			if u.oldZone != nil {
				spec["timeZone"] = *u.oldZone
			}
		}
		u.change(m)
		body := mustJSON(m)
		kres, kerr := kubeCronUpdate(body, kold)
		jres, jerr := kitCronUpdate(body, jold)
		if kerr != nil || jerr != nil {
			if (kerr == nil) != (jerr == nil) {
				c.differ("%s: decoding: Kubernetes %v, jobkit %v\n%s", name, kerr, jerr, body)
			}
			c.decodeErrors++
			continue
		}
		c.compare(name, body, kres, jres)
	}
	c.report(t, fmt.Sprintf("seed %d, updates of %d generated CronJobs", seed, n))
	if c.compared < n/8 || c.valid == 0 || c.invalid == 0 {
		t.Errorf("%d updates compared, %d valid, %d invalid: too few of either", c.compared, c.valid, c.invalid)
	}
	for _, f := range []string{"spec.schedule", "spec.timeZone", "metadata.name", "spec.jobTemplate.spec.selector"} {
		if c.rules[f] == 0 {
			t.Errorf("no generated update was refused for %s", f)
		}
	}
	if c.details["cannot use both timeZone field and TZ or CRON_TZ in schedule"] == 0 {
		t.Errorf("no generated update kept a TZ schedule together with a time zone: %v", c.details)
	}
	if c.warnings["cannot use TZ or CRON_TZ in spec.spec.schedule, use timeZone instead, see https"] == 0 {
		t.Errorf("no generated update was warned about TZ in its schedule: %v", c.warnings)
	}
}

// kubeCronUpdate is Kubernetes' update path over the stored CronJob old.
func kubeCronUpdate(data []byte, old *batch.CronJob) (cjResult, error) {
	var res cjResult
	cj, unknown, err := kubeCronDecode(data)
	if err != nil {
		return res, err
	}
	res.unknown = unknown
	old = old.DeepCopy()
	cj.ResourceVersion = "1" // an unconditional update carries the stored one
	// rest.BeforeUpdate, around the strategy.
	ctx := cjCtx("update")
	cj.Generation = old.Generation
	cronjobregistry.Strategy.PrepareForUpdate(ctx, cj, old)
	if cj.UID == "" {
		cj.UID = old.UID
	}
	cj.CreationTimestamp = old.CreationTimestamp
	res.errs, res.panicked = cjKubeValidate(func() kfield.ErrorList { return cronjobregistry.Strategy.ValidateUpdate(ctx, cj, old) })
	if len(res.errs) == 0 && !res.panicked {
		res.warnings, res.podWarnings = cjKubeWarnings(cronjobregistry.Strategy.WarningsOnUpdate(ctx, cj, old))
	}
	res.object, err = cjJSON(cj)
	return res, err
}

// kitCronUpdate is jobkit's update path over the stored CronJob old.
func kitCronUpdate(data []byte, old *jobapi.CronJob) (cjResult, error) {
	var res cjResult
	d, unknown, err := kitDecodeWarn(data)
	if err != nil {
		return res, err
	}
	cj := d.CronJob
	if cj == nil {
		return res, fmt.Errorf("not a CronJob: %s %s", d.APIVersion, d.Kind)
	}
	res.unknown = unknown
	if cj.ObjectMeta.Namespace == "" {
		cj.ObjectMeta.Namespace = "default"
	}
	w := jobapi.PrepareCronJobForUpdate(cj, old)
	errs, err := jobapi.ValidateCronJobUpdate(cj, old)
	if err != nil {
		return res, err
	}
	res.errs = cjKitVerdict(errs)
	if len(res.errs) == 0 {
		res.warnings = cjKitWarnings(w)
	}
	res.object, err = conversion.EncodeCronJobJSON(cj, "batch/v1")
	return res, err
}

// TestCronJobAndPodDecodeErrors compares the 400 BadRequest of a create
// whose body does not decode, for CronJobs (a job template's value of the
// wrong type, a bad quantity in its pod template), Pods and PodTemplates,
// as TestCreateDecodeErrors does for Jobs: Kubernetes' JSON serializer
// decoding into k8s.io/api's type, worded as the create handler words it,
// against jobkit's Document.Status.
func TestCronJobAndPodDecodeErrors(t *testing.T) {
	cron := `{"apiVersion":"batch/v1","kind":"CronJob","metadata":{"name":"c"},"spec":{"schedule":"@daily",CRON"jobTemplate":{"spec":{JOB"template":{"spec":{"restartPolicy":"Never","containers":[{"name":"c","image":"i"CONTAINER}]}}}}}}`
	pod := `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p"META},"spec":{POD"containers":[{"name":"c","image":"i"CONTAINER}]}}`
	podTemplate := `{"apiVersion":"v1","kind":"PodTemplate","metadata":{"name":"t"},"template":{"metadata":{META},"spec":{POD"containers":[{"name":"c","image":"i"CONTAINER}]}}}`
	type body struct {
		base                            string
		into                            runtime.Object
		cron, job, meta, pod, container string
	}
	tests := []body{
		{base: cron, into: &batchv1.CronJob{}, cron: `"startingDeadlineSeconds":"10",`},
		{base: cron, into: &batchv1.CronJob{}, cron: `"suspend":"yes",`},
		{base: cron, into: &batchv1.CronJob{}, cron: `"successfulJobsHistoryLimit":1e23,`},
		{base: cron, into: &batchv1.CronJob{}, cron: `"failedJobsHistoryLimit":1.5,`},
		{base: cron, into: &batchv1.CronJob{}, cron: `"timeZone":5,`},
		{base: cron, into: &batchv1.CronJob{}, job: `"completions":"x",`},
		{base: cron, into: &batchv1.CronJob{}, job: `"parallelism":3000000000,`},
		{base: cron, into: &batchv1.CronJob{}, container: `,"resources":{"limits":{"cpu":"1.5.0"}}`},
		{base: cron, into: &batchv1.CronJob{}, job: `"completions":"x",`, container: `,"resources":{"requests":{"memory":"1Gb"}}`},
		{base: cron, into: &batchv1.CronJob{}, container: `,"ports":[{"containerPort":"80"}]`},
		{base: pod, into: &corev1.Pod{}, container: `,"resources":{"limits":{"cpu":"1.5.0"}}`},
		{base: pod, into: &corev1.Pod{}, container: `,"ports":[{"containerPort":"http"}]`},
		{base: pod, into: &corev1.Pod{}, pod: `"activeDeadlineSeconds":"10",`},
		{base: pod, into: &corev1.Pod{}, pod: `"hostNetwork":1,`},
		{base: pod, into: &corev1.Pod{}, meta: `,"labels":{"a":1}`},
		{base: pod, into: &corev1.Pod{}, pod: `"overhead":{"cpu":"x"},`},
		{base: podTemplate, into: &corev1.PodTemplate{}, container: `,"resources":{"requests":{"memory":"1Qi"}}`},
		{base: podTemplate, into: &corev1.PodTemplate{}, pod: `"priority":"high",`},
		{base: podTemplate, into: &corev1.PodTemplate{}, meta: `"annotations":{"a":true}`},
	}
	ser := kjson.NewSerializerWithOptions(kjson.DefaultMetaFactory, legacyscheme.Scheme, legacyscheme.Scheme, kjson.SerializerOptions{})
	same := 0
	for _, tt := range tests {
		doc := strings.NewReplacer("CRON", tt.cron, "JOB", tt.job, "META", tt.meta, "POD", tt.pod, "CONTAINER", tt.container).Replace(tt.base)
		if sameDecodeRefusal(t, ser, doc, tt.into) {
			same++
		}
	}
	t.Logf("%d of %d CronJob, Pod and PodTemplate bodies that do not decode refused with the same 400 message", same, len(tests))
}
