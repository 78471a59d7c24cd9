import { useId, useRef, useState, type KeyboardEvent, type ReactElement, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  children: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  /** The tablist's accessible name. */
  label?: string;
  className?: string;
  /** The tab chosen first (default the first); or, with `onChange`, `activeKey` says which is. */
  defaultKey?: string;
  activeKey?: string;
  onChange?: (key: string) => void;
  /** Render the chosen tab's panel only (a panel left is unmounted), instead of keeping those opened. */
  destroyInactive?: boolean;
}

/**
 * Tabs as the WAI-ARIA pattern describes them, in a few hundred bytes instead of antd's (whose
 * overflow menu and its dropdown weigh some 20 KB over the wire): a tablist of buttons, the chosen
 * one in the tab order and the arrow keys, Home and End moving between them; a panel is rendered
 * the first time its tab is chosen and kept (hidden) after, as antd does.
 */
export function Tabs({ items, label, className, defaultKey = items[0]?.key, activeKey, onChange, destroyInactive = false }: TabsProps): ReactElement {
  const id = useId();
  const [chosen, setChosen] = useState(defaultKey);
  const active = activeKey ?? chosen;
  // The panels opened so far, the chosen one always among them (however it was chosen: a click here or the page's `activeKey`).
  const [opened, setOpened] = useState(() => new Set([active]));
  if (!opened.has(active)) setOpened(new Set(opened).add(active));
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);
  const shown = (key: string) => key === active || (!destroyInactive && opened.has(key));

  const choose = (index: number) => {
    const item = items[index];
    if (!item) return;
    setChosen(item.key);
    if (item.key !== active) onChange?.(item.key);
    tabs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };

  return (
    <div className={className ? `ui-tabs ${className}` : 'ui-tabs'}>
      <div className="ui-tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => (
          <button
            key={item.key}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            aria-selected={item.key === active}
            aria-controls={`${id}-panel-${item.key}`}
            tabIndex={item.key === active ? 0 : -1}
            className="ui-tabs__tab"
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.filter((item) => shown(item.key)).map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${id}-panel-${item.key}`}
          aria-labelledby={`${id}-tab-${item.key}`}
          hidden={item.key !== active}
          className="ui-tabs__panel"
        >
          {item.children}
        </div>
      ))}
    </div>
  );
}
