/**
 * The stock the editor preview shows: each dealer's imported stock as `npm start` lists it (read
 * where a build reads it: DATABASE_URL, else PGlite in DATA_DIR, or through the `npm start` that
 * holds it; src/engine/build/build-stock.ts), so a preview and the served sites show the same cars.
 * A dealer that never imported shows its cars.json. The preview's own leads stay apart, in its
 * `dev` data folder.
 */
import type { Car } from '../../content/entities.ts';
import { importedStock, type ImportedStock } from '../build/build-stock.ts';

/** How often the preview looks for stock imported since (a new version is one query, or one call to npm start). */
export const DEV_STOCK_POLL_MS = 60_000;

export type StockReader = (slugs: string[]) => Promise<ImportedStock>;

export class DevStock {
  private readonly known = new Map<string, { version: string; cars: Car[] }>();
  private readonly read: StockReader;

  constructor(dataDir: string, read: StockReader = (slugs) => importedStock(slugs, { dataDir })) {
    this.read = read;
  }

  /** The dealer's imported cars, or undefined when it never imported. */
  cars(slug: string): Car[] | undefined {
    return this.known.get(slug)?.cars;
  }

  /** Reads the stock of `slugs` whose version moved; answers those slugs (their pages need a reload). */
  async refresh(slugs: string[]): Promise<string[]> {
    if (!slugs.length) return [];
    const stock = await this.read(slugs);
    try {
      const moved = Object.entries(stock.versions)
        .filter(([slug, version]) => this.known.get(slug)?.version !== version)
        .map(([slug]) => slug);
      const cars = moved.length ? await stock.cars(moved) : {};
      for (const slug of moved) this.known.set(slug, { version: stock.versions[slug]!, cars: cars[slug] ?? [] });
      return moved;
    } finally {
      await stock.close();
    }
  }
}
