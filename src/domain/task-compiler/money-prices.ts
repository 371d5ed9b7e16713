// Money named by what the work prices, quotes or bills (docs/task-labelling.md, "risk": code that
// computes, charges, pays, refunds, invoices or taxes money is CRITICAL): the finance words, prices,
// quotes, rates and bills that money.ts's hand rules read. Split from money.ts in the twenty-fifth
// session (risk25), when it passed 400 lines; the expressions are unchanged.
// Sixteenth session: more of the words any finance glossary has for what is charged, paid or
// owed, counted over the development split (change requests the rules did not yet raise): interest
// 6 CRITICAL of 7 (the seventh, "interest-only cases", names a kind of loan, a word with a hyphen;
// "of interest", "interest in" are curiosity), affordability (what a client may borrow) 5 of 5,
// repayments and arrears 2 of 2, instalments 1 of 1, tariffs 5 of 5 outside a path or a branch
// name, and duty named as a tax ("customs duty", "the duty calc", 4 of 4; "on duty", "duty
// managers", "Consumer Duty" are none; eighteenth session: duty rounded is duty
// computed, "the per-line duty rounding fix", fe-199). A component named by its role keeps the word:
// "affordability-service", `AffordabilityCalculator`; so does the rating engine, which prices
// usage or cover (telecom and insurance, 3 CRITICAL of 3); the component named only as the place
// of a repository ("delete tag v4.0.0-rc1 from the rating-engine repo") changes none of its code.
export const FINANCE_WORDS =
  /(?<![-/\w.])(?:interest(?!-)(?<!\b(?:of|express(?:es|ed)?|show(?:s|ed|n)?|public|special|little|no|lost|your|their|my|our) interest)(?! in\b)|affordability|rat(?:ing|es)(?=[-_ ]engine)|repayments?|arrears|instal?lments?|tariffs?|(?:customs|excise|import|export|stamp|anti-dumping) dut(?:y|ies)|dut(?:y|ies)[ _-]?(?:calc\w*|round\w*|rates?|amounts?|thresholds?|payable|owed))(?:[-_ ]?(?:service|svc|engine|calculator|calculation|module|worker))?(?![-/\w.])(?! (?:repo|repository)\b)/i;
// Sixteenth session: a premium is what a policyholder pays ("bumps their premium", "the renewal
// premium", "Premium correction, home renewals") or a supplement to pay ("the night-shift
// premium"): money, 8 CRITICAL change requests the rules missed on the development split. A
// premium that is a product's level is not: a word it qualifies follows ("a premium plan", "the
// premium wash", "premium articles") or it is a quality ("feel more premium", "a free week of
// Premium").
export const PREMIUM =
  /(?<!\b(?:more|feel|of) )\b[Pp]remiums?\b(?![ -](?:plans?|tiers?|members?(?:hip)?s?|subscri\w+|accounts?|wash(?:es)?|videos?|articles?|content|access|features?|users?|customers?|seats?|rooms?|versions?|products?|badges?|listings?|support|cars?|look|and)\b)(?!\/)/;
// Sixteenth session: tips as gratuities are pay ("the tips calc", "the old tips data", "the
// double-counted Toast tips", "the tip pool"), 4 CRITICAL change requests of 4 on the development
// split; tips as advice ("interview tips", "tips and tricks") name nothing counted or paid, so the
// word is read only where something counts, shares, pools or pays it.
export const TIPS =
  /\btips? (?:pool\w*|calc\w*|shares?|split|credits?|payouts?|data|totals?|amounts?)\b|\b(?:double-counted|shared|pooled|card|cash)(?: [\w-]+)? tips\b|\bcount(?:s|ed|ing)? (?:the )?tips\b/i;
// Sixteenth session: a price the code sets or computes is money, a price it only shows is not
// (the guide: "sorting or formatting a price in a generic component" is MEDIUM). The code that
// computes prices named by its role ("the pricing module", "the pricing rules", "the ticket-pricing
// rules engine", "the renewal price calc", "a pricing bug") and a price set or changed ("price it
// at 80% of the separate tickets", "he can change the price … before paying", "put the new prices
// on the booking page", "dynamic pricing"): 14 CRITICAL change requests the rules missed on the
// development split and none at another level; a price shown, sorted, formatted, exported or
// searched ("the price formatting", "sorting by price", "min price > max price") is none of these.
// Twenty-second session: the same code named by what it computes prices with ("The per-m² price
// maths", fy-095; "price band code", ga-042; "pricing logic"): a word of the price's own kind may
// stand between (a band), a function word may not ("the price in the table"). Tried: a price per
// unit ("the price-per-gram table", fz-122) also reads a price per m² computed for display (eg-172,
// MEDIUM), so it is left out. Twenty-sixth session (riskA26): a thing said to be priced as, at or
// wrongly ("16x20 framed prints priced as 12x16", gc-161) is a price the code sets, as "charged
// twice" is a charge.
export const PRICE_SET =
  /\b(?:pricing|prices?)(?: (?!(?:in|on|of|the|a|an|to|for|and|or|from|at|by|with|is|are)\b)[a-z]+)?[ _-](?:code|logic|maths?|modules?|rules?|engines?|calc\w*|bugs?|service|tables?)\b|\bdynamic pricing\b|\bprice (?:it|them|this|that) at\b|\b(?:new|changed?|set|update|raise|lower) (?:the )?prices?\b|\bpriced (?:as|at|wrong(?:ly)?|incorrectly|twice)\b/i;
