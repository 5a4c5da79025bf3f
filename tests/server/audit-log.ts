/** The change log as the tests read it: how many entries the table holds, and the newest one the API lists. */
import { expect } from '@jest/globals';
import type { AuditData, AuditEntry } from '@salon/shared/contracts/backoffice';
import { countRows, type TestApp } from './helpers';
import { callApi } from './http';

export const auditCount = (t: TestApp): Promise<number> => countRows(t, 'audit_log');

/** The newest entry, as GET /api/admin/audit lists it to this (administrator's) cookie. */
export async function newestAudit(t: TestApp, cookie: string): Promise<AuditEntry> {
  const response = await callApi(t.app, 'GET', '/api/admin/audit', undefined, cookie);
  expect(response.statusCode).toBe(200);
  const entry = (response.json() as { data: AuditData }).data.entries[0];
  if (!entry) throw new Error('no audit entry');
  return entry;
}
