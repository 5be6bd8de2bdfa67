import { defineConfig } from 'vitest/config';

// Projects with different worker limits must run as separate groups (Vitest 4): 0, 1, 2 in order.
export default defineConfig({
  test: { name: 'contracts', include: ['src/**/*.test.ts'], sequence: { groupOrder: 0 } },
});
