#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (npx playwright install cannot download here) and Debian's
# firefox-esr (the second engine, through WebDriver BiDi), with an emoji font so screenshots show what
# families see.
set -euo pipefail
CHROME="${CHROME_PATH:-/usr/bin/chromium}"
FIREFOX="${FIREFOX_PATH:-/usr/bin/firefox-esr}"
need=()
[ -x "$CHROME" ] || need+=(chromium)
[ -x "$FIREFOX" ] || need+=(firefox-esr)
[ -e /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need+=(fonts-noto-color-emoji)
[ ${#need[@]} = 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages for the browser tests: ${need[*]}"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  exit 0
fi
if [ -x "$CHROME" ] && [ -x "$FIREFOX" ]; then
  echo "Note: no emoji font (fonts-noto-color-emoji); screenshots will show boxes for emoji." >&2
  exit 0
fi
echo "The browser tests need Chromium at $CHROME and Firefox ESR at $FIREFOX. Install them with:" >&2
echo "  sudo apt-get update && sudo apt-get install -y chromium firefox-esr fonts-noto-color-emoji" >&2
echo "or point CHROME_PATH and FIREFOX_PATH at installed browsers." >&2
exit 1
