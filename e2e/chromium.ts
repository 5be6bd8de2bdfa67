import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install chromium), or CHROMIUM_PATH. Tests never download a browser. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'Chromium not found. Browser tests drive the system Chromium: install it with `sudo apt-get install chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium binary.',
    );
  }
  return found;
}
