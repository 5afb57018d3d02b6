/** Every message of the e-mail dialog, in one place (docs/product.md#messages). */
export const mailCopy = {
  sent: 'Email queued',
  sentDescription:
    'It goes to the customer shortly; the message shows Delivered once the mail server has accepted it.',
  sendFailed: 'Failed to send email',
  replyAdded: 'Customer reply added',
  replyFailed: 'Failed to add reply',
  fetchConversationFailed: 'Failed to fetch email conversations',
  fetchUnreadFailed: 'Failed to fetch unread counts',
  empty: 'No messages yet. Write the first one below.',
  subjectLabel: 'Subject (optional)',
  messageLabel: 'Message',
  replyLabel: 'Customer reply',
  hint: 'Enter sends, Shift+Enter adds a new line',
  send: 'Send',
  addReply: 'Add customer reply',
  deliveryLabels: {
    queued: 'Queued',
    delivered: 'Delivered',
    failed: 'Failed',
    not_sent: 'Not sent',
  },
} as const;
