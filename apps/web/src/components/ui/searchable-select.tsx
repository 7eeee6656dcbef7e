import { ALL_OPTIONS_LABEL, CATALOG_MESSAGES, formatInteger } from '@gabarita/shared';
import { Check, ChevronDown } from 'lucide-react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react';
import { foldForSearch } from '@/lib/text';
import { INPUT_CLASSES, LABEL_CLASSES } from './field-styles';

export interface SelectOption {
  value: string;
  label: string;
  /** Shown beside the label (e.g. how many exams or questions the option leads to). */
  count?: number;
}

interface SearchableSelectProps {
  label: string;
  options: readonly SelectOption[];
  /** The chosen value; '' is the 'all' option (no choice). */
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Label of the first option, which means "no choice"; null leaves it out. */
  allOptionLabel?: string | null;
  disabled?: boolean;
  className?: string;
}

/** The value '' stands for the 'all' option. */
const ALL_VALUE = '';

/** Keeps the focus in the input while an option or the toggle is pressed (mouse and touch). */
function keepFocus(event: ReactMouseEvent) {
  event.preventDefault();
}

/**
 * A combobox (WAI-ARIA 1.2 pattern, list autocomplete): typing filters the options ignoring accents
 * and case; ArrowUp/ArrowDown move, Home/End jump, Enter chooses, Escape closes.
 */
export function SearchableSelect({
  label,
  options,
  value,
  onChange,
  placeholder = CATALOG_MESSAGES.selectPlaceholder,
  allOptionLabel = ALL_OPTIONS_LABEL,
  disabled = false,
  className = '',
}: SearchableSelectProps) {
  const inputId = useId();
  const listboxId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);

  const items: SelectOption[] =
    allOptionLabel === null
      ? [...options]
      : [{ value: ALL_VALUE, label: allOptionLabel }, ...options];
  const filter = (text: string) => {
    const folded = foldForSearch(text);
    return folded ? items.filter((item) => foldForSearch(item.label).includes(folded)) : items;
  };
  const visible = filter(query);
  const active = activeIndex >= 0 && activeIndex < visible.length ? activeIndex : -1;
  const optionId = (index: number) => `${listboxId}-opcao-${index}`;

  const selectedLabel =
    value === ALL_VALUE ? '' : (options.find((option) => option.value === value)?.label ?? value);

  useEffect(() => {
    if (!open || active < 0) return;
    const element = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    // jsdom has no scrollIntoView.
    element?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const openList = (prefer: 'selected' | 'last' = 'selected') => {
    if (disabled) return;
    setQuery('');
    setOpen(true);
    const selectedIndex = items.findIndex((item) => item.value === value);
    if (prefer === 'last') setActiveIndex(items.length - 1);
    else setActiveIndex(selectedIndex >= 0 ? selectedIndex : 0);
  };

  const close = () => {
    setOpen(false);
    setQuery('');
    setActiveIndex(-1);
  };

  const choose = (option: SelectOption) => {
    if (option.value !== value) onChange(option.value);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else setActiveIndex(Math.min(active + 1, visible.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList(event.altKey ? 'selected' : 'last');
        else setActiveIndex(Math.max(active - 1, 0));
        break;
      case 'Home':
      case 'End':
        if (!open || visible.length === 0) return;
        event.preventDefault();
        setActiveIndex(event.key === 'Home' ? 0 : visible.length - 1);
        break;
      case 'Enter': {
        const option = visible[active];
        if (open && option) {
          event.preventDefault();
          choose(option);
        } else if (!open) {
          event.preventDefault();
          openList();
        }
        break;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        // Escape must not also close an enclosing drawer or dialog.
        event.stopPropagation();
        close();
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  return (
    <div className={className}>
      <label htmlFor={inputId} className={LABEL_CLASSES}>
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          disabled={disabled}
          placeholder={open && selectedLabel ? selectedLabel : placeholder}
          value={open ? query : selectedLabel}
          title={selectedLabel || undefined}
          className={`${INPUT_CLASSES} truncate pr-10`}
          onClick={() => {
            if (!open) openList();
          }}
          onChange={(event) => {
            const text = event.target.value;
            setQuery(text);
            setOpen(true);
            setActiveIndex(filter(text).length > 0 ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? `Fechar opções de ${label}` : `Mostrar opções de ${label}`}
          disabled={disabled}
          onMouseDown={keepFocus}
          onClick={() => {
            if (open) {
              close();
            } else {
              inputRef.current?.focus();
              openList();
            }
          }}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-ink-muted transition-colors hover:text-ink disabled:pointer-events-none disabled:opacity-60"
        >
          <ChevronDown
            className={`size-4 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>

        {open && (
          <div
            role="presentation"
            className="absolute inset-x-0 top-full z-30 mt-1.5 overflow-hidden rounded-xl border border-line bg-surface shadow-lg shadow-slate-900/10 dark:shadow-black/40"
            onMouseDown={keepFocus}
          >
            {visible.length > 0 ? (
              <ul
                ref={listRef}
                id={listboxId}
                role="listbox"
                aria-label={label}
                className="max-h-72 overflow-y-auto overscroll-contain p-1.5"
              >
                {visible.map((option, index) => {
                  const selected = option.value === value;
                  const isAll = allOptionLabel !== null && option.value === ALL_VALUE;
                  return (
                    // The combobox's input takes the keys (aria-activedescendant); options take clicks.
                    // eslint-disable-next-line jsx-a11y-x/click-events-have-key-events
                    <li
                      key={`${option.value}-${index}`}
                      id={optionId(index)}
                      role="option"
                      aria-selected={selected}
                      aria-label={
                        option.count === undefined
                          ? undefined
                          : `${option.label} (${formatInteger(option.count)})`
                      }
                      data-index={index}
                      onMouseMove={() => {
                        if (index !== active) setActiveIndex(index);
                      }}
                      onClick={() => choose(option)}
                      className={`flex cursor-pointer items-start gap-2 rounded-lg px-2.5 py-2 text-sm leading-5 ${
                        index === active ? 'bg-surface-muted text-ink' : 'text-ink'
                      } ${isAll ? 'font-medium text-ink-muted' : ''}`}
                    >
                      <Check
                        className={`mt-0.5 size-4 shrink-0 text-primary ${selected ? '' : 'invisible'}`}
                        aria-hidden="true"
                      />
                      <span
                        className={`min-w-0 flex-1 break-words ${selected ? 'font-semibold' : ''}`}
                      >
                        {option.label}
                      </span>
                      {option.count !== undefined && (
                        <span className="shrink-0 rounded-full bg-canvas px-2 text-xs font-medium leading-5 tabular-nums text-ink-muted ring-1 ring-line">
                          {formatInteger(option.count)}
                        </span>
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p role="status" className="px-4 py-3 text-sm text-ink-muted">
                {CATALOG_MESSAGES.noOptionFound}
              </p>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
