// Bundles the server into dist/main.js and dist/ops.js (flat, so paths relative to the
// bundle resolve like those relative to src/). Workspace packages (@gabarita/*) ship
// TypeScript sources, so they are bundled in, like `@/` (src, tsconfig.json `paths`); every other
// package stays an external import.
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
  entryPoints: { main: 'src/main.ts', ops: 'src/cli/ops.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [bundleWorkspacePackagesOnly],
});
