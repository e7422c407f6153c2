import type { AppContext } from './context';

/** First start: seeds the default campaign and, with no keys at all, creates and prints a test key. */
export async function firstStart(_ctx: AppContext): Promise<void> {}
