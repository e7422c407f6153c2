import { useEffect, useId, useRef, useState } from 'react';

export type MoveDirection = 'up' | 'down';

const idOf = (base: string, index: number, dir: MoveDirection) => `${base}-${index}-${dir}`;

/**
 * Why: moving an item of a list (questions, documents) one place up or down with buttons, for
 * keyboard and screen-reader users alike (no drag and drop). After a move the focus follows the
 * item to its new place (the same button, or the other one when it reached an end) and `moved`
 * holds the sentence a polite live region reads. Buttons are found by `buttonId(index, dir)`.
 */
export function useReorder({ count, move, describe, watch }: {
  count: number;
  move: (from: number, to: number) => void;
  /** The announcement, positions counted from 1. */
  describe: (from: number, to: number) => string;
  /** Changes after each move (the field array's items): the focus is placed once they render. */
  watch: unknown;
}) {
  const base = useId();
  const [moved, setMoved] = useState('');
  const refocus = useRef<{ index: number; dir: MoveDirection } | null>(null);
  const buttonId = (index: number, dir: MoveDirection) => idOf(base, index, dir);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    const same = document.getElementById(idOf(base, pending.index, pending.dir)) as HTMLButtonElement | null;
    const other = document.getElementById(idOf(base, pending.index, pending.dir === 'up' ? 'down' : 'up'));
    (same && !same.disabled ? same : other)?.focus();
  }, [watch, base]);
  const shift = (from: number, dir: MoveDirection) => {
    const to = dir === 'up' ? from - 1 : from + 1;
    if (to < 0 || to >= count) return;
    refocus.current = { index: to, dir };
    move(from, to);
    setMoved(describe(from + 1, to + 1));
  };
  return { base, buttonId, shift, moved, clear: () => setMoved('') };
}
