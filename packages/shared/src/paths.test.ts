import { describe, expect, it } from 'vitest';
import {
  APP_PATHS,
  APP_ROUTES,
  isAppRoute,
  matchAppPath,
  PATHS,
  pathTo,
  roleMayOpen,
} from './paths';

describe('the path registry', () => {
  it('holds each path once', () => {
    const lower = APP_ROUTES.map((route) => route.toLowerCase());
    expect(new Set(APP_PATHS.map((entry) => entry.path)).size).toBe(APP_PATHS.length);
    // An alias differs from its path only in case.
    expect(new Set(lower).size).toBe(APP_PATHS.length);
  });

  it('matches as the web router does: case aside, trailing slash aside, one segment per parameter', () => {
    expect(matchAppPath('/admin/contas')).toBe(PATHS.customerAccounts);
    expect(matchAppPath('/Admin/Contas/')).toBe(PATHS.customerAccounts);
    expect(matchAppPath('/admin/contas/8f1c')).toBe(PATHS.customerAccount);
    expect(matchAppPath('/admin/pagamentos/abc')).toBe(PATHS.purchase);
    expect(matchAppPath('/Recovery')).toBe(PATHS.recovery);
    expect(matchAppPath('/')).toBe(PATHS.home);
    for (const unknown of ['/admin/contas/a/b', '/admin/nada', '/nao-existe', '/conta/x']) {
      expect(isAppRoute(unknown), unknown).toBe(false);
    }
  });

  it('builds addresses with their parameters encoded', () => {
    expect(pathTo(PATHS.customerAccount, { userId: 'a b/c' })).toBe('/admin/contas/a%20b%2Fc');
  });

  it('lets each staff role into its own pages, and admins into all', () => {
    expect(roleMayOpen('editor', 'editor')).toBe(true);
    expect(roleMayOpen('editor', 'support')).toBe(false);
    expect(roleMayOpen('support', 'editor')).toBe(false);
    expect(roleMayOpen('support', 'admin')).toBe(false);
    expect(roleMayOpen('support', 'staff')).toBe(true);
    expect(roleMayOpen('user', 'staff')).toBe(false);
    for (const access of ['staff', 'editor', 'support', 'admin'] as const) {
      expect(roleMayOpen('admin', access)).toBe(true);
    }
    expect(roleMayOpen(undefined, 'user')).toBe(false);
    expect(roleMayOpen(undefined, 'open')).toBe(true);
  });
});
