export { constructStyleSheet, injectStyles } from './styles';
export { VisuallyHidden } from './VisuallyHidden';
export { CountBadge } from './CountBadge';
export { StrokeIcon } from './StrokeIcon';
export { IconButton, type IconButtonProps } from './IconButton';
export { SidebarFrame, type SidebarFrameProps } from './Sidebar';
export { TOKENS, TOKENS_CSS, injectTokens, type TokenName } from './tokens';
export { useScrollFocus } from './useScrollFocus';
export { useMenuButton } from './useMenuButton';
