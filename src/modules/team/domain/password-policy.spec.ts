import { COMMON_PASSWORD, PASSWORD_HAS_EMAIL, passwordWeakness } from './password-policy.js';

const EMAIL = 'aino.virtanen@keittiokalvo.fi';

describe(passwordWeakness.name, () => {
  it.each(['password1234', 'Password1234', 'qwertyuiop12', '123456789012'])(
    'should refuse the common password %s',
    (password) => {
      expect(passwordWeakness(password, EMAIL)).toBe(COMMON_PASSWORD);
    },
  );

  it.each(['sunshine2024!', 'salasana!!!!1234', 'Iloveyou 12345'])(
    'should refuse a common password with digits and symbols added: %s',
    (password) => {
      expect(passwordWeakness(password, EMAIL)).toBe(COMMON_PASSWORD);
    },
  );

  it.each([
    'my aino.virtanen pass',
    'AINO.VIRTANEN@keittiokalvo.fi!',
    'x aino.virtanen@keittiokalvo.fi',
  ])('should refuse a password holding the e-mail or its name part: %s', (password) => {
    expect(passwordWeakness(password, EMAIL)).toBe(PASSWORD_HAS_EMAIL);
  });

  it.each(['correct horse battery staple', 'kesäpäivä mökillä 2026', 'Tz8#kQ2m!vR4pL'])(
    'should accept %s',
    (password) => {
      expect(passwordWeakness(password, EMAIL)).toBeNull();
    },
  );

  it('should not refuse a password for holding a name part of one or two letters', () => {
    expect(passwordWeakness('jo ja hyvä salasana', 'jo@example.fi')).toBeNull();
  });
});
