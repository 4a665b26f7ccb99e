/**
 * Staff tabbed by category. The server renders the first tab; on load the `team` query parameter
 * may pick another, and switching tabs writes it back with history.replaceState.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import StaffCard from './StaffCard.tsx';
import type { StaffCardData } from './staff-card.ts';
import { hrefWithTab, tabIndexAfterKey, tabIndexFromSearch } from './tabs.ts';

export interface TeamTab {
  slug: string;
  label: string;
  cards: StaffCardData[];
}

interface Props {
  /** Prefix of every id in the block (derived from the block id). */
  idBase: string;
  tabs: TeamTab[];
  /** Accessible name of the tab list. */
  label: string;
  nameLevel: 2 | 3;
  eager: boolean;
}

export default function TeamTabs({ idBase, tabs, label, nameLevel, eager }: Props) {
  const [selected, setSelected] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    setSelected(tabIndexFromSearch(window.location.search, tabs));
  }, [tabs]);

  const choose = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) tabRefs.current[index]?.focus();
    window.history.replaceState(window.history.state, '', hrefWithTab(window.location.href, tabs[index]!.slug));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexAfterKey(e.key, selected, tabs.length);
    if (next === undefined) return;
    e.preventDefault();
    choose(next, true);
  };

  return (
    <div className="team-tabs">
      <div role="tablist" aria-label={label} className="team-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab.slug}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${tab.slug}`}
            aria-controls={`${idBase}-panel-${tab.slug}`}
            aria-selected={i === selected}
            tabIndex={i === selected ? 0 : -1}
            className="team-tab"
            onClick={() => choose(i, false)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab, i) => (
        <div
          key={tab.slug}
          role="tabpanel"
          id={`${idBase}-panel-${tab.slug}`}
          aria-labelledby={`${idBase}-tab-${tab.slug}`}
          tabIndex={0}
          hidden={i !== selected}
          className="team-panel"
        >
          <ul className="team-grid">
            {tab.cards.map((card) => (
              <li key={card.id}>
                <StaffCard card={card} level={nameLevel} eager={eager && i === 0} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
