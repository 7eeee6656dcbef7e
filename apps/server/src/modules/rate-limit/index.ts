// The public face of the rate-limit module: what other modules, app.ts and the CLI may use.
export { createRateLimiter, type RateLimiter, type RateLimitRule } from './rate-limit.service';
export { rateLimitPersonalData } from './personal-data';