// Twenty-second session: promo codes, and the engine, types and rules that apply them, change what
// is charged as discounts and coupons do (docs/task-labelling.md, "risk": CRITICAL in 39 of 45
// change entries): "fix(promos): WELCOME5 applied twice", fp-121; "the promo engine is such
// spaghetti", fs-157; "Roll promo-engine on prod back to 4.2.7", fn-163. A promotion banner is not
// (ds-122, fp-122), nor the word inside a path ("promo-engine/db/migrate/…", a schema change).
export const PROMOS = /(?<![-/\w.])(?:promos|promo(?:tion)?[- ](?:codes?|engines?|types?|rules?))(?![-/\w.])/i;
// Twenty-second session: a quote is the price a customer is offered, so the tool, engine, site or
// API that makes quotes computes prices ("the quote tool to work out chimney scaffolds", fy-042;
// "the quote thing is wrong again for the bifolds", fz-151; "Roll the pet insurance quote site
// back", bj-043), where a quote character, a quoting fix or a step of a booking ("crashes the quote
// step") names no such system.
export const QUOTING =
  /\bquot(?:e|es|ing)[ -](?:tools?|engines?|sites?|apis?|calculators?|calc|builders?|services?|systems?|thing|apps?|modules?|logic|maths?)\b/i;
// Thirty-second session (risk32): so is the amount of a quote or an estimate, the price a customer
// is offered ("the estimate price should use it", gv-011; "finials were missing from the quote
// total", gv-130; "the estimate totals must come out identical", gy-014): an amount is what the
// work computes (the guide's money test), and a quote's or estimate's amount is a price. On the
// development split every change request that names one is CRITICAL (5 of 5, 3 parts); the two
// LOW ones are investigations, which no raise reaches.
export const OFFERED_AMOUNT =
  /\b(?:quot(?:e|es|ation|ations)|estimates?)(?:'s)? (?:totals?|prices?|amounts?|figures?|sums?)\b|\btotals? (?:of|on|in|for) (?:the|a|each|every) (?:quot(?:e|ation)|estimate)s?\b/i;
// Twenty-second session: what a deploy ships is what its release carries, so a release named with
// prices sets them live ("Deploy hafc-ticketing 5.3.0 (2027/28 season ticket prices) to
// production", fz-043; "the release with the new emissions-based permit prices", ex-067): every
// deploy on the development split that names prices is CRITICAL to production (7 of 7); read only in
// deploys (a fix or a feature may only show a price), and a staging deploy stays HIGH (movesMoney).
export const PRICES = /\bprices?\b/i;
// Twenty-second session: pricing as a noun is the setting of prices itself, what a customer will be
// charged ("extract distance pricing from app/pricing/quote.rb", fz-187; "Roll the new trade pricing
// out to all branches", fz-148; "so the new bundle pricing is live", ga-025; "add usage-based
// pricing for the AI screening add-on", ey-090), where it ends its phrase (punctuation or a
// function word follows); as a qualifier it names something else ("the pricing page", "the pricing committee", "pricing
// analysts").
export const PRICING =
  /(?<![-/\w.])pricing(?![-/\w.])(?=\s*(?:[.,;:!?)]|$)|\s+(?:for|from|into|to|is|are|was|were|out|on|in|of|at|with|by|so|and|that|which|per)\b)/i;

// Seventeenth session: a rate that prices what is sold or billed (a unit, day/night or peak rate, a
// billing, hourly or labour rate, a per-word rate, a flat rate, a rate card or table, a rate uplift,
// an APR, pence per kWh) is a price the code computes or charges: on the development split 31 of
// the 32 change requests that name one are CRITICAL, by writers of 20 parts (dl-113, dl-137,
// ez-146, fb-025 were read MEDIUM or HIGH), the other a flat green fee behind a feature flag. A
// rate that counts no money ("rate limit", "error rate", "frame rate", an exchange rate fetched)
// is none of these. Eighteenth session: a carrier's rate sheets are its rate card (fe-122).
export const RATE_CHARGED =
  /\b(?:unit|billing|billable|hourly|daily|day|night|peak|off-peak|standing|labou?r|charge-?out|flat|per[- ]\w+|contract(?:ed)?|commission|tariff|overtime|mileage|shipping|delivery|postage)[- ]rates?\b(?![- ]limit)|\brates?[ -](?:cards?|tables?|uplifts?|sheets?)\b|\dp\/kWh\b/i;
export const APR = /\bAPR\b/;
// Seventeenth session: bills sent to customers are invoices (the guide's money): "the bills for the
// welsh customers look wrong again", "Bills going out at the wrong rate", "calculateBill" (above, as
// a name). Our own bill from a supplier ("the S3 bill", "the storage bill"), a bill of materials,
// "the vendor bills us" and "the grain bill" of a recipe are no bills we compute: the plural alone
// is read, 14 change requests on the development split, all CRITICAL (dg-139, fa-081, fa-176 were
// read MEDIUM).
export const BILLS =
  /(?<!\b(?:storage|cloud|s3|aws|gcp|azure|phone|grain|utility|electricity|twilio|hosting) )\bbills\b(?! (?:us|you|them|me|per|of)\b)/i;
// Twenty-fourth session (risk24): one customer's bill and the parts of the product that show or send
// it are the billing area, which the guide counts as a whole ("the 'Your bill' page", fj-147; "the
// bill history page", fj-162; "the final bill charged all £31.46", fj-001): the singular is read with
// whose or which bill it is, or before a part of the billing area: 7 change requests of 4 parts on
// the development split (bq-126, ex-182, ez-160, fj-001), all CRITICAL. The bill run is left out: it
// is often when other work is done ("after the bill run finishes").
export const CUSTOMER_BILL =
  /\b(?:your|their|the customer'?s|customers'|final|next|monthly|quarterly) bill\b(?! of\b)|\bbill (?:page|history|pdfs?|screens?|breakdown|templates?|lines?|amounts?|totals?)\b/i;
