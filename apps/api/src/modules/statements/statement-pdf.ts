import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { StatementDocument } from './statement-document.ts';
import type { StatementLine, StatementWallet } from './statement-model.ts';
import { lagosClock, printedDate, statementAmount } from './statement-text.ts';
import { readableDate } from '../../platform/clock.ts';

// A4 portrait in points, with the margins a printed bank statement keeps.
const PAGE = { width: 595.28, height: 841.89 } as const;
const MARGIN = 40;
const FOOTER_TOP = 58;
const ROW_HEIGHT = 22;
const INK = rgb(0.11, 0.12, 0.14);
const MUTED = rgb(0.4, 0.42, 0.46);
const BRAND = rgb(0.0, 0.45, 0.33);
const RULE = rgb(0.85, 0.86, 0.88);
const SHADE = rgb(0.95, 0.97, 0.96);

/** The movement table's columns: left edge and width; amounts are right-aligned in theirs. */
const COLUMNS = {
  date: { x: MARGIN, width: 58 },
  /** The description, with the reference and any fee or interest on the lines beneath it. */
  description: { x: MARGIN + 60, width: 258 },
  debit: { x: MARGIN + 320, width: 63 },
  credit: { x: MARGIN + 385, width: 63 },
  balance: { x: MARGIN + 450, width: 65 },
} as const;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * The typeface of the web app, Plus Jakarta Sans (SIL OFL 1.1), as the TrueType files the PDF
 * embeds (only the letters a statement uses): it has the dotted letters of Yoruba names (Ọ, Ẹ, Ṣ)
 * and ₦, which the standard PDF fonts lack. Loaded with the font engine on the first statement,
 * so starting the API does not wait for them.
 */
const typefaceFiles = {
  regular: '@expo-google-fonts/plus-jakarta-sans/400Regular/PlusJakartaSans_400Regular.ttf',
  bold: '@expo-google-fonts/plus-jakarta-sans/700Bold/PlusJakartaSans_700Bold.ttf',
} as const;
let typeface:
  | Promise<{
      fontkit: Parameters<PDFDocument['registerFontkit']>[0];
      regular: Buffer;
      bold: Buffer;
    }>
  | undefined;
const loadTypeface = () =>
  (typeface ??= Promise.all([
    import('@pdf-lib/fontkit'),
    readFile(fileURLToPath(import.meta.resolve(typefaceFiles.regular))),
    readFile(fileURLToPath(import.meta.resolve(typefaceFiles.bold))),
  ])
    .then(([engine, regular, bold]) => ({ fontkit: engine.default, regular, bold }))
    .catch((error: unknown) => {
      typeface = undefined;
      throw error;
    }));

const characterSets = new WeakMap<PDFFont, Set<number>>();
const drawable = (font: PDFFont, character: string) => {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  return set.has(character.codePointAt(0) ?? 0);
};

/**
 * What of a text the font can draw. A letter the typeface has composed stays as it is (Ọ, é, ₦).
 * A mark it has no composed letter for is dropped from its letter (ẹ̀ → ẹ): pdf-lib does not
 * position marks, so drawn apart they land beside the letter. Anything else becomes its plain
 * letters if the font has them, or "?", so a sender's name never breaks a statement.
 */
function printable(font: PDFFont, text: string): string {
  return Array.from(text.normalize('NFC'))
    .map((character) => {
      if (/\p{M}/u.test(character)) return '';
      if (drawable(font, character)) return character;
      const plain = Array.from(character.normalize('NFKD').replaceAll(/\p{M}/gu, ''));
      return plain.length > 0 && plain.every((letter) => drawable(font, letter))
        ? plain.join('')
        : '?';
    })
    .join('');
}

function fitted(font: PDFFont, text: string, size: number, width: number): string {
  let shown = printable(font, text);
  if (font.widthOfTextAtSize(shown, size) <= width) return shown;
  while (shown.length > 1 && font.widthOfTextAtSize(`${shown}...`, size) > width) {
    shown = shown.slice(0, -1);
  }
  return `${shown.trimEnd()}...`;
}

class Writer {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  y = 0;

  private readonly pdf: PDFDocument;
  readonly fonts: Fonts;

  constructor(pdf: PDFDocument, fonts: Fonts) {
    this.pdf = pdf;
    this.fonts = fonts;
  }

  text(
    text: string,
    x: number,
    y: number,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; width?: number } = {},
  ) {
    const size = options.size ?? 9;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const shown = options.width ? fitted(font, text, size, options.width) : printable(font, text);
    this.page.drawText(shown, { x, y, size, font, color: options.color ?? INK });
  }

  right(
    text: string,
    rightEdge: number,
    y: number,
    options: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb> } = {},
  ) {
    const size = options.size ?? 9;
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const shown = printable(font, text);
    this.text(shown, rightEdge - font.widthOfTextAtSize(shown, size), y, options);
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN;
  }

  /** Starts a new page when fewer than `height` points are left above the footer. */
  ensure(height: number, onNewPage: () => void) {
    if (this.y - height < FOOTER_TOP + 12) {
      this.newPage();
      onNewPage();
    }
  }
}

