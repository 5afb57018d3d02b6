import type { DoorStyle } from '#src/modules/leads/index.js';

/** Euro prices including VAT 25.5 %. A new price list gets a new version; old quotes keep theirs. */
export interface PriceList {
  version: string;
  doorByStyle: Record<DoorStyle, number>;
  drawerFront: number;
  worktopPerMetre: number;
  installationAndTravel: number;
  minimumTotal: number;
  roundUpTo: number;
}

export const CURRENT_PRICE_LIST: PriceList = {
  version: '2025-01',
  doorByStyle: { Tasapintainen: 85, Uritettu: 95, Kehysovi: 105, Vetimetön: 110 },
  drawerFront: 75,
  worktopPerMetre: 140,
  installationAndTravel: 290,
  minimumTotal: 950,
  roundUpTo: 10,
};
