// class-transformer keeps @Type metadata in this module but declares its types elsewhere.
declare module 'class-transformer/cjs/storage.js' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage.js';
}
