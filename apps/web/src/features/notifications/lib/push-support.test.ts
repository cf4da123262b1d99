import { describe, expect, it } from 'vitest';
import { browserOnDevice, iosVersion, pushSupport, type PushEnvironment } from './push-support';

const AGENTS = {
  androidChrome: 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  iphone163: 'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1',
  iphone17: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  iphoneChrome: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
  ipadDesktopMode: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.2 Safari/605.1.15',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  desktopFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
};

function device(overrides: Partial<PushEnvironment>): PushEnvironment {
  return { userAgent: AGENTS.androidChrome, maxTouchPoints: 5, standalone: false, pushApi: true, permission: 'default', ...overrides };
}

describe('iosVersion', () => {
  it('reads the version of an iPhone, an iPad asking for the desktop site, and nothing elsewhere', () => {
    expect(iosVersion(AGENTS.iphone163)).toEqual({ major: 16, minor: 3 });
    expect(iosVersion(AGENTS.iphoneChrome)).toEqual({ major: 17, minor: 2 });
    expect(iosVersion('Mozilla/5.0 (iPad; CPU OS 16_4 like Mac OS X) AppleWebKit/605.1.15')).toEqual({ major: 16, minor: 4 });
    expect(iosVersion(AGENTS.ipadDesktopMode, 5)).toEqual({ major: 16, minor: 2 });
    expect(iosVersion(AGENTS.macSafari, 0)).toBeNull();
    expect(iosVersion(AGENTS.androidChrome, 5)).toBeNull();
    expect(iosVersion(AGENTS.desktopFirefox)).toBeNull();
  });
});

describe('pushSupport', () => {
  it('follows the permission on Android Chrome and desktop Firefox', () => {
    expect(pushSupport(device({ permission: 'default' }))).toBe('default');
    expect(pushSupport(device({ permission: 'granted', standalone: true }))).toBe('granted');
    expect(pushSupport(device({ userAgent: AGENTS.desktopFirefox, maxTouchPoints: 0, permission: 'denied' }))).toBe('denied');
  });

  it('asks an iPhone on 16.4 or later to add the portal to the Home Screen first, in a Safari tab', () => {
    expect(pushSupport(device({ userAgent: AGENTS.iphone17, pushApi: false, permission: null }))).toBe('ios-needs-home-screen');
    expect(pushSupport(device({ userAgent: AGENTS.iphoneChrome, pushApi: false, permission: null }))).toBe('ios-needs-home-screen');
  });

  it('lets an iPhone on 16.4 or later turn push on from the Home Screen', () => {
    expect(pushSupport(device({ userAgent: AGENTS.iphone17, standalone: true }))).toBe('default');
    expect(pushSupport(device({ userAgent: AGENTS.iphone17, standalone: true, permission: 'granted' }))).toBe('granted');
  });

  it('tells an iPhone or iPad older than 16.4 it cannot, in a tab or from the Home Screen', () => {
    expect(pushSupport(device({ userAgent: AGENTS.iphone163, pushApi: false, permission: null }))).toBe('ios-too-old');
    expect(pushSupport(device({ userAgent: AGENTS.iphone163, standalone: true, pushApi: false, permission: null }))).toBe('ios-too-old');
    expect(pushSupport(device({ userAgent: AGENTS.ipadDesktopMode, standalone: true }))).toBe('ios-too-old');
  });

  it('is unsupported without the Push API', () => {
    expect(pushSupport(device({ pushApi: false }))).toBe('unsupported');
    expect(pushSupport(device({ userAgent: AGENTS.macSafari, maxTouchPoints: 0, pushApi: true, permission: null }))).toBe('unsupported');
  });
});

describe('browserOnDevice', () => {
  it('names the browser and the system for the card', () => {
    expect(browserOnDevice(AGENTS.androidChrome)).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(browserOnDevice(AGENTS.iphone17)).toEqual({ browser: 'Safari', system: 'iPhone' });
    expect(browserOnDevice(AGENTS.iphoneChrome)).toEqual({ browser: 'Chrome', system: 'iPhone' });
    expect(browserOnDevice(AGENTS.ipadDesktopMode, 5)).toEqual({ browser: 'Safari', system: 'iPad' });
    expect(browserOnDevice(AGENTS.macSafari)).toEqual({ browser: 'Safari', system: 'Mac' });
    expect(browserOnDevice(AGENTS.desktopFirefox)).toEqual({ browser: 'Firefox', system: 'Windows' });
    expect(browserOnDevice('Mozilla/5.0 (Linux; Android 13; SM-A515F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36')).toEqual({
      browser: 'Samsung Internet',
      system: 'Android',
    });
    expect(browserOnDevice('curl/8.0')).toEqual({ browser: null, system: null });
  });

  it('names headless Chromium Chrome, not Safari (its agent says HeadlessChrome, then Safari)', () => {
    const headless = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.108 Safari/537.36';
    expect(browserOnDevice(headless)).toEqual({ browser: 'Chrome', system: 'Linux' });
  });
});
