import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'deck-analysis',
    include: ['src/**/*.test.ts'],
    // Decks are parsed in worker threads and OCR is CPU-bound: on a shared 2-core
    // machine, files run one at a time so timings stay sane for everyone.
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
    sequence: { groupOrder: 1 },
  },
});
