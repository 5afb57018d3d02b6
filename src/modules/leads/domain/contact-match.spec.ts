import { emailKey, phoneKey, sameCustomer } from './contact-match.js';

describe(emailKey.name, () => {
  it('should ignore case and surrounding space', () => {
    expect(emailKey('  Maija.Meikalainen@Example.FI ')).toBe('maija.meikalainen@example.fi');
  });

  it('should give no key for an empty or address-less value', () => {
    expect(emailKey('')).toBeNull();
    expect(emailKey('   ')).toBeNull();
    expect(emailKey(null)).toBeNull();
    expect(emailKey('maija')).toBeNull();
  });
});

describe(phoneKey.name, () => {
  it('should make +358, 00358 and the trunk 0 one number, whatever the spacing', () => {
    const key = '+358401234567';

    expect(phoneKey('+358 40 123 4567')).toBe(key);
    expect(phoneKey('00358 40 123 4567')).toBe(key);
    expect(phoneKey('040-123 4567')).toBe(key);
    expect(phoneKey('(040) 1234567')).toBe(key);
  });

  it('should keep a foreign number apart from a Finnish one with the same digits', () => {
    expect(phoneKey('+46 40 123 4567')).toBe('+46401234567');
    expect(phoneKey('+46 40 123 4567')).not.toBe(phoneKey('040 123 4567'));
  });

  it('should give no key for an empty or too short value', () => {
    expect(phoneKey('')).toBeNull();
    expect(phoneKey(undefined)).toBeNull();
    expect(phoneKey('+358')).toBeNull();
    expect(phoneKey('0 12')).toBeNull();
  });
});

describe(sameCustomer.name, () => {
  it('should match by e-mail alone or by phone alone', () => {
    expect(
      sameCustomer({ email: 'MAIJA@example.fi', phone: '' }, { email: 'maija@example.fi ' }),
    ).toBe(true);
    expect(
      sameCustomer(
        { email: 'a@example.fi', phone: '+358 40 123 4567' },
        { email: 'b@example.fi', phone: '0401234567' },
      ),
    ).toBe(true);
  });

  it('should not match two customers who share only empty fields', () => {
    expect(sameCustomer({ email: '', phone: '' }, { email: '', phone: '' })).toBe(false);
    expect(
      sameCustomer({ email: 'a@example.fi', phone: '' }, { email: 'b@example.fi', phone: '' }),
    ).toBe(false);
  });
});
