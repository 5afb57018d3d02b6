import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): about 40 ms per hash on
 * the reference machine, inside our 25–100 ms budget (test/bench/auth.bench.ts measures it).
 */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash = '';

  async onModuleInit(): Promise<void> {
    // Verified against when the e-mail names nobody, so an unknown account costs the same time
    // as a wrong password and the answer time does not reveal which e-mails exist.
    this.dummyHash = await this.hash('not-a-real-password-just-equal-work');
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string | null, password: string): Promise<boolean> {
    const ok = await argon2.verify(hash ?? this.dummyHash, password).catch(() => false);
    return hash !== null && ok;
  }
}
