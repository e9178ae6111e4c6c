import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { scopeQueryOptions } from './queries/options';
import { TagLink } from './TagLink';
import './atlas-tags.css';

/** The industry atlas (#atlas): each field with its tags; tags open their pages for VIP members. */
export function AtlasTags() {
  const q = useQuery(scopeQueryOptions());
  return (
    <section id="atlas" className="health-card atlas" aria-labelledby="atlas-title">
      <header className="health-card-head">
        <h2 id="atlas-title">产业图谱</h2>
        <span className="atlas-hint">点击标签查看细分领域（VIP）</span>
      </header>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <EmptyState text={q.error.message} />
      ) : q.data.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="atlas-fields">
          {q.data.map((f) => (
            <div key={f.id} className="atlas-field">
              <TagLink id={f.id} className="atlas-field-name">
                {f.name}
              </TagLink>
              <p className="atlas-desc">{f.desc}</p>
              <div className="atlas-tags">
                {f.child.map((t) => (
                  <TagLink key={t.id} id={t.id} className="atlas-tag">
                    {t.name}
                  </TagLink>
                ))}
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
