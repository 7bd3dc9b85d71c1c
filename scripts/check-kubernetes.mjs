// Renders the Kubernetes manifests (deploy/kubernetes and each overlay in deploy/kubernetes/overlays) with
// kubectl's built-in kustomize and checks what comes out: only known fields with the right types, the probes
// on the agreed health paths, resources, the locked-down security context, shutdown timing, the migration
// Job, selectors that meet, Ingress settings for the live results stream, settings the server knows, and no
// Secret with real values. `kubectl apply --dry-run=client` needs a reachable API server, so it is not used.
// Without kubectl (with kustomize v3 or newer) the check is skipped with a visible line outside CI, and fails
// in CI.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(import.meta.dirname, '..');
const source = path.join(root, 'deploy/kubernetes');
const kubectl = process.env.KUBECTL ?? 'kubectl';

const HEALTH = { ready: '/api/health/ready', live: '/api/health/live' };
const PORT = 3000;
const UID = 10001;
/** The server finishes requests in flight and exits within this long after SIGTERM. */
const SHUTDOWN_SECONDS = 10;
/** The live results stream lasts at most this long (results.stream.ts), so the proxy must wait for it. */
const STREAM_SECONDS = 600;
/** The largest valid survey response is about this big (README, BODY_LIMIT). */
const LARGEST_RESPONSE_BYTES = 1_500_000;
const SECRET_SETTINGS = [
  'JWT_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'OIDC_CLIENT_SECRET',
  'METRICS_TOKEN',
  'ADMIN_PASSWORD',
  'RECAPTCHA_SECRET_KEY',
  'AI_API_KEY',
];

// --- kubectl -------------------------------------------------------------------------------------------------
const version = spawnSync(kubectl, ['version', '--client'], { encoding: 'utf8' });
const kustomize = /Kustomize Version:\s*v(\d+)/.exec(version.stdout ?? '');
if (version.status !== 0 || !kustomize || Number(kustomize[1]) < 3) {
  const found = version.status === 0 ? `kubectl without kustomize v3+ (${kubectl})` : `no kubectl (${kubectl})`;
  const line = `Kubernetes manifests check SKIPPED: ${found}. Install kubectl 1.21 or newer (https://kubernetes.io/docs/tasks/tools/) or set KUBECTL; Debian's kubernetes-client 1.20 carries kustomize v2, which cannot render them.`;
  if (process.env.CI) {
    console.error(`${line} (failing because CI is set)`);
    process.exit(1);
  }
  console.log(line);
  process.exit(0);
}

