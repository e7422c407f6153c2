import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosaveQueue, type SaveFailure, type SaveStatus, type DraftSave } from './autosave-queue';

class NetworkError extends Error {}
class Refused extends Error {}
class Closed extends Error {}

const classify = (e: unknown): SaveFailure =>
  e instanceof Closed ? 'fatal' : e instanceof Refused ? 'reject' : 'retry';

function setup(saveImpl?: (b: DraftSave) => Promise<void>) {
  const saved: DraftSave[] = [];
  const statuses: SaveStatus[] = [];
  const save = vi.fn(saveImpl ?? (async (b: DraftSave) => void saved.push(b)));
  const onFatal = vi.fn();
  const queue = createAutosaveQueue<string>({
    save,
    classify,
    onStatus: (s) => statuses.push(s),
    onFatal,
    debounceMs: 800,
    retryDelaysMs: [1000, 5000],
  });
  return { queue, save, saved, statuses, onFatal };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('autosave queue', () => {
  it('debounces keystrokes into one save of the newest data', async () => {
    const { queue, save, saved, statuses } = setup();
    queue.schedule('business', { legalName: 'A' });
    await vi.advanceTimersByTimeAsync(500);
    queue.schedule('business', { legalName: 'Ac' });
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([{ section: 'business', data: { legalName: 'Ac' } }]);
    expect(statuses).toEqual(['pending', 'saving', 'saved']);
    expect(queue.dirty).toBe(false);
  });

  it('flush saves at once, every pending section, and reports success', async () => {
    const { queue, saved } = setup();
    queue.schedule('business', 1);
    queue.schedule('contact', 2);
    await expect(queue.flush()).resolves.toBe(true);
    expect(saved.map((s) => s.section)).toEqual(['business', 'contact']);
  });

  it('keeps data and retries with backoff on network errors until it gets through', async () => {
    let fail = 2;
    const { queue, save, saved, statuses } = setup(async (b) => {
      if (fail-- > 0) throw new NetworkError('offline');
      saved.push(b);
    });
    queue.schedule('contact', { a: 1 });
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);
    expect(queue.status).toBe('retrying');
    expect(queue.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4999);
    expect(save).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toHaveLength(1);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('sends typing done during a retry wait with the next attempt, not an older body', async () => {
    let fail = 1;
    const { queue, saved } = setup(async (b) => {
      if (fail-- > 0) throw new NetworkError('offline');
      saved.push(b);
    });
    queue.schedule('business', 'old');
    await vi.advanceTimersByTimeAsync(800);
    queue.schedule('business', 'new');
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved.map((s) => s.data)).toEqual(['new']);
  });

  it('never runs two saves at once and saves newer typing after the one in flight', async () => {
    let release: () => void = () => undefined;
    let active = 0;
    let maxActive = 0;
    const { queue, saved } = setup(async (b) => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((r) => (release = r));
      active--;
      saved.push(b);
    });
    queue.schedule('business', 1);
    await vi.advanceTimersByTimeAsync(800);
    queue.schedule('business', 2);
    await vi.advanceTimersByTimeAsync(800);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(saved.map((s) => s.data)).toEqual([1, 2]);
    expect(maxActive).toBe(1);
    expect(queue.dirty).toBe(false);
  });

  it('stops and reports a closed link', async () => {
    const { queue, onFatal, save } = setup(async () => {
      throw new Closed('invalid_token');
    });
    queue.schedule('business', 1);
    await expect(queue.flush()).resolves.toBe(false);
    expect(onFatal).toHaveBeenCalledTimes(1);
    expect(queue.status).toBe('failed');
    queue.schedule('business', 2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not resend a body the server refused', async () => {
    const { queue, save } = setup(async () => {
      throw new Refused('invalid_body');
    });
    queue.schedule('business', 1);
    await expect(queue.flush()).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(queue.status).toBe('failed');
  });

  it('sends the step with section saves, and alone when nothing else is pending', async () => {
    const { queue, saved } = setup();
    queue.setStep(0);
    queue.schedule('business', { legalName: 'A' });
    queue.setStep(1);
    await expect(queue.flush()).resolves.toBe(true);
    expect(saved).toEqual([{ section: 'business', data: { legalName: 'A' }, currentStep: 1 }]);
    queue.setStep(0);
    expect(queue.dirty).toBe(true);
    await expect(queue.flush()).resolves.toBe(true);
    expect(saved.at(-1)).toEqual({ currentStep: 0 });
    await expect(queue.flush()).resolves.toBe(true);
    expect(saved).toHaveLength(2);
  });

  it('carries consent on the next save, once, alone when nothing else is pending', async () => {
    const { queue, saved } = setup();
    queue.consent();
    queue.setStep(0);
    expect(queue.dirty).toBe(true);
    await expect(queue.flush()).resolves.toBe(true);
    expect(saved).toEqual([{ currentStep: 0, consent: true }]);
    expect(queue.dirty).toBe(false);
    queue.schedule('business', { legalName: 'A' });
    await expect(queue.flush()).resolves.toBe(true);
    expect(saved.at(-1)).toEqual({ section: 'business', data: { legalName: 'A' }, currentStep: 0 });

    const alone = setup();
    alone.queue.consent();
    await expect(alone.queue.flush()).resolves.toBe(true);
    expect(alone.saved).toEqual([{ consent: true }]);
  });

  it('keeps the consent through network errors and a refused section until a save carrying it lands', async () => {
    let calls = 0;
    const { queue, saved } = setup(async (b) => {
      calls++;
      if (calls === 1) throw new NetworkError('offline');
      if (calls === 2) throw new Refused('invalid_body');
      saved.push(b);
    });
    queue.consent();
    queue.schedule('business', { legalName: 42 });
    await expect(queue.flush()).resolves.toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    // The refused section is dropped; the consent goes out on its own.
    expect(saved).toEqual([{ consent: true }]);
    expect(queue.dirty).toBe(false);
  });

  it('flush with nothing pending resolves true without saving', async () => {
    const { queue, save } = setup();
    await expect(queue.flush()).resolves.toBe(true);
    expect(save).not.toHaveBeenCalled();
  });
});
