export default async function globalTeardown(): Promise<void> {
  const { dropTemplateDatabases } = await import('./test-database.js');
  await dropTemplateDatabases();
  const servers = (globalThis as { __testPostgres?: { stop(): Promise<void> }[] }).__testPostgres;
  await Promise.all((servers ?? []).map((server) => server.stop()));
}
