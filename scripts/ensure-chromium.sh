#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the Playwright journeys.
# Browsers come only from the Debian archive (signed, pinned to the distribution), never from a download script.
set -euo pipefail

CHROMIUM=/usr/bin/chromium

if [ ! -x "$CHROMIUM" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    echo "ensure-chromium: $CHROMIUM is missing and this shell is not root." >&2
    echo "ensure-chromium: install it as root with:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation" >&2
    exit 1
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: $CHROMIUM is missing and apt-get is not available (this project expects Debian)." >&2
    exit 1
  fi
  echo "ensure-chromium: $CHROMIUM not found, installing Debian's chromium..."
  # Other jobs on the machine may use apt at the same time; the lock file serialises them when flock exists.
  run_apt() {
    if command -v flock >/dev/null 2>&1; then
      flock /tmp/apt.lock "$@"
    else
      "$@"
    fi
  }
  export DEBIAN_FRONTEND=noninteractive
  run_apt apt-get update
  run_apt apt-get install -y --no-install-recommends chromium fonts-liberation
  if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-chromium: apt-get finished but $CHROMIUM is still missing." >&2
    exit 1
  fi
fi

# The Debian launcher script prints shell noise from its memory check on some machines; only the version matters.
if ! version="$("$CHROMIUM" --version 2>/dev/null)"; then
  echo "ensure-chromium: $CHROMIUM is installed but does not run (try: $CHROMIUM --version)." >&2
  exit 1
fi
echo "ensure-chromium: $version"
