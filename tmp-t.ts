import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { Salon } from './host-shell/room-frame/layout';
import { renderPanorama } from './host-shell/room-frame/render/panorama';
const stands = Array.from({length: 12}, (_, i) => ({ id: 'S'+i, name: 'Stand numéro '+i, niceNameEn: 'Stand number '+i, panorama: 'stand-'+i, companyId: 'C'+i, companyName: 'Company '+i, optinMarketing: false }));
const data: any = { version: 1, lang: 'fr', initialPanorama: 'home', roomName: 'Salon de démo', panoramas: [], stands, hostOrigins: [], features: { journey: true } };
const salon = new Salon(data);
(async () => {
for (const slug of ['home', 'plan', 'conference', 'stand-3']) {
  const t = performance.now();
  const px = renderPanorama(salon, slug, 4096, (w, h) => createCanvas(w, h))!;
  const t1 = performance.now();
  const img = sharp(Buffer.from(px.data.buffer), { raw: { width: px.width, height: px.height, channels: 4 } });
  const jpg = await img.clone().jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  const t2 = performance.now();
  const webp = await img.clone().webp({ quality: 80 }).toBuffer();
  const t3 = performance.now();
  const small = await img.clone().resize(2048, 1024).webp({ quality: 80 }).toBuffer();
  const smallj = await img.clone().resize(2048, 1024).jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  await sharp(jpg).toFile(`/tmp/pr/${slug}.jpg`);
  console.log(slug, 'render', Math.round(t1 - t), 'ms; jpeg', jpg.length, Math.round(t2-t1), 'ms; webp', webp.length, Math.round(t3-t2), 'ms; small webp', small.length, 'small jpg', smallj.length);
}
})();
