import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  airtimeBodySchema,
  bettingBodySchema,
  billerIdParamsSchema,
  billersResponseSchema,
  billPaymentIdParamsSchema,
  billPaymentResponseSchema,
  billPaymentsResponseSchema,
  type BillPayment,
  billQuoteQuerySchema,
  billQuoteResponseSchema,
  billRecipientsResponseSchema,
  dataBundleBodySchema,
  dataPlansResponseSchema,
  electricityBodySchema,
  listBillersQuerySchema,
  listBillPaymentsQuerySchema,
  listBillRecipientsQuerySchema,
  verifyBillCustomerBodySchema,
  verifyBillCustomerResponseSchema,
} from '@ajo/contracts/bills';
import { OPERATION_SUCCESSFUL } from '@ajo/contracts/common';
import { formatMinorAsDecimal } from '@ajo/money/format';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import { isoTimestamp } from '../../platform/timestamps.ts';
import type { BillsService } from './bills.service.ts';
import { idempotencyKeyOf } from '../../platform/idempotency.ts';

const decimal = (amountMinor: bigint | null) =>
  amountMinor === null ? null : formatMinorAsDecimal(amountMinor);

const tags = ['bills'];
const security = sessionSecurity;

export const billRoutes: FastifyPluginAsyncZod<{
  bills: BillsService;
  requireUser: SessionGuard;
}> = async (app, { bills, requireUser }) => {
  app.get(
    '/bill_payments/billers',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listBillers',
        tags,
        summary: 'Billers of one bill type',
        description:
          'Type 1 airtime, 2 data bundle, 4 electricity, 5 betting; `data.items`, 50 per page. Networks carry their number prefixes.',
        security,
        querystring: listBillersQuerySchema,
        response: { 200: billersResponseSchema },
      },
    },
    async (request) => {
      const { items, total } = await bills.catalogue(request.query);
      return {
        message: 'billers',
        data: { items, page: request.query.page, size: request.query.size, total },
      };
    },
  );

  app.get(
    '/bill_payments/billers/:id/plans',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listDataPlans',
        tags,
        summary: 'Data plans of a data biller, with prices',
        description: 'Only data billers (type 2) sell plans; others answer 422.',
        security,
        params: billerIdParamsSchema,
        response: { 200: dataPlansResponseSchema },
      },
    },
    async (request) => {
      const { biller, plans } = await bills.plans(request.params.id);
      return {
        message: 'data plans',
        data: {
          biller_id: biller.id,
          items: plans.map((plan) => ({
            code: plan.code,
            name: plan.name,
            amount: formatMinorAsDecimal(BigInt(plan.amount_minor)),
            validity: plan.validity,
          })),
        },
      };
    },
  );

  app.get(
    '/bill_payments/quote',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'quoteBill',
        tags,
        summary: 'Fee, total and limits of a bill, shown before confirming',
        description:
          'Without `amount`, answers for the smallest amount allowed. Electricity carries the `buy_electricity` processing fee.',
        security,
        querystring: billQuoteQuerySchema,
        response: { 200: billQuoteResponseSchema },
      },
    },
    async (request) => {
      const quote = await bills.quote(
        request.userId ?? '',
        request.query.type,
        request.query.amount,
      );
      return {
        message: 'bill quote',
        data: {
          type: request.query.type,
          amount: formatMinorAsDecimal(quote.amountMinor),
          fee: formatMinorAsDecimal(quote.feeMinor),
          total: formatMinorAsDecimal(quote.amountMinor + quote.feeMinor),
          minimum: formatMinorAsDecimal(quote.minimumMinor),
          maximum: decimal(quote.maximumMinor),
          daily_remaining: decimal(quote.dailyRemainingMinor),
        },
      };
    },
  );

  app.post(
    '/bill_payments/verify',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'verifyBillCustomer',
        tags,
        summary: 'Verify a power meter or a betting account with its biller',
        description:
          "Answers the customer's name (and the meter's address). Paying electricity or a betting account needs a verification of the last 24 hours; a failed verification forgets the earlier one.",
        security,
        body: verifyBillCustomerBodySchema,
        response: { 200: verifyBillCustomerResponseSchema },
      },
    },
    async (request) => {
      const verified = await bills.verify(request.userId ?? '', request.body);
      return {
        message: OPERATION_SUCCESSFUL,
        data: {
          type: verified.biller.type,
          biller_id: verified.biller.id,
          customer_id: request.body.customer_id,
          meter_type: verified.meterType,
          customer_name: verified.customer.name,
          address: verified.customer.address,
          verified_at: isoTimestamp(verified.at),
        },
      };
    },
  );

  /**
   * The four purchases share their shape (spec section 7), one per bill type: the same guards
   * (idempotency, transaction PIN), the same pending answer, only the biller's rules differ.
   */
  const purchaseRoute = <Body>(
    path: string,
    buy: (userId: string, body: Body, key?: string) => Promise<BillPayment>,
    operation: { operationId: string; summary: string; what: string; body: z.ZodType<Body> },
  ) =>
    app.post(
      path,
      {
        onRequest: requireUser,
        config: { idempotent: true, transactionPin: true },
        schema: {
          operationId: operation.operationId,
          tags,
          summary: operation.summary,
          description: `Needs an \`Idempotency-Key\` header. ${operation.what} The amount plus the fee is held at once and the answer is \`pending\`; the biller is paid right after, and the payment becomes successful (posted), failed or reversed (released) exactly once. A slow biller is asked again until it answers.`,
          security,
          body: operation.body,
          response: { 200: billPaymentResponseSchema },
        },
      },
      async (request) => ({
        message: OPERATION_SUCCESSFUL,
        data: await buy(
          request.userId ?? '',
          // Validated against `operation.body`; the type provider cannot name its output while
          // the body is a type parameter.
          request.body as Body,
          idempotencyKeyOf(request),
        ),
      }),
    );

  purchaseRoute('/bill_payments/airtime', bills.buyAirtime, {
    operationId: 'buyAirtime',
    summary: 'Buy airtime for a phone number',
    what: 'The number must be on the chosen network.',
    body: airtimeBodySchema,
  });

  purchaseRoute('/bill_payments/data-bundle', bills.buyData, {
    operationId: 'buyDataBundle',
    summary: 'Buy a data bundle for a phone number',
    what: "The plan's price is paid; the number must be on the chosen network.",
    body: dataBundleBodySchema,
  });

  purchaseRoute('/bill_payments/electricity', bills.payElectricity, {
    operationId: 'payElectricity',
    summary: 'Pay for electricity (prepaid token or postpaid bill)',
    what: 'The meter must have been verified first (`POST /bill_payments/verify`); the `buy_electricity` fee applies. A prepaid payment carries its token and units once delivered.',
    body: electricityBodySchema,
  });

  purchaseRoute('/bill_payments/betting', bills.fundBetting, {
    operationId: 'fundBetting',
    summary: 'Fund a betting account',
    what: 'The account must have been verified first (`POST /bill_payments/verify`).',
    body: bettingBodySchema,
  });

  app.get(
    '/bill_payments',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listBillPayments',
        tags,
        summary: 'My bill payments, newest first',
        description:
          'page=0, size=50, optional `type` (1, 2, 4 or 5). Each has its status and, for prepaid electricity, the token and units once delivered.',
        security,
        querystring: listBillPaymentsQuerySchema,
        response: { 200: billPaymentsResponseSchema },
      },
    },
    async (request) => {
      const found = await bills.history(request.userId ?? '', request.query);
      return {
        message: 'bill payments',
        data: {
          items: found.items,
          page: request.query.page,
          size: request.query.size,
          total: found.total,
          has_more: found.hasMore,
        },
      };
    },
  );

  app.get(
    '/bill_payments/recipients',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'listBillRecipients',
        tags,
        summary: 'Phones, meters and accounts I paid for recently',
        description: 'At most 20, newest first, one per biller and customer: for repeat purchases.',
        security,
        querystring: listBillRecipientsQuerySchema,
        response: { 200: billRecipientsResponseSchema },
      },
    },
    async (request) => {
      const recent = await bills.recipients(request.userId ?? '', request.query.type);
      return {
        message: 'bill recipients',
        data: {
          items: recent.map((payment) => ({
            type: payment.type,
            biller_id: payment.biller_id,
            biller_name: payment.biller_name,
            customer_id: payment.customer_id,
            customer_name: payment.customer_name,
            meter_type: payment.meter_type,
            last_paid_at: payment.created_at,
          })),
        },
      };
    },
  );

  app.get(
    '/bill_payments/:id',
    {
      onRequest: requireUser,
      schema: {
        operationId: 'getBillPayment',
        tags,
        summary: 'One of my bill payments (its receipt)',
        description:
          'Poll it while `pending`: the status follows the biller, and a prepaid token appears once delivered. Another user’s payment answers 404.',
        security,
        params: billPaymentIdParamsSchema,
        response: { 200: billPaymentResponseSchema },
      },
    },
    async (request) => ({
      message: 'bill payment',
      data: await bills.payment(request.userId ?? '', request.params.id),
    }),
  );
};
