import { randomUUID } from 'node:crypto';
import type { CommandBus } from '@nestjs/cqrs';
import {
  CreateLeadCommand,
  type CreateLeadInput,
  DOOR_STYLES,
  type LeadSource,
  RestoreLeadCommand,
  TrashLeadCommand,
  UpdateLeadCommand,
  DEFAULT_COLUMNS,
} from '#src/modules/leads/index.js';
import { computeQuotePrice, CURRENT_PRICE_LIST } from '#src/modules/quotes/index.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RequestContext } from '#src/platform/http/request-context.js';

/**
 * Who makes the leads a visitor would have sent. Not the public: the intake e-mails the
 * customer of every lead the public creates, and demo customers must get no mail.
 */
export const DEMO_DATA_ACTOR: Actor = { id: null, name: 'demo data', role: 'system' };

const FIRST_NAMES = [
  'Aino',
  'Eino',
  'Helmi',
  'Väinö',
  'Sofia',
  'Leevi',
  'Aada',
  'Onni',
  'Ella',
  'Eetu',
  'Lumi',
  'Juho',
  'Iida',
  'Mikko',
  'Emilia',
  'Ville',
  'Kerttu',
  'Matti',
  'Saara',
  'Teemu',
  'Anni',
  'Jussi',
  'Pihla',
  'Tuomas',
];
const LAST_NAMES = [
  'Virtanen',
  'Korhonen',
  'Mäkinen',
  'Nieminen',
  'Mäkelä',
  'Hämäläinen',
  'Laine',
  'Heikkinen',
  'Koskinen',
  'Järvinen',
  'Lehtonen',
  'Lehtinen',
  'Saarinen',
  'Salminen',
  'Heinonen',
  'Niemi',
  'Heikkilä',
  'Kinnunen',
  'Salonen',
  'Turunen',
];
const STREETS = [
  'Mannerheimintie',
  'Hämeenkatu',
  'Aleksanterinkatu',
  'Puistokatu',
  'Koivukuja',
  'Rantatie',
  'Kirkkokatu',
  'Satamakatu',
  'Myllytie',
  'Pajatie',
];
const CITIES = [
  'Helsinki',
  'Espoo',
  'Vantaa',
  'Kauniainen',
  'Kerava',
  'Järvenpää',
  'Tuusula',
  'Kirkkonummi',
  'Sipoo',
  'Porvoo',
];
const MESSAGES = [
  'Keittiö on 1990-luvulta, ovet ovat hyvässä kunnossa.',
  'Onko mahdollista saada asennus ennen joulua?',
  'Haluaisin tummanharmaan sävyn.',
  'Tarvitsemme myös työtason päällystyksen.',
  '',
];
const NOTES = [
  'Soitettu, asiakas pyysi tarjouksen sähköpostiin.',
  'Mittauskäynti sovittu ensi viikolle.',
  'Asiakas vertailee vielä kahta vaihtoehtoa.',
  'Tarjous lähetetty, seuranta kahden viikon päästä.',
  'Asiakas toivoi näytepaloja.',
];
const STAFF: Actor[] = [
  { id: '5eed0000-0000-4000-8000-000000000001', name: 'Laura Lindqvist', role: 'admin' },
  { id: '5eed0000-0000-4000-8000-000000000002', name: 'Mikko Manninen', role: 'manager' },
  { id: '5eed0000-0000-4000-8000-000000000003', name: 'Sanna Salo', role: 'salesperson' },
  { id: '5eed0000-0000-4000-8000-000000000004', name: 'Jari Jokinen', role: 'salesperson' },
];
const PIPELINE = DEFAULT_COLUMNS.map((column) => column.id);
const DAY_MS = 86_400_000;

