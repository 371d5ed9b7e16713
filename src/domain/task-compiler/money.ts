// Money (docs/task-labelling.md, "risk": code, data or a service that computes, charges, pays,
// refunds, invoices or taxes money is CRITICAL). Split from risk.ts in the fourteenth session; the
// rules below are read by riskOf on the clauses that state the work.
import { gatedTest } from "./literal-gates.js";
import { lexiconMoney, moneyClassOf, namesVessel } from "./money-lexicon.js";
import { blankQuotes, type Matcher, type Reason } from "./risk.js";
import type { TaskType } from "../../contracts/task-ir.js";
import type { Clause } from "./segment.js";
import {
  FINANCE_WORDS,
  PREMIUM,
  TIPS,
  PRICE_SET,
  PROMOS,
  QUOTING,
  OFFERED_AMOUNT,
  PRICES,
  PRICING,
  RATE_CHARGED,
  APR,
  BILLS,
  CUSTOMER_BILL,
} from "./money-prices.js";

// Seventeenth session: a "fee earner" is a lawyer (the person whose time is billed), not a fee: 5
// change requests of part 98g that name one are MEDIUM but where billing itself is the work.
const MONEY_WORDS =
  /\b(fees?(?![- ]earn(?:ers?|ing)\b)|fares?|vat|withholding|ledgers?|journal (entries|postings?)|settlements?|interest (rates?|accrual|calculation)|accru(al|als|e|es|ing)|discounts?|(?<!\b(?:in|take|battery|fast|slow|wireless|usb|phone)\s)charg(e|es|ed|ing)(?!\s+(?:level|state|port|cable|controller|station|time|indicator|curve|limit)s?\b)|in-app purchases?|(parking|late|library|traffic|overdue) fines?|surcharges?|commissions?|balances?|credit notes?|(?:card|payment) authori[sz]ations?|(?:in)?direct costs?|personnel costs?|\d+ ?% (?:flat )?overheads?|overhead (?:rates?|costs?|charges?)|coupons?|allowances?|chargebacks?|disburs(?:e|es|ed|ing|ements?))\b/gi;
// Fourteenth session: a balance or an accrual of time off counts days, not money ("count it as 0.5
// days against the balance", "the carryover ran twice", `timeoff/accrual.py`, `accrued_days()`):
// the guide's money is what is charged or paid, and 4 of 4 such change requests are MEDIUM.
// Twenty-seventh session (riskA27): time off also goes by absence, the HR systems' word for it
// ("refactor(absence): split accrual.ts …", fq-012; "Absence service tech debt … three accrual code
// paths", fq-100), and a leave balance written as one name ("LeaveBalance.tsx", fq-019): the accrual
// or the balance there counts days as well (3 MEDIUM change requests of one writer were read CRITICAL).
const COUNTS_DAYS = /^(?:balances?|accru\w*)$/i;
const TIME_OFF =
  /\b(?:pto|time[-_ ]?off|timeoff|vacation|absences?|carry-?over|half[-_ ]?days?|sick days?|(?:annual|sick|parental|unpaid) leave)\b|\bTimeOff|\bleave[-_ /]?(?:balances?|accruals?|days|requests?|years?)\b|(?<=[a-z])_days\b/i;
/**
 * Whether the request speaks of time off, so that a balance or an accrual in it counts days. Behind
 * the expression's literal gate (twenty-fifth session, speed): risk and access ask it of every clause.
 */
export const speaksOfTimeOff = (texts: string[]): boolean => texts.some((text) => gatedTest(TIME_OFF, text));
// Twenty-fifth session (risk25): a charge that a battery holds or a robot or vehicle takes is
// energy, not money, as the guide's "fine" that means OK and its dye vat are no money ("battery
// 101% after a full charge", bq-072; "battery state of charge", cd-157; "close pre-charge relay",
// dl-107; "the last robot in the charging queue", ew-085): read where the clause names what holds
// the energy. A charge in a clause that prices energy ("Standing charge 53.35p/day") is still money.
const CHARGE = /^charg/i;
const HOLDS_ENERGY = /\b(?:batter(?:y|ies)|relays?|voltage|robots?|state of charge|full charge|pre-?charg\w*)\b/i;
const moneyWords = (timeOff: boolean): Matcher => ({
  exec: (text) => {
    MONEY_WORDS.lastIndex = 0;
    for (let match = MONEY_WORDS.exec(text); match; match = MONEY_WORDS.exec(text))
      if (
        !(timeOff && COUNTS_DAYS.test(match[0])) &&
        !(CHARGE.test(match[0]) && HOLDS_ENERGY.test(text)) &&
        !namesVessel(text, match[0], match.index)
      )
        return match;
    return null;
  },
});
const LOYALTY_POINTS =
  /\b(?:loyalty|bonus|reward|award|goodwill)[ _-]?points?\b|\bpoints?[ _-](?:ledgers?|balances?)\b|\b(?:expir(?:e|ing)|credit(?:ing)?|redeem(?:ing)?|award(?:ing)?|grant(?:ing)?) (?:\w+ ){0,2}points\b/i;
