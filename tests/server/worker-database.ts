/**
 * Jest's server project, before each file: on PostgreSQL (`scripts/test-postgres.sh` sets SALON_TEST_PG_PER_WORKER),
 * each Jest worker runs on a database of its own, `<database>_w<JEST_WORKER_ID>`, which the script creates. A
 * migration lists the tables of every schema of its database; two workers in one database met a schema being dropped
 * under a migration ("schema … does not exist"). Within a worker, files run one after the other.
 */
if (process.env.SALON_TEST_PG_PER_WORKER === '1') {
  for (const key of ['SALON_TEST_POSTGRES', 'TEST_DATABASE_URL'] as const) {
    const value = process.env[key];
    if (!value || !/^postgres(?:ql)?:\/\//.test(value)) continue;
    const url = new URL(value);
    url.pathname = `${url.pathname}_w${process.env.JEST_WORKER_ID ?? '1'}`;
    process.env[key] = url.toString();
  }
}
