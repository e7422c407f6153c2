import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isBegin, isConnectTimeout, isConnectionLost, isPlainRead, isRollback } from './connection-errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isConnectionLost', () => {
  it.each([
    ['admin shutdown (restart, pg_terminate_backend)', withCode('57P01', 'terminating connection due to administrator command')],
    ['crash shutdown', withCode('57P02')],
    ['server starting up or shutting down', withCode('57P03', 'the database system is starting up')],
    ['connection failure', withCode('08006')],
    ['reset socket', withCode('ECONNRESET', 'read ECONNRESET')],
    ['refused connect', withCode('ECONNREFUSED')],
    ['socket closed by the server', new Error('Connection terminated unexpectedly')],
    ['query on a client that already lost its socket', new Error('Client has encountered a connection error and is not queryable')],
    ['pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['driver error wrapped by drizzle', new DrizzleQueryError('select 1', [], withCode('57P01'))],
    ['refused connect to every address of a host', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('%s: yes', (_name, err) => {
    expect(isConnectionLost(err)).toBe(true);
  });

  it.each([
    ['unique violation', withCode('23505', 'duplicate key value violates unique constraint')],
    ['syntax error', withCode('42601')],
    ['serialization failure (a retry is the caller\'s decision)', withCode('40001')],
    ['protocol violation (a bug, not an outage)', withCode('08P01')],
    ['wrapped unique violation', new DrizzleQueryError('insert', [], withCode('23505'))],
    ['plain error', new Error('boom')],
    ['not an error', 'Connection terminated'],
    ['nothing', null],
  ])('%s: no', (_name, err) => {
    expect(isConnectionLost(err)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    a.cause = a;
    expect(isConnectionLost(a)).toBe(false);
  });
});

describe('isConnectTimeout', () => {
  it('knows pg-pool\'s two timeouts (waiting for a free connection, opening one) and nothing else', () => {
    expect(isConnectTimeout(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isConnectTimeout(new Error('Connection terminated due to connection timeout'))).toBe(true);
    expect(isConnectTimeout(new Error('Connection terminated unexpectedly'))).toBe(false);
    expect(isConnectTimeout(withCode('ECONNREFUSED'))).toBe(false);
    expect(isConnectTimeout(null)).toBe(false);
  });
});

describe('isPlainRead', () => {
  it.each([
    'select "id" from "verifications" where "id" = $1',
    '  SELECT 1',
    '(select 1) union (select 2)',
    'select * from api_keys for update',
  ])('%s: a read', (text) => {
    expect(isPlainRead(text)).toBe(true);
  });

  it.each([
    'insert into t values (1)',
    'update t set a = 1',
    'delete from t',
    'with moved as (update t set a = 1 returning *) select * from moved',
    'select nextval(\'s\')',
    'select pg_advisory_lock(1)',
    'select set_config(\'a.b\', \'c\', false)',
    'selection',
  ])('%s: not a read', (text) => {
    expect(isPlainRead(text)).toBe(false);
  });
});

describe('transaction statements', () => {
  it('knows drizzle\'s BEGIN and ROLLBACK forms', () => {
    expect(isBegin('begin')).toBe(true);
    expect(isBegin('begin isolation level serializable')).toBe(true);
    expect(isBegin('select 1')).toBe(false);
    expect(isRollback('rollback')).toBe(true);
    expect(isRollback('rollback to savepoint sp1')).toBe(true);
    expect(isRollback('release savepoint sp1')).toBe(false);
  });
});
