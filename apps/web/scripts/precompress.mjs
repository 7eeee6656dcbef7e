// Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, so the
// server sends them as they are (@fastify/static's preCompressed) instead of compressing each
// response, or sending it uncompressed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compress(file) {
  const source = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy no smaller than the file (tiny files) would only cost the client a header.
  const written = [];
  for (const [copy, extension] of [
    [br, '.br'],
    [gz, '.gz'],
  ]) {
    if (copy.length < source.length) {
      await fs.writeFile(file + extension, copy);
      written.push(extension);
    }
  }
  return written.length;
}

async function* filesUnder(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) yield path.join(entry.parentPath, entry.name);
  }
}

const distDir = path.resolve(process.argv[2] ?? 'dist');
let count = 0;
for await (const file of filesUnder(distDir)) {
  if (COMPRESSIBLE.test(file) && !file.includes(`${path.sep}.vite${path.sep}`)) {
    count += await compress(file);
  }
}
console.log(
  `precompress: ${count} .br/.gz copies written in ${path.relative(process.cwd(), distDir) || '.'}`,
);
