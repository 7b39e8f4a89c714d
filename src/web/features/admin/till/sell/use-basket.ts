import { useState } from 'react';
import type { ItemOption } from '../../../../../shared/contracts/till';
import { addToBasket, changeQuantity, type BasketLine, type Sellable } from '../lib/basket';

/** The sale being built: its lines, eat-in or takeaway, scanned codes, and whether entry is checked in now. */
export function useBasket() {
  const [lines, setLines] = useState<BasketLine[]>([]);
  const [eatIn, setEatIn] = useState(false);
  const [codes, setCodes] = useState<string[]>([]);
  const [checkIn, setCheckIn] = useState(true);
  return {
    lines,
    eatIn,
    codes,
    checkIn,
    add: (item: Sellable, options: ItemOption[] = []) => setLines((l) => addToBasket(l, item, options)),
    change: (key: string, delta: number) => setLines((l) => changeQuantity(l, key, delta)),
    setEatIn,
    setCheckIn,
    addCode: (code: string) => setCodes((c) => (c.includes(code) || c.length >= 3 ? c : [...c, code])),
    removeCode: (code: string) => setCodes((c) => c.filter((x) => x !== code)),
    clear: () => {
      setLines([]);
      setEatIn(false);
      setCodes([]);
      setCheckIn(true);
    },
  };
}

export type Basket = ReturnType<typeof useBasket>;
