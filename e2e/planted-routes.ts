/** The routes the reference service plants with --plant-routes (service/src/sim/route-plants.ts), as its admin route lists them. */
import { expect } from './fixtures';
import type { TestService } from './separate-service';

export interface PlantedRoute {
  item: string;
  buyMarket: string;
  sellMarket: string;
  /** There at odd price epochs only. */
  blinks: boolean;
  /** Its ask and buy order at the service's clock (thousandths). */
  ask: number;
  bid: number;
}

/** GET /__admin/routes/730: the CS2 routes now. */
export async function plantedRoutes(service: TestService): Promise<PlantedRoute[]> {
  const res = await fetch(`${service.url}/__admin/routes/730`);
  expect(res.status).toBe(200);
  return (await res.json()) as PlantedRoute[];
}
