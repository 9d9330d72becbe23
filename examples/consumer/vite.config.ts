import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// A host's ordinary Vite setup: nothing here knows about the widgets' workers; Vite finds them in the package.
export default defineConfig({
  plugins: [react()],
  // MapLibre and deck.gl make one large chunk; splitting it is the host's choice, not this example's.
  build: { target: 'es2022', chunkSizeWarningLimit: 4000 },
});
