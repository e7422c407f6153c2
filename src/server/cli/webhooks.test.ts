import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { enqueueEvent } from '../webhooks/outbox';
import { createWebhookWorker, type WebhookWorker } from '../webhooks/worker';
import { startCliServer, type CliServer } from './cli-test-server';

describe('idv webhooks (against the real server)', () => {
  let s: CliServer;
  let rx: WebhookReceiver;
  let worker: WebhookWorker;
  let key: { id: string; apiKey: string };

  beforeAll(async () => {
    s = await startCliServer();
    rx = await startWebhookReceiver();
    key = JSON.parse((await s.idv(['keys', 'create', '--mode', 'test', '--events-url', rx.url('/events'),
      '--decision-url', rx.url('/decision'), '--json'])).stdout);
    rx.setSecret(key.apiKey);
    worker = createWebhookWorker(s.h.ctx, { random: () => 0.5 });
  });
  afterAll(async () => { await rx.close(); await s.close(); });

  it('webhooks test queues a signed test event per URL; list shows them delivered', async () => {
    const r = await s.idv(['webhooks', 'test', key.id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Queued webhook.test msg_`);
    expect(r.stdout).toContain(`to the events URL ${rx.url('/events')}`);
    expect(r.stdout).toContain(`to the decision URL ${rx.url('/decision')}`);
    expect(await worker.runOnce()).toBe(2);
    expect(rx.events().map((e) => [e.path, e.verified])).toEqual([['/events', true], ['/decision', true]]);

    const list = await s.idv(['webhooks', 'list', '--key', key.id]);
    expect(list.code).toBe(0);
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^EVENT ID\s+TYPE\s+TO\s+STATE\s+ATTEMPTS\s+LAST ERROR\s+SUBJECT\s+CREATED\s+DELIVERED$/);
    expect(lines.slice(1)).toHaveLength(2);
    for (const l of lines.slice(1)) expect(l).toMatch(/^msg_\S+\s+webhook\.test\s+(events|decision)\s+delivered\s+1\s+-\s+-\s+2026-01-05 10:00:00Z\s+2026-01-05/);
  });

  it('list --json, --state filter; a failing attempt shows its error; redeliver sends it again', async () => {
    rx.setDown(true);
    const id = await enqueueEvent(s.h.ctx.db, {
      apiKeyId: key.id, type: 'verification.started', data: { verificationId: 'v1' }, subjectId: 'v1', now: s.h.clock.now(),
    });
    await worker.runOnce();
    const pending = await s.idv(['webhooks', 'list', '--state', 'pending', '--json']);
    expect(pending.code).toBe(0);
    const items = JSON.parse(pending.stdout);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, state: 'pending', attempts: 1, lastError: 'HTTP 503', destination: 'events', subjectId: 'v1' });
    const human = await s.idv(['webhooks', 'list', '--state', 'pending']);
    expect(human.stdout).toMatch(new RegExp(`^${id}\\s+verification\\.started\\s+events\\s+pending\\s+1\\s+HTTP 503\\s+v1\\s`, 'm'));

    rx.setDown(false);
    const r = await s.idv(['webhooks', 'redeliver', id]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`Queued ${id} for redelivery now`);
    await worker.runOnce();
    expect(rx.events().find((e) => e.id === id)?.verified).toBe(true);
    const after = JSON.parse((await s.idv(['webhooks', 'list', '--key', key.id, '--state', 'delivered', '--json'])).stdout);
    expect(after.map((d: { id: string }) => d.id)).toContain(id);
  });

  it('pages: tells how to see more', async () => {
    const r = await s.idv(['webhooks', 'list', '--limit', '1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Page 1 of 3 \(3 deliveries\): --page N for more\./);
  });

  it('errors: unknown event or key exit 1; bad options exit 2', async () => {
    const unknown = await s.idv(['webhooks', 'redeliver', 'msg_nope']);
    expect(unknown).toMatchObject({ code: 1, stderr: 'error: Webhook event not found\n' });
    const noKey = await s.idv(['webhooks', 'test', 'key_nope']);
    expect(noKey).toMatchObject({ code: 1, stderr: 'error: API key not found\n' });
    const bare = await s.h.createKey({});
    const noUrls = await s.idv(['webhooks', 'test', bare.id]);
    expect(noUrls).toMatchObject({ code: 1, stderr: 'error: The key has no webhook URLs configured\n' });
    expect((await s.idv(['webhooks', 'list', '--state', 'lost'])).code).toBe(2);
    expect((await s.idv(['webhooks', 'list', '--limit', '0'])).stderr).toMatch(/--limit must be a positive integer/);
    expect((await s.idv(['webhooks', 'test'])).stderr).toMatch(/missing KEY_ID/);
  });
});
