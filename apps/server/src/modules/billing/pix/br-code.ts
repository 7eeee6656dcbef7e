/**
 * The PIX "copia e cola" payload (BR Code): EMV QRCPS merchant-presented mode as the Banco Central do
 * Brasil specifies it for PIX. Each field is ID (2 digits) + length (2 digits) + value; the payload
 * ends with field 63, a CRC16-CCITT-FALSE of everything before it including "6304".
 */

/** CRC16-CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final xor. */
export function crc16CcittFalse(data: string): number {
  let crc = 0xffff;
  for (const byte of Buffer.from(data, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

function field(id: string, value: string): string {
  const length = Buffer.byteLength(value, 'utf8');
  if (length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 bytes`);
  return `${id}${String(length).padStart(2, '0')}${value}`;
}

/** Letters without accents, as the payer's bank shows them; other characters become spaces. */
function plain(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

export interface BrCodeInput {
  /** The receiver's PIX key (e-mail, phone, CPF/CNPJ or random key). */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Integer centavos; omitted: the payer types the amount. */
  amountCentavos?: number;
  /** Up to 25 letters and digits; '***' when there is none. */
  txid?: string;
  /** Point of initiation '12': the code is meant for one payment. */
  singleUse?: boolean;
}

export function buildBrCode(input: BrCodeInput): string {
  const txid = input.txid ?? '***';
  if (txid !== '***' && !/^[A-Za-z0-9]{1,25}$/.test(txid)) {
    throw new RangeError('BR Code txid must be 1 to 25 letters and digits');
  }
  if (input.amountCentavos !== undefined) {
    if (!Number.isInteger(input.amountCentavos) || input.amountCentavos <= 0) {
      throw new RangeError('BR Code amount must be a positive number of centavos');
    }
  }
  const payload = [
    field('00', '01'),
    input.singleUse ? field('01', '12') : '',
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)),
    field('52', '0000'),
    field('53', '986'),
    input.amountCentavos !== undefined ? field('54', formatAmount(input.amountCentavos)) : '',
    field('58', 'BR'),
    field('59', plain(input.merchantName, 25)),
    field('60', plain(input.merchantCity, 15)),
    field('62', field('05', txid)),
    '6304',
  ].join('');
  return payload + crc16CcittFalse(payload).toString(16).toUpperCase().padStart(4, '0');
}

/** 3490 -> '34.90': a dot and two decimals, no thousands separator. */
function formatAmount(centavos: number): string {
  return `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** True when the payload's last four characters are the CRC of the rest. */
export function hasValidCrc(payload: string): boolean {
  const body = payload.slice(0, -4);
  return (
    body.endsWith('6304') &&
    crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0') === payload.slice(-4)
  );
}

/** The top-level fields of a payload, by id (for tests and the sandbox page). */
export function parseBrCode(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let position = 0;
  while (position < payload.length) {
    const id = payload.slice(position, position + 2);
    const length = Number(payload.slice(position + 2, position + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error('malformed BR Code');
    fields.set(id, payload.slice(position + 4, position + 4 + length));
    position += 4 + length;
  }
  return fields;
}
