export interface DeviceDescription {
  browser: string;
  os: string;
  kind: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, 'iOS'],
  [/iPad/, 'iPadOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** A readable device name from a user-agent string; simple on purpose, good enough to recognise a device. */
export function describeUserAgent(userAgent: string): DeviceDescription {
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1] ?? 'Unknown browser';
  const os = SYSTEMS.find(([re]) => re.test(userAgent))?.[1] ?? 'Unknown system';
  const kind = /iPad|Tablet/.test(userAgent)
    ? 'tablet'
    : /Mobi|iPhone|Android/.test(userAgent)
      ? 'mobile'
      : browser === 'Unknown browser' && os === 'Unknown system'
        ? 'unknown'
        : 'desktop';
  return { browser, os, kind };
}

export function deviceLabel(userAgent: string): string {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser === 'Unknown browser' && os === 'Unknown system') return 'Unknown device';
  return `${browser} on ${os}`;
}
