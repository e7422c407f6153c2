// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Delivery } from '../../../contract/admin';
import { initI18n } from '../../i18n/i18n';
import { DeliveriesTable, deliveryLook } from './activity-tables';

beforeAll(() => { void initI18n('en'); });
afterEach(cleanup);

const delivery = (over: Partial<Delivery>): Delivery => ({
  id: 'whe_1', keyId: 'k', event: 'verification.started', destination: 'events', subjectId: 'v', state: 'pending', attempts: 0, lastError: null,
  nextAttemptAt: null, deliveredAt: null, createdAt: '2026-12-01T10:00:00Z', payload: {}, payloadRedacted: false, attemptLog: [], ...over,
});

describe('webhook deliveries', () => {
  it('a pending delivery that has been tried and refused reads failing, not queued', () => {
    expect(deliveryLook(delivery({}))).toEqual({ label: 'queued', tone: 'tone-muted' });
    expect(deliveryLook(delivery({ attempts: 2, lastError: 'HTTP 500' }))).toEqual({ label: 'failing', tone: 'tone-bad' });
    expect(deliveryLook(delivery({ state: 'failed', attempts: 8 })).label).toBe('failed');
    expect(deliveryLook(delivery({ state: 'delivered', attempts: 1 })).label).toBe('delivered');
  });

  it('shows the failing state with its last error and next try', () => {
    render(<DeliveriesTable deliveries={[delivery({ attempts: 2, lastError: 'HTTP 500', nextAttemptAt: '2026-12-01T10:05:00Z' })]} empty="none" />);
    const cell = screen.getByTestId('delivery-state');
    expect(cell.getAttribute('data-state')).toBe('failing');
    expect(cell.textContent).toContain('Failing, will retry');
    expect(cell.textContent).toContain('HTTP 500');
    expect(cell.textContent).toContain('next try');
  });
});
