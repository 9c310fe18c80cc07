/** Parts of the Scanner page built apart: the page shows each once it is ready. */
export const BACKTEST_READY = true;
