export { constructStyleSheet, injectStyles } from './styles';
export { VisuallyHidden } from './VisuallyHidden';
export { IconButton, type IconButtonProps } from './IconButton';
export { SidebarFrame, type SidebarFrameProps } from './Sidebar';
