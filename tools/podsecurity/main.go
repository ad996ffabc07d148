// Command podsecurity checks Kubernetes manifests (YAML or JSON documents on stdin, e.g. the
// output of `helm template`) against a Pod Security Standards level with the Kubernetes
// project's own checks (k8s.io/pod-security-admission, what the PodSecurity admission
// controller runs). Every object with a pod template (Pod, Deployment, ReplicaSet, StatefulSet,
// DaemonSet, Job, CronJob) is evaluated; each violation is printed as
// `<Kind>/<name>: <reason>: <detail>` and the exit status is 1 when there is one.
//
//	helm template taal charts/taal | podsecurity [-level restricted] [-version latest]
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/pod-security-admission/api"
	"k8s.io/pod-security-admission/policy"
)

type object struct {
	Kind     string            `json:"kind"`
	Metadata metav1.ObjectMeta `json:"metadata"`
	Spec     json.RawMessage   `json:"spec"`
}

// podTemplate finds an object's pod metadata and spec (nil when it has none).
func podTemplate(o object) (*metav1.ObjectMeta, *corev1.PodSpec, error) {
	var template corev1.PodTemplateSpec
	switch o.Kind {
	case "Pod":
		var spec corev1.PodSpec
		if err := json.Unmarshal(o.Spec, &spec); err != nil {
			return nil, nil, err
		}
		return &o.Metadata, &spec, nil
	case "Deployment", "ReplicaSet", "StatefulSet", "DaemonSet", "Job", "ReplicationController":
		var spec struct {
			Template corev1.PodTemplateSpec `json:"template"`
		}
		if err := json.Unmarshal(o.Spec, &spec); err != nil {
			return nil, nil, err
		}
		template = spec.Template
	case "CronJob":
		var spec struct {
			JobTemplate struct {
				Spec struct {
					Template corev1.PodTemplateSpec `json:"template"`
				} `json:"spec"`
			} `json:"jobTemplate"`
		}
		if err := json.Unmarshal(o.Spec, &spec); err != nil {
			return nil, nil, err
		}
		template = spec.JobTemplate.Spec.Template
	default:
		return nil, nil, nil
	}
	return &template.ObjectMeta, &template.Spec, nil
}

func main() {
	level := flag.String("level", "restricted", "Pod Security Standards level: privileged, baseline or restricted")
	version := flag.String("version", "latest", "the standards' version (e.g. v1.34, or latest)")
	flag.Parse()
	lvl, err := api.ParseLevel(*level)
	if err != nil {
		fmt.Fprintln(os.Stderr, "podsecurity:", err)
		os.Exit(2)
	}
	ver, err := api.ParseVersion(*version)
	if err != nil {
		fmt.Fprintln(os.Stderr, "podsecurity:", err)
		os.Exit(2)
	}
	evaluator, err := policy.NewEvaluator(policy.DefaultChecks())
	if err != nil {
		fmt.Fprintln(os.Stderr, "podsecurity:", err)
		os.Exit(2)
	}
	decoder := yaml.NewYAMLOrJSONDecoder(os.Stdin, 4096)
	pods, violations := 0, 0
	for {
		var raw json.RawMessage
		if err := decoder.Decode(&raw); err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			fmt.Fprintln(os.Stderr, "podsecurity: reading the manifests:", err)
			os.Exit(2)
		}
		if len(raw) == 0 || string(raw) == "null" {
			continue
		}
		var o object
		if err := json.Unmarshal(raw, &o); err != nil {
			fmt.Fprintln(os.Stderr, "podsecurity: a document is not an object:", err)
			os.Exit(2)
		}
		meta, spec, err := podTemplate(o)
		if err != nil {
			fmt.Fprintf(os.Stderr, "podsecurity: %s/%s: %v\n", o.Kind, o.Metadata.Name, err)
			os.Exit(2)
		}
		if spec == nil {
			continue
		}
		pods++
		for _, r := range evaluator.EvaluatePod(api.LevelVersion{Level: lvl, Version: ver}, meta, spec) {
			if !r.Allowed {
				violations++
				fmt.Printf("%s/%s: %s: %s\n", o.Kind, o.Metadata.Name, r.ForbiddenReason, r.ForbiddenDetail)
			}
		}
	}
	fmt.Fprintf(os.Stderr, "podsecurity: %d pod templates checked against %s:%s, %d violations\n", pods, lvl, ver.String(), violations)
	if violations > 0 {
		os.Exit(1)
	}
}
