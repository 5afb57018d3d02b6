import type { Type } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/**
 * A Reflector that reads each metadata key of each route once. Decorators write route metadata
 * when their classes load and never after; the rate-limit guard reads six keys of its route on
 * every request, each read walking the handler's prototype chain: a measurable share of a
 * public write's time.
 */
export class CachedReflector extends Reflector {
  private readonly read = new WeakMap<object, Map<unknown, unknown>>();

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Reflector's own overloads answer any
  override get(metadataKeyOrDecorator: any, target: object): any {
    let known = this.read.get(target);
    if (!known) this.read.set(target, (known = new Map()));
    if (!known.has(metadataKeyOrDecorator)) {
      known.set(metadataKeyOrDecorator, super.get(metadataKeyOrDecorator, target as Type<unknown>));
    }
    return known.get(metadataKeyOrDecorator);
  }
}
