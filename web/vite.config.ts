import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: {
    // Read through `globalThis`-safe constants so the same code runs under jest (no import.meta there).
    __PIXEL_ID__: JSON.stringify(process.env.VITE_PIXEL_ID ?? ''),
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/dev': api },
  },
  preview: { proxy: { '/api': api, '/dev': api } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // @app/domain is plain data + schemas; let rollup drop the modules a chunk does not use
      // (the landing page needs the plan catalogue, not zod schemas).
      treeshake: { moduleSideEffects: (id) => !/[\\/]domain[\\/]src[\\/]/.test(id) },
    },
  },
});
