import { describe, expect, it } from 'vitest';
import { QUERY_KEYS } from '@/domain/query-keys';
import { SIGNED_IN_USER } from '@/test/render-app';
import { createQueryClient } from './query-client';

const OTHER_USER = { ...SIGNED_IN_USER, id: 'u2', email: 'bruno@example.com' };

function cacheWithUserData() {
  const client = createQueryClient();
  const fill = () => {
    client.setQueryData(QUERY_KEYS.me, { name: 'dados do usuário' });
    client.setQueryData(QUERY_KEYS.question('q1'), { recordedAnswer: { letter: 'B' } });
    client.setQueryData(QUERY_KEYS.examSearch, { pages: [] });
  };
  const userData = () => client.getQueryCache().findAll({ queryKey: QUERY_KEYS.user }).length;
  return { client, fill, userData };
}

describe('the per-user cache', () => {
  it('drops every per-user answer when another user signs in', () => {
    const { client, fill, userData } = cacheWithUserData();
    client.setQueryData(QUERY_KEYS.session, { user: SIGNED_IN_USER });
    fill();
    client.setQueryData(QUERY_KEYS.disciplines, { disciplines: [] });
    expect(userData()).toBe(3);

    client.setQueryData(QUERY_KEYS.session, { user: OTHER_USER });
    expect(userData()).toBe(0);
    // What is the same for everyone stays.
    expect(client.getQueryData(QUERY_KEYS.disciplines)).toEqual({ disciplines: [] });
  });

  it('drops them on sign-out and when an expired session reads as a visitor', () => {
    const { client, fill, userData } = cacheWithUserData();
    client.setQueryData(QUERY_KEYS.session, { user: SIGNED_IN_USER });
    fill();
    client.setQueryData(QUERY_KEYS.session, { user: null });
    expect(userData()).toBe(0);
  });

  it('keeps them while the same user is signed in', () => {
    const { client, fill, userData } = cacheWithUserData();
    client.setQueryData(QUERY_KEYS.session, { user: SIGNED_IN_USER });
    fill();
    client.setQueryData(QUERY_KEYS.session, { user: { ...SIGNED_IN_USER, name: 'Ana S.' } });
    expect(userData()).toBe(3);
  });
});
