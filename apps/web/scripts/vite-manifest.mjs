import fs from 'node:fs';
import path from 'node:path';

/** Vite's build manifest (build.manifest) of a dist folder, and the chunks each module needs. */
export function readManifest(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

  /** The chunk files `key` needs before it runs: itself and its static imports, transitively. */
  function staticClosure(key, files = new Set()) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} não está no manifesto do Vite`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) staticClosure(imported, files);
    return files;
  }

  return { entryFiles: () => staticClosure(entryKey), staticClosure };
}
