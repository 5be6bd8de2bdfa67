import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Pure logic of the web app (no DOM); screens are tested in the browser by e2e/.
export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: { name: 'web', include: ['src/**/*.test.ts'], sequence: { groupOrder: 0 } },
});
