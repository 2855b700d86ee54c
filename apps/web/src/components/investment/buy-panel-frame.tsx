import type { ReactNode } from 'react';
import { FormErrorBanner } from '../ui/form-error-banner.tsx';
import { SidePanel } from '../ui/side-panel.tsx';
import { Spinner } from '../ui/spinner.tsx';

/**
 * The side panel a purchase happens in, opened by `?a=<panelId>&<itemParam>=<id>`; closing it
 * takes the item off the URL too. A bottom sheet on phones, a right-hand panel from 1280 px.
 */
export function BuyPanelFrame({
  panelId,
  itemParam,
  title,
  keepOpen,
  children,
}: {
  panelId: string;
  itemParam: string;
  title: string;
  /** While the purchase request is on its way, the panel stays open to show its answer. */
  keepOpen: boolean;
  children: (close: () => void) => ReactNode;
}) {
  return (
    <SidePanel
      panelId={panelId}
      title={title}
      closeLabel="Close buy panel"
      clearsParams={[itemParam]}
      keepOpen={keepOpen}
    >
      {(close) => <div className="px-5 py-5">{children(close)}</div>}
    </SidePanel>
  );
}

/**
 * What the buy panel shows when the item in the URL is not at hand: a spinner while the
 * catalogue loads (it has no items until then), else why it cannot be bought.
 */
export function CatalogueItemMissing({
  catalogue,
  loadingLabel,
  unavailableMessage,
}: {
  catalogue: { isPending: boolean; error: Error | null };
  loadingLabel: string;
  unavailableMessage: string;
}) {
  if (catalogue.isPending) {
    return (
      <div className="flex justify-center py-12 text-brand-600">
        <Spinner label={loadingLabel} />
      </div>
    );
  }
  return <FormErrorBanner message={catalogue.error?.message ?? unavailableMessage} />;
}
