/** The exact text of an error answer, key order included, as clients receive it. */
export const errorText = (statusCode: number, error: string, message: string): string =>
  JSON.stringify({ statusCode, error, message });
