/**
 * The lint rule that keeps tenancy in one layer (eslint.config.js): outside server-mock/access/
 * and server-mock/db/, a module may import neither Kysely nor the raw database modules, so a
 * new module cannot bypass the tenant-bound and system stores.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';
import type { Services } from '../../server-mock/calls/context.ts';
import type { TenantData } from '../../server-mock/access/tenantData.ts';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the access-layer import rule', () => {
  it('refuses Kysely in a new module outside the access and db folders', async () => {
    const errors = await restrictedImports(
      "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
      'server-mock/newmodule/report.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/access layer/);
  });

  it('refuses the raw database modules and the AnyKysely handle there', async () => {
    const code = [
      "import type { Database } from '../db/database.ts';",
      "import type { AnyKysely } from '../db/anyKysely.ts';",
      "import { SqlTemplate } from '../db/sqlTemplate.ts';",
      'export type T = [Database, AnyKysely, typeof SqlTemplate];',
      '',
    ].join('\n');
    expect(await restrictedImports(code, 'server-mock/newmodule/report.ts')).toHaveLength(3);
  });

  it('lets such a module use the stores of the access layer and the plain row type', async () => {
    const code = [
      "import type { TenantData } from '../access/tenantData.ts';",
      "import type { Row } from '../db/anyKysely.ts';",
      'export type T = [TenantData, Row];',
      '',
    ].join('\n');
    expect(await restrictedImports(code, 'server-mock/newmodule/report.ts')).toEqual([]);
  });

  it('lets the access and db folders use Kysely', async () => {
    const code = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    expect(await restrictedImports(code, 'server-mock/access/newStore.ts')).toEqual([]);
    expect(await restrictedImports(code, 'server-mock/db/newDriver.ts')).toEqual([]);
  });

  it('holds for every module but the composition root: seeding, tenant upkeep, call context', async () => {
    const code = "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n";
    for (const path of [
      'server-mock/seed/demoData.ts',
      'server-mock/tenants/tenantDeletion.ts',
      'server-mock/tenants/tenantPurge.ts',
      'server-mock/crud/listParams.ts',
      'server-mock/calls/context.ts',
    ]) {
      expect(await restrictedImports(code, path), path).toHaveLength(1);
    }
    expect(await restrictedImports(code, 'server-mock/app/startServer.ts')).toEqual([]);
  });
});

describe('the stores handlers get', () => {
  it('carry no database', () => {
    const reach = (services: Services, data: TenantData) => [
      // @ts-expect-error -- the services carry the stores, not the database
      services.database,
      // @ts-expect-error -- a TenantData does not hand out its database
      data.database,
    ];
    expect(typeof reach).toBe('function');
  });
});
