import { defineConfig } from 'vitest/config';

// The repository's own checks (lint rules); group 0 with the other single-process unit projects.
export default defineConfig({
  test: { name: 'repo', include: ['*.test.ts'], testTimeout: 60_000, sequence: { groupOrder: 0 } },
});
