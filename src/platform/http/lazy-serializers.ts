import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify's own response serializers (fast-json-stringify), each compiled when its route first answers with
 * that status instead of all at start-up. Compiling every route's response schemas was 4.4 s of the 5.3 s the
 * app took to become ready on a loaded 2-core machine; a process answers a few routes first (and each test file
 * a few in all), so start-up no longer pays for the rest. The serializer and its output are the same. ADR 0222.
 */
export function lazySerializers(): SerializerFactory {
  const compilers = SerializerSelector();
  return (externalSchemas, options) => {
    const compile = compilers(externalSchemas, options);
    return (route) => {
      let serialize: ((doc: unknown) => string) | undefined;
      return (doc) => (serialize ??= compile(route))(doc);
    };
  };
}
