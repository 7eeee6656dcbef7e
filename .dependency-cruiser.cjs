// The server's module boundaries (docs/architecture.md, "Modules"; docs/decisions/018-module-boundaries.md).
// Run by `npm run lint`: each module under apps/server/src/modules is reached by the rest of the
// server only through its index.ts, and modules do not depend on each other in a circle.
const MODULES = '^apps/server/src/modules/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'module-internals',
      severity: 'error',
      comment:
        "Outside a module, import only its public face: '@/modules/<name>' (its index.ts). " +
        'Export what others need from that index, or move the shared piece to its owner or lib/.',
      from: { path: '^apps/server/src/', pathNot: `${MODULES}([^/]+)/` },
      to: { path: `${MODULES}[^/]+/.+`, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'module-internals-between-modules',
      severity: 'error',
      comment:
        "Another module is reached only through its index.ts ('@/modules/<name>'). Export what " +
        'is needed from that index, or move the shared piece to its owner or lib/.',
      from: { path: `${MODULES}([^/]+)/` },
      to: {
        path: `${MODULES}[^/]+/.+`,
        pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`],
      },
    },
    {
      name: 'module-cycle',
      severity: 'error',
      comment:
        'Modules depend on each other in one direction: move the shared piece to the module that ' +
        'owns it or to lib/, or let the caller pass it in.',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { path: `${MODULES}[^/]+$`, circular: true },
    },
  ],
  options: {
    includeOnly: '^apps/server/src/',
    exclude: { path: '\\.test\\.ts$' },
    // The root tsconfig.json carries the server's `@/` paths and no `extends` chain to resolve.
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    reporterOptions: {
      archi: { collapsePattern: `${MODULES}[^/]+|^apps/server/src/[^/]+` },
    },
  },
};
