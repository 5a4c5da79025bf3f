/**
 * The flat pictures of the panoramas (booth walls, banners, signs, the floor map, the conference slide), drawn on
 * 2D canvases at whatever size the ray caster asks for: every size is relative to the canvas.
 */
import type { Canvas2D, Rgb } from './raytrace';

export const FONT = 'system-ui, "DejaVu Sans", "Liberation Sans", Arial, sans-serif';

export function hsl(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0), f(8), f(4)];
}

export const css = (c: Rgb, alpha = 1): string =>
  `rgba(${Math.round(c[0] * 255)}, ${Math.round(c[1] * 255)}, ${Math.round(c[2] * 255)}, ${alpha})`;

/** Sets the largest font (up to `max` px) with which `text` fits in `width`; returns the size. */
export function fitFont(ctx: Canvas2D, text: string, width: number, max: number, weight = 700): number {
  let size = Math.max(4, Math.floor(max));
  ctx.font = `${weight} ${size}px ${FONT}`;
  const measured = ctx.measureText(text).width;
  if (measured > width) {
    size = Math.max(4, Math.floor((size * width) / measured));
    ctx.font = `${weight} ${size}px ${FONT}`;
  }
  return size;
}

export function centredText(
  ctx: Canvas2D,
  text: string,
  x: number,
  y: number,
  width: number,
  max: number,
  color: string,
  weight = 700,
): number {
  const size = fitFont(ctx, text, width, max, weight);
  ctx.fillStyle = color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y);
  return size;
}

/** Splits `text` into at most `lines` lines that fit `width` at the current font. */
function wrap(ctx: Canvas2D, text: string, width: number, lines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (ctx.measureText(candidate).width <= width || !line) line = candidate;
    else {
      out.push(line);
      line = word;
    }
  }
  if (line) out.push(line);
  if (out.length <= lines) return out;
  return [...out.slice(0, lines - 1), out.slice(lines - 1).join(' ')];
}

export function initials(name: string): string {
  const words = name.split(/[\s–-]+/).filter((w) => /\p{L}/u.test(w));
  return (words.length > 1 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2)).toUpperCase();
}

/**
 * Fills the whole texture with a gradient from its top left corner to `to`, through `colours` at `offsets` (evenly
 * spaced from 0 to 1 when not given).
 */
function fillGradient(ctx: Canvas2D, w: number, h: number, to: [number, number], colours: string[], offsets?: number[]): void {
  const g = ctx.createLinearGradient(0, 0, to[0], to[1]);
  colours.forEach((colour, i) => g.addColorStop(offsets?.[i] ?? i / (colours.length - 1), colour));
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, w, h);
}

