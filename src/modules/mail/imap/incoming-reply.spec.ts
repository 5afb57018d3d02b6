import { EMAIL_BODY_MAX_LENGTH } from '#src/contract/mail.js';
import { replySubject, replyText, threadIds } from './incoming-reply.js';

describe(replyText.name, () => {
  it('should keep the customer’s words and drop the quoted history', () => {
    const text = [
      'Tiistai sopii hyvin.',
      '',
      'Terveisin Aino',
      '',
      'ti 24.11.2026 klo 10.00 Keittiökalvo <info@keittiokalvo.fi> kirjoitti:',
      '> Sopisiko tiistai?',
    ].join('\r\n');
    expect(replyText(text)).toBe('Tiistai sopii hyvin.\n\nTerveisin Aino');
  });

  it('should cut at an English quote header and trailing quoted lines', () => {
    expect(replyText('Yes, thanks!\n\nOn Tue, Nov 24, 2026 Keittiökalvo wrote:\n> Hi')).toBe(
      'Yes, thanks!',
    );
    expect(replyText('Kiitos!\n> vanha viesti\n> lisää')).toBe('Kiitos!');
  });

  it('should remove control characters and cut an over-long body', () => {
    expect(replyText('Hei\u0000\u001b[31m!')).toBe('Hei[31m!');
    expect(replyText('x'.repeat(EMAIL_BODY_MAX_LENGTH + 50))).toHaveLength(EMAIL_BODY_MAX_LENGTH);
  });
});

describe(replySubject.name, () => {
  it('should make the subject one line', () => {
    expect(replySubject('Re: Tarjous\r\n Bcc: x')).toBe('Re: Tarjous Bcc: x');
    expect(replySubject(undefined)).toBe('');
  });
});

describe(threadIds.name, () => {
  it('should list the Message-IDs of References and In-Reply-To once, oldest first', () => {
    expect(threadIds('<b@k.fi>', '<a@k.fi> <b@k.fi>')).toEqual(['a@k.fi', 'b@k.fi']);
    expect(threadIds(undefined, ['<a@k.fi>', '<c@k.fi>'])).toEqual(['a@k.fi', 'c@k.fi']);
    expect(threadIds(undefined, undefined)).toEqual([]);
  });
});
