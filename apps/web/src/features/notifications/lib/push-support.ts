// What this device can do about push (notifications.md, 'Turning notifications on'), worked out in
// the browser: the Push API, iOS in Safari versus from the Home Screen, the permission given.

export type PushSupport = 'unsupported' | 'ios-needs-home-screen' | 'ios-too-old' | 'denied' | 'default' | 'granted';

/** What the browser tells about itself, read once by `readPushEnvironment` so the rules stay plain. */
export interface PushEnvironment {
  userAgent: string;
  /** iPadOS Safari presents itself as a Mac: only its touch points tell it apart. */
  maxTouchPoints: number;
  /** Opened from the Home Screen (or installed): `navigator.standalone` or `display-mode: standalone`. */
  standalone: boolean;
  /** serviceWorker, PushManager and Notification are all there. */
  pushApi: boolean;
  permission: NotificationPermission | null;
}

/** iOS and iPadOS give Web Push from this version on, to Home Screen apps only. */
export const IOS_PUSH_SINCE = { major: 16, minor: 4 };

export interface IosVersion {
  major: number;
  minor: number;
}

/** The iOS or iPadOS version of an iPhone, iPad or iPod, or null for any other device. */
export function iosVersion(userAgent: string, maxTouchPoints = 0): IosVersion | null {
  const mobile = /\b(?:iPhone|iPad|iPod)\b.*? OS (\d+)(?:_(\d+))?/.exec(userAgent);
  if (mobile) return { major: Number(mobile[1]), minor: Number(mobile[2] ?? 0) };
  // iPadOS 13 and later ask for the desktop site: a Mac with a touch screen, its version in Safari's.
  const desktopIpad = maxTouchPoints > 1 && /\bMacintosh\b/.test(userAgent) ? /\bVersion\/(\d+)(?:\.(\d+))?/.exec(userAgent) : null;
  return desktopIpad ? { major: Number(desktopIpad[1]), minor: Number(desktopIpad[2] ?? 0) } : null;
}

function atLeast(version: IosVersion, since: IosVersion): boolean {
  return version.major > since.major || (version.major === since.major && version.minor >= since.minor);
}

/** The device's state for the preferences card. */
export function pushSupport(environment: PushEnvironment): PushSupport {
  const ios = iosVersion(environment.userAgent, environment.maxTouchPoints);
  if (ios && !atLeast(ios, IOS_PUSH_SINCE)) return 'ios-too-old';
  if (ios && !environment.standalone) return 'ios-needs-home-screen';
  if (!environment.pushApi || !environment.permission) return 'unsupported';
  return environment.permission;
}

/** This browser's environment; a page without a window (tests, prerendering) has no Push API. */
export function readPushEnvironment(): PushEnvironment {
  if (typeof window === 'undefined') return { userAgent: '', maxTouchPoints: 0, standalone: false, pushApi: false, permission: null };
  const pushApi = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  const appleStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone: appleStandalone || window.matchMedia('(display-mode: standalone)').matches,
    pushApi,
    permission: 'Notification' in window ? Notification.permission : null,
  };
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:OPR|OPiOS)\//, 'Opera'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system names the card shows ("On for this device (Chrome on Android)"); null where unknown. */
export function browserOnDevice(userAgent: string, maxTouchPoints = 0): { browser: string | null; system: string | null } {
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return {
    browser: BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null,
    system: system === 'Mac' && iosVersion(userAgent, maxTouchPoints) ? 'iPad' : system,
  };
}
