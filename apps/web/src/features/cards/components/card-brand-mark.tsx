import type { Card } from '@ajo/contracts/cards';

/** The network's mark as printed on the card: the wordmark for Visa, the circles for Mastercard. */
export function CardBrandMark({ brand }: { brand: Card['brand'] }) {
  if (brand === 'Visa') {
    return (
      <span className="text-2xl font-black tracking-tight text-white italic" aria-label="Visa">
        VISA
      </span>
    );
  }
  return (
    <span className="flex items-center" role="img" aria-label="Mastercard">
      <span className="size-8 rounded-full bg-[#eb001b]" />
      <span className="-ml-3 size-8 rounded-full bg-[#f79e1b] mix-blend-screen" />
    </span>
  );
}
