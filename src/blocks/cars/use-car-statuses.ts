/**
 * The live state of the cars a card list shows (src/features/stock/ui/stock-status.ts): asked once per car when
 * it is first shown, kept while the list changes. Empty until the answer comes, so the first render
 * matches the build's HTML; cars the API cannot speak for stay without a state.
 */
import { useEffect, useState } from 'react';
import { fetchStatuses, type CarStatuses } from '../../features/stock/ui/stock-status.ts';

export function useCarStatuses(ids: readonly string[]): CarStatuses {
  const [statuses, setStatuses] = useState<CarStatuses>({});
  const key = ids.join(',');
  useEffect(() => {
    const missing = key ? key.split(',').filter((id) => statuses[id] === undefined) : [];
    if (!missing.length) return;
    let live = true;
    void fetchStatuses(missing).then((found) => live && setStatuses((prev) => ({ ...prev, ...found })));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- Asks again only when other cars are shown.
  }, [key]);
  return statuses;
}
