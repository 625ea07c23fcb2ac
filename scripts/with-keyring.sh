#!/usr/bin/env bash
# Runs a command with a working, unlocked Secret Service, so keytar can reach a real keychain on a
# machine without a desktop session (CI, a container, ssh): a private D-Bus session bus from
# dbus-run-session, and gnome-keyring-daemon on it with a throwaway 'login' keyring. That is Linux
# (and any other Unix keytar reaches through the Secret Service); on macOS and Windows keytar talks
# to the Keychain or the Credential Manager itself, so the command runs directly, as it is.
#
#   bash scripts/with-keyring.sh npx vitest run test/core/secrets/secret-store.keychain.test.ts
#
# The keyring lives in a temporary XDG_DATA_HOME (and its control socket in a temporary
# XDG_RUNTIME_DIR) that is removed afterwards, so a person's real keyring is never read or written.
# Needs no display and no standard input; works as root. Exits with the command's exit status.
# As root in a container, dbus-daemon may warn "Failed to set fd limit"; that is harmless.
set -euo pipefail

if [[ $# -eq 0 ]]; then
  echo "usage: bash scripts/with-keyring.sh COMMAND [ARG...]" >&2
  exit 2
fi

case "$(uname -s)" in
  Darwin | MINGW* | MSYS* | CYGWIN*) exec "$@" ;;
esac

if [[ "${WITH_KEYRING_INSIDE_SESSION:-}" != "1" ]]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "with-keyring: '$tool' is not installed ('node scripts/preflight.mjs' says how to install it here)" >&2
      exit 127
    fi
  done

  sandbox="$(mktemp -d "${TMPDIR:-/tmp}/tokenwatch-keyring.XXXXXX")"
  mkdir -p "$sandbox/data" "$sandbox/runtime"
  chmod 0700 "$sandbox" "$sandbox/runtime"
  trap 'rm -rf "$sandbox"' EXIT

  status=0
  WITH_KEYRING_INSIDE_SESSION=1 XDG_DATA_HOME="$sandbox/data" XDG_RUNTIME_DIR="$sandbox/runtime" \
    dbus-run-session -- bash "${BASH_SOURCE[0]}" "$@" || status=$?
  exit "$status"
fi

# Inside the private session bus from here on.
# A fixed password is fine: the keyring is temporary and holds only test secrets.
password="tokenwatch-ci-keyring"
# --unlock reads the password from stdin, creates the 'login' collection with it on first use,
# unlocks it, forks the daemon and prints the variables that locate it (NAME=value per line).
daemon_env="$(printf '%s' "$password" | gnome-keyring-daemon --unlock --components=secrets)"
while IFS= read -r line; do
  if [[ "$line" =~ ^[A-Za-z_][A-Za-z0-9_]*= ]]; then
    export "${line?}"
  fi
done <<<"$daemon_env"

bus_call() {
  dbus-send --session --print-reply --dest=org.freedesktop.DBus / "org.freedesktop.DBus.$1" \
    string:org.freedesktop.secrets 2>/dev/null
}

# The daemon claims org.freedesktop.secrets on the bus asynchronously; wait (bounded) until it has.
for _ in $(seq 1 50); do
  if bus_call NameHasOwner | grep -q 'boolean true'; then break; fi
  sleep 0.1
done
# The daemon forked away from us; the bus knows its pid. Stop it when done, so it is gone before
# its temporary files are removed (it would also exit with the bus, but a moment later).
daemon_pid="$(bus_call GetConnectionUnixProcessID | awk '/uint32/ { print $2 }')"
if [[ -n "$daemon_pid" ]]; then
  trap 'kill "$daemon_pid" 2>/dev/null || true' EXIT
fi

unset WITH_KEYRING_INSIDE_SESSION
"$@"
