import { useState } from 'react';
import { Link } from 'react-router';
import { BrandLogo } from '../../components/brand/brand-logo.tsx';
import { CloseIcon, LogoutIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { useModalOpen } from '../../components/ui/use-modal-open.ts';
import { NavLinks } from './nav-links.tsx';
import { UserBadge } from './user-badge.tsx';

/**
 * Below 1280 px the sidebar becomes a menu sliding in from the left. A modal <dialog> gives focus
 * trapping, Escape to close and an inert page behind it without extra code. Its contents render
 * only while it is open, as SidePanel's do: closed, they are never seen, yet they were a fifth to
 * a quarter of the elements every signed-in page rendered first (docs/bench.md, row l).
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const dialog = useModalOpen(open);

  return (
    <>
      <button
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setOpen(true);
        }}
        className="flex size-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 desktop:hidden"
      >
        <MenuIcon className="size-6" />
      </button>
      <dialog
        ref={dialog}
        aria-label="Menu"
        onClose={() => {
          setOpen(false);
        }}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) setOpen(false);
        }}
        className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-brand-700 p-0 text-white backdrop:bg-slate-950/50 open:animate-[slide-in-left_200ms_ease-out] desktop:hidden"
      >
        {open ? (
          <MenuContents
            onClose={() => {
              setOpen(false);
            }}
          />
        ) : null}
      </dialog>
    </>
  );
}

/** The logo, who is signed in, the main entries and sign out. */
function MenuContents({ onClose }: { onClose: () => void }) {
  return (
    <div className="flex h-full flex-col px-4 py-5">
      <div className="flex items-center justify-between">
        <Link to="/" className="rounded-lg px-2 py-1" aria-label="Ajo home">
          <BrandLogo tone="onBrand" />
        </Link>
        <button
          type="button"
          aria-label="Close menu"
          onClick={onClose}
          className="flex size-10 items-center justify-center rounded-full text-white hover:bg-brand-600 focus-visible:outline-white"
        >
          <CloseIcon className="size-6" />
        </button>
      </div>
      <div className="mt-6">
        <UserBadge />
      </div>
      <nav aria-label="Main" className="mt-6 flex-1 overflow-y-auto">
        <NavLinks onNavigate={onClose} />
      </nav>
      <Link
        to="/logout"
        replace
        className="mt-4 flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-brand-50 hover:bg-brand-600 focus-visible:outline-white"
      >
        <LogoutIcon className="size-5" />
        Logout
      </Link>
    </div>
  );
}
