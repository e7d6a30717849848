// The service worker's alerts on the phone (docs/integrations.md): the Workbox worker imports this
// file (pwa.config.ts, importScripts). A push message is one alert as evfleet's server sends it
// ({ title, body, url, tag, severity }); a click on its notification opens the vehicle's page.
/* global self */

self.addEventListener('push', (event) => {
  if (!event.data) return;
  const message = event.data.json();
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      // A newer alert of the same vehicle and metric replaces the one shown, and is told again.
      renotify: true,
      // A severe alert stays until it is seen.
      requireInteraction: message.severity === 'SEVERE',
      icon: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

/** Focuses a portal window already on the page, else takes one there, else opens one. */
async function openPage(path) {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const there = windows.find((w) => w.url === url);
  if (there) return there.focus();
  for (const w of windows) {
    // navigate() works only in a window this worker controls; another is left alone.
    const moved = await w.navigate(url).catch(() => null);
    if (moved) return moved.focus();
  }
  return self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(event.notification.data?.url ?? '/'));
});
