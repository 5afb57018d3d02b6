import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { AUDIT_ACTIONS } from '#src/contract/audit.js';
import { EventStore } from '#src/platform/event-store/event-store.js';
import {
  type EventTypeDeclaration,
  EventTypeRegistry,
  type FieldKind,
} from '#src/platform/event-store/event-types.js';
import { LOG_START } from '#src/platform/event-store/event-store.types.js';
import { PersonalDataVault } from '#src/platform/event-store/personal-data-vault.js';
import { UpcasterRegistry } from '#src/platform/event-store/upcasters.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { bearer, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** A person whose name, e-mail and phone must be nowhere once they are erased. */
const PERSON = {
  firstName: 'Aino',
  lastName: 'Jäljetönkoski',
  email: 'aino.jaljetonkoski@probe.example',
  phone: '+358 40 765 9876',
};
const NAME = `${PERSON.firstName} ${PERSON.lastName}`;
/** What is searched for: the full name, the e-mail, the phone as typed and as digits. */
const NEEDLES = [PERSON.lastName, PERSON.email, PERSON.phone, '407659876'];
const FILLINGS = [NAME, PERSON.email, PERSON.phone];

/**
 * Plain fields that accept one of the fillings by their kind, reviewed: a label is a name staff
 * gave a thing of ours (one line, never an e-mail address); a Message-ID
 * looks like an address. A new plain field that accepts a filling fails this test until it is
 * sealed or reviewed here.
 */
const REVIEWED_PLAIN_FIELDS = [
  'EmailDelivered.data.smtpMessageId accepts an e-mail',
  'EmailQueued.data.headerMessageId accepts an e-mail',
  'EmailQueued.data.inReplyTo accepts an e-mail',
  'EmailQueued.data.references[0] accepts an e-mail',
  'EmailQueued.data.replyTo accepts an e-mail',
  'EmailReceived.data.headerMessageId accepts an e-mail',
  'LeadCreated.data.lineItems[0].label accepts a name',
  'LeadCreated.data.lineItems[0].label accepts a phone number',
  'PipelineColumnAdded.data.name accepts a name',
  'PipelineColumnAdded.data.name accepts a phone number',
  'PipelineColumnRenamed.data.from accepts a name',
  'PipelineColumnRenamed.data.from accepts a phone number',
  'PipelineColumnRenamed.data.to accepts a name',
  'PipelineColumnRenamed.data.to accepts a phone number',
  // A report's title is a label an admin gives the report, like a column's name.
  'ReportDefined.data.title accepts a name',
  'ReportDefined.data.title accepts a phone number',
  'ReportDefinitionChanged.data.title accepts a name',
  'ReportDefinitionChanged.data.title accepts a phone number',
  // A column's id is its name, lower-cased (pipeline.decide.ts), and leads' statuses are those ids.
  ...[
    'LeadCreated.data.status',
    'LeadStatusChanged.data.from',
    'LeadStatusChanged.data.to',
    'PipelineColumnAdded.data.id',
    'PipelineColumnRecolored.data.id',
    'PipelineColumnRemoved.data.id',
    'PipelineColumnRemoved.data.movedLeadsTo',
    'PipelineColumnRenamed.data.id',
  ].flatMap((field) => [`${field} accepts a name`, `${field} accepts a phone number`]),
].sort();

/** A valid value of a kind; `text` gets `filling`. */
function sample(kind: FieldKind, filling: string): unknown {
  switch (kind.kind) {
    case 'id':
      return randomUUID();
    case 'enum':
      return kind.values[0];
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'timestamp':
      return new Date().toISOString();
    case 'label':
      return 'Uudet';
    case 'messageId':
      return `${randomUUID()}@mail.keittiokalvo.test`;
    case 'text':
      return filling;
    case 'optional':
    case 'nullable':
      return sample(kind.of, filling);
    case 'array':
      return [sample(kind.of, filling)];
    case 'record':
      return { [String(sample(kind.keys, 'key'))]: sample(kind.of, filling) };
    case 'object':
      return sampleOf(kind.fields, filling);
  }
}

const sampleOf = (fields: Readonly<Record<string, FieldKind>>, filling: string) =>
  Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, sample(kind, filling)]));

