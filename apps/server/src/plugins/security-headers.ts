/**
 * The SPA loads only its own bundles: no inline scripts (the theme is set by /theme-init.js before
 * first paint). Inline style attributes are allowed because UI libraries set them at run time.
 */
export function contentSecurityPolicy(appUrl: string) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Google accounts show the picture Google hosts.
    imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: appUrl.startsWith('https:') ? [] : null,
  };
}
