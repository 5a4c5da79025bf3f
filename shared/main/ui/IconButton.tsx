import type { ButtonHTMLAttributes, ReactNode } from 'react';
import './styles';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'aria-label'> {
  /** The accessible name: a button that shows only an icon still says what it does. */
  label: string;
  icon: ReactNode;
}

export function IconButton({ label, icon, className, type = 'button', ...rest }: IconButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-label={label}
      title={label}
      className={className ? `salon-icon-button ${className}` : 'salon-icon-button'}
    >
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
