import { PERMISSIONS } from './content';
import './permission-panel.css';

/** The per-member permission text: what can be granted on projects and on files. */
export function PermissionPanel({ phone }: { phone: boolean }) {
  return (
    <section className={`permission-panel ${phone ? 'permission-panel-phone' : ''}`} aria-labelledby="saas-permissions">
      <div>
        <h2 id="saas-permissions" className="permission-title">
          {PERMISSIONS.title}
        </h2>
        <p className="permission-des">{PERMISSIONS.des}</p>
      </div>
      <dl className="permission-list">
        {PERMISSIONS.items.map((item) => (
          <div key={item.what} className="permission-row">
            <dt>{item.what}权限</dt>
            <dd>
              {item.rights.map((r) => (
                <span key={r} className="permission-chip">
                  {r}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
