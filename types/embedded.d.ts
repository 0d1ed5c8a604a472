// dynalite and s3rver ship no types; only what the local runtime uses is declared.
declare module 'dynalite' {
  import type { Server } from 'node:http';
  export default function dynalite(options?: { createTableMs?: number; deleteTableMs?: number; updateTableMs?: number; path?: string }): Server;
}
declare module 's3rver' {
  export default class S3rver {
    constructor(options: {
      port?: number;
      address?: string;
      silent?: boolean;
      directory: string;
      configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
      resetOnClose?: boolean;
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