function header(writer: Writer, document: StatementDocument) {
  const top = writer.y;
  writer.text('Ajo', MARGIN, top - 22, { size: 26, bold: true, color: BRAND });
  writer.text('Account statement', MARGIN, top - 40, { size: 11, color: MUTED });
  const right = PAGE.width - MARGIN;
  writer.right(document.holderName, right, top - 12, { size: 11, bold: true });
  writer.right(document.email, right, top - 26, { size: 8.5, color: MUTED });
  const account = document.account
    ? `Account ${document.account.number}, ${document.account.bankName}`
    : 'No funding account yet';
  writer.right(account, right, top - 38, { size: 8.5, color: MUTED });
  writer.right(
    `Period ${readableDate(document.from)} to ${readableDate(document.to)}`,
    right,
    top - 50,
    { size: 8.5, bold: true },
  );
  writer.right(
    `Issued ${printedDate(document.issuedAt)} at ${lagosClock(document.issuedAt)} (Lagos)`,
    right,
    top - 62,
    { size: 8.5, color: MUTED },
  );
  writer.page.drawLine({
    start: { x: MARGIN, y: top - 72 },
    end: { x: right, y: top - 72 },
    thickness: 1,
    color: BRAND,
  });
  writer.y = top - 90;
}

const SUMMARY_COLUMNS = ['Opening', 'Money in', 'Money out', 'Fees', 'Interest (net)', 'Closing'];

function summaryBox(writer: Writer, wallets: readonly StatementWallet[]) {
  const height = 34 + wallets.length * 16;
  const width = PAGE.width - 2 * MARGIN;
  writer.page.drawRectangle({
    x: MARGIN,
    y: writer.y - height,
    width,
    height,
    color: SHADE,
    borderColor: RULE,
    borderWidth: 1,
  });
  writer.text('Summary', MARGIN + 10, writer.y - 14, { size: 10, bold: true });
  const labelsY = writer.y - 28;
  const step = (width - 70) / SUMMARY_COLUMNS.length;
  SUMMARY_COLUMNS.forEach((label, index) => {
    writer.right(label, MARGIN + 70 + step * (index + 1) - 8, labelsY, { size: 7.5, color: MUTED });
  });
  wallets.forEach((wallet, row) => {
    const y = labelsY - 15 - row * 16;
    writer.text(`${wallet.currency} wallet`, MARGIN + 10, y, { size: 8.5, bold: true });
    const figures = [
      wallet.openingMinor,
      wallet.creditsMinor,
      wallet.debitsMinor,
      wallet.feesMinor,
      wallet.interest.netMinor,
      wallet.closingMinor,
    ];
    figures.forEach((figure, index) => {
      writer.right(statementAmount(figure), MARGIN + 70 + step * (index + 1) - 8, y, {
        size: 8.5,
        bold: index === figures.length - 1,
      });
    });
  });
  writer.y -= height + 22;
}

function tableHead(writer: Writer, currency: string) {
  const y = writer.y;
  writer.page.drawRectangle({
    x: MARGIN,
    y: y - 6,
    width: PAGE.width - 2 * MARGIN,
    height: 18,
    color: SHADE,
  });
  writer.text('Date', COLUMNS.date.x + 2, y, { size: 8, bold: true });
  writer.text('Description and reference', COLUMNS.description.x, y, { size: 8, bold: true });
  writer.right(`Debit (${currency})`, COLUMNS.debit.x + COLUMNS.debit.width, y, {
    size: 8,
    bold: true,
  });
  writer.right(`Credit (${currency})`, COLUMNS.credit.x + COLUMNS.credit.width, y, {
    size: 8,
    bold: true,
  });
  writer.right(`Balance (${currency})`, COLUMNS.balance.x + COLUMNS.balance.width - 2, y, {
    size: 8,
    bold: true,
  });
  writer.y -= 22;
}

/** The second line under a movement: its fee and its interest, where it carries them. */
function detailOf(line: StatementLine): string {
  const parts: string[] = [];
  if (line.feeMinor > 0n) parts.push(`Fee ${statementAmount(line.feeMinor)}`);
  if (line.interest) {
    parts.push(
      `Interest gross ${statementAmount(line.interest.grossMinor)}, WHT ${statementAmount(line.interest.withholdingTaxMinor)}, net ${statementAmount(line.interest.netMinor)}`,
    );
  }
  return parts.join(' | ');
}

/** A movement's height: date, description and reference, plus a line for its fee or interest. */
const rowHeight = (line: StatementLine) => (detailOf(line) ? ROW_HEIGHT + 8 : ROW_HEIGHT);

