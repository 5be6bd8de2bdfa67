import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.ts';

describe('log format', () => {
  it('is pretty on a terminal and JSON lines when the output goes to a file or a pipe', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, true).log.pretty).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }, false).log.pretty).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }, false).log.pretty).toBe(false);
  });

  it('follows LOG_PRETTY when it is set', () => {
    expect(loadConfig({ LOG_PRETTY: 'false' }, true).log.pretty).toBe(false);
    expect(loadConfig({ LOG_PRETTY: 'true' }, false).log.pretty).toBe(true);
  });
});
