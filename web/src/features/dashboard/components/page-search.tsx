import { useId, useState, type KeyboardEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { pagesFor, searchPages } from '../lib/pages';
import { useAuth } from '../../../lib/auth';

/**
 * Header search: filters the dashboard pages by title or keyword; choosing one opens it. A combobox
 * with a list of suggestions (WAI-ARIA's pattern) on the browser's own input: the arrow keys move
 * through the pages, Enter opens the highlighted one, Escape closes the list, then clears the text.
 * (antd's AutoComplete brought its whole select and virtual list to every dashboard page.)
 */
export function PageSearch(): ReactElement {
  const navigate = useNavigate();
  const { user } = useAuth();
  const listId = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const matches = searchPages(query, pagesFor(user?.roles));
  const shown = open && matches.length > 0;
  const current = Math.min(active, matches.length - 1);

  const go = (path: string) => {
    setQuery('');
    setOpen(false);
    navigate(path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      if (!shown) setActive(step === 1 ? 0 : matches.length - 1);
      else setActive((current + step + matches.length) % matches.length);
      setOpen(true);
    } else if (event.key === 'Enter' && shown) {
      event.preventDefault();
      go(matches[current].path);
    } else if (event.key === 'Escape') {
      if (shown) setOpen(false);
      else setQuery('');
    }
  };
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className="dash-search">
      <svg className="dash-search__icon" viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
        <path d="M909.6 854.5L649.9 594.8C690.2 542.7 712 479 712 412c0-80.2-31.3-155.4-87.9-212.1-56.6-56.7-132-87.9-212.1-87.9s-155.5 31.3-212.1 87.9C143.2 256.5 112 331.8 112 412c0 80.1 31.3 155.5 87.9 212.1C256.5 680.8 331.8 712 412 712c67 0 130.6-21.8 182.7-62l259.7 259.6a8.2 8.2 0 0011.6 0l43.6-43.5a8.2 8.2 0 000-11.6zM570.4 570.4C528 612.7 471.8 636 412 636s-116-23.3-158.4-65.6C211.3 528 188 471.8 188 412s23.3-116.1 65.6-158.4C296 211.3 352.2 188 412 188s116.1 23.2 158.4 65.6S636 352.2 636 412s-23.3 116.1-65.6 158.4z" />
      </svg>
      <input
        type="text"
        className="dash-search__input"
        role="combobox"
        aria-label="Search dashboard pages"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown ? optionId(current) : undefined}
        placeholder="Search pages…"
        autoComplete="off"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {query ? (
        <button type="button" className="dash-search__clear" aria-label="Clear search" onClick={() => setQuery('')}>
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" focusable="false">
            <path d="M4 4l8 8m0-8l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
      <ul id={listId} role="listbox" aria-label="Dashboard pages" className="dash-search__list" hidden={!shown}>
        {matches.map((page, index) => (
          <li
            key={page.path}
            id={optionId(index)}
            role="option"
            aria-selected={index === current}
            className={`dash-search__option${index === current ? ' is-active' : ''}`}
            // Chosen before the input loses focus (which closes the list).
            onMouseDown={(event) => {
              event.preventDefault();
              go(page.path);
            }}
            onMouseEnter={() => setActive(index)}
          >
            <strong>{page.title}</strong>
            <small>{page.label}</small>
          </li>
        ))}
      </ul>
    </div>
  );
}
