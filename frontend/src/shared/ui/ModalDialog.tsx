import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

interface Props {
  /** The id of the element that names the dialog. */
  labelledBy: string;
  onClose: () => void;
  className?: string;
  /** A click on the dialog's own box, outside its content, closes it. */
  closeOnOutsideClick?: boolean;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A modal dialog on the browser's own `<dialog>`: the page behind is inert and focus stays
 * inside while it is open, Escape closes it, and focus goes back to where it was once it has
 * closed. Render it to open it; unmount it to close it.
 */
export function ModalDialog({
  labelledBy,
  onClose,
  className,
  closeOnOutsideClick = false,
  children,
  ...props
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      opener?.focus();
    };
  }, []);
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (closeOnOutsideClick && event.target === event.currentTarget) onClose();
  };
  return (
    // The dialog closes from the keyboard with Escape; the click is for pointers only.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={labelledBy}
      className={['modal', className].filter(Boolean).join(' ')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={onClose}
      onClick={onClick}
      {...props}
    >
      {children}
    </dialog>
  );
}
