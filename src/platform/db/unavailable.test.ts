import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const err = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message ?? 'x')), fields);

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', err({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' })],
    ['a reset socket', err({ code: 'ECONNRESET' })],
    ['pg_ctl stop -m fast (admin_shutdown)', err({ code: '57P01', message: 'terminating connection due to administrator command' })],
    ['pg_ctl stop -m immediate (crash_shutdown)', err({ code: '57P02' })],
    ['the server starting up', err({ code: '57P03', message: 'the database system is starting up' })],
    ['a connection exception class 08', err({ code: '08006' })],
    ['too many connections', err({ code: '53300' })],
    ['the socket closing under a query', new Error('Connection terminated unexpectedly')],
    ['a pool checkout timing out', new Error('timeout exceeded when trying to connect')],
    ['a broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['refused on every address (AggregateError)', Object.assign(new AggregateError([err({ code: 'ECONNREFUSED' })], ''), { code: 'ECONNREFUSED' })],
    ['a wrapped cause', new Error('job fetch failed', { cause: err({ code: '57P01' }) })],
  ])('%s is unavailability', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', err({ code: '23505', message: 'duplicate key value violates unique constraint' })],
    ['a syntax error', err({ code: '42601' })],
    ['a serialization failure', err({ code: '40001' })],
    ['a plain error', new Error('something else')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