function roundRect(ctx: Canvas2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

export interface BoothLook {
  hue: number;
  company: string;
  label: string;
}

/** The back wall: the company's colours, a logo, its name, the stand's name, a lit top edge. */
export function drawBackWall(look: BoothLook, screen: boolean, welcome: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    fillGradient(ctx, w, h, [0, h], [css(hsl(look.hue, 0.55, 0.46)), css(hsl(look.hue, 0.6, 0.26))]);
    // A diagonal band of a lighter shade: every booth has its own graphic, not a flat wall.
    ctx.fillStyle = css(hsl((look.hue + 25) % 360, 0.65, 0.58), 0.35);
    ctx.beginPath();
    ctx.moveTo(w * 0.62, 0);
    ctx.lineTo(w, 0);
    ctx.lineTo(w, h * 0.35);
    ctx.lineTo(w * 0.3, h);
    ctx.lineTo(w * 0.02, h);
    ctx.closePath();
    ctx.fill();
    // Lit top edge (the booth's light rail).
    const rail = ctx.createLinearGradient(0, 0, 0, h * 0.12);
    rail.addColorStop(0, 'rgba(255, 250, 235, 0.95)');
    rail.addColorStop(1, 'rgba(255, 250, 235, 0)');
    ctx.fillStyle = rail;
    ctx.fillRect(0, 0, w, h * 0.12);
    // Logo.
    const r = Math.min(w, h) * 0.11;
    const lx = w * 0.5;
    const ly = h * 0.26;
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    ctx.arc(lx, ly, r, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, initials(look.company), lx, ly + r * 0.04, r * 1.4, r * 0.95, css(hsl(look.hue, 0.6, 0.35)), 800);
    centredText(ctx, look.company, w * 0.5, h * 0.5, w * 0.86, h * 0.13, '#fff', 800);
    centredText(ctx, look.label, w * 0.5, h * 0.62, w * 0.7, h * 0.065, 'rgba(255, 255, 255, 0.88)', 500);
    if (screen) {
      // A screen showing a product slide, on the right.
      const sx = w * 0.66;
      const sy = h * 0.68;
      const sw = w * 0.27;
      const sh = sw * 0.5;
      ctx.fillStyle = '#0b0f18';
      roundRect(ctx, sx - 4, sy - 4, sw + 8, sh + 8, 6);
      ctx.fill();
      const sg = ctx.createLinearGradient(sx, sy, sx + sw, sy + sh);
      sg.addColorStop(0, css(hsl(look.hue, 0.7, 0.62)));
      sg.addColorStop(1, css(hsl((look.hue + 40) % 360, 0.7, 0.3)));
      ctx.fillStyle = sg;
      ctx.fillRect(sx, sy, sw, sh);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
      for (let i = 0; i < 5; i += 1) {
        const bh = sh * (0.2 + 0.12 * ((i * 7 + look.hue) % 5));
        ctx.fillRect(sx + sw * (0.1 + i * 0.16), sy + sh * 0.9 - bh, sw * 0.1, bh);
      }
      centredText(ctx, welcome, w * 0.22, h * 0.78, w * 0.34, h * 0.05, 'rgba(255, 255, 255, 0.8)', 600);
    }
    // Skirting.
    ctx.fillStyle = 'rgba(0, 0, 0, 0.35)';
    ctx.fillRect(0, h * 0.955, w, h * 0.045);
  };
}

/** The stand's colour on its banner, counter and offer poster. */
const standColour = (look: BoothLook): string => css(hsl(look.hue, 0.6, 0.42));

/** Fills the canvas with `background`, then draws `bands` across it in the stand's colour: [top, height], fractions of the height. */
function standPanel(ctx: Canvas2D, w: number, h: number, background: string, look: BoothLook, bands: [number, number][]): void {
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = standColour(look);
  for (const [top, height] of bands) ctx.fillRect(0, h * top, w, h * height);
}

/** The banner hanging above a booth: the stand's name, lit from behind. */
export function drawBanner(look: BoothLook) {
  return (ctx: Canvas2D, w: number, h: number) => {
    standPanel(ctx, w, h, '#f7f8fb', look, [[0.84, 0.16]]);
    ctx.fillStyle = standColour(look);
    ctx.fillRect(0, 0, w * 0.018, h);
    ctx.fillRect(w * 0.982, 0, w * 0.018, h);
    centredText(ctx, look.label, w * 0.5, h * 0.44, w * 0.88, h * 0.5, css(hsl(look.hue, 0.65, 0.3)), 800);
  };
}

export function drawCounter(look: BoothLook) {
  return (ctx: Canvas2D, w: number, h: number) => {
    standPanel(ctx, w, h, '#eef0f4', look, [[0.72, 0.2]]);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.25)';
    ctx.fillRect(0, h * 0.94, w, h * 0.06);
    centredText(ctx, look.company, w * 0.5, h * 0.38, w * 0.84, h * 0.26, css(hsl(look.hue, 0.55, 0.3)), 800);
  };
}