// A money word as a part of a snake_case or camelCase name (the word list of MONEY and the payments rule).
// Fifteenth session: also a money word first in the name of a component that does the work
// (`fare_engine/`, `refund_wizard.rb`, `payout_service`); first before anything else it only
// qualifies the head ("fare_zone" is a zone, "payout_approver" a role: HIGH, bz-116, dc-082).
// Eighteenth session: the same component written in camelCase, the money word first and the role
// after it (`dutyCalculator.ts`, `VatCalculator`, `PremiumCalculator`, `FeeService`): the 19 change
// requests on the development split that name one outside a rule are CRITICAL but one (fe-090, a
// split of `dutyCalculator.ts`, was read MEDIUM).
const MONEY_NAMES =
  /\b(?:ledger|fee|fare|invoice|payment|refund|payout|discount|surcharge|commission)s?_(?:engine|service|svc|wizard|calc\w*|module|api|worker|job|batch|processor|handler|gateway)s?\b|(?<=[a-z0-9]_)(?:ledger|fee|fare|invoice|payment|refund|payout|discount|surcharge|commission|net_pay|gross_pay|bill)s?\b(?!\.\w)|(?<=[a-z])(?:Ledger|Fee|Fare|Invoice|Payment|Refund|Payout|Discount|Surcharge|Commission|NetPay|GrossPay|Bill)s?(?![a-z])|\b(?:[Dd]uty|[Tt]ax|VAT|[Vv]at|[Ff]ee|[Ff]are|[Pp]rice|[Pp]ricing|[Pp]remium|[Tt]ariff|[Ll]evy|[Cc]ommission|[Pp]ayout|[Rr]efund|[Ii]nvoice|[Pp]ayment|[Dd]iscount|[Ss]urcharge|[Dd]eposit|[Ii]nterest|[Pp]ayroll|[Ww]age|[Ss]alary|[Bb]illing)(?:Calculator|Calc|Engine|Service|Svc|Calculation|Computer)s?(?![a-z])/;
// Twenty-second session: a type named for the charge, price or quote it models, the money word its
// head ("HireCharging.php", fy-045; "a single PlanPricing", fy-174; "SeasonTicketPrice.cs", fz-050;
// "into DistanceCharge", fz-187): the code that computes what a customer pays, whatever the trade's
// word before it. A type is a capitalised name; a function named for what it does to a price
// ("formatPrice", "buildQuote") formats or assembles it, which the guide's formatting of a price
// is not money work, and "isCharging" is a battery's state; the money word must end the name ("GemPriceLabel"
// is a label).
const PRICED_PART = /(?<=[a-z])(?:Charges?|Charging|Pricing|Prices?|Quotes?)(?![A-Za-z])/g;
const TYPE_HEAD = /(?<![\w$])[A-Z][A-Za-z]*$/;
const PRICED_TYPES: Matcher = {
  exec: (text) => {
    PRICED_PART.lastIndex = 0;
    for (let found = PRICED_PART.exec(text); found; found = PRICED_PART.exec(text))
      if (TYPE_HEAD.test(text.slice(Math.max(0, found.index - 40), found.index))) return found;
    return null;
  },
};
// Fourteenth session: the pay of employees is the payroll area, which the guide counts as money as
// it counts billing: "payroll" named as a system or its work ("payroll-engine", "Payroll has the
// rounding thing again", "add a reimbursement earning type to payroll"), net, gross and overtime
// pay, wages, paychecks, direct deposit and the payment rails that carry pay and payouts (SEPA, ACH, BACS).
// On the development split every change request with these words outside a path is CRITICAL but
// five, each of which the exceptions below name: "payroll" inside another name
// ("staging-payroll-old") or a path, and payroll as the one a change is *for* ("a view for the
// payroll export", "frozen for the external payroll vendor"), which changes no pay. A payslip or a
// bank file alone is left out: its PDF and its upload are split between writers (bw-138, bw-034).
// Twenty-first session: payroll that qualifies the people who run it ("each employer's payroll
// contact", ft-123; "the payroll team is waiting", fq-046) names who, not pay computed.
// Twenty-second session: so does payroll as the subject of what people do, keep, want or say
// ("Regional managers and payroll keep full access", fy-168: who may edit pay rates, HIGH).
const PAYROLL =
  /(?<![-/\w.]|\bfor (?:the |our |their |an? )?(?:\w+ )?)payroll(?![/\w.])(?! (?:contacts?|teams?|managers?|officers?|staff|people|department|admins?|clerks?|leads?|keeps?|kept|can|could|wants?|wanted|asks?|asked|says?|said|tells?|told)\b)|\b(?:net|gross|take-home|overtime|back) pay\b|\bwages?\b|\bpaychecks?\b|\bdirect[- ]deposits?\b|\b(?:sepa|bacs)\b(?![./])|\bACH\b/i;

