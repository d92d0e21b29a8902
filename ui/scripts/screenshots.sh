#!/bin/sh
# Screenshots of the UI over the demo backend (the demo build: `vite build --mode demo`), light and
# dark, for people to look at. Needs chromium.
# Usage: scripts/screenshots.sh [OUT_DIR] [WIDTH] [HEIGHT]
#   WIDTH/HEIGHT default to 1280x800; the desktop window opens at 1100x720 and can shrink to 900 wide.
#   SCENES="main production" limits the scenes (default: all of them).
#   DEMO_LANG=de_DE.UTF-8 shows them as on a computer with that locale (German); the files get a
#   "-de" before ".png" so both languages can sit in one folder.
set -eu
cd "$(dirname "$0")/.."
out=$(realpath -m "${1:-../target/ui-shots}")
width=${2:-1280}
height=${3:-800}
mkdir -p "$out"
npx vite build --mode demo --logLevel warn
log=$(mktemp)
python3 -m http.server 0 --bind 127.0.0.1 --directory ../target/ui-demo >"$log" 2>&1 &
server=$!
trap 'kill $server' EXIT
while ! grep -q 'port' "$log"; do sleep 0.1; done
port=$(grep -o 'port [0-9]*' "$log" | awk '{print $2}')
query="" suffix=""
if [ -n "${DEMO_LANG:-}" ]; then query="&lang=$DEMO_LANG" suffix="-$(echo "$DEMO_LANG" | cut -c1-2)"; fi
shoot() { # scene theme [width height]
  flags=""
  [ "$2" = dark ] && flags="--force-dark-mode --blink-settings=preferredColorScheme=0"
  # shellcheck disable=SC2086
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars $flags --window-size="${3:-$width},${4:-$height}" \
    --virtual-time-budget=3000 --screenshot="$out/$1-$2$suffix.png" "http://127.0.0.1:$port/?scene=$1$query" 2>/dev/null
}
scenes=${SCENES:-main find loading empty error create create-error outcome adding highlight lookup settings settings-close sandbox-afresh nokeychain production low waiting activity details quota quota-day alert categories categories-create exporting outbox outbox-offer}
for scene in $scenes; do
  shoot "$scene" light
  shoot "$scene" dark
done
if [ -z "${SCENES:-}" ]; then
  shoot main light 760 700 && mv "$out/main-light$suffix.png" "$out/narrow-light$suffix.png" && shoot main light
fi
echo "screenshots in $out"
