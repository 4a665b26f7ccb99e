/**
 * The one tabs island of the site (WAI-ARIA tabs with automatic activation): a roving tabindex,
 * arrow keys, Home and End, tabs tied to their panels by aria-controls / aria-labelledby, and the
 * hidden panels really hidden. Every panel's content is server-rendered by the block, so the
 * island ships only tab names and never the cards or slides it switches between:
 *
 * - `panels="each"`: one panel per tab; the block passes panel i as the named slot `panel{i}`.
 * - `panels="shared"`: one panel around the children; items carrying `data-tabs` (the keys of
 *   the tabs that show them) are hidden while another tab is chosen.
 *
 * With `param`, the query parameter picks the tab on load and follows every choice
 * (history.replaceState, so the back button still leaves the page). On narrow screens the tab
 * list is one row that scrolls sideways, and the chosen tab is scrolled into view.
 */
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  ITEM_TABS_ATTR,
  hrefWithTab,
  itemShown,
  panelId,
  rowsOf,
  scrollDelta,
  tabId,
  tabIndexAfterKey,
  tabIndexFromSearch,
  type TabItem,
} from './tabs.ts';
import './tabs.css';

interface Props {
  /** Prefix of every id in the block. */
  idBase: string;
  /** The block's name, prefixed to its class names ("team" → team-tabs, team-tablist, team-tab, team-panel). */
  name: string;
  tabs: TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  panels: 'each' | 'shared';
  /** Query parameter kept in step with the chosen tab. */
  param?: string;
  /**
   * Sizes of the rows the tabs are grouped in on wide screens ([3, 6, 3]); narrow screens show
   * one scrolling row whatever the grouping.
   */
  rows?: number[];
  /** The shared panel's content. */
  children?: ReactNode;
  /** Panel contents by slot name (`panel0`, `panel1`…), when panels="each". */
  [slot: `panel${number}`]: ReactNode;
}

export default function Tabs(props: Props) {
  const { idBase, name, tabs, label, panels, param, rows, children } = props;
  const [selected, setSelected] = useState(0);
  // Set once hydrated: the server-rendered tabs do nothing until then (tests wait for it).
  const [ready, setReady] = useState(false);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const listRef = useRef<HTMLDivElement>(null);
  const sharedRef = useRef<HTMLDivElement>(null);
  const key = tabs[selected]?.key ?? '';

  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (param) setSelected(tabIndexFromSearch(window.location.search, param, tabs));
  }, [param, tabs]);

  // A shared panel shows only the items of the chosen tab.
  useEffect(() => {
    if (panels !== 'shared' || !sharedRef.current) return;
    for (const item of sharedRef.current.querySelectorAll<HTMLElement>(`[${ITEM_TABS_ATTR}]`)) {
      item.hidden = !itemShown(item.getAttribute(ITEM_TABS_ATTR) ?? '', key);
    }
  }, [panels, key]);

  // Keep the chosen tab in view when the list scrolls sideways (narrow screens); only the list
  // scrolls, never the page, so a tab chosen by the URL does not jump the page on load.
  useEffect(() => {
    const list = listRef.current;
    const tab = tabRefs.current[selected];
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const delta = scrollDelta(list.getBoundingClientRect(), tab.getBoundingClientRect(), 16);
    if (delta === 0) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    list.scrollBy({ left: delta, behavior: reduced ? 'auto' : 'smooth' });
  }, [selected]);

  const choose = (index: number, focus: boolean) => {
    setSelected(index);
    if (focus) tabRefs.current[index]?.focus();
    if (param)
      window.history.replaceState(window.history.state, '', hrefWithTab(window.location.href, param, tabs[index]!));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const next = tabIndexAfterKey(e.key, selected, tabs.length);
    if (next === undefined) return;
    e.preventDefault();
    choose(next, true);
  };

  const tab = (i: number) => {
    const t = tabs[i]!;
    return (
      <button
        key={t.key}
        ref={(el) => {
          tabRefs.current[i] = el;
        }}
        type="button"
        role="tab"
        id={tabId(idBase, t.key)}
        aria-controls={panels === 'each' ? panelId(idBase, t.key) : panelId(idBase)}
        aria-selected={i === selected}
        tabIndex={i === selected ? 0 : -1}
        className={`tab ${name}-tab`}
        onClick={() => choose(i, false)}
      >
        {t.label}
      </button>
    );
  };

  const grouped = rowsOf(rows, tabs.length);
  return (
    <div className={`tabs ${name}-tabs`} data-ready={ready ? '' : undefined}>
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className={`tablist ${name}-tablist${grouped.length > 1 ? ' tablist-rows' : ''}`}
        onKeyDown={onKeyDown}
      >
        {grouped.length > 1
          ? grouped.map((row, r) => (
              <div className={`tablist-row ${name}-tab-row`} key={r}>
                {row.map(tab)}
              </div>
            ))
          : tabs.map((_, i) => tab(i))}
      </div>
      {panels === 'shared' ? (
        <div
          ref={sharedRef}
          role="tabpanel"
          id={panelId(idBase)}
          aria-labelledby={tabId(idBase, key)}
          className={`tabpanel ${name}-panel`}
        >
          {children}
        </div>
      ) : (
        tabs.map((t, i) => (
          <div
            key={t.key}
            role="tabpanel"
            id={panelId(idBase, t.key)}
            aria-labelledby={tabId(idBase, t.key)}
            tabIndex={0}
            hidden={i !== selected}
            className={`tabpanel ${name}-panel`}
          >
            {props[`panel${i}`]}
          </div>
        ))
      )}
    </div>
  );
}
