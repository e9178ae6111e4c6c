/**
 * People and the global search's names (entity area).
 * - persons: one per founding-team member of a closed company (closure_teams) and one per
 *   individual investor of a financing event (invest_event_investors with invst_type 'person');
 *   two people of the same name stay two people. person_roles says what each did where.
 * - search_names: every company, firm and person with its pinyin, computed here as the rows are
 *   written (worker/src/search/keys.ts, the same code the worker uses).
 * Deterministic: ids follow the order of the closures and events, no random draws.
 */
import { searchNameRow } from '../../worker/src/search/keys.ts';
import type { Closure } from './closures.ts';
import type { Company, InvestEvent } from './companies.ts';
import type { Firm } from './firms.ts';
import type { Row } from './sql.ts';

export interface Person {
  id: number;
  name: string;
}

export function generatePersons(closures: Closure[], events: InvestEvent[]) {
  const persons: Person[] = [];
  const personRows: Row[] = [];
  const roleRows: Row[] = [];
  const add = (name: string, des: string) => {
    const p = { id: persons.length + 1, name };
    persons.push(p);
    personRows.push({ id: p.id, name, des });
    return p;
  };
  for (const c of closures) {
    for (const m of c.team) {
      const p = add(m.name, `${c.company.name}${m.position}`);
      roleRows.push({ id: roleRows.length + 1, person_id: p.id, com_id: c.company.id, role: 'team', position: m.position, event_id: 0, team_id: m.id });
    }
  }
  for (const e of events) {
    for (const inv of e.investors) {
      if (inv.invstType !== 'person') continue;
      const p = add(inv.invstName, '个人投资人');
      roleRows.push({ id: roleRows.length + 1, person_id: p.id, com_id: e.comId, role: 'investor', position: '', event_id: e.id, team_id: 0 });
    }
  }
  return { persons, personRows, roleRows };
}

export function searchNameRows(companies: Company[], firms: Firm[], persons: Person[]): Row[] {
  return [
    ...companies.map((c) => searchNameRow('company', c.id, c.name)),
    ...firms.map((f) => searchNameRow('investfirm', f.id, f.name)),
    ...persons.map((p) => searchNameRow('person', p.id, p.name)),
  ];
}