// --- a strict shape for the kinds we ship: unknown keys (typos) and wrong types fail -------------------------
const str = 'string';
const int = 'int';
const bool = 'bool';
const intOrStr = 'intOrString';
const quantity = 'intOrString';
const strMap = 'stringMap';
const list = (item) => ({ list: item });
const labelSelector = { matchLabels: strMap, matchExpressions: list({ key: str, operator: str, values: list(str) }) };
const metadata = { name: str, namespace: str, labels: strMap, annotations: strMap };
const probe = {
  httpGet: { path: str, port: intOrStr, scheme: str, httpHeaders: list({ name: str, value: str }) },
  tcpSocket: { port: intOrStr },
  exec: { command: list(str) },
  initialDelaySeconds: int,
  periodSeconds: int,
  timeoutSeconds: int,
  failureThreshold: int,
  successThreshold: int,
  terminationGracePeriodSeconds: int,
};
const resourceList = { cpu: quantity, memory: quantity, 'ephemeral-storage': quantity };
const container = {
  name: str,
  image: str,
  imagePullPolicy: str,
  command: list(str),
  args: list(str),
  workingDir: str,
  ports: list({ name: str, containerPort: int, protocol: str }),
  env: list({ name: str, value: str, valueFrom: 'any' }),
  envFrom: list({ prefix: str, configMapRef: { name: str, optional: bool }, secretRef: { name: str, optional: bool } }),
  resources: { requests: resourceList, limits: resourceList },
  startupProbe: probe,
  readinessProbe: probe,
  livenessProbe: probe,
  lifecycle: { preStop: { exec: { command: list(str) }, sleep: { seconds: int }, httpGet: probe.httpGet } },
  securityContext: {
    runAsNonRoot: bool,
    runAsUser: int,
    runAsGroup: int,
    allowPrivilegeEscalation: bool,
    readOnlyRootFilesystem: bool,
    privileged: bool,
    capabilities: { drop: list(str), add: list(str) },
    seccompProfile: { type: str },
  },
  volumeMounts: list({ name: str, mountPath: str, readOnly: bool, subPath: str }),
};
const podTemplate = {
  metadata,
  spec: {
    restartPolicy: str,
    terminationGracePeriodSeconds: int,
    automountServiceAccountToken: bool,
    enableServiceLinks: bool,
    serviceAccountName: str,
    imagePullSecrets: list({ name: str }),
    nodeSelector: strMap,
    tolerations: list('any'),
    affinity: 'any',
    priorityClassName: str,
    securityContext: {
      runAsNonRoot: bool,
      runAsUser: int,
      runAsGroup: int,
      fsGroup: int,
      seccompProfile: { type: str },
    },
    topologySpreadConstraints: list({
      maxSkew: int,
      topologyKey: str,
      whenUnsatisfiable: str,
      labelSelector,
    }),
    initContainers: list(container),
    containers: list(container),
    volumes: list({
      name: str,
      emptyDir: { sizeLimit: quantity, medium: str },
      configMap: 'any',
      secret: 'any',
      persistentVolumeClaim: { claimName: str, readOnly: bool },
    }),
  },
};
const top = (apiVersion, extra) => ({ apiVersion: [apiVersion], kind: str, metadata, ...extra });
const SHAPES = {
  Namespace: top('v1', {}),
  ConfigMap: top('v1', { data: strMap }),
  Secret: top('v1', { type: str, data: strMap, stringData: strMap }),
  Service: top('v1', {
    spec: {
      type: str,
      selector: strMap,
      ports: list({ name: str, port: int, targetPort: intOrStr, protocol: str }),
    },
  }),
  Deployment: top('apps/v1', {
    spec: {
      replicas: int,
      revisionHistoryLimit: int,
      selector: labelSelector,
      strategy: { type: str, rollingUpdate: { maxUnavailable: intOrStr, maxSurge: intOrStr } },
      template: podTemplate,
    },
  }),
  Job: top('batch/v1', {
    spec: { backoffLimit: int, activeDeadlineSeconds: int, ttlSecondsAfterFinished: int, template: podTemplate },
  }),
  PodDisruptionBudget: top('policy/v1', {
    spec: { maxUnavailable: intOrStr, minAvailable: intOrStr, selector: labelSelector },
  }),
  Ingress: top('networking.k8s.io/v1', {
    spec: {
      ingressClassName: str,
      tls: list({ hosts: list(str), secretName: str }),
      rules: list({
        host: str,
        http: {
          paths: list({
            path: str,
            pathType: str,
            backend: { service: { name: str, port: { name: str, number: int } } },
          }),
        },
      }),
    },
  }),
};

function checkShape(value, shape, where, problems) {
  if (shape === 'any') return;
  if (Array.isArray(shape)) {
    if (!shape.includes(value)) problems.push(`${where}: expected ${shape.join(' or ')}, got ${JSON.stringify(value)}`);
    return;
  }
  const fail = (expected) => problems.push(`${where}: expected ${expected}, got ${JSON.stringify(value)}`);
  if (shape === str) return void (typeof value === 'string' || fail('a string'));
  if (shape === int) return void (Number.isInteger(value) || fail('an integer'));
  if (shape === bool) return void (typeof value === 'boolean' || fail('true or false'));
  if (shape === intOrStr)
    return void (Number.isInteger(value) || typeof value === 'string' || fail('an integer or a string'));
  if (shape === strMap) {
    if (!isObject(value)) return fail('a map of strings');
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string') problems.push(`${where}.${key}: expected a string, got ${JSON.stringify(item)}`);
    }
    return;
  }
  if ('list' in shape && Object.keys(shape).length === 1) {
    if (!Array.isArray(value)) return fail('a list');
    value.forEach((item, index) => checkShape(item, shape.list, `${where}[${index}]`, problems));
    return;
  }
  if (!isObject(value)) return fail('an object');
  for (const [key, item] of Object.entries(value)) {
    if (!(key in shape)) problems.push(`${where}.${key}: unknown field`);
    else checkShape(item, shape[key], `${where}.${key}`, problems);
  }
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// --- what the rendered objects must say ----------------------------------------------------------------------
const knownSettings = new Set([
  ...[...readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8').matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map(
    (m) => m[1],
  ),
  'NODE_OPTIONS',
  // Served by /metrics (see the README's settings table).
  'METRICS_TOKEN',
  'METRICS_PORT',
]);

function selects(selector, labels) {
  const entries = Object.entries(selector ?? {});
  return entries.length > 0 && entries.every(([key, value]) => labels?.[key] === value);
}

