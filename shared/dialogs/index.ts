/**
 * `@salon/shared/dialogs`: the modal frame and the form fields (spec §2.4, §5). Its own entry, so a page that
 * never opens a modal does not carry them.
 */
export { ModalFrame, type ModalFrameProps } from './Modal';
export {
  TextField,
  TextAreaField,
  SelectField,
  CheckboxField,
  type TextFieldProps,
  type TextAreaFieldProps,
  type SelectFieldProps,
  type CheckboxFieldProps,
} from './Field';
