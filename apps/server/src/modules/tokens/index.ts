// The public face of the tokens module: what other modules, app.ts and the CLI may use.
export { costMicroUsd, type Pair } from './token-allocation';
export {
  createTokenLedger,
  recordOperatorUsage,
  type TokenLedger,
  usageReport,
} from './token-ledger.service';
export { createTokensService } from './tokens.service';
export { tokensPersonalData } from './personal-data';
