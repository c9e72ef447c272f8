import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { UserDto } from '@tna/domain';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./api-client', () => ({ apiClient: {} }));
vi.mock('./auth-storage', () => ({ getSession: () => ({}), getToken: () => 'token', useSession: () => ({}) }));
vi.mock('./offline/profile-cache', () => ({ readLastProfile: () => undefined, writeLastProfile: () => {} }));
vi.mock('./session', () => ({ endSession: () => {} }));

const { provinceScopeQuery } = await import('./auth');

const user = (roles: string[], provinces: number[]): UserDto => ({
  id: 7,
  name: 'A',
  email: 'a@tna.test',
  roles: roles.map((name, id) => ({ id, name })),
  provinces,
  created_at: '2026-01-01T00:00:00Z',
});

/**
 * An observer of the scope as useProvinceScope reads it (only `data`), with how often it would have
 * rendered the screen that asks again.
 */
function watchScope() {
  const client = new QueryClient();
  const observer = new QueryObserver(client, { ...provinceScopeQuery('token', 'a@tna.test'), enabled: false });
  let renders = 0;
  observer.subscribe(() => renders++);
  const scope = () => observer.trackResult(observer.getCurrentResult()).data ?? null;
  scope();
  return { client, scope, renders: () => renders };
}

describe('the province scope the screens read (useProvinceScope)', () => {
  it('does not render the screen again when a profile of all provinces arrives', () => {
    const w = watchScope();
    expect(w.scope()).toBeNull();
    w.client.setQueryData(['profile'], user(['admin'], [3]));
    expect(w.scope()).toBeNull();
    w.client.setQueryData(['profile'], user(['viewer'], []));
    expect(w.scope()).toBeNull();
    expect(w.renders()).toBe(0);
  });

  it('renders it again when the scope changes, and only then', () => {
    const w = watchScope();
    w.client.setQueryData(['profile'], user(['validator'], [3, 5]));
    expect(w.scope()).toEqual([3, 5]);
    expect(w.renders()).toBe(1);
    // The same scope confirmed by the server: a new object, the same provinces.
    w.client.setQueryData(['profile'], user(['validator'], [3, 5]));
    expect(w.renders()).toBe(1);
    w.client.setQueryData(['profile'], user(['validator'], [5]));
    expect(w.scope()).toEqual([5]);
    expect(w.renders()).toBe(2);
    w.client.setQueryData(['profile'], user(['admin'], [5]));
    expect(w.scope()).toBeNull();
    expect(w.renders()).toBe(3);
  });
});
