import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSettings } from '../env';
import { createLogger } from '../lib/logger';
import { startTracing, tracingState } from './tracing';

// Zero cost when off: with no OTLP endpoint none of the OpenTelemetry SDK is loaded and nothing is
// registered. Checked in a fresh process (vitest's own may load anything), whose resolve hook
// writes down every @opentelemetry module resolved; the same run with an endpoint shows the hook
// sees them. The one exception predates tracing: prom-client (metrics/) requires
// @opentelemetry/api itself, to read the active span for exemplars; without a registered
// provider that is the API's no-op.
const scratch = mkdtempSync(join(tmpdir(), 'idv-otel-off-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const HOOK = `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  if (r.url.includes('@opentelemetry')) appendFileSync(process.env.OTEL_LOAD_LOG, r.url + '\\n');
  return r;
}`;

function runFixture(name: string, env: Record<string, string>) {
  const log = join(scratch, `${name}.log`);
  writeFileSync(log, '');
  const register = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(HOOK)}`)});`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(register)}`, 'src/server/telemetry/tracing-off.fixture.ts'], {
    encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH, HOME: process.env.HOME, OTEL_LOAD_LOG: log, ...env },
  });
  if (r.status !== 0) throw new Error(`fixture failed (${r.status}): ${r.stderr}`);
  const out = JSON.parse(r.stdout.trim().split('\n').pop()!) as { state: string; cjs: string[]; registered: string[] };
  return { ...out, esm: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

describe('tracing off', () => {
  it('without an endpoint: state off, and no @opentelemetry module loads in a server process', { timeout: 120_000 }, () => {
    const off = runFixture('off', {});
    const notApi = (files: string[]) => files.filter((f) => !f.includes('/@opentelemetry/api/'));
    expect({ ...off, cjs: notApi(off.cjs), esm: notApi(off.esm) }).toEqual({ state: 'off', cjs: [], esm: [], registered: [] });
    // Control: with an endpoint (a dead port) the same hook sees the SDK load.
    const on = runFixture('on', { FIXTURE_OTLP: 'http://127.0.0.1:9' });
    expect(on.state).toBe('on');
    expect(on.registered).toEqual(['context', 'propagation', 'trace']);
    expect(on.esm.concat(on.cjs).join('\n')).toContain('@opentelemetry/sdk-trace');
  });

  it('startTracing does nothing without an endpoint', async () => {
    const settings = loadSettings({ DATA_DIR: scratch });
    expect(settings.otelTracesUrl).toBeUndefined();
    expect(await startTracing(settings, createLogger('silent'))).toBe('off');
    expect(tracingState()).toBe('off');
  });

  it('reads the endpoints the OTLP way: the generic one gets /v1/traces, the traces one is used as it is', () => {
    expect(loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).otelTracesUrl).toBe('http://collector:4318/v1/traces');
    expect(loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b/otlp/traces' }).otelTracesUrl).toBe('https://b/otlp/traces');
    expect(loadSettings({}).otelServiceName).toBe('idv-hosted');
    expect(() => loadSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
