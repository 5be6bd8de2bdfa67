import { defineConfig } from 'vitest/config';

// Each workspace with tests has its own vitest.config.ts; this runs them all.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'test-support/vitest.config.ts'],
  },
});
