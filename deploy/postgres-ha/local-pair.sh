#!/usr/bin/env bash
# A PostgreSQL primary and synchronous standby under pg_auto_failover on loopback ports, for tests and for trying
# the pair out (docs/decisions/125-…, docs/operations.md "PostgreSQL pair").
# Usage: local-pair.sh start|stop|uri|state|kill-node N|start-node N   (N = 1 or 2)
# Environment: PAIR_DIR (data, logs; default /tmp/cbm-pgha), PORT_BASE (default 19600: monitor PORT_BASE,
# node N PORT_BASE+N), PAIR_DB (database; default cbm). As root, everything runs as the user postgres.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dir="${PAIR_DIR:-/tmp/cbm-pgha}"
base="${PORT_BASE:-19600}"
db="${PAIR_DB:-cbm}"
bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
trap 'echo "local-pair.sh $1 failed: see $dir/*.log" >&2' ERR
# pg_autoctl keeps its configuration and state under XDG folders: here in the pair's folder, removed with it.
xdg=(XDG_CONFIG_HOME="$dir/xdg/config" XDG_DATA_HOME="$dir/xdg/data" XDG_RUNTIME_DIR="$dir/xdg/run")
monitor_url="postgres://autoctl_node@127.0.0.1:$base/pg_auto_failover?sslmode=disable"

as_postgres() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- env "${xdg[@]}" PATH="$bin:$PATH" "$@"; else env "${xdg[@]}" PATH="$bin:$PATH" "$@"; fi
}

# pg_autoctl keeps each node's Postgres running; a node runs as its own process group (its id in NAME.pgid) so
# that kill-node takes both down at once, as when the machine dies.
run_node() {
  local name=$1 user=()
  [ "$(id -u)" = 0 ] && user=(runuser -u postgres --)
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$dir/$name.pgid" "${user[@]}" env "${xdg[@]}" PATH="$bin:$PATH" \
    pg_autoctl run --pgdata "$dir/$name" >>"$dir/$name.log" 2>&1 </dev/null &
}

wait_until() {
  local what=$1 deadline=$((SECONDS + ${START_TIMEOUT:-120}))
  shift
  until "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$deadline" ] || { echo "$what did not happen within ${START_TIMEOUT:-120} s: see $dir/*.log" >&2; return 1; }
    sleep 0.5
  done
}

state() { as_postgres pg_autoctl show state --pgdata "$dir/monitor" "$@"; }
node_is() { state --json | grep -q "\"current_group_state\": \"$1\""; }
both_ready() { node_is primary && node_is secondary; }

create_node() {
  local n=$1
  as_postgres pg_autoctl create postgres --pgdata "$dir/node$n" --pgport $((base + n)) --hostname 127.0.0.1 \
    --name "node$n" --dbname "$db" --monitor "$monitor_url" --auth trust --no-ssl \
    --replication-quorum true --candidate-priority 50 >>"$dir/node$n.log" 2>&1
  # Timeouts of this node's keeper (seconds), shortened from 20/30/20 so that a lost node is replaced within 30 s.
  for setting in timeout.network_partition_timeout=5 timeout.prepare_promotion_catchup=10 \
    timeout.postgresql_restart_failure_timeout=5; do
    as_postgres pg_autoctl config set --pgdata "$dir/node$n" "${setting%%=*}" "${setting#*=}" >/dev/null
  done
  run_node "node$n"
}

start() {
  mkdir -p "$dir"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  as_postgres pg_autoctl create monitor --pgdata "$dir/monitor" --pgport "$base" --hostname 127.0.0.1 \
    --auth trust --no-ssl >>"$dir/monitor.log" 2>&1
  # The monitor's failure detection (milliseconds), see monitor.conf.
  as_postgres bash -c "cat '$here/monitor.conf' >>'$dir/monitor/postgresql.conf'"
  run_node monitor
  wait_until "the monitor's start" as_postgres "$bin/pg_isready" -h 127.0.0.1 -p "$base" -d pg_auto_failover
  create_node 1
  wait_until "node 1 becoming the primary" node_is single
  create_node 2
  wait_until "node 2 becoming the synchronous standby" both_ready
  uri
}

# The pair runs without TLS on loopback and trusts the user postgres: the URL says so (pg_autoctl prints no user,
# and sslmode=prefer, which node-postgres takes for verify-full).
uri() {
  as_postgres pg_autoctl show uri --pgdata "$dir/monitor" --formation default |
    sed -e 's|^postgres://|postgres://postgres@|' -e 's|sslmode=prefer|sslmode=disable|'
}

kill_node() {
  local group
  group="$(cat "$dir/$1.pgid")"
  kill -KILL -- "-$group" 2>/dev/null || true
  # Postgres could have left the group: its postmaster is killed by its pid too.
  [ -f "$dir/$1/postmaster.pid" ] && kill -KILL "$(head -1 "$dir/$1/postmaster.pid")" 2>/dev/null || true
}

stop() {
  [ -d "$dir" ] || return 0
  for name in node2 node1 monitor; do [ -f "$dir/$name.pgid" ] && kill_node "$name"; done
  rm -rf "$dir"
}

case "${1:-}" in
start) start ;;
stop) stop ;;
uri) uri ;;
state) state ;;
kill-node) kill_node "node$2" ;;
start-node) run_node "node$2" ;;
*) echo "usage: $0 start|stop|uri|state|kill-node N|start-node N" >&2; exit 2 ;;
esac
