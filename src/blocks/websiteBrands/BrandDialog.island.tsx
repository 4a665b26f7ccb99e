/**
 * One brand of the modal variant: its logo as a button that opens a native modal <dialog> listing
 * the brand's websites. Escape and the close button close it; focus returns to the logo.
 */
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import type { BrandButton } from './buttons.ts';

export interface DialogWebsite {
  id: string;
  name: string;
  buttons: BrandButton[];
}

interface Props {
  /** Unique on the page (derived from the block id and the brand id). */
  dialogId: string;
  brandName: string;
  websites: DialogWebsite[];
  /** The logo (or the brand name), rendered by Astro. */
  children?: ReactNode;
}

export default function BrandDialog({ dialogId, brandName, websites, children }: Props) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = `${dialogId}-title`;

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    else if (!open && d.open) d.close();
  }, [open]);

  // Runs for every way the dialog closes (Escape, close button, backdrop).
  const onClose = () => {
    setOpen(false);
    opener.current?.focus();
  };

  // The dialog box has no padding of its own, so a click whose target is the dialog itself
  // landed on the backdrop.
  const onDialogClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) setOpen(false);
  };

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="brand-logo brand-logo-button"
        aria-haspopup="dialog"
        aria-controls={dialogId}
        onClick={() => setOpen(true)}
      >
        {children}
        <span className="visually-hidden"> websites</span>
      </button>
      <dialog
        ref={dialog}
        id={dialogId}
        className="brand-dialog"
        aria-labelledby={titleId}
        onClose={onClose}
        onClick={onDialogClick}
      >
        <div className="brand-dialog-inner">
          <div className="brand-dialog-head">
            <h2 id={titleId} className="brand-dialog-title">
              {brandName}
            </h2>
            <button type="button" className="brand-dialog-close" aria-label="Close" onClick={() => setOpen(false)}>
              <span aria-hidden="true">×</span>
            </button>
          </div>
          {websites.length > 0 ? (
            <ul className="brand-websites">
              {websites.map((w) => (
                <li key={w.id} className="brand-website">
                  <p className="brand-website-name">{w.name}</p>
                  <p className="brand-website-actions">
                    {w.buttons.map((b) => (
                      <a key={b.label} className="btn btn-solid" href={b.href} target="_blank" rel="noopener">
                        {b.label}
                        <span className="visually-hidden">{`: ${w.name} (opens in a new tab)`}</span>
                      </a>
                    ))}
                  </p>
                </li>
              ))}
            </ul>
          ) : (
            <p>{`No websites are listed for ${brandName} yet.`}</p>
          )}
        </div>
      </dialog>
    </>
  );
}
