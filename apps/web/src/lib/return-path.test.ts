import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepReturnPath, takeReturnPath } from './return-path';

/** The tab's session storage, as the browser gives it. */
function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}

describe('the page a signed-out visitor asked for', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('is where the sign-in goes, once; the next sign-in goes Home', () => {
    keepReturnPath('/n/Ab-_9x?via=email');
    expect(takeReturnPath()).toBe('/n/Ab-_9x?via=email');
    expect(takeReturnPath()).toBe('/home');
  });

  it('is Home when nothing was kept, or when what was kept is not a path of the portal', () => {
    expect(takeReturnPath()).toBe('/home');
    for (const path of ['//evil.example', 'https://evil.example', '/\\evil.example', '/']) {
      keepReturnPath(path);
      expect(takeReturnPath(), path).toBe('/home');
    }
    sessionStorage.setItem('academy.returnPath', 'https://evil.example');
    expect(takeReturnPath()).toBe('/home');
  });

  it('is the last page turned away', () => {
    keepReturnPath('/profile');
    keepReturnPath('/view/file-1');
    expect(takeReturnPath()).toBe('/view/file-1');
  });
});
