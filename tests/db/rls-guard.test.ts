/**
 * Guards over both schemas: RLS on every public table, at least one policy
 * per table unless the table is commented "service-only", no `for all`
 * policies, an index on every foreign key, auth.uid() always in its
 * (select ...) form, security definer functions pinned to an empty
 * search_path, and on tenant tables the sync columns (id, created_at,
 * updated_at set by a trigger, a keyset index).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Project } from '../../supabase/local/project';
import { testProjects } from './helpers/db';

let projects: ReturnType<typeof testProjects>;
const opened = {} as Record<'platform' | 'tenant', Project>;

beforeAll(async () => {
  projects = testProjects();
  opened.platform = await projects.open('platform');
  opened.tenant = await projects.open('tenant');
});

afterAll(async () => {
  await projects?.close();
});

describe.each(['platform', 'tenant'] as const)('%s schema', (kind) => {
  const q = <T>(sql: string) => opened[kind].engine.query<T>(sql).then((r) => r.rows);

  it('has RLS enabled on every table in public', async () => {
    const off = await q<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(off).toEqual([]);
  });

  it('gives every table a policy, or marks it service-only', async () => {
    const bare = await q<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p')
          and not exists (select 1 from pg_policy p where p.polrelid = c.oid)
          and coalesce(obj_description(c.oid, 'pg_class'), '') not like 'service-only:%'`,
    );
    expect(bare).toEqual([]);
  });

  it('has one policy per operation and role: no "for all"', async () => {
    expect(await q(`select polname from pg_policy where polcmd = '*'`)).toEqual([]);
  });

  it('calls auth.uid() in policies only as (select auth.uid())', async () => {
    const policies = await q<{ policyname: string; expr: string }>(
      `select policyname, coalesce(qual, '') || ' ' || coalesce(with_check, '') expr from pg_policies where schemaname = 'public'`,
    );
    const bare = policies.filter((p) => p.expr.replace(/SELECT auth\.uid\(\)/gi, '').includes('auth.uid()'));
    expect(bare.map((p) => p.policyname)).toEqual([]);
  });

  it('indexes every foreign key column', async () => {
    const bare = await q<{ tbl: string; col: string }>(
      `select c.conrelid::regclass::text tbl, a.attname col
         from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.contype = 'f' and c.connamespace = 'public'::regnamespace
          and not exists (select 1 from pg_index i where i.indrelid = c.conrelid and i.indkey[0] = c.conkey[1])`,
    );
    expect(bare).toEqual([]);
  });

  it('pins every security definer function to an empty search_path', async () => {
    const loose = await q<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prosecdef
          and not coalesce(p.proconfig, '{}') && array['search_path=""', 'search_path=']`,
    );
    expect(loose).toEqual([]);
  });
});

describe('tenant sync columns', () => {
  const q = <T>(sql: string) => opened.tenant.engine.query<T>(sql).then((r) => r.rows);

  it('gives every table id, created_at, updated_at and a keyset index on (updated_at, id)', async () => {
    const tables = await q<{ tablename: string }>(`select tablename from pg_tables where schemaname = 'public'`);
    const problems: string[] = [];
    for (const { tablename } of tables) {
      const cols = await q<{ column_name: string; data_type: string; column_default: string | null }>(
        `select column_name, data_type, column_default from information_schema.columns
          where table_schema = 'public' and table_name = '${tablename}'`,
      );
      const col = (n: string) => cols.find((c) => c.column_name === n);
      // users.id is the auth account's id, never generated here.
      const generated = tablename === 'users' || col('id')?.column_default?.includes('gen_random_uuid');
      if (col('id')?.data_type !== 'uuid' || !generated) problems.push(`${tablename}.id`);
      for (const c of ['created_at', 'updated_at'])
        if (col(c)?.data_type !== 'timestamp with time zone') problems.push(`${tablename}.${c}`);
      const idx = await q<{ n: number }>(
        `select count(*)::int n from pg_indexes where schemaname = 'public' and tablename = '${tablename}'
           and indexdef like '%(updated_at, id)%'`,
      );
      if (!idx[0]?.n) problems.push(`${tablename} keyset index`);
      const trig = await q<{ n: number }>(
        `select count(*)::int n from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
          where c.relname = '${tablename}' and p.proname in ('set_updated_at', 'door_log_stamp') and not t.tgisinternal`,
      );
      if (!trig[0]?.n) problems.push(`${tablename} updated_at trigger`);
    }
    expect(problems).toEqual([]);
  });
});
