/**
 * The offers tab strip. Every card arrives as static children (rendered by Offers.astro with
 * sanitised text), so the island ships only the tab names: choosing a tab hides the cards of
 * other tabs, and the `model` query parameter follows the choice (history.replaceState).
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cardShown, hrefWithTab, tabIndexAfterKey, tabIndexFromSearch, type OfferTab } from './tabs.ts';

interface Props {
  children?: ReactNode;
  /** Prefix of every id in the block (derived from the block id). */
  idBase: string;
  tabs: OfferTab[];
  /** Accessible name of the tab list. */
  label: string;
}

export default function OffersTabs({ children, idBase, tabs, label }: Props) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = `${idBase}-panel`;
  const tabId = (i: number) => `${idBase}-tab-${i}`;

  useEffect(() => {
    setSelected(tabIndexFromSearch(window.location.search, tabs));
  }, [tabs]);

  useEffect(() => {
    const value = tabs[selected]?.value ?? '';
    panel.current?.querySelectorAll<HTMLElement>('[data-offer-tab]').forEach((card) => {
      card.hidden = !cardShown(card.dataset.offerTab ?? '', value);
    });
  }, [selected, tabs]);

  const choose = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) tabRefs.current[index]?.focus();
    window.history.replaceState(window.history.state, '', hrefWithTab(window.location.href, tabs, index));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexAfterKey(e.key, selected, tabs.length);
    if (next === undefined) return;
    e.preventDefault();
    choose(next, true);
  };

  return (
    <div className="offers-tabs">
      <div role="tablist" aria-label={label} className="offers-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.value}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            aria-controls={panelId}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            className="offers-tab"
            onClick={() => choose(i, false)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div ref={panel} role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="offers-panel">
        {children}
      </div>
    </div>
  );
}
