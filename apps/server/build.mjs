// Bundles the server into dist/main.js and dist/ops.js (ops-main.js its commands), and the image checks' worker thread into
// dist/image-worker.js (flat, so paths relative to the bundle resolve like those relative to src/).
// Workspace packages (@gabarita/*) ship TypeScript sources, so they are bundled in, like `@/` (src,
// tsconfig.json `paths`); every other package stays an external import.
import { build } from 'esbuild';

const bundleWorkspacePackagesOnly = {
  name: 'externalize-node-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@gabarita/') || args.path.startsWith('@/')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: 'src/main.ts',
    ops: 'src/cli/ops.ts',
    // Loaded by ops.js once it knows how the command runs (src/cli/ops.ts).
    'ops-main': 'src/cli/ops-main.ts',
    // Started as a worker thread by both (src/modules/content-import/image-workers.ts).
    'image-worker': 'src/modules/content-import/image-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [bundleWorkspacePackagesOnly],
});
