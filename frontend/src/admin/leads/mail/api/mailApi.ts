import type { EmailMessage, UnreadCounts } from '#src/contract/mail';
import { api } from '@/shared/api/api';

export type { EmailMessage, UnreadCounts };

export interface NewEmail {
  leadId: string;
  subject?: string;
  body: string;
}

const UNREAD = { type: 'Emails' as const, id: 'UNREAD' };

export const mailApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversation: build.query<EmailMessage[], string>({
      query: (leadId) => `quotes/${leadId}/emails`,
      providesTags: (_result, _error, leadId) => [{ type: 'Emails', id: leadId }],
    }),
    getUnreadCounts: build.query<UnreadCounts, void>({
      query: () => 'emails/unread-counts',
      providesTags: [UNREAD],
    }),
    sendEmail: build.mutation<EmailMessage, NewEmail>({
      query: ({ leadId, ...body }) => ({ url: `quotes/${leadId}/emails`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { leadId }) => [{ type: 'Emails', id: leadId }],
    }),
    addCustomerReply: build.mutation<EmailMessage, NewEmail>({
      query: ({ leadId, ...body }) => ({
        url: `quotes/${leadId}/emails/reply`,
        method: 'POST',
        body: { ...body, direction: 'received' },
      }),
      invalidatesTags: (_result, _error, { leadId }) => [{ type: 'Emails', id: leadId }],
    }),
  }),
});

export const {
  useGetConversationQuery,
  useGetUnreadCountsQuery,
  useSendEmailMutation,
  useAddCustomerReplyMutation,
} = mailApi;

/** Marks the badges stale: opening a conversation reads it on the server. */
export const refreshUnreadCounts = () => mailApi.util.invalidateTags([UNREAD]);
