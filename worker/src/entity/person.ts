/** /person/{id}: a person's roles and companies (founding teams of closed companies, individual investments). */
import { asc, eq, sql } from 'drizzle-orm';
import { closures, companies, investEvents as ev, personRoles, persons, rounds } from '../db';
import type { Db } from '../env';
import { ApiError } from '../lib/errors';
import { formatYmd } from '#shared/dates';

export async function personDetail(db: Db, id: number) {
  const p = await db.select().from(persons).where(eq(persons.id, id)).get();
  if (!p) throw new ApiError('NOT_FOUND', '该人物不存在');
  const roles = await db
    .select({
      role: personRoles.role,
      position: personRoles.position,
      comId: personRoles.comId,
      comName: sql<string | null>`${companies.name}`.as('com_name'),
      logo: sql<string | null>`${companies.logo}`.as('com_logo'),
      closed: sql<number | null>`${closures.comId}`.as('closed_id'),
      eventId: personRoles.eventId,
      date: sql<number | null>`${ev.date}`.as('event_date'),
      guess: sql<string | null>`${ev.guessMoney}`.as('event_guess'),
      round: sql<string | null>`${rounds.name}`.as('round_name'),
    })
    .from(personRoles)
    .leftJoin(companies, eq(companies.id, personRoles.comId))
    .leftJoin(closures, eq(closures.comId, personRoles.comId))
    .leftJoin(ev, eq(ev.id, personRoles.eventId))
    .leftJoin(rounds, eq(rounds.id, ev.roundId))
    .where(eq(personRoles.personId, id))
    .orderBy(asc(personRoles.id));
  return {
    id: p.id,
    name: p.name,
    des: p.des,
    roles: roles.map((r) => ({
      role: r.role,
      position: r.position,
      com_id: r.comId,
      com_name: r.comName ?? '',
      logo: r.logo ?? '',
      closed: r.closed !== null,
      event: r.eventId && r.date ? { id: r.eventId, time: formatYmd(r.date), round: r.round ?? '', guess_money: r.guess ?? '' } : null,
    })),
  };
}