export function drawRollup(look: BoothLook, welcome: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    fillGradient(ctx, w, h, [0, h], ['#ffffff', css(hsl(look.hue, 0.55, 0.8)), css(hsl(look.hue, 0.6, 0.4))], [0, 0.55, 1]);
    ctx.fillStyle = css(hsl(look.hue, 0.6, 0.4));
    ctx.beginPath();
    ctx.arc(w * 0.5, h * 0.16, w * 0.26, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, initials(look.company), w * 0.5, h * 0.165, w * 0.4, w * 0.22, '#fff', 800);
    ctx.font = `700 ${Math.max(6, Math.floor(w * 0.13))}px ${FONT}`;
    ctx.fillStyle = css(hsl(look.hue, 0.6, 0.22));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    wrap(ctx, welcome, w * 0.86, 3).forEach((line, i) => ctx.fillText(line, w * 0.5, h * (0.36 + i * 0.07)));
    ctx.fillStyle = '#1d2230';
    ctx.fillRect(0, h * 0.975, w, h * 0.025);
  };
}

/** A door's opening: a lit corridor leading away. */
export function drawCorridor(hue: number) {
  return (ctx: Canvas2D, w: number, h: number) => {
    fillGradient(ctx, w, h, [0, h], [css(hsl(hue, 0.35, 0.55)), css(hsl(hue, 0.45, 0.82)), css(hsl(hue, 0.25, 0.45))], [0, 0.62, 1]);
    const vx = w * 0.5;
    const vy = h * 0.55;
    ctx.fillStyle = 'rgba(255, 255, 255, 0.9)';
    ctx.fillRect(vx - w * 0.11, vy - h * 0.2, w * 0.22, h * 0.3);
    ctx.strokeStyle = 'rgba(20, 30, 50, 0.35)';
    ctx.lineWidth = Math.max(1, w * 0.01);
    for (const [x, y] of [
      [0, 0],
      [w, 0],
      [0, h],
      [w, h],
    ] as const) {
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(vx + (x ? w * 0.11 : -w * 0.11), vy + (y ? h * 0.1 : -h * 0.2));
      ctx.stroke();
    }
  };
}

/** A lit sign with a name and an arrow. */
export function drawSign(label: string, hue: number, arrow: 'left' | 'right' | 'none' = 'none') {
  return (ctx: Canvas2D, w: number, h: number) => {
    ctx.fillStyle = '#1b2540';
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = css(hsl(hue, 0.7, 0.55));
    ctx.fillRect(0, h * 0.86, w, h * 0.14);
    const text = arrow === 'left' ? `← ${label}` : arrow === 'right' ? `${label} →` : label;
    centredText(ctx, text, w * 0.5, h * 0.45, w * 0.9, h * 0.5, '#fff', 700);
  };
}

/** A tall free-standing sign (totem) pointing to two places. */
export function drawTotem(lines: { text: string; arrow: 'left' | 'right' }[], title: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    ctx.fillStyle = '#20305a';
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#f2b632';
    ctx.fillRect(0, 0, w, h * 0.1);
    centredText(ctx, title, w * 0.5, h * 0.05, w * 0.84, h * 0.06, '#20305a', 800);
    lines.forEach((line, i) => {
      const y = h * (0.24 + i * 0.2);
      ctx.fillStyle = 'rgba(255, 255, 255, 0.12)';
      ctx.fillRect(w * 0.06, y - h * 0.07, w * 0.88, h * 0.14);
      centredText(ctx, line.arrow === 'left' ? '←' : '→', w * 0.5, y - h * 0.025, w * 0.5, h * 0.07, '#f2b632', 800);
      centredText(ctx, line.text, w * 0.5, y + h * 0.035, w * 0.84, h * 0.04, '#fff', 600);
    });
  };
}

