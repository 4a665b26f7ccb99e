/**
 * When each sold car was sold, as a build counts it (content format 1.3: a sold car keeps its page
 * for SOLD_PAGE_DAYS after it was sold, "or after the build first saw it sold"). A car whose stock
 * gives no `sold_at` is stamped with the time of the first build that saw it sold, which the build
 * manifest remembers per dealer and car (`ManifestDealer.soldSeen`), so every later build, a
 * `--changed` one included, counts from that same moment and the page goes when it should.
 */
import type { Car } from '../../content/entities.ts';
import { hasCarPage, soldPageEnds } from '../../domain/routes.ts';

/** Car id → ISO time of the first build that saw the car sold without a `sold_at`. */
export type SoldSeen = Record<string, string>;

export interface StampedCars {
  cars: Car[];
  /**
   * What the manifest keeps for the next build: only sold cars without their own `sold_at`, for
   * as long as they stay sold (forgetting one after its page went would give it a new 30 days).
   */
  soldSeen: SoldSeen;
  /** The earliest moment a sold car's page built now must go (ISO); absent: none will. */
  soldPagesEnd?: string;
}

/** The dealer's cars with every sold car's `sold_at` filled in, as of the build at `builtAt`. */
export function stampSoldCars(cars: readonly Car[], seen: SoldSeen | undefined, builtAt: string): StampedCars {
  const now = Date.parse(builtAt);
  const soldSeen: SoldSeen = {};
  let end = Infinity;
  const out = cars.map((car) => {
    if (car.status !== 'sold') return car;
    let stamped = car;
    if (!car.sold_at?.trim() || !Number.isFinite(Date.parse(car.sold_at))) {
      const id = String(car.id);
      const first = seen?.[id] ?? builtAt;
      soldSeen[id] = first;
      stamped = { ...car, sold_at: first };
    }
    if (hasCarPage(stamped, now)) end = Math.min(end, soldPageEnds(stamped, now));
    return stamped;
  });
  return {
    cars: out,
    soldSeen,
    ...(Number.isFinite(end) ? { soldPagesEnd: new Date(end).toISOString() } : {}),
  };
}

/** Whether a site built with this manifest entry still shows a sold car whose time is up at `now`. */
export function soldPagesExpired(entry: { soldPagesEnd?: string }, now: number): boolean {
  return !!entry.soldPagesEnd && Date.parse(entry.soldPagesEnd) <= now;
}
