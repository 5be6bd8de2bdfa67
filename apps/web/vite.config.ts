import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 3000, strictPort: true },
  preview: { port: 3000 },
  // The manifest lets the benchmark attribute chunks to routes.
  build: { target: 'es2022', sourcemap: false, chunkSizeWarningLimit: 700, manifest: true },
});