/** A stand's offer poster: a price tag and its invitation, in the booth's colours. */
export function drawOfferPoster(look: BoothLook, text: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    standPanel(ctx, w, h, '#ffffff', look, [
      [0, 0.1],
      [0.9, 0.1],
    ]);
    ctx.fillStyle = standColour(look);
    ctx.beginPath();
    ctx.arc(w * 0.2, h * 0.5, h * 0.24, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, '%', w * 0.2, h * 0.51, h * 0.3, h * 0.3, '#fff', 800);
    ctx.font = `800 ${Math.max(6, Math.floor(h * 0.15))}px ${FONT}`;
    ctx.fillStyle = css(hsl(look.hue, 0.6, 0.25));
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    const lines = wrap(ctx, text, w * 0.56, 2);
    lines.forEach((line, i) => ctx.fillText(line, w * 0.66, h * (0.5 + (i - (lines.length - 1) / 2) * 0.2)));
  };
}

/** The entrance hall's contest board: a question mark, "Contest" and its invitation. */
export function drawContestBoard(title: string, line: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    ctx.fillStyle = '#f2b632';
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#20305a';
    ctx.fillRect(w * 0.06, h * 0.03, w * 0.88, h * 0.94);
    ctx.fillStyle = '#f2b632';
    ctx.beginPath();
    ctx.arc(w * 0.5, h * 0.22, w * 0.27, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, '?', w * 0.5, h * 0.225, w * 0.4, w * 0.4, '#20305a', 800);
    centredText(ctx, title, w * 0.5, h * 0.46, w * 0.8, h * 0.07, '#fff', 800);
    ctx.font = `600 ${Math.max(6, Math.floor(w * 0.1))}px ${FONT}`;
    ctx.fillStyle = '#dfe6ff';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    wrap(ctx, line, w * 0.8, 4).forEach((text, i) => ctx.fillText(text, w * 0.5, h * (0.58 + i * 0.07)));
  };
}

/** The entrance hall's reception desk front. */
export function drawDesk(reception: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    fillGradient(ctx, w, h, [w, 0], ['#e9edf5', '#ffffff', '#dfe4ee']);
    ctx.fillStyle = '#2b59c3';
    ctx.fillRect(0, h * 0.08, w, h * 0.06);
    ctx.fillStyle = '#f2b632';
    ctx.fillRect(0, h * 0.14, w, h * 0.02);
    centredText(ctx, reception, w * 0.5, h * 0.52, w * 0.6, h * 0.34, '#1d2a5b', 700);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.3)';
    ctx.fillRect(0, h * 0.93, w, h * 0.07);
  };
}

/** The wall behind the reception desk: welcome and the salon's name. */
export function drawBackdrop(welcome: string, roomName: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    fillGradient(ctx, w, h, [w, h], ['#1d2a5b', '#2b59c3']);
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.12)';
    ctx.lineWidth = Math.max(2, w * 0.012);
    for (let i = 1; i <= 4; i += 1) {
      ctx.beginPath();
      ctx.arc(w * 1.02, h * 1.1, w * 0.16 * i, Math.PI, Math.PI * 1.5);
      ctx.stroke();
    }
    ctx.fillStyle = '#f2b632';
    ctx.beginPath();
    ctx.arc(w * 0.5, h * 0.2, h * 0.09, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#1d2a5b';
    ctx.beginPath();
    ctx.arc(w * 0.5, h * 0.2, h * 0.04, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, welcome, w * 0.5, h * 0.42, w * 0.8, h * 0.2, '#fff', 800);
    centredText(ctx, roomName, w * 0.5, h * 0.6, w * 0.7, h * 0.1, '#f2b632', 600);
  };
}

export interface MapBooth {
  yaw: number;
  number: number;
  hue: number;
  label: string;
}

/**
 * The floor map of the exhibition hall, seen from above and turned like the hall itself (ahead of the visitor is
 * the top of the map), so each booth's mark points at the real booth.
 */
