import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { lazySerializers } from './lazy-serializers.ts';

const route = (schema: unknown) => ({ method: 'GET', url: '/x', httpStatus: '200', schema });
const schema = { type: 'object', properties: { id: { type: 'string' }, count: { type: 'integer' } } };

describe('response serializers compiled on first use', () => {
  it('answer exactly as fastify\'s own: listed properties only, types as the schema says', () => {
    const lazy = lazySerializers()(undefined, {})(route(schema));
    const eager = SerializerSelector()(undefined, {})(route(schema));
    const doc = { id: 'acc_1', count: 3, secret: 'not in the schema' };
    expect(lazy(doc)).toBe(eager(doc));
    expect(JSON.parse(lazy(doc))).toEqual({ id: 'acc_1', count: 3 });
  });

  it('compile nothing until the route answers: a schema fast-json-stringify refuses fails then, not at start-up', () => {
    const broken = { type: 'object', properties: { id: { $ref: '#/definitions/missing' } } };
    const serialize = lazySerializers()(undefined, {})(route(broken));
    expect(() => SerializerSelector()(undefined, {})(route(broken))).toThrow();
    expect(() => serialize({ id: 'x' })).toThrow();
  });
});
