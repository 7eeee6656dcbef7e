import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * A module's one Fastify plugin (docs/architecture.md, "Modules"): it registers the module's routes
 * and hooks. `Deps` names, with their types, the shared services and settings it uses; buildApp
 * passes them (app.ts), and the compiler checks that it has every one.
 */
export type ModulePlugin<Deps extends object> = FastifyPluginAsyncZod<Deps>;
