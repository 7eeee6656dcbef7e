// The public face of the housekeeping module: what other modules, app.ts and the CLI may use.
export { createHousekeeping } from './housekeeping.service';
