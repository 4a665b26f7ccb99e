/**
 * The postcode/suburb input of the location search: an ARIA 1.2 combobox whose suggestions (at
 * most 5) are a listbox, navigable with the arrow keys, Enter to choose and Escape to close.
 * The listbox exists only while it is open (aria-controls with it), so the static page holds no
 * empty listbox.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { debounce, type PlaceSearch, type PlaceSuggestion, type ResolvedPlace } from './places.ts';

interface Props {
  idBase: string;
  label: string;
  search: PlaceSearch;
  onChoose: (place: ResolvedPlace) => void;
}

export default function PlaceCombobox({ idBase, label, search, onChoose }: Props) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [searched, setSearched] = useState('');
  const request = useRef(0);
  const inputId = `${idBase}-place`;
  const listId = `${idBase}-suggestions`;

  const suggest = useMemo(
    () =>
      debounce((query: string) => {
        const n = ++request.current;
        void search.suggest(query).then((list) => {
          if (n !== request.current) return; // a later keystroke won
          setSuggestions(list);
          setActive(-1);
          setOpen(list.length > 0);
          setSearched(query);
        });
      }, search.debounceMs),
    [search],
  );
  useEffect(() => () => suggest.cancel(), [suggest]);

  const onInput = (value: string) => {
    setText(value);
    if (!value.trim()) {
      suggest.cancel();
      request.current++;
      setSuggestions([]);
      setOpen(false);
      setSearched('');
      return;
    }
    suggest(value);
  };

  const choose = (s: PlaceSuggestion) => {
    setText(s.label);
    setOpen(false);
    setActive(-1);
    void search.resolve(s).then((place) => {
      if (place) onChoose(place);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
        if (!count) return;
        e.preventDefault();
        setOpen(true);
        setActive((i) => (open ? (i + 1) % count : 0));
        return;
      case 'ArrowUp':
        if (!count) return;
        e.preventDefault();
        setOpen(true);
        setActive((i) => (open && i > 0 ? i - 1 : count - 1));
        return;
      case 'Enter':
        if (!open || !count) return;
        e.preventDefault();
        choose(suggestions[active >= 0 ? active : 0]!);
        return;
      case 'Escape':
        if (open) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text) {
          onInput('');
        }
        return;
      default:
    }
  };

  const expanded = open && suggestions.length > 0;
  const noMatch = searched.trim().length > 0 && suggestions.length === 0 && text === searched;
  return (
    <div className="place-combobox">
      <label htmlFor={inputId}>{label}</label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={`${idBase}-place-status`}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(e) => onInput(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(suggestions.length > 0)}
      />
      {expanded && (
        <ul role="listbox" id={listId} aria-label={`${label}: suggestions`} className="place-suggestions">
          {suggestions.map((s, i) => (
            <li
              key={s.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'is-active' : undefined}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s)}
            >
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <p id={`${idBase}-place-status`} className="visually-hidden" role="status">
        {expanded
          ? `${suggestions.length} ${suggestions.length === 1 ? 'suggestion' : 'suggestions'}, use the arrow keys to choose`
          : noMatch
            ? 'No matching postcode or suburb'
            : ''}
      </p>
      {noMatch && (
        <p className="place-no-match" aria-hidden="true">
          No matching postcode or suburb.
        </p>
      )}
    </div>
  );
}
