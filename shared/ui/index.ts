export { injectStyles } from './styles';
export { VisuallyHidden } from './VisuallyHidden';
export { IconButton, type IconButtonProps } from './IconButton';
