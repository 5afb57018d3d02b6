import { jest } from '@jest/globals';
import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { CachedReflector } from './route-metadata-cache.js';

const LIMIT = 'limit';

class Routes {
  @SetMetadata(LIMIT, 5)
  limited(): void {}

  unlimited(): void {}
}
SetMetadata(LIMIT, 50)(Routes);

describe('CachedReflector', () => {
  it('should answer what the decorators wrote, as Reflector does', () => {
    const cached = new CachedReflector();
    const plain = new Reflector();
    for (const handler of [Routes.prototype.limited, Routes.prototype.unlimited]) {
      expect(cached.getAllAndOverride(LIMIT, [handler, Routes])).toBe(
        plain.getAllAndOverride(LIMIT, [handler, Routes]),
      );
    }
    expect(cached.getAllAndOverride(LIMIT, [Routes.prototype.limited, Routes])).toBe(5);
    expect(cached.getAllAndOverride(LIMIT, [Routes.prototype.unlimited, Routes])).toBe(50);
    expect(cached.get('other', Routes)).toBeUndefined();
  });

  it('should read each key of a route from its metadata once', () => {
    const cached = new CachedReflector();
    const reads = jest.spyOn(Reflect, 'getMetadata');
    try {
      for (let i = 0; i < 3; i++)
        cached.getAllAndOverride(LIMIT, [Routes.prototype.unlimited, Routes]);
      expect(reads).toHaveBeenCalledTimes(2);
    } finally {
      reads.mockRestore();
    }
  });
});
