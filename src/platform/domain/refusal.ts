/**
 * Why a command was refused, in words the domain knows; the HTTP layer maps each code to a status
 * once, so no handler or service translates refusals itself.
 */
export type RefusalCode =
  | 'invalid'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'bad_gateway'
  | 'unavailable';

/** A rule said no; the message is shown to the caller as it is. */
export class Refusal<Code extends RefusalCode = RefusalCode> extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
