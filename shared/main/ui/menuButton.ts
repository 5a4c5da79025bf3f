/**
 * The ARIA attributes of a button that opens a menu (WAI-ARIA's menu button): it says it has a menu, whether the
 * menu is open, and which element it is (`controls`: the menu's id, or undefined while the menu is not in the page).
 */
export function menuButtonProps(
  open: boolean,
  controls: string | undefined,
): { 'aria-haspopup': 'menu'; 'aria-expanded': boolean; 'aria-controls': string | undefined } {
  return { 'aria-haspopup': 'menu', 'aria-expanded': open, 'aria-controls': controls };
}