/** Small seeded generator so the same --seed gives the same demo data. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof random>;

function demoLead(rng: Random, createdAt: Date): CreateLeadInput {
  const firstName = rng.pick(FIRST_NAMES);
  const lastName = rng.pick(LAST_NAMES);
  const source: LeadSource = rng.chance(0.7)
    ? 'quote'
    : rng.chance(0.6)
      ? 'contact_form'
      : 'manual';
  const style = source === 'contact_form' ? null : rng.pick(DOOR_STYLES);
  const doors = style ? rng.int(4, 22) : 0;
  const drawers = style ? rng.int(0, 8) : 0;
  const metres = style ? rng.int(0, 6) : 0;
  const ascii = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const message = rng.pick(MESSAGES);
  return {
    source,
    customer: {
      firstName,
      lastName,
      email: `${ascii(firstName)}.${ascii(lastName)}${rng.int(1, 999)}@example.fi`,
      phone: `+358 4${rng.int(0, 5)} ${rng.int(100, 999)} ${rng.int(1000, 9999)}`,
      address: `${rng.pick(STREETS)} ${rng.int(1, 80)}`,
      city: rng.pick(CITIES),
      country: 'FI',
    },
    ...(message ? { message } : {}),
    doorStyle: style,
    doors,
    drawers,
    metres,
    totalPrice: style
      ? computeQuotePrice({ doorStyle: style, doors, drawers, metres }, CURRENT_PRICE_LIST)
          .totalPrice
      : 0,
    occurredAt: createdAt,
  };
}

/** One lead's life: arrival, then moves along the pipeline by different staff over weeks. */
async function seedLead(bus: CommandBus, rng: Random, months: number): Promise<number> {
  const now = Date.now();
  const createdAt = new Date(now - rng.next() * months * 30 * DAY_MS);
  const input = demoLead(rng, createdAt);
  const as = <T>(actor: Actor, work: () => Promise<T>) =>
    RequestContext.run({ requestId: randomUUID(), actor }, work);
  const { leadId } = await as(input.source === 'manual' ? rng.pick(STAFF) : DEMO_DATA_ACTOR, () =>
    bus.execute(new CreateLeadCommand(input)),
  );
  let events = 1;
  let at = createdAt.getTime();
  // Each step lands a while after the previous one but never in the future.
  const later = () => {
    at += 600_000 + rng.next() * Math.min(12 * DAY_MS, (now - at) / 3);
    return new Date(Math.min(at, now - 60_000));
  };
  const target = rng.int(0, PIPELINE.length - 1);
  for (let stage = 1; stage <= target; stage++) {
    const actor = rng.pick(STAFF);
    await as(actor, () =>
      bus.execute(new UpdateLeadCommand({ leadId, status: PIPELINE[stage], occurredAt: later() })),
    );
    events++;
    if (rng.chance(0.4)) {
      await as(actor, () =>
        bus.execute(new UpdateLeadCommand({ leadId, notes: rng.pick(NOTES), occurredAt: later() })),
      );
      events++;
    }
    if (stage === 3 && input.totalPrice > 0 && rng.chance(0.3)) {
      const totalPrice = Math.round(input.totalPrice * (0.9 + rng.next() * 0.2));
      await as(actor, () =>
        bus.execute(new UpdateLeadCommand({ leadId, order: { totalPrice }, occurredAt: later() })),
      );
      events++;
    }
  }
  if (rng.chance(0.12)) {
    await as(rng.pick(STAFF), () => bus.execute(new TrashLeadCommand(leadId, undefined, later())));
    events++;
    if (rng.chance(0.4)) {
      await as(rng.pick(STAFF), () =>
        bus.execute(new RestoreLeadCommand(leadId, undefined, later())),
      );
      events++;
    }
  }
  return events;
}

export interface DemoOptions {
  leads: number;
  months: number;
  concurrency: number;
  seed: number;
}

/**
 * Creates `leads` demo leads through the real commands, `concurrency` at a time; answers how
 * many events they wrote. `onProgress` hears about every thousandth lead.
 */
export async function seedDemoLeads(
  bus: CommandBus,
  options: DemoOptions,
  onProgress: (leads: number, events: number) => void = () => undefined,
): Promise<number> {
  const rng = random(options.seed);
  let next = 0;
  let events = 0;
  const worker = async () => {
    while (next < options.leads) {
      next++;
      events += await seedLead(bus, rng, options.months);
      if (next % 1000 === 0) onProgress(next, events);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  return events;
}