/** Every string leaf of a sample, as a path and a setter. */
function stringLeaves(value: unknown, path: string): { path: string; set(v: string): void }[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) =>
      typeof item === 'string'
        ? [{ path: `${path}[${i}]`, set: (v: string) => (value[i] = v) }]
        : stringLeaves(item, `${path}[${i}]`),
    );
  }
  if (typeof value !== 'object' || value === null) return [];
  const object = value as Record<string, unknown>;
  return Object.entries(object).flatMap(([key, item]) =>
    typeof item === 'string'
      ? [{ path: `${path}.${key}`, set: (v: string) => (object[key] = v) }]
      : stringLeaves(item, `${path}.${key}`),
  );
}

const found = (text: string) => NEEDLES.filter((needle) => text.includes(needle));

/**
 * No personal data outside the vault (docs/decisions/0106-no-personal-data-outside-the-vault.md):
 * every event type the app declares, walked with a person's name, e-mail and phone in each
 * field, and the person's own requests through the real app, leave nothing of them in the log,
 * the export, the read models or a backup once they are erased.
 */
describe('Erasure leaves nothing behind', () => {
  let registry: EventTypeRegistry;
  let declarations: EventTypeDeclaration[];
  let admin: string;

  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });

  beforeAll(async () => {
    registry = testApp.app.get(EventTypeRegistry);
    declarations = registry.declarations;
    admin = (await signInAs(testApp, 'admin')).token;
  });

  describe('the event types the store knows', () => {
    it('should know every type the audit log tells and refuse an undeclared one', () => {
      const declared = new Set(declarations.map((d) => d.type));
      expect(Object.keys(AUDIT_ACTIONS).filter((type) => !declared.has(type))).toEqual([]);
      expect(() => registry.check({ type: 'NothingHappened', data: {} })).toThrow(
        'event type NothingHappened is not declared',
      );
    });

    it('should refuse a declaration that puts free text in plain data', () => {
      expect(() =>
        new EventTypeRegistry().declare({
          type: 'FollowUpScheduled',
          data: { leadId: { kind: 'id' }, note: { kind: 'text' } },
        }),
      ).toThrow('FollowUpScheduled.data.note holds free text: it belongs in personalData');
    });

    it('should refuse a name, an e-mail or a phone number in every plain field', () => {
      const accepted: string[] = [];
      for (const declaration of declarations) {
        const base = sampleOf(declaration.data, NAME);
        for (const leaf of stringLeaves(base, `${declaration.type}.data`)) {
          for (const [filling, what] of [
            [NAME, 'a name'],
            [PERSON.email, 'an e-mail'],
            [PERSON.phone, 'a phone number'],
          ]) {
            const data = structuredClone(base);
            const target = stringLeaves(data, `${declaration.type}.data`).find(
              (l) => l.path === leaf.path,
            )!;
            target.set(filling);
            try {
              registry.check({ type: declaration.type, data });
              accepted.push(`${leaf.path} accepts ${what}`);
            } catch {
              // Refused: what a person typed cannot be stored there.
            }
          }
        }
      }
      expect(accepted.sort()).toEqual(REVIEWED_PLAIN_FIELDS);
    });

    describe('each filled and sealed, then erased', () => {
      let db: TestDatabase;
      beforeAll(async () => {
        db = await createTestDatabase();
      });
      afterAll(async () => {
        await db.drop();
      });

      it('should leave none of the person in the raw events table', async () => {
        // A log of its own: the walk's made-up events must not reach the app's read models.
        const vault = new PersonalDataVault(db.pool, createSecretKey(randomBytes(32)));
        const store = new EventStore(db.pool, vault, new UpcasterRegistry());
        const subject = `lead:${randomUUID()}`;
        const withPersonalData = declarations.filter((d) => d.personalData);
        expect(withPersonalData.length).toBeGreaterThan(0);
        for (const declaration of withPersonalData) {
          for (const filling of FILLINGS) {
            const event = {
              type: declaration.type,
              data: sampleOf(declaration.data, filling),
              personalData: sampleOf(declaration.personalData!, filling),
            };
            registry.check(event);
            await store.append(`probe-${randomUUID()}`, 'no_stream', [event], {
              streamType: 'probe',
              subjectId: subject,
            });
          }
        }
        const before = await db.pool.query<{ t: string }>('select data::text as t from events');
        expect(before.rows.length).toBe(withPersonalData.length * FILLINGS.length);
        expect(found(before.rows.map((r) => r.t).join('\n'))).toEqual([]);
        await vault.erase(subject);
        const read = await store.readAll(LOG_START, 1000, {
          personalData: true,
          includeRecent: true,
        });
        expect(read).toHaveLength(before.rows.length);
        expect(read.every((event) => event.personalData === null)).toBe(true);
        const raw = await db.pool.query<{ t: string }>(
          "select string_agg(e::text, E'\\n') as t from events e",
        );
        expect(found(raw.rows[0].t)).toEqual([]);
      });
    });
  });

  describe("the person's own requests, erased", () => {
    it('should leave them in no event, export, read model or backup', async () => {
      const quote = await testApp.api
        .post('/api/quote')
        .send({
          doorStyle: 'Uritettu',
          doors: 6,
          drawers: 2,
          metres: 2,
          customer: {
            ...PERSON,
            address: 'Jäljetönkoskentie 3',
            city: 'Espoo',
            message: `Soita ${PERSON.phone}, terveisin ${NAME}`,
          },
        })
        .expect(201);
      const quoteLead = (quote.body as { leadId: string }).leadId;
      const contact = await testApp.api
        .post('/api/contact')
        .send({ ...PERSON, message: `Minä olen ${NAME}, ${PERSON.email}` })
        .expect(201);
      const contactLead = (contact.body as { leadId: string }).leadId;

      await testApp.api.get(`/api/admin/quotes/${quoteLead}`).set(bearer(admin)).expect(200);
      await testApp.api
        .post(`/api/quotes/${quoteLead}/emails`)
        .set(bearer(admin))
        .send({ subject: `Hei ${NAME}`, body: `Soitamme numeroon ${PERSON.phone}.` })
        .expect(201);
      await testApp.api
        .post(`/api/quotes/${quoteLead}/emails/reply`)
        .set(bearer(admin))
        .send({ subject: 'Vastaus', body: `Terveisin ${NAME}, ${PERSON.email}` })
        .expect(201);
      const manager = testApp.app.get(ProjectionManager);
      await manager.catchUp();
      for (const q of [PERSON.email, PERSON.phone, NAME]) {
        await testApp.api
          .get('/api/admin/activity/csv')
          .query({ q })
          .set(bearer(admin))
          .expect(200);
      }

      for (const lead of [quoteLead, contactLead]) {
        await testApp.api.delete(`/api/quotes/${lead}/soft`).set(bearer(admin)).expect(200);
        await testApp.api.delete(`/api/admin/quotes/${lead}`).set(bearer(admin)).expect(204);
      }
      await manager.catchUp();

      const leaks: string[] = [];
      const events = await testApp.db.pool.query<{ t: string }>(
        "select coalesce(string_agg(e::text, E'\\n'), '') as t from events e",
      );
      for (const needle of found(events.rows[0].t)) leaks.push(`events: ${needle}`);

      const exported = await testApp.api
        .get('/api/admin/events')
        .set(bearer(admin))
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => done(null, text));
        })
        .expect(200);
      const ndjson = exported.body as string;
      expect(ndjson).toContain('PersonalDataExported');
      for (const needle of found(ndjson)) leaks.push(`NDJSON export: ${needle}`);

      const { rows: tables } = await testApp.db.pool.query<{ name: string }>(
        `select quote_ident(table_name) as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      expect(tables.length).toBeGreaterThan(10);
      for (const { name } of tables) {
        const { rows } = await testApp.db.pool.query<{ t: string | null }>(
          `select string_agg(r::text, E'\\n') as t from ${name} r`,
        );
        for (const needle of found(rows[0].t ?? '')) leaks.push(`table ${name}: ${needle}`);
      }

      const backup = await testApp.api.post('/api/admin/backup/run').set(bearer(admin)).expect(201);
      const file = (backup.body as { file: { name: string } }).file.name;
      const download = await testApp.api
        .get(`/api/admin/backup/files/${file}`)
        .set(bearer(admin))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      const backupText = gunzipSync(download.body as Buffer).toString('utf8');
      expect(backupText).toContain('PersonalDataExported');
      for (const needle of found(backupText)) leaks.push(`backup: ${needle}`);

      expect(leaks).toEqual([]);
    });
  });
});
