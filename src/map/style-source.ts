import type { StyleSpecification } from 'maplibre-gl';
import type { AppConfig } from '../config/read-config.ts';
import { OFFLINE_MAX_BOUNDS, offlineStyle } from './offline-style.ts';

/** Tile size of the production raster service (spec: 512-px tiles). */
const RASTER_TILE_SIZE = 512;

/**
 * The map style for a configuration: a configured style URL, else a raster template (with `{key}` filled),
 * else the embedded offline style. Switching to production is configuration only.
 */
export function resolveMapStyle(
  cfg: Pick<AppConfig, 'mapStyleUrl' | 'rasterTiles' | 'mapKey'>,
  origin: string,
): string | StyleSpecification {
  if (cfg.mapStyleUrl) return withKey(cfg.mapStyleUrl, cfg.mapKey);
  if (cfg.rasterTiles) {
    return {
      version: 8,
      sources: {
        raster: { type: 'raster', tiles: [withKey(cfg.rasterTiles, cfg.mapKey)], tileSize: RASTER_TILE_SIZE },
      },
      layers: [{ id: 'raster', type: 'raster', source: 'raster' }],
    };
  }
  return offlineStyle(origin);
}

function withKey(url: string, key: string | null): string {
  return key === null ? url : url.replaceAll('{key}', encodeURIComponent(key));
}

/** The offline map keeps the view inside its data; a production style may roam. */
export function maxBoundsFor(
  cfg: Pick<AppConfig, 'mapStyleUrl' | 'rasterTiles'>,
): [number, number, number, number] | undefined {
  return cfg.mapStyleUrl || cfg.rasterTiles ? undefined : OFFLINE_MAX_BOUNDS;
}
