import {
  BadRequestException,
  ConflictException,
  type HttpException,
  NotFoundException,
} from '@nestjs/common';
import { LeadCommandRefused } from '#src/modules/leads/domain/lead.errors.js';

/** Runs pure domain logic and turns its refusals into the matching HTTP errors. */
export function refusalsAsHttp<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof LeadCommandRefused) throw toHttpException(error);
    throw error;
  }
}

function toHttpException(refusal: LeadCommandRefused): HttpException {
  switch (refusal.code) {
    case 'not_found':
      return new NotFoundException(refusal.message);
    case 'conflict':
      return new ConflictException(refusal.message);
    case 'invalid':
      return new BadRequestException(refusal.message);
  }
}