function bytes(size) {
  const m = /^(\d+)([kmg]?)$/i.exec(String(size));
  if (!m) return NaN;
  return Number(m[1]) * { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2].toLowerCase()];
}

function mebibytes(quantity) {
  const m = /^(\d+)(Mi|Gi|M|G)?$/.exec(String(quantity));
  if (!m) return NaN;
  return Number(m[1]) * { Mi: 1, Gi: 1024, M: 1e6 / 2 ** 20, G: 1e9 / 2 ** 20, undefined: 1 / 2 ** 20 }[m[2]];
}

function checkRendered(name, objects, { base }) {
  const problems = [];
  const expect = (ok, message) => {
    if (!ok) problems.push(message);
  };
  const byKind = (kind) => objects.filter((o) => o.kind === kind);
  for (const [index, object] of objects.entries()) {
    const shape = SHAPES[object.kind];
    const where = `${object.kind ?? 'object'}/${object.metadata?.name ?? index}`;
    if (!shape)
      problems.push(`${where}: a kind this check does not know; add its shape to scripts/check-kubernetes.mjs`);
    else checkShape(object, shape, where, problems);
  }
  for (const kind of ['Deployment', 'Service', 'Ingress', 'Job', 'PodDisruptionBudget', 'ConfigMap']) {
    expect(byKind(kind).length === 1, `expected one ${kind}, found ${byKind(kind).length}`);
  }
  if (problems.length > 0) return problems;

  const [deployment] = byKind('Deployment');
  const [service] = byKind('Service');
  const [ingress] = byKind('Ingress');
  const [job] = byKind('Job');
  const [pdb] = byKind('PodDisruptionBudget');
  const [config] = byKind('ConfigMap');
  const secrets = byKind('Secret');
  const podLabels = deployment.spec.template.metadata?.labels;

  // Settings: every key one the server reads, the secret ones only in the Secret.
  for (const key of Object.keys(config.data ?? {})) {
    expect(knownSettings.has(key), `ConfigMap ${config.metadata.name}: ${key} is not a setting the server reads`);
    expect(
      !SECRET_SETTINGS.includes(key),
      `ConfigMap ${config.metadata.name}: ${key} is secret; it belongs in the Secret`,
    );
  }
  for (const key of ['PUBLIC_URL', 'TRUST_PROXY', 'LOG_LEVEL', 'BODY_LIMIT']) {
    expect(config.data?.[key], `ConfigMap ${config.metadata.name}: ${key} is missing`);
  }
  expect(base ? secrets.length === 0 : true, 'the base renders a Secret; secrets come from secret.env only');
  for (const secret of secrets) {
    for (const [key, value] of Object.entries({ ...secret.data, ...secret.stringData })) {
      const text = secret.data?.[key] === value ? Buffer.from(value, 'base64').toString('utf8') : value;
      expect(knownSettings.has(key), `Secret ${secret.metadata.name}: ${key} is not a setting the server reads`);
      expect(
        text === '' || /example|PASSWORD|change-me/i.test(text),
        `Secret ${secret.metadata.name}: ${key} holds what looks like a real value`,
      );
    }
  }

  // Pods: the Deployment's and the Job's.
  for (const [what, workload] of [
    [`Deployment ${deployment.metadata.name}`, deployment],
    [`Job ${job.metadata.name}`, job],
  ]) {
    const pod = workload.spec.template.spec;
    expect(pod.securityContext?.runAsNonRoot === true, `${what}: the pod must run as non-root`);
    expect(pod.securityContext?.runAsUser === UID, `${what}: the pod must run as uid ${UID}`);
    expect(pod.automountServiceAccountToken === false, `${what}: the pod needs no service account token`);
    for (const c of pod.containers) {
      const at = `${what}, container ${c.name}`;
      const sc = c.securityContext ?? {};
      expect(sc.allowPrivilegeEscalation === false, `${at}: allowPrivilegeEscalation must be false`);
      expect(sc.readOnlyRootFilesystem === true, `${at}: readOnlyRootFilesystem must be true`);
      expect(sc.capabilities?.drop?.includes('ALL'), `${at}: capabilities must drop ALL`);
      expect(sc.privileged !== true, `${at}: must not be privileged`);
      const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
      const tmpVolume = pod.volumes?.find((v) => v.name === tmp?.name);
      expect(tmpVolume?.emptyDir, `${at}: /tmp must be an emptyDir (the root file system is read-only)`);
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          expect(c.resources?.[kind]?.[resource] !== undefined, `${at}: resources.${kind}.${resource} is missing`);
        }
      }
      const limit = mebibytes(c.resources?.limits?.memory);
      expect(limit >= 128 && limit <= 1024, `${at}: a memory limit from 128Mi to 1Gi fits a ~100 MB process`);
      const heap = /--max-old-space-size=(\d+)/.exec(config.data?.NODE_OPTIONS ?? '');
      expect(!heap || Number(heap[1]) < limit, `${at}: NODE_OPTIONS' heap must stay below the memory limit`);
      const refs = c.envFrom ?? [];
      const configRef = refs.find((r) => r.configMapRef)?.configMapRef?.name;
      const secretRef = refs.find((r) => r.secretRef)?.secretRef?.name;
      expect(configRef === config.metadata.name, `${at}: envFrom must name the ConfigMap ${config.metadata.name}`);
      expect(secretRef, `${at}: envFrom must name the Secret`);
      if (secrets.length > 0) {
        expect(
          secrets.some((s) => s.metadata.name === secretRef),
          `${at}: no rendered Secret is named ${secretRef}`,
        );
      } else {
        expect(secretRef === 'quorum-secrets', `${at}: the Secret must be quorum-secrets, as the docs create it`);
      }
    }
  }

  // The server: port, probes, shutdown timing.
  const [server] = deployment.spec.template.spec.containers;
  const podSpec = deployment.spec.template.spec;
  expect(
    base ? deployment.spec.replicas === 2 : deployment.spec.replicas >= 2,
    `Deployment: replicas must be 2 (base) or more`,
  );
  expect(base ? server.image === 'quorum:latest' : true, `Deployment: the base's image must be quorum:latest`);
  expect(
    selects(deployment.spec.selector.matchLabels, podLabels),
    'Deployment: its selector must match its pod labels',
  );
  const http = server.ports?.find((p) => p.containerPort === PORT);
  expect(http, `Deployment: the container must expose port ${PORT}`);
  const portOk = (port) => port === PORT || (http?.name !== undefined && port === http.name);
  for (const [probeName, expected] of [
    ['readinessProbe', HEALTH.ready],
    ['livenessProbe', HEALTH.live],
    ['startupProbe', HEALTH.live],
  ]) {
    const get = server[probeName]?.httpGet;
    expect(get?.path === expected, `Deployment: ${probeName} must GET ${expected}`);
    expect(portOk(get?.port), `Deployment: ${probeName} must use port ${PORT}`);
  }
  const preStop = server.lifecycle?.preStop;
  const sleepSeconds =
    preStop?.sleep?.seconds ??
    Number(/setTimeout\([^,]+,\s*(\d+)\)/.exec(preStop?.exec?.command?.join(' ') ?? '')?.[1] ?? NaN) / 1000;
  expect(sleepSeconds >= 3, 'Deployment: a preStop pause of a few seconds must let traffic drain first');
  const grace = podSpec.terminationGracePeriodSeconds ?? 30;
  expect(grace >= 15, 'Deployment: terminationGracePeriodSeconds must be 15 or more');
  expect(
    grace > sleepSeconds + SHUTDOWN_SECONDS,
    `Deployment: the grace period must outlast preStop + ${SHUTDOWN_SECONDS} s`,
  );
  const surge = deployment.spec.strategy?.rollingUpdate?.maxUnavailable;
  expect(
    surge === 0 || surge === '0%',
    'Deployment: a rolling update must not take pods away before new ones are ready',
  );

  // The migration Job.
  const [migrate] = job.spec.template.spec.containers;
  const command = [...(migrate.command ?? []), ...(migrate.args ?? [])].join(' ');
  expect(
    /\bcli\/migrate\b|\bnpm run migrate\b|\bmigrate\.js\b/.test(command),
    `Job: must run the migrations, runs "${command}"`,
  );
  expect(
    ['Never', 'OnFailure'].includes(job.spec.template.spec.restartPolicy),
    'Job: restartPolicy must be Never or OnFailure',
  );
  expect(migrate.image === server.image, 'Job: must run the same image as the Deployment');
  expect(
    !selects(service.spec.selector, job.spec.template.metadata?.labels),
    'Service: must not select the migration pod',
  );
  expect(
    !selects(pdb.spec.selector?.matchLabels, job.spec.template.metadata?.labels),
    'PodDisruptionBudget: must not select the migration pod',
  );

  // Service, PodDisruptionBudget, Ingress.
  expect(selects(service.spec.selector, podLabels), "Service: its selector must match the Deployment's pod labels");
  for (const port of service.spec.ports) {
    expect(portOk(port.targetPort), `Service: port ${port.port} must target the container's port ${PORT}`);
  }
  expect(selects(pdb.spec.selector?.matchLabels, podLabels), "PodDisruptionBudget: must select the Deployment's pods");
  const maxUnavailable = pdb.spec.maxUnavailable;
  expect(
    maxUnavailable !== undefined ? maxUnavailable !== 0 : pdb.spec.minAvailable < deployment.spec.replicas,
    'PodDisruptionBudget: must let a node drain (at least one pod may go)',
  );
  const annotations = ingress.metadata.annotations ?? {};
  const a = (key) => annotations[`nginx.ingress.kubernetes.io/${key}`];
  expect(a('proxy-buffering') === 'off', 'Ingress: proxy-buffering must be off for the live results stream');
  expect(
    Number(a('proxy-read-timeout')) > STREAM_SECONDS,
    `Ingress: proxy-read-timeout must outlast a stream (${STREAM_SECONDS} s)`,
  );
  const bodySize = bytes(a('proxy-body-size'));
  expect(
    bodySize >= Number(config.data?.BODY_LIMIT) && bodySize >= LARGEST_RESPONSE_BYTES,
    'Ingress: proxy-body-size must take BODY_LIMIT and the largest response (about 1.5 MB)',
  );
  const hosts = new Set();
  for (const rule of ingress.spec.rules) {
    hosts.add(rule.host);
    for (const p of rule.http.paths) {
      const backend = p.backend.service;
      expect(
        backend.name === service.metadata.name,
        `Ingress: path ${p.path} must lead to the Service ${service.metadata.name}`,
      );
      expect(
        service.spec.ports.some((sp) => sp.name === backend.port.name || sp.port === backend.port.number),
        `Ingress: path ${p.path} names a port the Service does not have`,
      );
    }
  }
  for (const host of hosts) {
    expect(
      ingress.spec.tls?.some((t) => t.hosts?.includes(host)),
      `Ingress: ${host} must be served with TLS`,
    );
  }
  const publicHost = URL.canParse(config.data?.PUBLIC_URL) ? new URL(config.data.PUBLIC_URL).host : undefined;
  expect(hosts.has(publicHost), `ConfigMap: PUBLIC_URL's host (${publicHost}) must be the Ingress host`);
  expect(
    config.data?.TRUST_PROXY !== 'false' && config.data?.TRUST_PROXY !== '',
    'ConfigMap: TRUST_PROXY must be set behind the ingress',
  );
  return problems;
}

