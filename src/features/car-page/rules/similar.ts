/**
 * "Similar cars" on a car page, chosen at build time: the same model first, then the same make
 * and body, the same make, the same body, and finally any car, each group nearest in price first.
 * A car is never its own suggestion, and unlisted (sold, hidden) cars are never suggested.
 */
import type { Car } from '../../../content/entities.ts';
import { isListed } from '../../../domain/routes.ts';

export const SIMILAR_CARS = 4;

/** A make, model or body as compared: trimmed and lowercased; blank is no value. */
const key = (s: string | undefined) => s?.trim().toLowerCase() || undefined;

interface Candidate {
  car: Car;
  id: string;
  make?: string;
  model?: string;
  body?: string;
}

/**
 * A stock's listed cars with their compared keys, made once per cars array: a dealer's car pages
 * all ask with the same array, and doing this per page made a big stock's build quadratic.
 */
const prepared = new WeakMap<readonly Car[], Candidate[]>();

function candidates(cars: readonly Car[]): Candidate[] {
  let out = prepared.get(cars);
  if (!out) {
    out = cars.filter(isListed).map((car) => ({
      car,
      id: String(car.id),
      make: key(car.make),
      model: key(car.model),
      body: key(car.simple_body),
    }));
    prepared.set(cars, out);
  }
  return out;
}

/** 0 is the closest kind of match, 4 the loosest. */
function closeness(like: Candidate, c: Candidate): number {
  const make = !!like.make && c.make === like.make;
  const body = !!like.body && c.body === like.body;
  if (make && !!like.model && c.model === like.model) return 0;
  if (make && body) return 1;
  if (make) return 2;
  if (body) return 3;
  return 4;
}

const ids = new Intl.Collator('en', { numeric: true });

type Ranked = { c: Candidate; tier: number; gap: number };
const order = (a: Ranked, b: Ranked) => a.tier - b.tier || a.gap - b.gap || ids.compare(a.c.id, b.c.id);

/**
 * Up to `count` listed cars like `car`, closest first; ties go to the nearer price, then the id.
 * One pass keeping the best `count` in order, rather than sorting the whole stock for each page.
 */
export function similarCars(cars: readonly Car[], car: Car, count = SIMILAR_CARS): Car[] {
  const n = Math.max(0, count);
  if (!n) return [];
  const like: Candidate = {
    car,
    id: String(car.id),
    make: key(car.make),
    model: key(car.model),
    body: key(car.simple_body),
  };
  const best: Ranked[] = [];
  // Most cars are worse than the last kept one: they are ranked in this one object, not a new one each.
  const r = {} as Ranked;
  for (const c of candidates(cars)) {
    if (c.id === like.id) continue;
    r.c = c;
    r.tier = closeness(like, c);
    r.gap = Math.abs(c.car.price - car.price);
    if (best.length === n && order(r, best[n - 1]!) >= 0) continue;
    // After every equal one already kept, as a stable sort would place it.
    let at = best.length;
    while (at > 0 && order(r, best[at - 1]!) < 0) at--;
    best.splice(at, 0, { ...r });
    if (best.length > n) best.pop();
  }
  return best.map((x) => x.c.car);
}
