import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { changeOf, parsePositionId, positionId, sseMessage } from './live-notices.js';

const LEAD = '3f0c9a52-0d7e-4c59-9a57-6c1d6f2b7a10';

function recorded(type: string, streamId: string, personalData?: object): RecordedEvent {
  return {
    globalPosition: 42,
    transactionId: '9001',
    streamId,
    streamVersion: 3,
    eventId: 'e',
    type,
    schemaVersion: 1,
    data: { status: 'contacted' },
    personalData: personalData as RecordedEvent['personalData'],
    metadata: {
      actorId: null,
      actorName: 'Maija Myyjä',
      actorRole: 'system',
      correlationId: 'c',
      causationId: null,
    },
    occurredAt: new Date(0),
  };
}

describe('live notices', () => {
  it('should name the lead of a lead event and of a mail event, and none of the pipeline', () => {
    expect(changeOf(recorded('LeadStatusChanged', `lead-${LEAD}`))).toEqual({
      type: 'LeadStatusChanged',
      streamId: `lead-${LEAD}`,
      leadId: LEAD,
      version: 3,
      position: 42,
    });
    expect(changeOf(recorded('EmailDelivered', `mail-${LEAD}`)).leadId).toBe(LEAD);
    expect(changeOf(recorded('PipelineColumnAdded', 'pipeline-columns')).leadId).toBeNull();
  });

  it('should carry nothing of the event data, its personal data or who made it', () => {
    const text = JSON.stringify(
      changeOf(recorded('LeadCreated', `lead-${LEAD}`, { customerEmail: 'a@b.fi' })),
    );
    expect(text).not.toMatch(/contacted|a@b\.fi|Maija/);
  });

  it('should read back the position it wrote as an SSE id', () => {
    const id = positionId({ transactionId: '123456789012', globalPosition: 77 });
    expect(id).toBe('123456789012-77');
    expect(parsePositionId(id)).toEqual({ transactionId: '123456789012', globalPosition: 77 });
  });

  it.each([undefined, '', 'abc', '1-', '-1', '1-2-3', '1.2', `1-${'9'.repeat(19)}`])(
    'should refuse %p as a position',
    (id) => expect(parsePositionId(id)).toBeNull(),
  );

  it('should write one SSE message with its id first', () => {
    expect(sseMessage('change', { a: 1 }, '1-2')).toBe('id: 1-2\nevent: change\ndata: {"a":1}\n\n');
    expect(sseMessage('stats', {})).toBe('event: stats\ndata: {}\n\n');
  });
});
