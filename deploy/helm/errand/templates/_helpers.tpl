{{/* Names and labels. */}}
{{- define "errand.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "errand.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "errand.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
app.kubernetes.io/name: {{ include "errand.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
{{- end -}}

{{/* Selector labels of one component (api or worker): pass (list . "api"). */}}
{{- define "errand.selectorLabels" -}}
app.kubernetes.io/name: {{ include "errand.name" (index . 0) }}
app.kubernetes.io/instance: {{ (index . 0).Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "errand.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{- define "errand.secretName" -}}
{{- .Values.existingSecret | default (printf "%s-secrets" (include "errand.fullname" .)) -}}
{{- end -}}

{{/* Environment of every Errand container: the ConfigMap, the Secret, and what the chart fixes. */}}
{{- define "errand.env" -}}
envFrom:
  - configMapRef:
      name: {{ include "errand.fullname" . }}-config
  - secretRef:
      name: {{ include "errand.secretName" . }}
env:
  - name: HOST
    value: "0.0.0.0"
  - name: PORT
    value: "3000"
  - name: DATA_DIR
    value: /data
  # Other pods relay the live view and take-over of the browsers this pod holds (ADR 0013),
  # reaching it at its pod address (advertised automatically for 0.0.0.0).
  - name: LIVE_INTERNAL_HOST
    value: "0.0.0.0"
  - name: LIVE_INTERNAL_PORT
    value: "7800"
{{- end -}}

{{/* Writable places under a read-only root: DATA_DIR, the temporary files and Chromium's home. */}}
{{- define "errand.volumeMounts" -}}
volumeMounts:
  - name: data
    mountPath: /data
  - name: tmp
    mountPath: /tmp
  - name: home
    mountPath: /home/errand
  - name: shm
    mountPath: /dev/shm
{{- end -}}

{{- define "errand.volumes" -}}
volumes:
  - name: data
    {{- if .Values.persistence.existingClaim }}
    persistentVolumeClaim:
      claimName: {{ .Values.persistence.existingClaim }}
    {{- else }}
    emptyDir: {}
    {{- end }}
  - name: tmp
    emptyDir: {}
  - name: home
    emptyDir: {}
  - name: shm
    emptyDir:
      medium: Memory
      sizeLimit: 512Mi
{{- end -}}

{{/* The probes of a container serving /api/health and /api/ready on port http. */}}
{{- define "errand.probes" -}}
startupProbe:
  httpGet: { path: /api/health, port: http }
  periodSeconds: {{ .Values.probes.startup.periodSeconds }}
  timeoutSeconds: {{ .Values.probes.startup.timeoutSeconds }}
  failureThreshold: {{ .Values.probes.startup.failureThreshold }}
livenessProbe:
  httpGet: { path: /api/health, port: http }
  initialDelaySeconds: {{ .Values.probes.liveness.initialDelaySeconds }}
  periodSeconds: {{ .Values.probes.liveness.periodSeconds }}
  timeoutSeconds: {{ .Values.probes.liveness.timeoutSeconds }}
  failureThreshold: {{ .Values.probes.liveness.failureThreshold }}
readinessProbe:
  httpGet: { path: /api/ready, port: http }
  initialDelaySeconds: {{ .Values.probes.readiness.initialDelaySeconds }}
  periodSeconds: {{ .Values.probes.readiness.periodSeconds }}
  timeoutSeconds: {{ .Values.probes.readiness.timeoutSeconds }}
  failureThreshold: {{ .Values.probes.readiness.failureThreshold }}
{{- end -}}

{{/* Restart pods when the configuration or the chart's Secret changes. */}}
{{- define "errand.checksums" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
checksum/secret: {{ include (print .Template.BasePath "/secret.yaml") . | sha256sum }}
{{- end -}}

{{/* Prometheus scrape annotations of the API and worker pods (metrics.scrapeAnnotations). */}}
{{- define "errand.scrapeAnnotations" -}}
{{- if .Values.metrics.scrapeAnnotations }}
prometheus.io/scrape: "true"
prometheus.io/path: /metrics
prometheus.io/port: "3000"
{{- end }}
{{- end -}}
