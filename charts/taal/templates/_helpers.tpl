{{/* Labels of one service's objects. */}}
{{- define "taal.labels" -}}
app.kubernetes.io/name: taal-{{ .name }}
app.kubernetes.io/part-of: taal
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{- define "taal.selector" -}}
app.kubernetes.io/name: taal-{{ .name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
{{- end }}

{{/* Non-root, read-only root filesystem, no privilege escalation, no capabilities. */}}
{{- define "taal.containerSecurityContext" -}}
runAsNonRoot: true
runAsUser: 1000
runAsGroup: 1000
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities: { drop: ["ALL"] }
seccompProfile: { type: RuntimeDefault }
{{- end }}
