export default async function globalTeardown(): Promise<void> {
  const { dropTemplateDatabase } = await import('./test-database.js');
  await dropTemplateDatabase();
  await (globalThis as { __testPostgres?: { stop(): Promise<void> } }).__testPostgres?.stop();
}
