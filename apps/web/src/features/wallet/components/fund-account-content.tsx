import { useSearchParams } from 'react-router';
import { CardIcon } from '../../../components/ui/icons.tsx';
import { TabList } from '../../../components/ui/tab-list.tsx';
import { BankIcon } from '../../../components/wallet/wallet-icons.tsx';
import { classNames } from '../../../lib/class-names.ts';
import { isFundingMethod, type FundingMethod } from '../../../lib/fund-account.ts';
import { BankTransferDetails } from './bank-transfer-details.tsx';
import { CardTopUp } from './card-top-up.tsx';

const methods: { id: FundingMethod; label: string; icon: typeof BankIcon }[] = [
  { id: 'transfer', label: 'Bank transfer', icon: BankIcon },
  { id: 'card', label: 'Card', icon: CardIcon },
];

const tabId = (method: FundingMethod) => `fund-tab-${method}`;
const tabPanelId = (method: FundingMethod) => `fund-panel-${method}`;

/**
 * Two ways in: a bank transfer to the personal account number, or a card top-up through the
 * payment partner's checkout. The chosen one lives in the panel's `type` parameter, so a link can
 * open the card form directly (`?a=fund account&type=card`). Both stay mounted, so switching
 * back and forth keeps what was typed.
 */
export function FundAccountContent() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('type');
  const selected: FundingMethod = isFundingMethod(requested) ? requested : 'transfer';

  const select = (method: FundingMethod) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('type', method);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="px-5 py-5">
      <TabList
        label="Ways to fund your wallet"
        tabs={methods}
        selected={selected}
        onSelect={select}
        tabId={tabId}
        panelId={tabPanelId}
        className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1"
        tabClassName={(isSelected) =>
          classNames(
            'flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors',
            isSelected
              ? 'bg-white text-brand-700 shadow-sm'
              : 'text-slate-600 hover:text-slate-900',
          )
        }
      >
        {(method) => (
          <>
            <method.icon className="size-4" />
            {method.label}
          </>
        )}
      </TabList>
      {methods.map((method) => (
        <div
          key={method.id}
          role="tabpanel"
          id={tabPanelId(method.id)}
          aria-labelledby={tabId(method.id)}
          hidden={method.id !== selected}
          className="mt-5"
        >
          {method.id === 'transfer' ? <BankTransferDetails /> : <CardTopUp />}
        </div>
      ))}
    </div>
  );
}
