import type { UserDto } from '@tna/domain';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  adminUnits,
  assessmentHistories,
  assessments,
  roles,
  userProvinces,
  userRoles,
  users,
} from '../../db/schema/index.js';
import { provincesOf } from '../auth/auth.repository.js';

interface UserLike {
  id: number;
  name: string;
  email: string;
  createdAt: Date;
  roleRefs: { id: number; name: string }[];
  provinces: number[];
}

export function toUserDto(u: UserLike): UserDto {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    roles: u.roleRefs,
    provinces: u.provinces.map(Number),
    created_at: u.createdAt.toISOString(),
  };
}

const roleList = sql<{ id: number; name: string }[]>`coalesce(
  json_agg(json_build_object('id', ${roles.id}, 'name', ${roles.name}) order by ${roles.id})
    filter (where ${roles.id} is not null), '[]'::json)`;

function selectUsers(db: Executor) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      createdAt: users.createdAt,
      roleRefs: roleList,
      provinces: provincesOf(users.id),
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(roles, eq(roles.id, userRoles.roleId))
    .groupBy(users.id);
}

export async function listUsers(db: Executor): Promise<UserDto[]> {
  const rows = await selectUsers(db).orderBy(asc(users.id));
  return rows.map(toUserDto);
}

export async function findUser(db: Executor, id: number): Promise<UserDto | null> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row ? toUserDto(row) : null;
}

export async function emailTaken(db: Executor, email: string, exceptId?: number | null): Promise<boolean> {
  const where = exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email);
  const [row] = await db.select({ n: count() }).from(users).where(where);
  return (row?.n ?? 0) > 0;
}

export async function roleIdByName(db: Executor, name: string): Promise<number | null> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
  return row?.id ?? null;
}

/** Number of users holding the admin role, locking their rows so two demotions cannot race. */
export async function countAdmins(db: Executor): Promise<number> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(roles.name, 'admin'))
    .for('update', { of: userRoles });
  return rows.length;
}

export async function setUserRole(db: Executor, userId: number, roleId: number): Promise<void> {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  await db.insert(userRoles).values({ userId, roleId });
}

/** Replace a user's provinces (none = every province). */
export async function setUserProvinces(db: Executor, userId: number, provinceIds: readonly number[]): Promise<void> {
  await db.delete(userProvinces).where(eq(userProvinces.userId, userId));
  if (provinceIds.length)
    await db.insert(userProvinces).values(provinceIds.map((provinceId) => ({ userId, provinceId })));
}

/** Which of these ids are not provinces. */
export async function unknownProvinces(db: Executor, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: adminUnits.id })
    .from(adminUnits)
    .where(and(eq(adminUnits.type, 'province'), inArray(adminUnits.id, [...ids])));
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

/** What still refers to a user, so that a delete never orphans records. */
export async function userUsage(db: Executor, userId: number): Promise<{ assessments: number; reviews: number }> {
  const [a] = await db.select({ n: count() }).from(assessments).where(eq(assessments.createdBy, userId));
  const [h] = await db.select({ n: count() }).from(assessmentHistories).where(eq(assessmentHistories.userId, userId));
  return { assessments: a?.n ?? 0, reviews: h?.n ?? 0 };
}

/** Whether a user of this id exists. */
export async function userExists(db: Executor, id: number): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return found !== undefined;
}

/** Every user's name by id (the export's "entered by" column). */
export async function userNames(db: Executor): Promise<Map<number, string>> {
  return new Map((await db.select({ id: users.id, name: users.name }).from(users)).map((u) => [u.id, u.name]));
}
