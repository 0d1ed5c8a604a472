/** Bank account statement. */
import type { DocumentTypeDeclaration } from '../declaration.ts';
import { datedBalanceRows, hasIfsc, re } from '../cues.ts';
import { extractBankStatement } from '../fields/bankStatement.ts';


export const bankStatement: DocumentTypeDeclaration = {
  type: 'BANK_STATEMENT',
  cues: [
    // (a branch counter or an ATM prints the last entries as a "Mini Statement")
    re('statement-of-account', 4, /statement\s*of\s*account|account\s*statement|bank\s*statement|\bmini\s*statement\b|\bsummary\s*cum\s*statement\b|\bstatement\s*cum\b/i),
    { name: 'valid-ifsc', weight: 1.5, test: hasIfsc },
    // (a roll's narrow columns abbreviate them: "Opening Bal", "Closing Bal.")
    re('balances', 1.5, /opening\s*bal(?:ance|\b\.?)|closing\s*bal(?:ance|\b\.?)/i),
    // ("Chq No.", "Txn Date", "Value Date": the columns as a net-banking print abbreviates them)
    re('transaction-columns', 1, /withdrawals?|deposits?|narration|cheque\s*no|\bchq\b|\btxn\.?\s*date\b|\bvalue\s*date\b/i),
    // A statement titled by its rows rather than "statement": "Details of Transactions", "Account
    // Transaction Details", "Transaction History", "Account Activity".
    re('transactions-title', 2, /\bdetails\s*of\s*(?:the\s*)?transactions\b|\b(?:account\s*)?transaction\s*(?:details|history)\b|\baccount\s*activity\b/i),
    // The ledger itself: rows that open with a date and close with a running balance (an electricity
    // consumer ledger has them too, and its own words beside).
    { name: 'dated-balance-rows', weight: 2, test: datedBalanceRows },
    re('account-labels', 1.5, /account\s*(?:holder|number|no)|a\/c\s*no/i),
    re('statement-period', 1.5, /statement\s*(?:period|from|date)|period\s*of\s*statement/i),
    re('passbook', 2, /pass\s*book/i),
    re('bank-codes', 1, /\bMICR\b|\bCIF\b|cust(?:omer)?\s*id|branch\s*code/i),
    // A utility's consumer ledger ("Consumer Account Statement cum Bill") has a bank statement's words and rows, but
    // no bank meters a supply: a meter number, a tariff, kWh or units billed make it a bill.
    re('metered-supply', -4, /\bmeter\s*(?:no|number|reading|rent|status)\b|\bkwh\b|\btariff\b|\bunits?\s*(?:consumed|billed)\b|\bsanctioned\s*load\b/i),
  ],
  fields: {
    account_holder: 'string',
    account_number: 'string',
    ifsc: 'string',
    bank_name: 'string',
    period_from: 'string',
    period_to: 'string',
  },
  extract: extractBankStatement,
  vocabulary: {
    account_holder: {
      labels: [
        /(?:account|a\s*[\/l1|]\s*c|acct\.?)\s*holder(?:'s)?(?:\s*name)?/i,
        /(?:account|a\s*[\/l1|]\s*c)\s*name/i,
        /name\s*of\s*(?:the\s*)?(?:account\s*holder|depositor|customer)/i,
        /(?:customer|depositor)(?:'s)?\s*name/i,
        /\bname\b/i,
      ],
    },
    // "A/c" comes back as "Alc" or "A1c"; "No." as "N0."
    // ("A/c No." with its slash and space lost: "AcNo.")
    account_number: { labels: [/(?:(?:s\.?\s*b\.?|savings|current|ca|sb)\s*)?(?:account|a\s*[\/l1|]\s*c|acct\.?|\ba\s*c\b\.?|\bac(?=n[o0]\b))\s*(?:n[o0]|number|#)\.?/i] },
  },
  addressFields: [],
  pageImage: false,
  sparseReread: false,
  secondReading: { whenWeak: ['account_holder', 'account_number', 'ifsc', 'bank_name', 'period_from', 'period_to'] },
};
