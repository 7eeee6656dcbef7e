import { fileURLToPath } from 'node:url';

// Both src/*.ts and the flat dist/*.js bundles sit one level below apps/server, so this resolves the
// same way in development and in the build.
export const serverRoot = fileURLToPath(new URL('..', import.meta.url));
export const migrationsFolder = fileURLToPath(new URL('../drizzle', import.meta.url));
