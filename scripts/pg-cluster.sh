#!/usr/bin/env bash
# A throwaway PostgreSQL cluster on a loopback port, for tests and benchmarks.
#   scripts/pg-cluster.sh start DIR PORT   -> prints the connection URL
#   scripts/pg-cluster.sh stop DIR
# Installs Debian's postgresql when its server binaries are missing. Runs the server as the
# `postgres` user when invoked as root (initdb refuses to run as root).
set -euo pipefail
cmd=${1:?start|stop}; dir=${2:?data directory}

find_bindir() {
  local d
  for d in /usr/lib/postgresql/*/bin; do [ -x "$d/pg_ctl" ] && { echo "$d"; return 0; }; done
  command -v pg_ctl >/dev/null 2>&1 && { dirname "$(readlink -f "$(command -v pg_ctl)")"; return 0; }
  return 1
}

as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "$cmd" in
  start)
    port=${3:?port}
    if ! bindir=$(find_bindir); then
      echo "PostgreSQL server binaries not found: installing Debian's postgresql" >&2
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
      bindir=$(find_bindir)
    fi
    if [ "$(id -u)" = 0 ] && ! id postgres >/dev/null 2>&1; then useradd --system --no-create-home postgres; fi
    rm -rf "$dir"; mkdir -p "$dir"
    [ "$(id -u)" = 0 ] && chown postgres "$dir"
    as_owner "$bindir/initdb" -D "$dir/data" -U canon --auth=trust -E UTF8 >/dev/null
    as_owner "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-h 127.0.0.1 -p $port -k $dir -c max_connections=200 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" start >/dev/null
    echo "postgresql://canon@127.0.0.1:$port/postgres"
    ;;
  stop)
    bindir=$(find_bindir) || exit 0
    [ -f "$dir/data/postmaster.pid" ] && as_owner "$bindir/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    ;;
  *) echo "usage: $0 start DIR PORT | stop DIR" >&2; exit 2 ;;
esac
