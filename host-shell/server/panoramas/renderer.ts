/**
 * The drawing thread (`worker.ts`) seen from the server: one worker, started when first needed, one panorama at a
 * time, its pixels transferred back.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RoomFrameData } from '../../room-frame/data';
import type { DrawRequest, DrawResult } from './worker';

/** Run from the sources (tsx, Jest): this file is in host-shell/server/panoramas; compiled, in dist/server. */
const FROM_SOURCES = path.basename(__dirname) === 'panoramas';
const COMPILED_WORKER = path.join(__dirname, 'panorama-worker.js');

/** The worker's entry: the compiled file beside the compiled server, else the source through tsx. */
function startWorker(): Worker {
  if (!FROM_SOURCES) return new Worker(COMPILED_WORKER);
  const source = path.join(__dirname, 'worker.ts');
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`, {
    eval: true,
  });
}

export interface Drawn {
  width: number;
  height: number;
  /** RGBA. */
  pixels: ArrayBuffer;
}

export class PanoramaRenderer {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly draws = new Map<number, { resolve: (result: DrawResult) => void; reject: (error: Error) => void }>();

  /** The panorama `slug` of `data`, drawn `width` pixels wide in the worker. */
  draw(data: RoomFrameData, slug: string, width: number): Promise<Drawn> {
    if (!this.worker) {
      const worker = startWorker();
      worker.unref();
      worker.on('message', (result: DrawResult) => {
        const pending = this.draws.get(result.id);
        this.draws.delete(result.id);
        if ('error' in result) pending?.reject(new Error(result.error));
        else pending?.resolve(result);
      });
      const fail = (error: Error) => {
        if (this.worker === worker) this.worker = null;
        for (const pending of this.draws.values()) pending.reject(error);
        this.draws.clear();
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`the panorama renderer stopped (exit code ${code})`)));
      this.worker = worker;
    }
    const id = this.nextId++;
    const request: DrawRequest = { id, data, slug, width };
    const result = new Promise<DrawResult>((resolve, reject) => this.draws.set(id, { resolve, reject }));
    this.worker.postMessage(request);
    return result.then((r) => {
      if ('error' in r) throw new Error(r.error);
      return r;
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
