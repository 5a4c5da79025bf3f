/** The federation container (a global name) of a widget: `top-bar` → `salon_top_bar`. Build and loader share it. */
export function containerName(widget: string): string {
  return `salon_${widget.replace(/[^a-zA-Z0-9]/g, '_')}`;
}