function movementRow(writer: Writer, line: StatementLine) {
  const y = writer.y;
  const amountEdge = (column: { x: number; width: number }) => column.x + column.width;
  const muted = { size: 6.5, color: MUTED, width: COLUMNS.description.width };
  writer.text(printedDate(line.at), COLUMNS.date.x + 2, y, { size: 7.5 });
  writer.text(lagosClock(line.at), COLUMNS.date.x + 2, y - 8, { size: 6.5, color: MUTED });
  writer.text(line.description, COLUMNS.description.x, y, {
    size: 7.5,
    width: COLUMNS.description.width,
  });
  writer.text(`Ref ${line.reference}`, COLUMNS.description.x, y - 8, muted);
  const detail = detailOf(line);
  if (detail) writer.text(detail, COLUMNS.description.x, y - 16, muted);
  if (line.debitMinor > 0n)
    writer.right(statementAmount(line.debitMinor), amountEdge(COLUMNS.debit), y, { size: 7.5 });
  if (line.creditMinor > 0n)
    writer.right(statementAmount(line.creditMinor), amountEdge(COLUMNS.credit), y, { size: 7.5 });
  writer.right(statementAmount(line.balanceMinor), amountEdge(COLUMNS.balance) - 2, y, {
    size: 7.5,
    bold: true,
  });
  const height = rowHeight(line);
  writer.page.drawLine({
    start: { x: MARGIN, y: y - height + 8 },
    end: { x: PAGE.width - MARGIN, y: y - height + 8 },
    thickness: 0.5,
    color: RULE,
  });
  writer.y -= height;
}

function balanceRow(writer: Writer, label: string, date: string, balanceMinor: bigint) {
  writer.text(readableDate(date), COLUMNS.date.x + 2, writer.y, { size: 7.5, bold: true });
  writer.text(label, COLUMNS.description.x, writer.y, { size: 7.5, bold: true });
  writer.right(
    statementAmount(balanceMinor),
    COLUMNS.balance.x + COLUMNS.balance.width - 2,
    writer.y,
    { size: 7.5, bold: true },
  );
  writer.y -= 16;
}

function walletSection(writer: Writer, document: StatementDocument, wallet: StatementWallet) {
  writer.ensure(80, () => undefined);
  writer.text(`${wallet.currency} wallet`, MARGIN, writer.y, { size: 11, bold: true });
  writer.y -= 20;
  tableHead(writer, wallet.currency);
  balanceRow(writer, 'Opening balance', document.from, wallet.openingMinor);
  const continued = () => {
    writer.text(`${wallet.currency} wallet (continued)`, MARGIN, writer.y, {
      size: 9,
      bold: true,
      color: MUTED,
    });
    writer.y -= 18;
    tableHead(writer, wallet.currency);
  };
  if (wallet.lines.length === 0) {
    writer.text('No movements in this period.', COLUMNS.description.x, writer.y, {
      size: 7.5,
      color: MUTED,
    });
    writer.y -= 16;
  }
  for (const line of wallet.lines) {
    writer.ensure(rowHeight(line), continued);
    movementRow(writer, line);
  }
  writer.ensure(16, continued);
  balanceRow(writer, 'Closing balance', document.to, wallet.closingMinor);
  writer.y -= 14;
}

function footers(writer: Writer, document: StatementDocument) {
  const total = writer.pages.length;
  writer.pages.forEach((page, index) => {
    writer.page = page;
    page.drawLine({
      start: { x: MARGIN, y: FOOTER_TOP },
      end: { x: PAGE.width - MARGIN, y: FOOTER_TOP },
      thickness: 0.5,
      color: RULE,
    });
    writer.text(`Verification code ${document.code}`, MARGIN, FOOTER_TOP - 14, {
      size: 8,
      bold: true,
    });
    writer.text(
      `Check that this statement is genuine and unaltered at ${document.verifyUrl}`,
      MARGIN,
      FOOTER_TOP - 26,
      { size: 7, color: MUTED },
    );
    writer.right(
      `Page ${String(index + 1)} of ${String(total)}`,
      PAGE.width - MARGIN,
      FOOTER_TOP - 14,
      { size: 8 },
    );
  });
}

/** The statement as a PDF laid out like a bank statement (pdf-lib, in the app's typeface). */
export async function statementPdf(document: StatementDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Ajo statement ${document.from} to ${document.to}`);
  pdf.setAuthor('Ajo');
  pdf.setCreator('Ajo');
  pdf.setProducer('Ajo');
  pdf.setSubject(`Verification code ${document.code}`);
  pdf.setCreationDate(document.issuedAt);
  pdf.setModificationDate(document.issuedAt);
  const { fontkit, regular, bold } = await loadTypeface();
  pdf.registerFontkit(fontkit);
  const fonts = {
    regular: await pdf.embedFont(regular, { subset: true }),
    bold: await pdf.embedFont(bold, { subset: true }),
  };
  const writer = new Writer(pdf, fonts);
  writer.newPage();
  header(writer, document);
  summaryBox(writer, document.wallets);
  for (const wallet of document.wallets) walletSection(writer, document, wallet);
  footers(writer, document);
  return Buffer.from(await pdf.save());
}
