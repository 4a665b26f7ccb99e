/**
 * The live state of the cars shown (src/features/stock/ui/stock-status.ts), asked once for the whole block so
 * the cards and the count above them agree: a car the API reports sold is marked on its card and
 * left out of the count.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useHits } from 'react-instantsearch';
import type { CarStatuses } from '../../features/stock/ui/stock-status.ts';
import { isSold } from '../../features/stock/ui/stock-status.ts';
import { useCarStatuses } from './use-car-statuses.ts';

const ShownStatuses = createContext<CarStatuses>({});

export function CarsStatuses({ children }: { children: ReactNode }) {
  const { items } = useHits();
  const ids = items.map((h) => h.objectID);
  const known = useCarStatuses(ids);
  // The hook keeps the states of cars shown earlier too; only the cars on screen count here.
  const shown: CarStatuses = {};
  for (const id of ids) if (known[id] !== undefined) shown[id] = known[id];
  return <ShownStatuses.Provider value={shown}>{children}</ShownStatuses.Provider>;
}

/** The states of the cars on screen ({} outside CarsStatuses, or until the API answers). */
export const useShownStatuses = () => useContext(ShownStatuses);

/** How many of the cars found are still for sale: the hit count less the shown cars since sold. */
export function listedCount(nbHits: number, statuses: CarStatuses): number {
  const sold = Object.values(statuses).filter(isSold).length;
  return Math.max(0, nbHits - sold);
}
