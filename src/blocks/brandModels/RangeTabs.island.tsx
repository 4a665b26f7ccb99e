/**
 * The category buttons of the model range. The tiles are server-rendered (every tile, 'All'
 * selected), so this island only shows and hides them: each tile lists its tab keys in
 * `data-tabs`. `?body=` picks the tab on load (case-insensitive); choosing a tab writes it back
 * with history.replaceState.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { buttonRows, hrefWithBody, tabIndexFromSearch, type RangeTab } from '../../lib/model-range.ts';
import { tabIndexAfterKey } from '../team/tabs.ts';

interface Props {
  /** Prefix of every id in the block. */
  idBase: string;
  tabs: RangeTab[];
  /** Accessible name of the tab list. */
  label: string;
}

export default function RangeTabs({ idBase, tabs, label }: Props) {
  const [selected, setSelected] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const panelId = `${idBase}-panel`;

  useEffect(() => {
    setSelected(tabIndexFromSearch(window.location.search, tabs));
  }, [tabs]);

  useEffect(() => {
    const panel = document.getElementById(panelId);
    if (!panel) return;
    const key = tabs[selected]?.key ?? 'all';
    for (const tile of panel.querySelectorAll<HTMLElement>('[data-tabs]')) {
      tile.hidden = !(tile.dataset.tabs ?? '').split(' ').includes(key);
    }
    panel.setAttribute('aria-labelledby', `${idBase}-tab-${key}`);
  }, [selected, tabs, panelId, idBase]);

  const choose = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) refs.current[index]?.focus();
    window.history.replaceState(window.history.state, '', hrefWithBody(window.location.href, tabs[index]!));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = tabIndexAfterKey(e.key, selected, tabs.length);
    if (next === undefined) return;
    e.preventDefault();
    choose(next, true);
  };

  let index = 0;
  return (
    <div role="tablist" aria-label={label} className="range-tablist" onKeyDown={onKeyDown}>
      {buttonRows(tabs).map((row, r) => (
        <div className="range-tab-row" key={r}>
          {row.map((tab) => {
            const i = index++;
            return (
              <button
                key={tab.key}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${idBase}-tab-${tab.key}`}
                aria-controls={panelId}
                aria-selected={i === selected}
                tabIndex={i === selected ? 0 : -1}
                className="range-tab"
                onClick={() => choose(i, false)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
