import type { DoorStyle, PriceLineItem } from '#src/modules/leads/index.js';
import type { PriceList } from './price-list.js';

export interface QuoteQuantities {
  doorStyle: DoorStyle;
  doors: number;
  drawers: number;
  metres: number;
}

export interface QuotePrice {
  priceListVersion: string;
  lineItems: PriceLineItem[];
  totalPrice: number;
}

/**
 * The price of a quote: items plus installation, at least the minimum, rounded up to the next
 * 10 €. Line items always add up to the total, so staff can explain every euro.
 */
export function computeQuotePrice(quantities: QuoteQuantities, priceList: PriceList): QuotePrice {
  const { doorStyle, doors, drawers, metres } = quantities;
  const items: PriceLineItem[] = [
    item('doors', `Ovet (${doorStyle})`, doors, priceList.doorByStyle[doorStyle]),
    item('drawers', 'Laatikoiden etulevyt', drawers, priceList.drawerFront),
    item('worktop', 'Työtaso (m)', metres, priceList.worktopPerMetre),
    item('installation', 'Asennus ja matkat (Uusimaa)', 1, priceList.installationAndTravel),
  ].filter((line) => line.quantity > 0);
  const sum = items.reduce((total, line) => total + line.total, 0);
  const atLeastMinimum = Math.max(priceList.minimumTotal, sum);
  const totalPrice = Math.ceil(atLeastMinimum / priceList.roundUpTo) * priceList.roundUpTo;
  if (atLeastMinimum > sum) {
    items.push(item('minimum', 'Vähimmäishinnan täydennys', 1, atLeastMinimum - sum));
  }
  if (totalPrice > atLeastMinimum) {
    items.push(item('rounding', 'Pyöristys', 1, totalPrice - atLeastMinimum));
  }
  return { priceListVersion: priceList.version, lineItems: items, totalPrice };
}

function item(code: string, label: string, quantity: number, unitPrice: number): PriceLineItem {
  return { code, label, quantity, unitPrice, total: roundCents(quantity * unitPrice) };
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
