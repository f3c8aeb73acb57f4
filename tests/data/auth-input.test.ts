/**
 * Malformed requests: bad JSON, wrong types, unknown grants and parameters
 * are 4xx with a clear message, never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';
import { createUser, platformTarget, rawAuth, signIn, type Target } from './auth-fixtures';

interface Case {
  name: string;
  path: string;
  method: string;
  body?: string;
  as: 'anon' | 'user' | 'service';
  status: number;
  code: string;
}

describe('auth: malformed input', () => {
  let t: TestStack;
  let platform: Target;
  let userToken: string;
  let userId: string;
  beforeAll(async () => {
    t = await startTestStack();
    platform = platformTarget(t);
    const u = await createUser(platform);
    userId = u.id;
    userToken = (await signIn(platform, u.email, u.password)).session.access_token;
  });
  afterAll(() => t.close());

  const cases: Case[] = [
    {
      name: 'sign-in with bad JSON',
      path: '/token?grant_type=password',
      method: 'POST',
      body: '{"email":',
      as: 'anon',
      status: 400,
      code: 'bad_json',
    },
    {
      name: 'sign-in with an array body',
      path: '/token?grant_type=password',
      method: 'POST',
      body: '[1,2]',
      as: 'anon',
      status: 400,
      code: 'bad_json',
    },
    {
      name: 'sign-in with a number email',
      path: '/token?grant_type=password',
      method: 'POST',
      body: '{"email":42,"password":"x"}',
      as: 'anon',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'sign-in without a password',
      path: '/token?grant_type=password',
      method: 'POST',
      body: '{"email":"a@b.co"}',
      as: 'anon',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'sign-in with an empty body',
      path: '/token?grant_type=password',
      method: 'POST',
      as: 'anon',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'refresh with a null token',
      path: '/token?grant_type=refresh_token',
      method: 'POST',
      body: '{"refresh_token":null}',
      as: 'anon',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'an unknown grant',
      path: '/token?grant_type=magic',
      method: 'POST',
      body: '{}',
      as: 'anon',
      status: 400,
      code: 'unsupported_grant_type',
    },
    { name: 'no grant', path: '/token', method: 'POST', body: '{}', as: 'anon', status: 400, code: 'unsupported_grant_type' },
    { name: 'update user with bad JSON', path: '/user', method: 'PUT', body: 'nope', as: 'user', status: 400, code: 'bad_json' },
    {
      name: 'update user with a number password',
      path: '/user',
      method: 'PUT',
      body: '{"password":12345678}',
      as: 'user',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'update user with string metadata',
      path: '/user',
      method: 'PUT',
      body: '{"data":"x"}',
      as: 'user',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'update user with a bad email',
      path: '/user',
      method: 'PUT',
      body: '{"email":"not-an-email"}',
      as: 'user',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'a 73-byte password',
      path: '/user',
      method: 'PUT',
      body: JSON.stringify({ password: `Aa1!${'x'.repeat(69)}` }),
      as: 'user',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'logout with an unknown scope',
      path: '/logout?scope=everything',
      method: 'POST',
      as: 'user',
      status: 400,
      code: 'validation_failed',
    },
    { name: 'admin create with bad JSON', path: '/admin/users', method: 'POST', body: '{', as: 'service', status: 400, code: 'bad_json' },
    {
      name: 'admin create with a string email_confirm',
      path: '/admin/users',
      method: 'POST',
      body: '{"email":"x@y.co","email_confirm":"yes"}',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin create without an email',
      path: '/admin/users',
      method: 'POST',
      body: '{"password":"Correct-Horse-9"}',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin create with a bad email',
      path: '/admin/users',
      method: 'POST',
      body: '{"email":"@@"}',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin create with array metadata',
      path: '/admin/users',
      method: 'POST',
      body: '{"email":"q@y.co","user_metadata":[1]}',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin list with a bad page',
      path: '/admin/users?page=-1',
      method: 'GET',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin list with a text per_page',
      path: '/admin/users?per_page=lots',
      method: 'GET',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin get with a malformed id',
      path: "/admin/users/1'%20or%201=1",
      method: 'GET',
      as: 'service',
      status: 404,
      code: 'user_not_found',
    },
    {
      name: 'admin update with a huge ban',
      path: '/admin/users/USER',
      method: 'PUT',
      body: '{"ban_duration":"99999999999999h"}',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin update with a number ban',
      path: '/admin/users/USER',
      method: 'PUT',
      body: '{"ban_duration":5}',
      as: 'service',
      status: 400,
      code: 'validation_failed',
    },
    {
      name: 'admin delete with bad JSON',
      path: '/admin/users/USER',
      method: 'DELETE',
      body: '{x',
      as: 'service',
      status: 400,
      code: 'bad_json',
    },
  ];

  it.each(cases)('$name -> $status $code', async (c) => {
    const key = c.as === 'user' ? userToken : c.as === 'service' ? platform.project.keys.serviceKey : undefined;
    const res = await rawAuth(t, platform, c.path.replace('USER', userId), { method: c.method, body: c.body, key });
    const json: unknown = await res.json();
    expect(res.status).toBe(c.status);
    expect(json).toMatchObject({ error_code: c.code });
    expect(json).toHaveProperty('msg');
  });
});
