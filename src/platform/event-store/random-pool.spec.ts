import { randomBytesPooled } from './random-pool.js';

describe(randomBytesPooled.name, () => {
  it('should give the requested number of bytes, different every time', () => {
    const ivs = Array.from({ length: 2000 }, () => randomBytesPooled(12));
    expect(ivs.every((iv) => iv.length === 12)).toBe(true);
    expect(new Set(ivs.map((iv) => iv.toString('hex'))).size).toBe(ivs.length);
  });

  it('should never change bytes already handed out when it draws a new block', () => {
    const key = randomBytesPooled(32);
    const copy = Buffer.from(key);
    for (let i = 0; i < 1000; i++) randomBytesPooled(32); // several blocks' worth
    expect(key.equals(copy)).toBe(true);
  });

  it('should serve sizes larger than its block', () => {
    const big = randomBytesPooled(20_000);
    expect(big.length).toBe(20_000);
    expect(big.some((byte) => byte !== 0)).toBe(true);
  });
});