// Fifteenth session: tax computed or charged is the guide's "taxes money" (tax/VAT): on the
// development split 33 of the 35 change requests that name it outside a path or a hyphenated name
// ("tax-portal", "the tax adviser portal" name a system) are CRITICAL, the other two LOW. IPT
// is the insurance premium tax ("applies the 9.5% IPT twice", "premium-engine 2.31.0 (new IPT rate)").
// Twenty-first session: GST and QST are the sales taxes of Australia, New Zealand and Canada, VAT by
// other names ("the gst is wrong again", fv-042; "without GST/QST at checkout", bv-001).
const TAX = /(?<![-/\w.])(?:tax(?:es|ed)?|ipt|gst|qst)(?![-/\w.])(?! (?:advis[eo]rs?|portal|clients?|year|office)\b)/i;
// Fifteenth session: stored amounts of money named in a currency's units ("to integer minor units
// (amount_minor BIGINT)", "an integer amount_pence column"): converting them or changing code that
// computes with them is money work (the guide: money data and billing data
// changed are CRITICAL): 18 of the 19 change requests that name them on the development split.
const MONEY_AMOUNTS =
  /\bamount_(?:minor|pence|cents)\b|\bamounts?\b[^.;]{0,60}?\b(?:minor units|pence|cents)\b|\b(?:minor units|pence|cents)\b[^.;]{0,40}?\bamounts?\b/i;

// Seventeenth session: a deposit is money taken ahead of a sale or a booking (the deposit split,
// the £99 deposit a validator checks, no-show deposits, the deposit field of leases): 21 of the 22
// change requests that name one on the development split are CRITICAL, by writers of 14 parts
// (bq-126, et-161, fb-080 and fb-164 were read MEDIUM or HIGH). Not money work: a quoted word (a
// scam's "'holding deposits'" in a duplicate-photo check is data), the deposit amount as one field
// of a record an endpoint returns (an access fix, HIGH), a deposit source letter (a document) and
// a deposit box.
const DEPOSIT = /\bdeposits?\b(?! (?:source|amount|box)e?s?\b)/i;
const DEPOSITS: Matcher = { exec: (text) => DEPOSIT.exec(blankQuotes(text)) };

