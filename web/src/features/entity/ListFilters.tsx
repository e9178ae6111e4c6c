import { AppLink } from '../../ui/AppLink';

export interface FilterChoice {
  label: string;
  href: string;
  active: boolean;
}

/** The filter chips of a list page (全部 / 医疗健康 / 科创板…), each a link so the URL holds the view. */
export function ListFilters({ label, choices }: { label: string; choices: FilterChoice[] }) {
  return (
    <nav className="entity-filters" aria-label={label}>
      {choices.map((c) => (
        <AppLink key={c.href} href={c.href} className={`entity-filter${c.active ? ' is-active' : ''}`} aria-current={c.active ? 'page' : undefined}>
          {c.label}
        </AppLink>
      ))}
    </nav>
  );
}
