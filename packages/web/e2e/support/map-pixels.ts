import type { Page } from 'playwright-core';

/** Where a map looks, as its element tells (MapViewImpl): centre and zoom. */
export interface MapView {
  lat: number;
  lng: number;
  zoom: number;
}

export async function mapView(page: Page, testId: string): Promise<MapView> {
  const map = page.getByTestId(testId);
  const [lat, lng] = ((await map.getAttribute('data-center')) ?? '').split(',').map(Number);
  return { lat, lng, zoom: Number(await map.getAttribute('data-zoom')) };
}

/** Web Mercator pixels of a place at a zoom (256-pixel tiles), as Leaflet projects it. */
function worldPixel(lat: number, lng: number, zoom: number): [number, number] {
  const size = 256 * 2 ** zoom;
  const r = (lat * Math.PI) / 180;
  return [((lng + 180) / 360) * size, (0.5 - Math.log(Math.tan(Math.PI / 4 + r / 2)) / (2 * Math.PI)) * size];
}

/** A place's position on the page (CSS pixels) on the map of this test id, from the view it tells. */
export async function pagePoint(page: Page, testId: string, lat: number, lng: number): Promise<[number, number]> {
  const view = await mapView(page, testId);
  const box = (await page.getByTestId(testId).boundingBox())!;
  const [cx, cy] = worldPixel(view.lat, view.lng, view.zoom);
  const [px, py] = worldPixel(lat, lng, view.zoom);
  return [box.x + box.width / 2 + px - cx, box.y + box.height / 2 + py - cy];
}

/**
 * The colours (RGBA) drawn at page points by the canvases matching `selector` (the outline pane's
 * canvas, the street tiles): for each point, the canvas under it, read at its own resolution.
 * A point no such canvas covers reads as transparent.
 */
export function canvasPixels(page: Page, selector: string, points: [number, number][]): Promise<number[][]> {
  return page.evaluate(
    ([sel, pts]) => {
      const canvases = Array.from(document.querySelectorAll<HTMLCanvasElement>(sel));
      return pts.map(([x, y]) => {
        for (const canvas of canvases) {
          const box = canvas.getBoundingClientRect();
          if (x < box.left || x >= box.right || y < box.top || y >= box.bottom) continue;
          const cx = Math.floor(((x - box.left) * canvas.width) / box.width);
          const cy = Math.floor(((y - box.top) * canvas.height) / box.height);
          return Array.from(canvas.getContext('2d')!.getImageData(cx, cy, 1, 1).data);
        }
        return [0, 0, 0, 0];
      });
    },
    [selector, points] as const,
  );
}
