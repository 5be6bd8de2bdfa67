import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'thesis', include: ['src/**/*.test.ts'], sequence: { groupOrder: 0 } },
});
