import { createSecretKey, randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { JwtService } from '@nestjs/jwt';
import { TokenService } from './token.service.js';

describe(TokenService.name, () => {
  const jwt = new JwtService({ secret: createSecretKey(Buffer.from('a'.repeat(32))) });
  const claims = () => ({ sub: randomUUID(), sid: randomUUID() });

  afterEach(() => jest.useRealTimers());

  it('should read its own tokens, again and again', () => {
    const tokens = new TokenService(jwt);
    const issued = claims();
    const token = tokens.issue(issued);
    expect(tokens.read(token)).toEqual(issued);
    expect(tokens.read(token)).toEqual(issued);
  });

  it('should refuse a token once it has expired, though it was read before', () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T08:00:00Z') });
    const tokens = new TokenService(jwt);
    const token = tokens.issue(claims());
    expect(tokens.read(token)).not.toBeNull();
    jest.setSystemTime(new Date('2026-11-21T16:00:01Z')); // 8 h and a second later
    expect(tokens.read(token)).toBeNull();
  });

  it('should refuse a changed token, though the genuine one was read before', () => {
    const tokens = new TokenService(jwt);
    const token = tokens.issue(claims());
    expect(tokens.read(token)).not.toBeNull();
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims(), exp: 4102444800 })).toString(
      'base64url',
    );
    expect(tokens.read(`${header}.${forged}.${signature}`)).toBeNull();
    expect(tokens.read(`${token.slice(0, -2)}xx`)).toBeNull();
  });

  it('should refuse tokens signed with another key or another algorithm', () => {
    const tokens = new TokenService(jwt);
    const other = new JwtService({ secret: 'another secret that is long enough!!' });
    expect(tokens.read(other.sign(claims(), { expiresIn: 60 }))).toBeNull();
    expect(tokens.read(jwt.sign(claims(), { algorithm: 'HS512', expiresIn: 60 }))).toBeNull();
  });
});
