import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeadersOf } from './security-headers';

describe('security headers', () => {
  it("are helmet's, worked out once for the app's options", () => {
    const headers = securityHeadersOf({
      contentSecurityPolicy: { directives: contentSecurityPolicy('http://localhost:3000') },
      strictTransportSecurity: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    });
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});