// --- run ----------------------------------------------------------------------------------------------------
const work = mkdtempSync(path.join(os.tmpdir(), 'quorum-kubernetes-'));
let failed = false;
try {
  // Render a copy, with the example secrets in place of any filled-in secret.env: only committed files count.
  cpSync(source, work, { recursive: true });
  const example = readFileSync(path.join(source, 'secret.example.env'), 'utf8');
  for (const key of example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)) {
    if (!knownSettings.has(key[1])) {
      console.error(`deploy/kubernetes/secret.example.env: ${key[1]} is not a setting the server reads`);
      failed = true;
    }
  }
  const overlays = existsSync(path.join(work, 'overlays')) ? readdirSync(path.join(work, 'overlays')) : [];
  const targets = [{ name: 'deploy/kubernetes', dir: work, base: true }];
  for (const overlay of overlays) {
    writeFileSync(path.join(work, 'overlays', overlay, 'secret.env'), example);
    targets.push({
      name: `deploy/kubernetes/overlays/${overlay}`,
      dir: path.join(work, 'overlays', overlay),
      base: false,
    });
  }
  const ignored = spawnSync('git', ['check-ignore', '-q', 'deploy/kubernetes/overlays/example/secret.env'], {
    cwd: root,
  });
  if (ignored.status === 1) {
    console.error('deploy/kubernetes: secret.env is not ignored by git');
    failed = true;
  }
  for (const target of targets) {
    const rendered = spawnSync(kubectl, ['kustomize', target.dir], { encoding: 'utf8' });
    if (rendered.status !== 0) {
      console.error(`FAIL ${target.name}: kubectl kustomize failed\n${rendered.stderr}`);
      failed = true;
      continue;
    }
    const documents = parseAllDocuments(rendered.stdout);
    const errors = documents.flatMap((d) => d.errors.map((e) => e.message));
    const problems =
      errors.length > 0
        ? errors
        : checkRendered(
            target.name,
            documents.map((d) => d.toJS()),
            target,
          );
    if (problems.length > 0) {
      console.error(`FAIL ${target.name}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
      failed = true;
    } else {
      console.log(
        `ok   ${target.name}: ${documents.length} objects rendered with kustomize v${kustomize[1]} and checked`,
      );
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
