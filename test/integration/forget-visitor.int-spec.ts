import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { ForgetVisitorCommand } from '#src/modules/visualizer/commands/forget-visitor/forget-visitor.command.js';
import { RecentUploads } from '#src/modules/visualizer/limits/recent-uploads.js';
import { VisualizationStore } from '#src/modules/visualizer/storage/visualization-store.js';
import { useTestApp } from '../support/app-fixture.js';

/**
 * The forget-visitor handler through the command bus on a real database and file store: what it
 * deletes are rows and files, not events.
 */
describe('ForgetVisitor handler against PostgreSQL and the file store', () => {
  let bus: CommandBus;
  let store: VisualizationStore;
  let uploads: RecentUploads;

  const testApp = useTestApp();

  beforeAll(async () => {
    bus = testApp.app.get(CommandBus);
    store = testApp.app.get(VisualizationStore);
    uploads = testApp.app.get(RecentUploads);
  });

  const photo = (label: string) => new TextEncoder().encode(`jpeg bytes of ${label}`);
  async function visualize(visitorId: string) {
    const id = store.newId();
    await store.save(
      { id, visitorId, patternId: 'test-pattern', renderer: 'test' },
      { original: photo(`${id} original`), rendered: photo(`${id} render`) },
    );
    return id;
  }

  /** Whether the file is in the store itself, whatever the table says. */
  const fileExists = (name: string) =>
    store.files.get(name).then(
      () => true,
      () => false,
    );
  const filesOf = (id: string) => [store.originalName(id), store.renderName(id)];

  it("should delete the visitor's photos, renders and free re-renders, and no one else's", async () => {
    const visitor = randomUUID();
    const other = randomUUID();
    const mine = [await visualize(visitor), await visualize(visitor)];
    const theirs = await visualize(other);
    await uploads.charged(visitor, 'digest-a');
    await uploads.charged(other, 'digest-a');
    for (const id of mine) expect(await store.readFile(id, 'render')).not.toBeNull();

    await expect(bus.execute(new ForgetVisitorCommand(visitor))).resolves.toEqual({
      deletedVisualizations: 2,
    });

    for (const id of mine) {
      expect(await store.readFile(id, 'original')).toBeNull();
      expect(await store.readFile(id, 'render')).toBeNull();
      for (const name of filesOf(id)) expect(await fileExists(name)).toBe(false);
    }
    const { rows } = await testApp.db.pool.query<{ n: number }>(
      'select count(*)::int as n from visualizations where visitor_id = $1',
      [visitor],
    );
    expect(rows[0].n).toBe(0);
    expect(await uploads.isFreeRerender(visitor, 'digest-a')).toBe(false);

    expect(await store.readFile(theirs, 'render')).toEqual(Buffer.from(photo(`${theirs} render`)));
    for (const name of filesOf(theirs)) expect(await fileExists(name)).toBe(true);
    expect(await uploads.isFreeRerender(other, 'digest-a')).toBe(true);
  });

  it('should answer none deleted for a visitor with nothing stored', async () => {
    await expect(bus.execute(new ForgetVisitorCommand(randomUUID()))).resolves.toEqual({
      deletedVisualizations: 0,
    });
  });
});