// Eighteenth session: money paid out of an account is the guide's "pays money" in other words: paid
// out ("the prize amounts that are paid out to winners", "so a retried request can't pay out twice"),
// a cash-out (betting), and withdrawals of funds, named as transactions ("ETH withdrawals above 1
// ETH", "the withdrawals page") or as a part of the system that handles them ("the withdrawal flow",
// "a daily withdrawal cap", "the withdrawal whitelist"): 13 change requests of 3 parts on the
// development split, all CRITICAL (bl-026, bl-137, bp-002 and ten of part 98m were read lower). A
// withdrawal of consent, of a lot from an auction or of a team from a tournament moves no money: the
// consent is named with it, and the singular is read only before a part of a money system.
// (The 3-D Secure check of a card payment is read with the payment words above: 5 of 5 CRITICAL.)
// Twenty-first session: a thing said to be paying, charging, refunding or billing now ("4.12.1 is
// paying the canola second advance at the wheat rate", fv-169; "3.9.0 is charging the truck tariff to
// motorbikes", bf-038) is a system that pays or charges, whatever the domain calls the money: the 14
// such change requests on the development split are CRITICAL.
const PAID_OUT =
  /\b(?:is|are|was|were|keeps?|kept) (?:paying|charging|refunding|billing|invoicing)\b|\bpa(?:y|ys|id|ying) out\b|\bcash[- ]?outs?\b|(?<!\bconsent[- ])\bwithdrawals\b(?![- ]of[- ]consent)|\bwithdrawal[- ](?:flow|page|screen|whitelist|cap|limits?|address(?:es)?|requests?|service|svc|batch\w*|worker|queue)\b/i;
// Twenty-seventh session (riskA27): the people a product serves paying or buying in it is the
// product taking their money, whatever it sells ("Customers want to pay for the brewery tour
// online", ce-070; "People should be able to buy one, send it by email", gc-101; "player cant buy
// gems, says error", fx-096): the guide's "charges money", said of the one who pays. Read where the
// customer, player, member or guest is the subject of the paying (a modal or a "can't" between), so
// "what they pay for" said of the business and a price paid to a supplier are not read.
const PARTY_PAYS =
  /\b(?:customers?|users?|players?|members?|guests?|people|buyers?|parents?|patients?|clients?|tenants?|visitors?|students?|shoppers?|riders?|passengers?|fans?)\s(?:can(?:not|'t|’t|t)?|could(?:n't|n’t)?|should be able to|want to|wants to|are unable to|to)\s(?:pay|buy|purchase|top up)\b/i;
// A wallet that holds customers' money is money as an account is: one topped up ("Customers topping
// up the laundromat wallet with €7.35") and the service named by that role ("wallet-svc", "harden the
// wallet service"): 5 change requests of 2 parts, all CRITICAL, none at another level. Not a wallet
// that holds passes or tickets ("Add to Apple Wallet", "the Android ticket wallet … wallet module": a
// clause that names passes or tickets is left alone, and the word alone is not read), a product
// named with a capital ("the Wallet pilot"), nor the word as a folder of a path
// ("wallet-api/src/auth/jwt.rs", access control, HIGH).
const WALLET = /(?<![-/\w.])wallet(?:-svc|-service| service)\b(?![-\w]*\/)|\btop(?:s|ping)?[- ]?up (?:[\w-]+ ){0,3}?wallets?\b/;
const WALLETS: Matcher = {
  exec: (text) => (/\b(?:pass(?:es)?|pkpass|boarding|tickets?)\b/i.test(text) ? null : WALLET.exec(text)),
};

