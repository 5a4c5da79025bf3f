import { describe, expect, test } from '@jest/globals';
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { centredText } from '../../host-shell/room-frame/render/draw';
import type { Canvas2D } from '../../host-shell/room-frame/render/raytrace';

// The panoramas' pictures draw on `Canvas2D`, written out so that the server type-checks without the DOM's types.
// Both real contexts must fit it: the browser's (this file is type-checked with the DOM's types) and the server's.
const _fromBrowser = (ctx: CanvasRenderingContext2D): Canvas2D => ctx;
const fromServer = (ctx: SKRSContext2D): Canvas2D => ctx;

describe('the 2D context of the panoramas’ pictures', () => {
  test('a sign drawn on the server’s canvas has its text, in pixels', () => {
    const canvas = createCanvas(240, 60);
    const ctx = fromServer(canvas.getContext('2d'));
    const size = centredText(ctx, 'Salon', 120, 30, 200, 40, '#000000');
    expect(size).toBeGreaterThanOrEqual(20);
    const { data } = ctx.getImageData(0, 0, 240, 60);
    const inked = data.filter((value, index) => index % 4 === 3 && value > 0).length;
    expect(inked).toBeGreaterThan(100);
  });
});
