import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  STATEMENT_FILE_MAX_BYTES,
  STATEMENT_MAX_DAYS,
  statementCodeParamsSchema,
  statementCodeResponseSchema,
  statementFileVerificationResponseSchema,
  statementQuerySchema,
  verifyStatementBodySchema,
} from '@ajo/contracts/statements';
import { sessionSecurity, type SessionGuard } from '../../platform/sessions.ts';
import type { statementsService } from './statements.service.ts';

/** Room for a base64 statement (4/3 of its bytes) and the rest of the body. */
const verifyBodyLimit = Math.ceil((STATEMENT_FILE_MAX_BYTES * 4) / 3) + 16 * 1024;

export const statementRoutes: FastifyPluginAsyncZod<{
  statements: ReturnType<typeof statementsService>;
  requireUser: SessionGuard;
  publicUrl: string | undefined;
}> = async (app, { statements, requireUser, publicUrl }) => {
  app.get(
    '/statements',
    {
      onRequest: requireUser,
      schema: {
        tags: ['statements'],
        operationId: 'downloadStatement',
        summary: 'My statement for a period, as a PDF or a CSV file',
        description: `Per wallet (NGN and USD): the opening balance, every movement with its date, description, reference, debit or credit and running balance, fees and interest (gross, withholding tax, net) where the movement carries them, and the closing balance, all read from the ledger. \`from\` and \`to\` are Lagos business days, both included, at most ${String(STATEMENT_MAX_DAYS)} days apart and not after today. Answers the file itself (\`application/pdf\` or \`text/csv\`) with its verification code in the \`x-statement-code\` header; anyone can check the code or the file at \`/v1/statements/verify\`.`,
        security: sessionSecurity,
        querystring: statementQuerySchema,
        response: {
          200: z.string().meta({
            format: 'binary',
            description: 'The statement file: application/pdf, or text/csv in UTF-8',
          }),
        },
      },
    },
    async (request, reply) => {
      const origin = publicUrl ?? `${request.protocol}://${request.host}`;
      const issued = await statements.issue(request.userId ?? '', request.query, origin);
      return (
        reply
          .type(issued.contentType)
          .header('content-disposition', `attachment; filename="${issued.fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-statement-code', issued.code)
          // A Buffer goes out as it is (Fastify never serializes one); the schema only documents it.
          .send(issued.bytes as unknown as string)
      );
    },
  );

  app.get(
    '/statements/verify/:code',
    {
      schema: {
        tags: ['statements'],
        operationId: 'verifyStatementCode',
        summary: 'Check a statement verification code (no sign-in)',
        description:
          'Answers whether the code was issued by Ajo and, if so, for whom (first name and last initial), which period and when. An unknown code answers 404.',
        params: statementCodeParamsSchema,
        response: { 200: statementCodeResponseSchema },
      },
    },
    async (request) => ({
      message: 'statement is genuine',
      data: { genuine: true as const, statement: await statements.verifyCode(request.params.code) },
    }),
  );

  app.post(
    '/statements/verify',
    {
      bodyLimit: verifyBodyLimit,
      schema: {
        tags: ['statements'],
        operationId: 'verifyStatementFile',
        summary: 'Check that a statement file is unaltered (no sign-in)',
        description:
          'Send the file (PDF or CSV, base64, at most 5 MB) or its SHA-256, and optionally the code printed on it. `unaltered` is true only when the bytes are exactly those Ajo issued (under that code, when one is sent). Nothing sent is stored.',
        body: verifyStatementBodySchema,
        response: { 200: statementFileVerificationResponseSchema },
      },
    },
    async (request) => {
      const result = await statements.verifyFile(request.body);
      return {
        message: result.unaltered ? 'statement is unaltered' : 'statement does not match',
        data: result,
      };
    },
  );
};
