import type { Plugin } from 'vite';
import { servicesMiddleware } from './middleware.ts';

/**
 * Mounts the embedded services (data generator, base map, later the geocoder) on Vite's dev and preview
 * servers, so `npm run dev` and `npm start` serve the app and its services from one 127.0.0.1 origin.
 */
export function embeddedServices(): Plugin {
  return {
    name: 'embedded-services',
    configureServer(server) {
      server.middlewares.use(servicesMiddleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(servicesMiddleware);
    },
  };
}
