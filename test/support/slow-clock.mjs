// Preloaded into a `canon serve` child (NODE_OPTIONS=--import) to give it a clock that is off by
// CANON_TEST_CLOCK_OFFSET_MS: an instance on a machine whose clock is wrong.
const offset = Number(process.env.CANON_TEST_CLOCK_OFFSET_MS ?? 0);
const RealDate = globalThis.Date;
class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = ShiftedDate;
