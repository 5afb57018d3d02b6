/**
 * Reads of personal data, recorded so "who has seen my data" can be answered for any person.
 * One stream per reader: recording never contends with changes to the lead itself.
 */
export const DATA_ACCESS_STREAM_TYPE = 'data-access';
export const dataAccessStream = (actorId: string | null) => `data-access-${actorId ?? 'system'}`;

export const DataAccessEvents = {
  LeadDetailsViewed: 'LeadDetailsViewed',
  PersonalDataExported: 'PersonalDataExported',
} as const;
