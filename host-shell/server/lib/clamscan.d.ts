/** The part of clamscan (no types of its own) that `services/antivirus.ts` uses: clamd by socket. */
declare module 'clamscan' {
  import type { Readable } from 'node:stream';

  interface ScanResult {
    isInfected: boolean | null;
    viruses: string[];
  }

  interface NodeClamOptions {
    removeInfected?: boolean;
    debugMode?: boolean;
    preference?: 'clamscan' | 'clamdscan';
    clamscan?: { active?: boolean; path?: string | null };
    clamdscan?: {
      socket?: string | false;
      host?: string | false;
      port?: number | false;
      timeout?: number;
      localFallback?: boolean;
      path?: string | null;
      active?: boolean;
    };
  }

  class NodeClam {
    init(options?: NodeClamOptions): Promise<NodeClam>;
    scanStream(stream: Readable): Promise<ScanResult>;
  }

  export default NodeClam;
}
