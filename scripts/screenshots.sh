#!/usr/bin/env bash
# Every page in the light and the dark scheme, at desktop and phone width, into docs/screenshots/
# (packages/web/e2e/every-page.e2e.ts), then made small with pngquant (Debian's `pngquant`) at a
# quality that keeps the colours true: a 16-colour palette had turned red asterisks and green badges
# grey, which made the pictures useless for judging colour.
set -euo pipefail
cd "$(dirname "$0")/.."
npm run build
SCREENSHOTS=1 npm run e2e -w @evfleet/web -- every-page
if command -v pngquant >/dev/null 2>&1; then
  pngquant --force --ext .png --quality 80-98 --speed 1 --skip-if-larger docs/screenshots/*.png || true
else
  echo "screenshots: pngquant is not installed (apt-get install pngquant); the PNGs stay full size"
fi
du -sh docs/screenshots
