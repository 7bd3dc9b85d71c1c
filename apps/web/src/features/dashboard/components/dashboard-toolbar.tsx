import { useRef, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/field';
import { FILTERABLE_STATES, SORT_CHOICES, type DashboardFilters } from '../lib/list-params';

const sortValue = (sort: string, order: string) => `${sort}:${order}`;

/**
 * Search (sent with Enter or the Search button), a state filter and a sort menu. The toolbar holds no state of
 * its own: it shows the filters it is given (the URL's) and reports every change.
 */
export function DashboardToolbar({
  filters,
  onChange,
}: {
  filters: DashboardFilters;
  onChange: (next: DashboardFilters) => void;
}) {
  const { t } = useTranslation('dashboard');
  const searchRef = useRef<HTMLInputElement>(null);
  // A search typed but not yet sent goes along when the filter or the sort changes, rather than being dropped.
  const typedSearch = () => searchRef.current?.value.trim() ?? filters.q;
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = new FormData(event.currentTarget).get('q');
    onChange({ ...filters, q: typeof q === 'string' ? q.trim() : '' });
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <form
        role="search"
        aria-label={t('toolbar.searchRegion')}
        className="flex min-w-0 flex-1 items-end gap-2"
        onSubmit={onSearch}
      >
        <Field label={t('toolbar.searchLabel')} className="min-w-0 flex-1">
          {({ id }) => (
            // Keyed by the URL's search so Back, Forward and Clear show the search in effect.
            <Input
              key={filters.q}
              ref={searchRef}
              id={id}
              name="q"
              type="search"
              maxLength={200}
              defaultValue={filters.q}
              placeholder={t('toolbar.searchPlaceholder')}
              autoComplete="off"
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" aria-label={t('toolbar.search')} className="shrink-0">
          <Search className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">{t('toolbar.search')}</span>
        </Button>
        {filters.q !== '' && (
          <Button
            variant="ghost"
            aria-label={t('toolbar.clearSearch')}
            className="shrink-0"
            onClick={() => onChange({ ...filters, q: '' })}
          >
            <X className="size-4" aria-hidden="true" />
          </Button>
        )}
      </form>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <Field label={t('toolbar.state')}>
          {({ id }) => (
            <Select
              id={id}
              value={filters.state ?? ''}
              onChange={(event) => {
                const state = FILTERABLE_STATES.find((s) => s === event.target.value) ?? null;
                onChange({ ...filters, q: typedSearch(), state });
              }}
            >
              <option value="">{t('toolbar.allStates')}</option>
              {FILTERABLE_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(`toolbar.states.${state}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('toolbar.sortBy')}>
          {({ id }) => (
            <Select
              id={id}
              value={sortValue(filters.sort, filters.order)}
              onChange={(event) => {
                const choice = SORT_CHOICES.find((c) => sortValue(c.sort, c.order) === event.target.value);
                if (choice) onChange({ ...filters, q: typedSearch(), sort: choice.sort, order: choice.order });
              }}
            >
              {SORT_CHOICES.map((choice) => (
                <option key={sortValue(choice.sort, choice.order)} value={sortValue(choice.sort, choice.order)}>
                  {t(choice.label)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
    </div>
  );
}
