import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from './browser-storage';

describe('browser storage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('keeps, reads and forgets a value in either area', () => {
    writeStored('gabarita.teste', 'sim');
    writeStored('gabarita.teste', 'aba', 'sessionStorage');
    expect(readStored('gabarita.teste')).toBe('sim');
    expect(readStored('gabarita.teste', 'sessionStorage')).toBe('aba');
    writeStored('gabarita.teste', null);
    expect(readStored('gabarita.teste')).toBeNull();
    expect(readStored('gabarita.teste', 'sessionStorage')).toBe('aba');
  });

  it('reads nothing and throws nothing where the browser refuses storage', () => {
    const refused = () => {
      throw new DOMException('refused', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(refused);
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(refused);
    expect(() => writeStored('gabarita.teste', 'sim')).not.toThrow();
    expect(() => writeStored('gabarita.teste', null)).not.toThrow();
    expect(readStored('gabarita.teste')).toBeNull();
  });
});
