import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_LIMIT_DEFAULT, ADMIN_PAGE_LIMIT_MAX, adminCompanyListQuerySchema, adminDeliveryListQuerySchema,
  adminReviewListQuerySchema, deliverySchema, MAX_DELIVERIES_LIMIT, testEventsSchema,
} from './admin';

/** Query strings arrive as text: the schemas coerce them, as the routes do with `c.req.query()`. */
const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.path.join('.'));

describe('admin list queries', () => {
  it('default to page 1 and 50 rows on every admin list', () => {
    expect(ADMIN_PAGE_LIMIT_DEFAULT).toBe(50);
    expect(adminCompanyListQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(adminReviewListQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
    expect(adminDeliveryListQuerySchema.parse({})).toEqual({ page: 1, limit: 50 });
  });

  it('coerce page and limit from strings and keep the filters', () => {
    expect(adminCompanyListQuerySchema.parse({ status: 'under review', mode: 'live', page: '3', limit: '100' }))
      .toEqual({ status: 'under review', mode: 'live', page: 3, limit: 100 });
    expect(adminDeliveryListQuerySchema.parse({ keyId: 'key_1', state: 'failed', limit: '7', page: '2' }))
      .toEqual({ keyId: 'key_1', state: 'failed', limit: 7, page: 2 });
  });

  it('refuse a limit over the maximum, a page below 1 and non-integers', () => {
    expect(ADMIN_PAGE_LIMIT_MAX).toBe(100);
    expect(MAX_DELIVERIES_LIMIT).toBe(100);
    expect(issuesOf(adminCompanyListQuerySchema.safeParse({ limit: String(ADMIN_PAGE_LIMIT_MAX + 1) }))).toEqual(['limit']);
    expect(issuesOf(adminReviewListQuerySchema.safeParse({ limit: '0', page: '0' })).sort()).toEqual(['limit', 'page']);
    expect(issuesOf(adminDeliveryListQuerySchema.safeParse({ limit: String(MAX_DELIVERIES_LIMIT + 1) }))).toEqual(['limit']);
    expect(issuesOf(adminDeliveryListQuerySchema.safeParse({ page: '1.5' }))).toEqual(['page']);
  });

  it('refuse unknown filter values', () => {
    expect(issuesOf(adminCompanyListQuerySchema.safeParse({ status: 'done', mode: 'prod' })).sort()).toEqual(['mode', 'status']);
    expect(issuesOf(adminDeliveryListQuerySchema.safeParse({ state: 'sent', keyId: '' })).sort()).toEqual(['keyId', 'state']);
    expect(issuesOf(adminDeliveryListQuerySchema.safeParse({ keyId: 'k'.repeat(101) }))).toEqual(['keyId']);
  });
});

describe('admin answers', () => {
  it('a delivery keeps its payload as any JSON and its attempt log', () => {
    const delivery = {
      id: 'evt_1', keyId: 'key_1', event: 'webhook.test', destination: 'events', subjectId: null, state: 'delivered',
      attempts: 1, lastError: null, nextAttemptAt: null, deliveredAt: '2025-01-01T00:00:01.000Z', createdAt: '2025-01-01T00:00:00.000Z',
      payload: { type: 'webhook.test', data: { n: 1 } }, payloadRedacted: false,
      attemptLog: [{ url: 'https://shop.example/hook', attemptedAt: '2025-01-01T00:00:01.000Z', statusCode: 200, error: null, durationMs: 12.5, ok: true }],
    };
    expect(deliverySchema.parse(delivery)).toEqual(delivery);
    expect(issuesOf(deliverySchema.safeParse({ ...delivery, state: 'sent', destination: 'other' })).sort()).toEqual(['destination', 'state']);
    // Whether the body is the redacted view is always said.
    const { payloadRedacted: _omitted, ...unsaid } = delivery;
    expect(issuesOf(deliverySchema.safeParse(unsaid))).toEqual(['payloadRedacted']);
  });

  it('test events name their destination', () => {
    const ok = { events: [{ id: 'evt_1', destination: 'decision', url: 'https://shop.example/decide' }] };
    expect(testEventsSchema.parse(ok)).toEqual(ok);
    expect(testEventsSchema.safeParse({ events: [{ id: 'evt_1', destination: 'nowhere', url: 'x' }] }).success).toBe(false);
  });
});
