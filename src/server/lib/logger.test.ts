import { createHash, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logRef } from './logger';

// A verification id is the individual flow's only credential: no log line may hold one, in a
// field or inside a path. A short one-way reference stands in (the same id, the same reference).
describe('logger', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  function capture(): string[] {
    const lines: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => { lines.push(String(chunk)); return true; });
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => { lines.push(String(chunk)); return true; });
    return lines;
  }

  it('writes a short non-reversible reference instead of a verification id, in any field or path', () => {
    const id = randomBytes(16).toString('hex');
    const lines = capture();
    const log = createLogger('debug');
    log.info('liveness answered', { verificationId: id, outcome: 'passed' });
    log.warn('discard failed', { subjectId: id });
    log.error('unhandled', { path: `/api/v1/hosted/verifications/${id}/media/selfie`, processId: id });
    const all = lines.join('');
    expect(all).not.toContain(id);
    const ref = createHash('sha256').update(id).digest('hex').slice(0, 12);
    expect(logRef(id)).toBe(ref);
    const first = JSON.parse(lines[0]!);
    expect(first).toMatchObject({ level: 'info', msg: 'liveness answered', verificationRef: ref, outcome: 'passed' });
    expect(first.verificationId).toBeUndefined();
    expect(JSON.parse(lines[1]!)).toMatchObject({ subjectRef: ref });
    expect(JSON.parse(lines[2]!)).toMatchObject({ path: `/api/v1/hosted/verifications/ref:${ref}/media/selfie`, processRef: ref });
  });

  it('keeps other fields as they are and stays silent below its level', () => {
    const lines = capture();
    createLogger('warn').info('not written', { verificationId: 'x' });
    createLogger('info').info('started', { port: 8080, keyId: 'key_abc' });
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'started', port: 8080, keyId: 'key_abc' });
  });
});
