import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkBytes, digestOf, FileDamagedError, verified } from './stored-digest.js';

const chunks = [Buffer.from('first part, '), Buffer.from('second part, '), Buffer.from('last')];
const whole = Buffer.concat(chunks);
const stored = (parts: Buffer[]) => ({
  key: 'visualizations/a.jpg',
  size: Buffer.concat(parts).length,
  modified: new Date(0),
  body: Readable.from(parts),
});

/** What a reader of the body receives before it ends or fails. */
async function received(body: Readable): Promise<{ bytes: Buffer; error: unknown }> {
  const got: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      got.push(chunk);
      done();
    },
  });
  const error = await pipeline(body, sink).then(
    () => null,
    (failure: unknown) => failure,
  );
  return { bytes: Buffer.concat(got), error };
}

describe('verified', () => {
  it('should pass an intact body through whole', async () => {
    const result = await received(verified(stored(chunks), digestOf(whole)).body);
    expect(result).toEqual({ bytes: whole, error: null });
  });

  it('should refuse a body of another size before a byte is read', () => {
    expect(() => verified(stored(chunks.slice(0, 2)), digestOf(whole))).toThrow(
      new FileDamagedError('visualizations/a.jpg', `25 bytes where ${whole.length} were stored`),
    );
  });

  it('should fail a body of the same size but other bytes, holding its last chunk back', async () => {
    const garbage = [chunks[0], Buffer.alloc(chunks[1].length, 0x20), chunks[2]];
    const result = await received(verified(stored(garbage), digestOf(whole)).body);
    expect(result.error).toBeInstanceOf(FileDamagedError);
    expect(result.bytes.length).toBeLessThan(whole.length);
  });

  it('should check a digest without a size (a backup checksum file has none)', async () => {
    const { sha256 } = digestOf(whole);
    const result = await received(verified(stored(chunks.slice(0, 2)), { sha256 }).body);
    expect(result.error).toBeInstanceOf(FileDamagedError);
  });
});

describe('checkBytes', () => {
  it('should give back intact bytes and refuse changed ones', () => {
    expect(checkBytes('k', whole, digestOf(whole))).toBe(whole);
    expect(() => checkBytes('k', Buffer.from(whole).fill(1, 0, 1), digestOf(whole))).toThrow(
      'stored file k is damaged: its SHA-256 differs from the one stored',
    );
  });
});
