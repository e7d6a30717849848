import { chromium } from 'playwright-core';

/**
 * The live map feed as a browser receives it: Debian's Chromium opens the portal's STOMP socket
 * (the frames the map page's client sends: CONNECT with the bearer token, SUBSCRIBE to the map
 * details) and notes when each vehicle last came.
 */
export async function openBrowserLiveFeed(baseUrl: string, bearer: string) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/management/health`);
  await page.evaluate(
    ({ url, authorization }) =>
      new Promise<void>((resolve, reject) => {
        const seen: Record<number, number> = {};
        Object.assign(window, { liveSeen: seen });
        const socket = new WebSocket(url);
        socket.onerror = () => reject(new Error('live socket failed'));
        socket.onopen = () =>
          socket.send(`CONNECT\naccept-version:1.2\nhost:evfleet\nAuthorization:${authorization}\n\n\0`);
        socket.onmessage = (event) => {
          const frame = String(event.data);
          if (frame.startsWith('CONNECTED')) {
            socket.send('SUBSCRIBE\nid:0\ndestination:/evts/ws/mapdetails\ninitial:none\n\n\0');
            resolve();
          } else if (frame.startsWith('MESSAGE')) {
            const body = frame.slice(frame.indexOf('\n\n') + 2, frame.lastIndexOf('\0'));
            for (const item of JSON.parse(body) as { vehicle_id: number }[]) seen[item.vehicle_id] = Date.now();
          }
        };
      }),
    { url: `${baseUrl.replace('http', 'ws')}/evts-websocket`, authorization: bearer },
  );
  return {
    /** How many vehicles came on the feed since `at` (epoch ms). */
    vehiclesSince: (at: number) =>
      page.evaluate(
        (since) =>
          Object.values((window as unknown as { liveSeen: Record<number, number> }).liveSeen).filter((t) => t > since)
            .length,
        at,
      ),
    close: () => browser.close(),
  };
}
