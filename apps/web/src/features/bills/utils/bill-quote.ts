import type { z } from 'zod';
import type { billQuoteSchema } from '@ajo/contracts/bills';

/** The server's answer to "what does this bill cost": amount, fee, total and limits. */
export type BillQuote = z.output<typeof billQuoteSchema>;
