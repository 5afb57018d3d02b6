/**
 * Why a command was refused, in words the domain knows; the HTTP layer maps each code to a status
 * once, so no handler or service translates refusals itself.
 */
export type RefusalCode =
  | 'invalid'
  /** The caller is not who they say (wrong or missing credentials). */
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** It existed, and is no more (a used or expired single-use link). */
  | 'gone'
  | 'too_large'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'too_many_requests'
  | 'bad_gateway'
  | 'unavailable'
  /** Something broke that the caller cannot fix, but there is still a message for them. */
  | 'internal';

/** A rule said no; the message is shown to the caller as it is, with the field it is about if any. */
export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