// Twenty-first session: a system whose name says it pays, prices or computes money, written as one
// lower-case name: "pay" its head ("poolpay", "folio-pay"), a price its first part ("pricefeed"), or
// a money noun joined to a calculator ("benefits-calc"). It is money work where the request works
// in it, ships it or names its version ("Rename calc_adv() … across poolpay", fv-032; "Deploy
// folio-pay 3.14.2 to production", fu-006; "roll benefits-calc in prod back", ft-077), not where
// it is only where data comes from or a fact about it ("Just reading it from poolpay", fv-118; "The
// quote is already stored by benefits-calc", ft-125; "pricefeed publishes fine", fv-138).
// Twenty-second session: the same where the name's head is the pricing or the quote it makes
// ("tyre-pricing", ga-187; "finance-quote", fb-180; "fx-quotes", dc-032: a quote is the price a
// customer is offered), and where the request works in the system's code ("The teacher-pay code is
// really hard to follow", fy-055), and a money noun joined to its run as one word ("Ship payrun
// 4.18.2 to prod", fq-005; the pay run is pay computed): what the system does is what its name says.
// Twenty-seventh session (riskA27): the same where the name's head is the money it bills, charges or
// pays, joined to the trade's word for what is billed as one word ("Release heatbill 3.14.0 to
// production", gd-041; "deploy(gatefee): …", gk-159; "Merge the duplicate fleet accounts in
// fleetbill", gh-115): a heatbill bills heat as a freight bill bills freight, and the hyphenated
// names ("club-bill", "late-fee") were already read.
// Twenty-eighth session (riskA28): a quote joined to the name as one word, as a price is ("Push
// railquote 3.1.0 to prod tonight", gn-094; "Deploy quotebuilder 2.14.0 to production", ge-009):
// the hyphenated quote names ("finance-quote") were already read, and a quote is the price a
// customer is offered (QUOTING).
// The heads are the guide's own nouns (billing, invoices, refunds, fees, fares, tolls, payroll,
// payouts); English words that end so ("coffee", "welfare") are not names, and a ledger may count
// carbon ("carbonledger", bo-137, HIGH), so it is left out.
const SYSTEM_NAME = /(?<![-\w/\\.@$#])[a-z]+(?:-[a-z]+)?(?![-\w/\\@]|\.\w)/g;
const CALCULATOR = /^([a-z]+)-?(?:calc|calculator|engine|run)$/;
const BILLED_HEAD = /^[a-z]{3,}(?:bill|billing|fees?|fares?|tolls?|invoices?|refunds?|payouts?|payroll)$/;
const ENDS_LIKE_A_BILL = /^(?:[ct]offee|welfare|warfare|thoroughfare|spoonbill|handbill|duckbill|hornbill|wayfare)s?$/;
const namesMoneySystem = (name: string): boolean => {
  if (/^[a-z]{2,}-?pay$|^price[a-z]{3,}$|^[a-z]{2,}-(?:pricing|quotes?)$|^[a-z]{3,}quotes?$|^quote[a-z]{3,}$/.test(name))
    return !/^(?:priceless|re-?pay|over-?pay|under-?pay|misquotes?|unquotes?|quoteworthy)$/.test(name);
  if (BILLED_HEAD.test(name)) return !ENDS_LIKE_A_BILL.test(name);
  const part = CALCULATOR.exec(name)?.[1];
  return part !== undefined && moneyClassOf(part) !== undefined;
};
// Twenty-fourth session (risk24): a conventional commit's scope names the system the change is
// in ("refactor(royalty-engine): rename calc_mech() …", gc-154; "fix(payrun): Class 1A NI on
// benefits uses 13.8% …", fq-161), as "in" or "across" before the name does.
const WORKED_IN =
  /(?:\b(?:in|inside|within|across|into|to|deploy|release|ship|promote|redeploy|roll|rollback|back)\s+(?:the\s+)?|(?:^|\s)[a-z]+!?\()$/i;
// Twenty-fourth session (risk24): the system's code may be named with one word of its own between
// ("producer-pay grid code is spaghetti", gc-094), and a system said to be doing something now
// ("royalty-calc is applying 2.5% to copper concentrate", gc-001) is the system whose work is wrong,
// as "4.12.1 is paying … at the wheat rate" is (PAID_OUT): the fix is in it.
/** What follows a system's name where the request names its version or its code, or says what it is doing. */
const ITS_VERSION_OR_CODE = /^\s+(?:v?\d|(?:[a-z]+ )?(?:code|logic|module|codebase)\b|(?:is|are) [a-z]+ing\b)/;
// A name before what it qualifies names that thing: "the payrun image" is a base image patched
// (fq-140, a CVE in the image, MEDIUM), not the system's code.
const QUALIFIES_INFRASTRUCTURE = /^\s+(?:images?|containers?|dockerfiles?|repos?|repository|pipelines?|builds?)\b/i;
const MONEY_SYSTEMS: Matcher = {
  exec: (text) => {
    // Each name above holds one of these; most clauses hold none, and are not read word by word.
    if (!/pay|price|pricing|quote|-calc|-engine|bill|fee|fare|toll|invoice|refund/.test(text)) return null;
    SYSTEM_NAME.lastIndex = 0;
    for (let found = SYSTEM_NAME.exec(text); found; found = SYSTEM_NAME.exec(text)) {
      if (!namesMoneySystem(found[0])) continue;
      const end = found.index + found[0].length;
      const next = text.slice(end, end + 16);
      if (QUALIFIES_INFRASTRUCTURE.test(next)) continue;
      if (WORKED_IN.test(text.slice(Math.max(0, found.index - 16), found.index)) || ITS_VERSION_OR_CODE.test(next)) return found;
    }
    return null;
  },
};

// Twenty-first session: an amount of money written out (a currency sign or code with a number) in
// the work is the money the code charges, pays or limits, whatever the domain calls it ("the £250
// young driver excess gets added twice", fo-081; "pre-authorises a fixed 150 EUR per night", fu-117;
// "a daily outgoing transfer limit of 5,000 EUR", bx-036). Not where the amount is what something
// costs us or a budget for the work ("it's costing us about £1,800 a month", "under $3 of model
// spend"), nor a price shown or formatted ("show £12.5 instead of £12.50", ee-059: the guide's
// formatting of a price is no money work), nor SQL's "$1" or a compiled class's "$1".
const AMOUNT =
  /(?<![\w$=])(?<![=<>] )(?:[£€$]|\b(?:EUR|GBP|USD|AUD|NZD|CAD|CHF) ?)\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d+)? ?(?:EUR|GBP|USD|AUD|NZD|CAD|CHF|euros?|dollars?|pounds)\b/;
const OUR_SPEND_OR_SHOWN =
  /\b(?:cost(?:s|ing)?|spend(?:s|ing)?|spent|budget|pay (?:about|around|roughly)|shows?|showing|displays?|displayed|render(?:s|ed)?|format\w*|prints?)\b/i;
const AMOUNTS_CHARGED: Matcher = {
  exec: (text) =>
    /[£€$]|EUR|GBP|USD|AUD|NZD|CAD|CHF|euro|dollar|pound/.test(text) && !OUR_SPEND_OR_SHOWN.test(text) ? AMOUNT.exec(text) : null,
};

// Twenty-fourth session (risk24): a point of sale is the system that charges the customer at the
// counter, whatever the trade sells: the tills ("roll the new GrowPOS to the tills", ga-173;
// "Deploy till-sync 2.14.0 to the six pilot branches", ga-006), an EPOS ("roll the new epos out to
// the rest of the shops", gc-149), a POS or a cash register. On the development split 11 change
// requests of 8 parts name one, all CRITICAL. "till" alone is also "until": read as a noun after a
// determiner, in the plural or joined to a name. POS is written upper-case (alone or ending a name).
const POINT_OF_SALE =
  /\b[Tt]ills\b|\b(?:[Tt]he|our|a|each|every|shop|store|branch) till\b|(?<![-\w/.])till-[a-z]+\b|\b[Ee]pos\b|(?<![a-z])E?POS\b|(?<=[a-z])E?POS\b|\b[Pp]oint[- ]of[- ]sale\b|\b[Cc]ash registers?\b/;
// Twenty-fourth session (risk24): an amount checked or lost in the currency's smallest unit is money
// the code computes, whatever the trade calls it: "Results must stay identical to the penny"
// (fq-030, NI), "3p off the sum of the individual donations" (fw-001, Gift Aid), "leftover pennies
// vanish (… 7p lost across 13 winners)" (fn-022, prize pools). On the development split 40 change
// requests of 30 parts say so, all CRITICAL.
const SMALLEST_UNIT =
  /\bto the (?:penny|cent)\b|\b(?:a|one|\d+) ?(?:p|pence|penny|pennies|cents?) (?:off|out|short|lost|over)\b|\b(?:leftover|missing|lost|stray) (?:pennies|pence|cents)\b/i;

// Twenty-eighth session (riskA28): code in a folder named for the money it computes, charges
// or pays ("paid at 1.25 instead of 1.5 in payroll/calc/overtime.ts", bc-072; "clean up that helper
// in payroll/engine/net_pay.py", em-003; "split tax/filings/forms.py", em-049; "Split
// web2print/src/pricing/matrix.js", gf-147) is the guide's money code, as the billing area counts as
// a whole (docs/task-labelling.md, "risk"): where the work is in it, the path says what the code
// does, whatever the trade calls its money. A path that is only forbidden or left alone is not read
// (risk reads the acting clauses only, acting-part.ts), nor one another party's records are reached
// by (access control, risk.ts). The segment is a whole folder name with more path after it:
// "the billing/ team", "tax-portal/" and a page's file ("marketing/src/pages/pricing.astro", dh-018,
// the pricing page) are none. A payslip or a bank file alone the guide leaves out (its PDF and its
// upload are split between writers: bw-138, bw-034), so a clause that names one is not read.
const MONEY_FOLDER = new RegExp(
  String.raw`(?<![\w.-])(?:payroll|billing|pricing|tax|taxes|vat|invoices?|invoicing|payments?|refunds?|payouts?|ledgers?|wages|salar(?:y|ies)|fees|fares)[\/\\](?=[\w.-])`,
  "i",
);
const PAYSLIP_OR_BANK_FILE = /\bpay ?slips?|\bbank[ _-]?files?\b/i;
const MONEY_PATH: Matcher = { exec: (text) => (PAYSLIP_OR_BANK_FILE.test(text) ? null : MONEY_FOLDER.exec(text)) };

/** The money rules written by hand, with the reason each gives (see speaksOfTimeOff). */
const handMoneyRules = (timeOff: boolean): [Matcher, Reason][] => [
  [
    /\b(payments?|billing|stripe|apple pay|google pay|paypal|invoic(e|es|ing)|refunds?|payouts?|charg(e|es|ing) (customers?|cards?)|3-?d(?:s2?| secure)|direct[- ]debits?)\b/i,
    "touches payments",
  ],
  // Twenty-fourth session (risk24): a direct debit is how a customer is charged, as a card payment
  // is: 19 of the 20 development change requests that name one are CRITICAL, by writers of 15 parts
  // (the other is a remark no type fits, UNKNOWN); gb-008 "moves Flyer Club direct debit
  // collections from the 1st to the 5th" was read HIGH. A point of sale (the tills, EPOS, a POS)
  // takes the customer's money, and an amount checked or lost in pennies or cents is money computed:
  // read beside it.
  [POINT_OF_SALE, "charges customers at a point of sale"],
  [SMALLEST_UNIT, "computes money to the penny or cent"],
  [MONEY_PATH, "changes code in a folder named for money"],
  // Twenty-fourth session (risk24): a share taken off a price is a discount, which the guide counts
  // as money ("a 10% code ends up as 20% off the order total", df-129; "Member price is already 15%
  // off; … Orders C&K-20931 and C&K-20944 got 25% off", gc-102): 12 of the 13 development change
  // requests that say "N% off" are CRITICAL, the other a display set LOW by its caller (ee-069).
  [/\b\d+(?:\.\d+)? ?% off\b/i, "computes, charges or pays money"],
  [PAID_OUT, "computes, charges or pays money"],
  [PARTY_PAYS, "charges the people who pay in it"],
  [WALLETS, "computes, charges or pays money"],
  // Tenth session: more of the guide's money words. Kept where, on the development split and five
  // blind parts, the word decided CRITICAL in at least 3 of 4 change requests (charges 11 of 12,
  // fares 11 of 13, discounts 8 of 10, fees 4 of 5, ledgers 4 of 4, VAT 3 of 4) or never decided
  // otherwise; tax (4 of 6), premiums (5 of 7), payslips, salaries and pensions fell short and are
  // left out, as are "price" and "currency" (a price in a generic component). Payroll (9 of 13
  // then) is read since the fourteenth session by PAYROLL below.
  // Twelfth session: what a grant or project is charged (personnel and direct costs, an overhead
  // rate: "the 22% overhead") is computed money too; "overhead" alone is as often a cost in time.
  [moneyWords(timeOff), "computes, charges or pays money"],
  // Thirteenth session: points members collect and spend are money in other clothes ("2,000 bonus
  // points for every member", "expire points older than 36 months", a points balance), and a money
  // word inside an identifier names money code as the word does (`points_ledger`, `round_fare()`,
  // `calcFee()`, `calculateDiscount`); "story points" and "data points" are neither.
  [LOYALTY_POINTS, "changes points members hold, which are money"],
  // Twenty-first session: a price said to be wrong is a defect in a price computed ("Booking engine
  // shows wrong prices sometimes. Fix.", fu-192; "the seat price is wrong on some invoices", ey-058).
  // A price computed, not shown: "the hammer prices are rounded wrong", "calculates the price of
  // bread sold by weight" (sorting or formatting a price in a generic component stays MEDIUM).
  // Twenty-second session: a rate said to be wrong, the word alone, is a price or a payment
  // computed wrongly in the same way ("The 2025/26 dividend went on at the wrong rate", fz-072; "the
  // old click & collect orders that got the wrong rate", fz-087; "Bills going out at the wrong rate",
  // fa-081): 4 change requests on the development split, all CRITICAL; a rate of another kind is
  // named with its kind ("the wrong sample rate") and not read.
  // Fourteenth session: a surge multiplier, its cap or its smoothing sets the fare riders pay ("fix
  // the surge cap", "a `surge.smoothing_window` option", "new surge caps"), where a surge heatmap
  // or a "surge" alert only shows demand.
  [
    /\b(?:round|calculat|comput|recalculat)\w*\b[^.;]{0,30}?\bprices?\b|\bprices?\b[^.;]{0,20}?\b(?:are|is) (?:rounded|calculated|computed)\b|\bsurge(?=[\s._-]*(?:caps?|multipliers?|pricing|prices?|smoothing|factors?)(?![a-z]))|\b(?:fare|price) multipliers?\b|\b(?:wrong|incorrect) (?:prices?|rates?)\b|\bprices?\b[^.;]{0,20}?\b(?:are|is) (?:wrong|incorrect)\b/i,
    "computes, charges or pays money",
  ],
  [MONEY_NAMES, "changes code named for money"],
  [PRICED_TYPES, "changes code named for money"],
  [PAYROLL, "computes or pays employees' pay"],
  [TAX, "computes or charges tax"],
  [MONEY_AMOUNTS, "changes stored amounts of money"],
  [FINANCE_WORDS, "computes, charges or pays money"],
  [PRICE_SET, "sets or computes a price"],
  [PRICING, "sets or computes a price"],
  [QUOTING, "sets or computes a price"],
  [OFFERED_AMOUNT, "sets or computes a price"],
  [PROMOS, "computes, charges or pays money"],
  [PREMIUM, "computes, charges or pays money"],
  [TIPS, "computes or pays employees' pay"],
  [RATE_CHARGED, "sets or computes a price"],
  [APR, "sets or computes a price"],
  [BILLS, "computes, charges or pays money"],
  [CUSTOMER_BILL, "computes, charges or pays money"],
  [DEPOSITS, "computes, charges or pays money"],
  [MONEY_SYSTEMS, "changes a system named for paying, pricing or computing money"],
];
// Nineteenth session: the nouns WordNet classes as money (money-lexicon.ts), read after every rule
// above, in the same clauses and with the same exceptions: a quoted word is data, and a balance or
// an accrual in a request about time off counts days. A word a rule above reads on its own ("fee",
// "tax", "premium", "deposit") is left to that rule, which reads it in its context ("fee earner",
// "the tax adviser portal", "a premium plan" are no money work). The explanation names the word and
// WordNet's class for it ("royalty (WordNet: payment)").
const HAND_RULES = handMoneyRules(false);
const handReads = new Map<string, boolean>();
const readByHand = (word: string): boolean => {
  let read = handReads.get(word);
  if (read === undefined) handReads.set(word, (read = HAND_RULES.some(([rule]) => rule.exec(word) !== null)));
  return read;
};
const lexiconWords = (timeOff: boolean): Matcher => ({
  exec: (text) => {
    const found = lexiconMoney(blankQuotes(text), readByHand);
    if (!found || (timeOff && COUNTS_DAYS.test(found.lemma))) return null;
    return found.match;
  },
});
const byLexicon: Reason = (match) =>
  `computes, charges or pays money: ${match[0]} (WordNet: ${moneyClassOf(match[0])!.replace(/_/g, " ")})`;
// A quoted line ("> Hi, the app logs me out whenever I try to pay my rent", a forwarded complaint)
// is data, as quoted errors are (the guide, "ambiguous"): it says where a defect shows, not what the
// work computes (et-126, a logout bug, HIGH).
const outsideQuotedLines = (clause: Clause): boolean => clause.role !== "data";
/** Where a money rule reads: every clause of the work, or only those its predicate keeps. */
export type MoneyRule = [Matcher, Reason, ((clause: Clause, type: TaskType) => boolean)?];
const moneyRules = (timeOff: boolean): MoneyRule[] => [
  ...handMoneyRules(timeOff),
  [lexiconWords(timeOff), byLexicon, outsideQuotedLines],
  [AMOUNTS_CHARGED, "charges, pays or limits an amount of money", outsideQuotedLines],
  [PRICES, "ships prices", (clause, type) => type === "DEPLOY" && outsideQuotedLines(clause)],
];
export const MONEY_RULES = { plain: moneyRules(false), timeOff: moneyRules(true) };