export function drawFloorMap(booths: MapBooth[], gates: { yaw: number; label: string }[], title: string, here: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    const cx = w / 2;
    const cy = h / 2;
    const R = Math.min(w, h) / 2;
    ctx.clearRect(0, 0, w, h);
    ctx.fillStyle = '#1b2540';
    ctx.beginPath();
    ctx.arc(cx, cy, R * 0.99, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = '#f2b632';
    ctx.lineWidth = R * 0.025;
    ctx.beginPath();
    ctx.arc(cx, cy, R * 0.95, 0, Math.PI * 2);
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255, 255, 255, 0.18)';
    ctx.lineWidth = R * 0.008;
    ctx.beginPath();
    ctx.arc(cx, cy, R * 0.5, 0, Math.PI * 2);
    ctx.stroke();
    const at = (yaw: number, r: number): [number, number] => [cx + Math.sin(yaw) * r, cy - Math.cos(yaw) * r];
    for (const booth of booths) {
      const [x, y] = at(booth.yaw, R * 0.72);
      const s = R * 0.13;
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(booth.yaw);
      ctx.fillStyle = css(hsl(booth.hue, 0.6, 0.5));
      roundRect(ctx, -s * 0.75, -s * 0.5, s * 1.5, s, s * 0.15);
      ctx.fill();
      ctx.restore();
      centredText(ctx, String(booth.number), x, y, s * 1.2, s * 0.7, '#fff', 800);
      const [lx, ly] = at(booth.yaw, R * 0.56);
      centredText(ctx, booth.label, lx, ly, R * 0.26, R * 0.045, 'rgba(255, 255, 255, 0.85)', 600);
    }
    for (const gate of gates) {
      const [x, y] = at(gate.yaw, R * 0.74);
      centredText(ctx, gate.label, x, y, R * 0.3, R * 0.05, '#f2b632', 700);
    }
    centredText(ctx, title, cx, cy - R * 0.2, R * 0.6, R * 0.09, '#fff', 800);
    ctx.fillStyle = '#e8453c';
    ctx.beginPath();
    ctx.arc(cx, cy, R * 0.045, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, here, cx, cy + R * 0.11, R * 0.5, R * 0.05, '#fff', 600);
  };
}

/** The conference room's big screen. */
export function drawSlide(title: string, subtitle: string, roomName: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    fillGradient(ctx, w, h, [w, h], ['#0e1a3d', '#2b59c3']);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.08)';
    for (let i = 0; i < 6; i += 1) ctx.fillRect(w * (0.55 + i * 0.07), h * (0.75 - i * 0.09), w * 0.05, h * (0.15 + i * 0.09));
    ctx.fillStyle = '#f2b632';
    ctx.fillRect(w * 0.06, h * 0.18, w * 0.08, h * 0.02);
    ctx.textAlign = 'left';
    fitFont(ctx, title, w * 0.8, h * 0.14, 800);
    ctx.fillStyle = '#fff';
    ctx.textBaseline = 'middle';
    ctx.fillText(title, w * 0.06, h * 0.33);
    fitFont(ctx, subtitle, w * 0.6, h * 0.065, 500);
    ctx.fillStyle = 'rgba(255, 255, 255, 0.85)';
    ctx.fillText(subtitle, w * 0.06, h * 0.47);
    fitFont(ctx, roomName, w * 0.5, h * 0.055, 700);
    ctx.fillStyle = '#f2b632';
    ctx.fillText(roomName, w * 0.06, h * 0.86);
  };
}

export function drawLectern(roomName: string) {
  return (ctx: Canvas2D, w: number, h: number) => {
    ctx.fillStyle = '#2a1f1a';
    ctx.fillRect(0, 0, w, h);
    ctx.fillStyle = '#f2b632';
    ctx.beginPath();
    ctx.arc(w * 0.5, h * 0.3, w * 0.18, 0, Math.PI * 2);
    ctx.fill();
    centredText(ctx, roomName, w * 0.5, h * 0.62, w * 0.85, w * 0.14, '#fff', 700);
  };
}
