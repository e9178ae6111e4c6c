import { TRIAL_NOTES } from './content';
import './trial-notes.css';

/** The trial page's notes: contact within two working days, the epidemic offer, data kept 3 days after expiry. */
export function TrialNotes({ phone }: { phone: boolean }) {
  return (
    <aside className={`trial-notes ${phone ? 'trial-notes-phone' : ''}`} aria-labelledby="trial-notes-title">
      <h2 id="trial-notes-title">申请须知</h2>
      <ol>
        {TRIAL_NOTES.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ol>
    </aside>
  );
}
