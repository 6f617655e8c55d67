import type { Config } from '../../config.ts';
import { loadGeoFile, type GeoTable } from './geolocation.ts';

/**
 * The loaded geolocation files, one per path and format, read once per process: the file is
 * replaced by the operator and picked up on the next restart (docs/regions.md "Updating").
 */
const tables = new Map<string, Promise<GeoTable>>();

/** The table of GEOIP_FILE, or null when none is configured (the address check is then off). */
export function geoTableFor(geoip: Config['geoip']): Promise<GeoTable | null> {
  if (geoip.file === undefined) return Promise.resolve(null);
  const key = `${geoip.format}:${geoip.file}`;
  let table = tables.get(key);
  if (!table) {
    table = loadGeoFile(geoip.file, geoip.format, new Date());
    // A failed read is not kept: the next call tries again (the boot already refused it).
    table.catch(() => tables.delete(key));
    tables.set(key, table);
  }
  return table;
}
