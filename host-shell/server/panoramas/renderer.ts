/**
 * The drawing thread (`worker.ts`) seen from the server: one worker, started when first needed, one panorama at a
 * time, its pixels transferred back; and the renderer's version, part of every drawn image's key.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { RoomFrameData } from '../../room-frame/data';
import type { DrawRequest, DrawResult } from './worker';

/** Run from the sources (tsx, Jest): this file is in host-shell/server/panoramas; compiled, in dist/server. */
const FROM_SOURCES = path.basename(__dirname) === 'panoramas';
const COMPILED_WORKER = path.join(__dirname, 'panorama-worker.js');
const ROOM_FRAME = path.join(__dirname, '..', '..', 'room-frame');

/** The worker's entry: the compiled file beside the compiled server, else the source through tsx. */
function startWorker(): Worker {
  if (!FROM_SOURCES) return new Worker(COMPILED_WORKER);
  const source = path.join(__dirname, 'worker.ts');
  return new Worker(`require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register(); require(${JSON.stringify(source)});`, {
    eval: true,
  });
}

let rendererCode: string | null = null;
/**
 * The drawing's own version, part of every drawn image's key, so that a new renderer draws again what an older one
 * drew: the hash of the compiled worker (which holds all of the drawing's code), or of the renderer's sources.
 */
export function rendererVersion(): string {
  if (rendererCode === null) {
    const files = FROM_SOURCES
      ? [...readdirSync(path.join(ROOM_FRAME, 'render')).map((f) => path.join('render', f)), 'layout.ts', 'geometry.ts', 'i18n.ts']
          .sort()
          .map((f) => path.join(ROOM_FRAME, f))
      : [COMPILED_WORKER];
    const digest = createHash('sha256');
    for (const file of files) digest.update(readFileSync(file));
    rendererCode = digest.digest('hex');
  }
  return rendererCode;
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
