import fs from 'node:fs';
import NodeClam from 'clamscan';

/*
 * The antivirus of uploads (spec §5): ClamAV's daemon through its unix socket (`CLAMAV_SOCKET`), with clamscan in
 * socket mode (the file is streamed with clamd's INSTREAM command; no local binary is run).
 */

export type ScanVerdict = { infected: false } | { infected: true; viruses: string[] };

export interface Antivirus {
  scanFile(file: string): Promise<ScanVerdict>;
}

/** A scanner on that clamd socket; `init` checks the daemon answers (PING). */
export function clamdAntivirus(socket: string, timeoutMs = 60_000): Antivirus {
  let ready: Promise<NodeClam> | null = null;
  const scanner = (): Promise<NodeClam> => {
    if (!ready) {
      ready = new NodeClam().init({
        removeInfected: false,
        debugMode: false,
        preference: 'clamdscan',
        clamscan: { active: false, path: null },
        clamdscan: { socket, host: false, port: false, timeout: timeoutMs, localFallback: false, path: null, active: true },
      });
      // A daemon that was down is tried again on the next upload.
      ready.catch(() => {
        ready = null;
      });
    }
    return ready;
  };
  return {
    async scanFile(file) {
      const clam = await scanner();
      const result = await clam.scanStream(fs.createReadStream(file));
      if (result.isInfected === true) return { infected: true, viruses: result.viruses };
      if (result.isInfected === false) return { infected: false };
      throw new Error('the antivirus gave no verdict');
    },
  };
}

const scanners = new Map<string, Antivirus>();

/** The one scanner of a socket (null: no antivirus configured). */
export function antivirusFor(socket: string | null): Antivirus | null {
  if (!socket) return null;
  let scanner = scanners.get(socket);
  if (!scanner) {
    scanner = clamdAntivirus(socket);
    scanners.set(socket, scanner);
  }
  return scanner;
}
