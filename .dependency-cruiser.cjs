/**
 * The module rules of the code under src/ (issue 20; docs/architecture.md says why each exists), checked by
 * `npm run check:deps` (scripts/check-deps.mjs, run by scripts/test.sh before the tests). Exceptions are not
 * written here: each one is listed with its reason in scripts/dependency-exceptions.mjs.
 *
 * Parsed with @swc/core (dependency-cruiser cannot use TypeScript 7's compiler, which has no JS API), so a
 * type-only import counts like any other (ADR 0102).
 */
/** Packages and Node built-ins that do I/O (disk, network, database, processes, HTTP server, native image or model code). */
const IO_BUILTINS = ['fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'dns', 'dns/promises', 'tls', 'dgram', 'child_process', 'cluster', 'worker_threads', 'readline', 'inspector', 'repl', 'os', 'process'];
const IO_PACKAGES = ['pg', 'pg-boss', '@electric-sql/pglite', 'fastify', '@fastify/[^/]+', 'undici', 'nodemailer', 'aws4fetch', 'sharp', 'tesseract\\.js', '@tensorflow/[^/]+', '@vladmandic/[^/]+', 'pino', 'prom-client', 'playwright-core', 'unpdf'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A cycle makes two files one unit: neither can be understood, tested or moved alone, and load order decides what is undefined.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'modules-through-index',
      comment: "Another module is reached only through its index.ts (its front door): what is not exported there is that module's own business.",
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'modules-through-index-from-outside',
      comment: 'The composition root, the CLI, the platform and the workers reach a module only through its index.ts too.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/modules/' },
      to: { path: '^src/modules/[^/]+/', pathNot: '^src/modules/[^/]+/index\\.ts$' },
    },
    {
      name: 'domain-imports-only-domain',
      comment: 'domain/ is the pure logic (decision rules, parsing, scoring): it imports only other domain/ files of its module or of the platform, never a service, repository or route.',
      severity: 'error',
      from: { path: '/domain/' },
      to: { path: '^src/', pathNot: ['^src/modules/[^/]+/domain/', '^src/platform/domain/'] },
    },
    {
      name: 'domain-no-io',
      comment: 'domain/ does no I/O: no file system, network, database, HTTP server, processes or native image and model code; pure packages only.',
      severity: 'error',
      from: { path: '/domain/' },
      to: {
        path: [
          `^(node:)?(${IO_BUILTINS.join('|')})$`,
          `(^|/)node_modules/(${IO_PACKAGES.join('|')})/`,
          `^(${IO_PACKAGES.join('|')})(/|$)`,
        ],
      },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    // Unit tests beside the code may import what they test from anywhere; the rules are for the product's code.
    exclude: { path: ['\\.test\\.ts$', '\\.d\\.ts$'] },
    doNotFollow: { path: 'node_modules' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
