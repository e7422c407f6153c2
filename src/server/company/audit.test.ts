import { describe, expect, it } from 'vitest';
import { appendAudit, AUDIT_MAX } from './audit';

const t0 = Date.parse('2026-01-05T10:00:00.000Z');
const at = (ms: number) => new Date(t0 + ms);

describe('audit trail', () => {
  it('appends entries with a timestamp, without touching the input', () => {
    const trail = [{ at: at(0).toISOString(), action: 'created', actor: 'customer' }];
    const out = appendAudit(trail, { action: 'started', actor: 'representative', from: 'not started', to: 'started' }, at(1000));
    expect(out).toEqual([trail[0], { at: at(1000).toISOString(), action: 'started', actor: 'representative', from: 'not started', to: 'started' }]);
    expect(trail).toHaveLength(1);
  });

  it('coalesces autosaves of one section within a minute of the entry', () => {
    let trail = appendAudit([], { action: 'draft_saved', actor: 'representative', section: 'business' }, at(0));
    trail = appendAudit(trail, { action: 'draft_saved', actor: 'representative', section: 'business' }, at(20_000));
    trail = appendAudit(trail, { action: 'draft_saved', actor: 'representative', section: 'business' }, at(59_000));
    expect(trail).toEqual([{ at: at(0).toISOString(), action: 'draft_saved', actor: 'representative', section: 'business', count: 3, lastAt: at(59_000).toISOString() }]);
    trail = appendAudit(trail, { action: 'draft_saved', actor: 'representative', section: 'business' }, at(60_000));
    trail = appendAudit(trail, { action: 'draft_saved', actor: 'representative', section: 'contact' }, at(61_000));
    trail = appendAudit(trail, { action: 'submitted', actor: 'representative' }, at(62_000));
    trail = appendAudit(trail, { action: 'submitted', actor: 'representative' }, at(62_001));
    expect(trail.map((e) => [e.action, e.section, e.count ?? 1])).toEqual([
      ['draft_saved', 'business', 3], ['draft_saved', 'business', 1], ['draft_saved', 'contact', 1], ['submitted', undefined, 1], ['submitted', undefined, 1],
    ]);
  });

  it('stays bounded, dropping old autosave entries before milestones', () => {
    let trail = appendAudit([], { action: 'created', actor: 'customer' }, at(0));
    for (let i = 1; i <= AUDIT_MAX + 50; i++) {
      trail = appendAudit(trail, { action: 'draft_saved', actor: 'representative', section: `s${i % 2}` }, at(i * 61_000));
    }
    trail = appendAudit(trail, { action: 'submitted', actor: 'representative' }, at(10 ** 9));
    expect(trail).toHaveLength(AUDIT_MAX);
    expect(trail[0]!.action).toBe('created');
    expect(trail.at(-1)!.action).toBe('submitted');
  });
});
