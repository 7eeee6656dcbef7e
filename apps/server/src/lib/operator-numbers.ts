/** Numbers as the operator commands print them, in Brazilian Portuguese. */
export const integer = new Intl.NumberFormat('pt-BR');

const dollars = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});

/** Costs are stored in millionths of a US dollar. */
export const usd = (microUsd: number) => dollars.format(microUsd / 1_000_000);

/** A size as the import's messages and operator commands say it: "2,5 MB". */
export const megabytes = (bytes: number) =>
  `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
