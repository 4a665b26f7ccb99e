/**
 * The shortlist stores as the cars island reads them: empty until the island has hydrated (the
 * build's HTML knows nothing of the visitor's lists, and the first render must match it), then
 * the visitor's own, following every change.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $compare, $saved } from './shortlist-store.ts';
import type { CarSnapshot } from '../rules/shortlist.ts';

const NONE: CarSnapshot[] = [];

export function useShortlist(): { saved: CarSnapshot[]; compared: CarSnapshot[] } {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const saved = useStore($saved);
  const compared = useStore($compare);
  return hydrated ? { saved, compared } : { saved: NONE, compared: NONE };
}
