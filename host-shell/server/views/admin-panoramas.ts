import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PanoramaEntry } from '@salon/shared/contracts/medias';
import { html } from '../lib/html';
import { KIND_RULES, PANORAMA } from '../services/medias';
import { backOfficeNav } from './back-office-nav';
import { confirmDeletion } from './confirm';
import { helpers, layout, type PageContext } from './layout';

export interface PanoramasPageState {
  /** The panorama whose form was just sent, and what happened. */
  slug?: string;
  error?: string;
  saved?: 'uploaded' | 'removed';
  /** The upload is stored; its antivirus scan still runs (the room shows it once clean). */
  pending?: boolean;
}

const KIND_LABELS: Record<PanoramaEntry['kind'], MessageDescriptor> = {
  home: msg`Entrance`,
  plan: msg`Exhibition hall`,
  conference: msg`Conference room`,
  stand: msg`Stand`,
};

/**
 * `/admin/panoramas` (administrators and promoters): every panorama of the room, its uploaded image (a thumbnail)
 * or "drawn by the room", a form to upload one (multipart, to the same address) and one to remove it. Every stored
 * text is escaped by `html`.
 */
export function panoramasPage(ctx: PageContext, panoramas: PanoramaEntry[], state: PanoramasPageState = {}): string {
  const { tr, link } = helpers(ctx);
  // The answer (the page again with a refusal, or the redirect) opens at the panorama whose form was sent.
  const action = (p: PanoramaEntry) => link('admin.panoramas', {}, { hash: `panorama-${p.slug}` });
  const name = (p: PanoramaEntry) => (ctx.locale === 'fr_FR' ? p.name : p.name_en);
  const standName = (p: PanoramaEntry) => (p.stand ? (ctx.locale === 'fr_FR' ? p.stand.name : p.stand.name_en) : '');
  const maxMb = KIND_RULES.panorama.maxBytes / (1024 * 1024);
  const rows = panoramas.map((p) => {
    const id = `panorama-${p.slug}`;
    const kind = KIND_LABELS[p.kind];
    const mine = state.slug === p.slug;
    const image = p.image;
    const current = !image
      ? html`<p>${tr(msg`Drawn by the room`)}</p>`
      : image.pending
        ? html`<p>${tr(msg`Image uploaded: antivirus scan in progress, the room shows it afterwards`)}</p>`
        : html`<p><a href="${image.media.url}"><img src="${image.media.url}/thumbnail" width="192" height="96" alt="${tr(msg`Current image of ${name(p)}`)}"></a></p>
<p class="hint">${image.media.width ?? 0} × ${image.media.height ?? 0} px</p>`;
    return html`<section class="card" id="${id}" aria-labelledby="${id}-title">
<h2 id="${id}-title">${name(p)}</h2>
<p>${tr(kind)}${p.stand && standName(p) !== name(p) ? html` · ${standName(p)}` : ''} · <code>${p.slug}</code></p>
${mine && state.error ? html`<p class="notice" role="alert">${state.error}</p>` : ''}
${mine && state.saved === 'uploaded' ? html`<p class="notice success" role="status">${state.pending ? tr(msg`Image uploaded: antivirus scan in progress.`) : tr(msg`Image saved: the room now shows it.`)}</p>` : ''}
${mine && state.saved === 'removed' ? html`<p class="notice success" role="status">${tr(msg`Image removed: the room draws this panorama again.`)}</p>` : ''}
${current}
<form method="post" action="${action(p)}" enctype="multipart/form-data">
<input type="hidden" name="slug" value="${p.slug}">
<label for="${id}-file">${tr(msg`New equirectangular image`)}</label>
<input id="${id}-file" type="file" name="file" accept="image/jpeg,image/png,image/webp" required aria-describedby="${id}-hint">
<p class="hint" id="${id}-hint">${tr(
      msg`JPEG, PNG or WebP, twice as wide as it is high (2:1), from ${PANORAMA.minWidth} × ${PANORAMA.minHeight} to ${PANORAMA.maxWidth} × ${PANORAMA.maxHeight} pixels, ${maxMb} MB at most.`,
    )}</p>
<button type="submit">${tr(msg`Upload the image`)}</button>
</form>
${
  image
    ? confirmDeletion(ctx, {
        id: `panorama-${p.slug}`,
        label: tr(msg`Remove the image (back to the drawing)`),
        question: tr(msg`Remove the image of “${name(p)}”?`),
        detail: tr(msg`The room draws this panorama again.`),
        confirm: tr(msg`Remove the image`),
        action: action(p),
        fields: { action: 'remove', slug: p.slug },
      })
    : ''
}
</section>`;
  });
  return layout(
    ctx,
    tr(msg`Room panoramas`),
    html`${backOfficeNav(ctx, 'admin.panoramas')}<p>${tr(
      msg`The room draws every panorama. An image uploaded here replaces it in rooms opened afterwards; removing it brings the drawing back.`,
    )}</p>
${rows}`,
  );
}
